//! Assignments (issue 29): an instructor's sequence of graded Warp Lab states, as one link.
//!
//! `?assignment=1&title=<text>&step=<query>&step=<query>…`: each `step` is a query of the app
//! (URL-encoded inside the link), in order, at most [`MAX_STEPS`]. A step is one of three
//! kinds ([`StepKind`]), decided by what it opens:
//! - a **prediction**: a panel with a Forecast (warps, divergence, latency, coalescing, banks,
//!   mma) or one of their worked examples; graded on the learner's first reveal (right 1, close ½,
//!   off 0, as the Forecast judges);
//! - a **challenge**: `panel=kernel&challenge=NAME` (a built-in or `custom`); graded stars / 3,
//!   the best check;
//! - a **quiz**: `panel=quiz&seed=…` (with its `topic`, `count`); graded right / questions.
//!
//! A step that does not read is named with its number ([`read`]) and left out; the others
//! still work, under their own numbers. Nothing here needs a server: the steps run in frames of
//! the same site ([`Assignment::frame_query`]), which report to the assignment page with the
//! embed messages every frame posts (`forecast`, `challenge-stars`, `quiz-score`), validated by
//! [`record::Report::from_fields`]; what each step earned is a [`record::Record`], kept per
//! assignment ([`Assignment::key`]) in the progress document, or under an LMS in its
//! `suspend_data` ([`scorm`]).
//!
//! Simplifications, stated where the learner sees them: a step's frame is the panel as it is
//! embedded (its own page, its own bundle); a prediction's inputs are locked until the reveal
//! (`graded=1`), so that the guess is about the state the instructor chose.

pub mod record;
pub mod scorm;

use crate::i18n::Lang;
use crate::kernel_lab::challenge::builtin;
use crate::page::{self, key, Graded, Theme, PRESENTATION_KEYS};
use crate::params::{quote, ParamError};
use crate::query::Query;
use crate::registry::Panel;

/// The most steps an assignment holds.
pub const MAX_STEPS: usize = 20;
/// The longest title, in characters.
pub const MAX_TITLE_CHARS: usize = 120;
/// The longest step, in characters of its decoded query.
pub const MAX_STEP_CHARS: usize = 4000;

/// A prediction step's first reveal as recorded: what its frame opens with when the learner
/// comes back (issue 43: the guess, its verdict and the answer; never a fresh Forecast).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The verdict.
    pub verdict: crate::quiz::Verdict,
    /// The guess as typed (absent in a record kept before guesses were).
    pub guess: Option<String>,
}

/// What a step asks of the learner, and so how it is graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// A Forecast: the first reveal's verdict.
    Prediction,
    /// A kernel-lab challenge: the best stars / 3.
    Challenge,
    /// A quiz: right / questions.
    Quiz,
}

impl StepKind {
    /// Its name in interaction ids and `data-step-kind`: `prediction`, `challenge`, `quiz`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Prediction => "prediction",
            StepKind::Challenge => "challenge",
            StepKind::Quiz => "quiz",
        }
    }

    /// Its name for people.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            StepKind::Prediction => crate::t!("assignment.kind.prediction"),
            StepKind::Challenge => crate::t!("assignment.kind.challenge"),
            StepKind::Quiz => crate::t!("assignment.kind.quiz"),
        }
    }
}

/// What a step's frame must report for the report to count: the challenge it names, or the
/// quiz (topic, seed, the count asked and the draw: what its link says, which the learner cannot
/// change in the frame without the report no longer matching).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// A Forecast reveal in the step's frame: in its example and on its figure, when the
    /// step names them (a panel's own Forecast names neither).
    Forecast {
        /// The step's example (`examples::example_key`).
        example: Option<String>,
        /// The example's Forecast figure, when it names one.
        metric: Option<String>,
    },
    /// Stars for this challenge: a built-in's name, or for an author's `custom-` and its
    /// fingerprint (`kernel_lab::panel::code_key`).
    Challenge(String),
    /// The score of this quiz.
    Quiz {
        /// `topic=` (`all` when absent).
        topic: String,
        /// `seed=`, as decimal text.
        seed: String,
        /// `count=`: the questions asked for (the quiz may build fewer when its topic runs out
        /// of distinct questions; the report says how many it built).
        count: u32,
        /// `draw=`: the rules the questions are drawn under (1 when absent).
        draw: u8,
    },
}

