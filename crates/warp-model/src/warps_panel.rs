//! The block-to-warp panel's whole output, from the raw text of its inputs: validated values,
//! named errors, figures, worked steps and what the picture highlights.
//!
//! The view keeps the learner's raw text (so a typo is never thrown away) and hands it here on
//! every change; everything it shows comes back from [`evaluate`].

use crate::figure::{Figure, Value};
use crate::launch::{Launch1d, Launch2d};
use crate::math::{ceil, eq, floor, frac, id, num, op, paren, row, sub, times, word, Math};
use crate::params::{
    parse_in_range, parse_whole, quote, FieldSpec, ParamError, Whole, BLOCK_X, BLOCK_Y, BLOCK_Z,
};
use crate::query::Query;
use crate::warp_map::{BlockDim, ThreadPos};
use crate::worked::{m, t, Inline, Step, Worked};
use crate::WARP_SIZE;

/// The panel's inputs exactly as typed (or as found in the URL). Empty optional fields are off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpsInput {
    /// blockDim.x (`block-x`).
    pub block_x: String,
    /// blockDim.y (`block-y`).
    pub block_y: String,
    /// blockDim.z (`block-z`).
    pub block_z: String,
    /// Linear thread to inspect (`thread`), or empty.
    pub thread: String,
    /// Warp to highlight (`warp`), or empty.
    pub warp: String,
    /// Elements of a 1-D launch (`n`), or empty.
    pub n: String,
    /// A 2-D launch `WxH` (`image`), or empty.
    pub image: String,
}

impl Default for WarpsInput {
    fn default() -> Self {
        WarpsInput {
            block_x: BLOCK_X.default.to_string(),
            block_y: BLOCK_Y.default.to_string(),
            block_z: BLOCK_Z.default.to_string(),
            thread: String::new(),
            warp: String::new(),
            n: String::new(),
            image: String::new(),
        }
    }
}

/// The URL parameters this panel reads and writes.
pub const URL_PARAMS: [&str; 5] = ["block", "thread", "warp", "n", "image"];

/// The panel's controls, in form order.
pub const FIELDS: [FieldSpec; 7] = [
    FieldSpec {
        name: "block-x",
        label: "blockDim.x",
        hint: "1–1024",
    },
    FieldSpec {
        name: "block-y",
        label: "blockDim.y",
        hint: "1–1024",
    },
    FieldSpec {
        name: "block-z",
        label: "blockDim.z",
        hint: "1–64; x·y·z ≤ 1024",
    },
    FieldSpec {
        name: "thread",
        label: "Inspect thread",
        hint: "linear id, optional",
    },
    FieldSpec {
        name: "warp",
        label: "Highlight warp",
        hint: "warp id, optional",
    },
    FieldSpec {
        name: "n",
        label: "Launch N elements",
        hint: "N ≥ 0, optional",
    },
    FieldSpec {
        name: "image",
        label: "or an image",
        hint: "WxH pixels, optional",
    },
];

impl WarpsInput {
    /// Reads the panel's parameters over `base` (absent ones keep `base`'s values).
    /// `block=X[,Y[,Z]]`: Y and Z default to 1.
    #[must_use]
    pub fn from_query(q: &Query, base: &WarpsInput) -> WarpsInput {
        let mut input = base.clone();
        if let Some(block) = q.get("block") {
            let mut parts = block.splitn(3, ',').map(str::to_string);
            input.block_x = parts.next().unwrap_or_default();
            input.block_y = parts.next().unwrap_or_else(|| "1".into());
            input.block_z = parts.next().unwrap_or_else(|| "1".into());
        }
        for (key, field) in [
            ("thread", &mut input.thread),
            ("warp", &mut input.warp),
            ("n", &mut input.n),
            ("image", &mut input.image),
        ] {
            if let Some(v) = q.get(key) {
                v.clone_into(field);
            }
        }
        input
    }

    /// Writes the panel's parameters into `q` (empty fields removed; `block` shortened when
    /// Y and Z are 1).
    pub fn write_query(&self, q: &mut Query) {
        let (y, z) = (self.block_y.trim(), self.block_z.trim());
        let block = match (y, z) {
            ("1", "1") => self.block_x.trim().to_string(),
            (_, "1") => format!("{},{y}", self.block_x.trim()),
            _ => format!("{},{y},{z}", self.block_x.trim()),
        };
        q.set("block", Some(&block));
        for (key, v) in [
            ("thread", &self.thread),
            ("warp", &self.warp),
            ("n", &self.n),
            ("image", &self.image),
        ] {
            let v = v.trim();
            q.set(key, (!v.is_empty()).then_some(v));
        }
    }
}

