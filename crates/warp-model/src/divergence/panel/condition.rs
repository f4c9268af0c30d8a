//! The condition mode of the divergence panel: a branch condition over the thread index,
//! evaluated lane by lane across consecutive warps, and the same condition re-aligned to warp
//! boundaries (seed 003 Ex 10).
//!
//! `diverged-cycles` and `ideal-cycles` describe one warp, as in every other mode: the slowest
//! evaluated (the most diverged cycles, the lowest index on a tie), which is the seed's "any one
//! warp" when every warp costs the same; `total-diverged-cycles` and `total-ideal-cycles` sum
//! over the warps, and `efficiency` is their ratio.

use crate::divergence::branch::{branch_over_warps, WarpBranch};
use crate::divergence::expr::{self, Expr};
use crate::figure::{Figure, Value};
use crate::math::{call, eq, frac, id, joined, num, row, word, Math};
use crate::params::ParamError;
use crate::worked::{t, Step, Worked};
use crate::{ratio, LANE_SLOTS, WARP_SIZE};

use super::spec::{pct, tk, ConditionRun, DivergenceInput, DivergenceOutput};
use super::spec::{COND, PATHS, WARPS};

impl ConditionRun {
    /// The warp the per-warp figures describe: the slowest of those evaluated (the most
    /// diverged cycles; on a tie, the lowest index). `None` only for zero warps, which the
    /// `warps` parameter does not allow.
    #[must_use]
    pub fn slowest(&self) -> Option<&WarpBranch> {
        self.warps
            .iter()
            .max_by_key(|w| (w.diverged, std::cmp::Reverse(w.warp)))
    }

    /// Σ ideal and Σ diverged over the warps evaluated.
    #[must_use]
    pub fn totals(&self) -> (u64, u64) {
        self.warps
            .iter()
            .fold((0, 0), |(a, b), w| (a + w.ideal, b + w.diverged))
    }

    /// Warps that cost less than the slowest one (0: every warp costs the same).
    #[must_use]
    pub fn cheaper_warps(&self) -> usize {
        let most = self.slowest().map_or(0, |w| w.diverged);
        self.warps.iter().filter(|w| w.diverged < most).count()
    }
}

fn condition_run(expr: Expr, warps: u64, t_if: u64, t_else: u64) -> Result<ConditionRun, String> {
    let ws = branch_over_warps(warps, t_if, t_else, |i| expr.eval(i))?;
    let realigned = expr.realigned();
    let rw = branch_over_warps(warps, t_if, t_else, |i| realigned.eval(i))?;
    let (ideal, diverged): (u64, u64) = rw
        .iter()
        .fold((0, 0), |(a, b), w| (a + w.ideal, b + w.diverged));
    let only = |mask: u32| rw.iter().filter(|w| w.if_mask == mask).count() as u64;
    Ok(ConditionRun {
        expr,
        warps: ws,
        realigned,
        realigned_efficiency: ratio(ideal, diverged),
        realigned_sides: (only(u32::MAX), only(0)),
    })
}

/// The sides warp `w` takes, in order (`if` first), as cycles.
fn sides(w: &WarpBranch, t_if: u64, t_else: u64) -> Vec<u64> {
    let mut v = Vec::new();
    if w.if_mask != 0 {
        v.push(t_if);
    }
    if w.if_mask != u32::MAX {
        v.push(t_else);
    }
    v
}

