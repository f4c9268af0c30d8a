//! The pages a static host serves where the app has no page (issue 65, way 2: `nope/`,
//! `example/`, `embed/embed/warps/` were blank): an index of each folder that holds pages but
//! has none of its own (`example/`, `example/divergence/`, `embed/`, `hinglish/embed/`), and
//! `404.html`, which static hosts (GitHub Pages, Netlify, Cloudflare Pages, `cargo xtask
//! serve`) send for any other address and the service worker answers offline.
//!
//! Both are plain HTML written here, with no bundle: they must show on any host, at any depth,
//! before and without the app. Every outside text in them is escaped by its type: a page's
//! title as HTML text (`markup::escape`), the list of pages as JSON inside a script (`<`
//! written `\u003c`), and the address asked for, which only the browser knows, is set as text
//! by the script (`textContent`), never as markup.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use warp_model::i18n::{self, Lang};
use warp_model::markup::escape;
use warp_model::{t, tr};

/// A page of the site as the folders list it.
pub struct Listed {
    /// Its folder (`example/divergence/C1/`; empty for the root's page).
    pub path: String,
    /// Its title as the page states it (`Even 2-way split · Warp Lab`).
    pub title: String,
}

/// The site's name, which every page title ends with after " · ".
const SITE: &str = "Warp Lab";

/// The style both kinds of page carry inline (the app's stylesheet is named by a hash and sits
/// at the root, which a 404 page served at any depth cannot name).
const STYLE: &str = "body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:46rem;\
padding:1rem;color:#1b1f24;background:#fff}a{color:#0b5cad}h1{font-size:1.5rem}\
ul{padding-left:1.2rem}li{margin:.2rem 0}code,bdi{font-family:ui-monospace,monospace}\
small{color:#57606a}@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}\
a{color:#58a6ff}small{color:#8b949e}}";

/// A title without the site's name (`Even 2-way split`).
fn short(title: &str) -> &str {
    title
        .strip_suffix(SITE)
        .and_then(|t| t.strip_suffix(" · "))
        .unwrap_or(title)
}

/// Whether a page lists: a state's page under `with/` is its view's page with settings, not
/// a page of its own to list.
fn listed(path: &str) -> bool {
    !path.split('/').any(|s| s == "with")
}

/// Every folder that holds pages below it but has no page of its own, each with the pages
/// below it (path, title), sorted by path: `example/` → every example.
#[must_use]
pub fn folders(pages: &[Listed]) -> BTreeMap<String, Vec<(String, String)>> {
    let own: BTreeSet<&str> = pages.iter().map(|p| p.path.as_str()).collect();
    let mut out: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for p in pages.iter().filter(|p| listed(&p.path)) {
        let segments: Vec<&str> = p.path.split('/').filter(|s| !s.is_empty()).collect();
        for depth in 1..segments.len() {
            let folder = format!("{}/", segments[..depth].join("/"));
            if !own.contains(folder.as_str()) {
                out.entry(folder)
                    .or_default()
                    .push((p.path.clone(), short(&p.title).to_string()));
            }
        }
    }
    for list in out.values_mut() {
        list.sort();
    }
    out
}

/// The language of a folder's page: Hinglish under `hinglish/`.
fn lang_of(folder: &str) -> Lang {
    if folder.starts_with("hinglish/") {
        Lang::Hinglish
    } else {
        Lang::En
    }
}

