//! The learner's progress: per-topic mastery, a Leitner-box review queue, and quizzes in
//! progress, as a versioned JSON document. Loading never trusts the text: a foreign or
//! future-version document is refused with a reason, so the app can keep it aside and start
//! fresh; inside a readable document, an entry that is not what it should be is left out and
//! named, and every other entry is kept ([`Progress::read`]).
//!
//! # The document (version 1)
//!
//! What `warp-lab.progress` in localStorage holds, what "Export progress" writes and "Import
//! progress" reads (and what an LMS's `suspend_data` may carry):
//!
//! ```json
//! {
//!   "schema": "warp-lab-progress",
//!   "version": 1,
//!   "topics": { "warps": { "attempts": 3, "correct": 2 } },
//!   "boxes": { "s000-recall-warp-size": 3, "gen-warps-count-24-3": 1 },
//!   "quizzes": {
//!     "all/42/8/2": { "gen-warps-count-24-3": { "raw": "3", "correct": true } }
//!   },
//!   "current": "all/42/8/2"
//! }
//! ```
//!
//! - `topics`: per topic name ([`Topic::name`]), answers given and right answers
//!   (`correct` ≤ `attempts`; more is clamped on reading).
//! - `boxes`: per question id, its Leitner box, 1 (review soon) to [`BOXES`] (well known).
//! - `quizzes`: per quiz key (a [`QuizKey`]: `topic/seed/count`, then `/2` … `/5` for a quiz
//!   drawn under [`Draw::Spread`] or a later rule: its `draw` number), per question id, the
//!   answer as typed (`raw`, at most 64 characters; for a choice the option's index, for
//!   yes/no `yes` or `no`) and whether it was right. The
//!   questions themselves are not stored: the key rebuilds them ([`crate::quiz::build`]).
//! - `current` (optional; absent in documents written before it): the key of the quiz answered
//!   last, the one "Resume your quiz" offers while some of its questions are unanswered.
//! - `challenges` (optional; absent when none is solved): per built-in challenge name, the
//!   best stars a check earned, 1 to 3 (`{"transpose": 2}`). The kernel lab also keeps them in
//!   a compact text of their own ([`crate::kernel_lab::challenge::stars`]), merged into the
//!   document whenever the document is loaded.
//! - `assignments` (optional; absent when none is begun): per assignment key (16 hex digits,
//!   [`crate::assignment::Assignment::key`]), what its steps earned as the record's checksummed
//!   text ([`crate::assignment::record::Record::encode`]). The assignment page also keeps them
//!   on their own, merged into the document whenever it is loaded.
//!
//! Ids and keys never depend on the language: a document written in English reads the same in
//! Hinglish. Versioning: a field added as optional (like `current`) keeps version 1, since an
//! older reader ignores it; a change an older reader would misread raises [`VERSION`], and a
//! reader refuses a version newer than its own ([`LoadProblem::Future`]).

use std::collections::BTreeMap;
use std::fmt;

use crate::json::{self, Json};

use super::generate::{build, Draw, MAX_COUNT};
use super::question::{Question, Topic};

/// The schema name in every progress document.
pub const SCHEMA: &str = "warp-lab-progress";
/// The version this build writes.
pub const VERSION: u32 = 1;
/// Largest document accepted, in bytes.
pub const MAX_BYTES: usize = 512 * 1024;
/// Leitner boxes: 1 (review soon) … 5 (well known).
pub const BOXES: u8 = 5;
/// Longest stored answer, in characters.
pub const MAX_RAW: usize = 64;

/// The key a quiz's answers are stored under: the quiz its link names (`topic`, `seed`, `count`,
/// `draw`), written `topic/seed/count` (`all/42/8`), then the rules' number when they are not
/// [`Draw::First`]'s (`all/42/8/2` under [`Draw::Spread`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuizKey {
    /// The topic, or all.
    pub topic: Option<Topic>,
    /// The seed.
    pub seed: u64,
    /// Questions asked for (1 … [`MAX_COUNT`]).
    pub count: u64,
    /// The rules it was drawn under.
    pub draw: Draw,
}

