//! The SIMT interpreter: each warp runs its 32 lanes in lockstep under an active mask, with a
//! reconvergence stack (lanes rejoin at the end of an if/else and at a loop's exit).
//!
//! The block is the unit of execution. Its warps run in turn, each until its next
//! `__syncthreads()` or its end; when every warp of the block waits at the same barrier, they
//! all go on (so warps interleave between barriers, in a fixed order: warp 0 first). A warp's
//! statements are an explicit stack of frames ([`Frame`]: a statement list, an if, a loop)
//! rather than recursion, so that a warp can stop at a barrier and resume there; expressions
//! are evaluated recursively (they hold no barrier).
//!
//! Stated cost model: every issued warp-level instruction (a statement, a condition, a
//! barrier) costs 1 cycle; `heavy_path()` 20, `light_path()` 8, `work(n)` n; a shared access
//! 1 more cycle per bank conflict (a replayed wavefront). Every global load or store records
//! the addresses of its active lanes, and its transactions follow the coalescing model (4-byte
//! elements, 128-byte lines); every shared load or store is costed by the bank rule
//! ([`super::banks`]). Shared words are watched for races between warps of a block between two
//! barriers. Limits instead of hangs: a step budget, bounds checks, and a barrier that not
//! every thread of the block reaches is an error.

use std::collections::{BTreeMap, HashMap};

use super::parse::{
    Axis, Bin, Builtin, Expr, ParsedKernel, Place, Stmt, StmtKind, Ty, Un, WORK_FUNCTIONS,
};
use crate::warps::map::BlockDim;

/// A lane's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Val {
    /// int / unsigned (unsigned wraparound is not modelled).
    I(i64),
    /// float.
    F(f32),
    /// bool.
    B(bool),
}

impl Val {
    fn truthy(self) -> bool {
        match self {
            Val::I(v) => v != 0,
            Val::F(v) => v != 0.0,
            Val::B(b) => b,
        }
    }
    fn as_f(self) -> f32 {
        match self {
            Val::I(v) => v as f32,
            Val::F(v) => v,
            Val::B(b) => f32::from(u8::from(b)),
        }
    }
    fn as_i(self) -> i64 {
        match self {
            Val::I(v) => v,
            #[allow(clippy::cast_possible_truncation)]
            Val::F(v) => v as i64,
            Val::B(b) => i64::from(b),
        }
    }
    /// As people read it.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Val::I(v) => v.to_string(),
            Val::F(v) => crate::figure::format_decimal(f64::from(v)),
            Val::B(b) => b.to_string(),
        }
    }
    fn convert(self, ty: Ty) -> Val {
        match ty {
            Ty::Int | Ty::Unsigned => Val::I(self.as_i()),
            Ty::Float => Val::F(self.as_f()),
            Ty::Bool => Val::B(self.truthy()),
        }
    }
}

type Lanes = [Val; 32];

/// The launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    /// blockDim.
    pub block: BlockDim,
    /// gridDim (x, y).
    pub grid: (u64, u64),
    /// Value of an int parameter named `n`.
    pub n: i64,
    /// Elements in every pointer parameter's buffer.
    pub len: usize,
}

/// Most warps one run executes.
pub const MAX_WARPS: u64 = 4096;
/// Most warp-level instructions one run issues.
pub const STEP_BUDGET: u64 = 2_000_000;
/// Most steps recorded for the step-through.
pub const MAX_TRACE: usize = 4000;
/// Line and sector size of the memory model.
pub const LINE: u64 = 128;

/// An entry of the reconvergence stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackEntry {
    /// `if`, `else` or `loop`.
    pub kind: &'static str,
    /// The line of the if or loop.
    pub line: usize,
    /// The lanes that rejoin when it ends.
    pub rejoin: u32,
}

/// One issued instruction of the recorded warp.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceStep {
    /// The line issued.
    pub line: usize,
    /// Active lanes.
    pub mask: u32,
    /// The reconvergence stack at that moment (outermost first).
    pub stack: Vec<StackEntry>,
    /// Variables in scope and their per-lane values (None: lane inactive for that variable).
    pub vars: Vec<(String, Vec<Option<String>>)>,
}

/// Per-line counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineStats {
    /// Warp-level instructions issued.
    pub issued: u64,
    /// Active lanes summed over them.
    pub active_lanes: u64,
    /// Branch executions whose lanes split.
    pub divergent: u64,
    /// Memory transactions (global).
    pub transactions: u64,
    /// Shared-memory requests (warp-level loads and stores).
    pub shared_requests: u64,
    /// Their wavefronts.
    pub shared_wavefronts: u64,
    /// Their bank conflicts (wavefronts − ideal).
    pub bank_conflicts: u64,
}

impl LineStats {
    /// Active lanes per issued instruction on this line (the per-line table's "lanes" column),
    /// a plain decimal; 0 when the line never issued.
    #[must_use]
    pub fn mean_active_lanes(&self) -> crate::figure::Value {
        crate::figure::Value::ratio(crate::ratio(self.active_lanes, self.issued))
    }
}

/// Memory totals for loads or stores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemStats {
    /// Warp-level accesses.
    pub accesses: u64,
    /// 128-byte transactions.
    pub transactions: u64,
    /// Distinct bytes asked for.
    pub useful_bytes: u64,
    /// Bytes moved.
    pub moved_bytes: u64,
}

/// Shared-memory totals for loads or stores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SharedStats {
    /// Warp-level requests.
    pub requests: u64,
    /// Wavefronts.
    pub wavefronts: u64,
    /// Ideal wavefronts.
    pub ideal: u64,
}

/// The worst shared request of one line (most wavefronts; the first such).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedLine {
    /// The array.
    pub array: String,
    /// A store (else a load).
    pub store: bool,
    /// Its cost.
    pub cost: super::banks::BankCost,
    /// When lane l (of the first `lanes`, all active) reads element `first + l·stride` of the
    /// array: (stride in elements, byte offset of lane 0 modulo 128, lanes). The banks panel's
    /// 1-D mode shows the same request.
    pub strided: Option<(u64, u64, u64)>,
}

