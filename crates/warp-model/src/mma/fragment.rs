//! Which lane holds which element of a warp-level `mma` fragment, written once from the PTX ISA
//! (PTX ISA 8.x, §9.7.14.5 "Matrix Fragments for mma.m16n8k16" and "… for mma.m16n8k8", the
//! `.f16` / `.bf16` and `.tf32` sections and the f32 accumulators):
//!
//! ```text
//! groupID           = %laneid >> 2
//! threadID_in_group = %laneid % 4
//! ```
//!
//! then each register element's row and column is `scale · (groupID or threadID_in_group) +
//! offset`, one [`Place`] per element. Every layout below is that table; the inverse (which lane
//! and register hold a given row and column) is found by inverting the same table, never
//! written a second time.

use std::fmt;

/// Lanes in a warp.
pub const LANES: u64 = crate::WARP_SIZE;

/// The instruction's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `m16n8k16`: A is 16 × 16, B is 16 × 8, C/D is 16 × 8.
    M16n8k16,
    /// `m16n8k8`: A is 16 × 8, B is 8 × 8, C/D is 16 × 8.
    M16n8k8,
}

impl Shape {
    /// Its value of `shape=`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Shape::M16n8k16 => "m16n8k16",
            Shape::M16n8k8 => "m16n8k8",
        }
    }

    /// K: the depth of the product.
    #[must_use]
    pub fn k(self) -> u64 {
        match self {
            Shape::M16n8k16 => 16,
            Shape::M16n8k8 => 8,
        }
    }

    /// The shape named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Shape> {
        [Shape::M16n8k16, Shape::M16n8k8]
            .into_iter()
            .find(|x| x.name() == s)
    }
}

/// The type of A and B (C/D are f32 accumulators here).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemType {
    /// IEEE half precision: two elements per 32-bit register (`.f16x2`).
    F16,
    /// bfloat16: the same layout as f16.
    Bf16,
    /// TensorFloat-32, in a 32-bit register each; `m16n8k8` only (of the two shapes here).
    Tf32,
}

impl ElemType {
    /// Its value of `type=`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ElemType::F16 => "f16",
            ElemType::Bf16 => "bf16",
            ElemType::Tf32 => "tf32",
        }
    }

    /// The type named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<ElemType> {
        [ElemType::F16, ElemType::Bf16, ElemType::Tf32]
            .into_iter()
            .find(|x| x.name() == s)
    }
}

/// Which matrix of `D = A·B + C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A, M × K, row-major in the fragment's view.
    A,
    /// B, K × N.
    B,
    /// C (and D), M × N, f32.
    C,
}

impl Operand {
    /// Its value of `operand=`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Operand::A => "a",
            Operand::B => "b",
            Operand::C => "c",
        }
    }

    /// The letter of its register elements: `a`, `b` or `c`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Operand::A => 'a',
            Operand::B => 'b',
            Operand::C => 'c',
        }
    }

    /// The matrix's name: `A`, `B` or `C`.
    #[must_use]
    pub fn matrix(self) -> char {
        self.letter().to_ascii_uppercase()
    }

    /// The operand named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Operand> {
        [Operand::A, Operand::B, Operand::C]
            .into_iter()
            .find(|x| x.name() == s)
    }
}

/// Where a row or column index comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `groupID = lane >> 2` (0–7).
    Group,
    /// `threadID_in_group = lane % 4` (0–3).
    Thread,
}

impl Source {
    /// Its value for `lane`.
    #[must_use]
    pub fn of(self, lane: u64) -> u64 {
        match self {
            Source::Group => lane >> 2,
            Source::Thread => lane % 4,
        }
    }

    /// How many values it takes: 8 groups, 4 threads in a group.
    #[must_use]
    pub fn count(self) -> u64 {
        match self {
            Source::Group => 8,
            Source::Thread => 4,
        }
    }

    /// Its name as the ISA writes it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Source::Group => "groupID",
            Source::Thread => "threadID_in_group",
        }
    }
}

