//! Parameters declared once as data: name, label, hint, kind (range or choices), default, unit
//! and how the URL carries it. The form's controls, the URL round-trip, the error messages and
//! the hint's range all derive from one [`Param`], so a limit is written once.
//!
//! Also the parsing helpers every panel's evaluation uses ([`parse_in_range`], [`parse_list`],
//! [`parse_whole`]) and [`ParamError`], the named error a bad input becomes.

use std::fmt;

use crate::figure::group_thousands;
use crate::i18n::Msg;

/// What kind of value a parameter takes. The form picks its control from it; the hint's range
/// and the error messages come from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number from `min` to `max` (a text input with `inputmode=numeric`).
    Whole {
        /// Smallest allowed.
        min: u64,
        /// Largest allowed.
        max: u64,
    },
    /// One of a few values: a choice (a `select`), never a text box to guess the spelling in.
    Choice(&'static [Choice]),
    /// Whole numbers from `min` to `max`, separated by commas, at most `len` of them.
    List {
        /// Smallest item.
        min: u64,
        /// Largest item.
        max: u64,
        /// Most items.
        len: usize,
    },
    /// Text in the panel's own syntax (`X[,Y[,Z]]`, `WxH`, an expression, a kernel), at most
    /// `len` characters; the panel parses it.
    Text {
        /// Longest text, in characters.
        len: usize,
    },
}

/// One allowed value of a [`Kind::Choice`], with its label for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value in the URL (and the `option`'s value).
    pub value: &'static str,
    /// Its label (a catalogue message).
    pub label: Msg,
}

/// How the URL carries a parameter. Every panel reads and writes its URL the same way
/// ([`crate::panel::Inputs`]): a parameter is written when it differs from its default (or,
/// [`UrlForm::Always`], whenever it is set), and removed otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlForm {
    /// `name=value`, written when it differs from the default.
    Own,
    /// `name=value`, written whenever it is not empty, so the link states it even at its
    /// default (`L` and `W`, the two numbers a latency link is about).
    Always,
    /// Part `index` of a comma-separated parameter (`block=X,Y,Z`): a part the URL leaves out
    /// is the parameter's default, and trailing parts at their defaults are not written.
    Part {
        /// The URL parameter.
        key: &'static str,
        /// 0-based position in it.
        index: usize,
    },
}

/// One parameter of a panel, declared once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The input's `name`, the URL parameter (unless [`UrlForm::Part`]) and the `data-error`
    /// name of its errors.
    pub name: &'static str,
    /// Its label for people.
    pub label: Msg,
    /// What it means, in a few words; the allowed range is added from `kind`.
    pub hint: Option<Msg>,
    /// Its kind of value.
    pub kind: Kind,
    /// Its raw text when the URL and the preset leave it out; empty means "off" (optional).
    pub default: &'static str,
    /// Its unit, shown after the range.
    pub unit: Option<Msg>,
    /// Where its limits come from, added to an out-of-range message.
    pub why_limit: Option<Msg>,
    /// How the URL carries it.
    pub url: UrlForm,
    /// Whether the generated form shows it (the kernel's source has its own editor, the quiz its
    /// own controls).
    pub in_form: bool,
    /// Parameters that, given in a URL without this one, reset it to empty: `lanes` counts
    /// the lanes of the `paths` given with it, so a link with paths alone means lanes unknown.
    pub reset_by: &'static [&'static str],
    /// Where a slider is worth dragging: it runs from the smallest allowed value to this (the
    /// number input still takes the whole range).
    pub slider: Option<u64>,
    /// A secondary input: the form folds it under "More inputs" (open when one of them is set
    /// or wrong), so that the picture is on a phone's first screen.
    pub more: bool,
}

impl Param {
    const fn with(name: &'static str, label: Msg, kind: Kind, default: &'static str) -> Param {
        Param {
            name,
            label,
            hint: None,
            kind,
            default,
            unit: None,
            why_limit: None,
            url: UrlForm::Own,
            in_form: true,
            reset_by: &[],
            slider: None,
            more: false,
        }
    }

    /// A whole number from `min` to `max`.
    #[must_use]
    pub const fn whole(
        name: &'static str,
        label: Msg,
        min: u64,
        max: u64,
        default: &'static str,
    ) -> Param {
        Param::with(name, label, Kind::Whole { min, max }, default)
    }

    /// One of `choices`.
    #[must_use]
    pub const fn choice(
        name: &'static str,
        label: Msg,
        choices: &'static [Choice],
        default: &'static str,
    ) -> Param {
        Param::with(name, label, Kind::Choice(choices), default)
    }

