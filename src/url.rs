//! The address bar: read the query once at start, and write it back (replaceState) whenever a
//! control changes, so that the address is always a link to what is on screen. Parsing and
//! writing the query itself is the model's (`warp_model::query`, `warp_model::site`); this
//! module only talks to the browser.
//!
//! A prerendered page (`warps/`, `hinglish/example/divergence/C1/`) carries its state in
//! `<html data-query>`: the query a page reads is that state with the address's own query read
//! over it (`site::page_query`). At build time, natively, it is the state being rendered.

use std::cell::RefCell;

use leptos::prelude::{ArcRwSignal, Track, Update};
use warp_model::query::Query;

thread_local! {
    /// Bumped by every `replace_query`, so that what shows the address (the embed's "Open in
    /// Warp Lab ↗") follows it. Reference-counted, not owned by a component: it lives as long
    /// as the page.
    static WRITES: ArcRwSignal<u64> = ArcRwSignal::new(0);
    /// The state a page is rendered for at build time (`crate::prerender`).
    static PRERENDERED: RefCell<Query> = RefCell::new(Query::default());
}

/// The query the address has now, tracked: a view that reads it is redrawn whenever a
/// control writes the address.
#[must_use]
pub fn current_query() -> Query {
    WRITES.with(Track::track);
    read_query()
}

/// Sets the state the views read while the build renders a page natively.
pub fn set_prerendered(state: Query) {
    PRERENDERED.with(|p| *p.borrow_mut() = state);
}

/// The page's own state: a prerendered page's `<html data-query>` (`None` on a page without
/// one, such as the dev build's).
#[must_use]
pub fn page_state() -> Option<String> {
    crate::browser::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.get_attribute("data-query"))
}

/// The query of the page as it is now: its state with the address's query over it (the state
/// being rendered, at build time).
#[must_use]
pub fn read_query() -> Query {
    let Some(window) = crate::browser::window() else {
        return PRERENDERED.with(|p| p.borrow().clone());
    };
    let search = window.location().search().unwrap_or_default();
    warp_model::site::page_query(&page_state().unwrap_or_default(), &search)
}

/// Replaces the current history entry's address with the state `q`, keeping the hash. On a
/// site with the pages it is the state's own page with the rest as its query
/// (`warp_model::site::address`: `coalescing/?stride=2`, or the page's path alone when that is
/// all `q` is): while the view stays the page's, only the query changes; when it leaves it (an
/// example's inputs changed: now the panel's), the address moves to that view's page and the
/// page's `data-query` says so, so that what [`read_query`] reads and a reload opens are `q`.
/// Elsewhere (the dev build, a package) it is the query string on the same path.
pub fn replace_query(q: &Query) {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let url = match (page_state(), warp_model::site::address(q)) {
        (Some(state), Some((page, rest))) => {
            let here = warp_model::site::address(&Query::parse(&state)).map(|(p, _)| p);
            if here.as_deref() == Some(page.as_str()) {
                format!("{path}{}{hash}", rest.to_search())
            } else {
                moved_to(&page, q, &rest).map_or_else(
                    || format!("{path}{}{hash}", q.to_search()),
                    |url| format!("{url}{hash}"),
                )
            }
        }
        _ => format!("{path}{}{hash}", q.to_search()),
    };
    if let Ok(history) = window.history() {
        // A failure here (e.g. a sandboxed frame) only means the address bar lags: never fatal.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
    WRITES.with(|w| w.update(|n| *n = n.wrapping_add(1)));
}

/// The address of `page` (a path relative to the site's root) with `rest` as its query, after
/// the page's `data-query` has become `q` without `rest` (the new page's own state) and its
/// `<base href>` the site's root as an absolute address (every page has one, the root's own
/// page `./`): every link and file the page names is relative to the root, and a new path would
/// otherwise move them all.
fn moved_to(page: &str, q: &Query, rest: &Query) -> Option<String> {
    let doc = crate::browser::window()?.document()?;
    let root = doc.document_element()?;
    let base = doc.query_selector("base[href]").ok()??;
    // The base, resolved: the site's root as an absolute address, ending in `/`.
    let site = doc.base_uri().ok()??;
    let mut own = Query::default();
    for (k, v) in q.pairs() {
        if !rest.pairs().any(|(rk, _)| rk == k) {
            own.push(k, v);
        }
    }
    base.set_attribute("href", &site).ok()?;
    root.set_attribute("data-query", own.to_search().trim_start_matches('?'))
        .ok()?;
    Some(format!("{site}{page}{}", rest.to_search()))
}
