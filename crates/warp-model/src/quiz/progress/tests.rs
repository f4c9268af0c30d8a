use super::*;
use crate::quiz::seed_bank;

#[test]
fn records_and_round_trips() {
    let bank = seed_bank();
    let (a, b) = (&bank[0], &bank[1]);
    let mut p = Progress::default();
    p.record("all/42/8", a, "32", true);
    p.record("all/42/8", b, "2", false);
    p.record("all/42/8", a, "32", true);
    assert_eq!(p.boxes[&a.qid], 3);
    assert_eq!(p.boxes[&b.qid], 1);
    assert_eq!(p.mastery(Topic::Warps), Some(2.0 / 3.0));
    assert_eq!(p.mastery(Topic::Latency), None);
    assert_eq!(p.review_queue()[0], (b.qid.clone(), 1));
    let back = Progress::from_json(&p.to_json()).unwrap();
    assert_eq!(back, p);
    // Wrong sends a known question back to box 1.
    p.record("x", a, "1", false);
    assert_eq!(p.boxes[&a.qid], 1);
}

#[test]
fn refuses_what_is_not_ours() {
    assert!(matches!(
        Progress::from_json("{not json"),
        Err(LoadProblem::Corrupt(_))
    ));
    assert_eq!(
        Progress::from_json("{\"hello\": 1}"),
        Err(LoadProblem::Foreign)
    );
    assert_eq!(Progress::from_json("[1,2]"), Err(LoadProblem::Foreign));
    let future = "{\"schema\":\"warp-lab-progress\",\"version\":9,\"topics\":{},\"boxes\":{},\"quizzes\":{}}";
    assert_eq!(Progress::from_json(future), Err(LoadProblem::Future(9)));
    let huge = format!("{{\"x\":\"{}\"}}", "a".repeat(MAX_BYTES));
    assert!(matches!(
        Progress::from_json(&huge),
        Err(LoadProblem::TooLarge(_))
    ));
    // Out-of-range values are clamped, not trusted.
    let odd = "{\"schema\":\"warp-lab-progress\",\"version\":1,\"topics\":{\"warps\":{\"attempts\":1,\"correct\":9}},\"boxes\":{\"q\":200},\"quizzes\":{}}";
    let p = Progress::from_json(odd).unwrap();
    assert_eq!(p.boxes["q"], BOXES);
    assert_eq!(p.topics["warps"].correct, 1);
    assert!(LoadProblem::Future(2).message().contains("newer"));
}

#[test]
fn messages_speak_hinglish_and_progress_survives_a_language_switch() {
    use crate::i18n::{with_lang, Lang};
    use crate::quiz::AnswerKind;
    let hi = with_lang(Lang::Hinglish, || LoadProblem::Future(2).message());
    assert!(hi.contains("naye") && hi.contains("version 2"), "{hi}");
    let hi = with_lang(Lang::Hinglish, || LoadProblem::TooLarge(9).message());
    assert!(hi.contains("bahut bada") && hi.contains("9 bytes"), "{hi}");
    // Answers recorded while the app spoke English keep their meaning in Hinglish: the
    // document holds ids and raw answers, never translated text.
    let bank = seed_bank();
    let mut p = Progress::default();
    for q in &bank {
        // What the panel stores: the number typed, the option's index, or yes/no.
        let raw = match &q.kind {
            AnswerKind::Number { value, .. } => crate::figure::format_decimal(*value),
            AnswerKind::Choice { correct, .. } => correct.to_string(),
            AnswerKind::YesNo(b) => if *b { "yes" } else { "no" }.to_string(),
        };
        let g = q.grade(&raw);
        p.record("all/1/8", q, &raw, g.correct);
    }
    let json = p.to_json();
    let back = with_lang(Lang::Hinglish, || Progress::from_json(&json)).unwrap();
    assert_eq!(back, p);
    assert_eq!(back.mastery(Topic::Divergence), Some(1.0));
    with_lang(Lang::Hinglish, || {
        for q in seed_bank() {
            let g = q.grade(&back.quizzes["all/1/8"][&q.qid].raw);
            assert!(
                g.correct && g.feedback.starts_with("Sahi"),
                "{}: {}",
                q.qid,
                g.feedback
            );
        }
    });
}

