//! The words around the numbers: the figures, the worked steps (an element's lane from
//! `groupID` and `threadID_in_group`, a lane's elements, an `ldmatrix`'s wavefronts) and the
//! pictures' data.

use super::fragment::{Fragment, Owner, Source};
use super::ldmatrix::{Ldmatrix, Placement, HALF_BYTES, MAX_PITCH, ROW_HALVES};
use crate::banks::rule::{BankReport, BANKS, WORD_BYTES};
use crate::figure::{Figure, Value};
use crate::worked::{t, Step, Worked};
use crate::WARP_SIZE;

/// `element-0` … `element-7`: the figures of a lane's register elements, in register order.
pub const ELEMENT_METRICS: [&str; 8] = [
    "element-0",
    "element-1",
    "element-2",
    "element-3",
    "element-4",
    "element-5",
    "element-6",
    "element-7",
];
/// The bytes of one row address's chunk: 8 halves.
const CHUNK_BYTES: u64 = ROW_HALVES * HALF_BYTES;
const A_NAMES: [&str; 8] = ["a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7"];
const B_NAMES: [&str; 8] = ["b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7"];
const C_NAMES: [&str; 8] = ["c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7"];

fn names(fragment: Fragment) -> &'static [&'static str; 8] {
    match fragment.operand {
        super::fragment::Operand::A => &A_NAMES,
        super::fragment::Operand::B => &B_NAMES,
        super::fragment::Operand::C => &C_NAMES,
    }
}

/// The fragment's figures: `fragment-elements` and `fragment-registers`; with a lane, each
/// `element-I`; with an element, `owner-lane` (the key) and `owner-element`.
#[must_use]
pub fn fragment_figures(
    fragment: &Fragment,
    lane: Option<u64>,
    owner: Option<Owner>,
) -> Vec<Figure> {
    let mut out = vec![
        Figure::new(
            "fragment-elements",
            crate::t!("mma.figure.fragment-elements"),
            Value::Int(fragment.per_lane()),
            crate::t!("mma.unit.elements"),
            crate::t!("mma.figure.fragment-elements.help"),
        ),
        Figure::new(
            "fragment-registers",
            crate::t!("mma.figure.fragment-registers"),
            Value::Int(fragment.per_lane() / fragment.per_register()),
            crate::t!("mma.unit.registers"),
            crate::t!("mma.figure.fragment-registers.help"),
        ),
    ];
    if let Some(lane) = lane {
        for ((i, metric), label) in (0u64..).zip(ELEMENT_METRICS).zip(names(*fragment)) {
            if let Some((row, col)) = fragment.position(lane, i) {
                out.push(Figure::new(
                    metric,
                    label,
                    Value::Coords(vec![row, col]),
                    "",
                    crate::t!("mma.figure.element.help"),
                ));
            }
        }
    }
    if let Some(owner) = owner {
        out.push(
            Figure::new(
                "owner-lane",
                crate::t!("mma.figure.owner-lane"),
                Value::Id(owner.lane),
                "",
                crate::t!("mma.figure.owner-lane.help"),
            )
            .key(),
        );
        out.push(Figure::new(
            "owner-element",
            crate::t!("mma.figure.owner-element"),
            Value::Id(owner.element),
            "",
            crate::t!("mma.figure.owner-element.help"),
        ));
    } else if let Some(first) = out.first_mut() {
        *first = first.clone().key();
    }
    out
}

fn instruction(fragment: Fragment) -> String {
    crate::tr!(
        "mma.instruction",
        shape = fragment.shape.name(),
        ty = fragment.ty.name()
    )
}

/// How `axis` reaches `value`, in words: "row = groupID + 8 = 9 gives groupID = 1".
fn inverted(what: &str, axis: super::fragment::Axis, value: u64, source_value: u64) -> String {
    crate::tr!(
        "mma.step.invert",
        what,
        formula = axis,
        value,
        source = axis.source.name(),
        source_value
    )
}

