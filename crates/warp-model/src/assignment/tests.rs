use super::record::{guess_text, Fraction, Record, RecordProblem, Report, StepRecord, StepState};
use super::*;
use crate::lms::cmi::Status;
use crate::lms::{PassScore, Version};
use crate::quiz::Verdict;

/// Week 3 (docs/assignments.md's worked example): a divergence prediction, the transpose challenge, a
/// banks quiz of 4 questions.
const WEEK3: &str = "assignment=1&title=Week+3%3A+divergence+and+shared+memory\
&step=example%3Ddivergence%2FC4\
&step=panel%3Dkernel%26challenge%3Dtranspose\
&step=panel%3Dquiz%26topic%3Dbanks%26count%3D4%26seed%3D7";

fn week3() -> Assignment {
    let (a, errors) = read(&Query::parse(WEEK3)).expect("an assignment");
    assert!(errors.is_empty(), "{errors:?}");
    a
}

fn fields<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
    move |name| {
        pairs
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| (*v).to_string())
    }
}

/// Week 3's prediction revealed: divergence C4, whose Forecast asks for `efficiency`.
fn c4(verdict: Verdict) -> Report {
    Report::Forecast {
        verdict,
        metric: "efficiency".into(),
        example: Some("divergence/C4".into()),
        guess: None,
    }
}

fn quiz(correct: u32, answered: u32) -> Report {
    Report::Quiz {
        topic: "banks".into(),
        seed: "7".into(),
        correct,
        answered,
        total: 4,
        count: 4,
        draw: 1,
    }
}

#[test]
fn a_link_reads_into_numbered_steps_of_three_kinds() {
    let a = week3();
    assert_eq!(a.title, "Week 3: divergence and shared memory");
    let kinds: Vec<(usize, StepKind, Panel)> = a
        .steps
        .iter()
        .map(|s| (s.number, s.kind, s.panel))
        .collect();
    assert_eq!(
        kinds,
        [
            (1, StepKind::Prediction, Panel::Divergence),
            (2, StepKind::Challenge, Panel::Kernel),
            (3, StepKind::Quiz, Panel::Quiz)
        ]
    );
    assert_eq!(
        a.steps[2].expect,
        Expect::Quiz {
            topic: "banks".into(),
            seed: "7".into(),
            count: 4,
            draw: 1
        }
    );
    assert_eq!(a.key().len(), 16);
    // The key is the steps', not the title's: a retitled assignment keeps its progress.
    let (b, _) = read(&Query::parse(&WEEK3.replace("Week+3", "Week+4"))).unwrap();
    assert_eq!(a.key(), b.key());
    assert!(read(&Query::parse("panel=warps")).is_none());
}

#[test]
fn a_step_that_does_not_read_is_named_with_its_number_and_the_rest_still_work() {
    let link = format!(
        "{WEEK3}&step=panel%3Dnope&step=panel%3Dkernel&step=panel%3Dquiz%26count%3D4\
         &step=panel%3Dgpu&step=&step=assignment%3D1&step=panel%3Dkernel%26challenge%3Dtranspos"
    );
    let (a, errors) = read(&Query::parse(&link)).unwrap();
    assert_eq!(a.steps.len(), 3);
    let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(errors.len(), 7, "{messages:#?}");
    assert!(errors.iter().all(|e| e.param == "step"));
    for (n, needle) in [
        (4, "is not a panel"),
        (5, "challenge=<name>"),
        (6, "needs seed="),
        (7, "panel=gpu has no Forecast"),
        (8, "empty"),
        (9, "itself an assignment"),
        (10, "transpos” is not a challenge"),
    ] {
        let m = messages[n - 4];
        assert!(
            m.starts_with(&format!("Step {n} cannot be graded")) && m.contains(needle),
            "{m}"
        );
    }
    // More than 20 steps: named, and only the first 20 read.
    let many: String = (0..22).map(|_| "&step=panel%3Dwarps").collect();
    let (a, errors) = read(&Query::parse(&format!("assignment=1{many}"))).unwrap();
    assert_eq!(a.steps.len(), 20);
    assert!(
        errors[0].message.contains("22 steps"),
        "{}",
        errors[0].message
    );
    // No steps, and a wrong flag.
    let (_, errors) = read(&Query::parse("assignment=yes")).unwrap();
    let params: Vec<&str> = errors.iter().map(|e| e.param.as_str()).collect();
    assert_eq!(params, ["assignment", "step"]);
}

#[test]
fn the_score_is_the_mean_of_the_steps_one_right_one_partly_one_wrong() {
    let a = week3();
    let mut r = Record::new(&a, 9);
    // Nothing yet: 0 of 3 steps, 0 %.
    assert_eq!(
        (r.score(), r.status(PassScore::DEFAULT)),
        (Fraction::new(0, 1), Status::Incomplete)
    );
    assert!(r.apply(&a, 0, &c4(Verdict::Right)));
    assert!(r.apply(
        &a,
        1,
        &Report::Challenge {
            name: "transpose".into(),
            stars: 2,
            src: None,
        }
    ));
    assert!(r.apply(&a, 2, &quiz(0, 2)));
    assert_eq!(r.state(2), StepState::Started);
    // (1 + 2/3 + 0) / 3 = 5/9 = 0.5555… → raw 55.55 (cut), scaled 0.5555555.
    assert_eq!(r.score(), Fraction::new(5, 9));
    assert_eq!(
        (r.score().percent(), r.score().ratio()),
        ("55.55".into(), "0.5555555".into())
    );
    assert_eq!(r.status(PassScore::new(50).unwrap()), Status::Incomplete);
    assert!(r.apply(&a, 2, &quiz(0, 4)));
    assert_eq!(r.state(2), StepState::Done);
    assert_eq!(r.status(PassScore::new(50).unwrap()), Status::Passed);
    // 100 · 5/9 = 55.55… < 56: failed at 56, passed at 55.
    assert_eq!(r.status(PassScore::new(56).unwrap()), Status::Failed);
    assert_eq!(r.status(PassScore::new(55).unwrap()), Status::Passed);
    assert_eq!(r.order, [0, 1, 2]);
}

