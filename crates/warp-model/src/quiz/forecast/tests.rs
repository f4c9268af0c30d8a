use super::*;

/// A count figure as a panel declares it.
fn count(metric: &'static str, label: &'static str, v: u64, unit: &'static str) -> Figure {
    Figure::new(metric, label, Value::Int(v), unit, "")
}

fn verdict(guess: &str, f: &Figure) -> Option<&'static str> {
    judge_forecast(guess, f).verdict.map(Verdict::name)
}

#[test]
fn counts_take_their_unit_and_only_the_exact_count_is_right() {
    // Lesson 2: paths of 12 and 9 cycles, half the lanes each: 12 + 9 = 21 cycles.
    let cycles = count("diverged-cycles", "Cycles", 21, "cycles");
    for right in ["21", "21 cycles", " 21  cycles ", "21 cycle", "21 Cycles"] {
        assert_eq!(verdict(right, &cycles), Some("right"), "{right}");
    }
    // What learners say: the longer path (12), the mean (10.5), the efficiency (57%).
    assert_eq!(verdict("12", &cycles), Some("off"));
    assert_eq!(verdict("10.5", &cycles), Some("off"));
    assert_eq!(verdict("57%", &cycles), Some("off"));
    // Within 10 %: 20 and 23 are close (|20 − 21| = 1 ≤ 2.1), 24 is not (3 > 2.1).
    assert_eq!(verdict("20", &cycles), Some("close"));
    assert_eq!(verdict("23 cycles", &cycles), Some("close"));
    assert_eq!(verdict("24", &cycles), Some("off"));
    // Another unit is not this figure's: not read, nothing revealed.
    let fb = judge_forecast("21 warps", &cycles);
    assert_eq!(fb.verdict, None);
    assert!(
        fb.text.contains("Cycles") && fb.text.contains("cycles"),
        "{}",
        fb.text
    );
    assert_eq!(verdict("yes", &cycles), None);
    assert!(!judge_forecast("yes", &cycles).reveal);
    // No guess at all: the learner would rather see; shown, unjudged.
    let skipped = judge_forecast("  ", &cycles);
    assert_eq!((skipped.verdict, skipped.reveal), (None, true));
    assert_eq!(skipped.text, "The answer is 21 cycles.");

    // Lesson 4: one 128-byte transaction; "1 transaction" in the singular.
    let t = count("transactions", "Transactions", 1, "segments");
    assert_eq!(verdict("1 transaction", &t), Some("right"));
    assert_eq!(verdict("1 segment", &t), Some("right"));
    assert_eq!(verdict("1", &t), Some("right"));
    // 32 (one per lane) and 4 (128 bytes / 32-byte sectors) are the usual wrong answers.
    assert_eq!(verdict("32", &t), Some("off"));
    assert_eq!(verdict("4 transactions", &t), Some("off"));
    // "of 32 lanes": "5 lanes" and "5 of 32 lanes" both read.
    let active = count("ragged-warp-active", "Active", 5, "of 32 lanes");
    assert_eq!(verdict("5 lanes", &active), Some("right"));
    assert_eq!(verdict("5 of 32 lanes", &active), Some("right"));
    assert_eq!(verdict("27", &active), Some("off"));
    // The transposed tile's column read: 32 words in bank 0, a 32-way conflict.
    let ways = count("conflict-ways", "Ways", 32, "words per bank");
    assert_eq!(verdict("32-way", &ways), Some("right"));
    assert_eq!(verdict("32 words per bank", &ways), Some("right"));
    assert_eq!(verdict("2-way", &ways), Some("off"));
    assert_eq!(verdict("1 way", &ways), Some("off"));
}

