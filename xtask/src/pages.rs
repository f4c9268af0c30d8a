//! The site's HTML pages, all from the one template (`index.html`): the shell (a page with no
//! state of its own: what the dev build serves, and what an LMS package launches) and each
//! prerendered page (`warp_model::site::pages`), whose markup the app's own views render
//! natively (`src/bin/prerender.rs`, built with the `ssr` feature).
//!
//! A prerendered page differs from the shell in its `<html lang>` and `data-query` (its state),
//! its `<base href>` (the site's root, so that every relative link and asset resolves from
//! there whatever the folder), its title, its no-script line, and the markup itself in
//! `<div data-prerendered>`, which the loader hands over to the live app. Its loading frame
//! (`.boot.over`) is a small status line over the markup, or the page again when the address
//! asks for more than the markup shows.

use std::process::Stdio;

use warp_model::i18n::{self, Lang};
use warp_model::markup::escape;

use crate::cmd;

/// One prerendered page's markup, as the prerender binary writes it.
pub struct Rendered {
    /// Its folder, relative to the site's root (`hinglish/warps/`; empty for the root's page).
    pub path: String,
    /// Its state without `lang` (`panel=warps`).
    pub query: String,
    /// Its language.
    pub lang: Lang,
    /// Its `<title>`.
    pub title: String,
    /// What the app draws into `<body>`.
    pub body: String,
}

impl Rendered {
    /// The page as the model declares it.
    fn declared(&self) -> warp_model::site::Prerendered {
        warp_model::site::Prerendered {
            path: self.path.clone(),
            query: self.query.clone(),
            lang: self.lang,
        }
    }
}

/// Builds and runs the prerender binary (natively, debug profile: the model is optimised even
/// there), and reads the pages it writes.
///
/// # Errors
/// The build or the run failed, or a line it wrote does not read.
pub fn prerender() -> Result<Vec<Rendered>, String> {
    let out = cmd(
        "cargo",
        &[
            "run",
            "--quiet",
            "-p",
            "warp-lab",
            "--bin",
            "prerender",
            "--no-default-features",
            "--features",
            "ssr",
        ],
    )
    .stderr(Stdio::inherit())
    .output()
    .map_err(|e| format!("could not start the prerender binary: {e}"))?;
    if !out.status.success() {
        return Err(format!("the prerender binary failed ({})", out.status));
    }
    let text = String::from_utf8(out.stdout).map_err(|e| format!("prerender output: {e}"))?;
    text.lines().map(read_line).collect()
}

fn read_line(line: &str) -> Result<Rendered, String> {
    let v: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("prerender output: {e}"))?;
    let field = |name: &str| -> Result<String, String> {
        v.get(name)
            .and_then(serde_json::Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("prerender output: a page without \"{name}\""))
    };
    let lang = field("lang")?;
    Ok(Rendered {
        path: field("path")?,
        query: field("query")?,
        lang: Lang::parse(&lang).ok_or_else(|| format!("prerender output: lang {lang:?}"))?,
        title: field("title")?,
        body: field("body")?,
    })
}

/// A panel's first frame as a page carries it (issue 63, `src/frame.rs`): its module's
/// JavaScript glue as a classic script that defines `warpFirst`, and its wasm, deflated, as
/// base64 text in a data script the loader reads.
pub struct FirstFrame {
    /// The glue: `var warpFirst = …` (its default export initialises the module,
    /// `first_frame(state, search)` returns the patches).
    pub script: String,
    /// The wasm, zlib-deflated (what `DecompressionStream("deflate")` reads), as base64.
    pub wasm: String,
}

/// The template with what every page shares already filled (styles, loader, favicon, CSP).
pub struct Template(pub String);

impl Template {
    /// The page without a state of its own: the loading frame, then the app, with the whole
    /// stylesheet `css` (any bundle may draw here).
    #[must_use]
    pub fn shell(&self, css: &str) -> String {
        let noscript: String = Lang::ALL
            .into_iter()
            .map(|l| {
                i18n::with_lang(l, || {
                    format!(
                        "<p lang=\"{}\">{}</p>",
                        l.html_lang(),
                        escape(warp_model::t!("ui.app.noscript"))
                    )
                })
            })
            .collect();
        self.fill(&[
            ("__WARP_LAB_LANG__", "en".into()),
            ("__WARP_LAB_STATE__", String::new()),
            ("__WARP_LAB_BASE__", String::new()),
            ("__WARP_LAB_TITLE__", "Warp Lab".into()),
            ("__WARP_LAB_BOOT_CLASS__", String::new()),
            ("__WARP_LAB_NOSCRIPT__", noscript),
            ("__WARP_LAB_PRERENDERED__", String::new()),
            ("__WARP_LAB_STYLE__", css.into()),
        ])
    }

