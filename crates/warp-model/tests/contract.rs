//! The URL contract only grows (ARCHITECTURE.md; issue 44).
//!
//! Course authors write links and read figures by name: the page-level keys (`lang`, `embed`,
//! …), each panel's `panel=` name, its URL keys, its modes' values, and the `data-metric` name of every figure it can show. Those names
//! are promises: this file walks the model for every name it declares or emits today and
//! checks that
//! - each one is in the README between backticks (documented), and
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

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap()
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
fn every_name_a_link_or_a_figure_uses_is_in_the_readme() {
    let today = names_today();
    // 9 panels, each with some keys and figures: far more than 100 names.
    assert!(today.len() > 100, "{} names", today.len());
    let missing = undocumented(&today, &readme());
    assert!(
        missing.is_empty(),
        "not in the README (between backticks): {missing:#?}"
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
        "new names: document them in the README and add them to tests/contract.txt: {new:#?}"
    );
}

#[test]
fn a_renamed_figure_or_key_is_caught() {
    // Probe: rename one published figure and one key in today's set; the checks above see both
    // gone, and a name the README does not write is caught as undocumented.
    let mut today = names_today();
    assert!(today.remove("metric warps-per-block"));
    assert!(today.remove("key pitch"));
    today.insert("metric warps-in-block".to_string());
    let published = published();
    let gone: Vec<&String> = published.difference(&today).collect();
    assert_eq!(gone, ["key pitch", "metric warps-per-block"]);
    let missing = undocumented(&today, &readme());
    assert_eq!(missing, ["metric warps-in-block"]);
}
