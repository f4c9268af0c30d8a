//! The quiz bank against the seeds, the generators against the panels, grading, GIFT.

use super::gift::gift_escape;
use super::*;
use crate::figure::{format_decimal, Figure, Value};
use crate::query::Query;
use proptest::prelude::{any, proptest};

fn bank(qid: &str) -> Question {
    seed_bank()
        .into_iter()
        .find(|q| q.qid == qid)
        .unwrap_or_else(|| panic!("{qid}"))
}

#[test]
fn numbers_are_read_the_ways_people_write_them() {
    for (raw, v) in [
        ("0.571", 0.571),
        ("57.1%", 0.571),
        ("4/7", 4.0 / 7.0),
        ("1,638", 1638.0),
        ("2,088,960", 2_088_960.0),
        ("¼", 0.25),
        ("2×", 2.0),
        ("2x", 2.0),
        (" 12.8 ", 12.8),
        ("3.125 %", 0.03125),
    ] {
        let got = parse_number(raw).unwrap_or_else(|| panic!("{raw}"));
        assert!((got - v).abs() < 1e-9, "{raw}: {got}");
    }
    for raw in ["", "abc", "1,23", "4/0", "1e999", "12,3456", "--"] {
        assert!(
            parse_number(raw).is_none() || raw == "--" && parse_number(raw).is_none(),
            "{raw}"
        );
    }
}

#[test]
fn the_bank_holds_every_recall_and_self_test_item() {
    let b = seed_bank();
    let count = |seed: &str| {
        b.iter()
            .filter(|q| q.source.as_deref().is_some_and(|s| s.starts_with(seed)))
            .count()
    };
    assert_eq!(count("seed 000"), 9);
    assert_eq!(count("seed 003"), 9);
    assert_eq!(count("seed 004"), 8);
    let mut ids: Vec<&str> = b.iter().map(|q| q.qid.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), b.len(), "qids are unique");
    // Every bank item with a scenario gets the panel's worked steps as its solution.
    for q in b {
        assert_eq!(q.link.is_some(), !q.solution().is_empty(), "{}", q.qid);
    }
}

#[test]
fn grading_and_misconceptions() {
    let q = bank("s003-ex2-myth");
    assert!(q.grade("150").correct);
    let g = q.grade("53.125");
    assert!(
        !g.correct && g.feedback.contains("amortisation myth"),
        "{}",
        g.feedback
    );
    let g = q.grade("50 + 100/32");
    assert!(
        !g.correct && g.feedback.contains("could not read"),
        "{}",
        g.feedback
    );
    let q = bank("s004-recall-quarter");
    let g = q.grade("¼");
    assert!(
        !g.correct && g.feedback.contains("¼-cycle trap"),
        "{}",
        g.feedback
    );
    assert!(q.grade("1").correct);
    let q = bank("s003-self-5-5-eff");
    for ok in ["0.5", "50%", "1/2", "0.503"] {
        assert!(q.grade(ok).correct, "{ok}");
    }
    assert!(!q.grade("0.51").correct);
    let q = bank("s004-recall-eta");
    for ok in ["0.03125", "3.125%", "1/32", "3.1%"] {
        assert!(q.grade(ok).correct, "{ok}");
    }
    let q = bank("s000-recall-linear");
    assert!(q.grade("0").correct);
    assert!(!q.grade("2").correct);
    assert!(!q.grade("9").correct);
    let q = bank("s004-recall-latency");
    assert!(q.grade("no").correct && !q.grade("yes").correct);
    let q = bank("s004-recall-regs");
    assert!(q.grade("1,638").correct);
    assert!(q.grade("2048").feedback.contains("32 registers"));
}

#[test]
fn generated_answers_agree_with_the_panels() {
    let mut rng = Rng::new(7);
    for _ in 0..80 {
        for t in Topic::ALL {
            let q = generate(t, &mut rng);
            assert!(q.link.is_some() && !q.solution().is_empty(), "{}", q.qid);
            // The right answer grades right, by its own text.
            let answer = match &q.kind {
                AnswerKind::Number { value, .. } => format_decimal(*value),
                AnswerKind::Choice { correct, .. } => correct.to_string(),
                AnswerKind::YesNo(b) => if *b { "yes" } else { "no" }.to_string(),
            };
            assert!(q.grade(&answer).correct, "{}: {answer}", q.qid);
            // An independent recomputation for each template.
            let p: Vec<u64> = q.qid.rsplit('-').filter_map(|s| s.parse().ok()).collect();
            if q.qid.starts_with("gen-warps-count") {
                let (y, x) = (p[0], p[1]);
                assert_eq!(q.answer_text(), format!("{} warps", (x * y).div_ceil(32)));
            }
            if q.qid.starts_with("gen-lat-needed") {
                let (w, l, s) = (p[0], p[1], p[2]);
                assert_eq!(q.answer_text(), format!("{} warps", (s * l).div_ceil(w)));
            }
            if q.qid.starts_with("gen-co-tx") {
                let (stride, elem) = (p[0], p[1]);
                let mut lines: Vec<u64> = (0..32).map(|l| l * stride * elem / 128).collect();
                lines.dedup();
                assert_eq!(q.answer_text(), format!("{} transactions", lines.len()));
            }
            // Banks, by the gcd rule rather than the model: lane l of a 4-byte read at stride
            // s > 0 reads word l·s, in bank l·s mod 32, and the 32/gcd(s, 32) banks used get
            // gcd(s, 32) different words each; 8-byte elements go a half-warp at a time, lane
            // l's words 2ls and 2ls + 1 land in banks 2·(ls mod 16) and one more, so gcd(s, 16)
            // words per bank in each of the two phases. Stride 0 is a broadcast: 1 per phase.
            let gcd = |a: u64, b: u64| {
                let (mut a, mut b) = (a, b);
                while b != 0 {
                    (a, b) = (b, a % b);
                }
                a
            };
            let strided_ways = |elem: u64, stride: u64| match (elem, stride) {
                (_, 0) => 1,
                (4, s) => gcd(s, 32),
                (_, s) => gcd(s, 16),
            };
            if q.qid.starts_with("gen-bank-ways") {
                let (stride, elem) = (p[0], p[1]);
                assert_eq!(q.answer_text(), strided_ways(elem, stride).to_string());
            }
            if q.qid.starts_with("gen-bank-wavefronts") {
                let (stride, elem) = (p[0], p[1]);
                let phases = if elem == 8 { 2 } else { 1 };
                let want = phases * strided_ways(elem, stride);
                assert_eq!(q.answer_text(), format!("{want} wavefronts"));
            }
            if q.qid.starts_with("gen-bank-pad") {
                // Lane l reads word l·(32 + pad), bank l·pad mod 32: gcd(pad, 32)-way (pad 0:
                // gcd(0, 32) = 32, every lane in bank 0).
                assert_eq!(q.answer_text(), gcd(p[0], 32).to_string());
            }
            // Tensor cores, from the PTX ISA's text rather than the model's tables: every
            // fragment here takes groupID (lane >> 2) from its M or N index (A and C: the row,
            // B: the column), mod 8, and threadID_in_group (lane % 4) from its K index (A: the
            // column, B: the row; C: its N column), as (index mod 8) / 2 where two 16-bit (or
            // two f32 accumulator) elements share a pair of columns, and as index mod 4 for tf32.
            if let Some(rest) = q.qid.strip_prefix("gen-mma-owner-") {
                let f: Vec<&str> = rest.split('-').collect();
                let (op, ty, row, col): (&str, &str, u64, u64) =
                    (f[0], f[2], f[3].parse().unwrap(), f[4].parse().unwrap());
                let (g_index, k_index) = if op == "b" { (col, row) } else { (row, col) };
                let thread = if ty == "tf32" && op != "c" {
                    k_index % 4
                } else {
                    (k_index % 8) / 2
                };
                assert_eq!(q.answer_text(), (4 * (g_index % 8) + thread).to_string());
            }
            if let Some(rest) = q.qid.strip_prefix("gen-mma-elements-") {
                // A is 16 × K, B is K × 8, C is 16 × 8, shared by 32 lanes.
                let f: Vec<&str> = rest.split('-').collect();
                let k = if f[1] == "m16n8k16" { 16 } else { 8 };
                let elements = match f[0] {
                    "a" => 16 * k,
                    "b" => k * 8,
                    _ => 16 * 8,
                };
                assert_eq!(q.answer_text(), format!("{} elements", elements / 32));
            }
            if let Some(rest) = q.qid.strip_prefix("gen-mma-ldmatrix-") {
                // 4 phases (one per matrix); the 8 rows of a matrix start pitch/8 chunks of 4
                // banks apart, mod 8 chunks: gcd(pitch/8, 8) rows per chunk of banks, unless
                // the XOR sends them to 8 different chunks.
                let pitch: u64 = rest.trim_end_matches("-xor").parse().unwrap();
                let ways = if rest.ends_with("-xor") {
                    1
                } else {
                    gcd(pitch / 8, 8)
                };
                assert_eq!(q.answer_text(), format!("{} wavefronts", 4 * ways));
            }
            // A misconception never equals the right answer.
            for m in &q.misconceptions {
                assert!(
                    !q.grade(&format_decimal(m.answer)).correct,
                    "{}: myth {}",
                    q.qid,
                    m.answer
                );
            }
        }
    }
}

