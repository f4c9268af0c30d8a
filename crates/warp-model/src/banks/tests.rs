//! The rule itself: hand-worked requests over arbitrary addresses, and a property test
//! against a brute-force count that walks every byte.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

mod evaluate;

use super::read::{SWEEP_PADS, SWEEP_STRIDES};
use super::rule::LaneAddresses;
use super::rule::{phase_lanes, ELEM_SIZES};
use super::worked::closed_form_ways;
use super::*;

fn lanes_at(f: impl Fn(u64) -> Option<u64>) -> LaneAddresses {
    let mut a = [None; 32];
    for (l, slot) in (0u64..).zip(a.iter_mut()) {
        *slot = f(l);
    }
    a
}

fn totals(r: &BankReport) -> (u64, u64, u64, u64) {
    (r.wavefronts, r.ideal, r.conflicts, r.ways)
}

#[test]
fn arbitrary_addresses_by_hand() {
    // Lanes 0–15 read word 0, lanes 16–31 word 32: both in bank 0, two different words →
    // 2 wavefronts; the 16 lanes of each word share it (a broadcast).
    let r = bank_report(&lanes_at(|l| Some(if l < 16 { 0 } else { 128 })), 4).unwrap();
    assert_eq!(totals(&r), (2, 1, 1, 2));
    assert_eq!(r.phases[0].bank_words[0], vec![0, 32]);
    assert_eq!(r.phases[0].worst_bank, Some(0));
    assert!(r.phases[0].shares_words());
    // Half the lanes read word 0, half word 1: two banks, one word each → 1 wavefront.
    let r = bank_report(&lanes_at(|l| Some(4 * (l % 2))), 4).unwrap();
    assert_eq!(totals(&r), (1, 1, 0, 1));
    // Bytes: lanes 0–3 read bytes 0–3 (word 0), lane 4 byte 128 (word 32, bank 0 again) →
    // bank 0 delivers 2 words → 2 wavefronts.
    let r = bank_report(
        &lanes_at(|l| match l {
            0..=3 => Some(l),
            4 => Some(128),
            _ => None,
        }),
        1,
    )
    .unwrap();
    assert_eq!(totals(&r), (2, 1, 1, 2));
    // 16-byte elements: lane 0 at byte 16 (words 4–7, banks 4–7), lane 1 at byte 144 (words
    // 36–39, banks 4–7 again) in the same quarter-warp → 2 wavefronts there; lane 8 alone in
    // the second quarter-warp → 1. Total 3, ideal 2, 1 conflict, 2-way.
    let r = bank_report(
        &lanes_at(|l| match l {
            0 => Some(16),
            1 => Some(144),
            8 => Some(0),
            _ => None,
        }),
        16,
    )
    .unwrap();
    assert_eq!(totals(&r), (3, 2, 1, 2));
    assert_eq!(r.phases[0].worst_bank, Some(4));
    assert_eq!(r.phases[0].touches.len(), 8);
    assert_eq!(r.phases[2].wavefronts, 0);
    assert_eq!(r.phases[2].worst_bank, None);
    assert_eq!(r.worst_phase().map(|p| p.index), Some(0));
    // Huge addresses do not overflow: u64::MAX − 15 is 16-aligned.
    let top = u64::MAX - 15;
    let r = bank_report(&lanes_at(|l| (l == 0).then_some(top)), 16).unwrap();
    assert_eq!(totals(&r), (1, 1, 0, 1));
    assert_eq!(r.phases[0].touches[3].word, u64::MAX / 4);
}

#[test]
fn no_active_lane_costs_nothing() {
    let r = bank_report(&[None; 32], 8).unwrap();
    assert_eq!(totals(&r), (0, 0, 0, 0));
    assert_eq!(r.phases.len(), 2);
    assert!(r.active_phases().next().is_none());
    assert_eq!(r.worst_phase(), None);
}

