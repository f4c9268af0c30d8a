//! The divergence panel's whole output from the raw text of its inputs: which mode the inputs
//! describe (paths, a loop, or a condition over the thread index), its figures, named errors,
//! worked steps and the timeline to draw.

use crate::divergence::branch::{
    branch_over_warps, ratio, Branch, BranchError, Loop, WarpBranch, MAX_PATH_CYCLES,
    MAX_TRIP_COUNT,
};
use crate::divergence::expr::{self, Expr};
use crate::figure::{Figure, Value};
use crate::i18n::Msg;
use crate::math::{call, eq, frac, id, joined, num, op, row, sub, times, word, Math};
use crate::msg;
use crate::panel::{Inputs, PanelModel};
use crate::params::{parse_in_range, parse_whole, quote, Param, ParamError, UrlForm};
use crate::worked::{m, t, Inline, Step, Worked};
use crate::WARP_SIZE;
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
.url(UrlForm::Always);
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
.unit(msg!("divergence.unit.cycles"));
/// `compare=T1,…`: a second warp's paths set beside the first (seed 003 Ex 9), optional.
pub const COMPARE: Param = Param::list(
    "compare",
    msg!("divergence.field.compare"),
    (1, MAX_PATH_CYCLES, 32),
    "",
)
.hint(msg!("divergence.field.compare.hint"));
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