fn qids(quiz: &[Question]) -> Vec<&str> {
    quiz.iter().map(|q| q.qid.as_str()).collect()
}

#[test]
fn same_seed_same_quiz() {
    for draw in [Draw::First, Draw::Spread] {
        let a = build(None, 42, 12, draw);
        assert_eq!(a, build(None, 42, 12, draw));
        assert_eq!(a.len(), 12);
        assert_ne!(qids(&a), qids(&build(None, 43, 12, draw)));
        let w = build(Some(Topic::Coalescing), 1, 6, draw);
        assert!(w.iter().all(|q| q.topic == Topic::Coalescing));
        assert_eq!(build(None, 1, 0, draw).len(), 1);
        assert_eq!(build(None, 1, 1000, draw).len(), 50);
    }
}

/// FNV-1a over the question ids of many quizzes: one number that moves if any of them moves.
fn fingerprint(draw: Draw) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for seed in 0..30u64 {
        for topic in [
            None,
            Some(Topic::Warps),
            Some(Topic::Divergence),
            Some(Topic::Latency),
            Some(Topic::Coalescing),
        ] {
            for count in [3u64, 8, 20] {
                for q in build(topic, seed, count, draw) {
                    for b in q.qid.bytes().chain([0u8]) {
                        h ^= u64::from(b);
                        h = h.wrapping_mul(0x0100_0000_01b3);
                    }
                }
            }
        }
    }
    h
}

#[test]
fn links_made_before_draw_keep_their_questions() {
    // A quiz link is a promise to the instructor who shared it. These ids and this fingerprint
    // were taken from the version before `draw` existed (its `build(topic, seed, count)`), so
    // every link without `draw` still opens the very quiz it opened then.
    assert_eq!(
        qids(&build(None, 42, 8, Draw::First)),
        [
            "s004-recall-split-cycles",
            "s003-recall-diverged",
            "s000-recall-rounding",
            "gen-div-cycles-18,3,38-5,18,9",
            "gen-lat-needed-1-450-19",
            "gen-co-eta-4-4",
            "gen-lat-needed-2-450-11",
            "gen-lat-needed-1-600-15",
        ]
    );
    assert_eq!(
        qids(&build(Some(Topic::Latency), 2026, 3, Draw::First)),
        [
            "s004-recall-latency",
            "gen-lat-hidden-1-550-7",
            "gen-lat-needed-4-750-1"
        ]
    );
    assert_eq!(
        qids(&build(Some(Topic::Warps), 11, 6, Draw::First)),
        [
            "s004-recall-ragged",
            "s000-self-72-warps",
            "gen-warps-idle-50-4",
            "gen-warps-idle-16-3",
            "gen-warps-thread-24-5-40",
            "gen-warps-count-24-3"
        ]
    );
    assert_eq!(fingerprint(Draw::First), 0x534b_e971_6bd4_26f3);
}

/// Templates a quiz on `topic` drawn under `draw` can ask without a repeat: each seed card of
/// its topics is a template of its own, and each topic has its generators' (warps, banks and
/// tensor cores 3, the others 2).
fn templates_available(topic: Option<Topic>, draw: Draw) -> usize {
    let cards = seed_bank()
        .iter()
        .filter(|q| topic.is_none_or(|t| q.topic == t))
        .count();
    let generators: usize = topic
        .map_or(draw.topics().to_vec(), |t| vec![t])
        .iter()
        .map(|t| Template::under(*t, draw).len())
        .sum();
    cards + generators
}

#[test]
fn a_spread_quiz_asks_no_template_twice_while_another_is_unused() {
    // The bank holds 9 warps cards, 12 divergence, 4 latency, 1 coalescing and none on bank
    // conflicts or tensor cores; the generators are 3 + 2 + 2 + 2 + 3 + 3. So 12, 14, 6, 3, 3,
    // 3 and 38 (all under draw=2, five topics) or 41 (all under draw=4, six) templates.
    let avail: Vec<usize> = [
        Some(Topic::Warps),
        Some(Topic::Divergence),
        Some(Topic::Latency),
        Some(Topic::Coalescing),
        Some(Topic::Banks),
        Some(Topic::Mma),
        None,
    ]
    .into_iter()
    .map(|t| templates_available(t, Draw::Spread))
    .collect();
    assert_eq!(avail, [12, 14, 6, 3, 3, 3, 38]);
    assert_eq!(templates_available(None, Draw::Cover), 38);
    assert_eq!(templates_available(None, Draw::Tensor), 41);
    // Under draw=5 the latency topic has its timeline question too: 6 + 1 and 41 + 1.
    assert_eq!(templates_available(Some(Topic::Latency), Draw::Timeline), 7);
    assert_eq!(templates_available(None, Draw::Timeline), 42);
    // Under draw=6 the doubling question too: 7 + 1 and 42 + 1.
    assert_eq!(templates_available(Some(Topic::Latency), Draw::Doubling), 8);
    assert_eq!(templates_available(None, Draw::Doubling), 43);
    // Why n ≤ available has no repeat: the quiz takes b = min(⌈n/3⌉, cards) cards, then, if
    // the n − b generated questions outnumber the G generators, b = n − G cards instead (n ≤
    // cards + G, so there are enough): never more generated questions than generators. The
    // cards are distinct (a shuffled bank, taken without replacement), and the generated
    // questions come in rounds, each template once per round in a shuffled order; a template's
    // first question cannot collide with one already in the quiz (its ids begin with its own
    // id), so the first round gives each of them once.
    for (topic, draw) in [
        (None, Draw::Spread),
        (None, Draw::Tensor),
        (None, Draw::Timeline),
        (Some(Topic::Latency), Draw::Timeline),
        (None, Draw::Doubling),
        (Some(Topic::Latency), Draw::Doubling),
        (Some(Topic::Warps), Draw::Spread),
        (Some(Topic::Divergence), Draw::Spread),
        (Some(Topic::Latency), Draw::Spread),
        (Some(Topic::Coalescing), Draw::Spread),
        (Some(Topic::Banks), Draw::Spread),
        (Some(Topic::Mma), Draw::Spread),
        (Some(Topic::Mma), Draw::Tensor),
    ] {
        let available = templates_available(topic, draw);
        for seed in [0u64, 1, 7, 42, 2026, u64::MAX] {
            for n in 1..=available {
                let quiz = build(topic, seed, n as u64, draw);
                assert_eq!(quiz.len(), n, "{topic:?} seed {seed} n {n}");
                let mut templates: Vec<&str> = quiz.iter().map(|q| q.template).collect();
                templates.sort_unstable();
                templates.dedup();
                assert_eq!(
                    templates.len(),
                    n,
                    "{topic:?} seed {seed}: {:?}",
                    qids(&quiz)
                );
            }
        }
    }
    // Past that, the generators' uses differ by at most one: the default quiz of every topic at
    // 50 questions (fewer for coalescing, whose 1 card and 24 scenarios run out).
    for seed in [3u64, 99] {
        let quiz = build(Some(Topic::Latency), seed, 50, Draw::Spread);
        assert_eq!(quiz.len(), 50);
        // 4 cards and 46 generated over 2 templates: 23 each.
        let needed = quiz
            .iter()
            .filter(|q| q.template == "gen-lat-needed")
            .count();
        let hidden = quiz
            .iter()
            .filter(|q| q.template == "gen-lat-hidden")
            .count();
        assert_eq!((needed, hidden), (23, 23), "seed {seed}");
        let co = build(Some(Topic::Coalescing), seed, 50, Draw::Spread);
        // 1 card, then 2 × 6 strides × 2 element sizes = 24 distinct generated questions at most.
        assert!(co.len() <= 25 && co.len() >= 20, "{}", co.len());
        let mut ids = qids(&co);
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), co.len(), "no question twice");
    }
}