#[test]
fn misaligned_addresses_and_odd_sizes_are_named() {
    let e = bank_report(&lanes_at(|l| Some(if l == 3 { 6 } else { 4 * l })), 4).unwrap_err();
    assert_eq!(
        e,
        BankError::Misaligned {
            lane: 3,
            address: 6,
            elem: 4
        }
    );
    assert!(e.message().contains("lane 3"), "{e}");
    assert!(
        e.message().contains("misaligned address, as on the GPU"),
        "{e}"
    );
    // An inactive lane's address does not matter; 8-byte elements need 8-byte alignment.
    assert!(bank_report(&lanes_at(|l| (l == 0).then_some(8)), 8).is_ok());
    assert!(bank_report(&lanes_at(|l| (l == 0).then_some(4)), 8).is_err());
    let e = bank_report(&[Some(0); 32], 3).unwrap_err();
    assert_eq!(e, BankError::Elem { elem: 3 });
    assert!(e.to_string().contains("1, 2, 4, 8 or 16"), "{e}");
}

#[test]
fn reads_give_the_addresses_of_their_lanes() {
    let s = StridedRead {
        elem: 8,
        stride: 3,
        offset: 16,
        lanes: 5,
    };
    let a = s.addresses();
    assert_eq!(a[0], Some(16));
    assert_eq!(a[4], Some(16 + 4 * 3 * 8));
    assert_eq!(a[5], None);
    let t = TileRead {
        elem: 4,
        width: 32,
        pad: 1,
        walk: Walk::Column,
        col: 5,
        row: 0,
        swizzle: Swizzle::None,
        lanes: 32,
    };
    // tile[l][5] at (33l + 5)·4.
    assert_eq!(t.address(2), Some((2 * 33 + 5) * 4));
    let x = TileRead {
        swizzle: Swizzle::Xor,
        pad: 0,
        ..t
    };
    // tile[3][5] stored at column 5 ^ 3 = 6.
    assert_eq!(x.element(3), Some((3, 5)));
    assert_eq!(x.stored_column(3, 5), 6);
    assert_eq!(x.address(3), Some((3 * 32 + 6) * 4));
    let row = TileRead {
        walk: Walk::Row,
        row: 2,
        width: 16,
        ..t
    };
    // Along row 2 of a 16-wide tile: lanes past column 15 have no element.
    assert_eq!(row.address(15), Some((2 * 17 + 15) * 4));
    assert_eq!(row.address(16), None);
}

#[test]
fn the_sweeps() {
    let s = StridedRead {
        elem: 4,
        stride: 1,
        offset: 0,
        lanes: 32,
    };
    let sweep = s.wavefronts_by_stride(SWEEP_STRIDES);
    assert_eq!(sweep.len(), 65);
    // Floats: stride s costs gcd(s, 32) wavefronts (s > 0); 0 is a broadcast.
    assert_eq!(
        sweep[..9],
        [
            (0, 1),
            (1, 1),
            (2, 2),
            (3, 1),
            (4, 4),
            (5, 1),
            (6, 2),
            (7, 1),
            (8, 8)
        ]
    );
    assert_eq!(sweep[32], (32, 32));
    assert_eq!(sweep[33], (33, 1));
    assert_eq!(sweep[64], (64, 32));
    let t = TileRead {
        elem: 4,
        width: 32,
        pad: 0,
        walk: Walk::Column,
        col: 0,
        row: 0,
        swizzle: Swizzle::None,
        lanes: 32,
    };
    // Column walk of float tile[32][32 + p]: word (32 + p)·l, bank p·l mod 32 → gcd(p, 32)
    // wavefronts, and 32 at p = 0.
    assert_eq!(
        t.wavefronts_by_pad(SWEEP_PADS),
        vec![
            (0, 32),
            (1, 1),
            (2, 2),
            (3, 1),
            (4, 4),
            (5, 1),
            (6, 2),
            (7, 1),
            (8, 8)
        ]
    );
}

/// The slow obvious count: for each phase, walk every byte of every active lane's element,
/// collect each bank's distinct words in a set, take the largest set.
fn brute_force(addresses: &LaneAddresses, elem: u64) -> (u64, u64, u64) {
    let size = match elem {
        8 => 16,
        16 => 8,
        _ => 32,
    };
    let (mut wavefronts, mut ideal, mut ways) = (0, 0, 0);
    for start in (0..32).step_by(size) {
        let mut banks: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
        for a in addresses[start..start + size].iter().flatten() {
            for byte in (0..elem).map(|i| a + i) {
                banks.entry((byte / 4) % 32).or_default().insert(byte / 4);
            }
        }
        if addresses[start..start + size].iter().any(Option::is_some) {
            ideal += 1;
        }
        let most = banks.values().map(|w| w.len() as u64).max().unwrap_or(0);
        wavefronts += most;
        ways = ways.max(most);
    }
    (wavefronts, ideal, ways)
}