/// "Which lane holds `C[9][3]`?", worked from the ISA's table.
#[must_use]
pub fn owner_worked(fragment: &Fragment, row: u64, col: u64, owner: Owner) -> Worked {
    let matrix = fragment.operand.matrix();
    let name = fragment.element_name(owner.element);
    let place = fragment.places()[usize::try_from(owner.element).unwrap_or(0)];
    let value_of = |s: Source| match s {
        Source::Group => owner.group,
        Source::Thread => owner.thread,
    };
    let steps = vec![
        Step {
            title: crate::tr!("mma.step.split.title"),
            body: vec![t(crate::tr!("mma.step.split.body"))],
            why: crate::tr!("mma.step.split.why"),
        },
        Step {
            title: crate::tr!("mma.step.find.title", matrix, row, col),
            body: vec![t(crate::tr!(
                "mma.step.find.body",
                name,
                row_rule = inverted("row", place.row, row, value_of(place.row.source)),
                col_rule = inverted("col", place.col, col, value_of(place.col.source)),
            ))],
            why: crate::tr!("mma.step.find.why"),
        },
        Step {
            title: crate::tr!("mma.step.lane.title"),
            body: vec![t(crate::tr!(
                "mma.step.lane.body",
                group = owner.group,
                thread = owner.thread,
                lane = owner.lane
            ))],
            why: crate::tr!("mma.step.lane.why"),
        },
    ];
    let (r2, c2) = fragment
        .position(owner.lane, owner.element)
        .unwrap_or((row, col));
    Worked {
        question: crate::tr!(
            "mma.question.owner",
            matrix,
            row,
            col,
            instruction = instruction(*fragment)
        ),
        forecast: crate::tr!("mma.forecast.owner"),
        steps,
        answer: crate::tr!(
            "mma.answer.owner",
            matrix,
            row,
            col,
            lane = owner.lane,
            name
        ),
        verify: vec![t(crate::tr!(
            "mma.verify.owner",
            lane = owner.lane,
            group = owner.lane >> 2,
            thread = owner.lane % 4,
            name,
            row = r2,
            col = c2
        ))],
    }
}

/// "Which elements does lane L hold?", worked from the ISA's table.
#[must_use]
pub fn lane_worked(fragment: &Fragment, lane: u64) -> Worked {
    let (group, thread) = (lane >> 2, lane % 4);
    let lines: Vec<String> = (0u64..)
        .zip(fragment.places())
        .map(|(i, place)| {
            let (row, col) = fragment.position(lane, i).unwrap_or((0, 0));
            crate::tr!(
                "mma.step.place.line",
                name = fragment.element_name(i),
                row_rule = place.row,
                col_rule = place.col,
                row,
                col
            )
        })
        .collect();
    let list: Vec<String> = (0..fragment.per_lane())
        .filter_map(|i| {
            let (r, c) = fragment.position(lane, i)?;
            Some(format!("{} ({r}, {c})", fragment.element_name(i)))
        })
        .collect();
    let (rows, cols) = fragment.dims();
    Worked {
        question: crate::tr!(
            "mma.question.lane",
            lane,
            matrix = fragment.operand.matrix(),
            instruction = instruction(*fragment)
        ),
        forecast: crate::tr!("mma.forecast.lane"),
        steps: vec![
            Step {
                title: crate::tr!("mma.step.split.title"),
                body: vec![t(crate::tr!("mma.step.split.lane", lane, group, thread))],
                why: crate::tr!("mma.step.split.why"),
            },
            Step {
                title: crate::tr!("mma.step.place.title"),
                body: vec![t(lines.join("; "))],
                why: crate::tr!("mma.step.place.why"),
            },
        ],
        answer: crate::tr!(
            "mma.answer.lane",
            lane,
            count = fragment.per_lane(),
            list = list.join(", ")
        ),
        verify: vec![t(crate::tr!(
            "mma.verify.lane",
            per = fragment.per_lane(),
            total = WARP_SIZE * fragment.per_lane(),
            rows,
            cols,
            matrix = fragment.operand.matrix()
        ))],
    }
}

/// The fragment picture in words.
#[must_use]
pub fn fragment_summary(fragment: &Fragment) -> String {
    let (rows, cols) = fragment.dims();
    crate::tr!(
        "mma.picture.summary",
        matrix = fragment.operand.matrix(),
        rows,
        cols,
        per = fragment.per_lane(),
        instruction = instruction(*fragment)
    )
}

/// One 16-byte chunk of the shared tile's first 16 rows, as the picture draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// Its row.
    pub row: u64,
    /// Its place in the row, in chunks (stored).
    pub stored: u64,
    /// The lane that gives its address, if any.
    pub lane: Option<u64>,
    /// Which matrix it belongs to, if loaded.
    pub matrix: Option<u64>,
    /// Its first byte.
    pub address: u64,
    /// Its last byte (a chunk is 16 bytes).
    pub end: u64,
    /// Its first bank (it spans four).
    pub bank: u64,
    /// Its last bank.
    pub last_bank: u64,
}

/// One element of the loaded block with who receives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// Its row in the block.
    pub row: u64,
    /// Its column.
    pub col: u64,
    /// The receiving lane.
    pub lane: u64,
    /// The destination register (the matrix's number).
    pub register: u64,
    /// Low (0) or high (1) half of it.
    pub half: u64,
}

/// The load as the picture draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LdmatrixPicture {
    /// The load.
    pub load: Ldmatrix,
    /// Chunks drawn per row (the pitch's, at most 32).
    pub chunks_per_row: u64,
    /// The first 16 rows' chunks.
    pub chunks: Vec<Chunk>,
    /// Rows and columns of the loaded block.
    pub block: (u64, u64),
    /// Every element of it.
    pub deliveries: Vec<Delivery>,
    /// The picture in words.
    pub summary: String,
}

/// Most chunks a picture draws per row: the 16-byte chunks of a row of the largest pitch
/// ([`MAX_PITCH`] / [`ROW_HALVES`], 32).
const MAX_ROW_CHUNKS: u64 = MAX_PITCH / ROW_HALVES;

