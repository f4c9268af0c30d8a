//! The block-to-warp map: a blockDim (x, y, z) flattened to linear thread ids (x fastest, then
//! y, then z) and cut into 32-lane warps.
//!
//! Textbook model, as in the seeds: warps are formed from consecutive linear ids, 32 at a time,
//! on every NVIDIA GPU. What it leaves out: nothing about the mapping itself (CUDA documents it);
//! scheduling order, which the map does not claim to show.

use crate::msg;
use crate::params::{Param, ParamError, UrlForm};
use crate::{ceil_div, WARP_SIZE};

/// Most threads in one block (x·y·z), CUDA's limit.
pub const MAX_THREADS_PER_BLOCK: u64 = 1024;

/// blockDim.x: CUDA allows 1–1024. In the URL, the first part of `block=X,Y,Z`.
pub const BLOCK_X: Param = Param::whole("block-x", msg!("warps.field.block-x"), 1, 1024, "256")
    .unit(msg!("common.unit.threads"))
    .why_limit(msg!("common.param.block-x.limit"))
    .url(UrlForm::Part {
        key: "block",
        index: 0,
    });
/// blockDim.y: CUDA allows 1–1024. The second part of `block=` (1 when left out).
pub const BLOCK_Y: Param = Param::whole("block-y", msg!("warps.field.block-y"), 1, 1024, "1")
    .unit(msg!("common.unit.threads"))
    .why_limit(msg!("common.param.block-y.limit"))
    .url(UrlForm::Part {
        key: "block",
        index: 1,
    });
/// blockDim.z: CUDA allows 1–64. The third part of `block=` (1 when left out).
pub const BLOCK_Z: Param = Param::whole("block-z", msg!("warps.field.block-z"), 1, 64, "1")
    .hint(msg!("warps.field.block-z.hint"))
    .unit(msg!("common.unit.threads"))
    .why_limit(msg!("common.param.block-z.limit"))
    .url(UrlForm::Part {
        key: "block",
        index: 2,
    });

/// A validated block shape: each side within CUDA's limits and x·y·z ≤ 1024.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockDim {
    x: u64,
    y: u64,
    z: u64,
}

/// Where one thread sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadPos {
    /// threadIdx.x
    pub x: u64,
    /// threadIdx.y
    pub y: u64,
    /// threadIdx.z
    pub z: u64,
}

/// What a warp covers in its block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarpSpan {
    /// The warp's index in the block.
    pub warp: u64,
    /// First linear thread id.
    pub first: u64,
    /// Last linear thread id that exists (the block may end inside the warp).
    pub last: u64,
    /// Lanes holding a thread (32 except in a tail warp).
    pub active: u64,
    /// Whether the warp's threads lie on more than one row (y) of a slice.
    pub straddles_rows: bool,
    /// Whether the warp's threads lie on more than one z-slice.
    pub straddles_slices: bool,
}

impl BlockDim {
    /// A block shape, checked against CUDA's limits.
    ///
    /// # Errors
    /// A side outside its range names that side (`block-x`, `block-y`, `block-z`); a product over
    /// 1024 names `block`.
    pub fn new(x: u64, y: u64, z: u64) -> Result<Self, ParamError> {
        for (spec, v) in [(&BLOCK_X, x), (&BLOCK_Y, y), (&BLOCK_Z, z)] {
            // Checked as the form reads the side, so the range message is the same one.
            spec.parse(&v.to_string())?;
        }
        let (p, max) = (x * y * z, MAX_THREADS_PER_BLOCK);
        if p > max {
            return Err(ParamError::new(
                "block",
                crate::tr!("warps.block.too-many-threads", x, y, z, p, max),
            ));
        }
        Ok(BlockDim { x, y, z })
    }

