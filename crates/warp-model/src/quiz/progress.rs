//! The learner's progress: per-topic mastery, a Leitner-box review queue, and quizzes in
//! progress, as a versioned JSON document. Loading never trusts the text: a corrupt, foreign or
//! future-version document is refused with a reason, so the app can keep it aside and start
//! fresh.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::quiz::{Question, Topic};

/// The schema name in every progress document.
pub const SCHEMA: &str = "warp-lab-progress";
/// The version this build writes.
pub const VERSION: u32 = 1;
/// Largest document accepted, in bytes.
pub const MAX_BYTES: usize = 512 * 1024;
/// Leitner boxes: 1 (review soon) … 5 (well known).
pub const BOXES: u8 = 5;

/// Attempts and successes on one topic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TopicStats {
    /// Answers given.
    pub attempts: u32,
    /// Right answers.
    pub correct: u32,
}

/// One answer of a quiz in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answered {
    /// What the learner wrote (or the option chosen).
    pub raw: String,
    /// Whether it was right.
    pub correct: bool,
}

/// The whole document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Always [`SCHEMA`].
    pub schema: String,
    /// The version that wrote it.
    pub version: u32,
    /// Mastery per topic name.
    pub topics: BTreeMap<String, TopicStats>,
    /// Leitner box per question id.
    pub boxes: BTreeMap<String, u8>,
    /// Quizzes in progress: quiz key (`topic/seed/count`) → question id → answer.
    pub quizzes: BTreeMap<String, BTreeMap<String, Answered>>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            schema: SCHEMA.into(),
            version: VERSION,
            topics: BTreeMap::new(),
            boxes: BTreeMap::new(),
            quizzes: BTreeMap::new(),
        }
    }
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
    /// Reads a document, refusing anything that is not a version-1 progress document.
    ///
    /// # Errors
    /// See [`LoadProblem`].
    pub fn from_json(text: &str) -> Result<Progress, LoadProblem> {
        if text.len() > MAX_BYTES {
            return Err(LoadProblem::TooLarge(text.len()));
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| LoadProblem::Corrupt(e.to_string()))?;
        if value.get("schema").and_then(serde_json::Value::as_str) != Some(SCHEMA) {
            return Err(LoadProblem::Foreign);
        }
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) if v > u64::from(VERSION) => {
                return Err(LoadProblem::Future(u32::try_from(v).unwrap_or(u32::MAX)))
            }
            _ => return Err(LoadProblem::Corrupt(crate::tr!("quiz.progress.no-version"))),
        }
        let mut p: Progress =
            serde_json::from_value(value).map_err(|e| LoadProblem::Corrupt(e.to_string()))?;
        for b in p.boxes.values_mut() {
            *b = (*b).clamp(1, BOXES);
        }
        for s in p.topics.values_mut() {
            s.correct = s.correct.min(s.attempts);
        }
        Ok(p)
    }

    /// The document as JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
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
                    raw: raw.chars().take(64).collect(),
                    correct,
                },
            );
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
        let mut q: Vec<(String, u8)> = self
            .boxes
            .iter()
            .filter(|(_, b)| **b < BOXES)
            .map(|(k, b)| (k.clone(), *b))
            .collect();
        q.sort_by_key(|(k, b)| (*b, k.clone()));
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiz::seed_bank;

    #[test]
    fn records_and_round_trips() {
        let bank = seed_bank();
        let (a, b) = (&bank[0], &bank[1]);
        let mut p = Progress::default();
        p.record("all/42/8", a, "32", true);
        p.record("all/42/8", b, "2", false);
        p.record("all/42/8", a, "32", true);
        assert_eq!(p.boxes[&a.qid], 3);
        assert_eq!(p.boxes[&b.qid], 1);
        assert_eq!(p.mastery(Topic::Warps), Some(2.0 / 3.0));
        assert_eq!(p.mastery(Topic::Latency), None);
        assert_eq!(p.review_queue()[0], (b.qid.clone(), 1));
        let back = Progress::from_json(&p.to_json()).unwrap();
        assert_eq!(back, p);
        // Wrong sends a known question back to box 1.
        p.record("x", a, "1", false);
        assert_eq!(p.boxes[&a.qid], 1);
    }

    #[test]
    fn refuses_what_is_not_ours() {
        assert!(matches!(
            Progress::from_json("{not json"),
            Err(LoadProblem::Corrupt(_))
        ));
        assert_eq!(
            Progress::from_json("{\"hello\": 1}"),
            Err(LoadProblem::Foreign)
        );
        assert_eq!(Progress::from_json("[1,2]"), Err(LoadProblem::Foreign));
        let future = "{\"schema\":\"warp-lab-progress\",\"version\":9,\"topics\":{},\"boxes\":{},\"quizzes\":{}}";
        assert_eq!(Progress::from_json(future), Err(LoadProblem::Future(9)));
        let bad_shape = "{\"schema\":\"warp-lab-progress\",\"version\":1,\"topics\":[]}";
        assert!(matches!(
            Progress::from_json(bad_shape),
            Err(LoadProblem::Corrupt(_))
        ));
        let huge = format!("{{\"x\":\"{}\"}}", "a".repeat(MAX_BYTES));
        assert!(matches!(
            Progress::from_json(&huge),
            Err(LoadProblem::TooLarge(_))
        ));
        // Out-of-range values are clamped, not trusted.
        let odd = "{\"schema\":\"warp-lab-progress\",\"version\":1,\"topics\":{\"warps\":{\"attempts\":1,\"correct\":9}},\"boxes\":{\"q\":200},\"quizzes\":{}}";
        let p = Progress::from_json(odd).unwrap();
        assert_eq!(p.boxes["q"], BOXES);
        assert_eq!(p.topics["warps"].correct, 1);
        assert!(LoadProblem::Future(2).message().contains("newer"));
    }

    #[test]
    fn messages_speak_hinglish_and_progress_survives_a_language_switch() {
        use crate::i18n::{with_lang, Lang};
        use crate::quiz::Kind;
        let hi = with_lang(Lang::Hinglish, || LoadProblem::Future(2).message());
        assert!(hi.contains("naye") && hi.contains("version 2"), "{hi}");
        let hi = with_lang(Lang::Hinglish, || LoadProblem::TooLarge(9).message());
        assert!(hi.contains("bahut bada") && hi.contains("9 bytes"), "{hi}");
        // Answers recorded while the app spoke English keep their meaning in Hinglish: the
        // document holds ids and raw answers, never translated text.
        let bank = seed_bank();
        let mut p = Progress::default();
        for q in &bank {
            // What the panel stores: the number typed, the option's index, or yes/no.
            let raw = match &q.kind {
                Kind::Number { value, .. } => crate::figure::format_decimal(*value),
                Kind::Choice { correct, .. } => correct.to_string(),
                Kind::YesNo(b) => if *b { "yes" } else { "no" }.to_string(),
            };
            let g = q.grade(&raw);
            p.record("all/1/8", q, &raw, g.correct);
        }
        let json = p.to_json();
        let back = with_lang(Lang::Hinglish, || Progress::from_json(&json)).unwrap();
        assert_eq!(back, p);
        assert_eq!(back.mastery(Topic::Divergence), Some(1.0));
        with_lang(Lang::Hinglish, || {
            for q in seed_bank() {
                let g = q.grade(&back.quizzes["all/1/8"][&q.qid].raw);
                assert!(
                    g.correct && g.feedback.starts_with("Sahi"),
                    "{}: {}",
                    q.qid,
                    g.feedback
                );
            }
        });
    }
}

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
mod score_tests {
    use super::*;
    use crate::quiz::seed_bank;

    #[test]
    fn scores_count_only_this_quiz() {
        let bank = seed_bank();
        let mut p = Progress::default();
        p.record("k", &bank[0], "32", true);
        p.record("k", &bank[1], "5", false);
        p.record("other", &bank[2], "2", true);
        let qids: Vec<String> = bank.iter().take(3).map(|q| q.qid.clone()).collect();
        assert_eq!(quiz_score(&p, "k", &qids), (1, 2));
        assert_eq!(quiz_score(&p, "none", &qids), (0, 0));
    }
}
