//! A challenge's box: which challenge the inputs name, its starter and kept code, the box the page draws (statement, tests, targets, hints), a test's run and a check's report as figures.

use super::inputs::{
    ChallengeOutput, Hint, KernelInput, KernelModel, KernelOutput, Links, Solved, BLOCK, CHALLENGE,
    DEFAULT_SRC, GRID, N, PRESETS, RANGE, REF, SRC, STARTER, TARGETS, TASK, TEST, TESTS, TITLE,
    WATCH,
};
use super::run::{challenge_key_notes, compile_into, run_launch, show_run, trace_choice};
use super::watch::watch_list;
use crate::figure::{Figure, Value};
use crate::i18n::Msg;
use crate::kernel_lab::challenge::{self, builtin, custom, Challenge};
use crate::kernel_lab::{compile, exec};
use crate::msg;
use crate::panel::PanelModel;
use crate::params::{Param, ParamError};
use crate::query::Query;

/// The challenge `challenge=` names, if any.
///
/// # Errors
/// `challenge` naming the allowed values, or a custom link's problems (`ref`, `tests`,
/// `range`, `targets`).
pub fn challenge_of(input: &KernelInput) -> Result<Option<Challenge>, Vec<ParamError>> {
    challenge_from::<true>(input)
}

/// [`challenge_of`]; a built-in with its words when `WORDS` (a constant, so that the check
/// worker, which reads it without, does not link every challenge's statement).
pub(super) fn challenge_from<const WORDS: bool>(
    input: &KernelInput,
) -> Result<Option<Challenge>, Vec<ParamError>> {
    let name = input.get(&CHALLENGE).trim();
    if name.is_empty() {
        return Ok(None);
    }
    if name == "custom" {
        return custom::custom(&custom::CustomLink {
            reference: input.get(&REF),
            tests: input.get(&TESTS),
            title: input.get(&TITLE),
            task: input.get(&TASK),
            starter: input.get(&STARTER),
            range: input.get(&RANGE),
            targets: input.get(&TARGETS),
        })
        .map(Some);
    }
    let built = if WORDS {
        builtin::builtin(name)
    } else {
        builtin::bare(name)
    };
    built.map(Some).ok_or_else(|| {
        vec![ParamError::new(
            "challenge",
            crate::tr!(
                "kernel.challenge.unknown",
                value = crate::params::quote(name),
                names = builtin::NAMES.join(", ")
            ),
        )]
    })
}

/// The source the editor should start from: a challenge's starter when the link names a
/// challenge and gives no source of its own (the lab's default kernel stands for none).
#[must_use]
pub fn starting_source(input: &KernelInput) -> Option<String> {
    starter_for(input, challenge_of(input).ok().flatten().as_ref())
}

/// Under which name a learner's code for the challenge the link names is kept in the browser:
/// a built-in's name (`add-ten`), or for an author's `custom-` and a fingerprint (16 hex
/// digits) of what defines it (its reference, tests, range, targets, title, task and starter),
/// so that two custom challenges never share a learner's code. `None` outside a challenge or
/// for a name that is no challenge.
#[must_use]
pub fn code_key(input: &KernelInput) -> Option<String> {
    key_from(|p| input.get(p).to_string())
}

/// [`code_key`] of the page a query opens, read from the query itself (the assignment page
/// names its steps' challenges so, without the lab's inputs).
#[must_use]
pub fn code_key_of(q: &Query) -> Option<String> {
    key_from(|p| q.get(p.url_key()).unwrap_or(p.default).to_string())
}

fn key_from(get: impl Fn(&Param) -> String) -> Option<String> {
    let name = get(&CHALLENGE);
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    if name != "custom" {
        return crate::kernel_lab::challenge::builtin::NAMES
            .contains(&name)
            .then(|| name.to_string());
    }
    let parts = [&REF, &TESTS, &RANGE, &TARGETS, &TITLE, &TASK, &STARTER].map(get);
    let joined = parts.join("\u{1f}");
    Some(format!(
        "custom-{:016x}",
        crate::rng::seed_from(joined.bytes())
    ))
}