/// One step that reads.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Its number in the link, from 1 (a step that does not read keeps its number empty).
    pub number: usize,
    /// Its query, presentation keys removed.
    pub query: Query,
    /// Its kind.
    pub kind: StepKind,
    /// The panel it opens.
    pub panel: Panel,
    /// What its frame's reports must match.
    pub expect: Expect,
}

impl Step {
    /// Whether the step hands the learners a starter of the author's (a challenge with `src=`):
    /// the author page then says so, and checks that it is not a solution (issue 43).
    #[must_use]
    pub fn gives_starter(&self) -> bool {
        self.kind == StepKind::Challenge
            && self.query.get("src").is_some_and(|s| !s.trim().is_empty())
    }

    /// Whether the author page checks the step before offering it: a starter of the author's
    /// (is it a solution?) and an author's own challenge (does its reference hold: no race, no
    /// run-time error? issue 45).
    #[must_use]
    pub fn checked_by_author(&self) -> bool {
        self.gives_starter()
            || (self.kind == StepKind::Challenge
                && self.query.get("challenge").map(str::trim) == Some("custom"))
    }

    /// The step's label on the learner's page: [`Step::name`], but an example by its title,
    /// not its id (issue 64: `warp-scheduling/B` told a learner which page outside the
    /// assignment answers it). The author page keeps [`Step::name`], whose ids an author pastes.
    #[must_use]
    pub fn label(&self) -> String {
        match self.query.get(key::EXAMPLE).map(crate::examples::find) {
            Some(Ok(e)) => format!("{} · {}", self.panel.title(), e.title()),
            _ => self.name(),
        }
    }

    /// A short name for people: the example, the challenge or the quiz it opens, else the
    /// panel's title.
    #[must_use]
    pub fn name(&self) -> String {
        if let Some(ex) = self.query.get(key::EXAMPLE) {
            return format!("{} · {}", self.panel.title(), ex.trim());
        }
        match &self.expect {
            Expect::Challenge(name) if !name.starts_with("custom") => {
                builtin::title(name).to_string()
            }
            Expect::Quiz { topic, count, .. } => crate::tr!(
                "assignment.step.quiz-name",
                topic = topic.as_str(),
                questions = *count
            ),
            _ => self.panel.title().to_string(),
        }
    }
}

/// An assignment as its link gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Assignment {
    /// `title=` (cut to [`MAX_TITLE_CHARS`]); empty when the link has none.
    pub title: String,
    /// The steps that read, in order.
    pub steps: Vec<Step>,
    /// Every `step=` as written (at most [`MAX_STEPS`]), the ones that do not read included:
    /// the assignment's identity ([`Assignment::key`]).
    pub raw_steps: Vec<String>,
}

/// Reads an assignment link: `None` when the query has no `assignment=`. Every problem is a
/// named error (`assignment`, `title`, `step`), each step's with its number; the steps that
/// read are kept.
#[must_use]
pub fn read(q: &Query) -> Option<(Assignment, Vec<ParamError>)> {
    let flag = q.get(key::ASSIGNMENT)?;
    let mut errors = Vec::new();
    if flag.trim() != "1" {
        errors.push(ParamError::new(
            "assignment",
            crate::tr!("assignment.error.flag", value = quote(flag)),
        ));
    }
    let (assignment, more) = from_parts(q.get(key::TITLE).unwrap_or(""), q.get_all(key::STEP));
    errors.extend(more);
    Some((assignment, errors))
}