/// Addresses: small ones (so that lanes collide) or any at all, aligned down to `elem`.
fn lane_addresses() -> impl Strategy<Value = Vec<Option<u64>>> {
    prop::collection::vec(
        prop::option::of(prop_oneof![4 => 0u64..512, 1 => any::<u64>()]),
        32,
    )
}

proptest! {
    #[test]
    fn the_rule_matches_a_brute_force_count(e in 0usize..5, raw in lane_addresses()) {
        let elem = ELEM_SIZES[e];
        let mut a = [None; 32];
        for (slot, r) in a.iter_mut().zip(&raw) {
            *slot = r.map(|x| x - x % elem);
        }
        let r = bank_report(&a, elem).unwrap();
        let (wavefronts, ideal, ways) = brute_force(&a, elem);
        prop_assert_eq!((r.wavefronts, r.ideal, r.ways), (wavefronts, ideal, ways));
        // Invariants.
        let active = a.iter().flatten().count() as u64;
        prop_assert!(r.ideal <= r.wavefronts);
        prop_assert!(r.wavefronts <= active, "a lane adds at most one word to a bank");
        prop_assert!(r.wavefronts <= 32 * r.phases.len() as u64);
        prop_assert_eq!(r.conflicts, r.wavefronts - r.ideal);
        prop_assert!(r.ways <= phase_lanes(elem));
        prop_assert!(r.wavefronts <= r.ideal * r.ways);
        prop_assert_eq!(r.ways, r.phases.iter().map(|p| p.wavefronts).max().unwrap_or(0));
        for p in &r.phases {
            let words: u64 = p.bank_words.iter().map(|w| w.len() as u64).sum();
            prop_assert_eq!(words, p.distinct_words());
            if let Some(b) = p.worst_bank {
                prop_assert_eq!(p.bank_words[usize::try_from(b).unwrap()].len() as u64, p.wavefronts);
            }
            for t in &p.touches {
                prop_assert_eq!(t.bank, t.word % 32);
                prop_assert!(p.bank_words[usize::try_from(t.bank).unwrap()].contains(&t.word));
            }
        }
        // Every active lane at the same address: one pass per phase, whatever it is.
        if let Some(x) = a.iter().flatten().next() {
            let same = a.map(|s| s.map(|_| *x));
            let r = bank_report(&same, elem).unwrap();
            prop_assert_eq!(r.wavefronts, r.ideal);
            prop_assert_eq!(r.ways, 1);
        }
    }

    #[test]
    fn a_misaligned_lane_is_named(e in 1usize..5, lane in 0usize..32, k in 0u64..1000, off in 1u64..16) {
        let elem = ELEM_SIZES[e];
        let bad = k * elem + off % elem;
        prop_assume!(!bad.is_multiple_of(elem));
        let mut a = [Some(0); 32];
        a[lane] = Some(bad);
        prop_assert_eq!(
            bank_report(&a, elem),
            Err(BankError::Misaligned { lane: lane as u64, address: bad, elem })
        );
    }

    #[test]
    fn the_closed_form_agrees_with_the_rule(
        e in 2usize..5, stride in 0u64..=4096, k in 0u64..64, lanes in 1u64..=32,
        width_log in 0u32..=10, pad in 0u64..=64, col in 0u64..1024, column in any::<bool>(),
    ) {
        let elem = ELEM_SIZES[e];
        let s = BanksRead::Strided(StridedRead { elem, stride, offset: k * elem, lanes });
        let width = 1u64 << width_log;
        let t = BanksRead::Tile(TileRead {
            elem,
            width,
            pad,
            walk: if column { Walk::Column } else { Walk::Row },
            col: col % width,
            row: k % 32,
            swizzle: Swizzle::None,
            lanes: if column { lanes } else { lanes.min(width) },
        });
        for read in [s, t] {
            let r = read.report().unwrap();
            if let Some(ways) = closed_form_ways(&read) {
                prop_assert_eq!(ways, r.ways, "{:?}", read);
                prop_assert_eq!(r.ideal * ways, r.wavefronts, "{:?}", read);
            }
        }
    }
}
