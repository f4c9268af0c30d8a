//! What the quiz writes to the LMS, as (CMI element, value) pairs in each version's formats,
//! and the suspend data a learner who leaves mid-quiz resumes from.
//!
//! The state is [`QuizState`]: the quiz ([`QuizSpec`]), its number of questions, and the
//! answers given, in the order they were given (an interaction's index `n` is its place in
//! that order, because both versions require `cmi.interactions.n` to be written in order:
//! `n` may only be an existing index or the next one). Each answer is the progress document's
//! own [`Answered`] (raw answer, right or wrong) with the two things an LMS needs beyond it,
//! which the quiz types lack: which question (its position in the quiz) and the latency. So
//! this module defines [`Given`].
//!
//! Formats, from the SCORM 1.2 RTE (section 3.4) and the SCORM 2004 4th edition RTE (section
//! 4.2); where scorm-again's validators are looser than the books (1.2 ids and responses),
//! the books' rules are kept:
//!
//! | what | SCORM 1.2 | SCORM 2004 |
//! |---|---|---|
//! | score | `cmi.core.score.raw/min/max` | `cmi.score.raw/min/max/scaled` |
//! | status | `cmi.core.lesson_status` passed / failed / incomplete | `cmi.completion_status` completed / incomplete, `cmi.success_status` passed / failed / unknown |
//! | interaction id | `CMIIdentifier`: `[A-Za-z0-9_-]`, ≤ 255 | `long_identifier_type`, ≤ 4000 |
//! | response | `student_response`; true-false `t`/`f`, choice `a`…`z`, numeric a decimal | `learner_response`; `true`/`false`, short identifier `a`…`z`, real(10,7) |
//! | result | `correct` / `wrong` | `correct` / `incorrect` |
//! | latency | `CMITimespan` `HHHH:MM:SS.SS` | ISO 8601 duration `PT1M5.25S` |
//! | suspend data | `CMIString4096` | characterstring, SPM 64000 |
//!
//! Ids here are `q03-gen-warps-count-72-1`: the question's position (so they are unique) and
//! its qid with everything but letters, digits, `-` and `_` made `_`; valid in both versions.
//! An answer the quiz could not read as a number, an option or yes/no is recorded as a
//! `fill-in` interaction holding the learner's text, so no answer is dropped for its format.
//!
//! The suspend data (ASCII only, `;` between fields), version 2, and version 1 without the
//! attempt's token (still read, and written for a state that has none):
//!
//! ```text
//! wl2;<topic>;<seed>;<count>;<questions>;<token>;<answer>;…;<crc>
//! wl1;<topic>;<seed>;<count>;<questions>;<answer>;…;<crc>
//! token  = the attempt's token, 8 lowercase hex digits, not all zero
//! answer = <position>,<y|n>,<latency ms>,<raw answer, %-escaped>
//! crc    = CRC-32 of everything before the last `;`, 8 lowercase hex digits
//! ```
//!
//! The token is drawn when an attempt starts and kept in the attempt's own suspend data: it is
//! how this browser's copy of an attempt proves it belongs to the attempt the LMS resumes
//! (`super::resume`), so one learner's answers never fill another's attempt on a shared
//! computer.
//!
//! At most 3,999 characters for a quiz of 50 questions with the longest answers kept (a
//! 50-character header with its token, 50 answers of at most 79 characters, 10 of them 78, and
//! a 9-character checksum), within SCORM 1.2's 4,096. A raw answer is kept up to
//! [`MAX_RAW_ENCODED`] escaped characters (its grade is kept whole), a latency up to
//! [`MAX_LATENCY_MS`].

use crate::quiz::progress::Answered;
use crate::quiz::{self, parse_number, yes_no, AnswerKind, Draw, Question, Topic};
use std::fmt::Write as _;

pub use super::score::{percent, ratio};
use super::spec::{PassScore, QuizSpec, Version};
use super::zip::crc32;

