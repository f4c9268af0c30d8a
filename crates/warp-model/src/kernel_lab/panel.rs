//! The kernel lab as a panel: its inputs (source and launch), the run's figures, the links
//! into the other panels, and the seeds' snippets as presets.

use super::challenge::{self, builtin, custom, Challenge};
pub use super::notes::{race_note, violation_note};
use super::{compile, exec, MAX_SOURCE};
use crate::figure::{Figure, Value};
use crate::i18n::Msg;
use crate::msg;
use crate::panel::{Inputs, PanelModel};
use crate::params::{Param, ParamError};
use crate::query::Query;
use crate::ratio;
use crate::warps::launch::MAX_GRID_Y;
use crate::warps::map::BlockDim;

/// The default kernel: seed 004 Ex 5.
pub const DEFAULT_SRC: &str = include_str!("presets/even-odd.cu");

/// Default buffer length.
pub const DEFAULT_LEN: u64 = 1_048_576;

/// Most characters of a launch field's text (`block`, `grid`, `trace`).
const FIELD_CHARS: usize = 32;

/// `src`: the kernel (it has its own editor, not a form field).
pub const SRC: Param =
    Param::text("src", msg!("kernel.field.src"), MAX_SOURCE, DEFAULT_SRC).own_control();
/// `block=X[,Y[,Z]]`: blockDim, CUDA's limits.
pub const BLOCK: Param = Param::text("block", msg!("kernel.field.block"), FIELD_CHARS, "32")
    .hint(msg!("kernel.field.block.hint"));
/// `grid=G[,H]`: gridDim (optional: ⌈n/B⌉ with `n`, else 1).
pub const GRID: Param = Param::text("grid", msg!("kernel.field.grid"), FIELD_CHARS, "")
    .hint(msg!("kernel.field.grid.hint"));
/// `n`: passed to an int parameter named `n` (optional).
pub const N: Param =
    Param::whole("n", msg!("kernel.field.n"), 0, 1 << 31, "").hint(msg!("kernel.field.n.hint"));
/// `len`: elements in every pointer parameter's buffer.
pub const LEN: Param = Param::whole("len", msg!("kernel.field.len"), 1, 1 << 22, "1048576")
    .hint(msg!("kernel.field.len.hint"));
/// `trace=B,W`: the block (linear index) and warp the step-through records (optional: the
/// first warp whose lanes diverge or that has idle lanes, else the first).
pub const TRACE: Param = Param::text("trace", msg!("kernel.field.trace"), FIELD_CHARS, "")
    .hint(msg!("kernel.field.trace.hint"));

/// `watch=NAME[i],…`: elements of pointer parameters shown after the run (at most 16).
pub const WATCH: Param =
    Param::text("watch", msg!("kernel.field.watch"), 400, "").hint(msg!("kernel.field.watch.hint"));
/// `sched=stack|its`: how a warp's diverged lanes are scheduled.
pub const SCHED: Param =
    Param::choice("sched", msg!("kernel.field.sched"), &SCHED_CHOICES, "stack")
        .hint(msg!("kernel.field.sched.hint"));
const SCHED_CHOICES: [crate::params::Choice; 2] = [
    crate::params::Choice {
        value: "stack",
        label: msg!("kernel.choice.sched.stack"),
    },
    crate::params::Choice {
        value: "its",
        label: msg!("kernel.choice.sched.its"),
    },
];

/// Most elements `watch` names.
pub const MAX_WATCH: usize = 16;

/// `challenge=NAME`: a built-in challenge (`add-ten` … `spin-lock`) or `custom` (with `ref`
/// and `tests`). Its own control: the challenge box, not a form field.
pub const CHALLENGE: Param =
    Param::text("challenge", msg!("kernel.field.challenge"), 40, "").own_control();