#[test]
fn bank_conflict_questions_come_from_the_banks_model() {
    use super::generate::ask_banks;
    let ways = |elem, stride| ask_banks(Template::BankWays, elem, stride, 0);
    let fronts = |elem, stride| ask_banks(Template::BankWavefronts, elem, stride, 0);
    let pad = |p| ask_banks(Template::BankPad, 4, 1, p);
    // 4-byte words, stride 1: lane l in bank l, one word per bank: conflict-free.
    assert_eq!(ways(4, 1).answer_text(), "1");
    assert_eq!(fronts(4, 1).answer_text(), "1 wavefronts");
    // Stride 2: lanes l and l + 16 both hit bank 2l mod 32 (words 2l and 2l + 32), 2 words per
    // bank: 2 wavefronts, 1 conflict, 2-way.
    assert_eq!(ways(4, 2).answer_text(), "2");
    assert_eq!(fronts(4, 2).answer_text(), "2 wavefronts");
    // Stride 3: gcd(3, 32) = 1, 3l mod 32 visits every bank once: conflict-free, and the myth
    // "stride 3 is 3-way" is named.
    let q = ways(4, 3);
    assert_eq!(q.answer_text(), "1");
    assert!(
        q.grade("3").feedback.contains("gcd(s, 32)"),
        "{:?}",
        q.grade("3")
    );
    // Stride 32: every lane in bank 0, 32 different words: 32-way.
    assert_eq!(ways(4, 32).answer_text(), "32");
    // Stride 0: 32 lanes, one word: a broadcast, 1 wavefront, and "32" is the named myth.
    let q = fronts(4, 0);
    assert_eq!(q.answer_text(), "1 wavefronts");
    assert!(!q.grade("32").correct && q.grade("32").feedback.contains("broadcast"));
    // 8-byte elements go a half-warp at a time. Stride 1: lanes 0–15 cover words 0–31, one per
    // bank: 1 wavefront per phase, 2 in all (ideal 2), conflict-free; "1" forgets a phase.
    assert_eq!(ways(8, 1).answer_text(), "1");
    let q = fronts(8, 1);
    assert_eq!(q.answer_text(), "2 wavefronts");
    assert!(q.grade("1").feedback.contains("half-warp"));
    // Stride 2: lane l reads words 4l, 4l + 1, banks 4l mod 32 and one up, so lanes l and l + 8
    // share both: 2-way in each half-warp, 2 + 2 = 4 wavefronts.
    assert_eq!(ways(8, 2).answer_text(), "2");
    let q = fronts(8, 2);
    assert_eq!(q.answer_text(), "4 wavefronts");
    assert!(q.explanation.starts_with("2 + 2 = 4."), "{}", q.explanation);
    // Stride 32: lane l's words 64l, 64l + 1, banks 0 and 1 for all 16 lanes: 16-way per phase.
    assert_eq!(ways(8, 32).answer_text(), "16");
    assert_eq!(fronts(8, 32).answer_text(), "32 wavefronts");
    // float tile[32][32 + pad] down column 0: lane l reads word l·(32 + pad), bank l·pad mod
    // 32. Pad 0: all in bank 0, 32-way; pad 1: bank l, conflict-free; pad 2: bank 2l mod 32,
    // lanes l and l + 16 together, 2-way; pad 4: 4-way.
    let answers: Vec<String> = [0, 1, 2, 4].map(|p| pad(p).answer_text()).to_vec();
    assert_eq!(answers, ["32", "1", "2", "4"]);
    assert!(pad(0).grade("1").feedback.contains("gcd(pad, 32)"));
    // Each links to the banks panel on its inputs, and its solution is that panel's steps.
    assert_eq!(
        ways(8, 2).link.as_deref(),
        Some("panel=banks&elem=8&stride=2")
    );
    assert_eq!(pad(1).link.as_deref(), Some("panel=banks&tile=32&pad=1"));
    for q in [ways(4, 2), fronts(8, 2), pad(0)] {
        assert_eq!(q.topic, Topic::Banks);
        assert!(!q.solution().is_empty(), "{}", q.qid);
        assert!(!q.explanation.is_empty(), "{}", q.qid);
    }
}

#[test]
fn banks_joins_all_under_the_new_rules_only() {
    // `topic=banks` asks only its own questions, under either rules.
    for draw in [Draw::First, Draw::Spread] {
        let quiz = build(Some(Topic::Banks), 9, 10, draw);
        assert_eq!(quiz.len(), 10);
        assert!(
            quiz.iter().all(|q| q.topic == Topic::Banks),
            "{:?}",
            qids(&quiz)
        );
    }
    // `all` under the first rules never asks it (its links keep their questions: the pinned
    // ids above); under the new ones, a quiz long enough to use every template asks all three.
    for seed in 0..20u64 {
        let first = build(None, seed, 50, Draw::First);
        assert!(first.iter().all(|q| q.topic != Topic::Banks), "seed {seed}");
        let spread = build(None, seed, 38, Draw::Spread);
        let banks = spread.iter().filter(|q| q.topic == Topic::Banks).count();
        assert_eq!(banks, 3, "seed {seed}: {:?}", qids(&spread));
    }
    // `topic=banks` and its figure.
    let (p, e) = QuizParams::from_query(&Query::parse("topic=banks&seed=3&draw=2"));
    assert!(e.is_empty() && p.topic == Some(Topic::Banks));
    assert_eq!(p.key(3), "banks/3/8/2");
    let figures = panel::figures(&progress::Progress::default(), "banks/3/8/2", &[]);
    let m = figures
        .iter()
        .find(|f| f.metric == "mastery-banks")
        .expect("mastery-banks");
    assert_eq!(m.label, "Mastery: bank conflicts");
}

#[test]
fn the_default_quiz_of_seed_42_no_longer_repeats_itself() {
    // Under the first rules, seed 42's quiz of 8 asks "how many warps hide this latency?"
    // three times (the ids above); under the new ones, 8 different templates.
    let first = build(None, 42, 8, Draw::First);
    let repeats = first
        .iter()
        .filter(|q| q.template == "gen-lat-needed")
        .count();
    assert_eq!(repeats, 3);
    let spread = build(None, 42, 8, Draw::Spread);
    let mut t: Vec<&str> = spread.iter().map(|q| q.template).collect();
    t.sort_unstable();
    t.dedup();
    assert_eq!(t.len(), 8);
    // 3 cards (⌈8/3⌉) and 5 generated.
    assert_eq!(spread.iter().filter(|q| q.source.is_some()).count(), 3);
    // Both sets of rules stay reproducible by seed.
    assert_eq!(spread, build(None, 42, 8, Draw::Spread));
}

