//! Text from outside is text: the one escaper every piece of markup the app writes by hand
//! goes through (the embed snippet, the SCORM manifest, the charts' SVG).

/// `s` with `&`, `<`, `>`, `"` and `'` as entities: safe as element text and as an attribute
/// value in either quotes, in HTML, XML and SVG.
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;
