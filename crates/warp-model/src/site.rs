//! The site's pages: which states `cargo xtask dist` writes as pages of their own, drawn at build
//! time by the app's own views ("prerendered"), the path of each, and the link a view writes to
//! a state: that state's path when it has one, a query string when it has not.
//!
//! The prerendered states are the home view, every panel of the registry at its defaults,
//! every worked example and every built-in challenge, each in English and in Hinglish, and each
//! again as an embed (`embed=1`, what the "Embed this view" snippet opens). Their paths, relative to the
//! site's root (docs/url-parameters.md, "Prerendered pages"):
//!
//! | state | English | Hinglish |
//! |---|---|---|
//! | the home view | `` (the root's `index.html`) | `hinglish/` |
//! | `panel=warps` | `warps/` | `hinglish/warps/` |
//! | `example=divergence/C1` | `example/divergence/C1/` | `hinglish/example/divergence/C1/` |
//! | `panel=warps&embed=1` | `embed/warps/` | `hinglish/embed/warps/` |
//! | `panel=kernel&challenge=add-ten` | `kernel/challenge/add-ten/` | `hinglish/kernel/challenge/add-ten/` |
//!
//! Each page is `<path>index.html`, so any static host serves it. A page's `<base href>` is the
//! site's root (`../` once per folder of its path), so every link and asset in every page is
//! written relative to the root, and the site works under any base path.
//!
//! A page carries its state (`<html data-query>`); the address's own query is read over it
//! ([`page_query`]). When the address asks for more than the page's state ([`prerender_fits`]
//! is false: `warps/?n=100`), the page's loader hides the prerendered markup and the live app
//! draws the state asked for, as a page without a prerendered state always is.
//!
//! Links are paths on a site that has the pages ([`set_paths`]: the release site, told by its
//! pages' `data-query`; the dev build `cargo xtask serve` makes has none): the page of the
//! state's view, with the rest of the state as that page's query ([`address`]: `warps/`,
//! `warps/?n=100`, `embed/coalescing/?stride=2`, issue 63), so that a link with settings
//! opens a page whose HTML is its view's. A view no page draws (`?panel=author`,
//! `?assignment=1`, a misspelt key) stays a query string of the root's page. Every `?panel=…`
//! and `?example=…` link keeps working: the root's page reads any query, and its loader sends
//! one whose view has a page on to that page, the rest kept (`tests/addresses.txt`).

use std::cell::Cell;

use crate::examples;
use crate::i18n::{self, Lang};
use crate::page::key;
use crate::query::Query;
use crate::registry::Panel;

/// One prerendered page: where it is, and the state it draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prerendered {
    /// Its folder, relative to the site's root, ending in `/` (`hinglish/warps/`), or empty for
    /// the root's own page (the home view in English).
    pub path: String,
    /// The state as the app reads it, without `lang` (`panel=warps`,
    /// `example=divergence/C1`, `panel=warps&embed=1`, empty for the home view).
    pub query: String,
    /// Its language.
    pub lang: Lang,
}

impl Prerendered {
    /// The page's whole state, `lang` included (what its `<html data-query>` says).
    #[must_use]
    pub fn state(&self) -> Query {
        let mut q = Query::parse(&self.query);
        q.set(
            key::LANG,
            (self.lang != Lang::En).then_some(self.lang.code()),
        );
        q
    }

    /// The page's `<base href>`: the site's root, relative to the page (`./`, `../../`).
    #[must_use]
    pub fn base(&self) -> String {
        let depth = self.path.matches('/').count();
        if depth == 0 {
            "./".to_string()
        } else {
            "../".repeat(depth)
        }
    }
}

/// The states the site prerenders in one language, as query strings without `lang`: the home
/// view, each panel, each example, then each panel and example as an embed.
fn states() -> Vec<String> {
    let views: Vec<String> = Panel::ALL
        .iter()
        .map(|p| format!("panel={}", p.name()))
        .chain(examples::ALL.iter().map(|e| format!("example={}", e.key())))
        // Each built-in challenge of the kernel lab, a page of its own under the lab's (issue
        // 63: its link waited 2.8 s on a phone for the whole challenge bundle).
        .chain(
            crate::kernel_lab::challenge::builtin::NAMES
                .iter()
                .map(|n| format!("panel=kernel&challenge={n}")),
        )
        .collect();
    std::iter::once(String::new())
        .chain(views.iter().cloned())
        .chain(views.iter().map(|v| format!("{v}&embed=1")))
        .chain(
            examples::ALL
                .iter()
                .map(|e| format!("example={}&embed=1&graded=1&forecast=1", e.key())),
        )
        .collect()
}