/// An assignment from its title and its steps' text (the link's, or the author page's).
#[must_use]
pub fn from_parts<'a>(
    title: &str,
    steps: impl Iterator<Item = &'a str>,
) -> (Assignment, Vec<ParamError>) {
    let mut errors = Vec::new();
    let title = title.trim();
    if title.chars().count() > MAX_TITLE_CHARS {
        errors.push(ParamError::new(
            "title",
            crate::tr!("assignment.error.title-long", max = MAX_TITLE_CHARS),
        ));
    }
    let title: String = title
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_TITLE_CHARS)
        .collect();
    let all: Vec<&str> = steps.collect();
    if all.len() > MAX_STEPS {
        errors.push(ParamError::new(
            "step",
            crate::tr!(
                "assignment.error.too-many",
                count = all.len(),
                max = MAX_STEPS
            ),
        ));
    }
    let raw_steps: Vec<String> = all
        .iter()
        .take(MAX_STEPS)
        .map(|s| (*s).to_string())
        .collect();
    let mut good = Vec::new();
    for (i, raw) in raw_steps.iter().enumerate() {
        match read_step(i + 1, raw) {
            Ok(step) => good.push(step),
            Err(reason) => errors.push(ParamError::new(
                "step",
                crate::tr!("assignment.error.step", number = i + 1, reason),
            )),
        }
    }
    if raw_steps.is_empty() {
        errors.push(ParamError::new(
            "step",
            crate::tr!("assignment.error.no-steps"),
        ));
    }
    (
        Assignment {
            title,
            steps: good,
            raw_steps,
        },
        errors,
    )
}

/// Whether a panel has a Forecast to grade (the panels drawn in the shared panel frame). An
/// exhaustive match: a new panel must say.
#[must_use]
pub fn has_forecast(panel: Panel) -> bool {
    match panel {
        Panel::Warps
        | Panel::Divergence
        | Panel::Latency
        | Panel::Coalescing
        | Panel::Banks
        | Panel::Mma
        | Panel::Memory => true,
        Panel::Quiz | Panel::Gpu | Panel::Kernel => false,
    }
}

/// Reads step `number` from its decoded query text: its kind and what its reports must match,
/// or why it cannot be graded.
///
/// # Errors
/// The reason, in words (the caller adds the step's number).
pub fn read_step(number: usize, raw: &str) -> Result<Step, String> {
    let text = raw.trim().trim_start_matches('?');
    if text.is_empty() {
        return Err(crate::tr!("assignment.error.empty"));
    }
    if text.chars().count() > MAX_STEP_CHARS {
        return Err(crate::tr!(
            "assignment.error.step-long",
            max = MAX_STEP_CHARS
        ));
    }
    let mut query = Query::parse(text);
    if query.get(key::ASSIGNMENT).is_some() {
        return Err(crate::tr!("assignment.error.nested"));
    }
    if query.get(key::PANEL).map(str::trim) == Some(page::Tool::Author.name()) {
        return Err(crate::tr!("assignment.error.author"));
    }
    for k in PRESENTATION_KEYS {
        query.set(k, None);
    }
    let route = page::route(&query);
    if let Some(e) = route.errors.first() {
        return Err(e.message.clone());
    }
    let Some(panel) = route.panel else {
        return Err(crate::tr!("assignment.error.no-panel"));
    };
    let (kind, expect) = match panel {
        Panel::Quiz => {
            let seed = query.get("seed").map_or("", str::trim);
            let seed: u64 = seed
                .parse()
                .map_err(|_| crate::tr!("assignment.error.quiz-seed", value = quote(seed)))?;
            let input = crate::quiz::panel::QuizInput::from_query(
                &query,
                &crate::quiz::panel::QuizInput::default(),
            );
            let (params, errs) = crate::quiz::QuizParams::read(&input);
            if let Some(e) = errs.first() {
                return Err(e.message.clone());
            }
            (
                StepKind::Quiz,
                Expect::Quiz {
                    topic: params.topic.map_or("all", |t| t.name()).to_string(),
                    seed: seed.to_string(),
                    count: u32::try_from(params.count).unwrap_or(u32::MAX),
                    draw: u8::try_from(params.draw.number()).unwrap_or(1),
                },
            )
        }
        Panel::Kernel => {
            let Some(name) = query.get("challenge").map(str::trim) else {
                return Err(crate::tr!("assignment.error.kernel"));
            };
            if name != "custom" && !builtin::NAMES.contains(&name) {
                return Err(crate::tr!(
                    "assignment.error.challenge",
                    value = quote(name),
                    names = builtin::NAMES.join(", ")
                ));
            }
            let key = crate::kernel_lab::panel::code_key_of(&query).unwrap_or_default();
            (StepKind::Challenge, Expect::Challenge(key))
        }
        p if has_forecast(p) => {
            let example = route.example;
            (
                StepKind::Prediction,
                Expect::Forecast {
                    example: example.map(crate::examples::Example::key),
                    metric: example
                        .map(|e| e.forecast_metric)
                        .filter(|m| !m.is_empty())
                        .map(str::to_string),
                },
            )
        }
        p => {
            return Err(crate::tr!("assignment.error.ungraded", panel = p.name()));
        }
    };
    if kind == StepKind::Challenge {
        // `check=` runs the code as the frame opens: a step never carries it (issue 43: the
        // frame showed "3 of 3" for code the learner had not written).
        query.set("check", None);
    }
    Ok(Step {
        number,
        query,
        kind,
        panel,
        expect,
    })
}

