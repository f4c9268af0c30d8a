//! What each step of an assignment earned, and the assignment's score.
//!
//! The frames report with the messages every embedded Warp Lab page posts ([`Report`]); a
//! report counts only for the step whose frame sent it, and only when it matches the step
//! ([`Record::apply`]):
//! - a prediction keeps its **first** reveal (right 1, close ½, off 0) and the guess as typed,
//!   which its frame shows again when the learner comes back ([`Recorded`]);
//! - a challenge keeps its **best** check (stars / 3) and, under an LMS, the code as last
//!   checked, which its frame opens on when the learner comes back ([`Record::code`]);
//! - a quiz keeps the report with the most questions answered, and is final once every
//!   question is (right / questions).
//!
//! The assignment's score is the mean of its steps' scores, a step not yet started counting 0,
//! computed as an exact fraction ([`Fraction`]) and written for gradebooks with the quiz's
//! cut decimals. The record's text form ([`Record::encode`]) is what the progress document and
//! an LMS's `suspend_data` keep: `a1.<key>.<token>.<entries>.<crc>`, entries in the order the
//! steps were first graded (`2:r~12%2E5,0:s3,1:q3/4/8`: after `~` what the learner wrote, a
//! prediction's guess or, under an LMS, a challenge's code; every byte but printable ASCII and
//! the separators `.,:~%` written `%XX`), checksummed (a CRC-32: it detects damage, such
//! as a record cut by an LMS, not tampering).

use std::fmt::Write as _;

use super::{Assignment, Expect, Recorded, StepKind};
pub use crate::examples::example_key;
use crate::lms::cmi::Status;
use crate::lms::PassScore;
use crate::quiz::Verdict;

/// A message from a step's frame, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// `{source: "warp-lab", type: "forecast", verdict, metric, example, guess}`: a Forecast
    /// revealed, on which figure, in which example (`topic/CELL`; absent outside an example),
    /// with the guess as the learner typed it.
    Forecast {
        /// Right, close or off.
        verdict: Verdict,
        /// The figure (`data-metric`) the guess was about.
        metric: String,
        /// The frame's example, as [`example_key`] writes it.
        example: Option<String>,
        /// The guess as typed, cut as [`guess_text`] cuts it (absent from a frame that did not
        /// send it).
        guess: Option<String>,
    },
    /// `{source: "warp-lab", type: "challenge-stars", challenge, key, stars}`: a challenge
    /// checked.
    Challenge {
        /// Which challenge: its `key` (a built-in's name, or `custom-` and the fingerprint of
        /// an author's, `kernel_lab::panel::code_key`), so that the stars of one custom
        /// challenge never fit another's step.
        name: String,
        /// 0–3.
        stars: u8,
        /// The code checked (`src`), sent by a frame under an LMS only, whose record is then
        /// the one place the learner's code is kept.
        src: Option<String>,
    },
    /// `{source: "warp-lab", type: "quiz-score", correct, answered, questions, count, topic,
    /// seed, draw}` (its `total` is the answers given, as `answered`; `questions` the quiz's
    /// length, `count` the length asked for).
    Quiz {
        /// The quiz's topic name.
        topic: String,
        /// Its seed, as decimal text.
        seed: String,
        /// Right answers.
        correct: u32,
        /// Questions answered.
        answered: u32,
        /// Questions.
        total: u32,
        /// `count=` of the frame's quiz.
        count: u32,
        /// `draw=` of the frame's quiz.
        draw: u8,
    },
}

