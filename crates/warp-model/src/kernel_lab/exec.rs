//! The SIMT interpreter: each warp runs its 32 lanes in lockstep under an active mask, with a
//! reconvergence stack (lanes rejoin at the end of an if/else and at a loop's exit).
//!
//! The block is the unit of execution. Its warps run in turn, each until its next
//! `__syncthreads()` or its end; when every warp of the block waits at the same barrier, they
//! all go on (so warps interleave between barriers, in a fixed order: warp 0 first). A warp's
//! statements are an explicit stack of frames (`state::Frame`: a statement list, an if, a
//! loop) rather than recursion, so that a warp can stop at a barrier and resume there;
//! expressions are evaluated recursively (they hold no barrier).
//!
//! Stated cost model: every issued warp-level instruction (a statement, a condition, a
//! barrier) costs 1 cycle; `heavy_path()` 20, `light_path()` 8, `work(n)` n; a shared access
//! 1 more cycle per bank conflict (a replayed wavefront). Every global load or store records
//! the addresses of its active lanes, and its transactions follow the coalescing model (4-byte
//! elements, 128-byte lines); every shared load or store is costed by the bank rule
//! ([`super::banks`]). Shared words are watched for races between warps of a block between two
//! barriers. Limits instead of hangs: a step budget, bounds checks, and a barrier that not
//! every thread of the block reaches is an error.
//!
//! One file per hardware unit, layered so that no file imports one that imports it back:
//!
//! | file | unit |
//! |---|---|
//! | [`value`] | lanes' values and the ALU's operators |
//! | `trace` | the step-through's record and its events |
//! | `result` | the launch, the limits, what a run reports |
//! | `state` | the machine's state (memory, warps, lane groups, frames): data only |
//! | `memory` | global and shared loads and stores: bounds, transactions, wavefronts, races |
//! | `eval` | expressions and assignments |
//! | `warp_calls` | shuffles, votes, `__syncwarp`, the mask rule, atomics |
//! | `sched` | issuing, statements and the reconvergence stack (`sched=stack`) |
//! | `its` | independent thread scheduling (`sched=its`): groups, turns, merging |
//! | `block` | the block loop, barriers and [`run`] |
//! | `timing` | each warp's instructions recorded for the SM's timing (`timing=sm`) |
//!
//! The `impl Machine` blocks are spread over the units (each method beside the hardware it
//! models); they call each other through the type, not through imports.

mod block;
mod eval;
mod issue;
mod its;
mod memory;
mod result;
mod sched;
mod state;
mod timing;
mod trace;
pub mod value;
mod warp_calls;

pub use block::{run, run_from, run_with, Initial};
pub use result::{
    BranchRecord, GlobalRace, LaunchConfig, LineStats, MaskViolation, MemStats, Race, RaceSide,
    RunError, RunResult, Sched, SharedLine, SharedStats, Watched, ELEM_BYTES, MAX_SM_OPS,
    MAX_VIOLATIONS, MAX_WARPS, STEP_BUDGET,
};
pub use state::PATIENCE;
pub use trace::{
    event_at, next_event, Event, StackEntry, TraceStep, TraceWhy, Traced, WarpOp, MAX_OPS,
    MAX_TRACE,
};
pub use value::{lane_list, Val};
