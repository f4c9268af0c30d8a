/// The note and the passing score go in as text (a payload stays text), and the form names
/// its controls as the package tests find them.
#[test]
fn the_form_writes_its_texts_as_text() {
    let payload = r#""><svg onload=alert(1)></textarea>"#;
    let html = super::form_html(payload, payload);
    assert!(!html.contains("<svg"), "{html}");
    assert!(!html.contains("</textarea>"), "{html}");
    assert!(
        html.contains(r#"value="&quot;&gt;&lt;svg onload=alert(1)&gt;"#),
        "{html}"
    );
    for name in [
        r#"select name="scorm-version""#,
        r#"input type="text" inputmode="numeric" name="pass-score""#,
        r#"data-action="download-scorm""#,
    ] {
        assert!(html.contains(name), "{name}");
    }
    // One option chosen: the default version.
    assert_eq!(html.matches(" selected>").count(), 1);
}