/// `test=K`: the challenge's test that Run uses, from 1.
pub const TEST: Param = Param::whole(
    "test",
    msg!("kernel.field.test"),
    1,
    custom::MAX_TESTS as u64,
    "1",
)
.own_control();
/// `check=1`: the challenge's tests ran (Check).
pub const CHECK: Param = Param::text("check", msg!("kernel.field.check"), 1, "").own_control();
/// `ref`: a custom challenge's reference kernel.
pub const REF: Param = Param::text("ref", msg!("kernel.field.ref"), MAX_SOURCE, "").own_control();
/// `tests`: a custom challenge's launches (`n=100,block=64;n=3000,block=256,grid=4`).
pub const TESTS: Param = Param::text("tests", msg!("kernel.field.tests"), 600, "").own_control();
/// `title`: a custom challenge's title.
pub const TITLE: Param = Param::text("title", msg!("kernel.field.title"), 120, "").own_control();
/// `task`: a custom challenge's statement.
pub const TASK: Param = Param::text("task", msg!("kernel.field.task"), 2000, "").own_control();
/// `starter`: what a custom challenge's editor starts with.
pub const STARTER: Param =
    Param::text("starter", msg!("kernel.field.starter"), MAX_SOURCE, "").own_control();
/// `range=LO,HI`: a custom challenge's random inputs, [LO, HI).
pub const RANGE: Param = Param::text("range", msg!("kernel.field.range"), 40, "").own_control();
/// `targets=A,B`: a custom challenge's cost targets, in star order.
pub const TARGETS: Param =
    Param::text("targets", msg!("kernel.field.targets"), 80, "").own_control();

/// The lab's parameters, in form order (the source first, in its own editor; the challenge's
/// after the form, in the challenge box or only in the link).
pub const PARAMS: [Param; 23] = [
    SRC,
    BLOCK,
    GRID,
    N,
    LEN,
    TRACE,
    WATCH,
    SCHED,
    super::timing::TIMING,
    super::timing::S,
    super::timing::L,
    super::timing::POLICY,
    super::timing::WINDOW,
    CHALLENGE,
    TEST,
    CHECK,
    REF,
    TESTS,
    TITLE,
    TASK,
    STARTER,
    RANGE,
    TARGETS,
];

/// The kernel lab's model.
#[derive(Clone, Copy, Debug)]
pub struct KernelModel;

/// The lab's raw inputs.
pub type KernelInput = Inputs<KernelModel>;

impl PanelModel for KernelModel {
    const NAME: &'static str = "kernel";
    const TITLE: Msg = msg!("common.panel.kernel.title");
    const QUESTION: Msg = msg!("common.panel.kernel.question");
    const PARAMS: &'static [Param] = &PARAMS;
    // Its content at 800 px wide (the frame's max-width), default inputs: 1,702 px.
    const EMBED_HEIGHT: u32 = 1700;
    type Output = KernelOutput;

    fn evaluate(input: &KernelInput) -> KernelOutput {
        if input.get(&CHALLENGE).trim().is_empty() {
            evaluate_plain(input)
        } else {
            evaluate(input)
        }
    }
    fn errors(out: &KernelOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &KernelOutput) -> &[Figure] {
        &out.figures
    }
}

/// Links that open the other panels on what the code did (query strings without `?`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Links {
    /// The divergence timeline on the first divergent branch.
    pub divergence: Option<String>,
    /// The divergence panel's loop mode on the first split loop.
    pub loop_counts: Option<String>,
    /// The coalescing view on the first strided load.
    pub coalescing: Option<String>,
    /// The block-to-warp map on the launch.
    pub warps: String,
    /// The banks panel on each shared-access line's worst request, when it is a simple
    /// strided one: (line, query).
    pub banks: Vec<(usize, String)>,
}

/// A `watch=` element after the run: a figure whose name is made from the input
/// (`value-out-0`), so it is kept beside the fixed figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WatchFigure {
    /// `value-NAME-i` (`data-metric`).
    pub metric: String,
    /// `NAME[i]`.
    pub label: String,
    /// Its value: an integer for an `int*` buffer, a decimal for a `float*` one.
    pub value: Value,
}

/// Where in the source an error is, for the editor to mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SourceMark {
    /// Line, 1-based.
    pub line: usize,
    /// Column, 1-based, in characters (a tab is one); `None` for a run-time error, which
    /// names a line only.
    pub col: Option<usize>,
}

