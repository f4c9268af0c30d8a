//! The machine's state: buffers and shared memory, and each warp's lane groups with their
//! statement frames (what the scheduler resumes). Data only: the behaviour is in the units
//! that use it (`memory`, `eval`, `warp_calls`, `sched`, `its`, `block`).

use std::collections::HashMap;

use super::result::{LaunchConfig, RunResult};
use super::trace::StackEntry;
use super::value::{Lanes, Val};
use crate::kernel_lab::parse::{Expr, ParsedKernel, Stmt, Ty};
use crate::LANE_SLOTS;

pub(super) struct Buffer {
    pub(super) ty: Ty,
    /// The elements (f64 holds every float and every 32-bit integer exactly).
    pub(super) data: Vec<f64>,
    pub(super) base: u64,
    /// A `const` pointer parameter's buffer.
    pub(super) read_only: bool,
}

/// Who touched a shared word since the last barrier: its last writer, and up to two readers
/// of different warps (enough to name a reader other than any given warp).
#[derive(Clone, Copy, Default)]
pub(super) struct Shadow {
    pub(super) writer: Option<(u64, usize)>,
    pub(super) readers: [Option<(u64, usize)>; 2],
    /// The last atomic on the word (warp, line): atomics do not race with one another, but a
    /// plain read or write of the word by another warp between the same barriers does.
    pub(super) atomic: Option<(u64, usize)>,
}

/// One plain access to a global word, for the race check.
#[derive(Clone, Debug)]
pub(super) struct GlobalAccess {
    /// The thread (linear over the launch), its block and its warp in the block.
    pub(super) thread: u64,
    pub(super) block: u64,
    pub(super) warp: u64,
    pub(super) lane: usize,
    /// The barrier epoch it happened in.
    pub(super) epoch: u64,
    pub(super) line: usize,
    pub(super) store: bool,
    /// The locks its thread held (addresses it took with a successful `atomicCAS` and has not
    /// released with `atomicExch`).
    pub(super) locks: Vec<u64>,
}

/// A global word's last write and up to two reads by different threads.
#[derive(Clone, Debug, Default)]
pub(super) struct GlobalShadow {
    pub(super) writer: Option<GlobalAccess>,
    pub(super) readers: Vec<GlobalAccess>,
}

pub(super) struct Machine<'k> {
    pub(super) kernel: &'k ParsedKernel,
    pub(super) launch: LaunchConfig,
    pub(super) buffers: HashMap<String, Buffer>,
    pub(super) scalars: HashMap<String, Val>,
    /// The block's shared memory, one value per word (each array from its `base`).
    pub(super) shared: Vec<Val>,
    /// Words written since the block began (set back to `shared_start` when the next block
    /// starts).
    pub(super) written: Vec<usize>,
    /// What every shared word holds when a block starts: 0 in the lab, −1 in a check
    /// ([`super::block::Initial::shared_start`]).
    pub(super) shared_start: i64,
    /// The race shadow of each word, and the words touched since the last barrier.
    pub(super) shadow: Vec<Shadow>,
    pub(super) touched: Vec<usize>,
    /// The block running (linear index).
    pub(super) block: u64,
    pub(super) r: RunResult,
    pub(super) record: bool,
    /// Bumped by every store or atomic that changes a value.
    pub(super) version: u64,
    /// An atomic's shared access is running (atomics are not races).
    pub(super) atomic_now: bool,
    /// Most warp instructions this run may issue.
    pub(super) budget: u64,
    /// Global races are looked for (a challenge's check): each global word's last accesses,
    /// and the locks each thread holds.
    pub(super) global_races: bool,
    pub(super) global_shadow: HashMap<u64, GlobalShadow>,
    pub(super) held: HashMap<u64, Vec<u64>>,
    /// Barriers passed so far in the launch: two accesses of one block in different epochs are
    /// ordered by a `__syncthreads()`.
    pub(super) epoch: u64,
    /// Instructions recorded for the SM's timing so far.
    pub(super) sm_ops_count: usize,
    /// L1 (one for the launch) and L2, cold when the launch starts.
    pub(super) hier: crate::memory::hierarchy::Hierarchy,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Flow {
    pub(super) brk: u32,
    pub(super) cont: u32,
}

impl Flow {
    pub(super) fn merge(&mut self, other: Option<Flow>) {
        if let Some(f) = other {
            self.brk |= f.brk;
            self.cont |= f.cont;
        }
    }
}

