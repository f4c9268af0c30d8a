//! The latency panel's scenario as a kernel (issue 47, "the two panels agree"): its
//! "Run this in the kernel lab" link (`a[data-link=kernel]`). Each warp's burst is a load and
//! W − 1 independent instructions, and the next burst's load needs the last one's value, with
//! the panel's L, S, policy and resident warps, timed on the lab's SM (`timing=sm`) over the
//! panel's own window of cycles: the lab's `issue-utilization` is then the panel's
//! `simulated-utilization`, slot for slot (a test runs the link over a grid).
//!
//! Here, not in the latency panel: the lab's keys and limits belong to the lab, and the latency
//! module must not import the lab (the lab imports it: `tests/layers.rs`).

use super::panel::{KernelModel, BLOCK, GRID, SRC};
use super::timing::{self, TIMING, WINDOW};
use crate::latency::scheduler::{SimConfig, SimTrace};
use crate::WARP_SIZE;

/// Warps in one block at most (1,024 threads).
const BLOCK_WARPS: u64 = crate::warps::map::MAX_THREADS_PER_BLOCK / WARP_SIZE;

// Written with the keys alone, not `panel::link`: through it each `Param` (the source's
// default kernel with it) would be linked into the latency page (+1.5 kB raw, measured).
const KEYS: [&str; 8] = [
    SRC.url_key(),
    BLOCK.url_key(),
    GRID.url_key(),
    TIMING.url_key(),
    timing::S.url_key(),
    timing::L.url_key(),
    timing::POLICY.url_key(),
    WINDOW.url_key(),
];

/// Instructions the lab times at most.
const MAX_OPS: u64 = super::exec::MAX_SM_OPS as u64;

/// Why the lab cannot run a scenario exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// The lab's schedulers issue every cycle (`T = 1`).
    Interval,
    /// More warps than the lab's SM holds, or not in whole blocks of at most 32 warps each.
    Warps,
    /// More instructions than the lab times.
    Long,
}

impl Unfit {
    /// Why, in words, with the lab's limits.
    #[must_use]
    pub fn text(self) -> String {
        let sm = timing::sm_config(1, 1, crate::latency::scheduler::Policy::RoundRobin);
        match self {
            Unfit::Interval => crate::t!("latency.lab.unfit.interval").to_string(),
            Unfit::Warps => crate::tr!(
                "latency.lab.unfit.warps",
                max = sm.max_warps,
                block = BLOCK_WARPS
            ),
            Unfit::Long => crate::tr!("latency.lab.unfit.long", max = MAX_OPS),
        }
    }
}

/// The lab's address (a query without `?`) for the scenario the latency panel simulated
/// (`cfg`, over the cycles of `trace`), or why it has none.
///
/// # Errors
/// [`Unfit`]: the scenario is outside what the lab runs exactly.
pub fn link(cfg: &SimConfig, trace: &SimTrace) -> Result<String, Unfit> {
    if cfg.t != 1 {
        return Err(Unfit::Interval);
    }
    let sm = timing::sm_config(cfg.s, cfg.l, cfg.policy);
    let n = cfg.warps;
    // Whole blocks of at most 32 warps, at most the SM's blocks and warps: the fewest blocks.
    let blocks = (1..=sm.max_blocks as u64)
        .find(|b| n.is_multiple_of(*b) && n / b <= BLOCK_WARPS)
        .filter(|_| n <= sm.max_warps as u64)
        .ok_or(Unfit::Warps)?;
    let window = trace.slots / cfg.s.max(1);
    let bursts = bursts(cfg.l, cfg.w, window);
    if n.saturating_mul(bursts).saturating_mul(cfg.w) > MAX_OPS {
        return Err(Unfit::Long);
    }
    let src = source(cfg.w, bursts);
    if src.len() > super::MAX_SOURCE {
        return Err(Unfit::Long);
    }
    let [src_key, block_key, grid_key, timing_key, s_key, l_key, policy_key, window_key] = KEYS;
    Ok(format!(
        "panel={}&{src_key}={}&{block_key}={}&{grid_key}={blocks}&{timing_key}=sm&{s_key}={}&{l_key}={}&{policy_key}={}&{window_key}={window}",
        <KernelModel as crate::panel::PanelModel>::NAME,
        crate::query::encode(&src),
        n / blocks * WARP_SIZE,
        cfg.s,
        cfg.l,
        cfg.policy.name(),
    ))
}

/// Bursts each warp needs so that it still has instructions at the end of `window` cycles: its
/// bursts start at least `l` cycles apart (a load waits for the last one's value) and it issues
/// at most one instruction a cycle, so it never runs out with either bound (the smaller). The
/// quiz's timeline questions run as many.
pub(crate) fn bursts(l: u64, w: u64, window: u64) -> u64 {
    let by_latency = window.saturating_sub(1) / l.max(1) + 2;
    let by_issue = (window + 1).div_ceil(w.max(1)) + 1;
    by_latency.min(by_issue)
}

/// The kernel: `bursts` lines, each a load using the last one's value and `w - 1` independent
/// instructions. Written out rather than a loop: a loop's compare and increment would be
/// instructions of their own, and the bursts would no longer be the panel's.
fn source(w: u64, bursts: u64) -> String {
    let work = if w > 1 {
        format!(" work({});", w - 1)
    } else {
        String::new()
    };
    let mut src = crate::tr!("latency.lab.comment", w, rest = w - 1);
    src.push_str("\n__global__ void scenario(const int* next) {\n    int p = next[threadIdx.x];");
    src.push_str(&work);
    for _ in 1..bursts {
        src.push_str("\n    p = next[p];");
        src.push_str(&work);
    }
    src.push_str("\n}\n");
    src
}

#[cfg(test)]
mod tests;
