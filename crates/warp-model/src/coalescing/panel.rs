//! The coalescing panel's whole output from the raw text of its inputs: the access (given
//! directly, or derived from a matrix walk or a struct layout), its figures, named errors,
//! worked steps and the segments to draw.

use crate::coalescing::access::{Access, Segment, LINE_SIZES, MAX_OFFSET, MAX_STRIDE};
use crate::figure::{Figure, Value};
use crate::i18n::Msg;
use crate::math::{ceil, eq, frac, id, num, op, row, times, word};
use crate::msg;
use crate::panel::{Inputs, PanelModel};
use crate::params::{Choice, Param, ParamError};
use crate::worked::{m, t, Step, Worked};

/// `elem`: bytes per element.
pub const ELEM: Param = Param::choice("elem", msg!("coalescing.field.elem"), &ELEM_CHOICES, "4");
const ELEM_CHOICES: [Choice; 5] = [
    Choice {
        value: "1",
        label: msg!("coalescing.choice.elem.1"),
    },
    Choice {
        value: "2",
        label: msg!("coalescing.choice.elem.2"),
    },
    Choice {
        value: "4",
        label: msg!("coalescing.choice.elem.4"),
    },
    Choice {
        value: "8",
        label: msg!("coalescing.choice.elem.8"),
    },
    Choice {
        value: "16",
        label: msg!("coalescing.choice.elem.16"),
    },
];
/// `stride`: elements between consecutive lanes (0 is a broadcast).
pub const STRIDE: Param = Param::whole(
    "stride",
    msg!("coalescing.field.stride"),
    0,
    MAX_STRIDE,
    "1",
)
.hint(msg!("coalescing.field.stride.hint"))
.unit(msg!("coalescing.unit.elements"));
/// `offset`: bytes from an aligned base (misalignment).
pub const OFFSET: Param = Param::whole(
    "offset",
    msg!("coalescing.field.offset"),
    0,
    MAX_OFFSET,
    "0",
)
.hint(msg!("coalescing.field.offset.hint"))
.unit(msg!("coalescing.unit.bytes"));
/// `line`: the segment size the memory system moves.
pub const LINE: Param =
    Param::choice("line", msg!("coalescing.field.line"), &LINE_CHOICES, "128").more();
const LINE_CHOICES: [Choice; 3] = [
    Choice {
        value: "128",
        label: msg!("coalescing.choice.line.128"),
    },
    Choice {
        value: "64",
        label: msg!("coalescing.choice.line.64"),
    },
    Choice {
        value: "32",
        label: msg!("coalescing.choice.line.32"),
    },
];
/// `lanes`: active lanes, the first ones of the warp.
pub const LANES: Param = Param::whole("lanes", msg!("coalescing.field.lanes"), 1, 32, "32")
    .why_limit(msg!("coalescing.limit.lanes"))
    .unit(msg!("coalescing.unit.lanes"))
    .more();
/// `matrix=W`: a row-major matrix W elements wide (the 2-D view), or empty.
pub const MATRIX: Param =
    Param::whole("matrix", msg!("coalescing.field.matrix"), 1, MAX_STRIDE, "")
        .hint(msg!("coalescing.field.matrix.hint"))
        .why_limit(msg!("coalescing.limit.matrix"))
        .more();
/// `walk`: with `matrix`, along a row or down a column.
pub const WALK: Param =
    Param::choice("walk", msg!("coalescing.field.walk"), &WALK_CHOICES, "row").more();
const WALK_CHOICES: [Choice; 2] = [
    Choice {
        value: "row",
        label: msg!("coalescing.choice.walk.row"),
    },
    Choice {
        value: "column",
        label: msg!("coalescing.choice.walk.column"),
    },
];
/// `fields=F`: structs of F fields of `elem` bytes (the struct view), or empty.
pub const FIELDS: Param =
    Param::whole("fields", msg!("coalescing.field.fields"), 1, MAX_FIELDS, "")
        .hint(msg!("coalescing.field.fields.hint"))
        .more();
/// `field`: with `fields`, the field the warp reads (0-based; empty is 0).
pub const FIELD: Param = Param::whole(
    "field",
    msg!("coalescing.field.field"),
    0,
    MAX_FIELDS - 1,
    "",
)
.hint(msg!("coalescing.field.field.hint"))
.more();
/// `layout`: with `fields`, array of structs or struct of arrays.
pub const LAYOUT: Param = Param::choice(
    "layout",
    msg!("coalescing.field.layout"),
    &LAYOUT_CHOICES,
    "aos",
)
.more();
const LAYOUT_CHOICES: [Choice; 2] = [
    Choice {
        value: "aos",
        label: msg!("coalescing.choice.layout.aos"),
    },
    Choice {
        value: "soa",
        label: msg!("coalescing.choice.layout.soa"),
    },
];