/// A loop in progress.
#[derive(Clone)]
pub(super) struct LoopFrame<'k> {
    pub(super) line: usize,
    pub(super) cond: Option<&'k Expr>,
    pub(super) step: Option<&'k Stmt>,
    pub(super) body: &'k [Stmt],
    /// Lanes still looping.
    pub(super) live: u32,
    /// Lanes running the body now.
    pub(super) go: u32,
    pub(super) in_body: bool,
    pub(super) counts: [u64; LANE_SLOTS],
    pub(super) split: bool,
    /// The enclosing loop's line, restored at the exit.
    pub(super) outer: usize,
    /// A `for` opened a scope for its header.
    pub(super) scoped: bool,
    /// The lanes that entered it.
    pub(super) entry: u32,
    /// Under `sched=stack`, with lanes waiting at its exit: the looping lanes' variables and
    /// the memory's version at the last trip's condition (the same twice: it never ends).
    pub(super) snap: Option<(u64, Vec<Lanes>)>,
}

/// One frame of a warp's statement stack: what it is in the middle of.
#[derive(Clone)]
pub(super) enum Frame<'k> {
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
pub(super) enum Stop {
    /// Under `sched=its`: its group issued one instruction (its turn is over).
    Yield,
    /// At the barrier statement `id` (its address), on `line`.
    Barrier { line: usize, id: usize },
    /// Its lanes have all finished.
    Done,
}

/// How many instructions of the other groups a group waits at its reconvergence point before
/// it goes on alone (the scheduler's forward-progress guarantee under `sched=its`).
pub const PATIENCE: u32 = 32;

/// Why a lane group (under `sched=its`) is not running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Park {
    /// It runs.
    Run,
    /// At the reconvergence point of the branch or loop where it split from the others,
    /// waiting for them while they issue up to [`PATIENCE`] more instructions.
    Join(u32),
    /// At a `__syncwarp(mask)` (the statement's address), waiting for the lanes it names.
    SyncWarp(u32, usize),
    /// At a `__syncthreads()`.
    Barrier(usize, usize),
}

/// A group of a warp's lanes with one program counter: the whole warp under `sched=stack`,
/// each diverged group under `sched=its`.
#[derive(Clone)]
pub(super) struct Group<'k> {
    /// Its lanes.
    pub(super) own: u32,
    pub(super) scopes: Vec<Vec<(String, Ty, Lanes)>>,
    pub(super) stack: Vec<StackEntry>,
    pub(super) loop_line: usize,
    pub(super) frames: Vec<Frame<'k>>,
    /// A finished child's flow, kept while the group is switched out.
    pub(super) ret: Option<Flow>,
    /// Frame depths of the splits it is part of: it has reached a reconvergence point when its
    /// frames are no deeper than the last.
    pub(super) joins: Vec<usize>,
    pub(super) park: Park,
    /// The line of its last issued instruction.
    pub(super) last_line: usize,
}

pub(super) struct Warp<'k> {
    /// The warp within its block.
    pub(super) index: u64,
    /// Per-lane thread coordinates and block coordinates.
    pub(super) tid: [(u64, u64, u64); LANE_SLOTS],
    pub(super) block: (u64, u64),
    /// Lanes that are threads of the block.
    pub(super) valid: u32,
    pub(super) returned: u32,
    /// The group running now, and (under `sched=its`) the others in turn order.
    pub(super) g: Group<'k>,
    pub(super) others: std::collections::VecDeque<Group<'k>>,
    /// Under `sched=its`: the running group issued its instruction for this turn.
    pub(super) yield_now: bool,
    /// Cycles this warp issued, and its divergent branches.
    pub(super) cycles: u64,
    pub(super) divergent: u64,
    pub(super) done: bool,
    /// Its instructions for the SM's timing, when the launch is timed (`timing.rs`).
    pub(super) timed: Timed,
}

/// A warp's instructions as the SM's timing reads them (`timing.rs`).
#[derive(Default)]
pub(super) struct Timed {
    pub(super) ops: Vec<crate::latency::sm::Op>,
    /// Each variable's defining instruction.
    pub(super) defs: Vec<(String, usize)>,
    /// The instruction issuing now.
    pub(super) cur: usize,
    /// It loaded a value its own statement has not yet used or kept.
    pub(super) unsettled: bool,
}

impl Warp<'_> {
    pub(super) fn lookup(&self, name: &str) -> Option<&(String, Ty, Lanes)> {
        self.g
            .scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _, _)| n == name)
    }
    pub(super) fn lookup_mut(&mut self, name: &str) -> Option<&mut (String, Ty, Lanes)> {
        self.g
            .scopes
            .iter_mut()
            .rev()
            .flat_map(|s| s.iter_mut().rev())
            .find(|(n, _, _)| n == name)
    }
}
