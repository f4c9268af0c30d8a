//! Parameters declared once as data: name, range, default, unit and help. The form, the URL
//! and the error messages all derive from these declarations, so a limit is written once.

use std::fmt;

use crate::i18n::Msg;

/// A declared numeric parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// The name in the URL and in `data-error` (also the input's `name`).
    pub name: &'static str,
    /// Label for people.
    pub label: &'static str,
    /// Smallest allowed value.
    pub min: u64,
    /// Largest allowed value.
    pub max: u64,
    /// Value used when the parameter is absent.
    pub default: u64,
    /// Unit shown beside the input (a catalogue message).
    pub unit: Msg,
    /// Where the limit comes from, shown in the error message (a catalogue message).
    pub why_limit: Msg,
}

/// blockDim.x: CUDA allows 1–1024.
pub const BLOCK_X: ParamSpec = ParamSpec {
    name: "block-x",
    label: "blockDim.x",
    min: 1,
    max: 1024,
    default: 256,
    unit: crate::msg!("common.unit.threads"),
    why_limit: crate::msg!("common.param.block-x.limit"),
};
/// blockDim.y: CUDA allows 1–1024.
pub const BLOCK_Y: ParamSpec = ParamSpec {
    name: "block-y",
    label: "blockDim.y",
    min: 1,
    max: 1024,
    default: 1,
    unit: crate::msg!("common.unit.threads"),
    why_limit: crate::msg!("common.param.block-y.limit"),
};
/// blockDim.z: CUDA allows 1–64.
pub const BLOCK_Z: ParamSpec = ParamSpec {
    name: "block-z",
    label: "blockDim.z",
    min: 1,
    max: 64,
    default: 1,
    unit: crate::msg!("common.unit.threads"),
    why_limit: crate::msg!("common.param.block-z.limit"),
};
/// Most threads in one block (x·y·z), CUDA's limit.
pub const MAX_THREADS_PER_BLOCK: u64 = 1024;
/// Most blocks along grid x, CUDA's limit (2³¹ − 1).
pub const MAX_GRID_X: u64 = (1 << 31) - 1;
/// Most blocks along grid y, CUDA's limit.
pub const MAX_GRID_Y: u64 = 65_535;

/// One control of a panel, declared once: its input `name` (also its `data-error` name),
/// and the catalogue messages (crate::i18n) of its label and hint. Each panel's form is generated
/// from its list of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldSpec {
    /// The input's `name`, also the parameter named by its errors.
    pub name: &'static str,
    /// Its label for people (`msg!("area.field.label")`).
    pub label: Msg,
    /// The allowed values, in a few words.
    pub hint: Msg,
}

impl FieldSpec {
    /// Its label, in the current language.
    #[must_use]
    pub fn label_text(&self) -> &'static str {
        self.label.text()
    }

    /// Its hint, in the current language.
    #[must_use]
    pub fn hint_text(&self) -> &'static str {
        self.hint.text()
    }
}

