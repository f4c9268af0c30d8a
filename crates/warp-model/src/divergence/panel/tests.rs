//! Every number the seeds derive for divergence, read through URL → raw input → evaluate.

use super::*;
use crate::query::Query;
use proptest::prelude::*;

crate::testing::panel_checks!(DivergenceInput => DivergenceOutput);

#[test]
fn seed_003_examples() {
    check(
        "paths=12,9&lanes=16,16",
        &[
            ("paths-taken", "2"),
            ("diverged-cycles", "21"),
            ("ideal-cycles", "12"),
            ("efficiency", "0.571429"),
        ],
    );
    check(
        "paths=100,50&lanes=1,31",
        &[
            ("diverged-cycles", "150"),
            ("ideal-cycles", "100"),
            ("efficiency", "0.666667"),
        ],
    );
    check(
        "paths=12,9&lanes=0,32",
        &[
            ("paths-taken", "1"),
            ("diverged-cycles", "9"),
            ("efficiency", "1"),
        ],
    );
    let c4 = format!(
        "paths={}&lanes={}",
        vec!["7"; 32].join(","),
        vec!["1"; 32].join(",")
    );
    check(
        &c4,
        &[
            ("paths-taken", "32"),
            ("diverged-cycles", "224"),
            ("ideal-cycles", "7"),
            ("efficiency", "0.03125"),
        ],
    );
    check(
        "paths=20,30,25,5&lanes=8,10,8,6",
        &[
            ("paths-taken", "4"),
            ("diverged-cycles", "80"),
            ("ideal-cycles", "30"),
            ("efficiency", "0.375"),
        ],
    );
    let counts = "20,3,3,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,9,9,9,9,10";
    check(
        &format!("counts={counts}"),
        &[
            ("loop-cycles", "20"),
            ("useful-lane-iterations", "240"),
            ("lane-utilization", "0.375"),
        ],
    );
    check(
        "paths=4,3&lanes=16,16&overhead=2",
        &[
            ("predicated-cycles", "7"),
            ("branch-cycles", "9"),
            ("predication-wins", "yes"),
        ],
    );
    check(
        "paths=6,8,5,7",
        &[
            ("paths-taken", "4"),
            ("diverged-cycles", "26"),
            ("ideal-cycles", "8"),
            ("efficiency", "0.307692"),
        ],
    );
    check(
        "paths=12,40,60,4&compare=60",
        &[
            ("diverged-cycles", "116"),
            ("ideal-cycles", "60"),
            ("efficiency", "0.517241"),
            ("compare-efficiency", "1"),
            ("compare-diverged-cycles", "60"),
        ],
    );
    // Ex 10 reads one warp: "Diverged = 10 + 14 = 24; ideal = max(10, 14) = 14"; the four
    // warps evaluated are alike, so their totals are 4 × 24 and 4 × 14.
    check(
        "cond=idx%2==0&paths=10,14&warps=4",
        &[
            ("divergent-warps", "4"),
            ("slowest-warp", "0"),
            ("diverged-cycles", "24"),
            ("ideal-cycles", "14"),
            ("total-diverged-cycles", "96"),
            ("total-ideal-cycles", "56"),
            ("efficiency", "0.583333"),
            ("realigned-efficiency", "1"),
        ],
    );
    // Re-aligned: pure-if warps (10/10) and pure-else warps (14/14); the slowest is warp 1.
    check(
        "cond=(idx/32)%2==0&paths=10,14&warps=4",
        &[
            ("divergent-warps", "0"),
            ("slowest-warp", "1"),
            ("diverged-cycles", "14"),
            ("ideal-cycles", "14"),
            ("total-diverged-cycles", "48"),
            ("efficiency", "1"),
        ],
    );
}