#[test]
fn a_prediction_keeps_its_first_reveal_a_challenge_its_best_a_quiz_stops_when_done() {
    let a = week3();
    let mut r = Record::new(&a, 1);
    assert!(r.apply(&a, 0, &c4(Verdict::Off)));
    // A second reveal knows the answer: it changes nothing.
    assert!(!r.apply(&a, 0, &c4(Verdict::Right)));
    assert_eq!(r.steps[0], Some(StepRecord::Prediction(Verdict::Off)));
    // Challenge: the best check, never lowered; another challenge's stars do not count.
    let stars = |s: u8| Report::Challenge {
        name: "transpose".into(),
        stars: s,
        src: None,
    };
    assert!(r.apply(&a, 1, &stars(1)));
    assert!(r.apply(&a, 1, &stars(3)));
    assert!(!r.apply(&a, 1, &stars(2)));
    assert!(!r.apply(
        &a,
        1,
        &Report::Challenge {
            name: "add-ten".into(),
            stars: 3,
            src: None,
        }
    ));
    assert_eq!(r.steps[1], Some(StepRecord::Challenge(3)));
    // Quiz: another seed, topic, length or draw is another quiz (a learner who shortens the
    // quiz in its frame to one question gets nothing for it).
    let other = |topic: &str, seed: &str, count: u32, draw: u8| Report::Quiz {
        topic: topic.into(),
        seed: seed.into(),
        correct: 1,
        answered: 1,
        total: count,
        count,
        draw,
    };
    for other in [
        other("banks", "8", 4, 1),
        other("all", "7", 4, 1),
        other("banks", "7", 1, 1),
        other("banks", "7", 4, 2),
    ] {
        assert!(!r.apply(&a, 2, &other));
    }
    assert!(r.apply(&a, 2, &quiz(2, 3)));
    // A restarted quiz (fewer answered) does not replace it; once every answer is in, final.
    assert!(!r.apply(&a, 2, &quiz(1, 1)));
    assert!(r.apply(&a, 2, &quiz(2, 4)));
    assert!(!r.apply(&a, 2, &quiz(4, 4)));
    // Reports of the wrong kind for a step are ignored.
    assert!(!r.apply(&a, 0, &stars(3)));
    assert!(!r.apply(&a, 5, &c4(Verdict::Right)));
    // (0 + 1 + 2/4) / 3 = 1/2.
    assert_eq!(r.score(), Fraction::new(1, 2));
}

#[test]
fn frame_messages_are_validated() {
    let ok = [
        ("source", "warp-lab"),
        ("type", "challenge-stars"),
        ("challenge", "transpose"),
        ("key", "transpose"),
        ("stars", "2"),
    ];
    assert_eq!(
        Report::from_fields(fields(&ok)),
        Some(Report::Challenge {
            name: "transpose".into(),
            stars: 2,
            src: None,
        })
    );
    for bad in [
        [
            ("source", "warp-lab-host"),
            ("type", "challenge-stars"),
            ("challenge", "x"),
            ("stars", "2"),
        ],
        [
            ("source", "warp-lab"),
            ("type", "challenge-stars"),
            ("challenge", "x"),
            ("stars", "4"),
        ],
        [
            ("source", "warp-lab"),
            ("type", "forecast"),
            ("verdict", "perfect"),
            ("metric", "m"),
        ],
        [
            ("source", "warp-lab"),
            ("type", "resize"),
            ("height", "300"),
            ("x", ""),
        ],
    ] {
        assert_eq!(Report::from_fields(fields(&bad)), None, "{bad:?}");
    }
    let q = |c: &str, a: &str, t: &str| {
        let f = [
            ("source", "warp-lab"),
            ("type", "quiz-score"),
            ("correct", c),
            ("answered", a),
            ("questions", t),
            ("count", t),
            ("draw", "1"),
            ("topic", "banks"),
            ("seed", "7"),
        ];
        Report::from_fields(fields(&f))
    };
    assert_eq!(q("2", "3", "4"), Some(quiz(2, 3)));
    assert_eq!(q("3", "2", "4"), None);
    assert_eq!(q("1", "5", "4"), None);
    assert_eq!(q("0", "0", "0"), None);
    assert_eq!(q("-1", "2", "4"), None);
}

#[test]
fn the_record_round_trips_and_refuses_a_changed_or_foreign_text() {
    let a = week3();
    let mut r = Record::new(&a, 0xdead_beef);
    r.apply(&a, 2, &quiz(1, 2));
    r.apply(&a, 0, &c4(Verdict::Close));
    let text = r.encode();
    assert!(
        text.starts_with(&format!("a1.{}.deadbeef.2:q1/2/4,0:c.", a.key())),
        "{text}"
    );
    assert_eq!(Record::decode(&a, &text), Ok(r.clone()));
    let tampered = text.replace("q1/2/4", "q2/2/4");
    assert_eq!(Record::decode(&a, &tampered), Err(RecordProblem::Checksum));
    assert_eq!(Record::decode(&a, "hello"), Err(RecordProblem::Format));
    let (other, _) = read(&Query::parse("assignment=1&step=panel%3Dwarps")).unwrap();
    assert_eq!(
        Record::decode(&other, &text),
        Err(RecordProblem::OtherAssignment)
    );
    // An LMS launch: a new attempt blank whatever the suspend data; a resume the LMS's.
    let (fresh, problem) = scorm::resume(&a, "ab-initio", &text, 5);
    assert_eq!((fresh.token, fresh.order.len(), problem), (5, 0, None));
    assert_eq!(scorm::resume(&a, "resume", &text, 5), (r, None));
    let (fresh, problem) = scorm::resume(&a, "resume", &tampered, 5);
    assert_eq!(
        (fresh.order.len(), problem),
        (0, Some(RecordProblem::Checksum))
    );
}

/// The value written to CMI element `k` among `pairs` (empty when none is).
fn get(pairs: &[(String, String)], k: &str) -> String {
    pairs
        .iter()
        .find(|(e, _)| e == k)
        .map(|(_, v)| v.clone())
        .unwrap_or_default()
}