impl SharedLine {
    /// The banks panel on this request (a query without `?`), when it is a simple strided one.
    #[must_use]
    pub fn banks_query(&self) -> Option<String> {
        let (stride, offset, lanes) = self.strided?;
        let offset = if offset == 0 {
            String::new()
        } else {
            format!("&offset={offset}")
        };
        let lanes = if lanes == 32 {
            String::new()
        } else {
            format!("&lanes={lanes}")
        };
        Some(format!("panel=banks&elem=4&stride={stride}{offset}{lanes}"))
    }
}

/// One side of a race: a warp's access to a shared word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceSide {
    /// The warp (within the block).
    pub warp: u64,
    /// The line.
    pub line: usize,
    /// A store (else a load).
    pub store: bool,
}

/// A shared word written by one warp and read or written by another with no barrier between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    /// The word, as the source names it (`tile[1][0]`).
    pub word: String,
    /// The block (linear index).
    pub block: u64,
    /// The earlier access.
    pub first: RaceSide,
    /// The later one, by another warp.
    pub second: RaceSide,
}

/// A `watch=` element after the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Watched {
    /// The pointer parameter.
    pub name: String,
    /// The index.
    pub index: usize,
    /// Its value (`None`: no such buffer or element).
    pub value: Option<Val>,
}

/// What a divergent `if` did, the first time it split a warp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchRecord {
    /// Line of the if.
    pub line: usize,
    /// Cycles and lanes of the then side.
    pub then: (u64, u32),
    /// Cycles and lanes of the else side (0 cycles when there is no else).
    pub els: (u64, u32),
}

/// The whole run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResult {
    /// Warps executed.
    pub warps: u64,
    /// Warp-level instructions issued.
    pub issued: u64,
    /// Active lanes summed over issued instructions.
    pub active_lanes: u64,
    /// Cycles under the cost model.
    pub cycles: u64,
    /// Branch executions whose lanes split.
    pub divergent: u64,
    /// Loads.
    pub loads: MemStats,
    /// Stores.
    pub stores: MemStats,
    /// Shared loads.
    pub shared_loads: SharedStats,
    /// Shared stores.
    pub shared_stores: SharedStats,
    /// Barriers every warp of a block passed (summed over blocks).
    pub barriers: u64,
    /// The first race found, if any.
    pub race: Option<Race>,
    /// Per line, its worst shared request.
    pub shared_lines: BTreeMap<usize, SharedLine>,
    /// The `watch=` elements after the run.
    pub watched: Vec<Watched>,
    /// Per line.
    pub lines: BTreeMap<usize, LineStats>,
    /// The first divergent if, if any.
    pub branch: Option<BranchRecord>,
    /// Per-lane trip counts of the first loop whose lanes split (warp 0 of block 0 first).
    pub loop_counts: Option<(usize, Vec<u64>)>,
    /// Lane-to-lane stride (elements) of the first load with a constant stride.
    pub load_stride: Option<u64>,
    /// The recorded warp's steps.
    pub trace: Vec<TraceStep>,
    /// Which warp `trace` records, and why that one.
    pub traced: Traced,
}

/// Why the step-through records the warp it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceWhy {
    /// The learner chose it (`trace=B,W`).
    Chosen,
    /// The first warp, in launch order, whose lanes split at a branch or a loop.
    Diverges,
    /// The first warp with idle lanes (a block whose size is not a multiple of 32), before any
    /// warp diverges.
    Ragged,
    /// No warp diverges or has idle lanes: every warp runs like the first.
    First,
}

impl TraceWhy {
    /// Its name in the page (`data-trace-why`): `chosen`, `diverges`, `ragged` or `first`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TraceWhy::Chosen => "chosen",
            TraceWhy::Diverges => "diverges",
            TraceWhy::Ragged => "ragged",
            TraceWhy::First => "first",
        }
    }
}

/// The warp the step-through records: its block (linear index), its warp in the block, and
/// why it was picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Traced {
    /// The block, as a linear index (`blockIdx.y * gridDim.x + blockIdx.x`).
    pub block: u64,
    /// The warp within the block.
    pub warp: u64,
    /// Why this warp.
    pub why: TraceWhy,
}

/// A run-time error: the step budget or an out-of-bounds access, naming the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunError {
    /// The line.
    pub line: usize,
    /// What happened.
    pub message: String,
}

struct Buffer {
    ty: Ty,
    data: Vec<f32>,
    base: u64,
}

/// Who touched a shared word since the last barrier: its last writer, and up to two readers
/// of different warps (enough to name a reader other than any given warp).
#[derive(Clone, Copy, Default)]
struct Shadow {
    writer: Option<(u64, usize)>,
    readers: [Option<(u64, usize)>; 2],
}

struct Machine<'k> {
    kernel: &'k ParsedKernel,
    launch: LaunchConfig,
    buffers: HashMap<String, Buffer>,
    scalars: HashMap<String, Val>,
    /// The block's shared memory, one value per word (each array from its `base`).
    shared: Vec<Val>,
    /// Words written since the block began (zeroed when the next block starts).
    written: Vec<usize>,
    /// The race shadow of each word, and the words touched since the last barrier.
    shadow: Vec<Shadow>,
    touched: Vec<usize>,
    /// The block running (linear index).
    block: u64,
    r: RunResult,
    record: bool,
}

#[derive(Clone, Copy, Default)]
struct Flow {
    brk: u32,
    cont: u32,
}

impl Flow {
    fn merge(&mut self, other: Option<Flow>) {
        if let Some(f) = other {
            self.brk |= f.brk;
            self.cont |= f.cont;
        }
    }
}

/// A loop in progress.
#[derive(Clone)]
struct LoopFrame<'k> {
    line: usize,
    cond: Option<&'k Expr>,
    step: Option<&'k Stmt>,
    body: &'k [Stmt],
    /// Lanes still looping.
    live: u32,
    /// Lanes running the body now.
    go: u32,
    in_body: bool,
    counts: [u64; 32],
    split: bool,
    /// The enclosing loop's line, restored at the exit.
    outer: usize,
    /// A `for` opened a scope for its header.
    scoped: bool,
}

