//! The tensor-core panel: its parameters, declared once, and its whole output from their raw
//! text. Two modes (`mode=fragment|ldmatrix`): which lane holds which element of an `mma`
//! fragment, and how `ldmatrix` loads an A fragment from shared memory and what it costs on
//! the bank rule. A link names the mode (`mode=ldmatrix`); without it, fragment mode.

use super::fragment::{ElemType, Fragment, FragmentError, Operand, Owner, Shape};
use super::ldmatrix::{Ldmatrix, LdmatrixError, Placement, MAX_PITCH, MIN_PITCH};
use super::worked::{self, LdmatrixPicture};
use crate::banks::rule::BankReport;
use crate::banks::worked::PhasePicture;
use crate::figure::Figure;
use crate::i18n::Msg;
use crate::msg;
use crate::panel::{Inputs, ModeSpec, Modes, PanelModel};
use crate::params::{Choice, Param, ParamError};
use crate::worked::Worked;

/// `mode`: a fragment's lanes, or an `ldmatrix` load.
pub const MODE: Param = Param::choice("mode", msg!("mma.field.mode"), &MODE_CHOICES, "fragment");
const MODE_CHOICES: [Choice; 2] = [
    Choice {
        value: "fragment",
        label: msg!("mma.choice.mode.fragment"),
    },
    Choice {
        value: "ldmatrix",
        label: msg!("mma.choice.mode.ldmatrix"),
    },
];
/// `shape`: `m16n8k16` or `m16n8k8`.
pub const SHAPE: Param =
    Param::choice("shape", msg!("mma.field.shape"), &SHAPE_CHOICES, "m16n8k16");
const SHAPE_CHOICES: [Choice; 2] = [
    Choice {
        value: "m16n8k16",
        label: msg!("mma.choice.shape.m16n8k16"),
    },
    Choice {
        value: "m16n8k8",
        label: msg!("mma.choice.shape.m16n8k8"),
    },
];
/// `type`: the type of A and B.
pub const TYPE: Param = Param::choice("type", msg!("mma.field.type"), &TYPE_CHOICES, "f16");
const TYPE_CHOICES: [Choice; 3] = [
    Choice {
        value: "f16",
        label: msg!("mma.choice.type.f16"),
    },
    Choice {
        value: "bf16",
        label: msg!("mma.choice.type.bf16"),
    },
    Choice {
        value: "tf32",
        label: msg!("mma.choice.type.tf32"),
    },
];
/// `operand`: A, B or C/D.
pub const OPERAND: Param =
    Param::choice("operand", msg!("mma.field.operand"), &OPERAND_CHOICES, "c");
const OPERAND_CHOICES: [Choice; 3] = [
    Choice {
        value: "a",
        label: msg!("mma.choice.operand.a"),
    },
    Choice {
        value: "b",
        label: msg!("mma.choice.operand.b"),
    },
    Choice {
        value: "c",
        label: msg!("mma.choice.operand.c"),
    },
];
/// `lane`: the lane whose elements are asked for (optional).
pub const LANE: Param = Param::whole("lane", msg!("mma.field.lane"), 0, 31, "")
    .hint(msg!("mma.field.lane.hint"))
    .why_limit(msg!("mma.limit.lane"));
/// `row`: the row of the element whose owner is asked for.
pub const ROW: Param =
    Param::whole("row", msg!("mma.field.row"), 0, 15, "9").hint(msg!("mma.field.row.hint"));
/// `col`: its column.
pub const COL: Param =
    Param::whole("col", msg!("mma.field.col"), 0, 15, "3").hint(msg!("mma.field.col.hint"));
/// `x`: matrices an `ldmatrix` loads.
pub const X: Param = Param::choice("x", msg!("mma.field.x"), &X_CHOICES, "4");
const X_CHOICES: [Choice; 3] = [
    Choice {
        value: "1",
        label: msg!("mma.choice.x.1"),
    },
    Choice {
        value: "2",
        label: msg!("mma.choice.x.2"),
    },
    Choice {
        value: "4",
        label: msg!("mma.choice.x.4"),
    },
];
/// `trans`: `.trans` or not.
pub const TRANS: Param = Param::choice("trans", msg!("mma.field.trans"), &TRANS_CHOICES, "0");
const TRANS_CHOICES: [Choice; 2] = [
    Choice {
        value: "0",
        label: msg!("mma.choice.trans.0"),
    },
    Choice {
        value: "1",
        label: msg!("mma.choice.trans.1"),
    },
];
/// `pitch`: halves from one row of the shared tile to the next.
pub const PITCH: Param = Param::whole("pitch", msg!("mma.field.pitch"), MIN_PITCH, MAX_PITCH, "64")
    .hint(msg!("mma.field.pitch.hint"))
    .unit(msg!("mma.unit.halves"))
    .slider(128);
