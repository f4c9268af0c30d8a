//! The latency topic's timeline questions (issue 47): which state dominates (asked under
//! `draw=5` and later) and what happens when the warps double (`draw=6`), their numbers worked
//! by hand, and their answers the kernel lab's and the latency panel's own figures for the
//! scenario they link.

use super::*;
use crate::latency::sm::State;

/// The shares of a timeline question's options as its explanation states them, in option order
/// (issued, waiting on a global load, ready while another issued), as fractions.
fn stated_shares(q: &Question) -> [f64; 3] {
    stated_shares_of(&q.explanation)
}

#[test]
fn a_timeline_question_is_asked_from_draw_5_on() {
    // Issue 47: the latency topic's third template joins under new rules, so that every older
    // link keeps its questions (the pins above); under draw=5 a latency quiz long enough to use
    // every template asks it.
    for seed in 0..12u64 {
        for draw in [Draw::First, Draw::Spread, Draw::Cover, Draw::Tensor] {
            let quiz = build(Some(Topic::Latency), seed, 25, draw);
            assert!(
                quiz.iter().all(|q| q.template != "gen-lat-state"),
                "{draw:?} {seed}"
            );
        }
        let quiz = build(Some(Topic::Latency), seed, 7, Draw::Timeline);
        let timeline: Vec<&Question> = quiz
            .iter()
            .filter(|q| q.template == "gen-lat-state")
            .collect();
        assert_eq!(timeline.len(), 1, "seed {seed}: {:?}", qids(&quiz));
        let later = build(Some(Topic::Latency), seed, 8, Draw::Doubling);
        let asked = |t: &str| later.iter().filter(|q| q.template == t).count();
        assert_eq!(asked("gen-lat-state"), 1, "seed {seed}: {:?}", qids(&later));
        // Its answer is the state the warps spent the most cycles in, clearly (10 points ahead
        // of the next, or the question would be a guess).
        let q = timeline[0];
        let AnswerKind::Choice { options, correct } = &q.kind else {
            panic!("{}: not a choice", q.qid)
        };
        assert_eq!(options.len(), 3);
        let shares = stated_shares(q);
        assert!(
            (shares.iter().sum::<f64>() - 1.0).abs() < 0.02,
            "{}",
            q.explanation
        );
        for (i, v) in shares.iter().enumerate() {
            if i != *correct {
                assert!(shares[*correct] >= v + 0.09, "{}: {shares:?}", q.qid);
            }
        }
        // Waiting on the load is the answer only where a scheduler's warps have less work per
        // load than the load's cycles (what its explanation says).
        let nums: Vec<u64> = q.qid["gen-lat-state-".len()..]
            .split('-')
            .map(|x| x.parse().unwrap())
            .collect();
        let [s, l, w, n] = [nums[0], nums[1], nums[2], nums[3]];
        if *correct == 1 {
            assert!(n / s * w < l, "{}", q.qid);
        }
        // Each wrong option names what the learner probably thought.
        assert_eq!(q.misconceptions.len(), 2, "{}", q.qid);
        for i in 0..3 {
            let g = q.grade(&i.to_string());
            assert_eq!(g.correct, i == *correct, "{} option {i}", q.qid);
        }
    }
}