/// Every prerendered page, in both languages: the list `dist/registry.json` gives as
/// `prerendered` and the build writes: the home view, each panel and example plain and
/// embedded, and each example as an assignment's graded step ([`GRADED_FOLDER`]). After each
/// (but a graded step) of a view whose panel has a first frame, the same state again under
/// [`FIRST_FOLDER`]: the page that carries the first frame inline.
#[must_use]
pub fn pages() -> Vec<Prerendered> {
    Lang::ALL
        .into_iter()
        .flat_map(|lang| {
            states().into_iter().flat_map(move |query| {
                let mut state = Query::parse(&query);
                state.set(key::LANG, (lang != Lang::En).then_some(lang.code()));
                let page = Prerendered {
                    path: path_of(&state).unwrap_or_default(),
                    query,
                    lang,
                };
                let first = crate::page::route(&state)
                    .panel
                    .and_then(crate::page::bundle::first_frame)
                    .filter(|_| !page.path.ends_with(GRADED_FOLDER))
                    .map(|_| Prerendered {
                        path: format!("{}{FIRST_FOLDER}", page.path),
                        ..page.clone()
                    });
                std::iter::once(page).chain(first)
            })
        })
        .collect()
}

impl Prerendered {
    /// Whether it is a view's page that carries its panel's first frame ([`FIRST_FOLDER`]).
    #[must_use]
    pub fn first(&self) -> bool {
        self.path.ends_with(FIRST_FOLDER)
    }
}

/// The path of the prerendered page that draws exactly the state `q` (its `lang` included),
/// if there is one: `Some("")` for the home view in English.
///
/// A state is prerendered when, besides `lang=` (a language's exact code, or absent for
/// English) and `embed=1`, it has no parameter but exactly one `panel=` naming a panel of the
/// registry or one `example=` naming a worked example as it is declared (`divergence/C1`), or
/// nothing at all (the home view, never embedded). Anything else (a second value of a key, a
/// panel's parameter, `forecast=`, `theme=`) is not.
#[must_use]
pub fn path_of(q: &Query) -> Option<String> {
    address(q).and_then(|(path, rest)| rest.is_empty().then_some(path))
}