#[test]
fn condition_mode_reads_one_warp_the_slowest() {
    // Warps differ: warp 0 all if (10), warp 1 split (10 + 14), warp 2 all else (14).
    check(
        "cond=idx<40&paths=10,14&warps=3",
        &[
            ("slowest-warp", "1"),
            ("diverged-cycles", "24"),
            ("ideal-cycles", "14"),
            ("total-diverged-cycles", "48"),
            ("total-ideal-cycles", "38"),
            ("efficiency", "0.791667"),
        ],
    );
    // A tie goes to the lowest index: warps 0 and 1 both run only the else side (14).
    check(
        "cond=idx>=64&paths=10,14&warps=3",
        &[
            ("slowest-warp", "0"),
            ("diverged-cycles", "14"),
            ("ideal-cycles", "14"),
            ("total-diverged-cycles", "38"),
        ],
    );
    // One warp: the totals are that warp's.
    check(
        "cond=idx%2==0&paths=20,8&warps=1",
        &[
            ("diverged-cycles", "28"),
            ("total-diverged-cycles", "28"),
            ("ideal-cycles", "20"),
            ("total-ideal-cycles", "20"),
        ],
    );
    let text = run("cond=idx<40&paths=10,14&warps=3").worked[0].text();
    assert!(
        text.contains("Warp 1, the slowest of the 3 evaluated"),
        "{text}"
    );
    assert!(
        text.contains("The warps differ: 2 of the 3 cost less"),
        "{text}"
    );
    assert!(text.contains("Σdiverged = 10 + 24 + 14 = 48"), "{text}");
    // The help says which reading the figure has.
    let out = run("cond=idx<40&paths=10,14&warps=3");
    let help = |m: &str| out.figures.iter().find(|f| f.metric == m).unwrap().help;
    assert!(help("diverged-cycles").starts_with("per warp: "));
    assert!(help("total-diverged-cycles").starts_with("Σ over the warps"));
}

#[test]
fn seed_000_and_004_examples() {
    // 000 Ex 7 (G): 60 cycles, 2×; 000 Ex 8 (H): 30 cycles, 1×.
    check(
        "paths=30,30&lanes=20,12",
        &[("diverged-cycles", "60"), ("slowdown", "2")],
    );
    check(
        "paths=30,30&lanes=32,0",
        &[
            ("diverged-cycles", "30"),
            ("slowdown", "1"),
            ("paths-taken", "1"),
        ],
    );
    // 004 Ex 5 (F): 28 cycles, lane utilization 50 %.
    check(
        "paths=20,8&lanes=16,16",
        &[
            ("diverged-cycles", "28"),
            ("lane-utilization", "0.5"),
            ("efficiency", "0.714286"),
        ],
    );
    // 004 Ex 5 as a condition: threadIdx.x % 2 == 0 over one warp.
    check(
        "cond=threadIdx.x % 2 == 0&paths=20,8&warps=1",
        &[("diverged-cycles", "28"), ("divergent-warps", "1")],
    );
    // Self-tests: 5 + 5 = 10 at 50 %; 90 + 10 = 100; 8/8 = 100 %.
    check(
        "paths=5,5&lanes=16,16",
        &[("diverged-cycles", "10"), ("efficiency", "0.5")],
    );
    check("paths=90,10&lanes=1,31", &[("diverged-cycles", "100")]);
    check("paths=8&lanes=32", &[("efficiency", "1")]);
}

