//! Into the gradebook: a quiz as a SCORM package that an LMS (Moodle, Canvas, Blackboard,
//! Brightspace, Open edX) imports and grades, for SCORM 1.2 and SCORM 2004 4th edition.
//!
//! The pure half of it, as plain data:
//! - [`zip`]: a stored (uncompressed) zip writer and CRC-32, for the package the browser builds.
//! - [`manifest`]: `imsmanifest.xml`, one SCO launching `index.html?panel=quiz&…&lms=scorm`.
//! - [`cmi`]: what the quiz writes to the LMS (score, status, interactions, suspend data) in
//!   each version's exact formats, and the suspend-data encoding a learner resumes from.
//! - [`spec`]: the version, the passing score, the quiz a package holds ([`QuizSpec`]) and the
//!   API's names for each version.
//! - here: launching and resuming under an LMS, and the sentences the quiz shows about the LMS ([`Notice`]).
//!
//! The score is written as gradebooks read it: raw = the percentage of questions right
//! (0–100, at most two decimals, cut: [`cmi::percent`]), min = 0, max = 100, and in SCORM 2004
//! scaled = right / questions. (Moodle grades a SCORM activity by `score_raw` alone against
//! the activity's maximum grade, 100 by default: raw = right answers showed 6 of 8 as 6 / 100.)
//! The passing score is a whole percentage `p`; a quiz is passed when `right / questions ≥
//! p / 100`, decided in whole numbers as `100 · right ≥ p · questions`. Each version's
//! LMS-side threshold is written so that it decides the same way:
//! - SCORM 1.2 compares `cmi.core.score.raw` with the manifest's `adlcp:masteryscore`
//!   (`cmi.student_data.mastery_score`): both percentages, `p` itself.
//! - SCORM 2004 compares `cmi.score.scaled` with `cmi.scaled_passing_score`, which the LMS
//!   takes from the manifest's `minNormalizedMeasure` when `satisfiedByMeasure="true"`:
//!   `p / 100` against `right / questions` ([`PassScore::scaled`], [`cmi::ratio`]).
//!
//! When the LMS hands no passing score, the package's own applies: its launch URL carries
//! `pass-score=p` ([`QuizSpec::launch_query`]), never the app's default.
//!
//! The LMS is the only memory of an LMS attempt ([`resume`]): a new attempt starts blank,
//! and this browser's copy of an attempt (kept per learner, [`attempt_store_key`]) fills in
//! only answers the LMS refused to store, for the same learner and the same attempt.
//!
//! LTI 1.3 is not here: it needs a server to sign and verify its messages, and this app is a
//! static site.

pub mod cmi;
pub mod manifest;
pub mod score;
pub mod spec;
pub mod zip;

pub use spec::{Calls, PassScore, QuizSpec, Version, LAUNCH_FILE, SHELL_FILE};

use crate::params::{quote, ParamError};
use crate::quiz::Question;

/// Reads `lms=`: absent, `scorm` (any case): the page looks for an LMS's SCORM API.
///
/// # Errors
/// A [`ParamError`] for `lms` naming the one value it takes; the quiz then runs as a normal
/// quiz.
pub fn scorm_launch(raw: Option<&str>) -> Result<bool, ParamError> {
    match raw {
        None => Ok(false),
        Some(v) if v.trim().eq_ignore_ascii_case("scorm") => Ok(true),
        Some(v) => Err(ParamError::new(
            "lms",
            crate::tr!("lms.mode.invalid", value = quote(v)),
        )),
    }
}

/// Where a launch under an LMS starts: the state to write back, and what to say about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resume {
    /// The answers the quiz starts from (the LMS's, then this browser's for questions the LMS
    /// refused to store in this same attempt), with the attempt's token.
    pub state: cmi::QuizState,
    /// What to tell the learner: resumed, or why the LMS's state was not used.
    pub notice: Option<Notice>,
    /// Answers that came from this browser rather than the LMS (writes the LMS refused); they
    /// are written to the LMS again.
    pub from_browser: usize,
}

