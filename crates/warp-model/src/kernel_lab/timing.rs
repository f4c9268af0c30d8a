//! The SM's timing of a lab run (issue 47): the lab's warps on one SM's schedulers, with the
//! latency panel's scheduling ([`crate::latency::sm`]): how long the launch takes when a global
//! load costs `L` cycles and other warps can hide it, and where each warp waited: the lab's
//! `timing=sm`. The plain lab's page shows it (`panel::evaluate_plain`); a challenge's page
//! (its own bundle, `page::bundle::CHALLENGE`) does not yet.
//!
//! The SM is a compute capability 8.0 one (A100: 64 resident warps, 32 resident blocks, four
//! schedulers by default). Stated simplifications, shown beside the figures: no caches and one
//! memory latency for every global load (`L`, 400 cycles by default, the seeds' order of
//! magnitude for DRAM), a shared-memory access [`SHARED_LATENCY`] cycles plus one per bank
//! conflict, an arithmetic result the next cycle, no limit on loads in flight or on bandwidth,
//! one instruction a cycle per scheduler, and the statement-to-instruction reading of
//! `exec/timing.rs`.

use crate::figure::{Figure, Value};
use crate::latency::occupancy::ARCHS;
use crate::latency::scheduler::Policy;
use crate::latency::sm::{self, SmConfig, SmRun, State, WarpOps};
use crate::msg;
use crate::panel::{Inputs, PanelModel};
use crate::params::{Choice, Param, ParamError};

/// `timing=sum|sm`: the lab's cost model (each warp's cycles added up), or the SM's timing.
pub const TIMING: Param = Param::choice(
    "timing",
    msg!("kernel.field.timing"),
    &TIMING_CHOICES,
    "sum",
)
.hint(msg!("kernel.field.timing.hint"));
const TIMING_CHOICES: [Choice; 2] = [
    Choice {
        value: "sum",
        label: msg!("kernel.choice.timing.sum"),
    },
    Choice {
        value: "sm",
        label: msg!("kernel.choice.timing.sm"),
    },
];
/// `S`: the SM's schedulers (with `timing=sm`), as in the latency panel.
pub const S: Param = Param::whole("S", msg!("latency.field.s"), 1, 8, "4")
    .hint(msg!("latency.field.s.hint"))
    .more();
/// `L`: cycles from a global load's issue to its value (with `timing=sm`).
pub const L: Param = Param::whole(
    "L",
    msg!("latency.field.l"),
    1,
    crate::latency::panel::MAX_L,
    "400",
)
.unit(msg!("latency.unit.cycles"))
.more();
/// `policy`: how a scheduler picks among ready warps (with `timing=sm`): the latency panel's
/// own parameter (`rr`, `gto`), so that both panels name and read it one way.
pub const POLICY: Param = crate::latency::panel::POLICY;
/// `window`: count only the first cycles (with `timing=sm`; empty: the whole run), as the
/// latency panel counts its simulation: its "Run this in the kernel lab" link sets it to the
/// panel's own window, so that both panels' utilization counts the same cycles.
pub const WINDOW: Param = Param::whole("window", msg!("kernel.field.window"), 1, MAX_SM_CYCLES, "")
    .unit(msg!("latency.unit.cycles"))
    .hint(msg!("kernel.field.window.hint"))
    .more();

/// `S`'s default: an A100's SM has four schedulers (sub-partitions).
pub const DEFAULT_S: u64 = 4;
/// `L`'s default: cycles from a global load's issue to its value, the seeds' order of
/// magnitude for DRAM.
pub const DEFAULT_L: u64 = 400;

/// Cycles from a shared-memory access's issue to its value (plus one per bank conflict): the
/// order of magnitude microbenchmarks measure on Volta to Hopper (about 20-30 cycles).
pub const SHARED_LATENCY: u64 = 30;
/// The compute capability whose limits the SM has.
pub const SM_CC: &str = "8.0";
/// Cycles simulated at most: a launch that takes longer is cut there, and says so.
pub const MAX_SM_CYCLES: u64 = 2_000_000;
/// Warps the timeline shows (its rows), from the first in launch order.
pub const TIMELINE_WARPS: usize = 16;
/// The timeline's columns at most: each is one or more cycles.
pub const TIMELINE_COLUMNS: usize = 64;

