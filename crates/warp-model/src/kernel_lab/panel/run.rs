//! A launch read from the inputs and run: the launch's errors, the compile, the run and its figures (with a test's, the box's keys named).

use super::inputs::input_gpu;
use super::inputs::{
    KernelInput, KernelOutput, SourceMark, WatchFigure, BLOCK, CHALLENGE, CHECK, DEFAULT_LEN, GRID,
    LEN, N, SCHED, SRC, TEST, TRACE, WATCH,
};
use super::watch::{links, run_figures, watch_list};
use crate::figure::Value;
use crate::kernel_lab::notes::{race_note, violation_note};
use crate::kernel_lab::{compile, exec};
use crate::memory::panel::{cache_of, CACHE, GPU};
use crate::params::ParamError;
use crate::warps::launch::MAX_GRID_Y;
use crate::warps::map::BlockDim;

/// The warp the step-through records, as (linear block, warp in block); `None`: the run
/// picks it.
pub type TraceChoice = Option<(u64, u64)>;

/// The launch the inputs describe, and the warp to record.
///
/// # Errors
/// Named launch errors.
pub fn launch(input: &KernelInput) -> Result<(exec::LaunchConfig, TraceChoice), Vec<ParamError>> {
    let mut errors = Vec::new();
    let block = BlockDim::parse_text(input.get(&BLOCK))
        .map_err(|e| errors.extend(e))
        .ok();
    let raw_n = input.get(&N);
    let n = if raw_n.trim().is_empty() {
        None
    } else {
        N.parse(raw_n).map_err(|e| errors.push(e)).ok()
    };
    let raw_len = input.get(&LEN);
    let len = if raw_len.trim().is_empty() {
        Some(DEFAULT_LEN)
    } else {
        LEN.parse(raw_len).map_err(|e| errors.push(e)).ok()
    };
    let raw_grid = input.get(&GRID);
    let grid = if raw_grid.trim().is_empty() {
        Ok((
            block.map_or(1, |b| n.map_or(1, |n| n.div_ceil(b.threads()).max(1))),
            1,
        ))
    } else {
        let parts: Vec<&str> = raw_grid.split(',').collect();
        if parts.len() > 2 {
            Err(ParamError::new(
                "grid",
                crate::tr!("kernel.launch.grid.shape"),
            ))
        } else {
            let g = GRID.parse_within(parts[0], 1, MAX_GRID_Y);
            let h = parts
                .get(1)
                .map_or(Ok(1), |h| GRID.parse_within(h, 1, MAX_GRID_Y));
            g.and_then(|g| h.map(|h| (g, h)))
        }
    };
    let grid = grid.map_err(|e| errors.push(e)).ok();
    // More warps than the lab runs: named on `grid` (or `n`, which sized it) before any run
    // (issue 65: `grid=65535,65535` was the run's error, named `run`).
    if let (Some(block), Some((gx, gy))) = (block, grid) {
        let total = gx.saturating_mul(gy).saturating_mul(block.warps());
        if total > exec::MAX_WARPS {
            let key = if raw_grid.trim().is_empty() {
                "n"
            } else {
                "grid"
            };
            errors.push(ParamError::new(
                key,
                crate::tr!("kernel.run.too-many-warps", total, max = exec::MAX_WARPS),
            ));
        }
    }
    // Read through the declared choices (issue 26: `sched=volta` ran the stack model silently).
    let sched = SCHED
        .choose(input.get(&SCHED))
        .map_err(|e| errors.push(e))
        .ok()
        .map(|s| {
            if s == "its" {
                exec::Sched::Its
            } else {
                exec::Sched::Stack
            }
        });
    let cache = CACHE
        .choose(input.get(&CACHE))
        .map_err(|e| errors.push(e))
        .ok()
        .map(cache_of);
    if let Err(e) = GPU.choose(input.get(&GPU)) {
        errors.push(e);
    }
    let trace = trace_choice(input).map_err(|e| errors.push(e)).ok();
    // A warp outside the launch would record nothing: say which ones there are.
    if let (Some(block), Some(grid), Some(Some((b, wi)))) = (block, grid, trace) {
        let blocks = grid.0 * grid.1;
        if b >= blocks || wi >= block.warps() {
            errors.push(ParamError::new(
                "trace",
                crate::tr!(
                    "kernel.launch.trace.range",
                    block = b,
                    warp = wi,
                    last_block = blocks - 1,
                    last_warp = block.warps() - 1
                ),
            ));
        }
    }
    match (block, n, len, grid, trace, sched, cache) {
        (Some(block), _, Some(len), Some(grid), Some(trace), Some(sched), Some(cache))
            if errors.is_empty() =>
        {
            Ok((
                exec::LaunchConfig {
                    block,
                    grid,
                    n: n.map_or(0, |v| i64::try_from(v).unwrap_or(0)),
                    len: usize::try_from(len).unwrap_or(1),
                    sched,
                    timing: false,
                    cache,
                },
                trace,
            ))
        }
        _ => Err(errors),
    }
}

