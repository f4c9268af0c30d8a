//! The lab's inputs and outputs: its parameters, the types a run and a challenge's box fill, and the seeds' snippets as presets.

use crate::figure::{Figure, Value};
use crate::i18n::Msg;
use crate::kernel_lab::challenge::{self, custom};
use crate::kernel_lab::{exec, MAX_SOURCE};
use crate::msg;
use crate::panel::Inputs;
use crate::params::{Param, ParamError};

/// The default kernel: seed 004 Ex 5.
pub const DEFAULT_SRC: &str = include_str!("../presets/even-odd.cu");

/// Default buffer length.
pub const DEFAULT_LEN: u64 = 1_048_576;

/// Most characters of a launch field's text (`block`, `grid`, `trace`).
const FIELD_CHARS: usize = 32;

/// `src`: the kernel (it has its own editor, not a form field).
pub const SRC: Param =
    Param::text("src", msg!("kernel.field.src"), MAX_SOURCE, DEFAULT_SRC).own_control();

/// `block=X[,Y[,Z]]`: blockDim, CUDA's limits.
pub const BLOCK: Param = Param::text("block", msg!("kernel.field.block"), FIELD_CHARS, "32")
    .hint(msg!("kernel.field.block.hint"));

/// `grid=G[,H]`: gridDim (optional: ⌈n/B⌉ with `n`, else 1).
pub const GRID: Param = Param::text("grid", msg!("kernel.field.grid"), FIELD_CHARS, "")
    .hint(msg!("kernel.field.grid.hint"));

/// `n`: passed to an int parameter named `n` (optional).
pub const N: Param =
    Param::whole("n", msg!("kernel.field.n"), 0, 1 << 31, "").hint(msg!("kernel.field.n.hint"));

/// `len`: elements in every pointer parameter's buffer.
pub const LEN: Param = Param::whole("len", msg!("kernel.field.len"), 1, 1 << 22, "1048576")
    .hint(msg!("kernel.field.len.hint"));

/// `trace=B,W`: the block (linear index) and warp the step-through records (optional: the
/// first warp whose lanes diverge or that has idle lanes, else the first).
pub const TRACE: Param = Param::text("trace", msg!("kernel.field.trace"), FIELD_CHARS, "")
    .hint(msg!("kernel.field.trace.hint"));

/// `watch=NAME[i],…`: elements of pointer parameters shown after the run (at most 16).
pub const WATCH: Param =
    Param::text("watch", msg!("kernel.field.watch"), 400, "").hint(msg!("kernel.field.watch.hint"));

/// `sched=stack|its`: how a warp's diverged lanes are scheduled.
pub const SCHED: Param =
    Param::choice("sched", msg!("kernel.field.sched"), &SCHED_CHOICES, "stack")
        .hint(msg!("kernel.field.sched.hint"));

const SCHED_CHOICES: [crate::params::Choice; 2] = [
    crate::params::Choice {
        value: "stack",
        label: msg!("kernel.choice.sched.stack"),
    },
    crate::params::Choice {
        value: "its",
        label: msg!("kernel.choice.sched.its"),
    },
];

/// Most elements `watch` names.
pub const MAX_WATCH: usize = 16;

/// `challenge=NAME`: a built-in challenge (`add-ten` … `spin-lock`) or `custom` (with `ref`
/// and `tests`). Its own control: the challenge box, not a form field.
pub const CHALLENGE: Param =
    Param::text("challenge", msg!("kernel.field.challenge"), 40, "").own_control();

/// `test=K`: the challenge's test that Run uses, from 1.
pub const TEST: Param = Param::whole(
    "test",
    msg!("kernel.field.test"),
    1,
    custom::MAX_TESTS as u64,
    "1",
)
.own_control();

/// `check=1`: the challenge's tests ran (Check).
pub const CHECK: Param = Param::text("check", msg!("kernel.field.check"), 1, "").own_control();

/// `ref`: a custom challenge's reference kernel.
pub const REF: Param = Param::text("ref", msg!("kernel.field.ref"), MAX_SOURCE, "").own_control();

