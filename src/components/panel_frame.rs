//! What every panel shares around its picture: the inputs read from the URL over a preset and
//! written back on every change, the preset card (the seed's question and Forecast), and the
//! shell that places the form (`controls.rs`) beside the figures and the picture.

use leptos::prelude::*;
use warp_model::examples::{Example, PresetText};
use warp_model::figure::Figure;
use warp_model::markup::Html;
use warp_model::panel::{Inputs, PanelModel};
use warp_model::params::ParamError;
use warp_model::query::Query;

use crate::components::controls::Controls;
use crate::components::figures::Figures;
use crate::components::forecast::{ForecastGate, Gate};
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
    let defaults = Inputs::<P>::default();
    Effect::new(move |_| {
        // The address as it is now (the forecast switch and the embed frame write to it too),
        // with only the panel's own parameters rewritten. A preset's inputs are its short
        // `example=` link, and a panel's own defaults its bare `panel=` link: the states the
        // site prerendered, whose address is then their page's path alone (`url::replace_query`).
        let mut q = url::read_query();
        let at_defaults = example.is_none() && input.with(|i| *i == defaults);
        if let Some(e) = example.filter(|_| on_preset.get()) {
            q.set("panel", None);
            for p in Inputs::<P>::url_keys() {
                q.set(p, None);
            }
            q.set("example", Some(&e.key()));
        } else {
            q.set("example", None);
            q.set("panel", Some(P::NAME));
            if at_defaults {
                for p in Inputs::<P>::url_keys() {
                    q.set(p, None);
                }
            } else {
                input.with(|i| i.write_query(&mut q));
            }
        }
        url::replace_query(&q);
    });
    (input, on_preset)
}

/// The seed's question and Forecast for a preset, with its follow-up links; "changed" and the
/// way back once the inputs leave the preset.
///
/// Written as one HTML string ([`preset_html`], issue 46: every panel page links this, and its
/// view nodes cost each its rendering code), the same string a page's first frame writes
/// (`crate::frame`); only its class follows the inputs (`changed`, which shows the way back:
/// `style/base.css`). Every text is escaped.
#[component]
pub fn PresetCard(
    example: &'static Example,
    text: PresetText,
    on_preset: Memo<bool>,
) -> impl IntoView {
    view! {
        <aside
            class=move || preset_class(on_preset.get())
            data-example=example.key()
            data-frame="preset"
            inner_html=preset_html(example, &text)
        ></aside>
    }
}

/// "To the inputs": the panel's form scrolled to the top of the screen.
fn to_inputs() {
    if let Ok(Some(form)) = document().query_selector(".panel form.controls") {
        form.scroll_into_view();
    }
}

/// The preset card's class: `changed` once the inputs left the preset.
#[must_use]
pub fn preset_class(on_preset: bool) -> &'static str {
    if on_preset {
        "preset"
    } else {
        "preset changed"
    }
}

