//! Markup is written by type (ARCHITECTURE.md; issue 67).
//!
//! Every piece of markup the app and the model build as a string goes through
//! `warp_model::markup::Html`, which takes markup only as a `&'static str` and escapes any other
//! text. Two ways around it remain open to the type system, and this file closes them by
//! reading the sources: naming the escaper itself (the habit the writer replaced: a builder that
//! escapes by hand can forget once) and making a `&'static str` at run time (`Box::leak`,
//! `String::leak`), which `Html::raw` would take as markup.

use std::path::Path;

#[path = "support/sources.rs"]
mod sources;
use sources::rust_files;

/// The files that may name the escaper: the writer itself, and the SCORM manifest, XML written
/// line by line with every value through `xml_escape` (its own payload tests in
/// `lms/manifest/tests.rs`).
const MAY_ESCAPE: [&str; 2] = [
    "crates/warp-model/src/markup.rs",
    "crates/warp-model/src/lms/manifest.rs",
];

/// What a line of code may not do, with what to do instead.
const BREAKS: [(&str, &str); 5] = [
    (
        "markup::escape",
        "names the escaper: write through markup::Html",
    ),
    (
        "markup::{escape",
        "names the escaper: write through markup::Html",
    ),
    (
        "xml_escape",
        "names the escaper: write through markup::Html",
    ),
    (
        "Box::leak",
        "makes a &'static str at run time (Html::raw would take it as markup)",
    ),
    (
        ".leak()",
        "makes a &'static str at run time (Html::raw would take it as markup)",
    ),
];

/// The breaks in `src`, with their line numbers (comments and test modules left out).
fn breaks(src: &str) -> Vec<(usize, &'static str)> {
    let code = src
        .find("#[cfg(test)]\nmod tests {")
        .map_or(src, |i| &src[..i]);
    code.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .flat_map(|(n, l)| {
            BREAKS
                .iter()
                .filter(move |(what, _)| l.contains(what))
                .map(move |(_, why)| (n + 1, *why))
        })
        .collect()
}

#[test]
fn markup_is_written_only_through_the_writer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates/warp-model/src"), &mut files);
    let mut writers = 0;
    let mut found = Vec::new();
    for f in &files {
        let name = f.strip_prefix(&root).unwrap().to_string_lossy().to_string();
        if name.ends_with("tests.rs") || MAY_ESCAPE.contains(&name.as_str()) {
            continue;
        }
        let src = std::fs::read_to_string(f).unwrap();
        writers += usize::from(src.contains("Html::new()") || src.contains("Html::with_capacity("));
        for (line, why) in breaks(&src) {
            found.push(format!("{name}:{line}: {why}"));
        }
    }
    // The views, the kernel lab's rooms, the forms and the embed snippet write markup: a reader
    // that finds few writers is reading the wrong folders.
    assert!(writers >= 15, "files with a writer: {writers}");
    assert!(
        found.is_empty(),
        "markup written around the writer: {found:#?}"
    );
}

#[test]
fn the_reader_sees_the_escaper_named_and_a_leaked_str_and_lets_comments_pass() {
    // Made-up breaks, each as a view would write it.
    assert_eq!(
        breaks("use warp_model::markup::escape;\nfn f() {}"),
        [(1, BREAKS[0].1)]
    );
    assert_eq!(
        breaks("fn f(h: &mut Html, s: String) {\n    h.raw(Box::leak(s.into_boxed_str()));\n}"),
        [(2, BREAKS[3].1)]
    );
    assert_eq!(breaks("let t: &'static str = s.leak();").len(), 1);
    assert_eq!(breaks("use warp_model::markup::{escape, Html};")[0].0, 1);
    // A comment that names it, and a test module that uses it, are not breaks.
    assert!(breaks("// the writer replaced markup::escape\nfn f() {}").is_empty());
    assert!(
        breaks("fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::markup::escape;\n}")
            .is_empty()
    );
}
