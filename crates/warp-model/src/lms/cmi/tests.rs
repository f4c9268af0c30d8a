//! The CMI pairs of a hand-worked quiz in both versions, the value formats against each
//! version's rules, and the suspend data: exact text, size bound, refusals, never a panic.

use super::*;
use crate::i18n::{with_lang, Lang};
use crate::quiz::seed_bank;
use crate::quiz::Draw;
use proptest::prelude::{any, prop, prop_assert, prop_assert_eq, prop_assume, proptest};

fn bank(qid: &str) -> Question {
    seed_bank().into_iter().find(|q| q.qid == qid).unwrap()
}

/// Four bank questions: a number (32), a choice (x, y, z; x right), yes/no (no), a fraction
/// (0.5 ± 0.005).
fn four() -> Vec<Question> {
    vec![
        bank("s000-recall-warp-size"),
        bank("s000-recall-linear"),
        bank("s004-recall-latency"),
        bank("s003-self-5-5-eff"),
    ]
}

const SPEC: QuizSpec = QuizSpec {
    topic: None,
    seed: 7,
    count: 4,
    draw: Draw::First,
};

/// Three of the four answered, out of order: position 0 right, 2 right, 1 wrong.
fn three_answered() -> QuizState {
    let mut s = QuizState::new(SPEC, 4);
    assert_eq!(s.record(0, "32", true, 65_250), Some(0));
    assert_eq!(s.record(2, "no", true, 3_600_000), Some(1));
    assert_eq!(s.record(1, "2", false, 1_000), Some(2));
    s
}

fn pairs(v: &[(&str, &str)]) -> Vec<Pair> {
    v.iter()
        .map(|(a, b)| ((*a).to_string(), (*b).to_string()))
        .collect()
}

#[test]
fn the_answers_grade_as_recorded() {
    // The hand-worked quiz's grades are the quiz's own.
    let q = four();
    assert!(q[0].grade("32").correct);
    assert!(q[2].grade("no").correct);
    assert!(!q[1].grade("2").correct);
    assert!(!q[3].grade("4/7").correct);
}

#[test]
fn scorm12_pairs_of_a_quiz_in_progress() {
    let (q, s) = (four(), three_answered());
    let got = all_pairs(Version::Scorm12, &s, &q, PassScore::DEFAULT);
    let want = pairs(&[
        // Answer 1: question 1 (32 threads), "32", right, 65.25 s.
        ("cmi.interactions.0.id", "q01-s000-recall-warp-size"),
        ("cmi.interactions.0.type", "numeric"),
        ("cmi.interactions.0.student_response", "32"),
        ("cmi.interactions.0.result", "correct"),
        ("cmi.interactions.0.latency", "0000:01:05.25"),
        // Answer 2: question 3 (yes/no, "no" is right), 3,600,000 ms = one hour.
        ("cmi.interactions.1.id", "q03-s004-recall-latency"),
        ("cmi.interactions.1.type", "true-false"),
        ("cmi.interactions.1.student_response", "f"),
        ("cmi.interactions.1.result", "correct"),
        ("cmi.interactions.1.latency", "0001:00:00.00"),
        // Answer 3: question 2, option index 2 = the third, "c"; wrong; one second.
        ("cmi.interactions.2.id", "q02-s000-recall-linear"),
        ("cmi.interactions.2.type", "choice"),
        ("cmi.interactions.2.student_response", "c"),
        ("cmi.interactions.2.result", "wrong"),
        ("cmi.interactions.2.latency", "0000:00:01.00"),
        // Two right of four questions (raw: 2 / 4 = 50 %, of 100, as gradebooks read it); one
        // unanswered, so incomplete and suspended.
        ("cmi.core.score.raw", "50"),
        ("cmi.core.score.min", "0"),
        ("cmi.core.score.max", "100"),
        ("cmi.core.lesson_status", "incomplete"),
        ("cmi.core.exit", "suspend"),
        // CRC-32 of the body, from Python's zlib.crc32: 0xcbc817c6.
        (
            "cmi.suspend_data",
            "wl1;all;7;4;4;0,y,65250,32;2,y,3600000,no;1,n,1000,2;cbc817c6",
        ),
    ]);
    assert_eq!(got, want);
    // After the newest answer: its interaction (index 2), then score, status and suspend data.
    let after = after_answer(Version::Scorm12, &s, &q, PassScore::DEFAULT);
    assert_eq!(after, [&want[10..15], &want[15..]].concat());
}

