//! A warp's load through L1, L2 and DRAM, in the units of NVIDIA's profilers.
//!
//! - A warp's load instruction is one request, for the distinct 32-byte sectors its active
//!   lanes touch (a lane whose bytes cross a sector's edge touches both).
//! - With [`Cache::Ca`] (like `ld.ca`, the default), L1 keeps the sectors it fetched, and a
//!   later request for a kept sector hits. With [`Cache::Cg`], L1 is bypassed.
//! - L2 keeps every sector it fetched. DRAM bytes = L2 sector misses × 32.
//! - A store (the kernel lab's; the panel only loads) writes its sectors to L2, which keeps
//!   them; each sector written is written back to DRAM once, 32 bytes, however often it was
//!   written. L1 does not keep a stored sector (write-through, no allocate).
//!
//! The sectors a request touches are the coalescing rule's segments with a 32-byte line
//! ([`crate::coalescing::access::segments_of`]): one rule for the addresses, one for the
//! sectors, here and in the coalescing panel and the kernel lab.

use std::collections::{HashMap, VecDeque};

use crate::coalescing::access::segments_of;
use crate::WARP_SIZE;

/// A sector: the 32 bytes a cache tags and DRAM moves at a time.
pub const SECTOR_BYTES: u64 = 32;
/// A cache line: four sectors under one tag (what the profilers' "lines" count).
pub const LINE_BYTES: u64 = 128;
/// The L1 modelled: 128 KiB of sectors.
pub const L1_BYTES: u64 = 128 * 1024;
/// The L2 modelled: 40 MiB of sectors (an A100's).
pub const L2_BYTES: u64 = 40 * 1024 * 1024;

/// The distinct 32-byte sectors, in address order, that the bytes asked for in `segments` (the
/// coalescing rule's 128-byte segments, `segments_of` with a 128-byte line) fall in: the same
/// sectors as `segments_of` with a 32-byte line gives (`memory/tests.rs` checks it for any
/// lanes), without going over the lanes again. The kernel lab costs each access so, once.
#[must_use]
pub fn sectors_of(segments: &[crate::coalescing::access::Segment]) -> Vec<u64> {
    let per = LINE_BYTES / SECTOR_BYTES;
    let mut out: Vec<u64> = Vec::new();
    for seg in segments {
        for &(a, b) in &seg.used {
            for s in a / SECTOR_BYTES..b.div_ceil(SECTOR_BYTES) {
                let sector = seg.index * per + s;
                if out.last() != Some(&sector) {
                    out.push(sector);
                }
            }
        }
    }
    out
}

/// The 128-byte line sector `sector` lies in.
#[must_use]
pub const fn line_of(sector: u64) -> u64 {
    sector * SECTOR_BYTES / LINE_BYTES
}

/// Whether sector `sector` is the first of its line.
#[must_use]
pub const fn starts_line(sector: u64) -> bool {
    (sector * SECTOR_BYTES).is_multiple_of(LINE_BYTES)
}

/// Whether a load keeps its sectors in L1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cache {
    /// Cache at all levels (`ld.ca`): L1 keeps what it fetched.
    #[default]
    Ca,
    /// Cache in L2 only (`ld.cg`): L1 is bypassed.
    Cg,
}

/// Where a sector was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Kept in L1 by an earlier request.
    L1,
    /// Missed L1 (or bypassed it), kept in L2.
    L2,
    /// Missed both: fetched from DRAM.
    Dram,
}

/// A cache of sectors: fully associative, least recently used replaced.
///
/// A map from sector to when it was last used, and a queue of uses, oldest first, in which a
/// use that a later one superseded is skipped when it reaches the front (and dropped when the
/// queue grows past twice the sectors held). Not two ordered maps: their B-tree code cost the
/// kernel lab's run worker 9 kB of wasm (`cargo xtask bytes`), a hash map and a queue about a
/// third of that, and hash maps of `u64` are linked there already.
#[derive(Clone, Debug)]
pub struct Sectors {
    capacity: usize,
    clock: u64,
    /// Sector → when last used.
    used: HashMap<u64, u64>,
    /// (when, sector) for every use since the last compaction, oldest first.
    order: VecDeque<(u64, u64)>,
}

impl Sectors {
    /// An empty (cold) cache of `bytes`.
    #[must_use]
    pub fn new(bytes: u64) -> Sectors {
        Sectors {
            capacity: usize::try_from(bytes / SECTOR_BYTES).unwrap_or(usize::MAX),
            clock: 0,
            used: HashMap::new(),
            order: VecDeque::new(),
        }
    }