/// The source a challenge opens with: the link's own (`src=`), else the learner's kept code
/// (`kept`, from an earlier visit), else the challenge's starter. `None`: keep the input's.
#[must_use]
pub fn opening_source(input: &KernelInput, kept: Option<String>) -> Option<String> {
    let starter = starting_source(input)?;
    Some(kept.filter(|k| !k.trim().is_empty()).unwrap_or(starter))
}

/// `challenge`'s starter when the source is the lab's default or empty.
pub(super) fn starter_for(input: &KernelInput, challenge: Option<&Challenge>) -> Option<String> {
    let src = input.get(&SRC);
    if !(src.trim().is_empty() || src == DEFAULT_SRC) {
        return None;
    }
    challenge
        .map(|c| c.starter.clone())
        .filter(|s| !s.is_empty())
}

/// [`evaluate_run`] without running anything: the box, the source's errors, no figures. What
/// the page draws itself (issue 65: every run is the worker's, `kernel_lab::ran`), with the
/// worker's run inside it when one came; it links no interpreter.
#[must_use]
pub fn evaluate_box(input: &KernelInput) -> KernelOutput {
    let mut out = KernelOutput::default();
    if let Some((c, src, _)) = box_parts(input, &mut out) {
        out.challenge = Some(challenge_view(input, &mut out, &c, &src).0);
    }
    out
}

pub(super) fn evaluate_parts(input: &KernelInput) -> KernelOutput {
    let mut out = KernelOutput::default();
    let Some((c, src, kernel)) = box_parts(input, &mut out) else {
        if input.get(&CHALLENGE).trim().is_empty() {
            let kernel = compile(input.get(&SRC)).ok();
            run_launch::<false, true, true>(input, kernel, &mut out);
        }
        return out;
    };
    let (view, test) = challenge_view(input, &mut out, &c, &src);
    if let (Some(kernel), Some(test)) = (kernel, test) {
        run_test::<true>(input, &mut out, &c, &kernel, test);
    }
    out.challenge = Some(view);
    out
}

/// The challenge `challenge=` names (its problems, and a custom one's cut notes, in `out`),
/// the source the page checks, and that source compiled (its error in `out`). `None` without
/// a challenge that reads: then the source is compiled into `out` only when no challenge was
/// named.
fn box_parts(
    input: &KernelInput,
    out: &mut KernelOutput,
) -> Option<(
    Challenge,
    String,
    Option<crate::kernel_lab::parse::ParsedKernel>,
)> {
    let challenge = challenge_of(input)
        .map_err(|e| out.errors.extend(e))
        .ok()
        .flatten();
    let named = !input.get(&CHALLENGE).trim().is_empty();
    out.errors.extend(challenge_key_notes(input, named));
    if challenge.as_ref().is_some_and(|c| c.name == "custom") {
        out.errors.extend(custom::cut_notes(&custom::CustomLink {
            title: input.get(&TITLE),
            task: input.get(&TASK),
            ..custom::CustomLink::default()
        }));
    }
    let src = starter_for(input, challenge.as_ref()).unwrap_or_else(|| input.get(&SRC).to_string());
    if challenge.is_none() && named {
        // A challenge link that does not read: its problems are named; nothing compiles.
        return None;
    }
    let kernel = compile_into(&src, out);
    challenge.map(|c| (c, src, kernel))
}

/// A challenge's box: the statement, the tests' launches and the targets (Check's report:
/// [`with_report`]), and the test `test=` chooses (from 0; `None`, named in `out`, when it
/// does not read).
fn challenge_view(
    input: &KernelInput,
    out: &mut KernelOutput,
    c: &Challenge,
    src: &str,
) -> (ChallengeOutput, Option<usize>) {
    let test = test_of(input, c, out);
    let view = ChallengeOutput {
        name: c.name.clone(),
        title: c.title.clone(),
        task: c.task.clone(),
        launches: c.tests.iter().map(challenge::TestLaunch::text).collect(),
        test: test.unwrap_or(0),
        targets: (0..)
            .zip(&c.targets)
            .map(|(k, t)| {
                let total = challenge::builtin::reference_total(&c.name, k);
                (t.name(), t.label(), total)
            })
            .collect(),
        failure: None,
        next: None,
        figures: Vec::new(),
        preset: preset_for(&c.name),
        hints: Vec::new(),
        timed_lab: c
            .targets
            .contains(&challenge::Target::SmCycles)
            .then(|| timed_lab(src, c, test.unwrap_or(0))),
        solved: None,
        report: None,
    };
    (view, test)
}

