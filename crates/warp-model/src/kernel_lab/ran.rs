//! A kernel's run, off the page's thread (issue 65: a learner's endless loop under
//! `timing=sm` held the page for 10 s). The run worker (`src/check_worker.rs`, the check's
//! bundle) reads the page's query, runs it as the page would have ([`run_query`]: the plain
//! lab's run with its SM timing, or a challenge's test), and sends the result as postcard
//! bytes; the page reads them back into the [`KernelOutput`] it draws ([`read_ran`]), its
//! figures made again from the run on the page (their words are the page's `'static` tables,
//! which no message carries). The page's bundle links neither the interpreter nor the SM's
//! timing.

use serde::{Deserialize, Serialize};

use super::exec;
use super::panel::{evaluate_plain_as, evaluate_test_as, input_gpu};
use super::panel::{run_figures, KernelInput, KernelOutput, Links, SourceMark, WatchFigure};
use super::timing::SmOutput;
use crate::memory::roofline::GPUS;
use crate::params::ParamError;
use crate::query::Query;

/// What crosses from the worker: a [`KernelOutput`] without its figures (made again on the
/// page from `result` and `sm`) and without a challenge box (the page's own, which runs
/// nothing).
#[derive(Debug, Serialize, Deserialize)]
struct Ran {
    errors: Vec<ParamError>,
    mark: Option<SourceMark>,
    result: Option<exec::RunResult>,
    links: Option<Links>,
    watched: Vec<WatchFigure>,
    race: Option<String>,
    violations: Vec<String>,
    sm: Option<SmOutput>,
    /// The roofline's GPU (`gpu=`), by its place in `GPUS`.
    gpu: u8,
}

/// The plain lab's run of the page whose query is `search` (without `?`), as bytes for the
/// page, with `timing=sm` on an SM too: what the run worker (`src/bin/run.rs`) answers. Never
/// panics, whatever the text.
#[must_use]
pub fn run_plain(search: &str) -> Vec<u8> {
    let input = read(search);
    to_bytes(evaluate_plain_as::<false>(&input), &input)
}

/// A challenge page's run of `search` ([`evaluate_test`]): the test `test=` chooses of the
/// challenge `challenge=` names, or without a challenge the lab's run without the SM's
/// timing: what the check's worker answers (it holds the challenges; the run worker holds
/// none).
#[must_use]
pub fn run_challenge(search: &str) -> Vec<u8> {
    let input = read(search);
    to_bytes(evaluate_test_as::<false>(&input), &input)
}

fn read(search: &str) -> KernelInput {
    KernelInput::from_query(&Query::parse(search), &KernelInput::default())
}

fn to_bytes(out: KernelOutput, input: &KernelInput) -> Vec<u8> {
    let gpu = input_gpu(input);
    let gpu = GPUS.iter().position(|g| g.key == gpu.key).unwrap_or(0);
    let mut sm = out.sm;
    if let Some(sm) = sm.as_mut() {
        // The cycle-by-cycle record the timeline's columns were made from: the page draws
        // the columns only.
        sm.run.timeline = Vec::new();
    }
    let ran = Ran {
        errors: out.errors,
        mark: out.mark,
        result: out.result,
        links: out.links,
        watched: out.watched,
        race: out.race,
        violations: out.violations,
        sm,
        gpu: u8::try_from(gpu).unwrap_or(0),
    };
    postcard::to_allocvec(&ran).unwrap_or_default()
}

/// The output the worker's `bytes` describe, its figures made again; `None` when they do not
/// read (a worker of another build).
#[must_use]
pub fn read_ran(bytes: &[u8]) -> Option<KernelOutput> {
    read_as::<false>(bytes)
}

/// [`read_ran`] for a challenge page's run, from the check's worker ([`run_challenge`]),
/// which leaves the links made from the result alone to the page (the divergence, coalescing,
/// roofline and banks panels'): made here, as the lab makes them (`panel::watch::links`).
#[must_use]
pub fn read_test_ran(bytes: &[u8]) -> Option<KernelOutput> {
    read_as::<true>(bytes)
}

fn read_as<const LINKS: bool>(bytes: &[u8]) -> Option<KernelOutput> {
    let mut ran: Ran = postcard::from_bytes(bytes).ok()?;
    let gpu = GPUS.get(usize::from(ran.gpu)).unwrap_or(&GPUS[0]);
    let mut figures = ran
        .result
        .as_ref()
        .map(|r| run_figures(r, gpu))
        .unwrap_or_default();
    if let Some(sm) = &ran.sm {
        figures.extend(super::timing::figures(sm));
    }
    if let (true, Some(r), Some(links)) = (LINKS, &ran.result, &mut ran.links) {
        super::panel::result_links(r, gpu.key, links);
    }
    Some(KernelOutput {
        errors: ran.errors,
        mark: ran.mark,
        result: ran.result,
        figures,
        links: ran.links,
        watched: ran.watched,
        race: ran.race,
        violations: ran.violations,
        challenge: None,
        sm: ran.sm,
    })
}

/// `bytes` as lower-case hex digits: a prerendered page carries its run so (`data-ran`), and
/// the live app reads it back rather than running it again while it takes the page over.
#[must_use]
pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 * bytes.len());
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
    out
}

/// The bytes [`to_hex`] wrote; `None` for anything else (an odd count, a character that is
/// not a lower-case hex digit).
#[must_use]
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    fn digit(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            _ => None,
        }
    }
    let raw = text.as_bytes();
    if !raw.len().is_multiple_of(2) {
        return None;
    }
    raw.chunks_exact(2)
        .map(|pair| Some(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}