#[test]
fn a_timeline_questions_numbers_worked_by_hand() {
    // 8 warps on 1 scheduler (round-robin), L = 100, W = 10: the panel's window is 10 periods
    // of 100 cycles (⌊100,000 / 100⌋ clamps to 10), 1,000 cycles. Warp i issues its load at
    // cycle i and its 9 independent instructions 8 cycles apart (the 8 warps take turns), the
    // last at i + 72; it waits for the load's value from i + 73 to i + 99 and issues the next
    // load at i + 100. So of each 100 cycles a warp issues in 10, is ready while another
    // issues in 73 − 10 = 63, and waits on the load in 27: 10 %, 63 %, 27 %.
    let q = generate::lat_state(1, 100, 10, 1, State::NotSelected);
    assert_eq!(q.qid, "gen-lat-state-1-100-10-8");
    let [issued, long, ready] = stated_shares(&q);
    assert!((issued - 0.10).abs() < 0.005, "{}", q.explanation);
    assert!((long - 0.27).abs() < 0.01, "{}", q.explanation);
    assert!((ready - 0.63).abs() < 0.01, "{}", q.explanation);
    assert_eq!(
        q.kind,
        AnswerKind::Choice {
            options: vec![
                crate::t!("kernel.sm.state.issued").to_string(),
                crate::t!("kernel.sm.state.long-scoreboard").to_string(),
                crate::t!("kernel.sm.state.not-selected").to_string(),
            ],
            correct: 2,
        }
    );
    assert!(
        q.prompt.contains("1,000") || q.prompt.contains("1000"),
        "{}",
        q.prompt
    );
    // The answer learners give from "memory is slow": waiting on the load. They hear that the
    // warps' work hides it, and why the answer is the other: one cycle in 8 a warp issues.
    let g = q.grade("1");
    assert!(
        !g.correct && g.feedback.contains("work hides them"),
        "{}",
        g.feedback
    );
    assert!(
        g.feedback.contains("issues in one cycle of 8"),
        "{}",
        g.feedback
    );
    // "The GPU is busy": at most 1 cycle in 8 of a warp's can be an issue.
    let g = q.grade("0");
    assert!(!g.correct && g.feedback.contains("12.5%"), "{}", g.feedback);

    // 4 warps on 2 schedulers, L = 800, W = 2: each scheduler's 2 warps issue a load and one
    // more instruction each in 4 cycles, then wait for the 800-cycle load: about 2 cycles in
    // 800 issued, 1 not selected, 797 waiting. The answer is the load.
    let q = generate::lat_state(2, 800, 2, 0, State::LongScoreboard);
    assert_eq!(q.qid, "gen-lat-state-2-800-2-4");
    let [issued, long, _] = stated_shares(&q);
    assert!(long > 0.99 && issued < 0.005, "{}", q.explanation);
    assert!(matches!(q.kind, AnswerKind::Choice { correct: 1, .. }));
    // "They wait for a turn": the work runs out first; 2 warps × 2 instructions = 4 per load,
    // against 800 cycles.
    let g = q.grade("2");
    assert!(
        !g.correct && g.feedback.contains("runs out"),
        "{}",
        g.feedback
    );
    assert!(
        g.feedback
            .contains("2 × 2 = 4 instructions per load, fewer than the load's 800 cycles"),
        "{}",
        g.feedback
    );
}

#[test]
fn a_timeline_questions_answer_is_the_kernel_labs_own_figures() {
    // The question's link opens the latency panel; its "Run this in the kernel lab" link runs
    // the scenario on the lab's SM. Following both, the lab's state figures are the shares the
    // question states, and its answer is the largest of them.
    use crate::registry::Panel;
    let mut rng = Rng::new(47);
    for _ in 0..12 {
        let q = generate_from(Template::LatState, &mut rng);
        let link = q.link.clone().unwrap();
        let out =
            crate::latency::panel::evaluate(&crate::latency::panel::LatencyInput::from_query(
                &Query::parse(&link),
                &crate::latency::panel::LatencyInput::default(),
            ));
        assert!(out.errors.is_empty(), "{link}: {:?}", out.errors);
        let (cfg, trace) = out.sim.unwrap_or_else(|| panic!("{link}: no simulation"));
        let query = crate::kernel_lab::scenario::link(&cfg, &trace)
            .unwrap_or_else(|e| panic!("{link}: no lab link ({e:?})"));
        let lab = Panel::Kernel.evaluate_query(&Query::parse(&query), &[]);
        assert!(lab.errors.is_empty(), "{query}: {:?}", lab.errors);
        let frac = |metric: &str| match lab.figures.iter().find(|f| f.metric == metric) {
            Some(Figure {
                value: Value::Frac { value, .. },
                ..
            }) => *value,
            other => panic!("{metric}: {other:?}"),
        };
        let figures = [
            frac("issued"),
            frac("stall-long-scoreboard"),
            frac("stall-not-selected"),
        ];
        let stated = stated_shares(&q);
        for i in 0..3 {
            assert!(
                (figures[i] - stated[i]).abs() < 0.01,
                "{}: lab {figures:?}, question {stated:?}",
                q.qid
            );
        }
        let AnswerKind::Choice { correct, .. } = q.kind else {
            panic!()
        };
        let top = (0..3)
            .max_by(|a, b| figures[*a].total_cmp(&figures[*b]))
            .unwrap();
        assert_eq!(correct, top, "{}: {figures:?}", q.qid);
    }
}

/// The utilizations a doubling question's explanation states, before and after, as fractions.
fn stated_utilizations(q: &Question) -> [f64; 2] {
    let [a, b, _] = stated_shares_of(&q.explanation);
    [a, b]
}

/// The first three percentages of a text, as fractions (0 where fewer).
fn stated_shares_of(text: &str) -> [f64; 3] {
    let v: Vec<f64> = text
        .split('%')
        .filter_map(|part| part.rsplit(' ').next())
        .filter_map(|n| n.parse::<f64>().ok())
        .map(|p| p / 100.0)
        .collect();
    [0, 1, 2].map(|i| v.get(i).copied().unwrap_or(0.0))
}

