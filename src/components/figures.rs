//! The figures row: each result as `data-metric` / `data-value`, with its unit and definition.
//! Values and their formatting come from the model (`warp_model::figure`).
//!
//! Written as HTML strings, one row per figure, kept by `patch_rows_effect`: a change rewrites
//! only the figures whose text changed, so the row's `aria-live` announces those alone (as the
//! keyed list it replaces did). Issue 46: a keyed list of view nodes cost every page with
//! figures its rendering code. Every text is escaped.

use std::fmt::Write as _;

use leptos::prelude::*;
use warp_model::figure::Figure;
use warp_model::markup::escape;

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
    figures.iter().map(figure_html).collect()
}

/// One figure's card.
fn figure_html(f: &Figure) -> String {
    let mut html = format!(r#"<div class="figure{}""#, if f.key { " key" } else { "" });
    if let Some(tone) = f.tone.name() {
        let _ = write!(html, r#" data-tone="{tone}""#);
    }
    let _ = write!(
        html,
        r#" title="{}"><dt>{}</dt><dd data-metric="{}" data-value="{}"><span class="value">{}</span> <span class="unit">{}</span></dd><dd class="help">{}</dd></div>"#,
        escape(f.help),
        escape(f.label),
        f.metric,
        escape(&f.value.plain()),
        escape(&f.value.human()),
        escape(f.shown_unit()),
        breakable_html(f.help)
    );
    html
}

/// A definition with a place to break (`<wbr>`) after each run of underscores, where a person
/// breaks a profiler counter's name (`l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum`),
/// which otherwise runs out of its card on a phone. Plain text (no `__`) stays as it is.
/// Escaped.
pub fn breakable_html(text: &str) -> String {
    // `find_str`, not `str::contains`, whose substring searcher links std's slicing panic
    // (issue 46).
    if warp_model::find_str(text, "__").is_none() {
        return escape(text);
    }
    let mut html = String::with_capacity(text.len() + 64);
    let bytes = text.as_bytes();
    let mut start = 0;
    // Split with `str::get` (after an ASCII underscore: a char boundary): indexing would link
    // std's slicing panic into every panel (issue 46).
    for i in 0..bytes.len() {
        if bytes[i] == b'_' && bytes.get(i + 1) != Some(&b'_') {
            html.push_str(&escape(text.get(start..=i).unwrap_or_default()));
            html.push_str("<wbr>");
            start = i + 1;
        }
    }
    html.push_str(&escape(text.get(start..).unwrap_or_default()));
    html
}

#[cfg(test)]
mod tests;
