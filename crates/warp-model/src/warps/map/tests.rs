use super::*;
use proptest::prelude::*;

use crate::params::{parse_in_range, parse_list, parse_whole, quote, Whole};

#[test]
fn messages_name_the_parameter_and_the_range() {
    let e = BLOCK_X.parse("2000").unwrap_err();
    assert_eq!(e.param, "block-x");
    assert!(e.message.contains("from 1 to 1024"), "{}", e.message);
    let e = BLOCK_Z.parse("0").unwrap_err();
    assert!(e.message.contains("from 1 to 64"), "{}", e.message);
    let e = BLOCK_Y.parse("abc").unwrap_err();
    assert!(e.message.contains("“abc”"), "{}", e.message);
    let e = BLOCK_Y.parse("").unwrap_err();
    assert!(e.message.contains("empty"), "{}", e.message);
    let e = BLOCK_X.parse("18446744073709551616").unwrap_err();
    assert!(e.message.contains("too large"), "{}", e.message);
    let e = BLOCK_X.parse("-5").unwrap_err();
    assert!(e.message.contains("−5"), "{}", e.message);
    assert_eq!(BLOCK_X.parse(" 48 ").unwrap(), 48);
    assert_eq!(BLOCK_X.parse("+48").unwrap(), 48);
    assert_eq!(parse_whole("n", "-3", "").unwrap(), Whole::Negative(3));
    assert_eq!(parse_whole("n", "-0", "").unwrap(), Whole::NonNegative(0));
    assert!(quote(&"x".repeat(100)).ends_with("…”"));
}

#[test]
fn english_messages_are_unchanged() {
    assert_eq!(
        BLOCK_X.parse("2000").unwrap_err().message,
        "block-x = 2000 is out of range: allowed from 1 to 1024 (CUDA's limit on blockDim.x)."
    );
    assert_eq!(
        parse_in_range("n", "x", 0, 9, "").unwrap_err().message,
        "n must be a whole number from 0 to 9; “x” is not one."
    );
    assert_eq!(
        parse_whole("n", " ", "from 0 up").unwrap_err().message,
        "n is empty: enter a whole number from 0 up."
    );
    assert_eq!(
        BLOCK_Y.why_limit.map(crate::i18n::Msg::text),
        Some("CUDA's limit on blockDim.y")
    );
    assert_eq!(BLOCK_Z.unit.map(crate::i18n::Msg::text), Some("threads"));
}

#[test]
fn hinglish_messages_name_the_parameter_and_the_range() {
    use crate::i18n::{with_lang, Lang};
    let e = with_lang(Lang::Hinglish, || BLOCK_X.parse("0").unwrap_err());
    assert_eq!(e.param, "block-x");
    assert_eq!(
            e.message,
            "block-x = 0 range se bahar hai: sirf 1 se 1024 tak chalega (blockDim.x par CUDA ki limit)."
        );
    let e = with_lang(Lang::Hinglish, || BLOCK_Z.parse("abc").unwrap_err());
    assert!(
        e.message
            .starts_with("block-z ek whole number hona chahiye 1 se 64 tak"),
        "{}",
        e.message
    );
    assert!(e.message.contains("“abc”"), "{}", e.message);
    let e = with_lang(Lang::Hinglish, || BLOCK_Y.parse("").unwrap_err());
    assert!(e.message.contains("khaali"), "{}", e.message);
    let e = with_lang(Lang::Hinglish, || {
        BLOCK_X.parse("18446744073709551616").unwrap_err()
    });
    assert!(e.message.contains("bahut bada"), "{}", e.message);
    let e = with_lang(Lang::Hinglish, || {
        parse_list("paths", "12,-5", 1, 100, 32, "cycles").unwrap_err()
    });
    assert_eq!(e.param, "paths");
    assert_eq!(
        e.message,
        "paths ka item 2 = −5 range se bahar hai: sirf 1 se 100 tak chalega."
    );
    // The number read does not depend on the language.
    assert_eq!(with_lang(Lang::Hinglish, || BLOCK_X.parse("48")), Ok(48));
}

fn block(x: u64, y: u64, z: u64) -> BlockDim {
    BlockDim::new(x, y, z).unwrap()
}