/// Everything the lab shows (by default nothing yet: no error, no run, no figure).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KernelOutput {
    /// `src` (parse, with caret), `run` (run time), or launch parameter errors.
    pub errors: Vec<ParamError>,
    /// The place of the `src` or `run` error, when it has one.
    pub mark: Option<SourceMark>,
    /// The run.
    pub result: Option<exec::RunResult>,
    /// The figures.
    pub figures: Vec<Figure>,
    /// Links to the other panels.
    pub links: Option<Links>,
    /// The `watch=` elements after the run.
    pub watched: Vec<WatchFigure>,
    /// The race found, in words (both lines and the word), when there is one.
    pub race: Option<String>,
    /// The first mask violations, in words (line, call, lanes), as a sanitizer names them.
    pub violations: Vec<String>,
    /// The challenge, when `challenge=` names one.
    pub challenge: Option<ChallengeOutput>,
    /// The launch on one SM's schedulers, with `timing=sm` (issue 47; the plain lab's only).
    pub sm: Option<super::timing::SmOutput>,
}

/// What the challenge box shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeOutput {
    /// `challenge=` (`custom` for an author's).
    pub name: String,
    /// Its title.
    pub title: String,
    /// The statement.
    pub task: String,
    /// Each test's launch, in words (the data stays hidden).
    pub launches: Vec<String>,
    /// The test Run uses (from 0).
    pub test: usize,
    /// The targets: (name, label, the reference's total over the tests when it is known
    /// before a Check: a built-in's), in star order.
    pub targets: Vec<(&'static str, &'static str, Option<u64>)>,
    /// The check, when it ran (`check=1`).
    pub report: Option<challenge::CheckReport>,
    /// The first failure: its kind and its words.
    pub failure: Option<(&'static str, String)>,
    /// After a failure, the next thing to try (`Failure::next`; issue 66).
    pub next: Option<String>,
    /// The check's figures (`challenge-passed`, …).
    pub figures: Vec<Figure>,
    /// A preset of the lab that shows what the challenge builds on, for a newcomer: its label
    /// and its link's query (issue 45: `add-ten` gave no hint of the index or the guard).
    pub preset: Option<(&'static str, String)>,
    /// Once every test passes and a target is missed: per missed target, where the cost is and
    /// which panel explains it (hints before the answer, issue 45).
    pub hints: Vec<Hint>,
    /// With an `sm-cycles` target: the plain lab's address of the chosen test's launch with the
    /// learner's kernel under `timing=sm` (its per-line stalls: where the warps wait), which
    /// that target's hint links.
    pub timed_lab: Option<String>,
    /// Once every test passes: the reference, and per target why it costs what it costs.
    pub solved: Option<Solved>,
}

/// A missed target's hint: the counts, the line of the run that costs the most of it, and the
/// panel that explains that cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The target's name (`data-hint`).
    pub target: &'static str,
    /// In words.
    pub text: String,
    /// The panel that explains it: its name (`data-link`), the link's words and its query, on
    /// the run's own access where the lab has one. (The words are the hint's own, not the
    /// registry's titles, which would link every panel's text into the kernel page: 15 kB.)
    pub panel: Option<(&'static str, &'static str, String)>,
}

/// What a solved challenge offers.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// Every target met (★★★): the reference is shown at once. Before that it is the answer to
    /// what the hints ask, and the page shows it only when the learner asks twice.
    pub earned: bool,
    /// The reference kernel.
    pub reference: String,
    /// Per target: its label and the reference's reason.
    pub why: Vec<(String, String)>,
}

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
fn challenge_from<const WORDS: bool>(
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
fn starter_for(input: &KernelInput, challenge: Option<&Challenge>) -> Option<String> {
    let src = input.get(&SRC);
    if !(src.trim().is_empty() || src == DEFAULT_SRC) {
        return None;
    }
    challenge
        .map(|c| c.starter.clone())
        .filter(|s| !s.is_empty())
}

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
    match (block, n, len, grid, trace, sched) {
        (Some(block), _, Some(len), Some(grid), Some(trace), Some(sched)) if errors.is_empty() => {
            Ok((
                exec::LaunchConfig {
                    block,
                    grid,
                    n: n.map_or(0, |v| i64::try_from(v).unwrap_or(0)),
                    len: usize::try_from(len).unwrap_or(1),
                    sched,
                    timing: false,
                },
                trace,
            ))
        }
        _ => Err(errors),
    }
}

