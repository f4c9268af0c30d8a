//! Shared-memory bank conflicts: what one warp's shared-memory request costs in wavefronts.
//!
//! The rule. Shared memory has 32 banks; successive 4-byte words go to successive banks
//! (bank = word mod 32). A warp's request is served in phases: one phase for elements of 1, 2
//! or 4 bytes; two half-warps (lanes 0–15, 16–31) for 8-byte elements; four quarter-warps
//! (lanes 0–7, 8–15, 16–23, 24–31) for 16-byte elements. In each phase the number of
//! **wavefronts** is the largest number of *distinct* words that any single bank must deliver
//! (lanes that read the same word share it: a broadcast, not a conflict). Wavefronts of the
//! request = the sum over phases that have an active lane; **ideal wavefronts** = the number
//! of such phases; **bank conflicts** = wavefronts − ideal; **conflict ways** = the largest
//! per-phase count.
//!
//! These are the quantities the profiler reports, so a learner can check them on a real GPU
//! with Nsight Compute: `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum` (loads) and
//! `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum` (stores) count wavefronts;
//! `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum` and
//! `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum` count bank conflicts.
//!
//! A choice: an 8- or 16-byte element spans 2 or 4 consecutive words (and banks), and a
//! lane's access touches every word it spans; an element of 1 or 2 bytes lies inside one
//! word, which it shares with its neighbours. Addresses must be multiples of the element size
//! (the GPU faults on a misaligned address; so does [`bank_report`]).
//!
//! What it deliberately leaves out: loads and stores are costed alike; the phase split above
//! is the one rule for every GPU (refinements some architectures apply to 8- and 16-byte
//! accesses are not modelled); the latency of a wavefront (this counts them, it does not time
//! them); and the capacity of shared memory (a tile is not checked against the 48–228 KB a
//! block may have).
//!
//! The pieces: [`rule`] (the rule, over any 32 per-lane addresses: the kernel lab calls it
//! for every shared-memory load and store), [`read`] (a strided 1-D read and a walk over a
//! `T tile[32][W + pad]`, the transpose), [`worked`] (figures, the "why" line of each phase,
//! worked steps), [`presets`] (the classics), and [`evaluate`] here (the whole output from
//! the raw text of the inputs).
//!
//! The key figure is `conflict-ways`: "an N-way bank conflict" is how the classics are named
//! and taught (2-way, 32-way), it is the factor by which the worst phase is slower than a
//! conflict-free one, and it reads the same whatever the element size (`bank-conflicts` grows
//! with the number of phases: doubles at stride 2 have 2 conflicts but are 2-way, like floats
//! at stride 2 with 1 conflict). `bank-conflicts` stays beside it, named after the profiler
//! counter.

pub mod presets;
pub mod read;
pub mod rule;
pub mod worked;

#[cfg(test)]
mod evaluate_tests;
#[cfg(test)]
mod tests;

pub use read::{StridedRead, Swizzle, TileRead, Walk};
pub use rule::{bank_report, BankError, BankPhase, BankReport, BankTouch};

use crate::figure::Figure;
use crate::params::{parse_in_range, parse_whole, quote, ParamError, Whole};
use crate::query::Query;
use crate::worked::Worked;
use read::{MAX_OFFSET, MAX_PAD, MAX_STRIDE, MAX_TILE, SWEEP_PADS, SWEEP_STRIDES, TILE_ROWS};
use rule::ELEM_SIZES;

/// The inputs as typed, one raw string per URL parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BanksInput {
    /// `elem`: bytes per element (1, 2, 4, 8, 16).
    pub elem: String,
    /// `stride`: elements between consecutive lanes (1-D), 0–4096; 0 = broadcast.
    pub stride: String,
    /// `offset`: the first lane's byte address (1-D), a multiple of `elem`.
    pub offset: String,
    /// `lanes`: active lanes, the first ones of the warp (1–32).
    pub lanes: String,
    /// `tile=W`: a row-major `T tile[32][W + pad]` (1–1024); empty for the 1-D read.
    pub tile: String,
    /// `pad`: unused elements after each tile row (0–64).
    pub pad: String,
    /// `walk=row|column`: lane l reads `[row][l]`, or `[l][col]`.
    pub walk: String,
    /// `col`: the column a column walk reads (below W).
    pub col: String,
    /// `row`: the row a row walk reads (below 32).
    pub row: String,
    /// `swizzle=none|xor`: element `[r][c]` stored at column c, or c ^ (r mod W).
    pub swizzle: String,
}

