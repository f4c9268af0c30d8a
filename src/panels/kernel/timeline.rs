//! `timing=sm` (issue 47): the launch's warps over time on one SM, one row a warp and one
//! column a run of cycles, coloured by the state most of those cycles were in; the legend, and
//! the stated model under it.
//!
//! Written as one HTML string (as the other pictures' cells are, `components/cells.rs`), not as
//! view nodes: up to 16 × 64 cells, and each node type of a view costs the kernel page its own
//! rendering code (the view version was 8.5 kB of raw code more). Every text in it is the
//! catalogue's or a number, escaped.

use leptos::prelude::*;
use warp_model::kernel_lab::panel::KernelOutput;
use warp_model::kernel_lab::timing::{
    axis_ticks, column_note, shares_head, state_label, state_steps, steps::worked_steps, summary,
    SmOutput,
};
use warp_model::latency::sm::State;
use warp_model::markup::Html;
use warp_model::t;
use warp_model::tr;
use warp_model::worked::Inline;

use crate::components::worked::worked_markup;

/// A cell's markup, about (`<span class="sm-issued"></span>`).
const CELL_BYTES: usize = 36;

/// A state's class in the picture (`style/kernel.css`), and for no state (not resident).
fn class_of(s: Option<State>) -> &'static str {
    match s {
        Some(State::Issued) => "sm-issued",
        Some(State::LongScoreboard) => "sm-long",
        Some(State::ShortScoreboard) => "sm-short",
        Some(State::Barrier) => "sm-barrier",
        Some(State::NotSelected) => "sm-ready",
        None => "sm-idle",
    }
}