/// Parses and runs; with `check=1`, runs the challenge's tests too. Never panics, whatever the
/// text.
#[must_use]
pub fn evaluate(input: &KernelInput) -> KernelOutput {
    let mut out = evaluate_run(input);
    if input.get(&CHECK).trim() == "1" {
        if let (Ok(Some(c)), Some(report)) =
            (challenge_of(input), check_link(&check_query(input), |_| {}))
        {
            with_report(&mut out, &c, report);
        }
    }
    out
}

/// The check of the challenge a page's query names, on the source that page would check (its
/// `src=`, else the challenge's starter): what the check worker runs, off the page's main
/// thread, with the query the page sends it ([`check_query`]). `started(k)` is called before
/// test `k` runs. `None` when the query names no challenge that reads.
#[must_use]
pub fn check_link(search: &str, started: impl FnMut(usize)) -> Option<challenge::CheckReport> {
    let input = KernelInput::from_query(&Query::parse(search), &KernelInput::default());
    let c = challenge_from::<false>(&input).ok().flatten()?;
    let src = starter_for(&input, Some(&c)).unwrap_or_else(|| input.get(&SRC).to_string());
    Some(challenge::check::check_each(&c, &src, started))
}

/// The query that asks [`check_link`] for the check of `input`: the page's parameters, as its
/// address writes them.
#[must_use]
pub fn check_query(input: &KernelInput) -> String {
    let mut q = Query::default();
    input.write_query(&mut q);
    q.to_search()
}

/// What [`evaluate`] shows before the challenge's tests have run: the run, the challenge box
/// without a report. The page runs the tests off its main thread (the check worker) and adds
/// their report with [`with_report`].
#[must_use]
pub fn evaluate_run(input: &KernelInput) -> KernelOutput {
    evaluate_parts(input)
}

/// The lab without a challenge (the plain lab's bundle, `src/bin/kernel.rs`): the run, and with
/// `timing=sm` the run on an SM (issue 47). It links no challenge: a `challenge=` link opens the
/// challenge's bundle, whose [`evaluate_run`] reads it.
#[must_use]
pub fn evaluate_plain(input: &KernelInput) -> KernelOutput {
    let mut out = KernelOutput {
        errors: challenge_key_notes(input, false),
        ..KernelOutput::default()
    };
    let kernel = compile_into(input.get(&SRC), &mut out);
    run_launch::<true>(input, kernel, &mut out);
    out
}

/// The launch the inputs describe, run, into `out`; with `timing=sm` on an SM too when `TIMED`
/// (the plain lab's; a constant, so that a challenge's bundle, which runs its launches
/// `TIMED = false`, does not link the SM's timing).
fn run_launch<const TIMED: bool>(
    input: &KernelInput,
    kernel: Option<super::parse::ParsedKernel>,
    out: &mut KernelOutput,
) {
    let timing = if TIMED {
        super::timing::config(input)
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
            out.sm = Some(super::timing::time(&r.sm_ops, config));
        }
        r.sm_ops = Vec::new();
    }
    show_run(out, run, &kernel, &launch, input);
    if let (true, Some(sm)) = (TIMED, &out.sm) {
        out.figures.extend(super::timing::figures(sm));
    }
}

