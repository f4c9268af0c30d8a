//! The divergence panel: its parameters, declared once, and its whole output from their raw
//! text: which mode the inputs describe, its figures, named errors, worked steps and the
//! timeline to draw. Each mode lives beside it: `paths` (a branch given by its paths),
//! `loops` (per-lane trip counts) and `condition` (a condition over the thread index).

mod condition;
mod loops;
mod paths;

pub use condition::{lanes_of, ConditionRun};
pub use paths::{bars, Bar};

use crate::divergence::branch::{Branch, Loop, MAX_PATH_CYCLES, MAX_TRIP_COUNT};
use crate::divergence::expr;
use crate::figure::{Figure, Value};
use crate::i18n::Msg;
use crate::math::{num, Math};
use crate::msg;
use crate::panel::{Inputs, ModeSpec, Modes, PanelModel};
use crate::params::{Choice, Param, ParamError, UrlForm};
use crate::worked::{Inline, Worked};
use std::fmt::Display;

/// `paths=T1,…,Tk`: the cycles of each path through the branch (with `cond`, `Tif,Telse`).
pub const PATHS: Param = Param::list(
    "paths",
    msg!("divergence.field.paths"),
    (1, MAX_PATH_CYCLES, 32),
    "12,9",
)
.hint(msg!("divergence.field.paths.hint"))
.unit(msg!("divergence.unit.cycles"))
.url(UrlForm::Always)
.slider(100);
/// `lanes=n1,…,nk`: lanes on each path, summing to 32 (optional). A link that gives paths (or
/// counts, or a condition) without lanes means lanes unknown.
pub const LANES: Param = Param::list(
    "lanes",
    msg!("divergence.field.lanes"),
    (0, 32, 32),
    "16,16",
)
.hint(msg!("divergence.field.lanes.hint"))
.url(UrlForm::Always)
.reset_by(&["paths", "counts", "cond"]);
/// `overhead=O`: branch and reconvergence overhead, for the predication comparison (optional).
pub const OVERHEAD: Param = Param::whole(
    "overhead",
    msg!("divergence.field.overhead"),
    0,
    MAX_PATH_CYCLES,
    "",
)
.hint(msg!("divergence.field.overhead.hint"))
.unit(msg!("divergence.unit.cycles"))
.more();
/// `compare=T1,…`: a second warp's paths set beside the first (seed 003 Ex 9), optional.
pub const COMPARE: Param = Param::list(
    "compare",
    msg!("divergence.field.compare"),
    (1, MAX_PATH_CYCLES, 32),
    "",
)
.hint(msg!("divergence.field.compare.hint"))
.more();
/// `counts=c0,…,c31`: each lane's trip count (loop mode).
pub const COUNTS: Param = Param::list(
    "counts",
    msg!("divergence.field.counts"),
    (0, MAX_TRIP_COUNT, 32),
    "",
)
.hint(msg!("divergence.field.counts.hint"));
/// `cond`: a condition over `idx` (condition mode).
pub const COND: Param = Param::text("cond", msg!("divergence.field.cond"), expr::MAX_LEN, "")
    .hint(msg!("divergence.field.cond.hint"));
/// `warps`: consecutive warps evaluated in condition mode.
pub const WARPS: Param = Param::whole("warps", msg!("divergence.field.warps"), 1, MAX_WARPS, "4")
    .unit(msg!("divergence.unit.warps"));

/// `mode`: which question the panel answers: a branch given by its paths, a loop with
/// per-lane trip counts, or a condition over the thread index. A link without it opens the
/// mode its parameters imply (`counts`: loop, `cond`: condition, else paths).
pub const MODE: Param = Param::choice(
    "mode",
    msg!("divergence.field.mode"),
    &MODE_CHOICES,
    "paths",
);
const MODE_CHOICES: [Choice; 3] = [
    Choice {
        value: "paths",
        label: msg!("divergence.choice.mode.paths"),
    },
    Choice {
        value: "loop",
        label: msg!("divergence.choice.mode.loop"),
    },
    Choice {
        value: "condition",
        label: msg!("divergence.choice.mode.condition"),
    },
];

/// The panel's parameters, in form order.
pub const PARAMS: [Param; 8] = [MODE, PATHS, LANES, OVERHEAD, COMPARE, COUNTS, COND, WARPS];

