//! Shared-memory bank conflicts: what one warp's shared-memory request costs in wavefronts.
//!
//! The rule. Shared memory has 32 banks; successive 4-byte words go to successive banks
//! (bank = word mod 32). A warp's request is served in phases: one phase for elements of 1, 2
//! or 4 bytes; two half-warps (lanes 0–15, 16–31) for 8-byte elements; four quarter-warps
//! (lanes 0–7, 8–15, 16–23, 24–31) for 16-byte elements. In each phase the number of
//! **wavefronts** is the largest number of *distinct* words that any single bank must deliver
//! (lanes that read the same word share it: a broadcast, not a conflict). Wavefronts of the
//! request = the sum over phases that have an active lane; **ideal wavefronts** = the number
//! of such phases; **bank conflicts** = wavefronts − ideal; **conflict ways** = the largest
//! per-phase count.
//!
//! These are the quantities the profiler reports, so a learner can check them on a real GPU
//! with Nsight Compute: `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum` (loads) and
//! `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum` (stores) count wavefronts;
//! `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum` and
//! `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum` count bank conflicts.
//!
//! A choice: an 8- or 16-byte element spans 2 or 4 consecutive words (and banks), and a
//! lane's access touches every word it spans; an element of 1 or 2 bytes lies inside one
//! word, which it shares with its neighbours. Addresses must be multiples of the element size
//! (the GPU faults on a misaligned address; so does [`bank_report`]).
//!
//! What it deliberately leaves out: loads and stores are costed alike; the phase split above
//! is the one rule for every GPU (refinements some architectures apply to 8- and 16-byte
//! accesses are not modelled); the latency of a wavefront (this counts them, it does not time
//! them); and the capacity of shared memory (a tile is not checked against the 48–228 KB a
//! block may have).
//!
//! The pieces: [`rule`] (the rule, over any 32 per-lane addresses: the kernel lab calls it
//! for every shared-memory load and store), [`read`] (a strided 1-D read and a walk over a
//! `T tile[32][W + pad]`, the transpose), [`worked`] (figures, the "why" line of each phase,
//! worked steps), and [`panel`] (the parameters, declared once, and the whole output from
//! the raw text of the inputs). The classics are presets in `crate::examples` (topic `banks`).
//!
//! The key figure is `conflict-ways`: "an N-way bank conflict" is how the classics are named
//! and taught (2-way, 32-way), it is the factor by which the worst phase is slower than a
//! conflict-free one, and it reads the same whatever the element size (`bank-conflicts` grows
//! with the number of phases: doubles at stride 2 have 2 conflicts but are 2-way, like floats
//! at stride 2 with 1 conflict). `bank-conflicts` stays beside it, named after the profiler
//! counter.

pub mod panel;
pub mod read;
pub mod rule;
pub mod worked;

#[cfg(test)]
mod tests;

pub use read::{BanksRead, StridedRead, SweepAxis, Swizzle, TileRead, Walk};
pub use rule::{bank_report, BankError, BankPhase, BankReport, BankTouch};

pub use panel::{evaluate, BanksInput, BanksModel, BanksOutput};
pub use worked::PhasePicture;
