//! Occupancy: how many warps an SM keeps resident, and the latency question they answer.
//!
//! Textbook model (seed 000 Ex 5, 6, 10; seed 004 Ex 6, 8): to hide a stall of L cycles, an SM
//! with S schedulers, each issuing every T cycles, needs ⌈S·L / (T·W)⌉ warps that each issue W
//! independent instructions before stalling; with S = T = 1 that is ⌈L/W⌉. A register file of
//! M registers shared by P resident threads allows ⌊M/P⌋ registers a thread; a kernel using R
//! keeps only ⌊M/R⌋ threads resident.
//!
//! Hardware mode follows the CUDA Occupancy Calculator's rules (`cuda_occupancy.h`): registers
//! are allocated per warp in units of 256, per sub-partition (4 per SM), blocks are resident
//! whole, and each compute capability has its own limits. Shared memory is left out.

use crate::{ceil_div, WARP_SIZE};

/// The latency question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Latency {
    /// Schedulers per SM.
    pub s: u64,
    /// Stall latency in cycles.
    pub l: u64,
    /// Cycles between successive issues from one scheduler.
    pub t: u64,
    /// Independent instructions a warp issues before it stalls.
    pub w: u64,
}

impl Latency {
    /// S·L/T: instruction slots that must stay filled during one stall.
    #[must_use]
    pub fn slots(&self) -> u64 {
        ceil_div(self.s * self.l, self.t)
    }

    /// ⌈S·L / (T·W)⌉ warps needed.
    #[must_use]
    pub fn warps_needed(&self) -> u64 {
        ceil_div(self.s * self.l, self.t * self.w)
    }

    /// Whether `available` resident warps hide the stall.
    #[must_use]
    pub fn hidden(&self, available: u64) -> bool {
        self.warps_needed() <= available
    }

    /// The smallest W that hides the stall with `available` warps: ⌈S·L / (T·available)⌉.
    #[must_use]
    pub fn ilp_needed(&self, available: u64) -> u64 {
        ceil_div(self.s * self.l, self.t * available.max(1)).max(1)
    }

    /// Predicted issue-slot utilization with `warps` resident, spread over the schedulers as
    /// evenly as possible: the mean over schedulers of min(1, n·W / ⌈L/T⌉), i.e. n·W·T/L when
    /// T divides L (a scheduler offers ⌈L/T⌉ whole issue slots during one stall).
    #[must_use]
    pub fn predicted_utilization(&self, warps: u64) -> f64 {
        let slots = ceil_div(self.l, self.t).max(1);
        let mut total = 0.0;
        for sched in 0..self.s {
            let n = warps / self.s + u64::from(sched < warps % self.s);
            let u = (n * self.w) as f64 / slots as f64;
            total += u.min(1.0);
        }

        total / self.s as f64
    }
}

/// The register question of seed 004 Ex 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Registers {
    /// Registers in the SM's file (M).
    pub regfile: u64,
    /// Resident threads wanted (P).
    pub threads: u64,
    /// Registers a thread of the kernel uses (R).
    pub regs: u64,
}

impl Registers {
    /// ⌊M/P⌋ registers a thread may use with P threads resident.
    #[must_use]
    pub fn ceiling(&self) -> u64 {
        self.regfile / self.threads.max(1)
    }

    /// min(P, ⌊M/R⌋) threads resident.
    #[must_use]
    pub fn max_resident_threads(&self) -> u64 {
        (self.regfile / self.regs.max(1)).min(self.threads)
    }

    /// ⌊resident threads / 32⌋ whole warps.
    #[must_use]
    pub fn resident_warps(&self) -> u64 {
        self.max_resident_threads() / WARP_SIZE
    }

    /// (P − resident threads) / 32 warps lost, as the seed counts them (a fraction).
    #[must_use]
    pub fn warps_lost(&self) -> f64 {
        (self.threads - self.max_resident_threads()) as f64 / WARP_SIZE as f64
    }
}

/// Per-compute-capability limits (the CUDA Occupancy Calculator's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arch {
    /// "8.0" and so on.
    pub cc: &'static str,
    /// An example GPU.
    pub example: &'static str,
    /// Its label in a choice of compute capabilities ("8.0 · A100").
    pub label: crate::i18n::Msg,
    /// Resident warps per SM.
    pub max_warps: u64,
    /// Resident threads per SM.
    pub max_threads: u64,
    /// Resident blocks per SM.
    pub max_blocks: u64,
    /// 32-bit registers per SM.
    pub regfile: u64,
    /// Registers one block may use.
    pub regs_per_block: u64,
    /// Registers one thread may use.
    pub max_regs_per_thread: u64,
    /// Register allocation unit (registers, per warp).
    pub reg_unit: u64,
    /// Sub-partitions (one scheduler each) per SM.
    pub sub_partitions: u64,
}

/// The most resident blocks an SM takes in the table: compute capabilities 7.0, 8.0 and 9.0
/// (7.5 and 8.6 take 16, 8.9 takes 24).
const MAX_BLOCKS_PER_SM: u64 = 32;

