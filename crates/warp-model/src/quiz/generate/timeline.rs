//! The latency topic's questions from the kernel lab's timeline (issue 47): n warps, each a
//! chain of the latency panel's bursts, run on the lab's SM over the latency panel's window.
//! Which state the warps spend most cycles in ([`lat_state`], under `draw=5` and later), and
//! what happens to the issue utilization when the warps double ([`lat_double`], `draw=6`).

use crate::kernel_lab::scenario;
use crate::kernel_lab::timing::{sm_config, state_label};
use crate::latency::panel::{self as latency_panel, LatencyModel};
use crate::latency::scheduler::Policy;
use crate::latency::sm::{self, bursts, SmRun, State, WarpOps};
use crate::WARP_SIZE;

use crate::quiz::question::{AnswerKind, Misconception};
use crate::rng::Rng;

/// A question's parts; `generate` attaches its template (this file does not import its
/// parent: `tests/layers.rs` forbids the cycle).
pub(crate) struct Parts {
    pub qid: String,
    pub prompt: String,
    pub kind: AnswerKind,
    pub explanation: String,
    pub link: String,
    pub myths: Vec<Misconception>,
}

/// A wrong answer's feedback.
fn myth(answer: f64, feedback: String) -> Misconception {
    Misconception { answer, feedback }
}

/// `n` warps on `s` schedulers (round-robin), each a chain of the latency panel's bursts (a
/// load whose value comes `l` cycles later, then `w - 1` independent instructions), run on the
/// kernel lab's SM over `window` cycles.
fn run(s: u64, l: u64, w: u64, n: u64, window: u64) -> SmRun {
    let ops = bursts(w, scenario::bursts(l, w, window));
    let warps: Vec<WarpOps> = (0..n)
        .map(|i| WarpOps {
            block: usize::try_from(i / WARP_SIZE).unwrap_or(0),
            ops: ops.clone(),
        })
        .collect();
    let mut sm = sm_config(s, l, Policy::RoundRobin);
    sm.max_cycles = window;
    sm.record_warps = 0;
    sm::run(&warps, sm)
}

/// The latency panel at the scenario: a question's link.
fn link(s: u64, l: u64, w: u64, n: u64) -> String {
    crate::panel::link::<LatencyModel>(&[
        (&latency_panel::S, &s.to_string()),
        (&latency_panel::L, &l.to_string()),
        (&latency_panel::W, &w.to_string()),
        (&latency_panel::RESIDENT, &n.to_string()),
    ])
}

/// A share or a utilization as the questions state it: the figures' percentage digits (two
/// decimals from 10 % up, `figure::percent_digits`).
fn pct(v: f64) -> String {
    crate::figure::percent_digits(v * 100.0)
}

/// Warps a timeline question puts on the SM, drawn from these (the order is part of every quiz
/// link that asks one); each a multiple of every scheduler count a latency scenario draws.
const STATE_WARPS: [u64; 6] = [4, 8, 12, 16, 32, 48];

/// The states a timeline question offers, in its options' order: the three a chain of loads
/// and independent work can be in (no shared memory, no barrier).
const STATE_OPTIONS: [State; 3] = [State::Issued, State::LongScoreboard, State::NotSelected];

/// A timeline question (issue 47): `n` warps on `s` schedulers, each a chain of the latency
/// panel's bursts (a load whose value comes `l` cycles later, then `w - 1` independent
/// instructions), run on the kernel lab's SM over the latency panel's window. Which state did
/// the warps spend most of their cycles in? The answer is drawn first (waiting on the load, or
/// ready while another warp issues: a quiz whose answer is mostly one of them teaches a habit,
/// not the SM), then the warp count: the first from a drawn one whose run has that answer, 10
/// points ahead of the next state (a near tie is no question to ask); failing that, the first
/// with a clear answer.
pub(super) fn ask_lat_state(s: u64, l: u64, w: u64, rng: &mut Rng) -> Parts {
    let target = rng.pick(&[State::LongScoreboard, State::NotSelected]);
    let first = rng.range(0, STATE_WARPS.len() as u64 - 1);
    lat_state(s, l, w, usize::try_from(first).unwrap_or(0), target)
}

