//! The latency topic's timeline question (issue 47): asked under `draw=5` only, its numbers
//! worked by hand, and its answer the kernel lab's own figures for the scenario it links.

use super::*;
use crate::latency::sm::State;

/// The shares of a timeline question's options as its explanation states them, in option order
/// (issued, waiting on a global load, ready while another issued), as fractions.
fn stated_shares(q: &Question) -> [f64; 3] {
    let shares: Vec<f64> = q
        .explanation
        .split('%')
        .filter_map(|part| part.rsplit(' ').next())
        .filter_map(|n| n.parse::<f64>().ok())
        .map(|p| p / 100.0)
        .collect();
    [shares[0], shares[1], shares[2]]
}

#[test]
fn a_timeline_question_is_asked_under_draw_5_only() {
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
