//! Data-driven checks: every number the seeds derive for blocks and launches, read back through
//! the same path the app uses (URL → raw input → evaluate → `data-value`).

use super::*;
use crate::query::Query;
use crate::warps::map::{BlockDim, BLOCK_X, BLOCK_Y, BLOCK_Z};
use proptest::prelude::*;

crate::testing::panel_checks!(WarpsInput => WarpsOutput);

fn figures_of(query: &str) -> (Vec<(String, String)>, Vec<ParamError>, WarpsOutput) {
    let out = run(query);
    let figs = out
        .figures
        .iter()
        .map(|f| (f.metric.to_string(), f.value.plain()))
        .collect();
    (figs, out.errors.clone(), out)
}

#[test]
fn seed_000_group_1() {
    // Ex 1, cell A.
    check(
        "block=256",
        &[
            ("threads-per-block", "256"),
            ("warps-per-block", "8"),
            ("idle-lanes-per-block", "0"),
            ("tail-warp-active", "32"),
        ],
    );
    // Ex 2, cell B.
    check(
        "block=100",
        &[
            ("warps-per-block", "4"),
            ("idle-lanes-per-block", "28"),
            ("tail-warp-active", "4"),
        ],
    );
    // Ex 3, cell C: warp 1 = linear 32–63, row 0's tail and row 1's head.
    check(
        "block=48,4&warp=1",
        &[
            ("threads-per-block", "192"),
            ("warps-per-block", "6"),
            ("idle-lanes-per-block", "0"),
            ("warp-first-thread", "32"),
            ("warp-last-thread", "63"),
            ("warp-active-lanes", "32"),
            ("warp-straddles-rows", "yes"),
            ("warp-straddles-slices", "no"),
        ],
    );
    // Ex 3b, cell C2: linear 70 → (6, 0, 2), warp 2; 3 warps.
    check(
        "block=8,4,3&thread=70",
        &[
            ("threads-per-block", "96"),
            ("warps-per-block", "3"),
            ("thread-coords", "6,0,2"),
            ("thread-warp", "2"),
            ("thread-lane", "6"),
        ],
    );
    // Self-test: (72,1,1) → 3 warps, 24 wasted.
    check(
        "block=72",
        &[
            ("warps-per-block", "3"),
            ("idle-lanes-per-block", "24"),
            ("tail-warp-active", "8"),
        ],
    );
    // Ex 9, cell I: (30,30) → 29 warps, 28 idle; (32,8) → 8 warps, 0 idle.
    check(
        "block=30,30&image=1920x1080",
        &[
            ("warps-per-block", "29"),
            ("idle-lanes-per-block", "28"),
            ("tail-warp-active", "4"),
            ("idle-threads", "0"),
            ("grid", "64,36"),
        ],
    );
    check(
        "block=32,8&image=1920x1080",
        &[
            ("warps-per-block", "8"),
            ("idle-lanes-per-block", "0"),
            ("grid", "60,135"),
        ],
    );
}

#[test]
fn seed_004_launches() {
    // Ex 1, cell A: 8 blocks, 8 warps a block, 64 warps, nothing wasted.
    check(
        "block=256&n=2048",
        &[
            ("blocks", "8"),
            ("grid", "8,1"),
            ("warps-per-block", "8"),
            ("warps-launched", "64"),
            ("threads-launched", "2048"),
            ("idle-threads", "0"),
            ("ragged-block", "none"),
            ("ragged-warp", "none"),
        ],
    );
    // Ex 2, cell B: 4 blocks, 1024 launched, 24 idle, all in warp 7 of block 3 (8 active).
    check(
        "block=256&n=1000",
        &[
            ("blocks", "4"),
            ("threads-launched", "1024"),
            ("idle-threads", "24"),
            ("ragged-block", "3"),
            ("ragged-warp", "7"),
            ("ragged-warp-active", "8"),
        ],
    );
    // Ex 3, cell C: N = 5 → 1 block, 5/32 = 0.15625 of warp 0; N = 0 → 0 blocks, 0 warps.
    check(
        "block=256&n=5",
        &[
            ("blocks", "1"),
            ("ragged-warp", "0"),
            ("ragged-warp-active", "5"),
            ("ragged-warp-utilization", "0.15625"),
        ],
    );
    check(
        "block=256&n=0",
        &[
            ("blocks", "0"),
            ("warps-launched", "0"),
            ("threads-launched", "0"),
            ("idle-threads", "0"),
            ("ragged-block", "none"),
        ],
    );
    // N = −3: explained the way the seed does, as an error naming n.
    check_error("block=256&n=-3", "n", "⌈−3/256⌉ = 0 blocks");
    // Ex 7, cell I: 120 × 68 blocks, 2,088,960 threads, 15,360 wasted (8 extra rows).
    check(
        "block=16,16&image=1920x1080",
        &[
            ("grid", "120,68"),
            ("blocks", "8160"),
            ("pixels", "2073600"),
            ("threads-launched", "2088960"),
            ("idle-threads", "15360"),
            ("extra-rows", "8"),
            ("extra-columns", "0"),
        ],
    );
}

