//! The version and passing-score parameters, the package's quiz, the notices, and the
//! catalogue's `lms.*` messages.

use super::*;
use crate::i18n::{with_lang, Lang};
use crate::query::Query;
use crate::quiz::{self, Draw, QuizParams, Topic};

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
                // SCORM 1.2: raw (the percentage, cut to 2 places) ≥ mastery score (p), as an
                // LMS parses both; also the old rule in right answers.
                let raw: f64 = cmi::percent(right, total).parse().unwrap();
                assert_eq!(raw >= f64::from(p), quiz_says, "{right}/{total} {p}%");
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
    // The package's passing score rides in its launch URL: it applies when the LMS hands none.
    let p50 = PassScore::new(50).unwrap();
    assert_eq!(
        spec.launch_url(Lang::En, p50),
        "index.html?panel=quiz&topic=divergence&seed=42&count=12&draw=6&lms=scorm&pass-score=50"
    );
    assert_eq!(
        spec.launch_query(Lang::Hinglish, PassScore::DEFAULT),
        "panel=quiz&topic=divergence&seed=42&count=12&draw=6&lms=scorm&pass-score=80&lang=hinglish"
    );
    // The launch query reads back as the same quiz, and its passing score as the package's.
    let launched = Query::parse(&spec.launch_query(Lang::En, p50));
    assert_eq!(
        launched.get("pass-score").map(PassScore::parse),
        Some(Ok(p50))
    );
    let (back, errors) = QuizParams::from_query(&launched);
    assert!(errors.is_empty());
    assert_eq!(QuizSpec::new(&back, back.seed.unwrap()), spec);
    assert_eq!(
        spec.build(),
        quiz::build(Some(quiz::Topic::Divergence), 42, 12, Draw::LATEST)
    );
    assert_eq!(spec.identifier(), "warp-lab-quiz-divergence-42-12-d6");
    assert_eq!(
        spec.file_name(Version::Scorm2004),
        "warp-lab-quiz-divergence-42-12-d6-scorm2004.zip"
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
        all.launch_url(Lang::En, PassScore::new(0).unwrap()),
        "index.html?panel=quiz&topic=all&seed=18446744073709551615&count=50&lms=scorm&pass-score=0"
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
        spread.launch_query(Lang::En, PassScore::DEFAULT),
        "panel=quiz&topic=all&seed=42&count=8&draw=2&lms=scorm&pass-score=80"
    );
    assert_eq!(spread.identifier(), "warp-lab-quiz-all-42-8-d2");
    assert_eq!(spread.build(), quiz::build(None, 42, 8, Draw::Spread));
    let first = QuizSpec {
        draw: Draw::First,
        ..spread
    };
    assert_eq!(
        first.launch_query(Lang::En, PassScore::DEFAULT),
        "panel=quiz&topic=all&seed=42&count=8&lms=scorm&pass-score=80"
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
    // No LMS: said in words that nothing is recorded, marked for the page (issue 43).
    assert!(Notice::NoLms
        .message()
        .contains("nothing you do here is recorded"));
    assert_eq!(Notice::NoLms.note(), Some("missing"));
    assert_eq!(Notice::Recording(Version::Scorm12).note(), None);
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
    for f in ["zip.rs", "manifest.rs", "cmi.rs", "spec.rs", "score.rs"] {
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

/// A launch as the LMS describes it.
fn launch<'a>(entry: &'a str, suspend: &'a str, learner: &'a str) -> Launch<'a> {
    Launch {
        entry,
        suspend,
        learner,
    }
}

const TOKEN_A: u32 = 0x0a0a_0a0a;
const TOKEN_NEW: u32 = 0x1234_abcd;

/// Learner A's finished attempt at `four()` as this browser keeps it: all four answered.
fn finished_copy(spec: QuizSpec) -> String {
    let mut a = cmi::QuizState::new(spec, 4).with_token(TOKEN_A);
    for (i, raw) in ["1", "2", "yes", "4"].iter().enumerate() {
        a.record(i, raw, i % 2 == 0, 100);
    }
    cmi::encode(&a)
}

