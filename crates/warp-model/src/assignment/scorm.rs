//! An assignment inside an LMS: the package (one SCO, launching the assignment link plus
//! `lms=scorm`), what the assignment writes, and where a launch starts.
//!
//! It reports as the quiz package does (`crate::lms`): raw = the score as a percentage (0–100,
//! at most two decimals, cut), min 0, max 100, and in SCORM 2004 scaled = the score in [0, 1]
//! with the progress measure = steps done / steps; the status incomplete until every step is
//! done, then passed or failed against the passing score. One interaction per answer, appended
//! in the order given and never rewritten ([`answer`], issue 64): its id `step-<number>-<kind>`,
//! the learner's response (the guess as typed, the stars and the code's fingerprint, a quiz's
//! counts) and its result (`correct`, `wrong` / `incorrect`, `neutral` for part of a step's
//! score), weighting 1.
//! `suspend_data` is the [`Record`]'s text, with the attempt's token; a new attempt starts
//! blank and a resumed one from the LMS's suspend data alone (nothing is read from this
//! browser under an LMS).

use super::record::{Record, RecordProblem, StepRecord};
use super::Assignment;
use crate::i18n::Lang;
use crate::lms::cmi::{Pair, Status};
use crate::lms::manifest::Sco;
use crate::lms::{PassScore, Version};
use crate::page::key;

fn pair(element: impl Into<String>, value: impl Into<String>) -> Pair {
    (element.into(), value.into())
}

/// The package's SCO: identifier `warp-lab-assignment-<key>`, the assignment's title, and
/// the launch URL `index.html?<the link>&lms=scorm&pass-score=p` (with `lang=` in Hinglish).
#[must_use]
pub fn sco(a: &Assignment, lang: Lang, pass: PassScore) -> Sco {
    let mut q = super::link_query(&a.title, &a.raw_steps);
    q.set(key::LMS, Some("scorm"));
    q.set(key::PASS_SCORE, Some(&pass.percent().to_string()));
    if lang != Lang::En {
        q.set(key::LANG, Some(lang.code()));
    }
    Sco {
        identifier: format!("warp-lab-assignment-{}", a.key()),
        title: a.shown_title(),
        launch: format!("index.html{}", q.to_search()),
    }
}

/// The package's file name: the title's slug (`week-3-divergence-and-shared-memory`, at most
/// 60 characters; `warp-lab-assignment` for a title without a letter or digit) and the
/// version (`-scorm12.zip`). Issue 43: it was a hash, which no instructor recognises in a
/// folder of downloads.
#[must_use]
pub fn file_name(a: &Assignment, version: Version) -> String {
    let mut slug = String::new();
    for c in a.shown_title().chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let mut slug: String = slug.chars().take(60).collect();
    while slug.ends_with('-') {
        slug.pop();
    }
    if slug.is_empty() {
        slug = "warp-lab-assignment".into();
    }
    format!("{slug}-{}.zip", version.file_tag())
}

/// Score, status and exit, as gradebooks read them (see the module's documentation).
#[must_use]
pub fn score_and_status(version: Version, record: &Record, pass: PassScore) -> Vec<Pair> {
    let s = record.score();
    let status = record.status(pass);
    let done = status != Status::Incomplete;
    match version {
        Version::Scorm12 => vec![
            pair("cmi.core.score.raw", s.percent()),
            pair("cmi.core.score.min", "0"),
            pair("cmi.core.score.max", "100"),
            pair("cmi.core.lesson_status", status.lesson_status()),
            pair("cmi.core.exit", if done { "" } else { "suspend" }),
        ],
        Version::Scorm2004 => vec![
            pair("cmi.score.raw", s.percent()),
            pair("cmi.score.min", "0"),
            pair("cmi.score.max", "100"),
            pair("cmi.score.scaled", s.ratio()),
            pair(
                "cmi.progress_measure",
                crate::lms::score::ratio(record.done() as u64, record.steps.len() as u64),
            ),
            pair("cmi.completion_status", status.completion_status()),
            pair("cmi.success_status", status.success_status()),
            pair("cmi.exit", if done { "normal" } else { "suspend" }),
        ],
    }
}

/// Whether `text` is a decimal both data models take as a `numeric` interaction's response
/// (SCORM 1.2's `CMIDecimal`, 2004's `real(10,7)`: an optional `-`, at most 10 digits, an optional
/// fraction).
fn is_decimal(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && whole.len() <= 10 && all_digits(fraction)
}