/// One frame of a warp's statement stack: what it is in the middle of.
enum Frame<'k> {
    /// A statement list at statement `pc`, run by `mask`; `flow`: its lanes that broke or
    /// continued; `scoped`: it opened a scope.
    Seq {
        body: &'k [Stmt],
        pc: usize,
        mask: u32,
        flow: Flow,
        scoped: bool,
    },
    /// An if: `stage` 0 before the then side, 1 before the else side, 2 done.
    If {
        line: usize,
        t: u32,
        f: u32,
        then: &'k [Stmt],
        els: Option<&'k [Stmt]>,
        stage: u8,
        flow: Flow,
        cycles: (u64, u64),
    },
    /// A loop.
    Loop(Box<LoopFrame<'k>>),
}

/// Where a warp stopped.
enum Stop {
    /// At the barrier statement `id` (its address), on `line`.
    Barrier { line: usize, id: usize },
    /// Its lanes have all finished.
    Done,
}

struct Warp<'k> {
    /// The warp within its block.
    index: u64,
    /// Per-lane thread coordinates and block coordinates.
    tid: [(u64, u64, u64); 32],
    block: (u64, u64),
    /// Lanes that are threads of the block.
    valid: u32,
    scopes: Vec<Vec<(String, Ty, Lanes)>>,
    returned: u32,
    stack: Vec<StackEntry>,
    loop_line: usize,
    frames: Vec<Frame<'k>>,
    /// Cycles this warp issued, and its divergent branches.
    cycles: u64,
    divergent: u64,
    done: bool,
}

impl Warp<'_> {
    fn lookup(&self, name: &str) -> Option<&(String, Ty, Lanes)> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _, _)| n == name)
    }
    fn lookup_mut(&mut self, name: &str) -> Option<&mut (String, Ty, Lanes)> {
        self.scopes
            .iter_mut()
            .rev()
            .flat_map(|s| s.iter_mut().rev())
            .find(|(n, _, _)| n == name)
    }
}

fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |l| mask & (1 << l) != 0)
}

fn mask_of(mask: u32, cv: &Lanes) -> u32 {
    lanes(mask)
        .filter(|l| cv[*l].truthy())
        .fold(0u32, |m, l| m | (1 << l))
}

impl<'k> Machine<'k> {
    fn issue(&mut self, w: &mut Warp, line: usize, mask: u32, cycles: u64) -> Result<(), RunError> {
        if mask == 0 {
            return Ok(());
        }
        self.r.issued += 1;
        self.r.active_lanes += u64::from(mask.count_ones());
        self.r.cycles += cycles;
        w.cycles += cycles;
        let e = self.r.lines.entry(line).or_default();
        e.issued += 1;
        e.active_lanes += u64::from(mask.count_ones());
        if self.r.issued > STEP_BUDGET {
            let at = if w.loop_line > 0 { w.loop_line } else { line };
            return Err(RunError {
                line: at,
                message: if w.loop_line > 0 {
                    crate::tr!("kernel.run.budget.loop", budget = STEP_BUDGET, line = at)
                } else {
                    crate::tr!("kernel.run.budget", budget = STEP_BUDGET)
                },
            });
        }
        if self.record && self.r.trace.len() < MAX_TRACE {
            let vars = w
                .scopes
                .iter()
                .flatten()
                .map(|(n, _, v)| {
                    (
                        n.clone(),
                        (0..32)
                            .map(|l| (mask & (1 << l) != 0).then(|| v[l].text()))
                            .collect(),
                    )
                })
                .collect();
            self.r.trace.push(TraceStep {
                line,
                mask,
                stack: w.stack.clone(),
                vars,
            });
        }
        Ok(())
    }

    fn builtin(&self, w: &Warp, b: Builtin, a: Axis, lane: usize) -> i64 {
        let bd = self.launch.block;
        let pick = |x: u64, y: u64, z: u64| {
            i64::try_from(match a {
                Axis::X => x,
                Axis::Y => y,
                Axis::Z => z,
            })
            .unwrap_or(i64::MAX)
        };
        match b {
            Builtin::ThreadIdx => {
                let t = w.tid[lane];
                pick(t.0, t.1, t.2)
            }
            Builtin::BlockIdx => pick(w.block.0, w.block.1, 0),
            Builtin::BlockDim => pick(bd.x(), bd.y(), bd.z()),
            Builtin::GridDim => pick(self.launch.grid.0, self.launch.grid.1, 1),
        }
    }

    fn access(
        &mut self,
        w: &Warp,
        name: &str,
        idx: &Lanes,
        mask: u32,
        line: usize,
        store: bool,
    ) -> Result<(), RunError> {
        let Some(buf) = self.buffers.get(name) else {
            return Err(RunError {
                line,
                message: crate::tr!("kernel.run.not-pointer", name),
            });
        };
        let len = buf.data.len();
        let mut addrs = Vec::new();
        for l in lanes(mask) {
            let i = idx[l].as_i();
            if i < 0 || usize::try_from(i).map_or(true, |u| u >= len) {
                let t = w.tid[l];
                // One sentence per direction (the languages word them differently).
                let key = if store {
                    crate::msg!("kernel.run.out-of-bounds.store")
                } else {
                    crate::msg!("kernel.run.out-of-bounds.load")
                };
                return Err(RunError {
                    line,
                    message: crate::i18n::fill(
                        key,
                        &[
                            ("name", &name),
                            ("i", &i),
                            ("len", &len),
                            ("lane", &l),
                            ("tx", &t.0),
                            ("ty", &t.1),
                            ("tz", &t.2),
                            ("bx", &w.block.0),
                            ("by", &w.block.1),
                        ],
                    ),
                });
            }
            addrs.push(buf.base + u64::try_from(i).unwrap_or(0) * 4);
        }
        let mut segs: Vec<u64> = addrs.iter().map(|a| a / LINE).collect();
        segs.sort_unstable();
        segs.dedup();
        let mut distinct = addrs.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let t = segs.len() as u64;
        let stats = if store {
            &mut self.r.stores
        } else {
            &mut self.r.loads
        };
        stats.accesses += 1;
        stats.transactions += t;
        stats.useful_bytes += distinct.len() as u64 * 4;
        stats.moved_bytes += t * LINE;
        self.r.lines.entry(line).or_default().transactions += t;
        if !store && self.r.load_stride.is_none() && addrs.len() >= 2 {
            let d: Vec<i128> = addrs
                .windows(2)
                .map(|p| i128::from(p[1]) - i128::from(p[0]))
                .collect();
            if d.iter().all(|x| *x == d[0]) && d[0] >= 0 {
                self.r.load_stride = u64::try_from(d[0] / 4).ok();
            }
        }
        Ok(())
    }