impl QuizKey {
    /// Reads a key as this module writes it, and nothing else: a known topic or `all`, a seed
    /// and a count in decimal without sign or leading zeros, the count from 1 to
    /// [`MAX_COUNT`], and no fourth part or the number of rules other than the first (`2`,
    /// `3`, `4`).
    #[must_use]
    pub fn parse(s: &str) -> Option<QuizKey> {
        let mut parts = s.split('/');
        let topic = match parts.next()? {
            "all" => None,
            t => Some(Topic::parse(t)?),
        };
        let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        let seed = parts.next().filter(|p| digits(p))?.parse().ok()?;
        let count = parts.next().filter(|p| digits(p))?.parse().ok()?;
        // Any rules but the first are written after a fourth `/` (one spelling each: checked
        // below by writing the key back).
        let draw = match parts.next() {
            None => Draw::First,
            Some(d) => d
                .parse()
                .ok()
                .and_then(Draw::from_number)
                .filter(|d| *d != Draw::First)?,
        };
        let key = QuizKey {
            topic,
            seed,
            count,
            draw,
        };
        // One spelling per quiz ("08" is not 8), and nothing after the parts.
        (parts.next().is_none() && (1..=MAX_COUNT).contains(&count) && key.to_string() == s)
            .then_some(key)
    }

    /// The link that opens this quiz (a query without `?`): `panel=quiz&topic=…&seed=…&count=…`
    /// and `&draw=N` under any rules but [`Draw::First`] (a link with a seed and no `draw` is
    /// drawn under those).
    #[must_use]
    pub fn query(&self) -> String {
        let topic = self.topic.map_or("all", Topic::name);
        let draw = match self.draw {
            Draw::First => String::new(),
            d => format!("&draw={}", d.number()),
        };
        format!(
            "panel=quiz&topic={topic}&seed={}&count={}{draw}",
            self.seed, self.count
        )
    }
}

impl fmt::Display for QuizKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let topic = self.topic.map_or("all", Topic::name);
        write!(f, "{topic}/{}/{}", self.seed, self.count)?;
        match self.draw {
            Draw::First => Ok(()),
            d => write!(f, "/{}", d.number()),
        }
    }
}

/// Attempts and successes on one topic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TopicStats {
    /// Answers given.
    pub attempts: u32,
    /// Right answers.
    pub correct: u32,
}

/// One answer of a quiz in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    /// What the learner wrote (or the option chosen).
    pub raw: String,
    /// Whether it was right.
    pub correct: bool,
}

/// The whole document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// The version that wrote it.
    pub version: u32,
    /// Mastery per topic name.
    pub topics: BTreeMap<String, TopicStats>,
    /// Leitner box per question id.
    pub boxes: BTreeMap<String, u8>,
    /// Quizzes begun: quiz key (a [`QuizKey`]) → question id → answer.
    pub quizzes: BTreeMap<String, BTreeMap<String, Answered>>,
    /// The key of the quiz answered last (see the module's documentation).
    pub current: Option<String>,
    /// Best stars per built-in challenge (see the module's documentation).
    pub challenges: BTreeMap<String, u8>,
    /// Each assignment's record (see the module's documentation).
    pub assignments: BTreeMap<String, String>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            schema: SCHEMA.into(),
            version: VERSION,
            topics: BTreeMap::new(),
            boxes: BTreeMap::new(),
            quizzes: BTreeMap::new(),
            current: None,
            challenges: BTreeMap::new(),
            assignments: BTreeMap::new(),
        }
    }
}

impl Salvaged {
    /// The places left out, for a notice: the first five, then how many more (`boxes.q2,
    /// current, … +3`).
    #[must_use]
    pub fn places(&self) -> String {
        const SHOWN: usize = 5;
        let mut list: Vec<String> = self.dropped.iter().take(SHOWN).cloned().collect();
        if self.dropped.len() > SHOWN {
            list.push(format!("… +{}", self.dropped.len() - SHOWN));
        }
        list.join(", ")
    }
}

