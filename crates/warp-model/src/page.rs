//! What the URL says about the whole page, before any panel reads its own parameters: which
//! panel or worked example to open (`panel=`, `example=`), the language (`lang=`), and how the
//! page is shown (`embed=`, `theme=`). Each bad value becomes a named error and a default.

use crate::examples::{self, Example};
use crate::i18n::Lang;
use crate::params::{quote, ParamError};
use crate::query::Query;
use crate::registry::Panel;

/// A page that is not a panel: an assignment, or the page that builds one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// `assignment=` (any value; only `1` is right): the steps of an assignment, graded.
    Assignment,
    /// `panel=author`: builds an assignment.
    Author,
}

impl Tool {
    /// Every tool page, in the order docs/ lists them.
    pub const ALL: &'static [Tool] = &[Tool::Assignment, Tool::Author];

    /// Its name, as the page's loader routes it (`assignment`, `author`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Tool::Assignment => "assignment",
            Tool::Author => "author",
        }
    }
}

/// The URL keys a page reads whatever its panel: their one spelling. The page reads them here
/// (and `site`, `embed`, `assignment`, `lms` where they write them); a panel's own keys are its
/// `Param`s.
pub mod key {
    /// `panel`: the panel to open.
    pub const PANEL: &str = "panel";
    /// `example`: a seed page's worked example.
    pub const EXAMPLE: &str = "example";
    /// `lang`: the page's language.
    pub const LANG: &str = "lang";
    /// `embed`: shown in a frame, without the site's header.
    pub const EMBED: &str = "embed";
    /// `theme`: light, dark or the system's.
    pub const THEME: &str = "theme";
    /// `forecast`: Forecast first.
    pub const FORECAST: &str = "forecast";
    /// `graded`: a graded step of an assignment.
    pub const GRADED: &str = "graded";
    /// `recorded`: a graded step's recorded verdict.
    pub const RECORDED: &str = "recorded";
    /// `guess`: a graded step's recorded guess.
    pub const GUESS: &str = "guess";
    /// `assignment`: an assignment's link.
    pub const ASSIGNMENT: &str = "assignment";
    /// `title`: an assignment's title.
    pub const TITLE: &str = "title";
    /// `step`: an assignment's step.
    pub const STEP: &str = "step";
    /// `at`: the step an assignment opens on.
    pub const AT: &str = "at";
    /// `lms`: launched by an LMS.
    pub const LMS: &str = "lms";
    /// `pass-score`: an LMS package's passing score.
    pub const PASS_SCORE: &str = "pass-score";
}

/// Every page-level key (`key`), in docs/url-parameters.md's order.
pub const PAGE_KEYS: [&str; 15] = [
    key::PANEL,
    key::EXAMPLE,
    key::LANG,
    key::EMBED,
    key::THEME,
    key::FORECAST,
    key::GRADED,
    key::RECORDED,
    key::GUESS,
    key::ASSIGNMENT,
    key::TITLE,
    key::STEP,
    key::AT,
    key::LMS,
    key::PASS_SCORE,
];

/// The page-level keys that say how a page is shown rather than what it shows: an
/// assignment's step drops them (its frame sets its own), and so does a link pasted into the
/// author page.
pub const PRESENTATION_KEYS: [&str; 10] = [
    key::EMBED,
    key::LANG,
    key::THEME,
    key::LMS,
    key::PASS_SCORE,
    key::GRADED,
    key::FORECAST,
    key::RECORDED,
    key::GUESS,
    key::ASSIGNMENT,
];

/// The release site's wasm bundles by name (`cargo xtask dist` writes `<name>-<lang>-<hash>.js`
/// and `…_bg.wasm` for each): one per panel and one per tool page (the panel's or the tool's
/// name: a learner's assignment page does not carry the author page), and these. The one home of the
/// names the build, the size budgets and an LMS package's file list share.
pub mod bundle {
    /// The home view's.
    pub const HOME: &str = "home";
    /// The challenge check's worker (`src/bin/check.rs`): no page routes to it.
    pub const CHECK: &str = "check";
    /// The module script that starts that worker (`check-worker-<lang>-<hash>.js`).
    pub const CHECK_WORKER: &str = "check-worker";
    /// The quiz's solution worker (`src/bin/solve.rs`, issue 46): no page routes to it.
    pub const SOLVE: &str = "solve";
    /// The module script that starts that worker (`solve-worker-<lang>-<hash>.js`).
    pub const SOLVE_WORKER: &str = "solve-worker";
    /// The plain kernel lab's run worker (`src/bin/run.rs`, issue 65): no page routes to it.
    pub const RUN: &str = "run";
    /// The module script that starts that worker (`run-worker-<lang>-<hash>.js`).
    pub const RUN_WORKER: &str = "run-worker";
    /// The kernel lab's GPU run (`src/bin/gpu-run.rs`, issue 69): the model's run, the WGSL
    /// translation and the WebGPU runner, fetched on the first "Run on my GPU".
    pub const GPU_RUN: &str = "gpu-run";
    /// The module script that starts that worker (`gpu-worker-<lang>-<hash>.js`).
    pub const GPU_WORKER: &str = "gpu-worker";
    /// Every worker's bundle and the module script that starts it; the loader hands each
    /// script's name to the page (`window.warpCheck`, `window.warpSolve`, `window.warpRun`,
    /// `window.warpGpu`).
    pub const WORKERS: [(&str, &str); 4] = [
        (CHECK, CHECK_WORKER),
        (SOLVE, SOLVE_WORKER),
        (RUN, RUN_WORKER),
        (GPU_RUN, GPU_WORKER),
    ];
    /// The panels whose pages have a first frame (issue 63, `src/frame.rs`): a module of its own
    /// (`first-<panel>`, `src/bin/first-<panel>.rs`) that the page's loader runs on an address
    /// with settings, to draw that state into the prerendered markup before the panel's bundle
    /// is live. Fetched only for such an address, never for the page's own state.
    pub const FIRST_FRAMES: [crate::registry::Panel; 4] = [
        crate::registry::Panel::Warps,
        crate::registry::Panel::Coalescing,
        crate::registry::Panel::Banks,
        crate::registry::Panel::Memory,
    ];

