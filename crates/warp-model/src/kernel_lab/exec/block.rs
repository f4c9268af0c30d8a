//! The block loop: a launch's blocks in order, each block's warps in turn between barriers,
//! the barrier checks, and the run's entry point.

use std::collections::{BTreeMap, HashMap};

use super::result::{
    LaunchConfig, MemStats, RunError, RunResult, Sched, SharedStats, Watched, ELEM_BYTES,
    MAX_WARPS, STEP_BUDGET,
};
use super::state::{Buffer, Flow, Frame, Group, Machine, Park, Shadow, Stop, Timed, Warp};
use super::trace::{TraceWhy, Traced};
use super::value::Val;
use crate::kernel_lab::parse::{ParsedKernel, Ty};

/// The machine at the start of a launch: buffers filled with their index, scalars set.
pub(super) fn machine(kernel: &ParsedKernel, launch: LaunchConfig) -> Machine<'_> {
    let mut buffers = HashMap::new();
    let mut scalars = HashMap::new();
    let stride = (launch.len as u64 * ELEM_BYTES).div_ceil(256) * 256;
    for (k, p) in kernel.params.iter().enumerate() {
        if p.pointer {
            // Every buffer starts filled with its index: p[i] = i.
            let data = (0..launch.len).map(|i| i as f64).collect();
            buffers.insert(
                p.name.clone(),
                Buffer {
                    ty: p.ty,
                    data,
                    base: (k as u64 + 1) * stride,
                    read_only: p.read_only,
                },
            );
        } else {
            let v = if p.name == "n" {
                Val::I(launch.n)
            } else {
                Val::I(0)
            };
            scalars.insert(p.name.clone(), v.convert(p.ty));
        }
    }
    let words = kernel.shared.last().map_or(0, |a| a.base + a.len());
    let mut shared = vec![Val::I(0); words];
    for a in &kernel.shared {
        let zero = Val::I(0).convert(a.ty);
        for v in shared.iter_mut().skip(a.base).take(a.len()) {
            *v = zero;
        }
    }
    Machine {
        kernel,
        launch,
        buffers,
        scalars,
        shadow: vec![Shadow::default(); words],
        shared,
        written: Vec::new(),
        shared_start: 0,
        touched: Vec::new(),
        block: 0,
        r: RunResult {
            warps: 0,
            issued: 0,
            active_lanes: 0,
            cycles: 0,
            divergent: 0,
            loads: MemStats::default(),
            stores: MemStats::default(),
            shared_loads: SharedStats::default(),
            shared_stores: SharedStats::default(),
            barriers: 0,
            race: None,
            shared_lines: BTreeMap::new(),
            traced_issued: 0,
            #[cfg(test)]
            global_log: Vec::new(),
            watched: Vec::new(),
            warp_calls: 0,
            shuffles: 0,
            votes: 0,
            atomics: 0,
            atomic_ops: 0,
            global_race: None,
            mask_violations: 0,
            violations: Vec::new(),
            sched: launch.sched,
            lines: BTreeMap::new(),
            memory: crate::memory::hierarchy::Counts::default(),
            flops: 0,
            shared_arrays: !kernel.shared.is_empty(),
            branch: None,
            loop_counts: None,
            strided: None,
            trace: Vec::new(),
            sm_ops: Vec::new(),
            sm_too_long: false,
            traced: Traced {
                block: 0,
                warp: 0,
                why: TraceWhy::First,
            },
        },
        record: false,
        version: 0,
        atomic_now: false,
        budget: STEP_BUDGET,
        global_races: false,
        global_shadow: HashMap::new(),
        held: HashMap::new(),
        epoch: 0,
        sm_ops_count: 0,
        hier: crate::memory::hierarchy::Hierarchy::new(launch.cache),
    }
}

