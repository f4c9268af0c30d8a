//! The answers' small parts every question generator uses: a number or a fraction to give, a
//! wrong answer's feedback, a figure's value read as a number.

use crate::figure::{Figure, Value};
use crate::quiz::question::{AnswerKind, Misconception, FRACTION_TOLERANCE};

pub(super) fn number(value: f64, unit: &'static str) -> AnswerKind {
    AnswerKind::Number {
        value,
        tolerance: 0.0,
        unit,
    }
}

pub(super) fn fraction(value: f64) -> AnswerKind {
    AnswerKind::Number {
        value,
        tolerance: FRACTION_TOLERANCE,
        unit: "",
    }
}

pub(super) fn myth(answer: f64, feedback: &str) -> Misconception {
    Misconception {
        answer,
        feedback: feedback.to_string(),
    }
}

pub(super) fn figure_value(figures: &[Figure], metric: &str) -> f64 {
    figures
        .iter()
        .find(|f| f.metric == metric)
        .map_or(0.0, |f| match f.value {
            // The number itself, not its text read back: reading text as an `f64` with
            // `str::parse` linked core's float parser into the quiz (issue 46).
            #[allow(clippy::cast_precision_loss)]
            Value::Int(n) | Value::Id(n) => n as f64,
            _ => crate::params::decimal(&f.value.plain()).unwrap_or(0.0),
        })
}
