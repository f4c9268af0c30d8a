//! What a page can show a moment later: the picture and the worked steps are drawn after the
//! first paint, so that a learner on a slow phone sees the panel's figures as soon as the model
//! has computed them (at 4× CPU slowdown, drawing a 1,024-cell map and a page of `MathML` took a
//! few hundred milliseconds before the first figure; `cargo xtask bench`).

use leptos::prelude::*;

/// Draws `children` once the page has painted what came before them (a frame, then a task).
#[component]
pub fn AfterFirstPaint(children: Children) -> impl IntoView {
    let ready = RwSignal::new(false);
    request_animation_frame(move || {
        set_timeout(move || ready.set(true), std::time::Duration::ZERO);
    });
    let slot = StoredValue::new_local(Some(children));
    move || {
        ready
            .get()
            .then(|| slot.try_update_value(Option::take).flatten().map(|c| c()))
            .flatten()
    }
}
