//! The run and the check: the worker that runs the page's kernel or checks a challenge, their state and status lines, the output the page shows (issue 65), and the results brought into view after them.

use crate::check_worker::{self, check_query, Heard};
use leptos::prelude::*;
use warp_model::kernel_lab::challenge::{CheckReport, Failure};
use warp_model::kernel_lab::panel::{
    challenge_of, empty_challenge_note, evaluate_box, with_report, KernelInput, KernelOutput,
    CHALLENGE, CHECK, SRC,
};
use warp_model::markup::Html;
use warp_model::t;
use warp_model::tr;

/// Run pressed: the input runs, in the worker (a challenge's page first ends its check,
/// `Check::run`); its results are brought into view when they come (`Runner`).
pub(super) fn run_plain(input: RwSignal<KernelInput>, ran: RwSignal<KernelInput>) {
    ran.set(input.get_untracked());
}

/// Where the page's run stands (issue 65): every run, the Run button's, a link's on load and
/// a preset's, goes to the check's worker (`check_worker::start_run`); none runs on the page's
/// thread, where a kernel that never ends held the page for seconds.
#[derive(Debug)]
pub(super) enum Running {
    /// Nothing to run: a challenge's check runs, or did not pass (Run runs its test).
    Idle,
    /// The worker runs it.
    Waiting,
    /// Its output, as the worker's bytes (`kernel_lab::ran`), read again each time the page
    /// draws it: no page links a copy of an output (its `Clone`: 2.3 kB of the challenge
    /// page's code, 6 kB of the plain lab's).
    Done(Vec<u8>),
    /// The learner stopped it.
    Stopped,
    /// The worker broke off (its words).
    Broken(String),
    /// No worker could start here: nothing ran.
    NoWorker,
}

/// The run, in the check's worker: the run of `ran`'s query whenever the page shows one (the
/// plain lab always; a challenge outside a check, and after a check's report),
/// started again each time `ran` is set (Run, a preset); the job it holds, for Stop.
#[derive(Clone, Copy)]
pub(super) struct Runner {
    pub(super) running: RwSignal<Running>,
    pub(super) job: StoredValue<Option<check_worker::Job>, LocalStorage>,
    /// Run was pressed: its results are brought into view when they come.
    pub(super) pressed: StoredValue<bool>,
}

impl Runner {
    /// The runner, and natively (a prerendered page) the first run's bytes as hex with the
    /// query they are the run of, for the page to carry (`data-ran`, `data-ran-for`).
    pub(super) fn new<const CHALLENGES: bool, const PLAIN: bool>(
        ran: RwSignal<KernelInput>,
        checking: RwSignal<Checking>,
    ) -> (Self, Option<(String, String)>) {
        // The plain lab's run in the run worker (with the SM's timing); a challenge page's in
        // the check's, which holds the challenges.
        let wanted = Memo::new(move |_| {
            let plain = ran.with(|r| PLAIN && (!CHALLENGES || r.get(&CHALLENGE).trim().is_empty()));
            // A check's report shows the run beside it, passed or not (issue 66: after a failed
            // check the results were gone; the run is in a worker now, so a kernel that never
            // ends no longer holds the page): of the test that failed, as `Check::finish`
            // chooses it. Not while the check runs: its tests have the worker.
            let shown = plain
                || ran.with(|r| r.get(&CHECK).trim() != "1")
                || checking.with(|c| matches!(c, Checking::Done(_)));
            let which = if plain {
                check_worker::Which::Run
            } else {
                check_worker::Which::Check
            };
            shown.then(|| (which, ran.with(check_query)))
        });
        let (first, prerendered) = wanted
            .get_untracked()
            .map_or((Running::Idle, None), first_run);
        let runner = Runner {
            running: RwSignal::new(first),
            job: StoredValue::new_local(None),
            pressed: StoredValue::new(false),
        };
        Effect::new(move |before: Option<()>| {
            ran.track();
            let wanted = wanted.get();
            // The first run read from the page it takes over is not run again.
            let read = runner
                .running
                .with_untracked(|r| matches!(r, Running::Done(_)));
            if before.is_some() || !read {
                runner.start(wanted);
            }
        });
        on_cleanup(move || check_worker::end_held(runner.job));
        (runner, prerendered)
    }

