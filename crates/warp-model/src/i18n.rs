//! Two languages, English and Hinglish, from one message catalogue per language.
//!
//! Every sentence a learner reads (UI text, figure labels, errors, worked steps, quiz text,
//! presets) is a message of the language's catalogue, `locales/en.txt` or
//! `locales/hinglish.txt` (sections by area of the app, in the same order in both).
//!
//! The catalogues are compiled, not parsed at startup: `build.rs` parses both files (with the
//! one parser, `i18n/catalogue.rs`, which the tests use too) into tables: the keys of both
//! languages, sorted, and per language its messages in that order. Code names a message with
//! a [`Msg`], its place in the sorted keys, found at compile time from a literal key by
//! [`msg!`](crate::msg) (and [`t!`](crate::t), [`tr!`](crate::tr)) with a `const` binary
//! search; a key no catalogue has does not compile. Keys that vary (a preset's
//! `examples.<topic>.<cell>.title`) are found the same way in the `static` that holds them. So
//! the wasm carries the messages only: no catalogue text, no parser and no keys.
//!
//! Tests fail when a key is missing in either language, when the two disagree on a message's
//! placeholders, when a catalogue line does not parse, when the compiled tables differ from
//! the parsed files, or when a key-shaped literal in the sources of either crate names no
//! message (and when a message is asked for by no code).
//!
//! The language is the one ambient input of the model: the app sets it once per page
//! ([`set_lang`], from `lang=`), tests scope it with [`with_lang`]. Everything else the model
//! computes still depends only on its arguments.
//!
//! Why not `fluent`: its bundle, parser and plural rules cost about 150 kB of wasm, and the
//! catalogue needs only named placeholders; numbers are formatted by the model before they
//! reach a message, the same way in both languages.
//!
//! File format, one message a line:
//!
//! ```text
//! # a comment
//! warps.thread.range = The block has {p} threads, numbered 0 to {last}.
//! a.long.message = A value may continue on following lines
//!     that start with whitespace; they join with one space.
//! ```
//!
//! `{name}` is a placeholder; `{name|one|other}` is the word for the count `name`: `one` when
//! it is 1, `other` else (`{tx} {tx|transaction|transactions}`: "1 transaction", "2
//! transactions"; both languages count nouns this way, Hinglish's being English words);
//! `{{` and `}}` are literal braces; `\n` is a line break (all are kept in the tables as
//! written and handled by [`render`]). A key is ASCII letters,
//! digits, `.`, `_` and `-`. A line that is none of these does not stop the build (`build.rs`
//! skips it with a warning); the catalogue tests report it by line.

use std::cell::Cell;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt::{self, Display};

/// A language the app speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Hinglish: Hindi in Latin script with English technical terms, the register of the
    /// Hinglish seed pages.
    Hinglish,
}

impl Lang {
    /// Both languages, in switch order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Hinglish];

    /// The value of `lang=`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Hinglish => "hinglish",
        }
    }

    /// The BCP 47 tag for `<html lang>`: Hindi written in Latin script.
    #[must_use]
    pub fn html_lang(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Hinglish => "hi-Latn",
        }
    }

    /// Its own name, as the language switch shows it.
    #[must_use]
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Hinglish => "Hinglish",
        }
    }

    /// Reads a value of `lang=` (`en`, `hinglish`; also `english`, `hi`, `hi-Latn`,
    /// case-insensitive); `None` for anything else (`crate::page` names the error).
    #[must_use]
    pub fn parse(raw: &str) -> Option<Lang> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Some(Lang::En),
            "hinglish" | "hi" | "hi-latn" => Some(Lang::Hinglish),
            _ => None,
        }
    }
}

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// The language messages are looked up in.
#[must_use]
pub fn lang() -> Lang {
    CURRENT.with(Cell::get)
}

/// Sets the language for this thread (the app: once, before it renders).
pub fn set_lang(lang: Lang) {
    CURRENT.with(|c| c.set(lang));
}