#[test]
fn a_first_launch_starts_empty_and_says_nothing() {
    let (spec, qs) = four();
    for entry in ["ab-initio", "", "resume", " AB-INITIO "] {
        let r = resume(spec, &qs, &launch(entry, "", "a"), None, TOKEN_NEW);
        assert_eq!(
            r.state,
            cmi::QuizState::new(spec, 4).with_token(TOKEN_NEW),
            "{entry}"
        );
        assert_eq!((r.notice, r.from_browser), (None, 0));
    }
    // A token of 0 would mean "none": it is taken as 1.
    let r = resume(spec, &qs, &launch("ab-initio", "", "a"), None, 0);
    assert_eq!(r.state.token(), Some(1));
}

#[test]
fn a_new_attempt_is_blank_whatever_this_browser_holds() {
    // Issue 25: on a shared computer, learner A finished this quiz; learner B (another LMS
    // login) opens it as a new attempt. Nothing of A's may show or be sent, and the same for
    // A's own second attempt.
    let (spec, qs) = four();
    let copy = finished_copy(spec);
    for learner in ["b", "a"] {
        let r = resume(
            spec,
            &qs,
            &launch("ab-initio", "", learner),
            Some(&copy),
            TOKEN_NEW,
        );
        assert_eq!(r.state.given().len(), 0, "{learner}");
        assert_eq!((r.notice, r.from_browser), (None, 0));
        assert_eq!(r.state.token(), Some(TOKEN_NEW));
        // What is written to the LMS at the start: no interaction, a score of 0 %.
        let pairs = cmi::all_pairs(Version::Scorm12, &r.state, &qs, PassScore::DEFAULT);
        assert!(pairs
            .iter()
            .all(|(e, _)| !e.starts_with("cmi.interactions")));
        assert!(pairs.contains(&("cmi.core.score.raw".into(), "0".into())));
    }
    // Even a stale suspend data the LMS hands to a new attempt is not read.
    let r = resume(spec, &qs, &launch("ab-initio", &copy, "a"), None, TOKEN_NEW);
    assert_eq!(r.state.given().len(), 0);
}

/// Suspend data edited by a test, sealed again (the checksum covers everything before it).
fn resealed(text: &str) -> String {
    let body = text.rsplit_once(';').unwrap().0;
    format!("{body};{:08x}", crate::lms::zip::crc32(body.as_bytes()))
}

#[test]
fn a_resume_is_the_lms_attempt_filled_only_from_the_same_attempts_copy() {
    let (spec, qs) = four();
    // The LMS holds attempt A's question 2 (right) and question 0 (wrong), in that order.
    let mut lms = cmi::QuizState::new(spec, 4).with_token(TOKEN_A);
    lms.record(2, "96", true, 1500);
    lms.record(0, "7", false, 800);
    let suspend = cmi::encode(&lms);
    assert!(
        suspend.starts_with("wl2;warps;7;4;4;0a0a0a0a;2,y,1500,96;"),
        "{suspend}"
    );
    // This browser's copy of the same attempt holds those two (question 0 with another raw
    // answer: the LMS's wins) and question 3, whose write the LMS refused.
    let mut same = lms.clone();
    same.record(3, "yes", true, 900);
    let same = resealed(&cmi::encode(&same).replace("0,n,800,7", "0,n,800,8"));
    let r = resume(
        spec,
        &qs,
        &launch("resume", &suspend, "a"),
        Some(&same),
        TOKEN_NEW,
    );
    let given: Vec<(usize, &str, bool)> = r
        .state
        .given()
        .iter()
        .map(|g| (g.question, g.answer.raw.as_str(), g.answer.correct))
        .collect();
    assert_eq!(given, [(2, "96", true), (0, "7", false), (3, "yes", true)]);
    assert_eq!(r.from_browser, 1);
    assert_eq!(
        r.state.token(),
        Some(TOKEN_A),
        "the attempt keeps its token"
    );
    assert_eq!(
        r.notice,
        Some(Notice::Resent {
            from_lms: 2,
            from_browser: 1
        })
    );
    // Another attempt's copy (another learner's, or the same learner's earlier attempt: its
    // token differs) fills nothing: the resumed attempt shows exactly the LMS's answers.
    let other = resealed(&finished_copy(spec).replace("0a0a0a0a", "0b0b0b0b"));
    assert!(cmi::decode(&other).unwrap().is_some());
    let r = resume(
        spec,
        &qs,
        &launch("resume", &suspend, "b"),
        Some(&other),
        TOKEN_NEW,
    );
    assert_eq!(r.state.given().len(), 2);
    assert_eq!(r.from_browser, 0);
    assert_eq!(
        r.notice,
        Some(Notice::Resumed {
            answered: 2,
            questions: 4
        })
    );
    // The same attempt's copy, but the LMS names no learner, or the entry is not `resume`:
    // nothing proves whose copy it is, so nothing is filled.
    for l in [launch("resume", &suspend, " "), launch("", &suspend, "a")] {
        let r = resume(spec, &qs, &l, Some(&same), TOKEN_NEW);
        assert_eq!((r.state.given().len(), r.from_browser), (2, 0), "{l:?}");
    }
    // A copy of another quiz, or unreadable: nothing filled, nothing said about it.
    let r = resume(
        spec,
        &qs,
        &launch("resume", &suspend, "a"),
        Some("garbage"),
        TOKEN_NEW,
    );
    assert_eq!(r.from_browser, 0);
}