    /// The first frame's bundle of `panel`'s pages, if it has one (`first-coalescing`).
    #[must_use]
    pub fn first_frame(panel: crate::registry::Panel) -> Option<String> {
        FIRST_FRAMES
            .contains(&panel)
            .then(|| format!("{FIRST_PREFIX}{}", panel.name()))
    }

    /// What a first frame's bundle name starts with.
    pub const FIRST_PREFIX: &str = "first-";

    /// A challenge's page (`src/bin/challenge.rs`): the kernel lab with its challenge box and
    /// check. A `panel=kernel` page whose `challenge=` is not empty loads it; the plain lab's
    /// bundle (`kernel`) links no challenge (issue 46: 26 kB gzip less on that page).
    pub const CHALLENGE: &str = "challenge";

    /// The bundle that draws `panel` for the query `q` (`route`'s panel): the panel's own, or
    /// [`CHALLENGE`] for the kernel lab with a `challenge=`. The loader applies the same rule
    /// (`xtask/src/loader.js`).
    #[must_use]
    pub fn of_panel(panel: crate::registry::Panel, q: &crate::query::Query) -> &'static str {
        let challenge = q
            .get(crate::kernel_lab::panel::CHALLENGE.url_key())
            .is_some_and(|c| !c.trim().is_empty());
        if panel == crate::registry::Panel::Kernel && challenge {
            CHALLENGE
        } else {
            panel.name()
        }
    }

    /// Whether `file` is one of bundle `name`'s files in language `lang` (`warps-en-3f2a….js`,
    /// `check-worker-en-….js`); `check` does not claim `check-worker`'s.
    #[must_use]
    pub fn holds(name: &str, lang: &str, file: &str) -> bool {
        file.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix('-'))
            .and_then(|rest| rest.strip_prefix(lang))
            .is_some_and(|rest| rest.starts_with('-'))
    }
}

/// What the URL asks the app to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// An assignment or the author page; then `panel` and `example` are `None`.
    pub tool: Option<Tool>,
    /// The panel to open; `None` is the home view (or a tool).
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
    // An assignment link's own steps are inside its `step=` values: its top level names no
    // panel (one that does is ignored, as the assignment is what the link is).
    let tool = if q.get(key::ASSIGNMENT).is_some() {
        Some(Tool::Assignment)
    } else if q.get(key::PANEL).map(str::trim) == Some(Tool::Author.name()) {
        Some(Tool::Author)
    } else {
        None
    };
    if tool.is_some() {
        return Route {
            tool,
            panel: None,
            example: None,
            errors,
        };
    }
    let panel = match q.get(key::PANEL) {
        None => None,
        Some(name) => {
            if let Some(p) = Panel::parse(name) {
                Some(p)
            } else {
                // Every value `panel=` takes: the panels, and the author page (issue 65: the
                // list left it out).
                let mut names: Vec<&str> = Panel::ALL.iter().map(|p| p.name()).collect();
                names.push(Tool::Author.name());
                errors.push(ParamError::new(
                    key::PANEL,
                    crate::tr!(
                        "common.route.panel.unknown",
                        value = quote(name),
                        names = names.join(", ")
                    ),
                ));
                None
            }
        }
    };
    let example = match q.get(key::EXAMPLE) {
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
                key::PANEL,
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
        tool: None,
        panel: example.map(|e| e.panel).or(panel),
        example,
        errors,
    }
}