/// `tests`: a custom challenge's launches (`n=100,block=64;n=3000,block=256,grid=4`).
pub const TESTS: Param = Param::text("tests", msg!("kernel.field.tests"), 600, "").own_control();

/// `title`: a custom challenge's title.
pub const TITLE: Param = Param::text("title", msg!("kernel.field.title"), 120, "").own_control();

/// `task`: a custom challenge's statement.
pub const TASK: Param = Param::text("task", msg!("kernel.field.task"), 2000, "").own_control();

/// `starter`: what a custom challenge's editor starts with.
pub const STARTER: Param =
    Param::text("starter", msg!("kernel.field.starter"), MAX_SOURCE, "").own_control();

/// `range=LO,HI`: a custom challenge's random inputs, [LO, HI).
pub const RANGE: Param = Param::text("range", msg!("kernel.field.range"), 40, "").own_control();

/// `targets=A,B`: a custom challenge's cost targets, in star order.
pub const TARGETS: Param =
    Param::text("targets", msg!("kernel.field.targets"), 80, "").own_control();

/// The lab's parameters, in form order (the source first, in its own editor; the challenge's
/// after the form, in the challenge box or only in the link). `cache` and `gpu` are the memory
/// panel's own (issue 68): one declaration, one meaning.
pub const PARAMS: [Param; 25] = [
    SRC,
    BLOCK,
    GRID,
    N,
    LEN,
    TRACE,
    WATCH,
    SCHED,
    crate::memory::panel::CACHE,
    crate::memory::panel::GPU,
    crate::kernel_lab::timing::TIMING,
    crate::kernel_lab::timing::S,
    crate::kernel_lab::timing::L,
    crate::kernel_lab::timing::POLICY,
    crate::kernel_lab::timing::WINDOW,
    CHALLENGE,
    TEST,
    CHECK,
    REF,
    TESTS,
    TITLE,
    TASK,
    STARTER,
    RANGE,
    TARGETS,
];

/// The kernel lab's model.
#[derive(Clone, Copy, Debug)]
pub struct KernelModel;

/// The roofline's GPU `gpu=` names; the default's when it names none (its error is named by
/// `launch`).
pub(in crate::kernel_lab) fn input_gpu(
    input: &KernelInput,
) -> &'static crate::memory::roofline::Gpu {
    crate::memory::panel::GPU
        .choose(input.get(&crate::memory::panel::GPU))
        .ok()
        .and_then(crate::memory::roofline::Gpu::find)
        .or_else(|| crate::memory::roofline::Gpu::find(crate::memory::panel::GPU.default))
        .unwrap_or(&crate::memory::roofline::GPUS[0])
}

/// The lab's raw inputs.
pub type KernelInput = Inputs<KernelModel>;

/// Links that open the other panels on what the code did (query strings without `?`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Links {
    /// The divergence timeline on the first divergent branch.
    pub divergence: Option<String>,
    /// The divergence panel's loop mode on the first split loop.
    pub loop_counts: Option<String>,
    /// The coalescing view on the first strided load.
    pub coalescing: Option<String>,
    /// The memory panel's roofline on the run's FLOPs and DRAM bytes (issue 68).
    pub roofline: Option<String>,
    /// The block-to-warp map on the launch.
    pub warps: String,
    /// The banks panel on each shared-access line's worst request, when it is a simple
    /// strided one: (line, query).
    pub banks: Vec<(usize, String)>,
}

/// A `watch=` element after the run: a figure whose name is made from the input
/// (`value-out-0`), so it is kept beside the fixed figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WatchFigure {
    /// `value-NAME-i` (`data-metric`).
    pub metric: String,
    /// `NAME[i]`.
    pub label: String,
    /// Its value: an integer for an `int*` buffer, a decimal for a `float*` one.
    pub value: Value,
}

/// Where in the source an error is, for the editor to mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SourceMark {
    /// Line, 1-based.
    pub line: usize,
    /// Column, 1-based, in characters (a tab is one); `None` for a run-time error, which
    /// names a line only.
    pub col: Option<usize>,
}

