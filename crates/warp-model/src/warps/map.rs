//! The block-to-warp map: a blockDim (x, y, z) flattened to linear thread ids (x fastest, then
//! y, then z) and cut into 32-lane warps.
//!
//! Textbook model, as in the seeds: warps are formed from consecutive linear ids, 32 at a time,
//! on every NVIDIA GPU. What it leaves out: nothing about the mapping itself (CUDA documents it);
//! scheduling order, which the map does not claim to show.

use crate::params::{ParamError, BLOCK_X, BLOCK_Y, BLOCK_Z, MAX_THREADS_PER_BLOCK};
use crate::{ceil_div, WARP_SIZE};

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
        for (spec, v) in [(BLOCK_X, x), (BLOCK_Y, y), (BLOCK_Z, z)] {
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn block(x: u64, y: u64, z: u64) -> BlockDim {
        BlockDim::new(x, y, z).unwrap()
    }

    /// (block, threads, warps, idle lanes, tail-warp active) from the seeds' block examples and
    /// self-tests.
    #[test]
    fn seed_blocks() {
        let cases = [
            // 000 Ex 1 (cell A): 8 warps, all full.
            ((256, 1, 1), 256, 8, 0, 32),
            // 000 Ex 2 (cell B): 4 warps, last 4/32 full, 28 wasted.
            ((100, 1, 1), 100, 4, 28, 4),
            // 000 Ex 3 (cell C): 192 threads, 6 full warps.
            ((48, 4, 1), 192, 6, 0, 32),
            // 000 Ex 3b (cell C2) and self-test: 96 threads, 3 warps.
            ((8, 4, 3), 96, 3, 0, 32),
            // 000 Ex 9 (cell I): (30,30) → 29 warps, 4 active in the tail, 28 idle.
            ((30, 30, 1), 900, 29, 28, 4),
            // 000 Ex 9: (32,8) → 8 warps, none idle.
            ((32, 8, 1), 256, 8, 0, 32),
            // 000 self-test: (72,1,1) → 3 warps, 8 active in the tail, 24 wasted.
            ((72, 1, 1), 72, 3, 24, 8),
            // 004 Ex 7's 16×16 block: 8 full warps.
            ((16, 16, 1), 256, 8, 0, 32),
            // Cell D (block smaller than a warp): one warp, mostly idle.
            ((20, 1, 1), 20, 1, 12, 20),
            ((1, 1, 1), 1, 1, 31, 1),
            ((1024, 1, 1), 1024, 32, 0, 32),
            ((1, 1, 64), 64, 2, 0, 32),
        ];
        for ((x, y, z), p, w, idle, tail) in cases {
            let b = block(x, y, z);
            assert_eq!(b.threads(), p, "threads of {x},{y},{z}");
            assert_eq!(b.warps(), w, "warps of {x},{y},{z}");
            assert_eq!(b.idle_lanes(), idle, "idle lanes of {x},{y},{z}");
            assert_eq!(b.tail_warp_active(), tail, "tail of {x},{y},{z}");
        }
    }

    #[test]
    fn seed_threads_and_warps() {
        // 000 Ex 3b: linear 70 in (8,4,3) is (6,0,2), warp 2.
        let b = block(8, 4, 3);
        assert_eq!(b.position(70), Some(ThreadPos { x: 6, y: 0, z: 2 }));
        assert_eq!(BlockDim::warp_of(70), 2);
        assert_eq!(BlockDim::lane_of(70), 6);
        // 000 Ex 3: warp 1 of (48,4,1) is linear 32–63, row 0's tail and row 1's head.
        let b = block(48, 4, 1);
        let s = b.warp_span(1).unwrap();
        assert_eq!((s.first, s.last, s.active), (32, 63, 32));
        assert!(s.straddles_rows && !s.straddles_slices);
        assert_eq!(b.position(32), Some(ThreadPos { x: 32, y: 0, z: 0 }));
        assert_eq!(b.position(63), Some(ThreadPos { x: 15, y: 1, z: 0 }));
        assert!(!b.warp_span(0).unwrap().straddles_rows);
        assert_eq!(b.warp_span(6), None);
        // 000 Ex 2: warp 3 of (100,1,1) holds 96–99.
        let s = block(100, 1, 1).warp_span(3).unwrap();
        assert_eq!((s.first, s.last, s.active), (96, 99, 4));
        // A warp that straddles z-slices: (4,4,4) has 16-thread slices.
        let s = block(4, 4, 4).warp_span(0).unwrap();
        assert!(s.straddles_slices);
        // (8,4,3): one slice per warp, no straddling (seed: "koi cross-slice straddling nahi").
        for w in 0..3 {
            let s = block(8, 4, 3).warp_span(w).unwrap();
            assert!(!s.straddles_slices, "warp {w}");
        }
    }

    #[test]
    fn limits_are_cudas() {
        assert_eq!(BlockDim::new(1025, 1, 1).unwrap_err().param, "block-x");
        assert_eq!(BlockDim::new(0, 1, 1).unwrap_err().param, "block-x");
        assert_eq!(BlockDim::new(1, 1025, 1).unwrap_err().param, "block-y");
        assert_eq!(BlockDim::new(1, 1, 65).unwrap_err().param, "block-z");
        assert_eq!(BlockDim::new(1, 1, 0).unwrap_err().param, "block-z");
        let e = BlockDim::new(32, 32, 2).unwrap_err();
        assert_eq!(e.param, "block");
        assert!(e.message.contains("2048"), "{}", e.message);
        assert!(BlockDim::new(32, 32, 1).is_ok());
        assert!(BlockDim::new(u64::MAX, u64::MAX, u64::MAX).is_err());
    }

    fn any_block() -> impl Strategy<Value = BlockDim> {
        (1u64..=1024)
            .prop_flat_map(|x| (Just(x), 1u64..=1024 / x))
            .prop_flat_map(|(x, y)| (Just(x), Just(y), 1u64..=(1024 / (x * y)).min(64)))
            .prop_map(|(x, y, z)| BlockDim::new(x, y, z).expect("generated within limits"))
    }

    proptest! {
        #[test]
        fn floor_of_last_plus_one_is_ceiling_of_total(p in 1u64..=1_000_000) {
            prop_assert_eq!((p - 1) / 32 + 1, ceil_div(p, 32));
        }

        #[test]
        fn linear_and_coords_round_trip(b in any_block(), seed in any::<u64>()) {
            let i = seed % b.threads();
            let pos = b.position(i).unwrap();
            prop_assert_eq!(b.linear(pos), Some(i));
            prop_assert!(pos.x < b.x() && pos.y < b.y() && pos.z < b.z());
        }

        #[test]
        fn warps_cover_the_block(b in any_block()) {
            prop_assert!(b.idle_lanes() < 32);
            prop_assert_eq!(b.warps() * 32 - b.idle_lanes(), b.threads());
            let active: u64 = (0..b.warps()).map(|w| b.warp_span(w).unwrap().active).sum();
            prop_assert_eq!(active, b.threads());
            prop_assert_eq!(b.warp_span(b.warps() - 1).unwrap().active, b.tail_warp_active());
        }
    }
}
