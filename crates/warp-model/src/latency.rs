//! Latency hiding: how many warps it takes to keep a scheduler busy through a memory stall, and
//! how many the SM can hold (seed 000 Ex 5, 6, 10; seed 004 Ex 8).
//!
//! - [`occupancy`]: `Latency` (warps needed, predicted utilization), `Registers` (the register
//!   ceiling), `Arch` and the Occupancy Calculator's rules per compute capability.
//! - [`scheduler`]: the cycle-level simulation whose utilization equals the formula's.
//! - [`sm`]: the same scheduling for any warps' own instructions (the kernel lab's, issue 47):
//!   in-order issue, a scoreboard, barriers, blocks resident whole.
//! - [`panel`]: the latency panel, textbook and hardware modes, the simulation to animate.

pub mod occupancy;
pub mod panel;
pub mod scheduler;
pub mod sm;