/// A quiz begun and not finished: the one "Resume your quiz" opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InProgress {
    /// Which quiz.
    pub key: QuizKey,
    /// Its questions answered.
    pub answered: usize,
    /// Its questions.
    pub total: usize,
}

/// A document read, and what of it had to be left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Salvaged {
    /// Everything readable.
    pub progress: Progress,
    /// Where the entries left out were (`topics.warps`, `quizzes.all/1/8.q3`, `current`):
    /// `topics`, `boxes`, whole quizzes, single answers, then `current`, each in key order;
    /// empty when the whole document was read.
    pub dropped: Vec<String>,
}

/// Why a stored document was not loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadProblem {
    /// Not JSON, or not the shape of a progress document.
    Corrupt(String),
    /// JSON from something else.
    Foreign,
    /// Written by a newer Warp Lab.
    Future(u32),
    /// Too large to be ours.
    TooLarge(usize),
}

impl LoadProblem {
    /// A sentence for the learner, in the current language.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            LoadProblem::Corrupt(e) => crate::tr!("quiz.progress.corrupt", detail = e),
            LoadProblem::Foreign => crate::tr!("quiz.progress.foreign"),
            LoadProblem::Future(v) => {
                crate::tr!("quiz.progress.future", version = v, current = VERSION)
            }
            LoadProblem::TooLarge(n) => {
                crate::tr!("quiz.progress.too-large", bytes = n, max = MAX_BYTES)
            }
        }
    }
}

impl Progress {
    /// Reads a document, refusing anything that is not a version-1 progress document, and
    /// leaving out (silently) any entry that is not what it should be; see [`Progress::read`].
    ///
    /// # Errors
    /// See [`LoadProblem`].
    pub fn from_json(text: &str) -> Result<Progress, LoadProblem> {
        Progress::read(text).map(|s| s.progress)
    }