/// The test `test=` chooses (from 0), or `None`, named in `out`, when it does not read.
fn test_of(input: &KernelInput, c: &Challenge, out: &mut KernelOutput) -> Option<usize> {
    // `test=` against this challenge's own count, not the parameter's widest range (issue 45:
    // `add-ten&test=0` said 1 to 10, for its 5 tests).
    let raw = input.get(&TEST).trim();
    match raw.parse::<usize>() {
        Ok(t) if (1..=c.tests.len()).contains(&t) => Some(t - 1),
        _ if raw.is_empty() => Some(0),
        _ => {
            out.errors.push(ParamError::new(
                "test",
                crate::tr!(
                    "kernel.challenge.test",
                    value = crate::params::quote(raw),
                    max = c.tests.len()
                ),
            ));
            None
        }
    }
}

/// A challenge page's run as its worker computes it (`kernel_lab::ran::run_challenge`): the
/// test `test=` chooses, run, without the box (the page draws its own, [`evaluate_box`], and
/// adds these errors to its, each once); without a challenge, the lab's run without the SM's
/// timing. The challenge is read without its statement, as the check reads it.
#[must_use]
pub fn evaluate_test(input: &KernelInput) -> KernelOutput {
    evaluate_test_as::<true>(input)
}

/// [`evaluate_test`], with its figures when `FIGURES` (the check worker's answer leaves them
/// out, as the run worker's does: `panel::run::evaluate_plain_as`).
pub(in crate::kernel_lab) fn evaluate_test_as<const FIGURES: bool>(
    input: &KernelInput,
) -> KernelOutput {
    let mut out = KernelOutput {
        errors: challenge_key_notes(input, !input.get(&CHALLENGE).trim().is_empty()),
        ..KernelOutput::default()
    };
    let Ok(challenge) = challenge_from::<false>(input) else {
        // The box names a challenge link that does not read; nothing runs.
        return out;
    };
    let Some(c) = challenge else {
        if input.get(&CHALLENGE).trim().is_empty() {
            let kernel = compile_into(input.get(&SRC), &mut out);
            run_launch::<false, FIGURES, FIGURES>(input, kernel, &mut out);
        }
        return out;
    };
    let src = starter_for(input, Some(&c)).unwrap_or_else(|| input.get(&SRC).to_string());
    let kernel = compile_into(&src, &mut out);
    if let (Some(kernel), Some(t)) = (kernel, test_of(input, &c, &mut out)) {
        run_test::<FIGURES>(input, &mut out, &c, &kernel, t);
    }
    out
}

/// Run on a challenge: the kernel on test `t` (its inputs, its launch), with the lab's own
/// figures.
fn run_test<const FIGURES: bool>(
    input: &KernelInput,
    out: &mut KernelOutput,
    c: &Challenge,
    kernel: &crate::kernel_lab::parse::ParsedKernel,
    t: usize,
) {
    let Ok(reference) = compile(&c.reference) else {
        return;
    };
    if challenge::check::same_signature(&reference, kernel) {
        let (launch, mut init) = challenge::check::start_of(c, &reference, kernel, t);
        // Run shows the lab's own figures: a race on global memory is the check's.
        init.global_races = false;
        let watch = watch_list(input.get(&WATCH), Some(kernel), None)
            .map_err(|e| out.errors.push(e))
            .unwrap_or_default();
        let trace = trace_choice(input)
            .map_err(|e| out.errors.push(e))
            .unwrap_or(None);
        let run = exec::run_with(kernel, launch, Some(trace), &watch, Some(&init)).map(|(r, _)| r);
        show_run::<FIGURES, FIGURES>(out, run, &launch, input);
    } else {
        out.errors.push(ParamError::new(
            "run",
            crate::tr!(
                "challenge.failure.signature",
                expected = challenge::check::signature(&reference)
            ),
        ));
    }
}

