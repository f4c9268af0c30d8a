//! The challenge box: the statement, the hidden tests' launches (Run uses the one chosen),
//! the targets, and after Check the stars, the figures, the first failure, and once solved
//! the reference with why it costs what it costs.

use leptos::prelude::*;
use warp_model::kernel_lab::challenge::stars::{for_target, glyphs};
use warp_model::kernel_lab::panel::{ChallengeOutput, KernelInput, KernelOutput, TEST};
use warp_model::markup::Html;
use warp_model::t;
use warp_model::tr;

use crate::components::errors::words_html;
use crate::components::figures::figures_html;

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
    let mut h = Html::new();
    h.raw(r#"<h2 id="challenge-title">"#)
        .text(&c.title)
        .raw("</h2>");
    if c.name == "custom" {
        note(&mut h, "data-custom-note", t!("ui.challenge.custom-note"));
    }
    if best > 0 {
        h.raw(r#"<p class="best""#)
            .attr_num("data-best-stars", u64::from(best))
            .raw(">")
            .text(&tr!(
                "ui.challenge.best",
                stars = glyphs(best),
                count = best
            ))
            .raw("</p>");
    }
    h.raw(r#"<p class="task">"#).text(&c.task).raw("</p>");
    if let Some((label, q)) = &c.preset {
        h.raw(r#"<p class="note" data-challenge-preset="">"#)
            .text(t!("ui.challenge.preset"))
            .raw(" <a")
            .attr("href", &warp_model::site::href(q))
            .raw(r#" data-link="kernel">"#)
            .text(label)
            .raw("</a></p>");
    }
    h.raw(r#"<div class="lists"><div><h3>"#)
        .text(t!("ui.challenge.tests"))
        .raw(r#"</h3><ol class="launches">"#);
    for (k, text) in c.launches.iter().enumerate() {
        h.raw(r#"<li><label><input type="radio" name="challenge-test""#)
            .attr_num("data-test", k as u64 + 1)
            .raw(if k == c.test { " checked> " } else { "> " })
            .text(&tr!("ui.challenge.test", number = k + 1))
            .raw(": ")
            .text(text)
            .raw("</label></li>");
    }
    h.raw(r#"</ol><p class="note">"#)
        .text(t!("ui.challenge.tests.note"))
        .raw("</p></div><div><h3>")
        .text(t!("ui.challenge.targets"))
        .raw(r#"</h3><ul class="targets">"#);
    for (i, (name, label, total)) in c.targets.iter().enumerate() {
        // The reference's number from the start (a built-in's, pinned in the model): what the
        // learner aims at before a first Check.
        h.raw("<li")
            .attr("data-target", name)
            .raw(">")
            .text(&glyphs(for_target(i)))
            .raw(" ")
            .text(label);
        if let Some(value) = total {
            h.raw(r#" <span class="note""#)
                .attr_num("data-target-reference", *value)
                .raw(">")
                .text(&tr!(
                    "ui.challenge.target.reference",
                    value = warp_model::figure::Value::Int(*value).human(),
                    tests = c.launches.len()
                ))
                .raw("</span>");
        }
        h.raw("</li>");
    }
    h.raw("</ul></div></div>");
    match &c.report {
        None => note(&mut h, "data-not-checked", t!("ui.challenge.not-checked")),
        Some(r) => {
            h.raw(r#"<div class="challenge-report""#)
                .attr_num("data-stars", u64::from(r.stars))
                .raw(r#" role="status"><p class="stars""#)
                .attr("aria-label", &tr!("ui.challenge.stars", stars = r.stars))
                .raw(">")
                .text(&glyphs(r.stars))
                .raw("</p>");
            // The targets' counts are sums over the tests, the lab's own figures one test's
            // run: said in words at every width (issue 45: on a phone the cards drop their
            // definitions).
            if r.passed_all() && !r.targets.is_empty() {
                h.raw(r#"<p class="note""#)
                    .attr_num("data-report-sum", r.tests as u64)
                    .raw(">")
                    .text(&tr!(
                        "ui.challenge.summed",
                        tests = r.tests,
                        test = c.test + 1
                    ))
                    .raw("</p>");
            }
            h.raw(r#"<dl class="figures">"#)
                .html(&figures_html(&c.figures))
                .raw("</dl></div>");
        }
    }
    // A compile failure quotes the source line and its caret as the editor's own error does
    // (one quote that never wraps), so the `^` stays under its character.
    if let Some((kind, text)) = &c.failure {
        h.raw(r#"<p class="error""#)
            .attr("data-challenge-failure", kind)
            .raw(r#" role="alert">"#);
        words_html(&mut h, text);
        h.raw("</p>");
    }
    // What to try next, under the failure (issue 66).
    if let Some(text) = &c.next {
        note(&mut h, "data-challenge-next", text);
    }
    hints_html(&mut h, c);
    reference_html(&mut h, c);
    h.into_string()
}

/// `<p class="note" ATTR="">TEXT</p>`, the text escaped.
fn note(h: &mut Html, attr: &'static str, text: &str) {
    h.raw(r#"<p class="note""#)
        .attr(attr, "")
        .raw(">")
        .text(text)
        .raw("</p>");
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
fn hints_html(h: &mut Html, c: &ChallengeOutput) {
    if c.hints.is_empty() {
        return;
    }
    h.raw(r#"<div class="hints"><h3>"#)
        .text(t!("ui.challenge.hints"))
        .raw("</h3><ul>");
    for hint in &c.hints {
        h.raw("<li")
            .attr("data-hint", hint.target)
            .raw(">")
            .text(&hint.text);
        if let Some((name, words, q)) = &hint.panel {
            h.raw(" <a")
                .attr("href", &warp_model::site::href(q))
                .attr("data-link", name)
                .raw(">")
                .text(words)
                .raw("</a>");
        }
        h.raw("</li>");
    }
    h.raw("</ul></div>");
}

/// At ★★★ only: the reference, with why it costs what it costs. Never before, anywhere
/// (issue 64: "Show the reference" pressed twice outside an assignment handed over the kernel
/// that earned ★★★ inside it; issue 43 had closed that inside the step only). Before, the
/// hints give the way. A custom challenge's reference comes from its link: escaped.
fn reference_html(h: &mut Html, c: &ChallengeOutput) {
    let Some(s) = c.solved.as_ref().filter(|s| s.earned) else {
        return;
    };
    h.raw(r#"<details class="solved" data-solved=""><summary>"#)
        .text(t!("ui.challenge.solved"))
        .raw(r#"</summary><ul class="why">"#);
    for (label, text) in &s.why {
        h.raw("<li><strong>")
            .text(label)
            .raw(": </strong>")
            .text(text)
            .raw("</li>");
    }
    h.raw(r#"</ul><pre class="reference"><code>"#)
        .text(&s.reference)
        .raw("</code></pre></details>");
}