/// Longest latency kept: 99,999,999 ms (27 h 46 min 40 s); longer ones are recorded as this.
pub const MAX_LATENCY_MS: u64 = 99_999_999;
/// Longest raw answer kept in the suspend data, in characters after escaping.
pub const MAX_RAW_ENCODED: usize = 64;
/// The suspend data's format version (2: with the attempt's token).
pub const SUSPEND_VERSION: u32 = 2;
/// The longest suspend data read: SCORM 2004's limit (a 1.2 LMS returns at most 4,096).
pub const MAX_SUSPEND_CHARS: usize = Version::Scorm2004.max_suspend();
/// Longest interaction id written (within 1.2's 255 and 2004's 4,000).
pub const MAX_ID_LEN: usize = 250;

/// One answer, as the LMS records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given {
    /// The question's position in the quiz, from 0.
    pub question: usize,
    /// What the learner answered, and whether it was right.
    pub answer: Answered,
    /// Milliseconds from the question being shown (or the quiz resuming) to the answer.
    pub latency_ms: u64,
}

/// A quiz in progress under an LMS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuizState {
    spec: QuizSpec,
    questions: usize,
    /// The attempt's token; 0 for none (a state read from version-1 suspend data).
    token: u32,
    given: Vec<Given>,
}

/// The score as the LMS sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// Right answers: the raw score.
    pub right: u64,
    /// Answers given.
    pub answered: u64,
    /// Questions in the quiz: the maximum score.
    pub total: u64,
}

/// Where the quiz stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Not every question is answered yet.
    Incomplete,
    /// Every question is answered and the score reaches the passing score.
    Passed,
    /// Every question is answered and the score falls short.
    Failed,
}

impl Status {
    /// `cmi.core.lesson_status` (SCORM 1.2).
    #[must_use]
    pub fn lesson_status(self) -> &'static str {
        match self {
            Status::Incomplete => "incomplete",
            Status::Passed => "passed",
            Status::Failed => "failed",
        }
    }

    /// `cmi.completion_status` (SCORM 2004).
    #[must_use]
    pub fn completion_status(self) -> &'static str {
        match self {
            Status::Incomplete => "incomplete",
            Status::Passed | Status::Failed => "completed",
        }
    }

    /// `cmi.success_status` (SCORM 2004): `unknown` until every question is answered.
    #[must_use]
    pub fn success_status(self) -> &'static str {
        match self {
            Status::Incomplete => "unknown",
            Status::Passed => "passed",
            Status::Failed => "failed",
        }
    }
}

impl QuizState {
    /// A quiz of `questions` questions (kept within 1–[`quiz::MAX_COUNT`]) with no answers
    /// and no token.
    #[must_use]
    pub fn new(spec: QuizSpec, questions: usize) -> QuizState {
        QuizState {
            spec,
            questions: questions.clamp(1, max_questions()),
            token: 0,
            given: Vec::new(),
        }
    }

    /// The same state as the attempt `token` (0: none).
    #[must_use]
    pub fn with_token(mut self, token: u32) -> QuizState {
        self.token = token;
        self
    }

    /// The attempt's token, if it has one.
    #[must_use]
    pub fn token(&self) -> Option<u32> {
        (self.token != 0).then_some(self.token)
    }

    /// The quiz.
    #[must_use]
    pub fn spec(&self) -> QuizSpec {
        self.spec
    }

    /// Questions in the quiz.
    #[must_use]
    pub fn questions(&self) -> usize {
        self.questions
    }

    /// The answers, in the order they were given: the `n`-th is `cmi.interactions.n`.
    #[must_use]
    pub fn given(&self) -> &[Given] {
        &self.given
    }

    /// The answer to the question at `position`, if given.
    #[must_use]
    pub fn answer(&self, position: usize) -> Option<&Given> {
        self.given.iter().find(|g| g.question == position)
    }