/// What `timing=sm` shows.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SmOutput {
    /// The SM it ran on.
    pub config: SmConfig,
    /// The run (its timeline is in `columns`).
    pub run: SmRun,
    /// Warps in the launch.
    pub warps: usize,
    /// Cycles a column of the timeline stands for.
    pub per_column: u64,
    /// The timeline: per shown warp, per column, the state most of its cycles were in (`None`:
    /// the warp was not resident then).
    pub columns: Vec<Vec<Option<State>>>,
    /// Per shown warp, bit `k`: whether it issued in any of column `k`'s cycles (issue 66: at
    /// 7 cycles a column a warp issuing 1 cycle in 7 never showed the Issued colour; the picture
    /// marks such a column's top edge). At most 64 columns (`TIMELINE_COLUMNS`).
    pub issued: Vec<u64>,
    /// Per line with stalls: (line, its share of all stalled warp-cycles, the line whose value
    /// most of them waited for or 0: a barrier).
    pub lines: Vec<(usize, f64, usize)>,
}

impl SmOutput {
    /// The timeline's columns (its widest row's; the step control's range).
    #[must_use]
    pub fn width(&self) -> usize {
        self.columns.iter().map(Vec::len).max().unwrap_or(0)
    }
}

/// The SM's configuration from the inputs: `None` unless `timing=sm`.
///
/// # Errors
/// `timing`, `S`, `L` or `policy` out of their ranges, each named.
pub fn config<P: PanelModel>(input: &Inputs<P>) -> Result<Option<SmConfig>, Vec<ParamError>> {
    let mut errors = Vec::new();
    let timing = TIMING
        .choose(input.get(&TIMING))
        .map_err(|e| errors.push(e))
        .ok();
    let s = S.parse(input.get(&S)).map_err(|e| errors.push(e)).ok();
    let l = L.parse(input.get(&L)).map_err(|e| errors.push(e)).ok();
    let policy = POLICY
        .choose(input.get(&POLICY))
        .map_err(|e| errors.push(e))
        .ok();
    let raw = input.get(&WINDOW);
    let window = if raw.trim().is_empty() {
        None
    } else {
        WINDOW.parse(raw).map_err(|e| errors.push(e)).ok()
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    if timing != Some("sm") {
        // The SM's keys without the SM (issue 65: `S=3` was taken without a word): each named,
        // the launch run untimed as asked.
        let unused: Vec<ParamError> = [&S, &L, &POLICY, &WINDOW]
            .into_iter()
            .filter(|p| {
                let raw = input.get(p).trim();
                !raw.is_empty() && raw != p.default
            })
            .map(|p| {
                let key = p.url_key();
                ParamError::new(key, crate::tr!("kernel.sm.untimed-key", key))
            })
            .collect();
        return if unused.is_empty() {
            Ok(None)
        } else {
            Err(unused)
        };
    }
    let mut config = sm_config(
        s.unwrap_or(DEFAULT_S),
        l.unwrap_or(DEFAULT_L),
        if policy == Some("gto") {
            Policy::GreedyThenOldest
        } else {
            Policy::RoundRobin
        },
    );
    config.max_cycles = window.unwrap_or(MAX_SM_CYCLES);
    Ok(Some(config))
}

/// The SM of compute capability [`SM_CC`] with `schedulers` schedulers, global loads of
/// `latency` cycles and the scheduling `policy`.
#[must_use]
pub fn sm_config(schedulers: u64, latency: u64, policy: Policy) -> SmConfig {
    let arch = ARCHS.iter().find(|a| a.cc == SM_CC).unwrap_or(&ARCHS[0]);
    let whole = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
    SmConfig {
        schedulers,
        latency,
        shared_latency: SHARED_LATENCY,
        policy,
        max_warps: whole(arch.max_warps),
        max_blocks: whole(arch.max_blocks),
        max_cycles: MAX_SM_CYCLES,
        record_warps: TIMELINE_WARPS,
    }
}

/// Runs the recorded warps on the SM.
#[must_use]
pub fn time(warps: &[WarpOps], config: SmConfig) -> SmOutput {
    let mut run = sm::run(warps, config);
    let per_column = run.cycles.div_ceil(TIMELINE_COLUMNS as u64).max(1);
    let timeline = std::mem::take(&mut run.timeline);
    let per = usize::try_from(per_column).unwrap_or(1);
    let columns = timeline
        .iter()
        .map(|row| row.chunks(per).map(most).collect())
        .collect();
    let issued = timeline
        .iter()
        .map(|row| {
            row.chunks(per)
                .enumerate()
                .filter(|(_, c)| c.contains(&Some(State::Issued)))
                .fold(0, |bits, (k, _)| bits | crate::bit(k))
        })
        .collect();
    let stalled: u64 = run.lines.iter().map(|l| l.stalled).sum();
    let lines = run
        .lines
        .iter()
        .map(|l| {
            let on = l
                .waiting_on
                .iter()
                .max_by_key(|(_, n)| *n)
                .map_or(0, |(on, _)| *on);
            (l.line, crate::ratio(l.stalled, stalled), on)
        })
        .collect();
    SmOutput {
        config,
        run,
        warps: warps.len(),
        per_column,
        columns,
        issued,
        lines,
    }
}

/// The state most of `cycles` were in (ties: the earlier in [`State::ALL`]); `None` when the
/// warp was resident in none of them.
fn most(cycles: &[Option<State>]) -> Option<State> {
    let mut best: Option<(State, usize)> = None;
    for s in State::ALL {
        let n = cycles.iter().filter(|c| **c == Some(s)).count();
        if n > best.map_or(0, |b| b.1) {
            best = Some((s, n));
        }
    }
    best.map(|b| b.0)
}

/// The figures of `timing=sm`: the launch's cycles on the SM, the issue slots used, and each
/// warp state's share of the resident warp-cycles.
#[must_use]
pub fn figures(o: &SmOutput) -> Vec<Figure> {
    use crate::t;
    let mut out = vec![
        Figure::new(
            "sm-cycles",
            t!("kernel.figure.sm-cycles"),
            Value::Int(o.run.cycles),
            t!("latency.unit.cycles"),
            t!("kernel.figure.sm-cycles.help"),
        ),
        Figure::new(
            "issue-utilization",
            t!("kernel.figure.issue-utilization"),
            Value::percent(o.run.utilization()),
            "",
            t!("kernel.figure.issue-utilization.help"),
        ),
    ];
    for s in State::ALL {
        out.push(Figure::new(
            s.metric(),
            state_label(s),
            Value::percent(o.run.share(s)),
            "",
            t!("kernel.figure.warp-state.help"),
        ));
    }
    out
}

/// A warp state in words (the timeline's legend and the figures' labels).
#[must_use]
pub fn state_label(s: State) -> &'static str {
    use crate::t;
    match s {
        State::Issued => t!("kernel.sm.state.issued"),
        State::LongScoreboard => t!("kernel.sm.state.long-scoreboard"),
        State::ShortScoreboard => t!("kernel.sm.state.short-scoreboard"),
        State::Barrier => t!("kernel.sm.state.barrier"),
        State::NotSelected => t!("kernel.sm.state.not-selected"),
    }
}

