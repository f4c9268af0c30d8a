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
    Addr, Atomic, Axis, Bin, Builtin, Expr, ParsedKernel, Place, Stmt, StmtKind, Ty, Un,
    WARP_FUNCTIONS, WORK_FUNCTIONS,
};
use crate::warps::map::BlockDim;

/// A lane's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Val {
    /// int (held in 64 bits: the lab's `int` does not overflow at 2³¹).
    I(i64),
    /// unsigned int: 32 bits, arithmetic modulo 2³² as C defines it.
    U(u32),
    /// float.
    F(f32),
    /// bool.
    B(bool),
}

impl Val {
    fn truthy(self) -> bool {
        match self {
            Val::I(v) => v != 0,
            Val::U(v) => v != 0,
            Val::F(v) => v != 0.0,
            Val::B(b) => b,
        }
    }
    fn as_f(self) -> f32 {
        match self {
            Val::I(v) => v as f32,
            Val::U(v) => v as f32,
            Val::F(v) => v,
            Val::B(b) => f32::from(u8::from(b)),
        }
    }
    fn as_i(self) -> i64 {
        match self {
            Val::I(v) => v,
            Val::U(v) => i64::from(v),
            #[allow(clippy::cast_possible_truncation)]
            Val::F(v) => v as i64,
            Val::B(b) => i64::from(b),
        }
    }
    /// As C converts to `unsigned int`: modulo 2³².
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    fn as_u(self) -> u32 {
        match self {
            Val::U(v) => v,
            v => v.as_i() as u32,
        }
    }
    /// As people read it.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Val::I(v) => v.to_string(),
            Val::U(v) => v.to_string(),
            Val::F(v) => crate::figure::format_decimal(f64::from(v)),
            Val::B(b) => b.to_string(),
        }
    }
    fn convert(self, ty: Ty) -> Val {
        match ty {
            Ty::Int => Val::I(self.as_i()),
            Ty::Unsigned => Val::U(self.as_u()),
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
    /// The scheduling model.
    pub sched: Sched,
}

/// How a warp's diverged lanes are scheduled (`sched=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sched {
    /// Pre-Volta SIMT: one program counter per warp and a reconvergence stack; at a split
    /// the then side (or the looping lanes) runs to the reconvergence point first.
    #[default]
    Stack,
    /// Volta and later (independent thread scheduling): each diverged group has its own
    /// program counter; the groups take turns, one instruction each.
    Its,
}

/// A warp-level call that breaks the guide's mask rule: its mask names lanes that are not
/// active at it, or an active lane that calls it is left out of its own mask. Either way the
/// result is undefined on a GPU; one call counts once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaskViolation {
    /// The line.
    pub line: usize,
    /// The function.
    pub call: String,
    /// The block (linear index) and the warp in it.
    pub block: u64,
    /// The warp in the block.
    pub warp: u64,
    /// The lanes named but not active.
    pub lanes: u32,
    /// The lanes active at the call.
    pub active: u32,
    /// The active lanes that made the call without their own bit in the mask.
    pub left_out: u32,
    /// The mask the call names (the union of the calling lanes' masks).
    pub named: u32,
}

/// A warp-level call of the recorded warp, for the picture.
#[derive(Clone, Debug, PartialEq)]
pub struct WarpOp {
    /// The function.
    pub call: String,
    /// The mask it names (the union of the active lanes' masks).
    pub named: u32,
    /// The lanes active at the call.
    pub active: u32,
    /// The active lanes that called without their own bit in the mask (a mask violation:
    /// undefined on a GPU).
    pub left_out: u32,
    /// For a shuffle: (source lane, destination lane, value moved) for every lane that read
    /// another lane's value.
    pub moves: Vec<(u8, u8, String)>,
    /// For a vote: the lanes whose predicate was true (the ballot's bits).
    pub ballot: Option<u32>,
}

/// Most mask violations named (all are counted).
pub const MAX_VIOLATIONS: usize = 8;
/// Most warp-level calls recorded for the picture.
pub const MAX_OPS: usize = 200;

/// Most warps one run executes.
pub const MAX_WARPS: u64 = 4096;
/// Most warp-level instructions one run issues.
pub const STEP_BUDGET: u64 = 2_000_000;
/// Most steps recorded for the step-through.
pub const MAX_TRACE: usize = 4000;
/// The memory transaction the lab costs: the coalescing model's aligned 128-byte segment.
pub use crate::coalescing::access::TRANSACTION_BYTES as LINE;
/// Bytes of the lab's `int`, `unsigned` and `float`: one 4-byte bank word.
pub const ELEM_BYTES: u64 = crate::banks::rule::WORD_BYTES;

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
    /// Under `sched=its`: the warp's other lane groups, each (the line it last issued, its
    /// lanes); empty when the warp is one group.
    pub groups: Vec<(usize, u32)>,
    /// The warp-level calls this instruction made.
    pub ops: Vec<WarpOp>,
    /// Whether this instruction is a `__syncthreads()`.
    pub barrier: bool,
}

/// What a recorded step is to the learner looking for the next thing that happens: lanes
/// split, lanes merge, a barrier, or the end of the recording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Fewer lanes run together than at the step before: a branch or a loop exit split them.
    Split,
    /// More lanes run together than at the step before: they merged (rejoined).
    Merge,
    /// A `__syncthreads()`.
    Barrier,
    /// The last recorded step.
    End,
}

