use super::*;
use crate::latency::occupancy::Latency;
use proptest::prelude::*;

fn run(warps: u64, s: u64, l: u64, t: u64, w: u64, policy: Policy) -> f64 {
    let cfg = SimConfig {
        warps,
        s,
        l,
        t,
        w,
        policy,
    };
    // Long enough that the first, ragged period weighs little.
    let cycles = 60 * (l + w * t + t);
    simulate(cfg, cycles, 0).utilization()
}

#[test]
fn the_seeds_counts_fill_the_slots_and_one_fewer_does_not() {
    // 000 self-test: L = 300, W = 15 → 20 warps keep one scheduler busy.
    assert!((run(20, 1, 300, 1, 15, Policy::RoundRobin) - 1.0).abs() < 1e-9);
    assert!(run(19, 1, 300, 1, 15, Policy::RoundRobin) < 0.97);
    // 004 Ex 6 G: 40 warps on 4 schedulers, L = 200, W = 20.
    assert!((run(40, 4, 200, 1, 20, Policy::GreedyThenOldest) - 1.0).abs() < 1e-9);
    // 000 Ex 10: 64 of the 80 needed → 80 % of the slots.
    assert!((run(64, 4, 400, 1, 20, Policy::RoundRobin) - 0.8).abs() < 0.01);
    // 000 Ex 6: W = 1, 64 warps, L = 400 → 16 %.
    assert!((run(64, 1, 400, 1, 1, Policy::RoundRobin) - 0.16).abs() < 0.01);
}

#[test]
fn the_trace_shows_who_issued() {
    let tr = simulate(
        SimConfig {
            warps: 2,
            s: 1,
            l: 6,
            t: 1,
            w: 2,
            policy: Policy::GreedyThenOldest,
        },
        8,
        8,
    );
    // GTO: warp 0 twice, warp 1 twice, then idle until warp 0's data at cycle 6.
    assert_eq!(
        tr.issued[0],
        vec![
            Some(0),
            Some(0),
            Some(1),
            Some(1),
            None,
            None,
            Some(0),
            Some(0)
        ]
    );
    let tr = simulate(
        SimConfig {
            warps: 2,
            s: 1,
            l: 6,
            t: 1,
            w: 2,
            policy: Policy::RoundRobin,
        },
        8,
        8,
    );
    assert_eq!(
        tr.issued[0],
        vec![
            Some(0),
            Some(1),
            Some(0),
            Some(1),
            None,
            None,
            Some(0),
            Some(1)
        ]
    );
    let tr = simulate(
        SimConfig {
            warps: 1,
            s: 1,
            l: 4,
            t: 2,
            w: 1,
            policy: Policy::RoundRobin,
        },
        6,
        6,
    );
    assert_eq!(tr.issued[0], vec![Some(0), None, None, None, Some(0), None]);
    assert_eq!(tr.slots, 3);
    assert!((tr.utilization_until(6, 2) - 2.0 / 3.0).abs() < 1e-12);
    assert!((tr.utilization_until(1, 2) - 1.0).abs() < 1e-12);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn the_formulas_count_is_the_fewest_that_fills_every_slot(
        s in 1u64..=4, k in 1u64..=100, t in 1u64..=2, w in 1u64..=20,
    ) {
        // T divides L and S divides the count, where the formula is exact.
        let l = k * t;
        let needed = Latency { s, l, t, w }.warps_needed();
        let n = needed.next_multiple_of(s);
        prop_assert!((run(n, s, l, t, w, Policy::RoundRobin) - 1.0).abs() < 1e-9);
        if needed.is_multiple_of(s) && needed > s {
            prop_assert!(run(needed - s, s, l, t, w, Policy::RoundRobin) < 0.999);
        }
    }

    #[test]
    fn simulation_agrees_with_the_formula(
        warps in 1u64..=48, s in 1u64..=4, l in 1u64..=300, t in 1u64..=3, w in 1u64..=24, gto in any::<bool>(),
    ) {
        let policy = if gto { Policy::GreedyThenOldest } else { Policy::RoundRobin };
        let measured = run(warps, s, l, t, w, policy);
        let predicted = Latency { s, l, t, w }.predicted_utilization(warps);
        prop_assert!((measured - predicted).abs() <= 0.03, "measured {measured}, predicted {predicted}");
    }
}

/// The simulation walked cycle by cycle, as it was before idle stretches were counted rather
/// than walked (issue 65): the reference the fast one must equal, trace and counts.
fn walked(cfg: SimConfig, cycles: u64, record: u64) -> SimTrace {
    let n = usize::try_from(cfg.warps).unwrap();
    let (mut left, mut start, mut ready_at) = (vec![0; n], vec![0; n], vec![0; n]);
    let s = usize::try_from(cfg.s.max(1)).unwrap();
    let mut last: Vec<Option<usize>> = vec![None; s];
    let mut issued = vec![Vec::new(); s];
    let (mut slots, mut instructions) = (0, 0);
    let t = cfg.t.max(1);
    for c in 0..cycles {
        if c % t != 0 {
            if c < record {
                for row in &mut issued {
                    row.push(None);
                }
            }
            continue;
        }
        for sched in 0..s {
            slots += 1;
            let ready = |i: usize| left[i] > 0 || ready_at[i] <= c;
            let picked = pick(cfg.policy, last[sched], (sched..n).step_by(s), ready);
            if let Some(i) = picked {
                if left[i] == 0 {
                    left[i] = cfg.w;
                    start[i] = c;
                }
                left[i] -= 1;
                if left[i] == 0 {
                    ready_at[i] = start[i] + cfg.l;
                }
                instructions += 1;
                last[sched] = Some(i);
            }
            if c < record {
                issued[sched].push(picked.and_then(|i| u32::try_from(i).ok()));
            }
        }
    }
    SimTrace {
        issued,
        slots,
        instructions,
    }
}

proptest! {
    #[test]
    fn counting_idle_cycles_is_walking_them(
        warps in 0u64..=40, s in 1u64..=4, l in 1u64..=700, t in 1u64..=4, w in 1u64..=8,
        gto in any::<bool>(), cycles in 0u64..=3000, record in 0u64..=400,
    ) {
        let policy = if gto { Policy::GreedyThenOldest } else { Policy::RoundRobin };
        let cfg = SimConfig { warps, s, l, t, w, policy };
        prop_assert_eq!(simulate(cfg, cycles, record), walked(cfg, cycles, record));
    }
}

#[test]
fn a_long_stall_is_counted_not_walked() {
    // Issue 65's case (`L=100000&W=1&resident=256`, one scheduler): each warp issues once a
    // period of 100,000 cycles, so the 2 periods simulated issue 2 × 256 = 512 instructions in
    // 200,000 slots: 0.256 % of them, as the walk gives.
    let cfg = SimConfig {
        warps: 256,
        s: 1,
        l: 100_000,
        t: 1,
        w: 1,
        policy: Policy::RoundRobin,
    };
    let fast = simulate(cfg, 200_000, 4000);
    assert_eq!((fast.instructions, fast.slots), (512, 200_000));
    assert_eq!(fast, walked(cfg, 200_000, 4000));
}
