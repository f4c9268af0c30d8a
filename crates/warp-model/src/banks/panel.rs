//! The bank-conflict panel: its parameters, declared once, and its whole output from their raw
//! text: the read the inputs describe (a strided 1-D read, or a walk over a tile), the rule's
//! report, the figures, named errors, worked steps, the phases to draw and the sweep.
//!
//! Two modes (`mode=stride|tile`): a link without `mode` opens tile mode when it gives `tile`,
//! so `?panel=banks&tile=32` is the transpose.

use super::read::{BanksRead, SweepAxis};
use super::read::{
    StridedRead, Swizzle, TileRead, Walk, MAX_OFFSET, MAX_PAD, MAX_STRIDE, MAX_TILE, SWEEP_PADS,
    SWEEP_STRIDES, TILE_ROWS,
};
use super::rule::BankError;
use super::rule::BankReport;
use super::worked::{self, PhasePicture};
use crate::figure::Figure;
use crate::i18n::Msg;
use crate::msg;
use crate::panel::{Inputs, ModeSpec, Modes, PanelModel};
use crate::params::{Choice, Param, ParamError};
use crate::worked::Worked;

/// `mode`: a strided 1-D read, or a walk over a tile. A link without it opens tile mode when
/// it gives `tile`.
pub const MODE: Param = Param::choice("mode", msg!("banks.field.mode"), &MODE_CHOICES, "stride");
const MODE_CHOICES: [Choice; 2] = [
    Choice {
        value: "stride",
        label: msg!("banks.choice.mode.stride"),
    },
    Choice {
        value: "tile",
        label: msg!("banks.choice.mode.tile"),
    },
];
/// `elem`: bytes per element (both modes).
pub const ELEM: Param = Param::choice("elem", msg!("banks.field.elem"), &ELEM_CHOICES, "4");
const ELEM_CHOICES: [Choice; 5] = [
    Choice {
        value: "1",
        label: msg!("banks.choice.elem.1"),
    },
    Choice {
        value: "2",
        label: msg!("banks.choice.elem.2"),
    },
    Choice {
        value: "4",
        label: msg!("banks.choice.elem.4"),
    },
    Choice {
        value: "8",
        label: msg!("banks.choice.elem.8"),
    },
    Choice {
        value: "16",
        label: msg!("banks.choice.elem.16"),
    },
];
/// `stride`: elements between consecutive lanes (stride mode; 0 is a broadcast).
pub const STRIDE: Param = Param::whole("stride", msg!("banks.field.stride"), 0, MAX_STRIDE, "1")
    .hint(msg!("banks.field.stride.hint"))
    .unit(msg!("banks.unit.elements"))
    .slider(64);
/// `offset`: the first lane's byte address (stride mode), a multiple of `elem`.
pub const OFFSET: Param = Param::whole("offset", msg!("banks.field.offset"), 0, MAX_OFFSET, "0")
    .hint(msg!("banks.field.offset.hint"))
    .unit(msg!("banks.unit.bytes"))
    .more();
/// `lanes`: active lanes, the first ones of the warp (both modes).
pub const LANES: Param = Param::whole("lanes", msg!("banks.field.lanes"), 1, 32, "32")
    .why_limit(msg!("banks.limit.lanes"))
    .unit(msg!("banks.unit.lanes"))
    .more();
/// `tile=W`: a row-major `T tile[32][W + pad]` (tile mode).
pub const TILE: Param = Param::whole("tile", msg!("banks.field.tile"), 1, MAX_TILE, "")
    .hint(msg!("banks.field.tile.hint"))
    .why_limit(msg!("banks.limit.tile"))
    .unit(msg!("banks.unit.elements"));
/// `pad`: unused elements after each tile row (tile mode).
pub const PAD: Param = Param::whole("pad", msg!("banks.field.pad"), 0, MAX_PAD, "0")
    .hint(msg!("banks.field.pad.hint"))
    .unit(msg!("banks.unit.elements"))
    .slider(8);
