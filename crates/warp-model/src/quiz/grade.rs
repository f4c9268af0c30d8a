//! Grading: a learner's answer read the way people write numbers (`0.571`, `57.1%`, `4/7`,
//! `1,638`), checked against the question, with feedback that names a known misconception;
//! and the "Forecast first" feedback of every panel.

use crate::figure::format_decimal;

use super::question::{AnswerKind, Question};

/// Reads a learner's number: `0.571`, `57.1%`, `4/7`, `1,638`, `¼`, `2x`.
#[must_use]
pub fn parse_number(raw: &str) -> Option<f64> {
    let s: String = raw.trim().replace(['\u{a0}', ' '], "");
    let s = s.trim_end_matches(['×', 'x', 'X']);
    if s.is_empty() || s.len() > 40 {
        return None;
    }
    match s {
        "¼" => return Some(0.25),
        "½" => return Some(0.5),
        "¾" => return Some(0.75),
        _ => {}
    }
    if let Some(p) = s.strip_suffix('%') {
        return parse_plain(p).map(|v| v / 100.0);
    }
    if let Some((a, b)) = s.split_once('/') {
        let (a, b) = (parse_plain(a)?, parse_plain(b)?);
        return (b != 0.0).then(|| a / b);
    }
    parse_plain(s)
}

fn parse_plain(s: &str) -> Option<f64> {
    // Commas only as thousands separators: 1,638 or 2,088,960.
    let s = if s.contains(',') {
        // Bytes, not str slices: a multi-byte character must not split a group.
        let groups: Vec<&[u8]> = s.split(',').map(str::as_bytes).collect();
        let last = groups.len() - 1;
        let ok = (1..=3).contains(&groups[0].len())
            && groups[1..].iter().enumerate().all(|(i, g)| {
                g.len() >= 3
                    && g[..3].iter().all(u8::is_ascii_digit)
                    && (g.len() == 3 || (i + 1 == last && g[3] == b'.'))
            });
        if !ok {
            return None;
        }
        s.replace(',', "")
    } else {
        s.to_string()
    };
    // No exponents in an answer: "1e3" is not how a learner writes a thousand.
    if !s
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
    {
        return None;
    }
    crate::params::decimal(&s)
}

/// The outcome of one answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// Whether it is right.
    pub correct: bool,
    /// What to tell the learner (the misconception, if one matched).
    pub feedback: String,
}

impl Question {
    /// The right answer as text, in the current language.
    #[must_use]
    pub fn answer_text(&self) -> String {
        match &self.kind {
            AnswerKind::Number { value, unit, .. } => format!("{} {unit}", format_decimal(*value))
                .trim()
                .to_string(),
            AnswerKind::Choice { options, correct } => {
                options.get(*correct).cloned().unwrap_or_default()
            }
            AnswerKind::YesNo(b) => {
                if *b {
                    crate::tr!("quiz.answer.yes")
                } else {
                    crate::tr!("quiz.answer.no")
                }
            }
        }
    }

    /// Grades a raw answer (a number, an option index, or yes/no).
    ///
    /// Grading reads values and ids only, never translated text: a number, an option's index,
    /// or one of the fixed yes/no words of either language. So an answer stored under one
    /// language grades the same under the other; only the feedback's wording changes.
    #[must_use]
    pub fn grade(&self, raw: &str) -> Grade {
        let given: Option<f64> = match &self.kind {
            AnswerKind::Number { .. } => parse_number(raw),
            AnswerKind::Choice { options, .. } => raw
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|i| *i < options.len())
                .map(|i| i as f64),
            AnswerKind::YesNo(_) => yes_no(raw).map(|b| if b { 1.0 } else { 0.0 }),
        };
        let Some(g) = given else {
            return Grade {
                correct: false,
                feedback: match self.kind {
                    AnswerKind::Number { .. } => crate::tr!(
                        "quiz.grade.unreadable",
                        raw = raw.chars().take(24).collect::<String>()
                    ),
                    _ => crate::tr!("quiz.grade.choose"),
                },
            };
        };
        let (correct, tolerance) = match &self.kind {
            AnswerKind::Number {
                value, tolerance, ..
            } => ((g - value).abs() <= *tolerance + 1e-9, *tolerance),
            // `g` is an option's index or 1/0 for yes/no here: whole numbers, compared as such.
            AnswerKind::Choice { correct, .. } => ((g - *correct as f64).abs() < 0.5, 0.0),
            AnswerKind::YesNo(b) => ((g > 0.5) == *b, 0.0),
        };
        if correct {
            return Grade {
                correct: true,
                feedback: crate::tr!("quiz.grade.right", explanation = &self.explanation),
            };
        }
        let named = self
            .misconceptions
            .iter()
            .find(|m| (m.answer - g).abs() <= tolerance + 1e-9);
        Grade {
            correct: false,
            feedback: match named {
                Some(m) => crate::tr!(
                    "quiz.grade.wrong-myth",
                    myth = &m.feedback,
                    answer = self.answer_text(),
                    explanation = &self.explanation
                ),
                None => crate::tr!(
                    "quiz.grade.wrong",
                    answer = self.answer_text(),
                    explanation = &self.explanation
                ),
            },
        }
    }
}

/// Reads a yes/no answer from fixed words of both languages (never from the catalogue, so a
/// stored answer means the same whatever the language): yes/true/y/1/haan/han/ha/haa,
/// no/false/n/0/nahi/nahin/na.
#[must_use]
pub fn yes_no(raw: &str) -> Option<bool> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "yes" | "true" | "y" | "1" | "haan" | "han" | "ha" | "haa" => Some(true),
        "no" | "false" | "n" | "0" | "nahi" | "nahin" | "na" => Some(false),
        _ => None,
    }
}
