//! The kernel lab: write a small CUDA C kernel and watch every warp execute it. A thin view
//! over `warp_model::kernel_lab`: the editor and the launch go in; figures, errors, per-line
//! counts, a step-through of one warp, and links to the other panels come out.

mod challenge;
mod code_editor;
mod gpu_run;
mod results;
mod run;
#[cfg(test)]
mod tests;
mod timeline;

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::kernel_lab::panel::{
    challenge_of, code_key, opening_source, starting_source, KernelInput, KernelModel, CHALLENGE,
    PRESETS, SRC,
};
use warp_model::params::ParamError;
use warp_model::query::Query;
use warp_model::registry::Panel;
use warp_model::t;
use warp_model::tr;

use code_editor::{Editor, KeptCode};
use results::{line_table, links, sched_name, Race, StepThrough, Violations, Watched};
use run::{run_plain, shown_output, Check, CheckStatus, Checking, RunStatus, Runner};

use crate::components::controls::Controls;
use crate::components::embed_button::EmbedButton;
use crate::components::errors::ErrorList;
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
                    {links::<PLAIN>(output, ran, !in_challenge.get_untracked())}
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
    if let Some(s) = &starter {
        // The starter is what a challenge's page opens with: its address leaves it out.
        crate::url::leave_unsaid(SRC.url_key(), s);
    }
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