/// [`ask_lat_state`]'s question with its warp count searched from `first` in [`STATE_WARPS`]
/// for the answer `target`.
pub(crate) fn lat_state(s: u64, l: u64, w: u64, first: usize, target: State) -> Parts {
    let count = STATE_WARPS.len();
    let first = first % count;
    let (window, _) = latency_panel::sim_cycles(s, l, 1);
    let run = |n: u64| run(s, l, w, n, window);
    let shares = |r: &SmRun| STATE_OPTIONS.map(|st| r.share(st));
    // The state with the largest share, if it leads the next by 10 points (no sort: three
    // numbers).
    let clear = |r: &SmRun| {
        let v = shares(r);
        let (mut top, mut next, mut at) = (0.0_f64, 0.0_f64, 0);
        for (i, x) in v.iter().enumerate() {
            if *x > top {
                (next, top, at) = (top, *x, i);
            } else if *x > next {
                next = *x;
            }
        }
        (top - next >= 0.1).then_some(STATE_OPTIONS[at])
    };
    let mut chosen: Option<(u64, SmRun)> = None;
    let mut fallback: Option<(u64, SmRun)> = None;
    for k in 0..count {
        let n = STATE_WARPS[(first + k) % count];
        let r = run(n);
        match clear(&r) {
            Some(st) if st == target => {
                chosen = Some((n, r));
                break;
            }
            Some(_) if fallback.is_none() => fallback = Some((n, r)),
            _ => {}
        }
    }
    let (n, result) = chosen
        .or(fallback)
        .unwrap_or_else(|| (STATE_WARPS[first], run(STATE_WARPS[first])));
    let share = shares(&result);
    let correct = (0..3)
        .max_by(|a, b| share[*a].total_cmp(&share[*b]))
        .unwrap_or(1);
    let per = n / s.max(1);
    let all: u64 = result.states.iter().sum();
    let why = match STATE_OPTIONS[correct] {
        State::Issued => crate::tr!("quiz.gen.lat-state.why.issued", per),
        State::LongScoreboard => {
            crate::tr!("quiz.gen.lat-state.why.long", per, w, work = per * w, l)
        }
        _ => crate::tr!("quiz.gen.lat-state.why.ready", per),
    };
    let myths = (0..3)
        .filter(|i| *i != correct)
        .map(|i| {
            let text = match STATE_OPTIONS[i] {
                State::Issued => {
                    crate::tr!(
                        "quiz.gen.lat-state.myth.issued",
                        per,
                        most = pct(1.0 / per.max(1) as f64)
                    )
                }
                State::LongScoreboard => crate::t!("quiz.gen.lat-state.myth.long").to_string(),
                _ => crate::t!("quiz.gen.lat-state.myth.ready").to_string(),
            };
            myth(i as f64, text)
        })
        .collect();
    Parts {
        qid: format!("gen-lat-state-{s}-{l}-{w}-{n}"),
        prompt: crate::tr!("quiz.gen.lat-state.prompt", n, s, l, rest = w - 1, window),
        kind: AnswerKind::Choice {
            options: STATE_OPTIONS
                .iter()
                .map(|st| state_label(*st).to_string())
                .collect(),
            correct,
        },
        explanation: crate::tr!(
            "quiz.gen.lat-state.explanation",
            window,
            n,
            all,
            issued = pct(share[0]),
            long = pct(share[1]),
            ready = pct(share[2]),
            why
        ),
        link: link(s, l, w, n),
        myths,
    }
}

/// Warps a doubling question starts from, drawn from these (the order is part of every quiz
/// link that asks one): each a multiple of every scheduler count a latency scenario draws, and
/// twice each fits on the lab's SM (64 warps at compute capability 8.0).
const DOUBLE_WARPS: [u64; 6] = [4, 8, 12, 16, 24, 32];

/// The most independent instructions per load a doubling question makes its warps issue when
/// the scenario's own count cannot give its answer.
const DOUBLE_MAX_W: u64 = 100;

/// What happens to the issue utilization when the warps double: the options, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// About twice (1.9 to 2.1 times): the schedulers had idle slots for all the new work.
    Doubles,
    /// Up, by clearly less than twice (1.15 to 1.8 times): the schedulers fill up on the way.
    Rises,
    /// About the same (within 5 %): they were full already.
    Same,
}

impl Change {
    const ALL: [Change; 3] = [Change::Doubles, Change::Rises, Change::Same];

