//! The whole output from raw text: the data-driven table of requests worked by hand, named
//! errors, worked steps, the picture, presets, both languages, and any text at all.

use proptest::prelude::*;

use crate::banks::panel::{
    COL, ELEM, LANES, MODE, OFFSET, PAD, PARAMS, ROW, STRIDE, SWIZZLE, TILE, WALK,
};
use crate::banks::*;
use crate::i18n::{with_lang, Lang};
use crate::query::Query;

fn run(query: &str) -> BanksOutput {
    evaluate(&BanksInput::from_query(
        &Query::parse(query),
        &BanksInput::default(),
    ))
}

/// (wavefronts, ideal wavefronts, bank conflicts, conflict ways).
type Expected = (u64, u64, u64, u64);

/// The request costs `expected`, and the figures say so.
fn check(case: &str, expected: Expected) {
    let out = run(case);
    assert!(out.errors.is_empty(), "{case}: {:?}", out.errors);
    let r = out.report.as_ref().unwrap();
    assert_eq!(
        (r.wavefronts, r.ideal, r.conflicts, r.ways),
        expected,
        "{case}"
    );
    let figures: Vec<(&str, String)> = out
        .figures
        .iter()
        .map(|f| (f.metric, f.value.plain()))
        .collect();
    let (w, i, c, k) = expected;
    assert_eq!(
        figures,
        [
            ("wavefronts", w.to_string()),
            ("ideal-wavefronts", i.to_string()),
            ("bank-conflicts", c.to_string()),
            ("conflict-ways", k.to_string()),
        ],
        "{case}"
    );
}

/// An error names `param` and says `needle`, and nothing is computed.
fn check_error(case: &str, param: &str, needle: &str) {
    let out = run(case);
    crate::testing::assert_error(case, &out.errors, param, needle);
    assert!(out.figures.is_empty() && out.report.is_none(), "{case}");
}

