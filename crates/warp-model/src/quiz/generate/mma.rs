//! The tensor-core questions: who holds an element, which elements a lane holds, and the
//! wavefronts of an `ldmatrix` (this file does not import its parent: it hands back the
//! question's parts, and `generate` attaches the template, as `timeline.rs` does).

use crate::banks::worked::phase_why;
use crate::figure::whole;
use crate::mma::fragment::{ElemType, Fragment};
use crate::mma::ldmatrix::{Ldmatrix, Placement, HALF_BYTES};
use crate::mma::panel::{self as mma_panel, MmaInput, MmaOutput};
use crate::query::Query;
use crate::quiz::question::{AnswerKind, Misconception};
use crate::t;
use crate::{WARP_SIZE, WARP_SIZE_F64};

use super::answer::{figure_value, myth, number};
use super::timeline::Parts;

/// A question's parts, its template attached by `generate`.
fn parts(
    qid: String,
    prompt: String,
    kind: AnswerKind,
    explanation: String,
    link: String,
    myths: Vec<Misconception>,
) -> Parts {
    Parts {
        qid,
        prompt,
        kind,
        explanation,
        link,
        myths,
    }
}

/// The link (no `?`) the tensor-core panel's own parameters write for `input`.
fn mma_link(input: &MmaInput) -> String {
    let mut q = Query::parse("panel=mma");
    input.write_query(&mut q);
    q.to_search().trim_start_matches('?').to_string()
}

/// The tensor-core panel's output for a question's link, read back as the panel reads it.
fn mma_at(link: &str) -> MmaOutput {
    mma_panel::figures_only(&MmaInput::from_query(
        &Query::parse(link),
        &MmaInput::default(),
    ))
}

/// The panel's inputs for `fragment` (fragment mode).
fn fragment_input(fragment: Fragment) -> MmaInput {
    MmaInput::default()
        .with(&mma_panel::SHAPE, fragment.shape.name())
        .with(&mma_panel::TYPE, fragment.ty.name())
        .with(&mma_panel::OPERAND, fragment.operand.name())
}

/// The instruction a fragment belongs to, as the panel writes it.
fn mma_instruction(fragment: Fragment) -> String {
    crate::tr!(
        "mma.instruction",
        shape = fragment.shape.name(),
        ty = fragment.ty.name()
    )
}

/// "Which lane holds `C[9][3]`?": the answer is the panel's `owner-lane` for the question's
/// link, its explanation the fragment's own inverse. The myths: the matrix dealt out to the
/// lanes row by row (one element each in turn, or a run of a lane's count each), the lane put
/// back together as if `groupID` were `lane % 8`, and tf32 read with the f16 table.
pub(super) fn owner(fragment: Fragment, row: u64, col: u64) -> Parts {
    let link = mma_link(
        &fragment_input(fragment)
            .with(&mma_panel::ROW, row.to_string())
            .with(&mma_panel::COL, col.to_string()),
    );
    let out = mma_at(&link);
    let lane = figure_value(&out.figures, "owner-lane");
    let owner = fragment.owner(row, col);
    let matrix = fragment.operand.matrix();
    let explanation = owner.map_or_else(String::new, |o| {
        crate::tr!(
            "quiz.gen.mma-owner.explanation",
            matrix,
            row,
            col,
            name = fragment.element_name(o.element),
            group = o.group,
            thread = o.thread,
            lane = o.lane
        )
    });
    let (_, cols) = fragment.dims();
    let index = row * cols + col;
    let mut myths = Vec::new();
    if fragment.ty == ElemType::Tf32 {
        let f16 = Fragment::new(fragment.shape, ElemType::F16, fragment.operand).ok();
        if let Some(o) = f16.and_then(|f| f.owner(row, col)) {
            myths.push(myth(o.lane as f64, t!("quiz.gen.mma-owner.myth-tf32")));
        }
    }
    myths.push(myth(
        (index % WARP_SIZE) as f64,
        t!("quiz.gen.mma-owner.myth-row-major"),
    ));
    myths.push(myth(
        (index / fragment.per_lane()) as f64,
        &crate::tr!("quiz.gen.mma-owner.myth-runs", per = fragment.per_lane()),
    ));
    if let Some(o) = owner {
        myths.push(myth(
            (o.group + 8 * o.thread) as f64,
            t!("quiz.gen.mma-owner.myth-split"),
        ));
    }
    parts(
        format!(
            "gen-mma-owner-{}-{}-{}-{row}-{col}",
            fragment.operand.name(),
            fragment.shape.name(),
            fragment.ty.name()
        ),
        crate::tr!(
            "quiz.gen.mma-owner.prompt",
            instruction = mma_instruction(fragment),
            matrix,
            row,
            col
        ),
        number(lane, ""),
        explanation,
        link,
        myths,
    )
}

