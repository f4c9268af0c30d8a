//! `dist/registry.json`: the model's declarations as data, for the tools that are not Rust (the
//! e2e suite and the benchmark read their panel, example and tool lists from it, so that a
//! panel added to `registry!` is opened by them without a list to edit). Written by
//! `cargo xtask dist` beside the site; not part of the site's file list.
//!
//! Shape (English words):
//! `{ "panels": [{ "name", "title", "bundle", "also", "embed_height", "params": [{ "name", "key",
//! "kind": "whole|choice|list|text", "min", "max", "len", "choices", "default", "unit",
//! "in_form", "more" }] }], "tools": [{ "name", "bundle", "query" }], "examples": [{ "id",
//! "panel", "query", "forecast", "then" }], "prerendered": [{ "path", "query", "lang" }] }`
//! (`prerendered`: every page the build prerendered, `warp_model::site::pages`; empty for the
//! dev build, which prerenders none; `also`: the panel's other bundles, the kernel lab's
//! challenge page's in the release build).

use std::collections::BTreeMap;

use serde_json::{json, Value};
use warp_model::examples;
use warp_model::i18n::Lang;
use warp_model::page::Tool;
use warp_model::params::{Kind, Param};
use warp_model::registry::Panel;

fn param(p: &Param) -> Value {
    let mut v = json!({
        "name": p.name,
        "key": p.url_key(),
        "default": p.default,
        "unit": p.unit.map(warp_model::i18n::Msg::text),
        "in_form": p.in_form,
        "more": p.more,
    });
    let kind = match p.kind {
        Kind::Whole { min, max } => json!({ "kind": "whole", "min": min, "max": max }),
        Kind::Choice(choices) => json!({
            "kind": "choice",
            "choices": choices.iter().map(|c| c.value).collect::<Vec<_>>(),
        }),
        Kind::List { min, max, len } => {
            json!({ "kind": "list", "min": min, "max": max, "len": len })
        }
        Kind::Text { len } => json!({ "kind": "text", "len": len }),
    };
    if let (Value::Object(o), Value::Object(k)) = (&mut v, kind) {
        o.extend(k);
    }
    v
}

/// The registry's JSON, with each route's bundle as `routes` gives it (panel or tool name →
/// bundle) and each panel's other bundles as `also` gives them (panel name, bundle).
pub fn registry_json(
    routes: &BTreeMap<&str, &str>,
    also: &[(&str, &str)],
    prerendered: bool,
) -> String {
    warp_model::i18n::with_lang(Lang::En, || {
        let panels: Vec<Value> = Panel::ALL
            .iter()
            .map(|&p| {
                let spec = p.spec();
                json!({
                    "name": p.name(),
                    "title": p.title(),
                    "bundle": routes.get(p.name()),
                    "also": also
                        .iter()
                        .filter(|(panel, _)| *panel == p.name())
                        .map(|(_, b)| *b)
                        .collect::<Vec<_>>(),
                    "embed_height": spec.embed_height,
                    "params": spec.params.iter().map(param).collect::<Vec<_>>(),
                })
            })
            .collect();
        let tools: Vec<Value> = [(Tool::Assignment, "assignment=1"), (Tool::Author, "panel=author")]
            .into_iter()
            .map(|(t, query)| json!({ "name": t.name(), "bundle": routes.get(t.name()), "query": query }))
            .collect();
        let examples: Vec<Value> = examples::ALL
            .iter()
            .map(|e| {
                json!({
                    "id": e.key(),
                    "panel": e.panel.name(),
                    "query": format!("example={}", e.key()),
                    "forecast": e.forecast_metric,
                    "then": (!e.then_metric.is_empty()).then_some(e.then_metric),
                })
            })
            .collect();
        let pages: Vec<Value> = if prerendered {
            warp_model::site::pages()
                .iter()
                .map(|p| json!({ "path": p.path, "query": p.query, "lang": p.lang.code() }))
                .collect()
        } else {
            Vec::new()
        };
        let doc = json!({
            "panels": panels,
            "tools": tools,
            "examples": examples,
            "prerendered": pages,
        });
        serde_json::to_string_pretty(&doc).unwrap_or_default()
    })
}

#[cfg(test)]
mod tests;
