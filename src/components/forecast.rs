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
//! preset's follow-up question (its second quantity) is asked under it, in the same field:
//! only the key figure is shown then, the rest (the follow-up's figure among them, the picture
//! and the worked steps) once that guess is in too (issue 66: it was answered on the screen
//! that asked it).

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
    /// Why the last guess was not read (what to write), under the field.
    unread: RwSignal<String>,
    /// The last judgement's verdict (`None`: not read).
    verdict: RwSignal<Option<Verdict>>,
    /// A graded step of an assignment (`graded=`): on, its switch disabled, the inputs locked
    /// until the reveal.
    locked: bool,
    /// The page opened at the state of a prediction step not yet answered in this browser
    /// (issue 64): on, its switch disabled, and no reveal here until the step is answered.
    held: bool,
    /// The preset's follow-up question is still to be guessed.
    then: RwSignal<bool>,
    /// The preset asks a follow-up question (never in a graded step, which grades one answer
    /// and then shows its figures).
    asks_then: bool,
}

impl Gate {
    /// The gate of a panel opened from the current address: on for a worked example unless
    /// `forecast=0`, on for any panel with `forecast=1`. A change of the inputs after a reveal
    /// clears the old feedback, which was about the old inputs.
    pub fn new<P: PanelModel>(
        from_example: bool,
        asks_then: bool,
        input: RwSignal<Inputs<P>>,
    ) -> Gate {
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
            then: RwSignal::new(asks_then && !locked && recorded.is_none()),
            asks_then: asks_then && !locked,
            unread: RwSignal::new(String::new()),
            verdict: RwSignal::new(recorded),
            locked,
            held,
        };
        Effect::new(move |first: Option<()>| {
            input.track();
            if first.is_some() {
                gate.feedback.set(String::new());
                gate.unread.set(String::new());
            }
        });
        gate
    }

    /// Whether the figures wait for a guess: always at a held state (a reveal at another state
    /// reveals nothing of it).
    pub fn pending(self) -> bool {
        self.held || (self.on.get() && !self.revealed.get())
    }

    /// Whether the figures but the key one wait for a guess: while the key one does, and
    /// after its reveal while the preset's follow-up question waits for its own.
    pub fn rest_pending(self) -> bool {
        self.pending() || (self.on.get() && self.then.get())
    }

    /// Whether the inputs are locked: a graded step's, until its reveal.
    pub fn inputs_locked(self) -> bool {
        self.locked && self.pending()
    }

    fn switch(self, on: bool) {
        self.on.set(on);
        self.revealed.set(false);
        self.then.set(self.asks_then);
        self.feedback.set(String::new());
        self.unread.set(String::new());
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
    // The figure asked now: the key one, then the follow-up's (`then`) once it is revealed.
    let key = Memo::new(move |_| {
        let then = then.filter(|_| gate.revealed.get() && gate.then.get());
        figures.with(|f| {
            f.iter()
                .find(|f| then.map_or(f.key, |(_, m)| f.metric == m))
                .cloned()
        })
    });

    let feedback_ref = NodeRef::<leptos::html::P>::new();
    let reveal = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        // A held state is answered in its assignment, not here.
        if gate.held {
            gate.unread.set(t!("ui.forecast.held").to_string());
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
                gate.unread.set(j.text);
                // The form is drawn again with its line: the field takes the focus back then.
                request_animation_frame(|| {
                    if let Ok(Some(input)) = document().query_selector("input[name=forecast-guess]")
                    {
                        if let Ok(input) =
                            wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(input)
                        {
                            let _ = input.focus();
                        }
                    }
                });
            }
            // The follow-up's guess: its verdict after the first one's, and the rest shown.
            judged if gate.revealed.get_untracked() => {
                gate.then.set(false);
                gate.unread.set(String::new());
                gate.feedback.update(|f| {
                    if let Some(j) = judged {
                        f.push(' ');
                        f.push_str(&j.text);
                    }
                });
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
                gate.unread.set(String::new());
                gate.revealed.set(true);
                gate.guess.set(String::new());
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
            // Closures, not `Show`: its code cost every panel page (measured).
            {move || (gate.on.get() && gate.revealed.get() && !gate.feedback.with(String::is_empty)).then(|| view! {
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
            })}
            // The guess form as one string (its view nodes cost every panel page): drawn again
            // when the figure asked or the unread line changes, the typed text kept.
            {move || gate.rest_pending().then(|| view! {
                <form
                    class="guess"
                    on:submit=reveal
                    on:input=move |ev| gate.guess.set(event_target_value(&ev))
                    inner_html=move || guess_html(
                        then.filter(|_| gate.revealed.get_untracked()),
                        key.get().as_ref(),
                        &gate.guess.get_untracked(),
                        &gate.unread.get(),
                    )
                ></form>
            })}

        </div>
    }
}

/// The guess form's markup: the follow-up question once the first guess is revealed (`then`:
/// its words and figure), the label naming the figure asked (`key`) with its unit, the field
/// with the learner's text, Reveal, the hint, and why the last guess was not read (`unread`,
/// which marks the field invalid). Every outside text is escaped: the guess and the words.
fn guess_html(
    then: Option<(&'static str, &'static str)>,
    key: Option<&Figure>,
    guess: &str,
    unread: &str,
) -> String {
    use warp_model::markup::Html;
    let mut h = Html::new();
    if let Some((question, metric)) = then {
        h.raw(r#"<p class="forecast-then""#)
            .attr("data-forecast-then", metric)
            .raw("><strong>")
            .text(t!("ui.forecast.then"))
            .raw(" </strong>")
            .text(question)
            .raw("</p>");
    }
    h.raw("<label>")
        .text(
            &key.map(|k| warp_model::tr!("ui.forecast.guess", label = k.label))
                .unwrap_or_default(),
        )
        .raw(r#" <input type="text" name="forecast-guess""#)
        .attr("maxlength", warp_model::quiz::GUESS_CHARS_TEXT)
        .attr("data-forecast-metric", key.map_or("", |k| k.metric))
        .raw(r#" autocomplete="off""#)
        .raw(if unread.is_empty() {
            ""
        } else {
            r#" aria-invalid="true""#
        })
        .attr("value", guess)
        .raw(">");
    if let Some(unit) = key.map(|k| k.unit).filter(|u| !u.is_empty()) {
        h.raw(r#"<span class="unit"> "#).text(unit).raw("</span>");
    }
    h.raw(r#"</label> <button type="submit" data-action="reveal">"#)
        .text(t!("ui.forecast.reveal"))
        .raw(r#"</button><span class="hint">"#)
        .text(t!("ui.forecast.hidden"))
        .raw(r#"</span><p class="forecast-unread" data-forecast-unread="" role="alert""#)
        .raw(if unread.is_empty() { " hidden>" } else { ">" })
        .text(unread)
        .raw("</p>");
    h.into_string()
}

#[cfg(test)]
mod tests;