/// The launch the inputs describe, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Launch {
    /// `n=N`.
    OneD(Launch1d),
    /// `image=WxH`.
    TwoD(Launch2d),
}

/// Everything the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct WarpsOutput {
    /// Problems with the inputs, each naming its parameter.
    pub errors: Vec<ParamError>,
    /// The block, when its dimensions are valid.
    pub block: Option<BlockDim>,
    /// The inspected thread, when valid.
    pub thread: Option<u64>,
    /// The highlighted warp, when valid.
    pub warp: Option<u64>,
    /// The launch, when valid.
    pub launch: Option<Launch>,
    /// The named results.
    pub figures: Vec<Figure>,
    /// Worked steps: the block, then the thread, the warp and the launch when given.
    pub worked: Vec<Worked>,
}

/// Evaluates the panel for the raw inputs. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &WarpsInput) -> WarpsOutput {
    let mut errors = Vec::new();
    let mut out = WarpsOutput {
        errors: Vec::new(),
        block: None,
        thread: None,
        warp: None,
        launch: None,
        figures: Vec::new(),
        worked: Vec::new(),
    };
    let dims: Vec<Option<u64>> = [
        (BLOCK_X, &input.block_x),
        (BLOCK_Y, &input.block_y),
        (BLOCK_Z, &input.block_z),
    ]
    .into_iter()
    .map(|(spec, raw)| spec.parse(raw).map_err(|e| errors.push(e)).ok())
    .collect();
    let block = match dims[..] {
        [Some(x), Some(y), Some(z)] => BlockDim::new(x, y, z).map_err(|e| errors.push(e)).ok(),
        _ => None,
    };
    let Some(block) = block else {
        out.errors = errors;
        return out;
    };
    out.block = Some(block);
    out.figures.extend(block_figures(&block));
    out.worked.push(block_worked(&block));

    let p = block.threads();
    if !input.thread.trim().is_empty() {
        match parse_in_range("thread", &input.thread, 0, p - 1, "") {
            Ok(i) => {
                out.thread = Some(i);
                out.figures.extend(thread_figures(&block, i));
                out.worked.push(thread_worked(&block, i));
            }
            Err(mut e) => {
                e.message.push_str(&format!(
                    " The block has {p} threads, numbered 0 to {}.",
                    p - 1
                ));
                errors.push(e);
            }
        }
    }
    if !input.warp.trim().is_empty() {
        let w = block.warps();
        match parse_in_range("warp", &input.warp, 0, w - 1, "") {
            Ok(i) => {
                out.warp = Some(i);
                out.figures.extend(warp_figures(&block, i));
                out.worked.push(warp_worked(&block, i));
            }
            Err(mut e) => {
                e.message.push_str(&format!(
                    " The block has {w} warps, numbered 0 to {}.",
                    w - 1
                ));
                errors.push(e);
            }
        }
    }
    let has_n = !input.n.trim().is_empty();
    let has_image = !input.image.trim().is_empty();
    if has_n && has_image {
        errors.push(ParamError::new(
            "image",
            "n and image both describe the launch: give one of them (showing n).",
        ));
    }
    if has_n {
        match parse_n(&input.n, &block) {
            Ok(l) => {
                out.launch = Some(Launch::OneD(l));
                out.figures.extend(launch1d_figures(&l));
                out.worked.push(launch1d_worked(&l));
            }
            Err(e) => errors.push(e),
        }
    } else if has_image {
        match parse_image(&input.image).and_then(|(w, h)| Launch2d::new(w, h, block)) {
            Ok(l) => {
                out.launch = Some(Launch::TwoD(l));
                out.figures.extend(launch2d_figures(&l));
                out.worked.push(launch2d_worked(&l));
            }
            Err(e) => errors.push(e),
        }
    }
    out.errors = errors;
    out
}