#[test]
fn an_attempt_the_lms_never_stored_is_not_filled_from_this_browser() {
    // The LMS kept no suspend data (it refused every write): there is no token to prove that
    // this browser's copy is this learner's attempt, so the attempt starts blank.
    let (spec, qs) = four();
    let copy = finished_copy(spec);
    for entry in ["resume", ""] {
        let r = resume(spec, &qs, &launch(entry, "", "a"), Some(&copy), TOKEN_A);
        assert_eq!((r.state.given().len(), r.from_browser), (0, 0), "{entry}");
    }
    // Version-1 suspend data (no token) resumes as it is, gets a token, and is not filled.
    let mut old = cmi::QuizState::new(spec, 4);
    old.record(1, "32", true, 10);
    let v1 = cmi::encode(&old);
    assert!(v1.starts_with("wl1;warps;7;4;4;1,y,10,32;"), "{v1}");
    let r = resume(spec, &qs, &launch("resume", &v1, "a"), Some(&copy), TOKEN_A);
    assert_eq!((r.state.given().len(), r.from_browser), (1, 0));
    assert_eq!(r.state.token(), Some(TOKEN_A));
}

#[test]
fn corrupt_or_foreign_suspend_data_is_named() {
    let (spec, qs) = four();
    let mut saved = cmi::QuizState::new(spec, 4).with_token(TOKEN_A);
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
        // Even with this attempt's own copy in the browser: the LMS's data cannot vouch for it.
        let r = resume(
            spec,
            &qs,
            &launch("resume", text, "a"),
            Some(&good),
            TOKEN_NEW,
        );
        assert_eq!(r.notice, Some(Notice::ResumeFailed(problem)), "{text}");
        assert_eq!(r.state.given().len(), 0);
        assert_eq!(r.from_browser, 0);
        assert_eq!(r.state.token(), Some(TOKEN_NEW));
        assert_eq!(r.notice.as_ref().unwrap().kind(), "resume-failed");
    }
}

#[test]
fn this_browser_keeps_each_learners_attempts_apart() {
    let (spec, _) = four();
    let a = attempt_store_key("student-17", &spec).unwrap();
    let b = attempt_store_key("student-18", &spec).unwrap();
    assert_ne!(a, b);
    assert!(a.starts_with(ATTEMPT_STORE_PREFIX), "{a}");
    assert!(a.ends_with(".warp-lab-quiz-warps-7-4"), "{a}");
    // The learner id itself is not written into the browser's storage.
    assert!(!a.contains("student"), "{a}");
    // Surrounding spaces are the same learner; no learner, no copy.
    assert_eq!(attempt_store_key(" student-17 ", &spec), Some(a.clone()));
    assert_eq!(attempt_store_key("", &spec), None);
    assert_eq!(attempt_store_key("  ", &spec), None);
    // Another quiz, another key.
    assert_ne!(
        attempt_store_key("student-17", &QuizSpec { seed: 8, ..spec }),
        Some(a)
    );
}

