//! `quote`: outside text in a message, cut short and isolated (issue 65).

use super::{is_bidi_control, quote};

#[test]
fn a_quoted_value_cannot_turn_the_sentence_around() {
    // `guess=%E2%80%AE12` and `block=%E2%80%AEabc`: U+202E (right-to-left override) reversed
    // the rest of the line that quoted them; it is named instead.
    assert_eq!(quote("\u{202E}12"), "“[U+202E]12”");
    assert_eq!(quote("\u{202E}abc"), "“[U+202E]abc”");
    // Every embedding, override, isolate and mark; other text as given, a right-to-left
    // letter included (it is text, not a control).
    for c in [
        '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{2066}', '\u{2067}', '\u{2068}',
        '\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}',
    ] {
        assert!(is_bidi_control(c), "{c:?}");
        assert!(!quote(&c.to_string()).contains(c), "{c:?}");
    }
    assert_eq!(quote("\u{05D0}b"), "“\u{05D0}b”");
    assert!(!is_bidi_control('a'));
    // Cut at 24 characters, a named control counting as one.
    let long = format!("\u{202E}{}", "x".repeat(30));
    assert_eq!(quote(&long), format!("“[U+202E]{}…”", "x".repeat(23)));
}