/// `swizzle`: where a row's 16-byte chunks are stored.
pub const SWIZZLE: Param = Param::choice(
    "swizzle",
    msg!("mma.field.swizzle"),
    &SWIZZLE_CHOICES,
    "none",
);
const SWIZZLE_CHOICES: [Choice; 2] = [
    Choice {
        value: "none",
        label: msg!("mma.choice.swizzle.none"),
    },
    Choice {
        value: "xor",
        label: msg!("mma.choice.swizzle.xor"),
    },
];

/// The panel's parameters, in form order.
pub const PARAMS: [Param; 11] = [
    MODE, SHAPE, TYPE, OPERAND, LANE, ROW, COL, X, TRANS, PITCH, SWIZZLE,
];

/// The two modes and the parameters each uses.
pub const MODES: Modes = Modes {
    param: &MODE,
    only: &[
        ModeSpec {
            value: "fragment",
            params: &["shape", "type", "operand", "lane", "row", "col"],
            infer_from: None,
            starter: &[],
        },
        ModeSpec {
            value: "ldmatrix",
            params: &["x", "trans", "pitch", "swizzle"],
            infer_from: None,
            starter: &[],
        },
    ],
    infer: false,
};

/// The tensor-core panel's model.
#[derive(Clone, Copy, Debug)]
pub struct MmaModel;

/// The panel's raw inputs.
pub type MmaInput = Inputs<MmaModel>;

impl PanelModel for MmaModel {
    const NAME: &'static str = "mma";
    const TITLE: Msg = msg!("common.panel.mma.title");
    const QUESTION: Msg = msg!("common.panel.mma.question");
    const PARAMS: &'static [Param] = &PARAMS;
    const EMBED_HEIGHT: u32 = 2400;
    const MODES: Option<Modes> = Some(MODES);
    type Output = MmaOutput;

    fn evaluate(input: &MmaInput) -> MmaOutput {
        evaluate(input)
    }
    fn errors(out: &MmaOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &MmaOutput) -> &[Figure] {
        &out.figures
    }
    fn worked(out: &MmaOutput) -> &[Worked] {
        &out.worked
    }
}

/// One element of the operand's matrix, as the picture draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Its row.
    pub row: u64,
    /// Its column.
    pub col: u64,
    /// Who holds it.
    pub owner: Owner,
    /// Its register element's name: `a0`, `c3`.
    pub name: String,
}

/// The fragment as the picture draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FragmentPicture {
    /// The fragment.
    pub fragment: Fragment,
    /// Rows and columns of its matrix.
    pub dims: (u64, u64),
    /// Every element, row by row.
    pub cells: Vec<Cell>,
    /// The lane asked about.
    pub lane: Option<u64>,
    /// The element asked about.
    pub element: Option<(u64, u64)>,
    /// The lane that holds the element asked about (the view outlines its button).
    pub element_lane: Option<u64>,
    /// The picture in words, for a screen reader.
    pub summary: String,
}

/// Everything there is to show.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MmaOutput {
    /// Problems, each naming its parameter.
    pub errors: Vec<ParamError>,
    /// The figures: `fragment-elements`, `element-I` with a lane, `owner-lane` and
    /// `owner-element` with a row and column; or the banks figures of an `ldmatrix`.
    pub figures: Vec<Figure>,
    /// Worked steps.
    pub worked: Vec<Worked>,
    /// The fragment's picture (fragment mode).
    pub fragment: Option<FragmentPicture>,
    /// The load's picture (ldmatrix mode).
    pub ldmatrix: Option<LdmatrixPicture>,
    /// The bank rule's phases of the load, drawn as the banks panel draws them.
    pub phases: Vec<PhasePicture>,
    /// The banks panel's view of the same read (no `?`), where it has one.
    pub banks_link: Option<String>,
}

/// Keeps a value, or the error.
fn take<T>(errors: &mut Vec<ParamError>, r: Result<T, ParamError>) -> Option<T> {
    r.map_err(|e| errors.push(e)).ok()
}

/// Evaluates the inputs: figures, worked steps and pictures, or errors naming each parameter
/// that is wrong. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &MmaInput) -> MmaOutput {
    evaluate_as::<true>(input)
}

/// [`evaluate`] without the worked steps and the pictures (`worked` is empty, and no fragment,
/// phases, load or banks link): the figures a quiz question needs, and none of the code of
/// the rest in the quiz page (issue 46).
#[must_use]
pub fn figures_only(input: &MmaInput) -> MmaOutput {
    evaluate_as::<false>(input)
}