    /// A list of whole numbers from `min` to `max`, at most `len` items.
    #[must_use]
    pub const fn list(
        name: &'static str,
        label: Msg,
        (min, max, len): (u64, u64, usize),
        default: &'static str,
    ) -> Param {
        Param::with(name, label, Kind::List { min, max, len }, default)
    }

    /// Text in the panel's own syntax, at most `len` characters.
    #[must_use]
    pub const fn text(name: &'static str, label: Msg, len: usize, default: &'static str) -> Param {
        Param::with(name, label, Kind::Text { len }, default)
    }

    /// With a hint (what the value means).
    #[must_use]
    pub const fn hint(self, hint: Msg) -> Param {
        Param {
            hint: Some(hint),
            ..self
        }
    }

    /// With a unit.
    #[must_use]
    pub const fn unit(self, unit: Msg) -> Param {
        Param {
            unit: Some(unit),
            ..self
        }
    }

    /// With the reason for its limits.
    #[must_use]
    pub const fn why_limit(self, why: Msg) -> Param {
        Param {
            why_limit: Some(why),
            ..self
        }
    }

    /// Carried by the URL as `url`.
    #[must_use]
    pub const fn url(self, url: UrlForm) -> Param {
        Param { url, ..self }
    }

    /// Not in the generated form: the panel draws its own control.
    #[must_use]
    pub const fn own_control(self) -> Param {
        Param {
            in_form: false,
            ..self
        }
    }

    /// Reset to empty by a URL that gives any of `names` without it.
    #[must_use]
    pub const fn reset_by(self, names: &'static [&'static str]) -> Param {
        Param {
            reset_by: names,
            ..self
        }
    }

    /// With a slider up to `max`.
    #[must_use]
    pub const fn slider(self, max: u64) -> Param {
        Param {
            slider: Some(max),
            ..self
        }
    }

    /// A secondary input, folded under "More inputs" in the form.
    #[must_use]
    pub const fn more(self) -> Param {
        Param { more: true, ..self }
    }

    /// Whether `raw` differs from the declared default (empty text is the default): a folded
    /// input that is set opens "More inputs".
    #[must_use]
    pub fn is_set(&self, raw: &str) -> bool {
        let raw = raw.trim();
        !raw.is_empty() && raw != self.default.trim()
    }

    /// The URL parameter it lives in: its `name`, or the key of the comma-separated parameter
    /// it is a part of (`block` for `block-x`). A `const fn`, so that a link written with
    /// `format!` takes its keys from the declarations at compile time (the kernel lab's links).
    #[must_use]
    pub const fn url_key(&self) -> &'static str {
        match self.url {
            UrlForm::Part { key, .. } => key,
            UrlForm::Own | UrlForm::Always => self.name,
        }
    }

    /// Its label, in the current language.
    #[must_use]
    pub fn label_text(&self) -> &'static str {
        self.label.text()
    }

    /// The allowed values in a few words, in the current language: the range (or the choices)
    /// from `kind`, the unit, what the value means, and "optional" when it may stay empty.
    #[must_use]
    pub fn hint_text(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let range = match self.kind {
            Kind::Whole { min, max } if max == u64::MAX => Some(crate::tr!(
                "common.hint.at-least",
                min = group_thousands(min)
            )),
            Kind::Whole { min, max } => {
                let (min, max) = (group_thousands(min), group_thousands(max));
                Some(crate::tr!("common.hint.range", min, max))
            }
            Kind::List { min, max, len } => {
                // The unit belongs to each item's range, not to the count ("1–1,000 cycles
                // each, at most 32", never "at most 32 cycles").
                let (min, max) = (group_thousands(min), group_thousands(max));
                let unit = self
                    .unit
                    .map_or(String::new(), |u| format!(" {}", u.text()));
                parts.push(crate::tr!("common.hint.list", min, max, unit, len));
                None
            }
            Kind::Choice(_) | Kind::Text { .. } => None,
        };
        if let Some(mut r) = range {
            if let Some(u) = self.unit {
                r.push(' ');
                r.push_str(u.text());
            }
            parts.push(r);
        }
        if let Some(h) = self.hint {
            parts.push(h.text().to_string());
        }
        if self.default.is_empty() && !matches!(self.kind, Kind::Choice(_)) {
            parts.push(crate::t!("common.hint.optional").to_string());
        }
        parts.join("; ")
    }

    /// Reads a whole number within the declared range.
    ///
    /// # Errors
    /// A [`ParamError`] naming this parameter and its allowed range.
    pub fn parse(&self, raw: &str) -> Result<u64, ParamError> {
        let (min, max) = match self.kind {
            Kind::Whole { min, max } | Kind::List { min, max, .. } => (min, max),
            Kind::Choice(_) | Kind::Text { .. } => (0, u64::MAX),
        };
        let why = self.why_limit.map_or("", Msg::text);
        parse_in_range(self.name, raw, min, max, why)
    }

    /// Reads a whole number within `[min, max]`, a narrower range than the declared one that
    /// depends on other inputs (a thread id below the block's size).
    ///
    /// # Errors
    /// A [`ParamError`] naming this parameter and `[min, max]`.
    pub fn parse_within(&self, raw: &str, min: u64, max: u64) -> Result<u64, ParamError> {
        parse_in_range(self.name, raw, min, max, "")
    }

    /// Reads a comma-separated list within the declared range and length.
    ///
    /// # Errors
    /// A [`ParamError`] naming this parameter, the item and the allowed range.
    pub fn parse_list(&self, raw: &str, what: &str) -> Result<Vec<u64>, ParamError> {
        let (min, max, len) = match self.kind {
            Kind::List { min, max, len } => (min, max, len),
            Kind::Whole { min, max } => (min, max, 1),
            Kind::Choice(_) | Kind::Text { .. } => (0, u64::MAX, usize::MAX),
        };
        parse_list(self.name, raw, min, max, len, what)
    }

    /// Reads one of the declared choices; empty text is the default.
    ///
    /// # Errors
    /// A [`ParamError`] naming this parameter and listing the allowed values.
    pub fn choose(&self, raw: &str) -> Result<&'static str, ParamError> {
        let Kind::Choice(choices) = self.kind else {
            return Ok(self.default);
        };
        let v = raw.trim();
        let v = if v.is_empty() { self.default } else { v };
        if v.is_empty() {
            // An optional choice left empty: off.
            return Ok("");
        }
        choices
            .iter()
            .find(|c| c.value.eq_ignore_ascii_case(v))
            .map(|c| c.value)
            .ok_or_else(|| {
                let values: Vec<&str> = choices.iter().map(|c| c.value).collect();
                let allowed = match values.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        crate::tr!("common.param.choice.last", rest = rest.join(", "), last)
                    }
                    _ => values.join(""),
                };
                ParamError::new(
                    self.name,
                    crate::tr!(
                        "common.param.choice",
                        name = self.name,
                        allowed,
                        value = quote(raw)
                    ),
                )
            })
    }
}