impl<'k> Machine<'k> {
    /// Sets the words written by the last block back to the start value (0 in the lab), and
    /// forgets who touched what.
    pub(super) fn fresh_block(&mut self) {
        for k in std::mem::take(&mut self.written) {
            let ty = self
                .kernel
                .shared
                .iter()
                .find(|a| (a.base..a.base + a.len()).contains(&k))
                .map_or(Ty::Int, |a| a.ty);
            if let Some(v) = self.shared.get_mut(k) {
                *v = Val::I(self.shared_start).convert(ty);
            }
        }
        self.barrier_passed();
    }

    /// Every warp passed a barrier: accesses before it cannot race with accesses after.
    pub(super) fn barrier_passed(&mut self) {
        self.epoch += 1;
        for k in std::mem::take(&mut self.touched) {
            if let Some(s) = self.shadow.get_mut(k) {
                *s = Shadow::default();
            }
        }
    }

    /// Runs one block: its warps in turn, each until its next barrier or its end, until all
    /// have ended. Returns its warps' (divergent branches, valid lanes), in order.
    pub(super) fn run_block(
        &mut self,
        (bx, by): (u64, u64),
        record: (u64, u64),
    ) -> Result<Vec<(u64, u32)>, RunError> {
        let launch = self.launch;
        let linear_block = by * launch.grid.0 + bx;
        self.block = linear_block;
        self.fresh_block();
        let kernel: &'k ParsedKernel = self.kernel;
        let mut warps: Vec<Warp<'k>> = (0..launch.block.warps())
            .map(|wi| {
                let mut tid = [(0, 0, 0); crate::LANE_SLOTS];
                let mut valid = 0u32;
                for (l, slot) in tid.iter_mut().enumerate() {
                    let t = wi * crate::WARP_SIZE + l as u64;
                    if let Some(pos) = launch.block.position(t) {
                        *slot = (pos.x, pos.y, pos.z);
                        valid |= 1 << l;
                    }
                }
                Warp {
                    index: wi,
                    tid,
                    block: (bx, by),
                    valid,
                    returned: 0,
                    g: Group {
                        own: valid,
                        scopes: vec![Vec::new()],
                        stack: Vec::new(),
                        loop_line: 0,
                        frames: vec![Frame::Seq {
                            body: &kernel.body,
                            pc: 0,
                            mask: valid,
                            flow: Flow::default(),
                            scoped: false,
                        }],
                        ret: None,
                        joins: Vec::new(),
                        park: Park::Run,
                        last_line: 0,
                    },
                    others: std::collections::VecDeque::new(),
                    yield_now: false,
                    cycles: 0,
                    divergent: 0,
                    done: false,
                    timed: Timed::default(),
                }
            })
            .collect();
        self.r.warps += warps.len() as u64;
        loop {
            let mut waiting: Vec<(u64, usize, usize)> = Vec::new();
            for w in warps.iter_mut().filter(|w| !w.done) {
                self.record = (linear_block, w.index) == record;
                let stop = if launch.sched == Sched::Its {
                    self.run_warp_its(w)?
                } else {
                    self.run_warp(w)?
                };
                match stop {
                    Stop::Done | Stop::Yield => w.done = true,
                    Stop::Barrier { line, id } => waiting.push((w.index, line, id)),
                }
            }
            let Some(&(first, line, id)) = waiting.first() else {
                break;
            };
            // Every thread of the block must reach the same barrier.
            if let Some(gone) = warps.iter().find(|w| w.done) {
                return Err(RunError {
                    line,
                    message: crate::tr!(
                        "kernel.run.barrier-ended",
                        line,
                        warp = first,
                        ended = gone.index,
                        block = linear_block
                    ),
                });
            }
            if let Some(&(other, other_line, _)) = waiting.iter().find(|x| x.2 != id) {
                return Err(RunError {
                    line: other_line,
                    message: crate::tr!(
                        "kernel.run.barrier-mismatch",
                        line,
                        warp = first,
                        other_line,
                        other,
                        block = linear_block
                    ),
                });
            }
            self.r.barriers += 1;
            self.barrier_passed();
        }
        self.timed_block(&mut warps, linear_block);
        Ok(warps.iter().map(|w| (w.divergent, w.valid)).collect())
    }

