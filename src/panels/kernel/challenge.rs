//! The challenge box: the statement, the hidden tests' launches (Run uses the one chosen),
//! the targets, and after Check the stars, the figures, the first failure, and once solved
//! the reference with why it costs what it costs.

use std::fmt::Write as _;

use leptos::prelude::*;
use warp_model::kernel_lab::challenge::stars::{for_target, glyphs};
use warp_model::kernel_lab::panel::{ChallengeOutput, KernelInput, KernelOutput, TEST};
use warp_model::markup::escape;
use warp_model::t;
use warp_model::tr;

use crate::components::errors::words_html;
use crate::components::figures::figure_rows;

/// The box, when the link names a challenge: one HTML string ([`box_html`]), its test choices
/// read by one listener. Written as view nodes, the box cost a challenge's page about 2 kB
/// gzip more (issue 68's round, `cargo xtask bytes`), as the figures row and the per-line
/// table did before it.
#[component]
pub fn ChallengeBox(
    input: RwSignal<KernelInput>,
    ran: RwSignal<KernelInput>,
    output: Memo<KernelOutput>,
    /// The best stars this browser kept for the challenge (0: none).
    best: RwSignal<u8>,
) -> impl IntoView {
    // A test's radio button names its test (`data-test`, from 1).
    let choose = move |ev: leptos::ev::Event| {
        let k = event_target::<web_sys::Element>(&ev)
            .get_attribute("data-test")
            .and_then(|v| v.parse::<usize>().ok());
        if let Some(k) = k.and_then(|k| k.checked_sub(1)) {
            choose_test(input, ran, k);
        }
    };
    move || {
        let best = best.get();
        output.with(|o| {
            o.challenge.as_ref().map(|c| {
                view! {
                    <section class="challenge" data-challenge=c.name.clone() aria-labelledby="challenge-title" on:change=choose inner_html=box_html(c, best)></section>
                }
            })
        })
    }
}

