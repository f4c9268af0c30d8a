use super::*;

/// A release site's file list as `cargo xtask dist` writes it: every bundle in both languages,
/// the shell, the favicon, the service worker and the list itself.
fn site() -> Vec<String> {
    let mut names = vec![
        "files.txt".to_string(),
        "index.html".into(),
        "sw.js".into(),
        "favicon-0123456789abcdef.svg".into(),
    ];
    let mut bundles: Vec<&str> = vec![
        bundle::HOME,
        bundle::CHECK,
        bundle::SOLVE,
        bundle::RUN,
        bundle::CHALLENGE,
    ];
    bundles.extend(crate::page::Tool::ALL.iter().map(|t| t.name()));
    bundles.extend(Panel::ALL.iter().map(|p| p.name()));
    for lang in ["en", "hinglish"] {
        for b in &bundles {
            names.push(format!("{b}-{lang}-00000000000000aa.js"));
            names.push(format!("{b}-{lang}-00000000000000bb_bg.wasm"));
        }
        names.push(format!("check-worker-{lang}-00000000000000cc.js"));
        names.push(format!("solve-worker-{lang}-00000000000000dd.js"));
        names.push(format!("run-worker-{lang}-00000000000000ee.js"));
    }
    names
}

fn held(bundles: &[&str], launch: &str) -> Vec<String> {
    let names = site();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    files_of(&refs, bundles, launch)
        .into_iter()
        .map(str::to_string)
        .collect()
}

fn week3() -> Assignment {
    let q = Query::parse(
        "assignment=1&title=W\
&step=example%3Ddivergence%2FC4\
&step=panel%3Dkernel%26challenge%3Dtranspose\
&step=panel%3Dquiz%26topic%3Dbanks%26count%3D4%26seed%3D7",
    );
    crate::assignment::read(&q).expect("an assignment").0
}

#[test]
fn an_assignment_package_holds_its_steps_pages_in_its_language_only() {
    // A prediction (divergence), a challenge (the challenge's bundle, not the plain lab's, with
    // its check worker) and a banks quiz
    // (with its solution worker; its scenarios open the banks panel): the tools' bundle, those
    // four panels' and the two workers', each js + wasm, plus the two workers' scripts, the
    // shell and the favicon: 2·7 + 2 + 2 = 18 of the site's 78 files (17 bundles and 3
    // workers' scripts a language, and 4 more).
    let bundles = assignment_bundles(&week3());
    assert_eq!(
        bundles,
        [
            "assignment",
            "divergence",
            "challenge",
            "check",
            "check-worker",
            "quiz",
            "solve",
            "solve-worker",
            "banks"
        ]
    );
    assert_eq!(site().len(), 78);
    let launch = "index.html?assignment=1&lms=scorm";
    let files = held(&bundles, launch);
    assert_eq!(files.len(), 18, "{files:?}");
    assert!(files.contains(&"index.html".to_string()));
    assert!(files.contains(&"check-worker-en-00000000000000cc.js".to_string()));
    assert!(files.iter().all(|f| !f.contains("hinglish")), "{files:?}");
    for out in [
        "sw.js",
        "files.txt",
        "home-en-00000000000000aa.js",
        "warps-en-00000000000000bb_bg.wasm",
        "mma-en-00000000000000aa.js",
    ] {
        assert!(!files.contains(&out.to_string()), "{out}");
    }
    // In Hinglish: the same files in Hinglish.
    let hi = held(&bundles, &format!("{launch}&lang=hinglish"));
    assert_eq!(hi.len(), 18);
    assert!(
        hi.iter()
            .filter(|f| f.contains("-00000000000000"))
            .all(|f| f.contains("-hinglish-")),
        "{hi:?}"
    );
}

#[test]
fn a_quiz_package_holds_the_quiz_and_its_topics_panels() {
    // One topic: the quiz, its solution worker and the banks panel its scenarios open (3
    // bundles and the worker's script: 6 files + 1, + the shell and the favicon).
    let bundles = quiz_bundles(Topic::parse("banks"));
    assert_eq!(bundles, ["quiz", "solve", "solve-worker", "banks"]);
    let files = held(&bundles, "index.html?panel=quiz&topic=banks&lms=scorm");
    assert_eq!(files.len(), 9, "{files:?}");
    assert!(files.contains(&"solve-worker-en-00000000000000dd.js".to_string()));
    assert!(files.contains(&"banks-en-00000000000000aa.js".to_string()));
    // topic=all: the quiz and every topic's panel (six), no kernel, no gpu, no home.
    assert_eq!(
        quiz_bundles(None),
        [
            "quiz",
            "solve",
            "solve-worker",
            "warps",
            "divergence",
            "latency",
            "coalescing",
            "banks",
            "mma"
        ]
    );
}

#[test]
fn a_dev_build_without_languages_keeps_every_file() {
    let names = [
        "index.html",
        "warp-lab-0000000000000001.js",
        "warp-lab-0000000000000001_bg.wasm",
        "sw.js",
    ];
    assert_eq!(
        files_of(&names, &["quiz"], "index.html?panel=quiz&seed=1"),
        names
    );
}

#[test]
fn a_bundle_holds_only_its_own_files() {
    assert!(bundle::holds("check", "en", "check-en-00aa.js"));
    assert!(!bundle::holds("check", "en", "check-worker-en-00aa.js"));
    assert!(bundle::holds(
        "check-worker",
        "en",
        "check-worker-en-00aa.js"
    ));
    assert!(!bundle::holds("warps", "en", "warps-hinglish-00aa.js"));
    assert!(!bundle::holds("quiz", "en", "quizzes-en-00aa.js"));
}

#[test]
fn a_packages_launch_page_is_marked_so_that_it_registers_no_service_worker() {
    // The site's shell, as the build writes it: the mark goes on `<html>`, once, and nothing
    // else changes (the loader reads it: `xtask/src/loader.js`).
    let shell = "<!doctype html>\n<html lang=\"en\" data-query=\"\"><head><title>Warp Lab</title>";
    let packaged = packaged_launch_page(shell);
    assert_eq!(
        packaged,
        "<!doctype html>\n<html data-package=\"\" lang=\"en\" data-query=\"\"><head><title>Warp Lab</title>"
    );
    assert_eq!(packaged_launch_page(&packaged), packaged);
    // A `<html` in the text after the tag is not the tag: only the first one is marked.
    let twice = "<html><body>&lt;html&gt; <code><html</code></body></html>";
    assert_eq!(packaged_launch_page(twice).matches(PACKAGE_MARK).count(), 1);
    // A page with no `<html>` tag (not the site's) is kept as it is.
    assert_eq!(packaged_launch_page("<p>x</p>"), "<p>x</p>");
}