#[test]
fn percentages_read_as_percent_number_or_fraction_to_the_precision_given() {
    // Seed 003 Ex 1: 12 + 9 = 21 cycles against an ideal of 12 → η = 12/21 = 4/7 = 57.143 %.
    let eta = Figure::new("efficiency", "η", Value::percent(4.0 / 7.0), "", "");
    for right in [
        "57.1%", "57.1", "0.571", "4/7", "57.14 %", "57.143%", "0.5714",
    ] {
        assert_eq!(verdict(right, &eta), Some("right"), "{right}");
    }
    // Two significant digits are not the shown value: 57 % is close, as is 60 %
    // (|0.6 − 0.5714| = 0.029 ≤ 0.057); 0.6 as a fraction too.
    assert_eq!(verdict("57%", &eta), Some("close"));
    assert_eq!(verdict("60", &eta), Some("close"));
    assert_eq!(verdict("0.6", &eta), Some("close"));
    // The seed's "most people say 50 %": off (|0.5 − 0.5714| = 0.071 > 0.057).
    assert_eq!(verdict("50%", &eta), Some("off"));
    assert_eq!(verdict("0.5", &eta), Some("off"));
    // A wrong third digit is not right either: 57.4 % rounds to itself, not to 57.1.
    assert_eq!(verdict("57.4", &eta), Some("close"));
    // Feedback answers in the guess's own form, off by percentage points for a percentage.
    let fb = judge_forecast("50%", &eta).text;
    assert_eq!(
        fb,
        "You guessed 50%; the answer is 57.14%: off by 7.143% (12.5% of the answer)."
    );
    let fb = judge_forecast("0.5", &eta).text;
    assert!(fb.contains("the answer is 0.5714:"), "{fb}");
    // 100 % is 1, 100 or 100 %.
    let full = Figure::new("efficiency", "η", Value::percent(1.0), "", "");
    for right in ["1", "100", "100%", "1.0"] {
        assert_eq!(verdict(right, &full), Some("right"), "{right}");
    }
    assert_eq!(verdict("50", &full), Some("off"));
    // Seed 003 Ex 4: 1/32 = 3.125 %: "3.13%" and "1/32" right; "3%" close-but-not (4 %
    // off the value is within 10 %), "32" (the lane count) off.
    let tiny = Figure::new("efficiency", "η", Value::percent(1.0 / 32.0), "", "");
    assert_eq!(verdict("3.13%", &tiny), Some("right"));
    assert_eq!(verdict("1/32", &tiny), Some("right"));
    assert_eq!(verdict("3%", &tiny), Some("close"));
    assert_eq!(verdict("32", &tiny), Some("off"));
}

#[test]
fn ratios_yes_no_and_coordinates() {
    // 000 Ex 7: the split warp pays 30 + 30 = 60 cycles against 30: a 2× slowdown.
    let slow = Figure::new("slowdown", "Slowdown", Value::ratio(2.0), "×", "");
    for right in ["2", "2x", "2×", "2 ×", "2.0"] {
        assert_eq!(verdict(right, &slow), Some("right"), "{right}");
    }
    assert_eq!(verdict("1.6", &slow), Some("off"));
    assert_eq!(verdict("1", &slow), Some("off"));
    let slow = Figure::new("slowdown", "Slowdown", Value::ratio(1.75), "×", "");
    assert_eq!(verdict("1.75x", &slow), Some("right"));
    assert_eq!(verdict("1.8", &slow), Some("close"));

    let hidden = Figure::new("latency-hidden", "Hidden", Value::Bool(true), "", "");
    assert_eq!(verdict("yes", &hidden), Some("right"));
    assert_eq!(verdict("haan", &hidden), Some("right"));
    assert_eq!(verdict("no", &hidden), Some("off"));
    // Lesson 3's old field took "G" as a guess and said "the answer is yes": now unread.
    let fb = judge_forecast("G", &hidden);
    assert_eq!(fb.verdict, None);
    assert!(fb.text.contains("yes or no"), "{}", fb.text);

    // Issue 68: the roofline's bound, a word: as written, or with "bound" after it. The other
    // bound, a misspelling, or the bound of a neighbouring word are wrong.
    let bound = Figure::new("bound", "Bound", Value::Text("memory".into()), "", "");
    for right in [
        "memory",
        "Memory",
        "memory-bound",
        "Memory Bound",
        " memory bound ",
    ] {
        assert_eq!(verdict(right, &bound), Some("right"), "{right}");
    }
    for wrong in [
        "compute",
        "compute-bound",
        "memroy",
        "bound",
        "-bound",
        "memory-boundary",
        "latency-bound",
    ] {
        assert_eq!(verdict(wrong, &bound), Some("off"), "{wrong}");
    }

    // 000 Ex 3b: index 70 of an (8, 4, 3) block is (6, 0, 2).
    let coords = Figure::new(
        "thread-coords",
        "Coordinates",
        Value::Coords(vec![6, 0, 2]),
        "",
        "",
    );
    for right in ["6,0,2", "(6, 0, 2)", "6 0 2"] {
        assert_eq!(verdict(right, &coords), Some("right"), "{right}");
    }
    // Column-major by mistake: (2, 0, 6); or the z-slice alone.
    assert_eq!(verdict("2,0,6", &coords), Some("off"));
    assert_eq!(verdict("2", &coords), None);
}

