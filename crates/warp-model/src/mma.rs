//! Tensor cores at the warp level: which lane holds which element of an `mma` fragment
//! (`fragment`, the PTX ISA's tables written once), how `ldmatrix` loads an A fragment from a
//! shared tile and what that costs on the banks panel's rule (`ldmatrix`), the words and
//! pictures (`worked`) and the panel (`panel`, `panel=mma`).
//!
//! Simplified, and said on the page: the two `mma.sync` shapes most courses teach
//! (`m16n8k16`, `m16n8k8`) with f16 / bf16 (and tf32 on `m16n8k8`) inputs and f32
//! accumulators; no `wgmma` (Hopper's warpgroup mma), no sparse `mma.sp`, no fp8, integer or
//! f64 types; `ldmatrix` of the 16 × 16 block at the tile's origin only, with the bank rule's
//! quarter-warp phases for its 16-byte accesses (what Nsight Compute counts as shared
//! wavefronts); no timing.

pub mod fragment;
pub mod ldmatrix;
pub mod panel;
pub mod worked;

pub use fragment::{ElemType, Fragment, Operand, Owner, Shape};
pub use ldmatrix::{Ldmatrix, Placement};

#[cfg(test)]
mod tests;