    /// A prerendered page, with `css`, the styles of `bundle`'s views (`dist/styles.rs`),
    /// which `<html data-styles>` names for the loader; and, for a page that carries its
    /// panel's first frame (`site::FIRST_FOLDER`), that module after the markup
    /// (`<html data-first>`), its glue allowed by the page's policy.
    ///
    /// # Errors
    /// Its markup holds a script (the views never write one: text from outside is text), or a
    /// page under `with/` has no first frame to carry.
    pub fn page(
        &self,
        page: &Rendered,
        bundle: &str,
        css: &str,
        first: Option<&FirstFrame>,
    ) -> Result<String, String> {
        if page.body.contains("<script") || page.body.contains("</script") {
            return Err(format!("the markup of {:?} holds a script", page.path));
        }
        // Every page has its `<base href>`, the root's own page too (`./`): when the address
        // moves to another view's page, the app makes it the site's root as an absolute
        // address, so that every link and file still resolves (`src/url.rs`, issue 63).
        let declared = page.declared();
        let base = format!("<base href=\"{}\" />", declared.base());
        let first = match (declared.first(), first) {
            (true, Some(f)) => Some(f),
            (true, None) => return Err(format!("{}: no first frame to carry", page.path)),
            (false, _) => None,
        };
        let noscript = i18n::with_lang(page.lang, || {
            format!(
                "<p class=\"noscript\">{}</p>",
                escape(warp_model::t!("ui.app.noscript-prerendered"))
            )
        });
        let html = self.fill(&[
            ("__WARP_LAB_LANG__", page.lang.html_lang().into()),
            (
                "__WARP_LAB_STATE__",
                format!(
                    " data-query=\"{}\" data-styles=\"{}\"{}",
                    escape(declared.state().to_search().trim_start_matches('?')),
                    escape(bundle),
                    if first.is_some() { " data-first=\"\"" } else { "" }
                ),
            ),
            ("__WARP_LAB_BASE__", base),
            ("__WARP_LAB_TITLE__", escape(&page.title)),
            ("__WARP_LAB_BOOT_CLASS__", " over".into()),
            ("__WARP_LAB_NOSCRIPT__", noscript),
            (
                "__WARP_LAB_PRERENDERED__",
                format!(
                    "<div data-prerendered=\"\">{}</div>{}",
                    without_markers(&page.body),
                    first.map_or_else(String::new, |f| format!(
                        "<script type=\"application/wasm-base64\" id=\"first-wasm\">{}</script><script>{}</script>",
                        f.wasm, f.script
                    ))
                ),
            ),
            ("__WARP_LAB_STYLE__", css.into()),
        ]);
        Ok(match first {
            Some(f) => crate::csp::allow_script(&html, &f.script),
            None => html,
        })
    }

    fn fill(&self, parts: &[(&str, String)]) -> String {
        parts.iter().fold(self.0.clone(), |html, (marker, text)| {
            html.replace(marker, text)
        })
    }
}

/// The markup without the comments Leptos leaves as markers (`<!>`, `<!--<() />-->`): the
/// live app draws its own DOM over the page rather than hydrating this one, so they mark
/// nothing, and they are a fifth of a page's markup. (Text is escaped: a learner-visible `<!`
/// is `&lt;!`.)
#[must_use]
pub fn without_markers(markup: &str) -> String {
    let mut out = String::with_capacity(markup.len());
    let mut rest = markup;
    while let Some(open) = rest.find("<!") {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        let end = if after.starts_with("<!--") {
            after.find("-->").map(|i| i + 3)
        } else {
            after.find('>').map(|i| i + 1)
        };
        rest = end.map_or("", |e| &after[e..]);
    }
    out.push_str(rest);
    out
}

/// Where a page is written in the site: `<path>index.html`.
#[must_use]
pub fn file_of(page: &Rendered) -> String {
    format!("{}index.html", page.path)
}

#[cfg(test)]
mod tests;
