//! The URL contract only grows (ARCHITECTURE.md; issue 44).
//!
//! Course authors write links and read figures by name: the page-level keys (`lang`, `embed`,
//! …), each panel's `panel=` name, its URL keys, its modes' values, and the `data-metric` name of every figure it can show. Those names
//! are promises: this file walks the model for every name it declares or emits today and
//! checks that
//! - each one is in the reference, `docs/`, between backticks (documented), and
//! - each one in `tests/contract.txt` (every name ever published) is still declared or emitted
//!   (never renamed or dropped silently); a new name is added there in the commit that makes it.
//!
//! Figures are collected by evaluating every panel at its defaults, in each of its modes, at
//! every worked example's inputs and at every kernel-lab preset.

use std::collections::BTreeSet;

use warp_model::examples;
use warp_model::kernel_lab::panel::PRESETS;
use warp_model::page::PAGE_KEYS;
use warp_model::query::Query;
use warp_model::registry::Panel;

/// Every name the model declares or emits today, as `kind name` lines.
fn names_today() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut figures = |panel: Panel, q: Query| {
        for f in panel.evaluate_query(&q, &[]).figures {
            out.insert(format!("metric {}", generic(f.metric)));
        }
    };
    for &panel in Panel::ALL {
        figures(panel, Query::default());
        if let Some(modes) = panel.spec().modes {
            for m in modes.only {
                figures(
                    panel,
                    Query::parse(&format!("{}={}", modes.param.url_key(), m.value)),
                );
            }
        }
    }
    for e in examples::ALL {
        let mut q = Query::default();
        for (k, v) in e.params {
            q.push(k, v);
        }
        figures(e.panel, q);
    }
    for (_, src, launch) in PRESETS {
        let mut q = Query::parse(launch);
        q.push("src", src);
        figures(Panel::Kernel, q);
    }
    for k in PAGE_KEYS {
        out.insert(format!("key {k}"));
    }
    for &panel in Panel::ALL {
        let spec = panel.spec();
        out.insert(format!("panel {}", spec.name));
        for p in spec.params {
            out.insert(format!("key {}", p.url_key()));
        }
        if let Some(modes) = spec.modes {
            for m in modes.only {
                out.insert(format!("mode {}", m.value));
            }
        }
    }
    out
}

/// A figure named after the learner's own variables (`value-out-0`, from `watch=out[0]`) is one
/// family: its pattern is the contract.
fn generic(metric: &str) -> String {
    if metric.starts_with("value-") {
        "value-NAME-i".to_string()
    } else {
        metric.to_string()
    }
}

/// Every Markdown file of the reference, `docs/` (its folders too), one after another.
fn docs() -> String {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs")),
        &mut files,
    );
    files.sort();
    assert!(files.len() > 10, "docs/ holds {} pages", files.len());
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The reference's page of URL parameters.
fn parameters_page() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/url-parameters.md"
    ))
    .unwrap()
}