#[test]
fn worked_steps_carry_the_seeds_arithmetic() {
    let (_, _, out) = figures_of("block=100");
    let text = out.worked[0].text();
    assert!(text.contains("⌈100/32⌉ = 4"), "{text}");
    assert!(text.contains("100 − 3 × 32 = 4"), "{text}");
    assert!(text.contains("⌊99/32⌋ + 1 = 4 = ⌈100/32⌉"), "{text}");
    assert!(text.contains("Why this step?"), "{text}");
    let (_, _, out) = figures_of("block=8,4,3&thread=70");
    let text = out.worked[1].text();
    assert!(text.contains("⌊70/(8 × 4)⌋ = 2"), "{text}");
    assert!(text.contains("6 + 0 × 8 + 2 × (8 × 4) = 70"), "{text}");
    let (_, _, out) = figures_of("block=256&n=1000");
    let text = out.worked[1].text();
    assert!(text.contains("999 − 992 + 1 = 8"), "{text}");
    assert!(text.contains("231"), "{text}");
    let (_, _, out) = figures_of("block=16,16&image=1920x1080");
    let text = out.worked[1].text();
    assert!(text.contains("⌈1080/16⌉ = 68"), "{text}");
    assert!(text.contains("15360"), "{text}");
    let (_, _, out) = figures_of("block=48,4&warp=1");
    assert!(
        out.worked[1].answer.contains("(32, 0, 0) to (15, 1, 0)"),
        "{}",
        out.worked[1].answer
    );
}

#[test]
fn bad_inputs_are_named() {
    check_error("block=2000", "block-x", "from 1 to 1024");
    check_error("block=32,0", "block-y", "from 1 to 1024");
    check_error("block=1,1,65", "block-z", "from 1 to 64");
    check_error("block=32,32,2", "block", "at most 1024");
    check_error("block=abc", "block-x", "“abc”");
    check_error("block=", "block-x", "empty");
    check_error("block=8,4,3&thread=96", "thread", "0 to 95");
    check_error("block=100&warp=4", "warp", "0 to 3");
    check_error("block=256&n=99999999999999999999", "n", "too large");
    check_error("block=256&image=1920", "image", "WxH");
    check_error("block=256&image=0x5", "image", "from 1");
    check_error("block=16,16&n=5&image=4x4", "image", "give one");
    check_error("block=8,8,2&image=64x64", "image", "z must be 1");
    // A bad optional input leaves the block's figures in place.
    let (figs, _, _) = figures_of("block=100&thread=x");
    assert!(figs.iter().any(|(m, v)| m == "warps-per-block" && v == "4"));
}

#[test]
fn url_round_trip() {
    let q = Query::parse("panel=warps&block=8,4,3&thread=70&embed=1");
    let input = WarpsInput::from_query(&q, &WarpsInput::default());
    assert_eq!(
        (
            input.get(&BLOCK_X),
            input.get(&BLOCK_Y),
            input.get(&BLOCK_Z)
        ),
        ("8", "4", "3")
    );
    let mut q2 = q.clone();
    input.write_query(&mut q2);
    assert_eq!(q2.to_search(), "?panel=warps&block=8,4,3&thread=70&embed=1");
    let mut q3 = Query::default();
    WarpsInput::default()
        .with(&BLOCK_Y, "1")
        .write_query(&mut q3);
    assert_eq!(q3.to_search(), "?block=256");
    // A typo survives the trip through the URL.
    let mut q4 = Query::default();
    WarpsInput::default()
        .with(&BLOCK_X, "4o")
        .with(&BLOCK_Y, "2")
        .write_query(&mut q4);
    assert_eq!(q4.to_search(), "?block=4o,2");
    let back = WarpsInput::from_query(&Query::parse(&q4.to_search()), &WarpsInput::default());
    assert_eq!(back.get(&BLOCK_X), "4o");
}