/// (block, threads, warps, idle lanes, tail-warp active) from the seeds' block examples and
/// self-tests.
#[test]
fn seed_blocks() {
    let cases = [
        // 000 Ex 1 (cell A): 8 warps, all full.
        ((256, 1, 1), 256, 8, 0, 32),
        // 000 Ex 2 (cell B): 4 warps, last 4/32 full, 28 wasted.
        ((100, 1, 1), 100, 4, 28, 4),
        // 000 Ex 3 (cell C): 192 threads, 6 full warps.
        ((48, 4, 1), 192, 6, 0, 32),
        // 000 Ex 3b (cell C2) and self-test: 96 threads, 3 warps.
        ((8, 4, 3), 96, 3, 0, 32),
        // 000 Ex 9 (cell I): (30,30) → 29 warps, 4 active in the tail, 28 idle.
        ((30, 30, 1), 900, 29, 28, 4),
        // 000 Ex 9: (32,8) → 8 warps, none idle.
        ((32, 8, 1), 256, 8, 0, 32),
        // 000 self-test: (72,1,1) → 3 warps, 8 active in the tail, 24 wasted.
        ((72, 1, 1), 72, 3, 24, 8),
        // 004 Ex 7's 16×16 block: 8 full warps.
        ((16, 16, 1), 256, 8, 0, 32),
        // Cell D (block smaller than a warp): one warp, mostly idle.
        ((20, 1, 1), 20, 1, 12, 20),
        ((1, 1, 1), 1, 1, 31, 1),
        ((1024, 1, 1), 1024, 32, 0, 32),
        ((1, 1, 64), 64, 2, 0, 32),
    ];
    for ((x, y, z), p, w, idle, tail) in cases {
        let b = block(x, y, z);
        assert_eq!(b.threads(), p, "threads of {x},{y},{z}");
        assert_eq!(b.warps(), w, "warps of {x},{y},{z}");
        assert_eq!(b.idle_lanes(), idle, "idle lanes of {x},{y},{z}");
        assert_eq!(b.tail_warp_active(), tail, "tail of {x},{y},{z}");
    }
}

#[test]
fn seed_threads_and_warps() {
    // 000 Ex 3b: linear 70 in (8,4,3) is (6,0,2), warp 2.
    let b = block(8, 4, 3);
    assert_eq!(b.position(70), Some(ThreadPos { x: 6, y: 0, z: 2 }));
    assert_eq!(BlockDim::warp_of(70), 2);
    assert_eq!(BlockDim::lane_of(70), 6);
    // 000 Ex 3: warp 1 of (48,4,1) is linear 32–63, row 0's tail and row 1's head.
    let b = block(48, 4, 1);
    let s = b.warp_span(1).unwrap();
    assert_eq!((s.first, s.last, s.active), (32, 63, 32));
    assert!(s.straddles_rows && !s.straddles_slices);
    assert_eq!(b.position(32), Some(ThreadPos { x: 32, y: 0, z: 0 }));
    assert_eq!(b.position(63), Some(ThreadPos { x: 15, y: 1, z: 0 }));
    assert!(!b.warp_span(0).unwrap().straddles_rows);
    assert_eq!(b.warp_span(6), None);
    // 000 Ex 2: warp 3 of (100,1,1) holds 96–99.
    let s = block(100, 1, 1).warp_span(3).unwrap();
    assert_eq!((s.first, s.last, s.active), (96, 99, 4));
    // A warp that straddles z-slices: (4,4,4) has 16-thread slices.
    let s = block(4, 4, 4).warp_span(0).unwrap();
    assert!(s.straddles_slices);
    // (8,4,3): one slice per warp, no straddling (seed: "koi cross-slice straddling nahi").
    for w in 0..3 {
        let s = block(8, 4, 3).warp_span(w).unwrap();
        assert!(!s.straddles_slices, "warp {w}");
    }
}

#[test]
fn limits_are_cudas() {
    assert_eq!(BlockDim::new(1025, 1, 1).unwrap_err().param, "block-x");
    assert_eq!(BlockDim::new(0, 1, 1).unwrap_err().param, "block-x");
    assert_eq!(BlockDim::new(1, 1025, 1).unwrap_err().param, "block-y");
    assert_eq!(BlockDim::new(1, 1, 65).unwrap_err().param, "block-z");
    assert_eq!(BlockDim::new(1, 1, 0).unwrap_err().param, "block-z");
    let e = BlockDim::new(32, 32, 2).unwrap_err();
    assert_eq!(e.param, "block");
    assert!(e.message.contains("2048"), "{}", e.message);
    assert!(BlockDim::new(32, 32, 1).is_ok());
    assert!(BlockDim::new(u64::MAX, u64::MAX, u64::MAX).is_err());
}

fn any_block() -> impl Strategy<Value = BlockDim> {
    (1u64..=1024)
        .prop_flat_map(|x| (Just(x), 1u64..=1024 / x))
        .prop_flat_map(|(x, y)| (Just(x), Just(y), 1u64..=(1024 / (x * y)).min(64)))
        .prop_map(|(x, y, z)| BlockDim::new(x, y, z).expect("generated within limits"))
}

proptest! {
    #[test]
    fn floor_of_last_plus_one_is_ceiling_of_total(p in 1u64..=1_000_000) {
        prop_assert_eq!((p - 1) / 32 + 1, ceil_div(p, 32));
    }

    #[test]
    fn linear_and_coords_round_trip(b in any_block(), seed in any::<u64>()) {
        let i = seed % b.threads();
        let pos = b.position(i).unwrap();
        prop_assert_eq!(b.linear(pos), Some(i));
        prop_assert!(pos.x < b.x() && pos.y < b.y() && pos.z < b.z());
    }

    #[test]
    fn warps_cover_the_block(b in any_block()) {
        prop_assert!(b.idle_lanes() < 32);
        prop_assert_eq!(b.warps() * 32 - b.idle_lanes(), b.threads());
        let active: u64 = (0..b.warps()).map(|w| b.warp_span(w).unwrap().active).sum();
        prop_assert_eq!(active, b.threads());
        prop_assert_eq!(b.warp_span(b.warps() - 1).unwrap().active, b.tail_warp_active());
    }
}
