//! Coalescing: the addresses one warp's load touches and the memory transactions they cost.
//!
//! Textbook model (seed 004 Ex 4): lane l reads `elem` bytes at byte address
//! offset + l·stride·elem; the memory system moves whole aligned segments of `line` bytes (128,
//! the seed's transaction; 32, a sector; 64 allowed too). Transactions = distinct segments
//! touched; useful bytes = distinct bytes requested; moved = transactions·line; η = useful/moved.
//!
//! What it leaves out: caches (an L1 hit moves nothing from DRAM), the split of a 128-byte
//! request into 32-byte sectors on recent GPUs (pick `line = 32` to see the sector view), and
//! writes.

use std::collections::BTreeMap;

use crate::ratio;

pub use crate::{ELEM_SIZES, MAX_OFFSET, MAX_STRIDE};

/// Segment sizes, in bytes.
pub const LINE_SIZES: [u64; 3] = [32, 64, 128];
/// The seeds' memory transaction: an aligned 128-byte segment (what the kernel lab costs).
pub const TRANSACTION_BYTES: u64 = 128;

/// The rule for any warp's access, strided or not: lane `l` reads `elem` bytes at `start`,
/// for each `(l, start)` of `reads`; the segments of `line` bytes they touch, in address
/// order, each with the byte ranges asked for (merged) and the lanes that asked. Transactions
/// are these segments; useful bytes what they hold that was asked for. [`Access`] (the
/// panel's strided read) and the kernel lab's loads and stores both cost through it.
#[must_use]
pub fn segments_of(
    reads: impl IntoIterator<Item = (u64, u64)>,
    elem: u64,
    line: u64,
) -> Vec<Segment> {
    /// Byte ranges used in a segment, and the lanes reading them.
    type Touch = (Vec<(u64, u64)>, Vec<u64>);
    let line = line.max(1);
    let mut map: BTreeMap<u64, Touch> = BTreeMap::new();
    for (lane, start) in reads {
        let end = start.saturating_add(elem);
        let mut s = start / line;
        while s.saturating_mul(line) < end {
            let base = s * line;
            let lo = start.max(base) - base;
            let hi = end.min(base + line) - base;
            let e = map.entry(s).or_default();
            e.0.push((lo, hi));
            if !e.1.contains(&lane) {
                e.1.push(lane);
            }
            s += 1;
        }
    }
    map.into_iter()
        .map(|(index, (mut ranges, lanes))| {
            ranges.sort_unstable();
            let mut used: Vec<(u64, u64)> = Vec::new();
            for (a, b) in ranges {
                match used.last_mut() {
                    Some(last) if a <= last.1 => last.1 = last.1.max(b),
                    _ => used.push((a, b)),
                }
            }
            Segment { index, used, lanes }
        })
        .collect()
}

/// One warp's load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    /// Bytes per element.
    pub elem: u64,
    /// Elements between consecutive lanes (0 = every lane reads the same element).
    pub stride: u64,
    /// Bytes from an aligned base.
    pub offset: u64,
    /// Segment size in bytes.
    pub line: u64,
    /// Active lanes (the first `lanes` of the warp).
    pub lanes: u64,
}

/// One segment the load touches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Segment number (address / line).
    pub index: u64,
    /// Byte ranges inside it that some lane asked for, relative to the segment's start, merged.
    pub used: Vec<(u64, u64)>,
    /// Lanes whose element (or part of it) lies in this segment.
    pub lanes: Vec<u64>,
}

impl Segment {
    /// Bytes of the segment that were asked for.
    #[must_use]
    pub fn used_bytes(&self) -> u64 {
        self.used.iter().map(|(a, b)| b - a).sum()
    }
}

impl Access {
    /// The first byte lane `l` reads.
    #[must_use]
    pub fn address(&self, lane: u64) -> u64 {
        self.offset + lane * self.stride * self.elem
    }

    /// The segments touched, in address order, with the bytes used in each.
    #[must_use]
    pub fn segments(&self) -> Vec<Segment> {
        segments_of(
            (0..self.lanes).map(|l| (l, self.address(l))),
            self.elem,
            self.line,
        )
    }

    /// Distinct segments touched.
    #[must_use]
    pub fn transactions(&self) -> u64 {
        self.segments().len() as u64
    }

    /// Distinct bytes requested.
    #[must_use]
    pub fn useful_bytes(&self) -> u64 {
        self.segments().iter().map(Segment::used_bytes).sum()
    }

    /// Bytes moved: transactions · line.
    #[must_use]
    pub fn moved_bytes(&self) -> u64 {
        self.transactions() * self.line
    }

    /// η = useful / moved, in (0, 1].
    #[must_use]
    pub fn efficiency(&self) -> f64 {
        ratio(self.useful_bytes(), self.moved_bytes())
    }