    /// Ends the running job, then starts the run of `query` in worker `which` (nothing when
    /// `None`).
    pub(super) fn start(self, wanted: Option<(check_worker::Which, String)>) {
        let Runner { running, job, .. } = self;
        check_worker::end_held(job);
        let Some((which, query)) = wanted else {
            running.set(Running::Idle);
            return;
        };
        running.set(Running::Waiting);
        let started = check_worker::start_run(which, &query, move |heard| match heard {
            Heard::Test(_) => {}
            Heard::Report(out) => {
                check_worker::end_held(job);
                running.set(Running::Done(out));
                if self.pressed.get_value() {
                    self.pressed.set_value(false);
                    bring_into_view_after_run(RUN_RESULTS);
                }
            }
            Heard::Broken(why) => {
                check_worker::end_held(job);
                running.set(Running::Broken(why));
            }
        });
        match started {
            Some(j) => job.set_value(Some(j)),
            None => running.set(Running::NoWorker),
        }
    }

    /// Stop pressed: the run's worker ends, nothing shown for it.
    pub(super) fn stop(self) {
        check_worker::end_held(self.job);
        self.running.update(|r| {
            if matches!(r, Running::Waiting) {
                *r = Running::Stopped;
            }
        });
    }
}

/// The page's first run, of `query` in worker `which`. Natively (the prerendered pages, built
/// ahead of time) made here, through the worker's own bytes, which the page carries as hex
/// (the second value). In the browser, read from the page the app takes over when it carries
/// the run of this very query (the prerendered kernel page: its figures stay while the app
/// starts, and no worker runs them again); else the worker's, to come.
fn first_run((which, query): (check_worker::Which, String)) -> (Running, Option<(String, String)>) {
    use warp_model::kernel_lab::ran;
    #[cfg(not(target_arch = "wasm32"))]
    {
        let bytes = if which == check_worker::Which::Run {
            ran::run_plain(&query)
        } else {
            ran::run_challenge(&query)
        };
        let hex = ran::to_hex(&bytes);
        let first = if ran::read_ran(&bytes).is_some() {
            Running::Done(bytes)
        } else {
            Running::Idle
        };
        (first, Some((hex, query)))
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = which;
        let carried = crate::browser::window()
            .and_then(|w| w.document())
            .and_then(|d| {
                d.query_selector("[data-prerendered] [data-ran]")
                    .ok()
                    .flatten()
            })
            .filter(|el| el.get_attribute("data-ran-for").as_deref() == Some(query.as_str()))
            .and_then(|el| el.get_attribute("data-ran"))
            .and_then(|hex| ran::from_hex(&hex))
            .filter(|bytes| ran::read_ran(bytes).is_some());
        let first = carried.map_or(Running::Waiting, Running::Done);
        (first, None)
    }
}

/// The plain lab's own notice of an empty `challenge=` (the run's worker reads the address the
/// page writes, which leaves the empty key out), first, once.
fn name_empty_challenge(out: &mut KernelOutput, ran: RwSignal<KernelInput>) {
    if let Some(note) = ran.with(empty_challenge_note) {
        if !out.errors.contains(&note) {
            out.errors.insert(0, note);
        }
    }
}

/// What the page shows: the worker's run, inside the challenge's box (the page's own, which
/// runs nothing) when a challenge is open, with the check's report when one came.
pub(super) fn shown_output<const CHALLENGES: bool, const PLAIN: bool>(
    ran: RwSignal<KernelInput>,
    checking: RwSignal<Checking>,
    running: RwSignal<Running>,
) -> Memo<KernelOutput> {
    Memo::new(move |_| {
        let done = running.with(|r| match r {
            // A challenge page's runs come from the check's worker, which leaves two links
            // to the page (`read_test_ran`).
            Running::Done(bytes) if CHALLENGES => warp_model::kernel_lab::ran::read_test_ran(bytes),
            Running::Done(bytes) => warp_model::kernel_lab::ran::read_ran(bytes),
            _ => None,
        });
        if PLAIN && (!CHALLENGES || ran.with(|r| r.get(&CHALLENGE).trim().is_empty())) {
            let mut out = done.unwrap_or_default();
            name_empty_challenge(&mut out, ran);
            return out;
        }
        let boxed = ran.with(evaluate_box);
        let mut out = match done {
            // The box's errors, then the run's that the box has not named (both compile the
            // source; `kernel_lab::ran`'s tests merge them the same way).
            Some(mut o) => {
                let mut errors = boxed.errors;
                for e in std::mem::take(&mut o.errors) {
                    if !errors.contains(&e) {
                        errors.push(e);
                    }
                }
                o.errors = errors;
                o.mark = o.mark.or(boxed.mark);
                o.challenge = boxed.challenge;
                o
            }
            None => boxed,
        };
        checking.with(|c| {
            if let Checking::Done(report) = c {
                if let Ok(Some(challenge)) = ran.with(challenge_of) {
                    with_report(&mut out, &challenge, report.clone());
                }
            }
        });
        out
    })
}