#[test]
fn thread_detail_explains_a_cell() {
    let b = BlockDim::new(48, 4, 1).unwrap();
    let d = thread_detail(&b, 63).unwrap();
    assert_eq!(
        d.text(),
        "thread (15, 1, 0): linear 63 = 15 + 1 × 48 + 0 × (48 × 4) = 63, warp 1, lane 31"
    );
    assert!(thread_detail(&b, 192).is_none());
}

proptest! {
    #[test]
    fn any_text_gives_figures_or_named_errors(
        x in ".{0,12}", y in ".{0,6}", z in ".{0,6}", thread in ".{0,8}", n in ".{0,22}", image in ".{0,12}",
    ) {
        let input = WarpsInput::default()
            .with(&BLOCK_X, x)
            .with(&BLOCK_Y, y)
            .with(&BLOCK_Z, z)
            .with(&THREAD, thread)
            .with(&N, n)
            .with(&IMAGE, image);
        let out = evaluate(&input);
        prop_assert!(out.block.is_some() || !out.errors.is_empty());
        for e in &out.errors {
            prop_assert!(["block-x", "block-y", "block-z", "block", "thread", "n", "image"].contains(&e.param.as_str()));
            prop_assert!(!e.message.is_empty());
        }
    }

    #[test]
    fn valid_numbers_always_evaluate(x in 1u64..=1024, n in 0u64..1_000_000_000, t in any::<u64>()) {
        let b = BlockDim::new(x, 1, 1).unwrap();
        let input = WarpsInput::default()
            .with(&BLOCK_X, x.to_string())
            .with(&THREAD, (t % b.threads()).to_string())
            .with(&N, n.to_string());
        let out = evaluate(&input);
        prop_assert!(out.errors.is_empty(), "{:?}", out.errors);
        prop_assert_eq!(out.worked.len(), 3);
    }
}

#[test]
fn fields_are_declared_once_and_addressable() {
    let mut input = WarpsInput::default();
    for (i, f) in PARAMS.iter().enumerate() {
        input.set_field(f.name, format!("v{i}"));
        assert_eq!(input.field(f.name), format!("v{i}"), "{}", f.name);
    }
    input.set_field("nope", "x".into());
    assert_eq!(input.field("nope"), "");
    let preset = WarpsInput::from_params(&[("block", "8,4,3"), ("thread", "70")]);
    assert_eq!((preset.get(&BLOCK_Z), preset.get(&THREAD)), ("3", "70"));
}

