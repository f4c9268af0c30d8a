use super::*;

#[test]
fn a_message_names_its_parameter_once_and_quotes_the_url_as_text() {
    // A message that does not open with its parameter gets the name in bold before it.
    assert_eq!(
        error_html(&ParamError::new("block-x", "must be from 1 to 1024"), false),
        r#"<p class="error" data-error="block-x" id="error-block-x"><strong>block-x</strong>: must be from 1 to 1024</p>"#
    );
    // One that opens with it ("pass-score = 150 …") is not prefixed again; nor is a plain one.
    let opens = ParamError::new("pass-score", "pass-score = 150 is out of range");
    assert!(error_html(&opens, false)
        .ends_with(r#"id="error-pass-score">pass-score = 150 is out of range</p>"#));
    // "pass-scores …" opens with the letters but not the name: still named.
    let longer = ParamError::new("pass-score", "pass-scores are whole numbers");
    assert!(error_html(&longer, false).contains("<strong>pass-score</strong>: pass-scores"));
    assert!(!error_html(&longer, true).contains("<strong>"));
    // A script payload in a URL value is shown as text, in the words and in the attributes.
    let payload = ParamError::new("x\"><b>", "<script>alert(1)</script> is not a number");
    let html = error_html(&payload, false);
    assert!(
        !html.contains("<script>") && !html.contains("<b>"),
        "{html}"
    );
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; is not a number"));
    assert!(html.contains(r#"data-error="x&quot;&gt;&lt;b&gt;""#));
}
