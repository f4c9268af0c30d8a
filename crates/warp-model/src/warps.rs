//! Warps: how a block of threads becomes 32-lane warps (seed 000 Ex 1–3, seed 004 Ex 1–3, 7).
//!
//! - [`map`]: `BlockDim` (validated against CUDA's limits), flatten / unflatten, the warp and
//!   lane of a thread, and which threads a warp covers.
//! - [`launch`]: grids for N elements (1-D) or a W×H image (2-D), the ragged block and warp.
//! - [`panel`]: the block-to-warp panel, from the raw text of its inputs to figures, worked steps
//!   and what the picture highlights.

pub mod launch;
pub mod map;
pub mod panel;
