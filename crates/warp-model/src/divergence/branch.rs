//! Divergence inside one warp: when lanes disagree at a branch, each taken path runs in turn
//! with the other lanes masked; an untaken path costs nothing.
//!
//! Textbook model (seed 003, seed 000 Ex 7–8, seed 004 Ex 5): a path's cost T is its issue
//! cycles; diverged time = Σ taken T; ideal time = max taken T. Two different measures, both
//! shown and never one under the other's name:
//! - **efficiency** = ideal / diverged = max/Σ (seed 003), with slowdown its inverse;
//! - **lane utilization** = useful lane-cycles / (32 · diverged) = Σ(lanes·T) / (32·ΣT) (seed 004
//!   Ex 5's 50 %), which needs to know how many lanes take each path.
//!
//! What it leaves out: reconvergence-stack overhead unless given (`overhead`, predication),
//! independent thread scheduling on Volta and later, and the memory side of each path.

use crate::{ratio, LANE_SLOTS, WARP_SIZE};

/// Most cycles a path may cost (keeps every product far inside 64 bits).
pub const MAX_PATH_CYCLES: u64 = 1_000_000;
/// Most loop iterations a lane may run.
pub const MAX_TRIP_COUNT: u64 = 100_000;

/// One path through a branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    /// Issue cycles of the path.
    pub cycles: u64,
    /// Lanes taking it, when known (0 = not taken).
    pub lanes: Option<u64>,
}

impl Path {
    /// Whether any lane takes the path (unknown lane counts count as taken).
    #[must_use]
    pub fn taken(&self) -> bool {
        self.lanes != Some(0)
    }
}

/// A branch inside one warp: 1–32 paths, lane counts summing to 32 when given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    paths: Vec<Path>,
}

/// Why a branch could not be formed. Names the list at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchError {
    /// No path, or more than 32.
    PathCount(usize),
    /// A path cost outside `1..=MAX_PATH_CYCLES` (index, value).
    Cycles(usize, u64),
    /// `lanes` has a different length from `paths`.
    LaneCount {
        /// Items in `paths`.
        paths: usize,
        /// Items in `lanes`.
        lanes: usize,
    },
    /// Lane counts do not sum to 32.
    LaneSum(u64),
}

impl Branch {
    /// A branch from path costs and, optionally, lane counts.
    ///
    /// # Errors
    /// See [`BranchError`].
    pub fn new(cycles: &[u64], lanes: Option<&[u64]>) -> Result<Branch, BranchError> {
        if cycles.is_empty() || cycles.len() > LANE_SLOTS {
            return Err(BranchError::PathCount(cycles.len()));
        }
        if let Some((i, &c)) = cycles
            .iter()
            .enumerate()
            .find(|(_, &c)| c == 0 || c > MAX_PATH_CYCLES)
        {
            return Err(BranchError::Cycles(i, c));
        }
        if let Some(l) = lanes {
            if l.len() != cycles.len() {
                return Err(BranchError::LaneCount {
                    paths: cycles.len(),
                    lanes: l.len(),
                });
            }
            let sum = l
                .iter()
                .try_fold(0u64, |a, &b| a.checked_add(b))
                .unwrap_or(u64::MAX);
            if sum != WARP_SIZE {
                return Err(BranchError::LaneSum(sum));
            }
        }
        Ok(Branch {
            paths: cycles
                .iter()
                .enumerate()
                .map(|(i, &c)| Path {
                    cycles: c,
                    lanes: lanes.map(|l| l[i]),
                })
                .collect(),
        })
    }

    /// The paths, taken or not, in program order.
    #[must_use]
    pub fn paths(&self) -> &[Path] {
        &self.paths
    }

    /// Whether lane counts are known.
    #[must_use]
    pub fn lanes_known(&self) -> bool {
        self.paths.iter().all(|p| p.lanes.is_some())
    }

    /// k: paths at least one lane takes.
    #[must_use]
    pub fn paths_taken(&self) -> u64 {
        self.paths.iter().filter(|p| p.taken()).count() as u64
    }

    /// Σ taken T: the paths run one after another.
    #[must_use]
    pub fn diverged_cycles(&self) -> u64 {
        self.paths
            .iter()
            .filter(|p| p.taken())
            .map(|p| p.cycles)
            .sum()
    }

    /// max taken T: what the warp would take if no lane disagreed.
    #[must_use]
    pub fn ideal_cycles(&self) -> u64 {
        self.paths
            .iter()
            .filter(|p| p.taken())
            .map(|p| p.cycles)
            .max()
            .unwrap_or(0)
    }

    /// The divergence penalty: diverged − ideal cycles (the gap the timeline labels).
    #[must_use]
    pub fn penalty_cycles(&self) -> u64 {
        self.diverged_cycles() - self.ideal_cycles()
    }

    /// ideal / diverged, in [1/k, 1].
    #[must_use]
    pub fn efficiency(&self) -> f64 {
        ratio(self.ideal_cycles(), self.diverged_cycles())
    }

