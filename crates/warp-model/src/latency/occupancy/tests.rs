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