/// The page of the state `q` and what it asks for beyond that page: the path of the
/// prerendered page that draws `q`'s view (its panel or example, its language, embedded or
/// not) and the rest of `q`, in order (`panel=coalescing&stride=2&embed=1` is the page
/// `embed/coalescing/` and `stride=2`). `None` when no page draws its view: no valid view
/// (the home view embedded, `panel=author`, `assignment=`), a view key given twice or both
/// `panel=` and `example=`, or a page key the pages are not written for (`lang=hi`, a
/// lower-case example, `embed=true`): the root's page reads those, as it always has.
///
/// The page's own keys are `lang` (a language's exact code), `embed` (`1`) and one of `panel`
/// (a panel of the registry) or `example` (a worked example as it is declared). The loader
/// (`xtask/src/loader.js`) splits an address the same way before the first paint, and sends
/// an address of the root's page (or of another page) to its own page (`page_of_address`,
/// which the table of `tests/addresses.txt` checks in both).
#[must_use]
pub fn address(q: &Query) -> Option<(String, Query)> {
    // Written without `format!` and without an example's `key()` (a `String` each): this runs in
    // every page's bundle for every link it writes (issue 63).
    let mut lang = Lang::En;
    let mut embed = false;
    let mut view: Option<(&str, &str)> = None;
    let mut panel: Option<Panel> = None;
    let mut seen: Vec<&str> = Vec::new();
    let mut rest = Query::default();
    for (key, value) in q.pairs() {
        let page_key = matches!(key, "lang" | "embed" | "panel" | "example");
        if !page_key {
            rest.push(key, value);
            continue;
        }
        if seen.contains(&key) {
            return None;
        }
        seen.push(key);
        match key {
            "lang" => {
                lang = Lang::ALL.into_iter().find(|l| l.code() == value)?;
            }
            "embed" if value == "1" => embed = true,
            "panel" => {
                panel = Some(Panel::parse(value)?);
                view = Some(("", value));
            }
            "example" => {
                let e = examples::ALL
                    .iter()
                    .find(|e| value.split_once('/') == Some((e.topic, e.cell)))?;
                panel = Some(e.panel);
                view = Some(("example/", value));
            }
            _ => return None,
        }
    }
    if seen.contains(&"panel") && seen.contains(&"example") || embed && view.is_none() {
        return None;
    }
    // English is the root's; every other language has the folder of its code.
    let mut path = String::new();
    if lang != Lang::En {
        path.push_str(lang.code());
        path.push('/');
    }
    if embed {
        path.push_str("embed/");
    }
    if let Some((folder, name)) = view {
        path.push_str(folder);
        path.push_str(name);
        path.push('/');
    }
    // An example's graded step has a page of its own under its embed's; a built-in challenge,
    // under the kernel lab's; an address its panel's first frame draws opens the page that
    // carries it.
    if embed && seen.contains(&"example") && take_graded_step(&mut rest) {
        path.push_str(GRADED_FOLDER);
    } else if let Some(name) = (seen.contains(&"panel") && panel == Some(Panel::Kernel))
        .then(|| take_challenge(&mut rest))
        .flatten()
    {
        path.push_str(CHALLENGE_FOLDER);
        path.push_str(name);
        path.push('/');
    } else if panel.is_some_and(|p| first_frame_draws(p, &rest)) {
        path.push_str(FIRST_FOLDER);
    }
    Some((path, rest))
}

/// The folder under an example's embed page that holds the same example as an assignment's
/// graded prediction step (`graded=1&forecast=1`, what `Assignment::frame_query` writes for
/// one): its own page, prerendered, so that a step's frame draws from its HTML alone.
pub const GRADED_FOLDER: &str = "graded/";

/// Takes `graded=1` and `forecast=1` out of `rest` when it says each once, with those values
/// (an assignment's prediction step); leaves it as it is otherwise.
fn take_graded_step(rest: &mut Query) -> bool {
    let said = |k: &str| {
        let mut values = rest.get_all(k);
        values.next() == Some("1") && values.next().is_none()
    };
    let step = said(key::GRADED) && said(key::FORECAST);
    if step {
        rest.set(key::GRADED, None);
        rest.set(key::FORECAST, None);
    }
    step
}

/// The folder under the kernel lab's page that holds a page for each built-in challenge
/// (`kernel/challenge/add-ten/`, the state `panel=kernel&challenge=add-ten`): prerendered with
/// its starter kernel's run, so that a challenge's link draws from its HTML alone (issue 63).
/// A course author's challenge (`challenge=custom&…`) is the lab's page with its query.
pub const CHALLENGE_FOLDER: &str = "challenge/";

/// Takes `challenge=` out of `rest` when it is said once and names a built-in challenge
/// (its name, as [`crate::kernel_lab::challenge::builtin::NAMES`] spells it); leaves `rest`
/// as it is otherwise.
fn take_challenge(rest: &mut Query) -> Option<&'static str> {
    let key = crate::kernel_lab::panel::CHALLENGE.url_key();
    let name = {
        let mut values = rest.get_all(key);
        let value = values.next()?;
        if values.next().is_some() {
            return None;
        }
        crate::kernel_lab::challenge::builtin::NAMES
            .into_iter()
            .find(|n| *n == value)?
    };
    rest.set(key, None);
    Some(name)
}

/// The folder under a view's page that holds the same page with its panel's first frame inline
/// (issue 63, `src/frame.rs`): the page an address with settings opens (`coalescing/with/`), so
/// that the state's first figure comes with the page's own HTML, no second round trip after it.
pub const FIRST_FOLDER: &str = "with/";

