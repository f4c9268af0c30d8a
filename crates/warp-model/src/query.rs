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
    // `byte_serialize` yields each escaped byte as a piece of its own ("%2C"), so the two kept
    // readable are swapped piece by piece: `str::replace` on the whole string linked its
    // searcher and std's slicing panic (with `char`'s `Debug`, 5 kB of raw code) into pages
    // that had no other use for them (issue 46).
    form_urlencoded::byte_serialize(s.as_bytes())
        .map(|piece| match piece {
            "%2C" => ",",
            "%2F" => "/",
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests;
