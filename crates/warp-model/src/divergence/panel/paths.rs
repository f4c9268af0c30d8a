//! The paths mode of the divergence panel: a branch given by its paths' cycles (and lanes),
//! the timeline's bars, the predication comparison, and a second warp set beside the first
//! (seed 003 Ex 1–5, 8, 9; seed 000 Ex 7–8; seed 004 Ex 5).

use crate::divergence::branch::{Branch, BranchError, MAX_PATH_CYCLES};
use crate::figure::{Figure, Value};
use crate::math::{call, eq, frac, id, joined, num, op, row, sub, times, word, Math};
use crate::params::{parse_in_range, parse_whole, Param, ParamError};
use crate::worked::{m, t, Step, Worked};
use crate::{LANE_SLOTS, WARP_SIZE, WARP_SIZE_F64};

use super::spec::{cycles_list, pct, tk, Bar, DivergenceInput, DivergenceOutput};
use super::spec::{COMPARE, LANES, OVERHEAD, PATHS};

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
    if items.len() > LANE_SLOTS {
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
            Value::percent(b.efficiency()),
            "",
            crate::t!("divergence.fig.efficiency.help"),
        )
        .key(),
        Figure::new(
            "slowdown",
            crate::t!("divergence.fig.slowdown"),
            Value::ratio(b.slowdown()),
            "×",
            crate::t!("divergence.fig.slowdown.help"),
        ),
    ];
    if let Some(u) = b.lane_utilization() {
        f.push(Figure::new(
            "lane-utilization",
            crate::t!("divergence.fig.lane-utilization"),
            Value::percent(u),
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
            Value::percent(c.efficiency()),
            "",
            crate::t!("divergence.fig.compare-efficiency.help"),
        ),
    ]
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
                word(&format!("{}×", Value::ratio(b.slowdown()).human())),
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
                    (
                        "total",
                        eq(vec![times(num(WARP_SIZE), num(d)), num(WARP_SIZE * d)]),
                    ),
                    (
                        "ratio",
                        eq(vec![frac(num(useful), num(WARP_SIZE * d)), word(&pct(u))]),
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
                let naive =
                    many.cycles as f64 + few.cycles as f64 * few_lanes as f64 / WARP_SIZE_F64;
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
                                    frac(times(num(few.cycles), num(few_lanes)), num(WARP_SIZE)),
                                ]),
                                word(&Value::ratio(naive).human()),
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
            body: match pred.cmp(&br) {
                std::cmp::Ordering::Less => tk(
                    crate::msg!("divergence.step.predicate.wins"),
                    &[("n", &(br - pred))],
                    &maths,
                ),
                std::cmp::Ordering::Equal => {
                    tk(crate::msg!("divergence.step.predicate.tie"), &[], &maths)
                }
                std::cmp::Ordering::Greater => tk(
                    crate::msg!("divergence.step.predicate.loses"),
                    &[("n", &(pred - br))],
                    &maths,
                ),
            },
            why: crate::tr!("divergence.step.predicate.why"),
        });
    }
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
            slowdown = Value::ratio(b.slowdown()).human(),
            utilization = b
                .lane_utilization()
                .map(|u| crate::tr!("divergence.branch.answer.utilization", utilization = pct(u)))
                .unwrap_or_default()
        ),
        verify: vec![
            m(row(vec![
                frac(num(1), num(k)),
                op("="),
                word(&Value::ratio(floor).human()),
                op("≤"),
                word(&Value::ratio(b.efficiency()).human()),
                op("≤"),
                num(1),
            ])),
            t(" ✓; "),
            m(eq(vec![
                times(num(i), word(&Value::ratio(b.slowdown()).human())),
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
                    word(&Value::ratio(c.efficiency()).human()),
                ]),
            )],
        ),
    }
}

/// Evaluates the panel in this mode.
pub(super) fn evaluate(
    input: &DivergenceInput,
    out: &mut DivergenceOutput,
    errors: &mut Vec<ParamError>,
) {
    if let Some(b) = read_branch(&PATHS, input.get(&PATHS), input.get(&LANES), errors) {
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
            if let Some(c) = read_branch(&COMPARE, raw_compare, "", errors) {
                out.figures.extend(compare_figures(&c));
                out.worked.push(compare_worked(&b, &c));
                out.compare_bars = bars(&c);
                out.compare = Some(c);
            }
        }
        out.branch = Some(b);
    }
}