/// `src` compiled, or its error (with its caret) in `out`.
fn compile_into(src: &str, out: &mut KernelOutput) -> Option<super::parse::ParsedKernel> {
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

fn evaluate_parts(input: &KernelInput) -> KernelOutput {
    let mut out = KernelOutput::default();
    let Some((c, src, kernel)) = box_parts(input, &mut out) else {
        if input.get(&CHALLENGE).trim().is_empty() {
            let kernel = compile(input.get(&SRC)).ok();
            run_launch::<false>(input, kernel, &mut out);
        }
        return out;
    };
    let (view, test) = challenge_view(input, &mut out, &c, &src);
    if let (Some(kernel), Some(test)) = (kernel, test) {
        run_test(input, &mut out, &c, &kernel, test);
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
) -> Option<(Challenge, String, Option<super::parse::ParsedKernel>)> {
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

/// The run's figures, links, watched elements, race and violations, or its error.
fn show_run(
    out: &mut KernelOutput,
    run: Result<exec::RunResult, exec::RunError>,
    kernel: &super::parse::ParsedKernel,
    launch: &exec::LaunchConfig,
    input: &KernelInput,
) {
    match run {
        Ok(r) => {
            out.figures = run_figures(&r, !kernel.shared.is_empty());
            out.links = Some(links(&r, launch, input));
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
fn challenge_key_notes(input: &KernelInput, challenge: bool) -> Vec<ParamError> {
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
            run_launch::<false>(input, kernel, &mut out);
        }
        return out;
    };
    let src = starter_for(input, Some(&c)).unwrap_or_else(|| input.get(&SRC).to_string());
    let kernel = compile_into(&src, &mut out);
    if let (Some(kernel), Some(t)) = (kernel, test_of(input, &c, &mut out)) {
        run_test(input, &mut out, &c, &kernel, t);
    }
    out
}

/// Run on a challenge: the kernel on test `t` (its inputs, its launch), with the lab's own
/// figures.
fn run_test(
    input: &KernelInput,
    out: &mut KernelOutput,
    c: &Challenge,
    kernel: &super::parse::ParsedKernel,
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
        show_run(out, run, kernel, &launch, input);
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
        super::timing::TIMING.url_key()
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
    use super::link_keys::{BANKS_PANEL, COALESCING_PANEL, DIVERGENCE_PANEL, LATENCY_PANEL};
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

/// `trace=B,W` read: `None` when empty (the run picks the warp).
///
/// # Errors
/// `trace`, naming the form it takes.
fn trace_choice(input: &KernelInput) -> Result<TraceChoice, ParamError> {
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

/// The elements `watch` names, as (pointer parameter, index): `NAME[i]` separated by commas,
/// at most [`MAX_WATCH`], each NAME a pointer parameter of the kernel and i inside its buffer
/// (checked when the kernel parsed and the length is known).
///
/// # Errors
/// `watch`, naming the allowed form, the pointer parameters, or the buffer's length.
pub fn watch_list(
    raw: &str,
    kernel: Option<&super::parse::ParsedKernel>,
    len: Option<usize>,
) -> Result<Vec<(String, usize)>, ParamError> {
    let shape = || {
        ParamError::new(
            "watch",
            crate::tr!("kernel.launch.watch.shape", max = MAX_WATCH),
        )
    };
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for item in raw.split(',') {
        let item = item.trim();
        let (name, rest) = item.split_once('[').ok_or_else(shape)?;
        let index = rest.strip_suffix(']').ok_or_else(shape)?;
        let name = name.trim();
        let ident = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let index: usize = index.trim().parse().map_err(|_| shape())?;
        if !ident {
            return Err(shape());
        }
        out.push((name.to_string(), index));
    }
    if out.len() > MAX_WATCH {
        return Err(shape());
    }
    if let Some(k) = kernel {
        let pointers: Vec<&str> = k
            .params
            .iter()
            .filter(|p| p.pointer)
            .map(|p| p.name.as_str())
            .collect();
        for (name, index) in &out {
            if !pointers.contains(&name.as_str()) {
                return Err(ParamError::new(
                    "watch",
                    if pointers.is_empty() {
                        crate::tr!("kernel.launch.watch.no-pointers", name)
                    } else {
                        crate::tr!(
                            "kernel.launch.watch.name",
                            name,
                            names = pointers.join(", ")
                        )
                    },
                ));
            }
            if let Some(len) = len.filter(|len| index >= len) {
                return Err(ParamError::new(
                    "watch",
                    crate::tr!("kernel.launch.watch.range", name, index, len),
                ));
            }
        }
    }
    Ok(out)
}

/// The step-through's heading: which warp it records, and why that one.
#[must_use]
pub fn traced_note(t: &exec::Traced) -> String {
    let (block, warp) = (t.block, t.warp);
    match t.why {
        exec::TraceWhy::Chosen => crate::tr!("kernel.trace.chosen", block, warp),
        exec::TraceWhy::Diverges => crate::tr!("kernel.trace.diverges", block, warp),
        exec::TraceWhy::Ragged => crate::tr!("kernel.trace.ragged", block, warp),
        exec::TraceWhy::First => crate::tr!("kernel.trace.first", block, warp),
    }
}

/// The first of the figures a kernel with a shared array gets ([`run_figures`]).
pub(super) const SHARED_FIGURE: &str = "shared-load-wavefronts";

/// The run's figures; the banks' too when the kernel declares a shared array (`shared`).
pub(super) fn run_figures(r: &exec::RunResult, shared: bool) -> Vec<Figure> {
    use crate::t;
    let mut out = vec![
        Figure::new(
            "warps-run",
            t!("kernel.figure.warps-run"),
            Value::Int(r.warps),
            t!("kernel.figure.warps-run.unit"),
            t!("kernel.figure.warps-run.help"),
        ),
        Figure::new(
            "instructions-issued",
            t!("kernel.figure.instructions-issued"),
            Value::Int(r.issued),
            t!("kernel.figure.instructions-issued.unit"),
            t!("kernel.figure.instructions-issued.help"),
        ),
        Figure::new(
            "simt-efficiency",
            t!("kernel.figure.simt-efficiency"),
            // No instruction issued (an empty starter): no efficiency at all, not a 0 % that
            // reads as a verdict before anything ran (issue 45).
            if r.issued == 0 {
                Value::None
            } else {
                Value::Frac {
                    value: ratio(r.active_lanes, crate::WARP_SIZE * r.issued),
                    percent: true,
                }
            },
            "",
            t!("kernel.figure.simt-efficiency.help"),
        )
        .key(),
        Figure::new(
            "divergent-branches",
            t!("kernel.figure.divergent-branches"),
            Value::Int(r.divergent),
            "",
            t!("kernel.figure.divergent-branches.help"),
        ),
        Figure::new(
            "load-transactions",
            t!("kernel.figure.load-transactions"),
            Value::Int(r.loads.transactions),
            "",
            t!("kernel.figure.load-transactions.help"),
        ),
        Figure::new(
            "store-transactions",
            t!("kernel.figure.store-transactions"),
            Value::Int(r.stores.transactions),
            "",
            t!("kernel.figure.store-transactions.help"),
        ),
        Figure::new(
            "load-efficiency",
            t!("kernel.figure.load-efficiency"),
            if r.loads.moved_bytes == 0 {
                Value::None
            } else {
                Value::Frac {
                    value: ratio(r.loads.useful_bytes, r.loads.moved_bytes),
                    percent: true,
                }
            },
            "",
            t!("kernel.figure.load-efficiency.help"),
        ),
        Figure::new(
            "cycles",
            t!("kernel.figure.cycles"),
            Value::Int(r.cycles),
            t!("kernel.figure.cycles.unit"),
            t!("kernel.figure.cycles.help"),
        ),
    ];
    if r.warp_calls > 0 {
        out.extend([
            Figure::new(
                "shuffles",
                t!("kernel.figure.shuffles"),
                Value::Int(r.shuffles),
                "",
                t!("kernel.figure.shuffles.help"),
            ),
            Figure::new(
                "mask-violations",
                t!("kernel.figure.mask-violations"),
                Value::Int(r.mask_violations),
                "",
                t!("kernel.figure.mask-violations.help"),
            ),
        ]);
    }
    if r.atomics > 0 {
        out.push(Figure::new(
            "atomics",
            t!("kernel.figure.atomics"),
            Value::Int(r.atomics),
            "",
            t!("kernel.figure.atomics.help"),
        ));
    }
    if shared {
        let conflicts = (r.shared_loads.wavefronts - r.shared_loads.ideal)
            + (r.shared_stores.wavefronts - r.shared_stores.ideal);
        out.extend([
            Figure::new(
                SHARED_FIGURE,
                t!("kernel.figure.shared-load-wavefronts"),
                Value::Int(r.shared_loads.wavefronts),
                "",
                t!("kernel.figure.shared-load-wavefronts.help"),
            ),
            Figure::new(
                "shared-store-wavefronts",
                t!("kernel.figure.shared-store-wavefronts"),
                Value::Int(r.shared_stores.wavefronts),
                "",
                t!("kernel.figure.shared-store-wavefronts.help"),
            ),
            Figure::new(
                "bank-conflicts",
                t!("kernel.figure.bank-conflicts"),
                Value::Int(conflicts),
                "",
                t!("kernel.figure.bank-conflicts.help"),
            ),
            Figure::new(
                "race-detected",
                t!("kernel.figure.race-detected"),
                Value::Bool(r.race.is_some()),
                "",
                t!("kernel.figure.race-detected.help"),
            ),
        ]);
    }
    out
}

fn links(r: &exec::RunResult, launch: &exec::LaunchConfig, input: &KernelInput) -> Links {
    use super::link_keys::{
        BLOCK, COALESCING_PANEL, COUNTS, DIVERGENCE_PANEL, ELEM, LANES, N as WARPS_N, PATHS,
        STRIDE, WARPS_PANEL,
    };
    let b = launch.block;
    let n = input.get(&N).trim();
    Links {
        // A branch with an empty else path still has two paths on the divergence panel: the
        // taken one, and one instruction for the lanes that skip it.
        divergence: r.branch.map(|br| {
            format!(
                "panel={DIVERGENCE_PANEL}&{PATHS}={},{}&{LANES}={},{}",
                br.then.0,
                br.els.0.max(1),
                br.then.1,
                crate::WARP_SIZE - u64::from(br.then.1)
            )
        }),
        loop_counts: r.loop_counts.as_ref().map(|(_, c)| {
            format!(
                "panel={DIVERGENCE_PANEL}&{COUNTS}={}",
                c.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            )
        }),
        coalescing: r
            .strided
            .map(|s| format!("panel={COALESCING_PANEL}&{ELEM}=4&{STRIDE}={s}")),
        warps: if n.is_empty() {
            format!("panel={WARPS_PANEL}&{BLOCK}={},{},{}", b.x(), b.y(), b.z())
        } else {
            format!(
                "panel={WARPS_PANEL}&{BLOCK}={},{},{}&{WARPS_N}={}",
                b.x(),
                b.y(),
                b.z(),
                crate::query::encode(n)
            )
        },
        banks: r
            .shared_lines
            .iter()
            .filter_map(|(line, s)| s.banks_query().map(|q| (*line, q)))
            .collect(),
    }
}

/// The first divergent branch as the divergence model's branch (the tests compare the two).
#[cfg(test)]
#[must_use]
pub(crate) fn branch_model(r: &exec::RunResult) -> Option<crate::divergence::branch::Branch> {
    let br = r.branch?;
    let lanes = [
        u64::from(br.then.1),
        crate::WARP_SIZE - u64::from(br.then.1),
    ];
    crate::divergence::branch::Branch::new(&[br.then.0.max(1), br.els.0.max(1)], Some(&lanes)).ok()
}

/// The lab's presets: the seeds' code (label, source, launch parameters). The label is a
/// catalogue message: show it with `label.text()`. Each source is a file of `presets/`, named
/// by the preset's id (`kernel.preset.parity` → `parity.cu`; the two spin-lock presets share
/// `spin-lock.cu`).
#[rustfmt::skip]
pub const PRESETS: [(Msg, &str, &str); 19] = [
    (msg!("kernel.preset.even-odd"), DEFAULT_SRC, "block=32"),
    (msg!("kernel.preset.parity"), include_str!("presets/parity.cu"), "block=128"),
    (msg!("kernel.preset.aligned"), include_str!("presets/aligned.cu"), "block=128"),
    (msg!("kernel.preset.guard"), include_str!("presets/guard.cu"), "block=256&n=1000"),
    (msg!("kernel.preset.trips"), include_str!("presets/trips.cu"), "block=32"),
    (msg!("kernel.preset.strided"), include_str!("presets/strided.cu"), "block=32"),
    (msg!("kernel.preset.transpose-naive"), TRANSPOSE_NAIVE, "block=32,32&watch=out[1],out[32]"),
    (msg!("kernel.preset.transpose-padded"), TRANSPOSE_PADDED, "block=32,32&watch=out[1],out[32]"),
    (msg!("kernel.preset.reduce-interleaved"), REDUCE_INTERLEAVED, "block=256&watch=out[0]"),
    (msg!("kernel.preset.reduce-sequential"), REDUCE_SEQUENTIAL, "block=256&watch=out[0]"),
    (msg!("kernel.preset.transpose-race"), TRANSPOSE_RACE, "block=32,32&watch=out[1],out[32]"),
    (msg!("kernel.preset.warp-sum"), WARP_SUM, "block=32&watch=out[0]"),
    (msg!("kernel.preset.all-reduce"), ALL_REDUCE, "block=32&watch=out[0],out[31]"),
    (msg!("kernel.preset.ballot"), BALLOT, "block=32&watch=out[0],out[1],out[2],out[3]"),
    (msg!("kernel.preset.wrong-mask"), WRONG_MASK, "block=32&watch=out[0],out[15]"),
    (msg!("kernel.preset.spin-stack"), SPIN_LOCK, "block=32&watch=count[0]"),
    (msg!("kernel.preset.spin-its"), SPIN_LOCK, "block=32&watch=count[0]&sched=its"),
    (msg!("kernel.preset.histogram"), HISTOGRAM, "block=256&watch=bins[0],bins[7]"),
    (msg!("kernel.preset.latency"), include_str!("presets/latency.cu"), "block=256&n=256&timing=sm"),
];

/// A warp's sum with `__shfl_down_sync`: five steps (16, 8, 4, 2, 1), lane 0 ends with it.
pub const WARP_SUM: &str = include_str!("presets/warp-sum.cu");
/// Every lane's sum with `__shfl_xor_sync`: a butterfly.
pub const ALL_REDUCE: &str = include_str!("presets/all-reduce.cu");
/// A ballot, counted with `__popc`, and the two other votes.
pub const BALLOT: &str = include_str!("presets/ballot.cu");
/// A shuffle under a branch half the warp takes: the full mask names absent lanes.
pub const WRONG_MASK: &str = include_str!("presets/wrong-mask.cu");
/// An intra-warp spin lock: livelock under `sched=stack`, completes under `sched=its`.
pub const SPIN_LOCK: &str = include_str!("presets/spin-lock.cu");
/// A histogram of 8 bins in shared memory with `atomicAdd`.
pub const HISTOGRAM: &str = include_str!("presets/histogram.cu");

/// A 32×32 tile transposed through shared memory: rows stored, columns read.
pub const TRANSPOSE_NAIVE: &str = include_str!("presets/transpose-naive.cu");
/// The same, each row padded by one word.
pub const TRANSPOSE_PADDED: &str = include_str!("presets/transpose-padded.cu");
/// The transpose without its barrier.
pub const TRANSPOSE_RACE: &str = include_str!("presets/transpose-race.cu");
/// A block's sum in shared memory, interleaved indexing (Harris's reduction #2).
pub const REDUCE_INTERLEAVED: &str = include_str!("presets/reduce-interleaved.cu");
/// The same sum, sequential addressing (Harris's reduction #3).
pub const REDUCE_SEQUENTIAL: &str = include_str!("presets/reduce-sequential.cu");