/// A parameter that could not be used, and why. Shown as `data-error="<param>"`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ParamError {
    /// The parameter's public name (`block-x`, `n`, `example`, …).
    pub param: String,
    /// What is wrong and what is allowed, in one or two sentences.
    pub message: String,
}

impl ParamError {
    /// A new error for `param`.
    #[must_use]
    pub fn new(param: &str, message: impl Into<String>) -> Self {
        ParamError {
            param: param.to_string(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.param, self.message)
    }
}

/// The notice for `key` given more than once in `q` (`first`: its first value, the one read):
/// a panel's inputs (issue 45) and the page keys (issue 65) alike.
#[must_use]
pub fn repeated(q: &crate::query::Query, key: &str, first: &str) -> Option<ParamError> {
    let count = q.get_all(key).count();
    (count > 1).then(|| {
        ParamError::new(
            key,
            crate::tr!("common.param.repeated", key, count, first = quote(first)),
        )
    })
}

/// Quotes untrusted text for a message, cut short so a huge URL cannot flood the page. A
/// character that would reorder the sentence around it (issue 65: U+202E in `guess=` turned the
/// rest of the line around), a bidirectional control, is named instead (`[U+202E]`), so the
/// quoted value stays isolated and readable.
#[must_use]
pub fn quote(raw: &str) -> String {
    const LIMIT: usize = 24;
    let mut s = String::new();
    for c in raw.chars().take(LIMIT) {
        if is_bidi_control(c) {
            // Four hex digits by hand: no formatter for one character.
            let v = u32::from(c);
            s.push_str("[U+");
            for shift in [12, 8, 4, 0] {
                let digit = char::from_digit((v >> shift) & 0xF, 16).unwrap_or('0');
                s.push(digit.to_ascii_uppercase());
            }
            s.push(']');
        } else {
            s.push(c);
        }
    }
    if raw.chars().count() > LIMIT {
        s.push('…');
    }
    format!("“{s}”")
}

/// The characters that change the direction of the text around them: the embeddings and
/// overrides (U+202A–U+202E), the isolates (U+2066–U+2069) and the marks (U+200E, U+200F,
/// U+061C).
#[must_use]
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// The outcome of reading a whole number that may be negative (like N).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whole {
    /// Zero or more.
    NonNegative(u64),
    /// Below zero: kept so that the message can explain what a negative count would do.
    Negative(u64),
}