#[test]
fn templates_name_their_questions() {
    let mut rng = Rng::new(5);
    for t in Template::ALL {
        assert!(Template::under(t.topic(), Draw::LATEST).contains(&t));
        for _ in 0..20 {
            let q = generate_from(t, &mut rng);
            assert_eq!(q.template, t.id());
            assert_eq!(q.topic, t.topic());
            assert!(q.qid.starts_with(&format!("{}-", t.id())), "{}", q.qid);
        }
    }
    // No template id is the start of another's: a first question never collides.
    for a in Template::ALL {
        for b in Template::ALL {
            assert!(a == b || !b.id().starts_with(&format!("{}-", a.id())));
        }
    }
    for q in seed_bank() {
        assert_eq!(q.template, q.qid);
        assert!(!q.qid.starts_with("gen-"));
    }
}

#[test]
fn gift_export() {
    let qs = vec![
        bank("s003-ex2-myth"),
        bank("s003-self-5-5-eff"),
        bank("s000-recall-linear"),
        bank("s004-recall-latency"),
    ];
    let gift = to_gift(&qs, "Warp Lab quiz");
    assert!(gift.contains("::s003-ex2-myth::One thread takes a 100-cycle path, the other 31 a 50-cycle path. How many cycles does the warp take? {#150:0}"), "{gift}");
    assert!(gift.contains("{#0.5:0.005}"), "{gift}");
    assert!(gift.contains("{=x ~y ~z}"), "{gift}");
    assert!(gift.contains("{FALSE}"), "{gift}");
    assert_eq!(gift_escape("a=b:c{d}#~"), "a\\=b\\:c\\{d\\}\\#\\~");
}

proptest! {
    #[test]
    fn grading_never_panics(raw in ".{0,30}", seed in any::<u64>()) {
        for q in build(None, seed, 4, Draw::First) {
            let _ = q.grade(&raw);
        }
    }

    /// Stored progress is untrusted text: whatever a store holds, reading it, finding the quiz
    /// to resume and naming what was left out never panic, and a quiz key that parses writes
    /// back as the very text it was read from.
    #[test]
    fn reading_stored_progress_never_panics(
        topic in proptest::sample::select(vec!["all", "warps", "latency", "x", ""]),
        seed in any::<u64>(),
        count in 0u64..60,
        suffix in proptest::sample::select(vec!["", "/2", "/1", "/3", "/2/", "x"]),
        raw in ".{0,80}",
        n in any::<i64>(),
        junk in ".{0,40}",
    ) {
        use crate::quiz::progress::{Progress, QuizKey};
        let key = format!("{topic}/{seed}/{count}{suffix}");
        let doc = serde_json::json!({
            "schema": "warp-lab-progress", "version": 1,
            "topics": {"warps": {"attempts": n, "correct": 3}, "latency": raw},
            "boxes": {key.clone(): n, "q": raw},
            "quizzes": {key.clone(): {"q": {"raw": raw, "correct": n > 0}, "r": n}},
            "current": key,
        });
        if let Ok(read) = Progress::read(&doc.to_string()) {
            let _ = read.places();
            let _ = read.progress.in_progress();
            let _ = read.progress.to_json();
        }
        let _ = Progress::read(&junk);
        for text in [key.as_str(), junk.as_str()] {
            if let Some(k) = QuizKey::parse(text) {
                proptest::prop_assert_eq!(k.to_string(), text);
                proptest::prop_assert!((1..=MAX_COUNT).contains(&k.count));
            }
        }
    }
}

#[test]
fn quiz_params_and_forecasts() {
    let (p, e) = QuizParams::from_query(&Query::parse("topic=latency&seed=42&count=5"));
    assert!(e.is_empty());
    assert_eq!(
        p,
        QuizParams {
            topic: Some(Topic::Latency),
            seed: Some(42),
            count: 5,
            draw: Draw::First,
        }
    );
    assert_eq!(p.key(42), "latency/42/5");
    let (p, e) = QuizParams::from_query(&Query::parse("topic=cooking&seed=-1&count=99"));
    assert_eq!(
        p,
        QuizParams {
            topic: None,
            seed: None,
            count: DEFAULT_COUNT,
            draw: Draw::LATEST,
        }
    );
    assert_eq!(
        e.iter().map(|e| e.param.as_str()).collect::<Vec<_>>(),
        ["topic", "seed", "count"]
    );
    let f = Figure::new("warps-per-block", "Warps", Value::Int(4), "warps", "");
    assert_eq!(
        judge_forecast("3", &f).text,
        "You guessed 3; the answer is 4 warps: off by 1 (25% of the answer)."
    );
    assert_eq!(
        judge_forecast("4", &f).text,
        "You guessed 4: right, the answer is 4 warps."
    );
    assert!(judge_forecast("lots", &f).text.contains("write a number"));
    let b = Figure::new("latency-hidden", "Hidden", Value::Bool(false), "", "");
    assert!(judge_forecast("yes", &b).text.contains("the answer is no"));
}

#[test]
fn hinglish_quiz_asks_the_same_questions_with_the_same_answers() {
    use crate::i18n::{with_lang, Lang};
    // One link, one quiz, whatever the language: same ids, scenarios and answers.
    let en = build(None, 42, 12, Draw::First);
    let hi = with_lang(Lang::Hinglish, || build(None, 42, 12, Draw::First));
    assert_eq!(en.len(), hi.len());
    for (e, h) in en.iter().zip(&hi) {
        assert_eq!((&e.qid, e.topic, &e.link), (&h.qid, h.topic, &h.link));
        match (&e.kind, &h.kind) {
            (
                AnswerKind::Number {
                    value: a,
                    tolerance: ta,
                    ..
                },
                AnswerKind::Number {
                    value: b,
                    tolerance: tb,
                    ..
                },
            ) => assert_eq!((a, ta), (b, tb), "{}", e.qid),
            (
                AnswerKind::Choice {
                    options: a,
                    correct: ca,
                },
                AnswerKind::Choice {
                    options: b,
                    correct: cb,
                },
            ) => {
                assert_eq!((a, ca), (b, cb), "{}", e.qid);
            }
            (AnswerKind::YesNo(a), AnswerKind::YesNo(b)) => assert_eq!(a, b, "{}", e.qid),
            _ => panic!("{}: kinds differ", e.qid),
        }
        let answers = |q: &Question| {
            q.misconceptions
                .iter()
                .map(|m| m.answer)
                .collect::<Vec<_>>()
        };
        assert_eq!(answers(e), answers(h), "{}", e.qid);
        assert_eq!(e.solution().len(), h.solution().len(), "{}", e.qid);
        assert_ne!(e.prompt, h.prompt, "{} is not translated", e.qid);
    }

    // A generated question: Hinglish words, the English numbers.
    let (mut r_en, mut r_hi) = (Rng::new(7), Rng::new(7));
    for t in Topic::ALL {
        let e = generate(t, &mut r_en);
        let h = with_lang(Lang::Hinglish, || generate(t, &mut r_hi));
        assert_eq!(e.qid, h.qid);
        assert_eq!(e.kind, h.kind, "{}", e.qid);
        assert!(
            ["kitne", "kaunsa", "kya", "hai"]
                .iter()
                .any(|w| h.prompt.contains(w)),
            "{}",
            h.prompt
        );
        let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
        assert_eq!(
            digits(&e.prompt),
            digits(&h.prompt),
            "{} / {}",
            e.prompt,
            h.prompt
        );
    }
    let q = with_lang(Lang::Hinglish, || {
        let mut rng = Rng::new(7);
        generate(Topic::Warps, &mut rng)
    });
    assert!(q.prompt.starts_with("Ek ("), "{}", q.prompt);

    // Recall cards of seed 000 speak the seed's own Hinglish.
    let card = with_lang(Lang::Hinglish, || bank("s000-recall-warp-size"));
    assert!(
        card.explanation
            .contains("ek instruction fetch share karte hain"),
        "{}",
        card.explanation
    );
    assert!(card
        .source
        .as_deref()
        .is_some_and(|s| s.starts_with("seed 000")));

    // Grading reads values, never translated words: a stored answer grades the same in both
    // languages; only the feedback's wording follows the language.
    let myth = with_lang(Lang::Hinglish, || bank("s003-ex2-myth").grade("53.125"));
    assert!(!myth.correct, "{}", myth.feedback);
    assert!(
        myth.feedback.contains("Poora sahi nahi") && myth.feedback.contains("150 cycles"),
        "{}",
        myth.feedback
    );
    let en_q = bank("s004-recall-latency");
    let hi_q = with_lang(Lang::Hinglish, || bank("s004-recall-latency"));
    for raw in ["no", "nahi", "yes", "haan", "0", "maybe"] {
        let a = en_q.grade(raw);
        let b = with_lang(Lang::Hinglish, || hi_q.grade(raw));
        let c = with_lang(Lang::Hinglish, || en_q.grade(raw));
        assert_eq!(a.correct, b.correct, "{raw}");
        assert_eq!(a.correct, c.correct, "{raw}");
    }
    assert!(en_q.grade("nahi").correct && !en_q.grade("haan").correct);
    assert_eq!(with_lang(Lang::Hinglish, || hi_q.answer_text()), "nahi");
    assert_eq!(en_q.answer_text(), "no");
    let choice = bank("s000-recall-linear");
    assert!(with_lang(Lang::Hinglish, || choice.grade("0")).correct);
    let unreadable = with_lang(Lang::Hinglish, || bank("s003-ex2-myth").grade("sau"));
    assert!(
        unreadable
            .feedback
            .contains("number ki tarah nahi padh paya"),
        "{}",
        unreadable.feedback
    );

    // Forecasts, topic names, GIFT and parameter errors.
    let f = Figure::new("warps-per-block", "Warps", Value::Int(4), "warps", "");
    let fb = with_lang(Lang::Hinglish, || judge_forecast("3", &f).text);
    assert!(
        fb.contains("guess kiya") && fb.contains("4 warps") && fb.contains("1 ka fark"),
        "{fb}"
    );
    let b = Figure::new("latency-hidden", "Hidden", Value::Bool(true), "", "");
    assert!(with_lang(Lang::Hinglish, || judge_forecast("haan", &b).text).contains("sahi"));
    assert_eq!(
        with_lang(Lang::Hinglish, || Topic::Latency.label()),
        "latency"
    );
    assert_eq!(Topic::Latency.label(), "latency");
    let gift = with_lang(Lang::Hinglish, || to_gift(&hi[..1], "quiz"));
    assert!(gift.contains("Warp Lab se export"), "{gift}");
    assert!(gift.contains(&gift_escape(&hi[0].qid)), "{gift}");
    let (_, e) = with_lang(Lang::Hinglish, || {
        QuizParams::from_query(&Query::parse("topic=cooking"))
    });
    assert_eq!(e[0].param, "topic");
    assert!(
        e[0].message.contains("cooking") && e[0].message.contains("nahi chalega"),
        "{}",
        e[0].message
    );
}

