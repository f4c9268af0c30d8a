//! The divergence panel's whole output from the raw text of its inputs: which mode the inputs
//! describe (paths, a loop, or a condition over the thread index), its figures, named errors,
//! worked steps and the timeline to draw.

use crate::branch_expr::{self, Expr};
use crate::divergence::{
    branch_over_warps, ratio, Branch, BranchError, Loop, WarpBranch, MAX_PATH_CYCLES,
    MAX_TRIP_COUNT,
};
use crate::figure::{Figure, Value};
use crate::math::{call, eq, frac, id, joined, num, op, row, sub, times, word, Math};
use crate::params::{parse_in_range, parse_list, quote, FieldSpec, ParamError};
use crate::query::Query;
use crate::worked::{m, t, Step, Worked};
use crate::WARP_SIZE;

/// The panel's inputs as typed. Empty optional fields are off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivergenceInput {
    /// `paths=T1,…,Tk`: cycles of each path.
    pub paths: String,
    /// `lanes=n1,…,nk`: lanes on each path (sum 32), or empty.
    pub lanes: String,
    /// `counts=c0,…,c31`: per-lane trip counts (loop mode), or empty.
    pub counts: String,
    /// `cond=<expression>` over `idx` (condition mode), or empty.
    pub cond: String,
    /// `warps=W`: consecutive warps in condition mode (default 4).
    pub warps: String,
    /// `overhead=O`: branch/reconvergence overhead for the predication comparison, or empty.
    pub overhead: String,
    /// `compare=T1,…`: a second warp's paths to set beside the first (seed 003 Ex 9's sorted
    /// warp), or empty.
    pub compare: String,
}

impl Default for DivergenceInput {
    fn default() -> Self {
        DivergenceInput {
            paths: "12,9".into(),
            lanes: "16,16".into(),
            counts: String::new(),
            cond: String::new(),
            warps: String::new(),
            overhead: String::new(),
            compare: String::new(),
        }
    }
}

/// The panel's controls, in form order.
pub const FIELDS: [FieldSpec; 7] = [
    FieldSpec {
        name: "paths",
        label: "Path cycles",
        hint: "T1,…,Tk; 1–32 paths",
    },
    FieldSpec {
        name: "lanes",
        label: "Lanes per path",
        hint: "n1,…,nk summing to 32; optional",
    },
    FieldSpec {
        name: "overhead",
        label: "Branch overhead",
        hint: "O cycles; compares predication",
    },
    FieldSpec {
        name: "compare",
        label: "Compare a warp",
        hint: "its path cycles; optional",
    },
    FieldSpec {
        name: "counts",
        label: "Loop trip counts",
        hint: "c0,…,c31; loop mode",
    },
    FieldSpec {
        name: "cond",
        label: "Branch condition",
        hint: "e.g. idx % 2 == 0",
    },
    FieldSpec {
        name: "warps",
        label: "Warps",
        hint: "1–256, default 4",
    },
];

/// The URL parameters this panel reads and writes.
pub const URL_PARAMS: [&str; 7] = [
    "paths", "lanes", "counts", "cond", "warps", "overhead", "compare",
];

/// Default number of warps in condition mode.
pub const DEFAULT_WARPS: u64 = 4;
/// Most warps in condition mode.
pub const MAX_WARPS: u64 = 256;

impl DivergenceInput {
    /// Reads the panel's parameters over `base`. A link that gives `paths` without `lanes`
    /// means lanes unknown, not the base's lanes.
    #[must_use]
    pub fn from_query(q: &Query, base: &DivergenceInput) -> DivergenceInput {
        let mut input = base.clone();
        if q.get("paths").is_some() || q.get("counts").is_some() || q.get("cond").is_some() {
            input.lanes.clear();
        }
        for name in URL_PARAMS {
            if let Some(v) = q.get(name) {
                input.set_field(name, v.to_string());
            }
        }
        input
    }

    /// Writes the non-empty fields into `q`.
    pub fn write_query(&self, q: &mut Query) {
        for name in URL_PARAMS {
            let v = self.field(name).trim();
            q.set(name, (!v.is_empty()).then_some(v));
        }
    }