    /// η for strides 1..=`max` with everything else unchanged (the chart's curve).
    #[must_use]
    pub fn efficiency_by_stride(&self, max: u64) -> Vec<(u64, f64)> {
        (1..=max)
            .map(|s| (s, Access { stride: s, ..*self }.efficiency()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn access(elem: u64, stride: u64, offset: u64, line: u64, lanes: u64) -> Access {
        Access {
            elem,
            stride,
            offset,
            line,
            lanes,
        }
    }

    /// (access, transactions, useful, moved) worked by hand.
    #[test]
    fn seed_and_hand_cases() {
        let cases = [
            // Seed 004 Ex 4, case D: A[i], floats: one 128-byte transaction, η = 1.
            (access(4, 1, 0, 128, 32), 1, 128, 128),
            // Case E: A[i*32]: 32 transactions, η = 1/32.
            (access(4, 32, 0, 128, 32), 32, 128, 4096),
            // Case E seen in 32-byte sectors: still 32, but each moves 32 bytes: η = 1/8.
            (access(4, 32, 0, 32, 32), 32, 128, 1024),
            // Coalesced floats in sectors: 4 sectors of 32 bytes.
            (access(4, 1, 0, 32, 32), 4, 128, 128),
            // Misaligned by one float: bytes 4..132 straddle two lines.
            (access(4, 1, 4, 128, 32), 2, 128, 256),
            // Stride 2 floats: 256 bytes span two lines, half of each used.
            (access(4, 2, 0, 128, 32), 2, 128, 256),
            // Doubles: 256 bytes, two lines, η = 1.
            (access(8, 1, 0, 128, 32), 2, 256, 256),
            // 16-byte elements (float4): four lines.
            (access(16, 1, 0, 128, 32), 4, 512, 512),
            // A 16-byte element misaligned by 8 bytes straddles segment edges: 5 lines.
            (access(16, 1, 8, 128, 32), 5, 512, 640),
            // Broadcast: every lane reads the same float.
            (access(4, 0, 0, 128, 32), 1, 4, 128),
            // Half a warp, coalesced: 64 useful bytes in one line.
            (access(4, 1, 0, 128, 16), 1, 64, 128),
            // One active lane.
            (access(4, 7, 0, 128, 1), 1, 4, 128),
            // Bytes (chars), stride 1: 32 bytes in one line, η = 1/4.
            (access(1, 1, 0, 128, 32), 1, 32, 128),
            // An element larger than a sector: 16 bytes at offset 24 crosses a 32-byte sector.
            (access(16, 0, 24, 32, 32), 2, 16, 64),
        ];
        for (a, t, useful, moved) in cases {
            assert_eq!(a.transactions(), t, "{a:?}");
            assert_eq!(a.useful_bytes(), useful, "{a:?}");
            assert_eq!(a.moved_bytes(), moved, "{a:?}");
        }
        assert!((access(4, 32, 0, 128, 32).efficiency() - 1.0 / 32.0).abs() < 1e-12);
        assert!((access(4, 1, 0, 128, 32).efficiency() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn segments_show_used_bytes_and_lanes() {
        let segs = access(4, 2, 0, 128, 32).segments();
        assert_eq!(segs.len(), 2);
        assert_eq!(segs[0].lanes, (0..16).collect::<Vec<_>>());
        assert_eq!(segs[0].used[..2], [(0, 4), (8, 12)]);
        assert_eq!(segs[0].used_bytes(), 64);
        let segs = access(4, 1, 0, 128, 32).segments();
        assert_eq!(segs[0].used, vec![(0, 128)]);
    }

    #[test]
    fn the_stride_curve() {
        let curve = access(4, 1, 0, 128, 32).efficiency_by_stride(64);
        assert_eq!(curve.len(), 64);
        assert!((curve[0].1 - 1.0).abs() < 1e-12);
        assert!((curve[31].1 - 1.0 / 32.0).abs() < 1e-12);
        // Past stride 32 every lane has its own line already: η stays 1/32.
        assert!((curve[63].1 - 1.0 / 32.0).abs() < 1e-12);
    }

    proptest! {
        #[test]
        fn bounds_hold(
            e in 0usize..5, l in 0usize..3, stride in 0u64..=256, offset in 0u64..4096, lanes in 1u64..=32,
        ) {
            let a = access(ELEM_SIZES[e], stride, offset, LINE_SIZES[l], lanes);
            let (t, useful) = (a.transactions(), a.useful_bytes());
            prop_assert!(useful.div_ceil(a.line) <= t);
            prop_assert!(t <= lanes * (a.elem.div_ceil(a.line) + 1));
            let eta = a.efficiency();
            prop_assert!(eta > 0.0 && eta <= 1.0);
            // Independent count of distinct bytes.
            let mut bytes = std::collections::BTreeSet::new();
            for lane in 0..lanes {
                for b in 0..a.elem { bytes.insert(a.address(lane) + b); }
            }
            prop_assert_eq!(bytes.len() as u64, useful);
            let segs: std::collections::BTreeSet<u64> = bytes.iter().map(|b| b / a.line).collect();
            prop_assert_eq!(segs.len() as u64, t);
        }
    }
}