    /// Runs every block in launch order, recording `record` (block, warp); stops after the
    /// recorded warp's block when `stop_after_record`. Returns the first warp that diverges or
    /// has idle lanes, if any.
    pub(super) fn launch_blocks(
        &mut self,
        record: (u64, u64),
        stop_after_record: bool,
    ) -> Result<Option<Traced>, RunError> {
        let launch = self.launch;
        let mut notable = None;
        for by in 0..launch.grid.1 {
            for bx in 0..launch.grid.0 {
                let linear_block = by * launch.grid.0 + bx;
                let warps = self.run_block((bx, by), record)?;
                if notable.is_none() {
                    notable = warps.iter().zip(0u64..).find_map(|(&(div, valid), wi)| {
                        let why = if div > 0 {
                            Some(TraceWhy::Diverges)
                        } else if valid != u32::MAX {
                            Some(TraceWhy::Ragged)
                        } else {
                            None
                        };
                        why.map(|why| Traced {
                            block: linear_block,
                            warp: wi,
                            why,
                        })
                    });
                }
                if stop_after_record && linear_block == record.0 {
                    return Ok(notable);
                }
            }
        }
        Ok(notable)
    }
}

/// What a launch starts with when a checker sets it (a challenge's test) instead of the lab's
/// default (every buffer filled with its index, `launch.len` long; an int parameter `n` set to
/// `launch.n`, the others 0).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Initial {
    /// Each pointer parameter's elements, in parameter order (a missing one: the default).
    pub buffers: Vec<Vec<f64>>,
    /// Int parameters' values by name (a parameter not named: the default).
    pub ints: Vec<(String, i64)>,
    /// Most warp instructions the run may issue (`None`: [`STEP_BUDGET`]).
    pub step_budget: Option<u64>,
    /// Look for races on global memory too (`RunResult::global_race`).
    pub global_races: bool,
    /// What every shared word holds when a block starts. The lab states 0; a challenge's
    /// check starts at −1, since CUDA leaves shared memory undefined, and a kernel that
    /// counts on zero must fail there (a histogram that never clears its bins).
    pub shared_start: i64,
}

/// Runs `kernel` over the launch, recording warp `record` = (linear block, warp in block) for
/// the step-through; `None` records the first warp, in launch order, whose lanes diverge or
/// that has idle lanes (the ragged tail), and the first warp when none does. `watch` names
/// elements of pointer parameters to read after the run (`RunResult::watched`).
///
/// # Errors
/// Too many warps, the step budget, an out-of-bounds access, a division by zero, a barrier
/// that not every thread of a block reaches.
pub fn run(
    kernel: &ParsedKernel,
    launch: LaunchConfig,
    record: Option<(u64, u64)>,
    watch: &[(String, usize)],
) -> Result<RunResult, RunError> {
    run_with(kernel, launch, Some(record), watch, None).map(|(r, _)| r)
}

/// A run that starts from `initial` (a challenge's test), recording nothing, and every
/// pointer buffer's elements after it, in parameter order.
///
/// # Errors
/// As [`run`].
pub fn run_from(
    kernel: &ParsedKernel,
    launch: LaunchConfig,
    initial: &Initial,
) -> Result<(RunResult, Vec<Vec<f64>>), RunError> {
    run_with(kernel, launch, None, &[], Some(initial))
}