/// A parameter that could not be used, and why. Shown as `data-error="<param>"`.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// Quotes untrusted text for a message, cut short so a huge URL cannot flood the page.
#[must_use]
pub fn quote(raw: &str) -> String {
    const LIMIT: usize = 24;
    let mut s: String = raw.chars().take(LIMIT).collect();
    if raw.chars().count() > LIMIT {
        s.push('…');
    }
    format!("“{s}”")
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

impl ParamSpec {
    /// Reads this parameter from its raw text.
    ///
    /// # Errors
    /// A [`ParamError`] naming this parameter and its allowed range.
    pub fn parse(&self, raw: &str) -> Result<u64, ParamError> {
        parse_in_range(self.name, raw, self.min, self.max, self.why_limit.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_parameter_and_the_range() {
        let e = BLOCK_X.parse("2000").unwrap_err();
        assert_eq!(e.param, "block-x");
        assert!(e.message.contains("from 1 to 1024"), "{}", e.message);
        let e = BLOCK_Z.parse("0").unwrap_err();
        assert!(e.message.contains("from 1 to 64"), "{}", e.message);
        let e = BLOCK_Y.parse("abc").unwrap_err();
        assert!(e.message.contains("“abc”"), "{}", e.message);
        let e = BLOCK_Y.parse("").unwrap_err();
        assert!(e.message.contains("empty"), "{}", e.message);
        let e = BLOCK_X.parse("18446744073709551616").unwrap_err();
        assert!(e.message.contains("too large"), "{}", e.message);
        let e = BLOCK_X.parse("-5").unwrap_err();
        assert!(e.message.contains("−5"), "{}", e.message);
        assert_eq!(BLOCK_X.parse(" 48 ").unwrap(), 48);
        assert_eq!(BLOCK_X.parse("+48").unwrap(), 48);
        assert_eq!(parse_whole("n", "-3", "").unwrap(), Whole::Negative(3));
        assert_eq!(parse_whole("n", "-0", "").unwrap(), Whole::NonNegative(0));
        assert!(quote(&"x".repeat(100)).ends_with("…”"));
    }

    #[test]
    fn english_messages_are_unchanged() {
        assert_eq!(
            BLOCK_X.parse("2000").unwrap_err().message,
            "block-x = 2000 is out of range: allowed from 1 to 1024 (CUDA's limit on blockDim.x)."
        );
        assert_eq!(
            parse_in_range("n", "x", 0, 9, "").unwrap_err().message,
            "n must be a whole number from 0 to 9; “x” is not one."
        );
        assert_eq!(
            parse_whole("n", " ", "from 0 up").unwrap_err().message,
            "n is empty: enter a whole number from 0 up."
        );
        assert_eq!(BLOCK_Y.why_limit.to_string(), "CUDA's limit on blockDim.y");
        assert_eq!(BLOCK_Z.unit.text(), "threads");
    }

    #[test]
    fn hinglish_messages_name_the_parameter_and_the_range() {
        use crate::i18n::{with_lang, Lang};
        let e = with_lang(Lang::Hinglish, || BLOCK_X.parse("0").unwrap_err());
        assert_eq!(e.param, "block-x");
        assert_eq!(
            e.message,
            "block-x = 0 range se bahar hai: sirf 1 se 1024 tak chalega (blockDim.x par CUDA ki limit)."
        );
        let e = with_lang(Lang::Hinglish, || BLOCK_Z.parse("abc").unwrap_err());
        assert!(
            e.message
                .starts_with("block-z ek whole number hona chahiye 1 se 64 tak"),
            "{}",
            e.message
        );
        assert!(e.message.contains("“abc”"), "{}", e.message);
        let e = with_lang(Lang::Hinglish, || BLOCK_Y.parse("").unwrap_err());
        assert!(e.message.contains("khaali"), "{}", e.message);
        let e = with_lang(Lang::Hinglish, || {
            BLOCK_X.parse("18446744073709551616").unwrap_err()
        });
        assert!(e.message.contains("bahut bada"), "{}", e.message);
        let e = with_lang(Lang::Hinglish, || {
            parse_list("paths", "12,-5", 1, 100, 32, "cycles").unwrap_err()
        });
        assert_eq!(e.param, "paths");
        assert_eq!(
            e.message,
            "paths ka item 2 = −5 range se bahar hai: sirf 1 se 100 tak chalega."
        );
        // The number read does not depend on the language.
        assert_eq!(with_lang(Lang::Hinglish, || BLOCK_X.parse("48")), Ok(48));
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

#[cfg(test)]
mod list_tests {
    use super::*;

    #[test]
    fn lists_name_the_bad_item() {
        assert_eq!(
            parse_list("paths", "12, 9", 1, 100, 32, "cycles").unwrap(),
            vec![12, 9]
        );
        let e = parse_list("paths", "12,-5", 1, 100, 32, "cycles").unwrap_err();
        assert_eq!(e.param, "paths");
        assert_eq!(
            e.message,
            "paths item 2 = −5 is out of range: allowed from 1 to 100."
        );
        assert!(parse_list("paths", "", 1, 100, 32, "cycles")
            .unwrap_err()
            .message
            .contains("empty"));
        assert!(parse_list("paths", "1,,2", 1, 100, 32, "cycles")
            .unwrap_err()
            .message
            .contains("item 2"));
        let long = vec!["1"; 33].join(",");
        assert!(parse_list("paths", &long, 1, 100, 32, "cycles")
            .unwrap_err()
            .message
            .contains("33 items"));
    }
}
