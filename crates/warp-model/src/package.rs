//! What an LMS package holds: only the files the pages its SCO opens need, in the package's
//! language (issue 43: an assignment's package held every bundle of every page in both
//! languages, 11.9 MB).
//!
//! An assignment opens the tools' page and each step's panel in a frame; a quiz (alone or as a
//! step) opens the quiz page, and a question's "open the scenario" link the panel of its topic
//! (every topic's, for `topic=all`); a challenge its own bundle (`bundle::CHALLENGE`) and its
//! check worker. Each page names its
//! package's bundles ([`quiz_bundles`], [`assignment_bundles`]): the quiz's page does not link
//! the assignment's reader to find its own. The package keeps the launch page, the favicon and those bundles'
//! files in the language of `lang=`; the service worker, the file list, the other language and
//! the other pages stay out. A build with no per-language bundles (`cargo xtask serve`'s dev
//! build) keeps every file.

use crate::assignment::Assignment;
use crate::i18n::Lang;
use crate::lms::LAUNCH_FILE;
use crate::page::{bundle, key};
use crate::query::Query;
use crate::quiz::Topic;
use crate::registry::Panel;

/// The bundles a quiz package opens: the quiz's and its topic's panel (every topic's for
/// `topic=all`, `None`), whose scenarios its questions link to.
#[must_use]
pub fn quiz_bundles(topic: Option<Topic>) -> Vec<&'static str> {
    let mut out = Vec::new();
    add_panel(
        &mut out,
        Panel::Quiz,
        Panel::Quiz.name(),
        topic.map_or("all", Topic::name),
    );
    out
}

/// The bundles an assignment's package opens: the assignment page's and each step's panel (and
/// what that opens in turn); never the author page's.
#[must_use]
pub fn assignment_bundles(a: &Assignment) -> Vec<&'static str> {
    let mut out = vec![crate::page::Tool::Assignment.name()];
    for step in &a.steps {
        add_panel(
            &mut out,
            step.panel,
            bundle::of_panel(step.panel, &step.query),
            step.query.get("topic").unwrap_or("all"),
        );
    }
    out
}

/// `panel`'s bundle (`own`: the panel's, or a challenge's) and what it opens in turn: a quiz its
/// solution worker and the panels of its topic (`topic`, or every topic's), a challenge its
/// check worker. Each bundle once, in order.
fn add_panel(out: &mut Vec<&'static str>, panel: Panel, own: &'static str, topic: &str) {
    let mut add = |b: &'static str| {
        if !out.contains(&b) {
            out.push(b);
        }
    };
    add(own);
    match panel {
        Panel::Quiz => {
            add(bundle::SOLVE);
            add(bundle::SOLVE_WORKER);
            let topics = Topic::parse(topic.trim()).map_or(Topic::ALL.to_vec(), |t| vec![t]);
            for t in topics {
                if let Some(p) = Panel::parse(t.name()) {
                    add(p.name());
                }
            }
        }
        // A challenge's runs and check are the check worker's (issue 65; the plain lab's runs
        // are the run worker's, and no step opens the plain lab).
        Panel::Kernel if own == bundle::CHALLENGE => {
            add(bundle::CHECK);
            add(bundle::CHECK_WORKER);
        }
        _ => {}
    }
}

/// Of the site's files (`files.txt`), those a package of `bundles` in the language of its
/// launch URL (`lang=` in `launch`) holds.
#[must_use]
pub fn files_of<'a>(names: &[&'a str], bundles: &[&str], launch: &str) -> Vec<&'a str> {
    let q = Query::parse(launch.split_once('?').map_or("", |(_, s)| s));
    let lang = q
        .get(key::LANG)
        .and_then(Lang::parse)
        .unwrap_or(Lang::En)
        .code();
    let in_lang = |n: &&str| n.contains(&format!("-{lang}-"));
    if !names.iter().any(in_lang) {
        return names.to_vec();
    }
    names
        .iter()
        .copied()
        .filter(|n| {
            *n == LAUNCH_FILE
                || n.starts_with("favicon-")
                || bundles.iter().any(|b| bundle::holds(b, lang, n))
        })
        .collect()
}

#[cfg(test)]
mod tests;

/// The marker a package's launch page carries on its `<html>`: its loader registers no service
/// worker there (the package holds no `sw.js`; issue 64: an LMS's log showed two 404s a launch).
pub const PACKAGE_MARK: &str = "data-package";

/// The launch page as a package holds it: the site's shell with [`PACKAGE_MARK`] on its
/// `<html>` (unchanged when it has no `<html` tag, or has the mark already).
#[must_use]
pub fn packaged_launch_page(html: &str) -> String {
    // Bytes and `str::get`, not `split_once` / `contains` on a `&str` pattern: their searcher
    // links std's slicing panic into the bundles that build a package (the sizes layer's check).
    let after = html
        .as_bytes()
        .windows(5)
        .position(|w| w == b"<html")
        .map(|at| at + 5);
    match after.map(|at| (html.get(..at), html.get(at..))) {
        Some((Some(head), Some(rest))) if !rest.starts_with(" data-package") => {
            format!("{head} {PACKAGE_MARK}=\"\"{rest}")
        }
        _ => html.to_string(),
    }
}
