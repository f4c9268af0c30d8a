//! Warps on one SM's schedulers, instruction by instruction (issue 47): the general form of
//! [`scheduler`](super::scheduler)'s bursts, for any warp's own stream of instructions, such as
//! the kernel lab's.
//!
//! Stated model (what a real SM does that this does not is said in each point):
//! - Each warp has its instructions in program order ([`Op`]) and issues them in order: a warp
//!   whose next instruction cannot issue waits, even if a later one could (as a real warp does).
//! - Warp `i` belongs to scheduler `i mod S`; a scheduler issues at most one instruction a cycle,
//!   picking among its ready warps by [`Policy`] (loose round-robin, or greedy-then-oldest: the
//!   warp it issued last while that one stays ready, else the lowest-numbered ready one).
//! - A global load's value is ready `L` cycles after it issued, a shared-memory access's after
//!   `shared_latency`; an arithmetic result the next cycle (real pipelines take a few cycles:
//!   not modelled). An instruction that uses a value waits until it is ready (a scoreboard); one
//!   that does not, does not. No caches, one memory latency, no limit on loads in flight or on
//!   bandwidth.
//! - An atomic's updates are done one lane at a time per address, in the order the atomics
//!   issued, one update a cycle: an atomic whose lanes all update one address takes one cycle
//!   more per lane after the first, and one that updates an address another atomic (of any
//!   warp) is still updating waits its turn. Its old value is ready its kind's latency after
//!   its last update. (A real GPU's L2 performs about one atomic on one address a cycle; its
//!   queues' limits, and reductions whose old value no one reads going on without the warp,
//!   are not modelled.)
//! - `__syncthreads()` issues, then its warp waits until every warp of its block has issued the
//!   same barrier (a warp that has finished counts as arrived).
//! - Blocks are resident whole: blocks start in order while the SM holds fewer than
//!   `max_warps` warps and `max_blocks` blocks; a block's place frees when its last warp ends,
//!   and the next block starts the cycle after.
//!
//! Each resident warp's cycle is one state ([`State`]), named after Nsight Compute's warp-state
//! statistics where they mean the same: issued, stalled on a global load's value (long
//! scoreboard), on a shared access's value (short scoreboard), at a barrier, or ready but not
//! selected (another warp issued).

use super::scheduler::{pick, Policy};

/// What an instruction is, for its timing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Arithmetic, control, a store: its result (if any) is ready the next cycle.
    Alu,
    /// A global load: its value is ready `L` cycles after it issued.
    Load,
    /// A shared-memory access: its value is ready `shared_latency` cycles after it issued.
    Shared,
    /// `__syncthreads()`.
    Barrier,
}

/// One instruction of a warp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    /// Its source line (1-based), for the per-line stalls.
    pub line: usize,
    /// What it is.
    pub kind: Kind,
    /// The earlier instructions of the same warp whose values it uses (their indices).
    pub uses: Vec<usize>,
    /// Cycles its value takes beyond its kind's latency (a shared access's bank conflicts:
    /// one more cycle per replayed wavefront).
    pub extra: u64,
    /// An atomic's updates: each address it updates (a key the record chooses: global and
    /// shared words never share one) with how many of its lanes update it. Empty for
    /// everything else.
    pub updates: Vec<(u64, u64)>,
}

impl Op {
    /// An instruction of `kind` on `line` using the values of `uses`.
    #[must_use]
    pub fn new(line: usize, kind: Kind, uses: &[usize]) -> Op {
        Op {
            line,
            kind,
            uses: uses.to_vec(),
            extra: 0,
            updates: Vec::new(),
        }
    }
}

/// A warp: its block (blocks start in the order of their numbers) and its instructions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpOps {
    /// Its block's number.
    pub block: usize,
    /// Its instructions, in program order.
    pub ops: Vec<Op>,
}

