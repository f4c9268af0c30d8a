//! The kernel lab: a small, honest subset of CUDA C, parsed and run warp by warp.
//!
//! - [`lex`] and [`parse`]: `__global__ void name(params) { … }` with int, unsigned, float and
//!   bool scalars, `float*` / `int*` pointers, locals, C operators and precedence, if/else, for,
//!   while, break, continue, return, threadIdx / blockIdx / blockDim / gridDim and warpSize,
//!   loads and stores through the pointers, and the work functions `heavy_path()` (20 cycles),
//!   `light_path()` (8) and `work(n)` (n). Valid CUDA outside the subset gets "not supported in
//!   this subset: …"; every error has a line, a column and a caret.
//! - [`exec`]: the SIMT interpreter (lockstep lanes, active masks, a reconvergence stack), the
//!   cost model, memory transactions, a step budget and bounds checks.
//!
//! - `__shared__ float|int name[N]` / `[N][M]` (zero-filled per block) and `__syncthreads()`:
//!   the block is the unit of execution, its warps interleave between barriers, every shared
//!   access is costed by the bank rule ([`banks`]), and shared words are checked for races
//!   between warps.
//!
//! - Warp-level functions (shuffles, votes, `__activemask`, `__syncwarp`, `__popc`, `__ffs`),
//!   atomics applied in lane order, `unsigned` modulo 2³², the mask check, and the scheduling
//!   models `sched=stack` (reconvergence stack) and `sched=its` (per-group program counters
//!   taking turns).
//!
//! - [`editor`]: the editor's keys as text (Enter keeps the indentation, Tab and Shift+Tab
//!   indent and outdent), for the view to apply.
//!
//! - [`wgsl`]: a kernel and its launch's block as a WebGPU compute shader (issue 69), every
//!   construct it does not translate named with its line.
//!
//! What it leaves out: device functions, casts, `printf`.

pub mod banks;
pub mod challenge;
pub mod editor;
pub mod error;
pub mod exec;
pub mod lex;
mod link_keys;
#[cfg(test)]
mod memory_tests;
pub mod notes;
pub mod on_gpu;
pub mod panel;
pub mod parse;
pub mod ran;
#[cfg(test)]
mod ran_tests;
pub mod scenario;
#[cfg(test)]
mod shared_tests;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;
pub mod timing;
#[cfg(test)]
mod warp_tests;
pub mod wgsl;

pub use error::KernelError;

/// Longest source accepted.
pub const MAX_SOURCE: usize = 20_000;

/// Parses a kernel.
///
/// # Errors
/// The first problem, with its place.
pub fn compile(src: &str) -> Result<parse::ParsedKernel, KernelError> {
    if src.len() > MAX_SOURCE {
        return Err(KernelError::at(
            1,
            1,
            crate::tr!("kernel.error.too-long", max = MAX_SOURCE),
        ));
    }
    parse::parse(lex::lex(src)?)
}