#[test]
fn worked_steps_carry_the_seeds_arithmetic() {
    let text = run("paths=100,50&lanes=1,31").worked[0].text();
    assert!(text.contains("Σ = 100 + 50 = 150"), "{text}");
    assert!(text.contains("max(100, 50) = 100"), "{text}");
    assert!(text.contains("53.125"), "{text}");
    assert!(text.contains("1/2 = 0.5 ≤ 0.666667 ≤ 1"), "{text}");
    let text = run("paths=20,8&lanes=16,16").worked[0].text();
    assert!(text.contains("16 × 20 + 16 × 8 = 448"), "{text}");
    assert!(text.contains("448/896 = 50%"), "{text}");
    let text = run("paths=4,3&lanes=16,16&overhead=2").worked[0].text();
    assert!(text.contains("T_pred = 4 + 3 = 7"), "{text}");
    let text = run("paths=100,3&lanes=0,32&overhead=2").worked[0].text();
    assert!(text.contains("predication loses by 100 cycles"), "{text}");
    let text = run("counts=20,3,3,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,9,9,9,9,10")
        .worked[0]
        .text();
    assert!(text.contains("240/640 = 37.5%"), "{text}");
    assert!(text.contains("2 × (20 − 3) = 34"), "{text}");
    // Seed 003 Ex 10's steps 2 and 4 and its Verify, for one warp, before the totals.
    let text = run("cond=idx % 2 == 0&paths=10,14").worked[0].text();
    assert!(text.contains("(idx / 32) % 2 == 0"), "{text}");
    assert!(text.contains("diverged = 10 + 14 = 24"), "{text}");
    assert!(text.contains("ideal = max(10, 14) = 14"), "{text}");
    assert!(text.contains("efficiency = 14/24 = 58.33%"), "{text}");
    assert!(text.contains("costs the same"), "{text}");
    assert!(
        text.contains("Σdiverged = 24 + 24 + 24 + 24 = 96"),
        "{text}"
    );
    assert!(
        text.contains("10/10 = 100%") && text.contains("14/14 = 100%"),
        "{text}"
    );
    assert!(text.contains("one warp: 14/24"), "{text}");
    assert!(
        text.find("= 14/24").unwrap() < text.find("Σdiverged").unwrap(),
        "one warp before the totals: {text}"
    );
}

#[test]
fn bad_inputs_are_named() {
    check_error("paths=12,-5", "paths", "item 2");
    check_error("paths=", "paths", "empty");
    check_error("paths=12,0", "paths", "at least");
    check_error(
        &format!("paths={}", vec!["1"; 33].join(",")),
        "paths",
        "at most 32",
    );
    check_error("paths=12,9&lanes=16,15", "lanes", "add up to 31");
    check_error("paths=12,9&lanes=32", "lanes", "one lane count per path");
    check_error("counts=0,0,0", "counts", "at least one lane");
    check_error(
        &format!("counts={}", vec!["1"; 33].join(",")),
        "counts",
        "33 items",
    );
    check_error("cond=idx % 2 = 0&paths=10,14", "cond", "==");
    check_error("cond=idx %&paths=10,14", "cond", "column");
    check_error("cond=idx<3&paths=10,14,3", "paths", "Tif,Telse");
    check_error("cond=idx<3&paths=10,14&warps=0", "warps", "from 1 to 256");
    check_error(
        "cond=idx % (idx - idx) == 0&paths=1,2",
        "cond",
        "division by zero",
    );
    check_error("paths=4,3&overhead=x", "overhead", "whole number");
    check_error("paths=4,3&compare=0", "compare", "item 1");
}

#[test]
fn timeline_bars_run_end_to_end_with_their_lanes() {
    type Span = (u64, u64, Option<(u64, u64)>);
    let out = run("paths=20,30,25,5&lanes=8,10,8,6");
    let spans: Vec<Span> = out
        .bars
        .iter()
        .map(|b| (b.start, b.cycles, b.lanes))
        .collect();
    assert_eq!(
        spans,
        vec![
            (0, 20, Some((0, 8))),
            (20, 30, Some((8, 18))),
            (50, 25, Some((18, 26))),
            (75, 5, Some((26, 32)))
        ]
    );
    let out = run("paths=12,9&lanes=0,32");
    assert_eq!(out.bars.len(), 1);
    assert_eq!(out.bars[0].lanes, Some((0, 32)));
}