#[test]
fn keeps_every_entry_it_can_read_and_names_the_others() {
    // A readable document with bad entries: each is left out and named, the rest kept.
    let text = r#"{
            "schema": "warp-lab-progress", "version": 1,
            "topics": {"warps": {"attempts": 4, "correct": 3}, "latency": "lots"},
            "boxes": {"s000-recall-warp-size": 2, "q2": "high", "q3": 0},
            "quizzes": {
                "all/42/8/2": {"a": {"raw": "3", "correct": true}, "b": {"correct": false}},
                "warps/1/4": [1, 2]
            },
            "current": "all/42/8/2"
        }"#;
    let s = Progress::read(text).unwrap();
    assert_eq!(
        s.dropped,
        [
            "topics.latency",
            "boxes.q2",
            "quizzes.warps/1/4",
            "quizzes.all/42/8/2.b"
        ]
    );
    let p = s.progress;
    assert_eq!(
        p.topics["warps"],
        TopicStats {
            attempts: 4,
            correct: 3
        }
    );
    assert!(!p.topics.contains_key("latency"));
    assert_eq!(p.boxes["s000-recall-warp-size"], 2);
    // Box 0 is out of range: brought to box 1, not dropped.
    assert_eq!(p.boxes["q3"], 1);
    assert_eq!(p.quizzes["all/42/8/2"].len(), 1);
    assert_eq!(p.quizzes["all/42/8/2"]["a"].raw, "3");
    assert_eq!(p.current.as_deref(), Some("all/42/8/2"));
    assert_eq!(
        Progress::read(text).unwrap().places(),
        "topics.latency, boxes.q2, quizzes.warps/1/4, quizzes.all/42/8/2.b"
    );
    let many = Salvaged {
        progress: Progress::default(),
        dropped: (0..8).map(|i| format!("boxes.q{i}")).collect(),
    };
    assert_eq!(
        many.places(),
        "boxes.q0, boxes.q1, boxes.q2, boxes.q3, boxes.q4, … +3"
    );

    // A field of the wrong shape is dropped whole; a missing one is empty.
    let s = Progress::read(r#"{"schema":"warp-lab-progress","version":1,"topics":[]}"#).unwrap();
    assert_eq!(s.dropped, ["topics"]);
    assert_eq!(s.progress, Progress::default());
    // A `current` that is no quiz key, or names no stored quiz, is dropped.
    for current in ["\"all/42/08\"", "\"all/1/8\"", "7", "\"<script>\""] {
        let text = format!(
            r#"{{"schema":"warp-lab-progress","version":1,"quizzes":{{"all/42/8":{{}}}},"current":{current}}}"#
        );
        let s = Progress::read(&text).unwrap();
        assert_eq!(s.dropped, ["current"], "{current}");
        assert_eq!(s.progress.current, None);
    }
    // A long answer is cut to MAX_RAW characters.
    let long = "9".repeat(300);
    let text = format!(
        r#"{{"schema":"warp-lab-progress","version":1,"quizzes":{{"k":{{"q":{{"raw":"{long}","correct":false}}}}}}}}"#
    );
    let p = Progress::from_json(&text).unwrap();
    assert_eq!(p.quizzes["k"]["q"].raw.len(), MAX_RAW);
    // A whole document reads with nothing dropped, and writes back the same.
    let mut p = Progress::default();
    p.record("all/42/8/2", &seed_bank()[0], "32", true);
    let s = Progress::read(&p.to_json()).unwrap();
    assert!(s.dropped.is_empty());
    assert_eq!(s.progress, p);
}