fn published() -> BTreeSet<String> {
    include_str!("contract.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The names in `today` that `readme` does not write between backticks.
fn undocumented(today: &BTreeSet<String>, readme: &str) -> Vec<String> {
    today
        .iter()
        .filter(|line| {
            let name = line.split_once(' ').map_or(line.as_str(), |(_, n)| n);
            !readme.contains(&format!("`{name}`"))
                && !readme.contains(&format!("`{name}=")) // `mode=fragment`, `lane=3`
                && !readme.contains(&format!("={name}`")) // `panel=mma`, `mode=fragment`
        })
        .cloned()
        .collect()
}

#[test]
fn every_name_a_link_or_a_figure_uses_is_in_the_docs() {
    let today = names_today();
    // 9 panels, each with some keys and figures: far more than 100 names.
    assert!(today.len() > 100, "{} names", today.len());
    let missing = undocumented(&today, &docs());
    assert!(
        missing.is_empty(),
        "not in docs/ (between backticks): {missing:#?}"
    );
}

#[test]
fn no_published_name_is_renamed_or_dropped() {
    let today = names_today();
    let published = published();
    let gone: Vec<&String> = published.difference(&today).collect();
    assert!(
        gone.is_empty(),
        "published names no longer declared or emitted: {gone:#?}"
    );
    let new: Vec<&String> = today.difference(&published).collect();
    assert!(
        new.is_empty(),
        "new names: document them in docs/ and add them to tests/contract.txt: {new:#?}"
    );
}

#[test]
fn a_renamed_figure_or_key_is_caught() {
    // Probe: rename one published figure and one key in today's set; the checks above see both
    // gone, and a name docs/ does not write is caught as undocumented.
    let mut today = names_today();
    assert!(today.remove("metric warps-per-block"));
    assert!(today.remove("key pitch"));
    today.insert("metric warps-in-block".to_string());
    let published = published();
    let gone: Vec<&String> = published.difference(&today).collect();
    assert_eq!(gone, ["key pitch", "metric warps-per-block"]);
    let missing = undocumented(&today, &docs());
    assert_eq!(missing, ["metric warps-in-block"]);
}

/// What docs/url-parameters.md's tables of bad values lack, as `panel key: why` lines: every
/// page key needs a row `| `key` |`; every panel key a row `| panel | `key` |` whose values
/// cell gives a whole number's range as `min–max` and every value of a choice in backticks.
fn bad_value_rows_missing(page: &str) -> Vec<String> {
    use warp_model::params::{Kind, UrlForm};
    let row = |start: &str| {
        page.lines()
            .find(|l| l.starts_with(start))
            .map(str::to_string)
    };
    let mut out = Vec::new();
    for k in PAGE_KEYS {
        if row(&format!("| `{k}` |")).is_none() {
            out.push(format!("page {k}: no row"));
        }
    }
    for &panel in Panel::ALL {
        let spec = panel.spec();
        for p in spec.params {
            let key = p.url_key();
            let Some(line) = row(&format!("| {} | `{key}` |", spec.name)) else {
                out.push(format!("{} {key}: no row", spec.name));
                continue;
            };
            // The values cell, the row's third.
            let values = line.split(" | ").nth(2).unwrap_or_default();
            let need: Vec<String> = match (p.kind, p.url) {
                (_, UrlForm::Part { .. }) => Vec::new(),
                (Kind::Whole { min, max }, _) => vec![format!("{min}–{max}")],
                (Kind::Choice(choices), _) => {
                    choices.iter().map(|c| format!("`{}`", c.value)).collect()
                }
                _ => Vec::new(),
            };
            for n in need {
                if !values.contains(&n) {
                    out.push(format!("{} {key}: values lack {n}", spec.name));
                }
            }
        }
    }
    out
}

#[test]
fn every_key_says_what_a_bad_value_gets() {
    // Issue 65: the reference says, for every key, what it takes and what a bad value gets (the
    // rule for a repeated key is one for all, above the tables).
    let page = parameters_page();
    assert!(page.contains("## A bad value, a repeated key (every key)"));
    assert!(page.contains("**A repeated key**"));
    let missing = bad_value_rows_missing(&page);
    assert!(missing.is_empty(), "{missing:#?}");
    // Probe: a row taken out, and a range that no longer matches its declaration, are caught.
    let cut = page.replace("| mma | `pitch` |", "| mma | `pitches` |");
    assert_eq!(bad_value_rows_missing(&cut), ["mma pitch: no row"]);
    let off = page.replace("| 1–8 schedulers (1) |", "| 1–9 schedulers (1) |");
    assert_eq!(bad_value_rows_missing(&off), ["latency S: values lack 1–8"]);
    let page_key = page.replace("| `pass-score` |", "| `passing` |");
    assert_eq!(
        bad_value_rows_missing(&page_key),
        ["page pass-score: no row"]
    );
}
