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
                        <div class="figure" class:key=f.key title=f.help>
                            <dt>{f.label}</dt>
                            <dd data-metric=f.metric data-value=f.value.plain()>
                                <span class="value">{f.value.human()}</span>
                                " "
                                <span class="unit">{f.unit}</span>
                            </dd>
                            <dd class="help">{f.help}</dd>
                        </div>
                    }
                }
            />
        </dl>
    }
}
