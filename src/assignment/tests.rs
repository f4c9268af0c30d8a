use super::frame_height;

#[test]
fn a_frames_height_is_whole_pixels_rounded_up_within_bounds() {
    // What frames post (`embed::post_height`: the document's height, a whole or fractional
    // CSS pixel count) and what a hostile or broken message might carry.
    for (text, want) in [
        ("640", Some(640)),
        (" 640 ", Some(640)),
        ("640.0", Some(640)),
        ("640.25", Some(641)),
        ("0.5", Some(1)),
        ("99999", Some(20_000)),
        ("0", None),
        ("", None),
        ("-5", None),
        ("1e3", None),
        ("12px", None),
        (".5", None),
        ("NaN", None),
        ("9999999999", None),
    ] {
        assert_eq!(frame_height(text), want, "{text:?}");
    }
}