/// The per-line table's stall cell for `line`: its share of the stalls and what it waited for
/// ("61 % of the stalls, waiting on the load of line 4"); `None` when it never stalled.
#[must_use]
pub fn line_note(o: &SmOutput, line: usize) -> Option<String> {
    let &(_, share, on) = o.lines.iter().find(|l| l.0 == line)?;
    let share = crate::figure::percent_digits(share * 100.0);
    Some(if on > 0 {
        crate::tr!("kernel.sm.line.waiting", share, line = on)
    } else {
        crate::tr!("kernel.sm.line.barrier", share)
    })
}

/// Each warp state's figure worked out, for any run: its warp-cycles over all the resident
/// warps' ("Issued: 536 ÷ 1624 = 33%"), in [`State::ALL`]'s order, after a line that says
/// what they divide ([`shares_head`]). Every resident warp is in one state each cycle, so the
/// counts add up to the whole and the shares to 100 %.
#[must_use]
pub fn state_steps(o: &SmOutput) -> Vec<(State, String)> {
    let all: u64 = o.run.states.iter().sum();
    State::ALL
        .into_iter()
        .map(|s| {
            let text = crate::tr!(
                "kernel.sm.worked.state",
                label = state_label(s),
                n = o.run.in_state(s),
                all,
                share = crate::figure::percent_digits(o.run.share(s) * 100.0)
            );
            (s, text)
        })
        .collect()
}

