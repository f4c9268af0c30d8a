//! The URL contract. Course pages deep-link into the app, so the query string is a public,
//! documented interface (README, "URL parameters"): `panel=`, `example=`, and each panel's
//! parameters. Parameters this version does not know are kept as they are, so that a link
//! written for a later version loses nothing when it passes through this one.

use crate::examples::{self, Example};
use crate::params::{quote, ParamError};

/// The panels, in the order the home view lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Panel {
    /// Block-to-warp map.
    Warps,
    /// Divergence timeline.
    Divergence,
    /// Latency-hiding slider.
    Latency,
    /// Coalescing view.
    Coalescing,
    /// Self-test quizzes.
    Quiz,
    /// Measurements on the learner's own GPU.
    Gpu,
    /// CUDA C run warp by warp.
    Kernel,
}

impl Panel {
    /// Every panel, in home-view order.
    pub const ALL: [Panel; 7] = [
        Panel::Warps,
        Panel::Divergence,
        Panel::Latency,
        Panel::Coalescing,
        Panel::Quiz,
        Panel::Gpu,
        Panel::Kernel,
    ];

    /// The value of `panel=` that opens it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Panel::Warps => "warps",
            Panel::Divergence => "divergence",
            Panel::Latency => "latency",
            Panel::Coalescing => "coalescing",
            Panel::Quiz => "quiz",
            Panel::Gpu => "gpu",
            Panel::Kernel => "kernel",
        }
    }

    /// Its title.
    #[must_use]
    pub fn title(self) -> &'static str {
        use crate::t;
        match self {
            Panel::Warps => t!("common.panel.warps.title"),
            Panel::Divergence => t!("common.panel.divergence.title"),
            Panel::Latency => t!("common.panel.latency.title"),
            Panel::Coalescing => t!("common.panel.coalescing.title"),
            Panel::Quiz => t!("common.panel.quiz.title"),
            Panel::Gpu => t!("common.panel.gpu.title"),
            Panel::Kernel => t!("common.panel.kernel.title"),
        }
    }

    /// The one question it answers.
    #[must_use]
    pub fn question(self) -> &'static str {
        use crate::t;
        match self {
            Panel::Warps => t!("common.panel.warps.question"),
            Panel::Divergence => t!("common.panel.divergence.question"),
            Panel::Latency => t!("common.panel.latency.question"),
            Panel::Coalescing => t!("common.panel.coalescing.question"),
            Panel::Quiz => t!("common.panel.quiz.question"),
            Panel::Gpu => t!("common.panel.gpu.question"),
            Panel::Kernel => t!("common.panel.kernel.question"),
        }
    }

    /// The panel named `s`, if any.
    #[must_use]
    pub fn parse(s: &str) -> Option<Panel> {
        Panel::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// A parsed query string: ordered key/value pairs, values decoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    pairs: Vec<(String, String)>,
}

impl Query {
    /// Parses `location.search` (with or without its leading `?`).
    #[must_use]
    pub fn parse(search: &str) -> Query {
        let s = search.strip_prefix('?').unwrap_or(search);
        Query {
            pairs: form_urlencoded::parse(s.as_bytes()).into_owned().collect(),
        }
    }

    /// The first value of `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets `key` (replacing every earlier value in place), or removes it for `None`.
    pub fn set(&mut self, key: &str, value: Option<&str>) {
        let at = self.pairs.iter().position(|(k, _)| k == key);
        self.pairs.retain(|(k, _)| k != key);
        if let Some(v) = value {
            let pair = (key.to_string(), v.to_string());
            match at {
                Some(i) => self.pairs.insert(i.min(self.pairs.len()), pair),
                None => self.pairs.push(pair),
            }
        }
    }

    /// The query string with a leading `?`, or empty when there are no pairs. Commas and the
    /// `/` in `example=` stay readable.
    #[must_use]
    pub fn to_search(&self) -> String {
        if self.pairs.is_empty() {
            return String::new();
        }
        let mut ser = form_urlencoded::Serializer::new(String::new());
        for (k, v) in &self.pairs {
            ser.append_pair(k, v);
        }
        format!("?{}", ser.finish().replace("%2C", ",").replace("%2F", "/"))
    }
}

/// What the URL asks the app to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// The panel to open; `None` is the home view.
    pub panel: Option<Panel>,
    /// The preset named by `example=`, when it is one of the seeds' cells.
    pub example: Option<&'static Example>,
    /// Problems with `panel=` or `example=` (each panel reports its own parameters).
    pub errors: Vec<ParamError>,
}