#[test]
fn hinglish_changes_the_words_not_the_numbers() {
    use crate::i18n::{with_lang, Lang};
    for query in [
        "block=100&warp=3&n=1000",
        "block=48,4&thread=63&warp=1",
        "block=30,7&image=100x50",
        "block=20&n=0",
    ] {
        let (en_figs, en_errors, en) = figures_of(query);
        let (hi_figs, hi_errors, hi) = with_lang(Lang::Hinglish, || figures_of(query));
        assert!(en_errors.is_empty() && hi_errors.is_empty(), "{query}");
        // Same metrics, same values, same formulas; only the words change.
        assert_eq!(en_figs, hi_figs, "{query}");
        assert_eq!(en.worked.len(), hi.worked.len(), "{query}");
        for (e, h) in en.worked.iter().zip(&hi.worked) {
            assert_eq!(e.formulas(), h.formulas(), "{query}");
            assert_ne!(e.question, h.question, "{query}");
            assert_ne!(e.answer, h.answer, "{query}");
        }
        for (e, h) in en.figures.iter().zip(&hi.figures) {
            assert_eq!((e.metric, e.key), (h.metric, h.key));
        }
    }
    let (_, _, hi) = with_lang(Lang::Hinglish, || figures_of("block=100"));
    let w = &hi.worked[0];
    assert_eq!(w.steps[0].title, "Threads count karo");
    assert_eq!(w.answer, "4 warps; aakhri wala 4/32 full: 28 idle lanes.");
    assert!(w.text().contains("⌈100/32⌉ = 4"), "{}", w.text());
    let label = |m: &str| hi.figures.iter().find(|f| f.metric == m).map(|f| f.label);
    assert_eq!(label("warps-per-block"), Some("Har block mein warps"));

    // Errors keep the parameter's name and its range, in Hinglish words.
    let (_, errors, _) = with_lang(Lang::Hinglish, || figures_of("block=8,4,3&thread=96"));
    let e = errors.iter().find(|e| e.param == "thread").unwrap();
    assert!(e.message.contains("0 se 95 tak"), "{}", e.message);
    let (_, errors, _) = with_lang(Lang::Hinglish, || figures_of("block=256&n=-3"));
    let e = errors.iter().find(|e| e.param == "n").unwrap();
    assert!(
        e.message.contains("⌈−3/256⌉ = 0 blocks launch hote"),
        "{}",
        e.message
    );
    let e = with_lang(Lang::Hinglish, || BlockDim::new(32, 32, 2)).unwrap_err();
    assert_eq!(e.param, "block");
    assert!(e.message.contains("2048 threads hain"), "{}", e.message);

    // The form and the map's hover line.
    let thread = THREAD;
    assert_eq!(
        with_lang(Lang::Hinglish, || thread.label_text()),
        "Thread dekho"
    );
    assert_eq!(thread.label_text(), "Inspect thread");
    let b = BlockDim::new(48, 4, 1).unwrap();
    let d = thread_detail(&b, 63).unwrap();
    assert_eq!(
        with_lang(Lang::Hinglish, || d.text()),
        "thread (15, 1, 0) ka linear 63 = 15 + 1 × 48 + 0 × (48 × 4) = 63, warp 1 mein lane 31"
    );
}

/// The worked text of the warps panel at `q`, every example of it joined.
fn worked_text(q: &str) -> String {
    let out = evaluate(&WarpsInput::from_query(
        &Query::parse(q),
        &WarpsInput::default(),
    ));
    out.worked.iter().map(crate::worked::Worked::text).collect()
}

#[test]
fn the_image_launch_totals_the_grid_and_titles_keep_their_own_marks() {
    // warp-scheduling/I compares a 30×30 block with a 32×8 one over 1920×1080: per block 29
    // warps with 900 − 28·32 = 4 active in the last (28 idle lanes), 2304 blocks: over the grid
    // 2304 × 29 = 66816 warps and 2304 × 28 = 64512 idle lanes; the 32×8 block: 8 full warps,
    // 60 × 135 = 8100 blocks, 64800 warps, 0 idle lanes.
    let a = worked_text("image=1920x1080&block=30,30");
    assert!(
        a.contains("2304 × 29 = 66816 warps and 2304 × 28 = 64512 idle lanes"),
        "{a}"
    );
    assert!(
        a.contains("66816 warps with 64512 idle lanes in all"),
        "{a}"
    );
    let b = worked_text("image=1920x1080&block=32,8");
    assert!(
        b.contains("8100 × 8 = 64800 warps and 8100 × 0 = 0 idle lanes"),
        "{b}"
    );
    // One block is a block: "1 block", not "1 blocks"; a title ending in "?" takes no ".".
    let c = worked_text("n=5&block=256");
    assert!(c.contains("Answer: 1 block, 256 threads launched"), "{c}");
    // Seed 004 Ex C: one warp runs, 5 lanes pass i < 5, "you run 32 and mask 27 off".
    assert!(
        c.contains("where 5 of 32 lanes work and the other 27 are masked off"),
        "{c}"
    );
    assert!(c.contains("Which warp is ragged? The last element"), "{c}");
    assert!(!c.contains("?."), "{c}");
    let d = worked_text("n=300&block=256");
    assert!(d.contains("2 blocks, 512 threads launched"), "{d}");
}
