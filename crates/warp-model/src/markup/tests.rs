#[test]
fn every_markup_character_becomes_an_entity() {
    assert_eq!(
        super::escape(r#"<a href="x?a=1&b='2'">"#),
        "&lt;a href=&quot;x?a=1&amp;b=&apos;2&apos;&quot;&gt;"
    );
    assert_eq!(super::escape("warp 0 · lanes 0–31"), "warp 0 · lanes 0–31");
}

/// The payloads every builder that takes outside text is tested with (issue 67).
const PAYLOADS: [&str; 3] = [
    "<img src=x onerror=alert(1)>",
    r#""><svg onload=alert(1)>"#,
    "</textarea><script>alert(1)</script>",
];

#[test]
fn the_writer_escapes_text_and_attribute_values_and_writes_only_static_markup_raw() {
    use super::Html;
    for p in PAYLOADS {
        let mut h = Html::new();
        h.raw("<td").attr("title", p).raw(">").text(p).raw("</td>");
        let s = h.into_string();
        // The only tags are the writer's own; no quote closes the attribute early.
        assert_eq!(s.matches('<').count(), 2, "{s}");
        assert_eq!(s.matches('>').count(), 2, "{s}");
        assert_eq!(s.matches('"').count(), 2, "{s}");
        assert!(s.starts_with("<td title=\"") && s.ends_with("</td>"), "{s}");
        assert!(!s.contains("<img") && !s.contains("<svg") && !s.contains("<script"));
    }
    // By hand: ` data-line="12"`, then the text with its `&` and `'` as entities.
    let mut h = Html::with_capacity(64);
    h.raw("<li")
        .attr_num("data-line", 12)
        .raw("><code>")
        .text("a && b's")
        .raw("</code></li>");
    let mut outer = Html::new();
    outer.raw("<ol>").html(&h).raw("</ol>").num(7);
    assert_eq!(
        outer.as_str(),
        r#"<ol><li data-line="12"><code>a &amp;&amp; b&apos;s</code></li></ol>7"#
    );
}
