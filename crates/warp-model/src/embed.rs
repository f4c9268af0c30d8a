//! Embedding in course pages: the iframe snippet for the current view, the link back to the full app, and the messages exchanged with a parent page.
//!
//! Message contract (docs/embedding.md): the app posts
//! `{source: "warp-lab", type: "resize", height}` to its parent; a parent may post
//! `{source: "warp-lab-host", type: "request-height"}` or
//! `{source: "warp-lab-host", type: "set-theme", theme: "light"|"dark"|"auto"}`. Anything else is
//! ignored: [`HostMessage::from_fields`] accepts only those shapes.

use crate::page::{key, Theme};
use crate::query::Query;
use crate::registry::Panel;

/// The URL of the current view in embed mode: `base` (the site's root: origin and folder)
/// with the current state, `embed=1` set: the prerendered embed's path where the site has one
/// (`embed/warps/`, `crate::site`), else the query string.
#[must_use]
pub fn embed_url(base: &str, q: &Query) -> String {
    let mut q = q.clone();
    q.set(key::EMBED, Some("1"));
    format!("{base}{}", crate::site::link_to(&q))
}

/// The full app at the same state, relative to the site's root: the state without `embed`
/// (its prerendered page's path where there is one).
#[must_use]
pub fn open_in_app_url(q: &Query) -> String {
    let mut q = q.clone();
    q.set(key::EMBED, None);
    crate::site::link_to(&q)
}

/// The script every snippet carries after its iframe: it sizes each Warp Lab frame of the page
/// (`iframe[data-warp-lab]`) from the frame's own `resize` messages. It acts only on a message
/// whose sender is one of those frames, from the frame's origin, with a positive height; a
/// global flag makes a page with several snippets install it once. Plain text, no `src`: a
/// course page needs nothing else, and a page that strips scripts keeps the iframe's starting
/// height.
pub const SIZING_SCRIPT: &str = "<script>
/* Warp Lab: sizes each Warp Lab frame on this page to its content (installed once per page). */
if (!window.warpLabSizing) {
  window.warpLabSizing = true;
  window.addEventListener('message', (event) => {
    const d = event.data;
    if (!d || d.source !== 'warp-lab' || d.type !== 'resize' || !(d.height > 0)) return;
    for (const frame of document.querySelectorAll('iframe[data-warp-lab]')) {
      if (frame.contentWindow === event.source && new URL(frame.src, location.href).origin === event.origin) {
        frame.style.height = Math.ceil(Math.min(d.height, 20000)) + 'px';
      }
    }
  });
}
</script>";

/// The iframe snippet for the current view, as text to copy (never inserted as HTML here): the
/// frame, with the panel's starting height for pages that strip scripts, then
/// [`SIZING_SCRIPT`].
#[must_use]
pub fn embed_snippet(base: &str, q: &Query, panel: Option<Panel>) -> String {
    let title = panel.map_or("Warp Lab".to_string(), |p| {
        format!("Warp Lab: {}", p.title())
    });
    let mut h = crate::markup::Html::new();
    h.raw("<iframe")
        .attr("src", &embed_url(base, q))
        .attr("title", &title)
        .raw(r#" width="100%""#)
        .attr_num(
            "height",
            u64::from(panel.map_or(700, |p| p.meta().embed_height)),
        )
        .raw(r#" style="border:0;max-width:800px" loading="lazy" data-warp-lab></iframe>"#)
        .raw("\n")
        .raw(SIZING_SCRIPT);
    h.into_string()
}

/// A message a parent page may send, once validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostMessage {
    /// Report the height now.
    RequestHeight,
    /// Switch theme.
    SetTheme(Theme),
    /// Switch language (the frame reloads itself at the same address in that language).
    SetLang(crate::i18n::Lang),
}

impl HostMessage {
    /// Validates a message's fields (`field(name)` reads one string field of the message);
    /// `None` for anything that is not a documented message.
    #[must_use]
    pub fn from_fields(field: impl Fn(&str) -> Option<String>) -> Option<HostMessage> {
        if field("source").as_deref() != Some("warp-lab-host") {
            return None;
        }
        match field("type")?.as_str() {
            "request-height" => Some(HostMessage::RequestHeight),
            "set-theme" => Theme::parse(&field("theme")?).map(HostMessage::SetTheme),
            // Only the exact codes of `lang=`: a parent page speaks the contract, not a guess.
            "set-lang" => match field("lang")?.as_str() {
                "en" => Some(HostMessage::SetLang(crate::i18n::Lang::En)),
                "hinglish" => Some(HostMessage::SetLang(crate::i18n::Lang::Hinglish)),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Largest height reported, in CSS pixels (a runaway layout never floods the parent).
pub const MAX_REPORTED_HEIGHT: u32 = 20_000;

#[cfg(test)]
mod tests;
