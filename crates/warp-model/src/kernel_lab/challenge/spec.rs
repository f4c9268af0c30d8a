//! What a challenge is: its targets, its buffers, its test launches.

use crate::kernel_lab::exec::{RunResult, Sched};
use crate::warps::map::BlockDim;

/// A cost a challenge targets: a kernel figure, compared with the reference's on each test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `load-transactions` + `store-transactions`.
    Transactions,
    /// `bank-conflicts`.
    BankConflicts,
    /// `divergent-branches`.
    DivergentBranches,
    /// Atomic operations: one per active lane of each atomic instruction (the `atomics`
    /// figure counts the warp instructions; lanes on one element are applied one after
    /// another, so the lanes are the cost).
    Atomics,
    /// `shared-load-wavefronts` + `shared-store-wavefronts`.
    SharedWavefronts,
    /// `cycles` (within 1.25 × the reference's): each warp's instruction costs added up, the
    /// lab's cost model, where a load costs the same whether other warps hide it or not.
    Cycles,
    /// `sm-cycles` (within 1.25 × the reference's, issue 47): the launch's cycles on the SM a
    /// check states ([`crate::kernel_lab::challenge::check::check_sm`]: four schedulers, a
    /// global load's value 400 cycles after its issue), where a load's wait is hidden by other
    /// warps' work or by the warp's own independent instructions.
    SmCycles,
}

impl Target {
    /// Every target, in the order the `targets=` parameter lists them.
    pub const ALL: [Target; 7] = [
        Target::Transactions,
        Target::BankConflicts,
        Target::DivergentBranches,
        Target::Atomics,
        Target::SharedWavefronts,
        Target::Cycles,
        Target::SmCycles,
    ];

    /// Its name: in `targets=`, and in the figures `challenge-<name>` and
    /// `challenge-<name>-reference`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Target::Transactions => "transactions",
            Target::BankConflicts => "bank-conflicts",
            Target::DivergentBranches => "divergent-branches",
            Target::Atomics => "atomics",
            Target::SharedWavefronts => "shared-wavefronts",
            Target::Cycles => "cycles",
            Target::SmCycles => "sm-cycles",
        }
    }

    /// The target named `s` (its [`Target::name`]).
    #[must_use]
    pub fn parse(s: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == s.trim())
    }

    /// Its label, in the current language.
    #[must_use]
    pub fn label(self) -> &'static str {
        use crate::t;
        match self {
            Target::Transactions => t!("challenge.target.transactions"),
            Target::BankConflicts => t!("challenge.target.bank-conflicts"),
            Target::DivergentBranches => t!("challenge.target.divergent-branches"),
            Target::Atomics => t!("challenge.target.atomics"),
            Target::SharedWavefronts => t!("challenge.target.shared-wavefronts"),
            Target::Cycles => t!("challenge.target.cycles"),
            Target::SmCycles => t!("challenge.target.sm-cycles"),
        }
    }

    /// What kind of change lowers this count, in the current language (issue 66: a missed
    /// target's hint gave two numbers and no way to go): a strategy, never the reference's code.
    #[must_use]
    pub fn strategy(self) -> &'static str {
        use crate::t;
        match self {
            Target::Transactions => t!("challenge.strategy.transactions"),
            Target::BankConflicts => t!("challenge.strategy.bank-conflicts"),
            Target::DivergentBranches => t!("challenge.strategy.divergent-branches"),
            Target::Atomics => t!("challenge.strategy.atomics"),
            Target::SharedWavefronts => t!("challenge.strategy.shared-wavefronts"),
            Target::Cycles => t!("challenge.strategy.cycles"),
            Target::SmCycles => t!("challenge.strategy.sm-cycles"),
        }
    }

    /// The reference's value's label, in the current language.
    #[must_use]
    pub fn reference_label(self) -> &'static str {
        use crate::t;
        match self {
            Target::Transactions => t!("challenge.reference.transactions"),
            Target::BankConflicts => t!("challenge.reference.bank-conflicts"),
            Target::DivergentBranches => t!("challenge.reference.divergent-branches"),
            Target::Atomics => t!("challenge.reference.atomics"),
            Target::SharedWavefronts => t!("challenge.reference.shared-wavefronts"),
            Target::Cycles => t!("challenge.reference.cycles"),
            Target::SmCycles => t!("challenge.reference.sm-cycles"),
        }
    }

    /// The figure of the learner's value: `challenge-<name>`.
    #[must_use]
    pub fn metric(self) -> &'static str {
        match self {
            Target::Transactions => "challenge-transactions",
            Target::BankConflicts => "challenge-bank-conflicts",
            Target::DivergentBranches => "challenge-divergent-branches",
            Target::Atomics => "challenge-atomics",
            Target::SharedWavefronts => "challenge-shared-wavefronts",
            Target::Cycles => "challenge-cycles",
            Target::SmCycles => "challenge-sm-cycles",
        }
    }

    /// The figure of the reference's value: `challenge-<name>-reference`.
    #[must_use]
    pub fn reference_metric(self) -> &'static str {
        match self {
            Target::Transactions => "challenge-transactions-reference",
            Target::BankConflicts => "challenge-bank-conflicts-reference",
            Target::DivergentBranches => "challenge-divergent-branches-reference",
            Target::Atomics => "challenge-atomics-reference",
            Target::SharedWavefronts => "challenge-shared-wavefronts-reference",
            Target::Cycles => "challenge-cycles-reference",
            Target::SmCycles => "challenge-sm-cycles-reference",
        }
    }

    /// Its value in a run, as the kernel lab's figures of the same names count it; `sm_cycles`
    /// is the run's time on the check's SM (0 when the challenge has no `sm-cycles` target, and
    /// the run was not timed).
    #[must_use]
    pub fn of(self, r: &RunResult, sm_cycles: u64) -> u64 {
        match self {
            Target::Transactions => r.loads.transactions + r.stores.transactions,
            Target::BankConflicts => {
                (r.shared_loads.wavefronts - r.shared_loads.ideal)
                    + (r.shared_stores.wavefronts - r.shared_stores.ideal)
            }
            Target::DivergentBranches => r.divergent,
            Target::Atomics => r.atomic_ops,
            Target::SharedWavefronts => r.shared_loads.wavefronts + r.shared_stores.wavefronts,
            Target::Cycles => r.cycles,
            Target::SmCycles => sm_cycles,
        }
    }

    /// Whether `mine` meets the target set by `reference`: at most the reference's count; for
    /// cycles (either kind), at most 1.25 × the reference's (decided in whole numbers:
    /// 4 · mine ≤ 5 · ref).
    #[must_use]
    pub fn met(self, mine: u64, reference: u64) -> bool {
        match self {
            Target::Cycles | Target::SmCycles => {
                mine.saturating_mul(4) <= reference.saturating_mul(5)
            }
            _ => mine <= reference,
        }
    }
}