/// Runs `f` with `lang` as the language, then restores the previous one.
pub fn with_lang<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    let before = self::lang();
    set_lang(lang);
    let out = f();
    set_lang(before);
    out
}

/// The catalogue of `lang`, as text (`locales/en.txt`, `locales/hinglish.txt`), for tests
/// and tools: the app reads the compiled tables, so the text is not in its wasm.
#[must_use]
pub fn catalogue_source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../locales/en.txt"),
        Lang::Hinglish => include_str!("../locales/hinglish.txt"),
    }
}

/// A parsed catalogue: key → message (for tests and tools; the app reads the compiled tables).
pub type Catalogue = HashMap<&'static str, String>;

mod catalogue;
pub use catalogue::CatalogueError;

/// Parses a catalogue with the parser `build.rs` compiles the tables with. Problems are
/// collected, never fatal: a bad line is skipped.
#[must_use]
pub fn parse_catalogue(file: &'static str) -> (Catalogue, Vec<CatalogueError>) {
    let (entries, problems) = catalogue::parse(file);
    (
        entries.into_iter().map(|e| (e.key, e.message)).collect(),
        problems,
    )
}

/// The tables `build.rs` compiles from both catalogues: `KEYS` (sorted), one `static` per
/// message in both languages, and `MESSAGES` (a `const` of references to them, in key order).
mod tables {
    include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));
}

/// A catalogue message: its place in the sorted key table and a reference to its text in
/// every language, which is what code holds instead of a key. [`msg!`](crate::msg) makes one
/// from a literal key at compile time (a key no catalogue has is a compile error), so key
/// strings stay out of the binary, and a wasm bundle carries only the messages it names. It
/// displays as its message in the current language.
#[derive(Clone, Copy)]
pub struct Msg {
    index: u16,
    texts: &'static tables::Pair,
}

const _: () = assert!(tables::KEYS.len() <= u16::MAX as usize);

impl PartialEq for Msg {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}

impl Eq for Msg {}

impl std::hash::Hash for Msg {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.index.hash(state);
    }
}

impl Msg {
    /// The message whose key is `key`, if a catalogue has it: a binary search over the sorted
    /// keys, comparing bytes, so it runs in const context (where [`msg!`](crate::msg) uses it).
    #[must_use]
    pub const fn find(key: &str) -> Option<Msg> {
        let key = key.as_bytes();
        let (mut lo, mut hi) = (0, tables::KEYS.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match compare(tables::KEYS[mid].as_bytes(), key) {
                Ordering::Less => lo = mid + 1,
                Ordering::Greater => hi = mid,
                Ordering::Equal => return Some(Msg::at(mid)),
            }
        }
        None
    }

    /// The message at place `i` of the sorted keys (`i` below their count).
    #[must_use]
    pub const fn at(i: usize) -> Msg {
        #[allow(clippy::cast_possible_truncation)] // at most u16::MAX keys (asserted)
        Msg {
            index: i as u16,
            texts: tables::MESSAGES[i],
        }
    }

    /// How many messages the catalogues have.
    pub const COUNT: usize = tables::KEYS.len();

    /// The message whose key is `parts` joined (each part lowercased when `lower`), if a
    /// catalogue has it: keys built from a table's ids at compile time
    /// (`examples.<topic>.<cell>.title`, `quiz.bank.<qid>.prompt`). At most 96 bytes.
    #[must_use]
    pub const fn find_joined(parts: &[&str], lower: bool) -> Option<Msg> {
        let mut key = [0u8; 96];
        let mut len = 0;
        let mut p = 0;
        while p < parts.len() {
            let bytes = parts[p].as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                if len == key.len() {
                    return None;
                }
                key[len] = if lower {
                    bytes[i].to_ascii_lowercase()
                } else {
                    bytes[i]
                };
                len += 1;
                i += 1;
            }
            p += 1;
        }
        match std::str::from_utf8(key.split_at(len).0) {
            Ok(key) => Msg::find(key),
            Err(_) => None,
        }
    }

    /// Its key (for tests and debugging: this keeps the key table in the binary).
    #[must_use]
    pub fn key(self) -> &'static str {
        tables::KEYS
            .get(usize::from(self.index))
            .copied()
            .unwrap_or("")
    }

    /// The message in the current language (see [`text`]).
    #[must_use]
    pub fn text(self) -> &'static str {
        text(self)
    }
}

