//! Running a challenge's tests on a learner's kernel: the same inputs for the learner and the
//! reference, every non-`const` buffer compared, the costs compared target by target, the
//! stars, and the first failure named.

use super::spec::{Challenge, Fill, Target, TestLaunch};
use crate::kernel_lab::exec::{self, Initial, LaunchConfig, RunResult};
use crate::kernel_lab::lex::{lex, Tok};
use crate::kernel_lab::parse::{ParsedKernel, Ty};
use crate::latency::sm::{self, SmConfig};
use crate::rng::Rng;

/// The SM a check times a run on for the `sm-cycles` target (issue 47): the lab's
/// `timing=sm` at its defaults ([`crate::kernel_lab::timing::DEFAULT_S`] schedulers, a global
/// load's value [`crate::kernel_lab::timing::DEFAULT_L`] cycles after its issue, round robin),
/// without the timeline's rows, which a check does not show.
#[must_use]
pub fn check_sm() -> SmConfig {
    use crate::kernel_lab::timing::{sm_config, DEFAULT_L, DEFAULT_S};
    SmConfig {
        record_warps: 0,
        ..sm_config(
            DEFAULT_S,
            DEFAULT_L,
            crate::latency::scheduler::Policy::RoundRobin,
        )
    }
}

/// The run's time on [`check_sm`] when `timed` (0 when not); `None` when its record was too
/// long to time ([`exec::MAX_SM_OPS`] instructions).
fn sm_cycles(run: &RunResult, timed: bool) -> Option<u64> {
    match (timed, run.sm_too_long) {
        (false, _) => Some(0),
        (true, true) => None,
        (true, false) => Some(sm::run(&run.sm_ops, check_sm()).cycles),
    }
}

/// Why a check did not pass, the first thing that went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The kernel does not compile (the editor marks where).
    Compile(String),
    /// Its parameters are not the challenge's.
    Signature {
        /// The challenge's parameters, as the reference declares them.
        expected: String,
    },
    /// It calls what the challenge forbids.
    Forbidden {
        /// The call.
        call: String,
        /// Its line.
        line: usize,
    },
    /// The reference itself fails (a course author's challenge): the author's to fix.
    Reference(String),
    /// Test `test` (from 0) stopped with a run-time error (an out-of-bounds access among them).
    Run {
        /// The test.
        test: usize,
        /// The error, with its line.
        message: String,
    },
    /// Test `test` raced on a shared word.
    Race {
        /// The test.
        test: usize,
        /// The race, in words.
        text: String,
    },
    /// Test `test` broke the mask rule of a warp-level call.
    Mask {
        /// The test.
        test: usize,
        /// The first violation, in words.
        text: String,
    },
    /// Test `test` left a wrong value.
    Wrong {
        /// The test.
        test: usize,
        /// The buffer (the learner's name for it).
        buffer: String,
        /// The element.
        index: usize,
        /// What the reference left there.
        expected: String,
        /// What the learner's kernel left there.
        got: String,
    },
}

impl Failure {
    /// Its kind, for `data-challenge-failure`: `compile`, `signature`, `forbidden`,
    /// `reference`, `run`, `race`, `mask` or `wrong`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Compile(_) => "compile",
            Failure::Signature { .. } => "signature",
            Failure::Forbidden { .. } => "forbidden",
            Failure::Reference(_) => "reference",
            Failure::Run { .. } => "run",
            Failure::Race { .. } => "race",
            Failure::Mask { .. } => "mask",
            Failure::Wrong { .. } => "wrong",
        }
    }

    /// The test it happened on (from 0), if it is one test's.
    #[must_use]
    pub fn test(&self) -> Option<usize> {
        match self {
            Failure::Run { test, .. }
            | Failure::Race { test, .. }
            | Failure::Mask { test, .. }
            | Failure::Wrong { test, .. } => Some(*test),
            _ => None,
        }
    }

    /// The next thing to try, in words (issue 66: a failing check gave no hint): where to look
    /// and what kind of change mends this kind of failure. `None` for a failing reference,
    /// which is the course author's to mend.
    #[must_use]
    pub fn next(&self) -> Option<String> {
        use crate::tr;
        Some(match self {
            Failure::Compile(_) => crate::t!("challenge.next.compile").to_string(),
            Failure::Signature { .. } => crate::t!("challenge.next.signature").to_string(),
            Failure::Forbidden { call, .. } => tr!("challenge.next.forbidden", call),
            Failure::Reference(_) => return None,
            Failure::Run { test, .. } => tr!("challenge.next.run", number = test + 1),
            Failure::Race { .. } => crate::t!("challenge.next.race").to_string(),
            Failure::Mask { .. } => crate::t!("challenge.next.mask").to_string(),
            Failure::Wrong {
                test,
                buffer,
                index,
                ..
            } => tr!("challenge.next.wrong", number = test + 1, buffer, index),
        })
    }

    /// In words, naming the test and its launch.
    #[must_use]
    pub fn text(&self, c: &Challenge) -> String {
        use crate::tr;
        let head = |test: usize| {
            tr!(
                "challenge.failure.test",
                number = test + 1,
                launch = c.tests.get(test).map(TestLaunch::text).unwrap_or_default()
            )
        };
        match self {
            Failure::Compile(m) => tr!("challenge.failure.compile", message = m),
            Failure::Signature { expected } => tr!("challenge.failure.signature", expected),
            Failure::Forbidden { call, line } => tr!("challenge.failure.forbidden", call, line),
            Failure::Reference(m) => tr!("challenge.failure.reference", message = m),
            Failure::Run { test, message } => format!("{} {message}", head(*test)),
            Failure::Race { test, text } => {
                format!(
                    "{} {}",
                    head(*test),
                    tr!("challenge.failure.race", race = text)
                )
            }
            Failure::Mask { test, text } => {
                format!(
                    "{} {}",
                    head(*test),
                    tr!("challenge.failure.mask", violation = text)
                )
            }
            Failure::Wrong {
                test,
                buffer,
                index,
                expected,
                got,
            } => format!(
                "{} {}",
                head(*test),
                tr!("challenge.failure.wrong", buffer, index, expected, got)
            ),
        }
    }
}

