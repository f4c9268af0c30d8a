//! The source editor and the kept code's line: the lines numbered and marked, the keys and the indent buttons (`kernel_lab::editor`).

use crate::components::errors::SourceErrorList;
use leptos::prelude::*;
use warp_model::kernel_lab::editor::{self, Key};
use warp_model::kernel_lab::panel::{KernelInput, KernelOutput, SourceMark, SRC};
use warp_model::markup::Html;
use warp_model::params::ParamError;
use warp_model::t;
use wasm_bindgen::JsCast;

/// The learner's code from last time, kept in this browser, with a way back to the starter.
#[component]
pub(super) fn KeptCode(input: RwSignal<KernelInput>, starter: Option<String>) -> impl IntoView {
    let again = move |_| {
        if let Some(s) = starter.clone() {
            input.update(|i| i.set_field(SRC.name, s));
        }
    };
    view! {
        <p class="note kept-code" data-code-kept="true">
            {t!("ui.kernel.code-kept")} " "
            <button type="button" data-action="starter-again" on:click=again>{t!("ui.kernel.starter-again")}</button>
        </p>
    }
}

/// The source editor: the text, its lines numbered, and the place of the last run's error
/// marked in the editor itself (its line numbered in the gutter and banded, a caret under its
/// column), the error's words right under it. Long lines wrap (a phone shows a whole
/// signature): a copy of the text in invisible letters lies over the textarea, one row per
/// line, so each number and the band sit at their line however many rows it wraps to, and the
/// textarea grows with the copy (no scroll of its own to follow). Tab, Shift+Tab and Enter
/// edit as `kernel_lab::editor` says; Escape then Tab leaves.
#[component]
pub(super) fn Editor(
    input: RwSignal<KernelInput>,
    output: Memo<KernelOutput>,
    errors: Signal<Vec<ParamError>>,
) -> impl IntoView {
    let mark = Memo::new(move |_| output.with(|o| o.mark));
    let described = Memo::new(move |_| {
        errors.with(|es| {
            es.iter()
                .fold(String::new(), |ids, e| ids + "error-" + &e.param + " ")
                + "kernel-keys"
        })
    });
    // Escape, then Tab: the one way out of an editor that keeps Tab (WCAG 2.1.2).
    let mut escaped = false;
    let keys = move |ev: web_sys::KeyboardEvent| {
        let name = ev.key();
        let leave = std::mem::replace(&mut escaped, name == "Escape");
        let key = match (name.as_str(), ev.shift_key()) {
            _ if ev.is_composing() || ev.ctrl_key() || ev.alt_key() || ev.meta_key() => return,
            ("Tab", _) if leave => return,
            ("Tab", false) => Key::Tab,
            ("Tab", true) => Key::ShiftTab,
            ("Enter", false) => Key::Enter,
            ("}", _) => Key::Close,
            _ => return,
        };
        // A `}` the editor leaves alone is typed as the browser types it; Tab never leaves.
        if press(&event_target(&ev), key, input) || key != Key::Close {
            ev.prevent_default();
        }
    };
    // The indent and outdent buttons (shown where there is no Tab key: a phone): the key's
    // edit on the editor's selection, the focus back in it first (the browser's insertText
    // edits the focused field). The editor found by its id, not a NodeRef (0.9 kB of the
    // bundle).
    let button = move |key| {
        move |_| {
            if let Some(a) = document().get_element_by_id("kernel-src") {
                let a: web_sys::HtmlTextAreaElement = a.unchecked_into();
                let _ = a.focus();
                press(&a, key, input);
            }
        }
    };
    let field = view! {
        <textarea
            id="kernel-src"
            name="src"
            spellcheck="false"
            autocomplete="off"
            autocapitalize="off"
            prop:value=move || input.with(|i| i.get(&SRC).to_string())
            on:input=move |ev| input.update(|i| i.set_field(SRC.name, event_target_value(&ev)))
            on:keydown=keys
            aria-invalid=move || mark.get().is_some().to_string()
            aria-describedby=described
        >
            // The source as markup too (the prerendered page's, and the field's
            // default the loader compares what was typed before the app was live).
            {input.with_untracked(|i| i.get(&SRC).to_string())}
        </textarea>
    }
    // Safari's own attribute, which Leptos has no method for.
    .add_any_attr(leptos::tachys::html::attribute::custom::custom_attribute(
        "autocorrect",
        "off",
    ));
    view! {
        <div class="editor">
            <label class="label" for="kernel-src">{t!("ui.kernel.editor")}</label>
            <p class="note keys" id="kernel-keys">{t!("ui.kernel.editor.keys")}</p>
            <p class="presets indent">
                <button type="button" data-action="indent" on:click=button(Key::Indent)>{t!("ui.kernel.indent")}</button>
                <button type="button" data-action="outdent" on:click=button(Key::ShiftTab)>{t!("ui.kernel.outdent")}</button>
            </p>
            <div class="code">
                {field}
                <div class="lines" aria-hidden="true" inner_html=move || input.with(|i| lines(i.get(&SRC), mark.get()))></div>
            </div>
            // No "src:" before the words: the editor above is what they are about.
            <SourceErrorList errors=errors />
        </div>
    }
}