/// The box's markup: the title, the statement, the tests' launches (each a choice of the test
/// Run uses), the targets, and after a Check the stars, the figures, the first failure, what to
/// try next, the hints and, at ★★★, the reference. A custom challenge's title, statement and
/// reference come from its link: every text is escaped.
pub(super) fn box_html(c: &ChallengeOutput, best: u8) -> String {
    let mut h = format!(r#"<h2 id="challenge-title">{}</h2>"#, escape(&c.title));
    if c.name == "custom" {
        note(&mut h, "data-custom-note", t!("ui.challenge.custom-note"));
    }
    if best > 0 {
        let _ = write!(
            h,
            r#"<p class="best" data-best-stars="{best}">{}</p>"#,
            escape(&tr!(
                "ui.challenge.best",
                stars = glyphs(best),
                count = best
            ))
        );
    }
    let _ = write!(h, r#"<p class="task">{}</p>"#, escape(&c.task));
    if let Some((label, q)) = &c.preset {
        let _ = write!(
            h,
            r#"<p class="note" data-challenge-preset="">{} <a href="{}" data-link="kernel">{}</a></p>"#,
            escape(t!("ui.challenge.preset")),
            escape(&warp_model::site::href(q)),
            escape(label)
        );
    }
    let _ = write!(
        h,
        r#"<div class="lists"><div><h3>{}</h3><ol class="launches">"#,
        escape(t!("ui.challenge.tests"))
    );
    for (k, text) in c.launches.iter().enumerate() {
        let _ = write!(
            h,
            r#"<li><label><input type="radio" name="challenge-test" data-test="{}"{}> {}: {}</label></li>"#,
            k + 1,
            if k == c.test { " checked" } else { "" },
            escape(&tr!("ui.challenge.test", number = k + 1)),
            escape(text)
        );
    }
    let _ = write!(
        h,
        r#"</ol><p class="note">{}</p></div><div><h3>{}</h3><ul class="targets">"#,
        escape(t!("ui.challenge.tests.note")),
        escape(t!("ui.challenge.targets"))
    );
    for (i, (name, label, total)) in c.targets.iter().enumerate() {
        // The reference's number from the start (a built-in's, pinned in the model): what the
        // learner aims at before a first Check.
        let _ = write!(
            h,
            r#"<li data-target="{name}">{} {}"#,
            glyphs(for_target(i)),
            escape(label)
        );
        if let Some(value) = total {
            let _ = write!(
                h,
                r#" <span class="note" data-target-reference="{value}">{}</span>"#,
                escape(&tr!(
                    "ui.challenge.target.reference",
                    value,
                    tests = c.launches.len()
                ))
            );
        }
        h.push_str("</li>");
    }
    h.push_str("</ul></div></div>");
    match &c.report {
        None => note(&mut h, "data-not-checked", t!("ui.challenge.not-checked")),
        Some(r) => {
            let _ = write!(
                h,
                r#"<div class="challenge-report" data-stars="{}" role="status"><p class="stars" aria-label="{}">{}</p>"#,
                r.stars,
                escape(&tr!("ui.challenge.stars", stars = r.stars)),
                glyphs(r.stars)
            );
            // The targets' counts are sums over the tests, the lab's own figures one test's
            // run: said in words at every width (issue 45: on a phone the cards drop their
            // definitions).
            if r.passed_all() && !r.targets.is_empty() {
                let _ = write!(
                    h,
                    r#"<p class="note" data-report-sum="{}">{}</p>"#,
                    r.tests,
                    escape(&tr!(
                        "ui.challenge.summed",
                        tests = r.tests,
                        test = c.test + 1
                    ))
                );
            }
            let _ = write!(
                h,
                r#"<dl class="figures">{}</dl></div>"#,
                figure_rows(&c.figures).concat()
            );
        }
    }
    // A compile failure quotes the source line and its caret as the editor's own error does
    // (one quote that never wraps), so the `^` stays under its character.
    if let Some((kind, text)) = &c.failure {
        let _ = write!(
            h,
            r#"<p class="error" data-challenge-failure="{kind}" role="alert">{}</p>"#,
            words_html(text)
        );
    }
    // What to try next, under the failure (issue 66).
    if let Some(text) = &c.next {
        note(&mut h, "data-challenge-next", text);
    }
    hints_html(&mut h, c);
    reference_html(&mut h, c);
    h
}

/// `<p class="note" ATTR="">TEXT</p>`, the text escaped.
fn note(h: &mut String, attr: &str, text: &str) {
    let _ = write!(h, r#"<p class="note" {attr}="">{}</p>"#, escape(text));
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

/// Hints before the answer (issue 45): per missed target, where its cost is and which panel
/// explains it; the reference at ★★★ only.
fn hints_html(h: &mut String, c: &ChallengeOutput) {
    if c.hints.is_empty() {
        return;
    }
    let _ = write!(
        h,
        r#"<div class="hints"><h3>{}</h3><ul>"#,
        escape(t!("ui.challenge.hints"))
    );
    for hint in &c.hints {
        let _ = write!(
            h,
            r#"<li data-hint="{}">{}"#,
            hint.target,
            escape(&hint.text)
        );
        if let Some((name, words, q)) = &hint.panel {
            let _ = write!(
                h,
                r#" <a href="{}" data-link="{name}">{}</a>"#,
                escape(&warp_model::site::href(q)),
                escape(words)
            );
        }
        h.push_str("</li>");
    }
    h.push_str("</ul></div>");
}

/// At ★★★ only: the reference, with why it costs what it costs. Never before, anywhere
/// (issue 64: "Show the reference" pressed twice outside an assignment handed over the kernel
/// that earned ★★★ inside it; issue 43 had closed that inside the step only). Before, the
/// hints give the way. A custom challenge's reference comes from its link: escaped.
fn reference_html(h: &mut String, c: &ChallengeOutput) {
    let Some(s) = c.solved.as_ref().filter(|s| s.earned) else {
        return;
    };
    let _ = write!(
        h,
        r#"<details class="solved" data-solved=""><summary>{}</summary><ul class="why">"#,
        escape(t!("ui.challenge.solved"))
    );
    for (label, text) in &s.why {
        let _ = write!(
            h,
            "<li><strong>{}: </strong>{}</li>",
            escape(label),
            escape(text)
        );
    }
    let _ = write!(
        h,
        r#"</ul><pre class="reference"><code>{}</code></pre></details>"#,
        escape(&s.reference)
    );
}