#[test]
fn the_lms_reads_a_percentage_and_one_interaction_per_answer_with_what_was_answered() {
    let a = week3();
    let mut r = Record::new(&a, 3);
    let pass = PassScore::new(50).unwrap();
    // Answered in the order: the quiz's second question (step 3), the prediction (step 1), the
    // challenge twice (step 2), the quiz's fourth question. Each answer is the next
    // interaction, written once (issue 64: interaction 0 was rewritten on every commit).
    let mut journal: Vec<(String, String)> = Vec::new();
    let mut n = 0;
    let mut answer = |r: &mut Record, at: usize, report: &Report, v: Version| {
        assert!(r.apply(&a, at, report));
        let pairs = scorm::answer(v, &a, r, at, n);
        // Nothing but interaction `n`'s elements.
        let own = format!("cmi.interactions.{n}.");
        assert!(pairs.iter().all(|(e, _)| e.starts_with(&own)), "{pairs:?}");
        journal.extend(pairs);
        n += 1;
    };
    let v = Version::Scorm12;
    answer(&mut r, 2, &quiz(0, 2), v);
    answer(
        &mut r,
        0,
        &Report::Forecast {
            verdict: Verdict::Right,
            metric: "efficiency".into(),
            example: Some("divergence/C4".into()),
            // C4's efficiency is 1/32 = 0.03125: the guess as typed is the response.
            guess: Some("0.03125".into()),
        },
        v,
    );
    let src = "__global__ void transpose(const float* in, float* out, int n) {}\n";
    let checked = |stars| Report::Challenge {
        name: "transpose".into(),
        stars,
        src: Some(src.into()),
    };
    answer(&mut r, 1, &checked(1), v);
    answer(&mut r, 1, &checked(2), v);
    answer(&mut r, 2, &quiz(1, 4), v);
    // CRC-32 of the code as checked (the zip's CRC, as `zip::crc32` is tested against).
    let code = format!("{:08x}", crate::lms::zip::crc32(src.as_bytes()));
    for (k, want) in [
        ("cmi.interactions.0.id", "step-3-quiz".to_string()),
        ("cmi.interactions.0.type", "performance".into()),
        // Quiz: none right of the 2 answered; a step with nothing earned is `wrong`.
        (
            "cmi.interactions.0.student_response",
            "right=0;answered=2;questions=4".into(),
        ),
        ("cmi.interactions.0.result", "wrong".into()),
        ("cmi.interactions.1.id", "step-1-prediction".into()),
        ("cmi.interactions.1.type", "numeric".into()),
        // The guess, not the score (it was "1").
        ("cmi.interactions.1.student_response", "0.03125".into()),
        ("cmi.interactions.1.result", "correct".into()),
        ("cmi.interactions.2.id", "step-2-challenge".into()),
        (
            "cmi.interactions.2.student_response",
            format!("stars=1;code={code}"),
        ),
        // 1 of 3 stars: part of the step's score, `neutral` (it was "0.3333333").
        ("cmi.interactions.2.result", "neutral".into()),
        ("cmi.interactions.3.id", "step-2-challenge".into()),
        (
            "cmi.interactions.3.student_response",
            format!("stars=2;code={code}"),
        ),
        (
            "cmi.interactions.4.student_response",
            "right=1;answered=4;questions=4".into(),
        ),
        ("cmi.interactions.4.result", "neutral".into()),
        ("cmi.interactions.4.weighting", "1".into()),
    ] {
        assert_eq!(get(&journal, k), want, "{k}");
    }
    // Five answers, five interactions, each element written once.
    let mut elements: Vec<&String> = journal.iter().map(|(e, _)| e).collect();
    let written = elements.len();
    elements.dedup();
    assert_eq!(elements.len(), written);
    assert_eq!(get(&journal, "cmi.interactions.5.id"), "");

    // The attempt: steps 1/1, 2/3 and 1/4: (1 + 2/3 + 1/4) / 3 = 23/36 = 63.88 % (cut).
    let p12 = scorm::state_pairs(Version::Scorm12, &r, pass);
    for (k, v) in [
        ("cmi.core.score.raw", "63.88"),
        ("cmi.core.score.max", "100"),
        ("cmi.core.lesson_status", "passed"),
        ("cmi.core.exit", ""),
    ] {
        assert_eq!(get(&p12, k), v, "{k}");
    }
    assert!(p12.iter().all(|(e, _)| !e.starts_with("cmi.interactions")));
    assert_eq!(get(&p12, "cmi.suspend_data"), r.encode());
    let p04 = scorm::state_pairs(Version::Scorm2004, &r, pass);
    for (k, v) in [
        ("cmi.score.raw", "63.88"),
        ("cmi.score.scaled", "0.6388888"),
        ("cmi.progress_measure", "1"),
        ("cmi.completion_status", "completed"),
        ("cmi.success_status", "passed"),
        ("cmi.exit", "normal"),
    ] {
        assert_eq!(get(&p04, k), v, "{k}");
    }
    // Half done: incomplete, suspended, progress 1/3.
    let mut half = Record::new(&a, 3);
    half.apply(&a, 0, &c4(Verdict::Close));
    let p = scorm::state_pairs(Version::Scorm2004, &half, pass);
    // (1/2) / 3 = 1/6 → 16.66 %.
    assert_eq!(
        (
            get(&p, "cmi.score.raw"),
            get(&p, "cmi.progress_measure"),
            get(&p, "cmi.exit")
        ),
        ("16.66".into(), "0.3333333".into(), "suspend".into())
    );
    assert_eq!(get(&p, "cmi.success_status"), "unknown");
}

#[test]
fn a_guess_that_is_not_a_decimal_is_free_text_and_a_step_not_answered_has_no_interaction() {
    let a = week3();
    // In 2004: `incorrect`, and a guess that is not a decimal ("1/32", as learners write it)
    // is free text (`other`: 2004's `fill-in` would split it at a comma).
    let mut r = Record::new(&a, 3);
    r.apply(&a, 2, &quiz(0, 1));
    let p = scorm::answer(Version::Scorm2004, &a, &r, 2, 0);
    assert_eq!(get(&p, "cmi.interactions.0.result"), "incorrect");
    assert_eq!(get(&p, "cmi.interactions.0.type"), "other");
    for (guess, kind12, kind04) in [
        ("1/32", "fill-in", "other"),
        ("1,024", "fill-in", "other"),
        ("3 %", "fill-in", "other"),
        ("-2.5", "numeric", "numeric"),
        ("12345678901", "fill-in", "other"),
    ] {
        let mut r = Record::new(&a, 3);
        r.apply(
            &a,
            0,
            &Report::Forecast {
                verdict: Verdict::Off,
                metric: "efficiency".into(),
                example: Some("divergence/C4".into()),
                guess: Some(guess.into()),
            },
        );
        let p12 = scorm::answer(Version::Scorm12, &a, &r, 0, 7);
        let p04 = scorm::answer(Version::Scorm2004, &a, &r, 0, 7);
        assert_eq!(get(&p12, "cmi.interactions.7.type"), kind12, "{guess}");
        assert_eq!(get(&p04, "cmi.interactions.7.type"), kind04, "{guess}");
        assert_eq!(get(&p12, "cmi.interactions.7.student_response"), guess);
        assert_eq!(get(&p04, "cmi.interactions.7.learner_response"), guess);
        assert_eq!(get(&p12, "cmi.interactions.7.result"), "wrong");
    }
    // A step not answered has no interaction.
    assert!(scorm::answer(Version::Scorm12, &a, &Record::new(&a, 3), 0, 0).is_empty());
}

