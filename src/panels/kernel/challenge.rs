//! The challenge box: the statement, the hidden tests' launches (Run uses the one chosen),
//! the targets, and after Check the stars, the figures, the first failure, and once solved
//! the reference with why it costs what it costs.

use leptos::prelude::*;
use warp_model::kernel_lab::challenge::stars::{for_target, glyphs};
use warp_model::kernel_lab::panel::{ChallengeOutput, KernelInput, KernelOutput, TEST};
use warp_model::t;
use warp_model::tr;

use crate::components::errors::words_html;
use crate::components::figures::Figures;

/// The box, when the link names a challenge.
#[component]
pub fn ChallengeBox(
    input: RwSignal<KernelInput>,
    ran: RwSignal<KernelInput>,
    output: Memo<KernelOutput>,
    /// The best stars this browser kept for the challenge (0: none).
    best: RwSignal<u8>,
) -> impl IntoView {
    let figures = Signal::derive(move || {
        output.with(|o| {
            o.challenge
                .as_ref()
                .map(|c| c.figures.clone())
                .unwrap_or_default()
        })
    });
    move || {
        output.with(|o| {
            o.challenge.as_ref().map(|c| {
                let launches = launch_choices(c, input, ran);
                let launches_count = c.launches.len();
                let targets = c
                    .targets
                    .iter()
                    .enumerate()
                    .map(|(i, (name, label, total))| {
                        // The reference's number from the start (a built-in's, pinned in the
                        // model): what the learner aims at before a first Check.
                        let aim = total.map(|value| view! {
                            " " <span class="note" data-target-reference=value>{tr!("ui.challenge.target.reference", value, tests = launches_count)}</span>
                        });
                        view! { <li data-target=*name>{glyphs(for_target(i))} " " {*label} {aim}</li> }
                    })
                    .collect_view();
                let test = c.test + 1;
                let report = c.report.as_ref().map(|r| {
                    // The targets' counts are sums over the tests, the lab's own figures one
                    // test's run: said in words at every width (issue 45: on a phone the cards
                    // drop their definitions).
                    let summed = (r.passed_all() && !r.targets.is_empty()).then(|| view! {
                        <p class="note" data-report-sum=r.tests>{tr!("ui.challenge.summed", tests = r.tests, test)}</p>
                    });
                    view! {
                        <div class="challenge-report" data-stars=r.stars role="status">
                            <p class="stars" aria-label=tr!("ui.challenge.stars", stars = r.stars)>{glyphs(r.stars)}</p>
                            {summed}
                            <Figures figures=figures />
                        </div>
                    }
                });
                // A compile failure quotes the source line and its caret as the editor's own
                // error does (one quote that never wraps), so the `^` stays under its character.
                let failure = c.failure.clone().map(|(kind, text)| {
                    view! { <p class="error" data-challenge-failure=kind role="alert" inner_html=words_html(&text)></p> }
                });
                // What to try next, under the failure (issue 66).
                let next = c.next.clone().map(|text| view! { <p class="note" data-challenge-next="">{text}</p> });
                let hints = hint_list(c);
                let solved = reference(c);
                let preset = c.preset.clone().map(|(label, q)| {
                    view! {
                        <p class="note" data-challenge-preset="">
                            {t!("ui.challenge.preset")} " "
                            <a href=warp_model::site::href(&q) data-link="kernel">{label}</a>
                        </p>
                    }
                });
                let custom = (c.name == "custom")
                    .then(|| view! { <p class="note" data-custom-note="">{t!("ui.challenge.custom-note")}</p> });
                view! {
                    <section class="challenge" data-challenge=c.name.clone() aria-labelledby="challenge-title">
                        <h2 id="challenge-title">{c.title.clone()}</h2>
                        {custom}
                        {move || (best.get() > 0).then(|| view! {
                            <p class="best" data-best-stars=best.get()>
                                {tr!("ui.challenge.best", stars = glyphs(best.get()), count = best.get())}
                            </p>
                        })}
                        <p class="task">{c.task.clone()}</p>
                        {preset}
                        <div class="lists">
                            <div>
                                <h3>{t!("ui.challenge.tests")}</h3>
                                <ol class="launches">{launches}</ol>
                                <p class="note">{t!("ui.challenge.tests.note")}</p>
                            </div>
                            <div>
                                <h3>{t!("ui.challenge.targets")}</h3>
                                <ul class="targets">{targets}</ul>
                            </div>
                        </div>
                        {if c.report.is_none() {
                            Some(view! { <p class="note" data-not-checked="">{t!("ui.challenge.not-checked")}</p> })
                        } else {
                            None
                        }}
                        {report}
                        {failure}
                        {next}
                        {hints}
                        {solved}
                    </section>
                }
            })
        })
    }
}