#[test]
fn a_new_quiz_of_eight_asks_every_topic_the_home_page_names() {
    // Issue 26: under draw=2 one quiz of six over all topics had no bank-conflict question.
    // Under draw=3 (every new quiz until tensor cores joined under draw=4) each of the five
    // topics is asked, for every seed tried, and no template comes twice while another is
    // unused.
    let mut spread_missed = 0;
    for seed in 0..300u64 {
        let quiz = build(None, seed, 8, Draw::Cover);
        assert_eq!(quiz.len(), 8, "seed {seed}");
        for t in Draw::Cover.topics() {
            assert!(quiz.iter().any(|q| q.topic == *t), "seed {seed}: no {t:?}");
        }
        let templates: Vec<&str> = quiz
            .iter()
            .filter(|q| q.qid.starts_with("gen-"))
            .map(|q| q.qid.rsplitn(3, '-').nth(2).unwrap_or(""))
            .collect();
        let mut distinct = templates.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            templates.len(),
            "seed {seed}: {templates:?}"
        );
        if !build(None, seed, 8, Draw::Spread)
            .iter()
            .any(|q| q.topic == Topic::Banks)
        {
            spread_missed += 1;
        }
    }
    // The old rules really did miss it (so the test above can fail), and keep doing so: a
    // draw=2 link keeps its questions.
    assert!(spread_missed > 0, "draw=2 always asked banks?");
    assert_eq!(Draw::from_number(3), Some(Draw::Cover));
    // One topic, or a quiz too short for five: as many topics as fit, no error.
    let short = build(None, 1, 3, Draw::Cover);
    assert_eq!(short.len(), 3);
    let one = build(Some(Topic::Banks), 1, 8, Draw::Cover);
    assert!(one.iter().all(|q| q.topic == Topic::Banks));
}

proptest! {
    /// The hand-written decimal reader rounds as `str::parse::<f64>` does, for every decimal a
    /// learner types (up to 9 whole digits and 6 places, signed).
    #[test]
    fn decimals_read_exactly_as_the_standard_parser(whole in 0u64..1_000_000_000, frac in 0u64..1_000_000, places in 0usize..7, neg in any::<bool>()) {
        let frac = if places == 0 { String::new() } else { format!(".{:0places$}", frac % 10u64.pow(u32::try_from(places).unwrap())) };
        let s = format!("{}{whole}{frac}", if neg { "-" } else { "" });
        let want: f64 = s.parse().unwrap();
        assert_eq!(parse_number(&s), Some(want), "{s}");
    }
}

#[test]
fn decimals_the_reader_refuses() {
    for s in [
        "",
        ".",
        "-",
        "1e3",
        "inf",
        "NaN",
        "1.2.3",
        "--1",
        "12345678901234567890",
    ] {
        assert_eq!(parse_number(s), None, "{s:?}");
    }
    assert_eq!(parse_number(".5"), Some(0.5));
    assert_eq!(parse_number("3."), Some(3.0));
    assert_eq!(parse_number("57.1%"), Some(57.1 / 100.0));
}

#[test]
fn kernel_float_literals_read_as_the_standard_parser_where_the_lexer_lets_them() {
    // The kernel lab's lexer reads `1.5f`, `2e3`, `.25`: the shared reader, exactly as std does.
    for s in [
        "1.5",
        "2e3",
        ".25",
        "3.",
        "0.1",
        "123456.789",
        "1E2",
        "7e22",
        "1.25e1",
    ] {
        assert_eq!(crate::params::decimal(s), s.parse::<f64>().ok(), "{s}");
    }
    assert_eq!(crate::params::decimal("1e"), None);
    assert_eq!(crate::params::decimal("e3"), None);
}

/// [`fingerprint`] over longer quizzes: `all` and bank conflicts, up to 50 questions.
fn long_fingerprint(draw: Draw) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for seed in 0..30u64 {
        for topic in [None, Some(Topic::Banks)] {
            for count in [3u64, 8, 20, 38, 50] {
                for q in build(topic, seed, count, draw) {
                    for b in q.qid.bytes().chain([0u8]) {
                        h ^= u64::from(b);
                        h = h.wrapping_mul(0x0100_0000_01b3);
                    }
                }
            }
        }
    }
    h
}