impl Assignment {
    /// The assignment's identity, from its steps as written (not its title): 16 hex digits.
    /// Progress is kept under it, so an assignment whose steps change starts afresh.
    #[must_use]
    pub fn key(&self) -> String {
        let joined = self.raw_steps.join("\n");
        format!("{:016x}", crate::rng::seed_from(joined.bytes()))
    }

    /// The assignment as its link writes it, title and steps, in 8 hex digits
    /// (`[data-assignment-id]`, issue 64): a link whose title or steps were changed (a step
    /// deleted to leave only the one a learner knows) is another assignment, and shows another
    /// fingerprint, which the completion report names. Not a secret: anyone can compute it, so
    /// it tells an instructor which assignment was done, never that it was not tampered with.
    #[must_use]
    pub fn fingerprint(&self) -> String {
        let text = std::iter::once(self.title.as_str())
            .chain(self.raw_steps.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("\n");
        let h = crate::rng::seed_from(text.bytes());
        // Both halves folded: the 8 digits depend on every bit of the 64.
        format!("{:08x}", (h >> u32::BITS) ^ (h & u64::from(u32::MAX)))
    }

    /// The line a learner sends their instructor (`[data-assignment-report]`): the title, the
    /// fingerprint, the score as the page shows it (`score`) and the steps done.
    #[must_use]
    pub fn report(&self, score: &str, done: usize) -> String {
        crate::tr!(
            "assignment.report",
            title = self.shown_title(),
            id = self.fingerprint(),
            score,
            done,
            count = self.steps.len()
        )
    }

    /// The title to show: `title=`, or the default.
    #[must_use]
    pub fn shown_title(&self) -> String {
        if self.title.is_empty() {
            crate::tr!("assignment.untitled")
        } else {
            self.title.clone()
        }
    }

    /// The query of step `step`'s frame: the step's own, shown embedded (`embed=1`), graded
    /// (`graded=1`, or `graded=lms` under an LMS: the frame then neither reads nor writes this
    /// browser's progress), a prediction's Forecast on, in the page's language and theme.
    ///
    /// A prediction already recorded (`recorded`, the first reveal) opens revealed with its
    /// verdict and guess (`recorded=`, `guess=`): never a fresh Forecast, whose answer would
    /// be free to see.
    ///
    /// A challenge whose code the record keeps (`code`, under an LMS, where the browser keeps
    /// none) opens on it (`src=`).
    #[must_use]
    pub fn frame_query(
        step: &Step,
        recorded: Option<&Recorded>,
        code: Option<&str>,
        graded: Graded,
        lang: Lang,
        theme: Theme,
    ) -> Query {
        let mut q = step.query.clone();
        q.set(key::EMBED, Some("1"));
        q.set(key::GRADED, Some(graded.name()));
        if step.kind == StepKind::Prediction {
            q.set(key::FORECAST, Some("1"));
            q.set(key::RECORDED, recorded.map(|r| r.verdict.name()));
            q.set(key::GUESS, recorded.and_then(|r| r.guess.as_deref()));
        }
        if step.kind == StepKind::Challenge {
            if let Some(src) = code {
                q.set("src", Some(src));
            }
        }
        if lang != Lang::En {
            q.set(key::LANG, Some(lang.code()));
        }
        if theme != Theme::Auto {
            q.set(key::THEME, Some(theme.name()));
        }
        q
    }
}

/// The assignment link's query: `assignment=1`, `title=` (when not empty), then each step.
#[must_use]
pub fn link_query(title: &str, steps: &[String]) -> Query {
    let mut q = Query::default();
    q.set(key::ASSIGNMENT, Some("1"));
    if !title.trim().is_empty() {
        q.set(key::TITLE, Some(title.trim()));
    }
    for s in steps {
        q.push(key::STEP, s);
    }
    q
}

/// A step from a Warp Lab link an author pasted: a whole address, a query (`?panel=…`) or its
/// text (`panel=…`). The presentation keys (`embed`, `lang`, …) are dropped; an assignment
/// link gives its steps. Each step is returned as query text, checked by [`read_step`].
///
/// # Errors
/// Why the text is not a step, in words.
pub fn steps_from_link(text: &str) -> Result<Vec<String>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(crate::tr!("assignment.error.empty"));
    }
    // An address of another scheme (`javascript:`, `data:`, `mailto:`) is no page of this
    // site: named, not read as a query (issue 65: `JaVaScRiPt:alert(1)//` was taken without a
    // word). A query has no scheme: its first `:` comes after a `=` or `&`.
    if let Some((scheme, _)) = text.split_once(':') {
        let is_scheme = scheme
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic())
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
        if is_scheme
            && !scheme.eq_ignore_ascii_case("http")
            && !scheme.eq_ignore_ascii_case("https")
        {
            return Err(crate::tr!(
                "assignment.error.scheme",
                value = crate::params::quote(text)
            ));
        }
    }
    let text = text.split('#').next().unwrap_or("");
    // `split_once` and `find_str`, not slicing and `contains("://")`: either links std's
    // slicing panic into the page (issue 46).
    let (path, search) = match text.split_once('?') {
        Some((path, search)) => (path, search),
        None if crate::find_str(text, "://").is_some() || text.starts_with('/') => (text, ""),
        None => ("", text),
    };
    // The view a page's path names (`…/coalescing/with/?stride=2`, `…/example/divergence/C4/`:
    // the addresses the app writes, issue 63), read before the query's keys.
    let mut q = Query::default();
    let given = Query::parse(search);
    if given.get(key::PANEL).is_none() && given.get(key::EXAMPLE).is_none() {
        if let Some((k, v)) = view_of_path(path) {
            q.push(k, &v);
        }
    }
    if q.pairs().next().is_none() && !search.contains('=') {
        // Words, not an address (issue 66: "hello world" was "it opens the home view").
        return Err(if path.is_empty() {
            crate::tr!(
                "assignment.error.not-link",
                value = crate::params::quote(text)
            )
        } else {
            crate::tr!("assignment.error.no-query")
        });
    }
    for (k, v) in given.pairs() {
        q.push(k, v);
    }
    if q.get(key::ASSIGNMENT).is_some() {
        let steps: Vec<String> = q.get_all(key::STEP).map(str::to_string).collect();
        if steps.is_empty() {
            return Err(crate::tr!("assignment.error.no-steps"));
        }
        return Ok(steps);
    }
    for key in PRESENTATION_KEYS {
        q.set(key, None);
    }
    // A challenge's editor text is the author's own work, often the solution: a step made from
    // a link never carries it (issue 43). The author page offers it back as the learners'
    // starter, said in words ([`starter_of_link`]).
    if is_challenge(&q) {
        q.set("src", None);
        q.set("check", None);
    }
    let step = q.to_search().trim_start_matches('?').to_string();
    read_step(1, &step)?;
    Ok(vec![step])
}