/// "How many elements of A does a lane hold?": the panel's `fragment-elements` for a link on
/// that lane (and the element its first register holds, so that the link asks nothing out of
/// the matrix). The myths: the 32-bit registers counted instead (f16 and bf16 pack two), and
/// the matrix shared by the 8 groups of four lanes instead of the 32 lanes.
pub(super) fn elements(fragment: Fragment, lane: u64) -> Parts {
    let (row, col) = fragment.position(lane, 0).unwrap_or((0, 0));
    let link = mma_link(
        &fragment_input(fragment)
            .with(&mma_panel::LANE, lane.to_string())
            .with(&mma_panel::ROW, row.to_string())
            .with(&mma_panel::COL, col.to_string()),
    );
    let out = mma_at(&link);
    let per = figure_value(&out.figures, "fragment-elements");
    let regs = figure_value(&out.figures, "fragment-registers");
    let (rows, cols) = fragment.dims();
    let matrix = fragment.operand.matrix();
    parts(
        format!(
            "gen-mma-elements-{}-{}-{}-{lane}",
            fragment.operand.name(),
            fragment.shape.name(),
            fragment.ty.name()
        ),
        crate::tr!(
            "quiz.gen.mma-elements.prompt",
            instruction = mma_instruction(fragment),
            matrix,
            lane
        ),
        number(per, t!("quiz.unit.elements")),
        crate::tr!(
            "quiz.gen.mma-elements.explanation",
            matrix,
            rows,
            cols,
            total = rows * cols,
            per = whole(per),
            regs = whole(regs)
        ),
        link,
        vec![
            myth(
                regs,
                &crate::tr!(
                    "quiz.gen.mma-elements.myth-registers",
                    regs = whole(regs),
                    per = whole(per)
                ),
            ),
            myth(
                (rows * cols / 8) as f64,
                &crate::tr!("quiz.gen.mma-elements.myth-groups", total = rows * cols),
            ),
        ],
    )
}

/// "How many wavefronts does this `ldmatrix.x4` take?": the panel's `wavefronts` for the
/// question's link, explained by the bank rule's own line for each phase. The myths: one
/// wavefront a phase (no conflict), the conflict's ways (one phase's count), the tile without
/// its swizzle, one wavefront for the whole instruction, one per lane.
pub(super) fn ldmatrix(pitch: u64, xor: bool) -> Parts {
    let link = mma_link(
        &MmaInput::default()
            .with(&mma_panel::MODE, "ldmatrix")
            .with(&mma_panel::X, "4")
            .with(&mma_panel::TRANS, "0")
            .with(&mma_panel::PITCH, pitch.to_string())
            .with(&mma_panel::SWIZZLE, if xor { "xor" } else { "none" }),
    );
    let out = mma_at(&link);
    let wavefronts = figure_value(&out.figures, "wavefronts");
    let ideal = figure_value(&out.figures, "ideal-wavefronts");
    let ways = figure_value(&out.figures, "conflict-ways");
    let placement = if xor {
        Placement::Xor
    } else {
        Placement::Plain
    };
    let report = |placement| {
        Ldmatrix::new(4, false, pitch, placement)
            .ok()
            .and_then(|l| l.report().ok())
    };
    let (per_phase, why) = report(placement).map_or_else(Default::default, |r| {
        let per_phase = r
            .active_phases()
            .map(|p| p.wavefronts.to_string())
            .collect::<Vec<_>>()
            .join(" + ");
        let why = r
            .worst_phase()
            .map(|p| phase_why(p, r.elem))
            .unwrap_or_default();
        (per_phase, why)
    });
    let bytes = pitch * HALF_BYTES;
    let mut myths = vec![myth(
        ideal,
        &crate::tr!(
            "quiz.gen.mma-ldmatrix.myth-conflict-free",
            bytes,
            ways = whole(ways)
        ),
    )];
    if ways > 1.0 {
        myths.push(myth(
            ways,
            &crate::tr!("quiz.gen.mma-ldmatrix.myth-ways", phases = whole(ideal)),
        ));
    }
    if xor {
        if let Some(plain) = report(Placement::Plain) {
            myths.push(myth(
                plain.wavefronts as f64,
                t!("quiz.gen.mma-ldmatrix.myth-swizzle"),
            ));
        }
    }
    myths.push(myth(1.0, t!("quiz.gen.mma-ldmatrix.myth-one")));
    myths.push(myth(WARP_SIZE_F64, t!("quiz.gen.mma-ldmatrix.myth-lanes")));
    let (qid, prompt) = if xor {
        (
            format!("gen-mma-ldmatrix-{pitch}-xor"),
            crate::tr!("quiz.gen.mma-ldmatrix.prompt-xor", pitch, bytes),
        )
    } else {
        (
            format!("gen-mma-ldmatrix-{pitch}"),
            crate::tr!("quiz.gen.mma-ldmatrix.prompt", pitch, bytes),
        )
    };
    parts(
        qid,
        prompt,
        number(wavefronts, t!("quiz.unit.wavefronts")),
        format!("{per_phase} = {}. {why}", whole(wavefronts)),
        link,
        myths,
    )
}
