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

/// The calls whose arguments a learner reads as numbers: a catalogue message's placeholders
/// (`tr!(key, …)`, `fill(message, &[…])`: after the first argument) and the stars a target is
/// labelled with (`glyphs(n)`: the whole list). `(opener, whether the first argument is the
/// message)`.
const PRINTERS: [(&str, bool); 3] = [("tr!(", true), ("fill(", true), ("glyphs(", false)];

/// Methods that count bits: a view that calls one makes a figure (lanes active, lanes that
/// rejoin) that the model, its tests and its worked steps never see.
const COUNTERS: [&str; 4] = [
    ".count_ones()",
    ".count_zeros()",
    ".leading_zeros()",
    ".trailing_zeros()",
];

/// The argument lists of every `tr!(…)` in `src` (after the key), with their line numbers,
/// strings blanked.
fn tr_arguments(src: &str) -> Vec<(usize, String)> {
    call_arguments(src, "tr!(", true)
}

/// The argument lists of every call `opener…)` in `src` (after the first argument when
/// `skip_first`), with their line numbers, strings blanked; a longer name ending the same way
/// (`lane_fill(`) is not one.
fn call_arguments(src: &str, opener: &str, skip_first: bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let b = src.as_bytes();
    let mut from = 0;
    while let Some(k) = src[from..].find(opener) {
        let start = from + k + opener.len();
        let before = start - opener.len();
        let ident_before =
            before > 0 && (b[before - 1].is_ascii_alphanumeric() || b[before - 1] == b'_');
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
        let args = if skip_first {
            text.split_once(',').map_or("", |(_, a)| a)
        } else {
            text.as_str()
        };
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

/// The lines of `src` that count bits ([`COUNTERS`]), outside comments.
fn bit_counts(src: &str) -> Vec<(usize, &'static str)> {
    src.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .flat_map(|(n, l)| {
            COUNTERS
                .into_iter()
                .filter(move |c| l.contains(c))
                .map(move |c| (n + 1, c))
        })
        .collect()
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
        let at = |line: usize, what: &str| {
            format!(
                "src/{}:{line}: {what}",
                f.strip_prefix(&root).unwrap().display()
            )
        };
        for (opener, skip_first) in PRINTERS {
            for (line, args) in call_arguments(&src, opener, skip_first) {
                calls += 1;
                if computes(&args) {
                    found.push(at(line, &args));
                }
            }
        }
        for (line, counter) in bit_counts(&src) {
            found.push(at(line, counter));
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

#[test]
fn the_reader_sees_a_count_and_a_star_rule_made_in_a_view() {
    // Probe (issue 67): the breaks the first reader missed. A lane count made by the view,
    // passed through `fill` or straight into `tr!`, and a target's stars as `i + 2`, are
    // caught; the model's own counts (`s.active_lanes()`, `for_target(i)`), a longer name
    // ending in `fill(` and a comment are not.
    let src = concat!(
        "let lanes = e.rejoin.count_ones();\n", // 1: a bit count
        "fill(entry, &[(\"lanes\", &(total - idle))]);\n", // 2: arithmetic
        "tr!(\"k\", active = s.mask.count_ones());\n", // 3: a bit count
        "view! { <li>{glyphs(u8::try_from(i + 2).unwrap_or(3))}</li> }\n", // 4: arithmetic
        "tr!(\"k\", active = s.active_lanes()); glyphs(for_target(i));\n",
        "lane_fill(a - b); fill(entry, &[(\"lanes\", &e.lanes())]);\n",
        "// the mask's count_ones() is the model's\n",
    );
    let mut caught: Vec<usize> = PRINTERS
        .iter()
        .flat_map(|(opener, skip)| call_arguments(src, opener, *skip))
        .filter(|(_, a)| computes(a))
        .map(|(l, _)| l)
        .chain(bit_counts(src).into_iter().map(|(l, _)| l))
        .collect();
    caught.sort_unstable();
    assert_eq!(caught, vec![1, 2, 3, 4]);
}