    /// Records an answer to the question at `position` and returns its interaction index;
    /// `None` (and no change) for a position outside the quiz or a question already answered
    /// (answers are final, as in the quiz panel). The raw answer is cut to what the suspend
    /// data keeps ([`MAX_RAW_ENCODED`]), the latency to [`MAX_LATENCY_MS`].
    pub fn record(
        &mut self,
        position: usize,
        raw: &str,
        correct: bool,
        latency_ms: u64,
    ) -> Option<usize> {
        if position >= self.questions || self.answer(position).is_some() {
            return None;
        }
        self.given.push(Given {
            question: position,
            answer: Answered {
                raw: fit_raw(raw),
                correct,
            },
            latency_ms: latency_ms.min(MAX_LATENCY_MS),
        });
        Some(self.given.len() - 1)
    }

    /// Right answers, answers given, questions.
    #[must_use]
    pub fn score(&self) -> Score {
        Score {
            right: self.given.iter().filter(|g| g.answer.correct).count() as u64,
            answered: self.given.len() as u64,
            total: self.questions as u64,
        }
    }

    /// Passed or failed once every question is answered, else incomplete.
    #[must_use]
    pub fn status(&self, pass: PassScore) -> Status {
        let s = self.score();
        if s.answered < s.total {
            Status::Incomplete
        } else if pass.passes(s.right, s.total) {
            Status::Passed
        } else {
            Status::Failed
        }
    }

    /// Whether this saved state belongs to the quiz `spec` of `questions` questions.
    ///
    /// # Errors
    /// [`SuspendProblem::OtherQuiz`] when it is another quiz's (the instructor replaced the
    /// package, say); [`SuspendProblem::Corrupt`] when it names this quiz with another number
    /// of questions.
    pub fn check(&self, spec: &QuizSpec, questions: usize) -> Result<(), SuspendProblem> {
        if self.spec != *spec {
            return Err(SuspendProblem::OtherQuiz {
                saved: self.spec.identifier(),
                this: spec.identifier(),
            });
        }
        if self.questions != questions {
            return Err(SuspendProblem::Corrupt(Damage::Header));
        }
        Ok(())
    }
}

fn max_questions() -> usize {
    usize::try_from(quiz::MAX_COUNT).unwrap_or(50)
}

/// A latency as SCORM 1.2's `CMITimespan`, `HHHH:MM:SS.SS`, to the centisecond (cut):
/// `65_250 ms → 0000:01:05.25`. Hours above 9999 are written as 9999:59:59.99.
#[must_use]
pub fn timespan_12(ms: u64) -> String {
    let cs = (ms / 10).min(9_999 * 360_000 + 359_999);
    format!(
        "{:04}:{:02}:{:02}.{:02}",
        cs / 360_000,
        cs / 6_000 % 60,
        cs / 100 % 60,
        cs % 100
    )
}

/// A latency as SCORM 2004's timeinterval (ISO 8601 duration), to the centisecond (cut), zero
/// parts left out: `65_250 ms → PT1M5.25S`, `3_600_000 → PT1H`, `0 → PT0S`.
#[must_use]
pub fn duration_2004(ms: u64) -> String {
    let cs = ms / 10;
    let (h, m, s, f) = (cs / 360_000, cs / 6_000 % 60, cs / 100 % 60, cs % 100);
    let mut out = String::from("PT");
    if h > 0 {
        let _ = write!(out, "{h}H");
    }
    if m > 0 {
        let _ = write!(out, "{m}M");
    }
    if s > 0 || f > 0 || (h == 0 && m == 0) {
        out.push_str(&s.to_string());
        if f > 0 {
            let two = format!("{f:02}");
            out.push('.');
            out.push_str(two.trim_end_matches('0'));
        }
        out.push('S');
    }
    out
}

/// The interaction id of the question at `position` with id `qid`: `q03-gen-warps-count-72-1`.
#[must_use]
pub fn interaction_id(position: usize, qid: &str) -> String {
    let mut id = format!("q{:02}-", position + 1);
    id.extend(qid.chars().map(|c| {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            c
        } else {
            '_'
        }
    }));
    id.truncate(MAX_ID_LEN);
    id
}