/// Test `k` (from 0) chosen for Run: its radio button, and after a failed check the test that
/// failed (`Check::finish`). One function for both (the check's copy cost the challenge page
/// 0.1 kB gzip inlined).
#[inline(never)]
pub(super) fn choose_test(input: RwSignal<KernelInput>, ran: RwSignal<KernelInput>, k: usize) {
    let n = (k + 1).to_string();
    input.update(|i| i.set_field(TEST.name, n.clone()));
    ran.update(|r| r.set_field(TEST.name, n));
}

/// The hidden tests' launches, in words, each a choice of the test Run uses.
// Out of line, like the two below: inlined into the box's closure, the same code cost the
// kernel page about 200 bytes more gzip (`cargo xtask bytes`; issue 44's split).
#[inline(never)]
fn launch_choices(
    c: &ChallengeOutput,
    input: RwSignal<KernelInput>,
    ran: RwSignal<KernelInput>,
) -> impl IntoView {
    let choose = move |k: usize| choose_test(input, ran, k);
    c
        .launches
        .iter()
        .enumerate()
        .map(|(k, text)| {
            let chosen = k == c.test;
            view! {
                <li>
                    <label>
                        <input type="radio" name="challenge-test" data-test=k + 1 checked=chosen prop:checked=chosen on:change=move |_| choose(k) />
                        " " {tr!("ui.challenge.test", number = k + 1)} ": " {text.clone()}
                    </label>
                </li>
            }
        })
        .collect_view()
}

/// Hints before the answer: per missed target, where its cost is and which panel explains it.
#[inline(never)]
fn hint_list(c: &ChallengeOutput) -> Option<impl IntoView> {
    // Hints before the answer (issue 45): per missed target where its cost is and
    // which panel explains it; the reference at ★★★ only.
    (!c.hints.is_empty()).then(|| {
        let items = c
            .hints
            .iter()
            .map(|h| {
                let open = h.panel.clone().map(|(name, words, q)| {
                    view! {
                        " "
                        <a href=warp_model::site::href(&q) data-link=name>{words}</a>
                    }
                });
                view! { <li data-hint=h.target>{h.text.clone()} {open}</li> }
            })
            .collect_view();
        view! {
            <div class="hints">
                <h3>{t!("ui.challenge.hints")}</h3>
                <ul>{items}</ul>
            </div>
        }
    })
}

/// At ★★★ only: the reference, with why it costs what it costs. Never before, anywhere
/// (issue 64: "Show the reference" pressed twice outside an assignment handed over the kernel
/// that earned ★★★ inside it; issue 43 had closed that inside the step only). Before, the
/// hints give the way.
#[inline(never)]
fn reference(c: &ChallengeOutput) -> Option<impl IntoView> {
    c.solved.clone().filter(|s| s.earned).map(|s| {
        let why = s
            .why
            .iter()
            .map(|(label, text)| view! { <li><strong>{label.clone()} ": "</strong>{text.clone()}</li> })
            .collect_view();
        view! {
            <details class="solved" data-solved="">
                <summary>{t!("ui.challenge.solved")}</summary>
                <ul class="why">{why}</ul>
                <pre class="reference"><code>{s.reference.clone()}</code></pre>
            </details>
        }
    })
}