/// The head both kinds of page share, with the policy's marker for `csp::fill`.
fn head(lang: Lang, title: &str, base: Option<&str>) -> String {
    let base = base.map_or(String::new(), |b| format!(r#"<base href="{}">"#, escape(b)));
    format!(
        "<!doctype html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">{base}\
<title>{} · {SITE}</title><style>{STYLE}</style></head>",
        lang.html_lang(),
        crate::csp::MARKER,
        escape(title),
    )
}

/// A folder's index page: what is under it, each page a link (relative to the folder) with its
/// title, and a link home. Written in the folder's language.
#[must_use]
pub fn folder_page(folder: &str, below: &[(String, String)]) -> String {
    let lang = lang_of(folder);
    i18n::with_lang(lang, || {
        let up = "../".repeat(folder.matches('/').count());
        let home = if lang == Lang::Hinglish {
            format!("{up}hinglish/")
        } else {
            up.clone()
        };
        let title = tr!("site.folder.title", folder = format!("/{folder}"));
        let mut html = head(lang, &title, None);
        let _ = write!(
            html,
            "<body><main data-folder=\"{}\"><h1>{}</h1><p>{}</p><ul>",
            escape(folder),
            escape(&title),
            escape(&tr!("site.folder.note", count = below.len())),
        );
        for (path, title) in below {
            let rel = path.strip_prefix(folder).unwrap_or(path);
            let _ = write!(
                html,
                "<li><a href=\"./{}\">{}</a> <small>{}</small></li>",
                escape(rel),
                escape(title),
                escape(rel),
            );
        }
        let _ = writeln!(
            html,
            "</ul><p><a href=\"{}\" data-action=\"home\">{}</a></p></main></body></html>",
            escape(&home),
            escape(t!("site.home")),
        );
        html
    })
}

/// The site's `404.html`: says, in both languages, that there is no page at the address (the
/// script writes the address in, as text), suggests the page meant when the address differs
/// only by case or by a repeated folder (`WARPS/`, `hinglish/hinglish/warps/`), or the nearest
/// folder that holds pages, and links home, each panel and the examples. Its links are
/// relative to the site's root, which the script finds (`<base>`): the page is served at any
/// depth of a site that may itself sit under a path (`/gpu/warplab/`).
#[must_use]
pub fn not_found_page(
    pages: &[Listed],
    folders: &BTreeMap<String, Vec<(String, String)>>,
) -> String {
    let mut known: Vec<&str> = pages
        .iter()
        .map(|p| p.path.as_str())
        .chain(folders.keys().map(String::as_str))
        .filter(|p| !p.is_empty())
        .collect();
    known.sort_unstable();
    // JSON in a script: `<` escaped so that no path could close it.
    let known = serde_json::to_string(&known)
        .unwrap_or_else(|_| "[]".into())
        .replace('<', "\\u003c");
    // The panels: the root's pages one folder deep, in English, by title.
    let mut panels: Vec<(&str, &str)> = pages
        .iter()
        .filter(|p| p.path.matches('/').count() == 1 && lang_of(&p.path) == Lang::En)
        .filter(|p| !folders.contains_key(&p.path))
        .map(|p| (p.path.as_str(), short(&p.title)))
        .collect();
    panels.sort_unstable();
    let section = |lang: Lang| {
        i18n::with_lang(lang, || {
            let mut s = format!(
                "<section lang=\"{}\"><h1>{}</h1><p>{} <bdi data-address></bdi></p>\
<p data-offline hidden>{}</p><p data-suggest hidden>{} <a data-suggestion href=\"./\"></a></p>",
                lang.html_lang(),
                escape(t!("site.missing.title")),
                escape(t!("site.missing.body")),
                escape(t!("site.missing.offline")),
                escape(t!("site.missing.suggest")),
            );
            let _ = write!(s,
                "<p><a href=\"./{}\" data-action=\"home\">{}</a> · <a href=\"./{}example/\">{}</a></p>",
                if lang == Lang::Hinglish { "hinglish/" } else { "" },
                escape(t!("site.home")),
                if lang == Lang::Hinglish { "hinglish/" } else { "" },
                escape(t!("site.examples")),
            );
            s.push_str("</section>");
            s
        })
    };
    let mut html = head(Lang::En, t!("site.missing.title"), Some("/"));
    html.push_str("<body><main data-not-found>");
    html.push_str(&section(Lang::En));
    html.push_str(&section(Lang::Hinglish));
    html.push_str("<ul data-panels>");
    for (path, title) in panels {
        let _ = write!(
            html,
            "<li><a href=\"./{}\">{}</a></li>",
            escape(path),
            escape(title)
        );
    }
    html.push_str("</ul></main><script>");
    html.push_str(&include_str!("not_found.js").replace("__KNOWN__", &known));
    html.push_str("</script></body></html>\n");
    html
}

#[cfg(test)]
mod tests;