/// The panel's parameters, in form order.
pub const PARAMS: [Param; 10] = [
    ELEM, STRIDE, OFFSET, LINE, LANES, MATRIX, WALK, FIELDS, FIELD, LAYOUT,
];

/// Most fields in a struct.
pub const MAX_FIELDS: u64 = 64;

/// The coalescing panel's model.
#[derive(Clone, Copy, Debug)]
pub struct CoalescingModel;

/// The panel's raw inputs.
pub type CoalescingInput = Inputs<CoalescingModel>;

impl PanelModel for CoalescingModel {
    const NAME: &'static str = "coalescing";
    const TITLE: Msg = msg!("common.panel.coalescing.title");
    const QUESTION: Msg = msg!("common.panel.coalescing.question");
    const PARAMS: &'static [Param] = &PARAMS;
    // Its content at 800 px wide (the frame's max-width), default inputs: 2,113 px.
    const EMBED_HEIGHT: u32 = 2100;
    type Output = CoalescingOutput;

    fn evaluate(input: &CoalescingInput) -> CoalescingOutput {
        evaluate(input)
    }
    fn evaluate_for_worked(input: &CoalescingInput) -> CoalescingOutput {
        evaluate_as::<true, false>(input)
    }
    fn errors(out: &CoalescingOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &CoalescingOutput) -> &[Figure] {
        &out.figures
    }
    fn worked(out: &CoalescingOutput) -> &[Worked] {
        &out.worked
    }
}

/// How the access was described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccessShape {
    /// Stride and offset given directly.
    Linear,
    /// A row-major matrix `width` elements wide, read along a row or down a column.
    Matrix {
        /// Elements per row.
        width: u64,
        /// Down a column (true) or along a row.
        column: bool,
    },
    /// An array of structs of `fields` fields, reading field `field`.
    Struct {
        /// Fields per struct.
        fields: u64,
        /// The field read.
        field: u64,
        /// Struct of arrays (true) or array of structs.
        soa: bool,
    },
}

/// Everything the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct CoalescingOutput {
    /// Problems, each naming its parameter.
    pub errors: Vec<ParamError>,
    /// The access, when valid.
    pub access: Option<Access>,
    /// How it was described.
    pub view: AccessShape,
    /// The segments touched.
    pub segments: Vec<Segment>,
    /// η against stride 1–64 for this element size, segment size and offset; one curve per
    /// segment size (32, 64, 128), in that order.
    pub curves: Vec<(u64, Vec<(u64, f64)>)>,
    /// The named results.
    pub figures: Vec<Figure>,
    /// Worked steps.
    pub worked: Vec<Worked>,
}

/// Evaluates the panel. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &CoalescingInput) -> CoalescingOutput {
    evaluate_as::<true, true>(input)
}

/// [`evaluate`] without the worked steps and the pictures (`worked`, `segments` and `curves`
/// are empty): the figures and the access a quiz question needs, and none of the code of the
/// rest in the quiz page (issue 46).
#[must_use]
pub fn figures_only(input: &CoalescingInput) -> CoalescingOutput {
    evaluate_as::<false, false>(input)
}