impl Report {
    /// Validates a message's fields (`field(name)`: one field as text, numbers written out);
    /// `None` for anything that is not one of the three shapes with values in range.
    #[must_use]
    pub fn from_fields(field: impl Fn(&str) -> Option<String>) -> Option<Report> {
        if field("source")?.as_str() != "warp-lab" {
            return None;
        }
        let number = |name: &str| -> Option<u32> { field(name)?.trim().parse().ok() };
        let short = |name: &str| -> Option<String> {
            field(name).filter(|s| !s.is_empty() && s.len() <= 40 && !s.contains(char::is_control))
        };
        match field("type")?.as_str() {
            "forecast" => Some(Report::Forecast {
                verdict: Verdict::parse(&field("verdict")?)?,
                metric: short("metric")?,
                example: short("example"),
                guess: field("guess").and_then(|g| guess_text(&g)),
            }),
            "challenge-stars" => {
                let stars = u8::try_from(number("stars")?).ok().filter(|s| *s <= 3)?;
                Some(Report::Challenge {
                    name: short("key")?,
                    stars,
                    src: field("src").and_then(|s| code_text(&s)),
                })
            }
            "quiz-score" => {
                let (correct, answered, total) = (
                    number("correct")?,
                    number("answered")?,
                    number("questions")?,
                );
                let max = u32::try_from(crate::quiz::MAX_COUNT).unwrap_or(u32::MAX);
                if !(correct <= answered && answered <= total && (1..=max).contains(&total)) {
                    return None;
                }
                Some(Report::Quiz {
                    topic: short("topic")?,
                    seed: short("seed")?,
                    correct,
                    answered,
                    total,
                    count: number("count")?,
                    draw: u8::try_from(number("draw")?).ok()?,
                })
            }
            _ => None,
        }
    }
}

pub use crate::quiz::{guess_text, GUESS_CHARS};

/// Whether byte `b` stands as itself in an entry's text: printable ASCII but the record's
/// separators (`.`, `,`, `:`), the text's own mark `~` and the escape `%`.
fn plain(b: u8) -> bool {
    (b' '..=b'~').contains(&b) && !b".,:~%".contains(&b)
}

