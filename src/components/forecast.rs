//! Predict, then reveal: with "Forecast first" on (or `forecast=1` in the URL) a panel's
//! figures stay hidden until the learner commits a guess for the key figure; then the model
//! says how far off it was.

use leptos::prelude::*;
use warp_model::figure::Figure;
use warp_model::quiz::forecast_feedback;
use warp_model::t;

use super::figures::Figures;
use crate::url;

/// The figures row behind a forecast switch.
#[component]
pub fn ForecastFigures(#[prop(into)] figures: Signal<Vec<Figure>>) -> impl IntoView {
    let on = RwSignal::new(url::read_query().get("forecast") == Some("1"));
    let revealed = RwSignal::new(false);
    let guess = RwSignal::new(String::new());
    let key = Memo::new(move |_| figures.with(|f| f.iter().find(|f| f.key).cloned()));
    let feedback = RwSignal::new(String::new());
    let hidden = move || on.get() && !revealed.get();
    view! {
        <div class="forecast-gate">
            <label class="switch">
                <input
                    type="checkbox"
                    data-action="forecast-first"
                    prop:checked=move || on.get()
                    on:change=move |ev| {
                        on.set(event_target_checked(&ev));
                        revealed.set(false);
                        feedback.set(String::new());
                    }
                />
                " " {t!("ui.forecast.switch")}
            </label>
            <Show when=hidden>
                <form class="guess" on:submit=move |ev| {
                    ev.prevent_default();
                    if let Some(k) = key.get_untracked() {
                        feedback.set(forecast_feedback(&guess.get_untracked(), &k));
                    }
                    revealed.set(true);
                }>
                    <label>
                        {move || key.get().map(|k| format!("{} ", warp_model::tr!("ui.forecast.guess", label = k.label)))}
                        <input type="text" name="forecast-guess" autocomplete="off" on:input=move |ev| guess.set(event_target_value(&ev)) />
                    </label>
                    " "
                    <button type="submit" data-action="reveal">{t!("ui.forecast.reveal")}</button>
                </form>
            </Show>
            <Show when=move || revealed.get() && on.get()>
                <p class="forecast-feedback" data-forecast-feedback="" role="status">{move || feedback.get()}</p>
            </Show>
            <div class="gated" hidden=hidden>
                <Figures figures=figures />
            </div>
        </div>
    }
}