/// `walk`: lane l reads `[l][col]` (column) or `[row][l]` (row) (tile mode).
pub const WALK: Param = Param::choice("walk", msg!("banks.field.walk"), &WALK_CHOICES, "column");
const WALK_CHOICES: [Choice; 2] = [
    Choice {
        value: "column",
        label: msg!("banks.choice.walk.column"),
    },
    Choice {
        value: "row",
        label: msg!("banks.choice.walk.row"),
    },
];
/// `swizzle`: element `[r][c]` stored at column c, or c ^ (r mod W) (tile mode).
pub const SWIZZLE: Param = Param::choice(
    "swizzle",
    msg!("banks.field.swizzle"),
    &SWIZZLE_CHOICES,
    "none",
);
const SWIZZLE_CHOICES: [Choice; 2] = [
    Choice {
        value: "none",
        label: msg!("banks.choice.swizzle.none"),
    },
    Choice {
        value: "xor",
        label: msg!("banks.choice.swizzle.xor"),
    },
];
/// `col`: the column a column walk reads, below W (tile mode).
pub const COL: Param = Param::whole("col", msg!("banks.field.col"), 0, MAX_TILE - 1, "0").more();
/// `row`: the row a row walk reads, below 32 (tile mode).
pub const ROW: Param = Param::whole("row", msg!("banks.field.row"), 0, TILE_ROWS - 1, "0")
    .why_limit(msg!("banks.limit.row"))
    .more();

/// The panel's parameters, in form order.
pub const PARAMS: [Param; 11] = [
    MODE, ELEM, STRIDE, TILE, PAD, WALK, SWIZZLE, OFFSET, LANES, COL, ROW,
];

/// The two modes and the parameters each uses; `elem` and `lanes` serve both. Switching to
/// tile mode with `tile` empty opens the 32×32 transpose.
pub const MODES: Modes = Modes {
    param: &MODE,
    only: &[
        ModeSpec {
            value: "stride",
            params: &["stride", "offset"],
            infer_from: None,
            starter: &[],
        },
        ModeSpec {
            value: "tile",
            params: &["tile", "pad", "walk", "swizzle", "col", "row"],
            infer_from: Some("tile"),
            starter: &[("tile", "32")],
        },
    ],
    infer: true,
};

/// The bank-conflict panel's model.
#[derive(Clone, Copy, Debug)]
pub struct BanksModel;

/// The panel's raw inputs.
pub type BanksInput = Inputs<BanksModel>;

impl PanelModel for BanksModel {
    const NAME: &'static str = "banks";
    const TITLE: Msg = msg!("common.panel.banks.title");
    const QUESTION: Msg = msg!("common.panel.banks.question");
    const PARAMS: &'static [Param] = &PARAMS;
    const EMBED_HEIGHT: u32 = 2000;
    const MODES: Option<Modes> = Some(MODES);
    type Output = BanksOutput;

    fn evaluate(input: &BanksInput) -> BanksOutput {
        evaluate(input)
    }
    fn errors(out: &BanksOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &BanksOutput) -> &[Figure] {
        &out.figures
    }
    fn worked(out: &BanksOutput) -> &[Worked] {
        &out.worked
    }
}

/// Everything there is to show.
#[derive(Clone, Debug, PartialEq)]
pub struct BanksOutput {
    /// Problems, each naming its parameter.
    pub errors: Vec<ParamError>,
    /// The read, when valid.
    pub read: Option<BanksRead>,
    /// The rule's report, when valid.
    pub report: Option<BankReport>,
    /// `wavefronts`, `ideal-wavefronts`, `bank-conflicts`, `conflict-ways` (the key).
    pub figures: Vec<Figure>,
    /// Worked steps.
    pub worked: Vec<Worked>,
    /// The phases to draw.
    pub phases: Vec<PhasePicture>,
    /// Wavefronts against stride (1-D, strides 0–64) or pad (tile, pads 0–8).
    pub sweep: Vec<(u64, u64)>,
    /// Which of the two the sweep is.
    pub sweep_axis: SweepAxis,
}

/// Keeps a value, or the error.
fn take<T>(errors: &mut Vec<ParamError>, r: Result<T, ParamError>) -> Option<T> {
    r.map_err(|e| errors.push(e)).ok()
}

fn strided(
    input: &BanksInput,
    elem: Option<u64>,
    lanes: Option<u64>,
    errors: &mut Vec<ParamError>,
) -> Option<BanksRead> {
    let stride = take(errors, STRIDE.parse(input.get(&STRIDE)));
    let offset = take(errors, OFFSET.parse(input.get(&OFFSET)));
    if let (Some(elem), Some(offset)) = (elem, offset) {
        if !offset.is_multiple_of(elem) {
            let below = offset / elem * elem;
            errors.push(ParamError::new(
                OFFSET.name,
                crate::tr!(
                    "banks.error.misaligned",
                    offset,
                    elem,
                    below,
                    above = below + elem
                ),
            ));
            return None;
        }
    }
    Some(BanksRead::Strided(StridedRead {
        elem: elem?,
        stride: stride?,
        offset: offset?,
        lanes: lanes?,
    }))
}