/// Byte-wise comparison, as `<[u8]>::cmp` (which is not `const`).
const fn compare(a: &[u8], b: &[u8]) -> Ordering {
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return if a[i] < b[i] {
                Ordering::Less
            } else {
                Ordering::Greater
            };
        }
        i += 1;
    }
    if a.len() < b.len() {
        Ordering::Less
    } else if a.len() > b.len() {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl fmt::Debug for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Msg").field(&self.key()).finish()
    }
}

/// The raw message of `msg` in `lang` (placeholders unfilled), if that catalogue has it.
#[must_use]
pub fn lookup(lang: Lang, msg: Msg) -> Option<&'static str> {
    msg.texts[match lang {
        Lang::En => 0,
        Lang::Hinglish => 1,
    }]
}

/// The message `msg` in the current language: falls back to English, then to
/// "⟦missing message⟧" (a test keeps that from ever showing). Never panics.
#[must_use]
pub fn text(msg: Msg) -> &'static str {
    lookup(lang(), msg)
        .or_else(|| lookup(Lang::En, msg))
        .unwrap_or("⟦missing message⟧")
}

/// A value a message's placeholder takes: text, a whole number or a message. Not a float: a
/// number with a fraction is written by [`crate::figure::rounded`] (or a figure's
/// `Value::human`) before it reaches a message, so that every number a learner reads is written
/// by one rule, and no page links `core::fmt`'s float formatting (Grisu and Dragon, about 11 kB
/// of raw code in every page: issue 46). [`tr!`](crate::tr) takes only these, so an `f64`
/// handed to a message is a compile error, not bytes.
pub trait Arg: Display {}

macro_rules! message_args {
    ($($t:ty),*) => { $(impl Arg for $t {})* };
}
message_args!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, isize, char, str, String, bool);
impl Arg for Msg {}
impl<T: Arg + ?Sized> Arg for &T {}
impl<T: Arg + ?Sized> Arg for &mut T {}

/// `value`, checked to be an [`Arg`] (what [`tr!`](crate::tr) hands [`fill`]).
#[doc(hidden)]
#[must_use]
pub fn arg<T: Arg + ?Sized>(value: &T) -> &T {
    value
}

/// The message `msg` with its placeholders filled from `args` (name, value). A placeholder
/// with no argument is left as `{name}`; an argument no placeholder names is ignored.
#[must_use]
pub fn fill(msg: Msg, args: &[(&str, &dyn Display)]) -> String {
    render(msg.text(), args)
}

/// Fills a message's placeholders (see [`fill`]).
#[must_use]
pub fn render(message: &str, args: &[(&str, &dyn Display)]) -> String {
    // Sliced with `str::get`, not `&s[a..b]`: the places are char boundaries (after an ASCII
    // brace or backslash), and the indexing form linked std's slicing panic and `char`'s
    // `Debug` into every page for a panic that cannot happen (issue 46).
    let mut out = String::with_capacity(message.len() + 16);
    let mut rest = message;
    while let Some(i) = rest.find(['{', '}', '\\']) {
        out.push_str(rest.get(..i).unwrap_or_default());
        let tail = rest.get(i..).unwrap_or_default();
        if let Some(t) = tail.strip_prefix("{{") {
            out.push('{');
            rest = t;
        } else if let Some(t) = tail.strip_prefix("}}") {
            out.push('}');
            rest = t;
        } else if let Some(t) = tail.strip_prefix("\\n") {
            out.push('\n');
            rest = t;
        } else if let Some((whole, word)) = plural_form(tail, args) {
            out.push_str(word);
            rest = tail.get(whole..).unwrap_or_default();
        } else if let Some(name) = tail
            .strip_prefix('{')
            .and_then(|t| t.split_once('}'))
            .map(|(n, _)| n)
            .filter(|n| is_placeholder_name(n))
        {
            if let Some((_, v)) = args.iter().find(|(k, _)| *k == name) {
                out.push_str(&v.to_string());
            } else {
                out.push('{');
                out.push_str(name);
                out.push('}');
            }
            rest = tail.get(name.len() + 2..).unwrap_or_default();
        } else {
            // A lone brace or backslash: one ASCII byte.
            out.push_str(tail.get(..1).unwrap_or_default());
            rest = tail.get(1..).unwrap_or_default();
        }
    }
    out.push_str(rest);
    out
}

