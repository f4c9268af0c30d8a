//! The browser, where there is one. The same views run in two places: in the browser (the live
//! app) and natively at build time, where `cargo xtask dist` renders the prerendered pages with
//! Leptos's server-side rendering. Natively there is no window, no storage and no clock to
//! read, and web-sys's calls panic instead of returning `None`: every view reads the browser
//! through this module, and gets `None` (nothing stored, nothing chosen at random) when it is
//! rendered at build time. What only this browser knows (stored progress, stars, a random
//! seed, an LMS) therefore arrives once the live app has taken over, never in the markup.

/// The page's window: `None` outside a browser (the build's prerendering).
#[must_use]
pub fn window() -> Option<web_sys::Window> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// A JavaScript value as text: a string as it is, a number by the model's one rule (`3`,
/// `0.5`: `figure::rounded`, never `{}`, which would link float formatting into the page), a
/// boolean as `true`/`false`; `None` for anything else. What the model validates of a message
/// from a parent page or an LMS's answer.
#[must_use]
pub fn js_text(v: &wasm_bindgen::JsValue) -> Option<String> {
    if let Some(s) = v.as_string() {
        Some(s)
    } else if let Some(n) = v.as_f64() {
        Some(warp_model::figure::rounded(n, 9))
    } else {
        v.as_bool().map(|b| b.to_string())
    }
}

/// Whether the views run in a browser (the live app), not at build time.
#[must_use]
pub const fn present() -> bool {
    cfg!(target_arch = "wasm32")
}

/// Copies `text` to the clipboard and says so in `status`; where the clipboard is closed (often
/// inside frames) the text in `area` is selected for the learner to copy, and said so. The one
/// copy of every "Copy" button (the embed snippet, the assignment link).
pub fn copy_text(
    text: String,
    area: leptos::prelude::NodeRef<leptos::html::Textarea>,
    status: leptos::prelude::RwSignal<&'static str>,
) {
    use leptos::prelude::{GetUntracked, Set};
    use wasm_bindgen::JsCast;
    let Some(clipboard) = window().map(|w| w.navigator().clipboard()) else {
        status.set(warp_model::t!("ui.embed.select-yourself"));
        return;
    };
    let promise = clipboard.write_text(&text);
    leptos::task::spawn_local(async move {
        if wasm_bindgen_futures::JsFuture::from(promise).await.is_ok() {
            status.set(warp_model::t!("ui.embed.copied"));
        } else {
            if let Some(a) = area.get_untracked() {
                let el: &web_sys::HtmlTextAreaElement = a.unchecked_ref();
                el.select();
            }
            status.set(warp_model::t!("ui.embed.selected"));
        }
    });
}

/// Scrolls the box `selector` names across so that its content from `x` to `x + w` (CSS
/// pixels) is in view, in its middle when it was not, and gives the box the focus when
/// `focus`: the tensor-core picture keeps its chosen cell in view on a phone, and the
/// keyboard's place across a redraw. Nothing where there is no such box (or no browser).
pub fn reveal_across(selector: &str, x: f64, w: f64, focus: bool) {
    use wasm_bindgen::JsCast;
    let Some(el) = window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
    else {
        return;
    };
    let (left, width) = (el.scroll_left(), f64::from(el.client_width()));
    if x < left || x + w > left + width {
        el.set_scroll_left((x + w / 2.0 - width / 2.0).max(0.0) as _);
    }
    if focus {
        if let Ok(h) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = h.focus();
        }
    }
}