/// One index of one element: `scale · source + offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Axis {
    /// `groupID` or `threadID_in_group`.
    pub source: Source,
    /// 1 or 2.
    pub scale: u64,
    /// What is added.
    pub offset: u64,
}

impl Axis {
    /// Its value for `lane`.
    #[must_use]
    pub fn at(self, lane: u64) -> u64 {
        self.scale * self.source.of(lane) + self.offset
    }

    /// The source's value that gives `index`, if one does.
    #[must_use]
    pub fn invert(self, index: u64) -> Option<u64> {
        let v = index.checked_sub(self.offset)?;
        (v % self.scale == 0 && v / self.scale < self.source.count()).then_some(v / self.scale)
    }
}

/// Its formula, as a message's placeholder takes it.
impl crate::i18n::Arg for Axis {}

impl fmt::Display for Axis {
    /// As the ISA writes it: `threadID_in_group * 2 + 1`, `groupID + 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source.name())?;
        if self.scale != 1 {
            write!(f, " × {}", self.scale)?;
        }
        if self.offset != 0 {
            write!(f, " + {}", self.offset)?;
        }
        Ok(())
    }
}

/// Where one register element sits: its row and its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The row.
    pub row: Axis,
    /// The column.
    pub col: Axis,
}

const fn ax(source: Source, scale: u64, offset: u64) -> Axis {
    Axis {
        source,
        scale,
        offset,
    }
}
const fn g(offset: u64) -> Axis {
    ax(Source::Group, 1, offset)
}
const fn t(offset: u64) -> Axis {
    ax(Source::Thread, 1, offset)
}
const fn t2(offset: u64) -> Axis {
    ax(Source::Thread, 2, offset)
}
const fn at(row: Axis, col: Axis) -> Place {
    Place { row, col }
}

// f16 / bf16 A of m16n8k16: row = groupID for a0, a1, a4, a5, + 8 for a2, a3, a6, a7;
// col = threadID_in_group * 2 + (i & 1), + 8 for a4–a7.
const A_K16: [Place; 8] = [
    at(g(0), t2(0)),
    at(g(0), t2(1)),
    at(g(8), t2(0)),
    at(g(8), t2(1)),
    at(g(0), t2(8)),
    at(g(0), t2(9)),
    at(g(8), t2(8)),
    at(g(8), t2(9)),
];
// f16 / bf16 B of m16n8k16: row = threadID_in_group * 2 + (i & 1), + 8 for b2, b3;
// col = groupID.
const B_K16: [Place; 4] = [
    at(t2(0), g(0)),
    at(t2(1), g(0)),
    at(t2(8), g(0)),
    at(t2(9), g(0)),
];
// f16 / bf16 A of m16n8k8: row = groupID for a0, a1, + 8 for a2, a3;
// col = threadID_in_group * 2 + (i & 1).
const A_K8: [Place; 4] = [
    at(g(0), t2(0)),
    at(g(0), t2(1)),
    at(g(8), t2(0)),
    at(g(8), t2(1)),
];
// f16 / bf16 B of m16n8k8: row = threadID_in_group * 2 + i; col = groupID.
const B_K8: [Place; 2] = [at(t2(0), g(0)), at(t2(1), g(0))];
// tf32 A of m16n8k8: row = groupID for a0, a2, + 8 for a1, a3;
// col = threadID_in_group for a0, a1, + 4 for a2, a3.
const A_TF32: [Place; 4] = [
    at(g(0), t(0)),
    at(g(8), t(0)),
    at(g(0), t(4)),
    at(g(8), t(4)),
];
// tf32 B of m16n8k8: row = threadID_in_group for b0, + 4 for b1; col = groupID.
const B_TF32: [Place; 2] = [at(t(0), g(0)), at(t(4), g(0))];
// C / D, f32, both shapes: row = groupID for c0, c1, + 8 for c2, c3;
// col = threadID_in_group * 2 + (i & 1).
const C_F32: [Place; 4] = [
    at(g(0), t2(0)),
    at(g(0), t2(1)),
    at(g(8), t2(0)),
    at(g(8), t2(1)),
];

