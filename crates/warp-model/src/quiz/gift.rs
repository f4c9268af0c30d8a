//! Moodle GIFT export: numerical questions with their tolerance, choices, true/false.

use std::fmt::Write as _;

use crate::figure::format_decimal;

use super::question::{AnswerKind, Question, FRACTION_TOLERANCE};

pub(super) fn gift_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '~' | '=' | '#' | '{' | '}' | ':') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The quiz as Moodle GIFT: numerical questions with their tolerance, choices, true/false.
#[must_use]
pub fn to_gift(questions: &[Question], title: &str) -> String {
    let mut out = format!(
        "// {title}\n// {}\n\n",
        crate::tr!(
            "quiz.gift.exported",
            tolerance = format_decimal(FRACTION_TOLERANCE)
        )
    );
    for q in questions {
        let body = match &q.kind {
            AnswerKind::Number {
                value, tolerance, ..
            } => {
                format!(
                    "{{#{}:{}}}",
                    format_decimal(*value),
                    format_decimal(*tolerance)
                )
            }
            AnswerKind::Choice { options, correct } => {
                let opts: Vec<String> = options
                    .iter()
                    .enumerate()
                    .map(|(i, o)| {
                        format!(
                            "{}{}",
                            if i == *correct { "=" } else { "~" },
                            gift_escape(o)
                        )
                    })
                    .collect();
                format!("{{{}}}", opts.join(" "))
            }
            AnswerKind::YesNo(b) => format!("{{{}}}", if *b { "TRUE" } else { "FALSE" }),
        };
        let _ = write!(
            out,
            "::{}::{} {body}\n\n",
            gift_escape(&q.qid),
            gift_escape(&q.prompt)
        );
    }
    out
}
