//! The divergence panel: its parameters, declared once, and its whole output from their raw
//! text: which mode the inputs describe, its figures, named errors, worked steps and the
//! timeline to draw. Each mode lives beside it: `paths` (a branch given by its paths),
//! `loops` (per-lane trip counts) and `condition` (a condition over the thread index).

mod condition;
mod loops;
mod paths;
mod spec;

pub use condition::lanes_of;
pub use paths::bars;
pub use spec::{
    Bar, ConditionRun, DivergenceInput, DivergenceModel, DivergenceOutput, Mode, COMPARE, COND,
    COUNTS, LANES, MAX_CONDITION_WARPS, MODE, MODES, OVERHEAD, PARAMS, PATHS, WARPS,
};

use crate::figure::Figure;
use crate::i18n::Msg;
use crate::msg;
use crate::panel::{Modes, PanelModel};
use crate::params::{Param, ParamError};
use crate::worked::Worked;

impl PanelModel for DivergenceModel {
    const NAME: &'static str = "divergence";
    const TITLE: Msg = msg!("common.panel.divergence.title");
    const QUESTION: Msg = msg!("common.panel.divergence.question");
    const PARAMS: &'static [Param] = &PARAMS;
    // Its content at 800 px wide (the frame's max-width), default inputs: 1,733 px.
    const EMBED_HEIGHT: u32 = 1700;
    const MODES: Option<Modes> = Some(MODES);
    type Output = DivergenceOutput;

    fn evaluate(input: &DivergenceInput) -> DivergenceOutput {
        evaluate(input)
    }
    fn errors(out: &DivergenceOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &DivergenceOutput) -> &[Figure] {
        &out.figures
    }
    fn worked(out: &DivergenceOutput) -> &[Worked] {
        &out.worked
    }
}

/// Evaluates the panel. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &DivergenceInput) -> DivergenceOutput {
    let mut out = DivergenceOutput {
        mode: input.mode(),
        errors: Vec::new(),
        branch: None,
        looped: None,
        condition: None,
        compare: None,
        compare_bars: Vec::new(),
        bars: Vec::new(),
        figures: Vec::new(),
        worked: Vec::new(),
    };
    let mut errors = Vec::new();
    if let Err(e) = MODE.choose(input.get(&MODE)) {
        errors.push(e);
    }
    match out.mode {
        Mode::Loop => loops::evaluate(input, &mut out, &mut errors),
        Mode::Condition => condition::evaluate(input, &mut out, &mut errors),
        Mode::Paths => paths::evaluate(input, &mut out, &mut errors),
    }
    out.errors = errors;
    out
}

#[cfg(test)]
mod tests;