/// One row of the table; its resident warps are its resident threads' warps
/// (`max_threads / WARP_SIZE`).
const fn arch(
    (cc, example, label): (&'static str, &'static str, crate::i18n::Msg),
    max_threads: u64,
    max_blocks: u64,
) -> Arch {
    Arch {
        cc,
        example,
        label,
        max_warps: max_threads / WARP_SIZE,
        max_threads,
        max_blocks,
        regfile: 65_536,
        regs_per_block: 65_536,
        max_regs_per_thread: 255,
        reg_unit: 256,
        sub_partitions: 4,
    }
}

/// The compute capabilities hardware mode knows.
pub const ARCHS: [Arch; 6] = [
    arch(
        ("7.0", "V100", crate::msg!("latency.choice.cc.7-0")),
        2048,
        MAX_BLOCKS_PER_SM,
    ),
    arch(
        ("7.5", "T4, RTX 20", crate::msg!("latency.choice.cc.7-5")),
        1024,
        16,
    ),
    arch(
        ("8.0", "A100", crate::msg!("latency.choice.cc.8-0")),
        2048,
        MAX_BLOCKS_PER_SM,
    ),
    arch(
        ("8.6", "RTX 30, A10", crate::msg!("latency.choice.cc.8-6")),
        1536,
        16,
    ),
    arch(
        ("8.9", "L4, RTX 40", crate::msg!("latency.choice.cc.8-9")),
        1536,
        24,
    ),
    arch(
        ("9.0", "H100, H200", crate::msg!("latency.choice.cc.9-0")),
        2048,
        MAX_BLOCKS_PER_SM,
    ),
];

/// What limits resident blocks in hardware mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The register file.
    Registers,
    /// The resident-warp (thread) limit.
    Warps,
    /// The resident-block limit.
    Blocks,
}

impl Limit {
    /// A word for the figure: its `data-value`, the same in every language.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Limit::Registers => "registers",
            Limit::Warps => "warps",
            Limit::Blocks => "blocks",
        }
    }

    /// The word in a sentence, in the current language.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Limit::Registers => crate::t!("latency.limit.registers"),
            Limit::Warps => crate::t!("latency.limit.warps"),
            Limit::Blocks => crate::t!("latency.limit.blocks"),
        }
    }
}

/// The Occupancy Calculator's answer for one kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HardwareOccupancy {
    /// Registers allocated per warp: ⌈R·32 / 256⌉·256.
    pub regs_per_warp: u64,
    /// Warps per block: ⌈threads per block / 32⌉.
    pub warps_per_block: u64,
    /// Blocks allowed by registers (0 when one block cannot fit).
    pub blocks_by_regs: u64,
    /// Blocks allowed by the warp limit.
    pub blocks_by_warps: u64,
    /// Blocks allowed by the block limit.
    pub blocks_by_blocks: u64,
    /// Resident blocks: the minimum.
    pub blocks: u64,
    /// Resident warps: blocks · warps per block.
    pub warps: u64,
    /// What binds.
    pub limit: Limit,
}

impl Arch {
    /// The architecture for "8.0" and so on.
    #[must_use]
    pub fn find(cc: &str) -> Option<Arch> {
        ARCHS.iter().copied().find(|a| a.cc == cc.trim())
    }

    /// Resident blocks and warps for a kernel using `regs` registers a thread with blocks of
    /// `block` threads (1–1024; `regs` ≤ 255 is checked by the caller).
    #[must_use]
    pub fn occupancy(&self, regs: u64, block: u64) -> HardwareOccupancy {
        let warps_per_block = ceil_div(block, WARP_SIZE);
        let regs_per_warp = ceil_div(regs * WARP_SIZE, self.reg_unit) * self.reg_unit;
        let assumed = regs_per_warp * warps_per_block.next_multiple_of(self.sub_partitions);
        let blocks_by_regs = if regs_per_warp == 0 {
            u64::MAX
        } else if assumed > self.regs_per_block
            || regs_per_warp * warps_per_block > self.regs_per_block
        {
            0
        } else {
            let per_sub = (self.regfile / self.sub_partitions) / regs_per_warp;
            per_sub * self.sub_partitions / warps_per_block
        };
        let blocks_by_warps = self.max_warps / warps_per_block;
        let blocks_by_blocks = self.max_blocks;
        let blocks = blocks_by_regs.min(blocks_by_warps).min(blocks_by_blocks);
        let limit = if blocks == blocks_by_regs {
            Limit::Registers
        } else if blocks == blocks_by_warps {
            Limit::Warps
        } else {
            Limit::Blocks
        };
        HardwareOccupancy {
            regs_per_warp,
            warps_per_block,
            blocks_by_regs,
            blocks_by_warps,
            blocks_by_blocks,
            blocks,
            warps: blocks * warps_per_block,
            limit,
        }
    }
}

#[cfg(test)]
mod tests;