#[test]
fn scorm2004_pairs_of_a_finished_quiz() {
    let q = four();
    let mut s = three_answered();
    // Answer 4: question 4 (0.5 ± 0.005), "4/7" ≈ 0.5714286, wrong, 0 ms.
    assert_eq!(s.record(3, "4/7", false, 0), Some(3));
    let got = after_answer(Version::Scorm2004, &s, &q, PassScore::DEFAULT);
    let want = pairs(&[
        ("cmi.interactions.3.id", "q04-s003-self-5-5-eff"),
        ("cmi.interactions.3.type", "numeric"),
        ("cmi.interactions.3.learner_response", "0.5714286"),
        ("cmi.interactions.3.result", "incorrect"),
        ("cmi.interactions.3.latency", "PT0S"),
        // 2 of 4: raw 50 (%), scaled 0.5 < 0.8, every question answered: completed and failed.
        ("cmi.score.raw", "50"),
        ("cmi.score.min", "0"),
        ("cmi.score.max", "100"),
        ("cmi.score.scaled", "0.5"),
        ("cmi.progress_measure", "1"),
        ("cmi.completion_status", "completed"),
        ("cmi.success_status", "failed"),
        ("cmi.exit", "normal"),
        // zlib.crc32 of the body: 0x7944d6c1.
        (
            "cmi.suspend_data",
            "wl1;all;7;4;4;0,y,65250,32;2,y,3600000,no;1,n,1000,2;3,n,0,4/7;7944d6c1",
        ),
    ]);
    assert_eq!(got, want);
    // The earlier answers in 2004's formats.
    let all = all_pairs(Version::Scorm2004, &s, &q, PassScore::DEFAULT);
    for (e, v) in [
        ("cmi.interactions.0.learner_response", "32"),
        ("cmi.interactions.0.latency", "PT1M5.25S"),
        ("cmi.interactions.1.learner_response", "false"),
        ("cmi.interactions.1.latency", "PT1H"),
        ("cmi.interactions.2.learner_response", "c"),
        ("cmi.interactions.2.result", "incorrect"),
        ("cmi.interactions.2.latency", "PT1S"),
    ] {
        assert!(all.contains(&(e.to_string(), v.to_string())), "{e} = {v}");
    }
    // At a 50 % passing score the same answers pass: 2 · 100 ≥ 50 · 4.
    let half = PassScore::new(50).unwrap();
    assert_eq!(s.status(half), Status::Passed);
    let p = score_and_status(Version::Scorm12, &s, half);
    assert_eq!(p[3], pair("cmi.core.lesson_status", "passed"));
    assert_eq!(p[4], pair("cmi.core.exit", ""));
    assert_eq!(s.status(PassScore::DEFAULT).lesson_status(), "failed");
    // Before any answer: 0 of 4, incomplete, progress 0, success unknown.
    let empty = QuizState::new(SPEC, 4);
    let p = after_answer(Version::Scorm2004, &empty, &q, PassScore::DEFAULT);
    assert_eq!(p.len(), 9);
    assert_eq!(p[3], pair("cmi.score.scaled", "0"));
    assert_eq!(p[6], pair("cmi.success_status", "unknown"));
    assert_eq!(
        p[8],
        pair("cmi.suspend_data", "wl1;all;7;4;4;78e44cdf") // zlib.crc32: 0x78e44cdf
    );
}