/// The latency panel's bursts as one warp's instructions: `count` bursts, each a global load
/// (line 1) that uses the previous burst's value, then `w - 1` independent instructions (line
/// 2). The kernel lab's "Run this in the kernel lab" kernel compiles to these, and the quiz's
/// timeline questions run them (issue 47).
#[must_use]
pub fn bursts(w: u64, count: u64) -> Vec<Op> {
    let mut ops = Vec::new();
    let mut prev: Option<usize> = None;
    for _ in 0..count {
        let at = ops.len();
        ops.push(Op::new(1, Kind::Load, prev.as_slice()));
        prev = Some(at);
        for _ in 1..w {
            ops.push(Op::new(2, Kind::Alu, &[]));
        }
    }
    ops
}

/// The SM and its timing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SmConfig {
    /// Schedulers (1–8).
    pub schedulers: u64,
    /// Cycles from a global load's issue to its value.
    pub latency: u64,
    /// Cycles from a shared-memory access's issue to its value.
    pub shared_latency: u64,
    /// How a scheduler picks among its ready warps.
    pub policy: Policy,
    /// Resident warps at most.
    pub max_warps: usize,
    /// Resident blocks at most.
    pub max_blocks: usize,
    /// Cycles simulated at most (the run stops there, `finished` false).
    pub max_cycles: u64,
    /// The first warps whose state is kept cycle by cycle (`SmRun::timeline`).
    pub record_warps: usize,
}

/// A warp's state in one cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum State {
    /// It issued an instruction.
    Issued,
    /// Its next instruction waits for a global load's value.
    LongScoreboard,
    /// Its next instruction waits for a shared-memory access's value.
    ShortScoreboard,
    /// It waits at a barrier for the rest of its block.
    Barrier,
    /// It was ready, and another warp of its scheduler issued.
    NotSelected,
}

impl State {
    /// Every state, in the order the figures list them.
    pub const ALL: [State; 5] = [
        State::Issued,
        State::LongScoreboard,
        State::ShortScoreboard,
        State::Barrier,
        State::NotSelected,
    ];

    /// Its figure's name, after Nsight Compute's warp-state statistics.
    #[must_use]
    pub fn metric(self) -> &'static str {
        match self {
            State::Issued => "issued",
            State::LongScoreboard => "stall-long-scoreboard",
            State::ShortScoreboard => "stall-short-scoreboard",
            State::Barrier => "stall-barrier",
            State::NotSelected => "stall-not-selected",
        }
    }
}

impl State {
    /// Its place in [`State::ALL`] (and in `SmRun::states`).
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Where one line's warps waited. (Vectors searched in place rather than maps: a kernel has a
/// few dozen lines, and the kernel page pays for every map and sort it links.)
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LineStalls {
    /// The line (1-based).
    pub line: usize,
    /// Warp-cycles a warp spent stalled with this line's instruction next.
    pub stalled: u64,
    /// Of those, by the line whose value it waited for: (line, warp-cycles).
    pub waiting_on: Vec<(usize, u64)>,
}

/// What a run on the SM gives.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SmRun {
    /// Cycles until the last warp's last instruction issued (or `max_cycles`).
    pub cycles: u64,
    /// Instructions issued.
    pub issued: u64,
    /// Issue slots offered: schedulers × cycles.
    pub slots: u64,
    /// Warp-cycles of resident warps, by state (in the order of [`State::ALL`]).
    pub states: [u64; 5],
    /// Stalled warp-cycles by the line of the instruction the warp waited to issue, in the
    /// order the lines first stalled.
    pub lines: Vec<LineStalls>,
    /// Whether every warp ended within `max_cycles`.
    pub finished: bool,
    /// The first `record_warps` warps' states, cycle by cycle: `None` before the warp's block
    /// starts and after its last instruction.
    pub timeline: Vec<Vec<Option<State>>>,
}

impl SmRun {
    /// The stalls of `line`, if it stalled.
    #[must_use]
    pub fn line(&self, line: usize) -> Option<&LineStalls> {
        self.lines.iter().find(|l| l.line == line)
    }

    /// Warp-cycles in `state`.
    #[must_use]
    pub fn in_state(&self, state: State) -> u64 {
        self.states[state.index()]
    }

