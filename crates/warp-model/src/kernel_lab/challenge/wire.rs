//! A check's report as text, the way it crosses from the check worker to the page.
//!
//! In the fields of `crate::fields` (written by hand: serde's reader cost the kernel page
//! 27 kB gzip), so any text (a compile error's caret lines, a learner's identifiers) crosses
//! unchanged: `v2`, tests, passed, stars, the number of targets, per target its name, mine,
//! reference and met (`1`/`0`), then the failure's kind (empty for none) and its fields in
//! declaration order, then what to try next (empty for none: `Failure::next`, in the worker's
//! language, so that the page links none of those sentences; issue 66).

use super::check::{CheckReport, Failure, TargetReport};
use super::spec::Target;
use crate::fields::{put, Fields};

const VERSION: &str = "v2";

/// `report` as the worker sends it.
#[must_use]
pub fn encode(report: &CheckReport) -> String {
    let mut out = String::new();
    put(&mut out, VERSION);
    for n in [
        report.tests,
        report.passed,
        usize::from(report.stars),
        report.targets.len(),
    ] {
        put(&mut out, &n.to_string());
    }
    for t in &report.targets {
        put(&mut out, t.target.name());
        put(&mut out, &t.mine.to_string());
        put(&mut out, &t.reference.to_string());
        put(&mut out, if t.met { "1" } else { "0" });
    }
    let Some(f) = &report.failure else {
        put(&mut out, "");
        put(&mut out, report.next.as_deref().unwrap_or_default());
        return out;
    };
    put(&mut out, f.kind());
    let n = |x: &usize| x.to_string();
    let fields: Vec<String> = match f {
        Failure::Compile(m) | Failure::Reference(m) => vec![m.clone()],
        Failure::Signature { expected } => vec![expected.clone()],
        Failure::Forbidden { call, line } => vec![call.clone(), n(line)],
        Failure::Run { test, message: t }
        | Failure::Race { test, text: t }
        | Failure::Mask { test, text: t } => vec![n(test), t.clone()],
        Failure::Wrong {
            test,
            buffer,
            index,
            expected,
            got,
        } => vec![
            n(test),
            buffer.clone(),
            n(index),
            expected.clone(),
            got.clone(),
        ],
    };
    for field in &fields {
        put(&mut out, field);
    }
    put(&mut out, report.next.as_deref().unwrap_or_default());
    out
}

/// What the author page asks of a step's check, read without linking the whole reader into
/// its bundle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StarterVerdict {
    /// The starter passed every test: it is a solution.
    Solves,
    /// The starter fails a test, as a starter should.
    Starter,
    /// The challenge's own reference fails (it races, or does not run): no answer to check
    /// against. The reason, in words.
    Reference(String),
}

/// What a report the worker sent says of the step's starter (`None`: not a report).
#[must_use]
pub fn starter_verdict(text: &str) -> Option<StarterVerdict> {
    let mut f = Fields(text);
    if f.text()? != VERSION {
        return None;
    }
    let (tests, passed, _stars, targets): (usize, usize, u8, usize) =
        (f.number()?, f.number()?, f.number()?, f.number()?);
    if passed > tests || targets > Target::ALL.len() {
        return None;
    }
    for _ in 0..targets * 4 {
        f.text()?;
    }
    if tests > 0 && passed == tests {
        return Some(StarterVerdict::Solves);
    }
    Some(match f.text()? {
        "reference" => StarterVerdict::Reference(f.text()?.to_string()),
        _ => StarterVerdict::Starter,
    })
}

/// A report the worker sent; `None` for anything else (a message is checked, never trusted):
/// another form, a target that is none, more tests passed than run, more than three stars.
#[must_use]
pub fn decode(text: &str) -> Option<CheckReport> {
    let mut f = Fields(text);
    if f.text()? != VERSION {
        return None;
    }
    let (tests, passed, stars, targets): (usize, usize, u8, usize) =
        (f.number()?, f.number()?, f.number()?, f.number()?);
    if passed > tests || stars > 3 || targets > Target::ALL.len() {
        return None;
    }
    let targets = (0..targets)
        .map(|_| {
            Some(TargetReport {
                target: Target::parse(f.text()?)?,
                mine: f.number()?,
                reference: f.number()?,
                met: match f.text()? {
                    "1" => true,
                    "0" => false,
                    _ => return None,
                },
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let failure = match f.text()? {
        "" => None,
        "compile" => Some(Failure::Compile(f.text()?.into())),
        "reference" => Some(Failure::Reference(f.text()?.into())),
        "signature" => Some(Failure::Signature {
            expected: f.text()?.into(),
        }),
        "forbidden" => Some(Failure::Forbidden {
            call: f.text()?.into(),
            line: f.number()?,
        }),
        "run" => Some(Failure::Run {
            test: f.number()?,
            message: f.text()?.into(),
        }),
        "race" => Some(Failure::Race {
            test: f.number()?,
            text: f.text()?.into(),
        }),
        "mask" => Some(Failure::Mask {
            test: f.number()?,
            text: f.text()?.into(),
        }),
        "wrong" => Some(Failure::Wrong {
            test: f.number()?,
            buffer: f.text()?.into(),
            index: f.number()?,
            expected: f.text()?.into(),
            got: f.text()?.into(),
        }),
        _ => return None,
    };
    let next = Some(f.text()?)
        .filter(|t| !t.is_empty())
        .map(str::to_string);
    f.0.is_empty().then_some(CheckReport {
        tests,
        passed,
        stars,
        targets,
        failure,
        next,
    })
}
