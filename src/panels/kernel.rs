//! The kernel lab: write a small CUDA C kernel and watch every warp execute it. A thin view
//! over `warp_model::kernel_lab`: the editor and the launch go in; figures, errors, per-line
//! counts, a step-through of one warp, and links to the other panels come out.

mod challenge;
#[cfg(test)]
mod tests;
mod timeline;

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::i18n::fill;
use warp_model::kernel_lab::challenge::{CheckReport, Failure};
use warp_model::kernel_lab::editor::{self, Key};
use warp_model::kernel_lab::exec::TraceStep;
use warp_model::kernel_lab::panel::{
    challenge_of, code_key, empty_challenge_note, evaluate_box, opening_source, starting_source,
    traced_note, with_report, KernelInput, KernelModel, KernelOutput, SourceMark, CHALLENGE, CHECK,
    PRESETS, SRC,
};
use warp_model::markup::escape;
use warp_model::msg;
use warp_model::params::ParamError;
use warp_model::query::Query;
use warp_model::registry::Panel;
use warp_model::t;
use warp_model::tr;
use warp_model::LANE_SLOTS;
use wasm_bindgen::JsCast;

use crate::check_worker::{self, check_query, Heard};
use crate::components::controls::Controls;
use crate::components::embed_button::EmbedButton;
use crate::components::errors::{ErrorList, SourceErrorList};
use crate::components::figures::Figures;
use crate::components::panel_frame::use_panel_input;

/// The panel as the registry draws it (the dev build's one bundle, the prerendered pages): the
/// plain lab and a challenge's, each as its own bundle draws it.
pub fn view(query: Query, _example: Option<&'static Example>) -> AnyView {
    kernel_panel::<true, true>(query).into_any()
}

/// The plain lab's bundle (`src/bin/kernel.rs`): no challenge box, no check, no challenge in
/// its code (a `challenge=` link loads the challenge's bundle); `timing=sm` (issue 47).
pub fn view_plain(query: Query, _example: Option<&'static Example>) -> AnyView {
    kernel_panel::<false, true>(query).into_any()
}

/// A challenge's bundle (`src/bin/challenge.rs`, `panel=kernel&challenge=…`): the challenge
/// box and the check, without the SM's timing.
pub fn view_challenge(query: Query, _example: Option<&'static Example>) -> AnyView {
    kernel_panel::<true, false>(query).into_any()
}

/// The plain lab's link to its challenges, counting them.
fn lab_challenges() -> String {
    tr!(
        "ui.kernel.challenges",
        count = warp_model::kernel_lab::challenge::builtin::NAMES.len()
    )
}