fn parse_n(raw: &str, block: &BlockDim) -> Result<Launch1d, ParamError> {
    let b = block.threads();
    match parse_whole("n", raw, "from 0 up")? {
        Whole::NonNegative(n) => Launch1d::new(n, *block),
        Whole::Negative(v) => Err(ParamError::new(
            "n",
            format!(
                "n = −{v} is not a count of elements: allowed n ≥ 0. Had it slipped through, \
                 ⌈−{v}/{b}⌉ = 0 blocks would launch, and the guard i < N would never be true, so \
                 no thread would run: a negative N collapses to the empty launch, like n = 0."
            ),
        )),
    }
}

/// Reads `WxH` (also `W×H`).
///
/// # Errors
/// Names `image` with the expected form.
pub fn parse_image(raw: &str) -> Result<(u64, u64), ParamError> {
    let form = || {
        ParamError::new(
            "image",
            format!(
                "image must be WxH in pixels, e.g. 1920x1080; {} is not.",
                quote(raw)
            ),
        )
    };
    let (w, h) = raw.trim().split_once(['x', 'X', '×']).ok_or_else(form)?;
    let side = |s: &str| match parse_whole("image", s, "") {
        Ok(Whole::NonNegative(v)) => Ok(v),
        Ok(Whole::Negative(_)) | Err(_) => Err(form()),
    };
    Ok((side(w)?, side(h)?))
}

/// The figures of a block: `threads-per-block`, `warps-per-block`, `idle-lanes-per-block`,
/// `tail-warp-active`.
#[must_use]
pub fn block_figures(b: &BlockDim) -> Vec<Figure> {
    vec![
        Figure::new(
            "threads-per-block",
            "Threads per block",
            Value::Int(b.threads()),
            "threads",
            "P = x·y·z",
        ),
        Figure::new(
            "warps-per-block",
            "Warps per block",
            Value::Int(b.warps()),
            "warps",
            "⌈P / 32⌉",
        )
        .key(),
        Figure::new(
            "idle-lanes-per-block",
            "Idle lanes per block",
            Value::Int(b.idle_lanes()),
            "lanes",
            "32 · warps − P: lanes with no thread, all in the tail warp",
        ),
        Figure::new(
            "tail-warp-active",
            "Active lanes in the last warp",
            Value::Int(b.tail_warp_active()),
            "of 32 lanes",
            "P − 32 · (warps − 1)",
        ),
    ]
}

fn pos_value(p: ThreadPos) -> Value {
    Value::Coords(vec![p.x, p.y, p.z])
}

fn thread_figures(b: &BlockDim, i: u64) -> Vec<Figure> {
    let Some(pos) = b.position(i) else {
        return Vec::new();
    };
    vec![
        Figure::new(
            "thread-coords",
            "Thread (x, y, z)",
            pos_value(pos),
            "",
            "threadIdx of linear id i",
        ),
        Figure::new(
            "thread-warp",
            "Its warp",
            Value::Int(BlockDim::warp_of(i)),
            "",
            "⌊i / 32⌋",
        ),
        Figure::new(
            "thread-lane",
            "Its lane",
            Value::Int(BlockDim::lane_of(i)),
            "",
            "i mod 32",
        ),
    ]
}

fn warp_figures(b: &BlockDim, w: u64) -> Vec<Figure> {
    let Some(s) = b.warp_span(w) else {
        return Vec::new();
    };
    vec![
        Figure::new(
            "warp-first-thread",
            "Warp's first thread",
            Value::Int(s.first),
            "",
            "32 · w",
        ),
        Figure::new(
            "warp-last-thread",
            "Warp's last thread",
            Value::Int(s.last),
            "",
            "min(32 · w + 31, P − 1)",
        ),
        Figure::new(
            "warp-active-lanes",
            "Warp's active lanes",
            Value::Int(s.active),
            "of 32 lanes",
            "last − first + 1",
        ),
        Figure::new(
            "warp-straddles-rows",
            "Crosses a row",
            Value::Bool(s.straddles_rows),
            "",
            "its threads lie on more than one row (y)",
        ),
        Figure::new(
            "warp-straddles-slices",
            "Crosses a z-slice",
            Value::Bool(s.straddles_slices),
            "",
            "its threads lie on more than one z-slice",
        ),
    ]
}

