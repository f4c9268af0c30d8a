//! The step-through's record of one warp: each issued instruction with its mask, its
//! reconvergence stack, its variables and its warp-level calls, and the events a learner
//! steps between (split, merge, barrier, end).

/// Most warp-level calls recorded for the picture.
pub const MAX_OPS: usize = 200;
/// Most steps recorded for the step-through.
pub const MAX_TRACE: usize = 4000;

/// A warp-level call of the recorded warp, for the picture.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WarpOp {
    /// The function.
    pub call: String,
    /// The mask it names (the union of the active lanes' masks).
    pub named: u32,
    /// The lanes active at the call.
    pub active: u32,
    /// The active lanes that called without their own bit in the mask (a mask violation:
    /// undefined on a GPU).
    pub left_out: u32,
    /// For a shuffle: (source lane, destination lane, value moved) for every lane that read
    /// another lane's value.
    pub moves: Vec<(u8, u8, String)>,
    /// For a vote: the lanes whose predicate was true (the ballot's bits).
    pub ballot: Option<u32>,
}

/// An entry of the reconvergence stack.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StackEntry {
    /// `if`, `else` or `loop`.
    pub kind: &'static str,
    /// The line of the if or loop.
    pub line: usize,
    /// The lanes that rejoin when it ends.
    pub rejoin: u32,
}

impl StackEntry {
    /// How many lanes rejoin when it ends (the step-through's "… 12 lanes").
    #[must_use]
    pub fn lanes(&self) -> u32 {
        self.rejoin.count_ones()
    }
}

/// The kinds a [`StackEntry`] names: read back from the run worker's message as the same
/// `'static` words.
const STACK_KINDS: [&str; 3] = ["if", "else", "loop"];

/// A [`StackEntry`] as the message holds it, its kind an owned word.
#[derive(serde::Deserialize)]
struct StackWire {
    kind: String,
    line: usize,
    rejoin: u32,
}

// By hand: a derived reader of a `&'static str` field would borrow from the message for
// `'static`.
impl<'de> serde::Deserialize<'de> for StackEntry {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let w = StackWire::deserialize(d)?;
        let kind = STACK_KINDS
            .into_iter()
            .find(|k| *k == w.kind)
            .ok_or_else(|| serde::de::Error::custom("stack kind"))?;
        Ok(StackEntry {
            kind,
            line: w.line,
            rejoin: w.rejoin,
        })
    }
}

/// One issued instruction of the recorded warp.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TraceStep {
    /// The line issued.
    pub line: usize,
    /// Active lanes.
    pub mask: u32,
    /// The reconvergence stack at that moment (outermost first).
    pub stack: Vec<StackEntry>,
    /// Variables in scope and their per-lane values (None: lane inactive for that variable).
    pub vars: Vec<(String, Vec<Option<String>>)>,
    /// Under `sched=its`: the warp's other lane groups, each (the line it last issued, its
    /// lanes); empty when the warp is one group.
    pub groups: Vec<(usize, u32)>,
    /// The warp-level calls this instruction made.
    pub ops: Vec<WarpOp>,
    /// Whether this instruction is a `__syncthreads()`.
    pub barrier: bool,
}

impl TraceStep {
    /// How many lanes are active at this step (the step-through's "line 4: 20 lanes active").
    #[must_use]
    pub fn active_lanes(&self) -> u32 {
        self.mask.count_ones()
    }
}

/// What a recorded step is to the learner looking for the next thing that happens: lanes
/// split, lanes merge, a barrier, or the end of the recording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Fewer lanes run together than at the step before: a branch or a loop exit split them.
    Split,
    /// More lanes run together than at the step before: they merged (rejoined).
    Merge,
    /// A `__syncthreads()`.
    Barrier,
    /// The last recorded step.
    End,
}

impl Event {
    /// Its name in `data-event`: `split`, `merge`, `barrier`, `end`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Event::Split => "split",
            Event::Merge => "merge",
            Event::Barrier => "barrier",
            Event::End => "end",
        }
    }
}

/// The event at step `i` of `trace`, if any. Lanes running together: under `sched=stack` the
/// active mask (a strict subset of the step before's is a split, a strict superset a merge;
/// the other side of an if/else is neither); under `sched=its` the number of lane groups
/// (more is a split, fewer a merge), since the groups take turns and the mask alternates.
#[must_use]
pub fn event_at(trace: &[TraceStep], i: usize) -> Option<Event> {
    let s = trace.get(i)?;
    if s.barrier {
        return Some(Event::Barrier);
    }
    if i + 1 == trace.len() {
        return Some(Event::End);
    }
    let prev = trace.get(i.checked_sub(1)?)?;
    let (groups, before) = (s.groups.len(), prev.groups.len());
    if groups != before {
        return Some(if groups > before {
            Event::Split
        } else {
            Event::Merge
        });
    }
    if groups > 0 {
        return None;
    }
    if s.mask != prev.mask && s.mask & !prev.mask == 0 {
        Some(Event::Split)
    } else if s.mask != prev.mask && prev.mask & !s.mask == 0 {
        Some(Event::Merge)
    } else {
        None
    }
}

/// The first step after `from` with an event, and the event ("Next event ▶").
#[must_use]
pub fn next_event(trace: &[TraceStep], from: usize) -> Option<(usize, Event)> {
    (from + 1..trace.len()).find_map(|i| event_at(trace, i).map(|e| (i, e)))
}

/// Why the step-through records the warp it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TraceWhy {
    /// The learner chose it (`trace=B,W`).
    Chosen,
    /// The first warp, in launch order, whose lanes split at a branch or a loop.
    Diverges,
    /// The first warp with idle lanes (a block whose size is not a multiple of 32), before any
    /// warp diverges.
    Ragged,
    /// No warp diverges or has idle lanes: every warp runs like the first.
    First,
}

impl TraceWhy {
    /// Its name in the page (`data-trace-why`): `chosen`, `diverges`, `ragged` or `first`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TraceWhy::Chosen => "chosen",
            TraceWhy::Diverges => "diverges",
            TraceWhy::Ragged => "ragged",
            TraceWhy::First => "first",
        }
    }
}

/// The warp the step-through records: its block (linear index), its warp in the block, and
/// why it was picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Traced {
    /// The block, as a linear index (`blockIdx.y * gridDim.x + blockIdx.x`).
    pub block: u64,
    /// The warp within the block.
    pub warp: u64,
    /// Why this warp.
    pub why: TraceWhy,
}
