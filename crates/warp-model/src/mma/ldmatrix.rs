//! `ldmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.shared.b16`: how a warp loads the 16 × 16 f16
//! block at (0, 0) of a row-major tile in shared memory into A fragments, and what the load
//! costs on the banks panel's own rule ([`crate::banks::rule::bank_report`]).
//!
//! From the PTX ISA (§9.7.14.5.15 "ldmatrix"): each 8 × 8 matrix is 8 rows of 8 halves (16
//! bytes); threads 0–7 give the rows' addresses of matrix 0, threads 8–15 of matrix 1, and so
//! on (only the first 8·x threads' addresses are used); in each matrix, lane T receives row
//! T / 4, columns 2·(T mod 4) and 2·(T mod 4) + 1 into its register for that matrix, or with
//! `.trans` the same two elements of column T / 4. The matrices are placed as the A operand
//! of `m16n8k16` wants them: matrix 0 is rows 0–7 of columns 0–7, matrix 1 rows 8–15 of
//! columns 0–7, matrix 2 rows 0–7 of columns 8–15, matrix 3 rows 8–15 of columns 8–15, so
//! register i of every lane is `a2i, a2i+1` of the A fragment.
//!
//! Cost: every address is a 16-byte access, which the bank rule serves a quarter-warp (8
//! lanes) at a time, so phase p is matrix p. The XOR swizzle stores a row's 16-byte chunk c
//! at chunk c ⊕ (row mod 8), the `CuTe` `Swizzle<3,3,3>` on halves (bits 4–6 of the half index
//! XOR-ed with bits 7–9 for a 64-half row), which needs rows of a multiple of 64 halves.

use crate::banks::rule::{bank_report, BankError, BankReport, LaneAddresses};
use crate::{LANE_SLOTS, WARP_SIZE};

/// Bytes of one f16 / bf16 element.
pub const HALF_BYTES: u64 = 2;
/// Halves in one matrix row: 8 (16 bytes).
pub const ROW_HALVES: u64 = 8;
/// Smallest pitch, in halves: the 16 × 16 block must fit in a row.
pub const MIN_PITCH: u64 = 16;
/// Largest pitch offered, in halves (512 bytes a row).
pub const MAX_PITCH: u64 = 256;
/// The XOR swizzle works on rows of a multiple of this many halves (8 chunks of 16 bytes).
pub const SWIZZLE_PITCH: u64 = 64;

/// Where a row's chunks are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Chunk c at chunk c.
    Plain,
    /// Chunk c at chunk c ⊕ (row mod 8).
    Xor,
}

/// Why an `ldmatrix` cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LdmatrixError {
    /// The pitch is not a multiple of 8 halves (16-byte rows must stay aligned).
    PitchAlign(u64),
    /// The pitch is below 16 halves or above the largest offered.
    PitchRange(u64),
    /// The swizzle needs a pitch that is a multiple of 64 halves.
    SwizzlePitch(u64),
    /// `x` is not 1, 2 or 4.
    Count(u64),
}

/// One warp's `ldmatrix` of the 16 × 16 block at (0, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ldmatrix {
    /// Matrices loaded: 1, 2 or 4.
    pub x: u64,
    /// `.trans`.
    pub trans: bool,
    /// Halves from one row of the tile to the next.
    pub pitch: u64,
    /// Where chunks are stored.
    pub placement: Placement,
}

/// One element of the loaded block as a lane receives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Received {
    /// The receiving lane.
    pub lane: u64,
    /// Its destination register: the matrix's number.
    pub register: u64,
    /// Which half of the register: 0 (low) or 1.
    pub half: u64,
}

impl Ldmatrix {
    /// The load, checked.
    ///
    /// # Errors
    /// An [`LdmatrixError`] for a pitch or count the instruction (or this page) does not take.
    pub fn new(
        x: u64,
        trans: bool,
        pitch: u64,
        placement: Placement,
    ) -> Result<Ldmatrix, LdmatrixError> {
        if ![1, 2, 4].contains(&x) {
            return Err(LdmatrixError::Count(x));
        }
        if !(MIN_PITCH..=MAX_PITCH).contains(&pitch) {
            return Err(LdmatrixError::PitchRange(pitch));
        }
        if !pitch.is_multiple_of(ROW_HALVES) {
            return Err(LdmatrixError::PitchAlign(pitch));
        }
        if placement == Placement::Xor && !pitch.is_multiple_of(SWIZZLE_PITCH) {
            return Err(LdmatrixError::SwizzlePitch(pitch));
        }
        Ok(Ldmatrix {
            x,
            trans,
            pitch,
            placement,
        })
    }