/// The panel, with the challenge box and the check when `CHALLENGES`, and the plain lab's run
/// (with `timing=sm`) when `PLAIN`. The flags are constants so that a bundle that leaves one
/// out does not link its code (the challenge's half is 8.7 kB gzip of the kernel page).
fn kernel_panel<const CHALLENGES: bool, const PLAIN: bool>(query: Query) -> impl IntoView {
    let (input, _) = use_panel_input::<KernelModel>(query, None);
    let unkept = RwSignal::new(false);
    let (restored, starter) = if CHALLENGES {
        open_code(input, unkept)
    } else {
        (false, None)
    };
    let in_challenge =
        Memo::new(move |_| CHALLENGES && input.with(|i| !i.get(&CHALLENGE).trim().is_empty()));
    // The best stars this browser kept for the built-in challenge (issue 43; 0 for a custom
    // one, for none, and under an LMS, whose record is the only one).
    let best = RwSignal::new(if CHALLENGES {
        challenge_of(&input.get_untracked())
            .ok()
            .flatten()
            .map_or(0, |c| crate::storage::stars().of(&c.name))
    } else {
        0
    });
    // The run is explicit (the Run button, a preset, or the page load): editing does not
    // re-run a launch of thousands of warps on every keystroke.
    let ran = RwSignal::new(input.get_untracked());
    // The run and a check's tests run in the check's worker (`crate::check_worker`); the
    // check's report joins the run's output when it comes.
    let checking = RwSignal::new(Checking::Idle);
    let (runner, prerendered) = Runner::new::<CHALLENGES, PLAIN>(ran, checking);
    let (carried, carried_for) = prerendered.unzip();
    let output = shown_output::<CHALLENGES, PLAIN>(ran, checking, runner.running);
    let stale = Memo::new(move |_| input.with(|i| ran.with(|r| i != r)));
    let errors = Signal::derive(move || output.with(|o| o.errors.clone()));
    // The source's own errors (parse, run time) sit under the editor that marks their place;
    // the launch's errors under the form, like every panel's.
    let in_source = |e: &ParamError| e.param == "src" || e.param == "run";
    let source_errors = Signal::derive(move || {
        output.with(|o| o.errors.iter().filter(|e| in_source(e)).cloned().collect())
    });
    // With the address's notices (`Inputs::notes`: a key given twice), each until it changes.
    let launch_errors = Signal::derive(move || {
        let mut all: Vec<ParamError> =
            output.with(|o| o.errors.iter().filter(|e| !in_source(e)).cloned().collect());
        input.with(|i| all.extend_from_slice(i.notes()));
        all
    });
    let figures = Signal::derive(move || output.with(|o| o.figures.clone()));
    let check = Check {
        input,
        ran,
        checking,
        best,
        pressed: StoredValue::new(false),
        job: StoredValue::new_local(None),
    };
    if CHALLENGES {
        check.start();
    }
    view! {
        <section
            class="panel kernel"
            data-panel="kernel"
            data-ran=carried
            data-ran-for=carried_for
        >
            <h1>{Panel::Kernel.title()}</h1>
            <p class="question">{Panel::Kernel.question()}</p>
            {CHALLENGES.then(|| view! { <challenge::ChallengeBox input=input ran=ran output=output best=best /> })}
            {restored.then(|| view! { <KeptCode input=input starter=starter.clone() /> })}
            {move || unkept.get().then(|| view! {
                <p class="note" data-code-not-kept="" role="status">{t!("ui.kernel.code-not-kept")}</p>
            })}
            <div class="presets" role="group" aria-label=t!("ui.kernel.presets") hidden=move || in_challenge.get()>
                {PRESETS
                    .iter()
                    .enumerate()
                    .map(|(i, (label, src, params))| {
                        view! {
                            <button type="button" data-preset=i on:click=move |_| {
                                let next = KernelInput::from_query(&Query::parse(params), &KernelInput::default())
                                    .with(&SRC, *src);
                                input.set(next.clone());
                                ran.set(next);
                            }>{label.text()}</button>
                        }
                    })
                    .collect_view()}
            </div>
            // The lab's challenges, folded to one line under the presets (issue 66: the plain
            // lab had no list of them). The plain lab's bundle only: a challenge's has its box.
            // The lab's challenges, one link away (issue 66: the plain lab had none): the home
            // view's list, with this browser's stars. The list itself on this page cost it
            // 1.9 kB gzip over its budget (measured).
            {PLAIN.then(|| (!in_challenge.get_untracked()).then(|| view! {
                <p class="lab-challenges" data-lab-challenges=""><a href=format!("{}#challenges", warp_model::site::href(""))>{lab_challenges()}</a></p>
            }))}
            // The editor takes the page's width beside the launch (the form), Run right under
            // it, the results below (issue 27: a 339 px editor with Run 701 px under it). The
            // document order is the phone's: editor, Run, results, picture, then the launch.
            <div class="kernel-grid">
                <div class="kernel-editor">
                    <Editor input=input output=output errors=source_errors />
                    <p class="run-row">
                        <button type="button" class="run" data-action="run-kernel" on:click=move |_| {
                            runner.pressed.set_value(true);
                            if CHALLENGES {
                                check.run();
                            } else {
                                run_plain(input, ran);
                            }
                        }>{t!("ui.kernel.run")}</button>
                        " "
                        // Closures over memos, not `Show`: with no `Show` left, neither bundle links
                        // its children's code (3.5 kB raw, issue 66's round). `if CHALLENGES` keeps the
                        // check's code out of the plain lab's bundle, which builds this view's type too.
                        {CHALLENGES.then_some(move || in_challenge.get().then(|| view! {
                            <button type="button" class="run check" data-action="check" on:click=move |_| if CHALLENGES { check.check() }>{t!("ui.kernel.check")}</button>
                            " "
                        }))}
                        {move || stale.get().then(|| view! { <span class="note" data-stale="">{t!("ui.kernel.stale")}</span> })}
                    </p>
                    {CHALLENGES.then(|| view! { <CheckStatus checking=checking stop=move || check.stop() /> })}
                    <RunStatus runner=runner />
                </div>
                <div class="kernel-results">
                    <Figures figures=figures />
                    <Watched output=output />
                    <Race output=output />
                    <Violations output=output />
                </div>
                <div class="picture">
                    {PLAIN.then(|| view! { <timeline::SmTimeline output=output /> })}
                    <StepThrough output=output ran=ran />
                    {line_table::<PLAIN>(output, ran)}
                    <Links output=output />
                </div>
                <div class="kernel-launch">
                    // A challenge sets the launch itself (its tests, in the box above).
                    {move || (!in_challenge.get()).then(|| view! { <Controls input=input errors=errors /> })}
                    <ErrorList errors=launch_errors />
                </div>
            </div>
            // The stated model, with what the lab runs under the scheduler of this run.
            <p class="note" data-sched=move || sched_name(output)>
                {t!("ui.kernel.note")} " "
                {move || if sched_name(output) == "its" { t!("ui.kernel.note.its") } else { t!("ui.kernel.note.stack") }}
            </p>
            <EmbedButton panel=Panel::Kernel />
        </section>
    }
}

/// The editor's opening code: the link's own source, else the code the learner left here last
/// time, else the challenge's starter; and every later edit kept (`unkept` set when this
/// browser could not keep one). Returns whether kept code was restored over a starter, and
/// that starter.
fn open_code(input: RwSignal<KernelInput>, unkept: RwSignal<bool>) -> (bool, Option<String>) {
    // A challenge opens on the link's own source, else the code the learner left here last
    // time (kept per challenge in this browser, issue 43), else its starter.
    let code_key = code_key(&input.get_untracked());
    let kept = code_key.as_deref().and_then(crate::storage::kept_code);
    let starter = starting_source(&input.get_untracked());
    let restored = starter.is_some() && kept.as_ref().is_some_and(|k| !k.trim().is_empty());
    if let Some(src) = opening_source(&input.get_untracked(), kept) {
        input.update(|i| i.set_field(SRC.name, src));
    }
    // Every edit is kept (not the opening itself: a link's code must not replace the
    // learner's own by being visited).
    if let Some(key) = code_key {
        Effect::new(move |first: Option<()>| {
            let src = input.with(|i| i.get(&SRC).to_string());
            if first.is_some() {
                // Issue 65: code this browser could not keep is said, not lost without a word.
                unkept.set(!crate::storage::keep_code(&key, &src));
            }
        });
    }
    (restored, starter)
}