/// A learner's response, typed as the LMS records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// A number, as a decimal of at most 7 places: `0.5714286`, `1638`, `-2`.
    Numeric(String),
    /// An option, as a letter: the first is `a`.
    Choice(char),
    /// True or false.
    TrueFalse(bool),
    /// Text the quiz could not read as its kind of answer, kept as the learner wrote it (less
    /// control characters and `[]{}`, which the 2004 format reserves; at most 64 characters).
    FillIn(String),
}

impl Response {
    /// How the answer `raw` to a question of kind `kind` is recorded.
    #[must_use]
    pub fn of(kind: &AnswerKind, raw: &str) -> Response {
        let read = match kind {
            AnswerKind::Number { .. } => parse_number(raw)
                .filter(|v| v.abs() < 1e10)
                .map(|v| Response::Numeric(decimal(v))),
            AnswerKind::Choice { options, .. } => raw
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|i| usize::from(*i) < options.len() && *i < 26)
                .map(|i| Response::Choice(char::from(b'a' + i))),
            AnswerKind::YesNo(_) => yes_no(raw).map(Response::TrueFalse),
        };
        read.unwrap_or_else(|| {
            Response::FillIn(
                raw.chars()
                    .filter(|c| !c.is_control() && !"[]{}".contains(*c))
                    .collect::<String>()
                    .trim()
                    .chars()
                    .take(64)
                    .collect(),
            )
        })
    }

    /// `cmi.interactions.n.type`: `numeric`, `choice`, `true-false` or `fill-in` (the same
    /// words in both versions).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Response::Numeric(_) => "numeric",
            Response::Choice(_) => "choice",
            Response::TrueFalse(_) => "true-false",
            Response::FillIn(_) => "fill-in",
        }
    }

    /// The response in `version`'s format.
    #[must_use]
    pub fn value(&self, version: Version) -> String {
        match (self, version) {
            (Response::Numeric(s) | Response::FillIn(s), _) => s.clone(),
            (Response::Choice(c), _) => c.to_string(),
            (Response::TrueFalse(b), Version::Scorm12) => if *b { "t" } else { "f" }.to_string(),
            (Response::TrueFalse(b), Version::Scorm2004) => b.to_string(),
        }
    }
}

/// A number as a plain decimal of at most 7 places (rounded), no exponent, no `-0`.
fn decimal(v: f64) -> String {
    crate::figure::rounded(v, 7)
}

/// A (CMI element, value) pair.
pub type Pair = (String, String);

fn pair(element: impl Into<String>, value: impl Into<String>) -> Pair {
    (element.into(), value.into())
}

/// The elements of interaction `n`, the answer `given` to `question`: id, type, response,
/// result, latency, in that order (an interaction's id must come first, its type before its
/// response).
#[must_use]
pub fn interaction(version: Version, n: usize, question: &Question, given: &Given) -> Vec<Pair> {
    let response = Response::of(&question.kind, &given.answer.raw);
    let at = format!("cmi.interactions.{n}.");
    let (response_element, result, latency) = match version {
        Version::Scorm12 => (
            "student_response",
            if given.answer.correct {
                "correct"
            } else {
                "wrong"
            },
            timespan_12(given.latency_ms),
        ),
        Version::Scorm2004 => (
            "learner_response",
            if given.answer.correct {
                "correct"
            } else {
                "incorrect"
            },
            duration_2004(given.latency_ms),
        ),
    };
    vec![
        pair(
            format!("{at}id"),
            interaction_id(given.question, &question.qid),
        ),
        pair(format!("{at}type"), response.kind()),
        pair(format!("{at}{response_element}"), response.value(version)),
        pair(format!("{at}result"), result),
        pair(format!("{at}latency"), latency),
    ]
}