    /// Looks `sector` up: whether it was kept, and from now on it is (the least recently used
    /// one evicted when full). With `keep` false a miss is not kept (a bypass).
    pub fn access(&mut self, sector: u64, keep: bool) -> bool {
        self.clock += 1;
        let kept = self.used.insert(sector, self.clock).is_some();
        if !kept && !keep {
            self.used.remove(&sector);
            return false;
        }
        self.order.push_back((self.clock, sector));
        if !kept && self.used.len() > self.capacity {
            // The oldest use still current is the least recently used sector.
            while let Some((when, old)) = self.order.pop_front() {
                if self.used.get(&old) == Some(&when) {
                    self.used.remove(&old);
                    break;
                }
            }
        }
        if self.order.len() > 2 * self.used.len() + 64 {
            let used = &self.used;
            self.order.retain(|(when, s)| used.get(s) == Some(when));
        }
        kept
    }

    /// Sectors held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.used.len()
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.used.is_empty()
    }
}

/// L1 and L2, cold, and the counts of what went through them.
#[derive(Clone, Debug)]
pub struct Hierarchy {
    cache: Cache,
    l1: Sectors,
    l2: Sectors,
    /// Sectors stored to so far (each written back once), as a map of the same type as
    /// [`Sectors`]' (one copy of its code in the wasm).
    written: HashMap<u64, u64>,
    /// The counts so far.
    pub counts: Counts,
}

/// What went through the hierarchy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counts {
    /// Load requests (warp load instructions).
    pub requests: u64,
    /// Sectors requested (each request's distinct sectors, summed).
    pub sectors: u64,
    /// Lines requested (each request's distinct 128-byte lines, summed).
    pub lines: u64,
    /// Sectors found in L1.
    pub l1_hits: u64,
    /// Sectors that reached L2 (L1 misses, or every sector under `cg`).
    pub l2_lookups: u64,
    /// Sectors found in L2.
    pub l2_hits: u64,
    /// Sectors fetched from DRAM (L2 misses).
    pub dram_sectors: u64,
    /// Distinct sectors stored to (each written back to DRAM once).
    pub written_sectors: u64,
}

impl Counts {
    /// L1 sector hits ÷ sectors requested (0 when none were).
    #[must_use]
    pub fn l1_hit_rate(&self) -> f64 {
        crate::ratio(self.l1_hits, self.sectors)
    }

    /// L2 sector hits ÷ sectors that reached L2 (0 when none did).
    #[must_use]
    pub fn l2_hit_rate(&self) -> f64 {
        crate::ratio(self.l2_hits, self.l2_lookups)
    }

    /// Bytes moved to and from DRAM: L2 sector misses × 32, plus each sector written × 32.
    #[must_use]
    pub fn dram_bytes(&self) -> u64 {
        (self.dram_sectors + self.written_sectors) * SECTOR_BYTES
    }

    /// Sectors per request (0 with no request).
    #[must_use]
    pub fn sectors_per_request(&self) -> f64 {
        crate::ratio(self.sectors, self.requests)
    }
}

impl Hierarchy {
    /// Cold caches under `cache`.
    #[must_use]
    pub fn new(cache: Cache) -> Hierarchy {
        Hierarchy {
            cache,
            l1: Sectors::new(L1_BYTES),
            l2: Sectors::new(L2_BYTES),
            written: HashMap::new(),
            counts: Counts::default(),
        }
    }

    /// One warp's store to `sectors` (distinct, as [`sectors_of`] gives them): how many, and how
    /// many written for the first time (those go back to DRAM once). Stores are not load
    /// requests.
    pub fn store_sectors(&mut self, sectors: &[u64]) -> (u64, u64) {
        let mut new = 0;
        for &s in sectors {
            self.l2.access(s, true);
            if self.written.insert(s, 0).is_none() {
                new += 1;
            }
        }
        self.counts.written_sectors += new;
        (sectors.len() as u64, new)
    }

    /// One warp's load request: lane `l` reads `elem` bytes at `start`, for each `(l, start)`
    /// of `reads`. Returns each distinct sector it touched, in address order, with where it
    /// was found.
    pub fn load(
        &mut self,
        reads: impl IntoIterator<Item = (u64, u64)>,
        elem: u64,
    ) -> Vec<(u64, Found)> {
        let sectors: Vec<u64> = segments_of(reads, elem, SECTOR_BYTES)
            .iter()
            .map(|s| s.index)
            .collect();
        self.load_sectors(&sectors)
    }

