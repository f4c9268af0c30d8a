//! The address bar: read the query once at start, and write it back (replaceState) whenever a
//! control changes, so that the address is always a link to what is on screen. Parsing and
//! writing the query itself is the model's (`warp_model::query`); this module only talks to
//! the browser.

use leptos::prelude::{ArcRwSignal, Track, Update};
use warp_model::query::Query;

thread_local! {
    /// Bumped by every `replace_query`, so that what shows the address (the embed's "Open in
    /// Warp Lab ↗") follows it. Reference-counted, not owned by a component: it lives as long
    /// as the page.
    static WRITES: ArcRwSignal<u64> = ArcRwSignal::new(0);
}

/// The query the address has now, tracked: a view that reads it is redrawn whenever a
/// control writes the address.
#[must_use]
pub fn current_query() -> Query {
    WRITES.with(Track::track);
    read_query()
}

/// The query string the page was loaded with (empty outside a browser window).
#[must_use]
pub fn read_query() -> Query {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    Query::parse(&search)
}

/// Replaces the current history entry's query with `q`, keeping the path and hash.
pub fn replace_query(q: &Query) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let url = format!("{path}{}{hash}", q.to_search());
    if let Ok(history) = window.history() {
        // A failure here (e.g. a sandboxed frame) only means the address bar lags: never fatal.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
    WRITES.with(|w| w.update(|n| *n = n.wrapping_add(1)));
}
