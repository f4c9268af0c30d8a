//! The kernel lab as a panel: its inputs (source and launch), the run's figures, the links
//! into the other panels, and the seeds' snippets as presets. In rooms (issue 67), each
//! importing only the ones above it, never this file: `inputs` (the parameters, the types a run
//! and a box fill, the presets), `watch` (the watched elements, the traced warp's note, the
//! run's figures, the links), `run` (a launch read, compiled and run), `boxed` (a challenge's
//! box, a test's run, a check's report); here the entry points that join them.

use super::challenge;
pub use super::notes::{race_note, violation_note};
use crate::figure::Figure;
use crate::i18n::Msg;
use crate::msg;
use crate::panel::PanelModel;
use crate::params::{Param, ParamError};
use crate::query::Query;

mod boxed;
mod inputs;
mod run;
mod watch;
pub(in crate::kernel_lab) use boxed::evaluate_test_as;
use boxed::{challenge_from, evaluate_parts, starter_for};
pub use boxed::{
    challenge_of, code_key, code_key_of, evaluate_box, evaluate_test, opening_source,
    starting_source, with_report,
};
pub(in crate::kernel_lab) use inputs::input_gpu;
pub use inputs::{
    ChallengeOutput, Hint, KernelInput, KernelModel, KernelOutput, Links, Solved, SourceMark,
    WatchFigure, ALL_REDUCE, BALLOT, BLOCK, CHALLENGE, CHECK, DEFAULT_LEN, DEFAULT_SRC, GRID,
    HISTOGRAM, LEN, MAX_WATCH, N, PARAMS, PRESETS, RANGE, REDUCE_INTERLEAVED, REDUCE_SEQUENTIAL,
    REF, SCHED, SPIN_LOCK, SRC, STARTER, TARGETS, TASK, TEST, TESTS, TITLE, TRACE, TRANSPOSE_NAIVE,
    TRANSPOSE_PADDED, TRANSPOSE_RACE, WARP_SUM, WATCH, WRONG_MASK,
};
pub(in crate::kernel_lab) use run::evaluate_plain_as;
pub use run::{empty_challenge_note, evaluate_plain, launch, TraceChoice};
pub(in crate::kernel_lab) use watch::{result_links, run_figures};
pub use watch::{traced_note, watch_list};

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

/// The first divergent branch as the divergence model's branch (the tests compare the two).
#[cfg(test)]
#[must_use]
pub(crate) fn branch_model(
    r: &super::exec::RunResult,
) -> Option<crate::divergence::branch::Branch> {
    let br = r.branch?;
    let lanes = [
        u64::from(br.then.1),
        crate::WARP_SIZE - u64::from(br.then.1),
    ];
    crate::divergence::branch::Branch::new(&[br.then.0.max(1), br.els.0.max(1)], Some(&lanes)).ok()
}
