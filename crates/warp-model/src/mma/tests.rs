//! Every element of every fragment against the PTX ISA's formulas, restated here in the ISA's
//! own words (PTX ISA 8.x §9.7.14.5.7–8), in both directions; the ldmatrix costs worked by hand;
//! the panel's figures and named errors.

use proptest::prelude::*;

use super::fragment::{ElemType, Fragment, Operand, Shape};
use super::ldmatrix::{Ldmatrix, Placement};
use super::panel::{
    evaluate, MmaInput, MmaOutput, COL, LANE, MODE, OPERAND, PITCH, ROW, SHAPE, SWIZZLE, TRANS,
    TYPE, X,
};
use crate::figure::Value;

/// Every fragment the panel offers.
fn fragments() -> Vec<Fragment> {
    let mut out = Vec::new();
    for shape in [Shape::M16n8k16, Shape::M16n8k8] {
        for ty in [ElemType::F16, ElemType::Bf16, ElemType::Tf32] {
            for operand in [Operand::A, Operand::B, Operand::C] {
                if let Ok(f) = Fragment::new(shape, ty, operand) {
                    out.push(f);
                }
            }
        }
    }
    out
}

/// The ISA's text for element i of `lane`, transcribed independently of the model's tables.
fn isa(f: Fragment, lane: u64, i: u64) -> (u64, u64) {
    let group_id = lane >> 2;
    let thread_id_in_group = lane % 4;
    match (f.operand, f.shape, f.ty) {
        (Operand::C, _, _) => {
            // row = groupID for c0 and c1, groupID + 8 for c2 and c3;
            // col = (threadID_in_group * 2) + (i & 0x1).
            let row = if i < 2 { group_id } else { group_id + 8 };
            (row, thread_id_in_group * 2 + (i & 1))
        }
        (Operand::A, Shape::M16n8k16, _) => {
            // row = groupID for ai where i < 2 || 4 <= i < 6, groupID + 8 otherwise;
            // col = threadID_in_group * 2 + (i & 0x1) for i < 4, + 8 for i >= 4.
            let row = if i < 2 || (4..6).contains(&i) {
                group_id
            } else {
                group_id + 8
            };
            let col = thread_id_in_group * 2 + (i & 1) + if i < 4 { 0 } else { 8 };
            (row, col)
        }
        (Operand::B, Shape::M16n8k16, _) => {
            // row = (threadID_in_group * 2) + (i & 0x1) for bi where i < 2, + 8 for i >= 2;
            // col = groupID.
            let row = thread_id_in_group * 2 + (i & 1) + if i < 2 { 0 } else { 8 };
            (row, group_id)
        }
        (Operand::A, Shape::M16n8k8, ElemType::Tf32) => {
            // row = groupID for a0 and a2, groupID + 8 for a1 and a3;
            // col = threadID_in_group for a0 and a1, threadID_in_group + 4 for a2 and a3.
            let row = if i == 0 || i == 2 {
                group_id
            } else {
                group_id + 8
            };
            let col = if i < 2 {
                thread_id_in_group
            } else {
                thread_id_in_group + 4
            };
            (row, col)
        }
        (Operand::B, Shape::M16n8k8, ElemType::Tf32) => {
            // row = threadID_in_group for b0, threadID_in_group + 4 for b1; col = groupID.
            let row = if i == 0 {
                thread_id_in_group
            } else {
                thread_id_in_group + 4
            };
            (row, group_id)
        }
        (Operand::A, Shape::M16n8k8, _) => {
            // row = groupID for a0 and a1, groupID + 8 for a2 and a3;
            // col = threadID_in_group * 2 + (i & 0x1).
            let row = if i < 2 { group_id } else { group_id + 8 };
            (row, thread_id_in_group * 2 + (i & 1))
        }
        (Operand::B, Shape::M16n8k8, _) => {
            // row = (threadID_in_group * 2) + i for bi where i = {0, 1}; col = groupID.
            (thread_id_in_group * 2 + i, group_id)
        }
    }
}

