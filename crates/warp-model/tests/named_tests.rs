//! Every test the architecture and the reference name exists, and the README and the
//! architecture stay maps (issue 67: ARCHITECTURE.md named
//! `a_timeline_question_is_asked_under_draw_5_only`, which did not).
//!
//! An invariant is only as good as the test it names. This reads ARCHITECTURE.md and every page
//! of `docs/` for names between backticks that look like a test's (snake case, four words or
//! more), and finds each as a `fn` in the workspace's Rust, or as a lint the workspace's
//! `Cargo.toml` configures (`many_single_char_names`).

use std::path::{Path, PathBuf};

#[path = "support/sources.rs"]
mod sources;
use sources::rust_files;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Markdown the names are read from: ARCHITECTURE.md and every page under `docs/`.
fn pages() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let root = root();
    let mut files = vec![root.join("ARCHITECTURE.md")];
    walk(&root.join("docs"), &mut files);
    files
        .into_iter()
        .map(|f| {
            let name = f.strip_prefix(&root).unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&f).unwrap())
        })
        .collect()
}

/// The names between backticks in `text` that read as a test's: lower-case snake case of at
/// least four words (`the_release_builds_one_bundle_per_page`), not a path, a call or a
/// profiler's metric.
fn test_like_names(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.split('_').count() >= 4
                && !s.contains("__") // a profiler's metric (`l1tex__data_pipe_…`)
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && s.starts_with(|c: char| c.is_ascii_lowercase())
        })
        .map(str::to_string)
        .collect()
}

/// The names of `pages` that no `fn` of `code` declares and no lint of `lints` is called,
/// as `page: name`.
fn missing(pages: &[(String, String)], code: &str, lints: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (page, text) in pages {
        for name in test_like_names(text) {
            let declared = code.match_indices(&format!("fn {name}")).any(|(i, m)| {
                !code[i + m.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            });
            if !declared && !lints.contains(&format!("{name} =")) {
                out.push(format!("{page}: {name}"));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

fn workspace_code() -> String {
    let root = root();
    let mut files = Vec::new();
    for dir in ["crates", "src", "xtask", "tests"] {
        rust_files(&root.join(dir), &mut files);
    }
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_test_the_architecture_and_the_docs_name_exists() {
    let pages = pages();
    let named: usize = pages.iter().map(|(_, t)| test_like_names(t).len()).sum();
    // ARCHITECTURE.md names dozens of tests; fewer would mean the reader lost them.
    assert!(named > 30, "{named} names read");
    let code = workspace_code();
    let lints = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let gone = missing(&pages, &code, &lints);
    assert!(gone.is_empty(), "named but not declared: {gone:#?}");
}

#[test]
fn a_name_that_no_test_declares_is_caught() {
    // Probe: the old name ARCHITECTURE.md gave, a prefix of a real test's name, a name only in
    // a comment, and a real test's name and a configured lint, which pass.
    let code = "// fn a_timeline_question_is_asked_under_draw_5_only\n\
                fn a_timeline_question_is_asked_from_draw_5_on() {}";
    let lints = "many_single_char_names = \"allow\"";
    let page = "`a_timeline_question_is_asked_under_draw_5_only` `a_timeline_question_is_asked` \
                `a_timeline_question_is_asked_from_draw_5_on` `many_single_char_names` \
                `src/panels/kernel.rs` `data-metric` `warp_model` \
                `l1tex__data_pipe_lsu_wavefronts_mem_shared`";
    let pages = [("ARCHITECTURE.md".to_string(), page.to_string())];
    // The commented-out name counts as declared text-wise only if it reads `fn name`: a comment
    // that writes it so is the one case this reader cannot tell, and says so here.
    assert_eq!(
        missing(&pages, code, lints),
        ["ARCHITECTURE.md: a_timeline_question_is_asked"]
    );
    let code_without = "fn a_timeline_question_is_asked_from_draw_5_on() {}";
    assert_eq!(
        missing(&pages, code_without, lints),
        [
            "ARCHITECTURE.md: a_timeline_question_is_asked",
            "ARCHITECTURE.md: a_timeline_question_is_asked_under_draw_5_only"
        ]
    );
}

#[test]
fn the_readme_and_the_architecture_stay_maps() {
    // Issue 67: a README of at most 300 lines and an ARCHITECTURE.md of at most 350, the
    // reference in docs/ (README.md had grown to 1,960 lines, ARCHITECTURE.md to 690).
    let lines = |name: &str| {
        std::fs::read_to_string(root().join(name))
            .unwrap()
            .lines()
            .count()
    };
    let (readme, architecture) = (lines("README.md"), lines("ARCHITECTURE.md"));
    assert!(readme <= 300, "README.md has {readme} lines");
    assert!(
        architecture <= 350,
        "ARCHITECTURE.md has {architecture} lines"
    );
    // Each links the reference it leaves out.
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(text.contains("docs/SUMMARY.md") && text.contains("docs/url-parameters.md"));
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    assert!(text.contains("docs/dev/architecture.md"));
}