    /// A shared load or store by the lanes of `mask`: bounds, the bank rule, the race shadow.
    /// Returns each active lane's word in the block's shared memory.
    #[allow(clippy::too_many_arguments)]
    fn shared_access(
        &mut self,
        w: &mut Warp,
        array: usize,
        idx: &[Lanes],
        mask: u32,
        line: usize,
        store: bool,
    ) -> Result<[usize; 32], RunError> {
        let kernel = self.kernel;
        let a = &kernel.shared[array];
        let mut words = [0usize; 32];
        let mut addresses = [None; 32];
        for l in lanes(mask) {
            let mut flat = 0usize;
            for (k, dim) in a.dims.iter().enumerate() {
                let i = idx.get(k).map_or(0, |v| v[l].as_i());
                let Some(i) = usize::try_from(i).ok().filter(|i| i < dim) else {
                    let t = w.tid[l];
                    let shown = brackets(idx.iter().map(|v| v[l].as_i()));
                    let key = if store {
                        crate::msg!("kernel.run.shared-out-of-bounds.store")
                    } else {
                        crate::msg!("kernel.run.shared-out-of-bounds.load")
                    };
                    return Err(RunError {
                        line,
                        message: crate::i18n::fill(
                            key,
                            &[
                                ("name", &a.name),
                                ("index", &shown),
                                ("shape", &a.shape()),
                                ("lane", &l),
                                ("tx", &t.0),
                                ("ty", &t.1),
                                ("tz", &t.2),
                                ("bx", &w.block.0),
                                ("by", &w.block.1),
                            ],
                        ),
                    });
                };
                flat = flat * dim + i;
            }
            words[l] = a.base + flat;
            addresses[l] = Some(words[l] as u64 * 4);
        }
        let cost = super::banks::bank_cost(&addresses, 4);
        let stats = if store {
            &mut self.r.shared_stores
        } else {
            &mut self.r.shared_loads
        };
        stats.requests += 1;
        stats.wavefronts += cost.wavefronts;
        stats.ideal += cost.ideal;
        // A conflict replays: one more cycle per extra wavefront.
        self.r.cycles += cost.conflicts;
        w.cycles += cost.conflicts;
        let e = self.r.lines.entry(line).or_default();
        e.shared_requests += 1;
        e.shared_wavefronts += cost.wavefronts;
        e.bank_conflicts += cost.conflicts;
        let worse = self
            .r
            .shared_lines
            .get(&line)
            .is_none_or(|s| cost.wavefronts > s.cost.wavefronts);
        if worse {
            let strided = strided(mask, &words, a.base);
            self.r.shared_lines.insert(
                line,
                SharedLine {
                    array: a.name.clone(),
                    store,
                    cost,
                    strided,
                },
            );
        }
        for l in lanes(mask) {
            self.shadow_touch(w.index, words[l], line, store, array);
        }
        Ok(words)
    }

    /// The race check of one lane's access to a shared word.
    fn shadow_touch(&mut self, warp: u64, word: usize, line: usize, store: bool, array: usize) {
        let Some(sh) = self.shadow.get_mut(word) else {
            return;
        };
        if sh.writer.is_none() && sh.readers[0].is_none() {
            self.touched.push(word);
        }
        let other_reader = sh
            .readers
            .iter()
            .flatten()
            .find(|(w, _)| *w != warp)
            .copied();
        let other_writer = sh.writer.filter(|(w, _)| *w != warp);
        let hazard = match (store, other_writer, other_reader) {
            (_, Some((w0, l0)), _) => Some(RaceSide {
                warp: w0,
                line: l0,
                store: true,
            }),
            (true, None, Some((w0, l0))) => Some(RaceSide {
                warp: w0,
                line: l0,
                store: false,
            }),
            _ => None,
        };
        if store {
            sh.writer = Some((warp, line));
        } else {
            match sh.readers {
                [None, _] => sh.readers[0] = Some((warp, line)),
                [Some((w0, _)), None] if w0 != warp => sh.readers[1] = Some((warp, line)),
                _ => {}
            }
        }
        if let (Some(first), None) = (hazard, &self.r.race) {
            let a = &self.kernel.shared[array];
            let mut rest = word - a.base;
            let mut index = Vec::new();
            for dim in a.dims.iter().rev() {
                index.push(rest % dim);
                rest /= dim;
            }
            let shown = brackets(index.iter().rev());
            self.r.race = Some(Race {
                word: format!("{}{shown}", a.name),
                block: self.block,
                first,
                second: RaceSide { warp, line, store },
            });
        }
    }

