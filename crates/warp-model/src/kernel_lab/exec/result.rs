//! What a launch is and what a run reports: the launch, the limits, the totals and per-line
//! counts, races, mask violations, run-time errors.

use std::collections::BTreeMap;

use super::trace::{TraceStep, Traced};
use super::value::Val;
use crate::kernel_lab::banks::BankCost;
use crate::warps::map::BlockDim;

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
    /// Record each warp's instructions for the SM's timing (`timing=sm`, issue 47):
    /// `RunResult::sm_ops`.
    pub timing: bool,
    /// Whether L1 keeps what loads fetch (`cache=ca`, the default) or is bypassed (`cg`):
    /// one L1 for the whole launch (issue 68).
    pub cache: crate::memory::hierarchy::Cache,
}

/// How a warp's diverged lanes are scheduled (`sched=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// Most mask violations named (all are counted).
pub const MAX_VIOLATIONS: usize = 8;

/// Most warps one run executes.
pub const MAX_WARPS: u64 = 4096;
/// Most warp-level instructions one run issues.
pub const STEP_BUDGET: u64 = 2_000_000;
/// Bytes of the lab's `int`, `unsigned` and `float`: one 4-byte bank word.
pub const ELEM_BYTES: u64 = crate::banks::rule::WORD_BYTES;

/// Per-line counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    /// 32-byte sectors its global loads and stores touched (each access's distinct ones).
    pub sectors: u64,
    /// Of its loads' sectors, those found in L1.
    pub l1_hits: u64,
    /// Those found in L2.
    pub l2_hits: u64,
    /// Bytes it moved to or from DRAM: its loads' L2 misses, and the sectors it stored to
    /// first, × 32.
    pub dram_bytes: u64,
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SharedStats {
    /// Warp-level requests.
    pub requests: u64,
    /// Wavefronts.
    pub wavefronts: u64,
    /// Ideal wavefronts.
    pub ideal: u64,
}

/// The worst shared request of one line (most wavefronts; the first such).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SharedLine {
    /// The array.
    pub array: String,
    /// A store (else a load).
    pub store: bool,
    /// Its cost.
    pub cost: BankCost,
    /// When lane l (of the first `lanes`, all active) reads element `first + l·stride` of the
    /// array: (stride in elements, byte offset of lane 0 modulo 128, lanes). The banks panel's
    /// 1-D mode shows the same request.
    pub strided: Option<(u64, u64, u64)>,
}

impl SharedLine {
    /// The banks panel on this request (a query without `?`), when it is a simple strided one.
    #[must_use]
    pub fn banks_query(&self) -> Option<String> {
        use crate::kernel_lab::link_keys::{
            BANKS_PANEL, BANK_ELEM, BANK_LANES, BANK_LANES_DEFAULT, BANK_OFFSET,
            BANK_OFFSET_DEFAULT, BANK_STRIDE,
        };
        let (stride, offset, lanes) = self.strided?;
        let (offset, lanes) = (offset.to_string(), lanes.to_string());
        let offset = if offset == BANK_OFFSET_DEFAULT {
            String::new()
        } else {
            format!("&{BANK_OFFSET}={offset}")
        };
        let lanes = if lanes == BANK_LANES_DEFAULT {
            String::new()
        } else {
            format!("&{BANK_LANES}={lanes}")
        };
        Some(format!(
            "panel={BANKS_PANEL}&{BANK_ELEM}=4&{BANK_STRIDE}={stride}{offset}{lanes}"
        ))
    }
}

/// One side of a race: a warp's access to a shared word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RaceSide {
    /// The warp (within the block).
    pub warp: u64,
    /// The line.
    pub line: usize,
    /// A store (else a load).
    pub store: bool,
}

/// A shared word written by one warp and read or written by another with no barrier between.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// Two threads' plain accesses to one global word, at least one a store, not ordered by a
/// `__syncthreads()` (different blocks never are) and with no lock held by both.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GlobalRace {
    /// The word, as the source names it (`counter[0]`).
    pub word: String,
    /// The earlier access: (block, thread in the block, line, store).
    pub first: (u64, u64, usize, bool),
    /// The later one.
    pub second: (u64, u64, usize, bool),
    /// Both are stores of different values by lanes of one warp in one step: CUDA does not
    /// say which lane's value lands (issue 45: a reference's `out[0] = threadIdx.x`).
    pub same_step: bool,
}

