use super::*;

#[test]
fn hashes_inline_scripts_only() {
    let html = format!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"{MARKER}\"><script type=\"module\">import x;</script><script src=\"a.js\"></script>"
        );
    let filled = fill(&html).unwrap();
    // sha256("import x;"), base64.
    let expected = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"import x;"));
    assert!(filled.contains(&format!("'sha256-{expected}'")), "{filled}");
    assert!(filled.contains("'wasm-unsafe-eval'"));
    assert!(!filled.contains("'unsafe-eval'"));
    assert_eq!(filled.matches("sha256-").count(), 1);
    assert!(fill("<html></html>").is_err());
    // A page's own script, allowed beside the template's.
    let more = allow_script(&filled, "var warpFirst=1;");
    let expected =
        base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"var warpFirst=1;"));
    assert!(more.contains(&format!("'sha256-{expected}'")), "{more}");
    assert_eq!(more.matches("sha256-").count(), 2);
}