/// Every case worked by hand; elem 4 unless said. "word" is ⌊address / 4⌋, "bank" word mod 32.
const CASES: &[(&str, Expected)] = &[
    // Stride 1: lane l → word l → bank l; one word per bank → 1 wavefront.
    ("stride=1", (1, 1, 0, 1)),
    // Stride 2: lane l → word 2l → bank 2l mod 32; lanes l and l+16 share bank 2l mod 32
    // with different words (2l, 2l + 32) → 2 distinct words per bank → 2 wavefronts, 1
    // conflict, 2-way.
    ("stride=2", (2, 1, 1, 2)),
    // Stride 3: bank 3l mod 32; 3 and 32 share no factor, so every bank once → 1.
    ("stride=3", (1, 1, 0, 1)),
    // Stride 4: bank 4l mod 32 takes 8 values; lanes l, l+8, l+16, l+24 share one with 4
    // different words → 4 wavefronts, 3 conflicts, 4-way.
    ("stride=4", (4, 1, 3, 4)),
    // Stride 8: banks 0, 8, 16, 24, 8 words each → 8-way.
    ("stride=8", (8, 1, 7, 8)),
    // Stride 16: banks 0 and 16, 16 words each → 16-way.
    ("stride=16", (16, 1, 15, 16)),
    // Stride 32: word 32l, bank 0 for every lane: 32 words → 32 wavefronts, 31 conflicts.
    ("stride=32", (32, 1, 31, 32)),
    // Stride 33: word 33l, bank 33l mod 32 = l → every bank once → 1.
    ("stride=33", (1, 1, 0, 1)),
    // Broadcast: every lane reads word 0; one word, shared → 1 wavefront.
    ("stride=0", (1, 1, 0, 1)),
    // One lane: one word → 1 wavefront, even at stride 32.
    ("stride=32&lanes=1", (1, 1, 0, 1)),
    // 16 lanes at stride 32: words 0, 32, …, 480, all bank 0 → 16-way.
    ("stride=32&lanes=16", (16, 1, 15, 16)),
    // 16 lanes at stride 2: words 0, 2, …, 30 → 16 different banks → 1.
    ("stride=2&lanes=16", (1, 1, 0, 1)),
    // Bytes, stride 1: lane l → byte l → word ⌊l/4⌋ = 0…7; 4 lanes share each word → 1.
    ("elem=1&stride=1", (1, 1, 0, 1)),
    // Bytes, stride 64: byte 64l → word 16l → banks 0 and 16, 16 words each → 16-way.
    ("elem=1&stride=64", (16, 1, 15, 16)),
    // Bytes, stride 128: byte 128l → word 32l → bank 0 → 32-way.
    ("elem=1&stride=128", (32, 1, 31, 32)),
    // Shorts, stride 1: byte 2l → word ⌊l/2⌋ = 0…15; 2 lanes share each word → 1.
    ("elem=2&stride=1", (1, 1, 0, 1)),
    // Shorts, stride 2: byte 4l → word l → bank l → 1.
    ("elem=2&stride=2", (1, 1, 0, 1)),
    // Shorts, stride 4: byte 8l → word 2l → 2-way, as floats at stride 2.
    ("elem=2&stride=4", (2, 1, 1, 2)),
    // Doubles, stride 1: two half-warps; lanes 0–15 read words 2l, 2l+1 = 0…31, every bank
    // once → 1; lanes 16–31 words 32…63 → 1. Total 2, ideal 2, 0 conflicts.
    ("elem=8&stride=1", (2, 2, 0, 1)),
    // Doubles, stride 2: lane l of a half-warp → byte 16l → words 4l, 4l+1 → banks 4l mod
    // 32 (+1); lanes l and l+8 collide with different words → 2 per half-warp → 4 total, 2
    // conflicts, 2-way.
    ("elem=8&stride=2", (4, 2, 2, 2)),
    // Doubles, stride 16: byte 128l → words 32l, 32l+1 → banks 0, 1 for all 16 lanes of a
    // half-warp → 16 each → 32 total, ideal 2, 30 conflicts, 16-way.
    ("elem=8&stride=16", (32, 2, 30, 16)),
    // Doubles, 16 lanes: only half-warp 0 is active → 1 wavefront, ideal 1.
    ("elem=8&lanes=16", (1, 1, 0, 1)),
    // Doubles, stride 2, 20 lanes: half-warp 0 as above → 2; half-warp 1 has lanes 16–19
    // at bytes 256…304 → words 64, 68, 72, 76 (+1) → banks 0, 4, 8, 12 (+1) → 1. Total 3,
    // ideal 2, 1 conflict, 2-way.
    ("elem=8&stride=2&lanes=20", (3, 2, 1, 2)),
    // float4, stride 1: four quarter-warps of 8 lanes; byte 16l → words 4l…4l+3 → 32
    // words on 32 banks once each → 1 per quarter → 4 total, ideal 4, 0 conflicts.
    ("elem=16&stride=1", (4, 4, 0, 1)),
    // float4, stride 2: byte 32l → words 8l…8l+3 → banks 8l mod 32 (+0…3); lanes l and
    // l+4 of a quarter collide → 2 each → 8 total, 4 conflicts, 2-way.
    ("elem=16&stride=2", (8, 4, 4, 2)),
    // Offset one float: words 1…32 → banks 1…31, 0 → still 1.
    ("offset=4&stride=1", (1, 1, 0, 1)),
    // Offset 8 at stride 32: word 2 + 32l → bank 2 for every lane → 32-way (bank 2).
    ("offset=8&stride=32", (32, 1, 31, 32)),
    // Doubles from byte 8: half-warp 0 reads words 2…33 → banks 2…31, 0, 1 once → 1 each.
    ("elem=8&offset=8&stride=1", (2, 2, 0, 1)),
    // float4 from byte 16: quarter 0 reads words 4…35 → every bank once → 1 each.
    ("elem=16&offset=16&stride=1", (4, 4, 0, 1)),
    // The transpose: float tile[32][32], lane l reads tile[l][0] at byte 128l → word 32l
    // → bank 0 for all 32 lanes → 32 wavefronts, 31 conflicts, 32-way.
    ("tile=32", (32, 1, 31, 32)),
    // Column 7: word 32l + 7 → bank 7 → still 32-way.
    ("tile=32&col=7", (32, 1, 31, 32)),
    // Padded by one: tile[32][33], word 33l → bank l → 1 wavefront.
    ("tile=32&pad=1", (1, 1, 0, 1)),
    // Padded by two: word 34l → bank 2l mod 32 → 2-way.
    ("tile=32&pad=2", (2, 1, 1, 2)),
    // XOR swizzle: tile[l][0] stored at column 0 ^ l = l → word 32l + l = 33l → bank l → 1.
    ("tile=32&swizzle=xor", (1, 1, 0, 1)),
    // XOR swizzle, column 5: stored at column 5 ^ l, a permutation of 0…31 → 1.
    ("tile=32&swizzle=xor&col=5", (1, 1, 0, 1)),
    // Along a row: lane l reads tile[0][l] → word l → 1.
    ("tile=32&walk=row", (1, 1, 0, 1)),
    // Along row 5: word 5·32 + l → 1.
    ("tile=32&walk=row&row=5", (1, 1, 0, 1)),
    // A 33-wide tile, no padding: word 33l → bank l → 1.
    ("tile=33", (1, 1, 0, 1)),
    // Doubles, tile[32][16]: lane l reads tile[l][0] at byte 128l → words 32l, 32l+1 →
    // banks 0, 1 for all 16 lanes of a half-warp → 16 each → 32 total, ideal 2, 30
    // conflicts, 16-way.
    ("tile=16&elem=8", (32, 2, 30, 16)),
    // Doubles, tile[32][17]: byte 136l → words 34l, 34l+1 → banks 2l mod 32 (+1): the 16
    // lanes of a half-warp take 32 different banks → 1 each → 2, 0 conflicts.
    ("tile=16&elem=8&pad=1", (2, 2, 0, 1)),
    // Doubles, tile[32][16], XOR: lane l's element at column l mod 16 → words 32l + 2(l mod
    // 16) (+1) → banks 2(l mod 16) (+1), all different in a half-warp → 2, 0 conflicts.
    ("tile=16&elem=8&swizzle=xor", (2, 2, 0, 1)),
    // Doubles along row 0 of a 16-wide tile, 16 lanes: bytes 8l → words 0…31 → 1; the
    // second half-warp has no lane → ideal 1.
    ("tile=16&elem=8&walk=row&lanes=16", (1, 1, 0, 1)),
    // Shorts, tile[32][32]: byte 64l → word 16l → banks 0, 16 with 16 words each → 16-way.
    ("tile=32&elem=2", (16, 1, 15, 16)),
    // Shorts need a pad of 2 to shift a whole word per row: byte 68l → word 17l → bank
    // 17l mod 32, all different → 1.
    ("tile=32&elem=2&pad=2", (1, 1, 0, 1)),
    // float4, tile[32][32]: byte 512l → words 128l…128l+3 → banks 0–3 for the 8 lanes of
    // a quarter → 8 each → 32 total, ideal 4, 28 conflicts, 8-way.
    ("tile=32&elem=16", (32, 4, 28, 8)),
];

