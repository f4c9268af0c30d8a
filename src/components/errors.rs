//! Named error messages: one `data-error="<parameter>"` element per problem. A message may quote
//! the URL, so its every word goes through `warp_model::markup::escape`.
//!
//! The list is one HTML string per message, kept by [`patch_rows_effect`] (issue 46): a keyed
//! `For` of views linked tachys's keyed diff into every panel page for this one list; the rows
//! rewritten are only the messages whose text changed, so `role="alert"` announces those alone.

use crate::components::cells::patch_rows_effect;
use leptos::prelude::*;
use warp_model::markup::escape;
use warp_model::params::ParamError;

/// One message as a row: `<p class="error" data-error=… id="error-…">`, the parameter's name
/// first in bold unless the message already opens with it ("pass-score = 150 is out of range"
/// names it once, not twice) or `plain` asks for the words alone.
fn error_html(e: &ParamError, plain: bool) -> String {
    let named = plain
        || e.message
            .strip_prefix(e.param.as_str())
            .is_some_and(|rest| rest.starts_with([' ', '=', ':']));
    let param = escape(&e.param);
    let name = if named {
        String::new()
    } else {
        format!("<strong>{param}</strong>: ")
    };
    format!(
        r#"<p class="error" data-error="{param}" id="error-{param}">{name}{}</p>"#,
        escape(&e.message)
    )
}

/// The list of problems, announced to screen readers as they appear.
/// `plain`: the words alone, for a form's own field (the author page's "Add a step"), where the
/// parameter's name would read as an internal prefix (issue 45: "step-link: the address…").
#[component]
pub fn ErrorList(
    #[prop(into)] errors: Signal<Vec<ParamError>>,
    #[prop(optional)] plain: bool,
) -> impl IntoView {
    let list = NodeRef::<leptos::html::Div>::new();
    let markup = patch_rows_effect(list, move || {
        errors.with(|es| es.iter().map(|e| error_html(e, plain)).collect())
    });
    view! { <div class="errors" role="alert" node_ref=list inner_html=markup></div> }
}

#[cfg(test)]
mod tests;
