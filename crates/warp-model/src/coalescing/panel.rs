//! The coalescing panel's whole output from the raw text of its inputs: the access (given
//! directly, or derived from a matrix walk or a struct layout), its figures, named errors,
//! worked steps and the segments to draw.

use crate::coalescing::access::{Access, Segment, ELEM_SIZES, LINE_SIZES, MAX_OFFSET, MAX_STRIDE};
use crate::figure::{Figure, Value};
use crate::math::{ceil, eq, frac, id, num, op, row, times, word};
use crate::params::{parse_in_range, quote, FieldSpec, ParamError};
use crate::query::Query;
use crate::worked::{m, t, Step, Worked};

/// The panel's inputs as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoalescingInput {
    /// `elem`: bytes per element (1, 2, 4, 8, 16).
    pub elem: String,
    /// `stride`: elements between consecutive lanes.
    pub stride: String,
    /// `offset`: bytes from an aligned base.
    pub offset: String,
    /// `line`: segment bytes (32, 64, 128).
    pub line: String,
    /// `lanes`: active lanes (1–32).
    pub lanes: String,
    /// `matrix=W`: a row-major matrix W elements wide (2-D view), or empty.
    pub matrix: String,
    /// `walk=row|column`: the warp reads along a row or down a column.
    pub walk: String,
    /// `fields=F`: an array of structs of F fields of `elem` bytes each, or empty.
    pub fields: String,
    /// `field=f`: which field the warp reads (0-based).
    pub field: String,
    /// `layout=aos|soa`: array of structs, or struct of arrays.
    pub layout: String,
}

impl Default for CoalescingInput {
    fn default() -> Self {
        CoalescingInput {
            elem: "4".into(),
            stride: "1".into(),
            offset: "0".into(),
            line: "128".into(),
            lanes: "32".into(),
            matrix: String::new(),
            walk: String::new(),
            fields: String::new(),
            field: String::new(),
            layout: String::new(),
        }
    }
}

/// The panel's controls, in form order (label and hint are catalogue messages).
pub const FIELDS: [FieldSpec; 10] = [
    FieldSpec {
        name: "elem",
        label: crate::msg!("coalescing.field.elem"),
        hint: crate::msg!("coalescing.field.elem.hint"),
    },
    FieldSpec {
        name: "stride",
        label: crate::msg!("coalescing.field.stride"),
        hint: crate::msg!("coalescing.field.stride.hint"),
    },
    FieldSpec {
        name: "offset",
        label: crate::msg!("coalescing.field.offset"),
        hint: crate::msg!("coalescing.field.offset.hint"),
    },
    FieldSpec {
        name: "line",
        label: crate::msg!("coalescing.field.line"),
        hint: crate::msg!("coalescing.field.line.hint"),
    },
    FieldSpec {
        name: "lanes",
        label: crate::msg!("coalescing.field.lanes"),
        hint: crate::msg!("coalescing.field.lanes.hint"),
    },
    FieldSpec {
        name: "matrix",
        label: crate::msg!("coalescing.field.matrix"),
        hint: crate::msg!("coalescing.field.matrix.hint"),
    },
    FieldSpec {
        name: "walk",
        label: crate::msg!("coalescing.field.walk"),
        hint: crate::msg!("coalescing.field.walk.hint"),
    },
    FieldSpec {
        name: "fields",
        label: crate::msg!("coalescing.field.fields"),
        hint: crate::msg!("coalescing.field.fields.hint"),
    },
    FieldSpec {
        name: "field",
        label: crate::msg!("coalescing.field.field"),
        hint: crate::msg!("coalescing.field.field.hint"),
    },
    FieldSpec {
        name: "layout",
        label: crate::msg!("coalescing.field.layout"),
        hint: crate::msg!("coalescing.field.layout.hint"),
    },
];

/// The URL parameters this panel reads and writes.
pub const URL_PARAMS: [&str; 10] = [
    "elem", "stride", "offset", "line", "lanes", "matrix", "walk", "fields", "field", "layout",
];

