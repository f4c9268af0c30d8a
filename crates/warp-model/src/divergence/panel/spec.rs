//! The divergence panel's declarations: its parameters, its inputs and modes, and its output
//! (what each mode fills in), with the sentence helpers the modes share.

use crate::divergence::branch::{Branch, Loop, WarpBranch, MAX_PATH_CYCLES, MAX_TRIP_COUNT};
use crate::divergence::expr;
use crate::divergence::expr::Expr;
use crate::figure::{Figure, Value};
use crate::math::{num, Math};
use crate::msg;
use crate::panel::{Inputs, ModeSpec, Modes};
use crate::params::{Choice, Param, ParamError, UrlForm};
use crate::worked::{Inline, Worked};
use crate::{LANE_SLOTS, WARP_SIZE};
use std::fmt::Display;

/// `paths=T1,…,Tk`: the cycles of each path through the branch (with `cond`, `Tif,Telse`).
pub const PATHS: Param = Param::list(
    "paths",
    msg!("divergence.field.paths"),
    (1, MAX_PATH_CYCLES, LANE_SLOTS),
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
    (0, WARP_SIZE, LANE_SLOTS),
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
    (1, MAX_PATH_CYCLES, LANE_SLOTS),
    "",
)
.hint(msg!("divergence.field.compare.hint"))
.more();
/// `counts=c0,…,c31`: each lane's trip count (loop mode).
pub const COUNTS: Param = Param::list(
    "counts",
    msg!("divergence.field.counts"),
    (0, MAX_TRIP_COUNT, LANE_SLOTS),
    "",
)
.hint(msg!("divergence.field.counts.hint"));
/// `cond`: a condition over `idx` (condition mode).
pub const COND: Param = Param::text("cond", msg!("divergence.field.cond"), expr::MAX_LEN, "")
    .hint(msg!("divergence.field.cond.hint"));
/// `warps`: consecutive warps evaluated in condition mode.
pub const WARPS: Param = Param::whole(
    "warps",
    msg!("divergence.field.warps"),
    1,
    MAX_CONDITION_WARPS,
    "4",
)
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
pub const MAX_CONDITION_WARPS: u64 = 256;

/// The divergence panel's model.
#[derive(Clone, Copy, Debug)]
pub struct DivergenceModel;

/// The panel's raw inputs.
pub type DivergenceInput = Inputs<DivergenceModel>;

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

pub(super) fn join(items: &[u64]) -> String {
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

pub(super) fn cycles_list(b: &Branch, taken_only: bool) -> Vec<Math> {
    b.paths()
        .iter()
        .filter(|p| !taken_only || p.taken())
        .map(|p| num(p.cycles))
        .collect()
}

pub(super) fn pct(v: f64) -> String {
    Value::percent(v).human()
}

/// The message `key` as inline runs: each `{name}` placeholder named in `maths` becomes that
/// formula, and the words between are filled from `args`. One message per sentence keeps the
/// word order of each language, formulas included.
pub(super) fn tk(
    key: crate::i18n::Msg,
    args: &[(&str, &dyn Display)],
    maths: &[(&str, Math)],
) -> Vec<Inline> {
    crate::worked::sentence(&crate::i18n::fill(key, args), maths)
}

/// One bar of the timeline: a taken path, where it starts and which lanes are live.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    /// Index of the path in `paths` (0-based).
    pub path: usize,
    /// Cycle at which it starts (the paths before it, end to end).
    pub start: u64,
    /// Its cycles.
    pub cycles: u64,
    /// Live lanes as a half-open range of lane numbers, when lanes are known.
    pub lanes: Option<(u64, u64)>,
}

/// The condition mode's result.
#[derive(Clone, Debug, PartialEq)]
pub struct ConditionRun {
    /// The parsed condition.
    pub expr: Expr,
    /// Per-warp outcome.
    pub warps: Vec<WarpBranch>,
    /// The condition re-aligned to warp boundaries.
    pub realigned: Expr,
    /// Efficiency of the re-aligned condition.
    pub realigned_efficiency: f64,
    /// Re-aligned, the warps that run only the `if` side and only the `else` side.
    pub realigned_sides: (u64, u64),
}
