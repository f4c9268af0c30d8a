use super::*;
use crate::latency::scheduler::{simulate, SimConfig};

fn cfg(schedulers: u64, latency: u64, policy: Policy) -> SmConfig {
    SmConfig {
        schedulers,
        latency,
        shared_latency: 30,
        policy,
        max_warps: 64,
        max_blocks: 64,
        max_cycles: 1_000_000,
        record_warps: 0,
    }
}

/// `n` warps, each a block of its own, each `ops`.
fn each(n: usize, ops: &[Op]) -> Vec<WarpOps> {
    (0..n)
        .map(|block| WarpOps {
            block,
            ops: ops.to_vec(),
        })
        .collect()
}

#[test]
fn a_kernel_without_loads_is_issue_bound_with_as_many_warps_as_schedulers() {
    // 8 warps of 10 arithmetic instructions on 4 schedulers: each scheduler owns 2 warps, 20
    // instructions, one a cycle: 20 cycles, every slot used.
    let alu: Vec<Op> = (0..10).map(|_| Op::new(3, Kind::Alu, &[])).collect();
    for policy in [Policy::RoundRobin, Policy::GreedyThenOldest] {
        let r = run(&each(8, &alu), cfg(4, 400, policy));
        assert_eq!((r.cycles, r.issued, r.slots), (20, 80, 80));
        assert!((r.utilization() - 1.0).abs() < 1e-12);
        assert!(r.finished);
        assert_eq!(r.in_state(State::Issued), 80);
        // The other warp of a scheduler waits while one issues. Round-robin alternates them:
        // the first ends at cycle 18, so its partner waited in cycles 0-18 but not 19 (19 a
        // scheduler, 76 in all). Greedy runs one warp to its end (cycles 0-9) while the other
        // waits, then the other alone (10 a scheduler, 40).
        let waited = match policy {
            Policy::RoundRobin => 76,
            Policy::GreedyThenOldest => 40,
        };
        assert_eq!(r.in_state(State::NotSelected), waited);
    }
    // Fewer warps than schedulers: 2 warps, 4 schedulers: 10 cycles, 20 of 40 slots.
    let r = run(&each(2, &alu), cfg(4, 400, Policy::RoundRobin));
    assert_eq!((r.cycles, r.issued, r.slots), (10, 20, 40));
}

#[test]
fn three_dependent_loads_take_at_least_three_latencies() {
    // a = x[i]; b = y[a]; c = z[b]; out = c + 1: each load waits for the one before.
    let ops = [
        Op::new(1, Kind::Load, &[]),
        Op::new(2, Kind::Load, &[0]),
        Op::new(3, Kind::Load, &[1]),
        Op::new(4, Kind::Alu, &[2]),
    ];
    let l = 400;
    let r = run(&each(1, &ops), cfg(4, l, Policy::RoundRobin));
    // Issued at 0, L, 2L and 3L: 3L + 1 cycles.
    assert_eq!(r.cycles, 3 * l + 1);
    assert!(r.cycles >= 3 * l);
    // Every other cycle of the warp waited on a load: 3 (L - 1) of 3L + 1.
    assert_eq!(r.in_state(State::LongScoreboard), 3 * (l - 1));
    assert_eq!(r.in_state(State::Issued), 4);
    // Line 2 waited on line 1's load, line 3 on line 2's, line 4 on line 3's.
    assert_eq!(r.line(2).unwrap().waiting_on, [(1, l - 1)]);
    assert_eq!(r.line(4).unwrap().waiting_on, [(3, l - 1)]);
    // Independent loads are not serialised: three loads, then one use of all three.
    let ops = [
        Op::new(1, Kind::Load, &[]),
        Op::new(2, Kind::Load, &[]),
        Op::new(3, Kind::Load, &[]),
        Op::new(4, Kind::Alu, &[0, 1, 2]),
    ];
    let r = run(&each(1, &ops), cfg(4, l, Policy::RoundRobin));
    // The last load issued at 2 is ready at 2 + L: the use issues then.
    assert_eq!(r.cycles, l + 3);
}

#[test]
fn a_warp_waiting_at_a_barrier_for_a_slower_one_shows_stall_barrier() {
    // One block of two warps on two schedulers: warp 0 does 20 instructions before the
    // barrier (line 9), warp 1 none.
    let mut slow: Vec<Op> = (0..20).map(|_| Op::new(5, Kind::Alu, &[])).collect();
    slow.push(Op::new(9, Kind::Barrier, &[]));
    slow.push(Op::new(10, Kind::Alu, &[]));
    let fast = vec![Op::new(9, Kind::Barrier, &[]), Op::new(10, Kind::Alu, &[])];
    let warps = vec![
        WarpOps {
            block: 0,
            ops: slow,
        },
        WarpOps {
            block: 0,
            ops: fast,
        },
    ];
    let r = run(&warps, cfg(2, 400, Policy::RoundRobin));
    // Warp 1 issues its barrier at cycle 0 and waits through cycle 20, when warp 0 issues its
    // own: 20 cycles at the barrier. Both issue line 10 at cycle 21: 22 cycles.
    assert_eq!(r.in_state(State::Barrier), 20);
    assert_eq!(r.line(9).unwrap().stalled, 20);
    assert_eq!(r.cycles, 22);
    // The timeline shows it: warp 1 issued at 0, at the barrier 1-20, issued at 21.
    let mut c = cfg(2, 400, Policy::RoundRobin);
    c.record_warps = 2;
    let r = run(&warps, c);
    let row = &r.timeline[1];
    assert_eq!(row.len(), 22);
    assert_eq!(row[0], Some(State::Issued));
    assert!(row[1..=20].iter().all(|s| *s == Some(State::Barrier)));
    assert_eq!(row[21], Some(State::Issued));
    assert!(r.timeline[0].iter().all(|s| *s == Some(State::Issued)));
    // Another block's warps do not wait for this one's barrier.
    let other = vec![
        WarpOps {
            block: 0,
            ops: warps[0].ops.clone(),
        },
        WarpOps {
            block: 1,
            ops: warps[1].ops.clone(),
        },
    ];
    let r = run(&other, cfg(2, 400, Policy::RoundRobin));
    assert_eq!(r.in_state(State::Barrier), 0);
}

