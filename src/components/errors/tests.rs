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

#[test]
fn a_compile_errors_source_line_and_caret_are_one_quote_that_never_wraps() {
    // The lab's message: words, the source line, a caret under column 38 (37 spaces, then ^).
    let msg = format!(
        "line 3, column 38: unexpected character “$”\n    if (i < n) {{ out[i] = out[i] + 1 $ 2; }}\n{}^",
        " ".repeat(37)
    );
    let quoted = |e: &ParamError| row_html(e, true, words_html);
    let html = quoted(&ParamError::new("src", &msg));
    assert_eq!(
        html,
        format!(
            "<p class=\"error\" data-error=\"src\" id=\"error-src\">line 3, column 38: unexpected character “$”\n<span class=\"error-quote\">    if (i &lt; n) {{ out[i] = out[i] + 1 $ 2; }}\n{}^</span></p>",
            " ".repeat(37)
        )
    );
    // Without a caret line, a message of several lines is words alone, as before.
    let two = ParamError::new("run", "Test 1 failed\nout[3] = 7, expected 8");
    assert!(!quoted(&two).contains("error-quote"));
    // A caret line with nothing before it is no quote either (and no panic).
    assert!(!quoted(&ParamError::new("src", "\n^")).contains("error-quote"));
    assert!(!quoted(&ParamError::new("src", "^")).contains("error-quote"));
    // The other lists (a URL parameter's, the author page's) write the words as they are.
    assert!(!error_html(&ParamError::new("src", &msg), true).contains("error-quote"));
}