impl Default for BanksInput {
    fn default() -> Self {
        BanksInput {
            elem: "4".into(),
            stride: "1".into(),
            offset: "0".into(),
            lanes: "32".into(),
            tile: String::new(),
            pad: "0".into(),
            walk: "column".into(),
            col: "0".into(),
            row: "0".into(),
            swizzle: "none".into(),
        }
    }
}

/// The URL parameters of the inputs.
pub const URL_PARAMS: [&str; 10] = [
    "elem", "stride", "offset", "lanes", "tile", "pad", "walk", "col", "row", "swizzle",
];

crate::raw_fields!(BanksInput {
    "elem" => elem,
    "stride" => stride,
    "offset" => offset,
    "lanes" => lanes,
    "tile" => tile,
    "pad" => pad,
    "walk" => walk,
    "col" => col,
    "row" => row,
    "swizzle" => swizzle,
});

impl BanksInput {
    /// The inputs of `params` (name, value) over the defaults; unknown names are ignored.
    #[must_use]
    pub fn from_params(params: &[(&str, &str)]) -> BanksInput {
        let mut input = BanksInput::default();
        for (name, value) in params {
            input.set_field(name, (*value).to_string());
        }
        input
    }

    /// The inputs a query string asks for, over `base`.
    #[must_use]
    pub fn from_query(q: &Query, base: &BanksInput) -> BanksInput {
        let mut input = base.clone();
        for name in URL_PARAMS {
            if let Some(v) = q.get(name) {
                input.set_field(name, v.to_string());
            }
        }
        input
    }
}

/// The read the inputs describe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BanksRead {
    /// Lane l at byte offset + l·stride·elem.
    Strided(StridedRead),
    /// A walk over a tile.
    Tile(TileRead),
}

impl BanksRead {
    /// Every lane's address.
    #[must_use]
    pub fn addresses(&self) -> read::LaneAddresses {
        match self {
            BanksRead::Strided(s) => s.addresses(),
            BanksRead::Tile(t) => t.addresses(),
        }
    }

    /// Bytes per element.
    #[must_use]
    pub fn elem(&self) -> u64 {
        match self {
            BanksRead::Strided(s) => s.elem,
            BanksRead::Tile(t) => t.elem,
        }
    }

    /// The rule applied to the read.
    ///
    /// # Errors
    /// As [`bank_report`]: only for inputs `evaluate` would have refused.
    pub fn report(&self) -> Result<BankReport, BankError> {
        bank_report(&self.addresses(), self.elem())
    }
}

/// What the chart's x axis is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepAxis {
    /// Stride in elements (the 1-D read).
    Stride,
    /// Padding in elements (the tile).
    Pad,
}

/// One phase as the picture draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhasePicture {
    /// The phase's number, from 0.
    pub index: u64,
    /// Its first lane.
    pub first_lane: u64,
    /// Its last lane.
    pub last_lane: u64,
    /// (lane, word, bank) for every word an active lane touches, by lane: a lane with an 8-
    /// or 16-byte element appears 2 or 4 times.
    pub cells: Vec<(u64, u64, u64)>,
    /// Its wavefronts.
    pub wavefronts: u64,
    /// The bank that sets them, if a lane is active.
    pub worst_bank: Option<u64>,
    /// Why it costs that many, in one line.
    pub why: String,
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

