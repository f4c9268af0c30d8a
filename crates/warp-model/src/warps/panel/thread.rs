//! The thread part of the warps panel: where linear thread i sits (its coordinates, warp and
//! lane), worked as in seed 000 Ex 3b, and the hover detail of one cell.

use crate::figure::{Figure, Value};
use crate::math::{eq, floor, frac, id, num, op, paren, row, sub, times, word, Math};
use crate::warps::map::{BlockDim, ThreadPos};
use crate::worked::{m, t, Step, Worked};
use crate::WARP_SIZE;

use crate::worked::sentence as mixed;

fn pos_value(p: ThreadPos) -> Value {
    Value::Coords(vec![p.x, p.y, p.z])
}

pub fn figures(b: &BlockDim, i: u64) -> Vec<Figure> {
    let Some(pos) = b.position(i) else {
        return Vec::new();
    };
    vec![
        Figure::new(
            "thread-coords",
            crate::t!("warps.fig.thread-coords"),
            pos_value(pos),
            "",
            crate::t!("warps.fig.thread-coords.help"),
        ),
        Figure::new(
            "thread-warp",
            crate::t!("warps.fig.thread-warp"),
            Value::Int(BlockDim::warp_of(i)),
            "",
            "⌊i / 32⌋",
        ),
        Figure::new(
            "thread-lane",
            crate::t!("warps.fig.thread-lane"),
            Value::Int(BlockDim::lane_of(i)),
            "",
            "i mod 32",
        ),
    ]
}

/// The flatten formula for one thread, with the numbers filled in.
#[must_use]
pub fn flatten_formula(b: &BlockDim, p: ThreadPos) -> Math {
    let linear = p.z * b.x() * b.y() + p.y * b.x() + p.x;
    eq(vec![
        row(vec![
            num(p.x),
            op("+"),
            times(num(p.y), num(b.x())),
            op("+"),
            times(num(p.z), paren(times(num(b.x()), num(b.y())))),
        ]),
        num(linear),
    ])
}

/// Worked steps for locating linear thread `i` (the flatten formula inverted, seed 000 Ex 3b).
#[must_use]
pub fn worked(b: &BlockDim, i: u64) -> Worked {
    let pos = b.position(i).unwrap_or(ThreadPos { x: 0, y: 0, z: 0 });
    let slice = b.x() * b.y();
    let rem = i - pos.z * slice;
    let (w, lane) = (BlockDim::warp_of(i), BlockDim::lane_of(i));
    let (x, y, z) = (pos.x, pos.y, pos.z);
    Worked {
        question: crate::tr!("warps.thread.question", block = b.shown(), i),
        forecast: crate::tr!("warps.thread.forecast", i),
        steps: vec![
            Step {
                title: crate::tr!("warps.thread.slice.title"),
                body: mixed(
                    &crate::tr!("warps.thread.slice.body"),
                    &[
                        (
                            "tz",
                            eq(vec![
                                sub("t", "z"),
                                floor(frac(num(i), paren(times(num(b.x()), num(b.y()))))),
                                num(pos.z),
                            ]),
                        ),
                        (
                            "offset",
                            eq(vec![
                                row(vec![num(i), op("−"), times(num(pos.z), num(slice))]),
                                num(rem),
                            ]),
                        ),
                    ],
                ),
                why: crate::tr!("warps.thread.slice.why"),
            },
            Step {
                title: crate::tr!("warps.thread.row.title"),
                body: vec![
                    m(eq(vec![
                        sub("t", "y"),
                        floor(frac(num(rem), num(b.x()))),
                        num(pos.y),
                    ])),
                    t(", "),
                    m(eq(vec![
                        sub("t", "x"),
                        row(vec![num(rem), op("−"), times(num(pos.y), num(b.x()))]),
                        num(pos.x),
                    ])),
                    t("."),
                ],
                why: crate::tr!("warps.thread.row.why"),
            },
            Step {
                title: crate::tr!("warps.thread.lane.title"),
                body: vec![
                    m(eq(vec![
                        id("warp"),
                        floor(frac(num(i), num(WARP_SIZE))),
                        num(w),
                    ])),
                    t(", "),
                    m(eq(vec![
                        id("lane"),
                        row(vec![num(i), word(" mod "), num(WARP_SIZE)]),
                        num(lane),
                    ])),
                    t("."),
                ],
                why: crate::tr!("warps.thread.lane.why"),
            },
        ],
        answer: crate::tr!("warps.thread.answer", i, x, y, z, w, lane),
        verify: mixed(
            &crate::tr!("warps.thread.verify"),
            &[
                ("flatten", flatten_formula(b, pos)),
                (
                    "warp_lane",
                    eq(vec![
                        row(vec![times(num(w), num(WARP_SIZE)), op("+"), num(lane)]),
                        num(i),
                    ]),
                ),
            ],
        ),
    }
}

/// What hovering or focusing one cell of the map explains.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadDetail {
    /// threadIdx.
    pub pos: ThreadPos,
    /// Linear id.
    pub linear: u64,
    /// Warp.
    pub warp: u64,
    /// Lane.
    pub lane: u64,
    /// The flatten formula with the numbers filled in.
    pub formula: Math,
}

impl ThreadDetail {
    /// One line for people (and screen readers).
    #[must_use]
    pub fn text(&self) -> String {
        let (x, y, z) = (self.pos.x, self.pos.y, self.pos.z);
        let (linear, warp, lane, formula) =
            (self.linear, self.warp, self.lane, self.formula.text());
        crate::tr!("warps.detail.thread", x, y, z, linear, formula, warp, lane)
    }
}

/// The detail for linear thread `i`, or `None` outside the block.
#[must_use]
pub fn thread_detail(b: &BlockDim, i: u64) -> Option<ThreadDetail> {
    let pos = b.position(i)?;
    Some(ThreadDetail {
        pos,
        linear: i,
        warp: BlockDim::warp_of(i),
        lane: BlockDim::lane_of(i),
        formula: flatten_formula(b, pos),
    })
}