/// The panel's parameters, in form order.
pub const PARAMS: [Param; 7] = [PATHS, LANES, OVERHEAD, COMPARE, COUNTS, COND, WARPS];

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
    const EMBED_HEIGHT: u32 = 1000;
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
    /// Which mode the inputs describe: loop counts win, then a condition, then paths.
    #[must_use]
    pub fn mode(&self) -> Mode {
        if !self.get(&COUNTS).trim().is_empty() {
            Mode::Loop
        } else if !self.get(&COND).trim().is_empty() {
            Mode::Condition
        } else {
            Mode::Paths
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
    /// The timeline's bars (paths mode).
    pub bars: Vec<Bar>,
    /// The named results.
    pub figures: Vec<Figure>,
    /// Worked steps.
    pub worked: Vec<Worked>,
}

fn frac_value(v: f64) -> Value {
    Value::Frac {
        value: v,
        percent: true,
    }
}

fn times_value(v: f64) -> Value {
    Value::Frac {
        value: v,
        percent: false,
    }
}

fn branch_error(e: BranchError, lanes_given: bool) -> ParamError {
    match e {
        BranchError::PathCount(n) => {
            ParamError::new("paths", crate::tr!("divergence.error.path-count", n))
        }
        BranchError::Cycles(i, c) => ParamError::new(
            "paths",
            crate::tr!(
                "divergence.error.cycles",
                item = i + 1,
                value = c,
                max = MAX_PATH_CYCLES
            ),
        ),
        BranchError::LaneCount { paths, lanes } => ParamError::new(
            "lanes",
            crate::tr!("divergence.error.lane-count", lanes, paths),
        ),
        BranchError::LaneSum(s) if lanes_given => ParamError::new(
            "lanes",
            crate::tr!(
                "divergence.error.lane-sum",
                sum = if s == u64::MAX {
                    crate::tr!("divergence.error.lane-sum.huge")
                } else {
                    s.to_string()
                }
            ),
        ),
        BranchError::LaneSum(_) => {
            ParamError::new("lanes", crate::tr!("divergence.error.lane-sum.short"))
        }
    }
}

/// Why `parse_list` rejected a path list, to add the advice that fits: too many items, or the
/// first bad item a whole number out of range. Read from the text itself, not from the
/// message, so that it holds in every language.
fn paths_advice(raw: &str) -> Option<String> {
    if raw.trim().is_empty() {
        return None;
    }
    let items: Vec<&str> = raw.split(',').map(str::trim).collect();
    if items.len() > 32 {
        return Some(crate::tr!("divergence.error.paths.too-many"));
    }
    let bad = items
        .iter()
        .find(|item| parse_in_range("", item, 1, MAX_PATH_CYCLES, "").is_err())?;
    parse_whole("", bad, "")
        .is_ok()
        .then(|| crate::tr!("divergence.error.paths.at-least"))
}

/// Reads `paths` and `lanes` into a branch.
fn read_branch(
    param: &Param,
    paths_raw: &str,
    lanes_raw: &str,
    errors: &mut Vec<ParamError>,
) -> Option<Branch> {
    let paths = param
        .parse_list(paths_raw, &crate::tr!("divergence.what.paths"))
        .map_err(|e| {
            let message = match paths_advice(paths_raw) {
                Some(more) => format!("{} {more}", e.message),
                None => e.message,
            };
            errors.push(ParamError::new(param.name, message));
        })
        .ok()?;
    let lanes = if lanes_raw.trim().is_empty() {
        None
    } else {
        Some(
            LANES
                .parse_list(lanes_raw, &crate::tr!("divergence.what.lanes"))
                .map_err(|e| errors.push(e))
                .ok()?,
        )
    };
    Branch::new(&paths, lanes.as_deref())
        .map_err(|e| errors.push(branch_error(e, lanes.is_some())))
        .ok()
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
        bars: Vec::new(),
        figures: Vec::new(),
        worked: Vec::new(),
    };
    let mut errors = Vec::new();
    match out.mode {
        Mode::Loop => {
            if let Ok(counts) = COUNTS
                .parse_list(input.get(&COUNTS), &crate::tr!("divergence.what.counts"))
                .map_err(|e| errors.push(e))
            {
                match Loop::new(&counts) {
                    Some(l) => {
                        out.figures = loop_figures(&l);
                        out.worked.push(loop_worked(&l));
                        out.looped = Some(l);
                    }
                    None => errors.push(ParamError::new(
                        "counts",
                        crate::tr!("divergence.error.counts.zero"),
                    )),
                }
            }
        }
        Mode::Condition => {
            let expr = expr::parse(input.get(&COND)).map_err(|e| {
                errors.push(ParamError::new(
                    "cond",
                    crate::tr!("divergence.error.cond", error = e),
                ));
            });
            let warps = WARPS.parse(input.get(&WARPS)).map_err(|e| errors.push(e));
            let sides = PATHS
                .parse_list(input.get(&PATHS), "Tif,Telse")
                .map_err(|e| errors.push(e))
                .and_then(|p| {
                    if p.len() == 2 {
                        Ok((p[0], p[1]))
                    } else {
                        errors.push(ParamError::new(
                            "paths",
                            crate::tr!("divergence.error.cond.paths"),
                        ));
                        Err(())
                    }
                });
            if let (Ok(expr), Ok(w), Ok((ti, te))) = (expr, warps, sides) {
                match condition_run(expr, w, ti, te) {
                    Ok(run) => {
                        out.figures = condition_figures(&run);
                        out.worked.push(condition_worked(&run, ti, te));
                        out.condition = Some(run);
                    }
                    Err(e) => errors.push(ParamError::new(
                        "cond",
                        crate::tr!("divergence.error.cond.eval", error = e),
                    )),
                }
            }
        }
        Mode::Paths => {
            if let Some(b) = read_branch(&PATHS, input.get(&PATHS), input.get(&LANES), &mut errors)
            {
                let raw_overhead = input.get(&OVERHEAD);
                let overhead = if raw_overhead.trim().is_empty() {
                    None
                } else {
                    OVERHEAD
                        .parse(raw_overhead)
                        .map_err(|e| errors.push(e))
                        .ok()
                };
                out.figures = branch_figures(&b, overhead);
                out.bars = bars(&b);
                out.worked.push(branch_worked(&b, overhead));
                let raw_compare = input.get(&COMPARE);
                if !raw_compare.trim().is_empty() {
                    if let Some(c) = read_branch(&COMPARE, raw_compare, "", &mut errors) {
                        out.figures.extend(compare_figures(&c));
                        out.worked.push(compare_worked(&b, &c));
                        out.compare = Some(c);
                    }
                }
                out.branch = Some(b);
            }
        }
    }
    out.errors = errors;
    out
}

fn condition_run(expr: Expr, warps: u64, t_if: u64, t_else: u64) -> Result<ConditionRun, String> {
    let ws = branch_over_warps(warps, t_if, t_else, |i| expr.eval(i))?;
    let realigned = expr.realigned();
    let rw = branch_over_warps(warps, t_if, t_else, |i| realigned.eval(i))?;
    let (ideal, diverged): (u64, u64) = rw
        .iter()
        .fold((0, 0), |(a, b), w| (a + w.ideal, b + w.diverged));
    Ok(ConditionRun {
        expr,
        warps: ws,
        realigned,
        realigned_efficiency: ratio(ideal, diverged),
    })
}

