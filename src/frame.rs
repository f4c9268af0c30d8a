//! A page's first frame for an address with settings (issue 63): what a prerendered page shows
//! for `coalescing/with/?stride=2` before the live app has arrived, written by the same string
//! builders the live views call, with no reactive runtime.
//!
//! A prerendered page's markup is its view at its defaults. An address with settings asks for
//! more ([`warp_model::site::prerender_fits`] is false), and until now the loader hid that
//! markup and waited for the whole program (175–260 kB on a phone: 2.3–3.4 s). A panel's first
//! frame is a small module of its own (`src/bin/first-<panel>.rs`: the model's evaluation and
//! the views' string builders, no Leptos), which the page under each of its views' pages
//! carries inline after its markup (`coalescing/with/`: `site::FIRST_FOLDER`, the page an
//! address with settings opens, so that no second round trip comes before the first figure;
//! `xtask/src/first.js` runs it). It returns [`Patch`]es to the markup: each region of the page
//! that the settings change (the errors, the figures, the picture, the form, the worked steps)
//! written whole by the function that writes it in the live view, and the attributes that carry
//! the state (the preset card's class, the language switch, "Add this view to an assignment",
//! "Open in Warp Lab"). The live app then takes the page over as it takes over any
//! prerendered page: it draws the same markup, the learner's typing and pressing are carried
//! over, and nothing moves.
//!
//! One renderer: every region here is a function the live view also calls for its markup
//! (`controls::form_html`, `figures::figure_rows`, `errors::error_rows`,
//! `worked::worked_list_html`, `panel_frame::preset_class`, each panel's `picture_html`), and
//! `frame/tests.rs` renders states both ways (the live view natively, as the build prerenders,
//! and this) and finds every region equal and the rest of the page unchanged.
//!
//! A state the first frame does not draw returns no patches ([`panel`] gives `None`) and the
//! page waits for the live app as before: another view than the page's, or an address that
//! changes how the page is shown (`forecast=`, `graded=`, `theme=`, …: the Forecast and the
//! frame around the panel are the live app's), or an example whose settings change the figure
//! its Forecast asks about.

use warp_model::i18n::Lang;
use warp_model::json::Json;
use warp_model::page;
use warp_model::panel::{Inputs, PanelModel};
use warp_model::query::Query;
use warp_model::site;

use crate::components::controls::form_html;
use crate::components::errors::error_rows;
use crate::components::figures::figure_rows;
use crate::components::panel_frame::{preset_class, split_figures};
use crate::components::worked::worked_list_html;