/// The view the path of one of the site's pages names: `("panel", "warps")` for
/// `…/warps/with/`, `("example", "divergence/C4")` for `…/embed/example/divergence/C4/graded/`;
/// `None` for a path that names neither (the site's root, wherever it is hosted).
fn view_of_path(path: &str) -> Option<(&'static str, String)> {
    let mut found = None;
    let mut parts = path.split('/').filter(|p| !p.is_empty());
    while let Some(part) = parts.next() {
        if part == "example" {
            // As declared (`divergence/C4`), as `site::address` reads it; its topic
            // (`divergence`) is no panel of the path.
            let (Some(topic), Some(cell)) = (parts.next(), parts.next()) else {
                break;
            };
            if let Some(e) = crate::examples::ALL
                .iter()
                .find(|e| e.topic == topic && e.cell == cell)
            {
                found = Some((key::EXAMPLE, e.key()));
            }
        } else if let Some(panel) = Panel::parse(part) {
            found = Some((key::PANEL, panel.name().to_string()));
        }
    }
    found
}

fn is_challenge(q: &Query) -> bool {
    q.get(key::PANEL).map(str::trim) == Some(Panel::Kernel.name()) && q.get("challenge").is_some()
}

/// The editor text (`src=`) a pasted challenge link carried, which [`steps_from_link`] left out
/// of its step: the author page offers it as the learners' starter, never silently.
#[must_use]
pub fn starter_of_link(text: &str) -> Option<String> {
    let text = text.trim().split('#').next().unwrap_or("");
    let search = text.split_once('?').map_or(text, |(_, search)| search);
    let q = Query::parse(search);
    if !is_challenge(&q) {
        return None;
    }
    q.get("src")
        .filter(|s| !s.trim().is_empty())
        .map(str::to_string)
}