    /// Reads a document. A text that is not JSON, not a progress document, from a newer
    /// version or too large is refused. Inside a version-1 document every entry is checked on
    /// its own: one that is not what it should be (a box that is not a number, an answer
    /// without `raw`, a `current` that names no quiz) is left out and named in
    /// [`Salvaged::dropped`], and the rest is kept. Numbers out of range are brought into it
    /// (a box into 1 … [`BOXES`], `correct` down to `attempts`, an answer cut to [`MAX_RAW`]
    /// characters).
    ///
    /// # Errors
    /// See [`LoadProblem`].
    pub fn read(text: &str) -> Result<Salvaged, LoadProblem> {
        if text.len() > MAX_BYTES {
            return Err(LoadProblem::TooLarge(text.len()));
        }
        let value = json::parse(text).map_err(LoadProblem::Corrupt)?;
        if value.get("schema").and_then(Json::as_str) != Some(SCHEMA) {
            return Err(LoadProblem::Foreign);
        }
        match value.get("version").and_then(Json::as_u64) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) if v > u64::from(VERSION) => {
                return Err(LoadProblem::Future(u32::try_from(v).unwrap_or(u32::MAX)))
            }
            _ => return Err(LoadProblem::Corrupt(crate::tr!("quiz.progress.no-version"))),
        }
        let mut dropped = Vec::new();
        let topics = entries(&value, "topics", &mut dropped, |v| {
            let count = |k: &str| v.get(k)?.as_u64().and_then(|n| u32::try_from(n).ok());
            let (attempts, correct) = (count("attempts")?, count("correct")?);
            Some(TopicStats {
                attempts,
                correct: correct.min(attempts),
            })
        });
        let boxes = entries(&value, "boxes", &mut dropped, |v| {
            let b = v.as_u64()?;
            Some(u8::try_from(b.clamp(1, u64::from(BOXES))).unwrap_or(1))
        });
        let mut p = Progress {
            topics,
            boxes,
            ..Progress::default()
        };
        let quizzes = entries(&value, "quizzes", &mut dropped, |v| v.as_object().cloned());
        for (key, answers) in quizzes {
            let at = format!("quizzes.{key}");
            let kept = entries_of(&answers, &at, &mut dropped, |v| {
                Some(Answered {
                    raw: v.get("raw")?.as_str()?.chars().take(MAX_RAW).collect(),
                    correct: v.get("correct")?.as_bool()?,
                })
            });
            p.quizzes.insert(key, kept);
        }
        // Best stars per challenge: a built-in name and 1 to 3 stars (more is clamped).
        p.challenges = entries(&value, "challenges", &mut dropped, |v| {
            let stars = v.as_u64().filter(|s| *s >= 1)?;
            Some(u8::try_from(stars.min(3)).unwrap_or(3))
        });
        let unknown: Vec<String> = p
            .challenges
            .keys()
            .filter(|k| !crate::kernel_lab::challenge::builtin::NAMES.contains(&k.as_str()))
            .cloned()
            .collect();
        for k in unknown {
            p.challenges.remove(&k);
            dropped.push(format!("challenges.{k}"));
        }
        // Assignment records: a 16-hex-digit key and text of the record's form (each record is
        // checked in full, against its steps, when its assignment opens).
        p.assignments = entries(&value, "assignments", &mut dropped, |v| {
            let t = v.as_str()?;
            (t.len() <= 2000 && t.starts_with("a1.")).then(|| t.to_string())
        });
        let bad: Vec<String> = p
            .assignments
            .keys()
            .filter(|k| k.len() != 16 || !k.bytes().all(|b| b.is_ascii_hexdigit()))
            .cloned()
            .collect();
        for k in bad {
            p.assignments.remove(&k);
            dropped.push(format!("assignments.{k}"));
        }
        match value.get("current") {
            None | Some(Json::Null) => {}
            Some(c) => match c.as_str() {
                Some(k) if QuizKey::parse(k).is_some() && p.quizzes.contains_key(k) => {
                    p.current = Some(k.to_string());
                }
                _ => dropped.push("current".to_string()),
            },
        }
        Ok(Salvaged {
            progress: p,
            dropped,
        })
    }

    /// The document as JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        fn object<T>(map: &BTreeMap<String, T>, value: impl Fn(&T) -> Json) -> Json {
            crate::json::object(map.iter().map(|(k, v)| (k.clone(), value(v))))
        }
        let number = |n: u64| Json::Number(n.to_string());
        let text = |s: &String| Json::String(s.clone());
        // The fields in the order the document's documentation gives and earlier versions
        // wrote (a `Json::Object` would sort them).
        let mut fields = vec![
            ("schema", text(&self.schema)),
            ("version", number(u64::from(self.version))),
            (
                "topics",
                object(&self.topics, |s| {
                    crate::json::object([
                        ("attempts".to_string(), number(u64::from(s.attempts))),
                        ("correct".to_string(), number(u64::from(s.correct))),
                    ])
                }),
            ),
            ("boxes", object(&self.boxes, |b| number(u64::from(*b)))),
            (
                "quizzes",
                object(&self.quizzes, |answers| {
                    object(answers, |a| {
                        crate::json::object([
                            ("raw".to_string(), text(&a.raw)),
                            ("correct".to_string(), Json::Bool(a.correct)),
                        ])
                    })
                }),
            ),
        ];
        if let Some(c) = &self.current {
            fields.push(("current", text(c)));
        }
        if !self.challenges.is_empty() {
            fields.push((
                "challenges",
                object(&self.challenges, |s| number(u64::from(*s))),
            ));
        }
        if !self.assignments.is_empty() {
            fields.push(("assignments", object(&self.assignments, text)));
        }
        json::pretty_fields(&fields)
    }

    /// Records an answer: topic stats, the question's Leitner box (right: one box up; wrong:
    /// back to box 1), and the quiz in progress.
    pub fn record(&mut self, quiz_key: &str, q: &Question, raw: &str, correct: bool) {
        let stats = self.topics.entry(q.topic.name().to_string()).or_default();
        stats.attempts = stats.attempts.saturating_add(1);
        stats.correct = stats.correct.saturating_add(u32::from(correct));
        let b = self.boxes.entry(q.qid.clone()).or_insert(1);
        *b = if correct { (*b + 1).min(BOXES) } else { 1 };
        self.quizzes
            .entry(quiz_key.to_string())
            .or_default()
            .insert(
                q.qid.clone(),
                Answered {
                    raw: raw.chars().take(MAX_RAW).collect(),
                    correct,
                },
            );
        self.current = Some(quiz_key.to_string());
    }

    /// The quiz answered last, when some of its questions are still unanswered (questions
    /// rebuilt from its key, so an answer to a question the quiz does not hold counts for
    /// nothing).
    #[must_use]
    pub fn in_progress(&self) -> Option<InProgress> {
        let current = self.current.as_deref()?;
        let key = QuizKey::parse(current)?;
        let answers = self.quizzes.get(current)?;
        let questions = build(key.topic, key.seed, key.count, key.draw);
        let answered = questions
            .iter()
            .filter(|q| answers.contains_key(&q.qid))
            .count();
        (answered > 0 && answered < questions.len()).then_some(InProgress {
            key,
            answered,
            total: questions.len(),
        })
    }

    /// Share of right answers on a topic, if it was ever attempted.
    #[must_use]
    pub fn mastery(&self, t: Topic) -> Option<f64> {
        self.topics
            .get(t.name())
            .filter(|s| s.attempts > 0)
            .map(|s| f64::from(s.correct) / f64::from(s.attempts))
    }

    /// Questions to review, lowest box (most recently missed) first.
    #[must_use]
    pub fn review_queue(&self) -> Vec<(String, u8)> {
        // Each inserted in its place (the keys come in order, so a box keeps them in order):
        // a sort would link the standard library's stable sort into the quiz page (issue 46).
        let mut q: Vec<(String, u8)> = Vec::new();
        for (k, b) in self.boxes.iter().filter(|(_, b)| **b < BOXES) {
            let at = q.partition_point(|(_, x)| x <= b);
            q.insert(at, (k.clone(), *b));
        }
        q
    }
}

