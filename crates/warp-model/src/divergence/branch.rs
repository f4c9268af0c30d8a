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

use crate::{ratio, WARP_SIZE};

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
        if cycles.is_empty() || cycles.len() > 32 {
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
            && counts.len() <= 32
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
            for lane in 0..32u32 {
                let idx = i64::try_from(w * WARP_SIZE + u64::from(lane))
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn branch(cycles: &[u64], lanes: Option<&[u64]>) -> Branch {
        Branch::new(cycles, lanes).unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// (cycles, lanes, diverged, ideal, efficiency) for every branch the seeds work.
    #[test]
    fn seed_branches() {
        /// (cycles, lanes, diverged, ideal, efficiency)
        type Case = (Vec<u64>, Option<Vec<u64>>, u64, u64, f64);
        let ones = [1u64; 32];
        let cases: Vec<Case> = vec![
            // 003 Ex 1 (C1): 12 + 9 = 21, max 12, 57.1 %.
            (vec![12, 9], Some(vec![16, 16]), 21, 12, 12.0 / 21.0),
            // 003 Ex 2 (C2): 100 + 50 = 150 (not 53.125), 66.7 %.
            (vec![100, 50], Some(vec![1, 31]), 150, 100, 2.0 / 3.0),
            // 003 Ex 3 (C3): path A untaken: 9 cycles, 100 %.
            (vec![12, 9], Some(vec![0, 32]), 9, 9, 1.0),
            // 003 Ex 4 (C4): 32 paths of 7: 224, 1/32.
            (vec![7; 32], Some(ones.to_vec()), 224, 7, 1.0 / 32.0),
            // 003 Ex 5 (C5): 20+30+25+5 = 80, max 30, 37.5 %.
            (vec![20, 30, 25, 5], Some(vec![8, 10, 8, 6]), 80, 30, 0.375),
            // 003 Ex 8 (C8): 6+8+5+7 = 26, max 8, 30.8 %.
            (vec![6, 8, 5, 7], None, 26, 8, 8.0 / 26.0),
            // 003 Ex 9 (C9) as-is: 116, max 60, 51.7 %; sorted: one path, 100 %.
            (vec![12, 40, 60, 4], None, 116, 60, 60.0 / 116.0),
            (vec![60], None, 60, 60, 1.0),
            // 003 Ex 10 (C10) as-is: 10 + 14 = 24, 58.3 %.
            (vec![10, 14], Some(vec![16, 16]), 24, 14, 14.0 / 24.0),
            // 000 Ex 7 (G): 30 + 30 = 60, slowdown 2 whatever the split.
            (vec![30, 30], Some(vec![20, 12]), 60, 30, 0.5),
            (vec![30, 30], Some(vec![31, 1]), 60, 30, 0.5),
            // 000 Ex 8 (H): everyone agrees: 30, slowdown 1.
            (vec![30, 30], Some(vec![32, 0]), 30, 30, 1.0),
            // 004 Ex 5 (F): 20 + 8 = 28.
            (vec![20, 8], Some(vec![16, 16]), 28, 20, 20.0 / 28.0),
            // Self-tests of 003 and 000.
            (vec![5, 5], Some(vec![16, 16]), 10, 5, 0.5),
            (vec![90, 10], Some(vec![1, 31]), 100, 90, 0.9),
            (vec![8], Some(vec![32]), 8, 8, 1.0),
            (vec![40, 40], Some(vec![16, 16]), 80, 40, 0.5),
        ];
        for (cycles, lanes, diverged, ideal, eff) in cases {
            let b = branch(&cycles, lanes.as_deref());
            assert_eq!(b.diverged_cycles(), diverged, "{cycles:?}");
            assert_eq!(b.ideal_cycles(), ideal, "{cycles:?}");
            assert!(close(b.efficiency(), eff), "{cycles:?}: {}", b.efficiency());
            assert!(close(b.slowdown(), 1.0 / eff), "{cycles:?}");
        }
    }

    #[test]
    fn lane_utilization_is_not_efficiency() {
        // 004 Ex 5: 16·20 + 16·8 = 448 useful of 32·28 = 896 → 50 %, while max/Σ = 71.4 %.
        let b = branch(&[20, 8], Some(&[16, 16]));
        assert_eq!(b.useful_lane_cycles(), Some(448));
        assert!(close(b.lane_utilization().unwrap(), 0.5));
        assert!(close(b.efficiency(), 20.0 / 28.0));
        assert_eq!(branch(&[6, 8], None).lane_utilization(), None);
    }

    #[test]
    fn predication() {
        // 003 Ex 7: T_pred = 4 + 3 = 7 < 7 + O.
        let b = branch(&[4, 3], Some(&[16, 16]));
        assert_eq!(b.predicated_cycles(), 7);
        assert_eq!(b.branch_cycles(2), 9);
        // Step 4: a long path no lane takes: branching skips it, predication pays for it.
        let b = branch(&[100, 3], Some(&[0, 32]));
        assert_eq!(b.predicated_cycles(), 103);
        assert_eq!(b.branch_cycles(2), 3);
    }

    #[test]
    fn seed_003_ex6_loop() {
        // Sum 240, max 20, two lanes of 3 (the seed gives these; the rest is one fitting split).
        let mut counts = vec![20, 3, 3];
        counts.extend([7; 24]);
        counts.extend([9, 9, 9, 9, 10]);
        let l = Loop::new(&counts).unwrap();
        assert_eq!(l.loop_cycles(), 20);
        assert_eq!(l.useful_lane_iterations(), 240);
        assert_eq!(l.idle_lane_iterations(), 400);
        assert!(close(l.lane_utilization(), 0.375));
        assert!(Loop::new(&[0, 0]).is_none());
        assert!(Loop::new(&[]).is_none());
    }

    #[test]
    fn errors() {
        assert_eq!(Branch::new(&[], None), Err(BranchError::PathCount(0)));
        assert_eq!(Branch::new(&[1; 33], None), Err(BranchError::PathCount(33)));
        assert_eq!(Branch::new(&[3, 0], None), Err(BranchError::Cycles(1, 0)));
        assert_eq!(
            Branch::new(&[3, 4], Some(&[16])),
            Err(BranchError::LaneCount { paths: 2, lanes: 1 })
        );
        assert_eq!(
            Branch::new(&[3, 4], Some(&[16, 17])),
            Err(BranchError::LaneSum(33))
        );
        assert_eq!(
            Branch::new(&[3, 4], Some(&[u64::MAX, 2])),
            Err(BranchError::LaneSum(u64::MAX))
        );
    }

    #[test]
    fn seed_003_ex10_over_warps() {
        let parity = |i: i64| Ok(i % 2 == 0);
        let ws = branch_over_warps(4, 10, 14, parity).unwrap();
        assert!(ws
            .iter()
            .all(|w| w.divergent() && w.diverged == 24 && w.ideal == 14 && w.if_lanes() == 16));
        let aligned = |i: i64| Ok((i / 32) % 2 == 0);
        let ws = branch_over_warps(4, 10, 14, aligned).unwrap();
        assert_eq!(
            ws.iter().map(|w| w.diverged).collect::<Vec<_>>(),
            vec![10, 14, 10, 14]
        );
        assert!(ws.iter().all(|w| !w.divergent() && w.diverged == w.ideal));
    }

    proptest! {
        #[test]
        fn efficiency_lies_between_one_over_k_and_one(
            paths in proptest::collection::vec(1u64..1000, 1..=32),
        ) {
            let b = Branch::new(&paths, None).unwrap();
            let k = b.paths_taken() as f64;
            prop_assert!(b.efficiency() <= 1.0 + 1e-12);
            prop_assert!(b.efficiency() >= 1.0 / k - 1e-12);
            prop_assert!(b.slowdown() >= 1.0 && b.slowdown() <= k + 1e-9);
        }

        #[test]
        fn loop_utilization_at_most_one(counts in proptest::collection::vec(0u64..500, 1..=32)) {
            if let Some(l) = Loop::new(&counts) {
                prop_assert!(l.lane_utilization() <= 1.0 && l.lane_utilization() > 0.0);
                prop_assert_eq!(l.useful_lane_iterations() + l.idle_lane_iterations(), 32 * l.loop_cycles());
            }
        }

        #[test]
        fn lane_utilization_at_most_efficiency_times_one(split in 0u64..=32, a in 1u64..100, b in 1u64..100) {
            let br = Branch::new(&[a, b], Some(&[split, 32 - split])).unwrap();
            let u = br.lane_utilization().unwrap();
            prop_assert!(u > 0.0 && u <= 1.0 + 1e-12);
        }
    }
}