/// The run's progress with its Stop button, or why it ended without an output: one line,
/// `[data-run=running|stopped|broken|no-worker]`.
#[component]
pub(super) fn RunStatus(runner: Runner) -> impl IntoView {
    move || {
        // Read in place: a copy of the state copied a run's whole output.
        let (kind, text, running) = runner.running.with(|r| {
            Some(match r {
                Running::Waiting => ("running", t!("ui.kernel.running").to_string(), true),
                Running::Stopped => ("stopped", t!("ui.kernel.run.stopped").to_string(), false),
                Running::Broken(reason) => ("broken", tr!("ui.kernel.run.broken", reason), false),
                Running::NoWorker => (
                    "no-worker",
                    t!("ui.kernel.run.no-worker").to_string(),
                    false,
                ),
                Running::Idle | Running::Done(_) => return None,
            })
        })?;
        let stop = ("stop-run", t!("ui.kernel.run.stop"));
        Some(status_line(
            ("data-run", kind),
            &text,
            running.then_some(stop),
            move || {
                runner.stop();
            },
        ))
    }
}

/// A run's or a check's status line (`data-run` or `data-check`, its kind), with its Stop
/// button while it runs: one writer for both (their two view trees cost the challenge page
/// 1.5 kB of raw code, issue 66's round). `text` may quote the worker's words (a broken run's
/// reason), so it and the label go in escaped (`tests.rs`: a payload stays text).
pub(super) fn status_line(
    (attr, kind): (&'static str, &'static str),
    text: &str,
    button: Option<(&'static str, &'static str)>,
    stop: impl Fn() + Send + Sync + 'static,
) -> impl IntoView {
    let mut html = Html::new();
    html.text(text);
    if let Some((action, label)) = button {
        html.raw(r#" <button type="button""#)
            .attr("data-action", action)
            .raw(">")
            .text(label)
            .raw("</button>");
    }
    view! {
        <p class=if button.is_some() { "check-status" } else { "note check-status" } role="status"
            inner_html=html.into_string()
            on:click=move |ev| {
                if event_target::<web_sys::Element>(&ev).has_attribute("data-action") {
                    stop();
                }
            }></p>
    }
    .add_any_attr(leptos::tachys::html::attribute::custom::custom_attribute(
        attr, kind,
    ))
}

/// Where the check stands.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Checking {
    /// No check asked for.
    Idle,
    /// Test `test` (from 0) of `tests` is running, in the worker.
    Running { test: usize, tests: usize },
    /// The learner stopped it at test `test`: nothing graded.
    Stopped { test: usize, tests: usize },
    /// The worker broke off (its words).
    Broken(String),
    /// No worker could start here (a page opened from a file): no check runs on the page's
    /// thread, where a kernel that never ends would hold it.
    NoWorker,
    /// The report.
    Done(CheckReport),
}

/// Check, Run and Stop: every hidden test run off the page's thread, in the check worker; the
/// stars earned are kept (the best per challenge), only when the learner pressed Check (a link
/// that carries `check=1` shows the check, and keeps nothing).
#[derive(Clone, Copy)]
pub(super) struct Check {
    pub(super) input: RwSignal<KernelInput>,
    pub(super) ran: RwSignal<KernelInput>,
    pub(super) checking: RwSignal<Checking>,
    pub(super) best: RwSignal<u8>,
    pub(super) pressed: StoredValue<bool>,
    pub(super) job: StoredValue<Option<check_worker::Job>, LocalStorage>,
}

impl Check {
    /// Ends the running check's worker, if one runs.
    pub(super) fn end_job(self) {
        check_worker::end_held(self.job);
    }

    /// The report came: kept when the learner pressed Check, then shown.
    pub(super) fn finish(self, report: CheckReport) {
        let Check {
            ran,
            checking,
            best,
            pressed,
            ..
        } = self;
        self.end_job();
        if pressed.get_value() {
            pressed.set_value(false);
            if let (Ok(Some(c)), Some(key)) = ran
                .with_untracked(|r| (challenge_of(r), warp_model::kernel_lab::panel::code_key(r)))
            {
                crate::storage::record_stars(&c.name, report.stars);
                best.set(crate::storage::stars().of(&c.name));
                // A frame tells its page (an assignment grades the best check of its own step).
                crate::embed::post_challenge_stars(
                    &c.name,
                    &key,
                    report.stars,
                    report.passed_all(),
                    &ran.with_untracked(|r| r.get(&SRC).to_string()),
                );
            }
        }
        // The run shown beside the report is the failing test's (issue 66: "offer the Run of
        // the failing test"), chosen as its radio button would: the figures and step-through
        // show what went wrong where the report says.
        if let Some(k) = report.failure.as_ref().and_then(Failure::test) {
            super::challenge::choose_test(self.input, ran, k);
        }
        checking.set(Checking::Done(report));
        bring_into_view_after_run(CHECK_RESULTS);
    }