/// Step text with `src` set to `starter`: the author's explicit choice of the learners'
/// starting code.
#[must_use]
pub fn with_starter(step: &str, starter: &str) -> String {
    let mut q = Query::parse(step.trim_start_matches('?'));
    q.set("src", Some(starter));
    q.to_search().trim_start_matches('?').to_string()
}

/// Where this browser keeps every assignment's [`record::held_steps`] (localStorage, one line
/// each: `<assignment key> <held key>`), read by the pages' loader (`xtask/src/loader.js`,
/// which marks a page at such a state `<html data-held>`, and the panel's Forecast then holds
/// its figures back) and by the quiz panel (which holds back a quiz step's questions,
/// [`crate::quiz::panel::held_questions`]). The name is older than the quiz lines: a stored
/// key, kept.
pub const PENDING_KEY: &str = "warp-lab.pending-forecasts";

/// A state's held key: its view (`example=divergence/C4`, as declared, or `panel=warps`), a
/// space, and its other settings sorted, page keys left out (`block=64`): how an address and a
/// step are compared, by this crate and by the loader alike (`forecast=0`, `lang=`, `embed=`
/// and the order of the settings change nothing). `None` for a query with no view.
#[must_use]
pub fn held_key(q: &Query) -> Option<String> {
    let view = match q.get(key::EXAMPLE) {
        Some(ex) => format!("example={}", crate::examples::find(ex).ok()?.key()),
        None => format!("panel={}", q.get(key::PANEL)?.trim()),
    };
    // Sorted as they come (a few settings): `sort` would link a whole sort into the
    // assignment's bundle, 1.5 kB gzip (issue 64's round, measured).
    let mut rest: Vec<String> = Vec::new();
    for (k, v) in q.pairs().filter(|(k, _)| !page::PAGE_KEYS.contains(k)) {
        let pair = format!("{k}={v}");
        let at = rest.iter().position(|r| *r > pair).unwrap_or(rest.len());
        rest.insert(at, pair);
    }
    Some(format!("{view} {}", rest.join("&")))
}

#[cfg(test)]
mod tests;