fn launch_common(
    blocks: u64,
    grid: (u64, u64),
    launched: u64,
    warps: u64,
    idle: u64,
) -> Vec<Figure> {
    vec![
        Figure::new(
            "blocks",
            "Blocks",
            Value::Int(blocks),
            "blocks",
            "blocks in the grid",
        ),
        Figure::new(
            "grid",
            "Grid (gx, gy)",
            Value::Coords(vec![grid.0, grid.1]),
            "blocks",
            "gridDim",
        ),
        Figure::new(
            "threads-launched",
            "Threads launched",
            Value::Int(launched),
            "threads",
            "blocks · B",
        ),
        Figure::new(
            "warps-launched",
            "Warps launched",
            Value::Int(warps),
            "warps",
            "blocks · warps per block",
        ),
        Figure::new(
            "idle-threads",
            "Idle threads",
            Value::Int(idle),
            "threads",
            "launched − N, masked by the guard",
        ),
    ]
}

fn launch1d_figures(l: &Launch1d) -> Vec<Figure> {
    let mut f = launch_common(
        l.blocks(),
        (l.blocks(), 1),
        l.threads_launched(),
        l.warps_launched(),
        l.idle_threads(),
    );
    let r = l.ragged();
    let frac_of_warp = |a: u64| {
        #[allow(clippy::cast_precision_loss)]
        let v = a as f64 / 32.0;
        v
    };
    f.extend([
        Figure::new(
            "ragged-block",
            "Ragged block",
            r.map_or(Value::None, |r| Value::Int(r.block)),
            "",
            "the block holding element N − 1, when it is not completely used",
        ),
        Figure::new(
            "ragged-warp",
            "Ragged warp (in that block)",
            r.map_or(Value::None, |r| Value::Int(r.warp)),
            "",
            "⌊local index of N − 1 / 32⌋",
        ),
        Figure::new(
            "ragged-warp-active",
            "Working lanes in it",
            r.map_or(Value::None, |r| Value::Int(r.warp_active)),
            "of 32 lanes",
            "(N − 1) − warp start + 1",
        ),
        Figure::new(
            "ragged-warp-utilization",
            "Its utilization",
            r.map_or(Value::None, |r| Value::Frac {
                value: frac_of_warp(r.warp_active),
                percent: true,
            }),
            "",
            "working lanes / 32",
        ),
    ]);
    f
}

fn launch2d_figures(l: &Launch2d) -> Vec<Figure> {
    let mut f = launch_common(
        l.blocks(),
        l.grid(),
        l.threads_launched(),
        l.warps_launched(),
        l.idle_threads(),
    );
    f.extend([
        Figure::new(
            "pixels",
            "Pixels",
            Value::Int(l.pixels()),
            "pixels",
            "N = W · H",
        ),
        Figure::new(
            "extra-columns",
            "Extra thread columns",
            Value::Int(l.extra_columns()),
            "columns",
            "gx · bx − W",
        ),
        Figure::new(
            "extra-rows",
            "Extra thread rows",
            Value::Int(l.extra_rows()),
            "rows",
            "gy · by − H",
        ),
    ]);
    f
}

fn block_name(b: &BlockDim) -> String {
    format!("({}, {}, {})", b.x(), b.y(), b.z())
}