/// The load's picture data.
#[must_use]
pub fn ldmatrix_picture(load: &Ldmatrix) -> LdmatrixPicture {
    let chunks_per_row = (load.pitch / ROW_HALVES).min(MAX_ROW_CHUNKS);
    // Which lane's address lands on (row, stored chunk).
    let givers: Vec<(u64, u64, u64)> = (0..load.address_lanes())
        .filter_map(|lane| {
            let (row, chunk) = load.row_of(lane)?;
            Some((row, load.stored_chunk(row, chunk), lane))
        })
        .collect();
    let chunks = (0..16u64)
        .flat_map(|row| (0..chunks_per_row).map(move |c| (row, c)))
        .map(|(row, stored)| {
            let lane = givers
                .iter()
                .find(|g| g.0 == row && g.1 == stored)
                .map(|g| g.2);
            let address = (row * load.pitch + stored * ROW_HALVES) * HALF_BYTES;
            Chunk {
                row,
                stored,
                lane,
                matrix: lane.map(|l| l / 8),
                address,
                end: address + CHUNK_BYTES - 1,
                bank: (address / WORD_BYTES) % BANKS,
                last_bank: ((address + CHUNK_BYTES - 1) / WORD_BYTES) % BANKS,
            }
        })
        .collect();
    let block = load.block();
    let deliveries = (0..block.0)
        .flat_map(|row| (0..block.1).map(move |col| (row, col)))
        .filter_map(|(row, col)| {
            let r = load.receiver(row, col)?;
            Some(Delivery {
                row,
                col,
                lane: r.lane,
                register: r.register,
                half: r.half,
            })
        })
        .collect();
    LdmatrixPicture {
        load: *load,
        chunks_per_row,
        chunks,
        block,
        deliveries,
        summary: crate::tr!(
            "mma.ldmatrix.summary",
            x = load.x,
            last = load.address_lanes() - 1,
            pitch = load.pitch
        ),
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// "How many wavefronts does this ldmatrix take?", worked on the bank rule.
#[must_use]
pub fn ldmatrix_worked(load: &Ldmatrix, report: &BankReport) -> Worked {
    let lanes = load.address_lanes();
    let row_bytes = load.pitch * HALF_BYTES;
    let sample: Vec<String> = [0, 1, 2, 7]
        .into_iter()
        .filter_map(|lane| {
            let address = load.address(lane)?;
            Some(crate::tr!(
                "mma.ldstep.address.lane",
                lane,
                address,
                bank = (address / WORD_BYTES) % BANKS,
                last = ((address + CHUNK_BYTES - 1) / WORD_BYTES) % BANKS
            ))
        })
        .collect();
    let placement = match load.placement {
        Placement::Plain => crate::tr!("mma.ldstep.address.plain"),
        Placement::Xor => crate::tr!("mma.ldstep.address.xor"),
    };
    let whys: Vec<String> = report
        .active_phases()
        .map(|p| crate::banks::worked::phase_why(p, report.elem))
        .collect();
    let ways_closed = match load.placement {
        Placement::Plain => gcd(load.pitch / ROW_HALVES, 8),
        Placement::Xor => 1,
    };
    let verify = match load.placement {
        Placement::Plain => crate::tr!(
            "mma.ldverify.plain",
            row_bytes,
            step = load.pitch / ROW_HALVES,
            ways = ways_closed,
            phases = load.x,
            wavefronts = ways_closed * load.x
        ),
        Placement::Xor => crate::tr!("mma.ldverify.xor", phases = load.x, wavefronts = load.x),
    };
    Worked {
        question: crate::tr!(
            "mma.question.ldmatrix",
            x = load.x,
            pitch = load.pitch,
            row_bytes
        ),
        forecast: crate::tr!("mma.forecast.ldmatrix"),
        steps: vec![
            Step {
                title: crate::tr!("mma.ldstep.address.title"),
                body: vec![t(crate::tr!(
                    "mma.ldstep.address.body",
                    last = lanes - 1,
                    pitch = load.pitch,
                    placement,
                    sample = sample.join("; ")
                ))],
                why: crate::tr!("mma.ldstep.address.why"),
            },
            Step {
                title: crate::tr!("mma.ldstep.phases.title"),
                body: vec![t(crate::tr!("mma.ldstep.phases.body", phases = load.x))],
                why: crate::tr!("mma.ldstep.phases.why"),
            },
            Step {
                title: crate::tr!("mma.ldstep.count.title"),
                body: vec![t(whys.join(" "))],
                why: crate::tr!("mma.ldstep.count.why"),
            },
        ],
        answer: crate::tr!(
            "mma.answer.ldmatrix",
            wavefronts = report.wavefronts,
            ideal = report.ideal,
            conflicts = report.conflicts,
            ways = report.ways
        ),
        verify: vec![t(verify)],
    }
}