/// The panel's output, with its worked steps and pictures when `FULL`, and the notes on keys it
/// does not read when `NOTES` (the page's; a quiz question or solution has no page to say them).
fn evaluate_as<const FULL: bool, const NOTES: bool>(input: &CoalescingInput) -> CoalescingOutput {
    let mut errors = Vec::new();
    let mut choice = |p: &Param| p.choose(input.get(p)).map_err(|e| errors.push(e)).ok();
    let elem = choice(&ELEM).and_then(|v| v.parse::<u64>().ok());
    let line = choice(&LINE).and_then(|v| v.parse::<u64>().ok());
    let column = choice(&WALK).map(|v| v == "column");
    let soa = choice(&LAYOUT).map(|v| v == "soa");
    let mut ok = |r: Result<u64, ParamError>| r.map_err(|e| errors.push(e)).ok();
    let lanes = ok(LANES.parse(input.get(&LANES)));
    let offset = ok(OFFSET.parse(input.get(&OFFSET)));
    let mut view = AccessShape::Linear;
    let (raw_matrix, raw_fields) = (input.get(&MATRIX), input.get(&FIELDS));
    let stride = if !raw_matrix.trim().is_empty() {
        match (ok(MATRIX.parse(raw_matrix)), column) {
            (Some(width), Some(column)) => {
                view = AccessShape::Matrix { width, column };
                Some(if column { width } else { 1 })
            }
            _ => None,
        }
    } else if !raw_fields.trim().is_empty() {
        let fields = ok(FIELDS.parse(raw_fields));
        let raw_field = input.get(&FIELD);
        let field = match fields {
            Some(f) if raw_field.trim().is_empty() => Some(0).filter(|_| f > 0),
            Some(f) => ok(FIELD.parse_within(raw_field, 0, f - 1)),
            None => None,
        };
        match (fields, field, soa) {
            (Some(fields), Some(field), Some(soa)) => {
                view = AccessShape::Struct { fields, field, soa };
                Some(if soa { 1 } else { fields })
            }
            _ => None,
        }
    } else {
        ok(STRIDE.parse(input.get(&STRIDE)))
    };
    let mut out = CoalescingOutput {
        errors: Vec::new(),
        access: None,
        view: view.clone(),
        segments: Vec::new(),
        curves: Vec::new(),
        figures: Vec::new(),
        worked: Vec::new(),
    };
    if let (Some(elem), Some(line), Some(lanes), Some(offset), Some(stride)) =
        (elem, line, lanes, offset, stride)
    {
        let extra = match view {
            AccessShape::Struct {
                field, soa: false, ..
            } => field * elem,
            _ => 0,
        };
        let a = Access {
            elem,
            stride,
            offset: offset + extra,
            line,
            lanes,
        };
        out.figures = figures(&a);
        if FULL {
            out.segments = a.segments();
            out.curves = LINE_SIZES
                .iter()
                .map(|&l| (l, Access { line: l, ..a }.efficiency_by_stride(64)))
                .collect();
            out.worked.push(worked(&a, &view));
        }
        out.access = Some(a);
    }
    if NOTES {
        errors.extend(unread_notes(input));
    }
    out.errors = errors;
    out
}

/// The keys of an access shape the link does not open (issue 65: `stride=abc&matrix=8`,
/// `walk=column` and `field=1` alone were taken without a word), each named with the shape
/// that reads it and the one this link opens; the figures are drawn from what was read.
fn unread_notes(input: &CoalescingInput) -> Vec<ParamError> {
    let given = |p: &Param| {
        let raw = input.get(p).trim();
        !raw.is_empty() && raw != p.default
    };
    let by = if given(&MATRIX) {
        MATRIX.url_key()
    } else if given(&FIELDS) {
        FIELDS.url_key()
    } else {
        STRIDE.url_key()
    };
    [
        (&STRIDE, STRIDE.url_key()),
        (&WALK, MATRIX.url_key()),
        (&FIELD, FIELDS.url_key()),
        (&LAYOUT, FIELDS.url_key()),
    ]
    .into_iter()
    .filter(|(p, reader)| given(p) && *reader != by)
    .map(|(p, reader)| {
        let key = p.url_key();
        ParamError::new(key, crate::tr!("coalescing.unread", key, reader, by))
    })
    .collect()
}

fn figures(a: &Access) -> Vec<Figure> {
    vec![
        Figure::new(
            "transactions",
            crate::t!("coalescing.figure.transactions"),
            Value::Int(a.transactions()),
            crate::t!("coalescing.unit.segments"),
            crate::t!("coalescing.figure.transactions.help"),
        ),
        Figure::new(
            "useful-bytes",
            crate::t!("coalescing.figure.useful-bytes"),
            Value::Int(a.useful_bytes()),
            crate::t!("coalescing.unit.bytes"),
            crate::t!("coalescing.figure.useful-bytes.help"),
        ),
        Figure::new(
            "moved-bytes",
            crate::t!("coalescing.figure.moved-bytes"),
            Value::Int(a.moved_bytes()),
            crate::t!("coalescing.unit.bytes"),
            crate::t!("coalescing.figure.moved-bytes.help"),
        ),
        Figure::new(
            "efficiency",
            crate::t!("coalescing.figure.efficiency"),
            Value::Frac {
                value: a.efficiency(),
                percent: true,
            },
            "",
            crate::t!("coalescing.figure.efficiency.help"),
        )
        .key(),
        Figure::new(
            "stride-elements",
            crate::t!("coalescing.figure.stride-elements"),
            Value::Int(a.stride),
            crate::t!("coalescing.unit.elements"),
            crate::t!("coalescing.figure.stride-elements.help"),
        ),
        Figure::new(
            "stride-bytes",
            crate::t!("coalescing.figure.stride-bytes"),
            Value::Int(a.stride * a.elem),
            crate::t!("coalescing.unit.bytes"),
            crate::t!("coalescing.figure.stride-bytes.help"),
        ),
    ]
}