fn condition_figures(run: &ConditionRun) -> Vec<Figure> {
    let (ideal, diverged) = run.totals();
    let (one_ideal, one_diverged, slowest) = run
        .slowest()
        .map_or((0, 0, 0), |w| (w.ideal, w.diverged, w.warp));
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
            "slowest-warp",
            crate::t!("divergence.fig.slowest-warp"),
            Value::Int(slowest),
            "",
            crate::t!("divergence.fig.slowest-warp.help"),
        ),
        Figure::new(
            "diverged-cycles",
            crate::t!("divergence.fig.cond-diverged-cycles"),
            Value::Int(one_diverged),
            crate::t!("divergence.unit.cycles"),
            if run.cheaper_warps() == 0 {
                crate::t!("divergence.fig.cond-diverged-cycles.same.help")
            } else {
                crate::t!("divergence.fig.cond-diverged-cycles.help")
            },
        ),
        Figure::new(
            "ideal-cycles",
            crate::t!("divergence.fig.cond-ideal-cycles"),
            Value::Int(one_ideal),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.cond-ideal-cycles.help"),
        ),
        Figure::new(
            "total-diverged-cycles",
            crate::t!("divergence.fig.total-diverged-cycles"),
            Value::Int(diverged),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.total-diverged-cycles.help"),
        ),
        Figure::new(
            "total-ideal-cycles",
            crate::t!("divergence.fig.total-ideal-cycles"),
            Value::Int(ideal),
            crate::t!("divergence.unit.cycles"),
            crate::t!("divergence.fig.total-ideal-cycles.help"),
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

/// Warps whose costs the totals step writes out term by term; past this, only the sums.
const TERMS_SHOWN: usize = 8;

/// `Σ name = a + b + … = total` (terms only for a few warps).
fn sum_over_warps(name: &str, terms: impl Iterator<Item = u64>, total: u64) -> Math {
    let terms: Vec<Math> = terms.map(num).collect();
    let mut items = vec![row(vec![id("Σ"), id(name)])];
    if terms.len() > 1 && terms.len() <= TERMS_SHOWN {
        items.push(joined(terms, "+"));
    }
    items.push(num(total));
    eq(items)
}

/// The slowest warp on its own: the seed's reading of "any one warp" (Σ of its sides, their
/// max, and the ratio), and whether the other warps cost the same.
fn one_warp_step(run: &ConditionRun, t_if: u64, t_else: u64) -> Option<Step> {
    let w = run.slowest()?;
    let taken: Vec<Math> = sides(w, t_if, t_else).into_iter().map(num).collect();
    let diverged = if taken.len() > 1 {
        eq(vec![
            id("diverged"),
            joined(taken.clone(), "+"),
            num(w.diverged),
        ])
    } else {
        eq(vec![id("diverged"), num(w.diverged)])
    };
    let mut body = tk(
        crate::msg!("divergence.cond.warp.body"),
        &[("warp", &w.warp), ("warps", &run.warps.len())],
        &[
            ("diverged", diverged),
            (
                "ideal",
                eq(vec![id("ideal"), call("max", taken), num(w.ideal)]),
            ),
            (
                "efficiency",
                eq(vec![
                    id("efficiency"),
                    frac(num(w.ideal), num(w.diverged)),
                    word(&pct(ratio(w.ideal, w.diverged))),
                ]),
            ),
        ],
    );
    body.push(t(" "));
    body.push(t(match run.cheaper_warps() {
        0 => crate::tr!("divergence.cond.warp.same"),
        cheaper => crate::tr!(
            "divergence.cond.warp.differ",
            cheaper,
            warps = run.warps.len()
        ),
    }));
    Some(Step {
        title: crate::tr!("divergence.cond.warp.title"),
        body,
        why: crate::tr!("divergence.cond.warp.why"),
    })
}

fn condition_worked(run: &ConditionRun, t_if: u64, t_else: u64) -> Worked {
    let (ideal, diverged) = run.totals();
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
    let mut steps = vec![
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
            // All, none or some of the warps split: each in words of its own ("4 of 4 …; the
            // others" and "0 of 4 warps … pay 21" said what did not happen).
            body: vec![t({
                let warps = run.warps.len();
                let key = if divergent == 0 {
                    crate::msg!("divergence.cond.cost.none")
                } else if divergent == warps {
                    crate::msg!("divergence.cond.cost.all")
                } else {
                    crate::msg!("divergence.cond.cost.body")
                };
                crate::i18n::fill(
                    key,
                    &[
                        ("divergent", &divergent),
                        ("warps", &warps),
                        ("rest", &(warps - divergent.min(warps))),
                        ("tif", &t_if),
                        ("telse", &t_else),
                        ("sum", &(t_if + t_else)),
                    ],
                )
            })],
            why: crate::tr!("divergence.cond.cost.why"),
        },
    ];
    steps.extend(one_warp_step(run, t_if, t_else));
    steps.push(Step {
        title: crate::tr!("divergence.cond.totals.title"),
        body: tk(
            crate::msg!("divergence.cond.totals.body"),
            &[],
            &[
                (
                    "diverged",
                    sum_over_warps("diverged", run.warps.iter().map(|w| w.diverged), diverged),
                ),
                (
                    "ideal",
                    sum_over_warps("ideal", run.warps.iter().map(|w| w.ideal), ideal),
                ),
                (
                    "efficiency",
                    eq(vec![
                        frac(
                            row(vec![id("Σ"), id("ideal")]),
                            row(vec![id("Σ"), id("diverged")]),
                        ),
                        frac(num(ideal), num(diverged)),
                        word(&pct(eff)),
                    ]),
                ),
            ],
        ),
        why: crate::tr!("divergence.cond.efficiency.why"),
    });
    let (only_if, only_else) = run.realigned_sides;
    let mut realign = vec![t(crate::tr!(
        "divergence.cond.realign.body",
        cond = run.realigned.text(),
        efficiency = pct(run.realigned_efficiency)
    ))];
    if only_if > 0 && only_else > 0 {
        realign.push(t(" "));
        realign.extend(tk(
            crate::msg!("divergence.cond.realign.kinds"),
            &[("ifs", &only_if), ("elses", &only_else)],
            &[
                ("if", eq(vec![frac(num(t_if), num(t_if)), word(&pct(1.0))])),
                (
                    "else",
                    eq(vec![frac(num(t_else), num(t_else)), word(&pct(1.0))]),
                ),
            ],
        ));
    }
    steps.push(Step {
        title: crate::tr!("divergence.cond.realign.title"),
        body: realign,
        why: crate::tr!("divergence.cond.realign.why"),
    });
    let one = run.slowest().copied();
    let mut verify = Vec::new();
    if let Some(w) = one {
        verify.push(t(crate::tr!(
            "divergence.cond.verify.one",
            ideal = w.ideal,
            diverged = w.diverged,
            efficiency = pct(ratio(w.ideal, w.diverged))
        )));
        verify.push(t(" "));
    }
    verify.push(t(crate::tr!(
        "divergence.cond.verify",
        verdict = if (divergent == 0) == (ideal == diverged) {
            crate::tr!("divergence.cond.verify.holds")
        } else {
            crate::tr!("divergence.cond.verify.fails")
        }
    )));
    let (warp, one_diverged, one_ideal) = one.map_or((0, 0, 0), |w| (w.warp, w.diverged, w.ideal));
    Worked {
        question: crate::tr!(
            "divergence.cond.question",
            cond = run.expr.text(),
            tif = t_if,
            telse = t_else,
            warps = run.warps.len()
        ),
        forecast: crate::tr!("divergence.cond.forecast"),
        steps,
        answer: crate::tr!(
            "divergence.cond.answer",
            warp,
            diverged = one_diverged,
            ideal = one_ideal,
            warps = run.warps.len(),
            total_diverged = diverged,
            total_ideal = ideal,
            divergent,
            efficiency = pct(eff),
            realigned = pct(run.realigned_efficiency)
        ),
        verify,
    }
}

/// The example condition's mask for warp `w` as 32 booleans (lane order), for drawing.
#[must_use]
pub fn lanes_of(w: &WarpBranch) -> [bool; LANE_SLOTS] {
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