/// Most fields in a struct.
pub const MAX_FIELDS: u64 = 64;

impl CoalescingInput {
    /// Reads the panel's parameters over `base`.
    #[must_use]
    pub fn from_query(q: &Query, base: &CoalescingInput) -> CoalescingInput {
        crate::panel::read_params(q, base)
    }

    /// Writes the fields that differ from the defaults.
    pub fn write_query(&self, q: &mut Query) {
        crate::panel::write_changed(self, q, &[]);
    }
}

/// How the access was described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
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
    pub view: View,
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

fn one_of(name: &str, raw: &str, allowed: &[u64], unit: &str) -> Result<u64, ParamError> {
    let list = allowed
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let v = parse_in_range(name, raw, 0, u64::MAX, "").map_err(|e| {
        ParamError::new(
            name,
            crate::tr!("coalescing.error.allowed", message = e.message, list, unit),
        )
    })?;
    if allowed.contains(&v) {
        Ok(v)
    } else {
        Err(ParamError::new(
            name,
            crate::tr!("coalescing.error.not-allowed", name, value = v, list, unit),
        ))
    }
}

fn word_choice(name: &str, raw: &str, choices: [&str; 2]) -> Result<bool, ParamError> {
    match raw.trim() {
        "" => Ok(false),
        s if s.eq_ignore_ascii_case(choices[0]) => Ok(false),
        s if s.eq_ignore_ascii_case(choices[1]) => Ok(true),
        _ => Err(ParamError::new(
            name,
            crate::tr!(
                "coalescing.error.choose",
                name,
                value = quote(raw),
                first = choices[0],
                second = choices[1],
            ),
        )),
    }
}

