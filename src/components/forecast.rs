//! Predict, then reveal: with "Forecast first" on, a panel's figures, picture and worked steps
//! stay hidden until the learner commits a guess for the key figure; then the model says how
//! far off it was. A worked example (`example=`) opens with it on (`forecast=0` opens without);
//! a panel link opens with it off (`forecast=1` turns it on). Switching it writes `forecast=` into
//! the address, so a reload keeps the learner's choice.
//!
//! The guess field names the figure it takes (`data-forecast-metric`); the model reads and judges
//! the guess ([`judge_forecast`]), and the feedback carries the verdict (`data-guess`: right,
//! close, off). A guess the field cannot read reveals nothing: the feedback says what to write
//! and the focus stays in the field. After a reveal the focus moves to the feedback, and a
//! preset's follow-up question (its second quantity) appears under it.

use leptos::prelude::*;
use warp_model::figure::Figure;
use warp_model::panel::{Inputs, PanelModel};
use warp_model::quiz::{judge_forecast, judge_graded_forecast, Verdict};
use warp_model::t;

use crate::url;

/// The state of one panel's Forecast: on or off, revealed or pending, and the feedback line.
#[derive(Clone, Copy)]
pub struct Gate {
    on: RwSignal<bool>,
    revealed: RwSignal<bool>,
    guess: RwSignal<String>,
    feedback: RwSignal<String>,
    /// The last judgement's verdict (`None`: not read).
    verdict: RwSignal<Option<Verdict>>,
    /// A graded step of an assignment (`graded=`): on, its switch disabled, the inputs locked
    /// until the reveal.
    locked: bool,
    /// The page opened at the state of a prediction step not yet answered in this browser
    /// (issue 64): on, its switch disabled, and no reveal here until the step is answered.
    held: bool,
}

impl Gate {
    /// The gate of a panel opened from the current address: on for a worked example unless
    /// `forecast=0`, on for any panel with `forecast=1`. A change of the inputs after a reveal
    /// clears the old feedback, which was about the old inputs.
    pub fn new<P: PanelModel>(from_example: bool, input: RwSignal<Inputs<P>>) -> Gate {
        // Read (and a bad value named) by the model's presentation layer.
        let look = warp_model::page::presentation(&url::read_query()).0;
        let locked = look.graded.is_step();
        let on = locked || look.forecast.unwrap_or(from_example);
        // A step the assignment has recorded opens revealed with its verdict (`recorded=`,
        // read only in a graded frame): a fresh Forecast there would show the answer for free.
        let recorded = look.recorded;
        let guess = warp_model::page::recorded_guess(&url::read_query());
        // A state an assignment of this browser asks about and has not had answered: held
        // behind the Forecast here (the loader marks it `<html data-held>`, matching the
        // address to `warp_model::assignment::held_key`; never in the step's own frame).
        let held = !locked
            && crate::browser::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
                .is_some_and(|e| e.has_attribute("data-held"));
        let gate = Gate {
            on: RwSignal::new(on),
            revealed: RwSignal::new(recorded.is_some()),
            guess: RwSignal::new(guess.clone().unwrap_or_default()),
            feedback: RwSignal::new(recorded.map_or_else(String::new, |v| match &guess {
                Some(guess) => warp_model::tr!(
                    "ui.forecast.recorded-guess",
                    guess,
                    verdict = verdict_label(v)
                ),
                None => warp_model::tr!("ui.forecast.recorded", verdict = verdict_label(v)),
            })),
            verdict: RwSignal::new(recorded),
            locked,
            held,
        };
        Effect::new(move |first: Option<()>| {
            input.track();
            if first.is_some() {
                gate.feedback.set(String::new());
            }
        });
        gate
    }

    /// Whether the figures wait for a guess: always at a held state (a reveal at another state
    /// reveals nothing of it).
    pub fn pending(self) -> bool {
        self.held || (self.on.get() && !self.revealed.get())
    }