/// Everything the lab shows (by default nothing yet: no error, no run, no figure).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KernelOutput {
    /// `src` (parse, with caret), `run` (run time), or launch parameter errors.
    pub errors: Vec<ParamError>,
    /// The place of the `src` or `run` error, when it has one.
    pub mark: Option<SourceMark>,
    /// The run.
    pub result: Option<exec::RunResult>,
    /// The figures.
    pub figures: Vec<Figure>,
    /// Links to the other panels.
    pub links: Option<Links>,
    /// The `watch=` elements after the run.
    pub watched: Vec<WatchFigure>,
    /// The race found, in words (both lines and the word), when there is one.
    pub race: Option<String>,
    /// The first mask violations, in words (line, call, lanes), as a sanitizer names them.
    pub violations: Vec<String>,
    /// The challenge, when `challenge=` names one.
    pub challenge: Option<ChallengeOutput>,
    /// The launch on one SM's schedulers, with `timing=sm` (issue 47; the plain lab's only).
    pub sm: Option<crate::kernel_lab::timing::SmOutput>,
}

/// What the challenge box shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeOutput {
    /// `challenge=` (`custom` for an author's).
    pub name: String,
    /// Its title.
    pub title: String,
    /// The statement.
    pub task: String,
    /// Each test's launch, in words (the data stays hidden).
    pub launches: Vec<String>,
    /// The test Run uses (from 0).
    pub test: usize,
    /// The targets: (name, label, the reference's total over the tests when it is known
    /// before a Check: a built-in's), in star order.
    pub targets: Vec<(&'static str, &'static str, Option<u64>)>,
    /// The check, when it ran (`check=1`).
    pub report: Option<challenge::CheckReport>,
    /// The first failure: its kind and its words.
    pub failure: Option<(&'static str, String)>,
    /// After a failure, the next thing to try (`Failure::next`; issue 66).
    pub next: Option<String>,
    /// The check's figures (`challenge-passed`, …).
    pub figures: Vec<Figure>,
    /// A preset of the lab that shows what the challenge builds on, for a newcomer: its label
    /// and its link's query (issue 45: `add-ten` gave no hint of the index or the guard).
    pub preset: Option<(&'static str, String)>,
    /// Once every test passes and a target is missed: per missed target, where the cost is and
    /// which panel explains it (hints before the answer, issue 45).
    pub hints: Vec<Hint>,
    /// With an `sm-cycles` target: the plain lab's address of the chosen test's launch with the
    /// learner's kernel under `timing=sm` (its per-line stalls: where the warps wait), which
    /// that target's hint links.
    pub timed_lab: Option<String>,
    /// Once every test passes: the reference, and per target why it costs what it costs.
    pub solved: Option<Solved>,
}

/// A missed target's hint: the counts, the line of the run that costs the most of it, and the
/// panel that explains that cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The target's name (`data-hint`).
    pub target: &'static str,
    /// In words.
    pub text: String,
    /// The panel that explains it: its name (`data-link`), the link's words and its query, on
    /// the run's own access where the lab has one. (The words are the hint's own, not the
    /// registry's titles, which would link every panel's text into the kernel page: 15 kB.)
    pub panel: Option<(&'static str, &'static str, String)>,
}

/// What a solved challenge offers.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// Every target met (★★★): the reference is shown at once. Before that it is the answer to
    /// what the hints ask, and the page shows it only when the learner asks twice.
    pub earned: bool,
    /// The reference kernel.
    pub reference: String,
    /// Per target: its label and the reference's reason.
    pub why: Vec<(String, String)>,
}