/// A whole number among `allowed`; otherwise an error listing them.
fn one_of(name: &str, raw: &str, allowed: &[u64], unit: &str) -> Result<u64, ParamError> {
    let list = allowed
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let value = match parse_whole(name, raw, &crate::tr!("banks.error.among", list, unit))? {
        Whole::NonNegative(v) if allowed.contains(&v) => return Ok(v),
        Whole::NonNegative(v) => v.to_string(),
        Whole::Negative(v) => format!("−{v}"),
    };
    Err(ParamError::new(
        name,
        crate::tr!("banks.error.not-allowed", name, value, list, unit),
    ))
}

/// One of two words (case-insensitive; empty = the first); otherwise an error naming both.
fn word_choice(name: &str, raw: &str, choices: [&str; 2]) -> Result<bool, ParamError> {
    match raw.trim() {
        "" => Ok(false),
        s if s.eq_ignore_ascii_case(choices[0]) => Ok(false),
        s if s.eq_ignore_ascii_case(choices[1]) => Ok(true),
        _ => Err(ParamError::new(
            name,
            crate::tr!(
                "banks.error.choose",
                name,
                value = quote(raw),
                first = choices[0],
                second = choices[1],
            ),
        )),
    }
}

fn strided(
    input: &BanksInput,
    elem: Option<u64>,
    lanes: Option<u64>,
    errors: &mut Vec<ParamError>,
) -> Option<BanksRead> {
    let stride = take(
        errors,
        parse_in_range("stride", &input.stride, 0, MAX_STRIDE, ""),
    );
    let offset = take(
        errors,
        parse_in_range("offset", &input.offset, 0, MAX_OFFSET, ""),
    );
    if let (Some(elem), Some(offset)) = (elem, offset) {
        if !offset.is_multiple_of(elem) {
            let below = offset / elem * elem;
            errors.push(ParamError::new(
                "offset",
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
    let width = take(
        errors,
        parse_in_range(
            "tile",
            &input.tile,
            1,
            MAX_TILE,
            crate::t!("banks.limit.tile"),
        ),
    );
    let pad = take(errors, parse_in_range("pad", &input.pad, 0, MAX_PAD, ""));
    let column = take(errors, word_choice("walk", &input.walk, ["column", "row"])).map(|r| !r);
    let xor = take(
        errors,
        word_choice("swizzle", &input.swizzle, ["none", "xor"]),
    );
    let row = take(
        errors,
        parse_in_range(
            "row",
            &input.row,
            0,
            TILE_ROWS - 1,
            crate::t!("banks.limit.row"),
        ),
    );
    let col = width.and_then(|width| {
        let why = crate::tr!("banks.limit.col", width);
        take(
            errors,
            parse_in_range("col", &input.col, 0, width - 1, &why),
        )
    });
    if let (Some(width), Some(true)) = (width, xor) {
        if !width.is_power_of_two() {
            errors.push(ParamError::new(
                "swizzle",
                crate::tr!("banks.error.swizzle-width", width),
            ));
            return None;
        }
    }
    if let (Some(width), Some(false), Some(lanes)) = (width, column, lanes) {
        if width < lanes {
            errors.push(ParamError::new(
                "tile",
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
/// naming each parameter that is wrong. Tile mode when `tile` is not empty. Never panics,
/// whatever the text.
#[must_use]
pub fn evaluate(input: &BanksInput) -> BanksOutput {
    let mut errors = Vec::new();
    let bytes = crate::t!("banks.unit.bytes");
    let elem = take(&mut errors, one_of("elem", &input.elem, &ELEM_SIZES, bytes));
    let lanes = take(
        &mut errors,
        parse_in_range(
            "lanes",
            &input.lanes,
            1,
            crate::WARP_SIZE,
            crate::t!("banks.limit.lanes"),
        ),
    );
    let tile_mode = !input.tile.trim().is_empty();
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
                out.report = Some(report);
                out.read = Some(read);
            }
            // Unreachable for inputs that passed the checks above; named all the same.
            Err(e) => {
                let param = match e {
                    BankError::Elem { .. } => "elem",
                    BankError::Misaligned { .. } => "offset",
                };
                errors.push(ParamError::new(param, e.message()));
            }
        }
    }
    out.errors = errors;
    out
}
