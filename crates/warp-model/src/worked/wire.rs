//! Worked steps as text, the way a quiz question's solution crosses from the solution worker
//! to the quiz page (issue 46: the quiz page links no panel's worked steps; the worker,
//! `src/solve_worker.rs`, works them out when a question has been answered).
//!
//! In the fields of `crate::fields`: `w1`, the number of examples, then per example its
//! question, forecast, the number of steps, per step its title, body and why, then its answer
//! and verify line. A run of inlines is its count, then per inline `t` and the words or `m`
//! and a formula; a formula is its kind's letter, then its parts (`n`, `i`, `o`, `x` and the
//! text; `r`, the count and each part; `f` and `s` two parts; `c`, `l` and `p` one).

use super::{Inline, Step, Worked};
use crate::fields::{put, Fields};
use crate::math::Math;

const VERSION: &str = "w1";

/// The deepest formula [`decode`] reads: a formula nested deeper is no message of ours (the
/// deepest the panels write is 5), and reading it must not exhaust the stack.
const MAX_DEPTH: usize = 32;

/// `worked` as the worker sends it.
#[must_use]
pub fn encode(worked: &[Worked]) -> String {
    let mut out = String::new();
    put(&mut out, VERSION);
    put(&mut out, &worked.len().to_string());
    for w in worked {
        put(&mut out, &w.question);
        put(&mut out, &w.forecast);
        put(&mut out, &w.steps.len().to_string());
        for s in &w.steps {
            put(&mut out, &s.title);
            inlines(&mut out, &s.body);
            put(&mut out, &s.why);
        }
        put(&mut out, &w.answer);
        inlines(&mut out, &w.verify);
    }
    out
}

fn inlines(out: &mut String, items: &[Inline]) {
    put(out, &items.len().to_string());
    for i in items {
        match i {
            Inline::Text(t) => {
                put(out, "t");
                put(out, t);
            }
            Inline::Math(m) => {
                put(out, "m");
                math(out, m);
            }
        }
    }
}

fn math(out: &mut String, m: &Math) {
    match m {
        Math::Num(s) => leaf(out, "n", s),
        Math::Ident(s) => leaf(out, "i", s),
        Math::Op(s) => leaf(out, "o", s),
        Math::Text(s) => leaf(out, "x", s),
        Math::Row(items) => {
            put(out, "r");
            put(out, &items.len().to_string());
            for i in items {
                math(out, i);
            }
        }
        Math::Frac(a, b) | Math::Sub(a, b) => {
            put(
                out,
                if matches!(m, Math::Frac(..)) {
                    "f"
                } else {
                    "s"
                },
            );
            math(out, a);
            math(out, b);
        }
        Math::Ceil(a) | Math::Floor(a) | Math::Paren(a) => {
            put(
                out,
                match m {
                    Math::Ceil(_) => "c",
                    Math::Floor(_) => "l",
                    _ => "p",
                },
            );
            math(out, a);
        }
    }
}

fn leaf(out: &mut String, kind: &str, text: &str) {
    put(out, kind);
    put(out, text);
}

/// Worked steps the worker sent; `None` for anything else (a message is checked, never
/// trusted): another form, a count the text does not hold, a formula of no kind, a formula
/// nested deeper than any of ours, or text left over.
#[must_use]
pub fn decode(text: &str) -> Option<Vec<Worked>> {
    let mut f = Fields(text);
    if f.text()? != VERSION {
        return None;
    }
    let n: usize = f.number()?;
    let out = (0..n).map(|_| worked(&mut f)).collect::<Option<Vec<_>>>()?;
    f.done().then_some(out)
}

fn worked(f: &mut Fields) -> Option<Worked> {
    let question = f.text()?.to_string();
    let forecast = f.text()?.to_string();
    let steps: usize = f.number()?;
    let steps = (0..steps)
        .map(|_| {
            Some(Step {
                title: f.text()?.to_string(),
                body: read_inlines(f)?,
                why: f.text()?.to_string(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Worked {
        question,
        forecast,
        steps,
        answer: f.text()?.to_string(),
        verify: read_inlines(f)?,
    })
}

fn read_inlines(f: &mut Fields) -> Option<Vec<Inline>> {
    let n: usize = f.number()?;
    (0..n)
        .map(|_| match f.text()? {
            "t" => Some(Inline::Text(f.text()?.to_string())),
            "m" => Some(Inline::Math(read_math(f, 0)?)),
            _ => None,
        })
        .collect()
}

fn read_math(f: &mut Fields, depth: usize) -> Option<Math> {
    if depth > MAX_DEPTH {
        return None;
    }
    let part = |f: &mut Fields| read_math(f, depth + 1).map(Box::new);
    Some(match f.text()? {
        "n" => Math::Num(f.text()?.to_string()),
        "i" => Math::Ident(f.text()?.to_string()),
        "o" => Math::Op(f.text()?.to_string()),
        "x" => Math::Text(f.text()?.to_string()),
        "r" => {
            let n: usize = f.number()?;
            Math::Row(
                (0..n)
                    .map(|_| read_math(f, depth + 1))
                    .collect::<Option<Vec<_>>>()?,
            )
        }
        "f" => Math::Frac(part(f)?, part(f)?),
        "s" => Math::Sub(part(f)?, part(f)?),
        "c" => Math::Ceil(part(f)?),
        "l" => Math::Floor(part(f)?),
        "p" => Math::Paren(part(f)?),
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