/// Bars of the timeline, end to end, with contiguous lane ranges when lanes are known.
#[must_use]
pub fn bars(b: &Branch) -> Vec<Bar> {
    let mut start = 0;
    let mut lane = 0;
    let mut out = Vec::new();
    for (i, p) in b.paths().iter().enumerate() {
        let lanes = p.lanes.map(|n| {
            let r = (lane, lane + n);
            lane += n;
            r
        });
        if p.taken() {
            out.push(Bar {
                path: i,
                start,
                cycles: p.cycles,
                lanes,
            });
            start += p.cycles;
        }
    }
    out
}

fn branch_figures(b: &Branch, overhead: Option<u64>) -> Vec<Figure> {
    let mut f = vec![
        Figure::new(
            "paths-taken",
            crate::t!("divergence.fig.paths-taken"),
            Value::Int(b.paths_taken()),
            crate::t!("divergence.unit.paths"),
            crate::t!("divergence.fig.paths-taken.help"),
        ),
        Figure::new(
            "diverged-cycles",
            crate::t!("divergence.fig.diverged-cycles"),
            Value::Int(b.diverged_cycles()),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.diverged-cycles.help"),
        ),
        Figure::new(
            "ideal-cycles",
            crate::t!("divergence.fig.ideal-cycles"),
            Value::Int(b.ideal_cycles()),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.ideal-cycles.help"),
        ),
        Figure::new(
            "efficiency",
            crate::t!("divergence.fig.efficiency"),
            frac_value(b.efficiency()),
            "",
            crate::t!("divergence.fig.efficiency.help"),
        )
        .key(),
        Figure::new(
            "slowdown",
            crate::t!("divergence.fig.slowdown"),
            times_value(b.slowdown()),
            "×",
            crate::t!("divergence.fig.slowdown.help"),
        ),
    ];
    if let Some(u) = b.lane_utilization() {
        f.push(Figure::new(
            "lane-utilization",
            crate::t!("divergence.fig.lane-utilization"),
            frac_value(u),
            "",
            crate::t!("divergence.fig.lane-utilization.help"),
        ));
    }
    if let Some(o) = overhead {
        let (pred, branch) = (b.predicated_cycles(), b.branch_cycles(o));
        f.extend([
            Figure::new(
                "predicated-cycles",
                crate::t!("divergence.fig.predicated-cycles"),
                Value::Int(pred),
                crate::t!("divergence.unit.cycles"),
                crate::t!("divergence.fig.predicated-cycles.help"),
            ),
            Figure::new(
                "branch-cycles",
                crate::t!("divergence.fig.branch-cycles"),
                Value::Int(branch),
                crate::t!("divergence.unit.cycles"),
                crate::t!("divergence.fig.branch-cycles.help"),
            ),
            Figure::new(
                "predication-wins",
                crate::t!("divergence.fig.predication-wins"),
                Value::Bool(pred < branch),
                "",
                crate::t!("divergence.fig.predication-wins.help"),
            ),
        ]);
    }
    f
}

fn compare_figures(c: &Branch) -> Vec<Figure> {
    vec![
        Figure::new(
            "compare-paths-taken",
            crate::t!("divergence.fig.compare-paths-taken"),
            Value::Int(c.paths_taken()),
            crate::t!("divergence.unit.paths"),
            crate::t!("divergence.fig.compare-paths-taken.help"),
        ),
        Figure::new(
            "compare-diverged-cycles",
            crate::t!("divergence.fig.compare-diverged-cycles"),
            Value::Int(c.diverged_cycles()),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.compare-diverged-cycles.help"),
        ),
        Figure::new(
            "compare-ideal-cycles",
            crate::t!("divergence.fig.compare-ideal-cycles"),
            Value::Int(c.ideal_cycles()),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.compare-ideal-cycles.help"),
        ),
        Figure::new(
            "compare-efficiency",
            crate::t!("divergence.fig.compare-efficiency"),
            frac_value(c.efficiency()),
            "",
            crate::t!("divergence.fig.compare-efficiency.help"),
        ),
    ]
}