/// The lab without a challenge (the plain lab's bundle, `src/bin/kernel.rs`): the run, and with
/// `timing=sm` the run on an SM (issue 47). It links no challenge: a `challenge=` link opens the
/// challenge's bundle, whose [`evaluate_run`] reads it.
#[must_use]
pub fn evaluate_plain(input: &KernelInput) -> KernelOutput {
    evaluate_plain_as::<true>(input)
}

/// [`evaluate_plain`], with its figures when `FIGURES`: the run worker's answer leaves them out
/// (the page makes them again from the run, `ran::read_ran`), and so its bundle links none of
/// their words.
pub(in crate::kernel_lab) fn evaluate_plain_as<const FIGURES: bool>(
    input: &KernelInput,
) -> KernelOutput {
    let mut out = KernelOutput {
        errors: challenge_key_notes(input, false),
        ..KernelOutput::default()
    };
    let kernel = compile_into(input.get(&SRC), &mut out);
    run_launch::<true, FIGURES, true>(input, kernel, &mut out);
    out
}

/// The launch the inputs describe, run, into `out`; with `timing=sm` on an SM too when `TIMED`
/// (the plain lab's; a constant, so that a challenge's bundle, which runs its launches
/// `TIMED = false`, does not link the SM's timing).
pub(super) fn run_launch<const TIMED: bool, const FIGURES: bool, const LINKS: bool>(
    input: &KernelInput,
    kernel: Option<crate::kernel_lab::parse::ParsedKernel>,
    out: &mut KernelOutput,
) {
    let timing = if TIMED {
        crate::kernel_lab::timing::config(input)
            .map_err(|e| out.errors.extend(e))
            .ok()
            .flatten()
    } else {
        None
    };
    let launch = launch(input).map_err(|e| out.errors.extend(e)).ok();
    let launch = launch.map(|(mut l, trace)| {
        l.timing = timing.is_some();
        (l, trace)
    });
    let watch = watch_list(
        input.get(&WATCH),
        kernel.as_ref(),
        launch.as_ref().map(|l| l.0.len),
    )
    .map_err(|e| out.errors.push(e))
    .ok();
    let (Some(kernel), Some((launch, trace)), Some(watch)) = (kernel, launch, watch) else {
        return;
    };
    let mut run = exec::run(&kernel, launch, trace, &watch);
    if let (Ok(r), Some(config)) = (&mut run, timing) {
        if r.sm_too_long {
            out.errors.push(ParamError::new(
                "timing",
                crate::tr!("kernel.sm.too-long", max = exec::MAX_SM_OPS),
            ));
        } else {
            out.sm = Some(crate::kernel_lab::timing::time(&r.sm_ops, config));
        }
        r.sm_ops = Vec::new();
    }
    show_run::<FIGURES, LINKS>(out, run, &launch, input);
    if let (true, true, Some(sm)) = (TIMED, FIGURES, &out.sm) {
        out.figures.extend(crate::kernel_lab::timing::figures(sm));
    }
}