    /// A block from the raw text of its three sides, each read as the form reads it.
    ///
    /// # Errors
    /// Every side that is not a whole number in its range, each naming its side; or, when all
    /// three are, a product over 1024 naming `block`.
    pub fn parse_sides(sides: [&str; 3]) -> Result<Self, Vec<ParamError>> {
        let mut errors = Vec::new();
        let read: Vec<Option<u64>> = [&BLOCK_X, &BLOCK_Y, &BLOCK_Z]
            .into_iter()
            .zip(sides)
            .map(|(p, raw)| p.parse(raw).map_err(|e| errors.push(e)).ok())
            .collect();
        match read[..] {
            [Some(x), Some(y), Some(z)] => BlockDim::new(x, y, z).map_err(|e| vec![e]),
            _ => Err(errors),
        }
    }

    /// A block from `X[,Y[,Z]]` (Y and Z default to 1), as `block=` reads it.
    ///
    /// # Errors
    /// As [`BlockDim::parse_sides`].
    pub fn parse_text(raw: &str) -> Result<Self, Vec<ParamError>> {
        let mut parts = raw.splitn(3, ',');
        let x = parts.next().unwrap_or_default();
        let y = parts.next().unwrap_or("1");
        let z = parts.next().unwrap_or("1");
        BlockDim::parse_sides([x, y, z])
    }

    /// blockDim.x
    #[must_use]
    pub fn x(&self) -> u64 {
        self.x
    }
    /// blockDim.y
    #[must_use]
    pub fn y(&self) -> u64 {
        self.y
    }
    /// blockDim.z
    #[must_use]
    pub fn z(&self) -> u64 {
        self.z
    }

    /// As the worked steps write it: `(x, y, z)`.
    #[must_use]
    pub fn shown(&self) -> String {
        format!("({}, {}, {})", self.x(), self.y(), self.z())
    }

    /// P = x·y·z, threads in the block.
    #[must_use]
    pub fn threads(&self) -> u64 {
        self.x * self.y * self.z
    }

    /// ⌈P/32⌉ warps per block.
    #[must_use]
    pub fn warps(&self) -> u64 {
        ceil_div(self.threads(), WARP_SIZE)
    }

    /// Lanes that hold no thread: 32·warps − P (all in the tail warp).
    #[must_use]
    pub fn idle_lanes(&self) -> u64 {
        self.warps() * WARP_SIZE - self.threads()
    }

    /// Active lanes in the block's last warp (32 when P divides evenly).
    #[must_use]
    pub fn tail_warp_active(&self) -> u64 {
        self.threads() - (self.warps() - 1) * WARP_SIZE
    }

    /// Linear id of a position: x + y·Dx + z·Dx·Dy. `None` outside the block.
    #[must_use]
    pub fn linear(&self, p: ThreadPos) -> Option<u64> {
        (p.x < self.x && p.y < self.y && p.z < self.z)
            .then(|| p.z * self.x * self.y + p.y * self.x + p.x)
    }

    /// The position of linear id `i` (the flatten formula inverted). `None` if `i ≥ P`.
    #[must_use]
    pub fn position(&self, i: u64) -> Option<ThreadPos> {
        (i < self.threads()).then(|| {
            let slice = self.x * self.y;
            let z = i / slice;
            let rem = i % slice;
            ThreadPos {
                x: rem % self.x,
                y: rem / self.x,
                z,
            }
        })
    }

    /// The warp of linear id `i`: ⌊i/32⌋.
    #[must_use]
    pub fn warp_of(i: u64) -> u64 {
        i / WARP_SIZE
    }

    /// The lane of linear id `i`: i mod 32.
    #[must_use]
    pub fn lane_of(i: u64) -> u64 {
        i % WARP_SIZE
    }

    /// What warp `w` covers. `None` if the block has no such warp.
    #[must_use]
    pub fn warp_span(&self, w: u64) -> Option<WarpSpan> {
        if w >= self.warps() {
            return None;
        }
        let first = w * WARP_SIZE;
        let last = (first + WARP_SIZE - 1).min(self.threads() - 1);
        let row_of = |i: u64| i / self.x;
        let slice_of = |i: u64| i / (self.x * self.y);
        Some(WarpSpan {
            warp: w,
            first,
            last,
            active: last - first + 1,
            straddles_rows: row_of(first) != row_of(last),
            straddles_slices: slice_of(first) != slice_of(last),
        })
    }
}

#[cfg(test)]
mod tests;