fn loop_figures(l: &Loop) -> Vec<Figure> {
    vec![
        Figure::new(
            "loop-cycles",
            crate::t!("divergence.fig.loop-cycles"),
            Value::Int(l.loop_cycles()),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.loop-cycles.help"),
        ),
        Figure::new(
            "useful-lane-iterations",
            crate::t!("divergence.fig.useful-lane-iterations"),
            Value::Int(l.useful_lane_iterations()),
            crate::t!("divergence.unit.lane-iterations"),
            crate::t!("divergence.fig.useful-lane-iterations.help"),
        ),
        Figure::new(
            "idle-lane-iterations",
            crate::t!("divergence.fig.idle-lane-iterations"),
            Value::Int(l.idle_lane_iterations()),
            crate::t!("divergence.unit.lane-iterations"),
            "32 · max − Σ",
        ),
        Figure::new(
            "lane-utilization",
            crate::t!("divergence.fig.lane-utilization"),
            frac_value(l.lane_utilization()),
            "",
            crate::t!("divergence.fig.loop-lane-utilization.help"),
        )
        .key(),
    ]
}

fn condition_figures(run: &ConditionRun) -> Vec<Figure> {
    let (ideal, diverged): (u64, u64) = run
        .warps
        .iter()
        .fold((0, 0), |(a, b), w| (a + w.ideal, b + w.diverged));
    let divergent = run.warps.iter().filter(|w| w.divergent()).count() as u64;
    vec![
        Figure::new(
            "warps",
            crate::t!("divergence.fig.warps"),
            Value::Int(run.warps.len() as u64),
            crate::t!("divergence.unit.warps"),
            crate::t!("divergence.fig.warps.help"),
        ),
        Figure::new(
            "divergent-warps",
            crate::t!("divergence.fig.divergent-warps"),
            Value::Int(divergent),
            crate::t!("divergence.unit.warps"),
            crate::t!("divergence.fig.divergent-warps.help"),
        ),
        Figure::new(
            "diverged-cycles",
            crate::t!("divergence.fig.diverged-cycles"),
            Value::Int(diverged),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.cond-diverged-cycles.help"),
        ),
        Figure::new(
            "ideal-cycles",
            crate::t!("divergence.fig.ideal-cycles"),
            Value::Int(ideal),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.cond-ideal-cycles.help"),
        ),
        Figure::new(
            "efficiency",
            crate::t!("divergence.fig.efficiency"),
            frac_value(ratio(ideal, diverged)),
            "",
            crate::t!("divergence.fig.cond-efficiency.help"),
        )
        .key(),
        Figure::new(
            "realigned-efficiency",
            crate::t!("divergence.fig.realigned-efficiency"),
            frac_value(run.realigned_efficiency),
            "",
            crate::t!("divergence.fig.realigned-efficiency.help"),
        ),
    ]
}

fn cycles_list(b: &Branch, taken_only: bool) -> Vec<Math> {
    b.paths()
        .iter()
        .filter(|p| !taken_only || p.taken())
        .map(|p| num(p.cycles))
        .collect()
}

fn pct(v: f64) -> String {
    frac_value(v).human()
}

/// The message `key` as inline runs: each `{name}` placeholder named in `maths` becomes that
/// formula, and the words between are filled from `args`. One message per sentence keeps the
/// word order of each language, formulas included.
fn tk(key: crate::i18n::Msg, args: &[(&str, &dyn Display)], maths: &[(&str, Math)]) -> Vec<Inline> {
    crate::worked::sentence(&crate::i18n::fill(key, args), maths)
}

