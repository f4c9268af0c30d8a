//! Launch configurations: a grid of blocks for N elements (1-D) or a W×H image (2-D, one
//! thread per pixel), and where the launch's idle threads sit (the ragged block and warp).
//!
//! Textbook model (seed 004 Ex 1–3, Ex 7): the grid is the ceiling of the work over the block,
//! and every thread past the data is masked by the kernel's guard (`if (i < N)`).

use crate::params::ParamError;

/// Most blocks along grid x, CUDA's limit (2³¹ − 1).
pub const MAX_GRID_X: u64 = (1 << 31) - 1;
/// Most blocks along grid y, CUDA's limit.
pub const MAX_GRID_Y: u64 = 65_535;
use crate::warps::map::BlockDim;
use crate::{ceil_div, WARP_SIZE};

/// A 1-D launch of `n` elements over blocks of `block`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launch1d {
    n: u64,
    block: BlockDim,
}

/// Where the last element lands, when its warp or block is only partly used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ragged {
    /// Global index of the last element, N − 1.
    pub last: u64,
    /// Index of the last block (the one holding element N − 1).
    pub block: u64,
    /// Global thread index where that block starts.
    pub block_start: u64,
    /// Local index of element N − 1 inside its block.
    pub last_local: u64,
    /// The warp inside the last block that holds element N − 1.
    pub warp: u64,
    /// Global index where that warp starts.
    pub warp_start: u64,
    /// Lanes of that warp that hold an element (1–32).
    pub warp_active: u64,
}

impl Launch1d {
    /// A 1-D launch. `n` = 0 is the empty launch (0 blocks).
    ///
    /// # Errors
    /// `n` needing more than 2³¹ − 1 blocks (CUDA's grid-x limit) names `n`.
    pub fn new(n: u64, block: BlockDim) -> Result<Self, ParamError> {
        let blocks = ceil_div(n, block.threads());
        if blocks > MAX_GRID_X {
            let (b, max_grid) = (block.threads(), MAX_GRID_X);
            let max_n = max_grid * b;
            return Err(ParamError::new(
                "n",
                crate::tr!("warps.launch.n-too-big", n, b, blocks, max_grid, max_n),
            ));
        }
        Ok(Launch1d { n, block })
    }

    /// N, the number of elements.
    #[must_use]
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The block shape.
    #[must_use]
    pub fn block(&self) -> BlockDim {
        self.block
    }

    /// ⌈N/B⌉ blocks.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        ceil_div(self.n, self.block.threads())
    }

    /// blocks · B threads.
    #[must_use]
    pub fn threads_launched(&self) -> u64 {
        self.blocks() * self.block.threads()
    }

    /// Threads past the data: launched − N, all masked by the guard.
    #[must_use]
    pub fn idle_threads(&self) -> u64 {
        self.threads_launched() - self.n
    }

    /// Warps launched: blocks · warps per block.
    #[must_use]
    pub fn warps_launched(&self) -> u64 {
        self.blocks() * self.block.warps()
    }

    /// The ragged block and warp, walked global → local → warp as in seed 004 Ex 2. `None`
    /// when N = 0, or when the last element fills its warp and its block exactly.
    #[must_use]
    pub fn ragged(&self) -> Option<Ragged> {
        let last = self.n.checked_sub(1)?;
        let b = self.block.threads();
        let block = last / b;
        let block_start = block * b;
        let last_local = last - block_start;
        let warp = last_local / WARP_SIZE;
        let warp_start = block_start + warp * WARP_SIZE;
        let warp_active = last - warp_start + 1;
        (warp_active < WARP_SIZE || self.idle_threads() > 0).then_some(Ragged {
            last,
            block,
            block_start,
            last_local,
            warp,
            warp_start,
            warp_active,
        })
    }
}

/// A 2-D launch over a W×H image, one thread per pixel, with a 2-D block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launch2d {
    width: u64,
    height: u64,
    block: BlockDim,
}

/// Largest image side accepted (keeps every product inside 64 bits).
pub const MAX_IMAGE_SIDE: u64 = MAX_GRID_X;

impl Launch2d {
    /// A 2-D launch.
    ///
    /// # Errors
    /// Names `image` for a zero or huge side, a grid over CUDA's limits, or a block with z > 1.
    pub fn new(width: u64, height: u64, block: BlockDim) -> Result<Self, ParamError> {
        let (w, h) = (width, height);
        if width == 0 || height == 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE {
            return Err(ParamError::new(
                "image",
                crate::tr!("warps.launch.image-side", w, h, max = MAX_IMAGE_SIDE),
            ));
        }
        if block.z() != 1 {
            return Err(ParamError::new(
                "image",
                crate::tr!("warps.launch.image-block-z", z = block.z()),
            ));
        }
        let l = Launch2d {
            width,
            height,
            block,
        };
        let (gx, gy) = l.grid();
        if gx > MAX_GRID_X || gy > MAX_GRID_Y {
            let (max_x, max_y) = (MAX_GRID_X, MAX_GRID_Y);
            return Err(ParamError::new(
                "image",
                crate::tr!("warps.launch.image-grid", w, h, gx, gy, max_x, max_y),
            ));
        }
        Ok(l)
    }

    /// Image width in pixels.
    #[must_use]
    pub fn width(&self) -> u64 {
        self.width
    }

    /// Image height in pixels.
    #[must_use]
    pub fn height(&self) -> u64 {
        self.height
    }

    /// The block shape.
    #[must_use]
    pub fn block(&self) -> BlockDim {
        self.block
    }

    /// (⌈W/bx⌉, ⌈H/by⌉) blocks.
    #[must_use]
    pub fn grid(&self) -> (u64, u64) {
        (
            ceil_div(self.width, self.block.x()),
            ceil_div(self.height, self.block.y()),
        )
    }

    /// gx · gy blocks.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        let (gx, gy) = self.grid();
        gx * gy
    }

    /// Pixels, N = W·H.
    #[must_use]
    pub fn pixels(&self) -> u64 {
        self.width * self.height
    }

    /// (gx·bx) · (gy·by) threads.
    #[must_use]
    pub fn threads_launched(&self) -> u64 {
        self.blocks() * self.block.threads()
    }

    /// Threads outside the image, masked by `if (x < W && y < H)`.
    #[must_use]
    pub fn idle_threads(&self) -> u64 {
        self.threads_launched() - self.pixels()
    }

    /// Warps launched: blocks · warps per block.
    #[must_use]
    pub fn warps_launched(&self) -> u64 {
        self.blocks() * self.block.warps()
    }

    /// Thread columns past the right edge: gx·bx − W.
    #[must_use]
    pub fn extra_columns(&self) -> u64 {
        self.grid().0 * self.block.x() - self.width
    }

    /// Thread rows past the bottom edge: gy·by − H.
    #[must_use]
    pub fn extra_rows(&self) -> u64 {
        self.grid().1 * self.block.y() - self.height
    }
}

#[cfg(test)]
mod tests;
