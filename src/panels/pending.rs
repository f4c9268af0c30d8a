//! The note shown for a panel that has not landed yet (and for its seed examples).

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::query::Panel;

/// "Coming with the … panel", with the example it was asked for, if any.
#[component]
pub fn Pending(panel: Panel, example: Option<&'static Example>) -> impl IntoView {
    view! {
        <section class="panel pending" data-panel=panel.name() data-pending=panel.name()>
            <h1>{panel.title()}</h1>
            <p class="question">{panel.question()}</p>
            {example
                .map(|e| {
                    view! {
                        <p class="pending-example">
                            "Example " <code>{e.key()}</code> " (" {e.source} ": " {e.title} ") "
                            "is coming with the " {panel.title().to_lowercase()} " panel."
                        </p>
                    }
                })}
            <p class="note">
                "This panel is coming in a later version of Warp Lab. Meanwhile, the "
                <a href="?panel=warps">"block-to-warp map"</a> " is ready, and the "
                <a href="./">"home page"</a> " lists every worked example."
            </p>
        </section>
    }
}