#[test]
fn the_lms_passing_score_decides_as_the_manifest_said() {
    // 1.2: the manifest's masteryscore is the passing percentage, compared with the raw
    // percentage: "50" is 50 %. The quiz's passing score is a whole percentage, so an LMS's
    // fractional one is rounded up: "66.5" → 67 (a raw of 66.66, 2 of 3, then fails where the
    // LMS alone would pass it; our packages write whole percentages).
    for (m, want) in [
        ("50", 50),
        (" 80.0 ", 80),
        ("0", 0),
        ("100", 100),
        ("66.5", 67),
    ] {
        assert_eq!(
            PassScore::from_lms(Version::Scorm12, m),
            PassScore::new(want),
            "{m}"
        );
    }
    // 2 of 4 right at a mastery of 50: raw 50 ≥ 50 passes; 1 of 4 (25) does not.
    let p = PassScore::from_lms(Version::Scorm12, "50").unwrap();
    assert!(p.passes(2, 4) && !p.passes(1, 4));
    // A raw-units mastery above 100 is not a percentage: not read (the package's own applies).
    assert_eq!(PassScore::from_lms(Version::Scorm12, "101"), None);
    // 2004: scaled 0.8 → 80; 0.05 → 5; 1 → 100; a negative threshold passes everything.
    for (s, want) in [
        ("0.8", 80),
        ("0.05", 5),
        ("1", 100),
        ("-0.5", 0),
        ("0.801", 81),
    ] {
        assert_eq!(
            PassScore::from_lms(Version::Scorm2004, s),
            PassScore::new(want),
            "{s}"
        );
    }
    // Empty, words, out of range, not finite: None (the caller keeps the package's own).
    for bad in ["", "abc", "1e3", "NaN", "1.5", "--1", "0.8.1"] {
        assert_eq!(PassScore::from_lms(Version::Scorm2004, bad), None, "{bad}");
    }
    assert_eq!(PassScore::from_lms(Version::Scorm12, "-1"), None);
}

/// The `u128` writer the scores had (`cut`): `num / den`, at most `places` decimals, cut,
/// trailing zeros dropped; the oracle of the `u64` one.
fn cut_u128(num: u128, den: u128, places: u32) -> String {
    if den == 0 {
        return "0".to_string();
    }
    let scale = 10u128.pow(places);
    let whole = num / den;
    let frac = (num % den) * scale / den;
    if frac == 0 {
        return whole.to_string();
    }
    let digits = format!("{frac:0width$}", width = places as usize);
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

proptest::proptest! {
    /// The scores, written in `u64` long division, are the decimals the `u128` writer they
    /// replaced wrote, digit for digit: any count an LMS
    /// could be handed, and every quiz size's (the cmi tests pin 1/3 → 33.33 and the others).
    #[test]
    fn u64_scores_are_cut_as_the_u128_ones(num in 0u64..10_000_000_000_000, den in 0u64..10_000_000_000_000) {
        proptest::prop_assert_eq!(score::ratio(num, den), cut_u128(u128::from(num), u128::from(den), 7));
        proptest::prop_assert_eq!(score::percent(num, den), cut_u128(u128::from(num) * 100, u128::from(den), 2));
    }

    #[test]
    fn u64_scores_of_small_counts(num in 0u64..=60, den in 0u64..=60) {
        proptest::prop_assert_eq!(score::ratio(num, den), cut_u128(u128::from(num), u128::from(den), 7));
        proptest::prop_assert_eq!(score::percent(num, den), cut_u128(u128::from(num) * 100, u128::from(den), 2));
    }
}
