//! The version and passing-score parameters, the package's quiz, the notices, and the
//! catalogue's `lms.*` messages.

use super::*;
use crate::i18n::{with_lang, Lang};
use crate::query::Query;
use crate::quiz::Draw;

#[test]
fn versions_read_their_select_values_and_name_their_api() {
    for v in Version::ALL {
        assert_eq!(Version::parse(v.code()), Ok(v));
    }
    assert_eq!(Version::parse(" SCORM 1.2 "), Ok(Version::Scorm12));
    assert_eq!(Version::parse("scorm2004"), Ok(Version::Scorm2004));
    assert_eq!(Version::parse("2004 4th edition"), Ok(Version::Scorm2004));
    for bad in ["", "1.3", "2004x", "12", "cmi5"] {
        let e = Version::parse(bad).unwrap_err();
        assert_eq!(e.param, "scorm-version", "{bad}");
        assert!(e.message.contains("1.2 or 2004"), "{}", e.message);
    }
    let hi = with_lang(Lang::Hinglish, || Version::parse("3").unwrap_err().message);
    assert!(hi.contains("1.2 ya 2004"), "{hi}");
    let (a, b) = (Version::Scorm12.calls(), Version::Scorm2004.calls());
    assert_eq!(
        [
            a.object,
            a.initialize,
            a.set_value,
            a.commit,
            a.terminate,
            a.get_last_error
        ],
        [
            "API",
            "LMSInitialize",
            "LMSSetValue",
            "LMSCommit",
            "LMSFinish",
            "LMSGetLastError"
        ]
    );
    assert_eq!(
        [
            b.object,
            b.initialize,
            b.set_value,
            b.commit,
            b.terminate,
            b.get_last_error
        ],
        [
            "API_1484_11",
            "Initialize",
            "SetValue",
            "Commit",
            "Terminate",
            "GetLastError"
        ]
    );
    assert_eq!(Version::Scorm12.suspend_data_limit(), 4_096);
    assert_eq!(Version::Scorm12.search_depth(), 7);
    assert_eq!(Version::Scorm2004.label(), "SCORM 2004 (4th edition)");
}

#[test]
fn the_pass_score_is_a_whole_percentage_with_named_errors() {
    assert_eq!(PassScore::default().percent(), 80);
    for (raw, p) in [
        ("80", 80),
        (" 75 % ", 75),
        ("0", 0),
        ("100%", 100),
        ("+5", 5),
    ] {
        assert_eq!(
            PassScore::parse(raw).map(PassScore::percent),
            Ok(p),
            "{raw}"
        );
    }
    for bad in [
        "",
        "101",
        "-1",
        "80.5",
        "abc",
        "99999999999999999999999",
        "%",
    ] {
        let e = PassScore::parse(bad).unwrap_err();
        assert_eq!(e.param, "pass-score", "{bad}");
    }
    let e = PassScore::parse("150").unwrap_err().message;
    assert!(
        e.contains("150") && e.contains("0 to 100") && e.contains("percent"),
        "{e}"
    );
    let hi = with_lang(Lang::Hinglish, || {
        PassScore::parse("150").unwrap_err().message
    });
    assert!(hi.contains("percent mein"), "{hi}");
    assert_eq!(PassScore::new(101), None);
}