/// Evaluates the panel. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &CoalescingInput) -> CoalescingOutput {
    let mut errors = Vec::new();
    let mut ok = |r: Result<u64, ParamError>| r.map_err(|e| errors.push(e)).ok();
    let bytes = crate::t!("coalescing.unit.bytes");
    let elem = ok(one_of("elem", &input.elem, &ELEM_SIZES, bytes));
    let line = ok(one_of("line", &input.line, &LINE_SIZES, bytes));
    let lanes = ok(parse_in_range(
        "lanes",
        &input.lanes,
        1,
        32,
        crate::t!("coalescing.limit.lanes"),
    ));
    let offset = ok(parse_in_range("offset", &input.offset, 0, MAX_OFFSET, ""));
    let mut view = View::Linear;
    let stride = if !input.matrix.trim().is_empty() {
        let width = ok(parse_in_range(
            "matrix",
            &input.matrix,
            1,
            MAX_STRIDE,
            crate::t!("coalescing.limit.matrix"),
        ));
        let column = word_choice("walk", &input.walk, ["row", "column"])
            .map_err(|e| errors.push(e))
            .ok();
        match (width, column) {
            (Some(width), Some(column)) => {
                view = View::Matrix { width, column };
                Some(if column { width } else { 1 })
            }
            _ => None,
        }
    } else if !input.fields.trim().is_empty() {
        let fields = ok(parse_in_range("fields", &input.fields, 1, MAX_FIELDS, ""));
        let soa = word_choice("layout", &input.layout, ["aos", "soa"])
            .map_err(|e| errors.push(e))
            .ok();
        let field = match fields {
            Some(f) if input.field.trim().is_empty() => Some(0).filter(|_| f > 0),
            Some(f) => parse_in_range("field", &input.field, 0, f - 1, "")
                .map_err(|e| errors.push(e))
                .ok(),
            None => None,
        };
        match (fields, field, soa) {
            (Some(fields), Some(field), Some(soa)) => {
                view = View::Struct { fields, field, soa };
                Some(if soa { 1 } else { fields })
            }
            _ => None,
        }
    } else {
        ok(parse_in_range("stride", &input.stride, 0, MAX_STRIDE, ""))
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
            View::Struct {
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

fn worked(a: &Access, view: &View) -> Worked {
    let (tx, useful, moved) = (a.transactions(), a.useful_bytes(), a.moved_bytes());
    let last = a.lanes - 1;
    let mut steps = Vec::new();
    let where_title = || crate::tr!("coalescing.step.where.title");
    match view {
        View::Matrix {
            width,
            column: true,
        } => steps.push(Step {
            title: where_title(),
            body: vec![t(crate::tr!("coalescing.step.where.column", width))],
            why: crate::tr!("coalescing.step.where.column.why"),
        }),
        View::Matrix { column: false, .. } => steps.push(Step {
            title: where_title(),
            body: vec![t(crate::tr!("coalescing.step.where.row"))],
            why: crate::tr!("coalescing.step.where.row.why"),
        }),
        View::Struct {
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
        View::Struct {
            field, soa: true, ..
        } => steps.push(Step {
            title: where_title(),
            body: vec![t(crate::tr!("coalescing.step.where.soa", field))],
            why: crate::tr!("coalescing.step.where.soa.why"),
        }),
        View::Linear => {}
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
    use crate::examples;
    use crate::panel::PanelInput;
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
        for (key, metric, value) in [
            ("execution-model/D", "efficiency", "1"),
            ("execution-model/E", "transactions", "32"),
        ] {
            let ex = examples::find(key).unwrap();
            let out = evaluate(&CoalescingInput::from_params(ex.params));
            let got = out
                .figures
                .iter()
                .find(|f| f.metric == metric)
                .map(|f| f.value.plain());
            assert_eq!(got.as_deref(), Some(value), "{key}");
        }
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
        check_error("elem=3", "elem", "choose 1, 2, 4, 8, 16");
        check_error("elem=x", "elem", "whole number");
        check_error("line=100", "line", "choose 32, 64, 128");
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
            e[0].message.contains("1, 2, 4, 8, 16 bytes mein se chuno"),
            "{}",
            e[0].message
        );
        let walk = with_lang(Lang::Hinglish, || run("matrix=64&walk=diagonal")).errors;
        assert!(
            walk[0].message.contains("row ya column chuno"),
            "{}",
            walk[0].message
        );
        let labels = with_lang(Lang::Hinglish, || {
            FIELDS.iter().map(FieldSpec::label_text).collect::<Vec<_>>()
        });
        assert_eq!(labels[0], "Element ke bytes");
        assert_eq!(FIELDS[0].label_text(), "Element bytes");
        assert_eq!(FIELDS[9].hint_text(), "aos or soa");
    }

    #[test]
    fn url_writes_only_what_differs() {
        let mut q = Query::parse("panel=coalescing");
        CoalescingInput {
            stride: "32".into(),
            ..CoalescingInput::default()
        }
        .write_query(&mut q);
        assert_eq!(q.to_search(), "?panel=coalescing&stride=32");
    }

    proptest! {
        #[test]
        fn any_text_gives_figures_or_named_errors(
            elem in ".{0,4}", stride in ".{0,6}", offset in ".{0,6}", line in ".{0,4}", lanes in ".{0,3}",
            matrix in ".{0,4}", walk in ".{0,6}",
        ) {
            let input = CoalescingInput { elem, stride, offset, line, lanes, matrix, walk, ..CoalescingInput::default() };
            let out = evaluate(&input);
            prop_assert!(!out.figures.is_empty() || !out.errors.is_empty());
            for e in &out.errors {
                prop_assert!(URL_PARAMS.contains(&e.param.as_str()), "{}", e.param);
            }
        }
    }
}

crate::raw_fields!(CoalescingInput {
    "elem" => elem,
    "stride" => stride,
    "offset" => offset,
    "line" => line,
    "lanes" => lanes,
    "matrix" => matrix,
    "walk" => walk,
    "fields" => fields,
    "field" => field,
    "layout" => layout,
});