/// `src` compiled, or its error (with its caret) in `out`.
pub(super) fn compile_into(
    src: &str,
    out: &mut KernelOutput,
) -> Option<crate::kernel_lab::parse::ParsedKernel> {
    match compile(src) {
        Ok(k) => Some(k),
        Err(e) => {
            out.errors.push(ParamError::new("src", e.with_caret(src)));
            out.mark = Some(SourceMark {
                line: e.line,
                col: Some(e.col),
            });
            None
        }
    }
}

/// The run's figures (with `FIGURES`), links (every one with `LINKS`: `watch::links`),
/// watched elements, race and violations, or its error.
pub(super) fn show_run<const FIGURES: bool, const LINKS: bool>(
    out: &mut KernelOutput,
    run: Result<exec::RunResult, exec::RunError>,
    launch: &exec::LaunchConfig,
    input: &KernelInput,
) {
    match run {
        Ok(r) => {
            if FIGURES {
                out.figures = run_figures(&r, input_gpu(input));
            }
            out.links = Some(links::<LINKS>(&r, launch, input));
            out.watched = r
                .watched
                .iter()
                .map(|w| WatchFigure {
                    metric: format!("value-{}-{}", w.name, w.index),
                    label: format!("{}[{}]", w.name, w.index),
                    value: match w.value {
                        Some(exec::Val::F(v)) => {
                            Value::Text(crate::figure::format_decimal(f64::from(v)))
                        }
                        Some(v) => Value::Text(v.text()),
                        None => Value::None,
                    },
                })
                .collect();
            out.race = r.race.as_ref().map(race_note);
            out.violations = r.violations.iter().map(violation_note).collect();
            out.result = Some(r);
        }
        Err(e) => {
            if e.line > 0 {
                out.mark = Some(SourceMark {
                    line: e.line,
                    col: None,
                });
            }
            out.errors.push(ParamError::new(
                "run",
                if e.line > 0 {
                    crate::tr!("kernel.error.line", line = e.line, message = e.message)
                } else {
                    e.message
                },
            ));
        }
    }
}

/// `challenge=` given empty: it opens the plain lab, and says so (issue 65: it did so without
/// a word). The plain lab's page adds it to its run's errors itself: the run's worker reads the
/// address the page writes, which leaves an empty key out.
#[must_use]
pub fn empty_challenge_note(input: &KernelInput) -> Option<ParamError> {
    (input.given(&CHALLENGE) && input.get(&CHALLENGE).trim().is_empty())
        .then(|| ParamError::new(CHALLENGE.url_key(), crate::tr!("kernel.challenge.empty")))
}

/// `check=` and `test=` as a page reads them (issue 65: any text was taken without a word):
/// `check` takes `1` or nothing, and both are read only with a challenge (`challenge`).
pub(super) fn challenge_key_notes(input: &KernelInput, challenge: bool) -> Vec<ParamError> {
    let mut notes = Vec::new();
    let check = input.get(&CHECK).trim();
    if !check.is_empty() && check != "1" {
        notes.push(ParamError::new(
            CHECK.url_key(),
            crate::tr!(
                "kernel.challenge.check-value",
                value = crate::params::quote(check)
            ),
        ));
    }
    if !challenge {
        for p in [&TEST, &CHECK] {
            let raw = input.get(p).trim();
            if !raw.is_empty() && raw != p.default {
                let key = p.url_key();
                notes.push(ParamError::new(
                    key,
                    crate::tr!("kernel.challenge.key-without", key),
                ));
            }
        }
    }
    notes
}

/// `trace=B,W` read: `None` when empty (the run picks the warp).
///
/// # Errors
/// `trace`, naming the form it takes.
pub(super) fn trace_choice(input: &KernelInput) -> Result<TraceChoice, ParamError> {
    let raw = input.get(&TRACE).trim();
    if raw.is_empty() {
        return Ok(None);
    }
    let p: Vec<&str> = raw.split(',').collect();
    match (
        p.first().map(|s| s.trim().parse::<u64>()),
        p.get(1).map(|s| s.trim().parse::<u64>()),
    ) {
        (Some(Ok(b)), Some(Ok(wi))) if p.len() == 2 => Ok(Some((b, wi))),
        _ => Err(ParamError::new(
            "trace",
            crate::tr!("kernel.launch.trace.shape"),
        )),
    }
}
