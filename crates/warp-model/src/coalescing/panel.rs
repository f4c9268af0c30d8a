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
        out.segments = a.segments();
        out.curves = LINE_SIZES
            .iter()
            .map(|&l| (l, Access { line: l, ..a }.efficiency_by_stride(64)))
            .collect();
        out.figures = figures(&a);
        out.worked.push(worked(&a, &view));
        out.access = Some(a);
    }
    out.errors = errors;
    out
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    crate::testing::panel_checks!(CoalescingInput => CoalescingOutput);

    #[test]
    fn seed_004_ex4() {
        // D: A[i] → 1 transaction, 128 useful, η = 1.
        check(
            "elem=4&stride=1",
            &[
                ("transactions", "1"),
                ("useful-bytes", "128"),
                ("moved-bytes", "128"),
                ("efficiency", "1"),
            ],
        );
        // E: A[i*32] → 32 transactions, η = 1/32; slowdown η_D/η_E = 32.
        check(
            "elem=4&stride=32",
            &[
                ("transactions", "32"),
                ("useful-bytes", "128"),
                ("moved-bytes", "4096"),
                ("efficiency", "0.03125"),
            ],
        );
        // E with 32-byte sectors: η = 4/32.
        check(
            "elem=4&stride=32&line=32",
            &[("transactions", "32"), ("efficiency", "0.125")],
        );
    }

    #[test]
    fn matrix_and_struct_views() {
        // A 1024-wide float matrix: along a row, 1 transaction; down a column, 32.
        check(
            "matrix=1024&walk=row",
            &[("transactions", "1"), ("stride-elements", "1")],
        );
        check(
            "matrix=1024&walk=column",
            &[
                ("transactions", "32"),
                ("stride-elements", "1024"),
                ("efficiency", "0.03125"),
            ],
        );
        // AoS of 4-float structs, reading field 2: stride 4, offset 8 → 4 lines; SoA → 1.
        check(
            "fields=4&field=2&layout=aos",
            &[
                ("transactions", "4"),
                ("efficiency", "0.25"),
                ("stride-elements", "4"),
            ],
        );
        check(
            "fields=4&field=2&layout=soa",
            &[("transactions", "1"), ("efficiency", "1")],
        );
        let out = run("fields=4&field=2");
        assert!(out.worked[0].text().contains("Array of structs"));
    }

    #[test]
    fn worked_steps() {
        let text = run("elem=4&stride=32").worked[0].text();
        assert!(text.contains("32 × 4 = 128"), "{text}");
        assert!(text.contains("32 × 128 = 4096"), "{text}");
        assert!(text.contains("η = 128/4096 = 3.125%"), "{text}");
        assert!(text.contains("0 < η ≤ 1"), "{text}");
    }

    #[test]
    fn bad_inputs_are_named() {
        check_error("elem=3", "elem", "must be 1, 2, 4, 8 or 16");
        check_error("elem=x", "elem", "must be 1, 2, 4, 8 or 16");
        check_error("line=100", "line", "must be 128, 64 or 32");
        check_error("lanes=33", "lanes", "from 1 to 32");
        check_error("lanes=0", "lanes", "from 1 to 32");
        check_error("stride=-1", "stride", "from 0 to 4096");
        check_error("offset=99999999999999999999", "offset", "too large");
        check_error("matrix=0", "matrix", "from 1");
        check_error("matrix=64&walk=diagonal", "walk", "row or column");
        check_error("fields=4&field=4", "field", "from 0 to 3");
        check_error("fields=4&layout=xyz", "layout", "aos or soa");
    }

    #[test]
    fn hinglish_words_same_numbers() {
        use crate::i18n::{with_lang, Lang};
        let query = "fields=4&field=2&layout=aos";
        let en = run(query);
        let hi = with_lang(Lang::Hinglish, || run(query));
        let values = |o: &CoalescingOutput| {
            o.figures
                .iter()
                .map(|f| (f.metric, f.value.plain()))
                .collect::<Vec<_>>()
        };
        assert_eq!(values(&hi), values(&en));
        assert_eq!(hi.segments, en.segments);
        let text = hi.worked[0].text();
        assert!(text.contains("har struct mein 4 fields hain"), "{text}");
        assert!(text.contains("32 × 4 = 128"), "{text}");
        assert!(text.contains("100 % ke paas hai"), "{text}");
        assert!(text.contains("kam se kam ⌈128/128⌉"), "{text}");
        assert!(!text.contains("Array of structs: each struct"), "{text}");
        assert_eq!(hi.figures[1].label, "Useful bytes");
        assert_eq!(hi.figures[2].label, "Move hue bytes");
        let e = with_lang(Lang::Hinglish, || run("elem=3")).errors;
        assert_eq!(e[0].param, "elem");
        assert!(
            e[0].message.contains("sirf 1, 2, 4, 8 ya 16 ho sakta hai"),
            "{}",
            e[0].message
        );
        let walk = with_lang(Lang::Hinglish, || run("matrix=64&walk=diagonal")).errors;
        assert!(
            walk[0].message.contains("row ya column"),
            "{}",
            walk[0].message
        );
        let labels = with_lang(Lang::Hinglish, || {
            PARAMS.iter().map(Param::label_text).collect::<Vec<_>>()
        });
        assert_eq!(labels[0], "Element ke bytes");
        assert_eq!(PARAMS[0].label_text(), "Element bytes");
        // The hint's range comes from the declaration: 0–4,096 elements, and what 0 means.
        assert_eq!(STRIDE.hint_text(), "0–4,096 elements; 0 = broadcast");
        assert_eq!(
            with_lang(Lang::Hinglish, || STRIDE.hint_text()),
            "0–4,096 elements; 0 = broadcast"
        );
        assert_eq!(
            MATRIX.hint_text(),
            "1–4,096; elements per row; 2-D view; optional"
        );
    }

    #[test]
    fn url_writes_only_what_differs() {
        let mut q = crate::query::Query::parse("panel=coalescing");
        CoalescingInput::default()
            .with(&STRIDE, "32")
            .write_query(&mut q);
        assert_eq!(q.to_search(), "?panel=coalescing&stride=32");
    }

    proptest! {
        #[test]
        fn any_text_gives_figures_or_named_errors(
            elem in ".{0,4}", stride in ".{0,6}", offset in ".{0,6}", line in ".{0,4}", lanes in ".{0,3}",
            matrix in ".{0,4}", walk in ".{0,6}",
        ) {
            let input = CoalescingInput::default()
                .with(&ELEM, elem)
                .with(&STRIDE, stride)
                .with(&OFFSET, offset)
                .with(&LINE, line)
                .with(&LANES, lanes)
                .with(&MATRIX, matrix)
                .with(&WALK, walk);
            let out = evaluate(&input);
            prop_assert!(!out.figures.is_empty() || !out.errors.is_empty());
            for e in &out.errors {
                prop_assert!(CoalescingInput::param(&e.param).is_some(), "{}", e.param);
            }
        }
    }
}