#[test]
fn passing_is_decided_in_whole_numbers() {
    let p80 = PassScore::new(80).unwrap();
    // 80 % of 5 is 4 exactly: 4 passes (400 ≥ 400), 3 does not.
    assert!(p80.passes(4, 5) && !p80.passes(3, 5));
    // 80 % of 8 is 6.4: 7 right is the least that passes.
    assert!(p80.passes(7, 8) && !p80.passes(6, 8));
    assert_eq!(p80.min_right(8), 7);
    assert_eq!(p80.min_right(5), 4);
    assert_eq!(p80.min_right(10), 8);
    // 67 % of 3 is 2.01 → 3; 66 % of 3 is 1.98 → 2.
    assert_eq!(PassScore::new(67).unwrap().min_right(3), 3);
    assert_eq!(PassScore::new(66).unwrap().min_right(3), 2);
    assert_eq!(PassScore::new(0).unwrap().min_right(50), 0);
    assert_eq!(PassScore::new(100).unwrap().min_right(50), 50);
    // Scaled: percent / 100.
    for (p, s) in [(80, "0.8"), (100, "1"), (0, "0"), (5, "0.05"), (67, "0.67")] {
        assert_eq!(PassScore::new(p).unwrap().scaled(), s);
    }
    // Both LMS-side rules agree with the quiz's, for every quiz size and threshold.
    for total in 1..=quiz::MAX_COUNT {
        for p in 0..=100u8 {
            let pass = PassScore::new(p).unwrap();
            let threshold: f64 = pass.scaled().parse().unwrap();
            for right in 0..=total {
                let quiz_says = pass.passes(right, total);
                // SCORM 1.2: raw ≥ mastery score.
                assert_eq!(
                    right >= pass.min_right(total),
                    quiz_says,
                    "{right}/{total} {p}%"
                );
                // SCORM 2004: scaled ≥ scaled passing score, as an LMS parses both.
                let scaled: f64 = cmi::ratio(right, total).parse().unwrap();
                assert_eq!(scaled >= threshold, quiz_says, "{right}/{total} {p}%");
            }
        }
    }
}

#[test]
fn a_package_launches_the_quiz_it_was_made_from() {
    let (params, errors) =
        QuizParams::from_query(&Query::parse("?panel=quiz&topic=divergence&count=12"));
    assert!(errors.is_empty());
    // A new quiz (no seed in its link) is drawn under the latest rules, which the launch names.
    let spec = QuizSpec::new(&params, 42);
    assert_eq!(
        spec.launch_url(Lang::En),
        "index.html?panel=quiz&topic=divergence&seed=42&count=12&draw=2&lms=scorm"
    );
    assert_eq!(
        spec.launch_query(Lang::Hinglish),
        "panel=quiz&topic=divergence&seed=42&count=12&draw=2&lms=scorm&lang=hinglish"
    );
    // The launch query reads back as the same quiz.
    let (back, errors) = QuizParams::from_query(&Query::parse(&spec.launch_query(Lang::En)));
    assert!(errors.is_empty());
    assert_eq!(QuizSpec::new(&back, back.seed.unwrap()), spec);
    assert_eq!(
        spec.build(),
        quiz::build(Some(quiz::Topic::Divergence), 42, 12, Draw::Spread)
    );
    assert_eq!(spec.identifier(), "warp-lab-quiz-divergence-42-12-d2");
    assert_eq!(
        spec.file_name(Version::Scorm2004),
        "warp-lab-quiz-divergence-42-12-d2-scorm2004.zip"
    );
    assert_eq!(
        spec.title(12),
        "Warp Lab quiz: divergence, 12 questions (seed 42)"
    );
    let all = QuizSpec {
        topic: None,
        seed: u64::MAX,
        count: 50,
        draw: Draw::First,
    };
    assert_eq!(
        all.launch_url(Lang::En),
        "index.html?panel=quiz&topic=all&seed=18446744073709551615&count=50&lms=scorm"
    );
    assert_eq!(
        with_lang(Lang::Hinglish, || all.title(50)),
        "Warp Lab quiz: sab, 50 sawaal (seed 18446744073709551615)"
    );
    // A count outside 1–50 is kept within it, as the quiz itself does.
    let wide = QuizParams {
        topic: None,
        seed: None,
        count: 500,
        draw: Draw::First,
    };
    assert_eq!(QuizSpec::new(&wide, 1).count, 50);
}

