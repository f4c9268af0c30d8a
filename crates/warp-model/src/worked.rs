//! Worked steps in the seeds' form: a Forecast question, numbered steps each with
//! "Why this step?", the answer, and a Verify line that recomputes another way.

use std::fmt::Write as _;

use crate::math::Math;

/// A piece of a sentence: words or a formula.
#[derive(Clone, Debug, PartialEq)]
pub enum Inline {
    /// Plain words.
    Text(String),
    /// A formula, rendered as `MathML`.
    Math(Math),
}

/// One numbered step.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The step's name ("Count the threads").
    pub title: String,
    /// What the step does, words and formulas.
    pub body: Vec<Inline>,
    /// Why this step is the right next move.
    pub why: String,
}

/// A whole worked example.
#[derive(Clone, Debug, PartialEq)]
pub struct Worked {
    /// The question being answered.
    pub question: String,
    /// What to guess before reading on.
    pub forecast: String,
    /// The numbered steps.
    pub steps: Vec<Step>,
    /// The answer in one sentence.
    pub answer: String,
    /// Independent re-computations, each a formula that holds.
    pub verify: Vec<Inline>,
}

impl Worked {
    /// The whole example as plain text (formulas as text), e.g. for copying or tests.
    #[must_use]
    pub fn text(&self) -> String {
        use crate::t;
        let mut out = format!(
            "{}\n{}: {}\n",
            self.question,
            t!("common.forecast"),
            self.forecast
        );
        for (i, s) in self.steps.iter().enumerate() {
            let _ = writeln!(
                out,
                "{}. {}{} {} {} {}",
                i + 1,
                s.title,
                title_end(&s.title),
                inline_text(&s.body),
                t!("common.why"),
                s.why
            );
        }
        let _ = writeln!(
            out,
            "{}: {}\n{}: {}",
            t!("common.answer"),
            self.answer,
            t!("common.verify"),
            inline_text(&self.verify)
        );
        out
    }
}

impl Worked {
    /// Every formula of the steps and the verify line, in order, words left out: what must be
    /// the same in every language.
    #[must_use]
    pub fn formulas(&self) -> Vec<Math> {
        self.steps
            .iter()
            .flat_map(|s| s.body.iter())
            .chain(self.verify.iter())
            .filter_map(|i| match i {
                Inline::Math(m) => Some(m.clone()),
                Inline::Text(_) => None,
            })
            .collect()
    }
}

/// One sentence of words and formulas from a catalogue message whose other placeholders are
/// already filled: each `{name}` of `maths` left in `message` becomes that formula, so every
/// language puts the formulas where its word order needs them.
#[must_use]
pub fn sentence(message: &str, maths: &[(&str, Math)]) -> Vec<Inline> {
    let mut out = Vec::new();
    let mut rest = message;
    loop {
        let next = maths
            .iter()
            .filter_map(|(name, math)| {
                let slot = format!("{{{name}}}");
                crate::find_str(rest, &slot).map(|at| (at, slot.len(), math))
            })
            .min_by_key(|(at, ..)| *at);
        let Some((at, len, math)) = next else {
            if !rest.is_empty() {
                out.push(t(rest));
            }
            return out;
        };
        // `str::get` at the found slot's bounds (char boundaries): indexing would link std's
        // slicing panic into every page with worked steps (issue 46).
        if at > 0 {
            out.push(t(rest.get(..at).unwrap_or_default()));
        }
        out.push(m(math.clone()));
        rest = rest.get(at + len..).unwrap_or_default();
    }
}

/// Plain text of a run of inlines.
#[must_use]
pub fn inline_text(items: &[Inline]) -> String {
    items
        .iter()
        .map(|i| match i {
            Inline::Text(t) => t.clone(),
            Inline::Math(m) => m.text(),
        })
        .collect()
}

/// Words.
#[must_use]
pub fn t(s: impl Into<String>) -> Inline {
    Inline::Text(s.into())
}

/// A formula.
#[must_use]
pub fn m(m: Math) -> Inline {
    Inline::Math(m)
}

/// The mark that ends a step's title before its body: a full stop, unless the title already
/// ends in one of its own (`Which warp is ragged?`, never `ragged?.`).
#[must_use]
pub fn title_end(title: &str) -> &'static str {
    if title.trim_end().ends_with(['?', '!', '.', ':']) {
        ""
    } else {
        "."
    }
}

pub mod wire;

#[cfg(test)]
mod tests;