/// One change to a page's prerendered markup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Patch {
    /// The element `[data-frame="<name>"]` gets this markup inside it.
    Html(&'static str, String),
    /// Each element the CSS selector finds gets the attribute's value.
    Attr(String, &'static str, String),
}

/// The patches as the loader reads them: a JSON array of `["html", name, markup]` and
/// `["attr", selector, attribute, value]`; empty text for a state the first frame does not draw.
#[must_use]
pub fn wire(patches: Option<&[Patch]>) -> String {
    let Some(patches) = patches else {
        return String::new();
    };
    let s = |t: &str| Json::String(t.to_string());
    Json::Array(
        patches
            .iter()
            .map(|p| match p {
                Patch::Html(name, html) => Json::Array(vec![s("html"), s(name), s(html)]),
                Patch::Attr(sel, attr, value) => {
                    Json::Array(vec![s("attr"), s(sel), s(attr), s(value)])
                }
            })
            .collect(),
    )
    .pretty()
}

/// The query a page with state `state` reads at `search`, if the first frame draws it: the
/// same view as the page's (its panel or example, language, embed) with inputs of its panel
/// over it and nothing else (`site::first_frame_draws`, the rule that also sends such an
/// address to the page that carries the first frame).
fn drawn_query(state: &str, search: &str) -> Option<Query> {
    let q = site::page_query(state, search);
    let (path, rest) = site::address(&q)?;
    let (own, _) = site::address(&Query::parse(state))?;
    let view = path.strip_suffix(site::FIRST_FOLDER).unwrap_or(&path);
    let panel = page::route(&q).panel?;
    (view == own && site::first_frame_draws(panel, &rest)).then_some(q)
}

/// The first frame of panel `P`'s page (state `state`, the page's `<html data-query>`) at the
/// address's query `search`: the patches that make its markup the live view's for that address,
/// or `None` when the first frame does not draw it (the module's doc). `picture` writes the
/// panel's picture, as the live view does.
#[must_use]
pub fn panel<P: PanelModel>(
    state: &str,
    search: &str,
    picture: fn(&Inputs<P>, &P::Output) -> String,
) -> Option<Vec<Patch>> {
    let q = drawn_query(state, search)?;
    let (lang, _) = page::lang(&q);
    warp_model::i18n::set_lang(lang);
    site::set_paths(true);
    let example = page::route(&q).example;
    let preset = example
        .filter(|e| e.ready())
        .map(|e| Inputs::<P>::from_params(e.params));
    let base = preset.clone().unwrap_or_default();
    let input = Inputs::<P>::from_query(&q, &base);
    let on_preset = preset.as_ref().is_some_and(|p| *p == input);
    let out = P::evaluate(&input);
    let (key, rest) = split_figures(P::figures(&out).to_vec(), example);
    if let Some(e) = example {
        // The Forecast names its figure (label and unit): the page's is the preset's.
        let (page_key, _) = split_figures(P::figures(&P::evaluate(&base)).to_vec(), Some(e));
        let named =
            |f: &[warp_model::figure::Figure]| f.first().map(|f| (f.metric, f.label, f.unit));
        if named(&key) != named(&page_key) {
            return None;
        }
    }
    let mut errors = P::errors(&out).to_vec();
    errors.extend_from_slice(input.notes());
    let mut patches = vec![
        Patch::Html("errors", error_rows(&errors).concat()),
        Patch::Html("key-figures", figure_rows(&key).concat()),
        Patch::Html("picture", picture(&input, &out)),
        Patch::Html("form", form_html(&input, P::errors(&out))),
        Patch::Html("figures", figure_rows(&rest).concat()),
        Patch::Html("worked", worked_list_html(P::worked(&out))),
    ];
    if example.is_some() {
        // The card's words are the page's; whether the inputs left the preset is its class.
        patches.push(Patch::Attr(
            r#"[data-frame="preset"]"#.into(),
            "class",
            preset_class(on_preset).into(),
        ));
    }
    patches.extend(links(&q));
    Some(patches)
}

/// The links that carry the page's state: each language's page, "Add this view to an
/// assignment" and an embed's "Open in Warp Lab".
fn links(q: &Query) -> Vec<Patch> {
    let mut patches: Vec<Patch> = Lang::ALL
        .into_iter()
        .map(|l| {
            Patch::Attr(
                format!(r#".lang-switch a[data-lang="{}"]"#, l.code()),
                "href",
                site::switch_href(q, l),
            )
        })
        .collect();
    patches.push(Patch::Attr(
        r#"a[data-action="add-to-assignment"]"#.into(),
        "href",
        crate::components::embed_button::add_href(q),
    ));
    patches.push(Patch::Attr(
        r#"a[data-action="open-full"]"#.into(),
        "href",
        warp_model::embed::open_in_app_url(q),
    ));
    patches
}

/// The first frame of a page of panel `P` (or one of its examples), as a module exports it:
/// [`wire`] of [`panel`].
#[must_use]
pub fn first_frame<P: PanelModel>(
    state: &str,
    search: &str,
    picture: fn(&Inputs<P>, &P::Output) -> String,
) -> String {
    wire(panel::<P>(state, search, picture).as_deref())
}

// The tests render pages natively, as the build prerenders them (`ssr`).
#[cfg(all(test, feature = "ssr"))]
mod tests;