    /// Which mode the inputs describe: loop counts win, then a condition, then paths.
    #[must_use]
    pub fn mode(&self) -> Mode {
        if !self.counts.trim().is_empty() {
            Mode::Loop
        } else if !self.cond.trim().is_empty() {
            Mode::Condition
        } else {
            Mode::Paths
        }
    }

    /// Lane counts with one lane moved from path `from` to path `to` (direct manipulation);
    /// `None` when the lanes are not a valid list or `from` has no lane to give.
    #[must_use]
    pub fn move_lane(&self, from: usize, to: usize) -> Option<String> {
        let mut lanes = parse_list("lanes", &self.lanes, 0, 32, 32, "").ok()?;
        if from >= lanes.len() || to >= lanes.len() || lanes[from] == 0 {
            return None;
        }
        lanes[from] -= 1;
        lanes[to] += 1;
        Some(
            lanes
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(","),
        )
    }

    /// Path costs with path `i` set to `cycles` (a slider); `None` when `paths` is not valid.
    #[must_use]
    pub fn with_path_cycles(&self, i: usize, cycles: u64) -> Option<String> {
        let mut paths = parse_list("paths", &self.paths, 1, MAX_PATH_CYCLES, 32, "").ok()?;
        *paths.get_mut(i)? = cycles.clamp(1, MAX_PATH_CYCLES);
        Some(
            paths
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(","),
        )
    }
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
        BranchError::PathCount(n) => ParamError::new(
            "paths",
            format!("paths has {n} items: a warp has 1 to 32 paths (at most one per lane)."),
        ),
        BranchError::Cycles(i, c) => ParamError::new(
            "paths",
            format!(
                "paths item {} = {c}: a path costs from 1 to {MAX_PATH_CYCLES} cycles (mark a path \
                 no lane takes with 0 in lanes instead).",
                i + 1
            ),
        ),
        BranchError::LaneCount { paths, lanes } => ParamError::new(
            "lanes",
            format!("lanes has {lanes} items but paths has {paths}: give one lane count per path."),
        ),
        BranchError::LaneSum(s) if lanes_given => {
            ParamError::new(
                "lanes",
                format!(
                "lanes add up to {}: a warp has exactly 32 lanes, so the counts must sum to 32 \
                 (0 marks a path no lane takes).",
                if s == u64::MAX { "more than 2⁶⁴".to_string() } else { s.to_string() }
            ),
            )
        }
        BranchError::LaneSum(_) => ParamError::new("lanes", "lanes must sum to 32."),
    }
}