    /// Whether the inputs are locked: a graded step's, until its reveal.
    pub fn inputs_locked(self) -> bool {
        self.locked && self.pending()
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

/// A verdict in words, as the recorded-step line says it.
fn verdict_label(v: Verdict) -> &'static str {
    match v {
        Verdict::Right => t!("ui.forecast.verdict.right"),
        Verdict::Close => t!("ui.forecast.verdict.close"),
        Verdict::Off => t!("ui.forecast.verdict.off"),
    }
}

/// The switch, the guess and the feedback, and after the reveal a preset's follow-up question
/// (`then`: its words and the figure that answers it). The figures themselves are drawn by the
/// panel's frame, hidden while [`Gate::pending`].
#[component]
pub fn ForecastGate(
    gate: Gate,
    #[prop(into)] figures: Signal<Vec<Figure>>,
    then: Option<(&'static str, &'static str)>,
) -> impl IntoView {
    let key = Memo::new(move |_| figures.with(|f| f.iter().find(|f| f.key).cloned()));
    let feedback_ref = NodeRef::<leptos::html::P>::new();
    let guess_ref = NodeRef::<leptos::html::Input>::new();
    let reveal = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        // A held state is answered in its assignment, not here.
        if gate.held {
            gate.verdict.set(None);
            gate.feedback.set(t!("ui.forecast.held").to_string());
            return;
        }
        // In a graded step an empty guess reveals nothing (the model's rule).
        let judge = if gate.locked {
            judge_graded_forecast
        } else {
            judge_forecast
        };
        let judged = key
            .get_untracked()
            .map(|k| judge(&gate.guess.get_untracked(), &k));
        match judged {
            // Not read: nothing revealed, the learner's text kept and the field focused.
            Some(j) if !j.reveal => {
                gate.verdict.set(None);
                gate.feedback.set(j.text);
                if let Some(input) = guess_ref.get_untracked() {
                    let _ = input.focus();
                }
            }
            judged => {
                let verdict = judged.as_ref().and_then(|j| j.verdict);
                gate.verdict.set(verdict);
                // A frame tells its page (an assignment grades the first reveal).
                if let (Some(v), Some(k)) = (verdict, key.get_untracked()) {
                    crate::embed::post_forecast(v.name(), k.metric, &gate.guess.get_untracked());
                }
                gate.feedback
                    .set(judged.map(|j| j.text).unwrap_or_default());
                gate.revealed.set(true);
                // The feedback is drawn on the next turn of the event loop; focus it then, so
                // that Enter in the field lands the reader on the verdict.
                request_animation_frame(move || {
                    if let Some(p) = feedback_ref.get_untracked() {
                        let _ = p.focus();
                    }
                });
            }
        }
    };
    let then_label = move || {
        then.and_then(|(_, metric)| {
            figures.with(|f| f.iter().find(|f| f.metric == metric).map(|f| f.label))
        })
    };
    view! {
        <div class="forecast-gate">
            <label class="switch">
                <input
                    type="checkbox"
                    data-action="forecast-first"
                    disabled=gate.locked || gate.held
                    checked=gate.on.get_untracked() || gate.held
                    prop:checked=move || gate.on.get() || gate.held
                    on:change=move |ev| gate.switch(event_target_checked(&ev))
                />
                " " {t!("ui.forecast.switch")}
            </label>
            {gate.locked.then(|| view! { <p class="graded-note" data-graded-note="">{t!("ui.forecast.graded")}</p> })}
            {gate.held.then(|| view! { <p class="graded-note" data-forecast-held="">{t!("ui.forecast.held")}</p> })}
            <Show when=move || gate.pending()>
                <form class="guess" on:submit=reveal>
                    <label>
                        {move || key.get().map(|k| format!("{} ", warp_model::tr!("ui.forecast.guess", label = k.label)))}
                        <input
                            type="text"
                            name="forecast-guess"
                            // What a record keeps of a guess (issue 65: a longer one was left
                            // out of an assignment's record without a word): the field takes
                            // no more, visibly. As text: a number attribute's code was 0.2 kB.
                            maxlength=warp_model::quiz::GUESS_CHARS_TEXT
                            node_ref=guess_ref
                            data-forecast-metric=move || key.get().map(|k| k.metric)
                            autocomplete="off"
                            aria-invalid=move || (!gate.feedback.with(String::is_empty)).then_some("true")
                            prop:value=move || gate.guess.get()
                            on:input=move |ev| gate.guess.set(event_target_value(&ev))
                        />
                        {move || key.get().map(|k| k.unit).filter(|u| !u.is_empty()).map(|u| view! { <span class="unit">" " {u}</span> })}
                    </label>
                    " "
                    <button type="submit" data-action="reveal">{t!("ui.forecast.reveal")}</button>
                    <span class="hint">{t!("ui.forecast.hidden")}</span>
                    <p class="forecast-unread" data-forecast-unread="" role="alert" hidden=move || gate.feedback.with(String::is_empty)>{move || gate.feedback.get()}</p>
                </form>
            </Show>
            <Show when=move || gate.on.get() && gate.revealed.get() && !gate.feedback.with(String::is_empty)>
                <p
                    class="forecast-feedback"
                    data-forecast-feedback=""
                    data-guess=move || gate.verdict.get().map(Verdict::name)
                    tabindex="-1"
                    role="status"
                    node_ref=feedback_ref
                >
                    {move || gate.feedback.get()}
                </p>
                {then.map(|(question, metric)| view! {
                    <p class="forecast-then" data-forecast-then=metric>
                        <strong>{t!("ui.forecast.then")} " "</strong>
                        {question}
                        {move || then_label().map(|l| format!(" {}", warp_model::tr!("ui.forecast.then-where", label = l)))}
                    </p>
                })}
            </Show>
        </div>
    }
}