/// The line above [`state_steps`]: what the shares divide, and why they add up.
#[must_use]
pub fn shares_head(o: &SmOutput) -> String {
    crate::tr!(
        "kernel.sm.worked.shares",
        all = o.run.states.iter().sum::<u64>()
    )
}

/// The line where the warps stalled most, in words, with what it waited for ("Most stalls:
/// line 5, 61% of the stalls, waiting on the value of line 4"): the per-line table's stall
/// column at its largest, in the worked line, which a phone shows without scrolling the table
/// sideways. `None` when nothing stalled. A tie goes to the line that stalled first.
#[must_use]
pub fn top_stall(o: &SmOutput) -> Option<String> {
    let mut top: Option<(usize, f64)> = None;
    for &(line, share, _) in &o.lines {
        if top.is_none_or(|(_, s)| share > s) {
            top = Some((line, share));
        }
    }
    let (line, _) = top?;
    Some(crate::tr!(
        "kernel.sm.worked.top",
        line,
        note = line_note(o, line)?
    ))
}

/// What the timeline's column `col` shows, for its step control: the cycles it stands for
/// and how many of the shown warps were in each state there ("Cycles 14–20: Issued: 4 warps ·
/// Waiting on a global load: 4 warps"); `None` past the last column.
#[must_use]
pub fn column_note(o: &SmOutput, col: usize) -> Option<String> {
    if col >= o.width() {
        return None;
    }
    let per = o.per_column;
    let from = col as u64 * per;
    let to = (from + per).min(o.run.cycles.max(1)) - 1;
    let mut states = String::new();
    for s in State::ALL {
        let n = o
            .columns
            .iter()
            .filter(|r| r.get(col) == Some(&Some(s)))
            .count();
        if n > 0 {
            if !states.is_empty() {
                states.push_str(" · ");
            }
            // With its unit (issue 66: "Waiting on a global load 16" said 16 of what).
            states.push_str(&crate::tr!(
                "kernel.sm.step.state",
                label = state_label(s),
                n
            ));
        }
    }
    if states.is_empty() {
        states.push_str(crate::t!("kernel.sm.step.none"));
    }
    Some(crate::tr!("kernel.sm.step", from, to, states))
}

/// The timeline's cycle axis (issue 66: it had none): the cycle its first column starts at
/// (0), the middle and the end of the columns shown, as the columns count them (`per_column`
/// cycles each, the last cut at the run's end).
#[must_use]
pub fn axis_ticks(o: &SmOutput) -> [u64; 3] {
    let end = (o.width() as u64 * o.per_column).min(o.run.cycles);
    [0, end / 2, end]
}

/// The sentence under the figures: the SM it ran on and the stated model, and whether the run
/// was cut at `window` or at [`MAX_SM_CYCLES`].
#[must_use]
pub fn summary(o: &SmOutput) -> String {
    let mut text = crate::tr!(
        "kernel.sm.summary",
        warps = o.warps,
        s = o.config.schedulers,
        l = o.config.latency,
        shared = o.config.shared_latency,
        resident = o.config.max_warps,
        blocks = o.config.max_blocks
    );
    if !o.run.finished {
        text.push(' ');
        text.push_str(&if o.config.max_cycles < MAX_SM_CYCLES {
            crate::tr!("kernel.sm.window", cycles = o.config.max_cycles)
        } else {
            crate::tr!("kernel.sm.cut", cycles = o.config.max_cycles)
        });
    }
    text
}

pub mod steps;

#[cfg(test)]
mod tests;
