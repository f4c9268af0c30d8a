//! Predict, then reveal: with "Forecast first" on, a panel's figures, picture and worked steps
//! stay hidden until the learner commits a guess for the key figure; then the model says how
//! far off it was. A worked example (`example=`) opens with it on (`forecast=0` opens without);
//! a panel link opens with it off (`forecast=1` turns it on). Switching it writes `forecast=` into
//! the address, so a reload keeps the learner's choice.

use leptos::prelude::*;
use warp_model::figure::Figure;
use warp_model::panel::{Inputs, PanelModel};
use warp_model::quiz::forecast_feedback;
use warp_model::t;

use crate::url;

/// The state of one panel's Forecast: on or off, revealed or pending, and the feedback line.
#[derive(Clone, Copy)]
pub struct Gate {
    on: RwSignal<bool>,
    revealed: RwSignal<bool>,
    guess: RwSignal<String>,
    feedback: RwSignal<String>,
}

impl Gate {
    /// The gate of a panel opened from the current address: on for a worked example unless
    /// `forecast=0`, on for any panel with `forecast=1`. A change of the inputs after a reveal
    /// clears the old feedback, which was about the old inputs.
    pub fn new<P: PanelModel>(from_example: bool, input: RwSignal<Inputs<P>>) -> Gate {
        // Read (and a bad value named) by the model's presentation layer.
        let on = warp_model::page::presentation(&url::read_query())
            .0
            .forecast
            .unwrap_or(from_example);
        let gate = Gate {
            on: RwSignal::new(on),
            revealed: RwSignal::new(false),
            guess: RwSignal::new(String::new()),
            feedback: RwSignal::new(String::new()),
        };
        Effect::new(move |first: Option<()>| {
            input.track();
            if first.is_some() {
                gate.feedback.set(String::new());
            }
        });
        gate
    }

    /// Whether the figures wait for a guess.
    pub fn pending(self) -> bool {
        self.on.get() && !self.revealed.get()
    }

    fn switch(self, on: bool) {
        self.on.set(on);
        self.revealed.set(false);
        self.feedback.set(String::new());
        let mut q = url::read_query();
        q.set("forecast", Some(if on { "1" } else { "0" }));
        url::replace_query(&q);
    }
}

/// The switch, the guess and the feedback. The figures themselves are drawn by the panel's
/// frame, hidden while [`Gate::pending`].
#[component]
pub fn ForecastGate(gate: Gate, #[prop(into)] figures: Signal<Vec<Figure>>) -> impl IntoView {
    let key = Memo::new(move |_| figures.with(|f| f.iter().find(|f| f.key).cloned()));
    let reveal = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if let Some(k) = key.get_untracked() {
            gate.feedback
                .set(forecast_feedback(&gate.guess.get_untracked(), &k));
        }
        gate.revealed.set(true);
    };
    view! {
        <div class="forecast-gate">
            <label class="switch">
                <input
                    type="checkbox"
                    data-action="forecast-first"
                    prop:checked=move || gate.on.get()
                    on:change=move |ev| gate.switch(event_target_checked(&ev))
                />
                " " {t!("ui.forecast.switch")}
            </label>
            <Show when=move || gate.pending()>
                <form class="guess" on:submit=reveal>
                    <label>
                        {move || key.get().map(|k| format!("{} ", warp_model::tr!("ui.forecast.guess", label = k.label)))}
                        <input
                            type="text"
                            name="forecast-guess"
                            autocomplete="off"
                            prop:value=move || gate.guess.get()
                            on:input=move |ev| gate.guess.set(event_target_value(&ev))
                        />
                    </label>
                    " "
                    <button type="submit" data-action="reveal">{t!("ui.forecast.reveal")}</button>
                    <span class="hint">{t!("ui.forecast.hidden")}</span>
                </form>
            </Show>
            <Show when=move || gate.on.get() && !gate.feedback.with(String::is_empty)>
                <p class="forecast-feedback" data-forecast-feedback="" role="status">{move || gate.feedback.get()}</p>
            </Show>
        </div>
    }
}
