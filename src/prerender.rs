//! The prerendered pages' markup: the app's own views (the same `App`, panels and components the
//! wasm runs) rendered natively at build time by Leptos's server-side rendering
//! (`RenderHtml::to_html` inside an `Owner`), for every state `warp_model::site::pages` names.
//! `cargo xtask dist` builds this with the `ssr` feature and the wasm's own `--cfg` flags (an
//! erased build's markup differs from an unerased one) and writes each page around it.
//!
//! Nothing the browser alone knows is in the markup (see `crate::browser`): natively there is
//! no stored progress, no random seed and no LMS, so the markup is what a new learner's first
//! view is, and the live app adds the rest when it takes over.

use leptos::prelude::*;
use warp_model::page::route;
use warp_model::site::{self, Prerendered};

use crate::{App, Bundle};

/// One page's markup and its title.
pub struct Rendered {
    /// The `<title>`: "Warp Lab" for the home view, "… · Warp Lab" for a panel or an example.
    pub title: String,
    /// What the live app puts into `<body>`, as HTML.
    pub body: String,
}

/// Renders `page` as the live app draws it for a new learner.
#[must_use]
pub fn render(page: &Prerendered) -> Rendered {
    let state = page.state();
    crate::url::set_prerendered(state.clone());
    site::set_paths(true);
    crate::components::later::draw_at_once();
    let body = Owner::new().with(|| view! { <App bundle=Bundle::ALL /> }.to_html());
    let title = warp_model::i18n::with_lang(page.lang, || {
        let r = route(&state);
        let name = r
            .example
            .map(warp_model::examples::Example::title)
            .or_else(|| r.panel.map(warp_model::registry::Panel::title));
        // A challenge's page (`kernel/challenge/add-ten/`) says which challenge before the lab.
        let challenge = state
            .get(warp_model::kernel_lab::panel::CHALLENGE.url_key())
            .map(warp_model::kernel_lab::challenge::builtin::title);
        let name = match (challenge, name) {
            (Some(c), Some(n)) => Some(format!("{c} · {n}")),
            (_, n) => n.map(str::to_string),
        };
        name.map_or_else(|| "Warp Lab".to_string(), |n| format!("{n} · Warp Lab"))
    });
    Rendered { title, body }
}

#[cfg(test)]
mod tests;