/// The panel's output, with its worked steps and pictures when `FULL`.
fn evaluate_as<const FULL: bool>(input: &MmaInput) -> MmaOutput {
    let mut out = MmaOutput::default();
    let mut errors = Vec::new();
    take(&mut errors, MODE.choose(input.get(&MODE)));
    if input.active_mode() == Some("ldmatrix") {
        if let Some(load) = read_ldmatrix(input, &mut errors) {
            if let Ok(report) = load.report() {
                fill_ldmatrix::<FULL>(&mut out, &load, &report);
            }
        }
    } else if let Some((fragment, lane, element)) = read_fragment(input, &mut errors) {
        fill_fragment::<FULL>(&mut out, fragment, lane, element);
    }
    if errors.is_empty() {
        out
    } else {
        MmaOutput {
            errors,
            ..MmaOutput::default()
        }
    }
}

type FragmentAsk = (Fragment, Option<u64>, Option<(u64, u64)>);

fn read_fragment(input: &MmaInput, errors: &mut Vec<ParamError>) -> Option<FragmentAsk> {
    let shape = take(errors, SHAPE.choose(input.get(&SHAPE))).and_then(Shape::parse);
    let ty = take(errors, TYPE.choose(input.get(&TYPE))).and_then(ElemType::parse);
    let operand = take(errors, OPERAND.choose(input.get(&OPERAND))).and_then(Operand::parse);
    let lane = if LANE.is_set(input.get(&LANE)) {
        take(errors, LANE.parse(input.get(&LANE))).map(Some)
    } else {
        Some(None)
    };
    let fragment = match (shape, ty, operand) {
        (Some(shape), Some(ty), Some(operand)) => match Fragment::new(shape, ty, operand) {
            Ok(f) => Some(f),
            Err(FragmentError::Tf32Shape(shape)) => {
                errors.push(ParamError::new(
                    TYPE.name,
                    crate::tr!("mma.error.tf32-shape", shape = shape.name()),
                ));
                None
            }
        },
        _ => None,
    };
    let (row_raw, col_raw) = (input.get(&ROW).trim(), input.get(&COL).trim());
    let element = match (row_raw.is_empty(), col_raw.is_empty()) {
        (true, true) => Some(None),
        (false, true) => {
            errors.push(ParamError::new(
                COL.name,
                crate::tr!("mma.error.col-missing"),
            ));
            None
        }
        (true, false) => {
            errors.push(ParamError::new(
                ROW.name,
                crate::tr!("mma.error.row-missing"),
            ));
            None
        }
        (false, false) => {
            // No matrix to measure a row against while the shape, type or operand is wrong (it
            // is named): a range from a guessed matrix read "C of has 16 rows" (issue 45).
            let (Some(f), Some(shape), Some(operand)) = (fragment, shape, operand) else {
                return None;
            };
            let (rows, cols) = f.dims();
            let matrix = operand.matrix();
            let shape_name = shape.name();
            let why_row = crate::tr!("mma.limit.rows", matrix, rows, shape = shape_name);
            let why_col = crate::tr!("mma.limit.cols", matrix, cols, shape = shape_name);
            // The default element (row 9, col 3) is the panel's, not the learner's: where the
            // chosen matrix is smaller (B of m16n8k8 has 8 rows) it is fitted to its last row
            // or column (issue 45), and the worked step names the element shown. A value the
            // link or the learner gives, the default's text included, is read as given (issue
            // 65: `row=9` with B of m16n8k8 was shown as row 7 without a word).
            let fitted = |raw: &str, p: &Param, last: u64| {
                (raw == p.default && !input.given(p))
                    .then(|| raw.parse::<u64>().ok())
                    .flatten()
                    .map_or_else(|| raw.to_string(), |v| v.min(last).to_string())
            };
            let (row_raw, col_raw) = (
                fitted(row_raw, &ROW, rows - 1),
                fitted(col_raw, &COL, cols - 1),
            );
            let row = take(
                errors,
                crate::params::parse_in_range(ROW.name, &row_raw, 0, rows - 1, &why_row),
            );
            let col = take(
                errors,
                crate::params::parse_in_range(COL.name, &col_raw, 0, cols - 1, &why_col),
            );
            row.zip(col).map(Some)
        }
    };
    Some((fragment?, lane?, element?))
}