    /// Check (or a link that carries `check=1`) starts a check of what ran; Run ends it.
    pub(super) fn start(self) {
        let Check { ran, checking, .. } = self;
        self.end_job();
        let Some(query) =
            ran.with_untracked(|r| (r.get(&CHECK).trim() == "1").then(|| check_query(r)))
        else {
            checking.set(Checking::Idle);
            return;
        };
        let tests =
            ran.with_untracked(|r| challenge_of(r).ok().flatten().map_or(0, |c| c.tests.len()));
        checking.set(Checking::Running { test: 0, tests });
        let started = check_worker::start(query.clone(), move |heard| match heard {
            Heard::Test(test) => checking.set(Checking::Running { test, tests }),
            Heard::Report(r) => self.finish(r),
            Heard::Broken(why) => {
                self.end_job();
                checking.set(Checking::Broken(why));
            }
        });
        match started {
            Some(j) => self.job.set_value(Some(j)),
            None => checking.set(Checking::NoWorker),
        }
    }

    /// Check pressed: the input runs, with its check.
    pub(super) fn check(self) {
        self.pressed.set_value(true);
        self.input
            .update(|i| i.set_field(CHECK.name, "1".to_string()));
        self.ran.set(self.input.get_untracked());
        self.start();
    }

    /// Run pressed: the input runs, without a check (one running ends).
    pub(super) fn run(self) {
        self.end_job();
        self.checking.set(Checking::Idle);
        self.input
            .update(|i| i.set_field(CHECK.name, String::new()));
        run_plain(self.input, self.ran);
    }

    /// Stop pressed: the running check ends, nothing graded.
    pub(super) fn stop(self) {
        self.end_job();
        self.pressed.set_value(false);
        self.checking.update(|c| {
            if let Checking::Running { test, tests } = *c {
                *c = Checking::Stopped { test, tests };
            }
        });
    }
}

/// A running check's progress with its Stop button, or why the last one ended without a report:
/// one line, `[data-check=running|stopped|broken|no-worker]`.
#[component]
pub(super) fn CheckStatus(
    checking: RwSignal<Checking>,
    stop: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    move || {
        let (kind, text, running) = match checking.get() {
            Checking::Running { test, tests } => (
                "running",
                tr!("ui.kernel.checking", number = test + 1, tests),
                true,
            ),
            Checking::Stopped { test, tests } => (
                "stopped",
                tr!("ui.kernel.check.stopped", number = test + 1, tests),
                false,
            ),
            Checking::Broken(reason) => ("broken", tr!("ui.kernel.check.broken", reason), false),
            Checking::NoWorker => (
                "no-worker",
                t!("ui.kernel.check.no-worker").to_string(),
                false,
            ),
            Checking::Idle | Checking::Done(_) => return None,
        };
        let button = ("stop-check", t!("ui.kernel.check.stop"));
        Some(status_line(
            ("data-check", kind),
            &text,
            running.then_some(button),
            move || {
                stop();
            },
        ))
    }
}

/// What a run says first: an error (the source's, under the editor, or the launch's, under the
/// form), else the first result.
const RUN_RESULTS: &[&str] = &[
    ".panel.kernel .editor .error",
    ".panel.kernel .kernel-launch .error",
    ".panel.kernel .kernel-results .figure",
];
/// What a check says first: the source's error, else the stars and the first failure.
const CHECK_RESULTS: &[&str] = &[
    ".panel.kernel .editor .error",
    ".panel.kernel .challenge-report",
    ".panel.kernel [data-challenge-failure]",
];

/// After a run, the first of `selectors` on the page is brought into view. Scrolled only
/// when it is not already on screen, to the nearest edge, so a visible result does not jump.
fn bring_into_view_after_run(selectors: &'static [&'static str]) {
    request_animation_frame(move || {
        let Some(doc) = crate::browser::window().and_then(|w| w.document()) else {
            return;
        };
        let first = selectors
            .iter()
            .find_map(|sel| doc.query_selector(sel).ok().flatten());
        let (Some(el), Some(height)) = (
            first,
            crate::browser::window()
                .and_then(|w| w.inner_height().ok())
                .and_then(|h| h.as_f64()),
        ) else {
            return;
        };
        let rect = el.get_bounding_client_rect();
        if rect.top() < 0.0 {
            el.scroll_into_view_with_bool(true);
        } else if rect.bottom() > height {
            el.scroll_into_view_with_bool(false);
        }
    });
}