#[test]
fn a_doubling_question_is_asked_under_draw_6_only() {
    // Issue 47, item 5: "what changes when warps double" joins under new rules (draw=6), so
    // that every draw=5 link keeps its questions; under draw=6 a latency quiz of 8 (its 4 seed
    // cards and 4 templates) asks it once, beside the state question.
    for seed in 0..12u64 {
        for draw in [
            Draw::First,
            Draw::Spread,
            Draw::Cover,
            Draw::Tensor,
            Draw::Timeline,
        ] {
            let quiz = build(Some(Topic::Latency), seed, 25, draw);
            assert!(
                quiz.iter().all(|q| q.template != "gen-lat-double"),
                "{draw:?} {seed}"
            );
        }
        let quiz = build(Some(Topic::Latency), seed, 8, Draw::Doubling);
        let double: Vec<&Question> = quiz
            .iter()
            .filter(|q| q.template == "gen-lat-double")
            .collect();
        assert_eq!(double.len(), 1, "seed {seed}: {:?}", qids(&quiz));
        let q = double[0];
        let AnswerKind::Choice { options, correct } = &q.kind else {
            panic!("{}: not a choice", q.qid)
        };
        assert_eq!(options.len(), 3);
        // The answer is the ratio the explanation states: about twice (1.9 to 2.1), clearly
        // less than twice (1.15 to 1.8), about the same (0.95 to 1.05). The stated numbers are
        // rounded to 0.01 points: a margin of 0.02 on the ratio is ample.
        let [before, after] = stated_utilizations(q);
        let r = after / before;
        let expected = match correct {
            0 => (1.88..=2.12).contains(&r),
            1 => (1.13..=1.82).contains(&r),
            _ => (0.93..=1.07).contains(&r),
        };
        assert!(
            expected,
            "{}: {before} -> {after} ({r}), answer {correct}",
            q.qid
        );
        // Each wrong option names what the learner probably thought.
        assert_eq!(q.misconceptions.len(), 2, "{}", q.qid);
        for i in 0..3 {
            let g = q.grade(&i.to_string());
            assert_eq!(g.correct, i == *correct, "{} option {i}", q.qid);
        }
    }
}

#[test]
fn a_doubling_questions_answers_are_drawn_evenly() {
    // The answer is drawn first, a third each; "the same" cannot always be had (4 schedulers'
    // 64 warps cover a load of 650 cycles or more only with more than the 100 instructions a
    // question gives them: 320 of the 3,600 draws of it over every scenario, counted once by
    // hand), and its stand-in is "less than double". Over 90 questions no answer is more than
    // half of them and each is at least a sixth: a learner who always picks one is right
    // about a third of the time, not most of it.
    let mut rng = Rng::new(6);
    let mut counts = [0usize; 3];
    for _ in 0..90 {
        let q = generate_from(Template::LatDouble, &mut rng);
        let AnswerKind::Choice { correct, .. } = q.kind else {
            panic!()
        };
        counts[correct] += 1;
    }
    assert!(counts.iter().all(|c| (15..=45).contains(c)), "{counts:?}");
}