#[test]
fn a_package_launches_the_quiz_under_its_own_draw_rules() {
    // A quiz of the new rules (draw=2) must be drawn under them inside the LMS too: its launch
    // URL names them, and a link of the first rules (a seed and no draw) stays as it was.
    let params = QuizParams {
        topic: None,
        seed: Some(42),
        count: 8,
        draw: Draw::Spread,
    };
    let spread = QuizSpec::new(&params, 42);
    assert_eq!(
        spread.launch_query(Lang::En),
        "panel=quiz&topic=all&seed=42&count=8&draw=2&lms=scorm"
    );
    assert_eq!(spread.identifier(), "warp-lab-quiz-all-42-8-d2");
    assert_eq!(spread.build(), quiz::build(None, 42, 8, Draw::Spread));
    let first = QuizSpec {
        draw: Draw::First,
        ..spread
    };
    assert_eq!(
        first.launch_query(Lang::En),
        "panel=quiz&topic=all&seed=42&count=8&lms=scorm"
    );
    assert_eq!(first.identifier(), "warp-lab-quiz-all-42-8");
    // The suspend data carries the rules: a state saved under one does not resume the other.
    let saved = cmi::decode(&cmi::encode(&cmi::QuizState::new(spread, 8)))
        .unwrap()
        .unwrap();
    assert_eq!(saved.spec(), spread);
    assert!(saved.check(&first, 8).is_err());
}

#[test]
fn notices_speak_both_languages_and_clip_what_the_lms_says() {
    let refused = Notice::Refused {
        element: "cmi.suspend_data".into(),
        code: "405".into(),
        detail: "Incorrect Data Type".into(),
    };
    assert_eq!(
        refused.message(),
        "The LMS did not accept cmi.suspend_data (error 405: Incorrect Data Type). \
         Your answer is kept in this browser."
    );
    let hi = with_lang(Lang::Hinglish, || refused.message());
    assert!(
        hi.contains("accept nahi kiya") && hi.contains("405"),
        "{hi}"
    );
    let flood = Notice::InitializeFailed {
        code: "101".into(),
        detail: "x".repeat(5_000) + "\n<script>",
    };
    let m = flood.message();
    assert!(m.chars().count() < 400 && m.contains('…'), "{m}");
    assert!(Notice::NoLms.message().contains("No LMS is recording"));
    assert!(Notice::Recording(Version::Scorm12)
        .message()
        .contains("(SCORM 1.2)"));
    assert_eq!(
        Notice::Resumed {
            answered: 3,
            questions: 8
        }
        .message(),
        "Welcome back: 3 of 8 answers restored from your LMS."
    );
    let failed = Notice::ResumeFailed(cmi::SuspendProblem::Foreign).message();
    assert!(
        failed.starts_with("The state saved in the LMS was not written")
            && failed.ends_with("are recorded."),
        "{failed}"
    );
    for n in [
        Notice::NoLms,
        Notice::Recording(Version::Scorm2004),
        flood,
        refused,
        Notice::ResumeFailed(cmi::SuspendProblem::Future(3)),
    ] {
        assert_ne!(
            n.message(),
            with_lang(Lang::Hinglish, || n.message()),
            "{n:?}"
        );
    }
}

/// The `lms.*` keys the sources of this module ask for.
fn lms_keys_in_sources() -> std::collections::BTreeSet<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("lms").with_extension("rs")];
    for f in ["zip.rs", "manifest.rs", "cmi.rs"] {
        files.push(root.join("lms").join(f));
    }
    let mut keys = std::collections::BTreeSet::new();
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        for (i, _) in src.match_indices("\"lms.") {
            let rest = &src[i + 1..];
            let key = &rest[..rest.find('"').unwrap()];
            if key
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b))
                && !key.ends_with('.')
            {
                keys.insert(key.to_string());
            }
        }
    }
    keys
}