/// Run pressed: the input runs, in the worker (a challenge's page first ends its check,
/// `Check::run`); its results are brought into view when they come (`Runner`).
fn run_plain(input: RwSignal<KernelInput>, ran: RwSignal<KernelInput>) {
    ran.set(input.get_untracked());
}

/// Where the page's run stands (issue 65): every run, the Run button's, a link's on load and
/// a preset's, goes to the check's worker (`check_worker::start_run`); none runs on the page's
/// thread, where a kernel that never ends held the page for seconds.
#[derive(Debug)]
enum Running {
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
struct Runner {
    running: RwSignal<Running>,
    job: StoredValue<Option<check_worker::Job>, LocalStorage>,
    /// Run was pressed: its results are brought into view when they come.
    pressed: StoredValue<bool>,
}

impl Runner {
    /// The runner, and natively (a prerendered page) the first run's bytes as hex with the
    /// query they are the run of, for the page to carry (`data-ran`, `data-ran-for`).
    fn new<const CHALLENGES: bool, const PLAIN: bool>(
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
    fn start(self, wanted: Option<(check_worker::Which, String)>) {
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
    fn stop(self) {
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
fn shown_output<const CHALLENGES: bool, const PLAIN: bool>(
    ran: RwSignal<KernelInput>,
    checking: RwSignal<Checking>,
    running: RwSignal<Running>,
) -> Memo<KernelOutput> {
    Memo::new(move |_| {
        let done = running.with(|r| match r {
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
fn RunStatus(runner: Runner) -> impl IntoView {
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
fn status_line(
    (attr, kind): (&'static str, &'static str),
    text: &str,
    button: Option<(&'static str, &'static str)>,
    stop: impl Fn() + Send + Sync + 'static,
) -> impl IntoView {
    use std::fmt::Write as _;
    let mut html = escape(text).into_owned();
    if let Some((action, label)) = button {
        let _ = write!(
            html,
            r#" <button type="button" data-action="{action}">{}</button>"#,
            escape(label)
        );
    }
    view! {
        <p class=if button.is_some() { "check-status" } else { "note check-status" } role="status"
            inner_html=html
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
enum Checking {
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
struct Check {
    input: RwSignal<KernelInput>,
    ran: RwSignal<KernelInput>,
    checking: RwSignal<Checking>,
    best: RwSignal<u8>,
    pressed: StoredValue<bool>,
    job: StoredValue<Option<check_worker::Job>, LocalStorage>,
}

impl Check {
    /// Ends the running check's worker, if one runs.
    fn end_job(self) {
        check_worker::end_held(self.job);
    }

    /// The report came: kept when the learner pressed Check, then shown.
    fn finish(self, report: CheckReport) {
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
            challenge::choose_test(self.input, ran, k);
        }
        checking.set(Checking::Done(report));
        bring_into_view_after_run(CHECK_RESULTS);
    }

    /// Check (or a link that carries `check=1`) starts a check of what ran; Run ends it.
    fn start(self) {
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
    fn check(self) {
        self.pressed.set_value(true);
        self.input
            .update(|i| i.set_field(CHECK.name, "1".to_string()));
        self.ran.set(self.input.get_untracked());
        self.start();
    }

    /// Run pressed: the input runs, without a check (one running ends).
    fn run(self) {
        self.end_job();
        self.checking.set(Checking::Idle);
        self.input
            .update(|i| i.set_field(CHECK.name, String::new()));
        run_plain(self.input, self.ran);
    }

    /// Stop pressed: the running check ends, nothing graded.
    fn stop(self) {
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
fn CheckStatus(
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

/// The learner's code from last time, kept in this browser, with a way back to the starter.
#[component]
fn KeptCode(input: RwSignal<KernelInput>, starter: Option<String>) -> impl IntoView {
    let again = move |_| {
        if let Some(s) = starter.clone() {
            input.update(|i| i.set_field(SRC.name, s));
        }
    };
    view! {
        <p class="note kept-code" data-code-kept="true">
            {t!("ui.kernel.code-kept")} " "
            <button type="button" data-action="starter-again" on:click=again>{t!("ui.kernel.starter-again")}</button>
        </p>
    }
}

/// The source editor: the text, its lines numbered, and the place of the last run's error
/// marked in the editor itself (its line numbered in the gutter and banded, a caret under its
/// column), the error's words right under it. Long lines wrap (a phone shows a whole
/// signature): a copy of the text in invisible letters lies over the textarea, one row per
/// line, so each number and the band sit at their line however many rows it wraps to, and the
/// textarea grows with the copy (no scroll of its own to follow). Tab, Shift+Tab and Enter
/// edit as `kernel_lab::editor` says; Escape then Tab leaves.
#[component]
fn Editor(
    input: RwSignal<KernelInput>,
    output: Memo<KernelOutput>,
    errors: Signal<Vec<ParamError>>,
) -> impl IntoView {
    let mark = Memo::new(move |_| output.with(|o| o.mark));
    let described = Memo::new(move |_| {
        errors.with(|es| {
            es.iter()
                .fold(String::new(), |ids, e| ids + "error-" + &e.param + " ")
                + "kernel-keys"
        })
    });
    // Escape, then Tab: the one way out of an editor that keeps Tab (WCAG 2.1.2).
    let mut escaped = false;
    let keys = move |ev: web_sys::KeyboardEvent| {
        let name = ev.key();
        let leave = std::mem::replace(&mut escaped, name == "Escape");
        let key = match (name.as_str(), ev.shift_key()) {
            _ if ev.is_composing() || ev.ctrl_key() || ev.alt_key() || ev.meta_key() => return,
            ("Tab", _) if leave => return,
            ("Tab", false) => Key::Tab,
            ("Tab", true) => Key::ShiftTab,
            ("Enter", false) => Key::Enter,
            ("}", _) => Key::Close,
            _ => return,
        };
        // A `}` the editor leaves alone is typed as the browser types it; Tab never leaves.
        if press(&event_target(&ev), key, input) || key != Key::Close {
            ev.prevent_default();
        }
    };
    // The indent and outdent buttons (shown where there is no Tab key: a phone): the key's
    // edit on the editor's selection, the focus back in it first (the browser's insertText
    // edits the focused field). The editor found by its id, not a NodeRef (0.9 kB of the
    // bundle).
    let button = move |key| {
        move |_| {
            if let Some(a) = document().get_element_by_id("kernel-src") {
                let a: web_sys::HtmlTextAreaElement = a.unchecked_into();
                let _ = a.focus();
                press(&a, key, input);
            }
        }
    };
    let field = view! {
        <textarea
            id="kernel-src"
            name="src"
            spellcheck="false"
            autocomplete="off"
            autocapitalize="off"
            prop:value=move || input.with(|i| i.get(&SRC).to_string())
            on:input=move |ev| input.update(|i| i.set_field(SRC.name, event_target_value(&ev)))
            on:keydown=keys
            aria-invalid=move || mark.get().is_some().to_string()
            aria-describedby=described
        >
            // The source as markup too (the prerendered page's, and the field's
            // default the loader compares what was typed before the app was live).
            {input.with_untracked(|i| i.get(&SRC).to_string())}
        </textarea>
    }
    // Safari's own attribute, which Leptos has no method for.
    .add_any_attr(leptos::tachys::html::attribute::custom::custom_attribute(
        "autocorrect",
        "off",
    ));
    view! {
        <div class="editor">
            <label class="label" for="kernel-src">{t!("ui.kernel.editor")}</label>
            <p class="note keys" id="kernel-keys">{t!("ui.kernel.editor.keys")}</p>
            <p class="presets indent">
                <button type="button" data-action="indent" on:click=button(Key::Indent)>{t!("ui.kernel.indent")}</button>
                <button type="button" data-action="outdent" on:click=button(Key::ShiftTab)>{t!("ui.kernel.outdent")}</button>
            </p>
            <div class="code">
                {field}
                <div class="lines" aria-hidden="true" inner_html=move || input.with(|i| lines(i.get(&SRC), mark.get()))></div>
            </div>
            // No "src:" before the words: the editor above is what they are about.
            <SourceErrorList errors=errors />
        </div>
    }
}

/// Applies `key` to the editor `area` as `kernel_lab::editor` says, through the browser's
/// `insertText` where it can (its undo kept); `false` when the key changes nothing.
fn press(area: &web_sys::HtmlTextAreaElement, key: Key, input: RwSignal<KernelInput>) -> bool {
    let (Ok(Some(start)), Ok(Some(end))) = (area.selection_start(), area.selection_end()) else {
        return false;
    };
    let Some(edit) = editor::press(&area.value(), start, end, key) else {
        return false;
    };
    let _ = area.set_selection_range(edit.from, edit.to);
    // insertText keeps the browser's undo and fires `input`, which the field's own handler
    // takes into the address; where it is refused, the same update by hand. Chrome's
    // insertText grows with the square of the lines it inserts (500 lines held a plain
    // textarea 1 s, issue 65): an edit of many lines (Tab on a large selection) is set by
    // hand, leaving the browser's undo out for that one edit.
    let lines = edit.insert.bytes().filter(|b| *b == b'\n').count();
    let inserted = (lines <= MAX_UNDOABLE_LINES)
        .then(|| area.owner_document())
        .flatten()
        .map(JsCast::unchecked_into::<web_sys::HtmlDocument>)
        .map(|d| d.exec_command_with_show_ui_and_value("insertText", false, &edit.insert));
    if !matches!(inserted, Some(Ok(true))) {
        let _ = area.set_range_text(&edit.insert);
        input.update(|i| i.set_field(SRC.name, area.value()));
    }
    let _ = area.set_selection_range(edit.select.0, edit.select.1);
    true
}

/// The most lines an editor key's edit inserts through the browser's `insertText` (which keeps
/// its undo, at a cost that grows with the square of the lines: 64 lines take a few ms).
const MAX_UNDOABLE_LINES: usize = 64;

/// The editor's rows: each line of `src` (and, when the source has become shorter than the
/// marked line, empty ones down to it), numbered; the marked line banded, with its column's
/// character set apart (a space past the line's end). One shape for every row: the unmarked
/// ones leave the character's span empty.
fn lines(src: &str, mark: Option<SourceMark>) -> String {
    use std::fmt::Write as _;
    let text: Vec<&str> = src.split('\n').collect();
    let count = text.len().max(mark.map_or(0, |m| m.line));
    let mut html = String::with_capacity(src.len() + 48 * count);
    for n in 1..=count {
        let line = text.get(n - 1).copied().unwrap_or("");
        let mark = mark.filter(|m| m.line == n);
        let col = mark.and_then(|m| m.col);
        let cut = |k: usize| line.char_indices().nth(k).map_or(line.len(), |(i, _)| i);
        let (a, b) = col.map_or((line.len(), line.len()), |c| (cut(c - 1), cut(c)));
        // `str::get`, not slicing: a slice's panic path costs the page its message code.
        let part = |from: usize, to: usize| escape(line.get(from..to).unwrap_or_default());
        let _ = write!(html, r#"<div data-n="{n}""#);
        if mark.is_some() {
            let _ = write!(
                html,
                r#" class="src-mark" data-gutter-mark="{n}" data-mark-line="{n}""#
            );
        }
        if let Some(c) = col {
            let _ = write!(html, r#" data-mark-col="{c}""#);
        }
        let _ = write!(html, ">{}<span", part(0, a));
        if col.is_some() {
            let at = if a == b { " ".to_string() } else { part(a, b) };
            let _ = write!(html, r#" class="mark-caret" data-c="{at}""#);
        }
        let _ = write!(html, "></span>{}</div>", part(b, line.len()));
    }
    html
}

#[component]
fn Links(output: Memo<KernelOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            o.links.clone().map(|l| {
                use std::fmt::Write as _;
                let mut html = String::new();
                let links = [
                    (l.divergence, "divergence", t!("ui.kernel.link.divergence")),
                    (l.loop_counts, "loop", t!("ui.kernel.link.loop")),
                    (l.coalescing, "coalescing", t!("ui.kernel.link.coalescing")),
                    (Some(l.warps), "warps", t!("ui.kernel.link.warps")),
                ];
                for (q, name, words) in links {
                    if let Some(q) = q {
                        let _ = write!(
                            html,
                            r#"<li><a href="{}" data-link="{name}">{}</a></li>"#,
                            escape(&warp_model::site::href(&q)),
                            escape(words)
                        );
                    }
                }
                view! { <ul class="follow-ups" aria-label=t!("ui.kernel.links") inner_html=html></ul> }
            })
        })
    }
}

/// The `watch=` elements, drawn like the figures row (their names come from the input).
#[component]
fn Watched(output: Memo<KernelOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            (!o.watched.is_empty()).then(|| {
                use std::fmt::Write as _;
                let mut html = String::new();
                for w in &o.watched {
                    let _ = write!(
                        html,
                        r#"<div class="figure" title="{}"><dt><code>{}</code></dt><dd data-metric="{}" data-value="{}"><span class="value">{}</span></dd></div>"#,
                        escape(t!("kernel.figure.watch.help")),
                        escape(&w.label),
                        escape(&w.metric),
                        escape(&w.value.plain()),
                        escape(&w.value.human())
                    );
                }
                view! {
                    <dl class="figures watched" aria-label=t!("ui.kernel.watched") inner_html=html></dl>
                }
            })
        })
    }
}

/// The race the run found: both lines and the word.
#[component]
fn Race(output: Memo<KernelOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            o.race.clone().map(|text| {
                view! {
                    <p class="race" data-race="" role="status">
                        <strong>{t!("ui.kernel.race")} ": "</strong>
                        {text}
                    </p>
                }
            })
        })
    }
}

/// The mask violations the run found, each with its line and lanes (as a sanitizer names them).
#[component]
fn Violations(output: Memo<KernelOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            (!o.violations.is_empty()).then(|| {
                let mut html = format!("<strong>{}</strong><ul>", escape(t!("ui.kernel.mask-violations")));
                for v in &o.violations {
                    html.push_str("<li>");
                    html.push_str(&escape(v));
                    html.push_str("</li>");
                }
                html.push_str("</ul>");
                view! {
                    <div class="race" data-mask-violations=o.violations.len() role="status" inner_html=html></div>
                }
            })
        })
    }
}

/// A warp-level call at this step: the shuffle's moves (source lane → destination lane and
/// the value), the vote's bits, the lanes the mask names that are not active, and the calling
/// lanes left out of their own mask (in red, with the same in words; a move into such a lane is
/// marked `data-offending`). One HTML string, as [`listing_html`].
fn warp_op(op: &warp_model::kernel_lab::exec::WarpOp) -> impl IntoView {
    use std::fmt::Write as _;
    use warp_model::kernel_lab::exec::lane_list;
    let absent = op.named & !op.active;
    let left_out = op.left_out;
    let mut html = String::new();
    if !op.moves.is_empty() {
        let _ = write!(
            html,
            r#"<table class="moves"><caption>{}</caption><thead><tr><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th></tr></thead><tbody>"#,
            escape(&tr!(
                "ui.kernel.op.moves",
                call = &op.call,
                n = op.moves.len()
            )),
            escape(t!("ui.kernel.op.from")),
            escape(t!("ui.kernel.op.to")),
            escape(t!("ui.kernel.op.value"))
        );
        for (from, to, v) in &op.moves {
            let offending = left_out & (1 << to) != 0;
            let _ = write!(
                html,
                r#"<tr data-from="{from}" data-to="{to}"{}><td>{from}</td><td>{to}</td><td>{}</td></tr>"#,
                if offending {
                    r#" data-offending="" class="offending""#
                } else {
                    ""
                },
                escape(v)
            );
        }
        html.push_str("</tbody></table>");
    }
    let mut row = |attr: &str, bits: u32, words: String, cells: &str| {
        let _ = write!(
            html,
            r#"<p class="mask-row{}" {attr}="{bits:08x}"><span class="row-label">{}</span><span class="mask">{}</span></p>"#,
            if attr == "data-ballot" { "" } else { " absent" },
            escape(&words),
            mask_cells(bits, cells)
        );
    };
    if let Some(b) = op.ballot {
        let words = tr!(
            "ui.kernel.op.ballot",
            call = &op.call,
            bits = format!("0x{b:08x}"),
            lanes = lane_list(b)
        );
        row("data-ballot", b, words, "lane live c1");
    }
    if absent != 0 {
        let words = tr!(
            "ui.kernel.op.absent",
            call = &op.call,
            lanes = lane_list(absent)
        );
        row("data-absent", absent, words, "lane absent");
    }
    if left_out != 0 {
        let words = tr!(
            "ui.kernel.op.left-out",
            call = &op.call,
            lanes = lane_list(left_out)
        );
        row("data-left-out", left_out, words, "lane absent");
    }
    view! { <div class="warp-op" data-op=op.call.clone() inner_html=html></div> }
}

/// The event's word, in the page's language.
fn event_word(e: warp_model::kernel_lab::exec::Event) -> &'static str {
    use warp_model::kernel_lab::exec::Event;
    match e {
        Event::Split => t!("ui.kernel.event.split"),
        Event::Merge => t!("ui.kernel.event.merge"),
        Event::Barrier => t!("ui.kernel.event.barrier"),
        Event::End => t!("ui.kernel.event.end"),
    }
}

/// The scheduler of the last run: `stack` or `its` (`stack` before any run).
fn sched_name(output: Memo<KernelOutput>) -> &'static str {
    output.with(|o| {
        o.result.as_ref().map_or("stack", |r| match r.sched {
            warp_model::kernel_lab::exec::Sched::Its => "its",
            warp_model::kernel_lab::exec::Sched::Stack => "stack",
        })
    })
}

/// A lane mask's 32 cells, class `on` for a lane in the mask, each titled with its lane: one
/// HTML string, as [`listing_html`] (a view node per cell cost the kernel page its code).
fn mask_cells(mask: u32, on: &str) -> String {
    use std::fmt::Write as _;
    let mut html = String::with_capacity(LANE_SLOTS * 48);
    for l in 0..LANE_SLOTS {
        let class = if mask & (1 << l) != 0 {
            on
        } else {
            "lane masked"
        };
        let _ = write!(
            html,
            r#"<span class="{class}" title="{}"></span>"#,
            escape(&tr!("ui.kernel.lane", lane = l))
        );
    }
    html
}

/// One traced warp, step by step: which warp and why, the controls, and the step shown.
#[component]
fn StepThrough(output: Memo<KernelOutput>, ran: RwSignal<KernelInput>) -> impl IntoView {
    let step = RwSignal::new(0usize);
    let var = RwSignal::new(String::new());
    let steps = Memo::new(move |_| output.with(|o| o.result.as_ref().map_or(0, |r| r.trace.len())));
    // Every run (a preset, Run, the page load) starts at step 1, even when the new trace has
    // as many steps as the last one.
    Effect::new(move |_| {
        ran.track();
        step.set(0);
    });
    let at_start = move || step.get() == 0;
    let at_end = move || step.get() + 1 >= steps.get();
    // The next split, merge, barrier or the end, from the model (`exec::next_event`).
    let next = move || {
        output.with(|o| {
            o.result
                .as_ref()
                .and_then(|r| warp_model::kernel_lab::exec::next_event(&r.trace, step.get()))
        })
    };
    let event_here = move || {
        output.with(|o| {
            o.result
                .as_ref()
                .and_then(|r| warp_model::kernel_lab::exec::event_at(&r.trace, step.get()))
        })
    };
    let its = move || sched_name(output) == "its";
    // Said when the recording stopped before the warp did.
    let cut = move || {
        output.with(|o| {
            o.result.as_ref().and_then(|r| {
                (r.traced_issued > r.trace.len() as u64).then(|| {
                    view! {
                        <p class="notice" data-trace-cut=r.traced_issued role="status">
                            {tr!("ui.kernel.step.cut", kept = r.trace.len(), total = r.traced_issued, max = warp_model::kernel_lab::exec::MAX_TRACE)}
                        </p>
                    }
                })
            })
        })
    };
    let traced = move || {
        output.with(|o| {
            o.result.as_ref().map(|r| {
                let t = r.traced;
                view! {
                    <p class="traced" data-trace=format!("{},{}", t.block, t.warp) data-trace-why=t.why.name()>
                        {traced_note(&t)}
                    </p>
                }
            })
        })
    };
    let current = move || {
        output.with(|o| {
            o.result
                .as_ref()
                .and_then(|r| r.trace.get(step.get()).cloned())
        })
    };
    view! {
        <figure class="step-through" data-picture="step-through">
            <figcaption>{t!("ui.kernel.step.caption")}</figcaption>
            {traced}
            <p class="anim-controls">
                <button type="button" data-action="step-back" disabled=at_start on:click=move |_| step.update(|s| *s = s.saturating_sub(1))>{t!("ui.kernel.step.back")}</button>
                <button type="button" data-action="step-next" disabled=at_end on:click=move |_| step.update(|s| *s = (*s + 1).min(steps.get_untracked().saturating_sub(1)))>{t!("ui.kernel.step.next")}</button>
                <button type="button" data-action="step-event" disabled=move || next().is_none()
                    on:click={move |_| {
                        if let Some((i, _)) = next() {
                            step.set(i);
                        }
                    }}>
                    {t!("ui.kernel.step.event")}
                </button>
                <span data-step=move || step.get() aria-live="polite">
                    {move || tr!("ui.kernel.step.count", n = (step.get() + 1).min(steps.get()), total = steps.get())}
                </span>
                <span class="step-event" data-event=move || event_here().map(warp_model::kernel_lab::exec::Event::name)>
                    {move || event_here().map(event_word)}
                </span>
            </p>
            {cut}
            {move || current().map(|s| step_detail(&s, ran, var, its))}
        </figure>
    }
}

/// One recorded step of the warp: the listing with its line marked, the active lanes, the
/// other lane groups, the warp-level calls, the stack (or the joins), and a variable per lane.
fn step_detail(
    s: &TraceStep,
    ran: RwSignal<KernelInput>,
    var: RwSignal<String>,
    its: impl Fn() -> bool,
) -> impl IntoView {
    let src = ran.with(|r| r.get(&SRC).to_string());
    let listing = listing_html(&src, s);
    let names: Vec<String> = s.vars.iter().map(|(n, _)| n.clone()).collect();
    let chosen = var.get();
    let shown = s
        .vars
        .iter()
        .find(|(n, _)| *n == chosen)
        .or_else(|| s.vars.last())
        .cloned();
    // One path for both schedulers, the words chosen first (the two copies were 0.4 kB of raw
    // code): with the menu below, this paid for the compile error's quote (`SourceErrorList`).
    let (title, empty, entry) = if its() {
        (
            msg!("ui.kernel.step.joins"),
            msg!("ui.kernel.step.joins-empty"),
            msg!("ui.kernel.step.join-entry"),
        )
    } else {
        (
            msg!("ui.kernel.step.stack"),
            msg!("ui.kernel.step.stack-empty"),
            msg!("ui.kernel.step.stack-entry"),
        )
    };
    // The variables' options as one string, as the listing: a view per option linked a list of
    // views' build and rebuild code (2.9 kB raw) for a menu that is redrawn whole at every step.
    let mut options = String::new();
    for n in &names {
        use std::fmt::Write as _;
        let on = shown.as_ref().is_some_and(|(m, _)| m == n);
        let n = escape(n);
        let on = if on { " selected" } else { "" };
        let _ = write!(options, r#"<option value="{n}"{on}>{n}</option>"#);
    }
    let stack = if s.stack.is_empty() {
        fill(empty, &[])
    } else {
        let entries: Vec<String> = s
            .stack
            .iter()
            .map(|e| {
                let lanes = e.rejoin.count_ones();
                fill(
                    entry,
                    &[("kind", &e.kind), ("line", &e.line), ("lanes", &lanes)],
                )
            })
            .collect();
        entries.join(" → ")
    };
    view! {
        <ol class="listing" inner_html=listing></ol>
        <p class="mask-row" data-mask=format!("{:08x}", s.mask)>
            <span class="row-label">{tr!("ui.kernel.step.mask", line = s.line, active = s.mask.count_ones())}</span>
            <span class="mask" inner_html=mask_cells(s.mask, "lane live c1")></span>
        </p>
        {(!s.groups.is_empty()).then(|| {
            let text = s.groups.iter().map(|(line, own)| tr!("ui.kernel.step.group", line = *line, lanes = warp_model::kernel_lab::exec::lane_list(*own))).collect::<Vec<_>>().join("; ");
            view! { <p class="groups" data-groups=s.groups.len()>{t!("ui.kernel.step.groups")} " " {text}</p> }
        })}
        {s.ops.iter().map(warp_op).collect_view()}
        // Under sched=stack the warp's reconvergence stack; under sched=its this
        // lane group's own points where it waits to merge.
        <div class="stack" data-stack=s.stack.len()>
            <strong>{title.text()} " "</strong>
            {stack}
        </div>
        {(!names.is_empty()).then(|| view! {
            <label>
                {t!("ui.kernel.step.variable")} " "
                <select on:change=move |ev| var.set(event_target_value(&ev)) inner_html=options></select>
            </label>
        })}
        {shown.map(|(name, vals)| {
            let html = lane_values_html(&name, &vals);
            view! { <table class="lane-values" data-var=name inner_html=html></table> }
        })}
    }
}

/// The listing with the step's line marked (`li.here`, `aria-current="step"`) and, under
/// `sched=its`, the lines other lane groups stand at (`li.other[data-group-line]`): one HTML
/// string, as the SM timeline is, since a view node per line cost the kernel page its rendering
/// code (issue 46: this and [`lane_values_html`] paid for the timeline's worked steps).
fn listing_html(src: &str, s: &TraceStep) -> String {
    use std::fmt::Write as _;
    let mut html = String::with_capacity(src.len() + 64 * src.lines().count());
    for (i, text) in src.lines().enumerate() {
        let line = i + 1;
        let here = line == s.line;
        let other = !here && s.groups.iter().any(|(l, _)| *l == line);
        let marks = if here {
            r#" class="here" aria-current="step""#
        } else if other {
            r#" class="other" data-group-line="""#
        } else {
            ""
        };
        let _ = write!(
            html,
            r#"<li{marks} data-line="{line}"><code>{}</code></li>"#,
            escape(text)
        );
    }
    html
}

/// A variable's value in each of the 32 lanes, four rows of eight (`—`: a lane without one),
/// each cell titled with its lane: one HTML string, as [`listing_html`].
fn lane_values_html(name: &str, vals: &[Option<String>]) -> String {
    use std::fmt::Write as _;
    let mut html = format!(
        "<caption>{}</caption><tbody>",
        escape(&tr!("ui.kernel.step.values", name))
    );
    for r in 0..4 {
        html.push_str("<tr>");
        for c in 0..8 {
            let l = r * 8 + c;
            let _ = write!(
                html,
                r#"<td title="{}">{}</td>"#,
                escape(&tr!("ui.kernel.lane", lane = l)),
                escape(vals.get(l).cloned().flatten().as_deref().unwrap_or("—"))
            );
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody>");
    html
}

/// The per-line table's rows: one HTML string, as [`listing_html`] (its view nodes, a
/// dozen kinds of cell, cost the kernel page their rendering code). A cell whose line stalled
/// on the SM carries `data-stalls`; with shared memory, its wavefronts, conflicts and the link
/// to the banks panel (`a[data-link=banks]`).
fn rows_html(
    r: &warp_model::kernel_lab::exec::RunResult,
    src: &str,
    stalls: Option<&warp_model::kernel_lab::timing::SmOutput>,
    shared: bool,
    banks: &[(usize, String)],
) -> String {
    use std::fmt::Write as _;
    let mut html = String::new();
    for (line, st) in &r.lines {
        let code = src.lines().nth(line.saturating_sub(1)).unwrap_or("").trim();
        let _ = write!(
            html,
            r#"<tr data-line="{line}"><th scope="row">{line}</th><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"#,
            escape(code),
            st.issued,
            escape(&st.mean_active_lanes().human()),
            st.divergent,
            st.transactions
        );
        if let Some(sm) = stalls {
            let note = warp_model::kernel_lab::timing::line_note(sm, *line);
            let _ = write!(
                html,
                r#"<td class="stalls"{}>{}</td>"#,
                if note.is_some() {
                    r#" data-stalls="""#
                } else {
                    ""
                },
                escape(note.as_deref().unwrap_or_default())
            );
        }
        if shared {
            let _ = write!(
                html,
                r#"<td data-shared-wavefronts="{0}">{0}</td><td data-bank-conflicts="{1}">{1}</td><td>"#,
                st.shared_wavefronts, st.bank_conflicts
            );
            if let Some((_, q)) = banks.iter().find(|(l, _)| l == line) {
                let _ = write!(
                    html,
                    r#"<a href="{}" data-link="banks" data-line="{line}" aria-label="{}">{}</a>"#,
                    escape(&warp_model::site::href(q)),
                    escape(&tr!("ui.kernel.link.banks.label", line = *line)),
                    escape(t!("ui.kernel.link.banks"))
                );
            }
            html.push_str("</td>");
        }
        html.push_str("</tr>");
    }
    html
}

/// The per-line table; with the SM's stalls per line when `PLAIN` and the run was timed.
fn line_table<const PLAIN: bool>(
    output: Memo<KernelOutput>,
    ran: RwSignal<KernelInput>,
) -> impl IntoView {
    move || {
        output.with(|o| {
            o.result.as_ref().map(|r| {
                let src = ran.with(|x| x.get(&SRC).to_string());
                let shared = !r.shared_lines.is_empty();
                let stalls = if PLAIN { o.sm.as_ref() } else { None };
                let banks = o.links.as_ref().map(|l| l.banks.clone()).unwrap_or_default();
                let rows = rows_html(r, &src, stalls, shared, &banks);
                view! {
                    <table class=if PLAIN { "per-line per-line-flow" } else { "per-line" } data-table="per-line">
                        <caption>{t!("ui.kernel.table.caption")}</caption>
                        <thead>
                            <tr>
                                <th scope="col">{t!("ui.kernel.table.line")}</th>
                                <th scope="col">{t!("ui.kernel.table.code")}</th>
                                <th scope="col">{t!("ui.kernel.table.issued")}</th>
                                <th scope="col">{t!("ui.kernel.table.active")}</th>
                                <th scope="col">{t!("ui.kernel.table.divergent")}</th>
                                <th scope="col">{t!("ui.kernel.table.transactions")}</th>
                                {stalls.is_some().then(|| view! { <th scope="col" class="stalls">{t!("kernel.sm.stalls")}</th> })}
                                {shared.then(|| view! {
                                    <th scope="col">{t!("ui.kernel.table.wavefronts")}</th>
                                    <th scope="col">{t!("ui.kernel.table.conflicts")}</th>
                                    <th scope="col">{t!("ui.kernel.table.banks")}</th>
                                })}
                            </tr>
                        </thead>
                        <tbody inner_html=rows></tbody>
                    </table>
                }
            })
        })
    }
}
