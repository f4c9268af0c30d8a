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
            // Kept in order as they come (at most a warp's 32), rather than sorted after:
            // the standard library's sort is 1.6 kB of raw code in every page that costs a
            // load (measured on the kernel page, issue 46).
            let at = e.0.partition_point(|r| *r < (lo, hi));
            e.0.insert(at, (lo, hi));
            if !e.1.contains(&lane) {
                e.1.push(lane);
            }
            s += 1;
        }
    }
    map.into_iter()
        .map(|(index, (ranges, lanes))| {
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
mod tests;