#[test]
fn every_element_of_every_fragment_is_where_the_isa_puts_it() {
    let mut checked = 0;
    for f in fragments() {
        for lane in 0..32 {
            for i in 0..f.per_lane() {
                assert_eq!(
                    f.position(lane, i),
                    Some(isa(f, lane, i)),
                    "{f:?} lane {lane} {i}"
                );
                checked += 1;
            }
            assert_eq!(f.position(lane, f.per_lane()), None);
        }
        assert_eq!(f.position(32, 0), None);
    }
    // 3 shapes × types for A (k16 f16, k16 bf16, k8 f16, k8 bf16: 8 elements or 4; tf32 k8: 4)
    // — counted: A: 256 + 256 + 128 + 128 + 128; B: 128 + 128 + 64 + 64 + 64; C: 128 × 5.
    assert_eq!(checked, 896 + 448 + 640);
}

#[test]
fn every_element_is_held_by_exactly_one_lane_and_register() {
    for f in fragments() {
        let (rows, cols) = f.dims();
        // Elements per lane × 32 lanes is the whole matrix.
        assert_eq!(f.per_lane() * 32, rows * cols, "{f:?}");
        let mut seen = vec![0u32; usize::try_from(rows * cols).unwrap()];
        for lane in 0..32 {
            for i in 0..f.per_lane() {
                let (r, c) = f.position(lane, i).unwrap();
                assert!(r < rows && c < cols, "{f:?} lane {lane} {i}: ({r}, {c})");
                seen[usize::try_from(r * cols + c).unwrap()] += 1;
                // And back: the owner of that place is this lane and register.
                let owner = f.owner(r, c).unwrap();
                assert_eq!((owner.lane, owner.element), (lane, i), "{f:?}");
                assert_eq!(4 * owner.group + owner.thread, lane);
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{f:?}");
        assert_eq!(f.owner(rows, 0), None);
        assert_eq!(f.owner(0, cols), None);
    }
}

#[test]
fn hand_worked_places() {
    let c = Fragment::new(Shape::M16n8k16, ElemType::F16, Operand::C).unwrap();
    // C[9][3]: row 9 = groupID + 8 → groupID 1 (c2 or c3); col 3 = 2·tid + 1 → tid 1, odd → c3;
    // lane = 4·1 + 1 = 5.
    let o = c.owner(9, 3).unwrap();
    assert_eq!((o.lane, o.element, o.group, o.thread), (5, 3, 1, 1));
    // C[0][0] is lane 0's c0; C[15][7]: groupID 7, tid 3, c3: lane 31.
    assert_eq!(c.owner(0, 0).map(|o| (o.lane, o.element)), Some((0, 0)));
    assert_eq!(c.owner(15, 7).map(|o| (o.lane, o.element)), Some((31, 3)));
    // A of m16n8k16, lane 5 (groupID 1, tid 1): a0 (1, 2), a1 (1, 3), a2 (9, 2), a3 (9, 3),
    // a4 (1, 10), a5 (1, 11), a6 (9, 10), a7 (9, 11).
    let a = Fragment::new(Shape::M16n8k16, ElemType::Bf16, Operand::A).unwrap();
    let lane5: Vec<_> = (0..8).map(|i| a.position(5, i).unwrap()).collect();
    assert_eq!(
        lane5,
        [
            (1, 2),
            (1, 3),
            (9, 2),
            (9, 3),
            (1, 10),
            (1, 11),
            (9, 10),
            (9, 11)
        ]
    );
    // B of m16n8k16, lane 5: b0 (2, 1), b1 (3, 1), b2 (10, 1), b3 (11, 1).
    let b = Fragment::new(Shape::M16n8k16, ElemType::F16, Operand::B).unwrap();
    let lane5: Vec<_> = (0..4).map(|i| b.position(5, i).unwrap()).collect();
    assert_eq!(lane5, [(2, 1), (3, 1), (10, 1), (11, 1)]);
    // tf32 A of m16n8k8, lane 5: a0 (1, 1), a1 (9, 1), a2 (1, 5), a3 (9, 5): unlike f16, a1
    // is the row below, not the next column.
    let t = Fragment::new(Shape::M16n8k8, ElemType::Tf32, Operand::A).unwrap();
    let lane5: Vec<_> = (0..4).map(|i| t.position(5, i).unwrap()).collect();
    assert_eq!(lane5, [(1, 1), (9, 1), (1, 5), (9, 5)]);
    // Sizes: A k16 8 per lane in 4 registers (.f16x2); tf32 A 4 in 4; C 4 in 4.
    assert_eq!((a.per_lane(), a.per_lane() / a.per_register()), (8, 4));
    assert_eq!((t.per_lane(), t.per_lane() / t.per_register()), (4, 4));
    assert_eq!((c.per_lane(), c.per_lane() / c.per_register()), (4, 4));
    assert!(Fragment::new(Shape::M16n8k16, ElemType::Tf32, Operand::A).is_err());
}

fn load(x: u64, pitch: u64, placement: Placement) -> Ldmatrix {
    Ldmatrix::new(x, false, pitch, placement).unwrap()
}

#[test]
fn ldmatrix_costs_worked_by_hand() {
    // Each phase is one 8 × 8 matrix: 8 rows of 16 bytes, `pitch` halves = 2·pitch bytes apart.
    // Row r's 16 bytes start at word r·pitch/2, banks (r·pitch/2) mod 32 to + 3.
    // pitch 16 (32 bytes): rows start at banks 0, 8, 16, 24, 0, 8, 16, 24: 2 words per bank,
    //   2 wavefronts a phase, 4 phases: 8, ideal 4, 4 conflicts, 2-way.
    // pitch 32 (64 bytes): banks 0, 16, 0, 16, …: 4-way, 16 wavefronts, 12 conflicts.
    // pitch 64 (128 bytes): every row at banks 0–3: 8-way, 32 wavefronts, 28 conflicts.
    // pitch 72 (144 bytes = 36 words): banks 4r mod 32 = 0, 4, …, 28: conflict-free, 4.
    // pitch 64 with the XOR: row r's chunk c at c ⊕ r, banks 4·(c ⊕ r): 8 different
    //   groups of 4 banks in each matrix: 4 wavefronts.
    let cases = [
        (16, Placement::Plain, (8, 4, 4, 2)),
        (32, Placement::Plain, (16, 4, 12, 4)),
        (64, Placement::Plain, (32, 4, 28, 8)),
        (72, Placement::Plain, (4, 4, 0, 1)),
        (64, Placement::Xor, (4, 4, 0, 1)),
        (128, Placement::Xor, (4, 4, 0, 1)),
    ];
    for (pitch, placement, want) in cases {
        let r = load(4, pitch, placement).report().unwrap();
        assert_eq!(
            (r.wavefronts, r.ideal, r.conflicts, r.ways),
            want,
            "pitch {pitch} {placement:?}"
        );
    }
    // .x1 and .x2 use only lanes 0–7 and 0–15: 1 and 2 phases of 8 words-per-bank at 64.
    let r = load(1, 64, Placement::Plain).report().unwrap();
    assert_eq!((r.wavefronts, r.ideal), (8, 1));
    let r = load(2, 64, Placement::Plain).report().unwrap();
    assert_eq!((r.wavefronts, r.ideal), (16, 2));
    // Lane addresses: lane 9 is row 9 (row 1 of matrix 1), chunk 0: 9·64·2 = 1152 bytes;
    // lane 17 is row 1, chunk 1: (64 + 8)·2 = 144; with the XOR, chunk 1 ⊕ 1 = 0: 128.
    assert_eq!(load(4, 64, Placement::Plain).address(9), Some(1152));
    assert_eq!(load(4, 64, Placement::Plain).address(17), Some(144));
    assert_eq!(load(4, 64, Placement::Xor).address(17), Some(128));
    assert_eq!(load(2, 64, Placement::Plain).address(16), None);
}

#[test]
fn the_closed_form_of_the_verify_line_holds_for_every_pitch() {
    // ways = gcd(pitch / 8, 8) without a swizzle, 1 with it; wavefronts = ways · x.
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    for pitch in (16..=256).step_by(8) {
        for x in [1, 2, 4] {
            let r = load(x, pitch, Placement::Plain).report().unwrap();
            let ways = gcd(pitch / 8, 8);
            assert_eq!(
                (r.ways, r.wavefronts),
                (ways, ways * x),
                "pitch {pitch} x{x}"
            );
            if pitch % 64 == 0 {
                let r = load(x, pitch, Placement::Xor).report().unwrap();
                assert_eq!((r.ways, r.wavefronts), (1, x), "pitch {pitch} x{x} xor");
            }
        }
    }
}

#[test]
fn the_banks_link_costs_the_same_as_the_load() {
    use crate::query::Query;
    use crate::registry::Panel;
    let mut linked = 0;
    for pitch in (16..=256).step_by(8) {
        for x in [1, 2, 4] {
            for placement in [Placement::Plain, Placement::Xor] {
                let Ok(l) = Ldmatrix::new(x, false, pitch, placement) else {
                    continue;
                };
                let Some(link) = super::panel::banks_link(&l) else {
                    assert_eq!(placement, Placement::Xor);
                    continue;
                };
                let r = l.report().unwrap();
                let banks = Panel::Banks.evaluate_query(&Query::parse(&link), &[]);
                assert!(banks.errors.is_empty(), "{link}: {:?}", banks.errors);
                let fig = |m: &str| {
                    banks
                        .figures
                        .iter()
                        .find(|f| f.metric == m)
                        .map(|f| f.value.clone())
                };
                assert_eq!(fig("wavefronts"), Some(Value::Int(r.wavefronts)), "{link}");
                assert_eq!(fig("ideal-wavefronts"), Some(Value::Int(r.ideal)), "{link}");
                assert_eq!(
                    fig("bank-conflicts"),
                    Some(Value::Int(r.conflicts)),
                    "{link}"
                );
                linked += 1;
            }
        }
    }
    // 31 pitches × 3 counts plain, and the xor at pitch 64 × 3.
    assert_eq!(linked, 31 * 3 + 3);
    assert_eq!(
        super::panel::banks_link(&load(4, 72, Placement::Plain)).as_deref(),
        Some("panel=banks&elem=16&tile=9")
    );
}

#[test]
fn ldmatrix_x4_fills_the_a_fragment_and_x2_trans_the_b_fragment() {
    // Register i of lane T holds a(2i), a(2i + 1) of m16n8k16's A; with .trans, .x2 of a K × N
    // tile holds b0–b3 of its B.
    let a = Fragment::new(Shape::M16n8k16, ElemType::F16, Operand::A).unwrap();
    let b = Fragment::new(Shape::M16n8k16, ElemType::F16, Operand::B).unwrap();
    let x4 = load(4, 64, Placement::Plain);
    let x2t = Ldmatrix::new(2, true, 64, Placement::Plain).unwrap();
    for lane in 0..32 {
        for reg in 0..4 {
            for half in 0..2 {
                assert_eq!(
                    x4.element(lane, reg, half),
                    a.position(lane, 2 * reg + half)
                );
                let (r, c) = x4.element(lane, reg, half).unwrap();
                let got = x4.receiver(r, c).unwrap();
                assert_eq!((got.lane, got.register, got.half), (lane, reg, half));
            }
        }
        for reg in 0..2 {
            for half in 0..2 {
                assert_eq!(
                    x2t.element(lane, reg, half),
                    b.position(lane, 2 * reg + half)
                );
                let (r, c) = x2t.element(lane, reg, half).unwrap();
                let got = x2t.receiver(r, c).unwrap();
                assert_eq!((got.lane, got.register, got.half), (lane, reg, half));
            }
        }
    }
    assert_eq!(x2t.element(0, 2, 0), None);
}

fn figure(out: &super::panel::MmaOutput, metric: &str) -> Option<String> {
    out.figures
        .iter()
        .find(|f| f.metric == metric)
        .map(|f| f.value.plain())
}

#[test]
fn the_default_asks_who_holds_c_9_3() {
    let out = evaluate(&MmaInput::default());
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(figure(&out, "owner-lane").as_deref(), Some("5"));
    assert_eq!(figure(&out, "owner-element").as_deref(), Some("3"));
    assert_eq!(figure(&out, "fragment-elements").as_deref(), Some("4"));
    assert!(out
        .figures
        .iter()
        .any(|f| f.key && f.metric == "owner-lane"));
    let w = out.worked[0].text();
    assert!(w.contains("groupID + 8 = 9 gives groupID = 1"), "{w}");
    assert!(w.contains("4 × 1 + 1 = 5"), "{w}");
    assert!(
        w.contains("Lane 5 holds C[9][3], as its element c3."),
        "{w}"
    );
    // The picture: 16 × 8 cells, each with its owner.
    let p = out.fragment.unwrap();
    assert_eq!(p.cells.len(), 128);
    assert_eq!(p.cells[9 * 8 + 3].owner.lane, 5);
    assert_eq!(p.cells[9 * 8 + 3].name, "c3");
    // The lane whose button the view outlines is the model's answer, not the view's search.
    assert_eq!(p.element_lane, Some(5));
}

#[test]
fn a_lane_gives_each_element_figure() {
    let input = MmaInput::default()
        .with(&OPERAND, "a")
        .with(&LANE, "5")
        .with(&ROW, "")
        .with(&COL, "");
    let out = evaluate(&input);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(figure(&out, "fragment-elements").as_deref(), Some("8"));
    assert_eq!(figure(&out, "fragment-registers").as_deref(), Some("4"));
    assert_eq!(figure(&out, "element-0").as_deref(), Some("1,2"));
    assert_eq!(figure(&out, "element-7").as_deref(), Some("9,11"));
    assert_eq!(figure(&out, "owner-lane"), None);
    assert_eq!(out.fragment.as_ref().and_then(|p| p.element_lane), None);
    // With no element asked, the key is the elements per lane.
    assert!(out
        .figures
        .iter()
        .any(|f| f.key && f.metric == "fragment-elements"));
    let w = out.worked[0].text();
    assert!(
        w.contains("a6: row = groupID + 8 = 9, column = threadID_in_group × 2 + 8 = 10"),
        "{w}"
    );
}

#[test]
fn ldmatrix_mode_gives_the_banks_figures_and_link() {
    let input = MmaInput::default().with(&MODE, "ldmatrix");
    let out = evaluate(&input);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(figure(&out, "wavefronts").as_deref(), Some("32"));
    assert_eq!(figure(&out, "ideal-wavefronts").as_deref(), Some("4"));
    assert_eq!(figure(&out, "bank-conflicts").as_deref(), Some("28"));
    assert_eq!(figure(&out, "conflict-ways").as_deref(), Some("8"));
    assert_eq!(out.phases.len(), 4);
    assert_eq!(
        out.banks_link.as_deref(),
        Some("panel=banks&elem=16&tile=8")
    );
    let w = out.worked[0].text();
    assert!(w.contains("gcd(8, 8) = 8"), "{w}");
    // The picture: lane 9 gives row 9's first chunk; element [9][3] goes to lane 4·1 + 1 = 5,
    // register 1 (matrix 1), high half (column 3 is odd).
    let p = out.ldmatrix.unwrap();
    assert_eq!(p.chunks_per_row, 8);
    let chunk = p
        .chunks
        .iter()
        .find(|c| c.row == 9 && c.stored == 0)
        .unwrap();
    assert_eq!(
        (chunk.lane, chunk.matrix, chunk.address, chunk.bank),
        (Some(9), Some(1), 1152, 0)
    );
    let d = p
        .deliveries
        .iter()
        .find(|d| d.row == 9 && d.col == 3)
        .unwrap();
    assert_eq!((d.lane, d.register, d.half), (5, 1, 1));
    // Swizzled, padded and transposed variants.
    let out = evaluate(&input.clone_with(&SWIZZLE, "xor"));
    assert_eq!(figure(&out, "wavefronts").as_deref(), Some("4"));
    let out = evaluate(&input.clone_with(&PITCH, "72"));
    assert_eq!(figure(&out, "bank-conflicts").as_deref(), Some("0"));
    let out = evaluate(&input.clone_with(&TRANS, "1"));
    assert_eq!(figure(&out, "wavefronts").as_deref(), Some("32"));
    let out = evaluate(&input.clone_with(&X, "1"));
    assert_eq!(figure(&out, "wavefronts").as_deref(), Some("8"));
}

trait CloneWith {
    fn clone_with(&self, p: &crate::params::Param, v: &str) -> Self;
}
impl CloneWith for MmaInput {
    fn clone_with(&self, p: &crate::params::Param, v: &str) -> Self {
        self.clone().with(p, v)
    }
}

#[test]
fn bad_inputs_are_named_errors() {
    let base = MmaInput::default();
    let ld = MmaInput::default().with(&MODE, "ldmatrix");
    let cases: Vec<(MmaInput, &str)> = vec![
        (base.clone_with(&LANE, "32"), "lane"),
        (base.clone_with(&LANE, "-1"), "lane"),
        (base.clone_with(&ROW, "16"), "row"),
        // C is 16 × 8: column 8 is outside it, though A of m16n8k16 has one.
        (base.clone_with(&COL, "8"), "col"),
        (base.clone_with(&COL, ""), "col"),
        (base.clone_with(&ROW, ""), "row"),
        (base.clone_with(&SHAPE, "m8n8k4"), "shape"),
        (base.clone_with(&TYPE, "f64"), "type"),
        (base.clone_with(&TYPE, "tf32"), "type"),
        (base.clone_with(&OPERAND, "d"), "operand"),
        (base.clone_with(&MODE, "wgmma"), "mode"),
        (ld.clone_with(&PITCH, "70"), "pitch"),
        (ld.clone_with(&PITCH, "8"), "pitch"),
        (ld.clone_with(&PITCH, "264"), "pitch"),
        (ld.clone_with(&PITCH, "72").with(&SWIZZLE, "xor"), "swizzle"),
        (ld.clone_with(&X, "3"), "x"),
        (ld.clone_with(&TRANS, "yes"), "trans"),
    ];
    for (input, param) in cases {
        let out = evaluate(&input);
        assert!(
            out.errors.iter().any(|e| e.param == param),
            "{param}: {:?}",
            out.errors
        );
        assert!(out.figures.is_empty(), "{param}");
    }
    // The message names the range: B of m16n8k8 is 8 × 8 (a row the link gives; the default
    // row 9 is fitted, below).
    let out = evaluate(
        &base
            .clone_with(&SHAPE, "m16n8k8")
            .with(&OPERAND, "b")
            .with(&ROW, "12"),
    );
    assert!(
        out.errors[0].message.contains("B of m16n8k8 has 8 rows"),
        "{:?}",
        out.errors
    );
    // tf32 on m16n8k8 is fine.
    let out = evaluate(
        &base
            .clone_with(&SHAPE, "m16n8k8")
            .with(&TYPE, "tf32")
            .with(&OPERAND, "a")
            .with(&COL, "5"),
    );
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    // A[9][5] of tf32: row 9 = groupID + 8 (a1 or a3), col 5 = tid + 4 (a2 or a3): a3 of lane 5.
    assert_eq!(figure(&out, "owner-lane").as_deref(), Some("5"));
    assert_eq!(figure(&out, "owner-element").as_deref(), Some("3"));
}

proptest! {
    #[test]
    fn any_text_gives_figures_or_named_errors(
        mode in "(fragment|ldmatrix|.{0,4})", shape in ".{0,9}", ty in ".{0,5}", operand in ".{0,2}",
        lane in ".{0,3}", row in ".{0,3}", col in ".{0,3}", x in ".{0,2}", trans in ".{0,2}",
        pitch in ".{0,4}", swizzle in ".{0,4}",
    ) {
        let input = MmaInput::default()
            .with(&MODE, mode).with(&SHAPE, shape).with(&TYPE, ty).with(&OPERAND, operand)
            .with(&LANE, lane).with(&ROW, row).with(&COL, col).with(&X, x).with(&TRANS, trans)
            .with(&PITCH, pitch).with(&SWIZZLE, swizzle);
        let out = evaluate(&input);
        prop_assert!(out.errors.is_empty() != out.figures.is_empty());
        let names: Vec<&str> = super::panel::PARAMS.iter().map(|p| p.name).collect();
        for e in &out.errors {
            prop_assert!(names.contains(&e.param.as_str()), "{}", e.param);
        }
    }
}

#[test]
fn a_lane_is_named_not_measured_so_a_near_miss_is_wrong() {
    use crate::quiz::{judge_forecast, Verdict};
    // The Forecast of "who holds C[9][3]?" (lane 5, c3): 4 and 6 are other lanes, not "close"
    // (a number 20 % off would be); 75 is the row-major guess 9·8 + 3; "5" and "5 " are right.
    let out = evaluate(&MmaInput::default());
    let key = out.figures.iter().find(|f| f.key).unwrap();
    assert_eq!(key.metric, "owner-lane");
    for wrong in ["4", "6", "75", "21"] {
        assert_eq!(
            judge_forecast(wrong, key).verdict,
            Some(Verdict::Off),
            "{wrong}"
        );
    }
    for right in ["5", " 5 "] {
        assert_eq!(
            judge_forecast(right, key).verdict,
            Some(Verdict::Right),
            "{right}"
        );
    }
    // Text that is not a lane reveals nothing.
    assert!(!judge_forecast("lane five", key).reveal);
    let element = out
        .figures
        .iter()
        .find(|f| f.metric == "owner-element")
        .unwrap();
    assert_eq!(judge_forecast("2", element).verdict, Some(Verdict::Off));
}

#[test]
fn the_ldmatrix_words_name_the_last_lane_byte_and_bank() {
    // Issue 45: "lanes 0–32 minus one", "bytes 1152–,", "banks 8–8+3": the model writes the
    // last lane, byte and bank itself.
    use super::worked::{ldmatrix_picture, ldmatrix_worked};
    use crate::i18n::{with_lang, Lang};
    for (lang, lanes) in [
        (Lang::En, "lanes 0–31 give"),
        (Lang::Hinglish, "lanes 0 se 31 tak"),
    ] {
        with_lang(lang, || {
            let x4 = load(4, 72, Placement::Plain);
            assert!(ldmatrix_picture(&x4).summary.contains(lanes), "{lang:?}");
            let text = ldmatrix_worked(&x4, &x4.report().unwrap()).text();
            // Lane 1 is row 1: byte 144 = word 36, banks 4–7.
            assert!(
                text.contains("lane 1: byte 144, banks 4–7"),
                "{lang:?}: {text}"
            );
            assert!(
                !text.contains("minus one") && !text.contains("− 1 tak"),
                "{text}"
            );
        });
    }
    let x1 = load(1, 64, Placement::Plain);
    assert!(ldmatrix_picture(&x1).summary.contains("lanes 0–7 give"));
    // Row 1's first chunk at pitch 64: bytes 128–143, banks 0–3.
    let chunk = ldmatrix_picture(&x1)
        .chunks
        .into_iter()
        .find(|c| c.row == 1 && c.stored == 0)
        .unwrap();
    assert_eq!(
        (chunk.address, chunk.end, chunk.bank, chunk.last_bank),
        (128, 143, 0, 3)
    );
}

#[test]
fn the_default_element_fits_a_smaller_matrix_and_a_given_one_is_read_as_given() {
    // Issue 45: `?panel=mma&shape=m16n8k8&operand=b` showed only "row = 9 is out of range"
    // (B of m16n8k8 is k × n = 8 × 8). The default element is fitted to B's last row: B[7][3].
    // PTX ISA, m16n8k8 .f16 B: b_i at row = threadID_in_group × 2 + i, col = groupID; so
    // col 3 is groupID 3, row 7 is threadID_in_group 3 with i = 1: lane 4 × 3 + 3 = 15, b1.
    let input = MmaInput::default()
        .with(&SHAPE, "m16n8k8")
        .with(&OPERAND, "b");
    let out = evaluate(&input);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(figure(&out, "owner-lane").as_deref(), Some("15"));
    assert_eq!(figure(&out, "owner-element").as_deref(), Some("1"));
    let w = out.worked[0].text();
    assert!(w.contains("Find the element that reaches [7][3]"), "{w}");
    // A row the learner gives is theirs: 8 is out of B's range, and said so.
    let out = evaluate(&input.with(&ROW, "8"));
    assert_row_named_0_to_7(&out);
}

#[test]
fn a_row_the_link_gives_is_read_as_given_even_at_the_defaults_text() {
    // Issue 65: `mma/?shape=m16n8k8&operand=b&row=9` drew B[7][3] without a word: the text
    // "9" is the panel's default row, which is fitted to B's 8 rows when the link leaves it
    // out. Given by the link, it is the learner's: B of m16n8k8 is 8 × 8, rows 0 to 7.
    crate::i18n::set_lang(crate::i18n::Lang::En);
    let read =
        |link: &str| MmaInput::from_query(&crate::query::Query::parse(link), &MmaInput::default());
    let given = read("shape=m16n8k8&operand=b&row=9");
    assert!(given.given(&ROW) && !given.given(&COL));
    let out = evaluate(&given);
    assert_row_named_0_to_7(&out);
    // Left out, the same text is the panel's own and fitted: B[7][3] is lane 15's b1 (above).
    let out = evaluate(&read("shape=m16n8k8&operand=b"));
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(figure(&out, "owner-lane").as_deref(), Some("15"));
    // Typed by the learner (the form's `set_field`), it is theirs too.
    let typed = read("shape=m16n8k8&operand=b").with(&ROW, "9");
    assert!(!evaluate(&typed).errors.is_empty());
}

#[test]
fn a_wrong_shape_is_named_alone_never_a_range_of_a_guessed_matrix() {
    // Issue 45: `shape=m8n8k4&row=20` said "C of  has 16 rows" (no shape: a guessed 16 × 16).
    crate::i18n::set_lang(crate::i18n::Lang::En);
    let out = evaluate(&MmaInput::default().with(&SHAPE, "m8n8k4").with(&ROW, "20"));
    let params: Vec<&str> = out.errors.iter().map(|e| e.param.as_str()).collect();
    assert_eq!(params, ["shape"], "{:?}", out.errors);
    assert!(out.errors.iter().all(|e| !e.message.contains(" of  has")));
    // With the shape right, the same row is measured against the real matrix: C is 16 × 8.
    let out = evaluate(&MmaInput::default().with(&ROW, "20"));
    assert!(
        out.errors
            .iter()
            .any(|e| e.param == "row" && e.message.contains("C of m16n8k16 has 16 rows")),
        "{:?}",
        out.errors
    );
}

/// `row` named with B of m16n8k8's rows, 0 to 7.
fn assert_row_named_0_to_7(out: &MmaOutput) {
    assert!(
        out.errors
            .iter()
            .any(|e| e.param == "row" && e.message.contains("allowed from 0 to 7")),
        "{:?}",
        out.errors
    );
}
