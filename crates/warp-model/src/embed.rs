//! Embedding in course pages: the `embed` and `theme` parameters, the iframe snippet for the
//! current view, the link back to the full app, and the messages exchanged with a parent page.
//!
//! Message contract (README, "Embedding"): the app posts
//! `{source: "warp-lab", type: "resize", height}` to its parent; a parent may post
//! `{source: "warp-lab-host", type: "request-height"}` or
//! `{source: "warp-lab-host", type: "set-theme", theme: "light"|"dark"|"auto"}`. Anything else is
//! ignored: [`HostMessage::from_fields`] accepts only those shapes.

use crate::params::{quote, ParamError};
use crate::query::{Panel, Query};

/// The page's colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Follow `prefers-color-scheme`.
    #[default]
    Auto,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

impl Theme {
    /// Its name in the URL.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Theme> {
        [Theme::Auto, Theme::Light, Theme::Dark]
            .into_iter()
            .find(|t| t.name() == s.trim())
    }
}

/// How the page is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Presentation {
    /// `embed=1`: only the panel, no site navigation.
    pub embed: bool,
    /// `theme=`.
    pub theme: Theme,
}

/// Reads `embed` and `theme`; bad values fall back to the defaults and are reported.
#[must_use]
pub fn presentation(q: &Query) -> (Presentation, Vec<ParamError>) {
    let mut errors = Vec::new();
    let embed = match q.get("embed").map(str::trim) {
        None | Some("0" | "false" | "") => false,
        Some("1" | "true") => true,
        Some(other) => {
            errors.push(ParamError::new(
                "embed",
                crate::tr!("common.embed.invalid", value = quote(other)),
            ));
            false
        }
    };
    let theme = match q.get("theme") {
        None => Theme::Auto,
        Some(t) => Theme::parse(t).unwrap_or_else(|| {
            errors.push(ParamError::new(
                "theme",
                crate::tr!("common.theme.invalid", value = quote(t)),
            ));
            Theme::Auto
        }),
    };
    (Presentation { embed, theme }, errors)
}

/// A sensible frame height for each panel, in CSS pixels (the frame resizes itself after load).
#[must_use]
pub fn default_height(panel: Option<Panel>) -> u32 {
    match panel {
        Some(Panel::Warps) => 900,
        Some(Panel::Divergence | Panel::Latency) => 1000,
        Some(Panel::Coalescing) => 1100,
        Some(Panel::Kernel) => 1300,
        _ => 700,
    }
}

fn escape_attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The URL of the current view in embed mode: `base` (origin and path) with the current
/// query, `embed=1` set.
#[must_use]
pub fn embed_url(base: &str, q: &Query) -> String {
    let mut q = q.clone();
    q.set("embed", Some("1"));
    format!("{base}{}", q.to_search())
}

/// The full app at the same state: the query without `embed`.
#[must_use]
pub fn open_in_app_url(base: &str, q: &Query) -> String {
    let mut q = q.clone();
    q.set("embed", None);
    format!("{base}{}", q.to_search())
}

/// The iframe snippet for the current view, as text to copy (never inserted as HTML here).
#[must_use]
pub fn embed_snippet(base: &str, q: &Query, panel: Option<Panel>) -> String {
    let title = panel.map_or("Warp Lab".to_string(), |p| {
        format!("Warp Lab: {}", p.title())
    });
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"{}\" style=\"border:0;max-width:800px\" loading=\"lazy\"></iframe>",
        escape_attr(&embed_url(base, q)),
        escape_attr(&title),
        default_height(panel)
    )
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
mod tests {
    use super::*;