#[test]
fn direct_manipulation_helpers() {
    let input = DivergenceInput::default();
    assert_eq!(input.move_lane(0, 1).as_deref(), Some("15,17"));
    assert_eq!(input.with_path_cycles(1, 40).as_deref(), Some("12,40"));
    let empty = DivergenceInput::default().with(&LANES, "0,32");
    assert_eq!(empty.move_lane(0, 1), None);
    assert_eq!(input.with_path_cycles(5, 1), None);
}

#[test]
fn modes_and_url() {
    let q = Query::parse("panel=divergence&paths=6,8,5,7");
    let input = DivergenceInput::from_query(&q, &DivergenceInput::default());
    assert_eq!(
        input.get(&LANES),
        "",
        "a link without lanes means lanes unknown"
    );
    assert_eq!(input.mode(), Mode::Paths);
    let mut q2 = Query::parse("panel=divergence");
    input.write_query(&mut q2);
    assert_eq!(q2.to_search(), "?panel=divergence&paths=6,8,5,7");
    // Read from a link that does not name the mode, the mode is the one its parameters
    // imply: counts win, then a condition, then paths (links from before `mode=` existed).
    let implied = |link: &str| {
        DivergenceInput::from_query(&Query::parse(link), &DivergenceInput::default()).mode()
    };
    assert_eq!(implied("counts=3&cond=idx<1"), Mode::Loop);
    assert_eq!(implied("cond=idx<1&paths=10,14"), Mode::Condition);
    assert_eq!(implied("paths=4,3"), Mode::Paths);
    // A named mode wins over what the other parameters imply.
    assert_eq!(implied("mode=paths&counts=3"), Mode::Paths);
}

#[test]
fn the_url_carries_only_the_active_modes_parameters() {
    let link = |input: &DivergenceInput| {
        let mut q = Query::parse("panel=divergence");
        input.write_query(&mut q);
        q.to_search()
    };
    // A condition link: its mode is implied, so the URL need not name it.
    let mut input = DivergenceInput::from_query(
        &Query::parse("cond=idx%252%3D%3D0&paths=10,14&warps=4&lanes=16,16&overhead=2"),
        &DivergenceInput::default(),
    );
    assert_eq!(input.mode(), Mode::Condition);
    // Condition mode uses cond, paths (as Tif,Telse) and warps: lanes and overhead stay in the
    // inputs but out of the link (warps=4 is the default).
    assert_eq!(
        link(&input),
        "?panel=divergence&paths=10,14&cond=idx%252%3D%3D0"
    );
    assert_eq!(
        input.get(&OVERHEAD),
        "2",
        "kept for when the learner switches back"
    );
    // Switching to loop: an empty counts field starts on seed 003 Ex 6's counts (max 20,
    // sum 240), so the new mode opens on a working example, not an error.
    input.switch_mode("loop");
    assert_eq!(input.mode(), Mode::Loop);
    let out = evaluate(&input);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(
        out.figures
            .iter()
            .find(|f| f.metric == "loop-cycles")
            .map(|f| f.value.plain()),
        Some("20".to_string())
    );
    // The counts imply the loop mode: the link need not name it.
    assert!(link(&input).starts_with("?panel=divergence&counts=20,3,3,7"));
    assert!(!link(&input).contains("cond="));
    // Emptying the counts keeps the loop mode (named in the link), with an error naming
    // counts, rather than switching to paths under the learner.
    input.set_field("counts", String::new());
    assert_eq!(input.mode(), Mode::Loop);
    assert_eq!(link(&input), "?panel=divergence&mode=loop");
    assert!(evaluate(&input).errors.iter().any(|e| e.param == "counts"));
    // Back to paths: the learner's overhead and lanes come back with it.
    input.switch_mode("paths");
    assert_eq!(
        link(&input),
        "?panel=divergence&paths=10,14&lanes=16,16&overhead=2"
    );
    // A shared input the new mode cannot use takes the starter: three paths are no Tif,Telse,
    // so condition mode opens on idx % 2 == 0 over 10,14, not on an error the learner did not
    // make. Two paths are kept (12,9 as Tif,Telse: each warp costs 12 + 9 = 21 cycles).
    let mut three = DivergenceInput::from_query(
        &Query::parse("paths=12,9,5&lanes=8,8,16"),
        &DivergenceInput::default(),
    );
    three.switch_mode("condition");
    assert_eq!(three.get(&PATHS), "10,14");
    assert!(evaluate(&three).errors.is_empty());
    let mut two =
        DivergenceInput::from_query(&Query::parse("paths=12,9"), &DivergenceInput::default());
    two.switch_mode("condition");
    assert_eq!(two.get(&PATHS), "12,9");
    let out = evaluate(&two);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(
        out.figures
            .iter()
            .find(|f| f.metric == "diverged-cycles")
            .map(|f| f.value.plain()),
        Some("21".to_string())
    );
    // An unknown mode is named with the allowed values, and the implied mode still draws.
    let bad = DivergenceInput::from_query(
        &Query::parse("mode=loops&paths=4,3"),
        &DivergenceInput::default(),
    );
    let out = evaluate(&bad);
    assert_eq!(out.mode, Mode::Paths);
    let e = out
        .errors
        .iter()
        .find(|e| e.param == "mode")
        .expect("a mode error");
    assert!(
        e.message.contains("paths, loop or condition"),
        "{}",
        e.message
    );
    assert!(!out.figures.is_empty());
}