/// Worked steps for a block shape.
#[must_use]
pub fn block_worked(b: &BlockDim) -> Worked {
    let (x, y, z, p, w) = (b.x(), b.y(), b.z(), b.threads(), b.warps());
    let tail = b.tail_warp_active();
    let idle = b.idle_lanes();
    let mut steps = vec![Step {
        title: "Count the threads".into(),
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
        why: "Every thread needs a lane; how many warps a block makes depends on this product, \
              not on the block's shape."
            .into(),
    }];
    let flatten = if y == 1 && z == 1 {
        Step {
            title: "Flatten to linear ids".into(),
            body: vec![
                t("With "),
                m(eq(vec![sub("D", "y"), sub("D", "z"), num(1)])),
                t(" the formula collapses to "),
                m(eq(vec![id("linear"), sub("t", "x")])),
                t(format!(": the threads are simply 0 … {}.", p - 1)),
            ],
            why: "A 1D block needs no cross-row bookkeeping: the linear index is the x index."
                .into(),
        }
    } else {
        Step {
            title: "Flatten to linear ids".into(),
            body: vec![
                m(eq(vec![
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
                ])),
                t(format!(
                    ". Row y holds linear {x}·y … {x}·y + {}; each z-slice holds {} threads.",
                    x - 1,
                    x * y
                )),
            ],
            why: "x runs fastest, then y, then z; that order decides which threads share a warp."
                .into(),
        }
    };
    steps.push(flatten);
    steps.push(Step {
        title: "Cut into warps of 32".into(),
        body: vec![m(eq(vec![
            id("warps"),
            ceil(frac(id("P"), num(32))),
            ceil(frac(num(p), num(32))),
            num(w),
        ]))],
        why: "Threads fill warps in linear order, 32 at a time; even one leftover thread needs a \
              whole warp, so the count rounds up."
            .into(),
    });
    steps.push(if idle == 0 {
        Step {
            title: "Check that every warp is full".into(),
            body: vec![
                m(eq(vec![times(num(w), num(32)), num(p)])),
                t(": every warp covers 32 consecutive ids with nothing left over."),
            ],
            why: "Waste appears only when the thread count is not a multiple of 32.".into(),
        }
    } else {
        Step {
            title: "Find the tail warp".into(),
            body: vec![
                t(format!(
                    "Warp {} holds linear {} … {}: ",
                    w - 1,
                    (w - 1) * 32,
                    p - 1
                )),
                m(eq(vec![
                    row(vec![num(p), op("−"), times(num(w - 1), num(32))]),
                    num(tail),
                ])),
                t(" active lanes, so "),
                m(eq(vec![row(vec![num(32), op("−"), num(tail)]), num(idle)])),
                t(" lanes idle."),
            ],
            why: "The SM schedules the tail warp as a full 32-lane warp even though its idle \
                  lanes do nothing: the cost of a block that is not a multiple of 32."
                .into(),
        }
    });
    if x % WARP_SIZE != 0 && y * z > 1 && p > WARP_SIZE {
        steps.push(Step {
            title: "See where warps cut rows".into(),
            body: vec![t(format!(
                "A row is {x} threads wide and a warp 32, so warp boundaries do not line up \
                 with rows: some warps start mid-row and wrap onto the next one."
            ))],
            why: "Waste depends on the total against 32, not on row width; alignment decides \
                  which threads share a warp (and how they touch memory)."
                .into(),
        });
    }
    let answer = if idle == 0 {
        format!("{w} warps, all 32/32 active, 0 idle lanes.")
    } else if w == 1 {
        format!("1 warp, only {tail}/32 lanes active: {idle} idle lanes.")
    } else {
        format!("{w} warps; the last one is {tail}/32 full: {idle} idle lanes.")
    };
    Worked {
        question: format!(
            "blockDim = {}. How many warps, and how many idle lanes?",
            block_name(b)
        ),
        forecast: "Guess the warp count before reading on.".into(),
        steps,
        answer,
        verify: vec![
            m(eq(vec![
                row(vec![
                    floor(frac(row(vec![id("P"), op("−"), num(1)]), num(32))),
                    op("+"),
                    num(1),
                ]),
                row(vec![floor(frac(num(p - 1), num(32))), op("+"), num(1)]),
                num(w),
                ceil(frac(num(p), num(32))),
            ])),
            t(" ✓; "),
            m(eq(vec![
                row(vec![times(num(w), num(32)), op("−"), num(idle)]),
                num(p),
            ])),
            t(" threads, none unaccounted ✓"),
        ],
    }
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
pub fn thread_worked(b: &BlockDim, i: u64) -> Worked {
    let pos = b.position(i).unwrap_or(ThreadPos { x: 0, y: 0, z: 0 });
    let slice = b.x() * b.y();
    let rem = i - pos.z * slice;
    let (w, lane) = (BlockDim::warp_of(i), BlockDim::lane_of(i));
    Worked {
        question: format!(
            "blockDim = {}. Where is linear thread {i}, and which warp and lane run it?",
            block_name(b)
        ),
        forecast: format!("Guess which z-slice and row thread {i} sits in."),
        steps: vec![
            Step {
                title: "Peel off the slice".into(),
                body: vec![
                    m(eq(vec![
                        sub("t", "z"),
                        floor(frac(num(i), paren(times(num(b.x()), num(b.y()))))),
                        num(pos.z),
                    ])),
                    t("; offset inside the slice "),
                    m(eq(vec![
                        row(vec![num(i), op("−"), times(num(pos.z), num(slice))]),
                        num(rem),
                    ])),
                    t("."),
                ],
                why: "Inverting the flatten formula is reading the digits of a mixed-radix \
                      number: take the largest place value (a whole slice) first."
                    .into(),
            },
            Step {
                title: "Then the row and the column".into(),
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
                why: "Inside a slice, each row is blockDim.x threads wide.".into(),
            },
            Step {
                title: "Its warp and lane".into(),
                body: vec![
                    m(eq(vec![id("warp"), floor(frac(num(i), num(32))), num(w)])),
                    t(", "),
                    m(eq(vec![
                        id("lane"),
                        row(vec![num(i), word(" mod "), num(32)]),
                        num(lane),
                    ])),
                    t("."),
                ],
                why: "Warps take linear ids 32 at a time, so the warp is the quotient and the \
                      lane the remainder."
                    .into(),
            },
        ],
        answer: format!(
            "Linear {i} → (x, y, z) = ({}, {}, {}), in z-slice {}; warp {w}, lane {lane}.",
            pos.x, pos.y, pos.z, pos.z
        ),
        verify: vec![
            t("rebuild the index: "),
            m(flatten_formula(b, pos)),
            t(" ✓; "),
            m(eq(vec![
                row(vec![times(num(w), num(32)), op("+"), num(lane)]),
                num(i),
            ])),
            t(" ✓"),
        ],
    }
}

/// Worked steps for which threads land in warp `w` (seed 000 Ex 3).
#[must_use]
pub fn warp_worked(b: &BlockDim, w: u64) -> Worked {
    let s = b.warp_span(w).unwrap_or(crate::warp_map::WarpSpan {
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
    let mut steps = vec![
        Step {
            title: format!("Warp {w} = linear {} … {}", s.first, s.last),
            body: vec![
                m(eq(vec![id("first"), times(num(32), num(w)), num(s.first)])),
                t(", "),
                m(eq(vec![
                    id("last"),
                    row(vec![
                        word("min("),
                        num(s.first + 31),
                        op(","),
                        num(b.threads() - 1),
                        word(")"),
                    ]),
                    num(s.last),
                ])),
                t(format!(": {} active lanes.", s.active)),
            ],
            why:
                "Warps are cut from consecutive linear ids; the block may end inside the last one."
                    .into(),
        },
        Step {
            title: "Map the ends back to (x, y, z)".into(),
            body: vec![t(format!(
                "Linear {} is {}; linear {} is {}.",
                s.first,
                coords(first),
                s.last,
                coords(last)
            ))],
            why: "The two ends show whether the warp stays in one row and one slice.".into(),
        },
    ];
    let straddle = match (s.straddles_slices, s.straddles_rows) {
        (true, _) => format!(
            "The warp crosses from z-slice {} into z-slice {}: it straddles a slice boundary.",
            first.z, last.z
        ),
        (false, true) => format!(
            "It starts mid-row at x = {} of row {} and wraps onto row {}: the warp cuts across rows.",
            first.x, first.y, last.y
        ),
        (false, false) => "It stays inside one row.".to_string(),
    };
    steps.push(Step {
        title: "Rows and slices".into(),
        body: vec![t(straddle)],
        why: "Rows are blockDim.x wide, warps 32 wide; unless blockDim.x is a multiple of 32 \
              (or 32 a multiple of it), boundaries do not line up."
            .into(),
    });
    Worked {
        question: format!(
            "blockDim = {}. Which threads land in warp {w}?",
            block_name(b)
        ),
        forecast: format!("Guess whether warp {w} stays inside a single row."),
        steps,
        answer: format!(
            "Warp {w} = linear {} … {}, from {} to {}{}.",
            s.first,
            s.last,
            coords(first),
            coords(last),
            if s.straddles_rows {
                ", crossing a row boundary"
            } else {
                ""
            }
        ),
        verify: vec![
            m(eq(vec![
                row(vec![num(s.last), op("−"), num(s.first), op("+"), num(1)]),
                num(s.active),
            ])),
            t(" lanes ✓; "),
            m(eq(vec![
                floor(frac(num(s.first), num(32))),
                floor(frac(num(s.last), num(32))),
                num(w),
            ])),
            t(" ✓"),
        ],
    }
}

/// Worked steps for a 1-D launch (seed 004 Ex 1–3).
#[must_use]
pub fn launch1d_worked(l: &Launch1d) -> Worked {
    let (n, b) = (l.n(), l.block().threads());
    let blocks = l.blocks();
    let mut steps = vec![Step {
        title: "Blocks needed".into(),
        body: vec![m(eq(vec![
            id("blocks"),
            ceil(frac(id("N"), id("B"))),
            ceil(frac(num(n), num(b))),
            num(blocks),
        ]))],
        why: if n == 0 {
            "A grid of zero blocks launches nothing: the kernel returns at once. This is the true \
             degenerate floor."
                .into()
        } else {
            "You launch whole blocks only; rounding up guarantees a thread for every element."
                .into()
        },
    }];
    steps.push(Step {
        title: "Threads launched against threads needed".into(),
        body: vec![
            m(eq(vec![
                times(num(blocks), num(b)),
                num(l.threads_launched()),
            ])),
            t(" launched; "),
            m(eq(vec![
                row(vec![num(l.threads_launched()), op("−"), num(n)]),
                num(l.idle_threads()),
            ])),
            t(" idle."),
        ],
        why: "Threads whose global index i ≥ N fail the guard if (i < N) and do nothing.".into(),
    });
    steps.push(Step {
        title: "Warps launched".into(),
        body: vec![m(eq(vec![
            times(num(blocks), num(l.block().warps())),
            num(l.warps_launched()),
        ]))],
        why: "Each block is cut into its own warps; warps never span two blocks.".into(),
    });
    if let Some(r) = l.ragged() {
        steps.push(Step {
            title: "Which warp is ragged?".into(),
            body: vec![
                t(format!(
                    "The last element is N − 1 = {}. Its block is ",
                    n - 1
                )),
                m(eq(vec![floor(frac(num(n - 1), num(b))), num(r.block)])),
                t(format!(
                    ", which starts at global {}; local index ",
                    r.block_start
                )),
                m(eq(vec![
                    row(vec![num(n - 1), op("−"), num(r.block_start)]),
                    num(r.last_local),
                ])),
                t(", in warp "),
                m(eq(vec![
                    floor(frac(num(r.last_local), num(32))),
                    num(r.warp),
                ])),
                t(format!(
                    ", which starts at global {}. Working lanes: ",
                    r.warp_start
                )),
                m(eq(vec![
                    row(vec![
                        num(n - 1),
                        op("−"),
                        num(r.warp_start),
                        op("+"),
                        num(1),
                    ]),
                    num(r.warp_active),
                ])),
                t(format!(
                    " of 32 ({}).",
                    Value::Frac {
                        value: r.warp_active as f64 / 32.0,
                        percent: true
                    }
                    .human()
                )),
            ],
            why: "Walking global → local → warp makes the count explicit: the warp start is where \
                  the warp begins in global space, N − 1 is the last real element, and the +1 is \
                  because both ends count."
                .into(),
        });
    }
    let answer = match l.ragged() {
        None if n == 0 => "0 blocks, 0 warps: nothing launches and no thread runs.".to_string(),
        None => format!(
            "{blocks} blocks, {} warps, {} threads: zero idle threads.",
            l.warps_launched(),
            l.threads_launched()
        ),
        Some(r) => format!(
            "{blocks} blocks, {} threads launched, {} idle; the last element sits in warp {} of \
             block {}, where {} of 32 lanes work.",
            l.threads_launched(),
            l.idle_threads(),
            r.warp,
            r.block,
            r.warp_active
        ),
    };
    Worked {
        question: format!("N = {n} elements with blocks of B = {b} threads. How many blocks and warps, and where are the idle threads?"),
        forecast: "Guess the number of blocks, and whether the last warp is full.".into(),
        steps,
        answer,
        verify: vec![
            t("active threads "),
            m(eq(vec![
                row(vec![num(l.threads_launched()), op("−"), num(l.idle_threads())]),
                num(n),
                id("N"),
            ])),
            t(" ✓; "),
            m(eq(vec![times(num(l.warps_launched()), num(32)), num(l.warps_launched() * 32)])),
            t(format!(
                " lanes ≥ {} threads launched ✓",
                l.threads_launched()
            )),
        ],
    }
}

/// Worked steps for an image launch (seed 004 Ex 7, seed 000 Ex 9).
#[must_use]
pub fn launch2d_worked(l: &Launch2d) -> Worked {
    let (w, h) = (l.width(), l.height());
    let (bx, by) = (l.block().x(), l.block().y());
    let (gx, gy) = l.grid();
    let (ec, er) = (l.extra_columns(), l.extra_rows());
    let mut edges = Vec::new();
    if er > 0 {
        edges.push(format!("{er} extra thread rows × {} columns", gx * bx));
    }
    if ec > 0 {
        edges.push(format!("{ec} extra thread columns × {h} rows"));
    }
    let where_idle = if edges.is_empty() {
        "The grid tiles the image exactly: no thread falls outside it.".to_string()
    } else {
        format!("They sit past the image's edges: {}.", edges.join(" and "))
    };
    Worked {
        question: format!("A {w}×{h} image, one thread per pixel, blocks of {bx}×{by}. How many blocks in each dimension, how many threads, and how many are wasted?"),
        forecast: format!("Does {h} divide evenly by {by}, and {w} by {bx}?"),
        steps: vec![
            Step {
                title: "Total pixels (the real N)".into(),
                body: vec![m(eq(vec![id("N"), times(num(w), num(h)), num(l.pixels())]))],
                why: "One thread per pixel means N is the number of threads you need.".into(),
            },
            Step {
                title: "Blocks per dimension".into(),
                body: vec![
                    m(eq(vec![sub("g", "x"), ceil(frac(num(w), num(bx))), num(gx)])),
                    t(", "),
                    m(eq(vec![sub("g", "y"), ceil(frac(num(h), num(by))), num(gy)])),
                    t(format!(": {} blocks.", gx * gy)),
                ],
                why: "Each dimension rounds up separately; a side that does not divide leaves a \
                      ragged edge (the ragged tail, in 2D)."
                    .into(),
            },
            Step {
                title: "Threads launched against pixels".into(),
                body: vec![
                    m(eq(vec![
                        times(paren(times(num(gx), num(bx))), paren(times(num(gy), num(by)))),
                        times(num(gx * bx), num(gy * by)),
                        num(l.threads_launched()),
                    ])),
                    t("; wasted "),
                    m(eq(vec![row(vec![num(l.threads_launched()), op("−"), num(l.pixels())]), num(l.idle_threads())])),
                    t(format!(". {where_idle}")),
                ],
                why: "Threads outside the image are masked by the guard if (x < W && y < H).".into(),
            },
            Step {
                title: "Inside each block".into(),
                body: vec![t(format!(
                    "Each {bx}×{by} block makes {} warps with {} idle lanes, in every one of the {} blocks.",
                    l.block().warps(),
                    l.block().idle_lanes(),
                    gx * gy
                ))],
                why: "Edge waste is counted in threads; a block that is not a multiple of 32 also \
                      wastes lanes in every block, edge or not."
                    .into(),
            },
        ],
        answer: format!(
            "Grid ({gx}, {gy}) = {} blocks, {} threads, {} wasted.",
            gx * gy,
            l.threads_launched(),
            l.idle_threads()
        ),
        verify: vec![
            t("wasted "),
            m(eq(vec![
                row(vec![
                    times(num(ec), num(h)),
                    op("+"),
                    times(num(er), paren(row(vec![num(w), op("+"), num(ec)]))),
                ]),
                num(ec * h + er * (w + ec)),
            ])),
            t(" ✓; "),
            m(eq(vec![row(vec![num(l.threads_launched()), op("−"), num(l.idle_threads())]), num(l.pixels())])),
            t(" ✓"),
        ],
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
        format!(
            "thread ({}, {}, {}): linear {} = {}, warp {}, lane {}",
            self.pos.x,
            self.pos.y,
            self.pos.z,
            self.linear,
            self.formula.text(),
            self.warp,
            self.lane
        )
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

/// Words and formulas of a worked step, for views that only need text.
#[must_use]
pub fn inlines_text(items: &[Inline]) -> String {
    crate::worked::inline_text(items)
}

#[cfg(test)]
mod tests;

crate::raw_fields!(WarpsInput {
    "block-x" => block_x,
    "block-y" => block_y,
    "block-z" => block_z,
    "thread" => thread,
    "warp" => warp,
    "n" => n,
    "image" => image,
});
