use super::*;
use proptest::prelude::*;

fn strided(stride_words: u64, elem: u64, lanes: usize) -> [Option<u64>; 32] {
    let mut a = [None; 32];
    for (l, slot) in a.iter_mut().enumerate().take(lanes) {
        *slot = Some(l as u64 * stride_words * elem);
    }
    a
}

type Case = ((u64, u64, usize), (u64, u64, u64, u64));

#[test]
fn the_rule_table() {
    // (stride in elements, elem bytes, active lanes) → (wavefronts, ideal, conflicts, ways)
    let cases: [Case; 10] = [
        // stride 1, 4 B: words 0…31 in banks 0…31, one word each → 1.
        ((1, 4, 32), (1, 1, 0, 1)),
        // stride 2: words 0,2,…,62: banks 0,2,…,30 twice each, 2 distinct words → 2-way.
        ((2, 4, 32), (2, 1, 1, 2)),
        // stride 32: every lane in bank 0, 32 distinct words → 32 wavefronts.
        ((32, 4, 32), (32, 1, 31, 32)),
        // stride 0: all lanes read word 0, one word → a broadcast, 1.
        ((0, 4, 32), (1, 1, 0, 1)),
        // stride 33: bank (33·l) mod 32 = l → distinct → 1.
        ((33, 4, 32), (1, 1, 0, 1)),
        // 8-byte elements at stride 1: two half-warps, each lanes 0…15 cover words 0…31
        // once → 1 + 1 = 2, ideal 2, no conflict.
        ((1, 8, 32), (2, 2, 0, 1)),
        // 16-byte elements, stride 1: four quarter-warps of 8 lanes × 4 words = 32
        // words → 4 phases × 1.
        ((1, 16, 32), (4, 4, 0, 1)),
        // 1-byte elements, stride 1: 32 bytes = words 0…7, one phase, each bank ≤ 1 word.
        ((1, 1, 32), (1, 1, 0, 1)),
        // 8-byte, 16 lanes active: only the first half-warp → 1 phase.
        ((1, 8, 16), (1, 1, 0, 1)),
        // stride 16, 8 lanes: words 0,16,…,112: banks 0 and 16, 4 words each → 4.
        ((16, 4, 8), (4, 1, 3, 4)),
    ];
    for ((s, e, l), (w, i, c, ways)) in cases {
        let got = bank_cost(&strided(s, e, l), e);
        assert_eq!(
            (got.wavefronts, got.ideal, got.conflicts, got.ways),
            (w, i, c, ways),
            "stride {s} elem {e} lanes {l}"
        );
    }
    assert_eq!(bank_cost(&[None; 32], 4), BankCost::default());
}

proptest! {
    #[test]
    fn matches_a_brute_force_count(
        addrs in proptest::collection::vec(proptest::option::of(0u64..4096), 32),
        e in prop::sample::select(vec![1u64, 2, 4, 8, 16]),
    ) {
        let mut a = [None; 32];
        for (l, v) in addrs.iter().enumerate() {
            a[l] = v.map(|x| x / e * e);
        }
        let got = bank_cost(&a, e);
        // Lanes served together, counted here on their own: half-warps for 8 bytes,
        // quarter-warps for 16, else the whole warp.
        let size: usize = match e { 8 => 16, 16 => 8, _ => 32 };
        let (mut w, mut ideal) = (0, 0);
        for p in 0..32 / size {
            let lanes: Vec<u64> = (p * size..(p + 1) * size).filter_map(|l| a[l]).collect();
            if lanes.is_empty() {
                continue;
            }
            ideal += 1;
            let mut best = 0;
            for bank in 0..32 {
                let mut words: Vec<u64> = Vec::new();
                for x in &lanes {
                    for k in 0..e.div_ceil(4) {
                        let word = x / 4 + k;
                        if word % 32 == bank && !words.contains(&word) {
                            words.push(word);
                        }
                    }
                }
                best = best.max(words.len() as u64);
            }
            w += best;
        }
        prop_assert_eq!((got.wavefronts, got.ideal, got.conflicts), (w, ideal, w - ideal));
    }
}
