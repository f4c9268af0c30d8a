//! The figures row: each result as `data-metric` / `data-value`, with its unit and definition.
//! Values and their formatting come from the model (`warp_model::figure`).
//!
//! Written as HTML strings, one row per figure, kept by `patch_rows_effect`: a change rewrites
//! only the figures whose text changed, so the row's `aria-live` announces those alone (as the
//! keyed list it replaces did). Issue 46: a keyed list of view nodes cost every page with
//! figures its rendering code. Every text goes in as text (`warp_model::markup::Html`).

use leptos::prelude::*;
use warp_model::figure::Figure;
use warp_model::markup::Html;

use super::cells::patch_rows_effect;

/// A row of named results, named `frame` for a page's first frame (`crate::frame`: the key
/// figures and the others are two rows).
#[component]
pub fn Figures(
    #[prop(into)] figures: Signal<Vec<Figure>>,
    #[prop(optional)] frame: &'static str,
) -> impl IntoView {
    let list = NodeRef::<leptos::html::Dl>::new();
    let markup = patch_rows_effect(list, move || figures.with(|fs| figure_rows(fs)));
    view! { <dl class="figures" aria-live="polite" data-frame=frame node_ref=list inner_html=markup></dl> }
}

/// The row's figures, one card each: what the row starts from and what a first frame writes.
#[must_use]
pub fn figure_rows(figures: &[Figure]) -> Vec<String> {
    figures
        .iter()
        .map(|f| {
            let mut h = Html::new();
            figure_html(&mut h, f);
            h.into_string()
        })
        .collect()
}

/// The figures' cards in one string, for a row drawn whole (a challenge's report).
#[must_use]
pub fn figures_html(figures: &[Figure]) -> Html {
    let mut h = Html::new();
    for f in figures {
        figure_html(&mut h, f);
    }
    h
}

/// One figure's card.
fn figure_html(h: &mut Html, f: &Figure) {
    h.raw(if f.key {
        r#"<div class="figure key""#
    } else {
        r#"<div class="figure""#
    });
    if let Some(tone) = f.tone.name() {
        h.attr("data-tone", tone);
    }
    h.attr("title", f.help)
        .raw("><dt>")
        .text(f.label)
        .raw("</dt><dd")
        .attr("data-metric", f.metric)
        .attr("data-value", &f.value.plain())
        .raw(r#"><span class="value">"#)
        .text(&f.value.human())
        .raw(r#"</span> <span class="unit">"#)
        .text(f.shown_unit())
        .raw(r#"</span></dd><dd class="help">"#);
    breakable(h, f.help);
    h.raw("</dd></div>");
}

/// A definition with a place to break (`<wbr>`) after each run of underscores, where a person
/// breaks a profiler counter's name (`l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum`),
/// which otherwise runs out of its card on a phone. Plain text (no `__`) stays as it is.
/// Escaped.
pub(crate) fn breakable(h: &mut Html, text: &str) {
    let bytes = text.as_bytes();
    let mut start = 0;
    // Split with `str::get` (after an ASCII underscore: a char boundary): indexing would link
    // std's slicing panic into every panel (issue 46). A single `_` is no break (`a_b`).
    if warp_model::find_str(text, "__").is_some() {
        for i in 0..bytes.len() {
            if bytes[i] == b'_' && bytes.get(i + 1) != Some(&b'_') {
                h.text(text.get(start..=i).unwrap_or_default()).raw("<wbr>");
                start = i + 1;
            }
        }
    }
    h.text(text.get(start..).unwrap_or_default());
}

#[cfg(test)]
mod tests;