#[test]
fn the_table_of_requests_worked_by_hand() {
    for (case, expected) in CASES {
        check(case, *expected);
    }
    assert!(CASES.len() >= 40);
    // The worst bank is named where it is not bank 0.
    let worst = |q: &str| run(q).phases[0].worst_bank;
    assert_eq!(worst("offset=8&stride=32"), Some(2));
    assert_eq!(worst("tile=32&col=7"), Some(7));
    assert_eq!(worst("stride=1"), Some(0));
}

#[test]
fn bad_inputs_are_named() {
    check_error("offset=2", "offset", "misaligned address, as on the GPU");
    check_error("offset=2", "offset", "try 0 or 4");
    check_error("elem=8&offset=4", "offset", "multiple of 8 bytes");
    check_error("tile=24&swizzle=xor", "swizzle", "power-of-two");
    check_error(
        "elem=3",
        "elem",
        "elem must be 1, 2, 4, 8 or 16; “3” is not one",
    );
    check_error("elem=x", "elem", "must be 1, 2, 4, 8 or 16");
    check_error("elem=-4", "elem", "must be 1, 2, 4, 8 or 16; “-4”");
    check_error("mode=diagonal", "mode", "must be stride or tile");
    // A tile the link gives empty is an error; one it leaves out is the mode's starter.
    check_error("mode=tile&tile=", "tile", "tile is empty");
    // An empty choice is its default: floats.
    check("elem=", (1, 1, 0, 1));
    check_error("stride=4097", "stride", "from 0 to 4096");
    check_error("stride=-1", "stride", "from 0 to 4096");
    check_error("lanes=0", "lanes", "from 1 to 32");
    check_error("lanes=33", "lanes", "a warp has 32 lanes");
    check_error("offset=99999999999999999999", "offset", "too large");
    check_error("tile=0", "tile", "from 1 to 1024");
    check_error("tile=2000", "tile", "from 1 to 1024");
    check_error("tile=32&pad=65", "pad", "from 0 to 64");
    check_error("tile=32&walk=diagonal", "walk", "column or row");
    check_error("tile=32&swizzle=rot", "swizzle", "none or xor");
    check_error("tile=32&col=32", "col", "from 0 to 31");
    check_error("tile=32&row=32", "row", "the tile has 32 rows");
    check_error(
        "tile=16&walk=row",
        "walk",
        "narrower than its 32 active lanes",
    );
    // Parameters of the other mode are not read: `tile` implies tile mode unless `mode` says.
    assert!(run("stride=x&offset=3&tile=32").errors.is_empty());
    assert!(run("walk=diagonal&swizzle=rot").errors.is_empty());
    assert!(run("mode=stride&tile=x&pad=-1").errors.is_empty());
    check("mode=stride&tile=32&stride=32", (32, 1, 31, 32));
    // Words are case-insensitive; an empty word is the default.
    check("tile=32&walk=ROW&swizzle=", (1, 1, 0, 1));
    check("tile=32&walk=&swizzle=XOR", (1, 1, 0, 1));
    // Several problems, several errors.
    let e = run("elem=3&stride=x&lanes=0").errors;
    let params: Vec<&str> = e.iter().map(|e| e.param.as_str()).collect();
    assert_eq!(params, ["elem", "lanes", "stride"]);
}