    fn eval(&mut self, w: &mut Warp, e: &Expr, mask: u32, line: usize) -> Result<Lanes, RunError> {
        let mut out = [Val::I(0); 32];
        match e {
            Expr::Int(v) => out = [Val::I(*v); 32],
            Expr::Float(v) => {
                #[allow(clippy::cast_possible_truncation)]
                let f = *v as f32;
                out = [Val::F(f); 32];
            }
            Expr::Bool(b) => out = [Val::B(*b); 32],
            Expr::WarpSize => out = [Val::I(32); 32],
            Expr::Builtin(b, a) => {
                for l in lanes(mask) {
                    out[l] = Val::I(self.builtin(w, *b, *a, l));
                }
            }
            Expr::Var(n) => {
                if let Some((_, _, v)) = w.lookup(n) {
                    out = *v;
                } else if let Some(v) = self.scalars.get(n) {
                    out = [*v; 32];
                } else if self.buffers.contains_key(n) {
                    return Err(RunError {
                        line,
                        message: crate::tr!("kernel.run.pointer-unindexed", name = n),
                    });
                } else {
                    return Err(RunError {
                        line,
                        message: crate::tr!("kernel.run.undeclared", name = n),
                    });
                }
            }
            Expr::Index(n, i, _) => {
                let idx = self.eval(w, i, mask, line)?;
                self.access(w, n, &idx, mask, line, false)?;
                let buf = &self.buffers[n];
                for l in lanes(mask) {
                    let v = buf.data[usize::try_from(idx[l].as_i()).unwrap_or(0)];
                    #[allow(clippy::cast_possible_truncation)]
                    let iv = v as i64;
                    out[l] = if buf.ty == Ty::Float {
                        Val::F(v)
                    } else {
                        Val::I(iv)
                    };
                }
            }
            Expr::Shared(a, idx) => {
                let idx = idx
                    .iter()
                    .map(|i| self.eval(w, i, mask, line))
                    .collect::<Result<Vec<_>, _>>()?;
                let words = self.shared_access(w, *a, &idx, mask, line, false)?;
                for l in lanes(mask) {
                    out[l] = self.shared.get(words[l]).copied().unwrap_or(Val::I(0));
                }
            }
            Expr::Unary(op, a) => {
                let a = self.eval(w, a, mask, line)?;
                for l in lanes(mask) {
                    out[l] = match (op, a[l]) {
                        (Un::Neg, Val::F(f)) => Val::F(-f),
                        (Un::Neg, v) => Val::I(v.as_i().wrapping_neg()),
                        (Un::Not, v) => Val::B(!v.truthy()),
                        (Un::BitNot, v) => Val::I(!v.as_i()),
                    };
                }
            }
            Expr::Binary(Bin::And | Bin::Or, a, b) => {
                let and = matches!(e, Expr::Binary(Bin::And, ..));
                let av = self.eval(w, a, mask, line)?;
                let need = lanes(mask)
                    .filter(|l| av[*l].truthy() == and)
                    .fold(0u32, |m, l| m | (1 << l));
                let bv = if need != 0 {
                    self.eval(w, b, need, line)?
                } else {
                    [Val::B(false); 32]
                };
                for l in lanes(mask) {
                    out[l] = Val::B(if need & (1 << l) != 0 {
                        bv[l].truthy()
                    } else {
                        av[l].truthy()
                    });
                }
            }
            Expr::Binary(op, a, b) => {
                let av = self.eval(w, a, mask, line)?;
                let bv = self.eval(w, b, mask, line)?;
                for l in lanes(mask) {
                    out[l] = binop(*op, av[l], bv[l]).map_err(|m| RunError {
                        line,
                        message: crate::tr!("kernel.run.in-lane", message = m, lane = l),
                    })?;
                }
            }
            Expr::Cond(c, a, b) => {
                let cv = self.eval(w, c, mask, line)?;
                let t = mask_of(mask, &cv);
                let av = if t != 0 {
                    self.eval(w, a, t, line)?
                } else {
                    out
                };
                let bv = if mask & !t != 0 {
                    self.eval(w, b, mask & !t, line)?
                } else {
                    out
                };
                for l in lanes(mask) {
                    out[l] = if t & (1 << l) != 0 { av[l] } else { bv[l] };
                }
            }
            Expr::Call(f, args) => {
                let vals: Vec<Lanes> = args
                    .iter()
                    .map(|a| self.eval(w, a, mask, line))
                    .collect::<Result<_, _>>()?;
                let arg = |k: usize, l: usize| vals.get(k).map(|v| v[l]);
                for l in lanes(mask) {
                    out[l] = match (f.as_str(), arg(0, l), arg(1, l)) {
                        ("min", Some(a), Some(b)) => {
                            if a.as_f() <= b.as_f() {
                                a
                            } else {
                                b
                            }
                        }
                        ("max", Some(a), Some(b)) => {
                            if a.as_f() >= b.as_f() {
                                a
                            } else {
                                b
                            }
                        }
                        ("fminf", Some(a), Some(b)) => Val::F(a.as_f().min(b.as_f())),
                        ("fmaxf", Some(a), Some(b)) => Val::F(a.as_f().max(b.as_f())),
                        ("abs" | "fabsf", Some(Val::F(a)), None) => Val::F(a.abs()),
                        ("abs", Some(a), None) => Val::I(a.as_i().wrapping_abs()),
                        ("fabsf", Some(a), None) => Val::F(a.as_f().abs()),
                        ("sqrtf", Some(a), None) => Val::F(a.as_f().sqrt()),
                        ("heavy_path" | "light_path", None, None) | ("work", Some(_), None) => {
                            Val::I(0)
                        }
                        _ => {
                            return Err(RunError {
                                line,
                                message: crate::tr!("kernel.run.arity", name = f),
                            })
                        }
                    };
                }
            }
        }
        Ok(out)
    }

    fn call_cost(
        &mut self,
        w: &mut Warp,
        e: &Expr,
        mask: u32,
        line: usize,
    ) -> Result<u64, RunError> {
        if let Expr::Call(f, args) = e {
            if let Some((_, c)) = WORK_FUNCTIONS.iter().find(|(n, _)| n == f) {
                return Ok(*c);
            }
            if f == "work" {
                let v = self.eval(w, args.first().unwrap_or(&Expr::Int(1)), mask, line)?;
                // A warp pays for its slowest lane.
                return Ok(lanes(mask)
                    .map(|l| u64::try_from(v[l].as_i()).unwrap_or(0))
                    .max()
                    .unwrap_or(0)
                    .clamp(1, 10_000));
            }
        }
        Ok(1)
    }

    fn lane_error(line: usize, lane: usize) -> impl Fn(String) -> RunError {
        move |m| RunError {
            line,
            message: crate::tr!("kernel.run.in-lane", message = m, lane),
        }
    }

