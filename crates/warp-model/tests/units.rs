//! Units small enough to see, and the warp size written once (issue 44).
//!
//! Two reads of every Rust file of the workspace (the model, the app, the tools):
//! - **no function over 150 lines** ([`MAX_FN_LINES`]) but the worked-step tables declared in
//!   [`WORKED_STEP_TABLES`] (a worked example is a long list of steps, read top to bottom);
//! - **no bare `32`** in the code of the model and the app: the warp size is
//!   `warp_model::WARP_SIZE` (and `LANE_SLOTS`, its `usize` twin), the banks are `BANKS`. A `32`
//!   may stand only where it is named: on the line of a `const` or `static` item (its one home),
//!   in text (a string, a comment), or in test code, which writes its expected numbers by hand.
//!
//! Both are read from the text (rustfmt's layout: a function ends at the first `}` at its own
//! indentation), not from a parser: the probes below show what each read catches.

use std::path::{Path, PathBuf};

#[path = "support/sources.rs"]
mod sources;
use sources::rust_files;

/// The longest a function may be, in lines from `fn` to its closing brace.
const MAX_FN_LINES: usize = 150;

/// Worked-step tables: each one a list of steps of one worked example, over the limit because
/// the example is long, not because the function does many things. `(file, function)`.
const WORKED_STEP_TABLES: [(&str, &str); 3] = [
    (
        "crates/warp-model/src/divergence/panel/paths.rs",
        "branch_worked",
    ),
    (
        "crates/warp-model/src/divergence/panel/condition.rs",
        "condition_worked",
    ),
    ("crates/warp-model/src/coalescing/panel.rs", "worked"),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every Rust file under `dirs` (relative to the workspace root), with its path as written in
/// the tables above.
fn sources(dirs: &[&str]) -> Vec<(String, String)> {
    let root = root();
    let mut files = Vec::new();
    for dir in dirs {
        rust_files(&root.join(dir), &mut files);
    }
    files
        .into_iter()
        .map(|f| {
            let name = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (name, std::fs::read_to_string(&f).unwrap())
        })
        .collect()
}

/// The functions of `src` over `max` lines: `(name, first line, lines)`.
fn long_functions(src: &str, max: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let Some(name) = fn_name(trimmed) else {
            continue;
        };
        // The signature ends at the first line ending in `{` (a body) or `;` (a declaration).
        let Some(sig_end) = (i..lines.len()).find(|&k| {
            let l = lines[k].trim_end();
            l.ends_with('{') || l.ends_with(';')
        }) else {
            continue;
        };
        if lines[sig_end].trim_end().ends_with(';') {
            continue;
        }
        // A one-line body (`fn f() { x }`) never reaches here: its line ends in `}`.
        let close = format!("{indent}}}");
        if let Some(end) = (sig_end + 1..lines.len()).find(|&k| lines[k] == close) {
            let n = end - i + 1;
            if n > max {
                out.push((name, i + 1, n));
            }
        }
    }
    out
}