/// What the LMS says about a launch, as it returned it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Launch<'a> {
    /// `cmi.core.entry` (1.2) / `cmi.entry` (2004): `ab-initio`, `resume` or empty.
    pub entry: &'a str,
    /// `cmi.suspend_data`.
    pub suspend: &'a str,
    /// `cmi.core.student_id` (1.2) / `cmi.learner_id` (2004); empty when the LMS gives none.
    pub learner: &'a str,
}

/// Where this browser keeps its copy of `learner`'s attempt at the quiz `spec` (its suspend
/// data, [`cmi::encode`]): `warp-lab.lms.<learner>.<quiz>`, the learner id as the CRC-32 of
/// its bytes (a shared computer's storage does not list who used it). Apart from the
/// learner's own progress outside an LMS. `None` when the LMS names no learner: then nothing
/// is kept, since nothing could tell two learners' copies apart.
#[must_use]
pub fn attempt_store_key(learner: &str, spec: &QuizSpec) -> Option<String> {
    let id = learner.trim();
    (!id.is_empty()).then(|| {
        format!(
            "{ATTEMPT_STORE_PREFIX}{:08x}.{}",
            zip::crc32(id.as_bytes()),
            spec.identifier()
        )
    })
}

/// The prefix of every key [`attempt_store_key`] gives.
pub const ATTEMPT_STORE_PREFIX: &str = "warp-lab.lms.";

/// Starts a launch. The LMS is the only memory of an LMS attempt:
/// - `entry` = `ab-initio`: a new attempt, blank (the LMS's suspend data, if any, and this
///   browser's copy are not read), with the token `new_token`;
/// - `entry` = `resume` or empty: the LMS's `suspend_data` is the attempt (blank when it has
///   none). Then, and only on `resume`, `local` (this browser's copy, found by
///   [`attempt_store_key`] for the learner the LMS names) may fill in answers the LMS has not,
///   and only when it carries the token of the attempt the LMS resumes: the same learner's
///   same attempt, whose later writes the LMS refused.
///
/// A state without a token (none, or version-1 suspend data) gets `new_token` (0 is taken as
/// 1). Never panics, whatever the LMS or the browser returned.
#[must_use]
pub fn resume(
    spec: QuizSpec,
    questions: &[Question],
    launch: &Launch<'_>,
    local: Option<&str>,
    new_token: u32,
) -> Resume {
    let new_token = new_token.max(1);
    let fresh = || cmi::QuizState::new(spec, questions.len()).with_token(new_token);
    let entry = launch.entry.trim();
    if entry.eq_ignore_ascii_case("ab-initio") {
        return Resume {
            state: fresh(),
            notice: None,
            from_browser: 0,
        };
    }
    let decoded = cmi::decode(launch.suspend).and_then(|s| {
        s.map(|s| s.check(&spec, questions.len()).map(|()| s))
            .transpose()
    });
    // The token of the attempt the LMS resumes, from its own suspend data alone: only a copy
    // of that attempt may fill it (a fresh state's token proves nothing).
    let (mut state, mut notice, lms_token) = match decoded {
        Ok(Some(s)) => {
            let token = s.token();
            (s, None, token)
        }
        Ok(None) => (fresh(), None, None),
        Err(problem) => (fresh(), Some(Notice::ResumeFailed(problem)), None),
    };
    let from_lms = state.given().len();
    if from_lms > 0 {
        notice = Some(Notice::Resumed {
            answered: from_lms,
            questions: questions.len(),
        });
    }
    if state.token().is_none() {
        state = state.with_token(new_token);
    }
    let mut from_browser = 0;
    let copy = local
        .filter(|_| entry.eq_ignore_ascii_case("resume") && !launch.learner.trim().is_empty())
        .and_then(|text| cmi::decode(text).ok().flatten())
        .filter(|c| c.check(&spec, questions.len()).is_ok());
    if let (Some(copy), Some(token)) = (copy, lms_token) {
        if copy.token() == Some(token) {
            for g in copy.given() {
                if state.answer(g.question).is_none()
                    && state
                        .record(g.question, &g.answer.raw, g.answer.correct, g.latency_ms)
                        .is_some()
                {
                    from_browser += 1;
                }
            }
        }
    }
    if from_browser > 0 {
        notice = Some(Notice::Resent {
            from_lms,
            from_browser,
        });
    }
    Resume {
        state,
        notice,
        from_browser,
    }
}