#[test]
fn links_drawn_under_draw_2_and_3_keep_their_questions() {
    // Tensor cores joined `topic=all` under draw=4 only. These ids and fingerprints were taken
    // from the version before (five topics, twelve templates): every draw=2 and draw=3 link
    // still opens the very quiz it opened then.
    let table: [(Draw, u64, [&str; 8]); 6] = [
        (
            Draw::Spread,
            1,
            [
                "s003-self-90-10",
                "s000-recall-rounding",
                "s000-self-slowdown",
                "gen-co-eta-8-8",
                "gen-bank-pad-2",
                "gen-div-eff-33,37-15,17",
                "gen-bank-wavefronts-4-3",
                "gen-lat-hidden-2-750-14",
            ],
        ),
        (
            Draw::Spread,
            42,
            [
                "s004-recall-split-cycles",
                "s003-recall-diverged",
                "s000-recall-rounding",
                "gen-lat-hidden-4-500-25",
                "gen-lat-needed-2-150-18",
                "gen-bank-pad-4",
                "gen-warps-thread-16-1-7",
                "gen-co-eta-4-32",
            ],
        ),
        (
            Draw::Spread,
            7,
            [
                "s000-recall-warp-id",
                "s000-recall-warp-size",
                "s000-recall-rounding",
                "gen-div-cycles-20,27,18,33-5,4,15,8",
                "gen-warps-idle-8-4",
                "gen-co-eta-8-16",
                "gen-bank-wavefronts-8-4",
                "gen-co-tx-4-16",
            ],
        ),
        (
            Draw::Cover,
            1,
            [
                "s003-self-90-10",
                "s000-recall-rounding",
                "s000-self-slowdown",
                "gen-co-eta-4-1",
                "gen-lat-needed-4-100-21",
                "gen-bank-ways-4-4",
                "gen-warps-count-48-1",
                "gen-lat-hidden-4-750-9",
            ],
        ),
        (
            Draw::Cover,
            42,
            [
                "s004-recall-split-cycles",
                "s003-recall-diverged",
                "s000-recall-rounding",
                "gen-bank-pad-2",
                "gen-lat-needed-2-500-34",
                "gen-co-eta-4-16",
                "gen-div-cycles-38,34,18,18-5,7,14,6",
                "gen-co-tx-4-8",
            ],
        ),
        (
            Draw::Cover,
            7,
            [
                "s000-recall-warp-id",
                "s000-recall-warp-size",
                "s000-recall-rounding",
                "gen-co-tx-4-4",
                "gen-div-eff-14,29-20,12",
                "gen-bank-pad-2",
                "gen-lat-needed-2-200-13",
                "gen-bank-wavefronts-8-16",
            ],
        ),
    ];
    for (draw, seed, want) in table {
        assert_eq!(
            qids(&build(None, seed, 8, draw)),
            want,
            "{draw:?} seed {seed}"
        );
    }
    assert_eq!(
        qids(&build(None, 42, 20, Draw::Cover))[8..],
        [
            "gen-bank-pad-2",
            "gen-co-tx-8-32",
            "gen-bank-wavefronts-4-32",
            "gen-warps-count-96-3",
            "gen-warps-thread-40-4-27",
            "gen-bank-ways-8-3",
            "gen-co-eta-4-16",
            "gen-lat-needed-2-100-23",
            "gen-lat-hidden-2-750-23",
            "gen-div-eff-6,13-17,15",
            "gen-warps-idle-100-1",
            "gen-div-cycles-27,30,9-5,10,17",
        ]
    );
    // Every seed 0–29 of `all` and of each of the first four topics at 3, 8 and 20 questions,
    // and of `all` and bank conflicts at 3 to 50.
    assert_eq!(fingerprint(Draw::Spread), 0x085e_a0fb_9e7d_08c7);
    assert_eq!(fingerprint(Draw::Cover), 0xf12f_3600_de36_fcf8);
    assert_eq!(long_fingerprint(Draw::Spread), 0x81ef_887b_b4bf_8524);
    assert_eq!(long_fingerprint(Draw::Cover), 0xa325_e996_14ce_5f1a);
    // And none of them asks about tensor cores.
    for draw in [Draw::First, Draw::Spread, Draw::Cover] {
        assert!(!draw.topics().contains(&Topic::Mma), "{draw:?}");
    }
}

#[test]
fn tensor_cores_join_all_under_draw_4_only() {
    // `topic=mma` asks only its own questions, under any rules.
    for draw in [Draw::First, Draw::Spread, Draw::Cover, Draw::Tensor] {
        let quiz = build(Some(Topic::Mma), 9, 10, draw);
        assert_eq!(quiz.len(), 10, "{draw:?}");
        assert!(
            quiz.iter().all(|q| q.topic == Topic::Mma),
            "{draw:?}: {:?}",
            qids(&quiz)
        );
    }
    // `all` under the older rules never asks it; under draw=4, a quiz long enough to use every
    // template asks all three of its templates.
    for seed in 0..20u64 {
        for draw in [Draw::First, Draw::Spread, Draw::Cover] {
            let quiz = build(None, seed, 50, draw);
            assert!(
                quiz.iter().all(|q| q.topic != Topic::Mma),
                "{draw:?} {seed}"
            );
        }
        let quiz = build(None, seed, 41, Draw::Tensor);
        let mut mma: Vec<&str> = quiz
            .iter()
            .filter(|q| q.topic == Topic::Mma)
            .map(|q| q.template)
            .collect();
        mma.sort_unstable();
        assert_eq!(
            mma,
            ["gen-mma-elements", "gen-mma-ldmatrix", "gen-mma-owner"],
            "seed {seed}"
        );
    }
    // A quiz of 8 under draw=4 asks every one of the six topics, for every seed tried (its 3
    // cards cover at least one of the first four, which leaves at most 5 topics for 5 places),
    // and no template twice.
    for seed in 0..300u64 {
        let quiz = build(None, seed, 8, Draw::Tensor);
        assert_eq!(quiz.len(), 8, "seed {seed}");
        for t in Topic::ALL {
            assert!(quiz.iter().any(|q| q.topic == t), "seed {seed}: no {t:?}");
        }
        let mut templates: Vec<&str> = quiz.iter().map(|q| q.template).collect();
        templates.sort_unstable();
        templates.dedup();
        assert_eq!(templates.len(), 8, "seed {seed}: {:?}", qids(&quiz));
    }
    // The rules: number 4, followed by 5 (the timeline's) and 6 (a new quiz's, the doubling
    // question's), the only ones whose `all` is every topic (a topic added later needs new
    // rules of its own).
    assert_eq!(Draw::LATEST, Draw::Doubling);
    assert_eq!(Draw::from_number(4), Some(Draw::Tensor));
    assert_eq!(Draw::Tensor.number(), 4);
    assert_eq!(Draw::from_number(5), Some(Draw::Timeline));
    assert_eq!(Draw::from_number(6), Some(Draw::Doubling));
    assert_eq!(Draw::Doubling.number(), 6);
    assert_eq!(Draw::from_number(7), None);
    assert_eq!(Draw::Tensor.topics(), Topic::ALL);
    assert_eq!(Draw::LATEST.topics(), Topic::ALL);
    // `draw=4` is read wherever a link is: the quiz's parameters, the key its answers are
    // stored under, the mastery figure of the new topic.
    let (p, e) = QuizParams::from_query(&Query::parse("topic=mma&seed=3&draw=4"));
    assert!(e.is_empty(), "{e:?}");
    assert_eq!((p.topic, p.draw), (Some(Topic::Mma), Draw::Tensor));
    assert_eq!(p.key(3), "mma/3/8/4");
    let (p, e) = QuizParams::from_query(&Query::parse("topic=all"));
    assert!(e.is_empty() && p.draw == Draw::LATEST && p.seed.is_none());
    let (_, e) = QuizParams::from_query(&Query::parse("seed=3&draw=7"));
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].param, "draw");
    let figures = panel::figures(&progress::Progress::default(), "mma/3/8/4", &[]);
    let m = figures
        .iter()
        .find(|f| f.metric == "mastery-mma")
        .expect("mastery-mma");
    assert_eq!(m.label, "Mastery: tensor cores");
    assert_eq!(Topic::Mma.label(), "tensor cores");
    assert_eq!(Topic::parse("mma"), Some(Topic::Mma));
    assert_eq!(panel::TOPIC.choose("mma").ok(), Some("mma"));
}

/// The `mma` fragment of `shape`, `ty` and `operand` (every pair the tests ask for is one the
/// ISA has).
fn frag(
    shape: crate::mma::Shape,
    ty: crate::mma::ElemType,
    operand: crate::mma::Operand,
) -> crate::mma::Fragment {
    crate::mma::Fragment::new(shape, ty, operand).unwrap()
}

