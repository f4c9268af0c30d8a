//! The loop mode of the divergence panel: each lane's trip count, the warp running until the
//! longest lane is done (seed 003 Ex 6).

use crate::divergence::branch::Loop;
use crate::figure::{Figure, Value};
use crate::math::{call, eq, frac, id, num, row, times, word};
use crate::params::ParamError;
use crate::worked::{m, t, Step, Worked};
use crate::WARP_SIZE;

use super::spec::COUNTS;
use super::spec::{pct, tk, DivergenceInput, DivergenceOutput};

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
            Value::percent(l.lane_utilization()),
            "",
            crate::t!("divergence.fig.loop-lane-utilization.help"),
        )
        .key(),
    ]
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
                    frac(num(s), times(num(WARP_SIZE), num(mx))),
                    frac(num(s), num(WARP_SIZE * mx)),
                    word(&pct(l.lane_utilization())),
                ]))],
                why: crate::tr!(
                    "divergence.loop.utilization.why",
                    max = mx,
                    total = WARP_SIZE * mx,
                    sum = s
                ),
            },
        ],
        answer: crate::tr!(
            "divergence.loop.answer",
            max = mx,
            sum = s,
            total = WARP_SIZE * mx,
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

/// Evaluates the panel in this mode.
pub(super) fn evaluate(
    input: &DivergenceInput,
    out: &mut DivergenceOutput,
    errors: &mut Vec<ParamError>,
) {
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