impl Event {
    /// Its name in `data-event`: `split`, `merge`, `barrier`, `end`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Event::Split => "split",
            Event::Merge => "merge",
            Event::Barrier => "barrier",
            Event::End => "end",
        }
    }
}

/// The event at step `i` of `trace`, if any. Lanes running together: under `sched=stack` the
/// active mask (a strict subset of the step before's is a split, a strict superset a merge;
/// the other side of an if/else is neither); under `sched=its` the number of lane groups
/// (more is a split, fewer a merge), since the groups take turns and the mask alternates.
#[must_use]
pub fn event_at(trace: &[TraceStep], i: usize) -> Option<Event> {
    let s = trace.get(i)?;
    if s.barrier {
        return Some(Event::Barrier);
    }
    if i + 1 == trace.len() {
        return Some(Event::End);
    }
    let prev = trace.get(i.checked_sub(1)?)?;
    let (groups, before) = (s.groups.len(), prev.groups.len());
    if groups != before {
        return Some(if groups > before {
            Event::Split
        } else {
            Event::Merge
        });
    }
    if groups > 0 {
        return None;
    }
    if s.mask != prev.mask && s.mask & !prev.mask == 0 {
        Some(Event::Split)
    } else if s.mask != prev.mask && prev.mask & !s.mask == 0 {
        Some(Event::Merge)
    } else {
        None
    }
}

/// The first step after `from` with an event, and the event ("Next event ▶").
#[must_use]
pub fn next_event(trace: &[TraceStep], from: usize) -> Option<(usize, Event)> {
    (from + 1..trace.len()).find_map(|i| event_at(trace, i).map(|e| (i, e)))
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
    /// Instructions the recorded warp issued: more than `trace.len()` when the recording
    /// stopped at [`MAX_TRACE`] steps.
    pub traced_issued: u64,
    /// Every global access's byte addresses (the active lanes', in lane order) and the
    /// transactions charged: what the test that checks the lab against the coalescing panel,
    /// access by access, reads (tests only).
    #[cfg(test)]
    pub global_log: Vec<(Vec<u64>, u64)>,
    /// The `watch=` elements after the run.
    pub watched: Vec<Watched>,
    /// Warp-level calls (shuffles, votes, `__activemask`, `__syncwarp`) issued.
    pub warp_calls: u64,
    /// Warp-level shuffle instructions issued.
    pub shuffles: u64,
    /// Warp-level vote instructions issued (`__ballot_sync`, `__any_sync`, `__all_sync`).
    pub votes: u64,
    /// Warp-level atomic instructions issued.
    pub atomics: u64,
    /// Warp-level calls whose mask named a lane not active at the call.
    pub mask_violations: u64,
    /// The first of them.
    pub violations: Vec<MaskViolation>,
    /// The scheduling model it ran under.
    pub sched: Sched,
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
    /// The elements (f64 holds every float and every 32-bit integer exactly).
    data: Vec<f64>,
    base: u64,
}

/// Who touched a shared word since the last barrier: its last writer, and up to two readers
/// of different warps (enough to name a reader other than any given warp).
#[derive(Clone, Copy, Default)]
struct Shadow {
    writer: Option<(u64, usize)>,
    readers: [Option<(u64, usize)>; 2],
}

impl Buffer {
    /// Element `k` as its type reads it.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    fn get(&self, k: usize) -> Val {
        let x = self.data.get(k).copied().unwrap_or(0.0);
        match self.ty {
            Ty::Float => Val::F(x as f32),
            Ty::Unsigned => Val::U(x as i64 as u32),
            _ => Val::I(x as i64),
        }
    }
    /// Stores `v` into element `k`, converted to the element type.
    #[allow(clippy::cast_precision_loss)]
    fn put(&mut self, k: usize, v: Val) {
        let x = match self.ty {
            Ty::Float => f64::from(v.as_f()),
            Ty::Unsigned => f64::from(v.as_u()),
            _ => v.as_i() as f64,
        };
        if let Some(slot) = self.data.get_mut(k) {
            *slot = x;
        }
    }
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
    /// Bumped by every store or atomic that changes a value.
    version: u64,
    /// An atomic's shared access is running (atomics are not races).
    atomic_now: bool,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
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
    /// The lanes that entered it.
    entry: u32,
    /// Under `sched=stack`, with lanes waiting at its exit: the looping lanes' variables and
    /// the memory's version at the last trip's condition (the same twice: it never ends).
    snap: Option<(u64, Vec<Lanes>)>,
}

/// One frame of a warp's statement stack: what it is in the middle of.
#[derive(Clone)]
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
    /// Under `sched=its`: its group issued one instruction (its turn is over).
    Yield,
    /// At the barrier statement `id` (its address), on `line`.
    Barrier { line: usize, id: usize },
    /// Its lanes have all finished.
    Done,
}

/// Why a lane group (under `sched=its`) is not running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Park {
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

/// How many instructions of the other groups a group waits at its reconvergence point before
/// it goes on alone (the scheduler's forward-progress guarantee under `sched=its`).
pub const PATIENCE: u32 = 32;