proptest! {
    #[test]
    fn any_text_gives_figures_or_named_errors(
        paths in ".{0,20}", lanes in ".{0,12}", counts in ".{0,12}", cond in ".{0,16}", warps in ".{0,5}", overhead in ".{0,5}",
    ) {
        let input = DivergenceInput::default()
            .with(&PATHS, paths)
            .with(&LANES, lanes)
            .with(&COUNTS, counts)
            .with(&COND, cond)
            .with(&WARPS, warps)
            .with(&OVERHEAD, overhead);
        let out = evaluate(&input);
        prop_assert!(!out.figures.is_empty() || !out.errors.is_empty());
        for e in &out.errors {
            prop_assert!(DivergenceInput::param(&e.param).is_some(), "{}", e.param);
        }
    }

    #[test]
    fn valid_branches_always_evaluate(paths in proptest::collection::vec(1u64..500, 1..=32)) {
        let raw = paths.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let out = evaluate(&DivergenceInput::default().with(&PATHS, raw).with(&LANES, ""));
        prop_assert!(out.errors.is_empty());
        let eff = out.branch.unwrap().efficiency();
        prop_assert!(eff > 0.0 && eff <= 1.0);
    }
}

/// Every formula of the worked examples, as text, in order.
fn formulas(out: &DivergenceOutput) -> Vec<String> {
    out.worked
        .iter()
        .flat_map(crate::worked::Worked::formulas)
        .map(|m| m.text())
        .collect()
}

