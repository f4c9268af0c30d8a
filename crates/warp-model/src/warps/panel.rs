//! The block-to-warp panel's whole output, from the raw text of its inputs: validated values,
//! named errors, figures, worked steps and what the picture highlights.
//!
//! The view keeps the learner's raw text (so a typo is never thrown away) and hands it here on
//! every change; everything it shows comes back from [`evaluate`].

use crate::figure::{Figure, Value};
use crate::math::{ceil, eq, floor, frac, id, num, op, paren, row, sub, times, word, Math};
use crate::params::{
    parse_in_range, parse_whole, quote, FieldSpec, ParamError, Whole, BLOCK_X, BLOCK_Y, BLOCK_Z,
};
use crate::query::Query;
use crate::warps::launch::{Launch1d, Launch2d};
use crate::warps::map::{BlockDim, ThreadPos};
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
        label: crate::msg!("warps.field.block-x"),
        hint: crate::msg!("warps.field.block-x.hint"),
    },
    FieldSpec {
        name: "block-y",
        label: crate::msg!("warps.field.block-y"),
        hint: crate::msg!("warps.field.block-y.hint"),
    },
    FieldSpec {
        name: "block-z",
        label: crate::msg!("warps.field.block-z"),
        hint: crate::msg!("warps.field.block-z.hint"),
    },
    FieldSpec {
        name: "thread",
        label: crate::msg!("warps.field.thread"),
        hint: crate::msg!("warps.field.thread.hint"),
    },
    FieldSpec {
        name: "warp",
        label: crate::msg!("warps.field.warp"),
        hint: crate::msg!("warps.field.warp.hint"),
    },
    FieldSpec {
        name: "n",
        label: crate::msg!("warps.field.n"),
        hint: crate::msg!("warps.field.n.hint"),
    },
    FieldSpec {
        name: "image",
        label: crate::msg!("warps.field.image"),
        hint: crate::msg!("warps.field.image.hint"),
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
                e.message.push(' ');
                e.message
                    .push_str(&crate::tr!("warps.thread.range", p, last = p - 1));
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
                e.message.push(' ');
                e.message
                    .push_str(&crate::tr!("warps.warp.range", w, last = w - 1));
                errors.push(e);
            }
        }
    }
    let has_n = !input.n.trim().is_empty();
    let has_image = !input.image.trim().is_empty();
    if has_n && has_image {
        errors.push(ParamError::new("image", crate::tr!("warps.launch.both")));
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
    match parse_whole("n", raw, crate::t!("warps.n.allowed"))? {
        Whole::NonNegative(n) => Launch1d::new(n, *block),
        Whole::Negative(v) => Err(ParamError::new("n", crate::tr!("warps.n.negative", v, b))),
    }
}

/// Reads `WxH` (also `W×H`).
///
/// # Errors
/// Names `image` with the expected form.
pub fn parse_image(raw: &str) -> Result<(u64, u64), ParamError> {
    let form = || ParamError::new("image", crate::tr!("warps.image.form", value = quote(raw)));
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

fn warp_figures(b: &BlockDim, w: u64) -> Vec<Figure> {
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
            crate::t!("warps.fig.blocks"),
            Value::Int(blocks),
            crate::t!("warps.unit.blocks"),
            crate::t!("warps.fig.blocks.help"),
        ),
        Figure::new(
            "grid",
            crate::t!("warps.fig.grid"),
            Value::Coords(vec![grid.0, grid.1]),
            crate::t!("warps.unit.blocks"),
            "gridDim",
        ),
        Figure::new(
            "threads-launched",
            crate::t!("warps.fig.threads-launched"),
            Value::Int(launched),
            crate::t!("warps.unit.threads"),
            "blocks · B",
        ),
        Figure::new(
            "warps-launched",
            crate::t!("warps.fig.warps-launched"),
            Value::Int(warps),
            crate::t!("warps.unit.warps"),
            crate::t!("warps.fig.warps-launched.help"),
        ),
        Figure::new(
            "idle-threads",
            crate::t!("warps.fig.idle-threads"),
            Value::Int(idle),
            crate::t!("warps.unit.threads"),
            crate::t!("warps.fig.idle-threads.help"),
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
            crate::t!("warps.fig.ragged-block"),
            r.map_or(Value::None, |r| Value::Int(r.block)),
            "",
            crate::t!("warps.fig.ragged-block.help"),
        ),
        Figure::new(
            "ragged-warp",
            crate::t!("warps.fig.ragged-warp"),
            r.map_or(Value::None, |r| Value::Int(r.warp)),
            "",
            crate::t!("warps.fig.ragged-warp.help"),
        ),
        Figure::new(
            "ragged-warp-active",
            crate::t!("warps.fig.ragged-warp-active"),
            r.map_or(Value::None, |r| Value::Int(r.warp_active)),
            crate::t!("warps.unit.of-32-lanes"),
            crate::t!("warps.fig.ragged-warp-active.help"),
        ),
        Figure::new(
            "ragged-warp-utilization",
            crate::t!("warps.fig.ragged-warp-utilization"),
            r.map_or(Value::None, |r| Value::Frac {
                value: frac_of_warp(r.warp_active),
                percent: true,
            }),
            "",
            crate::t!("warps.fig.ragged-warp-utilization.help"),
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
            crate::t!("warps.fig.pixels"),
            Value::Int(l.pixels()),
            crate::t!("warps.unit.pixels"),
            "N = W · H",
        ),
        Figure::new(
            "extra-columns",
            crate::t!("warps.fig.extra-columns"),
            Value::Int(l.extra_columns()),
            crate::t!("warps.unit.columns"),
            "gx · bx − W",
        ),
        Figure::new(
            "extra-rows",
            crate::t!("warps.fig.extra-rows"),
            Value::Int(l.extra_rows()),
            crate::t!("warps.unit.rows"),
            "gy · by − H",
        ),
    ]);
    f
}