/// Score, status and exit, as gradebooks read them: raw = the percentage right
/// ([`percent`], 0–100, at most two decimals), min 0, max 100 (and in 2004 scaled = right /
/// questions, with the progress measure answered / questions); status as
/// [`QuizState::status`]; exit `suspend` while the quiz is unfinished (so the LMS keeps the
/// attempt and its suspend data), else a normal exit (`""` in 1.2, `normal` in 2004).
///
/// Why a percentage: Moodle grades a SCORM activity by `score_raw` alone against the
/// activity's maximum grade (100 by default), so raw = right answers put 6 of 8 in its
/// gradebook as 6 / 100. Canvas and Brightspace read the same percentage (docs/lms.md, "Use it in
/// your LMS").
#[must_use]
pub fn score_and_status(version: Version, state: &QuizState, pass: PassScore) -> Vec<Pair> {
    let s = state.score();
    let status = state.status(pass);
    let done = status != Status::Incomplete;
    let raw = percent(s.right, s.total);
    match version {
        Version::Scorm12 => vec![
            pair("cmi.core.score.raw", raw),
            pair("cmi.core.score.min", "0"),
            pair("cmi.core.score.max", "100"),
            pair("cmi.core.lesson_status", status.lesson_status()),
            pair("cmi.core.exit", if done { "" } else { "suspend" }),
        ],
        Version::Scorm2004 => vec![
            pair("cmi.score.raw", raw),
            pair("cmi.score.min", "0"),
            pair("cmi.score.max", "100"),
            pair("cmi.score.scaled", ratio(s.right, s.total)),
            pair("cmi.progress_measure", ratio(s.answered, s.total)),
            pair("cmi.completion_status", status.completion_status()),
            pair("cmi.success_status", status.success_status()),
            pair("cmi.exit", if done { "normal" } else { "suspend" }),
        ],
    }
}

/// `cmi.suspend_data` (the same element in both versions) with the state [`encode`]d.
#[must_use]
pub fn suspend_data(state: &QuizState) -> Pair {
    pair("cmi.suspend_data", encode(state))
}

/// What to write after the newest answer: its interaction, then score, status and exit, then
/// the suspend data. (Commit after it.) Before any answer: score, status, suspend data.
#[must_use]
pub fn after_answer(
    version: Version,
    state: &QuizState,
    questions: &[Question],
    pass: PassScore,
) -> Vec<Pair> {
    let mut out = Vec::new();
    if let Some(g) = state.given.last() {
        if let Some(q) = questions.get(g.question) {
            out.extend(interaction(version, state.given.len() - 1, q, g));
        }
    }
    out.extend(score_and_status(version, state, pass));
    out.push(suspend_data(state));
    out
}

/// Everything the state holds: every interaction in order, then score, status, exit and
/// suspend data. Writing it again after a resume changes nothing.
#[must_use]
pub fn all_pairs(
    version: Version,
    state: &QuizState,
    questions: &[Question],
    pass: PassScore,
) -> Vec<Pair> {
    let mut out = Vec::new();
    for (n, g) in state.given.iter().enumerate() {
        if let Some(q) = questions.get(g.question) {
            out.extend(interaction(version, n, q, g));
        }
    }
    out.extend(score_and_status(version, state, pass));
    out.push(suspend_data(state));
    out
}

/// The session's length, written before terminating: `cmi.core.session_time` as a
/// `CMITimespan` (1.2) or `cmi.session_time` as a duration (2004).
#[must_use]
pub fn session_time(version: Version, ms: u64) -> Pair {
    match version {
        Version::Scorm12 => pair("cmi.core.session_time", timespan_12(ms)),
        Version::Scorm2004 => pair("cmi.session_time", duration_2004(ms)),
    }
}

/// Which part of the suspend data is damaged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Damage {
    /// The checksum is missing or does not match: the text was cut or changed.
    Checksum,
    /// The quiz it names (topic, seed, count, questions) cannot be read.
    Header,
    /// The answer at this place in the list (from 0) cannot be read.
    Answer(usize),
}

/// Why suspend data was not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SuspendProblem {
    /// Longer than [`MAX_SUSPEND_CHARS`].
    TooLong(usize),
    /// Not written by this quiz (another SCO's data, say).
    Foreign,
    /// Written by a newer format version.
    Future(u32),
    /// Ours, but damaged.
    Corrupt(Damage),
    /// Ours, sound, but for another quiz.
    OtherQuiz {
        /// The saved quiz's identifier.
        saved: String,
        /// This quiz's.
        this: String,
    },
}

