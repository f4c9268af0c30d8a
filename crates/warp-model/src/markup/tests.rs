#[test]
fn every_markup_character_becomes_an_entity() {
    assert_eq!(
        super::escape(r#"<a href="x?a=1&b='2'">"#),
        "&lt;a href=&quot;x?a=1&amp;b=&apos;2&apos;&quot;&gt;"
    );
    assert_eq!(super::escape("warp 0 · lanes 0–31"), "warp 0 · lanes 0–31");
}