#[test]
fn the_key_figure_is_conflict_ways() {
    let out = run("stride=2");
    let keys: Vec<&str> = out
        .figures
        .iter()
        .filter(|f| f.key)
        .map(|f| f.metric)
        .collect();
    assert_eq!(keys, ["conflict-ways"]);
    for f in &out.figures {
        assert!(!f.label.is_empty() && !f.unit.is_empty() && !f.help.is_empty());
    }
    let help = |m: &str| out.figures.iter().find(|f| f.metric == m).unwrap().help;
    assert!(help("wavefronts").contains("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"));
    assert!(help("wavefronts").contains("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"));
    assert!(
        help("bank-conflicts").contains("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum")
    );
    assert!(
        help("bank-conflicts").contains("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum")
    );
}

#[test]
fn the_picture_and_the_why_lines() {
    let out = run("stride=32");
    assert_eq!(out.phases.len(), 1);
    let p = &out.phases[0];
    assert_eq!((p.first_lane, p.last_lane, p.wavefronts), (0, 31, 32));
    assert_eq!(p.cells[1], (1, 32, 0));
    assert_eq!(
        p.why,
        "In the warp (lanes 0–31), bank 0 must deliver 32 different words: 32 wavefronts."
    );
    // float4: four quarter-warps, each lane on 4 words and banks.
    let out = run("elem=16&lanes=12");
    assert_eq!(out.phases.len(), 4);
    assert_eq!(
        out.phases[0].cells[..4],
        [(0, 0, 0), (0, 1, 1), (0, 2, 2), (0, 3, 3)]
    );
    assert_eq!(out.phases[1].cells.len(), 4 * 4);
    assert_eq!(
        out.phases[1].why,
        "In quarter-warp 1 (lanes 8–15), no bank must deliver more than one word: 1 wavefront."
    );
    assert_eq!(
        out.phases[2].why,
        "In quarter-warp 2 (lanes 16–23), no lane is active: no wavefront."
    );
    assert!(out.phases[2].cells.is_empty());
    let out = run("stride=0");
    assert!(
        out.phases[0].why.contains("a broadcast"),
        "{}",
        out.phases[0].why
    );
    let out = run("elem=8&stride=2");
    assert!(
        out.phases[1]
            .why
            .starts_with("In half-warp 1 (lanes 16–31), bank 0 must deliver 2 different words"),
        "{}",
        out.phases[1].why
    );
}