/// What the learner wrote for a step (a guess, a kernel), as an entry carries it: [`plain`]
/// bytes as they are, every other byte `%XX`. Hand-written: a dozen lines, where
/// `form_urlencoded` would leave `.` and `*` as they are and write a kernel's spaces as `+`.
fn escape(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if plain(b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The text an entry carries, or `None` when it is not [`escape`]'s form or not UTF-8.
fn unescape(text: &str) -> Option<String> {
    let mut bytes = Vec::new();
    let mut rest = text.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'%' {
            let hex = std::str::from_utf8(tail.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &tail[2..];
        } else if plain(b) {
            bytes.push(b);
            rest = tail;
        } else {
            return None;
        }
    }
    String::from_utf8(bytes).ok()
}

/// A challenge's code as a record keeps it: not empty, at most the lab's
/// [`crate::kernel_lab::MAX_SOURCE`] bytes.
fn code_text(src: &str) -> Option<String> {
    (!src.trim().is_empty() && src.len() <= crate::kernel_lab::MAX_SOURCE).then(|| src.to_string())
}

/// What one step earned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepRecord {
    /// A prediction's first reveal.
    Prediction(Verdict),
    /// A challenge's best stars.
    Challenge(u8),
    /// A quiz: right, answered, questions.
    Quiz {
        /// Right answers.
        correct: u32,
        /// Answered.
        answered: u32,
        /// Questions.
        total: u32,
    },
}

/// An exact non-negative fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fraction {
    /// Numerator.
    pub num: u128,
    /// Denominator (never 0).
    pub den: u128,
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Fraction {
    /// `num / den`, reduced (`den` 0 is taken as 0 / 1).
    #[must_use]
    pub fn new(num: u128, den: u128) -> Fraction {
        if den == 0 {
            return Fraction { num: 0, den: 1 };
        }
        let g = gcd(num, den).max(1);
        Fraction {
            num: num / g,
            den: den / g,
        }
    }

    /// Numerator and denominator in `u64`, for the quiz's score writer (one decimal writer in
    /// every page, without 128-bit division and formatting), which is exact below 2⁶⁰. Every
    /// assignment's fraction is (its denominator is at most the lcm of a few small numbers
    /// times 20); a larger pair is shifted down together, its decimal then approximate.
    fn narrow(self) -> (u64, u64) {
        let bits = 128 - self.num.max(self.den).leading_zeros();
        let shift = bits.saturating_sub(60);
        let n = |v: u128| u64::try_from(v >> shift).unwrap_or(u64::MAX);
        (n(self.num), n(self.den))
    }

    fn add(self, o: Fraction) -> Fraction {
        Fraction::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }

    /// As a float, for a figure's value.
    #[must_use]
    pub fn value(self) -> f64 {
        // Bounded: den ≤ lcm of a few small numbers times 20.
        #[allow(clippy::cast_precision_loss)]
        let v = self.num as f64 / self.den as f64;
        v
    }

    /// The percentage gradebooks read: at most 2 decimals, cut (`2/3 → 66.66`).
    #[must_use]
    pub fn percent(self) -> String {
        let (num, den) = self.narrow();
        crate::lms::score::percent(num, den)
    }

    /// The decimal in [0, 1] SCORM 2004's `scaled` takes: at most 7 decimals, cut.
    #[must_use]
    pub fn ratio(self) -> String {
        let (num, den) = self.narrow();
        crate::lms::score::ratio(num, den)
    }
}

impl StepRecord {
    /// The step's score in [0, 1].
    #[must_use]
    pub fn score(self) -> Fraction {
        match self {
            StepRecord::Prediction(Verdict::Right) => Fraction::new(1, 1),
            StepRecord::Prediction(Verdict::Close) => Fraction::new(1, 2),
            StepRecord::Prediction(Verdict::Off) => Fraction::new(0, 1),
            StepRecord::Challenge(stars) => Fraction::new(u128::from(stars.min(3)), 3),
            StepRecord::Quiz { correct, total, .. } => {
                Fraction::new(u128::from(correct), u128::from(total))
            }
        }
    }

    /// Whether the step is done: revealed, checked, or every question answered.
    #[must_use]
    pub fn done(self) -> bool {
        match self {
            StepRecord::Prediction(_) | StepRecord::Challenge(_) => true,
            StepRecord::Quiz {
                answered, total, ..
            } => answered >= total,
        }
    }

    fn kind(self) -> StepKind {
        match self {
            StepRecord::Prediction(_) => StepKind::Prediction,
            StepRecord::Challenge(_) => StepKind::Challenge,
            StepRecord::Quiz { .. } => StepKind::Quiz,
        }
    }

    fn encode(self) -> String {
        match self {
            StepRecord::Prediction(Verdict::Right) => "r".into(),
            StepRecord::Prediction(Verdict::Close) => "c".into(),
            StepRecord::Prediction(Verdict::Off) => "o".into(),
            StepRecord::Challenge(s) => format!("s{s}"),
            StepRecord::Quiz {
                correct,
                answered,
                total,
            } => format!("q{correct}/{answered}/{total}"),
        }
    }

    fn decode(text: &str) -> Option<StepRecord> {
        match text {
            "r" => Some(StepRecord::Prediction(Verdict::Right)),
            "c" => Some(StepRecord::Prediction(Verdict::Close)),
            "o" => Some(StepRecord::Prediction(Verdict::Off)),
            _ => {
                if let Some(s) = text.strip_prefix('s') {
                    let s: u8 = s.parse().ok()?;
                    return (s <= 3).then_some(StepRecord::Challenge(s));
                }
                let mut parts = text.strip_prefix('q')?.split('/');
                let mut next = || -> Option<u32> { parts.next()?.parse().ok() };
                let (correct, answered, total) = (next()?, next()?, next()?);
                (correct <= answered && answered <= total && total >= 1).then_some(
                    StepRecord::Quiz {
                        correct,
                        answered,
                        total,
                    },
                )
            }
        }
    }
}

/// Where a step stands, for `data-step-state`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepState {
    /// Nothing reported yet.
    NotStarted,
    /// A quiz partly answered.
    Started,
    /// Done (its score may still rise: a challenge checked again).
    Done,
}

impl StepState {
    /// `not-started`, `started`, `done`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            StepState::NotStarted => "not-started",
            StepState::Started => "started",
            StepState::Done => "done",
        }
    }
}

