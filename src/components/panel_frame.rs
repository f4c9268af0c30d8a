//! What every panel shares around its picture: the inputs read from the URL over a preset and
//! written back on every change, the preset card (the seed's question and Forecast), and the
//! form generated from the panel's declared fields.

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::panel::{Inputs, PanelModel};
use warp_model::params::{Kind, Param, ParamError};
use warp_model::query::Query;

use crate::url;

/// The panel's raw inputs, and whether they still equal the preset's. The address bar follows
/// the inputs: the short `example=` link while they are the preset's, explicit parameters after.
pub fn use_panel_input<P: PanelModel>(
    query: Query,
    example: Option<&'static Example>,
) -> (RwSignal<Inputs<P>>, Memo<bool>) {
    let preset = example
        .filter(|e| e.ready())
        .map(|e| Inputs::<P>::from_params(e.params));
    let base = preset.clone().unwrap_or_default();
    let input = RwSignal::new(Inputs::<P>::from_query(&query, &base));
    let on_preset = Memo::new(move |_| preset.as_ref().is_some_and(|p| input.with(|i| i == p)));
    Effect::new(move |_| {
        let mut q = query.clone();
        if let Some(e) = example.filter(|_| on_preset.get()) {
            q.set("panel", None);
            for p in Inputs::<P>::url_keys() {
                q.set(p, None);
            }
            q.set("example", Some(&e.key()));
        } else {
            q.set("example", None);
            q.set("panel", Some(P::NAME));
            input.with(|i| i.write_query(&mut q));
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

/// The form, generated from the panel's declared parameters: each gets the control its kind
/// asks for (see [`ParamControl`]). A field is marked invalid when an error names it (or names
/// its group, e.g. `block` for `block-x`).
#[component]
pub fn Controls<P: PanelModel>(
    input: RwSignal<Inputs<P>>,
    #[prop(into)] errors: Signal<Vec<ParamError>>,
) -> impl IntoView {
    view! {
        <form class="controls" on:submit=|ev| ev.prevent_default()>
            {P::PARAMS
                .iter()
                .filter(|p| p.in_form)
                .map(|p| {
                    let name = p.name;
                    view! {
                        <ParamControl
                            param=p
                            value=Signal::derive(move || input.with(|i| i.field(name).to_string()))
                            on_change=move |v| input.update(|i| i.set_field(name, v))
                            errors=errors
                        />
                    }
                })
                .collect_view()}
        </form>
    }
}

/// One declared parameter as a labelled control: a choice (`select`) for an enumerated value,
/// a text input with `inputmode=numeric` and the range on it (`min`, `max`) for a whole number,
/// a text input for lists and the panels' own syntax. Inputs stay text inputs so that whatever
/// the learner typed is kept and named by the model, never silently dropped by the browser. A
/// choice whose value is not one of the allowed (a hand-edited URL) shows that value as an
/// extra option, so it is still on screen beside its error.
#[component]
pub fn ParamControl(
    param: &'static Param,
    #[prop(into)] value: Signal<String>,
    on_change: impl Fn(String) + Copy + Send + Sync + 'static,
    #[prop(into)] errors: Signal<Vec<ParamError>>,
) -> impl IntoView {
    let name = param.name;
    let invalid = move || {
        errors.with(|es| {
            es.iter()
                .any(|e| e.param == name || name.starts_with(&format!("{}-", e.param)))
        })
    };
    let control = match param.kind {
        Kind::Choice(choices) => {
            let unknown = move || {
                let v = value.get();
                let v = v.trim();
                (!v.is_empty() && !choices.iter().any(|c| c.value.eq_ignore_ascii_case(v)))
                    .then(|| v.to_string())
            };
            let selected = move || {
                let v = value.get();
                let v = v.trim();
                let v = if v.is_empty() { param.default } else { v };
                choices
                    .iter()
                    .find(|c| c.value.eq_ignore_ascii_case(v))
                    .map_or_else(|| v.to_string(), |c| c.value.to_string())
            };
            view! {
                <select
                    name=name
                    prop:value=selected
                    on:change=move |ev| on_change(event_target_value(&ev))
                    aria-invalid=move || invalid().to_string()
                    aria-describedby=move || invalid().then(|| format!("error-{name}"))
                >
                    {move || unknown().map(|v| view! { <option value=v.clone()>{v.clone()}</option> })}
                    {choices
                        .iter()
                        .map(|c| view! { <option value=c.value>{c.label.text()}</option> })
                        .collect_view()}
                </select>
            }
            .into_any()
        }
        Kind::Whole { min, max } => view! {
            <input
                type="text"
                inputmode="numeric"
                autocomplete="off"
                spellcheck="false"
                name=name
                min=min.to_string()
                max=(max != u64::MAX).then(|| max.to_string())
                prop:value=move || value.get()
                on:input=move |ev| on_change(event_target_value(&ev))
                aria-invalid=move || invalid().to_string()
                aria-describedby=move || invalid().then(|| format!("error-{name}"))
            />
        }
        .into_any(),
        Kind::List { .. } | Kind::Text { .. } => view! {
            <input
                type="text"
                autocomplete="off"
                spellcheck="false"
                name=name
                prop:value=move || value.get()
                on:input=move |ev| on_change(event_target_value(&ev))
                aria-invalid=move || invalid().to_string()
                aria-describedby=move || invalid().then(|| format!("error-{name}"))
            />
        }
        .into_any(),
    };
    view! {
        <label class="field" data-kind=kind_name(param.kind)>
            <span class="label">{param.label_text()}</span>
            {control}
            <span class="hint">{param.hint_text()}</span>
        </label>
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Whole { .. } => "whole",
        Kind::Choice(_) => "choice",
        Kind::List { .. } => "list",
        Kind::Text { .. } => "text",
    }
}

/// The anatomy every model panel shares (design.md): title and question, the preset card,
/// controls, errors and figures beside the picture (the children), worked steps, and the
/// links out.
#[component]
pub fn PanelShell<P: PanelModel>(
    input: RwSignal<Inputs<P>>,
    example: Option<&'static Example>,
    on_preset: Memo<bool>,
    #[prop(into)] errors: Signal<Vec<ParamError>>,
    #[prop(into)] figures: Signal<Vec<warp_model::figure::Figure>>,
    #[prop(into)] worked: Signal<Vec<warp_model::worked::Worked>>,
    children: Children,
) -> impl IntoView {
    view! {
        <section class=format!("panel {}", P::NAME) data-panel=P::NAME>
            <h1>{P::TITLE.text()}</h1>
            <p class="question">{P::QUESTION.text()}</p>
            {example.map(|e| view! { <PresetCard example=e on_preset=on_preset /> })}
            <div class="layout">
                <div class="side">
                    <Controls input=input errors=errors />
                    <crate::components::errors::ErrorList errors=errors />
                    <crate::components::forecast::ForecastFigures figures=figures />
                </div>
                <div class="picture">
                    <crate::components::later::AfterFirstPaint>{children()}</crate::components::later::AfterFirstPaint>
                </div>
            </div>
            <crate::components::later::AfterFirstPaint>
                <crate::components::worked::WorkedList worked=worked />
            </crate::components::later::AfterFirstPaint>
            {warp_model::registry::Panel::parse(P::NAME)
                .map(|panel| view! { <crate::components::embed_button::EmbedButton panel=panel /> })}
        </section>
    }
}