fn worked(a: &Access, view: &AccessShape) -> Worked {
    let (tx, useful, moved) = (a.transactions(), a.useful_bytes(), a.moved_bytes());
    let last = a.lanes - 1;
    let mut steps = Vec::new();
    let where_title = || crate::tr!("coalescing.step.where.title");
    match view {
        AccessShape::Matrix {
            width,
            column: true,
        } => steps.push(Step {
            title: where_title(),
            body: vec![t(crate::tr!("coalescing.step.where.column", width))],
            why: crate::tr!("coalescing.step.where.column.why"),
        }),
        AccessShape::Matrix { column: false, .. } => steps.push(Step {
            title: where_title(),
            body: vec![t(crate::tr!("coalescing.step.where.row"))],
            why: crate::tr!("coalescing.step.where.row.why"),
        }),
        AccessShape::Struct {
            fields,
            field,
            soa: false,
        } => steps.push(Step {
            title: where_title(),
            body: vec![t(crate::tr!(
                "coalescing.step.where.aos",
                fields,
                field,
                offset = field * a.elem,
            ))],
            why: crate::tr!("coalescing.step.where.aos.why"),
        }),
        AccessShape::Struct {
            field, soa: true, ..
        } => steps.push(Step {
            title: where_title(),
            body: vec![t(crate::tr!("coalescing.step.where.soa", field))],
            why: crate::tr!("coalescing.step.where.soa.why"),
        }),
        AccessShape::Linear => {}
    }
    steps.push(Step {
        title: crate::tr!("coalescing.step.addresses.title"),
        body: vec![
            m(eq(vec![
                id("a(l)"),
                row(vec![
                    id("offset"),
                    op("+"),
                    id("l"),
                    op("·"),
                    id("stride"),
                    op("·"),
                    id("elem"),
                ]),
                row(vec![
                    num(a.offset),
                    op("+"),
                    id("l"),
                    op("·"),
                    num(a.stride * a.elem),
                ]),
            ])),
            t(crate::tr!(
                "coalescing.step.addresses",
                first = a.address(0),
                second = a.address(1.min(last)),
                last,
                end = a.address(last),
                elem = a.elem,
            )),
        ],
        why: crate::tr!("coalescing.step.addresses.why"),
    });
    steps.push(Step {
        title: crate::tr!("coalescing.step.segments.title", line = a.line),
        body: vec![
            t(crate::tr!("coalescing.step.segments.before") + " "),
            m(row(vec![id("⌊a / "), num(a.line), id("⌋")])),
            t(format!(
                " {}",
                crate::tr!("coalescing.step.segments.after", tx)
            )),
        ],
        why: crate::tr!("coalescing.step.segments.why"),
    });
    steps.push(Step {
        title: crate::tr!("coalescing.step.bytes.title"),
        body: vec![
            t(crate::tr!("coalescing.step.bytes.useful") + " "),
            m(if a.stride == 0 {
                eq(vec![num(a.elem), num(useful)])
            } else {
                eq(vec![times(num(a.lanes), num(a.elem)), num(useful)])
            }),
            t(format!(" {} ", crate::tr!("coalescing.step.bytes.moved"))),
            m(eq(vec![times(num(tx), num(a.line)), num(moved)])),
            t(format!(" {}", crate::tr!("coalescing.step.bytes.end"))),
        ],
        why: if a.stride == 0 {
            crate::tr!("coalescing.step.bytes.why.broadcast")
        } else {
            crate::tr!("coalescing.step.bytes.why.own")
        },
    });
    steps.push(Step {
        title: crate::tr!("coalescing.step.efficiency.title"),
        body: vec![m(eq(vec![
            id("η"),
            frac(num(useful), num(moved)),
            word(
                &Value::Frac {
                    value: a.efficiency(),
                    percent: true,
                }
                .human(),
            ),
        ]))],
        why: crate::tr!("coalescing.step.efficiency.why"),
    });
    let floor_t = useful.div_ceil(a.line);
    Worked {
        question: crate::tr!(
            "coalescing.question",
            lanes = a.lanes,
            elem = a.elem,
            stride = a.stride,
            offset = a.offset,
            line = a.line,
        ),
        forecast: crate::tr!("coalescing.forecast"),
        steps,
        answer: crate::tr!(
            "coalescing.answer",
            tx,
            moved,
            useful,
            eta = Value::Frac {
                value: a.efficiency(),
                percent: true,
            }
            .human(),
        ),
        verify: vec![
            t(crate::tr!("coalescing.verify.before") + " "),
            m(eq(vec![ceil(frac(num(useful), num(a.line))), num(floor_t)])),
            t(format!(" {}", crate::tr!("coalescing.verify.after", tx))),
        ],
    }
}

#[cfg(test)]
mod tests;
