//! Text from outside is text, by type: [`Html`], the writer every piece of markup the app builds
//! as a string goes through, and [`escape`], its escaper.
//!
//! The rule [`Html`] keeps (issue 67): markup goes in only as a `&'static str`, written in the
//! program ([`Html::raw`]); any other text, from a learner's kernel to a URL value to a message
//! of the catalogues, goes in through [`Html::text`] or as an attribute's value
//! ([`Html::attr`]), and is escaped there. A `String` cannot be written raw, so text made at run
//! time cannot become markup by habit or by accident. (A catalogue message is a `&'static str`
//! too: it goes in as text like any other words; the writer's tests and the views' payload tests
//! hold that.)
//!
//! Written here rather than taken from a crate: an HTML builder crate (`maud`, `markup`,
//! `html-builder`) brings macros or a tree for what is a string with four ways in, and each
//! bundle that draws markup would carry its runtime.

/// `s` with `&`, `<`, `>`, `"` and `'` as entities: safe as element text and as an attribute
/// value in either quotes, in HTML, XML and SVG.
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(&mut out, s);
    out
}

fn escape_into(out: &mut String, s: &str) {
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
}

/// Markup being written: safe by construction, since only [`Html::raw`] writes markup, and only
/// from the program's own `&'static str`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Html(String);

impl Html {
    /// Nothing written yet.
    #[must_use]
    pub fn new() -> Self {
        Self(String::new())
    }

    /// Room for `n` bytes, for a writer whose size is known (a listing, a row of cells).
    #[must_use]
    pub fn with_capacity(n: usize) -> Self {
        Self(String::with_capacity(n))
    }

    /// Markup written in the program: a tag, its fixed attributes, an entity.
    pub fn raw(&mut self, markup: &'static str) -> &mut Self {
        self.0.push_str(markup);
        self
    }

    /// Text, escaped: element text, or inside an attribute's quotes.
    pub fn text(&mut self, text: &str) -> &mut Self {
        escape_into(&mut self.0, text);
        self
    }

    /// A whole number (nothing in it to escape).
    pub fn num(&mut self, n: u64) -> &mut Self {
        use std::fmt::Write as _;
        let _ = write!(self.0, "{n}");
        self
    }

    /// A drawing coordinate as SVG and CSS take it (`12.5`, never `12.500000000000002`):
    /// [`crate::figure::rounded`] to two places, which links no float formatting.
    pub fn coord(&mut self, v: f64) -> &mut Self {
        self.0.push_str(&crate::figure::rounded(v, 2));
        self
    }

    /// ` name="12.5"`, a coordinate as an attribute's value ([`Html::coord`]).
    pub fn attr_coord(&mut self, name: &'static str, v: f64) -> &mut Self {
        self.name(name).coord(v).0.push('"');
        self
    }

    /// ` name="value"`, the value escaped; written inside an open tag.
    pub fn attr(&mut self, name: &'static str, value: &str) -> &mut Self {
        self.name(name).text(value).0.push('"');
        self
    }

    /// ` name="n"`, a whole number as an attribute's value.
    pub fn attr_num(&mut self, name: &'static str, n: u64) -> &mut Self {
        self.name(name).num(n).0.push('"');
        self
    }

    /// ` name="`: an attribute's name and its opening quote (the value and the closing quote
    /// follow).
    fn name(&mut self, name: &'static str) -> &mut Self {
        self.0.push(' ');
        self.0.push_str(name);
        self.0.push_str("=\"");
        self
    }

    /// `<tag>`.
    pub fn open(&mut self, tag: &'static str) -> &mut Self {
        self.0.push('<');
        self.0.push_str(tag);
        self.0.push('>');
        self
    }

    /// `</tag>`.
    pub fn close(&mut self, tag: &'static str) -> &mut Self {
        self.0.push_str("</");
        self.0.push_str(tag);
        self.0.push('>');
        self
    }

    /// `<tag>text</tag>`, the text escaped.
    pub fn elem(&mut self, tag: &'static str, text: &str) -> &mut Self {
        self.open(tag).text(text).close(tag)
    }

    /// Markup another writer made (already safe).
    pub fn html(&mut self, other: &Html) -> &mut Self {
        self.0.push_str(&other.0);
        self
    }

    /// What was written, for `inner_html` or a file.
    #[must_use]
    pub fn into_string(self) -> String {
        self.0
    }

    /// What was written so far.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests;
