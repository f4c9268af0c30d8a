//! What every panel shares around its picture: the inputs read from the URL over a preset and
//! written back on every change, the preset card (the seed's question and Forecast), and the
//! form generated from the panel's declared fields.

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::panel::PanelInput;
use warp_model::params::ParamError;
use warp_model::query::Query;

use crate::url;

/// The panel's raw inputs, and whether they still equal the preset's. The address bar follows
/// the inputs: the short `example=` link while they are the preset's, explicit parameters after.
pub fn use_panel_input<I: PanelInput>(
    query: Query,
    example: Option<&'static Example>,
) -> (RwSignal<I>, Memo<bool>) {
    let preset = example
        .filter(|e| e.ready())
        .map(|e| I::from_params(e.params));
    let base = preset.clone().unwrap_or_default();
    let input = RwSignal::new(I::from_query(&query, &base));
    let on_preset = Memo::new(move |_| preset.as_ref().is_some_and(|p| input.with(|i| i == p)));
    Effect::new(move |_| {
        let mut q = query.clone();
        match example.filter(|_| on_preset.get()) {
            Some(e) => {
                q.set("panel", None);
                for p in I::URL_PARAMS {
                    q.set(p, None);
                }
                q.set("example", Some(&e.key()));
            }
            None => {
                q.set("example", None);
                q.set("panel", Some(I::PANEL.name()));
                input.with(|i| i.write_query(&mut q));
            }
        }
        url::replace_query(&q);
    });
    (input, on_preset)
}

/// The seed's question and Forecast for a preset, with its follow-up views.
#[component]
pub fn PresetCard(example: &'static Example, on_preset: Memo<bool>) -> impl IntoView {
    view! {
        <aside class="preset" data-example=example.key() class:changed=move || !on_preset.get()>
            <p class="source">
                <span class="cell-id">{example.cell}</span>
                " " {example.title()} " · " {example.source()}
                {example.written_here_note().map(|n| format!(" {n}"))}
            </p>
            <p class="seed-question">{example.question()}</p>
            <p class="forecast" data-forecast=""><strong>{warp_model::t!("common.forecast")} ": "</strong>{example.forecast()}</p>
            {example.note().map(|n| view! { <p class="note">{n}</p> })}
            <Show when=move || !on_preset.get()>
                <p class="note">
                    {warp_model::t!("ui.preset.changed")} " "
                    <a href=warp_model::i18n::href(&format!("example={}", example.key()))>{warp_model::t!("ui.preset.back")}</a>
                </p>
            </Show>
            {(!example.follow_ups.is_empty())
                .then(|| {
                    view! {
                        <ul class="follow-ups">
                            {example
                                .follow_up_links()
                                .map(|(label, q)| view! { <li><a href=warp_model::i18n::href(q)>{label}</a></li> })
                                .collect_view()}
                        </ul>
                    }
                })}
        </aside>
    }
}

/// The form, generated from the panel's declared fields. A field is marked invalid when an
/// error names it (or names its group, e.g. `block` for `block-x`).
#[component]
pub fn Controls<I: PanelInput>(
    input: RwSignal<I>,
    #[prop(into)] errors: Signal<Vec<ParamError>>,
) -> impl IntoView {
    view! {
        <form class="controls" on:submit=|ev| ev.prevent_default()>
            {I::FIELDS
                .iter()
                .map(|f| {
                    let name = f.name;
                    let invalid = move || {
                        errors.with(|es| es.iter().any(|e| e.param == name || name.starts_with(&format!("{}-", e.param))))
                    };
                    view! {
                        <label class="field">
                            <span class="label">{f.label_text()}</span>
                            <input
                                type="text"
                                autocomplete="off"
                                spellcheck="false"
                                name=name
                                prop:value=move || input.with(|i| i.field(name).to_string())
                                on:input=move |ev| input.update(|i| i.set_field(name, event_target_value(&ev)))
                                aria-invalid=move || invalid().to_string()
                                aria-describedby=move || invalid().then(|| format!("error-{name}"))
                            />
                            <span class="hint">{f.hint_text()}</span>
                        </label>
                    }
                })
                .collect_view()}
        </form>
    }
}

/// The anatomy every model panel shares (design.md): title and question, the preset card,
/// controls, errors and figures beside the picture (the children), worked steps, and the
/// links out.
#[component]
pub fn PanelShell<I: PanelInput>(
    input: RwSignal<I>,
    example: Option<&'static Example>,
    on_preset: Memo<bool>,
    #[prop(into)] errors: Signal<Vec<ParamError>>,
    #[prop(into)] figures: Signal<Vec<warp_model::figure::Figure>>,
    #[prop(into)] worked: Signal<Vec<warp_model::worked::Worked>>,
    children: Children,
) -> impl IntoView {
    let panel = I::PANEL;
    view! {
        <section class=format!("panel {}", panel.name()) data-panel=panel.name()>
            <h1>{panel.title()}</h1>
            <p class="question">{panel.question()}</p>
            {example.map(|e| view! { <PresetCard example=e on_preset=on_preset /> })}
            <div class="layout">
                <div class="side">
                    <Controls input=input errors=errors />
                    <crate::components::errors::ErrorList errors=errors />
                    <crate::components::forecast::ForecastFigures figures=figures />
                </div>
                <div class="picture">{children()}</div>
            </div>
            <crate::components::worked::WorkedList worked=worked />
            <crate::components::embed_button::EmbedButton panel=panel />
        </section>
    }
}