/// The entries of the object `field` of `doc` that `keep` accepts; the others, and the whole
/// field when it is not an object, are named in `dropped`. A missing field has no entries.
fn entries<T>(
    doc: &Json,
    field: &str,
    dropped: &mut Vec<String>,
    keep: impl Fn(&Json) -> Option<T>,
) -> BTreeMap<String, T> {
    match doc.get(field) {
        None | Some(Json::Null) => BTreeMap::new(),
        Some(Json::Object(map)) => entries_of(map, field, dropped, keep),
        Some(_) => {
            dropped.push(field.to_string());
            BTreeMap::new()
        }
    }
}

fn entries_of<T>(
    map: &BTreeMap<String, Json>,
    at: &str,
    dropped: &mut Vec<String>,
    keep: impl Fn(&Json) -> Option<T>,
) -> BTreeMap<String, T> {
    let mut out = BTreeMap::new();
    for (k, v) in map {
        match keep(v) {
            Some(t) => {
                out.insert(k.clone(), t);
            }
            None => dropped.push(format!("{at}.{k}")),
        }
    }
    out
}

#[cfg(test)]
mod tests;

/// Right answers and answers given, for the questions of one quiz in progress.
#[must_use]
pub fn quiz_score(p: &Progress, key: &str, qids: &[String]) -> (u32, u32) {
    let Some(answers) = p.quizzes.get(key) else {
        return (0, 0);
    };
    qids.iter()
        .filter_map(|q| answers.get(q))
        .fold((0, 0), |(c, t), a| (c + u32::from(a.correct), t + 1))
}

#[cfg(test)]
mod score_tests;