/// Reads `paths` and `lanes` into a branch.
fn read_branch(
    paths_raw: &str,
    lanes_raw: &str,
    param: &'static str,
    errors: &mut Vec<ParamError>,
) -> Option<Branch> {
    let paths = parse_list(
        param,
        paths_raw,
        1,
        MAX_PATH_CYCLES,
        32,
        "the cycles of each path, e.g. 12,9",
    )
    .map_err(|e| {
        let more = if e.message.contains("items") {
            " A warp has at most 32 paths, one per lane."
        } else if e.message.contains("out of range") {
            " A path costs at least 1 cycle; mark a path no lane takes with 0 in lanes."
        } else {
            ""
        };
        errors.push(ParamError::new(param, format!("{}{more}", e.message)));
    })
    .ok()?;
    let lanes = if lanes_raw.trim().is_empty() {
        None
    } else {
        Some(
            parse_list(
                "lanes",
                lanes_raw,
                0,
                32,
                32,
                "the lanes on each path, summing to 32",
            )
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
            if let Ok(counts) = parse_list(
                "counts",
                &input.counts,
                0,
                MAX_TRIP_COUNT,
                32,
                "each lane's trip count",
            )
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
                        "counts are all 0: at least one lane must run the loop once.",
                    )),
                }
            }
        }
        Mode::Condition => {
            let expr = branch_expr::parse(&input.cond).map_err(|e| {
                errors.push(ParamError::new(
                    "cond",
                    format!("cond {e}. Example: idx % 2 == 0."),
                ));
            });
            let warps = if input.warps.trim().is_empty() {
                Ok(DEFAULT_WARPS)
            } else {
                parse_in_range("warps", &input.warps, 1, MAX_WARPS, "").map_err(|e| errors.push(e))
            };
            let sides = parse_list("paths", &input.paths, 1, MAX_PATH_CYCLES, 32, "Tif,Telse")
                .map_err(|e| errors.push(e))
                .and_then(|p| {
                    if p.len() == 2 {
                        Ok((p[0], p[1]))
                    } else {
                        errors.push(ParamError::new(
                            "paths",
                            "with cond, paths must be two costs: Tif,Telse (e.g. 10,14).",
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
                        format!("cond cannot be evaluated: {e}."),
                    )),
                }
            }
        }
        Mode::Paths => {
            if let Some(b) = read_branch(&input.paths, &input.lanes, "paths", &mut errors) {
                let overhead = if input.overhead.trim().is_empty() {
                    None
                } else {
                    parse_in_range("overhead", &input.overhead, 0, MAX_PATH_CYCLES, "")
                        .map_err(|e| errors.push(e))
                        .ok()
                };
                out.figures = branch_figures(&b, overhead);
                out.bars = bars(&b);
                out.worked.push(branch_worked(&b, overhead));
                if !input.compare.trim().is_empty() {
                    if let Some(c) = read_branch(&input.compare, "", "compare", &mut errors) {
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
            "Paths taken",
            Value::Int(b.paths_taken()),
            "paths",
            "k: paths at least one lane takes",
        ),
        Figure::new(
            "diverged-cycles",
            "Diverged time",
            Value::Int(b.diverged_cycles()),
            "cycles",
            "Σ of the taken paths, run one after another",
        ),
        Figure::new(
            "ideal-cycles",
            "Ideal time",
            Value::Int(b.ideal_cycles()),
            "cycles",
            "max of the taken paths: no lane disagrees",
        ),
        Figure::new(
            "efficiency",
            "Efficiency",
            frac_value(b.efficiency()),
            "",
            "ideal / diverged = max / Σ",
        )
        .key(),
        Figure::new(
            "slowdown",
            "Slowdown",
            times_value(b.slowdown()),
            "×",
            "diverged / ideal = Σ / max",
        ),
    ];
    if let Some(u) = b.lane_utilization() {
        f.push(Figure::new(
            "lane-utilization",
            "Lane utilization",
            frac_value(u),
            "",
            "useful lane-cycles / (32 · diverged) = Σ(lanes·T) / (32·ΣT)",
        ));
    }
    if let Some(o) = overhead {
        let (pred, branch) = (b.predicated_cycles(), b.branch_cycles(o));
        f.extend([
            Figure::new(
                "predicated-cycles",
                "Predicated",
                Value::Int(pred),
                "cycles",
                "every path runs for every lane: Σ all T",
            ),
            Figure::new(
                "branch-cycles",
                "Branching",
                Value::Int(branch),
                "cycles",
                "taken paths + overhead O when the warp diverges",
            ),
            Figure::new(
                "predication-wins",
                "Predication wins",
                Value::Bool(pred < branch),
                "",
                "predicated < branching",
            ),
        ]);
    }
    f
}

fn compare_figures(c: &Branch) -> Vec<Figure> {
    vec![
        Figure::new(
            "compare-paths-taken",
            "Other warp: paths",
            Value::Int(c.paths_taken()),
            "paths",
            "k of the warp set beside",
        ),
        Figure::new(
            "compare-diverged-cycles",
            "Other warp: diverged",
            Value::Int(c.diverged_cycles()),
            "cycles",
            "Σ of its paths",
        ),
        Figure::new(
            "compare-ideal-cycles",
            "Other warp: ideal",
            Value::Int(c.ideal_cycles()),
            "cycles",
            "max of its paths",
        ),
        Figure::new(
            "compare-efficiency",
            "Other warp: efficiency",
            frac_value(c.efficiency()),
            "",
            "its max / Σ",
        ),
    ]
}

fn loop_figures(l: &Loop) -> Vec<Figure> {
    vec![
        Figure::new(
            "loop-cycles",
            "Loop time",
            Value::Int(l.loop_cycles()),
            "cycles",
            "max count: the warp waits for its longest lane",
        ),
        Figure::new(
            "useful-lane-iterations",
            "Useful work",
            Value::Int(l.useful_lane_iterations()),
            "lane-iterations",
            "Σ counts",
        ),
        Figure::new(
            "idle-lane-iterations",
            "Masked work",
            Value::Int(l.idle_lane_iterations()),
            "lane-iterations",
            "32 · max − Σ",
        ),
        Figure::new(
            "lane-utilization",
            "Lane utilization",
            frac_value(l.lane_utilization()),
            "",
            "Σ counts / (32 · max)",
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
            "Warps",
            Value::Int(run.warps.len() as u64),
            "warps",
            "consecutive warps evaluated",
        ),
        Figure::new(
            "divergent-warps",
            "Divergent warps",
            Value::Int(divergent),
            "warps",
            "warps whose lanes take both sides",
        ),
        Figure::new(
            "diverged-cycles",
            "Diverged time",
            Value::Int(diverged),
            "cycles",
            "Σ over warps of the sides taken",
        ),
        Figure::new(
            "ideal-cycles",
            "Ideal time",
            Value::Int(ideal),
            "cycles",
            "Σ over warps of the slower side taken",
        ),
        Figure::new(
            "efficiency",
            "Efficiency",
            frac_value(ratio(ideal, diverged)),
            "",
            "Σ ideal / Σ diverged over all warps",
        )
        .key(),
        Figure::new(
            "realigned-efficiency",
            "Re-aligned efficiency",
            frac_value(run.realigned_efficiency),
            "",
            "the same condition with idx → idx / 32",
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
        .map(|(n, p)| format!("path {} ({} cycles)", n + 1, p.cycles))
        .collect();
    let lanes_text = if b.lanes_known() {
        let l: Vec<String> = b
            .paths()
            .iter()
            .map(|p| p.lanes.unwrap_or(0).to_string())
            .collect();
        format!(", taken by {} lanes", l.join(", "))
    } else {
        String::new()
    };
    let mut steps = vec![Step {
        title: "Identify the taken paths".into(),
        body: vec![t(if untaken.is_empty() {
            format!("k = {k}: every path has at least one lane.")
        } else {
            format!(
                "k = {k}: {} no lane takes, so its mask is all off and the hardware skips it.",
                untaken.join(" and ")
            )
        })],
        why: "The cost depends on which paths are taken, not on how many threads take each.".into(),
    }];
    steps.push(Step {
        title: "Diverged time".into(),
        body: vec![
            m(eq(vec![id("Σ"), joined(cycles_list(b, true), "+"), num(d)])),
            t(" cycles."),
        ],
        why: "One group runs while the others wait masked, then the next: the paths run end to \
              end, and masked lanes still tick."
            .into(),
    });
    steps.push(Step {
        title: "Ideal time".into(),
        body: vec![m(eq(vec![call("max", cycles_list(b, true)), num(i)])), t(" cycles.")],
        why: "If no lane disagreed, all 32 would overlap and the slowest path alone would set the clock.".into(),
    });
    steps.push(Step {
        title: "Efficiency and slowdown".into(),
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
        why: "The ratio of the time we could have had to the time we took.".into(),
    });
    if let (Some(u), Some(useful)) = (b.lane_utilization(), b.useful_lane_cycles()) {
        let terms: Vec<Math> = b
            .paths()
            .iter()
            .filter(|p| p.taken())
            .map(|p| times(num(p.lanes.unwrap_or(0)), num(p.cycles)))
            .collect();
        steps.push(Step {
            title: "Lane utilization".into(),
            body: vec![
                t("Useful lane-cycles "),
                m(eq(vec![joined(terms, "+"), num(useful)])),
                t(" of "),
                m(eq(vec![times(num(32), num(d)), num(32 * d)])),
                t(": "),
                m(eq(vec![frac(num(useful), num(32 * d)), word(&pct(u))])),
                t("."),
            ],
            why: "A second measure, not efficiency under another name: it counts the lanes doing \
                  real work in every cycle the warp is busy."
                .into(),
        });
        let taken: Vec<_> = b.paths().iter().filter(|p| p.taken()).collect();
        if let [a, c] = taken[..] {
            let (few, many) = if a.lanes <= c.lanes { (a, c) } else { (c, a) };
            let few_lanes = few.lanes.unwrap_or(0);
            if few_lanes <= 4 {
                #[allow(clippy::cast_precision_loss)]
                let naive = many.cycles as f64 + few.cycles as f64 * few_lanes as f64 / 32.0;
                steps.push(Step {
                    title: "The amortisation myth".into(),
                    body: vec![
                        t(format!(
                            "“Only {few_lanes} lane(s) take the {}-cycle path, so amortise it”: ",
                            few.cycles
                        )),
                        m(eq(vec![
                            row(vec![num(many.cycles), op("+"), frac(times(num(few.cycles), num(few_lanes)), num(32))]),
                            word(&times_value(naive).human()),
                        ])),
                        t(format!(" cycles is wrong; the warp pays the full {d}.")),
                    ],
                    why: "The whole warp walks each taken path; the lane count never divides the cost.".into(),
                });
            }
        }
    }
    if let Some(o) = overhead {
        let (pred, br) = (b.predicated_cycles(), b.branch_cycles(o));
        steps.push(Step {
            title: "Branch or predicate?".into(),
            body: vec![
                m(eq(vec![sub("T", "pred"), joined(cycles_list(b, false), "+"), num(pred)])),
                t("; "),
                m(if k > 1 {
                    eq(vec![sub("T", "branch"), row(vec![num(d), op("+"), num(o)]), num(br)])
                } else {
                    eq(vec![sub("T", "branch"), num(br)])
                }),
                t(if pred < br {
                    format!(": predication wins by {} cycles.", br - pred)
                } else if pred == br {
                    ": a tie.".to_string()
                } else {
                    format!(
                        ": predication loses by {} cycles, because it runs a path the branch would skip.",
                        pred - br
                    )
                }),
            ],
            why: "Predication runs both sides for every lane but needs no divergence stack; \
                  branching skips untaken paths but pays the overhead O when the warp splits."
                .into(),
        });
    }
    #[allow(clippy::cast_precision_loss)]
    let floor = 1.0 / k as f64;
    Worked {
        question: format!(
            "A warp's branch has paths of {} cycles{lanes_text}. How long does it run, and how efficient is it?",
            cycles.join(", ")
        ),
        forecast: "Guess the efficiency first: is it the share of lanes on each side?".into(),
        steps,
        answer: format!(
            "{d} cycles against an ideal {i}: efficiency {}, slowdown {}×{}.",
            pct(b.efficiency()),
            times_value(b.slowdown()).human(),
            b.lane_utilization().map(|u| format!(", lane utilization {}", pct(u))).unwrap_or_default()
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
            m(eq(vec![times(num(i), word(&times_value(b.slowdown()).human())), num(d)])),
            t(" ✓"),
        ],
    }
}

fn compare_worked(b: &Branch, c: &Branch) -> Worked {
    Worked {
        question: "And the warp set beside it?".into(),
        forecast: "Guess whether it reaches 100 %.".into(),
        steps: vec![Step {
            title: "Its paths".into(),
            body: vec![
                t(format!("k = {}: ", c.paths_taken())),
                m(eq(vec![
                    id("Σ"),
                    joined(cycles_list(c, true), "+"),
                    num(c.diverged_cycles()),
                ])),
                t(", "),
                m(eq(vec![
                    call("max", cycles_list(c, true)),
                    num(c.ideal_cycles()),
                ])),
                t(", efficiency "),
                m(eq(vec![
                    frac(num(c.ideal_cycles()), num(c.diverged_cycles())),
                    word(&pct(c.efficiency())),
                ])),
                t("."),
            ],
            why: "Grouping similar work into whole warps (sorting) collapses k towards 1, where \
                  diverged time equals ideal time."
                .into(),
        }],
        answer: format!(
            "{} against {} for the first warp.",
            pct(c.efficiency()),
            pct(b.efficiency())
        ),
        verify: vec![
            t("one path ⇒ max/Σ = 1; here "),
            m(eq(vec![
                frac(num(c.ideal_cycles()), num(c.diverged_cycles())),
                word(&times_value(c.efficiency()).human()),
            ])),
            t(" ✓"),
        ],
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
        question: format!(
            "A loop whose trip count differs per lane (max {mx}, sum {s}). How long does the warp run, and how much of it is useful?"
        ),
        forecast: "Does the time depend on the sum of the counts or on their max?".into(),
        steps: vec![
            Step {
                title: "The back-edge is a branch".into(),
                body: vec![t(
                    "In every iteration, lanes whose count has run out drop out (masked off), but the warp keeps looping.",
                )],
                why: "The loop cannot exit for the warp until its longest lane finishes.".into(),
            },
            Step {
                title: "Loop time".into(),
                body: vec![m(eq(vec![call("max", vec![id("counts")]), num(mx)])), t(" cycles (one per iteration).")],
                why: "The warp is hostage to its slowest lane.".into(),
            },
            Step {
                title: "Useful work".into(),
                body: vec![m(eq(vec![row(vec![id("Σ"), id("counts")]), num(s)])), t(" lane-iterations.")],
                why: "Each lane does real work only for its own count.".into(),
            },
            Step {
                title: "Utilization".into(),
                body: vec![m(eq(vec![
                    id("U"),
                    frac(num(s), times(num(32), num(mx))),
                    frac(num(s), num(32 * mx)),
                    word(&pct(l.lane_utilization())),
                ]))],
                why: format!(
                    "The hardware could have done 32 × {mx} = {} lane-iterations; only {s} were real.",
                    32 * mx
                ),
            },
        ],
        answer: format!("{mx} cycles; {s} useful of {} lane-iterations: U = {}.", 32 * mx, pct(l.lane_utilization())),
        verify: vec![
            t("U ≤ 1 since Σ counts ≤ 32 · max ✓; the "),
            t(format!(
                "{short_lanes} shortest lane(s) (count {short}) waste {short_lanes} × ({mx} − {short}) = {} lane-iterations ✓",
                short_lanes * (mx - short)
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
            format!(
                "warp {}: {} if / {} else",
                w.warp,
                w.if_lanes(),
                WARP_SIZE - w.if_lanes()
            )
        })
        .collect();
    Worked {
        question: format!(
            "if ({}) costs {t_if} cycles, else {t_else}. Over {} warps, how many diverge, and how efficient is the branch?",
            run.expr.text(),
            run.warps.len()
        ),
        forecast: "Guess whether the condition splits lanes inside a warp, or whole warps.".into(),
        steps: vec![
            Step {
                title: "Evaluate the condition per lane".into(),
                body: vec![t(format!(
                    "Warp w holds idx = 32w … 32w + 31. {}{}.",
                    shown.join("; "),
                    if run.warps.len() > 4 { "; …" } else { "" }
                ))],
                why: "Divergence is decided inside each warp: only lanes of the same warp share an instruction stream.".into(),
            },
            Step {
                title: "Cost each warp".into(),
                body: vec![t(format!(
                    "{divergent} of {} warps take both sides and pay {t_if} + {t_else} = {} cycles; the others pay one side.",
                    run.warps.len(),
                    t_if + t_else
                ))],
                why: "A warp whose lanes all agree runs one path; a split warp runs both, end to end.".into(),
            },
            Step {
                title: "Efficiency over all warps".into(),
                body: vec![m(eq(vec![frac(row(vec![id("Σ"), id("ideal")]), row(vec![id("Σ"), id("diverged")])), frac(num(ideal), num(diverged)), word(&pct(eff))]))],
                why: "Summing before dividing weighs each warp by its time.".into(),
            },
            Step {
                title: "Re-align the key to warp boundaries".into(),
                body: vec![t(format!(
                    "Rewrite the condition as {}: idx / 32 is the same for all 32 lanes of a warp, so each warp is entirely if or entirely else. Efficiency becomes {}.",
                    run.realigned.text(),
                    pct(run.realigned_efficiency)
                ))],
                why: "Aligning the branch key with warp granularity removes intra-warp divergence: the same work, grouped by 32.".into(),
            },
        ],
        answer: format!("{divergent} divergent warps; efficiency {}; re-aligned, {}.", pct(eff), pct(run.realigned_efficiency)),
        verify: vec![t(format!(
            "efficiency is 100 % exactly when no warp diverges: {} ✓",
            if (divergent == 0) == (ideal == diverged) { "it holds here" } else { "it does NOT hold" }
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

crate::raw_fields!(DivergenceInput {
    "paths" => paths,
    "lanes" => lanes,
    "counts" => counts,
    "cond" => cond,
    "warps" => warps,
    "overhead" => overhead,
    "compare" => compare,
});