/// The preset card's markup: its source, question and Forecast, its note, the way back (shown
/// once the inputs left the preset, [`preset_class`]), and its follow-up links. Its words are
/// `text`, read from its panel's table only (`Example::text_in`).
#[must_use]
pub fn preset_html(example: &'static Example, words: &PresetText) -> String {
    let mut h = Html::new();
    h.raw(r#"<div><p class="source"><span class="cell-id">"#)
        .text(example.cell)
        .raw("</span> ")
        .text(words.title)
        .raw(" · ")
        .text(&example.source());
    if let Some(n) = example.written_here_note() {
        h.raw(" ").text(n);
    }
    h.raw(r#"</p><p class="seed-question">"#)
        .text(words.question)
        .raw(r#"</p><p class="forecast" data-forecast=""><strong>"#)
        .text(warp_model::t!("common.forecast"))
        .raw(": </strong>")
        .text(words.forecast)
        .raw("</p>");
    if let Some(n) = words.note {
        h.raw(r#"<p class="note">"#).text(n).raw("</p>");
    }
    h.raw(r#"</div><p class="note back">"#)
        .text(warp_model::t!("ui.preset.changed"))
        .raw(" <a")
        .attr(
            "href",
            &warp_model::site::href(&format!("example={}", example.key())),
        )
        .raw(">")
        .text(warp_model::t!("ui.preset.back"))
        .raw("</a></p>");
    h.into_string()
}

/// A preset's follow-up links ("Try next"), under its figures and worked steps (none when it
/// has none), labelled from its panel's words (`words`: `Example::text_in`). Every text is
/// escaped.
#[must_use]
pub fn follow_ups_html(example: &'static Example, words: &PresetText) -> String {
    if example.follow_ups.is_empty() {
        return String::new();
    }
    let mut h = Html::new();
    h.raw(r#"<p class="label">"#)
        .text(warp_model::t!("ui.preset.follow-ups"))
        .raw(r#"</p><ul class="follow-ups">"#);
    for (q, label) in example.follow_ups.iter().zip(words.follow) {
        h.raw("<li><a")
            .attr("href", &warp_model::site::href(q))
            .raw(">")
            .text(label)
            .raw("</a></li>");
    }
    h.raw("</ul>");
    h.into_string()
}

/// A panel's figures as the shell shows them: the key figure (a preset's Forecast asks about
/// its own one, seed 003 Ex 6: the loop's cycles) and the others, in order. What the shell draws
/// and what a page's first frame writes (`crate::frame`).
#[must_use]
pub fn split_figures(
    mut figures: Vec<Figure>,
    example: Option<&'static Example>,
) -> (Vec<Figure>, Vec<Figure>) {
    if let Some(e) = example {
        e.mark_key(&mut figures);
    }
    figures.into_iter().partition(|f| f.key)
}

/// The anatomy every model panel shares (design.md): title and question, the preset card,
/// controls, errors, the Forecast gate and the key figure, the picture (the children), the
/// other figures, worked steps, and the links out.
///
/// While a forecast is pending, the figures, the picture and the worked steps are hidden (they
/// stay in the document, `data-metric` and `data-value` included, under `hidden`), so the key
/// figure's value is nowhere on screen until the learner has guessed.
///
/// The parts are in the document in the order a phone shows them (and tabs through them):
/// Forecast, errors, key figure, picture, inputs, other figures; a wide screen places the
/// picture in a second column beside the others by grid placement, never by reordering.
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
    // The preset's Forecast asks about its own figure (seed 003 Ex 6: the loop's cycles).
    // Split where it is read (a figure row is a few cards): a memo of the pair cost every panel
    // page its own memo code (divergence +1.4 kB gzip, measured against this).
    let key = Signal::derive(move || split_figures(figures.get(), example).0);
    let rest = Signal::derive(move || split_figures(figures.get(), example).1);
    let figures = Signal::derive(move || {
        let (mut key, rest) = split_figures(figures.get(), example);
        key.extend(rest);
        key
    });
    // The preset's words, from this panel's presets only (`Example::text_in`).
    let text = example.and_then(Example::text_in::<P>);
    let then = text.and_then(|t| t.then);
    let gate = Gate::new(example.is_some(), then.is_some(), input);
    let hidden = move || gate.pending();
    // The rest waits for the follow-up question's guess too (the key figure does not).
    let later = move || gate.rest_pending();
    view! {
        <section class=format!("panel {}", P::NAME) data-panel=P::NAME>
            <h1>{P::TITLE.text()}</h1>
            <p class="question">{P::QUESTION.text()}</p>
            {example.zip(text).map(|(e, text)| view! { <PresetCard example=e text=text on_preset=on_preset /> })}
            // One order for every width: Forecast, errors, the key figure, the picture, the
            // inputs, the other figures. A phone reads and tabs in this order (the picture on
            // the first screen, the inputs right under it; a picture taller than a screen
            // scrolls in its own box there, so they stay within a screen of its top); a wide
            // screen puts the picture in a second column by grid placement, never by
            // reordering (style/base.css, `.layout.shell`).
            <div class="layout shell">
                <ForecastGate gate=gate figures=figures then=then />
                // The address's notices ride with the errors (`Inputs::notes`: a key given
                // twice, a key of another mode), each until its key changes.
                <crate::components::errors::ErrorList frame="errors" errors=Signal::derive(move || {
                    let mut all = errors.get();
                    input.with(|i| all.extend_from_slice(i.notes()));
                    all
                }) />
                <div class="key-figures gated" hidden=hidden>
                    <Figures figures=key frame="key-figures" />
                </div>
                <div class="picture gated" hidden=later>
                    <crate::components::later::AfterFirstPaint>{children()}</crate::components::later::AfterFirstPaint>
                </div>
                // On a phone the picture is the page's own length (issue 66: a box of its own
                // held a 2,698 px picture in 633 px), and this button, stuck to the screen's
                // foot while the picture passes, takes the learner to the inputs under it.
                <p class="presets to-inputs">
                    <button type="button" data-action="to-inputs" on:click=|_| to_inputs()>
                        {warp_model::t!("ui.picture.to-inputs")}
                    </button>
                </p>
                // A graded step's inputs wait for its reveal: the guess is about the state the
                // step opened (`display: contents`, so the grid places the controls as before).
                <div class="inputs-lock" inert=move || gate.inputs_locked().then_some("")>
                    <Controls input=input errors=errors />
                </div>
                <div class="other-figures gated" hidden=later>
                    <Figures figures=rest frame="figures" />
                </div>
            </div>
            <div class="worked-wrap gated" hidden=later>
                <crate::components::later::AfterFirstPaint>
                    <crate::components::worked::WorkedList worked=worked />
                </crate::components::later::AfterFirstPaint>
                // The preset's next cases, once its questions are answered: a link in the card
                // sat inside the question (issue 66).
                <div class="follow-ups-wrap" inner_html=example.zip(text).map(|(e, t)| follow_ups_html(e, &t))></div>
            </div>
            {example
                .and_then(|e| warp_model::lessons::next_after(&e.key()))
                .map(|(n, next)| view! {
                    <p class="next-lesson">
                        <span>{warp_model::tr!("ui.lesson.of", n = n, total = warp_model::lessons::START_HERE.len())} " · "</span>
                        <a href=warp_model::site::href(next.opens) data-next-lesson=next.id>
                            {warp_model::tr!("ui.lesson.next", name = next.name())}
                        </a>
                    </p>
                })}
            {warp_model::registry::Panel::parse(P::NAME)
                .map(|panel| view! { <crate::components::embed_button::EmbedButton panel=panel /> })}
        </section>
    }
}