fn fill_fragment<const FULL: bool>(
    out: &mut MmaOutput,
    fragment: Fragment,
    lane: Option<u64>,
    element: Option<(u64, u64)>,
) {
    let owner = element.and_then(|(r, c)| fragment.owner(r, c));
    out.figures = worked::fragment_figures(&fragment, lane, owner);
    if !FULL {
        return;
    }
    if let (Some((row, col)), Some(owner)) = (element, owner) {
        out.worked
            .push(worked::owner_worked(&fragment, row, col, owner));
    }
    if let Some(lane) = lane {
        out.worked.push(worked::lane_worked(&fragment, lane));
    }
    if out.worked.is_empty() {
        out.worked.push(worked::lane_worked(&fragment, 0));
    }
    let (rows, cols) = fragment.dims();
    let cells: Vec<Cell> = (0..rows)
        .flat_map(|row| (0..cols).map(move |col| (row, col)))
        .filter_map(|(row, col)| {
            let owner = fragment.owner(row, col)?;
            Some(Cell {
                row,
                col,
                owner,
                name: fragment.element_name(owner.element),
            })
        })
        .collect();
    out.fragment = Some(FragmentPicture {
        fragment,
        dims: (rows, cols),
        summary: worked::fragment_summary(&fragment),
        cells,
        lane,
        element,
        element_lane: owner.map(|o| o.lane),
    });
}

fn read_ldmatrix(input: &MmaInput, errors: &mut Vec<ParamError>) -> Option<Ldmatrix> {
    let x = take(errors, X.choose(input.get(&X))).and_then(|v| v.parse::<u64>().ok());
    let trans = take(errors, TRANS.choose(input.get(&TRANS))).map(|v| v == "1");
    let pitch = take(errors, PITCH.parse(input.get(&PITCH)));
    let placement = take(errors, SWIZZLE.choose(input.get(&SWIZZLE))).map(|v| {
        if v == "xor" {
            Placement::Xor
        } else {
            Placement::Plain
        }
    });
    let (x, trans, pitch, placement) = (x?, trans?, pitch?, placement?);
    match Ldmatrix::new(x, trans, pitch, placement) {
        Ok(load) => Some(load),
        Err(e) => {
            let below = pitch / 8 * 8;
            let (param, message) = match e {
                LdmatrixError::PitchAlign(_) => (
                    PITCH.name,
                    crate::tr!(
                        "mma.error.pitch-align",
                        pitch,
                        below = below.max(MIN_PITCH),
                        above = below + 8
                    ),
                ),
                LdmatrixError::SwizzlePitch(_) => {
                    (SWIZZLE.name, crate::tr!("mma.error.swizzle-pitch", pitch))
                }
                // Refused by the parameters' own checks first; named all the same.
                LdmatrixError::PitchRange(_) => (
                    PITCH.name,
                    crate::tr!(
                        "mma.error.pitch-align",
                        pitch,
                        below = MIN_PITCH,
                        above = MAX_PITCH
                    ),
                ),
                LdmatrixError::Count(_) => (X.name, crate::tr!("mma.error.x")),
            };
            errors.push(ParamError::new(param, message));
            None
        }
    }
}

fn fill_ldmatrix<const FULL: bool>(out: &mut MmaOutput, load: &Ldmatrix, report: &BankReport) {
    out.figures = crate::banks::worked::figures(report);
    if !FULL {
        return;
    }
    out.phases = report
        .phases
        .iter()
        .filter(|p| p.is_active())
        .map(|p| crate::banks::worked::picture(p, report.elem))
        .collect();
    out.worked.push(worked::ldmatrix_worked(load, report));
    out.ldmatrix = Some(worked::ldmatrix_picture(load));
    out.banks_link = banks_link(load);
}

/// The banks panel's link for the same read, written by the banks panel's own parameters
/// (`panel::link`, the one writer of a cross-panel link; the tile mode goes without saying, as
/// `tile=` implies it, and a parameter at its default is left out, as the banks panel writes
/// its own address). Not through `BanksInput::write_query`: that copied the banks panel's
/// whole address writer into this page (measured, issue 46).
#[must_use]
pub fn banks_link(load: &Ldmatrix) -> Option<String> {
    use crate::banks::panel as banks;
    let tile = load.banks_tile()?;
    let width = tile.width.to_string();
    let lanes = tile.lanes.to_string();
    let mut values = vec![(&banks::ELEM, "16"), (&banks::TILE, width.as_str())];
    if lanes != banks::LANES.default {
        values.push((&banks::LANES, lanes.as_str()));
    }
    if tile.xor {
        values.push((&banks::SWIZZLE, "xor"));
    }
    Some(crate::panel::link::<banks::BanksModel>(&values))
}