/// The lab's presets: the seeds' code (label, source, launch parameters). The label is a
/// catalogue message: show it with `label.text()`. Each source is a file of `presets/`, named
/// by the preset's id (`kernel.preset.parity` → `parity.cu`; the two spin-lock presets share
/// `spin-lock.cu`).
#[rustfmt::skip]
pub const PRESETS: [(Msg, &str, &str); 19] = [
    (msg!("kernel.preset.even-odd"), DEFAULT_SRC, "block=32"),
    (msg!("kernel.preset.parity"), include_str!("../presets/parity.cu"), "block=128"),
    (msg!("kernel.preset.aligned"), include_str!("../presets/aligned.cu"), "block=128"),
    (msg!("kernel.preset.guard"), include_str!("../presets/guard.cu"), "block=256&n=1000"),
    (msg!("kernel.preset.trips"), include_str!("../presets/trips.cu"), "block=32"),
    (msg!("kernel.preset.strided"), include_str!("../presets/strided.cu"), "block=32"),
    (msg!("kernel.preset.transpose-naive"), TRANSPOSE_NAIVE, "block=32,32&watch=out[1],out[32]"),
    (msg!("kernel.preset.transpose-padded"), TRANSPOSE_PADDED, "block=32,32&watch=out[1],out[32]"),
    (msg!("kernel.preset.reduce-interleaved"), REDUCE_INTERLEAVED, "block=256&watch=out[0]"),
    (msg!("kernel.preset.reduce-sequential"), REDUCE_SEQUENTIAL, "block=256&watch=out[0]"),
    (msg!("kernel.preset.transpose-race"), TRANSPOSE_RACE, "block=32,32&watch=out[1],out[32]"),
    (msg!("kernel.preset.warp-sum"), WARP_SUM, "block=32&watch=out[0]"),
    (msg!("kernel.preset.all-reduce"), ALL_REDUCE, "block=32&watch=out[0],out[31]"),
    (msg!("kernel.preset.ballot"), BALLOT, "block=32&watch=out[0],out[1],out[2],out[3]"),
    (msg!("kernel.preset.wrong-mask"), WRONG_MASK, "block=32&watch=out[0],out[15]"),
    (msg!("kernel.preset.spin-stack"), SPIN_LOCK, "block=32&watch=count[0]"),
    (msg!("kernel.preset.spin-its"), SPIN_LOCK, "block=32&watch=count[0]&sched=its"),
    (msg!("kernel.preset.histogram"), HISTOGRAM, "block=256&watch=bins[0],bins[7]"),
    (msg!("kernel.preset.latency"), include_str!("../presets/latency.cu"), "block=256&n=256&timing=sm"),
];

/// A warp's sum with `__shfl_down_sync`: five steps (16, 8, 4, 2, 1), lane 0 ends with it.
pub const WARP_SUM: &str = include_str!("../presets/warp-sum.cu");

/// Every lane's sum with `__shfl_xor_sync`: a butterfly.
pub const ALL_REDUCE: &str = include_str!("../presets/all-reduce.cu");

/// A ballot, counted with `__popc`, and the two other votes.
pub const BALLOT: &str = include_str!("../presets/ballot.cu");

/// A shuffle under a branch half the warp takes: the full mask names absent lanes.
pub const WRONG_MASK: &str = include_str!("../presets/wrong-mask.cu");

/// An intra-warp spin lock: livelock under `sched=stack`, completes under `sched=its`.
pub const SPIN_LOCK: &str = include_str!("../presets/spin-lock.cu");

/// A histogram of 8 bins in shared memory with `atomicAdd`.
pub const HISTOGRAM: &str = include_str!("../presets/histogram.cu");

/// A 32×32 tile transposed through shared memory: rows stored, columns read.
pub const TRANSPOSE_NAIVE: &str = include_str!("../presets/transpose-naive.cu");

/// The same, each row padded by one word.
pub const TRANSPOSE_PADDED: &str = include_str!("../presets/transpose-padded.cu");

/// The transpose without its barrier.
pub const TRANSPOSE_RACE: &str = include_str!("../presets/transpose-race.cu");

/// A block's sum in shared memory, interleaved indexing (Harris's reduction #2).
pub const REDUCE_INTERLEAVED: &str = include_str!("../presets/reduce-interleaved.cu");

/// The same sum, sequential addressing (Harris's reduction #3).
pub const REDUCE_SEQUENTIAL: &str = include_str!("../presets/reduce-sequential.cu");