    /// One warp's load request for `sectors`, distinct and in address order (as
    /// [`sectors_of`] gives them): each with where it was found.
    pub fn load_sectors(&mut self, sectors: &[u64]) -> Vec<(u64, Found)> {
        let mut lines: Vec<u64> = sectors.iter().map(|s| line_of(*s)).collect();
        lines.dedup();
        self.counts.requests += 1;
        self.counts.sectors += sectors.len() as u64;
        self.counts.lines += lines.len() as u64;
        sectors.iter().map(|&s| (s, self.sector(s))).collect()
    }

    /// Looks one sector up, L1 then L2 then DRAM.
    fn sector(&mut self, sector: u64) -> Found {
        let ca = self.cache == Cache::Ca;
        if ca && self.l1.access(sector, true) {
            self.counts.l1_hits += 1;
            return Found::L1;
        }
        self.counts.l2_lookups += 1;
        if self.l2.access(sector, true) {
            self.counts.l2_hits += 1;
            Found::L2
        } else {
            self.counts.dram_sectors += 1;
            Found::Dram
        }
    }
}

/// Which elements the warps read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reuse {
    /// Warp w's lane l reads element w·32 + l: each warp its own.
    Next,
    /// Every warp reads the same elements: lane l reads element l.
    Same,
}

/// The panel's load: `warps` warps of 32 lanes each read `elem` bytes at
/// `offset + index · stride · elem`, the index as [`Reuse`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarpLoads {
    /// Bytes per element.
    pub elem: u64,
    /// Elements between consecutive indices.
    pub stride: u64,
    /// Bytes from an aligned base.
    pub offset: u64,
    /// Warps, one request each.
    pub warps: u64,
    /// Which elements.
    pub reuse: Reuse,
    /// L1 kept or bypassed.
    pub cache: Cache,
}

/// One warp's request as the picture draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The warp.
    pub warp: u64,
    /// Its distinct sectors, in address order, each with where it was found.
    pub sectors: Vec<(u64, Found)>,
    /// How its lanes use each of those sectors, in the same order.
    pub uses: Vec<SectorUse>,
}

/// How a request's lanes use one of its sectors: the first and the last lane whose bytes fall
/// in it, and how many of its 32 bytes they read (a byte read by several lanes counted once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SectorUse {
    /// The first lane.
    pub first: u64,
    /// The last lane.
    pub last: u64,
    /// The bytes read, 1 to 32.
    pub bytes: u64,
}

impl WarpLoads {
    /// The element lane `lane` of warp `warp` reads.
    #[must_use]
    pub fn index(&self, warp: u64, lane: u64) -> u64 {
        match self.reuse {
            Reuse::Next => warp * WARP_SIZE + lane,
            Reuse::Same => lane,
        }
    }

    /// The first byte lane `lane` of warp `warp` reads: `offset + index · stride · elem`.
    #[must_use]
    pub fn address(&self, warp: u64, lane: u64) -> u64 {
        self.offset + self.index(warp, lane) * self.stride * self.elem
    }

    /// Every warp's request in order, through cold caches, and the counts.
    #[must_use]
    pub fn run(&self) -> (Vec<Request>, Counts) {
        let mut h = Hierarchy::new(self.cache);
        let requests = (0..self.warps)
            .map(|w| {
                let sectors = h.load((0..WARP_SIZE).map(|l| (l, self.address(w, l))), self.elem);
                Request {
                    warp: w,
                    uses: sectors
                        .iter()
                        .map(|(s, _)| self.sector_use(w, *s))
                        .collect(),
                    sectors,
                }
            })
            .collect();
        (requests, h.counts)
    }

    /// How warp `warp`'s lanes use sector `sector`. A lane's bytes are `[address, address +
    /// elem)`, and the addresses never go down from lane to lane (stride ≥ 0), so the bytes
    /// read are counted once each by keeping the end of those already counted.
    #[must_use]
    pub fn sector_use(&self, warp: u64, sector: u64) -> SectorUse {
        let (lo, hi) = (sector * SECTOR_BYTES, (sector + 1) * SECTOR_BYTES);
        let mut used = SectorUse {
            first: WARP_SIZE,
            last: 0,
            bytes: 0,
        };
        let mut counted = lo;
        for l in 0..WARP_SIZE {
            let a = self.address(warp, l);
            let (from, to) = (a.max(lo), (a + self.elem).min(hi));
            if from < to {
                used.first = used.first.min(l);
                used.last = l;
                used.bytes += to.saturating_sub(from.max(counted));
                counted = counted.max(to);
            }
        }
        used
    }

    /// Bytes the lanes asked for: 32 lanes × `elem` per request.
    #[must_use]
    pub fn useful_bytes(&self) -> u64 {
        self.warps * WARP_SIZE * self.elem
    }
}