#[test]
fn the_package_launches_the_link_with_lms_scorm() {
    let a = week3();
    let sco = scorm::sco(&a, crate::i18n::Lang::En, PassScore::new(70).unwrap());
    assert_eq!(sco.title, "Week 3: divergence and shared memory");
    assert_eq!(sco.identifier, format!("warp-lab-assignment-{}", a.key()));
    let launched = Query::parse(sco.launch.trim_start_matches("index.html"));
    assert_eq!(launched.get("lms"), Some("scorm"));
    assert_eq!(launched.get("pass-score"), Some("70"));
    // The launch reads back into the same assignment.
    let (b, errors) = read(&launched).unwrap();
    assert!(errors.is_empty());
    assert_eq!(b, a);
    // The title's slug: "Week 3: divergence and shared memory".
    assert_eq!(
        scorm::file_name(&a, Version::Scorm12),
        "week-3-divergence-and-shared-memory-scorm12.zip"
    );
    let mut other = a.clone();
    other.title = "  ✓✓ — ".into();
    assert_eq!(
        scorm::file_name(&other, Version::Scorm2004),
        "warp-lab-assignment-scorm2004.zip"
    );
    other.title = "Ünïcode Ärger ".repeat(10);
    let long = scorm::file_name(&other, Version::Scorm12);
    assert!(
        long.len() <= 60 + "-scorm12.zip".len() && !long.contains("--"),
        "{long}"
    );
    let xml = crate::lms::manifest::manifest_of(
        Version::Scorm2004,
        &sco,
        PassScore::new(70).unwrap(),
        &["index.html"],
    )
    .unwrap();
    assert!(
        xml.contains("<imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure>"),
        "{xml}"
    );
    assert!(xml.contains("&amp;lms=scorm&amp;pass-score=70\""), "{xml}");
}

#[test]
fn a_step_frame_is_the_step_embedded_graded_and_in_the_page_language() {
    let a = week3();
    let q = Assignment::frame_query(
        &a.steps[0],
        None,
        None,
        Graded::Lms,
        Lang::Hinglish,
        Theme::Dark,
    );
    assert_eq!(
        q.to_search(),
        "?example=divergence/C4&embed=1&graded=lms&forecast=1&lang=hinglish&theme=dark"
    );
    let q = Assignment::frame_query(&a.steps[1], None, None, Graded::Step, Lang::En, Theme::Auto);
    assert_eq!(
        q.to_search(),
        "?panel=kernel&challenge=transpose&embed=1&graded=1"
    );
}

#[test]
fn a_recorded_prediction_opens_revealed_with_its_verdict_never_a_fresh_forecast() {
    // Issue 43's free peek: an empty guess revealed the answer, Next then Previous made a fresh
    // frame, and the guess typed from the answer counted as the first reveal. Now the step's
    // frame carries what was recorded, and the frame opens revealed with it.
    let a = week3();
    let mut r = Record::new(&a, 0);
    assert!(r.apply(&a, 0, &c4(Verdict::Off)));
    // A second reveal in a fresh frame changes nothing: the first one is kept.
    assert!(!r.apply(&a, 0, &c4(Verdict::Right)));
    assert_eq!(r.prediction(0).map(|p| p.verdict), Some(Verdict::Off));
    assert_eq!(r.prediction(1), None, "a challenge step has no prediction");
    let q = Assignment::frame_query(
        &a.steps[0],
        r.prediction(0).as_ref(),
        None,
        Graded::Step,
        Lang::En,
        Theme::Auto,
    );
    assert_eq!(
        q.to_search(),
        "?example=divergence/C4&embed=1&graded=1&forecast=1&recorded=off"
    );
    let look = crate::page::presentation(&q).0;
    assert_eq!(look.recorded, Some(Verdict::Off));
    // Outside a graded frame the key means nothing (a shared link cannot skip a Forecast).
    let mut plain = q.clone();
    plain.set("graded", None);
    assert_eq!(crate::page::presentation(&plain).0.recorded, None);
    // A bad value is named, and opens nothing.
    let mut bad = q.clone();
    bad.set("recorded", Some("yes"));
    let (look, errors) = crate::page::presentation(&bad);
    assert_eq!(look.recorded, None);
    assert_eq!(errors[0].param, "recorded");
    // An author's pasted link never carries it into a step.
    assert_eq!(
        steps_from_link("?panel=warps&graded=1&recorded=right"),
        Ok(vec!["panel=warps".to_string()])
    );
}

#[test]
fn a_recorded_guess_comes_back_as_typed_and_survives_the_record() {
    // Issue 43: a recorded step opens showing the recorded guess, its verdict and the answer.
    let a = week3();
    let said = Report::from_fields(fields(&[
        ("source", "warp-lab"),
        ("type", "forecast"),
        ("verdict", "close"),
        ("metric", "efficiency"),
        ("example", "divergence/C4"),
        ("guess", "  12.5 %  "),
    ]))
    .unwrap();
    let mut r = Record::new(&a, 0x2a);
    assert!(r.apply(&a, 0, &said));
    let first = r.prediction(0).unwrap();
    assert_eq!(
        (first.verdict, first.guess.as_deref()),
        (Verdict::Close, Some("12.5 %"))
    );
    // A second reveal, with the answer seen, replaces neither the verdict nor the guess.
    let mut again = said.clone();
    if let Report::Forecast { verdict, guess, .. } = &mut again {
        *verdict = Verdict::Right;
        *guess = Some("25".into());
    }
    assert!(!r.apply(&a, 0, &again));
    assert_eq!(r.prediction(0), Some(first.clone()));
    // The text form: `.` (the record's own separator) and `%` (the escape) escaped, by hand:
    // '.' = 0x2E, '%' = 0x25; the space is printable ASCII and stays.
    let text = r.encode();
    assert!(text.contains(".0:c~12%2E5 %25."), "{text}");
    assert_eq!(Record::decode(&a, &text), Ok(r.clone()));
    // The frame opens on it: verdict and guess, read back only in a graded frame.
    let q = Assignment::frame_query(
        &a.steps[0],
        Some(&first),
        None,
        Graded::Step,
        Lang::En,
        Theme::Auto,
    );
    assert!(
        q.to_search().ends_with("&recorded=close&guess=12.5+%25"),
        "{}",
        q.to_search()
    );
    assert_eq!(crate::page::recorded_guess(&q).as_deref(), Some("12.5 %"));
    let mut plain = q.clone();
    plain.set("graded", None);
    assert_eq!(crate::page::recorded_guess(&plain), None);
    let mut no_verdict = q.clone();
    no_verdict.set("recorded", None);
    assert_eq!(crate::page::recorded_guess(&no_verdict), None);
    let mut long = q.clone();
    long.set("guess", Some(&"9".repeat(25)));
    assert_eq!(
        crate::page::recorded_guess(&long),
        None,
        "longer than a record keeps"
    );
}