fn tile(
    input: &BanksInput,
    elem: Option<u64>,
    lanes: Option<u64>,
    errors: &mut Vec<ParamError>,
) -> Option<BanksRead> {
    let width = take(errors, TILE.parse(input.get(&TILE)));
    let pad = take(errors, PAD.parse(input.get(&PAD)));
    let column = take(errors, WALK.choose(input.get(&WALK))).map(|w| w == "column");
    let xor = take(errors, SWIZZLE.choose(input.get(&SWIZZLE))).map(|s| s == "xor");
    let row = take(errors, ROW.parse(input.get(&ROW)));
    let col = width.and_then(|width| {
        let why = crate::tr!("banks.limit.col", width);
        take(
            errors,
            crate::params::parse_in_range(COL.name, input.get(&COL), 0, width - 1, &why),
        )
    });
    if let (Some(width), Some(true)) = (width, xor) {
        if !width.is_power_of_two() {
            errors.push(ParamError::new(
                SWIZZLE.name,
                crate::tr!("banks.error.swizzle-width", width),
            ));
            return None;
        }
    }
    if let (Some(width), Some(false), Some(lanes)) = (width, column, lanes) {
        if width < lanes {
            // Named on `walk`, which the learner chose to make the tile too narrow (issue
            // 65: `tile=8&walk=row` named `tile`, whose 8 is fine for the default walk).
            errors.push(ParamError::new(
                WALK.name,
                crate::tr!("banks.error.row-walk", width, lanes),
            ));
            return None;
        }
    }
    Some(BanksRead::Tile(TileRead {
        elem: elem?,
        width: width?,
        pad: pad?,
        walk: if column? { Walk::Column } else { Walk::Row },
        col: col?,
        row: row?,
        swizzle: if xor? { Swizzle::Xor } else { Swizzle::None },
        lanes: lanes?,
    }))
}

/// Evaluates the inputs: figures, worked steps, the phases to draw and the sweep, or errors
/// naming each parameter that is wrong. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &BanksInput) -> BanksOutput {
    evaluate_as::<true>(input)
}

/// [`evaluate`] without the worked steps and the pictures (`worked`, `phases` and `sweep` are
/// empty): the figures and the report a quiz question needs, and none of the code of the rest
/// in the quiz page (issue 46).
#[must_use]
pub fn figures_only(input: &BanksInput) -> BanksOutput {
    evaluate_as::<false>(input)
}

/// The panel's output, with its worked steps and pictures when `FULL`.
fn evaluate_as<const FULL: bool>(input: &BanksInput) -> BanksOutput {
    let mut errors = Vec::new();
    take(&mut errors, MODE.choose(input.get(&MODE)));
    let elem = take(&mut errors, ELEM.choose(input.get(&ELEM))).and_then(|v| v.parse().ok());
    let lanes = take(&mut errors, LANES.parse(input.get(&LANES)));
    let tile_mode = input.active_mode() == Some("tile");
    let read = if tile_mode {
        tile(input, elem, lanes, &mut errors)
    } else {
        strided(input, elem, lanes, &mut errors)
    };
    let mut out = BanksOutput {
        errors: Vec::new(),
        read: None,
        report: None,
        figures: Vec::new(),
        worked: Vec::new(),
        phases: Vec::new(),
        sweep: Vec::new(),
        sweep_axis: if tile_mode {
            SweepAxis::Pad
        } else {
            SweepAxis::Stride
        },
    };
    if let Some(read) = read.filter(|_| errors.is_empty()) {
        match read.report() {
            Ok(report) => {
                out.figures = worked::figures(&report);
                if FULL {
                    out.phases = report
                        .phases
                        .iter()
                        .map(|p| worked::picture(p, report.elem))
                        .collect();
                    out.worked.push(worked::worked(&read, &report));
                    out.sweep = match read {
                        BanksRead::Strided(s) => s.wavefronts_by_stride(SWEEP_STRIDES),
                        BanksRead::Tile(t) => t.wavefronts_by_pad(SWEEP_PADS),
                    };
                }
                out.report = Some(report);
                out.read = Some(read);
            }
            // Unreachable for inputs that passed the checks above; named all the same.
            Err(e) => {
                let param = match e {
                    BankError::Elem { .. } => ELEM.name,
                    BankError::Misaligned { .. } => OFFSET.name,
                };
                errors.push(ParamError::new(param, e.message()));
            }
        }
    }
    out.errors = errors;
    out
}
