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

const fn arch(
    (cc, example, label): (&'static str, &'static str, crate::i18n::Msg),
    max_warps: u64,
    max_threads: u64,
    max_blocks: u64,
) -> Arch {
    Arch {
        cc,
        example,
        label,
        max_warps,
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
        64,
        2048,
        32,
    ),
    arch(
        ("7.5", "T4, RTX 20", crate::msg!("latency.choice.cc.7-5")),
        32,
        1024,
        16,
    ),
    arch(
        ("8.0", "A100", crate::msg!("latency.choice.cc.8-0")),
        64,
        2048,
        32,
    ),
    arch(
        ("8.6", "RTX 30, A10", crate::msg!("latency.choice.cc.8-6")),
        48,
        1536,
        16,
    ),
    arch(
        ("8.9", "L4, RTX 40", crate::msg!("latency.choice.cc.8-9")),
        48,
        1536,
        24,
    ),
    arch(
        ("9.0", "H100, H200", crate::msg!("latency.choice.cc.9-0")),
        64,
        2048,
        32,
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn lat(s: u64, l: u64, t: u64, w: u64) -> Latency {
        Latency { s, l, t, w }
    }

    #[test]
    fn seed_latency_cases() {
        // 000 self-test and Ex 5 (cell E): L = 300, W = 15 → 20 warps.
        assert_eq!(lat(1, 300, 1, 15).warps_needed(), 20);
        // 000 Ex 6 (F): L = 400, W = 1 → 400 ≫ 64.
        let f = lat(1, 400, 1, 1);
        assert_eq!(f.warps_needed(), 400);
        assert!(!f.hidden(64));
        assert_eq!(f.ilp_needed(64), 7);
        // 000 Ex 10 (J): 4·400/1 = 1600 slots; /20 = 80 > 64, short by 16; W = 25 closes it.
        let j = lat(4, 400, 1, 20);
        assert_eq!(j.slots(), 1600);
        assert_eq!(j.warps_needed(), 80);
        assert_eq!(j.ilp_needed(64), 25);
        assert!(lat(4, 400, 1, 25).hidden(64));
        assert!(!lat(4, 400, 1, 24).hidden(64));
        // 004 Ex 6: G: 4·200/20 = 40 ≤ 64 (margin 24); H: 4·200/10 = 80 > 64 (deficit 16).
        assert_eq!(lat(4, 200, 1, 20).warps_needed(), 40);
        assert_eq!(lat(4, 200, 1, 10).warps_needed(), 80);
    }

    #[test]
    fn seed_004_ex8_registers() {
        let r = Registers {
            regfile: 65_536,
            threads: 2048,
            regs: 40,
        };
        assert_eq!(r.ceiling(), 32);
        assert_eq!(r.max_resident_threads(), 1638);
        assert_eq!(r.resident_warps(), 51);
        assert!((r.warps_lost() - 410.0 / 32.0).abs() < 1e-12);
        // Verify line: 40 × 1638 = 65,520 ≤ 65,536 < 40 × 1639.
        let kept = r.max_resident_threads();
        assert!(40 * kept <= 65_536 && 40 * (kept + 1) > 65_536);
        let r = Registers { regs: 16, ..r };
        assert_eq!((r.max_resident_threads(), r.warps_lost()), (2048, 0.0));
    }

    #[test]
    fn hardware_occupancy_follows_the_calculator() {
        let a100 = Arch::find("8.0").unwrap();
        // 40 regs, 256 threads: 1280 regs a warp; 16384/1280 = 12 warps a sub-partition → 48
        // warps; 8 warps a block → 6 blocks, 48 warps (the textbook's 51 ignores both roundings).
        let o = a100.occupancy(40, 256);
        assert_eq!(
            (
                o.regs_per_warp,
                o.blocks_by_regs,
                o.blocks,
                o.warps,
                o.limit
            ),
            (1280, 6, 6, 48, Limit::Registers)
        );
        // 32 regs, 256 threads: full occupancy, 64 warps, limited by warps.
        let o = a100.occupancy(32, 256);
        assert_eq!((o.blocks, o.warps, o.limit), (8, 64, Limit::Registers));
        assert_eq!(o.blocks_by_warps, 8);
        // 33 regs rounds up to 1280 a warp as well (33·32 = 1056 → 1280).
        assert_eq!(a100.occupancy(33, 256).regs_per_warp, 1280);
        // Tiny blocks hit the block limit: 32 threads a block, 16 regs → 32 blocks, 32 warps.
        let o = a100.occupancy(16, 32);
        assert_eq!((o.blocks, o.warps, o.limit), (32, 32, Limit::Blocks));
        // Turing has 32 warps an SM.
        let o = Arch::find("7.5").unwrap().occupancy(16, 256);
        assert_eq!((o.warps, o.limit), (32, Limit::Warps));
        // 255 regs with 1024-thread blocks cannot fit at all.
        assert_eq!(a100.occupancy(255, 1024).blocks, 0);
        assert_eq!(Arch::find("6.1"), None);
    }

    proptest! {
        #[test]
        fn needed_is_the_smallest_count_that_fills_the_slots(s in 1u64..=4, l in 1u64..2000, t in 1u64..=4, w in 1u64..100) {
            let x = lat(s, l, t, w);
            let n = x.warps_needed();
            prop_assert!(n * t * w >= s * l);
            prop_assert!(n == 0 || (n - 1) * t * w < s * l);
            let ilp = x.ilp_needed(64);
            prop_assert!(lat(s, l, t, ilp).hidden(64));
            prop_assert!(ilp == 1 || !lat(s, l, t, ilp - 1).hidden(64));
        }

        #[test]
        fn occupancy_never_exceeds_the_limits(regs in 1u64..=255, block in 1u64..=1024, k in 0usize..6) {
            let a = ARCHS[k];
            let o = a.occupancy(regs, block);
            prop_assert!(o.warps <= a.max_warps);
            prop_assert!(o.blocks <= a.max_blocks);
            prop_assert!(o.blocks * o.warps_per_block * o.regs_per_warp <= a.regfile);
        }
    }
}