/// Worked steps for a branch (seed 003 Ex 1–5, 8, 9; 000 Ex 7–8; 004 Ex 5).
#[must_use]
pub fn branch_worked(b: &Branch, overhead: Option<u64>) -> Worked {
    let k = b.paths_taken();
    let (d, i) = (b.diverged_cycles(), b.ideal_cycles());
    let cycles: Vec<String> = b.paths().iter().map(|p| p.cycles.to_string()).collect();
    let untaken: Vec<String> = b
        .paths()
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.taken())
        .map(|(n, p)| {
            crate::tr!(
                "divergence.step.taken.untaken-path",
                n = n + 1,
                cycles = p.cycles
            )
        })
        .collect();
    let lanes_text = if b.lanes_known() {
        let l: Vec<String> = b
            .paths()
            .iter()
            .map(|p| p.lanes.unwrap_or(0).to_string())
            .collect();
        crate::tr!("divergence.branch.question.lanes", lanes = l.join(", "))
    } else {
        String::new()
    };
    let mut steps = vec![Step {
        title: crate::tr!("divergence.step.taken.title"),
        body: vec![t(if untaken.is_empty() {
            crate::tr!("divergence.step.taken.all", k)
        } else {
            let and = format!(" {} ", crate::tr!("divergence.step.taken.and"));
            crate::tr!(
                "divergence.step.taken.some",
                k,
                untaken = untaken.join(&and)
            )
        })],
        why: crate::tr!("divergence.step.taken.why"),
    }];
    steps.push(Step {
        title: crate::tr!("divergence.step.diverged.title"),
        body: tk(
            crate::msg!("divergence.step.diverged.body"),
            &[],
            &[(
                "sum",
                eq(vec![id("Σ"), joined(cycles_list(b, true), "+"), num(d)]),
            )],
        ),
        why: crate::tr!("divergence.step.diverged.why"),
    });
    steps.push(Step {
        title: crate::tr!("divergence.step.ideal.title"),
        body: tk(
            crate::msg!("divergence.step.ideal.body"),
            &[],
            &[("max", eq(vec![call("max", cycles_list(b, true)), num(i)]))],
        ),
        why: crate::tr!("divergence.step.ideal.why"),
    });
    steps.push(Step {
        title: crate::tr!("divergence.step.efficiency.title"),
        body: vec![
            m(eq(vec![
                id("efficiency"),
                frac(num(i), num(d)),
                word(&pct(b.efficiency())),
            ])),
            t("; "),
            m(eq(vec![
                id("slowdown"),
                frac(num(d), num(i)),
                word(&format!("{}×", times_value(b.slowdown()).human())),
            ])),
            t("."),
        ],
        why: crate::tr!("divergence.step.efficiency.why"),
    });
    if let (Some(u), Some(useful)) = (b.lane_utilization(), b.useful_lane_cycles()) {
        let terms: Vec<Math> = b
            .paths()
            .iter()
            .filter(|p| p.taken())
            .map(|p| times(num(p.lanes.unwrap_or(0)), num(p.cycles)))
            .collect();
        steps.push(Step {
            title: crate::tr!("divergence.step.lane-utilization.title"),
            body: tk(
                crate::msg!("divergence.step.lane-utilization.body"),
                &[],
                &[
                    ("useful", eq(vec![joined(terms, "+"), num(useful)])),
                    ("total", eq(vec![times(num(32), num(d)), num(32 * d)])),
                    (
                        "ratio",
                        eq(vec![frac(num(useful), num(32 * d)), word(&pct(u))]),
                    ),
                ],
            ),
            why: crate::tr!("divergence.step.lane-utilization.why"),
        });
        let taken: Vec<_> = b.paths().iter().filter(|p| p.taken()).collect();
        if let [a, c] = taken[..] {
            let (few, many) = if a.lanes <= c.lanes { (a, c) } else { (c, a) };
            let few_lanes = few.lanes.unwrap_or(0);
            if few_lanes <= 4 {
                #[allow(clippy::cast_precision_loss)]
                let naive = many.cycles as f64 + few.cycles as f64 * few_lanes as f64 / 32.0;
                steps.push(Step {
                    title: crate::tr!("divergence.step.myth.title"),
                    body: tk(
                        crate::msg!("divergence.step.myth.body"),
                        &[
                            ("lanes", &few_lanes),
                            ("cycles", &few.cycles),
                            ("diverged", &d),
                        ],
                        &[(
                            "naive",
                            eq(vec![
                                row(vec![
                                    num(many.cycles),
                                    op("+"),
                                    frac(times(num(few.cycles), num(few_lanes)), num(32)),
                                ]),
                                word(&times_value(naive).human()),
                            ]),
                        )],
                    ),
                    why: crate::tr!("divergence.step.myth.why"),
                });
            }
        }
    }
    if let Some(o) = overhead {
        let (pred, br) = (b.predicated_cycles(), b.branch_cycles(o));
        let maths = [
            (
                "pred",
                eq(vec![
                    sub("T", "pred"),
                    joined(cycles_list(b, false), "+"),
                    num(pred),
                ]),
            ),
            (
                "branch",
                if k > 1 {
                    eq(vec![
                        sub("T", "branch"),
                        row(vec![num(d), op("+"), num(o)]),
                        num(br),
                    ])
                } else {
                    eq(vec![sub("T", "branch"), num(br)])
                },
            ),
        ];
        steps.push(Step {
            title: crate::tr!("divergence.step.predicate.title"),
            body: if pred < br {
                tk(
                    crate::msg!("divergence.step.predicate.wins"),
                    &[("n", &(br - pred))],
                    &maths,
                )
            } else if pred == br {
                tk(crate::msg!("divergence.step.predicate.tie"), &[], &maths)
            } else {
                tk(
                    crate::msg!("divergence.step.predicate.loses"),
                    &[("n", &(pred - br))],
                    &maths,
                )
            },
            why: crate::tr!("divergence.step.predicate.why"),
        });
    }
    #[allow(clippy::cast_precision_loss)]
    let floor = 1.0 / k as f64;
    Worked {
        question: crate::tr!(
            "divergence.branch.question",
            cycles = cycles.join(", "),
            lanes = lanes_text
        ),
        forecast: crate::tr!("divergence.branch.forecast"),
        steps,
        answer: crate::tr!(
            "divergence.branch.answer",
            diverged = d,
            ideal = i,
            efficiency = pct(b.efficiency()),
            slowdown = times_value(b.slowdown()).human(),
            utilization = b
                .lane_utilization()
                .map(|u| crate::tr!("divergence.branch.answer.utilization", utilization = pct(u)))
                .unwrap_or_default()
        ),
        verify: vec![
            m(row(vec![
                frac(num(1), num(k)),
                op("="),
                word(&times_value(floor).human()),
                op("≤"),
                word(&times_value(b.efficiency()).human()),
                op("≤"),
                num(1),
            ])),
            t(" ✓; "),
            m(eq(vec![
                times(num(i), word(&times_value(b.slowdown()).human())),
                num(d),
            ])),
            t(" ✓"),
        ],
    }
}