#[test]
fn an_mma_owner_question_names_the_lane_and_opens_that_element() {
    use super::generate::ask_mma_owner;
    use crate::mma::{ElemType, Operand, Shape};
    let k16 = Shape::M16n8k16;
    // C[9][3] of m16n8k16: row 9 = groupID + 8 → groupID 1 (c2 or c3); col 3 =
    // threadID_in_group·2 + 1 → threadID_in_group 1 (c3); lane 4·1 + 1 = 5.
    let q = ask_mma_owner(frag(k16, ElemType::F16, Operand::C), 9, 3);
    assert_eq!(q.answer_text(), "5");
    assert!(q.explanation.contains("4 × 1 + 1 = 5"), "{}", q.explanation);
    // Wrong answers learners give: 75 = 9·8 + 3 (the row-major index), 11 = 75 mod 32 (the
    // elements dealt out to the lanes in turn), 18 = ⌊75/4⌋ (runs of 4 elements a lane), 9 =
    // groupID + 8·threadID_in_group (groupID read as lane % 8), and 19, another lane.
    for wrong in ["75", "11", "18", "9", "19"] {
        assert!(!q.grade(wrong).correct, "{wrong}");
    }
    assert!(q.grade("11").feedback.contains("row by row"));
    assert!(q.grade("18").feedback.contains("run of 4"));
    assert!(q.grade("9").feedback.contains("lane % 8"));
    // The link opens the panel on that element (every other parameter at its default), and the
    // solution is the panel's own steps for it.
    let link = q.link.clone().unwrap();
    let input = crate::mma::panel::MmaInput::from_query(
        &Query::parse(&link),
        &crate::mma::panel::MmaInput::default(),
    );
    assert_eq!(
        (
            input.get(&crate::mma::panel::ROW),
            input.get(&crate::mma::panel::COL)
        ),
        ("9", "3")
    );
    let solution = q.solution();
    assert!(
        solution[0].answer.contains("Lane 5 holds C[9][3]"),
        "{:?}",
        solution[0].answer
    );
}

#[test]
fn mma_owner_questions_read_each_operands_own_layout() {
    use super::generate::ask_mma_owner;
    use crate::mma::{ElemType, Operand, Shape};
    let (k16, k8) = (Shape::M16n8k16, Shape::M16n8k8);
    // A[9][10] of f16 m16n8k16: row 9 = groupID + 8 → 1; col 10 = threadID_in_group·2 + 8
    // → 1 (a6); lane 5. Row-major, 9·16 + 10 = 154: 154 mod 32 = 26, ⌊154/8⌋ = 19.
    let q = ask_mma_owner(frag(k16, ElemType::F16, Operand::A), 9, 10);
    assert_eq!(q.answer_text(), "5");
    assert!(q.grade("26").feedback.contains("row by row"));
    assert!(q.grade("19").feedback.contains("run of 8"));
    assert_eq!(q.qid, "gen-mma-owner-a-m16n8k16-f16-9-10");
    // B[10][3] of bf16 m16n8k16: row 10 = threadID_in_group·2 + 8 → 1 (b2); col 3 = groupID
    // → 3; lane 4·3 + 1 = 13.
    let q = ask_mma_owner(frag(k16, ElemType::Bf16, Operand::B), 10, 3);
    assert_eq!(q.answer_text(), "13");
    // A[9][5] of tf32 m16n8k8: row 9 = groupID + 8 → 1 (a1 or a3); col 5 = threadID_in_group
    // + 4 → 1 (a3); lane 5. The f16 table would put it at col 5 = threadID_in_group·2 + 1 →
    // 2, lane 4·1 + 2 = 6: the named myth.
    let q = ask_mma_owner(frag(k8, ElemType::Tf32, Operand::A), 9, 5);
    assert_eq!(q.answer_text(), "5");
    let g = q.grade("6");
    assert!(
        !g.correct && g.feedback.contains("f16 table"),
        "{}",
        g.feedback
    );
}

#[test]
fn an_mma_elements_question_counts_one_lanes_share() {
    use super::generate::ask_mma_elements;
    use crate::mma::{ElemType, Operand, Shape};
    let k16 = Shape::M16n8k16;
    // f16 A of m16n8k16: 16 × 16 = 256 elements over 32 lanes, 8 each, in 4 registers
    // (.f16x2). 4 counts the registers; 32 = 256/8 shares A among 8 groups.
    let q = ask_mma_elements(frag(k16, ElemType::F16, Operand::A), 6);
    assert_eq!(q.answer_text(), "8 elements");
    let g = q.grade("4");
    assert!(
        !g.correct && g.feedback.contains("32-bit registers"),
        "{}",
        g.feedback
    );
    let g = q.grade("32");
    assert!(
        !g.correct && g.feedback.contains("8 groups"),
        "{}",
        g.feedback
    );
    assert!(q.explanation.contains("16 × 16 = 256"), "{}", q.explanation);
    // The link asks about that lane (and its first element, a0 at row groupID 1, col
    // threadID_in_group·2 = 4), and its solution lists the lane's elements.
    let input = crate::mma::panel::MmaInput::from_query(
        &Query::parse(q.link.as_deref().unwrap()),
        &crate::mma::panel::MmaInput::default(),
    );
    assert_eq!(
        [
            input.get(&crate::mma::panel::OPERAND),
            input.get(&crate::mma::panel::LANE),
            input.get(&crate::mma::panel::ROW),
            input.get(&crate::mma::panel::COL)
        ],
        ["a", "6", "1", "4"]
    );
    assert!(q
        .solution()
        .iter()
        .any(|w| w.answer.contains("Lane 6 holds 8 elements")));
}

#[test]
fn mma_elements_questions_count_every_type_and_operand() {
    use super::generate::ask_mma_elements;
    use crate::mma::{ElemType, Operand, Shape};
    let (k16, k8) = (Shape::M16n8k16, Shape::M16n8k8);
    // tf32 A of m16n8k8: 16 × 8 / 32 = 4, in 4 registers (no myth equal to the answer); f16
    // B of m16n8k8: 8 × 8 / 32 = 2, in 1 register; C: 16 × 8 / 32 = 4.
    let q = ask_mma_elements(frag(k8, ElemType::Tf32, Operand::A), 0);
    assert_eq!(q.answer_text(), "4 elements");
    assert!(q
        .misconceptions
        .iter()
        .all(|m| (m.answer - 4.0).abs() > 0.5));
    assert_eq!(
        ask_mma_elements(frag(k8, ElemType::F16, Operand::B), 31).answer_text(),
        "2 elements"
    );
    assert_eq!(
        ask_mma_elements(frag(k16, ElemType::Bf16, Operand::C), 9).answer_text(),
        "4 elements"
    );
}

#[test]
fn an_ldmatrix_question_counts_wavefronts_phase_by_phase() {
    use super::generate::ask_mma_ldmatrix;
    // ldmatrix.x4: 4 phases, one per 8 × 8 matrix; the 8 rows of a matrix are pitch·2 bytes
    // apart. Pitch 64 (128 bytes): every row in banks 0–3, 8-way, 8 + 8 + 8 + 8 = 32.
    let q = ask_mma_ldmatrix(64, false);
    assert_eq!(q.answer_text(), "32 wavefronts");
    assert!(
        q.explanation.starts_with("8 + 8 + 8 + 8 = 32."),
        "{}",
        q.explanation
    );
    let g = q.grade("4");
    assert!(
        !g.correct && g.feedback.contains("8-lane phase"),
        "{}",
        g.feedback
    );
    let g = q.grade("8");
    assert!(!g.correct && g.feedback.contains("ways"), "{}", g.feedback);
    let g = q.grade("1");
    assert!(
        !g.correct && g.feedback.contains("quarter-warp"),
        "{}",
        g.feedback
    );
    // Pitch 72 (144 bytes = 36 words): row r starts at bank 4r mod 32, 8 rows in 8 groups of
    // 4 banks: conflict-free, 4; 32 counts one per lane.
    let q = ask_mma_ldmatrix(72, false);
    assert_eq!(q.answer_text(), "4 wavefronts");
    assert!(q.grade("32").feedback.contains("one wavefront per lane"));
    // Pitch 64 with the XOR: row r's chunk at c ⊕ r, 8 different chunks: 4; 32 is the count
    // without the swizzle.
    let q = ask_mma_ldmatrix(64, true);
    assert_eq!(q.answer_text(), "4 wavefronts");
    assert_eq!(q.qid, "gen-mma-ldmatrix-64-xor");
    let g = q.grade("32");
    assert!(
        !g.correct && g.feedback.contains("without the swizzle"),
        "{}",
        g.feedback
    );
}