    /// An assignment to a variable, a global element or a shared element.
    fn assign(
        &mut self,
        w: &mut Warp,
        place: &Place,
        op: Option<Bin>,
        e: &Expr,
        mask: u32,
        line: usize,
    ) -> Result<(), RunError> {
        self.issue(w, line, mask, 1)?;
        let rhs = self.eval(w, e, mask, line)?;
        match place {
            Place::Var(n) => {
                let Some((_, ty, cur)) = w.lookup(n).cloned() else {
                    return Err(RunError {
                        line,
                        message: if self.scalars.contains_key(n) {
                            crate::tr!("kernel.run.param-assign", name = n)
                        } else {
                            crate::tr!("kernel.run.undeclared", name = n)
                        },
                    });
                };
                let mut next = cur;
                for l in lanes(mask) {
                    let v = match op {
                        None => rhs[l],
                        Some(o) => binop(o, cur[l], rhs[l]).map_err(Self::lane_error(line, l))?,
                    };
                    next[l] = v.convert(ty);
                }
                if let Some(slot) = w.lookup_mut(n) {
                    slot.2 = next;
                }
            }
            Place::Index(n, i) => {
                let idx = self.eval(w, i, mask, line)?;
                let old = if op.is_some() {
                    Some(self.eval(
                        w,
                        &Expr::Index(n.clone(), Box::new(i.clone()), line),
                        mask,
                        line,
                    )?)
                } else {
                    None
                };
                self.access(w, n, &idx, mask, line, true)?;
                for l in lanes(mask) {
                    let v = match (op, old) {
                        (Some(o), Some(old)) => {
                            binop(o, old[l], rhs[l]).map_err(Self::lane_error(line, l))?
                        }
                        _ => rhs[l],
                    };
                    let k = usize::try_from(idx[l].as_i()).unwrap_or(0);
                    if let Some(b) = self.buffers.get_mut(n) {
                        b.data[k] = v.as_f();
                    }
                }
            }
            Place::Shared(a, i) => {
                let idx = i
                    .iter()
                    .map(|i| self.eval(w, i, mask, line))
                    .collect::<Result<Vec<_>, _>>()?;
                let old = if op.is_some() {
                    let words = self.shared_access(w, *a, &idx, mask, line, false)?;
                    Some(words.map(|k| self.shared.get(k).copied().unwrap_or(Val::I(0))))
                } else {
                    None
                };
                let words = self.shared_access(w, *a, &idx, mask, line, true)?;
                let ty = self.kernel.shared[*a].ty;
                for l in lanes(mask) {
                    let v = match (op, old) {
                        (Some(o), Some(old)) => {
                            binop(o, old[l], rhs[l]).map_err(Self::lane_error(line, l))?
                        }
                        _ => rhs[l],
                    };
                    if let Some(slot) = self.shared.get_mut(words[l]) {
                        *slot = v.convert(ty);
                        self.written.push(words[l]);
                    }
                }
            }
        }
        Ok(())
    }

    /// Starts statement `s` for the lanes of `mask`: a simple statement runs to its end
    /// (`Some` of its flow); a block, if or loop pushes its frame (`None`). Barriers are the
    /// caller's ([`Machine::run_warp`]).
    fn start(
        &mut self,
        w: &mut Warp<'k>,
        s: &'k Stmt,
        mask: u32,
    ) -> Result<Option<Flow>, RunError> {
        let line = s.line;
        match &s.kind {
            StmtKind::Decl(ty, name, init) => {
                self.issue(w, line, mask, 1)?;
                let mut v = [Val::I(0).convert(*ty); 32];
                if let Some(e) = init {
                    let x = self.eval(w, e, mask, line)?;
                    for l in lanes(mask) {
                        v[l] = x[l].convert(*ty);
                    }
                }
                if let Some(scope) = w.scopes.last_mut() {
                    scope.push((name.clone(), *ty, v));
                }
            }
            StmtKind::Assign(place, op, e) => self.assign(w, place, *op, e, mask, line)?,
            StmtKind::Expr(e) => {
                let cost = self.call_cost(w, e, mask, line)?;
                self.issue(w, line, mask, cost)?;
                self.eval(w, e, mask, line)?;
            }
            StmtKind::Block(b) => {
                w.scopes.push(Vec::new());
                w.frames.push(Frame::Seq {
                    body: b,
                    pc: 0,
                    mask,
                    flow: Flow::default(),
                    scoped: true,
                });
                return Ok(None);
            }
            StmtKind::Break => return Ok(Some(Flow { brk: mask, cont: 0 })),
            StmtKind::Continue => return Ok(Some(Flow { brk: 0, cont: mask })),
            StmtKind::Return => {
                self.issue(w, line, mask, 1)?;
                w.returned |= mask;
            }
            // A barrier nested where `run_warp` does not meet it (a for's header cannot hold
            // one: the parser keeps it a statement of its own).
            StmtKind::Sync => self.issue(w, line, mask, 1)?,
            StmtKind::If(c, then, els) => {
                self.issue(w, line, mask, 1)?;
                let cv = self.eval(w, c, mask, line)?;
                let t = mask_of(mask, &cv);
                let f = mask & !t;
                if t != 0 && f != 0 {
                    self.r.divergent += 1;
                    w.divergent += 1;
                    self.r.lines.entry(line).or_default().divergent += 1;
                }
                w.stack.push(StackEntry {
                    kind: "if",
                    line,
                    rejoin: mask,
                });
                w.frames.push(Frame::If {
                    line,
                    t,
                    f,
                    then,
                    els: els.as_ref().map(|(b, _)| b.as_slice()),
                    stage: 0,
                    flow: Flow::default(),
                    cycles: (w.cycles, 0),
                });
                return Ok(None);
            }
            StmtKind::While(c, body) => {
                push_loop(w, line, Some(c), None, body, mask, false);
                return Ok(None);
            }
            StmtKind::For(init, c, step, body) => {
                w.scopes.push(Vec::new());
                if let Some(i) = init {
                    // A declaration or an assignment: it runs to its end.
                    self.start(w, i, mask)?;
                }
                push_loop(w, line, c.as_ref(), step.as_deref(), body, mask, true);
                return Ok(None);
            }
        }
        Ok(Some(Flow::default()))
    }
}

#[allow(clippy::too_many_arguments)]
fn push_loop<'k>(
    w: &mut Warp<'k>,
    line: usize,
    cond: Option<&'k Expr>,
    step: Option<&'k Stmt>,
    body: &'k [Stmt],
    mask: u32,
    scoped: bool,
) {
    let outer = w.loop_line;
    w.loop_line = line;
    w.stack.push(StackEntry {
        kind: "loop",
        line,
        rejoin: mask,
    });
    w.frames.push(Frame::Loop(Box::new(LoopFrame {
        line,
        cond,
        step,
        body,
        live: mask & !w.returned,
        go: 0,
        in_body: false,
        counts: [0; 32],
        split: false,
        outer,
        scoped,
    })));
}