/// What every step of one assignment earned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The assignment's key ([`Assignment::key`]).
    pub key: String,
    /// An LMS attempt's token (0 outside an LMS).
    pub token: u32,
    /// Per step that reads, in the assignment's order.
    pub steps: Vec<Option<StepRecord>>,
    /// Step positions in the order they were first graded (an LMS's interactions are one per
    /// answer instead, `scorm::answer`).
    pub order: Vec<usize>,
    /// Per step, what the learner wrote: a prediction's first guess as typed, a challenge's
    /// code as last checked under an LMS (`None` elsewhere).
    pub written: Vec<Option<String>>,
}

/// Why a kept record could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// Not in the record's form.
    Format,
    /// The checksum does not match: the text was changed or cut.
    Checksum,
    /// It belongs to an assignment with other steps.
    OtherAssignment,
}

impl RecordProblem {
    /// The sentence.
    #[must_use]
    pub fn message(self) -> String {
        match self {
            RecordProblem::Format => crate::tr!("assignment.record.format"),
            RecordProblem::Checksum => crate::tr!("assignment.record.checksum"),
            RecordProblem::OtherAssignment => crate::tr!("assignment.record.other"),
        }
    }
}

impl Record {
    /// A blank record of `a`.
    #[must_use]
    pub fn new(a: &Assignment, token: u32) -> Record {
        Record {
            key: a.key(),
            token,
            steps: vec![None; a.steps.len()],
            order: Vec::new(),
            written: vec![None; a.steps.len()],
        }
    }

    /// Applies `report` from the frame of step `at` (a position in `a.steps`); `true` when the
    /// record changed. A report of another kind, or for another challenge or quiz, is ignored.
    pub fn apply(&mut self, a: &Assignment, at: usize, report: &Report) -> bool {
        let (Some(step), Some(slot)) = (a.steps.get(at), self.steps.get_mut(at)) else {
            return false;
        };
        let new = match (&step.expect, report) {
            (
                Expect::Forecast { example, metric },
                Report::Forecast {
                    verdict,
                    metric: m,
                    example: e,
                    guess,
                },
            ) if example.as_ref().is_none_or(|x| Some(x) == e.as_ref())
                && metric.as_ref().is_none_or(|x| x == m) =>
            {
                // The first reveal counts: a second one knows the answer.
                if slot.is_some() {
                    return false;
                }
                if let Some(g) = self.written.get_mut(at) {
                    *g = guess.as_deref().and_then(guess_text);
                }
                StepRecord::Prediction(*verdict)
            }
            (
                Expect::Challenge(name),
                Report::Challenge {
                    name: n,
                    stars,
                    src,
                },
            ) if name == n => {
                // The code as last checked is kept (a frame sends it under an LMS only),
                // whatever its stars; the stars are the best.
                let code = src.as_deref().and_then(code_text);
                let mut code_changed = false;
                if let (Some(_), Some(w)) = (&code, self.written.get_mut(at)) {
                    if *w != code {
                        *w = code;
                        code_changed = true;
                    }
                }
                match slot {
                    Some(StepRecord::Challenge(best)) if *best >= *stars => return code_changed,
                    _ => StepRecord::Challenge(*stars),
                }
            }
            (
                Expect::Quiz {
                    topic,
                    seed,
                    count,
                    draw,
                },
                Report::Quiz {
                    topic: t,
                    seed: s,
                    correct,
                    answered,
                    total,
                    count: c,
                    draw: d,
                },
            ) if topic == t && seed == s && count == c && draw == d && total <= count => {
                match *slot {
                    Some(old @ StepRecord::Quiz { answered: a0, .. })
                        if old.done() || a0 > *answered =>
                    {
                        return false;
                    }
                    _ => StepRecord::Quiz {
                        correct: *correct,
                        answered: *answered,
                        total: *total,
                    },
                }
            }
            _ => return false,
        };
        if *slot == Some(new) {
            return false;
        }
        if slot.is_none() {
            self.order.push(at);
        }
        *slot = Some(new);
        true
    }

