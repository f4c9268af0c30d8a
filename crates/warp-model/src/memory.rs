//! Where a load's bytes come from (issue 68): a warp's load as profilers count it, in 32-byte
//! sectors and 128-byte lines, through L1, L2 and DRAM (`hierarchy`), and whether a kernel is
//! limited by bandwidth or by arithmetic (`roofline`); the panel (`panel`, `panel=memory`).
//!
//! Simplified, and said on the page: one L1 and one L2, both cold at the start, fully
//! associative, least recently used sector replaced; L1 128 KiB, L2 40 MiB (an A100's); loads
//! only in the panel (the kernel lab's stores write through to DRAM, each written sector once);
//! no latency, no bandwidth limit on the caches, no prefetch. The panel's inputs can never fill
//! L1 (at most 64 warps × 32 lanes × 2 sectors = 4,096 sectors = 128 KiB), so no case it offers
//! evicts.

pub mod hierarchy;
pub mod panel;
pub mod roofline;

#[cfg(test)]
mod tests;