impl<'k> Machine<'k> {
    /// Runs warp `w` until it reaches a barrier or ends.
    fn run_warp(&mut self, w: &mut Warp<'k>) -> Result<Stop, RunError> {
        let mut ret: Option<Flow> = None;
        while let Some(frame) = w.frames.pop() {
            match frame {
                Frame::Seq {
                    body,
                    pc,
                    mask,
                    mut flow,
                    scoped,
                } => {
                    flow.merge(ret.take());
                    let live = mask & !(flow.brk | flow.cont | w.returned);
                    let Some(s) = body.get(pc).filter(|_| live != 0) else {
                        if scoped {
                            w.scopes.pop();
                        }
                        ret = Some(flow);
                        continue;
                    };
                    w.frames.push(Frame::Seq {
                        body,
                        pc: pc + 1,
                        mask,
                        flow,
                        scoped,
                    });
                    if matches!(s.kind, StmtKind::Sync) {
                        self.issue(w, s.line, live, 1)?;
                        if live != w.valid {
                            return Err(self.partial_barrier(w, s.line, live));
                        }
                        return Ok(Stop::Barrier {
                            line: s.line,
                            id: std::ptr::from_ref(s) as usize,
                        });
                    }
                    ret = self.start(w, s, live)?;
                }
                Frame::If {
                    line,
                    t,
                    f,
                    then,
                    els,
                    stage,
                    mut flow,
                    mut cycles,
                } => {
                    flow.merge(ret.take());
                    let push = |w: &mut Warp<'k>, stage: u8, cycles: (u64, u64), flow: Flow| {
                        w.frames.push(Frame::If {
                            line,
                            t,
                            f,
                            then,
                            els,
                            stage,
                            flow,
                            cycles,
                        });
                    };
                    match (stage, els) {
                        (0, _) => {
                            push(w, 1, cycles, flow);
                            if t != 0 {
                                seq(w, then, t);
                            }
                        }
                        (1, Some(body)) if f != 0 => {
                            cycles.1 = w.cycles;
                            push(w, 2, cycles, flow);
                            if let Some(top) = w.stack.last_mut() {
                                top.kind = "else";
                            }
                            seq(w, body, f);
                        }
                        _ => {
                            if stage == 1 {
                                cycles.1 = w.cycles;
                            }
                            w.stack.pop();
                            if t != 0 && f != 0 && self.r.branch.is_none() {
                                self.r.branch = Some(BranchRecord {
                                    line,
                                    then: (cycles.1 - cycles.0, t.count_ones()),
                                    els: (w.cycles - cycles.1, f.count_ones()),
                                });
                            }
                            ret = Some(flow);
                        }
                    }
                }
                Frame::Loop(mut lp) => {
                    if lp.in_body {
                        let f = ret.take().unwrap_or_default();
                        lp.live = lp.go & !f.brk & !w.returned;
                        lp.in_body = false;
                        if let Some(s) = lp.step {
                            if lp.live != 0 {
                                self.start(w, s, lp.live)?;
                            }
                        }
                    }
                    let go = if lp.live == 0 {
                        0
                    } else {
                        self.issue(w, lp.line, lp.live, 1)?;
                        match lp.cond {
                            Some(c) => {
                                let cv = self.eval(w, c, lp.live, lp.line)?;
                                mask_of(lp.live, &cv)
                            }
                            None => lp.live,
                        }
                    };
                    if go != 0 && go != lp.live {
                        self.r.divergent += 1;
                        w.divergent += 1;
                        self.r.lines.entry(lp.line).or_default().divergent += 1;
                        lp.split = true;
                    }
                    if go == 0 {
                        w.stack.pop();
                        w.loop_line = lp.outer;
                        if lp.scoped {
                            w.scopes.pop();
                        }
                        if lp.split && self.r.loop_counts.is_none() {
                            self.r.loop_counts = Some((lp.line, lp.counts.to_vec()));
                        }
                        ret = Some(Flow::default());
                        continue;
                    }
                    for l in lanes(go) {
                        lp.counts[l] += 1;
                    }
                    lp.go = go;
                    lp.in_body = true;
                    let body = lp.body;
                    w.frames.push(Frame::Loop(lp));
                    seq(w, body, go);
                }
            }
        }
        Ok(Stop::Done)
    }

    fn partial_barrier(&self, w: &Warp, line: usize, live: u32) -> RunError {
        RunError {
            line,
            message: crate::tr!(
                "kernel.run.barrier-partial",
                line,
                reached = live.count_ones(),
                threads = w.valid.count_ones(),
                warp = w.index,
                block = self.block
            ),
        }
    }
}

/// `[a][b]…`: indices as the source writes them.
pub(crate) fn brackets<T: std::fmt::Display>(items: impl Iterator<Item = T>) -> String {
    items.fold(String::new(), |mut out, i| {
        let _ = std::fmt::Write::write_fmt(&mut out, format_args!("[{i}]"));
        out
    })
}

/// Pushes a scoped statement list run by `mask`.
fn seq<'k>(w: &mut Warp<'k>, body: &'k [Stmt], mask: u32) {
    w.scopes.push(Vec::new());
    w.frames.push(Frame::Seq {
        body,
        pc: 0,
        mask,
        flow: Flow::default(),
        scoped: true,
    });
}

/// (stride, byte offset of lane 0 modulo 128, lanes) when lanes 0…k−1 are the active ones and
/// lane l touches element `first + l·stride` (stride ≥ 0).
fn strided(mask: u32, words: &[usize; 32], base: usize) -> Option<(u64, u64, u64)> {
    let k = mask.count_ones();
    if mask.trailing_ones() != k {
        return None;
    }
    let first = words[0].checked_sub(base)?;
    let stride = if k >= 2 {
        words[1].checked_sub(words[0])?
    } else {
        1
    };
    let linear = (0..k as usize).all(|l| words[l] == words[0] + l * stride);
    (linear && stride <= 4096).then_some((stride as u64, (first as u64 * 4) % 128, u64::from(k)))
}