/// The three modes and the parameters each uses. `paths` serves two: the branch's paths, and
/// in condition mode `Tif,Telse`. A mode switched to with its inputs empty starts on its seed
/// example (loop: seed 003 Ex 6's trip counts; condition: Ex 10's `idx % 2 == 0`).
pub const MODES: Modes = Modes {
    param: &MODE,
    only: &[
        ModeSpec {
            value: "paths",
            params: &["paths", "lanes", "overhead", "compare"],
            infer_from: None,
            starter: &[("paths", "12,9")],
        },
        ModeSpec {
            value: "loop",
            params: &["counts"],
            infer_from: Some("counts"),
            starter: &[(
                "counts",
                "20,3,3,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,9,9,9,9,10",
            )],
        },
        ModeSpec {
            value: "condition",
            params: &["cond", "warps", "paths"],
            infer_from: Some("cond"),
            starter: &[("cond", "idx % 2 == 0"), ("paths", "10,14")],
        },
    ],
    infer: true,
};

/// Most warps in condition mode.
pub const MAX_WARPS: u64 = 256;

/// The divergence panel's model.
#[derive(Clone, Copy, Debug)]
pub struct DivergenceModel;

/// The panel's raw inputs.
pub type DivergenceInput = Inputs<DivergenceModel>;

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

impl Inputs<DivergenceModel> {
    /// The active mode: `mode`'s value, or (a link that does not name it, or names a mode
    /// that does not exist) the mode the inputs imply: loop counts win, then a condition, then
    /// paths.
    #[must_use]
    pub fn mode(&self) -> Mode {
        match self.active_mode() {
            Some("loop") => Mode::Loop,
            Some("condition") => Mode::Condition,
            _ => Mode::Paths,
        }
    }

    /// Lane counts with one lane moved from path `from` to path `to` (direct manipulation);
    /// `None` when the lanes are not a valid list or `from` has no lane to give.
    #[must_use]
    pub fn move_lane(&self, from: usize, to: usize) -> Option<String> {
        let mut lanes = LANES.parse_list(self.get(&LANES), "").ok()?;
        if from >= lanes.len() || to >= lanes.len() || lanes[from] == 0 {
            return None;
        }
        lanes[from] -= 1;
        lanes[to] += 1;
        Some(join(&lanes))
    }

    /// Path costs with path `i` set to `cycles` (a slider); `None` when `paths` is not valid.
    #[must_use]
    pub fn with_path_cycles(&self, i: usize, cycles: u64) -> Option<String> {
        let mut paths = PATHS.parse_list(self.get(&PATHS), "").ok()?;
        *paths.get_mut(i)? = cycles.clamp(1, MAX_PATH_CYCLES);
        Some(join(&paths))
    }
}

fn join(items: &[u64]) -> String {
    items
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// What the inputs describe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A branch given by its paths' costs (and lanes).
    Paths,
    /// A loop with per-lane trip counts.
    Loop,
    /// A condition over the thread index, across several warps.
    Condition,
}

/// Everything the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct DivergenceOutput {
    /// The mode.
    pub mode: Mode,
    /// Problems, each naming its parameter.
    pub errors: Vec<ParamError>,
    /// The branch (paths mode, and the two sides in condition mode).
    pub branch: Option<Branch>,
    /// The loop (loop mode).
    pub looped: Option<Loop>,
    /// The condition over warps (condition mode).
    pub condition: Option<ConditionRun>,
    /// The warp set beside (paths mode with `compare`).
    pub compare: Option<Branch>,
    /// The compared warp's bars, end to end, as [`DivergenceOutput::bars`].
    pub compare_bars: Vec<Bar>,
    /// The timeline's bars (paths mode).
    pub bars: Vec<Bar>,
    /// The named results.
    pub figures: Vec<Figure>,
    /// Worked steps.
    pub worked: Vec<Worked>,
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

fn cycles_list(b: &Branch, taken_only: bool) -> Vec<Math> {
    b.paths()
        .iter()
        .filter(|p| !taken_only || p.taken())
        .map(|p| num(p.cycles))
        .collect()
}

fn pct(v: f64) -> String {
    Value::percent(v).human()
}

/// The message `key` as inline runs: each `{name}` placeholder named in `maths` becomes that
/// formula, and the words between are filled from `args`. One message per sentence keeps the
/// word order of each language, formulas included.
fn tk(key: crate::i18n::Msg, args: &[(&str, &dyn Display)], maths: &[(&str, Math)]) -> Vec<Inline> {
    crate::worked::sentence(&crate::i18n::fill(key, args), maths)
}

#[cfg(test)]
mod tests;