    /// Step `at`'s state.
    #[must_use]
    pub fn state(&self, at: usize) -> StepState {
        match self.steps.get(at).copied().flatten() {
            None => StepState::NotStarted,
            Some(r) if r.done() => StepState::Done,
            Some(_) => StepState::Started,
        }
    }

    /// Step `at`'s recorded first reveal, when it is a prediction that has one.
    #[must_use]
    pub fn prediction(&self, at: usize) -> Option<Recorded> {
        match self.steps.get(at).copied().flatten() {
            Some(StepRecord::Prediction(verdict)) => Some(Recorded {
                verdict,
                guess: self.written.get(at).cloned().flatten(),
            }),
            _ => None,
        }
    }

    /// Step `at`'s score (0 when not started).
    #[must_use]
    pub fn step_score(&self, at: usize) -> Fraction {
        self.steps
            .get(at)
            .copied()
            .flatten()
            .map_or(Fraction::new(0, 1), StepRecord::score)
    }

    /// The assignment's score: the mean of the steps' scores, a step not started counting 0
    /// (0 for an assignment with no step that reads).
    #[must_use]
    pub fn score(&self) -> Fraction {
        if self.steps.is_empty() {
            return Fraction::new(0, 1);
        }
        let sum = (0..self.steps.len())
            .map(|i| self.step_score(i))
            .fold(Fraction::new(0, 1), Fraction::add);
        Fraction::new(sum.num, sum.den * self.steps.len() as u128)
    }

    /// Steps done.
    #[must_use]
    pub fn done(&self) -> usize {
        (0..self.steps.len())
            .filter(|&i| self.state(i) == StepState::Done)
            .count()
    }

    /// Incomplete until every step is done; then passed when the score reaches `pass`
    /// (`100 · score ≥ p`, decided exactly).
    #[must_use]
    pub fn status(&self, pass: PassScore) -> Status {
        if self.done() < self.steps.len() || self.steps.is_empty() {
            return Status::Incomplete;
        }
        let s = self.score();
        if s.num * 100 >= u128::from(pass.percent()) * s.den {
            Status::Passed
        } else {
            Status::Failed
        }
    }

    /// Step `at`'s code as last checked, when the record keeps it (under an LMS).
    #[must_use]
    pub fn code(&self, at: usize) -> Option<&str> {
        match self.steps.get(at).copied().flatten() {
            Some(StepRecord::Challenge(_)) => self.written.get(at)?.as_deref(),
            _ => None,
        }
    }

    /// The text form: `a1.<key>.<token, 8 hex>.<entries>.<crc, 8 hex>`.
    #[must_use]
    pub fn encode(&self) -> String {
        self.encode_leaving_out(&[])
    }

    fn encode_leaving_out(&self, codes_left_out: &[usize]) -> String {
        let entries: Vec<String> = self
            .order
            .iter()
            .filter_map(|&i| {
                let entry = self.steps.get(i).copied()??.encode();
                let written = self
                    .written
                    .get(i)
                    .cloned()
                    .flatten()
                    .filter(|_| !codes_left_out.contains(&i));
                Some(match written {
                    Some(w) => format!("{i}:{entry}~{}", escape(&w)),
                    None => format!("{i}:{entry}"),
                })
            })
            .collect();
        let body = format!("a1.{}.{:08x}.{}", self.key, self.token, entries.join(","));
        let crc = crate::lms::zip::crc32(body.as_bytes());
        format!("{body}.{crc:08x}")
    }

    /// The text form in at most `max` characters (an LMS's suspend data: 4,096 in SCORM 1.2):
    /// when the whole record does not fit, the longest codes are left out of it, one at a
    /// time, until it does (the grades and guesses always fit: twenty steps take under 1,700
    /// characters). The second half: the steps whose code was left out.
    #[must_use]
    pub fn encode_within(&self, max: usize) -> (String, Vec<usize>) {
        // A scan for the longest each time, not a sort: twenty steps at most, and the slice
        // sort cost the learner's page 2 kB.
        let mut out: Vec<usize> = Vec::new();
        loop {
            let text = self.encode_leaving_out(&out);
            let longest = (0..self.steps.len())
                .filter(|i| !out.contains(i))
                .filter_map(|i| self.code(i).map(|c| (c.len(), i)))
                .max();
            match longest {
                Some((_, i)) if text.len() > max => out.push(i),
                _ => return (text, out),
            }
        }
    }