/// What the quiz says about the LMS, on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Launched with `lms=scorm` but no API answered the search: a normal quiz.
    NoLms,
    /// An LMS's API was found and initialised.
    Recording(Version),
    /// The LMS answered the initialise call with an error.
    InitializeFailed {
        /// Its error code (`GetLastError`).
        code: String,
        /// Its text for that code (`GetErrorString`), as the LMS gives it.
        detail: String,
    },
    /// The LMS refused to store an element (a set or a commit call that failed). The answer
    /// stays in this browser.
    Refused {
        /// The element (`cmi.suspend_data`, …), or the commit call's name.
        element: String,
        /// Its error code.
        code: String,
        /// Its text for that code.
        detail: String,
    },
    /// The learner's earlier answers came back from the LMS.
    Resumed {
        /// Answers restored.
        answered: usize,
        /// Questions in the quiz.
        questions: usize,
    },
    /// The state the LMS kept could not be used; the quiz starts fresh (with this browser's
    /// answers, if it has any).
    ResumeFailed(cmi::SuspendProblem),
    /// Answers this browser kept were sent to the LMS again, beside those it had.
    Resent {
        /// Answers the LMS had.
        from_lms: usize,
        /// Answers from this browser.
        from_browser: usize,
    },
}

impl Notice {
    /// Its kind, for `data-lms-notice`: `no-lms`, `recording`, `initialize-failed`,
    /// `refused`, `resumed`, `resume-failed`, `resent`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Notice::NoLms => "no-lms",
            Notice::Recording(_) => "recording",
            Notice::InitializeFailed { .. } => "initialize-failed",
            Notice::Refused { .. } => "refused",
            Notice::Resumed { .. } => "resumed",
            Notice::ResumeFailed(_) => "resume-failed",
            Notice::Resent { .. } => "resent",
        }
    }

    /// `data-lms-note`: `missing` when no LMS answered (the page then keeps the work in this
    /// browser and says nothing is recorded); `None` otherwise.
    #[must_use]
    pub fn note(&self) -> Option<&'static str> {
        matches!(self, Notice::NoLms).then_some("missing")
    }

    /// The sentence, in the current language.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            Notice::NoLms => crate::tr!("lms.notice.no-lms"),
            Notice::Recording(v) => crate::tr!("lms.notice.recording", version = v.label()),
            Notice::InitializeFailed { code, detail } => crate::tr!(
                "lms.notice.initialize-failed",
                code = clip(code),
                detail = clip(detail)
            ),
            Notice::Refused {
                element,
                code,
                detail,
            } => crate::tr!(
                "lms.notice.refused",
                element = clip(element),
                code = clip(code),
                detail = clip(detail)
            ),
            Notice::Resumed {
                answered,
                questions,
            } => crate::tr!("lms.notice.resumed", answered, questions),
            Notice::ResumeFailed(p) => {
                crate::tr!("lms.notice.resume-failed", problem = p.message())
            }
            Notice::Resent {
                from_lms,
                from_browser,
            } => crate::tr!("lms.notice.resent", from_lms, from_browser),
        }
    }
}

/// Text from the LMS, cut to 120 characters so that a misbehaving LMS cannot flood the page.
fn clip(s: &str) -> String {
    const LIMIT: usize = 120;
    let mut out: String = s.chars().filter(|c| !c.is_control()).take(LIMIT).collect();
    if s.chars().filter(|c| !c.is_control()).count() > LIMIT {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests;