#[test]
fn blocks_are_resident_whole_and_the_rest_start_as_places_free() {
    // Four blocks of 2 warps, each 10 instructions, on an SM that holds 4 warps: two waves.
    let alu: Vec<Op> = (0..10).map(|_| Op::new(1, Kind::Alu, &[])).collect();
    let warps: Vec<WarpOps> = (0..8)
        .map(|i| WarpOps {
            block: i / 2,
            ops: alu.clone(),
        })
        .collect();
    let mut c = cfg(4, 400, Policy::RoundRobin);
    c.max_warps = 4;
    let r = run(&warps, c);
    // Each wave: 4 warps on 4 schedulers, 10 cycles; the second starts the cycle after.
    assert_eq!(r.cycles, 20);
    assert_eq!(r.issued, 80);
}

#[test]
fn the_latency_panels_scenario_gives_the_latency_panels_utilization() {
    // Issue 47's agreement: over a grid of L, W, S and warps, the instructions issued in a
    // window of cycles are the latency panel's simulation's, cycle for cycle counted.
    for l in [3, 20, 100, 400] {
        for w in [1, 4, 20] {
            for s in [1, 2, 4] {
                for n in [1, 4, 16, 48] {
                    for policy in [Policy::RoundRobin, Policy::GreedyThenOldest] {
                        let window = 3 * (l + w) + 7;
                        let ops = bursts(w, window / w + 2);
                        let warps = each(usize::try_from(n).unwrap(), &ops);
                        let mut c = cfg(s, l, policy);
                        c.max_cycles = window;
                        let ours = run(&warps, c);
                        let panel = simulate(
                            SimConfig {
                                warps: n,
                                s,
                                l,
                                t: 1,
                                w,
                                policy,
                            },
                            window,
                            0,
                        );
                        assert!(!ours.finished);
                        assert_eq!(ours.slots, panel.slots, "L={l} W={w} S={s} n={n}");
                        assert_eq!(
                            ours.issued, panel.instructions,
                            "L={l} W={w} S={s} n={n} {policy:?}"
                        );
                    }
                }
            }
        }
    }
}

/// An atomic (a load whose lanes update `updates`) then an instruction that uses its value.
fn atomic_then_use(updates: &[(u64, u64)]) -> Vec<Op> {
    let mut atomic = Op::new(1, Kind::Load, &[]);
    atomic.updates = updates.to_vec();
    vec![atomic, Op::new(1, Kind::Alu, &[0])]
}

#[test]
fn atomics_on_one_address_are_done_one_lane_a_cycle_in_issue_order() {
    let l = 400;
    // One lane: a load's timing. The atomic issues at 0, its value is ready at L, its use
    // issues then: L + 1 cycles.
    let one = run(
        &each(1, &atomic_then_use(&[(7, 1)])),
        cfg(4, l, Policy::RoundRobin),
    );
    assert_eq!(one.cycles, l + 1);
    // 32 lanes on one address: updates in cycles 0–31, the value L after the first update's
    // place plus 31: the use issues at L + 31, L + 32 cycles (the cost model's 31 extra),
    // waiting in cycles 1 to L + 30.
    let warp = run(
        &each(1, &atomic_then_use(&[(7, 32)])),
        cfg(4, l, Policy::RoundRobin),
    );
    assert_eq!(warp.cycles, l + 32);
    assert_eq!(warp.in_state(State::LongScoreboard), l + 30);
    // 32 lanes on 32 addresses: no lane waits for another.
    let spread: Vec<(u64, u64)> = (0..32).map(|a| (a, 1)).collect();
    let r = run(
        &each(1, &atomic_then_use(&spread)),
        cfg(4, l, Policy::RoundRobin),
    );
    assert_eq!(r.cycles, l + 1);
    // Two warps on two schedulers, both at cycle 0, 32 lanes each on the same address: the
    // second's updates queue behind the first's (cycles 32–63), its use issues at L + 63.
    let two = run(
        &each(2, &atomic_then_use(&[(7, 32)])),
        cfg(4, l, Policy::RoundRobin),
    );
    assert_eq!(two.cycles, l + 64);
    // On different addresses neither waits for the other.
    let mut other = each(2, &atomic_then_use(&[(7, 32)]));
    other[1].ops[0].updates = vec![(8, 32)];
    assert_eq!(run(&other, cfg(4, l, Policy::RoundRobin)).cycles, l + 32);
    // A later atomic on a free address does not wait: warp 1 issues its atomic at cycle 100,
    // after warp 0's updates (0–31) are done: ready at 100 + L.
    let mut late = each(2, &atomic_then_use(&[(7, 32)]));
    late[1].ops = (0..100).map(|_| Op::new(2, Kind::Alu, &[])).collect();
    late[1].ops.extend(atomic_then_use(&[(7, 1)]));
    late[1].ops[101].uses = vec![100];
    assert_eq!(
        run(&late, cfg(4, l, Policy::RoundRobin)).cycles,
        100 + l + 1
    );
}
