//! What a page can show a moment later: the picture and the worked steps are drawn after the
//! first paint, so that a learner on a slow phone sees the panel's figures as soon as the model
//! has computed them (at 4× CPU slowdown, drawing a 1,024-cell map and a page of `MathML` took a
//! few hundred milliseconds before the first figure; `cargo xtask bench`).
//!
//! Where the page already shows them (a prerendered page, which the live app takes over in one
//! task, and the build's own rendering of it), they are drawn at once: the page they replace
//! has them, and drawing them later would take them out of the page for a frame.

use std::cell::Cell;

use leptos::prelude::*;

thread_local! {
    static AT_ONCE: Cell<bool> = const { Cell::new(false) };
}

/// From now on, draw what [`AfterFirstPaint`] holds at once (a prerendered page's takeover,
/// and the build's rendering of it).
pub fn draw_at_once() {
    AT_ONCE.with(|a| a.set(true));
}

/// Draws `children` once the page has painted what came before them (a frame, then a task), or
/// at once after [`draw_at_once`].
#[component]
pub fn AfterFirstPaint(children: Children) -> impl IntoView {
    if AT_ONCE.with(Cell::get) {
        return children().into_any();
    }
    let ready = RwSignal::new(false);
    request_animation_frame(move || {
        set_timeout(move || ready.set(true), std::time::Duration::ZERO);
    });
    let slot = StoredValue::new_local(Some(children));
    (move || {
        ready
            .get()
            .then(|| slot.try_update_value(Option::take).flatten().map(|c| c()))
            .flatten()
    })
    .into_any()
}