#[test]
fn every_lms_message_is_asked_for_and_sits_at_the_end_of_both_catalogues() {
    // Every `lms.` message belongs to these modules (the catalogue tests check the rest), and
    // the section is the last of each catalogue, where issue #18's brief put it.
    let used = lms_keys_in_sources();
    for lang in Lang::ALL {
        let source = crate::i18n::catalogue_source(lang);
        let (catalogue, problems) = crate::i18n::parse_catalogue(source);
        assert!(problems.is_empty(), "{problems:?}");
        let mine: std::collections::BTreeSet<String> = catalogue
            .keys()
            .filter(|k| k.starts_with("lms."))
            .map(|k| (*k).to_string())
            .collect();
        assert_eq!(
            mine, used,
            "{lang:?}: catalogue keys vs keys the code asks for"
        );
        let section = source
            .find("# ==================================================================== lms")
            .unwrap();
        assert!(source[section..]
            .lines()
            .skip(1)
            .all(|l| !l.starts_with("# ====")));
        assert!(source[..section].lines().all(|l| !l.starts_with("lms.")));
    }
}

#[test]
fn lms_launch_mode_is_scorm_or_absent_with_a_named_error() {
    assert_eq!(scorm_launch(None), Ok(false));
    assert_eq!(scorm_launch(Some("scorm")), Ok(true));
    assert_eq!(scorm_launch(Some(" SCORM ")), Ok(true));
    for bad in ["", "lti", "scorm2004", "<script>"] {
        let e = scorm_launch(Some(bad)).unwrap_err();
        assert_eq!(e.param, "lms", "{bad}");
        assert!(e.message.contains("scorm"), "{}", e.message);
    }
}

/// The quiz `warps`, seed 7, 4 questions, and its questions.
fn four() -> (QuizSpec, Vec<Question>) {
    let spec = QuizSpec {
        topic: Some(Topic::Warps),
        seed: 7,
        count: 4,
        draw: Draw::First,
    };
    let qs = spec.build();
    assert_eq!(qs.len(), 4);
    (spec, qs)
}

fn none(_: &str) -> Option<Answered> {
    None
}

#[test]
fn a_first_launch_starts_empty_and_says_nothing() {
    let (spec, qs) = four();
    for entry in ["ab-initio", "", "resume"] {
        let r = resume(spec, &qs, entry, "", &none);
        assert_eq!(r.state, cmi::QuizState::new(spec, 4), "{entry}");
        assert_eq!((r.notice, r.from_browser), (None, 0));
    }
}

#[test]
fn a_resume_takes_the_lms_answers_and_fills_the_rest_from_this_browser() {
    let (spec, qs) = four();
    // The LMS holds question 2 (right) and question 0 (wrong), in that order.
    let mut saved = cmi::QuizState::new(spec, 4);
    saved.record(2, "96", true, 1500);
    saved.record(0, "7", false, 800);
    let suspend = cmi::encode(&saved);
    // This browser holds an answer to question 0 (a different one: the LMS's wins) and to
    // question 3 (the LMS lacks it: kept, as the third interaction).
    let (q0, q3) = (qs[0].qid.clone(), qs[3].qid.clone());
    let local = move |qid: &str| {
        (qid == q0 || qid == q3).then(|| Answered {
            raw: if qid == q0 { "local" } else { "yes" }.to_string(),
            correct: qid == q3,
        })
    };
    let r = resume(spec, &qs, "resume", &suspend, &local);
    let given: Vec<(usize, &str, bool)> = r
        .state
        .given()
        .iter()
        .map(|g| (g.question, g.answer.raw.as_str(), g.answer.correct))
        .collect();
    assert_eq!(given, [(2, "96", true), (0, "7", false), (3, "yes", true)]);
    assert_eq!(r.from_browser, 1);
    assert_eq!(
        r.notice,
        Some(Notice::Resent {
            from_lms: 2,
            from_browser: 1
        })
    );
    // Without local answers: 2 of 4 restored.
    let r = resume(spec, &qs, "resume", &suspend, &none);
    assert_eq!(
        r.notice,
        Some(Notice::Resumed {
            answered: 2,
            questions: 4
        })
    );
    // A new attempt (ab-initio) ignores this browser's answers.
    let r = resume(spec, &qs, "ab-initio", "", &local);
    assert_eq!((r.state.given().len(), r.from_browser), (0, 0));
}