#[test]
fn session_time_and_the_value_formats() {
    assert_eq!(
        session_time(Version::Scorm12, 754_320),
        pair("cmi.core.session_time", "0000:12:34.32")
    );
    assert_eq!(
        session_time(Version::Scorm2004, 754_320),
        pair("cmi.session_time", "PT12M34.32S")
    );
    for (ms, t12, t2004) in [
        (0, "0000:00:00.00", "PT0S"),
        (9, "0000:00:00.00", "PT0S"), // under a centisecond: cut
        (10, "0000:00:00.01", "PT0.01S"),
        (65_200, "0000:01:05.20", "PT1M5.2S"), // trailing zero dropped in 2004
        (3_600_000, "0001:00:00.00", "PT1H"),
        (3_661_000, "0001:01:01.00", "PT1H1M1S"),
        (3_600_500, "0001:00:00.50", "PT1H0.5S"),
        (MAX_LATENCY_MS, "0027:46:39.99", "PT27H46M39.99S"),
        // 10,000 hours and more: 1.2 stops at its largest timespan.
        (36_000_000_000, "9999:59:59.99", "PT10000H"),
        (u64::MAX, "9999:59:59.99", "PT5124095576030H25M51.61S"),
    ] {
        assert_eq!(timespan_12(ms), t12, "{ms}");
        assert_eq!(duration_2004(ms), t2004, "{ms}");
    }
    for (n, d, r) in [
        (7, 8, "0.875"),
        (2, 3, "0.6666666"),
        (1, 3, "0.3333333"),
        (8, 8, "1"),
        (0, 8, "0"),
        (1, 50, "0.02"),
        (49, 50, "0.98"),
        (5, 0, "0"),
        (3, 2, "1.5"),
    ] {
        assert_eq!(ratio(n, d), r, "{n}/{d}");
    }
    assert_eq!(
        interaction_id(2, "gen-div-cycles-12,30-16,16"),
        "q03-gen-div-cycles-12_30-16_16"
    );
    assert_eq!(interaction_id(49, "ü x,y"), "q50-__x_y");
    assert_eq!(interaction_id(0, &"a".repeat(400)).len(), MAX_ID_LEN);
}

#[test]
fn responses_take_each_kind_and_keep_what_they_cannot_read() {
    let q = four();
    let (num, choice, yn) = (&q[0].kind, &q[1].kind, &q[2].kind);
    for (kind, raw, want) in [
        (num, "32", Response::Numeric("32".into())),
        (num, " 1,638 ", Response::Numeric("1638".into())),
        (num, "57.1%", Response::Numeric("0.571".into())),
        (num, "-0.00000001", Response::Numeric("0".into())),
        (num, "-2", Response::Numeric("-2".into())),
        (num, "¼", Response::Numeric("0.25".into())),
        // Too large for 2004's real(10,7), and unreadable: kept as text.
        (num, "12345678901", Response::FillIn("12345678901".into())),
        (num, "about {32} [x]", Response::FillIn("about 32 x".into())),
        (choice, "0", Response::Choice('a')),
        (choice, " 2", Response::Choice('c')),
        (choice, "3", Response::FillIn("3".into())),
        (yn, "haan", Response::TrueFalse(true)),
        (yn, "No", Response::TrueFalse(false)),
        (yn, "maybe\n", Response::FillIn("maybe".into())),
    ] {
        assert_eq!(Response::of(kind, raw), want, "{raw:?}");
    }
    assert_eq!(Response::TrueFalse(true).value(Version::Scorm12), "t");
    assert_eq!(Response::TrueFalse(true).value(Version::Scorm2004), "true");
    assert_eq!(Response::FillIn(String::new()).kind(), "fill-in");
    let long = "9".repeat(100) + "x";
    assert_eq!(Response::of(num, &long), Response::FillIn("9".repeat(64)));
}