#[test]
fn the_sweep_follows_the_mode() {
    let out = run("stride=5");
    assert_eq!(out.sweep_axis, SweepAxis::Stride);
    assert_eq!(out.sweep.len(), 65);
    assert_eq!(out.sweep[32], (32, 32));
    let out = run("tile=32&col=3");
    assert_eq!(out.sweep_axis, SweepAxis::Pad);
    assert_eq!(out.sweep[..3], [(0, 32), (1, 1), (2, 2)]);
    let out = run("tile=16&elem=8");
    assert_eq!(out.sweep[..2], [(0, 32), (1, 2)]);
    assert_eq!(run("tile=x").sweep_axis, SweepAxis::Pad);
}

#[test]
fn worked_steps() {
    let text = run("stride=32").worked[0].text();
    for needle in [
        "a(l) = offset + l · stride · elem = 0 + l · 128",
        "lane 0: byte 0; lane 1: byte 128; …; lane 31: byte 3968.",
        "word = ⌊a/4⌋",
        "bank = word mod 32",
        "lane 1 → word 32, bank 0",
        "whole warp is served in one phase",
        "bank 0 must deliver 32 different words: 32 wavefronts",
        "conflicts = 32 − 1 = 31",
        "32 wavefronts where 1 would do: 31 bank conflicts, 32-way.",
        "gcd(32, 32) = 32 ✓",
        "1 × 32 = 32 ✓",
    ] {
        assert!(text.contains(needle), "{needle}\n{text}");
    }
    let text = run("elem=8&stride=2").worked[0].text();
    for needle in [
        "two half-warps",
        "spans 2 consecutive words",
        "wavefronts = 2 + 2 = 4",
        "ways = max(2, 2) = 2",
        "gcd(2, 16) = 2",
        "2 × 2 = 4 ✓",
    ] {
        assert!(text.contains(needle), "{needle}\n{text}");
    }
    let text = run("stride=0").worked[0].text();
    assert!(text.contains("a broadcast"), "{text}");
    assert!(text.contains("wavefronts = ideal = 1 ✓"), "{text}");
    let text = run("tile=32&swizzle=xor").worked[0].text();
    for needle in [
        "a = (r · (W + pad) + c′) × elem = (r · 32 + c′) × 4",
        "lane l reads r = l, c = 0",
        "c′ = c ^ (r mod 32)",
        "lane 1: byte 132",
        "⌈32/32⌉ = 1 ≤ 1 ✓",
        "1 − 1 = 0 ✓",
        "XOR swizzle stores",
    ] {
        assert!(text.contains(needle), "{needle}\n{text}");
    }
    let text = run("tile=32&pad=1").worked[0].text();
    assert!(text.contains("W + pad = 33 elements apart"), "{text}");
    assert!(text.contains("gcd(33, 32) = 1"), "{text}");
    let text = run("elem=1&stride=1&lanes=2").worked[0].text();
    assert!(text.contains("lane 0: byte 0; lane 1: byte 1."), "{text}");
    assert!(text.contains("⌈1/32⌉ = 1 ≤ 1 ✓"), "{text}");
    assert!(run("lanes=1").worked[0].text().contains("lane 0: byte 0."));
}