/// `pub(crate) async fn name<…>(` → `name`, for a line that starts a function item.
fn fn_name(line: &str) -> Option<String> {
    let mut rest = line;
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

#[test]
fn no_function_is_over_150_lines_but_the_declared_worked_step_tables() {
    let files = sources(&[
        "crates/warp-model/src",
        "crates/warp-model/tests",
        "src",
        "tests",
        "xtask/src",
    ]);
    assert!(files.len() > 150, "files found: {}", files.len());
    let mut long = Vec::new();
    let mut tables_seen = 0;
    for (path, src) in &files {
        for (name, line, n) in long_functions(src, MAX_FN_LINES) {
            if WORKED_STEP_TABLES.contains(&(path.as_str(), name.as_str())) {
                tables_seen += 1;
            } else {
                long.push(format!("{path}:{line} {name} ({n} lines)"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines: {long:#?}"
    );
    // A table that shrank under the limit leaves the list: the exemption names only what needs it.
    assert_eq!(
        tables_seen,
        WORKED_STEP_TABLES.len(),
        "a declared table is no longer over the limit (or was renamed): {WORKED_STEP_TABLES:?}"
    );
}

#[test]
fn the_function_reader_measures_bodies_and_skips_declarations() {
    // Probe: a 151-line function is caught (1 signature line, 149 body lines, the closing
    // brace), a 150-line one is not, a trait's declaration is no body, and a method is measured
    // at its own indentation from its `fn` line (3 signature lines + 148 + 1 = 152, at line
    // 151 + 150 + 3 trait lines + 1 `impl` line + 1 = 306).
    let body = |n: usize| "    let x = 1;\n".repeat(n);
    let src = format!(
        "fn long() {{\n{}}}\nfn fits() {{\n{}}}\ntrait T {{\n    fn declared(&self);\n}}\nimpl S {{\n    pub(crate) fn method(\n        &self,\n    ) -> u8 {{\n{}    }}\n}}\n",
        body(149),
        body(148),
        body(148),
    );
    let found = long_functions(&src, MAX_FN_LINES);
    assert_eq!(
        found,
        vec![
            ("long".to_string(), 1, 151),
            ("method".to_string(), 306, 152),
        ]
    );
}

/// `src` with its comments, strings and character literals blanked (newlines kept), and its
/// inline test module (`#[cfg(test)] mod tests { … }`, rustfmt's last item) cut.
fn code_only(src: &str) -> String {
    let src = src
        .find("#[cfg(test)]\nmod tests {")
        .map_or(src, |i| &src[..i]);
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let blank = |s: &[u8], out: &mut String| {
        for &c in s {
            out.push(if c == b'\n' { '\n' } else { ' ' });
        }
    };
    let mut i = 0;
    while i < b.len() {
        let prev_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        let end = if b[i..].starts_with(b"//") {
            i + src[i..].find('\n').unwrap_or(b.len() - i)
        } else if b[i..].starts_with(b"/*") {
            i + src[i..].find("*/").map_or(b.len() - i, |k| k + 2)
        } else if b[i] == b'r' && !prev_ident && matches!(b.get(i + 1), Some(b'"' | b'#')) {
            // A raw string: r"…", r#"…"#.
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            if b.get(i + 1 + hashes) == Some(&b'"') {
                let close = format!("\"{}", "#".repeat(hashes));
                let from = i + 2 + hashes;
                from + src[from..]
                    .find(&close)
                    .map_or(b.len() - from, |k| k + close.len())
            } else {
                i + 1
            }
        } else if b[i] == b'"' {
            let mut k = i + 1;
            while k < b.len() && b[k] != b'"' {
                k += if b[k] == b'\\' { 2 } else { 1 };
            }
            k + 1
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            i + 3
        } else if b[i] == b'\'' && b.get(i + 1) == Some(&b'\\') {
            i + src[i + 2..].find('\'').map_or(b.len() - i, |k| k + 3)
        } else {
            out.push(char::from(b[i]));
            i += 1;
            continue;
        };
        let end = end.min(b.len());
        blank(&b[i..end], &mut out);
        i = end;
    }
    out
}

/// The lines of `src`'s code with a bare `32` (not `u32`, `0x32`, `0.32` or `320`; `32.0` is one), outside a
/// `const` or `static` item's line.
fn bare_32s(src: &str) -> Vec<(usize, String)> {
    let code = code_only(src);
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let t = line.trim_start();
        let named = [
            "const ",
            "pub const ",
            "pub(crate) const ",
            "pub(super) const ",
            "static ",
            "pub static ",
        ]
        .iter()
        .any(|p| t.starts_with(p));
        if named {
            continue;
        }
        let b = line.as_bytes();
        let bare = line.match_indices("32").any(|(k, _)| {
            // `..32` is a range's end, not a decimal's digits.
            let range = k >= 2 && &b[k - 2..k] == b"..";
            let before = k.checked_sub(1).map(|j| b[j]).filter(|_| !range);
            let after = b.get(k + 2).copied();
            let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'.';
            // After it, a `.` is a float's point (`32.0`) or a method (`32.min(n)`): the
            // number 32 either way, as is a suffixed literal (`32u8`, `32_usize`, `32f32`).
            let suffix = after.is_some_and(|c| matches!(c, b'u' | b'i' | b'f' | b'_' | b'.'));
            !before.is_some_and(word) && (!after.is_some_and(word) || suffix)
        });
        if bare {
            out.push((n + 1, line.trim().to_string()));
        }
    }
    out
}

#[test]
fn the_warp_size_is_written_once() {
    // Issue 44: `[Val; 32]`, `i / 32`, `num(32)` restated the warp size ~120 times beside its
    // constant. Test files (and inline test modules) are left out: they write by hand.
    let files = sources(&["crates/warp-model/src", "src"]);
    let mut found = Vec::new();
    for (path, src) in &files {
        if path.ends_with("tests.rs") || path.contains("/tests/") {
            continue;
        }
        for (line, text) in bare_32s(src) {
            found.push(format!("{path}:{line}: {text}"));
        }
    }
    assert!(
        found.is_empty(),
        "a bare 32 (name it: WARP_SIZE, LANE_SLOTS, BANKS, or a const): {found:#?}"
    );
}

#[test]
fn the_32_reader_sees_code_and_skips_text_types_and_constants() {
    // Probe: each line that writes the number 32 as code is caught; a type name, a hex or float
    // digit run, a longer number, a string, a comment, a char and a const item's line are not.
    let src = concat!(
        "let a = [0u8; 32];\n",             // 1: caught
        "let b = i / 32;\n",                // 2: caught
        "let c = 32u64;\n",                 // 3: caught (a suffixed literal)
        "let d: u32 = 320 + 0x32;\n",       // 4: no
        "let e = \"32 lanes\";\n",          // 5: no (text)
        "// 32 banks\n",                    // 6: no (a comment)
        "pub const BANKS: u64 = 32;\n",     // 7: no (its home)
        "let f = r#\"tid % 32\"#;\n",       // 8: no (a raw string)
        "let g = '3'; let h = 32_usize;\n", // 9: caught
        "let i = 3.2 + f32::EPSILON;\n",    // 10: no
        "for l in 0..32 {}\n",              // 11: caught (a range's end)
        "let j = 32.0 * COL + 0.32;\n",     // 12: caught (a float 32; 0.32 is not)
        "let k = 32f64.min(1.32e2);\n",     // 13: caught (a suffixed float)
        "let m = 1.5e32 + 132.0;\n",        // 14: no (an exponent, a longer number)
        "#[cfg(test)]\nmod tests {\n    const X: usize = 32;\n    let y = 32;\n}\n", // cut
    );
    let lines: Vec<usize> = bare_32s(src).into_iter().map(|(n, _)| n).collect();
    assert_eq!(lines, vec![1, 2, 3, 9, 11, 12, 13]);
}