#[test]
fn hinglish_says_the_same_verdicts() {
    use crate::i18n::{with_lang, Lang};
    let cycles = count("diverged-cycles", "Cycles", 21, "cycles");
    let fb = with_lang(Lang::Hinglish, || judge_forecast("20", &cycles));
    assert_eq!(fb.verdict, Some(Verdict::Close));
    assert!(fb.text.contains("kareeb"), "{}", fb.text);
    let fb = with_lang(Lang::Hinglish, || judge_forecast("bees", &cycles));
    assert_eq!(fb.verdict, None);
    assert!(fb.text.contains("number"), "{}", fb.text);
}

#[test]
fn a_graded_step_reveals_nothing_for_an_empty_guess() {
    let f = count("divergence-time", "Diverged time", 21, "cycles");
    // Ungraded, an empty guess is "show me": the answer, no verdict.
    let free = judge_forecast("", &f);
    assert!(free.reveal && free.verdict.is_none() && free.text.contains("21"));
    // Graded, the same click reveals nothing, says what to write and does not give the answer.
    for empty in ["", "   ", "\t"] {
        let g = judge_graded_forecast(empty, &f);
        assert!(!g.reveal, "{empty:?}");
        assert_eq!(g.verdict, None);
        assert!(g.text.contains("Diverged time"), "{}", g.text);
        assert!(!g.text.contains("21"), "{}", g.text);
    }
    // A guess is judged as anywhere: 12 (the longer path, the answer learners give) is off.
    assert_eq!(judge_graded_forecast("12", &f).verdict, Some(Verdict::Off));
    assert_eq!(
        judge_graded_forecast("21 cycles", &f).verdict,
        Some(Verdict::Right)
    );
    // A guess that cannot be read still reveals nothing.
    assert!(!judge_graded_forecast("many", &f).reveal);
}

#[test]
fn verdict_names_read_back() {
    for v in [Verdict::Right, Verdict::Close, Verdict::Off] {
        assert_eq!(Verdict::parse(v.name()), Some(v));
    }
    assert_eq!(Verdict::parse("Right"), None);
    assert_eq!(Verdict::parse(""), None);
}

#[test]
fn an_unread_guess_names_the_unit_only_when_the_figure_has_one() {
    // Issue 65: efficiency has no unit, and the line said "with its unit ()".
    let eta = Figure::new("efficiency", "η", Value::percent(4.0 / 7.0), "", "");
    let said = judge_forecast("abc", &eta);
    assert_eq!(said.verdict, None);
    assert!(!said.reveal);
    assert!(!said.text.contains("()"), "{}", said.text);
    assert!(said.text.contains("57.1%"), "{}", said.text);
    // A count with a unit still names it.
    let cycles = count("cycles", "cycles", 21, "cycles");
    assert!(judge_forecast("abc", &cycles).text.contains("(cycles)"));
}

#[test]
fn the_guess_fields_limit_is_the_records() {
    assert_eq!(GUESS_CHARS_TEXT, GUESS_CHARS.to_string());
}
