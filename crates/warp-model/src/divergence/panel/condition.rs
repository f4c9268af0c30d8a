//! The condition mode of the divergence panel: a branch condition over the thread index,
//! evaluated lane by lane across consecutive warps, and the same condition re-aligned to warp
//! boundaries (seed 003 Ex 10).

use crate::divergence::branch::{branch_over_warps, WarpBranch};
use crate::divergence::expr::{self, Expr};
use crate::figure::{Figure, Value};
use crate::math::{eq, frac, id, num, row, word};
use crate::params::ParamError;
use crate::worked::{m, t, Step, Worked};
use crate::{ratio, WARP_SIZE};

use super::{pct, DivergenceInput, DivergenceOutput};
use super::{COND, PATHS, WARPS};

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
            Value::percent(ratio(ideal, diverged)),
            "",
            crate::t!("divergence.fig.cond-efficiency.help"),
        )
        .key(),
        Figure::new(
            "realigned-efficiency",
            crate::t!("divergence.fig.realigned-efficiency"),
            Value::percent(run.realigned_efficiency),
            "",
            crate::t!("divergence.fig.realigned-efficiency.help"),
        ),
    ]
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

/// Evaluates the panel in this mode.
pub(super) fn evaluate(
    input: &DivergenceInput,
    out: &mut DivergenceOutput,
    errors: &mut Vec<ParamError>,
) {
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