/// A group of a warp's lanes with one program counter: the whole warp under `sched=stack`,
/// each diverged group under `sched=its`.
#[derive(Clone)]
struct Group<'k> {
    /// Its lanes.
    own: u32,
    scopes: Vec<Vec<(String, Ty, Lanes)>>,
    stack: Vec<StackEntry>,
    loop_line: usize,
    frames: Vec<Frame<'k>>,
    /// A finished child's flow, kept while the group is switched out.
    ret: Option<Flow>,
    /// Frame depths of the splits it is part of: it has reached a reconvergence point when its
    /// frames are no deeper than the last.
    joins: Vec<usize>,
    park: Park,
    /// The line of its last issued instruction.
    last_line: usize,
}

struct Warp<'k> {
    /// The warp within its block.
    index: u64,
    /// Per-lane thread coordinates and block coordinates.
    tid: [(u64, u64, u64); 32],
    block: (u64, u64),
    /// Lanes that are threads of the block.
    valid: u32,
    returned: u32,
    /// The group running now, and (under `sched=its`) the others in turn order.
    g: Group<'k>,
    others: std::collections::VecDeque<Group<'k>>,
    /// Under `sched=its`: the running group issued its instruction for this turn.
    yield_now: bool,
    /// Cycles this warp issued, and its divergent branches.
    cycles: u64,
    divergent: u64,
    done: bool,
}