/// A `watch=` element after the run.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Watched {
    /// The pointer parameter.
    pub name: String,
    /// The index.
    pub index: usize,
    /// Its value (`None`: no such buffer or element).
    pub value: Option<Val>,
}

/// What a divergent `if` did, the first time it split a warp.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BranchRecord {
    /// Line of the if.
    pub line: usize,
    /// Cycles and lanes of the then side.
    pub then: (u64, u32),
    /// Cycles and lanes of the else side (0 cycles when there is no else).
    pub els: (u64, u32),
}

/// The whole run.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
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
    /// stopped at [`MAX_TRACE`](super::trace::MAX_TRACE) steps.
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
    /// Atomic operations: one per active lane of each atomic instruction (the same element's
    /// are applied one after another).
    pub atomic_ops: u64,
    /// The first race on global memory, when the run looked for them (a challenge's check).
    pub global_race: Option<GlobalRace>,
    /// Warp-level calls whose mask named a lane not active at the call.
    pub mask_violations: u64,
    /// The first of them.
    pub violations: Vec<MaskViolation>,
    /// The scheduling model it ran under.
    pub sched: Sched,
    /// Per line.
    pub lines: BTreeMap<usize, LineStats>,
    /// Global loads and stores through L1, L2 and DRAM (issue 68).
    pub memory: crate::memory::hierarchy::Counts,
    /// Floating-point additions, subtractions, multiplications and divisions, one per active
    /// lane (integer operations and atomics count none).
    pub flops: u64,
    /// Whether the kernel declares a shared array (its figures include the banks').
    pub shared_arrays: bool,
    /// The first divergent if, if any.
    pub branch: Option<BranchRecord>,
    /// Per-lane trip counts of the first loop whose lanes split (warp 0 of block 0 first).
    pub loop_counts: Option<(usize, Vec<u64>)>,
    /// Lane-to-lane stride (elements) of the first global access, load or store, with one
    /// constant stride of more than one element (a coalesced access, stride 1, is not offered
    /// as a strided one: issue 45).
    pub strided: Option<u64>,
    /// The recorded warp's steps.
    pub trace: Vec<TraceStep>,
    /// Which warp `trace` records, and why that one.
    pub traced: Traced,
    /// With `LaunchConfig::timing`: each warp's instructions for the SM's timing, in launch
    /// order; empty when the launch issued more than [`MAX_SM_OPS`] (`sm_too_long`).
    #[serde(skip)]
    pub sm_ops: Vec<crate::latency::sm::WarpOps>,
    /// The launch was too long to time.
    pub sm_too_long: bool,
}

/// Most instructions a timed launch records (each warp's, summed): the SM's timing of a
/// longer launch is not shown (its record would hold tens of megabytes).
pub const MAX_SM_OPS: usize = 200_000;

/// A run-time error: the step budget or an out-of-bounds access, naming the line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RunError {
    /// The line.
    pub line: usize,
    /// What happened.
    pub message: String,
}

impl RunError {
    /// What a lane's failed operation says: the message, in that lane, at that line.
    pub(super) fn in_lane(line: usize, lane: usize) -> impl Fn(String) -> RunError {
        move |m| RunError {
            line,
            message: crate::tr!("kernel.run.in-lane", message = m, lane),
        }
    }

    /// The words of a run stopped by its step budget of `budget` warp instructions, naming
    /// the loop's line when it was in one: the one home of that message, which
    /// [`RunError::is_budget`] recognises.
    pub(crate) fn budget_message(budget: u64, in_loop: Option<usize>) -> String {
        match in_loop {
            Some(line) => crate::tr!("kernel.run.budget.loop", budget, line),
            None => crate::tr!("kernel.run.budget", budget),
        }
    }

    /// Whether the run stopped because it passed its step budget of `budget` (not an
    /// out-of-bounds access or another error).
    #[must_use]
    pub fn is_budget(&self, budget: u64) -> bool {
        self.message == Self::budget_message(budget, None)
            || self.message == Self::budget_message(budget, Some(self.line))
    }
}
