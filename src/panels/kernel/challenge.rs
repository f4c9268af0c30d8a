//! The challenge box: the statement, the hidden tests' launches (Run uses the one chosen),
//! the targets, and after Check the stars, the figures, the first failure, and once solved
//! the reference with why it costs what it costs.

use leptos::prelude::*;
use warp_model::kernel_lab::challenge::stars::glyphs;
use warp_model::kernel_lab::panel::{KernelInput, KernelOutput, TEST};
use warp_model::t;
use warp_model::tr;

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
                let choose = move |k: usize| {
                    input.update(|i| i.set_field(TEST.name, (k + 1).to_string()));
                    ran.update(|r| r.set_field(TEST.name, (k + 1).to_string()));
                };
                let launches = c
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
                    .collect_view();
                let targets = c
                    .targets
                    .iter()
                    .enumerate()
                    .map(|(i, (name, label))| {
                        view! { <li data-target=*name>{glyphs(u8::try_from(i + 2).unwrap_or(3))} " " {*label}</li> }
                    })
                    .collect_view();
                let report = c.report.as_ref().map(|r| {
                    view! {
                        <div class="challenge-report" data-stars=r.stars role="status">
                            <p class="stars" aria-label=tr!("ui.challenge.stars", stars = r.stars)>{glyphs(r.stars)}</p>
                            <Figures figures=figures />
                        </div>
                    }
                });
                let failure = c.failure.clone().map(|(kind, text)| {
                    view! { <p class="error" data-challenge-failure=kind role="alert">{text}</p> }
                });
                let solved = c.solved.clone().map(|s| {
                    let why = s
                        .why
                        .into_iter()
                        .map(|(label, text)| view! { <li><strong>{label} ": "</strong>{text}</li> })
                        .collect_view();
                    view! {
                        <details class="solved" data-solved="">
                            <summary>{t!("ui.challenge.solved")}</summary>
                            <ul class="why">{why}</ul>
                            <pre class="reference"><code>{s.reference}</code></pre>
                        </details>
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
                        {solved}
                    </section>
                }
            })
        })
    }
}