/// Reads a signed whole number; `name` and `range` only shape the messages.
///
/// # Errors
/// Empty text, text that is not a whole number, or a number too large for 64 bits.
pub fn parse_whole(name: &str, raw: &str, range: &str) -> Result<Whole, ParamError> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(ParamError::new(
            name,
            crate::tr!("common.param.empty", name, range),
        ));
    }
    let (negative, digits) = match s.strip_prefix('-').or_else(|| s.strip_prefix('−')) {
        Some(rest) => (true, rest),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParamError::new(
            name,
            crate::tr!("common.param.not-whole", name, range, value = quote(raw)),
        ));
    }
    match digits.parse::<u64>() {
        Ok(v) if negative && v > 0 => Ok(Whole::Negative(v)),
        Ok(v) => Ok(Whole::NonNegative(v)),
        Err(_) => Err(ParamError::new(
            name,
            crate::tr!("common.param.too-large", name, range, value = quote(raw)),
        )),
    }
}

/// Reads a whole number within `[min, max]`.
///
/// # Errors
/// As [`parse_whole`], plus values outside the range, with the range in the message.
pub fn parse_in_range(
    name: &str,
    raw: &str,
    min: u64,
    max: u64,
    why_limit: &str,
) -> Result<u64, ParamError> {
    let range = crate::tr!("common.param.range", min, max);
    let out_of_range = |value: String| {
        let message = if why_limit.is_empty() {
            crate::tr!("common.param.out-of-range", name, value, range)
        } else {
            crate::tr!(
                "common.param.out-of-range.why",
                name,
                value,
                range,
                why = why_limit
            )
        };
        ParamError::new(name, message)
    };
    match parse_whole(name, raw, &range)? {
        Whole::Negative(v) => Err(out_of_range(format!("−{v}"))),
        Whole::NonNegative(v) if v < min || v > max => Err(out_of_range(v.to_string())),
        Whole::NonNegative(v) => Ok(v),
    }
}

/// Reads a comma-separated list of whole numbers, each within `[min, max]`, at most `max_len`
/// items. Messages name the parameter and the item's position.
///
/// # Errors
/// An empty list, too many items, or an item that is not a whole number in range.
pub fn parse_list(
    name: &str,
    raw: &str,
    min: u64,
    max: u64,
    max_len: usize,
    what: &str,
) -> Result<Vec<u64>, ParamError> {
    let items: Vec<&str> = raw.split(',').map(str::trim).collect();
    if raw.trim().is_empty() {
        return Err(ParamError::new(
            name,
            crate::tr!("common.param.list.empty", name, what),
        ));
    }
    if items.len() > max_len {
        return Err(ParamError::new(
            name,
            crate::tr!(
                "common.param.list.too-long",
                name,
                count = items.len(),
                max = max_len
            ),
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let label = crate::tr!("common.param.list.item", name, n = i + 1);
            parse_in_range(&label, item, min, max, "").map_err(|e| ParamError::new(name, e.message))
        })
        .collect()
}

/// A decimal as people type it (`-12`, `57.1`, `.5`, `3.`, and with a whole exponent, `2e3`),
/// correctly rounded where it matters: the digits as one whole number (below 2^53, so exact in
/// an f64) times or over a power of ten (exact up to 10^22), which IEEE arithmetic rounds once;
/// a larger exponent is approximated. Hand-written because `str::parse::<f64>` links core's
/// general float parser (~15 kB of gzip wasm) into every bundle that reads a number: a learner's
/// guess, a quiz answer, a kernel's float literal. More than 15 digits, `inf` or `NaN` are not
/// read.
#[must_use]
pub fn decimal(s: &str) -> Option<f64> {
    let (negative, body) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (number, exponent) = match body.split_once(['e', 'E']) {
        Some((n, e)) if !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit()) && e.len() <= 3 => {
            (n, e.parse::<i32>().ok()?)
        }
        Some(_) => return None,
        None => (body, 0),
    };
    let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    let mut mantissa: u64 = 0;
    for b in whole.bytes().chain(frac.bytes()) {
        if !b.is_ascii_digit() {
            return None;
        }
        mantissa = mantissa.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
        if mantissa > 1 << 53 {
            return None;
        }
    }
    let k = exponent - i32::try_from(frac.len()).ok()?;
    #[allow(clippy::cast_precision_loss)] // below 2^53: exact
    let m = mantissa as f64;
    let v = if k >= 0 {
        m * 10f64.powi(k)
    } else {
        m / 10f64.powi(-k)
    };
    v.is_finite().then_some(if negative { -v } else { v })
}

#[cfg(test)]
mod list_tests;

#[cfg(test)]
mod quote_tests;