/// One target over the tests: the learner's value and the reference's, summed over the
/// tests, and whether it was met on every test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetReport {
    /// The target.
    pub target: Target,
    /// The learner's kernel, summed over the tests that ran.
    pub mine: u64,
    /// The reference, summed over the same tests.
    pub reference: u64,
    /// Met on every test (and every test passed).
    pub met: bool,
}

/// What a check found. It crosses from the check worker to the page as text
/// ([`super::wire`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Tests.
    pub tests: usize,
    /// Tests passed.
    pub passed: usize,
    /// 0 to 3.
    pub stars: u8,
    /// Each target, in star order.
    pub targets: Vec<TargetReport>,
    /// The first failure, if any.
    pub failure: Option<Failure>,
    /// After a failure, the next thing to try ([`Failure::next`]), written where the check
    /// runs: the page shows it without linking the sentences.
    pub next: Option<String>,
}

impl CheckReport {
    /// Whether every test passed.
    #[must_use]
    pub fn passed_all(&self) -> bool {
        self.tests > 0 && self.passed == self.tests
    }
}

/// The inputs of test `k`: each pointer buffer (in parameter order) filled as the challenge
/// states, random values from a generator seeded by the challenge and the test.
#[must_use]
pub fn inputs(c: &Challenge, k: usize) -> Vec<Vec<f64>> {
    let test = &c.tests[k.min(c.tests.len().saturating_sub(1))];
    let mut rng = Rng::new(c.seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (lo, hi) = c.range;
    let span = u64::try_from(hi.saturating_sub(lo)).unwrap_or(1).max(1);
    c.buffers
        .iter()
        .map(|b| {
            let len = test.len_of(b.len);
            (0..len)
                .map(|_| match b.fill {
                    Fill::Random => (lo + i64::try_from(rng.next_u64() % span).unwrap_or(0)) as f64,
                    Fill::Zero => 0.0,
                    Fill::MinusOne => -1.0,
                })
                .collect()
        })
        .collect()
}

/// What shared memory holds when a block starts in a check: CUDA leaves it undefined, so a
/// kernel that reads a word before writing it (a histogram's bins never cleared) must fail,
/// where the lab, which states 0, would pass it.
pub const SHARED_START: i64 = -1;

/// The launch and starting memory of test `k` for `kernel`: its int parameters set by
/// position from the reference's names.
#[must_use]
pub fn start_of(
    c: &Challenge,
    reference: &ParsedKernel,
    kernel: &ParsedKernel,
    k: usize,
) -> (LaunchConfig, Initial) {
    let test = &c.tests[k.min(c.tests.len().saturating_sub(1))];
    let ints = reference
        .params
        .iter()
        .zip(&kernel.params)
        .filter(|(r, _)| !r.pointer)
        .map(|(r, mine)| (mine.name.clone(), test.int(&r.name)))
        .collect();
    let launch = LaunchConfig {
        block: test.block,
        grid: test.grid,
        n: test.int("n"),
        len: 1,
        sched: c.sched,
        timing: false,
        cache: crate::memory::hierarchy::Cache::Ca,
    };
    (
        launch,
        Initial {
            buffers: inputs(c, k),
            ints,
            step_budget: None,
            global_races: true,
            shared_start: SHARED_START,
        },
    )
}

/// The parameters as C declares them: `(const int* in, int* out, int n)`.
#[must_use]
pub fn signature(k: &ParsedKernel) -> String {
    let ty = |t: Ty| match t {
        Ty::Int => "int",
        Ty::Unsigned => "unsigned",
        Ty::Float => "float",
        Ty::Bool => "bool",
    };
    let params: Vec<String> = k
        .params
        .iter()
        .map(|p| {
            format!(
                "{}{}{} {}",
                if p.read_only { "const " } else { "" },
                ty(p.ty),
                if p.pointer { "*" } else { "" },
                p.name
            )
        })
        .collect();
    format!("({})", params.join(", "))
}

/// Whether `kernel` takes the reference's parameters: as many, each the same kind (pointer or
/// not), type and constness (the names may differ).
#[must_use]
pub fn same_signature(reference: &ParsedKernel, kernel: &ParsedKernel) -> bool {
    reference.params.len() == kernel.params.len()
        && reference
            .params
            .iter()
            .zip(&kernel.params)
            .all(|(r, k)| r.pointer == k.pointer && r.ty == k.ty && r.read_only == k.read_only)
}

/// The most warp instructions a check lets the learner's kernel issue on one test, whatever the
/// reference costs: the lab's own run budget ([`exec::STEP_BUDGET`]), so that a kernel that
/// never ends is stopped after the same work on every challenge (a custom challenge with a
/// costly reference included), and a check of ten tests always ends (issue 43: 50 × a costly
/// reference let an endless loop run 99 million instructions a test).
pub const TEST_CEILING: u64 = exec::STEP_BUDGET;
/// A test's budget is this many times the reference's instructions on it ...
pub const BUDGET_FACTOR: u64 = 50;
/// ... and at least this many ([`budget`]).
pub const BUDGET_FLOOR: u64 = 100_000;

/// The warp instructions the learner's kernel may issue on a test on which the reference
/// issued `reference`: [`BUDGET_FACTOR`] × `reference`, at least [`BUDGET_FLOOR`], at most
/// [`TEST_CEILING`]. A kernel that never ends costs a second, not a minute.
#[must_use]
pub fn budget(reference: u64) -> u64 {
    reference
        .saturating_mul(BUDGET_FACTOR)
        .clamp(BUDGET_FLOOR, TEST_CEILING)
}

/// Runs the tests of `c` on the kernel `src`, until the first that fails.
#[must_use]
pub fn check(c: &Challenge, src: &str) -> CheckReport {
    check_each(c, src, |_| {})
}

/// [`check`], calling `started(k)` before test `k` (from 0) runs: the worker that checks off
/// the page's main thread says which test is running.
#[must_use]
pub fn check_each(c: &Challenge, src: &str, started: impl FnMut(usize)) -> CheckReport {
    let mut report = check_tests(c, src, started);
    report.next = report.failure.as_ref().and_then(Failure::next);
    report
}

/// [`check_each`] without the next step.
fn check_tests(c: &Challenge, src: &str, mut started: impl FnMut(usize)) -> CheckReport {
    let mut report = CheckReport {
        tests: c.tests.len(),
        passed: 0,
        stars: 0,
        targets: c
            .targets
            .iter()
            .map(|&target| TargetReport {
                target,
                mine: 0,
                reference: 0,
                met: false,
            })
            .collect(),
        failure: None,
        next: None,
    };
    let reference = match crate::kernel_lab::compile(&c.reference) {
        Ok(k) => k,
        Err(e) => {
            report.failure = Some(Failure::Reference(e.with_caret(&c.reference)));
            return report;
        }
    };
    let kernel = match crate::kernel_lab::compile(src) {
        Ok(k) => k,
        Err(e) => {
            report.failure = Some(Failure::Compile(e.with_caret(src)));
            return report;
        }
    };
    if !same_signature(&reference, &kernel) {
        report.failure = Some(Failure::Signature {
            expected: signature(&reference),
        });
        return report;
    }
    if let Some(t) = lex(src).ok().and_then(|toks| {
        toks.into_iter()
            .find(|t| matches!(&t.tok, Tok::Ident(s) if c.forbidden.contains(&s.as_str())))
    }) {
        report.failure = Some(Failure::Forbidden {
            call: match t.tok {
                Tok::Ident(s) => s,
                _ => String::new(),
            },
            line: t.line,
        });
        return report;
    }
    let mut met = vec![true; c.targets.len()];
    // Runs are timed on the SM only for a challenge that targets its cycles (the record of
    // every warp's instructions costs memory and time).
    let timed = c.targets.contains(&Target::SmCycles);
    let too_long = || crate::tr!("challenge.failure.sm-too-long", max = exec::MAX_SM_OPS);
    for k in 0..c.tests.len() {
        started(k);
        let (mut launch, init) = start_of(c, &reference, &reference, k);
        launch.timing = timed;
        let (want, want_mem) = match exec::run_from(&reference, launch, &init) {
            Ok(x) => x,
            Err(e) => {
                report.failure = Some(Failure::Reference(line_message(&e)));
                return report;
            }
        };
        // A reference whose lanes race has no one answer to compare with (issue 45: an
        // author's racy reference was taken as the answer; the author page refuses the step).
        if let Some(race) = race_text(&want) {
            report.failure = Some(Failure::Reference(crate::tr!(
                "challenge.failure.reference-race",
                race
            )));
            return report;
        }
        let Some(want_sm) = sm_cycles(&want, timed) else {
            report.failure = Some(Failure::Reference(too_long()));
            return report;
        };
        let (mut launch, mut init) = start_of(c, &reference, &kernel, k);
        launch.timing = timed;
        let allowed = budget(want.issued);
        init.step_budget = Some(allowed);
        let outcome = exec::run_from(&kernel, launch, &init)
            .map_err(|e| Failure::Run {
                test: k,
                message: if e.is_budget(allowed) {
                    // Which budget, and why that one: the learner cannot see the reference.
                    format!(
                        "{} {}",
                        line_message(&e),
                        crate::tr!(
                            "challenge.failure.budget",
                            reference = want.issued,
                            factor = BUDGET_FACTOR,
                            floor = BUDGET_FLOOR,
                            ceiling = TEST_CEILING
                        )
                    )
                } else {
                    line_message(&e)
                },
            })
            .and_then(|(got, mem)| {
                judge(k, &reference, &kernel, &want_mem, &got, &mem)?;
                let sm = sm_cycles(&got, timed).ok_or_else(|| Failure::Run {
                    test: k,
                    message: too_long(),
                })?;
                Ok((got, sm))
            });
        match outcome {
            Ok((got, got_sm)) => {
                report.passed += 1;
                for (i, t) in report.targets.iter_mut().enumerate() {
                    let (mine, theirs) = (t.target.of(&got, got_sm), t.target.of(&want, want_sm));
                    t.mine += mine;
                    t.reference += theirs;
                    met[i] &= t.target.met(mine, theirs);
                }
            }
            Err(f) => {
                // The first failure ends the check: the tests after it would only cost time
                // (an endless kernel, ten times over).
                report.failure = Some(f);
                break;
            }
        }
    }
    if report.passed_all() {
        report.stars = 1;
        for (t, ok) in report.targets.iter_mut().zip(&met) {
            t.met = *ok;
        }
        for (i, t) in report.targets.iter().enumerate().take(2) {
            if !t.met {
                break;
            }
            report.stars = super::stars::for_target(i);
        }
    }
    report
}

/// A run error as the lab shows it: "line 4: …".
fn line_message(e: &exec::RunError) -> String {
    if e.line > 0 {
        crate::tr!("kernel.error.line", line = e.line, message = &e.message)
    } else {
        e.message.clone()
    }
}

/// A run's race in words (a shared word's, else a global one's), if it had one.
fn race_text(run: &RunResult) -> Option<String> {
    use crate::kernel_lab::notes;
    run.race
        .as_ref()
        .map(notes::race_note)
        .or_else(|| run.global_race.as_ref().map(notes::global_race_note))
}

/// A test's verdict once both ran: no race, no mask violation, every non-`const` buffer the
/// reference's.
fn judge(
    test: usize,
    reference: &ParsedKernel,
    kernel: &ParsedKernel,
    want: &[Vec<f64>],
    got: &RunResult,
    mem: &[Vec<f64>],
) -> Result<(), Failure> {
    if let Some(text) = race_text(got) {
        return Err(Failure::Race { test, text });
    }
    if let Some(v) = got.violations.first() {
        return Err(Failure::Mask {
            test,
            text: crate::kernel_lab::notes::violation_note(v),
        });
    }
    let pointers = reference
        .params
        .iter()
        .zip(&kernel.params)
        .filter(|(r, _)| r.pointer);
    for (((r, mine), want), got) in pointers.zip(want).zip(mem) {
        if r.read_only {
            continue;
        }
        if let Some(index) = (0..want.len()).find(|&i| got.get(i) != Some(&want[i])) {
            let shown = |v: f64| match r.ty {
                Ty::Float => crate::figure::format_decimal(v),
                #[allow(clippy::cast_possible_truncation)]
                _ => (v as i64).to_string(),
            };
            return Err(Failure::Wrong {
                test,
                buffer: mine.name.clone(),
                index,
                expected: shown(want[index]),
                got: got.get(index).map_or_else(String::new, |v| shown(*v)),
            });
        }
    }
    Ok(())
}