    /// Lanes whose addresses are used: 8 per matrix.
    #[must_use]
    pub fn address_lanes(&self) -> u64 {
        8 * self.x
    }

    /// The block row and chunk (0 for columns 0–7, 1 for 8–15) whose address lane `lane`
    /// gives: row T mod 8 of matrix T / 8; `None` when its address is not used.
    #[must_use]
    pub fn row_of(&self, lane: u64) -> Option<(u64, u64)> {
        (lane < self.address_lanes()).then_some((lane % 16, lane / 16))
    }

    /// The chunk where chunk `chunk` of row `row` is stored.
    #[must_use]
    pub fn stored_chunk(&self, row: u64, chunk: u64) -> u64 {
        match self.placement {
            Placement::Plain => chunk,
            Placement::Xor => chunk ^ (row % 8),
        }
    }

    /// The byte address lane `lane` gives: (row · pitch + 8 · stored chunk) · 2.
    #[must_use]
    pub fn address(&self, lane: u64) -> Option<u64> {
        let (row, chunk) = self.row_of(lane)?;
        Some((row * self.pitch + ROW_HALVES * self.stored_chunk(row, chunk)) * HALF_BYTES)
    }

    /// Every lane's address, `None` for lanes whose address is not used.
    #[must_use]
    pub fn addresses(&self) -> LaneAddresses {
        let mut out = [None; LANE_SLOTS];
        for (lane, slot) in (0u64..).zip(out.iter_mut()) {
            *slot = self.address(lane);
        }
        out
    }

    /// The bank rule on the 16-byte accesses.
    ///
    /// # Errors
    /// Never for a checked load (16-byte accesses at multiples of 16 bytes); passed on all the
    /// same.
    pub fn report(&self) -> Result<BankReport, BankError> {
        bank_report(&self.addresses(), 16)
    }

    /// Rows and columns of the loaded block: 8 × 8, 16 × 8 or 16 × 16.
    #[must_use]
    pub fn block(&self) -> (u64, u64) {
        match self.x {
            1 => (8, 8),
            2 => (16, 8),
            _ => (16, 16),
        }
    }

    /// Who receives block element `[row][col]`; `None` outside the loaded matrices.
    #[must_use]
    pub fn receiver(&self, row: u64, col: u64) -> Option<Received> {
        let (rows, cols) = self.block();
        if row >= rows || col >= cols {
            return None;
        }
        let register = row / 8 + 2 * (col / 8);
        let (r, c) = (row % 8, col % 8);
        let (lane, half) = if self.trans {
            (4 * c + r / 2, r % 2)
        } else {
            (4 * r + c / 2, c % 2)
        };
        Some(Received {
            lane,
            register,
            half,
        })
    }

    /// The block element lane `lane` receives in half `half` of register `register`:
    /// row T / 4, column 2·(T mod 4) + half of that matrix (transposed with `.trans`).
    #[must_use]
    pub fn element(&self, lane: u64, register: u64, half: u64) -> Option<(u64, u64)> {
        if lane >= WARP_SIZE || register >= self.x || half > 1 {
            return None;
        }
        let (r, c) = if self.trans {
            (2 * (lane % 4) + half, lane / 4)
        } else {
            (lane / 4, 2 * (lane % 4) + half)
        };
        Some((8 * (register % 2) + r, 8 * (register / 2) + c))
    }

    /// The banks panel's tile read with the same bank pattern in every phase: a tile of
    /// 16-byte elements `pitch / 8` wide (the width), walked down column 0 by `8·x` lanes (lane
    /// l reads row l), with the same XOR where the banks panel's swizzle (c ⊕ (r mod W))
    /// coincides with this one's (W = 8); `None` where it does not. Each phase's lanes read 8
    /// consecutive rows in both, so the two differ by a constant shift of words per phase and
    /// cost the same (a model test checks it for every pitch, count and placement).
    #[must_use]
    pub fn banks_tile(&self) -> Option<BanksTile> {
        let width = self.pitch / ROW_HALVES;
        let xor = match self.placement {
            Placement::Plain => false,
            Placement::Xor if width == 8 => true,
            Placement::Xor => return None,
        };
        Some(BanksTile {
            width,
            lanes: self.address_lanes(),
            xor,
        })
    }
}

/// A read of the banks panel's tile mode: 16-byte elements, column 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BanksTile {
    /// Elements per row (`tile=`).
    pub width: u64,
    /// Active lanes (`lanes=`).
    pub lanes: u64,
    /// `swizzle=xor`.
    pub xor: bool,
}
