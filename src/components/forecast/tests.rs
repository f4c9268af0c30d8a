use super::guess_html;
use warp_model::figure::{Figure, Value};

/// The learner's guess (typed, or a recorded one from the address: `guess=`) and the
/// unread line go into the form's markup as text: a payload stays text, in the value
/// attribute and in the paragraph.
#[test]
fn a_guess_and_its_unread_line_stay_text() {
    let payload = r#""><img src=x onerror=alert(1)><p x=""#;
    let key = Figure::new(
        "diverged-cycles",
        "Diverged time",
        Value::Int(21),
        "cycles",
        "",
    );
    let html = guess_html(None, Some(&key), payload, payload);
    assert!(!html.contains("<img"), "{html}");
    assert!(!html.contains(r"<p x="), "{html}");
    assert!(
        html.contains(r#"value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"#),
        "{html}"
    );
    assert!(html.contains(r#"aria-invalid="true""#));
    assert!(html.contains(r#"data-forecast-metric="diverged-cycles""#));
    // No unread line: the paragraph is hidden, the field not marked.
    let calm = guess_html(
        Some(("And the efficiency?", "efficiency")),
        Some(&key),
        "21",
        "",
    );
    assert!(calm.contains(r#"role="alert" hidden>"#), "{calm}");
    assert!(!calm.contains("aria-invalid"));
    assert!(calm.starts_with(r#"<p class="forecast-then" data-forecast-then="efficiency">"#));
}