fn block_name(b: &BlockDim) -> String {
    format!("({}, {}, {})", b.x(), b.y(), b.z())
}

/// One sentence of words and formulas from a catalogue message: each `{name}` of `maths` left
/// in `sentence` becomes that formula, so every language puts the formulas where its word order
/// needs them. Fill the message's other placeholders first (`tr!`).
fn mixed(sentence: &str, maths: Vec<(&str, Math)>) -> Vec<Inline> {
    crate::worked::sentence(sentence, &maths)
}

/// Worked steps for a block shape.
#[must_use]
pub fn block_worked(b: &BlockDim) -> Worked {
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
    let flatten = if y == 1 && z == 1 {
        Step {
            title: crate::tr!("warps.block.flatten.title"),
            body: mixed(
                &crate::tr!("warps.block.flatten-1d.body", last = p - 1),
                vec![
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
                vec![(
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
    };
    steps.push(flatten);
    steps.push(Step {
        title: crate::tr!("warps.block.cut.title"),
        body: vec![m(eq(vec![
            id("warps"),
            ceil(frac(id("P"), num(32))),
            ceil(frac(num(p), num(32))),
            num(w),
        ]))],
        why: crate::tr!("warps.block.cut.why"),
    });
    steps.push(if idle == 0 {
        Step {
            title: crate::tr!("warps.block.full.title"),
            body: mixed(
                &crate::tr!("warps.block.full.body"),
                vec![("check", eq(vec![times(num(w), num(32)), num(p)]))],
            ),
            why: crate::tr!("warps.block.full.why"),
        }
    } else {
        let (warp, first, last) = (w - 1, (w - 1) * 32, p - 1);
        Step {
            title: crate::tr!("warps.block.tail.title"),
            body: mixed(
                &crate::tr!("warps.block.tail.body", warp, first, last),
                vec![
                    (
                        "active",
                        eq(vec![
                            row(vec![num(p), op("−"), times(num(w - 1), num(32))]),
                            num(tail),
                        ]),
                    ),
                    (
                        "idle",
                        eq(vec![row(vec![num(32), op("−"), num(tail)]), num(idle)]),
                    ),
                ],
            ),
            why: crate::tr!("warps.block.tail.why"),
        }
    });
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
        question: crate::tr!("warps.block.question", block = block_name(b)),
        forecast: crate::tr!("warps.block.forecast"),
        steps,
        answer,
        verify: mixed(
            &crate::tr!("warps.block.verify"),
            vec![
                (
                    "count",
                    eq(vec![
                        row(vec![
                            floor(frac(row(vec![id("P"), op("−"), num(1)]), num(32))),
                            op("+"),
                            num(1),
                        ]),
                        row(vec![floor(frac(num(p - 1), num(32))), op("+"), num(1)]),
                        num(w),
                        ceil(frac(num(p), num(32))),
                    ]),
                ),
                (
                    "sum",
                    eq(vec![
                        row(vec![times(num(w), num(32)), op("−"), num(idle)]),
                        num(p),
                    ]),
                ),
            ],
        ),
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
    let (x, y, z) = (pos.x, pos.y, pos.z);
    Worked {
        question: crate::tr!("warps.thread.question", block = block_name(b), i),
        forecast: crate::tr!("warps.thread.forecast", i),
        steps: vec![
            Step {
                title: crate::tr!("warps.thread.slice.title"),
                body: mixed(
                    &crate::tr!("warps.thread.slice.body"),
                    vec![
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
                    m(eq(vec![id("warp"), floor(frac(num(i), num(32))), num(w)])),
                    t(", "),
                    m(eq(vec![
                        id("lane"),
                        row(vec![num(i), word(" mod "), num(32)]),
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
            vec![
                ("flatten", flatten_formula(b, pos)),
                (
                    "warp_lane",
                    eq(vec![
                        row(vec![times(num(w), num(32)), op("+"), num(lane)]),
                        num(i),
                    ]),
                ),
            ],
        ),
    }
}

/// Worked steps for which threads land in warp `w` (seed 000 Ex 3).
#[must_use]
pub fn warp_worked(b: &BlockDim, w: u64) -> Worked {
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
                vec![
                    (
                        "first",
                        eq(vec![id("first"), times(num(32), num(w)), num(s.first)]),
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
        question: crate::tr!("warps.warp.question", block = block_name(b), w),
        forecast: crate::tr!("warps.warp.forecast", w),
        steps,
        answer,
        verify: mixed(
            &crate::tr!("warps.warp.verify"),
            vec![
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
                        floor(frac(num(s.first), num(32))),
                        floor(frac(num(s.last), num(32))),
                        num(w),
                    ]),
                ),
            ],
        ),
    }
}

/// Worked steps for a 1-D launch (seed 004 Ex 1–3).
#[must_use]
pub fn launch1d_worked(l: &Launch1d) -> Worked {
    let (n, b) = (l.n(), l.block().threads());
    let blocks = l.blocks();
    let (launched, idle, warps) = (l.threads_launched(), l.idle_threads(), l.warps_launched());
    let mut steps = vec![Step {
        title: crate::tr!("warps.launch1d.blocks.title"),
        body: vec![m(eq(vec![
            id("blocks"),
            ceil(frac(id("N"), id("B"))),
            ceil(frac(num(n), num(b))),
            num(blocks),
        ]))],
        why: if n == 0 {
            crate::tr!("warps.launch1d.blocks.why-empty")
        } else {
            crate::tr!("warps.launch1d.blocks.why")
        },
    }];
    steps.push(Step {
        title: crate::tr!("warps.launch1d.threads.title"),
        body: mixed(
            &crate::tr!("warps.launch1d.threads.body"),
            vec![
                (
                    "launched",
                    eq(vec![times(num(blocks), num(b)), num(l.threads_launched())]),
                ),
                (
                    "idle",
                    eq(vec![
                        row(vec![num(l.threads_launched()), op("−"), num(n)]),
                        num(l.idle_threads()),
                    ]),
                ),
            ],
        ),
        why: crate::tr!("warps.launch1d.threads.why"),
    });
    steps.push(Step {
        title: crate::tr!("warps.launch1d.warps.title"),
        body: vec![m(eq(vec![
            times(num(blocks), num(l.block().warps())),
            num(l.warps_launched()),
        ]))],
        why: crate::tr!("warps.launch1d.warps.why"),
    });
    if let Some(r) = l.ragged() {
        #[allow(clippy::cast_precision_loss)]
        let share = Value::Frac {
            value: r.warp_active as f64 / 32.0,
            percent: true,
        }
        .human();
        let (last, bstart, wstart) = (n - 1, r.block_start, r.warp_start);
        steps.push(Step {
            title: crate::tr!("warps.launch1d.ragged.title"),
            body: mixed(
                &crate::tr!("warps.launch1d.ragged.body", last, bstart, wstart, share),
                vec![
                    (
                        "block",
                        eq(vec![floor(frac(num(n - 1), num(b))), num(r.block)]),
                    ),
                    (
                        "local",
                        eq(vec![
                            row(vec![num(n - 1), op("−"), num(r.block_start)]),
                            num(r.last_local),
                        ]),
                    ),
                    (
                        "warp",
                        eq(vec![floor(frac(num(r.last_local), num(32))), num(r.warp)]),
                    ),
                    (
                        "active",
                        eq(vec![
                            row(vec![
                                num(n - 1),
                                op("−"),
                                num(r.warp_start),
                                op("+"),
                                num(1),
                            ]),
                            num(r.warp_active),
                        ]),
                    ),
                ],
            ),
            why: crate::tr!("warps.launch1d.ragged.why"),
        });
    }
    let answer = match l.ragged() {
        None if n == 0 => crate::tr!("warps.launch1d.answer.empty"),
        None => crate::tr!("warps.launch1d.answer.exact", blocks, warps, launched),
        Some(r) => {
            let counts = crate::tr!("warps.launch1d.answer.counts", blocks, launched, idle);
            let (warp, block, active) = (r.warp, r.block, r.warp_active);
            crate::tr!("warps.launch1d.answer.ragged", counts, warp, block, active)
        }
    };
    Worked {
        question: crate::tr!("warps.launch1d.question", n, b),
        forecast: crate::tr!("warps.launch1d.forecast"),
        steps,
        answer,
        verify: mixed(
            &crate::tr!("warps.launch1d.verify", launched),
            vec![
                (
                    "active",
                    eq(vec![
                        row(vec![
                            num(l.threads_launched()),
                            op("−"),
                            num(l.idle_threads()),
                        ]),
                        num(n),
                        id("N"),
                    ]),
                ),
                (
                    "lanes",
                    eq(vec![
                        times(num(l.warps_launched()), num(32)),
                        num(l.warps_launched() * 32),
                    ]),
                ),
            ],
        ),
    }
}

/// Worked steps for an image launch (seed 004 Ex 7, seed 000 Ex 9).
#[must_use]
pub fn launch2d_worked(l: &Launch2d) -> Worked {
    let (w, h) = (l.width(), l.height());
    let (bx, by) = (l.block().x(), l.block().y());
    let (gx, gy) = l.grid();
    let (ec, er) = (l.extra_columns(), l.extra_rows());
    let rows = crate::tr!("warps.image.edge-rows", er, columns = gx * bx);
    let columns = crate::tr!("warps.image.edge-columns", ec, h);
    let edges = match (er > 0, ec > 0) {
        (false, false) => None,
        (true, false) => Some(rows),
        (false, true) => Some(columns),
        (true, true) => Some(crate::tr!("warps.image.edges-both", rows, columns)),
    };
    let where_idle = match edges {
        None => crate::tr!("warps.image.idle-none"),
        Some(edges) => crate::tr!("warps.image.idle-where", edges),
    };
    let (warps, idle, blocks) = (l.block().warps(), l.block().idle_lanes(), gx * gy);
    let (threads, wasted) = (l.threads_launched(), l.idle_threads());
    let inside = crate::tr!("warps.image.block.body", bx, by, warps, idle, blocks);
    Worked {
        question: crate::tr!("warps.image.question", w, h, bx, by),
        forecast: crate::tr!("warps.image.forecast", w, h, bx, by),
        steps: vec![
            Step {
                title: crate::tr!("warps.image.pixels.title"),
                body: vec![m(eq(vec![id("N"), times(num(w), num(h)), num(l.pixels())]))],
                why: crate::tr!("warps.image.pixels.why"),
            },
            Step {
                title: crate::tr!("warps.image.grid.title"),
                body: mixed(
                    &crate::tr!("warps.image.grid.body", blocks),
                    vec![
                        (
                            "gx",
                            eq(vec![sub("g", "x"), ceil(frac(num(w), num(bx))), num(gx)]),
                        ),
                        (
                            "gy",
                            eq(vec![sub("g", "y"), ceil(frac(num(h), num(by))), num(gy)]),
                        ),
                    ],
                ),
                why: crate::tr!("warps.image.grid.why"),
            },
            Step {
                title: crate::tr!("warps.image.threads.title"),
                body: mixed(
                    &crate::tr!("warps.image.threads.body", where_idle),
                    vec![
                        (
                            "launched",
                            eq(vec![
                                times(
                                    paren(times(num(gx), num(bx))),
                                    paren(times(num(gy), num(by))),
                                ),
                                times(num(gx * bx), num(gy * by)),
                                num(l.threads_launched()),
                            ]),
                        ),
                        (
                            "wasted",
                            eq(vec![
                                row(vec![num(l.threads_launched()), op("−"), num(l.pixels())]),
                                num(l.idle_threads()),
                            ]),
                        ),
                    ],
                ),
                why: crate::tr!("warps.image.threads.why"),
            },
            Step {
                title: crate::tr!("warps.image.block.title"),
                body: vec![t(inside)],
                why: crate::tr!("warps.image.block.why"),
            },
        ],
        answer: crate::tr!("warps.image.answer", gx, gy, blocks, threads, wasted),
        verify: mixed(
            &crate::tr!("warps.image.verify"),
            vec![
                (
                    "wasted",
                    eq(vec![
                        row(vec![
                            times(num(ec), num(h)),
                            op("+"),
                            times(num(er), paren(row(vec![num(w), op("+"), num(ec)]))),
                        ]),
                        num(ec * h + er * (w + ec)),
                    ]),
                ),
                (
                    "pixels",
                    eq(vec![
                        row(vec![
                            num(l.threads_launched()),
                            op("−"),
                            num(l.idle_threads()),
                        ]),
                        num(l.pixels()),
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