fn binop(op: Bin, a: Val, b: Val) -> Result<Val, String> {
    let float = matches!(a, Val::F(_)) || matches!(b, Val::F(_));
    Ok(match op {
        Bin::Lt => Val::B(if float {
            a.as_f() < b.as_f()
        } else {
            a.as_i() < b.as_i()
        }),
        Bin::Le => Val::B(if float {
            a.as_f() <= b.as_f()
        } else {
            a.as_i() <= b.as_i()
        }),
        Bin::Gt => Val::B(if float {
            a.as_f() > b.as_f()
        } else {
            a.as_i() > b.as_i()
        }),
        Bin::Ge => Val::B(if float {
            a.as_f() >= b.as_f()
        } else {
            a.as_i() >= b.as_i()
        }),
        #[allow(clippy::float_cmp)]
        Bin::Eq => Val::B(if float {
            a.as_f() == b.as_f()
        } else {
            a.as_i() == b.as_i()
        }),
        #[allow(clippy::float_cmp)]
        Bin::Ne => Val::B(if float {
            a.as_f() != b.as_f()
        } else {
            a.as_i() != b.as_i()
        }),
        Bin::And => Val::B(a.truthy() && b.truthy()),
        Bin::Or => Val::B(a.truthy() || b.truthy()),
        _ if float => {
            let (x, y) = (a.as_f(), b.as_f());
            Val::F(match op {
                Bin::Add => x + y,
                Bin::Sub => x - y,
                Bin::Mul => x * y,
                Bin::Div => x / y,
                Bin::Rem => x % y,
                _ => return Err(crate::tr!("kernel.run.bitwise-float")),
            })
        }
        _ => {
            let (x, y) = (a.as_i(), b.as_i());
            Val::I(match op {
                Bin::Add => x.wrapping_add(y),
                Bin::Sub => x.wrapping_sub(y),
                Bin::Mul => x.wrapping_mul(y),
                Bin::Div | Bin::Rem if y == 0 => return Err(crate::tr!("kernel.run.div-zero")),
                Bin::Div => x.wrapping_div(y),
                Bin::Rem => x.wrapping_rem(y),
                Bin::Shl => x.wrapping_shl(u32::try_from(y.rem_euclid(64)).unwrap_or(0)),
                Bin::Shr => x.wrapping_shr(u32::try_from(y.rem_euclid(64)).unwrap_or(0)),
                Bin::BitAnd => x & y,
                Bin::BitOr => x | y,
                Bin::BitXor => x ^ y,
                _ => return Err(crate::tr!("kernel.run.bad-operator")),
            })
        }
    })
}

/// The machine at the start of a launch: buffers filled with their index, scalars set.
fn machine(kernel: &ParsedKernel, launch: LaunchConfig) -> Machine<'_> {
    let mut buffers = HashMap::new();
    let mut scalars = HashMap::new();
    let stride = u64::try_from(launch.len * 4).unwrap_or(0).div_ceil(256) * 256;
    for (k, p) in kernel.params.iter().enumerate() {
        if p.pointer {
            // Every buffer starts filled with its index: p[i] = i.
            let data = (0..launch.len).map(|i| i as f32).collect();
            buffers.insert(
                p.name.clone(),
                Buffer {
                    ty: p.ty,
                    data,
                    base: (k as u64 + 1) * stride,
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
            watched: Vec::new(),
            lines: BTreeMap::new(),
            branch: None,
            loop_counts: None,
            load_stride: None,
            trace: Vec::new(),
            traced: Traced {
                block: 0,
                warp: 0,
                why: TraceWhy::First,
            },
        },
        record: false,
    }
}

impl<'k> Machine<'k> {
    /// Zero-fills the words written by the last block, and forgets who touched what.
    fn fresh_block(&mut self) {
        for k in std::mem::take(&mut self.written) {
            let ty = self
                .kernel
                .shared
                .iter()
                .find(|a| (a.base..a.base + a.len()).contains(&k))
                .map_or(Ty::Int, |a| a.ty);
            if let Some(v) = self.shared.get_mut(k) {
                *v = Val::I(0).convert(ty);
            }
        }
        self.barrier_passed();
    }

    /// Every warp passed a barrier: accesses before it cannot race with accesses after.
    fn barrier_passed(&mut self) {
        for k in std::mem::take(&mut self.touched) {
            if let Some(s) = self.shadow.get_mut(k) {
                *s = Shadow::default();
            }
        }
    }

    /// Runs one block: its warps in turn, each until its next barrier or its end, until all
    /// have ended. Returns its warps' (divergent branches, valid lanes), in order.
    fn run_block(
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
                let mut tid = [(0, 0, 0); 32];
                let mut valid = 0u32;
                for (l, slot) in tid.iter_mut().enumerate() {
                    let t = wi * 32 + l as u64;
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
                    scopes: vec![Vec::new()],
                    returned: 0,
                    stack: Vec::new(),
                    loop_line: 0,
                    frames: vec![Frame::Seq {
                        body: &kernel.body,
                        pc: 0,
                        mask: valid,
                        flow: Flow::default(),
                        scoped: false,
                    }],
                    cycles: 0,
                    divergent: 0,
                    done: false,
                }
            })
            .collect();
        self.r.warps += warps.len() as u64;
        loop {
            let mut waiting: Vec<(u64, usize, usize)> = Vec::new();
            for w in warps.iter_mut().filter(|w| !w.done) {
                self.record = (linear_block, w.index) == record;
                match self.run_warp(w)? {
                    Stop::Done => w.done = true,
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
        Ok(warps.iter().map(|w| (w.divergent, w.valid)).collect())
    }

    /// Runs every block in launch order, recording `record` (block, warp); stops after the
    /// recorded warp's block when `stop_after_record`. Returns the first warp that diverges or
    /// has idle lanes, if any.
    fn launch_blocks(
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
    let blocks = launch.grid.0 * launch.grid.1;
    let total = blocks.saturating_mul(launch.block.warps());
    if total > MAX_WARPS {
        return Err(RunError {
            line: 0,
            message: crate::tr!("kernel.run.too-many-warps", total, max = MAX_WARPS),
        });
    }
    let mut m = machine(kernel, launch);
    let notable = m.launch_blocks(record.unwrap_or((0, 0)), false)?;
    let watched = watch
        .iter()
        .map(|(name, index)| Watched {
            name: name.clone(),
            index: *index,
            value: m.buffers.get(name).and_then(|b| {
                b.data.get(*index).map(|v| {
                    if b.ty == Ty::Float {
                        Val::F(*v)
                    } else {
                        #[allow(clippy::cast_possible_truncation)]
                        Val::I(*v as i64)
                    }
                })
            }),
        })
        .collect();
    let mut r = m.r;
    r.watched = watched;
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
        let mut again = machine(kernel, launch);
        again.launch_blocks((r.traced.block, r.traced.warp), true)?;
        r.trace = again.r.trace;
    }
    Ok(r)
}