#[test]
fn quiz_keys_have_one_spelling() {
    let k = QuizKey {
        topic: None,
        seed: 42,
        count: 8,
        draw: Draw::Spread,
    };
    assert_eq!(k.to_string(), "all/42/8/2");
    assert_eq!(QuizKey::parse("all/42/8/2"), Some(k));
    assert_eq!(k.query(), "panel=quiz&topic=all&seed=42&count=8&draw=2");
    // Tensor cores' rules, and their topic.
    let t = QuizKey::parse("mma/7/8/4").unwrap();
    assert_eq!((t.topic, t.draw), (Some(Topic::Mma), Draw::Tensor));
    assert_eq!(t.to_string(), "mma/7/8/4");
    assert_eq!(t.query(), "panel=quiz&topic=mma&seed=7&count=8&draw=4");
    assert_eq!(
        QuizKey::parse("all/1/8/3").map(|k| k.draw),
        Some(Draw::Cover)
    );
    // The timeline's rules (issue 47).
    let t = QuizKey::parse("latency/7/8/5").unwrap();
    assert_eq!((t.topic, t.draw), (Some(Topic::Latency), Draw::Timeline));
    assert_eq!(t.query(), "panel=quiz&topic=latency&seed=7&count=8&draw=5");
    // The doubling question's (issue 47).
    let t = QuizKey::parse("latency/7/8/6").unwrap();
    assert_eq!((t.topic, t.draw), (Some(Topic::Latency), Draw::Doubling));
    assert_eq!(t.query(), "panel=quiz&topic=latency&seed=7&count=8&draw=6");
    let old = QuizKey::parse("latency/18446744073709551615/50").unwrap();
    assert_eq!(
        old,
        QuizKey {
            topic: Some(Topic::Latency),
            seed: u64::MAX,
            count: 50,
            draw: Draw::First
        }
    );
    // A link with a seed and no draw is drawn under the first rules: no `draw` in it.
    assert_eq!(
        old.query(),
        "panel=quiz&topic=latency&seed=18446744073709551615&count=50"
    );
    for bad in [
        "",
        "all",
        "all/42",
        "cooking/42/8",
        "all/-1/8",
        "all/+1/8",
        "all/042/8",
        "all/42/0",
        "all/42/51",
        "all/42/8/1",
        "all/42/8/7",
        "all/42/8/02",
        "all/42/8/+4",
        "all/42/8/2/x",
        "all/18446744073709551616/8",
        "all/4 2/8",
        "ALL/42/8",
    ] {
        assert_eq!(QuizKey::parse(bad), None, "{bad}");
    }
}

#[test]
fn a_quiz_begun_and_not_finished_is_in_progress() {
    use crate::query::Query;
    use crate::quiz::panel::QuizParams;
    let (params, _) = QuizParams::from_query(&Query::parse("topic=warps&seed=5&count=3&draw=2"));
    let key = params.key(5);
    assert_eq!(key, "warps/5/3/2");
    let quiz = build(Some(Topic::Warps), 5, 3, Draw::Spread);
    let mut p = Progress::default();
    assert_eq!(p.in_progress(), None);
    p.record(&key, &quiz[0], "1", false);
    let expect = |answered| {
        Some(InProgress {
            key: QuizKey::parse(&key).unwrap(),
            answered,
            total: 3,
        })
    };
    assert_eq!(p.in_progress(), expect(1));
    // Survives the round trip through storage.
    let back = Progress::from_json(&p.to_json()).unwrap();
    assert_eq!(back.in_progress(), expect(1));
    p.record(&key, &quiz[1], "2", true);
    assert_eq!(p.in_progress(), expect(2));
    // An answer to a question this quiz does not hold counts for nothing.
    p.record(&key, &seed_bank()[20], "2", true);
    assert_eq!(p.in_progress(), expect(2));
    // Finished: nothing to resume.
    p.record(&key, &quiz[2], "2", true);
    assert_eq!(p.in_progress(), None);
    // The quiz answered last is the one offered.
    let other = build(None, 9, 8, Draw::First);
    p.record("all/9/8", &other[0], "0", false);
    assert_eq!(
        p.in_progress()
            .map(|r| (r.key.to_string(), r.answered, r.total)),
        Some(("all/9/8".to_string(), 1, 8))
    );
    // A document written before `current` existed offers nothing, and loses nothing.
    let old = r#"{"schema":"warp-lab-progress","version":1,"topics":{},"boxes":{},"quizzes":{"all/9/8":{"x":{"raw":"1","correct":true}}}}"#;
    let s = Progress::read(old).unwrap();
    assert!(s.dropped.is_empty());
    assert_eq!(s.progress.in_progress(), None);
    assert_eq!(s.progress.quizzes["all/9/8"]["x"].raw, "1");
}
