//! Named error messages: one `data-error="<parameter>"` element per problem. Text only: a
//! message may quote the URL, so it is never inserted as HTML.

use leptos::prelude::*;
use warp_model::params::ParamError;

/// The list of problems, announced to screen readers as they appear.
/// `plain`: the words alone, for a form's own field (the author page's "Add a step"), where the
/// parameter's name would read as an internal prefix (issue 45: "step-link: the address…").
#[component]
pub fn ErrorList(
    #[prop(into)] errors: Signal<Vec<ParamError>>,
    #[prop(optional)] plain: bool,
) -> impl IntoView {
    view! {
        <div class="errors" role="alert">
            <For
                each=move || errors.get()
                key=|e| (e.param.clone(), e.message.clone())
                children=move |e| {
                    // A message that opens with its parameter ("pass-score = 150 is out of
                    // range") names it once, not twice.
                    let named = plain || e
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