    /// Issued / slots offered.
    #[must_use]
    pub fn utilization(&self) -> f64 {
        crate::ratio(self.issued, self.slots)
    }

    /// The state with the most warp-cycles (ties: the earlier in [`State::ALL`]).
    #[must_use]
    pub fn largest(&self) -> State {
        let mut best = State::Issued;
        for s in State::ALL {
            if self.in_state(s) > self.in_state(best) {
                best = s;
            }
        }
        best
    }

    /// The share of resident warp-cycles in `state`.
    #[must_use]
    pub fn share(&self, state: State) -> f64 {
        let all: u64 = self.states.iter().sum();
        crate::ratio(self.states[state.index()], all)
    }
}

#[derive(Clone, Copy, Default)]
struct Live {
    /// The next instruction to issue.
    pc: usize,
    /// Whether it has started (its block is resident).
    resident: bool,
    /// Whether its last instruction has issued.
    done: bool,
    /// Barriers it has issued.
    barriers: usize,
}

/// Runs `warps` on the SM.
#[must_use]
pub fn run(warps: &[WarpOps], cfg: SmConfig) -> SmRun {
    let s = usize::try_from(cfg.schedulers.clamp(1, 8)).unwrap_or(1);
    let n = warps.len();
    let mut live = vec![Live::default(); n];
    // When each issued instruction's value is ready, per warp.
    let mut ready_at: Vec<Vec<u64>> = warps.iter().map(|w| vec![0; w.ops.len()]).collect();
    // Blocks in order of their numbers, each with its warps.
    // Blocks in launch order (the warps come block by block), each with its warps.
    let mut order: Vec<Vec<usize>> = Vec::new();
    for (i, w) in warps.iter().enumerate() {
        match order.last_mut() {
            Some(b) if warps[b[0]].block == w.block => b.push(i),
            _ => order.push(vec![i]),
        }
    }
    let mut next_block = 0;
    let mut resident_blocks: Vec<usize> = Vec::new(); // indices into `order`
    let mut last: Vec<Option<usize>> = vec![None; s];
    // Each address an atomic updated, sorted, with the cycle it is free for the next update.
    let mut free: Vec<(u64, u64)> = Vec::new();
    let mut out = SmRun {
        cycles: 0,
        issued: 0,
        slots: 0,
        states: [0; 5],
        lines: Vec::new(),
        finished: true,
        timeline: vec![Vec::new(); cfg.record_warps.min(n)],
    };
    let mut cycle = 0u64;
    loop {
        // Retire finished blocks, then start blocks while they fit.
        resident_blocks.retain(|&b| order[b].iter().any(|&i| !live[i].done));
        while next_block < order.len() && fits(&order, &resident_blocks, next_block, cfg) {
            for &i in &order[next_block] {
                live[i].resident = true;
                live[i].done = warps[i].ops.is_empty();
            }
            resident_blocks.push(next_block);
            next_block += 1;
        }
        if resident_blocks.is_empty() && next_block >= order.len() {
            break;
        }
        if cycle >= cfg.max_cycles {
            out.finished = false;
            break;
        }
        // Each resident warp's state before the schedulers pick.
        // (stall, the line it is stalled at, the line whose value it waits for or 0)
        let mut why: Vec<Option<(State, usize, usize)>> = vec![None; n];
        let mut ready = vec![false; n];
        let mut issued_now = vec![false; out.timeline.len()];
        for &b in &resident_blocks {
            for &i in &order[b] {
                let l = live[i];
                if l.done {
                    continue;
                }
                // At a barrier: until every warp of the block has issued as many.
                let held = l.pc > 0
                    && warps[i].ops[l.pc - 1].kind == Kind::Barrier
                    && order[b]
                        .iter()
                        .any(|&j| !live[j].done && live[j].barriers < l.barriers);
                if held {
                    why[i] = Some((State::Barrier, warps[i].ops[l.pc - 1].line, 0));
                    continue;
                }
                let op = &warps[i].ops[l.pc];
                let pending = op
                    .uses
                    .iter()
                    .filter(|&&u| u < l.pc && ready_at[i][u] > cycle)
                    .max_by_key(|&&u| ready_at[i][u]);
                if let Some(&u) = pending {
                    let state = if warps[i].ops[u].kind == Kind::Shared {
                        State::ShortScoreboard
                    } else {
                        State::LongScoreboard
                    };
                    why[i] = Some((state, op.line, warps[i].ops[u].line));
                } else {
                    ready[i] = true;
                }
            }
        }
        for (sched, last) in last.iter_mut().enumerate() {
            out.slots += 1;
            let mine = (sched..n).step_by(s);
            let pick = pick(cfg.policy, *last, mine.clone(), |i| ready[i]);
            for i in mine {
                if !ready[i] || Some(i) == pick {
                    continue;
                }
                why[i] = Some((State::NotSelected, 0, 0));
            }
            if let Some(i) = pick {
                let op = &warps[i].ops[live[i].pc];
                ready_at[i][live[i].pc] = cycle
                    + match op.kind {
                        Kind::Load => cfg.latency,
                        Kind::Shared => cfg.shared_latency,
                        Kind::Alu | Kind::Barrier => 1,
                    }
                    + op.extra
                    + serialized(&mut free, &op.updates, cycle);
                if op.kind == Kind::Barrier {
                    live[i].barriers += 1;
                }
                live[i].pc += 1;
                live[i].done = live[i].pc >= warps[i].ops.len();
                out.states[State::Issued.index()] += 1;
                if let Some(x) = issued_now.get_mut(i) {
                    *x = true;
                }
                out.issued += 1;
                *last = Some(i);
            }
        }
        for (i, row) in out.timeline.iter_mut().enumerate() {
            row.push(if issued_now[i] {
                Some(State::Issued)
            } else {
                why[i].map(|w| w.0)
            });
        }
        for (state, line, on) in why.iter().flatten() {
            out.count(*state, *line, *on);
        }
        cycle += 1;
    }
    out.cycles = cycle;
    out
}