/// The classics (`example=banks/…`), each with the numbers worked by hand:
/// (cell, wavefronts, ideal, conflicts, ways).
const PRESETS: [(&str, Expected); 8] = [
    // Floats, stride 1: lane l reads word l, bank l. 32 banks, one word each: 1 wavefront,
    // 0 conflicts, 1-way.
    ("stride-1", (1, 1, 0, 1)),
    // Floats, stride 2: lane l reads word 2l, bank 2l mod 32; lanes l and l + 16 share bank
    // 2l mod 32 with words 2l and 2l + 32: 2 words a bank → 2 wavefronts, 1 conflict, 2-way.
    ("stride-2", (2, 1, 1, 2)),
    // Floats, stride 32: lane l reads word 32l, bank 32l mod 32 = 0 for every lane: bank 0
    // delivers 32 different words → 32 wavefronts, 31 conflicts, 32-way.
    ("stride-32", (32, 1, 31, 32)),
    // Stride 0: every lane reads word 0; one word, shared by all (a broadcast) → 1
    // wavefront, 0 conflicts, 1-way.
    ("broadcast", (1, 1, 0, 1)),
    // float tile[32][32], lane l reads tile[l][0]: byte 32l·4, word 32l, bank 0 for every
    // lane → 32 wavefronts, 31 conflicts, 32-way (the transpose's column read).
    ("transpose-naive", (32, 1, 31, 32)),
    // float tile[32][33]: lane l reads word 33l, bank 33l mod 32 = l: every bank once → 1
    // wavefront, 0 conflicts, 1-way.
    ("transpose-padded", (1, 1, 0, 1)),
    // float tile[32][32], XOR swizzle: [l][0] is stored at column 0 ^ l = l, word 32l + l =
    // 33l, bank l: every bank once → 1 wavefront, 0 conflicts, 1-way, with no padding.
    ("transpose-xor", (1, 1, 0, 1)),
    // Doubles, stride 1: two half-warps. Lanes 0–15 read bytes 8l, words 2l and 2l + 1:
    // words 0–31, banks 0–31 once each → 1 wavefront; lanes 16–31 likewise words 32–63 → 1.
    // Total 2, ideal 2, 0 conflicts, 1-way.
    ("doubles", (2, 2, 0, 1)),
];

#[test]
fn every_preset_shows_its_numbers() {
    let examples: Vec<&crate::examples::Example> = crate::examples::ALL
        .iter()
        .filter(|e| e.topic == "banks")
        .collect();
    assert_eq!(examples.len(), PRESETS.len());
    for (e, (cell, (w, i, c, k))) in examples.iter().zip(PRESETS) {
        assert_eq!(e.cell, cell);
        assert_eq!(e.panel, crate::registry::Panel::Banks);
        let out = evaluate(&BanksInput::from_params(e.params));
        assert!(out.errors.is_empty(), "{cell}: {:?}", out.errors);
        let r = out.report.as_ref().unwrap();
        assert_eq!(
            (r.wavefronts, r.ideal, r.conflicts, r.ways),
            (w, i, c, k),
            "{cell}"
        );
        // The figure the Forecast asks about is one of the panel's.
        assert!(
            out.figures.iter().any(|f| f.metric == e.forecast_metric),
            "{cell}: {}",
            e.forecast_metric
        );
        let tile = cell.starts_with("transpose");
        assert_eq!(out.sweep_axis == SweepAxis::Pad, tile, "{cell}");
        let en = e.title();
        let hi = with_lang(Lang::Hinglish, || e.title());
        assert!(!en.is_empty() && en != hi, "{cell}");
        assert_eq!(e.source(), "a classic of shared memory");
    }
}