/// Applies `key` to the editor `area` as `kernel_lab::editor` says, through the browser's
/// `insertText` where it can (its undo kept); `false` when the key changes nothing.
fn press(area: &web_sys::HtmlTextAreaElement, key: Key, input: RwSignal<KernelInput>) -> bool {
    let (Ok(Some(start)), Ok(Some(end))) = (area.selection_start(), area.selection_end()) else {
        return false;
    };
    let Some(edit) = editor::press(&area.value(), start, end, key) else {
        return false;
    };
    let _ = area.set_selection_range(edit.from, edit.to);
    // insertText keeps the browser's undo and fires `input`, which the field's own handler
    // takes into the address; where it is refused, the same update by hand. Chrome's
    // insertText grows with the square of the lines it inserts (500 lines held a plain
    // textarea 1 s, issue 65): an edit of many lines (Tab on a large selection) is set by
    // hand, leaving the browser's undo out for that one edit.
    let lines = edit.insert.bytes().filter(|b| *b == b'\n').count();
    let inserted = (lines <= MAX_UNDOABLE_LINES)
        .then(|| area.owner_document())
        .flatten()
        .map(JsCast::unchecked_into::<web_sys::HtmlDocument>)
        .map(|d| d.exec_command_with_show_ui_and_value("insertText", false, &edit.insert));
    if !matches!(inserted, Some(Ok(true))) {
        let _ = area.set_range_text(&edit.insert);
        input.update(|i| i.set_field(SRC.name, area.value()));
    }
    let _ = area.set_selection_range(edit.select.0, edit.select.1);
    true
}

/// The most lines an editor key's edit inserts through the browser's `insertText` (which keeps
/// its undo, at a cost that grows with the square of the lines: 64 lines take a few ms).
const MAX_UNDOABLE_LINES: usize = 64;

/// The editor's rows: each line of `src` (and, when the source has become shorter than the
/// marked line, empty ones down to it), numbered; the marked line banded, with its column's
/// character set apart (a space past the line's end). One shape for every row: the unmarked
/// ones leave the character's span empty.
pub(super) fn lines(src: &str, mark: Option<SourceMark>) -> String {
    let text: Vec<&str> = src.split('\n').collect();
    let count = text.len().max(mark.map_or(0, |m| m.line));
    let mut html = Html::with_capacity(src.len() + 48 * count);
    for n in 1..=count {
        let line = text.get(n - 1).copied().unwrap_or("");
        let mark = mark.filter(|m| m.line == n);
        let col = mark.and_then(|m| m.col);
        let cut = |k: usize| line.char_indices().nth(k).map_or(line.len(), |(i, _)| i);
        let (a, b) = col.map_or((line.len(), line.len()), |c| (cut(c - 1), cut(c)));
        // `str::get`, not slicing: a slice's panic path costs the page its message code.
        let part = |from: usize, to: usize| line.get(from..to).unwrap_or_default();
        html.raw("<div").attr_num("data-n", n as u64);
        if mark.is_some() {
            html.raw(r#" class="src-mark""#)
                .attr_num("data-gutter-mark", n as u64)
                .attr_num("data-mark-line", n as u64);
        }
        if let Some(c) = col {
            html.attr_num("data-mark-col", c as u64);
        }
        html.raw(">").text(part(0, a)).raw("<span");
        if col.is_some() {
            let at = if a == b { " " } else { part(a, b) };
            html.raw(r#" class="mark-caret""#).attr("data-c", at);
        }
        html.raw("></span>").text(part(b, line.len())).raw("</div>");
    }
    html.into_string()
}
