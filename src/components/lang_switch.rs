//! The language switch: a link per language to this same page, every parameter kept. Panels
//! rewrite the query as the learner types, so the address is refreshed whenever a link is
//! about to be used; following it reloads the page, which reads everything back from the URL
//! and the learner's stored progress, so nothing is lost.

use leptos::prelude::*;
use warp_model::i18n::{self, Lang};
use wasm_bindgen::JsCast;

use crate::url;

/// Sets `<html lang>` to the current language (`en` or `hi-Latn`).
pub fn apply_lang(lang: Lang) {
    if let Some(root) = crate::browser::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", lang.html_lang());
    }
}

/// English · Hinglish, the current one marked. A group, not a `<nav>`: the site has one
/// navigation (the panels), and embed mode has none (a course page picks `lang=` itself).
#[component]
pub fn LangSwitch() -> impl IntoView {
    let current = i18n::lang();
    let refresh = move |target: Option<web_sys::EventTarget>, to: Lang| {
        if let Some(a) = target.and_then(|t| t.dyn_into::<web_sys::HtmlAnchorElement>().ok()) {
            a.set_href(&warp_model::site::switch_href(&url::read_query(), to));
        }
    };
    view! {
        <div class="lang-switch" role="group" aria-label=warp_model::t!("ui.lang.switch")>
            {Lang::ALL
                .into_iter()
                .map(|l| {
                    view! {
                        <a
                            href=warp_model::site::switch_href(&url::read_query(), l)
                            hreflang=l.html_lang()
                            lang=l.html_lang()
                            data-lang=l.code()
                            aria-current=(l == current).then_some("true")
                            on:click=move |ev| refresh(ev.current_target(), l)
                            on:focus=move |ev| refresh(ev.current_target(), l)
                            on:mouseenter=move |ev| refresh(ev.current_target(), l)
                        >
                            {l.native_name()}
                        </a>
                    }
                })
                .collect_view()}
        </div>
    }
}