#[test]
fn a_record_without_guesses_still_reads_and_a_bad_guess_is_refused() {
    let a = week3();
    let sign = |body: &str| format!("{body}.{:08x}", crate::lms::zip::crc32(body.as_bytes()));
    let key = a.key();
    // Kept before guesses were: the verdict alone.
    let old = Record::decode(&a, &sign(&format!("a1.{key}.00000000.0:r"))).unwrap();
    assert_eq!(
        old.prediction(0).map(|p| (p.verdict, p.guess)),
        Some((Verdict::Right, None))
    );
    // A guess written without its escapes, a bad escape, or a guess on a challenge's entry.
    // (`0:r~a\tb`: a tab is not printable; `0:r~%2`, `%zz`: escapes cut or not hex; a guess
    // longer than a record keeps; a quiz's entry carries no text.)
    for entries in [
        "0:r~a\tb",
        "0:r~%2",
        "0:r~%zz",
        "0:r~",
        "2:q1/1/4~x",
        &format!("0:r~{}", "9".repeat(25)),
    ] {
        assert_eq!(
            Record::decode(&a, &sign(&format!("a1.{key}.00000000.{entries}"))),
            Err(RecordProblem::Format),
            "{entries}"
        );
    }
}

#[test]
fn twenty_guesses_at_their_longest_fit_scorm_12s_suspend_data() {
    // SCORM 1.2's cmi.suspend_data holds 4,096 characters. Worst case by hand: 20 steps, each
    // entry `NN:o~` (5) + 24 bytes all escaped (72) + `,` = 78, so 1,560 + the head
    // (`a1.` + 16-hex key + `.` + 8 + `.`) 29 + the `.crc` 9 ≈ 1,600 < 4,096.
    let link = (0..20)
        .map(|_| format!("step={}", crate::query::encode("example=divergence/C4")))
        .collect::<Vec<_>>()
        .join("&");
    let (a, errors) = read(&Query::parse(&format!("?assignment=1&{link}"))).unwrap();
    assert_eq!((a.steps.len(), errors.len()), (20, 0));
    let mut r = Record::new(&a, u32::MAX);
    // Three-byte characters: 8 of them fill the 24 bytes; each escapes to 9 characters.
    let guess = "€".repeat(30);
    for at in 0..20 {
        let report = Report::Forecast {
            verdict: Verdict::Off,
            metric: "efficiency".into(),
            example: Some("divergence/C4".into()),
            guess: guess_text(&guess),
        };
        assert!(r.apply(&a, at, &report));
    }
    assert_eq!(r.prediction(19).unwrap().guess, Some("€".repeat(8)));
    let text = r.encode();
    assert!(text.len() <= 4096, "{} characters", text.len());
    assert!(text.is_ascii());
    assert_eq!(Record::decode(&a, &text), Ok(r));
}

#[test]
fn under_an_lms_the_record_keeps_the_code_last_checked_and_the_frame_opens_on_it() {
    // Issue 43: a learner's code is kept; under an LMS "in the LMS's record only" (the frame
    // keeps nothing in the browser), so the frame sends it with its check.
    let a = week3();
    let kernel = "__global__ void transpose(const float* in, float* out, int n) {\n    \
                  // 1. read, 2. write: 100% coalesced?\n    out[0] = in[0];\n}\n";
    let checked = |stars: &str, src: &str| {
        Report::from_fields(fields(&[
            ("source", "warp-lab"),
            ("type", "challenge-stars"),
            ("key", "transpose"),
            ("stars", stars),
            ("src", src),
        ]))
        .unwrap()
    };
    let mut r = Record::new(&a, 7);
    assert!(r.apply(&a, 1, &checked("1", kernel)));
    assert_eq!(r.code(1), Some(kernel));
    // A worse check later: the stars stay the best (1), the code is the one last checked.
    assert!(r.apply(&a, 1, &checked("0", "int worse;")));
    assert_eq!(
        (r.step_score(1), r.code(1)),
        (Fraction::new(1, 3), Some("int worse;"))
    );
    assert!(
        !r.apply(&a, 1, &checked("0", "int worse;")),
        "nothing changed"
    );
    // A frame outside an LMS sends no code: the stars count, the kept code stays.
    assert!(r.apply(&a, 1, &checked("2", "")));
    assert_eq!(r.code(1), Some("int worse;"));
    // A prediction's step has no code.
    assert_eq!(r.code(0), None);
    // The text form keeps it, escaped where it would cut the record: `.`, `,`, `:`, `%` and
    // the newlines (0x0A); decoded, the same record.
    assert!(r.apply(&a, 1, &checked("2", kernel)));
    let text = r.encode();
    assert!(
        text.contains(
            "1:s2~__global__ void transpose(const float* in%2C float* out%2C int n) {%0A"
        ),
        "{text}"
    );
    assert!(text.contains("100%25 coalesced?"), "{text}");
    assert_eq!(Record::decode(&a, &text), Ok(r.clone()));
    // The step's frame opens on it.
    let q = Assignment::frame_query(
        &a.steps[1],
        None,
        r.code(1),
        Graded::Lms,
        Lang::En,
        Theme::Auto,
    );
    assert_eq!(q.get("src"), Some(kernel));
    // A code longer than the lab takes is not kept.
    let long = "x".repeat(crate::kernel_lab::MAX_SOURCE + 1);
    assert!(!r.apply(&a, 1, &checked("2", &long)));
    assert_eq!(r.code(1), Some(kernel));
}

