//! The warp part of the warps panel: which threads a warp covers and whether it crosses a row or a
//! z-slice (seed 000 Ex 3).

use crate::figure::{Figure, Value};
use crate::math::{eq, floor, frac, id, num, op, row, times, word};
use crate::warps::map::{BlockDim, ThreadPos};
use crate::worked::{t, Step, Worked};
use crate::WARP_SIZE;

use crate::worked::sentence as mixed;

pub fn figures(b: &BlockDim, w: u64) -> Vec<Figure> {
    let Some(s) = b.warp_span(w) else {
        return Vec::new();
    };
    vec![
        Figure::new(
            "warp-first-thread",
            crate::t!("warps.fig.warp-first-thread"),
            Value::Int(s.first),
            "",
            "32 · w",
        ),
        Figure::new(
            "warp-last-thread",
            crate::t!("warps.fig.warp-last-thread"),
            Value::Int(s.last),
            "",
            "min(32 · w + 31, P − 1)",
        ),
        Figure::new(
            "warp-active-lanes",
            crate::t!("warps.fig.warp-active-lanes"),
            Value::Int(s.active),
            crate::t!("warps.unit.of-32-lanes"),
            crate::t!("warps.fig.warp-active-lanes.help"),
        ),
        Figure::new(
            "warp-straddles-rows",
            crate::t!("warps.fig.warp-straddles-rows"),
            Value::Bool(s.straddles_rows),
            "",
            crate::t!("warps.fig.warp-straddles-rows.help"),
        ),
        Figure::new(
            "warp-straddles-slices",
            crate::t!("warps.fig.warp-straddles-slices"),
            Value::Bool(s.straddles_slices),
            "",
            crate::t!("warps.fig.warp-straddles-slices.help"),
        ),
    ]
}

/// Worked steps for which threads land in warp `w` (seed 000 Ex 3).
#[must_use]
pub fn worked(b: &BlockDim, w: u64) -> Worked {
    let s = b.warp_span(w).unwrap_or(crate::warps::map::WarpSpan {
        warp: w,
        first: 0,
        last: 0,
        active: 0,
        straddles_rows: false,
        straddles_slices: false,
    });
    let first = b
        .position(s.first)
        .unwrap_or(ThreadPos { x: 0, y: 0, z: 0 });
    let last = b.position(s.last).unwrap_or(first);
    let coords = |p: ThreadPos| format!("({}, {}, {})", p.x, p.y, p.z);
    let (lo, hi) = (s.first, s.last);
    let (from, to) = (coords(first), coords(last));
    let mut steps = vec![
        Step {
            title: crate::tr!("warps.warp.span.title", w, lo, hi),
            body: mixed(
                &crate::tr!("warps.warp.span.body", active = s.active),
                &[
                    (
                        "first",
                        eq(vec![
                            id("first"),
                            times(num(WARP_SIZE), num(w)),
                            num(s.first),
                        ]),
                    ),
                    (
                        "last",
                        eq(vec![
                            id("last"),
                            row(vec![
                                word("min("),
                                num(s.first + 31),
                                op(","),
                                num(b.threads() - 1),
                                word(")"),
                            ]),
                            num(s.last),
                        ]),
                    ),
                ],
            ),
            why: crate::tr!("warps.warp.span.why"),
        },
        Step {
            title: crate::tr!("warps.warp.ends.title"),
            body: vec![t(crate::tr!("warps.warp.ends.body", lo, from, hi, to))],
            why: crate::tr!("warps.warp.ends.why"),
        },
    ];
    let straddle = match (s.straddles_slices, s.straddles_rows) {
        (true, _) => crate::tr!("warps.warp.straddle.slices", from = first.z, to = last.z),
        (false, true) => {
            let (x, y0, y1) = (first.x, first.y, last.y);
            crate::tr!("warps.warp.straddle.rows", x, y0, y1)
        }
        (false, false) => crate::tr!("warps.warp.straddle.none"),
    };
    steps.push(Step {
        title: crate::tr!("warps.warp.straddle.title"),
        body: vec![t(straddle)],
        why: crate::tr!("warps.warp.straddle.why"),
    });
    let answer = if s.straddles_rows {
        crate::tr!("warps.warp.answer.crossing", w, lo, hi, from, to)
    } else {
        crate::tr!("warps.warp.answer", w, lo, hi, from, to)
    };
    Worked {
        question: crate::tr!("warps.warp.question", block = b.shown(), w),
        forecast: crate::tr!("warps.warp.forecast", w),
        steps,
        answer,
        verify: mixed(
            &crate::tr!("warps.warp.verify"),
            &[
                (
                    "lanes",
                    eq(vec![
                        row(vec![num(s.last), op("−"), num(s.first), op("+"), num(1)]),
                        num(s.active),
                    ]),
                ),
                (
                    "warp",
                    eq(vec![
                        floor(frac(num(s.first), num(WARP_SIZE))),
                        floor(frac(num(s.last), num(WARP_SIZE))),
                        num(w),
                    ]),
                ),
            ],
        ),
    }
}