    /// The change from `before` to `after`, when it is clearly one of the three (a ratio near
    /// a boundary is no question to ask).
    fn of(before: f64, after: f64) -> Option<Change> {
        if before <= 0.0 {
            return None;
        }
        let r = after / before;
        if (1.9..=2.1).contains(&r) {
            Some(Change::Doubles)
        } else if (1.15..=1.8).contains(&r) {
            Some(Change::Rises)
        } else if (0.95..=1.05).contains(&r) {
            Some(Change::Same)
        } else {
            None
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// Independent instructions per load (the whole burst, `W`) that make `per` warps per
    /// scheduler change this way when doubled, by the panel's reading (the schedulers are full
    /// once `per · W` covers the load's `l` cycles): a guess the SM's run then checks.
    fn burst_for(self, per: u64, l: u64) -> u64 {
        let per = per.max(1);
        match self {
            // 2 · per · W well inside l.
            Change::Doubles => (l * 2 / 5 / per).max(1),
            // per · W at three quarters of l: doubled, past it.
            Change::Rises => (l * 3).div_ceil(4 * per),
            // per · W past l by a third.
            Change::Same => (l * 4).div_ceil(3 * per),
        }
    }
}

/// A doubling question (issue 47, item 5): `n` warps on `s` schedulers, each a chain of the
/// latency panel's bursts, then `2n`; what happens to the issue utilization over the latency
/// panel's window? The answer is drawn first (a third each: a quiz whose answer is mostly one
/// of them teaches a habit), then the numbers: the scenario's burst `w` with the first warp
/// count from a drawn one whose two runs clearly change that way; failing that, the burst the
/// panel's reading gives for that answer (at most [`DOUBLE_MAX_W`]) at each count in turn;
/// failing that (the answer needs more work than that), the nearest clear change found: "less
/// than double" where it can be had.
pub(super) fn ask_lat_double(s: u64, l: u64, w: u64, rng: &mut Rng) -> Parts {
    let target = rng.pick(&Change::ALL);
    let first = rng.range(0, DOUBLE_WARPS.len() as u64 - 1);
    lat_double(s, l, w, usize::try_from(first).unwrap_or(0), target)
}

/// [`ask_lat_double`]'s question, its warp count searched from `first` in [`DOUBLE_WARPS`] for
/// the answer `target`.
pub(crate) fn lat_double(s: u64, l: u64, w: u64, first: usize, target: Change) -> Parts {
    let count = DOUBLE_WARPS.len();
    let first = first % count;
    let (window, _) = latency_panel::sim_cycles(s, l, 1);
    let pair = |n: u64, w: u64| {
        let (a, b) = (run(s, l, w, n, window), run(s, l, w, 2 * n, window));
        (a.utilization(), b.utilization())
    };
    // The scenario's burst at each count, then the answer's burst at each, then (only reached
    // when the answer cannot be had) the burst of "less than double", the nearest answer to
    // either other. Plain loops: the same search as chained iterators was 1 kB more code.
    let mut fallback: Option<(u64, u64, f64, f64, Change)> = None;
    let mut chosen = None;
    let passes = if target == Change::Rises { 2 } else { 3 };
    'search: for pass in [None, Some(target), Some(Change::Rises)]
        .into_iter()
        .take(passes)
    {
        for k in 0..count {
            let n = DOUBLE_WARPS[(first + k) % count];
            let burst = match pass {
                None => w,
                Some(c) => match c.burst_for(n / s.max(1), l) {
                    b if b == w || b > DOUBLE_MAX_W => continue,
                    b => b,
                },
            };
            let (a, b) = pair(n, burst);
            match Change::of(a, b) {
                Some(c) if c == target => {
                    chosen = Some((n, burst, a, b, c));
                    break 'search;
                }
                // Failing the answer drawn, the nearest one found first (for "the same", "less
                // than double": both say the schedulers fill up).
                Some(c)
                    if fallback.is_none_or(|f| {
                        c.index().abs_diff(target.index()) < f.4.index().abs_diff(target.index())
                    }) =>
                {
                    fallback = Some((n, burst, a, b, c));
                }
                _ => {}
            }
        }
    }
    let (n, w, before, after, change) = chosen.or(fallback).unwrap_or_else(|| {
        let n = DOUBLE_WARPS[first];
        let (a, b) = pair(n, w);
        // No clear change at any count or burst tried: the nearest of the three. No scenario a
        // quiz draws comes here (each of the 1,800, each answer, two first counts: run once).
        let c = if b >= 1.45 * a {
            Change::Doubles
        } else if b >= 1.1 * a {
            Change::Rises
        } else {
            Change::Same
        };
        (n, w, a, b, c)
    });
    let per = n / s.max(1);
    let work = per * w;
    let why = match change {
        Change::Doubles => crate::tr!(
            "quiz.gen.lat-double.why.doubles",
            per,
            w,
            work,
            l,
            twice = 2 * work
        ),
        Change::Rises => crate::tr!(
            "quiz.gen.lat-double.why.rises",
            per,
            w,
            work,
            l,
            twice = 2 * work
        ),
        Change::Same => crate::tr!("quiz.gen.lat-double.why.same", per, w, work, l),
    };
    let myths = Change::ALL
        .iter()
        .filter(|c| **c != change)
        .map(|c| {
            let text = match (c, change) {
                // Full already: neither more nor twice as much can be issued.
                (_, Change::Same) => {
                    crate::tr!("quiz.gen.lat-double.myth.full", before = pct(before))
                }
                (Change::Doubles, _) => crate::t!("quiz.gen.lat-double.myth.doubles").to_string(),
                (Change::Rises, _) => crate::tr!("quiz.gen.lat-double.myth.rises", w),
                (Change::Same, _) => crate::tr!("quiz.gen.lat-double.myth.same", l),
            };
            #[allow(clippy::cast_precision_loss)]
            myth(c.index() as f64, text)
        })
        .collect();
    Parts {
        qid: format!("gen-lat-double-{s}-{l}-{w}-{n}"),
        prompt: crate::tr!(
            "quiz.gen.lat-double.prompt",
            n,
            s,
            l,
            rest = w - 1,
            window,
            twice = 2 * n
        ),
        kind: AnswerKind::Choice {
            options: vec![
                crate::t!("quiz.gen.lat-double.option.doubles").to_string(),
                crate::t!("quiz.gen.lat-double.option.rises").to_string(),
                crate::t!("quiz.gen.lat-double.option.same").to_string(),
            ],
            correct: change.index(),
        },
        explanation: crate::tr!(
            "quiz.gen.lat-double.explanation",
            window,
            n,
            before = pct(before),
            twice = 2 * n,
            after = pct(after),
            why
        ),
        link: link(s, l, w, n),
        myths,
    }
}
