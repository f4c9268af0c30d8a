use super::*;
use proptest::prelude::*;

fn branch(cycles: &[u64], lanes: Option<&[u64]>) -> Branch {
    Branch::new(cycles, lanes).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// (cycles, lanes, diverged, ideal, efficiency) for every branch the seeds work.
#[test]
fn seed_branches() {
    /// (cycles, lanes, diverged, ideal, efficiency)
    type Case = (Vec<u64>, Option<Vec<u64>>, u64, u64, f64);
    let ones = [1u64; 32];
    let cases: Vec<Case> = vec![
        // 003 Ex 1 (C1): 12 + 9 = 21, max 12, 57.1 %.
        (vec![12, 9], Some(vec![16, 16]), 21, 12, 12.0 / 21.0),
        // 003 Ex 2 (C2): 100 + 50 = 150 (not 53.125), 66.7 %.
        (vec![100, 50], Some(vec![1, 31]), 150, 100, 2.0 / 3.0),
        // 003 Ex 3 (C3): path A untaken: 9 cycles, 100 %.
        (vec![12, 9], Some(vec![0, 32]), 9, 9, 1.0),
        // 003 Ex 4 (C4): 32 paths of 7: 224, 1/32.
        (vec![7; 32], Some(ones.to_vec()), 224, 7, 1.0 / 32.0),
        // 003 Ex 5 (C5): 20+30+25+5 = 80, max 30, 37.5 %.
        (vec![20, 30, 25, 5], Some(vec![8, 10, 8, 6]), 80, 30, 0.375),
        // 003 Ex 8 (C8): 6+8+5+7 = 26, max 8, 30.8 %.
        (vec![6, 8, 5, 7], None, 26, 8, 8.0 / 26.0),
        // 003 Ex 9 (C9) as-is: 116, max 60, 51.7 %; sorted: one path, 100 %.
        (vec![12, 40, 60, 4], None, 116, 60, 60.0 / 116.0),
        (vec![60], None, 60, 60, 1.0),
        // 003 Ex 10 (C10) as-is: 10 + 14 = 24, 58.3 %.
        (vec![10, 14], Some(vec![16, 16]), 24, 14, 14.0 / 24.0),
        // 000 Ex 7 (G): 30 + 30 = 60, slowdown 2 whatever the split.
        (vec![30, 30], Some(vec![20, 12]), 60, 30, 0.5),
        (vec![30, 30], Some(vec![31, 1]), 60, 30, 0.5),
        // 000 Ex 8 (H): everyone agrees: 30, slowdown 1.
        (vec![30, 30], Some(vec![32, 0]), 30, 30, 1.0),
        // 004 Ex 5 (F): 20 + 8 = 28.
        (vec![20, 8], Some(vec![16, 16]), 28, 20, 20.0 / 28.0),
        // Self-tests of 003 and 000.
        (vec![5, 5], Some(vec![16, 16]), 10, 5, 0.5),
        (vec![90, 10], Some(vec![1, 31]), 100, 90, 0.9),
        (vec![8], Some(vec![32]), 8, 8, 1.0),
        (vec![40, 40], Some(vec![16, 16]), 80, 40, 0.5),
    ];
    for (cycles, lanes, diverged, ideal, eff) in cases {
        let b = branch(&cycles, lanes.as_deref());
        assert_eq!(b.diverged_cycles(), diverged, "{cycles:?}");
        assert_eq!(b.ideal_cycles(), ideal, "{cycles:?}");
        assert!(close(b.efficiency(), eff), "{cycles:?}: {}", b.efficiency());
        assert!(close(b.slowdown(), 1.0 / eff), "{cycles:?}");
    }
}

#[test]
fn lane_utilization_is_not_efficiency() {
    // 004 Ex 5: 16·20 + 16·8 = 448 useful of 32·28 = 896 → 50 %, while max/Σ = 71.4 %.
    let b = branch(&[20, 8], Some(&[16, 16]));
    assert_eq!(b.useful_lane_cycles(), Some(448));
    assert!(close(b.lane_utilization().unwrap(), 0.5));
    assert!(close(b.efficiency(), 20.0 / 28.0));
    assert_eq!(branch(&[6, 8], None).lane_utilization(), None);
}

#[test]
fn predication() {
    // 003 Ex 7: T_pred = 4 + 3 = 7 < 7 + O.
    let b = branch(&[4, 3], Some(&[16, 16]));
    assert_eq!(b.predicated_cycles(), 7);
    assert_eq!(b.branch_cycles(2), 9);
    // Step 4: a long path no lane takes: branching skips it, predication pays for it.
    let b = branch(&[100, 3], Some(&[0, 32]));
    assert_eq!(b.predicated_cycles(), 103);
    assert_eq!(b.branch_cycles(2), 3);
}

#[test]
fn seed_003_ex6_loop() {
    // Sum 240, max 20, two lanes of 3 (the seed gives these; the rest is one fitting split).
    let mut counts = vec![20, 3, 3];
    counts.extend([7; 24]);
    counts.extend([9, 9, 9, 9, 10]);
    let l = Loop::new(&counts).unwrap();
    assert_eq!(l.loop_cycles(), 20);
    assert_eq!(l.useful_lane_iterations(), 240);
    assert_eq!(l.idle_lane_iterations(), 400);
    assert!(close(l.lane_utilization(), 0.375));
    assert!(Loop::new(&[0, 0]).is_none());
    assert!(Loop::new(&[]).is_none());
}

#[test]
fn errors() {
    assert_eq!(Branch::new(&[], None), Err(BranchError::PathCount(0)));
    assert_eq!(Branch::new(&[1; 33], None), Err(BranchError::PathCount(33)));
    assert_eq!(Branch::new(&[3, 0], None), Err(BranchError::Cycles(1, 0)));
    assert_eq!(
        Branch::new(&[3, 4], Some(&[16])),
        Err(BranchError::LaneCount { paths: 2, lanes: 1 })
    );
    assert_eq!(
        Branch::new(&[3, 4], Some(&[16, 17])),
        Err(BranchError::LaneSum(33))
    );
    assert_eq!(
        Branch::new(&[3, 4], Some(&[u64::MAX, 2])),
        Err(BranchError::LaneSum(u64::MAX))
    );
}

#[test]
fn seed_003_ex10_over_warps() {
    let parity = |i: i64| Ok(i % 2 == 0);
    let ws = branch_over_warps(4, 10, 14, parity).unwrap();
    assert!(ws
        .iter()
        .all(|w| w.divergent() && w.diverged == 24 && w.ideal == 14 && w.if_lanes() == 16));
    // idx < 3 in warp 0: lanes 0–2 take the if, the other 29 the else.
    let ws = branch_over_warps(1, 10, 14, |i: i64| Ok(i < 3)).unwrap();
    assert_eq!((ws[0].if_lanes(), ws[0].else_lanes()), (3, 29));
    let aligned = |i: i64| Ok((i / 32) % 2 == 0);
    let ws = branch_over_warps(4, 10, 14, aligned).unwrap();
    assert_eq!(
        ws.iter().map(|w| w.diverged).collect::<Vec<_>>(),
        vec![10, 14, 10, 14]
    );
    assert!(ws.iter().all(|w| !w.divergent() && w.diverged == w.ideal));
}

proptest! {
    #[test]
    fn efficiency_lies_between_one_over_k_and_one(
        paths in proptest::collection::vec(1u64..1000, 1..=32),
    ) {
        let b = Branch::new(&paths, None).unwrap();
        let k = b.paths_taken() as f64;
        prop_assert!(b.efficiency() <= 1.0 + 1e-12);
        prop_assert!(b.efficiency() >= 1.0 / k - 1e-12);
        prop_assert!(b.slowdown() >= 1.0 && b.slowdown() <= k + 1e-9);
    }

    #[test]
    fn loop_utilization_at_most_one(counts in proptest::collection::vec(0u64..500, 1..=32)) {
        if let Some(l) = Loop::new(&counts) {
            prop_assert!(l.lane_utilization() <= 1.0 && l.lane_utilization() > 0.0);
            prop_assert_eq!(l.useful_lane_iterations() + l.idle_lane_iterations(), 32 * l.loop_cycles());
        }
    }

    #[test]
    fn lane_utilization_at_most_efficiency_times_one(split in 0u64..=32, a in 1u64..100, b in 1u64..100) {
        let br = Branch::new(&[a, b], Some(&[split, 32 - split])).unwrap();
        let u = br.lane_utilization().unwrap();
        prop_assert!(u > 0.0 && u <= 1.0 + 1e-12);
    }
}
