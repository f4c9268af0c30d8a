//! "Run on my GPU" (issue 69, part 2): the launch of what ran, run again on the learner's GPU
//! in the GPU worker (`src/gpu/lab.rs`, its own bundle, started on the press), and its report:
//! `[data-gpu-run]`, the figures `gpu-elements` and `gpu-equal`, the first elements that
//! differ. The worker writes the report's markup; this page carries only the button, its
//! handler and two lines of words (the run worker's).
//!
//! Written on web-sys rather than as a component with signals and `check_worker::start_with`:
//! the component cost the kernel page 2.3 kB gzip (its view tree, an effect, a second
//! instantiation of the worker plumbing), an element of its own 1.2 kB. The button and the
//! report are the last item of the run's links (`results::links`, one `inner_html`), drawn
//! again with each run's output, so a report never outlives its launch.

use leptos::prelude::*;
use warp_model::kernel_lab::panel::KernelInput;
use warp_model::markup::Html;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::check_worker::{self, check_query, Which};

/// One line of the report the page writes itself: `[data-gpu-run=state]` and its words.
fn line(state: &'static str, text: &str) -> String {
    let mut h = Html::new();
    h.raw("<div class=\"gpu-lab\" role=\"status\" data-gpu-run=\"")
        .raw(state)
        .raw("\"><p>")
        .text(text)
        .raw("</p></div>");
    h.into_string()
}

/// The button and the (empty) report, as the last item of the run's links
/// (`results::links`, which hands its clicks to [`pressed`]).
pub(super) fn markup(h: &mut Html) {
    h.raw("<li><button type=\"button\" data-action=\"run-gpu\">")
        .text(warp_model::t!("ui.lab-gpu.run"))
        .raw("</button><div data-gpu-report=\"\"></div></li>");
}

/// A click in the run's links: on the GPU's button, the launch of `ran` goes to the GPU
/// worker, whose report replaces the waiting line. A press while one runs starts another
/// worker; the first one's report goes to the element it was for, which the second's
/// replaces (each worker ends itself once it has answered).
pub(super) fn pressed(ev: &web_sys::MouseEvent, ran: RwSignal<KernelInput>) {
    // Every target in the links is an element (an item, a link, the button).
    let Some(button) = ev
        .target()
        .map(JsCast::unchecked_into::<web_sys::Element>)
        .filter(|e| e.has_attribute("data-action"))
    else {
        return;
    };
    let Some(out) = button.next_element_sibling() else {
        return;
    };
    let Some(worker) = check_worker::new_worker(Which::Gpu) else {
        out.set_inner_html(&line(
            "unavailable",
            warp_model::t!("ui.kernel.run.no-worker"),
        ));
        return;
    };
    out.set_inner_html(&line("running", warp_model::t!("ui.kernel.running")));
    let message = format!("{}{}", check_worker::GPU, ran.with_untracked(check_query));
    let to = worker.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let text = ev.data().as_string().unwrap_or_default();
            if text == check_worker::READY {
                let _ = to.post_message(&JsValue::from_str(&message));
            } else if let Some(markup) = text.strip_prefix(check_worker::REPORT) {
                out.set_inner_html(markup);
                to.terminate();
            }
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // One handler a press, kept with its worker for the page's life (a few bytes each).
    on_message.forget();
}
