//! An assignment inside an LMS: the package (one SCO, launching the assignment link plus
//! `lms=scorm`), what the assignment writes, and where a launch starts.
//!
//! It reports as the quiz package does (`crate::lms`): raw = the score as a percentage (0–100,
//! at most two decimals, cut), min 0, max 100, and in SCORM 2004 scaled = the score in [0, 1]
//! with the progress measure = steps done / steps; the status incomplete until every step is
//! done, then passed or failed against the passing score. One interaction per graded step, in
//! the order the steps were first graded (SCORM numbers them without gaps): its id
//! `step-<number>-<kind>`, type `numeric`, the learner's response and the result both the
//! step's score in [0, 1] (`correct` for 1, `wrong` / `incorrect` for 0), weighting 1.
//! `suspend_data` is the [`Record`]'s text, with the attempt's token; a new attempt starts
//! blank and a resumed one from the LMS's suspend data alone (nothing is read from this
//! browser under an LMS).

use super::record::{Record, RecordProblem};
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

/// Every graded step's interaction, in the order the steps were first graded.
#[must_use]
pub fn interactions(version: Version, a: &Assignment, record: &Record) -> Vec<Pair> {
    let mut out = Vec::new();
    for (n, &at) in record.order.iter().enumerate() {
        let Some(step) = a.steps.get(at) else {
            continue;
        };
        let score = record.step_score(at);
        let (response_element, wrong) = match version {
            Version::Scorm12 => ("student_response", "wrong"),
            Version::Scorm2004 => ("learner_response", "incorrect"),
        };
        let result = if score.num == 0 {
            wrong.to_string()
        } else if score.num == score.den {
            "correct".to_string()
        } else {
            score.ratio()
        };
        let at = format!("cmi.interactions.{n}.");
        out.push(pair(
            format!("{at}id"),
            format!("step-{}-{}", step.number, step.kind.name()),
        ));
        out.push(pair(format!("{at}type"), "numeric"));
        out.push(pair(format!("{at}{response_element}"), score.ratio()));
        out.push(pair(format!("{at}result"), result));
        out.push(pair(format!("{at}weighting"), "1"));
    }
    out
}

/// Everything the record holds: the interactions, score, status and exit, suspend data.
/// Written after every change; writing it again changes nothing.
#[must_use]
pub fn all_pairs(version: Version, a: &Assignment, record: &Record, pass: PassScore) -> Vec<Pair> {
    let mut out = interactions(version, a, record);
    out.extend(score_and_status(version, record, pass));
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