/// The language `lang=` asks for (English when absent), and a named error when it is not one
/// of ours (the page then speaks English).
#[must_use]
pub fn lang(q: &Query) -> (Lang, Option<ParamError>) {
    match q.get(key::LANG) {
        None => (Lang::En, None),
        Some(raw) => match Lang::parse(raw) {
            Some(l) => (l, None),
            None => (
                Lang::En,
                Some(ParamError::new(
                    key::LANG,
                    crate::tr!("common.lang.invalid", value = quote(raw)),
                )),
            ),
        },
    }
}

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
    /// `forecast=1` / `forecast=0`: the Forecast gate on or off, whatever the page's default
    /// (`None`: the default, on for a worked example).
    pub forecast: Option<bool>,
    /// `graded=`: the page is a graded step of an assignment, in its frame.
    pub graded: Graded,
    /// `recorded=right|close|off`: in a graded frame, the verdict the assignment already
    /// recorded for this prediction step; the Forecast opens revealed with it (issue 43), never
    /// as a fresh guess. Ignored outside a graded frame.
    pub recorded: Option<crate::quiz::Verdict>,
}

/// `graded=`: whether the page is a step of an assignment, graded by the page around it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Graded {
    /// Absent or `0`: a page of its own.
    #[default]
    No,
    /// `1`: a graded step. The Forecast is on and cannot be switched off, and a prediction's
    /// inputs are locked until the reveal, so the guess is about the state the step opened.
    Step,
    /// `lms`: a graded step of an assignment launched by an LMS. As `Step`, and the page
    /// neither reads nor writes this browser's progress (a shared computer must never show
    /// one learner's work to another: the LMS keeps the attempt).
    Lms,
}

impl Graded {
    /// Its value in the URL: `0`, `1`, `lms`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Graded::No => "0",
            Graded::Step => "1",
            Graded::Lms => "lms",
        }
    }

    /// Whether the page is a graded step.
    #[must_use]
    pub fn is_step(self) -> bool {
        self != Graded::No
    }
}

/// Reads `embed`, `theme` and `forecast`; bad values fall back to the defaults and are
/// reported, each naming its choices.
#[must_use]
pub fn presentation(q: &Query) -> (Presentation, Vec<ParamError>) {
    let mut errors = Vec::new();
    let embed = match q.get(key::EMBED).map(str::trim) {
        None | Some("0" | "false" | "") => false,
        Some("1" | "true") => true,
        Some(other) => {
            errors.push(ParamError::new(
                key::EMBED,
                crate::tr!("common.embed.invalid", value = quote(other)),
            ));
            false
        }
    };
    let theme = match q.get(key::THEME) {
        None => Theme::Auto,
        Some(t) => Theme::parse(t).unwrap_or_else(|| {
            errors.push(ParamError::new(
                key::THEME,
                crate::tr!("common.theme.invalid", value = quote(t)),
            ));
            Theme::Auto
        }),
    };
    let forecast = match q.get(key::FORECAST).map(str::trim) {
        None | Some("") => None,
        Some("1" | "true") => Some(true),
        Some("0" | "false") => Some(false),
        Some(other) => {
            errors.push(ParamError::new(
                key::FORECAST,
                crate::tr!("common.forecast.invalid", value = quote(other)),
            ));
            None
        }
    };
    let graded = match q.get(key::GRADED).map(str::trim) {
        None | Some("" | "0") => Graded::No,
        Some("1") => Graded::Step,
        Some("lms") => Graded::Lms,
        Some(other) => {
            errors.push(ParamError::new(
                key::GRADED,
                crate::tr!("common.graded.invalid", value = quote(other)),
            ));
            Graded::No
        }
    };
    // A page key given twice (issue 65: `lang=en&lang=hinglish`, `embed=1&embed=0`, `at=2&at=3`
    // were read without a word): the first is read, as for a panel's inputs (issue 45), and
    // named. `step=` is an assignment's list, given once per step.
    for k in PAGE_KEYS.iter().filter(|k| **k != key::STEP) {
        if let Some(first) = q.get(k) {
            errors.extend(crate::params::repeated(q, k, first));
        }
    }
    let recorded = match q.get(key::RECORDED).map(str::trim) {
        None | Some("") => None,
        Some(v) => {
            let verdict = crate::quiz::Verdict::parse(v);
            if verdict.is_none() {
                errors.push(ParamError::new(
                    key::RECORDED,
                    crate::tr!("common.recorded.invalid", value = quote(v)),
                ));
            }
            verdict.filter(|_| graded.is_step())
        }
    };
    (
        Presentation {
            embed,
            theme,
            forecast,
            graded,
            recorded,
        },
        errors,
    )
}

/// `guess=`: in a graded frame that opens a recorded prediction (`recorded=`), the first guess
/// as the learner typed it, shown again beside its verdict; `None` elsewhere, and for a value
/// that is not a guess a record keeps ([`crate::quiz::guess_text`]).
#[must_use]
pub fn recorded_guess(q: &Query) -> Option<String> {
    presentation(q).0.recorded?;
    let g = q.get(key::GUESS)?;
    crate::quiz::guess_text(g).filter(|t| t == g.trim())
}

#[cfg(test)]
mod tests;