/// The plain lab on test `k`'s launch of `c` with the page's kernel `src`, timed on the SM at
/// its defaults (the check's `check_sm`): `panel=kernel&timing=sm&block=…&grid=…&n=…&src=…`.
fn timed_lab(src: &str, c: &Challenge, k: usize) -> String {
    let mut q = format!(
        "panel={}&{}=sm",
        KernelModel::NAME,
        crate::kernel_lab::timing::TIMING.url_key()
    );
    if let Some(t) = c.tests.get(k) {
        let b = t.block;
        q = format!(
            "{q}&{}={},{},{}&{}={},{}&{}={}",
            BLOCK.url_key(),
            b.x(),
            b.y(),
            b.z(),
            GRID.url_key(),
            t.grid.0,
            t.grid.1,
            N.url_key(),
            t.int("n")
        );
    }
    format!("{q}&{}={}", SRC.url_key(), crate::query::encode(src))
}

/// Adds the check's `report` on challenge `c` to what the challenge box shows: the report, the
/// first failure in words, the check's figures, and once every test passed the reference with
/// why it costs what it costs. Nothing when `out` shows no challenge.
pub fn with_report(out: &mut KernelOutput, c: &Challenge, report: challenge::CheckReport) {
    let Some(view) = out.challenge.as_mut() else {
        return;
    };
    view.failure = report.failure.as_ref().map(|f| (f.kind(), f.text(c)));
    view.next.clone_from(&report.next);
    view.figures = challenge_figures(&report);
    view.hints = if report.passed_all() {
        report
            .targets
            .iter()
            .filter(|t| !t.met)
            .map(|t| {
                let lab = view.timed_lab.as_deref();
                hint(t, out.result.as_ref(), out.links.as_ref(), view.test, lab)
            })
            .collect()
    } else {
        Vec::new()
    };
    view.solved = report.passed_all().then(|| Solved {
        earned: report.targets.iter().all(|t| t.met),
        reference: c.reference.clone(),
        why: c
            .targets
            .iter()
            .zip(&c.why)
            .map(|(t, why)| (t.label().to_string(), why.clone()))
            .collect(),
    });
    view.report = Some(report);
}

/// The preset a built-in challenge builds on, as (label, query): `add-ten` the ragged tail's
/// guard (`if (i < n)` on `blockIdx.x * blockDim.x + threadIdx.x`). Only where the preset is not
/// the answer (the lab's transpose and warp-sum presets are).
fn preset_for(challenge: &str) -> Option<(&'static str, String)> {
    // By the label's words, not `Msg::key`, which would link every key of the catalogue
    // (64 kB of data) into the kernel page.
    const BUILDS_ON: [(&str, Msg); 1] = [("add-ten", msg!("kernel.preset.guard"))];
    let (_, preset) = BUILDS_ON.iter().find(|(c, _)| *c == challenge)?;
    let (label, src, params) = PRESETS.iter().find(|(m, _, _)| m.text() == preset.text())?;
    Some((
        label.text(),
        format!("panel=kernel&{params}&src={}", crate::query::encode(src)),
    ))
}

