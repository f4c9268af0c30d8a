//! JSON, read and written for the one document that needs it: the learner's progress
//! (`quiz::progress`). Written by hand rather than with serde: `serde_json`'s reader, its
//! `Value` and the derived (de)serializers were the quiz page's whole JSON and cost it about
//! 10 kB gzip (issue 46, measured); this reader and writer are a tenth of that.
//!
//! What it reads is RFC 8259 JSON: any value, nested at most [`MAX_DEPTH`] deep, numbers kept
//! as their text (the progress document holds whole numbers only, read with
//! [`Json::as_u64`]), an object's key given twice keeping its last value (as `serde_json`
//! does). It is checked against `serde_json` by property tests (`json/tests.rs`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A JSON value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, its keys in order.
    Object(BTreeMap<String, Json>),
}

/// How deep values may nest (`serde_json`'s limit too): a deeper document is refused, and
/// reading it never exhausts the stack.
pub const MAX_DEPTH: usize = 128;

impl Json {
    /// The value of `key`, when this is an object that has it.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(map) => map.get(key),
            _ => None,
        }
    }

    /// The text, when this is a string.
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, when this is a whole number from 0 to `u64::MAX` written without a
    /// fraction or exponent (`3`, never `3.0` or `-1`: as `serde_json` reads them).
    #[must_use]
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Number(n) if n.bytes().all(|b| b.is_ascii_digit()) => n.parse().ok(),
            _ => None,
        }
    }

    /// The truth value, when this is `true` or `false`.
    #[must_use]
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The entries, when this is an object.
    #[must_use]
    pub fn as_object(&self) -> Option<&BTreeMap<String, Json>> {
        match self {
            Json::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The value as JSON, indented by two spaces a level as `serde_json`'s
    /// `to_string_pretty` writes it.
    #[must_use]
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        write_value(&mut out, self, 0);
        out
    }
}

/// An object of `pairs`, inserted one at a time. Written out rather than `collect()` or
/// `BTreeMap::from`: both sort their input with the standard library's stable sort before
/// building the map, 23 kB of raw code in the quiz page for a handful of keys (issue 46).
#[must_use]
pub fn object(pairs: impl IntoIterator<Item = (String, Json)>) -> Json {
    let mut map = BTreeMap::new();
    for (k, v) in pairs {
        map.insert(k, v);
    }
    Json::Object(map)
}

/// An object of `fields` in the order given (a [`Json::Object`] writes its keys sorted), as
/// [`Json::pretty`] writes it.
#[must_use]
pub fn pretty_fields(fields: &[(&str, Json)]) -> String {
    let keys: Vec<String> = fields.iter().map(|(k, _)| (*k).to_string()).collect();
    let mut out = String::new();
    write_list(
        &mut out,
        0,
        '{',
        '}',
        keys.iter().zip(fields).map(|(k, (_, v))| (Some(k), v)),
    );
    out
}

fn write_value(out: &mut String, v: &Json, depth: usize) {
    match v {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Number(n) => out.push_str(n),
        Json::String(s) => write_string(out, s),
        Json::Array(items) => {
            write_list(out, depth, '[', ']', items.iter().map(|i| (None, i)));
        }
        Json::Object(map) => {
            write_list(out, depth, '{', '}', map.iter().map(|(k, v)| (Some(k), v)));
        }
    }
}

