//! Coalescing: the memory segments one warp's load touches, and η, the useful share of the
//! bytes moved (seed 004 Ex 4, 6).
//!
//! - [`access`]: `Access` (element size, stride, offset, segment size, lanes): addresses,
//!   segments, transactions, η and the η-by-stride curve.
//! - [`panel`]: the coalescing panel, with the matrix-walk and struct-layout views that derive a
//!   stride.

pub mod access;
pub mod panel;
