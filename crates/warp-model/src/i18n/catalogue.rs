//! The catalogue file format's one parser, shared by `build.rs` (which compiles both catalogues
//! into tables) and the catalogue tests (which report problems by line). Uses only `std`, so
//! the build script can include it with `#[path]`.

use std::collections::HashMap;

/// One message of a catalogue file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// Its key (`warps.thread.range`).
    pub key: &'a str,
    /// Its message: continuation lines joined with one space; placeholders and escapes as
    /// written (they are filled by `i18n::render`).
    pub message: String,
}

/// A line of a catalogue file that is not a message, a comment or a continuation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueError {
    /// 1-based line within its file.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// Parses a catalogue, in file order. Problems are collected, never fatal: a bad line is
/// skipped; a duplicate key keeps its first place and takes the later message.
#[must_use]
pub fn parse(file: &str) -> (Vec<Entry<'_>>, Vec<CatalogueError>) {
    let mut entries: Vec<Entry<'_>> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut problems = Vec::new();
    let mut last: Option<usize> = None;
    for (i, line) in file.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if line.starts_with([' ', '\t']) {
            match last {
                Some(at) => {
                    let v = &mut entries[at].message;
                    if !v.is_empty() {
                        v.push(' ');
                    }
                    v.push_str(trimmed);
                }
                None => problems.push(CatalogueError {
                    line: i + 1,
                    problem: "continuation line with no message before it".into(),
                }),
            }
            continue;
        }
        let Some((key, value)) = line.split_once(" = ").or_else(|| {
            line.strip_suffix(" =")
                .or_else(|| line.strip_suffix('='))
                .map(|k| (k, ""))
        }) else {
            problems.push(CatalogueError {
                line: i + 1,
                problem: format!("expected `key = message`, found {line:?}"),
            });
            last = None;
            continue;
        };
        let key = key.trim();
        if key.is_empty()
            || !key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
        {
            problems.push(CatalogueError {
                line: i + 1,
                problem: format!("bad key {key:?}"),
            });
            last = None;
            continue;
        }
        let message = value.trim().to_string();
        if let Some(&at) = index.get(key) {
            problems.push(CatalogueError {
                line: i + 1,
                problem: format!("duplicate key {key}"),
            });
            entries[at].message = message;
            last = Some(at);
        } else {
            index.insert(key, entries.len());
            last = Some(entries.len());
            entries.push(Entry { key, message });
        }
    }
    (entries, problems)
}
