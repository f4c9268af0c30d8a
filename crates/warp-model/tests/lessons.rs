//! The home view's "Start here" path: seven lessons in the order the issues ask for (map →
//! divergence → latency → coalescing → bytes → roofline → quiz), each opening a view that exists; and each line,
//! which asks its example's question, names only that example's inputs and never gives away its
//! answer (the figure its Forecast asks about), in both languages.

use std::collections::BTreeSet;

use warp_model::i18n::{with_lang, Lang};
use warp_model::lessons::START_HERE;
use warp_model::page::route;
use warp_model::query::Query;
use warp_model::registry::Panel;

/// A lesson; the answers its example's Forecast asks about, derived by hand, as (figure, value
/// as the page shows it); and other figures of the view whose values would give the answer away.
type Answer = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static [(&'static str, &'static str)],
);

const ANSWERS: &[Answer] = &[
    // Seed 000 Ex 2, block 100: ⌈100/32⌉ = 4 warps ("3 warps or 4?"); the waste, 4 · 32 − 100 =
    // 28 idle lanes, the last warp's 100 − 96 = 4 working ones.
    (
        "map",
        &[("warps-per-block", "4")],
        &[("idle-lanes-per-block", "28"), ("tail-warp-active", "4")],
    ),
    // Seed 003 Ex 1, paths 12 and 9 on 16 lanes each: the warp runs both, 12 + 9 = 21 cycles
    // ("12 cycles, or more?"); the efficiency, 12/21 = 0.571429 (57 %), is the follow-up.
    (
        "divergence",
        &[("diverged-cycles", "21")],
        &[("efficiency", "0.571429")],
    ),
    // Seed 004 Ex 6, S = 4, L = 200, W = 20: ⌈4 · 200 / 20⌉ = 40 warps needed, the SM holds 64,
    // so the latency is hidden ("can the warps keep every issue slot busy?": yes or no).
    (
        "latency",
        &[("latency-hidden", "yes")],
        &[("warps-needed", "40"), ("warps-available", "64")],
    ),
    // Seed 004 Ex 4, 32 lanes × 4 bytes = 128 bytes in one aligned segment: 1 transaction
    // ("how many 128-byte transactions?"); every byte used, 1 (100 %), is the follow-up.
    (
        "coalescing",
        &[("transactions", "1")],
        &[("efficiency", "1")],
    ),
    // Issue 68: 8 warps read the same 32 floats under ld.ca: 4 sectors each, 32 requested (the
    // line may say 32: the floats); the first warp's 4 miss, the other 28 hit L1: 28/32 = 0.875
    // ("what share is found there?"); DRAM sends only the first warp's 4 sectors, 4 · 32 = 128
    // bytes, and L2 sees only those 4, all misses: a hit rate of 0.
    (
        "bytes",
        &[("l1-hit-rate", "0.875")],
        &[("dram-bytes", "128"), ("l2-hit-rate", "0")],
    ),
    // Issue 68: 8,192 FLOP / 49,152 bytes = 1/6 FLOP/byte, below an A100's ridge of
    // 19,500 / 1,555 = 12.54: memory-bound at 1,555 / 6 = 259.167 GFLOP/s.
    (
        "roofline",
        &[("bound", "memory")],
        &[("attainable-gflops", "259.167"), ("ridge", "12.5402")],
    ),
];

/// Numbers every line may name: a warp's 32 lanes and the 128-byte memory segment.
const ALWAYS: [&str; 2] = ["32", "128"];

fn figures_of(query: &str) -> Vec<(String, String)> {
    let q = Query::parse(query);
    let page = route(&q);
    assert!(page.errors.is_empty(), "{query}: {:?}", page.errors);
    let panel = page
        .panel
        .unwrap_or_else(|| panic!("{query} opens no panel"));
    let preset = page.example.map_or(&[][..], |e| e.params);
    let checked = panel.evaluate_query(&q, preset);
    assert!(checked.errors.is_empty(), "{query}: {:?}", checked.errors);
    checked
        .figures
        .iter()
        .map(|f| (f.metric.to_string(), f.value.plain()))
        .collect()
}

/// The whole numbers in a line, in digits or (English, up to ten) in words: "4-byte" gives 4,
/// "one transaction" 1, "57.1%" 57 and 1.
fn numbers(line: &str) -> BTreeSet<String> {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let mut found: BTreeSet<String> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    for word in line.split(|c: char| !c.is_alphabetic()) {
        let word = word.to_lowercase();
        if let Some(n) = WORDS.iter().position(|w| *w == word) {
            found.insert(n.to_string());
        }
    }
    found
}

#[test]
fn the_path_runs_map_divergence_latency_coalescing_bytes_roofline_quiz() {
    let ids: Vec<&str> = START_HERE.iter().map(|l| l.id).collect();
    assert_eq!(
        ids,
        [
            "map",
            "divergence",
            "latency",
            "coalescing",
            "bytes",
            "roofline",
            "quiz"
        ]
    );
    let panels: Vec<Option<Panel>> = START_HERE
        .iter()
        .map(|l| {
            let page = route(&Query::parse(l.opens));
            assert!(page.errors.is_empty(), "{}: {:?}", l.opens, page.errors);
            page.panel
        })
        .collect();
    assert_eq!(
        panels,
        [
            Some(Panel::Warps),
            Some(Panel::Divergence),
            Some(Panel::Latency),
            Some(Panel::Coalescing),
            Some(Panel::Memory),
            Some(Panel::Memory),
            Some(Panel::Quiz)
        ]
    );
    // The first six open an example; the quiz opens a new quiz (no seed: drawn fresh).
    for l in &START_HERE[..6] {
        let ex = l
            .example()
            .unwrap_or_else(|| panic!("{} opens no example", l.id));
        assert_eq!(format!("example={}", ex.key()), l.opens);
    }
    assert_eq!(START_HERE[6].example(), None);
    assert_eq!(START_HERE[6].opens, "panel=quiz");
}

