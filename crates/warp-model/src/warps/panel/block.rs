//! The block part of the warps panel: a block shape's figures and worked steps (seed 000
//! Ex 1–2, 4; seed 004 Ex 1).

use crate::figure::{Figure, Value};
use crate::math::{ceil, eq, floor, frac, id, num, op, row, sub, times};
use crate::warps::map::BlockDim;
use crate::worked::{m, t, Step, Worked};
use crate::WARP_SIZE;

use crate::worked::sentence as mixed;

/// The figures of a block: `threads-per-block`, `warps-per-block`, `idle-lanes-per-block`,
/// `tail-warp-active`.
#[must_use]
pub fn figures(b: &BlockDim) -> Vec<Figure> {
    vec![
        Figure::new(
            "threads-per-block",
            crate::t!("warps.fig.threads-per-block"),
            Value::Int(b.threads()),
            crate::t!("warps.unit.threads"),
            "P = x·y·z",
        ),
        Figure::new(
            "warps-per-block",
            crate::t!("warps.fig.warps-per-block"),
            Value::Int(b.warps()),
            crate::t!("warps.unit.warps"),
            "⌈P / 32⌉",
        )
        .key(),
        Figure::new(
            "idle-lanes-per-block",
            crate::t!("warps.fig.idle-lanes-per-block"),
            Value::Int(b.idle_lanes()),
            crate::t!("warps.unit.lanes"),
            crate::t!("warps.fig.idle-lanes-per-block.help"),
        ),
        Figure::new(
            "tail-warp-active",
            crate::t!("warps.fig.tail-warp-active"),
            Value::Int(b.tail_warp_active()),
            crate::t!("warps.unit.of-32-lanes"),
            "P − 32 · (warps − 1)",
        ),
    ]
}

/// Worked steps for a block shape.
#[must_use]
pub fn worked(b: &BlockDim) -> Worked {
    let (x, y, z, p, w) = (b.x(), b.y(), b.z(), b.threads(), b.warps());
    let tail = b.tail_warp_active();
    let idle = b.idle_lanes();
    let mut steps = vec![Step {
        title: crate::tr!("warps.block.count.title"),
        body: vec![m(eq(vec![
            id("P"),
            row(vec![
                sub("D", "x"),
                op("·"),
                sub("D", "y"),
                op("·"),
                sub("D", "z"),
            ]),
            row(vec![num(x), op("×"), num(y), op("×"), num(z)]),
            num(p),
        ]))],
        why: crate::tr!("warps.block.count.why"),
    }];
    steps.push(flatten_step(b));
    steps.push(Step {
        title: crate::tr!("warps.block.cut.title"),
        body: vec![m(eq(vec![
            id("warps"),
            ceil(frac(id("P"), num(WARP_SIZE))),
            ceil(frac(num(p), num(WARP_SIZE))),
            num(w),
        ]))],
        why: crate::tr!("warps.block.cut.why"),
    });
    steps.push(last_warp_step(b));
    if x % WARP_SIZE != 0 && y * z > 1 && p > WARP_SIZE {
        steps.push(Step {
            title: crate::tr!("warps.block.rows.title"),
            body: vec![t(crate::tr!("warps.block.rows.body", x))],
            why: crate::tr!("warps.block.rows.why"),
        });
    }
    let answer = if idle == 0 {
        crate::tr!("warps.block.answer.full", w)
    } else if w == 1 {
        crate::tr!("warps.block.answer.one", tail, idle)
    } else {
        crate::tr!("warps.block.answer.tail", w, tail, idle)
    };
    Worked {
        question: crate::tr!("warps.block.question", block = b.shown()),
        forecast: crate::tr!("warps.block.forecast"),
        steps,
        answer,
        verify: mixed(
            &crate::tr!("warps.block.verify"),
            &[
                (
                    "count",
                    eq(vec![
                        row(vec![
                            floor(frac(row(vec![id("P"), op("−"), num(1)]), num(WARP_SIZE))),
                            op("+"),
                            num(1),
                        ]),
                        row(vec![
                            floor(frac(num(p - 1), num(WARP_SIZE))),
                            op("+"),
                            num(1),
                        ]),
                        num(w),
                        ceil(frac(num(p), num(WARP_SIZE))),
                    ]),
                ),
                (
                    "sum",
                    eq(vec![
                        row(vec![times(num(w), num(WARP_SIZE)), op("−"), num(idle)]),
                        num(p),
                    ]),
                ),
            ],
        ),
    }
}

/// The step that flattens a thread's (x, y, z) into the linear index warps are cut from.
fn flatten_step(b: &BlockDim) -> Step {
    let (x, y, z, p) = (b.x(), b.y(), b.z(), b.threads());
    if y == 1 && z == 1 {
        Step {
            title: crate::tr!("warps.block.flatten.title"),
            body: mixed(
                &crate::tr!("warps.block.flatten-1d.body", last = p - 1),
                &[
                    ("ones", eq(vec![sub("D", "y"), sub("D", "z"), num(1)])),
                    ("linear", eq(vec![id("linear"), sub("t", "x")])),
                ],
            ),
            why: crate::tr!("warps.block.flatten-1d.why"),
        }
    } else {
        Step {
            title: crate::tr!("warps.block.flatten.title"),
            body: mixed(
                &crate::tr!("warps.block.flatten.body", x, xm1 = x - 1, slice = x * y),
                &[(
                    "formula",
                    eq(vec![
                        id("linear"),
                        row(vec![
                            sub("t", "x"),
                            op("+"),
                            sub("t", "y"),
                            op("·"),
                            num(x),
                            op("+"),
                            sub("t", "z"),
                            op("·"),
                            num(x * y),
                        ]),
                    ]),
                )],
            ),
            why: crate::tr!("warps.block.flatten.why"),
        }
    }
}

/// The step about the last warp: full, or a tail warp with idle lanes.
fn last_warp_step(b: &BlockDim) -> Step {
    let (p, w) = (b.threads(), b.warps());
    let tail = b.tail_warp_active();
    let idle = b.idle_lanes();
    if idle == 0 {
        Step {
            title: crate::tr!("warps.block.full.title"),
            body: mixed(
                &crate::tr!("warps.block.full.body"),
                &[("check", eq(vec![times(num(w), num(WARP_SIZE)), num(p)]))],
            ),
            why: crate::tr!("warps.block.full.why"),
        }
    } else {
        let (warp, first, last) = (w - 1, (w - 1) * WARP_SIZE, p - 1);
        Step {
            title: crate::tr!("warps.block.tail.title"),
            body: mixed(
                &crate::tr!("warps.block.tail.body", warp, first, last),
                &[
                    (
                        "active",
                        eq(vec![
                            row(vec![num(p), op("−"), times(num(w - 1), num(WARP_SIZE))]),
                            num(tail),
                        ]),
                    ),
                    (
                        "idle",
                        eq(vec![
                            row(vec![num(WARP_SIZE), op("−"), num(tail)]),
                            num(idle),
                        ]),
                    ),
                ],
            ),
            why: crate::tr!("warps.block.tail.why"),
        }
    }
}