impl Warp<'_> {
    fn lookup(&self, name: &str) -> Option<&(String, Ty, Lanes)> {
        self.g
            .scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _, _)| n == name)
    }
    fn lookup_mut(&mut self, name: &str) -> Option<&mut (String, Ty, Lanes)> {
        self.g
            .scopes
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
            let at = if w.g.loop_line > 0 {
                w.g.loop_line
            } else {
                line
            };
            return Err(RunError {
                line: at,
                message: if w.g.loop_line > 0 {
                    crate::tr!("kernel.run.budget.loop", budget = STEP_BUDGET, line = at)
                } else {
                    crate::tr!("kernel.run.budget", budget = STEP_BUDGET)
                },
            });
        }
        if self.record {
            self.r.traced_issued += 1;
        }
        if self.record && self.r.trace.len() < MAX_TRACE {
            let vars =
                w.g.scopes
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
                stack: w.g.stack.clone(),
                vars,
                groups: w.others.iter().map(|g| (g.last_line, g.own)).collect(),
                ops: Vec::new(),
                barrier: false,
            });
        }
        w.g.last_line = line;
        if self.launch.sched == Sched::Its {
            w.yield_now = true;
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
            addrs.push(buf.base + u64::try_from(i).unwrap_or(0) * ELEM_BYTES);
        }
        // The coalescing panel's own rule (one home, issue 26): the segments the lanes'
        // 4-byte elements touch are the transactions; the bytes asked for are the useful ones.
        let segments = crate::coalescing::access::segments_of(
            lanes(mask).map(|l| l as u64).zip(addrs.iter().copied()),
            ELEM_BYTES,
            LINE,
        );
        let t = segments.len() as u64;
        let useful: u64 = segments
            .iter()
            .map(crate::coalescing::access::Segment::used_bytes)
            .sum();
        let stats = if store {
            &mut self.r.stores
        } else {
            &mut self.r.loads
        };
        stats.accesses += 1;
        stats.transactions += t;
        stats.useful_bytes += useful;
        #[cfg(test)]
        self.r.global_log.push((addrs.clone(), t));
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
            addresses[l] = Some(words[l] as u64 * ELEM_BYTES);
        }
        let cost = super::banks::bank_cost(&addresses, ELEM_BYTES);
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
        if !self.atomic_now {
            for l in lanes(mask) {
                self.shadow_touch(w.index, words[l], line, store, array);
            }
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
            Expr::UInt(v) => out = [Val::U(*v); 32],
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
                    out[l] = buf.get(usize::try_from(idx[l].as_i()).unwrap_or(0));
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
                        (Un::Neg, Val::U(u)) => Val::U(u.wrapping_neg()),
                        (Un::BitNot, Val::U(u)) => Val::U(!u),
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
            Expr::Atomic(op, addr, args) => return self.atomic(w, *op, addr, args, mask, line),
            Expr::Call(f, args) if WARP_FUNCTIONS.iter().any(|(n, _, _)| n == f) => {
                return self.warp_call(w, f, args, mask, line)
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

    /// Counts and names a warp-level call that breaks the guide's rule: "each calling thread
    /// must have its own bit set in the mask, and all non-exited threads named in mask must
    /// execute the same intrinsic with the same mask". `left_out`: active lanes whose bit is
    /// not in `named`; `lanes`: named lanes not active (exited lanes excepted), checked only
    /// when `absent_too` (under `its`, `__syncwarp` waits for them instead). Once per call.
    fn check_mask(
        &mut self,
        w: &Warp,
        call: &str,
        named: u32,
        active: u32,
        line: usize,
        absent_too: bool,
    ) {
        let lanes = if absent_too {
            named & !active & !w.returned
        } else {
            0
        };
        let left_out = active & !named;
        if lanes == 0 && left_out == 0 {
            return;
        }
        self.r.mask_violations += 1;
        if self.r.violations.len() < MAX_VIOLATIONS {
            self.r.violations.push(MaskViolation {
                line,
                call: call.to_string(),
                block: self.block,
                warp: w.index,
                lanes,
                active,
                left_out,
                named,
            });
        }
    }

    /// Marks the recorded warp's step just issued as a barrier, if it was recorded.
    fn mark_barrier(&mut self) {
        if self.record && self.r.traced_issued == self.r.trace.len() as u64 {
            if let Some(step) = self.r.trace.last_mut() {
                step.barrier = true;
            }
        }
    }

    /// Records a warp-level call of the recorded warp on its last step.
    fn record_op(&mut self, op: WarpOp) {
        if !self.record {
            return;
        }
        let total: usize = self.r.trace.iter().map(|t| t.ops.len()).sum();
        if total < MAX_OPS {
            if let Some(step) = self.r.trace.last_mut() {
                step.ops.push(op);
            }
        }
    }

    /// Shuffles, votes, `__activemask`, `__syncwarp`, `__popc`, `__ffs` over the lanes of
    /// `mask` (the active lanes: they read each other's values).
    fn warp_call(
        &mut self,
        w: &mut Warp,
        f: &str,
        args: &[Expr],
        mask: u32,
        line: usize,
    ) -> Result<Lanes, RunError> {
        let vals: Vec<Lanes> = args
            .iter()
            .map(|a| self.eval(w, a, mask, line))
            .collect::<Result<_, _>>()?;
        let mut out = [Val::I(0); 32];
        let arg = |k: usize| vals.get(k).copied().unwrap_or([Val::I(0); 32]);
        match f {
            "__popc" => {
                for l in lanes(mask) {
                    out[l] = Val::I(i64::from(arg(0)[l].as_u().count_ones()));
                }
                return Ok(out);
            }
            "__ffs" => {
                for l in lanes(mask) {
                    let v = arg(0)[l].as_u();
                    out[l] = Val::I(if v == 0 {
                        0
                    } else {
                        i64::from(v.trailing_zeros() + 1)
                    });
                }
                return Ok(out);
            }
            "__activemask" => {
                self.r.warp_calls += 1;
                return Ok([Val::U(mask); 32]);
            }
            _ => {}
        }
        self.r.warp_calls += 1;
        // The mask each lane passes; the lanes should agree: the lab takes their union.
        let named = if f == "__syncwarp" && vals.is_empty() {
            u32::MAX
        } else {
            lanes(mask).fold(0, |m, l| m | arg(0)[l].as_u())
        };
        // Under its, __syncwarp waits for the lanes it names (checked when it lets go); a
        // calling lane left out of its own mask is wrong under either scheduler.
        let absent_too = !(f == "__syncwarp" && self.launch.sched == Sched::Its);
        self.check_mask(w, f, named, mask, line, absent_too);
        // The lanes taking part: active and named.
        let part = mask & named;
        let mut op = WarpOp {
            call: f.to_string(),
            named,
            active: mask,
            left_out: mask & !named,
            moves: Vec::new(),
            ballot: None,
        };
        match f {
            "__syncwarp" => {}
            "__ballot_sync" | "__any_sync" | "__all_sync" => {
                self.r.votes += 1;
                let p = arg(1);
                let ballot = lanes(part)
                    .filter(|l| p[*l].truthy())
                    .fold(0u32, |m, l| m | (1 << l));
                let v = match f {
                    "__ballot_sync" => Val::U(ballot),
                    "__any_sync" => Val::I(i64::from(ballot != 0)),
                    _ => Val::I(i64::from(ballot == part)),
                };
                for l in lanes(mask) {
                    out[l] = v;
                }
                op.ballot = Some(ballot);
            }
            _ => {
                self.r.shuffles += 1;
                let (v, b) = (arg(1), arg(2));
                for l in lanes(mask) {
                    let width = vals.get(3).map_or(32, |x| x[l].as_i());
                    if !(1..=32).contains(&width) || width & (width - 1) != 0 {
                        return Err(RunError {
                            line,
                            message: crate::tr!("kernel.run.shfl-width", name = f, width, lane = l),
                        });
                    }
                    let width = usize::try_from(width).unwrap_or(32);
                    // The lane's segment of `width` lanes: [first, first + width).
                    let first = l & !(width - 1);
                    let last = first + width - 1;
                    let d = b[l].as_u() as usize;
                    // Where the PTX shfl modes read from (None: out of the segment).
                    let src = match f {
                        "__shfl_sync" => Some(
                            first
                                + usize::try_from(
                                    b[l].as_i().rem_euclid(i64::try_from(width).unwrap_or(32)),
                                )
                                .unwrap_or(0),
                        ),
                        "__shfl_up_sync" => l.checked_sub(d).filter(|j| *j >= first),
                        "__shfl_down_sync" => l.checked_add(d).filter(|j| *j <= last),
                        _ => Some(l ^ d).filter(|j| *j <= last),
                    };
                    // A source outside the segment, inactive or not named: the caller's own
                    // value (the guide leaves an inactive source undefined).
                    out[l] = match src.filter(|j| part & (1 << j) != 0) {
                        Some(j) => {
                            if j != l {
                                #[allow(clippy::cast_possible_truncation)]
                                op.moves.push((j as u8, l as u8, v[j].text()));
                            }
                            v[j]
                        }
                        None => v[l],
                    };
                }
            }
        }
        self.record_op(op);
        Ok(out)
    }

    /// An atomic: the lanes of `mask` apply it one at a time, in lane order, each reading the
    /// value the lane before left; each gets the old value.
    fn atomic(
        &mut self,
        w: &mut Warp,
        op: Atomic,
        addr: &Addr,
        args: &[Expr],
        mask: u32,
        line: usize,
    ) -> Result<Lanes, RunError> {
        let vals: Vec<Lanes> = args
            .iter()
            .map(|a| self.eval(w, a, mask, line))
            .collect::<Result<_, _>>()?;
        let arg = |k: usize, l: usize| vals.get(k).map_or(Val::I(0), |v| v[l]);
        self.r.atomics += 1;
        // Each lane's element: a buffer index or a shared word.
        let (global, slots): (Option<&String>, [usize; 32]) = match addr {
            Addr::Global(n, i) => {
                let idx = self.eval(w, i, mask, line)?;
                self.access(w, n, &idx, mask, line, true)?;
                (
                    Some(n),
                    std::array::from_fn(|l| usize::try_from(idx[l].as_i()).unwrap_or(0)),
                )
            }
            Addr::Shared(a, i) => {
                let idx = i
                    .iter()
                    .map(|i| self.eval(w, i, mask, line))
                    .collect::<Result<Vec<_>, _>>()?;
                self.atomic_now = true;
                let words = self.shared_access(w, *a, &idx, mask, line, true);
                self.atomic_now = false;
                (None, words?)
            }
        };
        // Lanes on one element are serialized: one more cycle per lane after the first on the
        // busiest element.
        let mut busiest = 0u64;
        for l in lanes(mask) {
            let same = lanes(mask).filter(|k| slots[*k] == slots[l]).count() as u64;
            busiest = busiest.max(same);
        }
        let extra = busiest.saturating_sub(1);
        self.r.cycles += extra;
        w.cycles += extra;
        let mut out = [Val::I(0); 32];
        for l in lanes(mask) {
            let (old, ty) = if let Some(n) = global {
                let b = &self.buffers[n];
                (b.get(slots[l]), b.ty)
            } else {
                let ty = match addr {
                    Addr::Shared(a, _) => self.kernel.shared[*a].ty,
                    Addr::Global(..) => Ty::Int,
                };
                (self.shared.get(slots[l]).copied().unwrap_or(Val::I(0)), ty)
            };
            let v = arg(0, l);
            let new = match op {
                Atomic::Add => binop(Bin::Add, old, v).map_err(Self::lane_error(line, l))?,
                Atomic::Sub => binop(Bin::Sub, old, v).map_err(Self::lane_error(line, l))?,
                Atomic::Max | Atomic::Min => {
                    let greater = binop(Bin::Gt, v, old).map_err(Self::lane_error(line, l))?;
                    if greater.truthy() == (op == Atomic::Max)
                        && binop(Bin::Ne, v, old).is_ok_and(Val::truthy)
                    {
                        v
                    } else {
                        old
                    }
                }
                Atomic::Exch => v,
                Atomic::Cas => {
                    if binop(Bin::Eq, old, v).is_ok_and(Val::truthy) {
                        arg(1, l)
                    } else {
                        old
                    }
                }
            }
            .convert(ty);
            if new != old {
                self.version += 1;
            }
            match global {
                Some(n) => {
                    if let Some(b) = self.buffers.get_mut(n) {
                        b.put(slots[l], new);
                    }
                }
                None => {
                    if let Some(slot) = self.shared.get_mut(slots[l]) {
                        *slot = new;
                        self.written.push(slots[l]);
                    }
                }
            }
            out[l] = old;
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
                        self.version += 1;
                        b.put(k, v);
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
                        self.version += 1;
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
                if let Some(scope) = w.g.scopes.last_mut() {
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
                w.g.scopes.push(Vec::new());
                w.g.frames.push(Frame::Seq {
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
            StmtKind::Sync => {
                self.issue(w, line, mask, 1)?;
                self.mark_barrier();
            }
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
                w.g.stack.push(StackEntry {
                    kind: "if",
                    line,
                    rejoin: mask,
                });
                let depth = w.g.frames.len();
                w.g.frames.push(Frame::If {
                    line,
                    t,
                    f,
                    then,
                    els: els.as_ref().map(|(b, _)| b.as_slice()),
                    stage: 0,
                    flow: Flow::default(),
                    cycles: (w.cycles, 0),
                });
                if self.launch.sched == Sched::Its && t != 0 && f != 0 {
                    // Two program counters: the then side keeps this group, the else side
                    // becomes a group of its own that runs next.
                    let mut other = w.g.clone();
                    other.own = w.g.own & f;
                    other.joins.push(depth);
                    w.g.own &= t;
                    w.g.joins.push(depth);
                    w.others.push_front(other);
                }
                return Ok(None);
            }
            StmtKind::While(c, body) => {
                push_loop(w, line, Some(c), None, body, mask, false);
                return Ok(None);
            }
            StmtKind::For(init, c, step, body) => {
                w.g.scopes.push(Vec::new());
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
    let outer = w.g.loop_line;
    w.g.loop_line = line;
    w.g.stack.push(StackEntry {
        kind: "loop",
        line,
        rejoin: mask,
    });
    w.g.frames.push(Frame::Loop(Box::new(LoopFrame {
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
        entry: mask,
        snap: None,
    })));
}

impl<'k> Machine<'k> {
    /// Runs warp `w` until it reaches a barrier or ends.
    fn run_warp(&mut self, w: &mut Warp<'k>) -> Result<Stop, RunError> {
        let its = self.launch.sched == Sched::Its;
        let mut ret: Option<Flow> = w.g.ret.take();
        loop {
            if its {
                // One instruction per turn; a group at the reconvergence point of a split
                // stops there (the scheduler decides whether it waits).
                let joined = w.g.joins.last().is_some_and(|d| w.g.frames.len() <= *d);
                if w.yield_now || joined {
                    w.yield_now = false;
                    w.g.ret = ret;
                    if joined {
                        w.g.park = Park::Join(PATIENCE);
                    }
                    return Ok(Stop::Yield);
                }
            }
            let Some(frame) = w.g.frames.pop() else {
                break;
            };
            match frame {
                Frame::Seq {
                    body,
                    pc,
                    mask,
                    mut flow,
                    scoped,
                } => {
                    flow.merge(ret.take());
                    let live = mask & w.g.own & !(flow.brk | flow.cont | w.returned);
                    let Some(s) = body.get(pc).filter(|_| live != 0) else {
                        if scoped {
                            w.g.scopes.pop();
                        }
                        ret = Some(flow);
                        continue;
                    };
                    w.g.frames.push(Frame::Seq {
                        body,
                        pc: pc + 1,
                        mask,
                        flow,
                        scoped,
                    });
                    if matches!(s.kind, StmtKind::Sync) {
                        self.issue(w, s.line, live, 1)?;
                        self.mark_barrier();
                        if its {
                            w.yield_now = false;
                            w.g.park = Park::Barrier(s.line, std::ptr::from_ref(s) as usize);
                            return Ok(Stop::Yield);
                        }
                        if live != w.valid {
                            return Err(self.partial_barrier(w, s.line, live));
                        }
                        return Ok(Stop::Barrier {
                            line: s.line,
                            id: std::ptr::from_ref(s) as usize,
                        });
                    }
                    ret = self.start(w, s, live)?;
                    if its {
                        if let StmtKind::Expr(Expr::Call(f, args)) = &s.kind {
                            if f == "__syncwarp" {
                                let named = match args.first() {
                                    Some(e) => {
                                        let v = self.eval(w, e, live, s.line)?;
                                        lanes(live).fold(0, |m, l| m | v[l].as_u())
                                    }
                                    None => u32::MAX,
                                };
                                w.g.park = Park::SyncWarp(named, std::ptr::from_ref(s) as usize);
                            }
                        }
                    }
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
                        w.g.frames.push(Frame::If {
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
                            if t & w.g.own != 0 {
                                seq(w, then, t);
                            }
                        }
                        (1, Some(body)) if f & w.g.own != 0 => {
                            cycles.1 = w.cycles;
                            push(w, 2, cycles, flow);
                            if let Some(top) = w.g.stack.last_mut() {
                                top.kind = "else";
                            }
                            seq(w, body, f);
                        }
                        _ => {
                            if stage == 1 {
                                cycles.1 = w.cycles;
                            }
                            w.g.stack.pop();
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
                    let before = if lp.in_body { lp.go } else { lp.live } & w.g.own;
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
                    lp.live &= w.g.own;
                    if !its && lp.live != 0 {
                        self.livelock(w, &mut lp)?;
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
                    let leaving = before & !go & !w.returned;
                    if its && go != 0 && leaving != 0 {
                        // The lanes leaving the loop go on as a group of their own, from the
                        // loop's exit; the looping lanes keep this program counter.
                        let depth = w.g.frames.len();
                        let mut gone = w.g.clone();
                        gone.own = leaving;
                        gone.ret = None;
                        let mut exit = lp.clone();
                        exit.live = 0;
                        exit.in_body = false;
                        gone.frames.push(Frame::Loop(exit));
                        gone.joins.push(depth);
                        w.g.joins.push(depth);
                        w.g.own &= !leaving;
                        w.others.push_front(gone);
                    }
                    if go == 0 {
                        w.g.stack.pop();
                        w.g.loop_line = lp.outer;
                        if lp.scoped {
                            w.g.scopes.pop();
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
                    w.g.frames.push(Frame::Loop(lp));
                    seq(w, body, go);
                }
            }
        }
        Ok(Stop::Done)
    }

    /// Under `sched=stack`, at a loop's condition while some of its lanes wait at its exit:
    /// the same variables and memory as at the last trip means it never ends, and the waiting
    /// lanes never run again (a livelock, such as a spin lock whose holder waits there).
    fn livelock(&mut self, w: &Warp, lp: &mut LoopFrame) -> Result<(), RunError> {
        let waiting = lp.entry & !lp.live & !w.returned;
        if waiting == 0 {
            lp.snap = None;
            return Ok(());
        }
        let vars: Vec<Lanes> = w.g.scopes.iter().flatten().map(|(_, _, v)| *v).collect();
        let now = (self.version, vars);
        if lp.snap.as_ref() == Some(&now) {
            return Err(RunError {
                line: lp.line,
                message: crate::tr!(
                    "kernel.run.livelock",
                    line = lp.line,
                    waiting = lane_list(waiting),
                    looping = lane_list(lp.live),
                    warp = w.index,
                    block = self.block
                ),
            });
        }
        lp.snap = Some(now);
        Ok(())
    }

    /// Under `sched=its`: runs warp `w`'s lane groups in turn, one instruction each, merging
    /// groups that stand at the same place, until the warp reaches a barrier or ends.
    fn run_warp_its(&mut self, w: &mut Warp<'k>) -> Result<Stop, RunError> {
        if matches!(w.g.park, Park::Barrier(..)) {
            w.g.park = Park::Run;
        }
        loop {
            if w.g.park == Park::Run {
                let stop = self.run_warp(w)?;
                for g in &mut w.others {
                    if let Park::Join(p) = g.park {
                        if p <= 1 {
                            g.park = Park::Run;
                            g.joins.pop();
                        } else {
                            g.park = Park::Join(p - 1);
                        }
                    }
                }
                if matches!(stop, Stop::Done) {
                    match w.others.pop_front() {
                        Some(g) => w.g = g,
                        None => return Ok(Stop::Done),
                    }
                }
            }
            merge_groups(w);
            let open = w.valid & !w.returned;
            for g in std::iter::once(&mut w.g).chain(w.others.iter_mut()) {
                if let Park::SyncWarp(named, _) = g.park {
                    if named & open & !g.own == 0 {
                        g.park = Park::Run;
                    }
                }
            }
            if w.others.is_empty() {
                match w.g.park {
                    Park::Barrier(line, id) => {
                        let live = w.g.own & !w.returned;
                        if live != w.valid {
                            return Err(self.partial_barrier(w, line, live));
                        }
                        return Ok(Stop::Barrier { line, id });
                    }
                    Park::Join(_) => {
                        w.g.park = Park::Run;
                        w.g.joins.pop();
                    }
                    _ => {}
                }
            }
            if let Some(i) = w.others.iter().position(|g| g.park == Park::Run) {
                if let Some(next) = w.others.remove(i) {
                    let cur = std::mem::replace(&mut w.g, next);
                    w.others.push_back(cur);
                }
            } else if w.g.park != Park::Run {
                // No group can run: let go of every wait but a barrier's.
                if let Park::Barrier(line, _) = w.g.park {
                    if w.others.iter().all(|g| matches!(g.park, Park::Barrier(..))) {
                        return Err(self.partial_barrier(w, line, w.g.own & !w.returned));
                    }
                }
                let mut late = Vec::new();
                for g in std::iter::once(&mut w.g).chain(w.others.iter_mut()) {
                    match g.park {
                        Park::Join(_) => {
                            g.park = Park::Run;
                            g.joins.pop();
                        }
                        Park::SyncWarp(named, _) => {
                            late.push((named, g.own, g.last_line));
                            g.park = Park::Run;
                        }
                        _ => {}
                    }
                }
                // The named lanes that never came; a caller left out of its own mask was
                // counted when it called (`named | own` leaves none left out here).
                for (named, own, line) in late {
                    self.check_mask(w, "__syncwarp", named | own, own, line, true);
                }
            }
        }
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

/// Lanes as people write them: `0, 2–5, 31`.
#[must_use]
pub fn lane_list(mask: u32) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut l = 0u32;
    while l < 32 {
        if mask & (1 << l) == 0 {
            l += 1;
            continue;
        }
        let start = l;
        while l < 32 && mask & (1 << l) != 0 {
            l += 1;
        }
        out.push(if l - 1 == start {
            start.to_string()
        } else {
            format!("{start}–{}", l - 1)
        });
    }
    out.join(", ")
}

/// Where a group stands: the same frames at the same statements, the same scopes.
fn same_place(a: &Group, b: &Group) -> bool {
    if a.frames.len() != b.frames.len() || a.ret.is_some() != b.ret.is_some() {
        return false;
    }
    let parks = match (a.park, b.park) {
        (Park::Run | Park::Join(_), Park::Run | Park::Join(_)) => true,
        (Park::SyncWarp(_, x), Park::SyncWarp(_, y))
        | (Park::Barrier(_, x), Park::Barrier(_, y)) => x == y,
        _ => false,
    };
    let frames = a.frames.iter().zip(&b.frames).all(|(x, y)| match (x, y) {
        (
            Frame::Seq { body, pc, .. },
            Frame::Seq {
                body: b2, pc: p2, ..
            },
        ) => body.as_ptr() == b2.as_ptr() && pc == p2,
        (
            Frame::If { line, stage, .. },
            Frame::If {
                line: l2,
                stage: s2,
                ..
            },
        ) => line == l2 && stage == s2,
        (Frame::Loop(x), Frame::Loop(y)) => x.line == y.line && x.in_body == y.in_body,
        _ => false,
    });
    let scopes = a.scopes.len() == b.scopes.len()
        && a.scopes
            .iter()
            .zip(&b.scopes)
            .all(|(x, y)| x.len() == y.len() && x.iter().zip(y).all(|(p, q)| p.0 == q.0));
    parks && frames && scopes
}

/// Merges group `b` into `a` (they stand at the same place): each lane's state from its own
/// group.
fn merge(a: &mut Group, b: Group) {
    let own = b.own;
    let pick = |x: u32, y: u32| (x & !own) | (y & own);
    let flow = |x: Flow, y: Flow| Flow {
        brk: pick(x.brk, y.brk),
        cont: pick(x.cont, y.cont),
    };
    for (fa, fb) in a.frames.iter_mut().zip(b.frames) {
        match (fa, fb) {
            (
                Frame::Seq { mask, flow: f, .. },
                Frame::Seq {
                    mask: m2, flow: f2, ..
                },
            ) => {
                *mask = pick(*mask, m2);
                *f = flow(*f, f2);
            }
            (
                Frame::If { t, f, flow: fl, .. },
                Frame::If {
                    t: t2,
                    f: f2,
                    flow: fl2,
                    ..
                },
            ) => {
                *t = pick(*t, t2);
                *f = pick(*f, f2);
                *fl = flow(*fl, fl2);
            }
            (Frame::Loop(x), Frame::Loop(y)) => {
                x.live = pick(x.live, y.live);
                x.go = pick(x.go, y.go);
                x.entry = pick(x.entry, y.entry);
                x.split |= y.split;
                for l in lanes(own) {
                    x.counts[l] = y.counts[l];
                }
            }
            _ => {}
        }
    }
    for (sa, sb) in a.scopes.iter_mut().zip(b.scopes) {
        for (va, vb) in sa.iter_mut().zip(sb) {
            for l in lanes(own) {
                va.2[l] = vb.2[l];
            }
        }
    }
    if let (Some(x), Some(y)) = (a.ret, b.ret) {
        a.ret = Some(flow(x, y));
    }
    for (ea, eb) in a.stack.iter_mut().zip(b.stack) {
        ea.rejoin = pick(ea.rejoin, eb.rejoin);
    }
    a.own |= own;
    let depth = a.frames.len();
    while a.joins.last().is_some_and(|d| *d >= depth) {
        a.joins.pop();
    }
    if a.park != b.park || matches!(a.park, Park::Join(_)) {
        a.park = Park::Run;
    }
}

/// Merges every two groups of `w` that stand at the same place.
fn merge_groups(w: &mut Warp) {
    let mut j = 0;
    while j < w.others.len() {
        if same_place(&w.g, &w.others[j]) {
            if let Some(b) = w.others.remove(j) {
                merge(&mut w.g, b);
            }
            j = 0;
        } else {
            j += 1;
        }
    }
    let mut i = 0;
    while i < w.others.len() {
        let mut j = i + 1;
        while j < w.others.len() {
            if same_place(&w.others[i], &w.others[j]) {
                if let Some(b) = w.others.remove(j) {
                    merge(&mut w.others[i], b);
                }
            } else {
                j += 1;
            }
        }
        i += 1;
    }
}

/// Pushes a scoped statement list run by `mask`.
fn seq<'k>(w: &mut Warp<'k>, body: &'k [Stmt], mask: u32) {
    w.g.scopes.push(Vec::new());
    w.g.frames.push(Frame::Seq {
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
    // The banks panel's limits and its 32-word bank row.
    let row = crate::banks::rule::BANKS * ELEM_BYTES;
    (linear && stride as u64 <= crate::MAX_STRIDE).then_some((
        stride as u64,
        (first as u64 * ELEM_BYTES) % row,
        u64::from(k),
    ))
}

fn binop(op: Bin, a: Val, b: Val) -> Result<Val, String> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let float = matches!(a, Val::F(_)) || matches!(b, Val::F(_));
    // C's usual arithmetic conversions: float wins; else an unsigned operand makes both
    // unsigned (modulo 2³²).
    let unsigned = !float && (matches!(a, Val::U(_)) || matches!(b, Val::U(_)));
    let cmp = |o: std::cmp::Ordering| -> Option<std::cmp::Ordering> { Some(o) };
    let order = if float {
        a.as_f().partial_cmp(&b.as_f())
    } else if unsigned {
        cmp(a.as_u().cmp(&b.as_u()))
    } else {
        cmp(a.as_i().cmp(&b.as_i()))
    };
    Ok(match op {
        Bin::Lt => Val::B(order == Some(Less)),
        Bin::Le => Val::B(matches!(order, Some(Less | Equal))),
        Bin::Gt => Val::B(order == Some(Greater)),
        Bin::Ge => Val::B(matches!(order, Some(Greater | Equal))),
        Bin::Eq => Val::B(order == Some(Equal)),
        Bin::Ne => Val::B(order != Some(Equal)),
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
        _ if unsigned => {
            let (x, y) = (a.as_u(), b.as_u());
            Val::U(match op {
                Bin::Add => x.wrapping_add(y),
                Bin::Sub => x.wrapping_sub(y),
                Bin::Mul => x.wrapping_mul(y),
                Bin::Div | Bin::Rem if y == 0 => return Err(crate::tr!("kernel.run.div-zero")),
                Bin::Div => x / y,
                Bin::Rem => x % y,
                // A shift by 32 or more is undefined in C: the lab shifts by the count mod 32.
                Bin::Shl => x.wrapping_shl(y),
                Bin::Shr => x.wrapping_shr(y),
                Bin::BitAnd => x & y,
                Bin::BitOr => x | y,
                Bin::BitXor => x ^ y,
                _ => return Err(crate::tr!("kernel.run.bad-operator")),
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
            traced_issued: 0,
            #[cfg(test)]
            global_log: Vec::new(),
            watched: Vec::new(),
            warp_calls: 0,
            shuffles: 0,
            votes: 0,
            atomics: 0,
            mask_violations: 0,
            violations: Vec::new(),
            sched: launch.sched,
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
        version: 0,
        atomic_now: false,
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
            value: m
                .buffers
                .get(name)
                .and_then(|b| (*index < b.data.len()).then(|| b.get(*index))),
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