    /// Reads a record of `a` from its text form (a record whose entries do not fit `a`'s
    /// steps, or of another assignment, is refused; never panics).
    ///
    /// # Errors
    /// What is wrong with it.
    pub fn decode(a: &Assignment, text: &str) -> Result<Record, RecordProblem> {
        let text = text.trim();
        let (body, crc) = text.rsplit_once('.').ok_or(RecordProblem::Format)?;
        let crc = u32::from_str_radix(crc, 16).map_err(|_| RecordProblem::Format)?;
        if crate::lms::zip::crc32(body.as_bytes()) != crc {
            return Err(RecordProblem::Checksum);
        }
        let mut parts = body.split('.');
        if parts.next() != Some("a1") {
            return Err(RecordProblem::Format);
        }
        let key = parts.next().ok_or(RecordProblem::Format)?;
        if key != a.key() {
            return Err(RecordProblem::OtherAssignment);
        }
        let token = parts
            .next()
            .and_then(|t| u32::from_str_radix(t, 16).ok())
            .ok_or(RecordProblem::Format)?;
        let entries = parts.next().ok_or(RecordProblem::Format)?;
        if parts.next().is_some() {
            return Err(RecordProblem::Format);
        }
        let mut record = Record::new(a, token);
        for entry in entries.split(',').filter(|e| !e.is_empty()) {
            let (i, r) = entry.split_once(':').ok_or(RecordProblem::Format)?;
            let i: usize = i.parse().map_err(|_| RecordProblem::Format)?;
            let (r, written) = match r.split_once('~') {
                Some((r, w)) => (r, Some(unescape(w).ok_or(RecordProblem::Format)?)),
                None => (r, None),
            };
            let r = StepRecord::decode(r).ok_or(RecordProblem::Format)?;
            // A prediction's text is a guess as a record keeps it, a challenge's a kernel; a
            // quiz has none.
            let reads = match (r.kind(), &written) {
                (_, None) => true,
                (StepKind::Prediction, Some(w)) => guess_text(w).as_ref() == Some(w),
                (StepKind::Challenge, Some(w)) => code_text(w).as_ref() == Some(w),
                (StepKind::Quiz, Some(_)) => false,
            };
            if !reads {
                return Err(RecordProblem::Format);
            }
            let fits =
                a.steps.get(i).is_some_and(|s| s.kind == r.kind()) && !record.order.contains(&i);
            if !fits {
                return Err(RecordProblem::OtherAssignment);
            }
            record.steps[i] = Some(r);
            record.written[i] = written;
            record.order.push(i);
        }
        Ok(record)
    }
}
/// The held keys ([`super::held_key`]) of `a`'s steps this browser holds back outside the
/// assignment (issue 64), kept by the assignment's page under [`super::PENDING_KEY`]:
/// - each prediction step not yet answered in `record` (way 3: the same example opened next
///   door, Forecast switched off, showed the figure the step asks for);
/// - each quiz step not yet done (way 4: a quiz opened next door with the same seed and other
///   rules shared some of its questions, answers shown; the quiz panel holds back every question
///   of such a step the step has not had answered, [`crate::quiz::panel::held_questions`]).
#[must_use]
pub fn held_steps(a: &Assignment, record: &Record) -> Vec<String> {
    a.steps
        .iter()
        .enumerate()
        .filter(|(at, s)| match s.kind {
            StepKind::Prediction => record.state(*at) == StepState::NotStarted,
            StepKind::Quiz => record.state(*at) != StepState::Done,
            StepKind::Challenge => false,
        })
        .filter_map(|(_, s)| super::held_key(&s.query))
        .collect()
}