impl SmRun {
    /// A warp-cycle in `state`; a stall at `line` waiting on the value of line `on` (0: none).
    fn count(&mut self, state: State, line: usize, on: usize) {
        self.states[state.index()] += 1;
        if state == State::NotSelected {
            return;
        }
        let at = self
            .lines
            .iter()
            .position(|l| l.line == line)
            .unwrap_or_else(|| {
                self.lines.push(LineStalls {
                    line,
                    ..LineStalls::default()
                });
                self.lines.len() - 1
            });
        let entry = &mut self.lines[at];
        entry.stalled += 1;
        if on > 0 {
            match entry.waiting_on.iter_mut().find(|(l, _)| *l == on) {
                Some(w) => w.1 += 1,
                None => entry.waiting_on.push((on, 1)),
            }
        }
    }
}

/// The cycles an atomic issued at `cycle` waits for its updates beyond the first, one update
/// of an address a cycle, after the updates of that address already queued (`free`: each
/// address with the cycle it is free, sorted). 0 for an instruction that updates nothing.
fn serialized(free: &mut Vec<(u64, u64)>, updates: &[(u64, u64)], cycle: u64) -> u64 {
    let mut end = cycle + 1;
    for &(address, lanes) in updates {
        let at = match free.binary_search_by_key(&address, |f| f.0) {
            Ok(at) => at,
            Err(at) => {
                free.insert(at, (address, 0));
                at
            }
        };
        let start = free[at].1.max(cycle);
        free[at].1 = start + lanes;
        end = end.max(start + lanes);
    }
    end - cycle - 1
}

/// Whether block `next` (its warps `order[next]`) fits beside the resident blocks; a block
/// larger than the SM's warps starts alone.
fn fits(order: &[Vec<usize>], resident: &[usize], next: usize, cfg: SmConfig) -> bool {
    let warps: usize = resident.iter().map(|&b| order[b].len()).sum();
    resident.len() < cfg.max_blocks.max(1)
        && (warps + order[next].len() <= cfg.max_warps.max(1) || resident.is_empty())
}

#[cfg(test)]
mod tests;
