//! The URL contract. Course pages deep-link into the app, so the query string is a public,
//! documented interface (docs/url-parameters.md): `panel=`, `example=`, and each panel's
//! parameters. Parameters this version does not know are kept as they are, so that a link
//! written for a later version loses nothing when it passes through this one.

/// A parsed query string: ordered key/value pairs, values decoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    pairs: Vec<(String, String)>,
}

impl Query {
    /// Parses `location.search` (with or without its leading `?`).
    #[must_use]
    pub fn parse(search: &str) -> Query {
        let s = search.strip_prefix('?').unwrap_or(search);
        Query {
            pairs: form_urlencoded::parse(s.as_bytes()).into_owned().collect(),
        }
    }

    /// The first value of `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of `key`, in order (an assignment's `step=`s).
    pub fn get_all<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.pairs
            .iter()
            .filter(move |(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Every pair, in order.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Adds `key=value` at the end, after any values `key` already has.
    pub fn push(&mut self, key: &str, value: &str) {
        self.pairs.push((key.to_string(), value.to_string()));
    }

    /// Whether there are no pairs.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Sets `key` (replacing every earlier value in place), or removes it for `None`.
    pub fn set(&mut self, key: &str, value: Option<&str>) {
        let at = self.pairs.iter().position(|(k, _)| k == key);
        self.pairs.retain(|(k, _)| k != key);
        if let Some(v) = value {
            let pair = (key.to_string(), v.to_string());
            match at {
                Some(i) => self.pairs.insert(i.min(self.pairs.len()), pair),
                None => self.pairs.push(pair),
            }
        }
    }

    /// The query string with a leading `?`, or empty when there are no pairs. Commas and the
    /// `/` in `example=` stay readable.
    #[must_use]
    pub fn to_search(&self) -> String {
        if self.pairs.is_empty() {
            return String::new();
        }
        let mut out = String::new();
        for (k, v) in &self.pairs {
            out.push(if out.is_empty() { '?' } else { '&' });
            out.push_str(&encode(k));
            out.push('=');
            out.push_str(&encode(v));
        }
        out
    }
}

/// `s` as a query string carries it (`application/x-www-form-urlencoded`, as
/// `form_urlencoded` writes it), with commas and `/` left readable: the one encoder of every
/// address the app writes (`Query::to_search`, `panel::link`).
#[must_use]
pub fn encode(s: &str) -> String {
    // Written here rather than with `form_urlencoded::byte_serialize`, which yields each
    // escaped byte as a piece of `percent_encoding`'s table of all 256 ("%00%01…%FF"): 768
    // bytes of data in every page, which parsing never reads. The rule is the same
    // (`tests.rs` checks it against `byte_serialize` for any text), with commas and `/`
    // kept readable; no `str::replace`, which linked its searcher and std's slicing panic
    // into pages that had no other use for them (issue 46).
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' | b',' | b'/' => {
                out.push(char::from(b));
            }
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
