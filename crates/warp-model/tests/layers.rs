//! The model's import graph has no cycles, and its foundations import no GPU concept.
//!
//! Read from the `crate::…` paths in the sources (what `cargo modules dependencies --acyclic`
//! would report, without the tool): a file belongs to its top-level module (`src/warps/panel/
//! block.rs` is `warps`), and a file that names `crate::latency::…` makes its module depend on
//! `latency`. Test code is left out (`tests.rs` files and `#[cfg(test)] mod tests { … }`
//! blocks): a test may look at the whole crate. Macros (`crate::tr!`) and the crate root's own
//! items (`crate::WARP_SIZE`) are not modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The modules every other one may build on; none of them imports a GPU concept.
const FOUNDATIONS: [&str; 7] = [
    "math", "i18n", "params", "figure", "worked", "query", "panel",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The file's code without its inline test module and its comments (a doc link is not an
/// import).
fn without_tests(src: &str) -> String {
    let code = src
        .find("#[cfg(test)]\nmod tests {")
        .map_or(src, |i| &src[..i]);
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules a piece of code names through `crate::`.
fn named_modules(code: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `use crate::{a::b, c};`
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if modules.contains(&name) {
                    out.insert(name);
                }
            }
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if modules.contains(&name) && rest[name.len()..].starts_with("::") {
            out.insert(name);
        }
    }
    out
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let module_of = |path: &Path| -> Option<String> {
        let rel = path.strip_prefix(&src).ok()?;
        let first = rel.components().next()?.as_os_str().to_str()?;
        let name = first.strip_suffix(".rs").unwrap_or(first);
        (name != "lib" && name != "testing").then(|| name.to_string())
    };
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(f)).collect();
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        let Some(m) = module_of(f) else { continue };
        let deps = g.entry(m.clone()).or_default();
        if f.file_name().is_some_and(|n| n == "tests.rs") || f.to_string_lossy().contains("tests/")
        {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        for d in named_modules(&without_tests(&text), &modules) {
            if d != m {
                deps.insert(d);
            }
        }
    }
    g
}

/// A cycle through `start`, if one exists (depth-first search).
fn cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        g: &BTreeMap<String, BTreeSet<String>>,
        node: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == node) {
            let mut c = path[i..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for d in g.get(node).into_iter().flatten() {
            if let Some(c) = visit(g, d, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in g.keys() {
        if let Some(c) = visit(g, node, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

#[test]
fn the_import_graph_has_no_cycles() {
    let g = graph();
    assert!(g.len() >= 15, "modules found: {:?}", g.keys());
    if let Some(c) = cycle(&g) {
        panic!("import cycle: {}\ngraph: {g:#?}", c.join(" → "));
    }
}

#[test]
fn foundations_import_no_gpu_concept() {
    let g = graph();
    for f in FOUNDATIONS {
        let deps = g.get(f).unwrap_or_else(|| panic!("no module {f}"));
        let outside: Vec<&String> = deps
            .iter()
            .filter(|d| !FOUNDATIONS.contains(&d.as_str()))
            .collect();
        assert!(outside.is_empty(), "{f} imports {outside:?}");
    }
}

#[test]
fn the_detector_sees_a_cycle() {
    // The checker itself: a two-module cycle and a grouped import are found.
    let modules: BTreeSet<String> = ["a", "b", "c"]
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert_eq!(
        named_modules(
            "use crate::{a::X, c};\nlet y = crate::b::f(); crate::tr!(\"k\")",
            &modules
        ),
        modules
    );
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(
        cycle(&g),
        Some(vec!["a".to_string(), "b".to_string(), "a".to_string()])
    );
    g.insert("b".to_string(), BTreeSet::new());
    assert_eq!(cycle(&g), None);
}