impl SuspendProblem {
    /// A sentence for the learner, in the current language.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            SuspendProblem::TooLong(chars) => {
                crate::tr!("lms.suspend.too-long", chars, max = MAX_SUSPEND_CHARS)
            }
            SuspendProblem::Foreign => crate::tr!("lms.suspend.foreign"),
            SuspendProblem::Future(version) => {
                crate::tr!("lms.suspend.future", version, current = SUSPEND_VERSION)
            }
            SuspendProblem::Corrupt(Damage::Checksum) => crate::tr!("lms.suspend.damaged.checksum"),
            SuspendProblem::Corrupt(Damage::Header) => crate::tr!("lms.suspend.damaged.header"),
            SuspendProblem::Corrupt(Damage::Answer(i)) => {
                crate::tr!("lms.suspend.damaged.answer", n = i + 1)
            }
            SuspendProblem::OtherQuiz { saved, this } => {
                crate::tr!("lms.suspend.other-quiz", saved, this)
            }
        }
    }
}

/// Whether a raw-answer character is written as itself: printable ASCII but `%`, `;`, `,`.
fn plain(c: char) -> bool {
    matches!(c, '!'..='~') && !matches!(c, '%' | ';' | ',')
}

fn escaped_len(c: char) -> usize {
    if plain(c) {
        1
    } else {
        3 * c.len_utf8()
    }
}

/// `raw` cut to the longest prefix whose escaped form fits [`MAX_RAW_ENCODED`].
fn fit_raw(raw: &str) -> String {
    let mut len = 0;
    raw.chars()
        .take_while(|c| {
            len += escaped_len(*c);
            len <= MAX_RAW_ENCODED
        })
        .collect()
}

