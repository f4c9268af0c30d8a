//! Named error messages: one `data-error="<parameter>"` element per problem. Text only: a
//! message may quote the URL, so it is never inserted as HTML.

use leptos::prelude::*;
use warp_model::params::ParamError;

/// The list of problems, announced to screen readers as they appear.
#[component]
pub fn ErrorList(#[prop(into)] errors: Signal<Vec<ParamError>>) -> impl IntoView {
    view! {
        <div class="errors" role="alert">
            <For
                each=move || errors.get()
                key=|e| (e.param.clone(), e.message.clone())
                children=|e| {
                    // A message that opens with its parameter ("pass-score = 150 is out of
                    // range") names it once, not twice.
                    let named = e
                        .message
                        .strip_prefix(e.param.as_str())
                        .is_some_and(|rest| rest.starts_with([' ', '=', ':']));
                    view! {
                        <p class="error" data-error=e.param.clone() id=format!("error-{}", e.param)>
                            {(!named).then(|| view! { <strong>{e.param.clone()}</strong> ": " })}
                            {e.message.clone()}
                        </p>
                    }
                }
            />
        </div>
    }
}
