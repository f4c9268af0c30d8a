//! The kernel view's string builders with outside text: a payload stays text.

use leptos::prelude::*;

use super::run::status_line;

#[test]
fn a_status_lines_words_are_text_whatever_the_worker_said() {
    // A broken run's reason is the worker's (a browser's error message): escaped, never markup.
    let payload = r#"<img src=x onerror=alert(1)>"><svg onload=alert(2)>"#;
    let html = Owner::new().with(|| {
        status_line(
            ("data-run", "broken"),
            payload,
            Some(("stop-run", "Stop")),
            || {},
        )
        .to_html()
    });
    assert!(!html.contains("<img") && !html.contains("<svg"), "{html}");
    assert!(
        html.contains("&lt;img src=x onerror=alert(1)&gt;"),
        "{html}"
    );
    assert!(html.contains(r#"data-run="broken""#), "{html}");
    assert!(
        html.contains(r#"<button type="button" data-action="stop-run">Stop</button>"#),
        "{html}"
    );
}