/// The picture's markup: the rows, the legend, what a column is, and the stated model.
fn timeline_html(sm: &SmOutput) -> String {
    // About 30 bytes a cell, and the legend and the two notes.
    let cells: usize = sm.columns.iter().map(Vec::len).sum();
    let mut html = Html::with_capacity(cells * CELL_BYTES + 2048);
    html.raw("<figcaption>")
        .text(t!("kernel.sm.timeline"))
        .raw(r#"</figcaption><div class="sm-rows">"#);
    for (w, cols) in sm.columns.iter().enumerate() {
        html.raw(r#"<p class="sm-row""#)
            .attr_num("data-warp", w as u64)
            .raw(r#"><span class="row-label">"#)
            .text(&tr!("ui.kernel.sm.warp", w))
            .raw(r#"</span><span class="sm-cells" style="--cols:"#)
            .num(cols.len() as u64)
            .raw(r#"">"#);
        let issued = sm.issued.get(w).copied().unwrap_or(0);
        for (k, s) in cols.iter().enumerate() {
            // A column where the warp issued, though another state had most of its cycles,
            // shows the Issued colour on its top edge (`i`).
            let mark = (issued >> k) & 1 == 1 && *s != Some(State::Issued);
            html.raw(r#"<span class=""#).raw(class_of(*s)).raw(if mark {
                r#" i"></span>"#
            } else {
                r#""></span>"#
            });
        }
        html.raw("</span></p>");
    }
    // The cycle axis under the columns (issue 66): its unit where the warps' names are, in a
    // row laid out as the warps' (`sm-row`, without `data-warp`).
    let [first, mid, end] = axis_ticks(sm);
    html.raw(r#"</div><p class="sm-row" data-sm-axis=""><span class="row-label">"#)
        .text(t!("latency.unit.cycles"))
        .raw(r#"</span><span class="ticks"><span>"#)
        .num(first)
        .raw("</span><span>")
        .num(mid)
        .raw("</span><span>")
        .num(end)
        .raw("</span></span></p>");
    step_html(sm, &mut html);
    html.raw(r#"<ul class="sm-legend">"#);
    for s in State::ALL {
        html.raw("<li")
            .attr("data-state", s.metric())
            .raw(r#"><span class="swatch "#)
            .raw(class_of(Some(s)))
            .raw(r#""></span>"#)
            .text(state_label(s))
            .raw("</li>");
    }
    html.raw(r#"</ul><p class="note">"#)
        .text(&tr!(
            "kernel.sm.timeline.caption",
            shown = sm.columns.len(),
            warps = sm.warps,
            per = sm.per_column
        ))
        .raw(r#"</p><p class="note" data-sm-summary="">"#)
        .text(&summary(sm))
        .raw("</p>");
    // Each state's share worked, one line each (the figures' own order); `data-share`, not the
    // legend's `data-state`, so that a selector for one never finds the other.
    html.raw(r#"<p class="note">"#)
        .text(&shares_head(sm))
        .raw(r#"</p><ul class="sm-shares" data-sm-shares="">"#);
    for (s, text) in state_steps(sm) {
        html.raw("<li")
            .attr("data-share", s.metric())
            .raw(">")
            .text(&text)
            .raw("</li>");
    }
    html.raw("</ul>");
    // The run worked in numbered steps (`[data-sm-worked]`, open), in the panels' markup.
    worked_markup(
        &worked_steps(sm),
        true,
        r#" data-sm-worked="""#,
        words,
        &mut html,
    );
    html.into_string()
}

/// Words only: `worked_steps` writes its arithmetic in words and digits, no formula trees (a
/// tree would need `Math::text` and the formula writer, which the kernel page does not link;
/// the model's test pins the text).
fn words(items: &[Inline], html: &mut Html) {
    for i in items {
        if let Inline::Text(t) = i {
            html.text(t);
        }
    }
}

/// The step control's rule: column `col` (0-based) outlined in every row. No `>` in it: it goes
/// into the `<style>` element as text, and an escaped `&gt;` is not a combinator there (the
/// cells are the only elements inside `.sm-cells`).
fn outline(col: usize) -> String {
    format!(
        ".sm-timeline .sm-cells span:nth-child({}) {{ box-shadow: 0 0 0 2px var(--fg); }}",
        col + 1
    )
}

/// The step control's markup (in the picture's string, as its cells are): a slider over the
/// columns, what the chosen one shows (the model's `column_note`), and its outline rule.
fn step_html(sm: &SmOutput, html: &mut Html) {
    html.raw(r#"<div class="sm-step"><label>"#)
        .text(t!("kernel.sm.step.label"))
        .raw(r#"<input type="range" min="0""#)
        .attr_num("max", sm.width().saturating_sub(1) as u64)
        .raw(r#" value="0" data-sm-step=""></label><output data-sm-at="0">"#)
        .text(&column_note(sm, 0).unwrap_or_default())
        .raw("</output><style>")
        .text(&outline(0))
        .raw("</style></div>");
}

/// The slider moved: say what the chosen column shows and outline it. Written against the
/// picture's own elements rather than a signal and view nodes: the view version cost the
/// kernel page 6.3 kB of raw code (measured, issue 46's budget).
fn step(ev: &web_sys::Event, output: Memo<KernelOutput>) {
    use wasm_bindgen::JsCast;
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let col = input.value().parse().unwrap_or(0);
    let Some(fig) = input.closest("figure").ok().flatten() else {
        return;
    };
    if let Ok(Some(out)) = fig.query_selector("[data-sm-at]") {
        let note = output.with_untracked(|o| o.sm.as_ref().and_then(|sm| column_note(sm, col)));
        out.set_text_content(note.as_deref());
        let _ = out.set_attribute("data-sm-at", &col.to_string());
    }
    if let Ok(Some(style)) = fig.query_selector(".sm-step style") {
        style.set_text_content(Some(&outline(col)));
    }
}

/// The timeline, when the run was timed, with its step control: a slider over the columns
/// (`input[data-sm-step]`), the chosen column outlined, and what it shows in words
/// (`[data-sm-at]`).
#[component]
pub fn SmTimeline(output: Memo<KernelOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            o.sm.as_ref().map(|sm| {
                let html = timeline_html(sm);
                view! {
                    <figure class="sm-timeline" data-picture="sm-timeline" data-sm-cycles=sm.run.cycles inner_html=html
                        on:input=move |ev| step(&ev, output)></figure>
                }
            })
        })
    }
}