/// Reads `panel=` and `example=`. An example opens its own panel; if `panel=` names another
/// one, the example wins and the conflict is reported.
#[must_use]
pub fn route(q: &Query) -> Route {
    let mut errors = Vec::new();
    let panel = match q.get("panel") {
        None => None,
        Some(name) => match Panel::parse(name) {
            Some(p) => Some(p),
            None => {
                let names: Vec<&str> = Panel::ALL.iter().map(|p| p.name()).collect();
                errors.push(ParamError::new(
                    "panel",
                    crate::tr!(
                        "common.route.panel.unknown",
                        value = quote(name),
                        names = names.join(", ")
                    ),
                ));
                None
            }
        },
    };
    let example = match q.get("example") {
        None => None,
        Some(key) => match examples::find(key) {
            Ok(ex) => Some(ex),
            Err(e) => {
                errors.push(e);
                None
            }
        },
    };
    if let (Some(ex), Some(p)) = (example, panel) {
        if ex.panel != p {
            errors.push(ParamError::new(
                "panel",
                crate::tr!(
                    "common.route.example.other-panel",
                    topic = ex.topic,
                    cell = ex.cell,
                    owner = ex.panel.name(),
                    asked = p.name()
                ),
            ));
        }
    }
    Route {
        panel: example.map(|e| e.panel).or(panel),
        example,
        errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_writes_back() {
        let q = Query::parse("?panel=warps&block=48%2C4&thread=70&embed=1");
        assert_eq!(q.get("panel"), Some("warps"));
        assert_eq!(q.get("block"), Some("48,4"));
        assert_eq!(q.to_search(), "?panel=warps&block=48,4&thread=70&embed=1");
        let mut q = q;
        q.set("thread", None);
        q.set("warp", Some("1"));
        q.set("block", Some("8,4,3"));
        assert_eq!(q.to_search(), "?panel=warps&block=8,4,3&embed=1&warp=1");
        assert_eq!(Query::parse("").to_search(), "");
        assert_eq!(Query::parse("?a=%3Cscript%3E").get("a"), Some("<script>"));
        let q = Query::parse("example=warp-scheduling/C2");
        assert_eq!(q.to_search(), "?example=warp-scheduling/C2");
    }

    #[test]
    fn routes() {
        assert_eq!(route(&Query::parse("")).panel, None);
        assert_eq!(
            route(&Query::parse("panel=warps")).panel,
            Some(Panel::Warps)
        );
        let r = route(&Query::parse("panel=nope"));
        assert_eq!(r.panel, None);
        assert_eq!(r.errors[0].param, "panel");
        assert!(
            r.errors[0].message.contains("warps, divergence"),
            "{}",
            r.errors[0].message
        );
        let r = route(&Query::parse("example=execution-model/B"));
        assert_eq!(r.panel, Some(Panel::Warps));
        assert_eq!(r.example.unwrap().cell, "B");
        let r = route(&Query::parse("example=divergence/C4"));
        assert_eq!(r.panel, Some(Panel::Divergence));
        let r = route(&Query::parse("example=divergence/C11"));
        assert_eq!(r.errors[0].param, "example");
        let r = route(&Query::parse("panel=latency&example=warp-scheduling/A"));
        assert_eq!(r.panel, Some(Panel::Warps));
        assert_eq!(r.errors[0].param, "panel");
        assert_eq!(
            r.errors[0].message,
            "example warp-scheduling/A belongs to panel=warps, not panel=latency; showing the example."
        );
    }

    #[test]
    fn titles_and_routing_errors_in_hinglish() {
        use crate::i18n::{with_lang, Lang};
        assert_eq!(Panel::Gpu.title(), "Your GPU");
        assert_eq!(
            Panel::Latency.question(),
            "How many warps does it take to hide a memory stall?"
        );
        with_lang(Lang::Hinglish, || {
            assert_eq!(Panel::Gpu.title(), "Tumhara GPU");
            assert!(Panel::Warps.question().contains("kaise badalta hai"));
            for p in Panel::ALL {
                assert!(!p.title().is_empty() && !p.question().contains('⟦'));
            }
            let r = route(&Query::parse("panel=nope"));
            assert_eq!(r.panel, None);
            assert_eq!(r.errors[0].param, "panel");
            assert!(
                r.errors[0].message.contains("koi panel nahi")
                    && r.errors[0].message.contains("warps, divergence"),
                "{}",
                r.errors[0].message
            );
            let r = route(&Query::parse("panel=latency&example=warp-scheduling/A"));
            assert_eq!(r.panel, Some(Panel::Warps));
            assert!(
                r.errors[0].message.contains("panel=warps ka hai"),
                "{}",
                r.errors[0].message
            );
        });
    }
}