#[test]
fn a_record_that_would_not_fit_scorm_12_leaves_the_longest_code_out_never_a_grade() {
    // Three challenge steps, each with a 1,500-byte kernel of plain characters: 3 × ~1,505 +
    // the head > 4,096 (SCORM 1.2's suspend data), so one code must go: the longest (step 3's,
    // 1,600 bytes). In 2004 (64,000) all fit.
    let link = ["add-ten", "transpose", "mirror"]
        .iter()
        .map(|c| {
            format!(
                "step={}",
                crate::query::encode(&format!("panel=kernel&challenge={c}"))
            )
        })
        .collect::<Vec<_>>()
        .join("&");
    let (a, errors) = read(&Query::parse(&format!("?assignment=1&{link}"))).unwrap();
    assert!(errors.is_empty(), "{errors:?}");
    let mut r = Record::new(&a, 1);
    for (at, (name, len)) in [("add-ten", 1500), ("transpose", 1500), ("mirror", 1600)]
        .into_iter()
        .enumerate()
    {
        let report = Report::Challenge {
            name: name.into(),
            stars: 2,
            src: Some("y".repeat(len)),
        };
        assert!(r.apply(&a, at, &report));
    }
    let (text, left_out) = r.encode_within(Version::Scorm12.max_suspend());
    assert!(text.len() <= 4096, "{}", text.len());
    assert_eq!(left_out, vec![2]);
    let back = Record::decode(&a, &text).unwrap();
    assert_eq!(back.score(), r.score(), "every grade is kept");
    assert_eq!(
        (back.code(0).map(str::len), back.code(2)),
        (Some(1500), None)
    );
    let (all, none) = r.encode_within(Version::Scorm2004.max_suspend());
    assert_eq!((all, none), (r.encode(), vec![]));
}

#[test]
fn a_pasted_link_becomes_a_step_without_its_presentation() {
    assert_eq!(
        steps_from_link(
            "https://x.org/gpu/?panel=warps&block=64&embed=1&lang=hinglish&forecast=0#top"
        ),
        Ok(vec!["panel=warps&block=64".to_string()])
    );
    assert_eq!(
        steps_from_link("?example=divergence/C4"),
        Ok(vec!["example=divergence/C4".to_string()])
    );
    // An assignment link gives its steps (to edit it).
    assert_eq!(
        steps_from_link(&format!("https://x.org/?{WEEK3}"))
            .unwrap()
            .len(),
        3
    );
    for bad in [
        "",
        "https://x.org/",
        "panel=gpu",
        "panel=nope",
        "https://x.org/?lang=hinglish",
    ] {
        assert!(steps_from_link(bad).is_err(), "{bad}");
    }
    // A script address pasted as a step (issue 65: taken without a word): named as one.
    for bad in [
        "JaVaScRiPt:alert(1)//",
        " javascript:alert(1)",
        "data:text/html,<b>x</b>",
        "vbscript:x",
    ] {
        let e = steps_from_link(bad).unwrap_err();
        assert!(e.contains("not a Warp Lab link"), "{bad}: {e}");
    }
    let q = link_query(
        "  Week 3 ",
        &["panel=warps".into(), "example=divergence/C4".into()],
    );
    assert_eq!(
        q.to_search(),
        "?assignment=1&title=Week+3&step=panel%3Dwarps&step=example%3Ddivergence/C4"
    );
}

#[test]
fn messages_in_hinglish() {
    crate::i18n::with_lang(Lang::Hinglish, || {
        let (_, errors) = read(&Query::parse("assignment=1&step=panel%3Dkernel")).unwrap();
        assert!(
            errors[0].message.starts_with("Step 1 grade nahi ho sakta"),
            "{}",
            errors[0].message
        );
    });
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any title, any steps, any pasted text, any kept record: named errors, never a panic,
        /// and a record always round-trips.
        #[test]
        fn on_any_link_or_record(
            title in ".{0,200}",
            steps in proptest::collection::vec("(panel=|example=|step=|%|&|=|[a-z0-9/ ]){0,12}", 0..25),
            kept in ".{0,120}",
        ) {
            let mut q = Query::default();
            q.set("assignment", Some("1"));
            q.set("title", Some(&title));
            for s in &steps {
                q.push("step", s);
            }
            let (a, _) = read(&q).unwrap();
            prop_assert!(a.steps.len() <= MAX_STEPS && a.title.chars().count() <= MAX_TITLE_CHARS);
            let r = Record::new(&a, 7);
            prop_assert_eq!(Record::decode(&a, &r.encode()), Ok(r));
            let _ = Record::decode(&a, &kept);
            for s in &steps {
                let _ = steps_from_link(s);
            }
        }
    }
}

#[test]
fn the_progress_document_keeps_assignment_records_and_drops_bad_keys() {
    use crate::quiz::progress::Progress;
    let doc = r#"{"schema":"warp-lab-progress","version":1,"topics":{},"boxes":{},"quizzes":{},
        "assignments":{"0123456789abcdef":"a1.0123456789abcdef.00000001..deadbeef","nope":"a1.x"}}"#;
    let read = Progress::read(doc).unwrap();
    assert_eq!(read.progress.assignments.len(), 1);
    assert_eq!(read.dropped, ["assignments.nope"]);
    let back = Progress::read(&read.progress.to_json()).unwrap();
    assert_eq!(back.progress.assignments, read.progress.assignments);
}

#[test]
fn a_quiz_that_builds_fewer_questions_than_asked_is_still_graded() {
    // coalescing, count 25, draw 3 builds 24 questions (the topic runs out of distinct ones
    // under those rules): the step matches the report by the count asked for and grades right
    // / the questions built, 24 / 24 = 1. (Matching by the questions built, as before, would
    // never have graded it.)
    use crate::quiz::{build, Draw, Topic};
    let built = build(Some(Topic::Coalescing), 11, 25, Draw::Spread).len();
    assert_eq!(built, 24);
    let (a, errors) = read(&Query::parse(
        "assignment=1&step=panel%3Dquiz%26topic%3Dcoalescing%26count%3D25%26seed%3D11%26draw%3D3",
    ))
    .unwrap();
    assert!(errors.is_empty(), "{errors:?}");
    let mut r = Record::new(&a, 1);
    let report = |correct: u32, total: u32, count: u32| Report::Quiz {
        topic: "coalescing".into(),
        seed: "11".into(),
        correct,
        answered: total,
        total,
        count,
        draw: 3,
    };
    // A report of more questions than the count asked for is not this quiz.
    assert!(!r.apply(&a, 0, &report(26, 26, 25)));
    assert!(r.apply(&a, 0, &report(24, 24, 25)));
    assert_eq!(
        (r.state(0), r.score()),
        (StepState::Done, Fraction::new(1, 1))
    );
}