#[test]
fn no_line_gives_its_examples_answer_away() {
    assert_eq!(ANSWERS.len(), 6);
    for (lesson, &(id, answers, give_aways)) in START_HERE[..6].iter().zip(ANSWERS) {
        assert_eq!(lesson.id, id);
        let ex = lesson.example().expect("an example");
        // The hand-derived answers are the panel's, and the Forecast asks about the first.
        let figures = figures_of(lesson.opens);
        let value = |metric: &str| {
            figures
                .iter()
                .find(|(m, _)| m == metric)
                .map(|(_, v)| v.clone())
        };
        for &(metric, expected) in answers.iter().chain(give_aways) {
            assert_eq!(value(metric).as_deref(), Some(expected), "{id}: {metric}");
        }
        assert_eq!(
            ex.forecast_metric, answers[0].0,
            "{id}: the Forecast asks the lesson's quantity"
        );
        let mut forbidden = BTreeSet::new();
        for &(_, v) in answers.iter().chain(give_aways) {
            forbidden.extend(numbers(v));
            // A share is also shown as a percentage (0.571429 as 57 %, 1 as 100 %).
            if let Ok(share) = v.parse::<f64>() {
                if v.contains('.') || v == "1" {
                    forbidden.insert(format!("{:.0}", share * 100.0));
                }
            }
        }
        // What a line may name: its example's inputs, and the two constants.
        let mut allowed: BTreeSet<String> = ex
            .params
            .iter()
            .flat_map(|(_, v)| v.split(','))
            .map(str::to_string)
            .collect();
        allowed.extend(ALWAYS.iter().map(|s| (*s).to_string()));
        let en = lesson.shows();
        let hi = with_lang(Lang::Hinglish, || lesson.shows());
        assert_ne!(en, hi, "{id}: not translated");
        for line in [en, hi] {
            let found = numbers(line);
            assert!(!found.is_empty(), "{id}: {line:?} names none of its inputs");
            for n in &found {
                assert!(
                    allowed.contains(n) && !forbidden.contains(n),
                    "{id}: {n} in {line:?} is not one of its inputs {allowed:?}, or gives the answer away"
                );
            }
            for yes_no in ["yes", "no", "haan", "nahi"] {
                assert!(
                    !line
                        .split(|c: char| !c.is_alphabetic())
                        .any(|w| w.eq_ignore_ascii_case(yes_no)),
                    "{id}: {line:?} answers {yes_no}"
                );
            }
            // It asks.
            assert!(line.contains('?'), "{id}: {line:?} asks nothing");
        }
        assert_eq!(numbers(en), numbers(hi), "{id}: {en} / {hi}");
    }
    // The quiz lesson's "eight questions" is the quiz's default count.
    assert_eq!(warp_model::quiz::DEFAULT_COUNT, 8);
    assert!(START_HERE[6].shows().starts_with("Eight questions"));
}

#[test]
fn lessons_have_names_in_both_languages() {
    for l in &START_HERE {
        let (en, hi) = (l.name(), with_lang(Lang::Hinglish, || l.name()));
        assert!(!en.is_empty() && !hi.is_empty(), "{}", l.id);
        assert_ne!(en, hi, "{}", l.id);
    }
    assert_eq!(START_HERE[0].name(), "How threads become warps");
}

#[test]
fn every_lesson_links_on_to_the_next_and_the_last_to_the_quiz() {
    use warp_model::lessons::next_after;
    let chain: Vec<(usize, &str)> = START_HERE[..6]
        .iter()
        .map(|l| {
            let ex = l.example().expect("an example");
            let (n, next) = next_after(&ex.key()).expect("a next lesson");
            (n, next.id)
        })
        .collect();
    assert_eq!(
        chain,
        [
            (1, "divergence"),
            (2, "latency"),
            (3, "coalescing"),
            (4, "bytes"),
            (5, "roofline"),
            (6, "quiz")
        ]
    );
    // An example that is no lesson's links nowhere; so does a made-up key.
    assert!(next_after("warp-scheduling/A").is_none());
    assert!(next_after("nope/Z").is_none());
}

#[test]
fn the_path_says_how_many_lessons_it_has() {
    // "Seven short lessons": the lede counts the path, in both languages (it said five after
    // issue 68 made them seven).
    const EN: [&str; 9] = [
        "", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
    ];
    const HI: [&str; 9] = [
        "", "Ek", "Do", "Teen", "Chaar", "Paanch", "Chhe", "Saat", "Aath",
    ];
    let lede = warp_model::msg!("ui.home.start.lede");
    let n = START_HERE.len();
    assert!(
        lede.text().starts_with(&format!("{} ", EN[n])),
        "{}",
        lede.text()
    );
    let hi = with_lang(Lang::Hinglish, || lede.text());
    assert!(hi.starts_with(&format!("{} ", HI[n])), "{hi}");
}