fn write_list<'a>(
    out: &mut String,
    depth: usize,
    open: char,
    close: char,
    items: impl ExactSizeIterator<Item = (Option<&'a String>, &'a Json)>,
) {
    out.push(open);
    let empty = items.len() == 0;
    for (i, (key, value)) in items.enumerate() {
        out.push_str(if i == 0 { "\n" } else { ",\n" });
        indent(out, depth + 1);
        if let Some(k) = key {
            write_string(out, k);
            out.push_str(": ");
        }
        write_value(out, value, depth + 1);
    }
    if !empty {
        out.push('\n');
        indent(out, depth);
    }
    out.push(close);
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Reads `text` as one JSON value (whitespace around it allowed).
///
/// # Errors
/// The text is not JSON: what was expected, and where (`expected value at line 1 column 1`,
/// in `serde_json`'s words).
pub fn parse(text: &str) -> Result<Json, String> {
    let mut r = Reader { text, at: 0 };
    let v = r.value(0)?;
    r.space();
    if r.at < text.len() {
        return Err(r.error("trailing characters"));
    }
    Ok(v)
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

// The reader slices with `str::get` (its positions are char boundaries: it stops on ASCII bytes
// or at the end), not indexing, whose panic path links std's message code (issue 46).
impl Reader<'_> {
    fn error(&self, what: &str) -> String {
        // The reader stops only on an ASCII byte or at the end, a char boundary either way;
        // walked back all the same, so that a wrong position never panics.
        let mut at = self.at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        let before = self.text.get(..at).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{what} at line {line} column {column}")
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, word: &str) -> bool {
        let found = self
            .text
            .as_bytes()
            .get(self.at..)
            .is_some_and(|rest| rest.starts_with(word.as_bytes()));
        if found {
            self.at += word.len();
        }
        found
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth >= MAX_DEPTH {
            return Err(self.error("recursion limit exceeded"));
        }
        self.space();
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Json::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ if self.eat("null") => Ok(Json::Null),
            _ if self.eat("true") => Ok(Json::Bool(true)),
            _ if self.eat("false") => Ok(Json::Bool(false)),
            None => Err(self.error("EOF while parsing a value")),
            _ => Err(self.error("expected value")),
        }
    }

    /// A list of items between `open` and `close`, separated by commas.
    fn list(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Result<(), String>,
    ) -> Result<(), String> {
        self.at += 1;
        self.space();
        if self.peek() == Some(close) {
            self.at += 1;
            return Ok(());
        }
        loop {
            item(self)?;
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(c) if c == close => {
                    self.at += 1;
                    return Ok(());
                }
                None => return Err(self.error("EOF while parsing a list")),
                _ => return Err(self.error("expected `,` or the list's end")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json, String> {
        let mut items = Vec::new();
        self.list(b']', |r| {
            items.push(r.value(depth + 1)?);
            Ok(())
        })?;
        Ok(Json::Array(items))
    }

    fn object(&mut self, depth: usize) -> Result<Json, String> {
        let mut map = BTreeMap::new();
        self.list(b'}', |r| {
            r.space();
            if r.peek() != Some(b'"') {
                return Err(r.error("key must be a string"));
            }
            let key = r.string()?;
            r.space();
            if r.peek() != Some(b':') {
                return Err(r.error("expected `:`"));
            }
            r.at += 1;
            map.insert(key, r.value(depth + 1)?);
            Ok(())
        })?;
        Ok(Json::Object(map))
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.at;
        let digits = |r: &mut Self| {
            let from = r.at;
            while r.peek().is_some_and(|b| b.is_ascii_digit()) {
                r.at += 1;
            }
            r.at > from
        };
        self.eat("-");
        if !self.eat("0") && !digits(self) {
            return Err(self.error("invalid number"));
        }
        if self.eat(".") && !digits(self) {
            return Err(self.error("invalid number"));
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if !self.eat("+") {
                self.eat("-");
            }
            if !digits(self) {
                return Err(self.error("invalid number"));
            }
        }
        Ok(Json::Number(
            self.text
                .get(start..self.at)
                .unwrap_or_default()
                .to_string(),
        ))
    }

    fn string(&mut self) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let rest = self.text.get(self.at..).unwrap_or_default();
            let Some(stop) = rest.find(|c: char| c == '"' || c == '\\' || c < ' ') else {
                self.at = self.text.len();
                return Err(self.error("EOF while parsing a string"));
            };
            out.push_str(rest.get(..stop).unwrap_or_default());
            self.at += stop;
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    out.push(self.escape()?);
                }
                _ => return Err(self.error("control character while parsing a string")),
            }
        }
    }

    fn escape(&mut self) -> Result<char, String> {
        let c = self
            .peek()
            .ok_or_else(|| self.error("EOF while parsing a string"))?;
        self.at += 1;
        Ok(match c {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let high = self.hex4()?;
                if (0xD800..0xDC00).contains(&high) {
                    if !self.eat("\\u") {
                        return Err(self.error("unexpected end of hex escape"));
                    }
                    let low = self.hex4()?;
                    if !(0xDC00..0xE000).contains(&low) {
                        return Err(self.error("lone leading surrogate in hex escape"));
                    }
                    let c = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                    char::from_u32(c).ok_or_else(|| self.error("invalid unicode code point"))?
                } else {
                    char::from_u32(high)
                        .ok_or_else(|| self.error("lone trailing surrogate in hex escape"))?
                }
            }
            _ => return Err(self.error("invalid escape")),
        })
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .text
            .get(self.at..self.at + 4)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.error("invalid escape"))?;
        self.at += 4;
        u32::from_str_radix(digits, 16).map_err(|_| self.error("invalid escape"))
    }
}

#[cfg(test)]
mod tests;
