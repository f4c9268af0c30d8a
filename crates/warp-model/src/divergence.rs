//! Divergence: paths serialized inside one warp (seed 003, seed 000 Ex 7–8, seed 004 Ex 5).
//!
//! - [`branch`]: `Branch` (paths and lane counts: diverged, ideal, efficiency, lane
//!   utilization, predication), `Loop` (per-lane trip counts), a condition over warps.
//! - [`expr`]: the condition language over `idx`, parsed with columns in its errors.
//! - [`panel`]: the divergence panel in its three modes (paths, loop, condition).

pub mod branch;
pub mod expr;
pub mod panel;
