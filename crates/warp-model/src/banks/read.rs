//! The two reads the panel describes: a strided 1-D read, and a walk over a row-major tile
//! (the transpose). Each gives every lane's byte address, then applies the rule.

use std::ops::RangeInclusive;

use super::rule::{bank_report, BankError, BankReport, LaneAddresses};
use crate::LANE_SLOTS;
use crate::WARP_SIZE;

pub use crate::{MAX_OFFSET, MAX_STRIDE};
/// Widest tile, in elements.
pub const MAX_TILE: u64 = 1024;
/// Most padding after a tile row, in elements.
pub const MAX_PAD: u64 = 64;
/// Rows of a tile: one per lane, so that a column walk gives every lane its own row.
pub const TILE_ROWS: u64 = WARP_SIZE;
/// The chart's strides: 0 (broadcast) to 64.
pub const SWEEP_STRIDES: RangeInclusive<u64> = 0..=64;
/// The chart's paddings: 0 to 8 elements.
pub const SWEEP_PADS: RangeInclusive<u64> = 0..=8;

/// A 1-D read: lane l accesses `elem` bytes at byte offset + l·stride·elem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StridedRead {
    /// Bytes per element.
    pub elem: u64,
    /// Elements between consecutive lanes (0 = every lane reads the same element).
    pub stride: u64,
    /// Bytes from the start of shared memory (a multiple of `elem`, or the GPU faults).
    pub offset: u64,
    /// Active lanes: the first `lanes` of the warp.
    pub lanes: u64,
}

impl StridedRead {
    /// The first byte lane `l` accesses.
    #[must_use]
    pub fn address(&self, lane: u64) -> u64 {
        self.offset + lane * self.stride * self.elem
    }

    /// Every lane's address.
    #[must_use]
    pub fn addresses(&self) -> LaneAddresses {
        let mut out = [None; LANE_SLOTS];
        for (lane, slot) in (0..self.lanes.min(WARP_SIZE)).zip(out.iter_mut()) {
            *slot = Some(self.address(lane));
        }
        out
    }

    /// The rule applied to this read.
    ///
    /// # Errors
    /// A misaligned offset, or an element size the rule does not know.
    pub fn report(&self) -> Result<BankReport, BankError> {
        bank_report(&self.addresses(), self.elem)
    }

    /// Wavefronts for each stride of `strides`, everything else unchanged (the chart); a
    /// stride whose read is an error is left out.
    #[must_use]
    pub fn wavefronts_by_stride(&self, strides: RangeInclusive<u64>) -> Vec<(u64, u64)> {
        strides
            .filter_map(|stride| {
                let r = StridedRead { stride, ..*self }.report().ok()?;
                Some((stride, r.wavefronts))
            })
            .collect()
    }
}

/// Which way the warp walks the tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Lane l reads `[row][l]`.
    Row,
    /// Lane l reads `[l][col]`.
    Column,
}

/// How the tile's elements are placed in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swizzle {
    /// Element `[r][c]` at column c.
    None,
    /// Element `[r][c]` at column c ^ (r mod W): only for a power-of-two W.
    Xor,
}

/// A walk over `T tile[32][W + pad]`, row-major, starting at byte 0 of shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileRead {
    /// Bytes per element (`sizeof(T)`).
    pub elem: u64,
    /// W: the tile's width in elements.
    pub width: u64,
    /// Unused elements after each row.
    pub pad: u64,
    /// Along a row or down a column.
    pub walk: Walk,
    /// The column a column walk reads (0 ≤ col < W).
    pub col: u64,
    /// The row a row walk reads (0 ≤ row < 32).
    pub row: u64,
    /// Where an element is stored in its row.
    pub swizzle: Swizzle,
    /// Active lanes: the first `lanes` of the warp.
    pub lanes: u64,
}

impl TileRead {
    /// Elements from one row's start to the next's: W + pad.
    #[must_use]
    pub fn pitch(&self) -> u64 {
        self.width + self.pad
    }

    /// The element `[r][c]` lane `l` reads; `None` when the lane is inactive or, in a row
    /// walk, past the end of the row.
    #[must_use]
    pub fn element(&self, lane: u64) -> Option<(u64, u64)> {
        if lane >= self.lanes.min(WARP_SIZE) {
            return None;
        }
        match self.walk {
            Walk::Column => Some((lane, self.col)),
            Walk::Row => (lane < self.width).then_some((self.row, lane)),
        }
    }

    /// The column where element `[r][c]` is stored. With the XOR swizzle and a W that is
    /// not a power of two this may fall outside the row: callers check W first.
    #[must_use]
    pub fn stored_column(&self, r: u64, c: u64) -> u64 {
        match self.swizzle {
            Swizzle::None => c,
            Swizzle::Xor => c ^ (r % self.width.max(1)),
        }
    }

    /// The first byte lane `l` reads: (r·(W + pad) + c′)·elem.
    #[must_use]
    pub fn address(&self, lane: u64) -> Option<u64> {
        let (r, c) = self.element(lane)?;
        Some((r * self.pitch() + self.stored_column(r, c)) * self.elem)
    }

    /// Every lane's address.
    #[must_use]
    pub fn addresses(&self) -> LaneAddresses {
        let mut out = [None; LANE_SLOTS];
        for (lane, slot) in (0..WARP_SIZE).zip(out.iter_mut()) {
            *slot = self.address(lane);
        }
        out
    }

    /// The rule applied to this walk.
    ///
    /// # Errors
    /// An element size the rule does not know (tile addresses are always aligned).
    pub fn report(&self) -> Result<BankReport, BankError> {
        bank_report(&self.addresses(), self.elem)
    }

    /// Wavefronts for each padding of `pads`, everything else unchanged (the chart).
    #[must_use]
    pub fn wavefronts_by_pad(&self, pads: RangeInclusive<u64>) -> Vec<(u64, u64)> {
        pads.filter_map(|pad| {
            let r = TileRead { pad, ..*self }.report().ok()?;
            Some((pad, r.wavefronts))
        })
        .collect()
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
    pub fn addresses(&self) -> LaneAddresses {
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