/// Words of English sentences that Hinglish sentences do not use (as in tests/hinglish.rs).
const ENGLISH: [&str; 13] = [
    " The ",
    " must ",
    " with ",
    " into ",
    " because ",
    " which ",
    " does ",
    " cannot ",
    " is not ",
    " are ",
    " would ",
    " there ",
    " each ",
];

#[test]
fn hinglish_words_same_numbers() {
    for q in [
        "stride=32",
        "elem=8&stride=2&lanes=20",
        "elem=16&lanes=12",
        "stride=0",
        "tile=32&swizzle=xor",
        "tile=16&elem=8&pad=1",
        "tile=32&walk=row&row=3",
        "offset=2",
        "tile=24&swizzle=xor",
        "tile=16&walk=row",
        "tile=32&walk=diagonal&elem=3",
    ] {
        let en = run(q);
        let hi = with_lang(Lang::Hinglish, || run(q));
        let values = |o: &BanksOutput| {
            o.figures
                .iter()
                .map(|f| (f.metric, f.value.plain()))
                .collect::<Vec<_>>()
        };
        assert_eq!(values(&hi), values(&en), "{q}");
        assert_eq!(hi.report, en.report, "{q}");
        assert_eq!(hi.sweep, en.sweep, "{q}");
        let cells = |o: &BanksOutput| o.phases.iter().map(|p| p.cells.clone()).collect::<Vec<_>>();
        assert_eq!(cells(&hi), cells(&en), "{q}");
        let params = |o: &BanksOutput| o.errors.iter().map(|e| e.param.clone()).collect::<Vec<_>>();
        assert_eq!(params(&hi), params(&en), "{q}");
        for (h, e) in hi.worked.iter().zip(&en.worked) {
            assert_eq!(h.formulas(), e.formulas(), "{q}");
        }
        let (dump_en, dump_hi) = (format!("{en:?}"), format!("{hi:?}"));
        assert_ne!(dump_en, dump_hi, "{q}: the same in both languages");
        for w in ENGLISH {
            assert!(
                !dump_hi.contains(w),
                "{q}: {w:?} left in Hinglish: {dump_hi}"
            );
        }
    }
    let hi = with_lang(Lang::Hinglish, || run("stride=32"));
    assert_eq!(
        hi.phases[0].why,
        "Poora warp (lanes 0–31) mein bank 0 ko 32 alag words dene padte hain: 32 wavefronts."
    );
    let text = hi.worked[0].text();
    assert!(
        text.contains("32 wavefronts lage jahan 1 kaafi the"),
        "{text}"
    );
    let e = with_lang(Lang::Hinglish, || run("offset=2")).errors;
    assert_eq!(e[0].param, "offset");
    assert!(
        e[0].message
            .contains("misaligned address hai, bilkul GPU ki tarah"),
        "{}",
        e[0].message
    );
    let e = with_lang(Lang::Hinglish, || run("tile=32&walk=diagonal")).errors;
    assert!(
        e[0].message.contains("sirf column ya row ho sakta hai"),
        "{}",
        e[0].message
    );
}