/// SCORM 1.2's `CMIIdentifier` as the spec writes it: letters, digits, `-`, `_`; ≤ 255.
fn is_identifier_12(s: &str) -> bool {
    (1..=255).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A `CMIDecimal` both versions accept: `-?digits(.digits)?`, ≤ 10 whole digits, ≤ 7 places.
fn is_decimal(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let (whole, frac) = s.split_once('.').unwrap_or((s, "1"));
    (1..=10).contains(&whole.len())
        && (1..=7).contains(&frac.len())
        && whole
            .bytes()
            .chain(frac.bytes())
            .all(|b| b.is_ascii_digit())
}

/// SCORM 1.2's `CMITimespan`: `HHHH:MM:SS.SS`, hours 2–4 digits, minutes and seconds < 60.
fn is_timespan_12(s: &str) -> bool {
    let p: Vec<&str> = s.split(':').collect();
    p.len() == 3
        && (2..=4).contains(&p[0].len())
        && p[0].bytes().all(|b| b.is_ascii_digit())
        && p[1].len() == 2
        && p[1].parse::<u8>().is_ok_and(|m| m < 60)
        && p[2].len() == 5
        && p[2][..2].parse::<u8>().is_ok_and(|x| x < 60)
        && p[2].as_bytes()[2] == b'.'
        && p[2][3..].bytes().all(|b| b.is_ascii_digit())
}

/// SCORM 2004's timeinterval as written here: `PT` then `nH`, `nM`, `n(.nn)S` in order.
fn is_duration_2004(s: &str) -> bool {
    let Some(mut rest) = s.strip_prefix("PT") else {
        return false;
    };
    let mut any = false;
    for unit in ['H', 'M', 'S'] {
        if let Some((n, r)) = rest.split_once(unit) {
            let ok = if unit == 'S' {
                let (w, f) = n.split_once('.').unwrap_or((n, "0"));
                !w.is_empty()
                    && w.bytes().chain(f.bytes()).all(|b| b.is_ascii_digit())
                    && f.len() <= 2
            } else {
                !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
            };
            if !ok {
                return false;
            }
            any = true;
            rest = r;
        }
    }
    any && rest.is_empty()
}

/// Checks every pair against its version's rules.
fn check_formats(version: Version, state: &QuizState, p: &[Pair]) {
    let mut types = std::collections::HashMap::new();
    for (e, v) in p {
        let field = e.rsplit('.').next().unwrap();
        let n = e.split('.').nth(2).unwrap_or("");
        match (version, field) {
            (_, "id") => assert!(is_identifier_12(v) && v.len() <= MAX_ID_LEN, "{e} = {v}"),
            (_, "type") => {
                assert!(["numeric", "choice", "true-false", "fill-in"].contains(&v.as_str()));
                types.insert(n.to_string(), v.clone());
            }
            (Version::Scorm12, "student_response") | (Version::Scorm2004, "learner_response") => {
                match types[n].as_str() {
                    "numeric" => assert!(is_decimal(v), "{e} = {v}"),
                    "choice" => assert!(v.len() == 1 && v.as_bytes()[0].is_ascii_lowercase()),
                    "true-false" if version == Version::Scorm12 => {
                        assert!(v == "t" || v == "f");
                    }
                    "true-false" => assert!(v == "true" || v == "false"),
                    _ => assert!(
                        v.chars().count() <= 64
                            && !v.chars().any(|c| c.is_control() || "[]{}".contains(c)),
                        "{e} = {v:?}"
                    ),
                }
            }
            (Version::Scorm12, "result") => assert!(v == "correct" || v == "wrong"),
            (Version::Scorm2004, "result") => assert!(v == "correct" || v == "incorrect"),
            (Version::Scorm12, "latency") => assert!(is_timespan_12(v), "{e} = {v}"),
            (Version::Scorm2004, "latency") => assert!(is_duration_2004(v), "{e} = {v}"),
            // raw: a percentage with at most two decimals; min 0 and max 100.
            (_, "raw") => assert!(
                is_decimal(v)
                    && v.split_once('.').is_none_or(|(_, f)| f.len() <= 2)
                    && v.parse::<f64>().is_ok_and(|x| (0.0..=100.0).contains(&x)),
                "{e} = {v}"
            ),
            (_, "min") => assert_eq!(v, "0"),
            (_, "max") => assert_eq!(v, "100"),
            (_, "scaled" | "progress_measure") => {
                assert!(is_decimal(v) && v.parse::<f64>().is_ok_and(|x| (0.0..=1.0).contains(&x)));
            }
            (_, "suspend_data") => {
                assert!(v.len() <= version.suspend_data_limit() && v.len() <= 3_990);
                assert!(v.bytes().all(|b| (0x21..=0x7E).contains(&b)));
                assert_eq!(decode(v), Ok(Some(state.clone())));
            }
            _ => {}
        }
    }
}

#[test]
fn the_largest_quiz_with_the_longest_answers_fits_scorm12() {
    // 50 questions of a 20-digit seed, every answer 64 escaped characters and the longest
    // latency: a header of 50 characters with its token
    // (`wl2;coalescing;18446744073709551615;50;50;ffffffff`), answers of 77 + the position's
    // digits (`;49,y,99999999,` and 64), a 9-character checksum:
    // 50 + 10 · 78 + 40 · 79 + 9 = 3,999 ≤ 4,096.
    let spec = QuizSpec {
        topic: Some(Topic::Coalescing),
        seed: u64::MAX,
        count: 50,
        draw: Draw::First,
    };
    let mut s = QuizState::new(spec, 50).with_token(u32::MAX);
    for i in 0..50 {
        // "½" is two UTF-8 bytes, 6 escaped characters: 10 of them and "xxxx" make 64.
        let raw = "½".repeat(10) + "xxxx" + "more that is cut";
        assert!(s.record(49 - i, &raw, i % 3 == 0, u64::MAX).is_some());
    }
    assert_eq!(s.given()[0].answer.raw, "½".repeat(10) + "xxxx");
    assert_eq!(s.given()[0].latency_ms, MAX_LATENCY_MS);
    let text = encode(&s);
    assert_eq!(text.len(), 3_999);
    assert_eq!(decode(&text), Ok(Some(s.clone())));
    let questions = spec.build();
    assert_eq!(questions.len(), 25, "coalescing has 25 distinct questions");
    let mut s = QuizState::new(spec, questions.len());
    for i in 0..questions.len() {
        s.record(i, "½ x", false, 1_234_567);
        let p = after_answer(Version::Scorm12, &s, &questions, PassScore::DEFAULT);
        check_formats(Version::Scorm12, &s, &p);
    }
    assert_eq!(s.status(PassScore::DEFAULT), Status::Failed);
}

#[test]
fn every_value_follows_its_versions_rules_for_real_quizzes() {
    for (topic, seed) in [
        (None, 1),
        (Some(Topic::Warps), 2),
        (Some(Topic::Latency), 3),
    ] {
        let spec = QuizSpec {
            topic,
            seed,
            count: 50,
            draw: Draw::First,
        };
        let questions = spec.build();
        let mut s = QuizState::new(spec, questions.len());
        for (i, q) in questions.iter().enumerate().rev() {
            // Right answers for some, the first wrong myth or junk for others.
            let raw = match (&q.kind, i % 3) {
                (AnswerKind::Number { value, .. }, 0) => crate::figure::format_decimal(*value),
                (AnswerKind::Choice { correct, .. }, 0) => correct.to_string(),
                (AnswerKind::YesNo(b), 0) => if *b { "yes" } else { "no" }.to_string(),
                (_, 1) => "1/3".to_string(),
                _ => "no idea; {really}, 100%".to_string(),
            };
            let g = q.grade(&raw);
            s.record(i, &raw, g.correct, (i as u64) * 1_017);
        }
        for v in Version::ALL {
            let p = all_pairs(v, &s, &questions, PassScore::DEFAULT);
            check_formats(v, &s, &p);
            // The score the LMS sees is the quiz-score figure's right answers as a percentage
            // of the questions.
            let right = s.given().iter().filter(|g| g.answer.correct).count() as u64;
            let raw_element = match v {
                Version::Scorm12 => "cmi.core.score.raw",
                Version::Scorm2004 => "cmi.score.raw",
            };
            let total = questions.len() as u64;
            assert!(p.contains(&pair(raw_element, percent(right, total))));
        }
    }
}

#[test]
fn answers_are_final_and_stay_inside_the_quiz() {
    let mut s = QuizState::new(SPEC, 4);
    assert_eq!(s.record(4, "1", true, 0), None, "no question 5");
    assert_eq!(s.record(1, "0", true, 10), Some(0));
    assert_eq!(s.record(1, "1", false, 10), None, "already answered");
    assert_eq!(s.given().len(), 1);
    assert_eq!(s.answer(1).map(|g| g.answer.raw.as_str()), Some("0"));
    assert_eq!(s.answer(0), None);
    assert_eq!(
        s.score(),
        Score {
            right: 1,
            answered: 1,
            total: 4
        }
    );
    assert_eq!(QuizState::new(SPEC, 0).questions(), 1);
    assert_eq!(QuizState::new(SPEC, 80).questions(), 50);
}

#[test]
fn raw_answers_escape_and_come_back_whole() {
    let mut s = QuizState::new(SPEC, 4);
    s.record(0, " ½; x,%", false, 5);
    let text = encode(&s);
    assert!(
        text.starts_with("wl1;all;7;4;4;0,n,5,%20%C2%BD%3B%20x%2C%25;"),
        "{text}"
    );
    assert_eq!(
        decode(&text).unwrap().unwrap().given()[0].answer.raw,
        " ½; x,%"
    );
}

/// Suspend data with a valid checksum around `body`.
fn sealed(body: &str) -> String {
    format!("{body};{:08x}", crc32(body.as_bytes()))
}

#[test]
fn bad_suspend_data_is_refused_by_name() {
    use Damage::{Answer, Checksum, Header};
    use SuspendProblem::{Corrupt, Foreign, Future, TooLong};
    assert_eq!(decode(""), Ok(None));
    let good = encode(&three_answered());
    for (text, want) in [
        ("hello".to_string(), Foreign),
        ("{\"schema\":\"warp-lab-progress\"}".to_string(), Foreign),
        ("wl;all;7".to_string(), Foreign),
        ("wl0;all;7;4;4;0".to_string(), Foreign),
        ("WL1;all;7;4;4;78e44cdf".to_string(), Foreign),
        ("wl3;anything at all".to_string(), Future(3)),
        ("wl2;anything at all".to_string(), Corrupt(Checksum)),
        ("wl1".to_string(), Foreign),
        ("wl1;".to_string(), Corrupt(Checksum)),
        (good[..good.len() - 1].to_string(), Corrupt(Checksum)),
        (good[..30].to_string(), Corrupt(Checksum)),
        (good.replace(";2,y,", ";2,n,"), Corrupt(Checksum)),
        (
            good.to_uppercase().replacen("WL1", "wl1", 1),
            Corrupt(Checksum),
        ),
        // Sealed, but the quiz it names is impossible. zlib.crc32 gives 0x3ce00dfd for the
        // first: a seed of 2^64, out of range.
        (
            "wl1;all;18446744073709551616;8;8;3ce00dfd".to_string(),
            Corrupt(Header),
        ),
        ("wl1;warps;1;51;8;bb914655".to_string(), Corrupt(Header)), // count 51 > 50
        (sealed("wl1;all;7;4;5"), Corrupt(Header)),                 // 5 questions of 4
        (sealed("wl1;all;7;4;0"), Corrupt(Header)),
        (sealed("wl1;all;07;4;4"), Corrupt(Header)), // not canonical
        (sealed("wl1;all;-7;4;4"), Corrupt(Header)),
        (sealed("wl1;nosuch;7;4;4"), Corrupt(Header)),
        (sealed("wl1;all;7;4"), Corrupt(Header)),
        (sealed("wl1;all;7;4;4;4,y,0,1"), Corrupt(Answer(0))), // position 4 of 4
        (sealed("wl1;all;7;4;4;0,y,0,1;0,n,0,2"), Corrupt(Answer(1))), // twice
        (
            sealed("wl1;all;7;4;4;0,y,0,1;1,maybe,0,2"),
            Corrupt(Answer(1)),
        ),
        (sealed("wl1;all;7;4;4;0,y,100000000,1"), Corrupt(Answer(0))), // latency too long
        (sealed("wl1;all;7;4;4;0,y,0,%ZZ"), Corrupt(Answer(0))),
        (sealed("wl1;all;7;4;4;0,y,0,%C3"), Corrupt(Answer(0))), // half a character
        (sealed("wl1;all;7;4;4;0,y,0,a b"), Corrupt(Answer(0))), // a bare space
        (sealed("wl1;all;7;4;4;0,y,0"), Corrupt(Answer(0))),
        (sealed("wl1;all;7;4;4;"), Corrupt(Answer(0))),
        (
            sealed(&format!("wl1;all;7;4;4;0,y,0,{}", "x".repeat(65))),
            Corrupt(Answer(0)),
        ),
        ("x".repeat(64_001), TooLong(64_001)),
    ] {
        assert_eq!(decode(&text), Err(want.clone()), "{text:.80}");
        assert!(!want.message().is_empty());
    }
    // Sealed and sound: an answer may be empty or hold every escape.
    assert!(decode(&sealed("wl1;all;7;4;4;3,n,0,")).is_ok());
    // Another quiz's state is sound but refused for this quiz.
    let s = three_answered();
    assert_eq!(s.check(&SPEC, 4), Ok(()));
    let other = QuizSpec { seed: 8, ..SPEC };
    assert_eq!(
        s.check(&other, 4),
        Err(SuspendProblem::OtherQuiz {
            saved: "warp-lab-quiz-all-7-4".into(),
            this: "warp-lab-quiz-all-8-4".into()
        })
    );
    assert_eq!(s.check(&SPEC, 3), Err(Corrupt(Header)));
}

#[test]
fn suspend_problems_speak_both_languages() {
    let cases = [
        SuspendProblem::TooLong(70_000),
        SuspendProblem::Foreign,
        SuspendProblem::Future(3),
        SuspendProblem::Corrupt(Damage::Checksum),
        SuspendProblem::Corrupt(Damage::Header),
        SuspendProblem::Corrupt(Damage::Answer(2)),
        SuspendProblem::OtherQuiz {
            saved: "a".into(),
            this: "b".into(),
        },
    ];
    for p in &cases {
        let (en, hi) = (p.message(), with_lang(Lang::Hinglish, || p.message()));
        assert_ne!(en, hi);
        assert!(!en.contains('{') && !hi.contains('{'), "{en} / {hi}");
    }
    assert_eq!(
        cases[5].message(),
        "The quiz state saved in the LMS is damaged: saved answer 3 cannot be read."
    );
    assert!(cases[2].message().contains("format 3; this one reads 2"));
    assert!(with_lang(Lang::Hinglish, || cases[3].message()).contains("kharab"));
}

proptest! {
    #[test]
    fn no_text_makes_the_decoder_panic(text in any::<String>()) {
        let _ = decode(&text);
    }

    #[test]
    fn text_that_looks_like_ours_never_panics_either(
        tail in "[0-9a-z;,%A-F]{0,80}",
        head in prop::sample::select(vec!["wl1;", "wl1;all;7;4;4;", "wl1;warps;1;50;50;0,y,"]),
    ) {
        let _ = decode(&format!("{head}{tail}"));
        let _ = decode(&sealed(&format!("{head}{tail}")));
    }

    #[test]
    fn any_quiz_state_round_trips_and_fits(
        topic in prop::option::of(prop::sample::select(Topic::ALL.to_vec())),
        seed in any::<u64>(),
        count in 1u64..=50,
        answers in prop::collection::vec((0usize..50, any::<String>(), any::<bool>(), any::<u64>()), 0..60),
        spread in any::<bool>(),
    ) {
        // Either rules: the draw rides in the topic field (`all~2`) and comes back.
        let draw = if spread { Draw::Spread } else { Draw::First };
        let spec = QuizSpec { topic, seed, count, draw };
        let questions = usize::try_from(count).unwrap();
        let mut s = QuizState::new(spec, questions);
        for (pos, raw, correct, latency) in &answers {
            s.record(*pos, raw, *correct, *latency);
        }
        let text = encode(&s);
        prop_assert!(text.len() <= 3_990, "{}", text.len());
        prop_assert_eq!(decode(&text), Ok(Some(s.clone())));
        prop_assert_eq!(s.check(&spec, questions), Ok(()));
    }

    #[test]
    fn any_changed_character_is_caught(
        answers in prop::collection::vec((0usize..8, "[ -~½]{0,10}", any::<bool>(), 0u64..1_000_000), 0..8),
        at in any::<prop::sample::Index>(),
        to in prop::char::range('!', '~'),
    ) {
        let mut s = QuizState::new(QuizSpec { topic: None, seed: 99, count: 8, draw: Draw::First }, 8);
        for (pos, raw, correct, latency) in &answers {
            s.record(*pos, raw, *correct, *latency);
        }
        let text = encode(&s);
        let i = at.index(text.len());
        let mut changed = text.clone().into_bytes();
        prop_assume!(changed[i] != to as u8);
        changed[i] = to as u8;
        let changed = String::from_utf8(changed).unwrap();
        prop_assert!(decode(&changed).is_err(), "{} → {}", text, changed);
        // Cut anywhere: refused too.
        prop_assert!(decode(&text[..i]).is_err() || i == 0);
    }
}

#[test]
fn the_raw_score_is_the_percentage_right_cut_to_two_places() {
    // 100 · right / total, cut: 2/4 = 50; 1/3 = 33.333… → 33.33; 2/3 = 66.666… → 66.66 (cut,
    // not 66.67); 7/8 = 87.5; 0/8 = 0; 8/8 = 100; 1/7 = 14.2857… → 14.28.
    for (right, total, want) in [
        (2, 4, "50"),
        (1, 3, "33.33"),
        (2, 3, "66.66"),
        (7, 8, "87.5"),
        (0, 8, "0"),
        (8, 8, "100"),
        (1, 7, "14.28"),
        (49, 50, "98"),
        (1, 0, "0"),
    ] {
        assert_eq!(percent(right, total), want, "{right}/{total}");
    }
    // Every raw score of every quiz size is within 0–100 with at most two decimals, and an
    // LMS comparing it with a whole passing percentage decides as the quiz does.
    for total in 1..=50u64 {
        for right in 0..=total {
            let raw = percent(right, total);
            let places = raw.split_once('.').map_or(0, |(_, f)| f.len());
            assert!(places <= 2, "{raw}");
            let x: f64 = raw.parse().unwrap();
            assert!((0.0..=100.0).contains(&x), "{raw}");
            for p in 0..=100u8 {
                let pass = PassScore::new(p).unwrap();
                assert_eq!(
                    x >= f64::from(p),
                    pass.passes(right, total),
                    "{right}/{total} {p}"
                );
            }
        }
    }
}

#[test]
fn the_suspend_data_carries_the_attempts_token() {
    let s = three_answered().with_token(0xbeef);
    // zlib.crc32 of the body: 0x7e6c441f.
    let text = encode(&s);
    assert_eq!(
        text,
        "wl2;all;7;4;4;0000beef;0,y,65250,32;2,y,3600000,no;1,n,1000,2;7e6c441f"
    );
    let back = decode(&text).unwrap().unwrap();
    assert_eq!(back.token(), Some(0xbeef));
    assert_eq!(back, s);
    // Without a token: version 1, as before, and read back without one.
    let v1 = encode(&three_answered());
    assert!(v1.starts_with("wl1;all;7;4;4;0,y,"), "{v1}");
    assert_eq!(decode(&v1).unwrap().unwrap().token(), None);
    // A version-2 text whose token is not 8 lowercase hex digits, or is zero, is damaged.
    for bad in ["BEEF0000", "beef", "00000000", "0000beeg"] {
        let body = format!("wl2;all;7;4;4;{bad}");
        let sealed = format!("{body};{:08x}", crc32(body.as_bytes()));
        assert_eq!(
            decode(&sealed),
            Err(SuspendProblem::Corrupt(Damage::Header)),
            "{bad}"
        );
    }
    // Version 3 is from the future.
    let body = "wl3;all;7;4;4;0000beef";
    let sealed = format!("{body};{:08x}", crc32(body.as_bytes()));
    assert_eq!(decode(&sealed), Err(SuspendProblem::Future(3)));
}