/// `{name|one|other}` at the start of `tail`: its length and the word for `name`'s value (the
/// value as written: "1" is one, anything else other). `None` when `tail` does not start
/// with that form, or no argument is `name` (the text is then kept as written).
fn plural_form<'a>(tail: &'a str, args: &[(&str, &dyn Display)]) -> Option<(usize, &'a str)> {
    let (inner, _) = tail.strip_prefix('{')?.split_once('}')?;
    let mut parts = inner.split('|');
    let (name, one, other) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || !is_placeholder_name(name) {
        return None;
    }
    let (_, v) = args.iter().find(|(k, _)| *k == name)?;
    Some((
        inner.len() + 2,
        if v.to_string() == "1" { one } else { other },
    ))
}

fn is_placeholder_name(n: &str) -> bool {
    !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The placeholder names of a message, sorted, for comparing languages.
#[must_use]
pub fn placeholders(message: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = message;
    while let Some(i) = rest.find(['{', '}']) {
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            rest = &tail[2..];
            continue;
        }
        match tail
            .strip_prefix('{')
            .and_then(|t| t.split_once('}'))
            .map(|(n, _)| n)
            .filter(|n| is_placeholder_name(n.split('|').next().unwrap_or("")))
        {
            Some(n) => {
                // A plural form names its count: `{n|one|other}` counts as `{n}`.
                names.push(n.split('|').next().unwrap_or(n).to_string());
                rest = &tail[n.len() + 2..];
            }
            None => rest = &tail[1..],
        }
    }
    names.sort();
    names.dedup();
    names
}

/// The [`Msg`](crate::i18n::Msg) of a literal key, found at compile time: `msg!("key")`. A
/// key no catalogue has fails the build, naming the key; the key itself is not in the binary.
///
/// ```
/// let m = warp_model::msg!("common.forecast");
/// assert_eq!(m.text(), "Forecast");
/// ```
///
/// ```compile_fail
/// let m = warp_model::msg!("nosuch.message");
/// ```
#[macro_export]
macro_rules! msg {
    ($key:literal) => {{
        const MSG: $crate::i18n::Msg = match $crate::i18n::Msg::find($key) {
            Some(m) => m,
            None => panic!(concat!("no message catalogue has the key \"", $key, "\"")),
        };
        MSG
    }};
}

/// A message without placeholders in the current language, as `&'static str`: `t!("key")`
/// (the key resolved at compile time, as with [`msg!`](crate::msg)).
#[macro_export]
macro_rules! t {
    ($key:literal) => {
        $crate::msg!($key).text()
    };
}

/// A message in the current language: `tr!("key")`, or with placeholders
/// `tr!("key", name = value, other)` (a bare name passes the variable of that name). Values
/// are formatted with `Display`. Always a `String`. The key is resolved at compile time, as
/// with [`msg!`](crate::msg).
#[macro_export]
macro_rules! tr {
    ($key:literal) => {
        $crate::i18n::fill($crate::msg!($key), &[])
    };
    ($key:literal, $($name:ident $(= $val:expr)?),+ $(,)?) => {
        $crate::i18n::fill(
            $crate::msg!($key),
            &[$((stringify!($name), $crate::i18n::arg(&$crate::__tr_value!($name $(= $val)?)) as &dyn ::core::fmt::Display)),+],
        )
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __tr_value {
    ($name:ident) => {
        $name
    };
    ($name:ident = $val:expr) => {
        $val
    };
}

#[cfg(test)]
mod tests;