#[test]
fn a_doubling_questions_numbers_worked_by_hand() {
    use crate::quiz::generate::{lat_double, Change};
    // 1 scheduler, L = 100, W = 10, over the panel's 1,000-cycle window (10 periods of 100).
    // 4 warps: warp i issues its load at cycle i and its 9 independent instructions 4 cycles
    // apart (the warps take turns), the last at i + 36; its next load waits for the value,
    // at i + 100. So each 100 cycles the scheduler issues 4 × 10 = 40: 40 %. 8 warps: 80
    // of 100, 80 %: twice.
    let q = lat_double(1, 100, 10, 0, Change::Doubles);
    assert_eq!(q.qid, "gen-lat-double-1-100-10-4");
    let [before, after] = stated_utilizations(&q);
    assert!((before - 0.40).abs() < 0.005, "{}", q.explanation);
    assert!((after - 0.80).abs() < 0.005, "{}", q.explanation);
    assert_eq!(
        q.kind,
        AnswerKind::Choice {
            options: vec![
                crate::t!("quiz.gen.lat-double.option.doubles").to_string(),
                crate::t!("quiz.gen.lat-double.option.rises").to_string(),
                crate::t!("quiz.gen.lat-double.option.same").to_string(),
            ],
            correct: 0,
        }
    );
    assert!(q.prompt.contains("to 8?"), "{}", q.prompt);
    assert!(
        q.explanation
            .contains("4 × 10 = 40 instructions per load, and twice that, 80, still fits"),
        "{}",
        q.explanation
    );
    // "Latency is fixed, so nothing changes": the wait is the same, the work in it doubles.
    let g = q.grade("2");
    assert!(
        !g.correct && g.feedback.contains("hide the latency"),
        "{}",
        g.feedback
    );
    // "Diminishing returns": not while there are idle slots.
    let g = q.grade("1");
    assert!(
        !g.correct && g.feedback.contains("idle slots"),
        "{}",
        g.feedback
    );

    // 8 warps: 80 % (above). 16 warps: 160 instructions per 100 cycles, more than the one
    // scheduler's 100 slots: it issues every cycle, 100 %. 1.25 times: less than double.
    let q = lat_double(1, 100, 10, 1, Change::Rises);
    assert_eq!(q.qid, "gen-lat-double-1-100-10-8");
    let [before, after] = stated_utilizations(&q);
    assert!((before - 0.80).abs() < 0.005, "{}", q.explanation);
    assert!((after - 1.0).abs() < 0.005, "{}", q.explanation);
    assert!(matches!(q.kind, AnswerKind::Choice { correct: 1, .. }));
    // "Twice the warps, twice the work": one instruction a cycle at most.
    let g = q.grade("0");
    assert!(
        !g.correct && g.feedback.contains("at most one instruction a cycle"),
        "{}",
        g.feedback
    );

    // 16 warps: 100 % already; 32: still 100 %. The same.
    let q = lat_double(1, 100, 10, 3, Change::Same);
    assert_eq!(q.qid, "gen-lat-double-1-100-10-16");
    let [before, after] = stated_utilizations(&q);
    assert!(before > 0.995 && after > 0.995, "{}", q.explanation);
    assert!(matches!(q.kind, AnswerKind::Choice { correct: 2, .. }));
    // Either wrong pick hears that the slots are full: there is nothing to double or to add.
    for pick in ["0", "1"] {
        let g = q.grade(pick);
        assert!(
            !g.correct
                && g.feedback
                    .contains("100% of their slots: no idle slot is left"),
            "{}",
            g.feedback
        );
    }

    // An 800-cycle load on 1 scheduler with W = 10: "the same" needs per · W past 800, more
    // than 32 warps give (320); the question takes W = ⌈4/3 · 800 / per⌉ (at 4 warps, 267:
    // past the 100 it gives at most; at 8, 134: past it too); at 12 warps, 89: 12 × 89 =
    // 1,068 instructions per load against 800 cycles, full; 24 warps too.
    let q = lat_double(1, 800, 10, 0, Change::Same);
    assert_eq!(q.qid, "gen-lat-double-1-800-89-12");
    assert!(matches!(q.kind, AnswerKind::Choice { correct: 2, .. }));
}

#[test]
fn a_doubling_questions_numbers_are_the_latency_panels() {
    // The question's link opens the latency panel at its warps; the same link with twice the
    // resident warps shows the other number. The panel's simulated utilization is the
    // question's before and after (its scheduler is the lab's: the agreement grid of
    // `kernel_lab::scenario`'s tests).
    let mut rng = Rng::new(66);
    for _ in 0..12 {
        let q = generate_from(Template::LatDouble, &mut rng);
        let link = q.link.clone().unwrap();
        let n: u64 = q.qid.rsplit('-').next().unwrap().parse().unwrap();
        let utilization = |link: &str| {
            let out =
                crate::latency::panel::evaluate(&crate::latency::panel::LatencyInput::from_query(
                    &Query::parse(link),
                    &crate::latency::panel::LatencyInput::default(),
                ));
            assert!(out.errors.is_empty(), "{link}: {:?}", out.errors);
            match out
                .figures
                .iter()
                .find(|f| f.metric == "simulated-utilization")
            {
                Some(Figure {
                    value: Value::Frac { value, .. },
                    ..
                }) => *value,
                other => panic!("{link}: {other:?}"),
            }
        };
        let doubled = link.replace(&format!("resident={n}"), &format!("resident={}", 2 * n));
        assert_ne!(doubled, link);
        let [before, after] = stated_utilizations(&q);
        assert!(
            (utilization(&link) - before).abs() < 0.001,
            "{}: {link}",
            q.qid
        );
        assert!(
            (utilization(&doubled) - after).abs() < 0.001,
            "{}: {doubled}",
            q.qid
        );
    }
}
