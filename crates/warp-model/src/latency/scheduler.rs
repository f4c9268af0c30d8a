//! A cycle-level warp scheduler: N warps on S schedulers, each warp issuing W independent
//! instructions and then waiting for its load, L cycles after it was issued.
//!
//! Stated model: a warp's burst starts with its load; the load's data returns L cycles after
//! that first issue; the warp may issue the rest of its W instructions meanwhile, then waits for
//! the data before its next burst. Each scheduler owns the warps i with i mod S = its index and
//! issues at most one instruction every T cycles. Under this model the issue-slot utilization
//! is the formula's min(1, n·W·T/L) per scheduler in steady state (with ⌈L/T⌉ whole slots in
//! place of L/T when T does not divide L), which a property test checks over many parameter
//! sets, and the formula's ⌈S·L/(T·W)⌉ warps are exactly the fewest that keep every slot busy.
//! Policies ([`pick`], shared with the SM of [`super::sm`]): loose round-robin, and
//! greedy-then-oldest (the warp issued last while it stays ready, else the oldest ready one).

/// How a scheduler picks among ready warps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Policy {
    /// The next ready warp after the one issued last.
    RoundRobin,
    /// Keep issuing the same warp while it is ready, then the oldest (lowest-numbered) ready one.
    GreedyThenOldest,
}

impl Policy {
    /// Its name in the URL (`rr`, `gto`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Policy::RoundRobin => "rr",
            Policy::GreedyThenOldest => "gto",
        }
    }
}

/// The parameters of one simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimConfig {
    /// Resident warps.
    pub warps: u64,
    /// Schedulers.
    pub s: u64,
    /// Stall latency, cycles from a burst's first issue to its data.
    pub l: u64,
    /// Cycles between issues of one scheduler.
    pub t: u64,
    /// Instructions per burst.
    pub w: u64,
    /// Selection policy.
    pub policy: Policy,
}

/// What happened: per scheduler, per cycle, the warp that issued (or none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimTrace {
    /// `issued[s][c]`: the warp scheduler `s` issued at cycle `c`.
    pub issued: Vec<Vec<Option<u32>>>,
    /// Issue slots offered (cycles where c mod T = 0, per scheduler).
    pub slots: u64,
    /// Instructions issued.
    pub instructions: u64,
}

impl SimTrace {
    /// Utilization over the recorded cycles before `cycle` (what an animation has shown so far).
    #[must_use]
    pub fn utilization_until(&self, cycle: usize, t: u64) -> f64 {
        let t = usize::try_from(t.max(1)).unwrap_or(1);
        let slots = self.issued.len() * cycle.div_ceil(t);
        let busy: usize = self
            .issued
            .iter()
            .map(|row| row.iter().take(cycle).filter(|x| x.is_some()).count())
            .sum();
        crate::ratio(busy as u64, slots as u64)
    }

    /// Issued / slots.
    #[must_use]
    pub fn utilization(&self) -> f64 {
        crate::ratio(self.instructions, self.slots)
    }
}

#[derive(Clone, Copy)]
struct WarpState {
    /// Instructions left in the current burst (0 = waiting for data).
    left: u64,
    /// Cycle at which the current burst started.
    burst_start: u64,
    /// Cycle from which the next burst may start.
    ready_at: u64,
}

/// Runs `cycles` cycles, recording the first `record` of them.
#[must_use]
pub fn simulate(cfg: SimConfig, cycles: u64, record: u64) -> SimTrace {
    let n = usize::try_from(cfg.warps).unwrap_or(0);
    let mut warps = vec![
        WarpState {
            left: 0,
            burst_start: 0,
            ready_at: 0
        };
        n
    ];
    let s = usize::try_from(cfg.s.max(1)).unwrap_or(1);
    let mut last: Vec<Option<usize>> = vec![None; s];
    let mut issued = vec![Vec::new(); s];
    let (mut slots, mut instructions) = (0, 0);
    let t = cfg.t.max(1);
    let mut c = 0;
    while c < cycles {
        // No warp ready before the earliest stall ends: those cycles offer their issue slots
        // and issue nothing, so they are counted, not walked one by one (issue 65: `L=100000`
        // with 256 warps walked 200,000 cycles of them, 1.2 s on the page's thread).
        let next = warps
            .iter()
            .map(|w| if w.left > 0 { c } else { w.ready_at.max(c) })
            .min()
            .unwrap_or(cycles)
            .min(cycles);
        if next > c {
            slots += (next.div_ceil(t) - c.div_ceil(t)) * s as u64;
            for _ in c..next.min(record) {
                for row in &mut issued {
                    row.push(None);
                }
            }
            c = next;
            continue;
        }
        if c % t != 0 {
            if c < record {
                for row in &mut issued {
                    row.push(None);
                }
            }
            c += 1;
            continue;
        }
        for sched in 0..s {
            slots += 1;
            let ready = |i: usize| warps[i].left > 0 || warps[i].ready_at <= c;
            let pick = pick(cfg.policy, last[sched], (sched..n).step_by(s), ready);
            if let Some(i) = pick {
                let w = &mut warps[i];
                if w.left == 0 {
                    w.left = cfg.w;
                    w.burst_start = c;
                }
                w.left -= 1;
                if w.left == 0 {
                    w.ready_at = w.burst_start + cfg.l;
                }
                instructions += 1;
                last[sched] = Some(i);
            }
            if c < record {
                issued[sched].push(pick.and_then(|i| u32::try_from(i).ok()));
            }
        }
        c += 1;
    }
    SimTrace {
        issued,
        slots,
        instructions,
    }
}

/// The warp a scheduler issues: among its warps `mine` (in ascending order) that are `ready`,
/// by `policy`, after (round-robin) or preferring (greedy) the one it issued `last`. The one
/// home of the policies: this panel's simulation and the SM's ([`super::sm`]) both pick here.
pub(crate) fn pick(
    policy: Policy,
    last: Option<usize>,
    mine: impl Iterator<Item = usize> + Clone,
    ready: impl Fn(usize) -> bool,
) -> Option<usize> {
    match policy {
        Policy::RoundRobin => {
            let after = last.map_or(0, |l| l + 1);
            mine.clone()
                .filter(|&i| i >= after)
                .chain(mine.filter(|&i| i < after))
                .find(|&i| ready(i))
        }
        Policy::GreedyThenOldest => last
            .filter(|&l| ready(l))
            .or_else(|| mine.clone().find(|&i| ready(i))),
    }
}

#[cfg(test)]
mod tests;
