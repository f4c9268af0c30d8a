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
    /// A key's value the address leaves out ([`leave_unsaid`]).
    static UNSAID: RefCell<Option<(&'static str, String)>> = const { RefCell::new(None) };
}

/// Leaves `key=value` out of every address written from now on (the value compared trimmed):
/// what the page opens with anyway, so that the address stays its page's own. A challenge's
/// starter in the kernel lab's editor (`src=`): without this, a challenge's page wrote its
/// starter into the address once live, and its reload was no longer the prerendered page
/// (`kernel/challenge/add-ten/`, issue 63).
pub fn leave_unsaid(key: &'static str, value: &str) {
    UNSAID.with(|u| *u.borrow_mut() = Some((key, value.trim().to_string())));
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
/// (`warp_model::site::address`: `coalescing/with/?stride=2`, `warps/`), and the page says so:
/// its `data-query` is that page's state and its `<base href>` the site's root as an absolute
/// address (every page has one; the root's own is `./`), so that what [`read_query`] reads, a
/// reload and every relative link follow the address when it moves to another view's page (an
/// example's inputs changed: now the panel's). Elsewhere (the dev build, a package) it is the
/// query string on the same path.
pub fn replace_query(q: &Query) {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let mut q = q.clone();
    UNSAID.with(|u| {
        if let Some((key, value)) = &*u.borrow() {
            if q.get(key).map(str::trim) == Some(value.as_str()) {
                q.set(key, None);
            }
        }
    });
    let q = &q;
    let location = window.location();
    let hash = location.hash().unwrap_or_default();
    let url = page_state()
        .and_then(|_| on_its_page(q))
        .unwrap_or_else(|| {
            let path = location.pathname().unwrap_or_default();
            format!("{path}{}", q.to_search())
        });
    if let Ok(history) = window.history() {
        // A failure here (e.g. a sandboxed frame) only means the address bar lags: never fatal.
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{url}{hash}")),
        );
    }
    WRITES.with(|w| w.update(|n| *n = n.wrapping_add(1)));
}

/// The address of `q`'s own page with the rest as its query, once the page's `data-query` and
/// `<base href>` say that page (see [`replace_query`]); `None` where no page draws `q`'s view.
fn on_its_page(q: &Query) -> Option<String> {
    let (page, rest) = warp_model::site::address(q)?;
    let doc = crate::browser::window()?.document()?;
    // The base, resolved: the site's root as an absolute address, ending in `/`.
    let site = doc.base_uri().ok()??;
    doc.query_selector("base[href]")
        .ok()??
        .set_attribute("href", &site)
        .ok()?;
    let mut own = Query::default();
    for (k, v) in q.pairs() {
        if rest.get(k).is_none() {
            own.push(k, v);
        }
    }
    doc.document_element()?
        .set_attribute("data-query", own.to_search().trim_start_matches('?'))
        .ok()?;
    Some(format!("{site}{page}{}", rest.to_search()))
}