/// The interaction type and the learner's response for the answer step `at` holds: a
/// prediction's guess as typed (`numeric` when it is a decimal, else `fill-in` in 1.2 and
/// `other` in 2004, whose `fill-in` splits at commas); a challenge's stars and the code's
/// fingerprint (CRC-32 of the code as checked, 8 hex digits: the code itself is in the suspend
/// data) as `stars=2;code=1a2b3c4d`; a quiz's counts as `right=3;answered=4;questions=8` (the
/// frame reports counts, not each question's option: each question's own answer is in the
/// quiz package's interactions, `lms::cmi`). 1.2's free-text type is `performance` for those
/// two, 2004's `other`.
fn response(version: Version, record: &Record, at: usize) -> (&'static str, Option<String>) {
    let text_type = |v: Version| match v {
        Version::Scorm12 => "fill-in",
        Version::Scorm2004 => "other",
    };
    let counts_type = match version {
        Version::Scorm12 => "performance",
        Version::Scorm2004 => "other",
    };
    let written = record.written.get(at).cloned().flatten();
    match record.steps.get(at).copied().flatten() {
        Some(StepRecord::Prediction(_)) => match written {
            Some(g) if is_decimal(&g) => ("numeric", Some(g)),
            Some(g) => (text_type(version), Some(g)),
            None => ("numeric", None),
        },
        Some(StepRecord::Challenge(stars)) => {
            let code = written
                .map(|c| format!(";code={:08x}", crate::lms::zip::crc32(c.as_bytes())))
                .unwrap_or_default();
            (counts_type, Some(format!("stars={stars}{code}")))
        }
        Some(StepRecord::Quiz {
            correct,
            answered,
            total,
        }) => (
            counts_type,
            Some(format!(
                "right={correct};answered={answered};questions={total}"
            )),
        ),
        None => (counts_type, None),
    }
}

/// Interaction `n` (the count the LMS holds, `cmi.interactions._count`): the answer just
/// recorded at step `at` (a position in `a.steps`). Written once and never again (issue 64:
/// interaction 0 was rewritten on every commit): a later answer to the same step (a challenge
/// checked again, a quiz's next question) is interaction `n + 1`, with the same id. Its id
/// `step-<number>-<kind>`, its type and the learner's response ([`response`]), its result
/// (`correct` for a step's full score, `wrong` / `incorrect` for none, `neutral` for part: the
/// score itself is the attempt's, `cmi.core.score` / `cmi.score`), weighting 1. Empty when `at`
/// is not a graded step.
#[must_use]
pub fn answer(version: Version, a: &Assignment, record: &Record, at: usize, n: u32) -> Vec<Pair> {
    let (Some(step), Some(Some(_))) = (a.steps.get(at), record.steps.get(at)) else {
        return Vec::new();
    };
    let score = record.step_score(at);
    let (response_element, wrong) = match version {
        Version::Scorm12 => ("student_response", "wrong"),
        Version::Scorm2004 => ("learner_response", "incorrect"),
    };
    let result = if score.num == 0 {
        wrong
    } else if score.num == score.den {
        "correct"
    } else {
        "neutral"
    };
    let (kind, given) = response(version, record, at);
    let at = format!("cmi.interactions.{n}.");
    let mut out = vec![
        pair(
            format!("{at}id"),
            format!("step-{}-{}", step.number, step.kind.name()),
        ),
        pair(format!("{at}type"), kind),
    ];
    if let Some(given) = given {
        out.push(pair(format!("{at}{response_element}"), given));
    }
    out.push(pair(format!("{at}result"), result));
    out.push(pair(format!("{at}weighting"), "1"));
    out
}

/// The attempt's state: score, status and exit, and the suspend data. Written at the start and
/// after every answer (after that answer's interaction); writing it again changes nothing.
#[must_use]
pub fn state_pairs(version: Version, record: &Record, pass: PassScore) -> Vec<Pair> {
    let mut out = score_and_status(version, record, pass);
    out.push(pair(
        "cmi.suspend_data",
        record.encode_within(version.max_suspend()).0,
    ));
    out
}

/// Where a launch starts: `entry` = `ab-initio` a blank record with `new_token`; otherwise
/// the LMS's suspend data when it is this assignment's record (blank when there is none), and
/// why it was not used when it is not.
#[must_use]
pub fn resume(
    a: &Assignment,
    entry: &str,
    suspend: &str,
    new_token: u32,
) -> (Record, Option<RecordProblem>) {
    let fresh = || Record::new(a, new_token.max(1));
    if entry.trim().eq_ignore_ascii_case("ab-initio") || suspend.trim().is_empty() {
        return (fresh(), None);
    }
    match Record::decode(a, suspend) {
        Ok(r) => (r, None),
        Err(p) => (fresh(), Some(p)),
    }
}