#[test]
fn a_step_from_a_challenge_carries_neither_the_authors_code_nor_check() {
    // Issue 43: "Add this view to an assignment" on a solved challenge copied the editor
    // (`src=`, the working kernel) and `check=1` into the step: the learners opened the
    // solution, already checked, with "Stars 3 of 3".
    let link = "https://x.org/?panel=kernel&challenge=add-ten&src=__global__%20void%20k()%7B%7D&check=1&lang=hinglish";
    assert_eq!(
        steps_from_link(link),
        Ok(vec!["panel=kernel&challenge=add-ten".to_string()])
    );
    // The author page can offer the code back, as a starter the author chooses.
    assert_eq!(
        starter_of_link(link).as_deref(),
        Some("__global__ void k(){}")
    );
    assert_eq!(
        starter_of_link("?panel=warps&src=x"),
        None,
        "only a challenge's editor"
    );
    assert_eq!(starter_of_link("?panel=kernel&challenge=add-ten"), None);
    let chosen = with_starter("panel=kernel&challenge=add-ten", "int x;");
    assert_eq!(chosen, "panel=kernel&challenge=add-ten&src=int+x%3B");
    // A step written by hand keeps its starter, but never `check`.
    let step = read_step(1, "panel=kernel&challenge=add-ten&src=int%20x%3B&check=1").unwrap();
    assert_eq!(step.query.get("src"), Some("int x;"));
    assert_eq!(step.query.get("check"), None);
    // A kernel-lab link that is not a challenge keeps its source (it is not a step anyway).
    assert!(steps_from_link("?panel=kernel&src=x").is_err());
}

#[test]
fn a_report_counts_only_for_the_step_it_names() {
    // Issue 43: a custom challenge's report carried no identity, so the stars of any custom
    // challenge fitted any custom step, and a reveal of any example fitted any prediction.
    let custom = |reference: &str| {
        format!(
            "panel=kernel&challenge=custom&tests=n%3D32&ref={}",
            crate::query::encode(reference)
        )
    };
    let twice =
        "__global__ void k(const int* a, int* b, int n) { b[threadIdx.x] = 2 * a[threadIdx.x]; }";
    let thrice =
        "__global__ void k(const int* a, int* b, int n) { b[threadIdx.x] = 3 * a[threadIdx.x]; }";
    let link = format!(
        "assignment=1&title=T&step={}&step={}&step={}",
        crate::query::encode(&custom(twice)),
        crate::query::encode("example=divergence/c4"),
        crate::query::encode("panel=quiz&topic=banks&count=4&seed=7"),
    );
    let (a, errors) = read(&Query::parse(&link)).expect("an assignment");
    assert!(errors.is_empty(), "{errors:?}");
    // The custom step expects its own fingerprint, the one the frame's code_key gives.
    let key_of = |q: &str| {
        let input = crate::kernel_lab::panel::KernelInput::from_query(
            &Query::parse(q),
            &crate::kernel_lab::panel::KernelInput::default(),
        );
        crate::kernel_lab::panel::code_key(&input).unwrap()
    };
    let (mine, other) = (key_of(&custom(twice)), key_of(&custom(thrice)));
    assert!(
        mine.starts_with("custom-") && mine != other,
        "{mine} {other}"
    );
    assert_eq!(a.steps[0].expect, Expect::Challenge(mine.clone()));
    let mut r = Record::new(&a, 0);
    let stars = |name: &str| Report::Challenge {
        name: name.into(),
        stars: 3,
        src: None,
    };
    // Another custom challenge's three stars, or a bare "custom", do not fit this step.
    assert!(!r.apply(&a, 0, &stars(&other)));
    assert!(!r.apply(&a, 0, &stars("custom")));
    assert!(r.apply(&a, 0, &stars(&mine)));
    // The prediction: C4 asked (its cell in lower case in the link), efficiency its figure. A
    // reveal in C1, or of another figure, or with no example, is not this step's.
    assert_eq!(
        a.steps[1].expect,
        Expect::Forecast {
            example: Some("divergence/C4".into()),
            metric: Some("efficiency".into())
        }
    );
    let reveal = |example: Option<&str>, metric: &str| Report::Forecast {
        verdict: Verdict::Right,
        metric: metric.into(),
        example: example.map(str::to_string),
        guess: None,
    };
    assert!(!r.apply(&a, 1, &reveal(Some("divergence/C1"), "efficiency")));
    assert!(!r.apply(&a, 1, &reveal(Some("divergence/C4"), "diverged-cycles")));
    assert!(!r.apply(&a, 1, &reveal(None, "efficiency")));
    assert!(r.apply(&a, 1, &reveal(Some("divergence/C4"), "efficiency")));
    // The quiz: another seed's or topic's score is not this quiz's.
    let mut other_seed = quiz(4, 4);
    if let Report::Quiz { seed, .. } = &mut other_seed {
        *seed = "8".into();
    }
    let mut other_topic = quiz(4, 4);
    if let Report::Quiz { topic, .. } = &mut other_topic {
        *topic = "divergence".into();
    }
    assert!(!r.apply(&a, 2, &other_seed));
    assert!(!r.apply(&a, 2, &other_topic));
    assert!(r.apply(&a, 2, &quiz(4, 4)));
    assert_eq!(r.score(), Fraction::new(1, 1));
    // A frame's message names its example the one way: the cell as the catalogue writes it.
    let said = Report::from_fields(fields(&[
        ("source", "warp-lab"),
        ("type", "forecast"),
        ("verdict", "right"),
        ("metric", "efficiency"),
        ("example", "divergence/C4"),
    ]));
    assert_eq!(said, Some(reveal(Some("divergence/C4"), "efficiency")));
    assert_eq!(
        crate::examples::example_key("divergence/c4").as_deref(),
        Some("divergence/C4")
    );
    assert_eq!(crate::examples::example_key("divergence/Z9"), None);
    // A challenge message without its key is no report.
    assert_eq!(
        Report::from_fields(fields(&[
            ("source", "warp-lab"),
            ("type", "challenge-stars"),
            ("challenge", "custom"),
            ("stars", "3"),
        ])),
        None
    );
}

#[test]
fn a_fractions_decimals_are_narrowed_exactly_where_they_fit() {
    // 5/9 = 55.555…% → 55.55 and 0.5555555 (cut); 2/3 → 66.66 and 0.6666666. Written through
    // the quiz's u64 writer: a fraction past u64 (no assignment has one) is shifted down
    // together, here by a power of two that keeps the ratio: 2·2⁷⁰ / 3·2⁷⁰ is still 2/3.
    let f = Fraction { num: 5, den: 9 };
    assert_eq!(
        (f.percent(), f.ratio()),
        ("55.55".into(), "0.5555555".into())
    );
    let f = Fraction {
        num: 2 << 70,
        den: 3 << 70,
    };
    assert_eq!(
        (f.percent(), f.ratio()),
        ("66.66".into(), "0.6666666".into())
    );
    let f = Fraction { num: 1, den: 1 };
    assert_eq!((f.percent(), f.ratio()), ("100".into(), "1".into()));
}