/// Why a combination is not a fragment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FragmentError {
    /// `tf32` with a shape other than `m16n8k8`.
    Tf32Shape(Shape),
}

/// One operand's fragment of one `mma` instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fragment {
    /// The shape.
    pub shape: Shape,
    /// The type of A and B.
    pub ty: ElemType,
    /// The operand.
    pub operand: Operand,
}

impl Fragment {
    /// The fragment, if the ISA has it.
    ///
    /// # Errors
    /// [`FragmentError::Tf32Shape`]: tf32 is `m16n8k8` (or `m16n8k4`, not taught here).
    pub fn new(shape: Shape, ty: ElemType, operand: Operand) -> Result<Fragment, FragmentError> {
        if ty == ElemType::Tf32 && shape != Shape::M16n8k8 {
            return Err(FragmentError::Tf32Shape(shape));
        }
        Ok(Fragment { shape, ty, operand })
    }

    /// Each register element's place, in register order (`a0` first).
    #[must_use]
    pub fn places(&self) -> &'static [Place] {
        match (self.operand, self.shape, self.ty) {
            (Operand::C, _, _) => &C_F32,
            (Operand::A, _, ElemType::Tf32) => &A_TF32,
            (Operand::B, _, ElemType::Tf32) => &B_TF32,
            (Operand::A, Shape::M16n8k16, _) => &A_K16,
            (Operand::B, Shape::M16n8k16, _) => &B_K16,
            (Operand::A, Shape::M16n8k8, _) => &A_K8,
            (Operand::B, Shape::M16n8k8, _) => &B_K8,
        }
    }

    /// Elements one lane holds.
    #[must_use]
    pub fn per_lane(&self) -> u64 {
        self.places().len() as u64
    }

    /// Rows × columns of the operand's matrix: A is M × K, B is K × N, C is M × N (M = 16,
    /// N = 8).
    #[must_use]
    pub fn dims(&self) -> (u64, u64) {
        let k = self.shape.k();
        match self.operand {
            Operand::A => (16, k),
            Operand::B => (k, 8),
            Operand::C => (16, 8),
        }
    }

    /// Elements per 32-bit register: 2 for f16 / bf16 A and B (`.f16x2`), else 1.
    #[must_use]
    pub fn per_register(&self) -> u64 {
        match (self.operand, self.ty) {
            (Operand::C, _) | (_, ElemType::Tf32) => 1,
            _ => 2,
        }
    }

    /// Row and column of element `i` (from 0, register order) of `lane`; `None` past the
    /// lane's elements or the warp.
    #[must_use]
    pub fn position(&self, lane: u64, i: u64) -> Option<(u64, u64)> {
        let place = self.places().get(usize::try_from(i).ok()?)?;
        (lane < LANES).then(|| (place.row.at(lane), place.col.at(lane)))
    }

    /// The lane and element that hold `[row][col]`, found by inverting each element's place:
    /// `None` outside the matrix.
    #[must_use]
    pub fn owner(&self, row: u64, col: u64) -> Option<Owner> {
        (0u64..).zip(self.places()).find_map(|(i, place)| {
            let a = place.row.invert(row)?;
            let b = place.col.invert(col)?;
            let (group, thread) = match (place.row.source, place.col.source) {
                (Source::Group, Source::Thread) => (a, b),
                (Source::Thread, Source::Group) => (b, a),
                // Every place in the ISA's tables takes one index from each.
                _ => return None,
            };
            Some(Owner {
                lane: 4 * group + thread,
                element: i,
                group,
                thread,
            })
        })
    }

    /// The name of element `i`: `a0`, `c3`.
    #[must_use]
    pub fn element_name(&self, i: u64) -> String {
        format!("{}{i}", self.operand.letter())
    }
}

/// Who holds an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owner {
    /// The lane: 4 · `groupID` + `threadID_in_group`.
    pub lane: u64,
    /// The register element, from 0.
    pub element: u64,
    /// `groupID`.
    pub group: u64,
    /// `threadID_in_group`.
    pub thread: u64,
}
