//! The text form a worker's answer crosses to its page in (a challenge's report,
//! `kernel_lab::challenge::wire`; a quiz question's solution, `worked::wire`): a list of
//! fields, each `<length in bytes>:<text>`, so that any text crosses unchanged.
//!
//! Written by hand rather than with serde: the derived `Deserialize` and `serde_json`'s reader
//! cost the kernel page 27 kB gzip (measured, issue 43).

/// Appends `field`.
pub(crate) fn put(out: &mut String, field: &str) {
    out.push_str(&field.len().to_string());
    out.push(':');
    out.push_str(field);
}

/// Reads the fields back, one at a time.
pub(crate) struct Fields<'a>(pub(crate) &'a str);

impl<'a> Fields<'a> {
    /// The next field; `None` past the end or where the text is not in this form.
    pub(crate) fn text(&mut self) -> Option<&'a str> {
        let (len, rest) = self.0.split_once(':')?;
        let len: usize = len.parse().ok()?;
        let field = rest.get(..len)?;
        self.0 = rest.get(len..)?;
        Some(field)
    }

    /// The next field, read as a number.
    pub(crate) fn number<T: std::str::FromStr>(&mut self) -> Option<T> {
        self.text()?.parse().ok()
    }

    /// Whether every field has been read.
    pub(crate) fn done(&self) -> bool {
        self.0.is_empty()
    }
}