fn escape(raw: &str, out: &mut String) {
    for c in raw.chars() {
        if plain(c) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
}

fn unescape(s: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(s.len());
    let mut it = s.bytes();
    while let Some(b) = it.next() {
        if b == b'%' {
            let hex = |d: Option<u8>| match d? {
                d @ b'0'..=b'9' => Some(d - b'0'),
                d @ b'A'..=b'F' => Some(d - b'A' + 10),
                _ => None,
            };
            bytes.push(hex(it.next())? << 4 | hex(it.next())?);
        } else if plain(char::from(b)) {
            bytes.push(b);
        } else {
            return None;
        }
    }
    String::from_utf8(bytes).ok()
}

/// The state as suspend data (format in the module doc): at most 3,990 characters.
#[must_use]
pub fn encode(state: &QuizState) -> String {
    let s = &state.spec;
    // The topic field carries the draw rules after a `~` when they are not the first ones.
    let draw = if s.draw == Draw::First {
        String::new()
    } else {
        format!("~{}", s.draw.number())
    };
    // Without a token, version 1 (which has no place for one); else version 2.
    let (version, token) = match state.token() {
        None => (1, String::new()),
        Some(t) => (SUSPEND_VERSION, format!(";{t:08x}")),
    };
    let mut body = format!(
        "wl{version};{}{draw};{};{};{}{token}",
        s.topic_name(),
        s.seed,
        s.count,
        state.questions
    );
    for g in &state.given {
        let _ = write!(
            body,
            ";{},{},{},",
            g.question,
            if g.answer.correct { 'y' } else { 'n' },
            g.latency_ms
        );
        escape(&g.answer.raw, &mut body);
    }
    let crc = crc32(body.as_bytes());
    format!("{body};{crc:08x}")
}

/// A whole number in canonical decimal (digits only, no leading zero but `0`), at most `max`.
fn number(s: &str, max: u64) -> Option<u64> {
    let canonical = !s.is_empty()
        && s.len() <= 20
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'));
    canonical
        .then(|| s.parse::<u64>().ok())
        .flatten()
        .filter(|v| *v <= max)
}

/// Reads suspend data: `Ok(None)` for none (an empty string: a first launch), the state
/// otherwise. Never panics, whatever the text.
///
/// # Errors
/// A [`SuspendProblem`] for text that is too long, not ours, from a newer format, or damaged
/// (checked by checksum first, then field by field).
pub fn decode(text: &str) -> Result<Option<QuizState>, SuspendProblem> {
    if text.len() > MAX_SUSPEND_CHARS {
        let chars = text.chars().count();
        if chars > MAX_SUSPEND_CHARS {
            return Err(SuspendProblem::TooLong(chars));
        }
    }
    if text.is_empty() {
        return Ok(None);
    }
    let (magic, _) = text.split_once(';').ok_or(SuspendProblem::Foreign)?;
    let version = magic
        .strip_prefix("wl")
        .filter(|v| !v.is_empty() && v.len() <= 9 && v.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|v| v.parse::<u32>().ok())
        .ok_or(SuspendProblem::Foreign)?;
    if version > SUSPEND_VERSION {
        return Err(SuspendProblem::Future(version));
    }
    if version == 0 {
        return Err(SuspendProblem::Foreign);
    }
    let corrupt = SuspendProblem::Corrupt;
    let (body, crc) = text.rsplit_once(';').ok_or(corrupt(Damage::Checksum))?;
    if crc != format!("{:08x}", crc32(body.as_bytes())) {
        return Err(corrupt(Damage::Checksum));
    }
    let mut fields = body.split(';').skip(1);
    let mut next = || fields.next().ok_or(corrupt(Damage::Header));
    let topic_raw = next()?;
    let (topic_field, draw) = match topic_raw.split_once('~') {
        None => (topic_raw, Draw::First),
        Some((t, d)) => (
            t,
            number(d, 9)
                .and_then(Draw::from_number)
                .filter(|d| *d != Draw::First)
                .ok_or(corrupt(Damage::Header))?,
        ),
    };
    let topic = match topic_field {
        "all" => None,
        t => Some(Topic::parse(t).ok_or(corrupt(Damage::Header))?),
    };
    let seed = number(next()?, u64::MAX).ok_or(corrupt(Damage::Header))?;
    let count = number(next()?, quiz::MAX_COUNT)
        .filter(|c| *c >= 1)
        .ok_or(corrupt(Damage::Header))?;
    let questions = number(next()?, count)
        .filter(|q| *q >= 1)
        .and_then(|q| usize::try_from(q).ok())
        .ok_or(corrupt(Damage::Header))?;
    let token = if version >= 2 {
        let t = next()?;
        (t.len() == 8 && t.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
            .then(|| u32::from_str_radix(t, 16).ok())
            .flatten()
            .filter(|t| *t != 0)
            .ok_or(corrupt(Damage::Header))?
    } else {
        0
    };
    let mut state = QuizState {
        spec: QuizSpec {
            topic,
            seed,
            count,
            draw,
        },
        questions,
        token,
        given: Vec::new(),
    };
    for (i, field) in fields.enumerate() {
        let bad = corrupt(Damage::Answer(i));
        let mut parts = field.splitn(4, ',');
        let mut part = || parts.next().ok_or(bad.clone());
        let position = number(part()?, questions as u64 - 1)
            .and_then(|p| usize::try_from(p).ok())
            .ok_or(bad.clone())?;
        let correct = match part()? {
            "y" => true,
            "n" => false,
            _ => return Err(bad),
        };
        let latency_ms = number(part()?, MAX_LATENCY_MS).ok_or(bad.clone())?;
        let raw = part()?;
        let raw = (raw.len() <= MAX_RAW_ENCODED)
            .then(|| unescape(raw))
            .flatten()
            .ok_or(bad.clone())?;
        if state.answer(position).is_some() {
            return Err(bad);
        }
        state.given.push(Given {
            question: position,
            answer: Answered { raw, correct },
            latency_ms,
        });
    }
    Ok(Some(state))
}

#[cfg(test)]
mod tests;