fn compare_worked(b: &Branch, c: &Branch) -> Worked {
    Worked {
        question: crate::tr!("divergence.compare.question"),
        forecast: crate::tr!("divergence.compare.forecast"),
        steps: vec![Step {
            title: crate::tr!("divergence.compare.step.title"),
            body: tk(
                crate::msg!("divergence.compare.step.body"),
                &[("k", &c.paths_taken())],
                &[
                    (
                        "sum",
                        eq(vec![
                            id("Σ"),
                            joined(cycles_list(c, true), "+"),
                            num(c.diverged_cycles()),
                        ]),
                    ),
                    (
                        "max",
                        eq(vec![
                            call("max", cycles_list(c, true)),
                            num(c.ideal_cycles()),
                        ]),
                    ),
                    (
                        "ratio",
                        eq(vec![
                            frac(num(c.ideal_cycles()), num(c.diverged_cycles())),
                            word(&pct(c.efficiency())),
                        ]),
                    ),
                ],
            ),
            why: crate::tr!("divergence.compare.step.why"),
        }],
        answer: crate::tr!(
            "divergence.compare.answer",
            other = pct(c.efficiency()),
            first = pct(b.efficiency())
        ),
        verify: tk(
            crate::msg!("divergence.compare.verify"),
            &[],
            &[(
                "ratio",
                eq(vec![
                    frac(num(c.ideal_cycles()), num(c.diverged_cycles())),
                    word(&times_value(c.efficiency()).human()),
                ]),
            )],
        ),
    }
}

fn loop_worked(l: &Loop) -> Worked {
    let (mx, s) = (l.loop_cycles(), l.useful_lane_iterations());
    let short = l
        .counts()
        .iter()
        .copied()
        .filter(|&c| c > 0)
        .min()
        .unwrap_or(0);
    let short_lanes = l.counts().iter().filter(|&&c| c == short).count() as u64;
    Worked {
        question: crate::tr!("divergence.loop.question", max = mx, sum = s),
        forecast: crate::tr!("divergence.loop.forecast"),
        steps: vec![
            Step {
                title: crate::tr!("divergence.loop.backedge.title"),
                body: vec![t(crate::tr!("divergence.loop.backedge.body"))],
                why: crate::tr!("divergence.loop.backedge.why"),
            },
            Step {
                title: crate::tr!("divergence.loop.time.title"),
                body: tk(
                    crate::msg!("divergence.loop.time.body"),
                    &[],
                    &[("max", eq(vec![call("max", vec![id("counts")]), num(mx)]))],
                ),
                why: crate::tr!("divergence.loop.time.why"),
            },
            Step {
                title: crate::tr!("divergence.loop.useful.title"),
                body: tk(
                    crate::msg!("divergence.loop.useful.body"),
                    &[],
                    &[("sum", eq(vec![row(vec![id("Σ"), id("counts")]), num(s)]))],
                ),
                why: crate::tr!("divergence.loop.useful.why"),
            },
            Step {
                title: crate::tr!("divergence.loop.utilization.title"),
                body: vec![m(eq(vec![
                    id("U"),
                    frac(num(s), times(num(32), num(mx))),
                    frac(num(s), num(32 * mx)),
                    word(&pct(l.lane_utilization())),
                ]))],
                why: crate::tr!(
                    "divergence.loop.utilization.why",
                    max = mx,
                    total = 32 * mx,
                    sum = s
                ),
            },
        ],
        answer: crate::tr!(
            "divergence.loop.answer",
            max = mx,
            sum = s,
            total = 32 * mx,
            utilization = pct(l.lane_utilization())
        ),
        verify: vec![
            t(format!("{} ", crate::tr!("divergence.loop.verify.bound"))),
            t(crate::tr!(
                "divergence.loop.verify.waste",
                lanes = short_lanes,
                short,
                max = mx,
                waste = short_lanes * (mx - short)
            )),
        ],
    }
}