/// Whether a page of `panel`'s view with `rest` over its state (what the address adds to the
/// view's page) is one its panel's first frame draws: the panel has one, and `rest` adds its
/// inputs only, no page-level key (`forecast=`, `graded=`, `theme=`, … change how the page is
/// shown, which only the live app draws).
#[must_use]
pub fn first_frame_draws(panel: Panel, rest: &Query) -> bool {
    crate::page::bundle::FIRST_FRAMES.contains(&panel)
        && !rest.is_empty()
        && rest
            .pairs()
            .all(|(k, _)| !crate::page::PAGE_KEYS.contains(&k))
}

thread_local! {
    static PATHS: Cell<bool> = const { Cell::new(false) };
}

/// Whether this site has the prerendered pages, so that links to their states are paths
/// (set once by the app from its page, and by the build while it prerenders).
pub fn set_paths(on: bool) {
    PATHS.with(|p| p.set(on));
}

/// Whether links to prerendered states are paths ([`set_paths`]).
#[must_use]
pub fn paths() -> bool {
    PATHS.with(Cell::get)
}

/// The link to the state `q` as it is (its `lang` included), relative to the site's root. On
/// a site with the pages ([`set_paths`]), the path of the page that draws its view with the
/// rest of `q` as that page's query ([`address`]: `warps/`, `embed/coalescing/?stride=2`,
/// `./` for the root's own page); elsewhere, and for a state no page draws, the query string
/// (`?` alone for an empty one becomes `./`).
#[must_use]
pub fn link_to(q: &Query) -> String {
    if paths() {
        if let Some((path, rest)) = address(q) {
            return match (path.is_empty(), rest.is_empty()) {
                (true, true) => "./".into(),
                (_, true) => path,
                (_, false) => format!("{path}{}", rest.to_search()),
            };
        }
    }
    let s = q.to_search();
    if s.is_empty() {
        "./".to_string()
    } else {
        s
    }
}

/// An in-app link to `search` (a query string without its `?`, e.g. `panel=warps`) in the
/// current language: `warps/` or `hinglish/warps/` on a site with the prerendered pages, and
/// `hinglish/warps/?n=100` for a state with settings ([`link_to`]);
/// `?panel=warps&lang=hinglish` elsewhere and for any state no page's view draws; `./` for the
/// home view in English.
#[must_use]
pub fn href(search: &str) -> String {
    let mut q = Query::parse(search.trim_start_matches('?'));
    let lang = i18n::lang();
    q.set(key::LANG, (lang != Lang::En).then_some(lang.code()));
    link_to(&q)
}

/// The same page in `lang`: every other parameter kept, `lang=` dropped for English (the
/// default) so links stay short; on a site with the pages, the path of that language's page
/// with the rest as its query ([`link_to`]); `?` for an empty query elsewhere.
#[must_use]
pub fn switch_href(q: &Query, lang: Lang) -> String {
    let mut q = q.clone();
    q.set(key::LANG, (lang != Lang::En).then_some(lang.code()));
    if paths() && address(&q).is_some() {
        return link_to(&q);
    }
    let s = q.to_search();
    if s.is_empty() {
        "?".to_string()
    } else {
        s
    }
}

/// The query a page reads: its prerendered state (`<html data-query>`, empty on a page without
/// one), with the address's own query (`location.search`) read over it: a key of the address
/// replaces the state's values of that key; the others are added after.
#[must_use]
pub fn page_query(state: &str, search: &str) -> Query {
    let search = Query::parse(search);
    let mut q = Query::parse(state);
    let mut replaced: Vec<&str> = Vec::new();
    for (key, value) in search.pairs() {
        if replaced.contains(&key) {
            q.push(key, value);
        } else {
            q.set(key, Some(value));
            replaced.push(key);
        }
    }
    q
}

/// Whether a page's prerendered markup shows what the address asks for: every pair of the
/// address's query is one of the page's state (`warps/?panel=warps` is; `warps/?n=100`, or
/// `?forecast=1`, is not). The loader (`xtask/src/loader.js`) applies the same rule before
/// the first paint, and hides the markup that does not fit.
#[must_use]
pub fn prerender_fits(state: &str, search: &str) -> bool {
    let state = Query::parse(state);
    Query::parse(search)
        .pairs()
        .all(|(k, v)| state.get_all(k).any(|s| s == v))
}

#[cfg(test)]
mod tests;
