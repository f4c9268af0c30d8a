//! The figures row: each result as `data-metric` / `data-value`, with its unit and definition.
//! Values and their formatting come from the model (`warp_model::figure`).

use leptos::prelude::*;
use warp_model::figure::Figure;

/// A row of named results.
#[component]
pub fn Figures(#[prop(into)] figures: Signal<Vec<Figure>>) -> impl IntoView {
    view! {
        <dl class="figures" aria-live="polite">
            <For
                each=move || figures.get()
                key=|f| (f.metric, f.value.plain())
                children=|f| {
                    view! {
                        <div class="figure" class:key=f.key data-tone=f.tone.name() title=f.help>
                            <dt>{f.label}</dt>
                            <dd data-metric=f.metric data-value=f.value.plain()>
                                <span class="value">{f.value.human()}</span>
                                " "
                                <span class="unit">{f.shown_unit()}</span>
                            </dd>
                            <dd class="help">{breakable(f.help)}</dd>
                        </div>
                    }
                }
            />
        </dl>
    }
}

/// A definition with a place to break after each run of underscores, where a person breaks a
/// profiler counter's name (`l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum`), which
/// otherwise runs out of its card on a phone. Plain text stays one text node.
pub fn breakable(text: &'static str) -> AnyView {
    // `find_str`, not `str::contains`, whose substring searcher links std's slicing panic
    // (issue 46).
    if warp_model::find_str(text, "__").is_none() {
        return text.into_any();
    }
    // Split with `str::get` (after an ASCII underscore: a char boundary): indexing inlined
    // std's slicing panic into the figures row of every panel (issue 46).
    let mut parts = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for i in 0..bytes.len() {
        let ends_run = bytes[i] == b'_' && bytes.get(i + 1) != Some(&b'_');
        if ends_run {
            parts.push(text.get(start..=i).unwrap_or_default());
            start = i + 1;
        }
    }
    parts.push(text.get(start..).unwrap_or_default());
    parts
        .into_iter()
        .map(|p| view! { {p}<wbr/> })
        .collect_view()
        .into_any()
}