fn condition_worked(run: &ConditionRun, t_if: u64, t_else: u64) -> Worked {
    let (ideal, diverged): (u64, u64) = run
        .warps
        .iter()
        .fold((0, 0), |(a, b), w| (a + w.ideal, b + w.diverged));
    let divergent = run.warps.iter().filter(|w| w.divergent()).count();
    let eff = ratio(ideal, diverged);
    let shown: Vec<String> = run
        .warps
        .iter()
        .take(4)
        .map(|w| {
            crate::tr!(
                "divergence.cond.warp-split",
                warp = w.warp,
                ifs = w.if_lanes(),
                elses = WARP_SIZE - w.if_lanes()
            )
        })
        .collect();
    Worked {
        question: crate::tr!(
            "divergence.cond.question",
            cond = run.expr.text(),
            tif = t_if,
            telse = t_else,
            warps = run.warps.len()
        ),
        forecast: crate::tr!("divergence.cond.forecast"),
        steps: vec![
            Step {
                title: crate::tr!("divergence.cond.eval.title"),
                body: vec![t(crate::tr!(
                    "divergence.cond.eval.body",
                    shown = shown.join("; "),
                    more = if run.warps.len() > 4 { "; …" } else { "" }
                ))],
                why: crate::tr!("divergence.cond.eval.why"),
            },
            Step {
                title: crate::tr!("divergence.cond.cost.title"),
                body: vec![t(crate::tr!(
                    "divergence.cond.cost.body",
                    divergent,
                    warps = run.warps.len(),
                    tif = t_if,
                    telse = t_else,
                    sum = t_if + t_else
                ))],
                why: crate::tr!("divergence.cond.cost.why"),
            },
            Step {
                title: crate::tr!("divergence.cond.efficiency.title"),
                body: vec![m(eq(vec![
                    frac(
                        row(vec![id("Σ"), id("ideal")]),
                        row(vec![id("Σ"), id("diverged")]),
                    ),
                    frac(num(ideal), num(diverged)),
                    word(&pct(eff)),
                ]))],
                why: crate::tr!("divergence.cond.efficiency.why"),
            },
            Step {
                title: crate::tr!("divergence.cond.realign.title"),
                body: vec![t(crate::tr!(
                    "divergence.cond.realign.body",
                    cond = run.realigned.text(),
                    efficiency = pct(run.realigned_efficiency)
                ))],
                why: crate::tr!("divergence.cond.realign.why"),
            },
        ],
        answer: crate::tr!(
            "divergence.cond.answer",
            divergent,
            efficiency = pct(eff),
            realigned = pct(run.realigned_efficiency)
        ),
        verify: vec![t(crate::tr!(
            "divergence.cond.verify",
            verdict = if (divergent == 0) == (ideal == diverged) {
                crate::tr!("divergence.cond.verify.holds")
            } else {
                crate::tr!("divergence.cond.verify.fails")
            }
        ))],
    }
}

/// The example condition's mask for warp `w` as 32 booleans (lane order), for drawing.
#[must_use]
pub fn lanes_of(w: &WarpBranch) -> [bool; 32] {
    std::array::from_fn(|l| w.if_mask & (1 << l) != 0)
}

/// `quote` re-exported for views that echo a raw field.
#[must_use]
pub fn quoted(raw: &str) -> String {
    quote(raw)
}

#[cfg(test)]
mod tests;