    #[test]
    fn presentation_params() {
        let (p, e) = presentation(&Query::parse("embed=1&theme=dark"));
        assert_eq!(
            p,
            Presentation {
                embed: true,
                theme: Theme::Dark
            }
        );
        assert!(e.is_empty());
        let (p, e) = presentation(&Query::parse("embed=yes&theme=neon"));
        assert_eq!(p, Presentation::default());
        assert_eq!(
            e.iter().map(|e| e.param.as_str()).collect::<Vec<_>>(),
            ["embed", "theme"]
        );
        assert!(e[1].message.contains("light, dark or auto"));
        assert_eq!(e[0].message, "embed = “yes” is not allowed: use 1 or 0.");
        let (p, e) = crate::i18n::with_lang(crate::i18n::Lang::Hinglish, || {
            presentation(&Query::parse("embed=yes&theme=neon"))
        });
        assert_eq!(p, Presentation::default());
        assert_eq!(e[0].param, "embed");
        assert_eq!(e[0].message, "embed = “yes” nahi chalega: 1 ya 0 likho.");
        assert!(
            e[1].message.contains("light, dark ya auto"),
            "{}",
            e[1].message
        );
    }

    #[test]
    fn snippet_title_follows_the_language() {
        let q = Query::parse("panel=gpu");
        let s = crate::i18n::with_lang(crate::i18n::Lang::Hinglish, || {
            embed_snippet("/", &q, Some(Panel::Gpu))
        });
        assert!(s.contains("title=\"Warp Lab: Tumhara GPU\""), "{s}");
    }

    #[test]
    fn snippets_reproduce_the_view() {
        let q = Query::parse("panel=warps&block=48,4&warp=1");
        let s = embed_snippet("https://c.edu/gpu/warplab/", &q, Some(Panel::Warps));
        assert_eq!(
            s,
            "<iframe src=\"https://c.edu/gpu/warplab/?panel=warps&amp;block=48,4&amp;warp=1&amp;embed=1\" \
             title=\"Warp Lab: Block-to-warp map\" width=\"100%\" height=\"900\" \
             style=\"border:0;max-width:800px\" loading=\"lazy\"></iframe>"
        );
        let q = Query::parse("panel=divergence&cond=idx%22%3E%3Cscript%3E&embed=1");
        let s = embed_snippet("/", &q, Some(Panel::Divergence));
        assert!(!s.contains("\"><script>"), "{s}");
        assert_eq!(
            open_in_app_url("/a/", &Query::parse("embed=1&panel=warps")),
            "/a/?panel=warps"
        );
    }

    #[test]
    fn only_documented_host_messages_pass() {
        use crate::i18n::Lang;
        let msg = |fields: &[(&str, &str)]| {
            let fields: Vec<(String, String)> = fields
                .iter()
                .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
                .collect();
            HostMessage::from_fields(|name| {
                fields
                    .iter()
                    .find(|(k, _)| k == name)
                    .map(|(_, v)| v.clone())
            })
        };
        let host = ("source", "warp-lab-host");
        assert_eq!(
            msg(&[host, ("type", "request-height")]),
            Some(HostMessage::RequestHeight)
        );
        assert_eq!(
            msg(&[host, ("type", "set-theme"), ("theme", "dark")]),
            Some(HostMessage::SetTheme(Theme::Dark))
        );
        assert_eq!(msg(&[host, ("type", "set-theme"), ("theme", "<b>")]), None);
        assert_eq!(msg(&[host, ("type", "set-theme")]), None);
        assert_eq!(
            msg(&[host, ("type", "set-lang"), ("lang", "hinglish")]),
            Some(HostMessage::SetLang(Lang::Hinglish))
        );
        assert_eq!(
            msg(&[host, ("type", "set-lang"), ("lang", "en")]),
            Some(HostMessage::SetLang(Lang::En))
        );
        assert_eq!(msg(&[host, ("type", "set-lang"), ("lang", "fr")]), None);
        assert_eq!(msg(&[host, ("type", "set-lang"), ("theme", "en")]), None);
        assert_eq!(msg(&[("source", "evil"), ("type", "request-height")]), None);
        assert_eq!(msg(&[("type", "request-height")]), None);
        assert_eq!(msg(&[host, ("type", "eval")]), None);
    }
}