#[test]
fn hinglish_speaks_hinglish_with_the_same_numbers() {
    use crate::i18n::{with_lang, Lang};
    let queries = [
        "paths=100,50&lanes=1,31&overhead=2",
        "paths=100,3&lanes=0,32&overhead=2",
        "paths=12,40,60,4&compare=60",
        "counts=20,3,3,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,9,9,9,9,10",
        "cond=idx % 2 == 0&paths=10,14&warps=6",
    ];
    let values = |o: &DivergenceOutput| {
        o.figures
            .iter()
            .map(|f| (f.metric, f.value.plain()))
            .collect::<Vec<_>>()
    };
    for q in queries {
        let en = run(q);
        let hi = with_lang(Lang::Hinglish, || run(q));
        assert_eq!(values(&en), values(&hi), "{q}");
        assert_eq!(formulas(&en), formulas(&hi), "{q}");
        assert_eq!(en.worked.len(), hi.worked.len(), "{q}");
        for (e, h) in en.worked.iter().zip(&hi.worked) {
            assert_eq!(e.steps.len(), h.steps.len(), "{q}");
            assert_ne!(e.question, h.question, "{q}");
            assert_ne!(e.answer, h.answer, "{q}");
        }
    }
    let text = with_lang(Lang::Hinglish, || {
        run("paths=100,50&lanes=1,31").worked[0].text()
    });
    assert!(text.contains("Liye gaye paths pehchano"), "{text}");
    assert!(
        text.contains("cycles galat hai; warp poore 150 pay karta hai"),
        "{text}"
    );
    assert!(text.contains("Σ = 100 + 50 = 150"), "{text}");
    assert!(text.contains("1/2 = 0.5 ≤ 0.666667 ≤ 1"), "{text}");
    let out = with_lang(Lang::Hinglish, || run("paths=12,9&lanes=16,15"));
    assert_eq!(out.errors[0].param, "lanes");
    assert!(
        out.errors[0].message.contains("lanes ka total 31 aata hai"),
        "{:?}",
        out.errors
    );
    let out = with_lang(Lang::Hinglish, || run("cond=idx % 2 = 0&paths=10,14"));
    assert_eq!(out.errors[0].param, "cond");
    assert!(
        out.errors[0]
            .message
            .contains("column 9 par: compare karne ke liye == use karo"),
        "{:?}",
        out.errors
    );
    let out = with_lang(Lang::Hinglish, || run("paths=12,0"));
    assert!(
        out.errors[0].message.contains("kam se kam 1 cycle"),
        "{:?}",
        out.errors
    );
    let label = with_lang(Lang::Hinglish, || {
        (LANES.label_text(), run("paths=12,9").figures[0].label)
    });
    assert_eq!(label, ("Har path par lanes", "Liye gaye paths"));
    assert_eq!(LANES.label_text(), "Lanes per path");
    assert_eq!(crate::i18n::lang(), Lang::En);
}

#[test]
fn the_paths_hint_says_cycles_for_each_path_and_a_count_of_paths() {
    // Issue 26: the hint read "at most 32 cycles"; 32 is the number of paths (one per lane).
    let en = PATHS.hint_text();
    assert_eq!(en, "1–1,000,000 cycles each, at most 32; T1,…,Tk");
    assert!(!en.contains("at most 32 cycles"), "{en}");
    let hi = crate::i18n::with_lang(crate::i18n::Lang::Hinglish, || PATHS.hint_text());
    assert!(
        hi.starts_with("har ek 1–1,000,000 cycles, zyada se zyada 32"),
        "{hi}"
    );
}

#[test]
fn the_cost_step_says_all_some_or_none_as_it_is() {
    // Condition mode's step 2 said "4 of 4 warps take both sides …; the others pay one side"
    // and "0 of 4 warps take both sides and pay 21 cycles". With Tif = 12, Telse = 9:
    // idx % 2 == 0 splits every warp; idx < 48 splits warp 1 only (lanes 32–47 of 32–63);
    // idx < 64 splits none.
    let step2 = |q: &str| {
        run(q).worked[0]
            .text()
            .lines()
            .find(|l| l.starts_with("2."))
            .unwrap()
            .to_string()
    };
    let all = step2("mode=condition&cond=idx%2==0&warps=4");
    assert!(
        all.contains("All 4 warps take both sides: each pays 12 + 9 = 21 cycles."),
        "{all}"
    );
    let one = step2("mode=condition&cond=idx<48&warps=4");
    assert!(
        one.contains(
            "1 of 4 warps takes both sides and pays 12 + 9 = 21 cycles; the other 3 pay one side."
        ),
        "{one}"
    );
    let none = step2("mode=condition&cond=idx<64&warps=4");
    assert!(
        none.contains("No warp takes both sides: each of the 4 pays one side (12 or 9 cycles)."),
        "{none}"
    );
}