    /// diverged / ideal, in [1, k].
    #[must_use]
    pub fn slowdown(&self) -> f64 {
        ratio(self.diverged_cycles(), self.ideal_cycles())
    }

    /// Useful lane-cycles Σ(lanes·T), when lanes are known.
    #[must_use]
    pub fn useful_lane_cycles(&self) -> Option<u64> {
        self.paths
            .iter()
            .map(|p| p.lanes.map(|l| l * p.cycles))
            .sum()
    }

    /// Σ(lanes·T) / (32·ΣT), when lanes are known.
    #[must_use]
    pub fn lane_utilization(&self) -> Option<f64> {
        self.useful_lane_cycles()
            .map(|u| ratio(u, WARP_SIZE * self.diverged_cycles()))
    }

    /// Predicated cost: every path runs for every lane, taken or not, with no branch overhead.
    #[must_use]
    pub fn predicated_cycles(&self) -> u64 {
        self.paths.iter().map(|p| p.cycles).sum()
    }

    /// Branching cost: the taken paths, plus the branch/reconvergence overhead `o` when the warp
    /// actually diverges (seed 003 Ex 7: `T_A` + `T_B` + O).
    #[must_use]
    pub fn branch_cycles(&self, overhead: u64) -> u64 {
        self.diverged_cycles() + if self.paths_taken() > 1 { overhead } else { 0 }
    }
}

/// A loop whose trip count differs per lane (seed 003 Ex 6): the warp runs until its longest
/// lane ends, one cycle per iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    counts: Vec<u64>,
}

impl Loop {
    /// A loop from 1–32 trip counts (lanes past the list do not loop). `None` when the list is
    /// empty, too long, a count is too large, or no lane loops at all.
    #[must_use]
    pub fn new(counts: &[u64]) -> Option<Loop> {
        (!counts.is_empty()
            && counts.len() <= LANE_SLOTS
            && counts.iter().all(|&c| c <= MAX_TRIP_COUNT)
            && counts.iter().any(|&c| c > 0))
        .then(|| Loop {
            counts: counts.to_vec(),
        })
    }

    /// Per-lane trip counts.
    #[must_use]
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// max counts: iterations (cycles) the warp runs.
    #[must_use]
    pub fn loop_cycles(&self) -> u64 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// Σ counts: lane-iterations of real work.
    #[must_use]
    pub fn useful_lane_iterations(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// 32·max − Σ: lane-iterations spent masked.
    #[must_use]
    pub fn idle_lane_iterations(&self) -> u64 {
        WARP_SIZE * self.loop_cycles() - self.useful_lane_iterations()
    }

    /// Σ / (32·max).
    #[must_use]
    pub fn lane_utilization(&self) -> f64 {
        ratio(
            self.useful_lane_iterations(),
            WARP_SIZE * self.loop_cycles(),
        )
    }
}

/// One warp of a condition evaluated over consecutive thread indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarpBranch {
    /// The warp's index.
    pub warp: u64,
    /// Bit `l` set when lane `l` takes the `if` side.
    pub if_mask: u32,
    /// Its time: the sides that at least one lane takes, one after another.
    pub diverged: u64,
    /// The slower taken side.
    pub ideal: u64,
}

impl WarpBranch {
    /// Lanes on the `if` side.
    #[must_use]
    pub fn if_lanes(&self) -> u64 {
        u64::from(self.if_mask.count_ones())
    }

    /// Lanes on the `else` side: the rest of the warp.
    #[must_use]
    pub fn else_lanes(&self) -> u64 {
        WARP_SIZE - self.if_lanes()
    }

    /// Whether both sides are taken.
    #[must_use]
    pub fn divergent(&self) -> bool {
        self.if_mask != 0 && self.if_mask != u32::MAX
    }
}

/// Evaluates `takes_if(idx)` for the lanes of `warps` consecutive warps and costs each warp.
///
/// # Errors
/// The first lane whose condition cannot be evaluated (division by zero, overflow).
pub fn branch_over_warps(
    warps: u64,
    t_if: u64,
    t_else: u64,
    takes_if: impl Fn(i64) -> Result<bool, String>,
) -> Result<Vec<WarpBranch>, String> {
    (0..warps)
        .map(|w| {
            let mut mask = 0u32;
            for lane in 0..WARP_SIZE {
                let idx = i64::try_from(w * WARP_SIZE + lane)
                    .map_err(|_| crate::tr!("divergence.error.too-many-warps"))?;
                if takes_if(idx)? {
                    mask |= 1 << lane;
                }
            }
            let (ti, te) = (
                if mask != 0 { t_if } else { 0 },
                if mask == u32::MAX { 0 } else { t_else },
            );
            Ok(WarpBranch {
                warp: w,
                if_mask: mask,
                diverged: ti + te,
                ideal: ti.max(te),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
