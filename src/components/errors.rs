//! Named error messages: one `data-error="<parameter>"` element per problem. A message may quote
//! the URL, so its every word goes in as text (`warp_model::markup::Html`).
//!
//! The list is one HTML string per message, kept by [`patch_rows_effect`] (issue 46): a keyed
//! `For` of views linked tachys's keyed diff into every panel page for this one list; the rows
//! rewritten are only the messages whose text changed, so `role="alert"` announces those alone.

use crate::components::cells::patch_rows_effect;
use leptos::prelude::*;
use warp_model::markup::Html;
use warp_model::params::ParamError;

/// The list's rows for `errors`: what the panel's list starts from and what a page's first frame
/// writes (`crate::frame`).
#[must_use]
pub fn error_rows(errors: &[ParamError]) -> Vec<String> {
    errors.iter().map(|e| error_html(e, false)).collect()
}

/// One message as a row: `<p class="error" data-error=… id="error-…">`, the parameter's name
/// first in bold unless the message already opens with it ("pass-score = 150 is out of range"
/// names it once, not twice) or `plain` asks for the words alone.
fn error_html(e: &ParamError, plain: bool) -> String {
    row_html(e, plain, text)
}

/// The message's words as plain text.
fn text(h: &mut Html, message: &str) {
    h.text(message);
}

/// [`error_html`] with the message's words written by `words` (escaped there).
fn row_html(e: &ParamError, plain: bool, words: fn(&mut Html, &str)) -> String {
    let named = plain
        || e.message
            .strip_prefix(e.param.as_str())
            .is_some_and(|rest| rest.starts_with([' ', '=', ':']));
    let mut h = Html::new();
    h.raw(r#"<p class="error""#)
        .attr("data-error", &e.param)
        .raw(r#" id="error-"#)
        .text(&e.param)
        .raw(r#"">"#);
    if !named {
        h.elem("strong", &e.param).raw(": ");
    }
    words(&mut h, &e.message);
    h.raw("</p>");
    h.into_string()
}

/// The message's words, escaped, for [`SourceErrorList`] and a challenge's failure report. A
/// kernel's compile error ends with the source line it points into and a caret line (`^` under
/// the column): those two go in one `.error-quote`, which never wraps (it scrolls sideways where
/// it is wider than the page), since a wrapped source line leaves the caret under another
/// character (seen on a 390 px phone). The text is the same character for character; only the
/// box differs.
pub(crate) fn words_html(h: &mut Html, message: &str) {
    match quote_at(message).and_then(|at| Some((message.get(..at)?, message.get(at + 1..)?))) {
        Some((words, quote)) => {
            h.text(words)
                .raw("\n<span class=\"error-quote\">")
                .text(quote)
                .raw("</span>");
        }
        None => {
            h.text(message);
        }
    }
}

/// Where the quote starts: the line break before the source line, when the message ends with a
/// caret line (spaces, then one `^`) and has words before the source line. Bytes, not `str`
/// methods: `rsplit_once` and `trim_start` linked a reverse searcher and the Unicode whitespace
/// table (+0.9 kB raw a page), and a `str` sliced by index its panic path (−4 to −5 kB a page,
/// issue 46), which the sizes layer keeps out; `str::get` links neither.
fn quote_at(message: &str) -> Option<usize> {
    let b = message.as_bytes();
    let last = b.iter().rposition(|&c| c == b'\n')?;
    let caret = b.get(last + 1..)?;
    let is_caret = caret.last() == Some(&b'^') && caret.iter().filter(|&&c| c != b' ').count() == 1;
    let at = b.get(..last)?.iter().rposition(|&c| c == b'\n')?;
    (is_caret && at > 0).then_some(at)
}

/// The list of problems, announced to screen readers as they appear.
/// `plain`: the words alone, for a form's own field (the author page's "Add a step"), where the
/// parameter's name would read as an internal prefix (issue 45: "step-link: the address…").
#[component]
pub fn ErrorList(
    #[prop(into)] errors: Signal<Vec<ParamError>>,
    #[prop(optional)] plain: bool,
    /// Its name in a page's first frame (`crate::frame`), for the panel's own list.
    #[prop(optional)]
    frame: &'static str,
) -> impl IntoView {
    list(errors, plain, error_html, frame)
}

/// The kernel editor's list: the words alone (the editor above is what they are about), and a
/// compile error's source line and caret as one quote that never wraps ([`words_html`]). A
/// component of its own so that only the pages with the editor link the quote's code (+0.1 to
/// +0.4 kB gzip a page when every list had it).
#[component]
pub fn SourceErrorList(#[prop(into)] errors: Signal<Vec<ParamError>>) -> impl IntoView {
    list(errors, true, |e, plain| row_html(e, plain, words_html), "")
}

/// One list, whichever rows: a function, not a closure, so a page with both lists (the lab's)
/// links the list once (+2.5 kB raw as two).
fn list(
    errors: Signal<Vec<ParamError>>,
    plain: bool,
    row: fn(&ParamError, bool) -> String,
    frame: &'static str,
) -> impl IntoView {
    let list = NodeRef::<leptos::html::Div>::new();
    let markup = patch_rows_effect(list, move || {
        errors.with(|es| es.iter().map(|e| row(e, plain)).collect())
    });
    view! { <div class="errors" role="alert" data-frame=frame node_ref=list inner_html=markup></div> }
}

#[cfg(test)]
mod tests;