#[test]
fn ldmatrix_questions_follow_the_pitch_and_the_swizzle() {
    use super::generate::ask_mma_ldmatrix;
    // Pitch 16 (32 bytes = 8 words): rows at banks 0, 8, 16, 24, 0, …: 2-way, 2 × 4 = 8.
    // Pitch 32 (64 bytes): banks 0, 16, 0, …: 4-way, 16. Pitch 80 (160 bytes = 40 words):
    // banks 0, 8, 16, 24, 0, …: 2-way, 8. Pitch 128: 8-way, 32. Pitch 136 (272 bytes = 68
    // words): bank 4r mod 32, conflict-free, 4. Pitch 128 with the XOR: 4.
    let answers: Vec<String> = [
        (16, false),
        (32, false),
        (80, false),
        (128, false),
        (136, false),
        (128, true),
    ]
    .map(|(p, x)| ask_mma_ldmatrix(p, x).answer_text())
    .to_vec();
    assert_eq!(
        answers,
        [
            "8 wavefronts",
            "16 wavefronts",
            "8 wavefronts",
            "32 wavefronts",
            "4 wavefronts",
            "4 wavefronts"
        ]
    );
}

#[test]
fn mma_questions_open_the_panel_and_carry_its_solution() {
    use super::generate::{ask_mma_ldmatrix, ask_mma_owner};
    use crate::mma::{ElemType, Operand, Shape};
    let k8 = Shape::M16n8k8;
    // An ldmatrix question links to the panel's ldmatrix mode on that tile.
    let input = crate::mma::panel::MmaInput::from_query(
        &Query::parse(ask_mma_ldmatrix(72, false).link.as_deref().unwrap()),
        &crate::mma::panel::MmaInput::default(),
    );
    assert_eq!(input.active_mode(), Some("ldmatrix"));
    assert_eq!(input.get(&crate::mma::panel::PITCH), "72");
    for q in [
        ask_mma_ldmatrix(16, false),
        ask_mma_owner(frag(k8, ElemType::F16, Operand::B), 7, 7),
    ] {
        assert_eq!(q.topic, Topic::Mma);
        assert!(!q.solution().is_empty(), "{}", q.qid);
        assert!(!q.explanation.is_empty(), "{}", q.qid);
    }
}

#[test]
fn every_generated_question_opens_its_panel_on_the_number_it_asks() {
    use crate::registry::Panel;
    let mut rng = Rng::new(11);
    for t in Template::ALL {
        for _ in 0..25 {
            let q = generate_from(t, &mut rng);
            let link = q.link.as_deref().unwrap_or_default();
            let query = Query::parse(link);
            let panel = query.get("panel").and_then(Panel::parse);
            assert_eq!(panel.map(Panel::name), Some(q.topic.name()), "{}", q.qid);
            let Some(panel) = panel else { continue };
            let out = panel.evaluate_query(&query, &[]);
            assert!(out.errors.is_empty(), "{} {link}: {:?}", q.qid, out.errors);
            assert_eq!(out.worked, q.solution(), "{}", q.qid);
            if let AnswerKind::Number {
                value, tolerance, ..
            } = q.kind
            {
                assert!(
                    out.figures.iter().any(|f| f
                        .value
                        .plain()
                        .parse::<f64>()
                        .is_ok_and(|v| (v - value).abs() <= tolerance + 1e-9)),
                    "{} {link}: {value} not among {:?}",
                    q.qid,
                    out.figures
                        .iter()
                        .map(|f| (f.metric, f.value.plain()))
                        .collect::<Vec<_>>()
                );
            }
        }
    }
}

/// The figures-only paths the generators read (issue 46) give the panels' own figures, errors,
/// access and report, at every quiz link drawn and every example of those panels, and no
/// worked steps or pictures.
#[test]
fn the_figures_only_paths_give_the_panels_own_figures() {
    use crate::panel::Inputs;
    use crate::{banks, coalescing, mma, warps};
    let mut links: Vec<String> = Vec::new();
    let mut rng = Rng::new(23);
    for _ in 0..60 {
        for t in [Topic::Warps, Topic::Coalescing, Topic::Banks, Topic::Mma] {
            links.extend(generate(t, &mut rng).link);
        }
    }
    for p in ["warps", "coalescing", "banks", "mma"] {
        links.push(format!("panel={p}"));
    }
    // Wrong inputs too: each panel's errors must be the same.
    links.extend(
        [
            "panel=warps&block=0",
            "panel=coalescing&elem=3",
            "panel=banks&stride=-1",
            "panel=mma&mode=ldmatrix&pitch=x",
        ]
        .map(str::to_string),
    );
    let mut checked = 0;
    for link in &links {
        let q = Query::parse(link);
        match q.get("panel") {
            Some("warps") => {
                let i = Inputs::from_query(&q, &Inputs::default());
                let (full, only) = (warps::panel::evaluate(&i), warps::panel::figures_only(&i));
                assert_eq!((&full.figures, &full.errors), (&only.figures, &only.errors));
                assert!(
                    only.worked.is_empty() && !full.worked.is_empty() || !full.errors.is_empty(),
                    "{link}"
                );
            }
            Some("coalescing") => {
                let i = Inputs::from_query(&q, &Inputs::default());
                let (full, only) = (
                    coalescing::panel::evaluate(&i),
                    coalescing::panel::figures_only(&i),
                );
                assert_eq!((&full.figures, &full.errors), (&only.figures, &only.errors));
                assert_eq!(full.access, only.access, "{link}");
                assert!(only.worked.is_empty() && only.segments.is_empty(), "{link}");
            }
            Some("banks") => {
                let i = Inputs::from_query(&q, &Inputs::default());
                let (full, only) = (banks::panel::evaluate(&i), banks::panel::figures_only(&i));
                assert_eq!((&full.figures, &full.errors), (&only.figures, &only.errors));
                assert_eq!(full.report, only.report, "{link}");
                assert!(only.worked.is_empty() && only.phases.is_empty(), "{link}");
            }
            Some("mma") => {
                let i = Inputs::from_query(&q, &Inputs::default());
                let (full, only) = (mma::panel::evaluate(&i), mma::panel::figures_only(&i));
                assert_eq!((&full.figures, &full.errors), (&only.figures, &only.errors));
                assert!(only.worked.is_empty() && only.fragment.is_none(), "{link}");
            }
            other => panic!("{link}: {other:?}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 4 * 60 + 8);
}

mod held;
mod timeline;

#[test]
fn a_topic_is_its_panel_in_name_and_figure() {
    // Issue 67: a topic's `topic=` name is its panel's `panel=` name (one home: the panel's
    // model), each topic has exactly one panel ("Quiz me on this" finds it by panel, not by
    // string), and each mastery figure is `mastery-<that name>`. The memory panel, the quiz,
    // the gpu page and the kernel lab have no topic.
    use crate::registry::Panel;
    for t in Topic::ALL {
        let panels: Vec<Panel> = Panel::ALL
            .iter()
            .copied()
            .filter(|p| p.topic() == Some(t))
            .collect();
        assert_eq!(panels.len(), 1, "{t:?}: {panels:?}");
        assert_eq!(t.name(), panels[0].name(), "{t:?}");
        assert_eq!(Topic::parse(panels[0].name()), Some(t));
        assert_eq!(t.mastery_metric(), format!("mastery-{}", t.name()));
    }
    for p in [Panel::Memory, Panel::Quiz, Panel::Gpu, Panel::Kernel] {
        assert_eq!(p.topic(), None, "{p:?}");
    }
}