#[test]
fn inputs_read_and_write_by_name() {
    let input = BanksInput::default();
    assert_eq!(input.field("walk"), "column");
    assert_eq!(input.active_mode(), Some("stride"));
    // The defaults: floats at stride 1, conflict-free, and a link that says nothing.
    check("", (1, 1, 0, 1));
    let url = |i: &BanksInput| {
        let mut q = Query::parse("panel=banks");
        i.write_query(&mut q);
        q.to_search()
    };
    assert_eq!(url(&input), "?panel=banks");
    assert_eq!(
        url(&input.clone().with(&STRIDE, "32")),
        "?panel=banks&stride=32"
    );
    // `tile` implies tile mode: the link need not say it, and stride-mode inputs drop out.
    let tile = BanksInput::from_query(&Query::parse("tile=32&pad=1&stride=5"), &input);
    assert_eq!(tile.active_mode(), Some("tile"));
    assert_eq!(url(&tile), "?panel=banks&tile=32&pad=1");
    // Switching to tile mode opens the 32×32 transpose; back to stride keeps the tile hidden.
    let mut i = BanksInput::default();
    i.switch_mode("tile");
    assert_eq!(i.get(&TILE), "32");
    assert_eq!(url(&i), "?panel=banks&tile=32");
    i.switch_mode("stride");
    assert_eq!(url(&i), "?panel=banks");
    assert_eq!(evaluate(&i).sweep_axis, SweepAxis::Stride);
    assert_eq!(PARAMS[0], MODE);
    // Hints carry the range from the declaration.
    assert_eq!(
        STRIDE.hint_text(),
        "0–4,096 elements; lane l reads element l·stride; 0 = broadcast"
    );
    assert_eq!(
        PAD.hint_text(),
        "0–64 elements; unused elements after each row"
    );
}

proptest! {
    #[test]
    fn any_text_gives_figures_or_named_errors(
        elem in ".{0,4}", stride in ".{0,6}", offset in ".{0,6}", lanes in ".{0,3}",
        tile in ".{0,5}", pad in ".{0,3}", walk in ".{0,7}", col in ".{0,5}", row in ".{0,3}",
        swizzle in ".{0,5}",
    ) {
        let input = BanksInput::default()
            .with(&ELEM, elem)
            .with(&STRIDE, stride)
            .with(&OFFSET, offset)
            .with(&LANES, lanes)
            .with(&TILE, tile)
            .with(&PAD, pad)
            .with(&WALK, walk)
            .with(&COL, col)
            .with(&ROW, row)
            .with(&SWIZZLE, swizzle);
        let out = evaluate(&input);
        prop_assert!(out.figures.is_empty() != out.errors.is_empty());
        for e in &out.errors {
            prop_assert!(BanksInput::param(&e.param).is_some(), "{}", e.param);
            prop_assert!(!e.message.is_empty());
        }
    }

    #[test]
    fn any_numbers_in_range_give_figures(
        e in 0usize..5, stride in 0u64..=4096, k in 0u64..=1000, lanes in 1u64..=32,
        width in 1u64..=1024, pad in 0u64..=64, col in 0u64..1024, row in 0u64..32,
        walk_row in any::<bool>(), xor in any::<bool>(), tile_mode in any::<bool>(),
    ) {
        let elem = rule::ELEM_SIZES[e];
        let width = if xor { width.next_power_of_two().min(1024) } else { width };
        let lanes = if walk_row { lanes.min(width) } else { lanes };
        let s = |v: u64| v.to_string();
        let input = BanksInput::default()
            .with(&ELEM, s(elem))
            .with(&STRIDE, s(stride))
            .with(&OFFSET, s(k * elem))
            .with(&LANES, s(lanes))
            .with(&TILE, if tile_mode { s(width) } else { String::new() })
            .with(&MODE, if tile_mode { "tile" } else { "stride" })
            .with(&PAD, s(pad))
            .with(&WALK, if walk_row { "row" } else { "column" })
            .with(&COL, s(col % width))
            .with(&ROW, s(row))
            .with(&SWIZZLE, if xor { "xor" } else { "none" });
        let out = evaluate(&input);
        prop_assert!(out.errors.is_empty(), "{:?}", out.errors);
        let r = out.report.unwrap();
        prop_assert_eq!(out.phases.len(), r.phases.len());
        prop_assert_eq!(out.sweep.len(), if tile_mode { 9 } else { 65 });
        prop_assert!(r.ways >= 1 && r.ideal >= 1);
        prop_assert_eq!(out.worked.len(), 1);
    }
}
