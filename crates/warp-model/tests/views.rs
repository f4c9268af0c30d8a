//! Views never compute a figure (ARCHITECTURE.md; issue 44).
//!
//! A number a learner reads in a sentence goes through the catalogue, `tr!(key, name = value)`
//! in the app (`src/`). This file reads every such call of the app's code and fails when an
//! argument is arithmetic (`launch.n() - 1`, `32 - w.if_lanes()`): that number is a figure the
//! view made, which the model, its tests and its worked steps never see. The one arithmetic a
//! view may do is count from one (`i + 1`: the third step of a list is "step 3").

use std::path::Path;

#[path = "support/sources.rs"]
mod sources;
use sources::rust_files;

/// The argument lists (after the key) of every `tr!(…)` in `src`, with their line numbers,
/// strings blanked.
fn tr_arguments(src: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let b = src.as_bytes();
    let mut from = 0;
    while let Some(k) = src[from..].find("tr!(") {
        let start = from + k + "tr!(".len();
        let ident_before =
            start > 4 && (b[start - 5].is_ascii_alphanumeric() || b[start - 5] == b'_');
        let (mut depth, mut i, mut text) = (1, start, String::new());
        while i < b.len() && depth > 0 {
            match b[i] {
                b'"' => {
                    i += 1;
                    while i < b.len() && b[i] != b'"' {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                    text.push_str("\"\"");
                }
                c => {
                    depth += i32::from(c == b'(' || c == b'[' || c == b'{');
                    depth -= i32::from(c == b')' || c == b']' || c == b'}');
                    if depth > 0 {
                        text.push(char::from(c));
                    }
                }
            }
            i += 1;
        }
        from = i.min(b.len());
        if ident_before {
            continue;
        }
        let args = text.split_once(',').map_or("", |(_, a)| a);
        let line = src[..start].lines().count();
        out.push((line, args.split_whitespace().collect::<Vec<_>>().join(" ")));
    }
    out
}

/// Whether an argument list does arithmetic other than counting from one.
fn computes(args: &str) -> bool {
    let counted = args.replace(" + 1", "");
    [" - ", " + ", " * ", " / ", " % "]
        .iter()
        .any(|op| counted.contains(op))
}

#[test]
fn no_view_computes_a_number_it_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut calls = 0;
    let mut found = Vec::new();
    for f in &files {
        let name = f.to_string_lossy();
        if name.ends_with("tests.rs") {
            continue;
        }
        let src = std::fs::read_to_string(f).unwrap();
        for (line, args) in tr_arguments(&src) {
            calls += 1;
            if computes(&args) {
                found.push(format!(
                    "src/{}:{line}: {args}",
                    f.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    // The app words hundreds of sentences through `tr!`: a reader that finds none is broken.
    assert!(calls > 100, "tr! calls found: {calls}");
    assert!(
        found.is_empty(),
        "a view computes a number it prints (ask the model): {found:#?}"
    );
}

#[test]
fn the_reader_sees_arithmetic_in_arguments_and_lets_counting_from_one_pass() {
    // Probe: a subtraction and a product are caught, even across lines; `i + 1`, a string with
    // a minus sign, a method call and a nested macro are not.
    let src = concat!(
        "let a = tr!(\"k.a\", last = launch.n() - 1);\n",
        "let b = tr!(\"k.b\", n = i + 1, total = steps.get());\n",
        "let c = tr!(\n    \"k.c\",\n    lanes = 2 * w,\n);\n",
        "let d = tr!(\"k.d\", text = \"a - b\", x = f(y, z));\n",
        "let e = str!(\"k.e\", x = 1 - 2);\n",
    );
    let args = tr_arguments(src);
    assert_eq!(args.len(), 4, "{args:?}");
    let caught: Vec<usize> = args
        .iter()
        .filter(|(_, a)| computes(a))
        .map(|(l, _)| *l)
        .collect();
    assert_eq!(caught, vec![1, 3]);
}