/// How a pointer buffer starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Seeded random integers in the challenge's range (a `const` input; for a `float*`, the
    /// same integers as floats).
    Random,
    /// Zeros.
    Zero,
    /// −1 everywhere: an element the kernel must not touch stays −1.
    MinusOne,
}

/// How long a buffer is, from the test's launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Len {
    /// `n` elements.
    N,
    /// `w · h` elements.
    Area,
    /// ⌈n / k⌉ elements (one per block of k).
    PerBlock(u64),
    /// n / 32 elements (one per warp).
    PerWarp,
    /// k · n elements (k rows of n).
    Rows(u64),
    /// n · n elements (an n × n matrix).
    Square,
    /// k elements, whatever the launch (a histogram's bins).
    Fixed(u64),
    /// One element.
    One,
}

/// A pointer parameter of the challenge's signature: how it starts and how long it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Buffer {
    /// How it starts.
    pub fill: Fill,
    /// How long it is.
    pub len: Len,
}

/// One test: a launch and the int parameters' values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestLaunch {
    /// blockDim.
    pub block: BlockDim,
    /// gridDim (x, y).
    pub grid: (u64, u64),
    /// Int parameters by name (`n`, `w`, `h`).
    pub ints: Vec<(String, i64)>,
}

impl TestLaunch {
    /// The int parameter `name` (0 when the test does not set it).
    #[must_use]
    pub fn int(&self, name: &str) -> i64 {
        self.ints
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |(_, v)| *v)
    }

    /// As the page lists it: `n = 129 · block 128 · grid 2`.
    #[must_use]
    pub fn text(&self) -> String {
        let mut parts: Vec<String> = self
            .ints
            .iter()
            .map(|(n, v)| format!("{n} = {v}"))
            .collect();
        let b = self.block;
        parts.push(if b.y() == 1 && b.z() == 1 {
            crate::tr!("challenge.launch.block", block = b.x())
        } else {
            crate::tr!(
                "challenge.launch.block",
                block = format!("{} × {}", b.x(), b.y())
            )
        });
        parts.push(if self.grid.1 == 1 {
            crate::tr!("challenge.launch.grid", grid = self.grid.0)
        } else {
            crate::tr!(
                "challenge.launch.grid",
                grid = format!("{} × {}", self.grid.0, self.grid.1)
            )
        });
        parts.join(" · ")
    }

    /// Elements in a buffer of length `len` under this launch.
    #[must_use]
    pub fn len_of(&self, len: Len) -> usize {
        let n = u64::try_from(self.int("n")).unwrap_or(0);
        let count = match len {
            Len::N => n,
            Len::Area => {
                u64::try_from(self.int("w")).unwrap_or(0)
                    * u64::try_from(self.int("h")).unwrap_or(0)
            }
            Len::PerBlock(k) => n.div_ceil(k.max(1)),
            Len::PerWarp => n / crate::WARP_SIZE,
            Len::Rows(k) => n.saturating_mul(k),
            Len::Square => n.saturating_mul(n),
            Len::Fixed(k) => k,
            Len::One => 1,
        };
        usize::try_from(count.max(1)).unwrap_or(1)
    }
}

/// A challenge, built-in or a course author's: everything the check needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    /// Its name in `challenge=` (`custom` for an author's).
    pub name: String,
    /// Its title.
    pub title: String,
    /// The statement.
    pub task: String,
    /// What the editor starts with: the signature and an empty body.
    pub starter: String,
    /// The reference kernel.
    pub reference: String,
    /// Each pointer parameter, in order.
    pub buffers: Vec<Buffer>,
    /// The range of the random inputs, [lo, hi).
    pub range: (i64, i64),
    /// The tests.
    pub tests: Vec<TestLaunch>,
    /// The cost targets, in star order (at most two).
    pub targets: Vec<Target>,
    /// The scheduling model it runs under.
    pub sched: Sched,
    /// Calls the learner's kernel may not make.
    pub forbidden: Vec<&'static str>,
    /// Per target, why the reference costs what it costs (shown once solved).
    pub why: Vec<String>,
    /// A seed for the inputs (the same link, the same data).
    pub seed: u64,
}