/// A missed target's hint, from the run of test `test` (from 0) that the page shows after a
/// check that passed (`run`, with its panel `links`); `timed_lab`, the lab on that test timed
/// on the SM, is where an `sm-cycles` target's hint sends the learner.
fn hint(
    t: &challenge::TargetReport,
    run: Option<&exec::RunResult>,
    links: Option<&Links>,
    test: usize,
    timed_lab: Option<&str>,
) -> Hint {
    use crate::kernel_lab::link_keys::{
        BANKS_PANEL, COALESCING_PANEL, DIVERGENCE_PANEL, LATENCY_PANEL,
    };
    use challenge::spec::Target;
    // What a line of the run costs of the target (atomics are not counted per line).
    let per_line = |s: &exec::LineStats| match t.target {
        Target::Transactions => Some(s.transactions),
        Target::BankConflicts => Some(s.bank_conflicts),
        Target::SharedWavefronts => Some(s.shared_wavefronts),
        Target::DivergentBranches => Some(s.divergent),
        Target::Cycles => Some(s.issued),
        // The SM's cycles are the launch's, not a line's (the lab's `timing=sm` shows each
        // line's stalls).
        Target::Atomics | Target::SmCycles => None,
    };
    let worst = run.and_then(|r| {
        r.lines
            .iter()
            .filter_map(|(line, s)| per_line(s).map(|c| (c, *line)))
            .filter(|(c, _)| *c > 0)
            .max_by_key(|(c, line)| (*c, std::cmp::Reverse(*line)))
    });
    // Written as the figures write them (11,841, not 11841).
    let n = |x: u64| Value::Int(x).human();
    let (label, mine, reference) = (t.target.label(), n(t.mine), n(t.reference));
    let text = match worst {
        Some((count, line)) => crate::tr!(
            "challenge.hint.line",
            label,
            mine,
            reference,
            test = test + 1,
            line,
            count = n(count)
        ),
        None => crate::tr!("challenge.hint.total", label, mine, reference),
    };
    // The counts, then what kind of change lowers them (issue 66).
    let text = format!("{text} {}", t.target.strategy());
    let line = worst.map(|(_, l)| l);
    let panel = match t.target {
        Target::Transactions => Some((
            COALESCING_PANEL,
            crate::t!("challenge.hint.open.coalescing"),
            links.and_then(|l| l.coalescing.clone()),
        )),
        Target::BankConflicts | Target::SharedWavefronts => Some((
            BANKS_PANEL,
            crate::t!("challenge.hint.open.banks"),
            links.and_then(|l| {
                l.banks
                    .iter()
                    .find(|(l2, _)| Some(*l2) == line)
                    .map(|(_, q)| q.clone())
            }),
        )),
        Target::DivergentBranches => Some((
            DIVERGENCE_PANEL,
            crate::t!("challenge.hint.open.divergence"),
            links.and_then(|l| l.divergence.clone()),
        )),
        // The learner's own kernel timed: its per-line stalls say which load it waits on.
        Target::SmCycles => Some((
            KernelModel::NAME,
            crate::t!("challenge.hint.open.timed-lab"),
            timed_lab.map(str::to_string),
        )),
        Target::Cycles => Some((
            LATENCY_PANEL,
            crate::t!("challenge.hint.open.latency"),
            None,
        )),
        Target::Atomics => None,
    }
    .map(|(p, words, q)| (p, words, q.unwrap_or_else(|| format!("panel={p}"))));
    Hint {
        target: t.target.name(),
        text,
        panel,
    }
}

/// The check's figures: passed, tests, tests passed, stars, and each target's value beside
/// the reference's.
fn challenge_figures(r: &challenge::CheckReport) -> Vec<Figure> {
    use crate::figure::Tone;
    use crate::t;
    let all = r.passed_all();
    let mut out = vec![
        Figure::new(
            "challenge-passed",
            t!("kernel.figure.challenge-passed"),
            Value::Bool(all),
            "",
            t!("kernel.figure.challenge-passed.help"),
        )
        .key()
        .tone(Tone::of(all)),
        Figure::new(
            "challenge-tests",
            t!("kernel.figure.challenge-tests"),
            Value::Int(r.tests as u64),
            "",
            t!("kernel.figure.challenge-tests.help"),
        ),
        Figure::new(
            "challenge-tests-passed",
            t!("kernel.figure.challenge-tests-passed"),
            Value::Int(r.passed as u64),
            "",
            t!("kernel.figure.challenge-tests-passed.help"),
        )
        .tone(Tone::of(all)),
        // Every star is good, none is bad; one or two are on the way (no verdict).
        Figure::new(
            "challenge-stars",
            t!("kernel.figure.challenge-stars"),
            Value::Int(u64::from(r.stars)),
            t!("kernel.figure.challenge-stars.unit"),
            t!("kernel.figure.challenge-stars.help"),
        )
        .key()
        .tone(match r.stars {
            3 => Tone::Good,
            0 => Tone::Bad,
            _ => Tone::Neutral,
        }),
    ];
    // The targets' sums only once every test has passed: after a compile error they would read
    // "reference: memory transactions 0" (issue 45), and after a failing test they sum only the
    // tests before it, so a broken kernel looked twice as fast as the reference (issue 64:
    // `sm-cycles` 403 beside 806). Costs are compared only between right answers.
    for t in r.targets.iter().filter(|_| all) {
        out.push(
            Figure::new(
                t.target.metric(),
                t.target.label(),
                Value::Int(t.mine),
                "",
                t!("kernel.figure.challenge-target.help"),
            )
            .tone(Tone::of(t.met)),
        );
        out.push(Figure::new(
            t.target.reference_metric(),
            t.target.reference_label(),
            Value::Int(t.reference),
            "",
            t!("kernel.figure.challenge-reference.help"),
        ));
    }
    out
}
