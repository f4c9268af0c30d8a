//! The form generated from a panel's declared parameters, written as HTML strings and kept in
//! step with the inputs by one effect.
//!
//! Why not view nodes: the form is on every panel page and the kernel lab, and as tachys views
//! (a control per kind, a `Show` per field, the modes, the fold) it cost each of those pages
//! about 19 kB gzip of rendering code (issue 46, measured on the divergence page). Written here
//! as markup, with the learner's edits read from the events that bubble to the form and the
//! inputs' changes written back to the elements (values, `aria-invalid`, which fields are in
//! use), the page links a few hundred lines of plain code instead. Every text is escaped.
//!
//! What it keeps: a field the learner is typing in is never redrawn (its value is only
//! written when it differs, and an element is only added or removed when its parameter's use
//! changes), so the focus and the caret stay; the markup starts with the values as attributes
//! (`value=`, `selected`, `checked`), as the prerendered page and its loader need; the fields
//! not in use are not in the document.

use leptos::prelude::*;
use warp_model::markup::Html;
use warp_model::panel::{Inputs, PanelModel};
use warp_model::params::{Kind, Param, ParamError};
use wasm_bindgen::JsCast;

/// The form, generated from the panel's declared parameters: each gets the control its kind
/// asks for (see [`field_html`]). A panel with modes gets its mode as a radio group first,
/// and shows only the active mode's parameters. Secondary parameters (declared `.more()`) fold
/// under "More inputs", open when one of them is set or wrong. A field is marked invalid when
/// an error names it (or names its group, e.g. `block` for `block-x`).
#[component]
pub fn Controls<P: PanelModel>(
    input: RwSignal<Inputs<P>>,
    #[prop(into)] errors: Signal<Vec<ParamError>>,
) -> impl IntoView {
    let form = NodeRef::<leptos::html::Form>::new();
    let markup = untrack(|| input.with(|i| errors.with(|es| form_html(i, es))));
    Effect::new(move |_| {
        input.with(|i| {
            errors.with(|es| {
                if let Some(f) = form.get() {
                    sync(&f, i, es);
                }
            });
        });
    });
    // Text is read as it is typed (`input`); a choice and a mode when picked (`change`).
    let on_input = move |ev: leptos::ev::Event| {
        if let Some((el, name)) = control(&ev) {
            if el.tag_name() == "INPUT" && el.get_attribute("type").as_deref() != Some("radio") {
                input.update(|i| i.set_field(&name, event_target_value(&ev)));
            }
        }
    };
    let on_change = move |ev: leptos::ev::Event| {
        if let Some((el, name)) = control(&ev) {
            let value = event_target_value(&ev);
            if el.tag_name() == "SELECT" {
                input.update(|i| i.set_field(&name, value));
            } else if el.get_attribute("type").as_deref() == Some("radio") {
                input.update(|i| i.switch_mode(&value));
            }
        }
    };
    view! {
        <form
            class="controls"
            data-frame="form"
            node_ref=form
            on:submit=|ev| ev.prevent_default()
            on:input=on_input
            on:change=on_change
            inner_html=markup
        ></form>
    }
}

/// The element an event came from and its `name`.
fn control(ev: &leptos::ev::Event) -> Option<(web_sys::Element, String)> {
    let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let name = el.get_attribute("name")?;
    Some((el, name))
}

/// The parameters the form shows, in declared order: the main ones (`more` false) or the
/// folded ones; never the mode parameter (the radio group's).
fn shown<P: PanelModel>(more: bool) -> impl Iterator<Item = &'static Param> {
    let mode = P::MODES.map(|m| m.param.name);
    P::PARAMS
        .iter()
        .filter(move |p| p.in_form && p.more == more && Some(p.name) != mode)
}

/// Whether an error names `p` (or its group: `block` for `block-x`).
fn named(p: &Param, es: &[ParamError]) -> bool {
    es.iter().any(|e| {
        e.param == p.name
            || p.name
                .strip_prefix(e.param.as_str())
                .is_some_and(|rest| rest.starts_with('-'))
    })
}

/// How many folded parameters in use are set, and whether one of them is wrong.
fn folded<P: PanelModel>(i: &Inputs<P>, es: &[ParamError]) -> (usize, bool) {
    let set = shown::<P>(true)
        .filter(|p| i.in_use(p) && p.is_set(i.get(p)))
        .count();
    (set, shown::<P>(true).any(|p| named(p, es)))
}

/// The fold's summary after its title: how many of its inputs are set.
fn set_note(n: usize) -> String {
    match n {
        0 => String::new(),
        n => format!(" · {}", warp_model::tr!("ui.form.more-set", count = n)),
    }
}