/// As [`run`] (with `record` = `Some(…)`; `None` records nothing) from `initial` when given,
/// and the buffers after the run.
///
/// # Errors
/// As [`run`].
pub fn run_with(
    kernel: &ParsedKernel,
    launch: LaunchConfig,
    record: Option<Option<(u64, u64)>>,
    watch: &[(String, usize)],
    initial: Option<&Initial>,
) -> Result<(RunResult, Vec<Vec<f64>>), RunError> {
    let blocks = launch.grid.0 * launch.grid.1;
    let total = blocks.saturating_mul(launch.block.warps());
    if total > MAX_WARPS {
        return Err(RunError {
            line: 0,
            message: crate::tr!("kernel.run.too-many-warps", total, max = MAX_WARPS),
        });
    }
    let fresh = || {
        let mut m = machine(kernel, launch);
        if let Some(init) = initial {
            m.start_from(init);
        }
        m
    };
    let mut m = fresh();
    // Recording nothing: a warp no launch has.
    let first = match record {
        Some(choice) => choice.unwrap_or((0, 0)),
        None => (u64::MAX, u64::MAX),
    };
    let notable = m.launch_blocks(first, false)?;
    let watched = watch
        .iter()
        .map(|(name, index)| Watched {
            name: name.clone(),
            index: *index,
            value: m
                .buffers
                .get(name)
                .and_then(|b| (*index < b.data.len()).then(|| b.get(*index))),
        })
        .collect();
    let after = kernel
        .params
        .iter()
        .filter(|p| p.pointer)
        .map(|p| {
            m.buffers
                .get(&p.name)
                .map(|b| b.data.clone())
                .unwrap_or_default()
        })
        .collect();
    m.r.memory = m.hier.counts;
    let mut r = m.r;
    r.watched = watched;
    let Some(record) = record else {
        return Ok((r, after));
    };
    r.traced = match (record, notable) {
        (Some((block, warp)), _) => Traced {
            block,
            warp,
            why: TraceWhy::Chosen,
        },
        (None, Some(t)) => t,
        (None, None) => Traced {
            block: 0,
            warp: 0,
            why: TraceWhy::First,
        },
    };
    if record.is_none() && (r.traced.block, r.traced.warp) != (0, 0) {
        // Which warp is worth watching is known only once it has run: run the launch again
        // up to that warp's block (earlier blocks' stores shape its loads), recording it. It
        // is the same deterministic run as the first, so it cannot fail where the first did
        // not.
        let mut again = fresh();
        again.launch_blocks((r.traced.block, r.traced.warp), true)?;
        r.trace = again.r.trace;
    }
    Ok((r, after))
}

impl Machine<'_> {
    /// Sets the buffers and int parameters `init` names (buffers laid out again, each at a
    /// multiple of 256 bytes after the longest).
    fn start_from(&mut self, init: &Initial) {
        let pointers: Vec<String> = self
            .kernel
            .params
            .iter()
            .filter(|p| p.pointer)
            .map(|p| p.name.clone())
            .collect();
        for (name, data) in pointers.iter().zip(&init.buffers) {
            if let Some(b) = self.buffers.get_mut(name) {
                b.data.clone_from(data);
            }
        }
        let longest = self
            .buffers
            .values()
            .map(|b| b.data.len())
            .max()
            .unwrap_or(0);
        let stride = (longest as u64 * ELEM_BYTES).div_ceil(256).max(1) * 256;
        for (k, name) in pointers.iter().enumerate() {
            if let Some(b) = self.buffers.get_mut(name) {
                b.base = (k as u64 + 1) * stride;
            }
        }
        if let Some(b) = init.step_budget {
            self.budget = b;
        }
        self.global_races = init.global_races;
        if init.shared_start != 0 {
            self.shared_start = init.shared_start;
            for a in &self.kernel.shared {
                let start = Val::I(init.shared_start).convert(a.ty);
                for v in self.shared.iter_mut().skip(a.base).take(a.len()) {
                    *v = start;
                }
            }
        }
        for p in self.kernel.params.iter().filter(|p| !p.pointer) {
            if let Some((_, v)) = init.ints.iter().find(|(n, _)| *n == p.name) {
                self.scalars
                    .insert(p.name.clone(), Val::I(*v).convert(p.ty));
            }
        }
    }
}