#[test]
fn an_edited_link_is_another_assignment_with_its_own_fingerprint() {
    // Issue 64, way 5: a learner deletes `step=` parameters from a link-only assignment, leaving
    // the step they know; the page must show that it is not the assignment that was sent.
    let a = week3();
    let id = a.fingerprint();
    assert_eq!(id.len(), 8);
    assert!(id
        .bytes()
        .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    // The same link, read again: the same fingerprint.
    assert_eq!(week3().fingerprint(), id);
    let mut edits: Vec<(&str, Assignment)> = Vec::new();
    let mut one_step = a.clone();
    one_step.raw_steps.truncate(1);
    one_step.steps.truncate(1);
    edits.push(("two steps deleted", one_step));
    let mut swapped = a.clone();
    swapped.raw_steps.swap(0, 1);
    edits.push(("steps reordered", swapped));
    let mut retitled = a.clone();
    retitled.title.push('!');
    edits.push(("title changed", retitled.clone()));
    let mut other_seed = a.clone();
    other_seed.raw_steps[2] = other_seed.raw_steps[2].replace("seed=7", "seed=8");
    edits.push(("the quiz's seed changed", other_seed));
    for (what, b) in &edits {
        assert_ne!(b.fingerprint(), id, "{what}");
    }
    // The title is not part of the progress key (renaming keeps the learner's progress), but
    // is part of what the instructor sent.
    assert_eq!(retitled.key(), a.key());
    // The completion report names it, with the score as the page writes it.
    assert_eq!(
        a.report("33.33 %", 1),
        format!(
            "Week 3: divergence and shared memory · assignment #{id} · 33.33 % · 1 of 3 steps done"
        )
    );
}

#[test]
fn a_prediction_step_is_named_by_its_examples_title_not_its_id() {
    // Issue 64, way 3: the label named `divergence/C4`, the address of the page outside the
    // assignment whose figures answer it.
    let a = week3();
    let name = a.steps[0].label();
    let c4 = crate::examples::find("divergence/C4").unwrap();
    assert_eq!(
        name,
        format!("{} · {}", a.steps[0].panel.title(), c4.title())
    );
    assert!(
        !name.contains("divergence/C4") && !name.contains("C4"),
        "{name}"
    );
    assert!(!c4.title().is_empty());
    // The author page names it by its id, which is what an author pastes; other steps are
    // labelled by their names.
    assert!(a.steps[0].name().contains("divergence/C4"));
    assert_eq!(a.steps[1].label(), a.steps[1].name());
}

#[test]
fn an_unanswered_prediction_holds_its_state_back_outside_the_assignment() {
    // Issue 64, way 3: while step 1 (divergence C4) is unanswered, its state is held; once
    // answered, nothing is.
    let a = week3();
    let mut r = Record::new(&a, 0);
    // Its quiz step (step 3) is held too, until done (issue 64, way 4): the quiz panel reads the
    // line and holds back its questions (`quiz::panel::held_questions`); the challenge never.
    let quiz_step = "panel=quiz count=4&seed=7&topic=banks".to_string();
    assert_eq!(
        record::held_steps(&a, &r),
        vec!["example=divergence/C4 ".to_string(), quiz_step.clone()]
    );
    // The example's page as a learner opens it next door, in any language, Forecast off: the
    // same key. Another example is not.
    for outside in [
        "example=divergence/C4&forecast=0",
        "lang=hinglish&example=divergence/C4",
        "example=divergence/C4&embed=1&theme=dark",
    ] {
        assert_eq!(
            held_key(&Query::parse(outside)).as_deref(),
            Some("example=divergence/C4 "),
            "{outside}"
        );
    }
    assert_ne!(
        held_key(&Query::parse("example=divergence/C1")).as_deref(),
        Some("example=divergence/C4 ")
    );
    // Settings are compared sorted, page keys left out.
    assert_eq!(
        held_key(&Query::parse("panel=warps&n=5&block=64&forecast=0")).as_deref(),
        Some("panel=warps block=64&n=5")
    );
    assert_eq!(held_key(&Query::parse("forecast=1")), None);
    // Answered (even wrong): the prediction is no longer held.
    r.apply(&a, 0, &c4(Verdict::Off));
    assert_eq!(record::held_steps(&a, &r), vec![quiz_step.clone()]);
    // The quiz partly answered: still held (its unanswered questions are); every one of its
    // 4 answered, even 1 of them right: nothing held.
    r.apply(&a, 2, &quiz(1, 3));
    assert_eq!(record::held_steps(&a, &r), vec![quiz_step]);
    r.apply(&a, 2, &quiz(1, 4));
    assert!(record::held_steps(&a, &r).is_empty());
}

#[test]
fn the_addresses_the_app_writes_become_steps_and_words_are_named() {
    // Issue 63 made the app write a view's page with its settings as a query; the author page
    // read only the query, so `…/warps/with/?block=64` was "it opens the home view". The path
    // names the view, under any sub-path the site is hosted at, in either language.
    for (link, step) in [
        (
            "https://x.org/gpu/warps/with/?block=64",
            "panel=warps&block=64",
        ),
        (
            "https://x.org/hinglish/embed/coalescing/with/?stride=2",
            "panel=coalescing&stride=2",
        ),
        (
            "https://x.org/gpu/embed/example/divergence/C4/graded/",
            "example=divergence/C4",
        ),
        (
            "/example/warp-scheduling/B/?forecast=1",
            "example=warp-scheduling/B",
        ),
        // A query that names its view wins over the path's (an old link on a page's path).
        (
            "https://x.org/warps/?panel=banks&stride=2",
            "panel=banks&stride=2",
        ),
    ] {
        assert_eq!(steps_from_link(link), Ok(vec![step.to_string()]), "{link}");
    }
    // Issue 66: words are not a link, said with an example of one; a site's root still has no
    // query to read.
    let e = steps_from_link("hello world").unwrap_err();
    assert!(
        e.contains("is not a Warp Lab link") && e.contains("/coalescing/with/?stride=2"),
        "{e}"
    );
    let e = steps_from_link("https://x.org/course/").unwrap_err();
    assert!(e.contains("has no query"), "{e}");
}