/// The whole form's markup, for the inputs and errors it starts with: what the live form starts
/// from and what a page's first frame writes (`crate::frame`).
pub fn form_html<P: PanelModel>(i: &Inputs<P>, es: &[ParamError]) -> String {
    let mut html = Html::new();
    if let Some(modes) = P::MODES {
        if let Kind::Choice(choices) = modes.param.kind {
            let p = modes.param;
            let active = i.active_mode();
            let invalid = es.iter().any(|e| e.param == p.name);
            html.raw(r#"<fieldset class="modes""#)
                .attr("data-modes", p.name);
            invalid_attrs(&mut html, p.name, invalid);
            html.raw("><legend>").text(p.label_text()).raw("</legend>");
            for c in choices {
                html.raw(r#"<label class="mode"><input type="radio""#)
                    .attr("name", p.name)
                    .attr("value", c.value)
                    .raw(if active == Some(c.value) {
                        " checked> "
                    } else {
                        "> "
                    })
                    .text(c.label.text())
                    .raw("</label>");
            }
            html.raw("</fieldset>");
        }
    }
    html.raw(r#"<div class="fields">"#);
    for p in shown::<P>(false).filter(|p| i.in_use(p)) {
        field_html(p, i.get(p), named(p, es), &mut html);
    }
    html.raw("</div>");
    let (set, wrong) = folded(i, es);
    let any = shown::<P>(true).any(|p| i.in_use(p));
    html.raw(r#"<details class="more-inputs""#)
        .raw(if set > 0 || wrong { " open" } else { "" })
        .raw(if any { "" } else { " hidden" })
        .raw(r#"><summary data-action="more-inputs">"#)
        .text(warp_model::t!("ui.form.more"))
        .raw(r#"<span data-more-set="">"#)
        .text(&set_note(set))
        .raw(r#"</span></summary><div class="fields">"#);
    for p in shown::<P>(true).filter(|p| i.in_use(p)) {
        field_html(p, i.get(p), named(p, es), &mut html);
    }
    html.raw("</div></details>");
    html.into_string()
}

/// ` aria-invalid="BOOL"`, and ` aria-describedby="error-NAME"` when the control is invalid
/// (the error's `id`).
fn invalid_attrs(html: &mut Html, name: &str, invalid: bool) {
    if invalid {
        html.raw(r#" aria-invalid="true" aria-describedby="error-"#)
            .text(name)
            .raw(r#"""#);
    } else {
        html.raw(r#" aria-invalid="false""#);
    }
}

/// The value a choice shows for the raw text `raw`: the allowed value it names (any case), or
/// the text itself (trimmed) when it names none; the default when empty.
fn choice_value(p: &Param, choices: &[warp_model::params::Choice], raw: &str) -> (String, bool) {
    let v = raw.trim();
    let v = if v.is_empty() { p.default } else { v };
    match choices.iter().find(|c| c.value.eq_ignore_ascii_case(v)) {
        Some(c) => (c.value.to_string(), true),
        None => (v.to_string(), false),
    }
}

/// One declared parameter as a labelled control: a choice (`select`) for an enumerated value,
/// a text input with `inputmode=numeric` and the range on it (`min`, `max`) for a whole number,
/// a text input for lists and the panels' own syntax. Inputs stay text inputs so that whatever
/// the learner typed is kept and named by the model, never silently dropped by the browser. A
/// choice whose value is not one of the allowed (a hand-edited URL) shows that value as an
/// extra option (`data-unknown`), so it is still on screen beside its error.
pub fn field_html(p: &Param, raw: &str, invalid: bool, html: &mut Html) {
    let name = p.name;
    html.raw(r#"<label class="field""#)
        .attr("data-kind", kind_name(p.kind))
        .attr("data-field", name)
        .raw(r#"><span class="label">"#)
        .text(p.label_text())
        .raw("</span>");
    match p.kind {
        Kind::Choice(choices) => {
            let (value, known) = choice_value(p, choices, raw);
            html.raw("<select").attr("name", name);
            invalid_attrs(html, name, invalid);
            html.raw(">");
            if !known && !raw.trim().is_empty() {
                html.raw("<option")
                    .attr("value", &value)
                    .raw(r#" selected data-unknown="">"#)
                    .text(&value)
                    .raw("</option>");
            }
            for c in choices {
                html.raw("<option")
                    .attr("value", c.value)
                    .raw(if c.value == value { " selected>" } else { ">" })
                    .text(c.label.text())
                    .raw("</option>");
            }
            html.raw("</select>");
        }
        kind => {
            html.raw(r#"<input type="text""#)
                .raw(if matches!(kind, Kind::Whole { .. }) {
                    r#" inputmode="numeric""#
                } else {
                    ""
                })
                .raw(r#" autocomplete="off" spellcheck="false""#)
                .attr("name", name);
            if let Kind::Whole { min, max } = kind {
                html.attr_num("min", min);
                if max != u64::MAX {
                    html.attr_num("max", max);
                }
            }
            html.attr("value", raw);
            invalid_attrs(html, name, invalid);
            html.raw(">");
        }
    }
    html.raw(r#"<span class="hint">"#)
        .text(&p.hint_text())
        .raw("</span></label>");
}

/// The `data-kind` of a field.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Whole { .. } => "whole",
        Kind::Choice(_) => "choice",
        Kind::List { .. } => "list",
        Kind::Text { .. } => "text",
    }
}

/// Brings the form's elements in step with the inputs and errors: which fields are in the
/// document (in declared order; one is added or removed only when its use changes), each
/// control's value (written only where it differs), `aria-invalid` and `aria-describedby`, the
/// active mode's radio, and the fold (shown when it holds a field in use, its count, opened by
/// an error in it).
fn sync<P: PanelModel>(form: &web_sys::HtmlFormElement, i: &Inputs<P>, es: &[ParamError]) {
    let Ok(boxes) = form.query_selector_all(".fields") else {
        return;
    };
    for (more, k) in [(false, 0), (true, 1)] {
        let Some(list) = boxes
            .item(k)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let mut last: Option<web_sys::Element> = None;
        for p in shown::<P>(more) {
            let found = list
                .query_selector(&format!(r#"[data-field="{}"]"#, p.name))
                .ok()
                .flatten();
            let label = match (found, i.in_use(p)) {
                (Some(el), false) => {
                    el.remove();
                    continue;
                }
                (None, false) => continue,
                (Some(el), true) => el,
                (None, true) => {
                    let mut html = Html::new();
                    field_html(p, i.get(p), named(p, es), &mut html);
                    let html = html.into_string();
                    match &last {
                        Some(prev) => {
                            let _ = prev.insert_adjacent_html("afterend", &html);
                        }
                        None => {
                            let _ = list.insert_adjacent_html("afterbegin", &html);
                        }
                    }
                    match last.as_ref().map_or_else(
                        || list.first_element_child(),
                        web_sys::Element::next_element_sibling,
                    ) {
                        Some(el) => el,
                        None => continue,
                    }
                }
            };
            sync_field(&label, p, i.get(p), named(p, es));
            last = Some(label);
        }
    }
    if let Some(modes) = P::MODES {
        let active = i.active_mode();
        let invalid = es.iter().any(|e| e.param == modes.param.name);
        if let Ok(Some(set)) = form.query_selector("fieldset.modes") {
            set_aria(&set, modes.param.name, invalid);
        }
        if let Ok(radios) = form.query_selector_all("fieldset.modes input") {
            for k in 0..radios.length() {
                if let Some(r) = radios
                    .item(k)
                    .and_then(|n| n.dyn_into::<web_sys::HtmlInputElement>().ok())
                {
                    let on = active == Some(r.value().as_str());
                    if r.checked() != on {
                        r.set_checked(on);
                    }
                }
            }
        }
    }
    if let Ok(Some(details)) = form.query_selector("details.more-inputs") {
        let (set, wrong) = folded(i, es);
        let any = shown::<P>(true).any(|p| i.in_use(p));
        // An error in a folded field (a hand-edited link) opens the fold: never a hidden error.
        if wrong {
            let _ = details.set_attribute("open", "");
        }
        let _ = details.toggle_attribute_with_force("hidden", !any);
        if let Ok(Some(note)) = details.query_selector("[data-more-set]") {
            let text = set_note(set);
            if note.text_content().as_deref() != Some(text.as_str()) {
                note.set_text_content(Some(&text));
            }
        }
    }
}

/// One field's control brought in step: its value where it differs (a choice whose value is
/// not among its options, or that no longer needs its extra one, is drawn again), and its
/// invalid mark.
fn sync_field(label: &web_sys::Element, p: &Param, raw: &str, invalid: bool) {
    let Ok(Some(control)) = label.query_selector("input,select") else {
        return;
    };
    // `value` is read and written as the property (both elements have it).
    let el = control.unchecked_ref::<web_sys::HtmlInputElement>();
    let want = match p.kind {
        Kind::Choice(choices) => {
            let (value, known) = choice_value(p, choices, raw);
            let extra = control.query_selector("[data-unknown]").ok().flatten();
            // A known value wants no extra option; an unknown one its own.
            let redraw = if known {
                extra.is_some()
            } else {
                extra.and_then(|o| o.get_attribute("value")) != Some(value.clone())
            };
            if redraw {
                let mut html = Html::new();
                field_html(p, raw, invalid, &mut html);
                label.set_outer_html(html.as_str());
                return;
            }
            value
        }
        _ => raw.to_string(),
    };
    if el.value() != want {
        el.set_value(&want);
    }
    set_aria(&control, p.name, invalid);
}

/// `aria-invalid` and `aria-describedby` (the error's `id`) on a control or the modes' group.
fn set_aria(el: &web_sys::Element, name: &str, invalid: bool) {
    let _ = el.set_attribute("aria-invalid", if invalid { "true" } else { "false" });
    if invalid {
        let _ = el.set_attribute("aria-describedby", &format!("error-{name}"));
    } else {
        let _ = el.remove_attribute("aria-describedby");
    }
}

#[cfg(test)]
mod tests;