#[test]
fn corrupt_or_foreign_suspend_data_is_named_and_loses_no_local_answer() {
    let (spec, qs) = four();
    let q1 = qs[1].qid.clone();
    let local = move |qid: &str| {
        (qid == q1).then(|| Answered {
            raw: "32".to_string(),
            correct: true,
        })
    };
    let mut saved = cmi::QuizState::new(spec, 4);
    saved.record(0, "1", true, 10);
    let good = cmi::encode(&saved);
    // One character changed: the checksum no longer matches.
    let flipped = good.replacen(",y,", ",n,", 1);
    let other = cmi::encode(&cmi::QuizState::new(QuizSpec { seed: 8, ..spec }, 4));
    for (text, problem) in [
        (
            flipped.as_str(),
            cmi::SuspendProblem::Corrupt(cmi::Damage::Checksum),
        ),
        ("viewed=1,2,3", cmi::SuspendProblem::Foreign),
        (
            other.as_str(),
            cmi::SuspendProblem::OtherQuiz {
                saved: "warp-lab-quiz-warps-8-4".to_string(),
                this: "warp-lab-quiz-warps-7-4".to_string(),
            },
        ),
    ] {
        let r = resume(spec, &qs, "resume", text, &local);
        assert_eq!(r.notice, Some(Notice::ResumeFailed(problem)), "{text}");
        // The browser's answer to question 1 survives, as the only interaction.
        assert_eq!(r.state.given().len(), 1);
        assert_eq!(r.state.given()[0].question, 1);
        assert_eq!(r.from_browser, 1);
        assert_eq!(r.notice.as_ref().unwrap().kind(), "resume-failed");
    }
}

#[test]
fn the_lms_passing_score_decides_as_the_manifest_said() {
    // 1.2: the manifest of an 8-question quiz at 80 % says masteryscore ⌈0.8·8⌉ = 7; the
    // smallest p with ⌈p·8/100⌉ ≥ 7 is 76 (⌈6.08⌉ = 7; 75 gives ⌈6⌉ = 6). Right ≥ 7 passes.
    let p = PassScore::from_lms(Version::Scorm12, "7", 8).unwrap();
    assert_eq!(p.percent(), 76);
    assert!(p.passes(7, 8) && !p.passes(6, 8));
    // For every quiz size and every instructor's percentage, reading back the mastery score
    // written into the manifest decides every raw score exactly as the percentage does.
    for total in 1..=50u64 {
        for pct in 0..=100u8 {
            let written = PassScore(pct).min_right(total);
            let read = PassScore::from_lms(Version::Scorm12, &written.to_string(), total).unwrap();
            for right in 0..=total {
                assert_eq!(
                    read.passes(right, total),
                    PassScore(pct).passes(right, total),
                    "{pct} % of {total}, {right} right"
                );
            }
        }
    }
    // "7.0" and " 7 " read the same; 1.2 mastery 0 passes everything.
    assert_eq!(PassScore::from_lms(Version::Scorm12, " 7.0 ", 8), Some(p));
    assert_eq!(
        PassScore::from_lms(Version::Scorm12, "0", 8),
        PassScore::new(0)
    );
    // More than the questions: nobody passes short of all (100 %).
    assert_eq!(
        PassScore::from_lms(Version::Scorm12, "9", 8),
        PassScore::new(100)
    );
    // 2004: scaled 0.8 → 80; 0.05 → 5; 1 → 100; a negative threshold passes everything.
    for (s, want) in [
        ("0.8", 80),
        ("0.05", 5),
        ("1", 100),
        ("-0.5", 0),
        ("0.801", 81),
    ] {
        assert_eq!(
            PassScore::from_lms(Version::Scorm2004, s, 8),
            PassScore::new(want),
            "{s}"
        );
    }
    // Empty, words, out of range, not finite: None (the caller keeps 80 %).
    for bad in ["", "abc", "1e3", "NaN", "1.5", "--1", "0.8.1"] {
        assert_eq!(
            PassScore::from_lms(Version::Scorm2004, bad, 8),
            None,
            "{bad}"
        );
    }
    assert_eq!(PassScore::from_lms(Version::Scorm12, "-1", 8), None);
}
