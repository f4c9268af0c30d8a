//! Figures: the named results a panel shows (`data-metric` / `data-value` in the page).
//!
//! A figure carries both its plain machine value (integers as integers, fractions as decimals
//! with at least 4 significant digits, coordinates as `x,y,z`, booleans as `yes`/`no`) and its
//! text for people. The view prints them; it never computes one.

/// The value of a figure, typed so that its plain and human forms are derived in one place.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Value {
    /// A whole number.
    Int(u64),
    /// A fraction in [0, ∞), shown as a decimal (and as a percentage when `percent`).
    Frac {
        /// The fraction itself.
        value: f64,
        /// Whether people read it as a percentage.
        percent: bool,
    },
    /// Coordinates such as a thread's (x, y, z) or a grid's (gx, gy).
    Coords(Vec<u64>),
    /// A number that names something (a lane, a register element): right only when exact, as
    /// lane 4 is not "close" to lane 5.
    Id(u64),
    /// A yes/no answer.
    Bool(bool),
    /// Text from a fixed vocabulary or form (the limiting factor `registers`, a score `3/4`).
    Text(String),
    /// Nothing applies (e.g. no ragged warp when everything divides evenly).
    None,
}

impl Value {
    /// A fraction shown as a percentage (`0.5` → `50%`; `data-value` stays `0.5000`).
    #[must_use]
    pub fn percent(value: f64) -> Value {
        Value::Frac {
            value,
            percent: true,
        }
    }

    /// A ratio shown as a plain decimal (a slowdown `1.75`, shown with its `×` unit).
    #[must_use]
    pub fn ratio(value: f64) -> Value {
        Value::Frac {
            value,
            percent: false,
        }
    }

    /// The plain value for `data-value`.
    #[must_use]
    pub fn plain(&self) -> String {
        match self {
            Value::Int(n) | Value::Id(n) => n.to_string(),
            Value::Frac { value, .. } => format_decimal(*value),
            Value::Coords(c) => c.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
            Value::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
            Value::Text(w) => w.clone(),
            Value::None => "none".to_string(),
        }
    }

    /// The value as people read it: thousands separated, percentages, parentheses.
    #[must_use]
    pub fn human(&self) -> String {
        match self {
            Value::Int(n) => group_thousands(*n),
            Value::Id(n) => n.to_string(),
            Value::Frac {
                value,
                percent: true,
            } => format!("{}%", percent_digits(value * 100.0)),
            Value::Frac {
                value,
                percent: false,
            } => format_decimal(*value),
            Value::Coords(c) => {
                format!(
                    "({})",
                    c.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
                )
            }
            Value::Bool(b) => {
                if *b {
                    crate::tr!("common.value.yes")
                } else {
                    crate::tr!("common.value.no")
                }
            }
            Value::Text(w) => w.clone(),
            Value::None => crate::tr!("common.value.none"),
        }
    }
}

/// A percentage's digits: two decimals from 10 % up (89.24, 57.14: issue 45 read 89.236 %),
/// and four significant digits below, so that the seeds' exact 1/32 = 3.125 % stays exact
/// (0.74, 3.125, 7.143); no trailing zeros (50, 12.5).
#[must_use]
pub fn percent_digits(p: f64) -> String {
    let places = if p.abs() >= 10.0 || p == 0.0 {
        2
    } else if p.abs() >= 1.0 {
        3
    } else {
        // 0.1 % to 1 %: 0.1234; below, still three places (a percentage that small is a
        // sliver either way).
        3 + u8::from(p.abs() >= 0.1)
    };
    rounded(p, places)
}

/// A decimal with at least 4 significant digits and no trailing zeros (0.03125, 0.1563, 2).
#[must_use]
pub fn format_decimal(v: f64) -> String {
    if !v.is_finite() {
        return "0".to_string();
    }
    // Exact on purpose: only a whole number is written without a decimal point.
    #[allow(clippy::float_cmp)]
    let whole = v == v.trunc();
    if whole && v.abs() < 1e15 {
        return rounded(v, 0);
    }
    rounded(v, decimal_places(v))
}

/// The powers of ten [`decimal_places`] counts against: 10⁻⁶ to 10⁵.
const PLACE_BOUNDS: [f64; 12] = [
    1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5,
];

/// Enough places for 6 significant digits (exact binary fractions like 1/32 come out whole):
/// 5 − ⌊log₁₀ |v|⌋, within 0..=12. Counted against the powers of ten rather than with
/// `f64::log10`, which linked libm's logarithm (0.6 kB of raw code) into every page.
fn decimal_places(v: f64) -> u8 {
    let a = v.abs();
    let above = PLACE_BOUNDS.iter().filter(|b| a >= **b).count();
    // At most 12: a count of a 12-element table.
    12 - u8::try_from(above).unwrap_or(12)
}

/// `v` rounded to `places` decimal places (halves away from zero), written with no trailing
/// zeros and no `-0`: `rounded(0.571_428, 4)` is "0.5714", `rounded(2.5, 3)` is "2.5".
///
/// The one rounding rule for every number written to a fixed number of places (figures,
/// percentages, the Forecast's answer, SCORM scores, chart coordinates), which had been four
/// copies of `format!("{v:.N}")` and a trim. A half rounds away from zero, as the seeds round by
/// hand (std's `{:.N}` rounds the exact binary value, so 0.125 became "0.12").
///
/// Written by hand rather than with `{}`: it rounds to the whole number k = v · 10^places and
/// writes k's digits with the point `places` from the right, so no page links `core::fmt`'s
/// float formatting (Grisu and Dragon, about 11 kB of raw code in every page: issue 46). The
/// digits are those `{}` wrote of k / 10^places before, while k has at most 15 digits
/// (`figure/tests.rs` checks both against std).
#[must_use]
pub fn rounded(v: f64, places: u8) -> String {
    let scale = 10f64.powi(i32::from(places));
    let k = (v * scale).round();
    if !k.is_finite() || k.abs() >= 1.8e19 {
        // Nothing the model shows is this large (u64's range): named rather than wrong.
        return if v.is_nan() {
            "NaN".to_string()
        } else if v > 0.0 {
            "inf".to_string()
        } else {
            "-inf".to_string()
        };
    }
    // k is a whole number within u64's range: exact there.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let digits = (k.abs() as u64).to_string();
    // A value that rounds to zero is written "0", never "-0".
    if digits == "0" {
        return digits;
    }
    let places = usize::from(places);
    // Digits are ASCII: `str::get` splits them without `split_at`'s panic path (std's slicing
    // panic, linked into every page otherwise: issue 46).
    let (whole, frac) = if digits.len() > places {
        let at = digits.len() - places;
        (
            digits.get(..at).unwrap_or_default(),
            digits.get(at..).unwrap_or_default(),
        )
    } else {
        ("0", digits.as_str())
    };
    let mut out = String::with_capacity(digits.len() + places + 2);
    if k < 0.0 {
        out.push('-');
    }
    out.push_str(whole);
    let frac = frac.trim_end_matches('0');
    if !frac.is_empty() {
        out.push('.');
        // Leading zeros of the fraction that `split_at` could not give (k < 10^places).
        for _ in digits.len()..places {
            out.push('0');
        }
        out.push_str(frac);
    }
    out
}

/// A count the model holds as an `f64` (a figure's value read back: 4 warps, 3 transactions),
/// as a whole number: what `{}` wrote of it, without the float formatting (see [`rounded`]).
#[must_use]
pub fn whole(v: f64) -> String {
    rounded(v, 0)
}

/// 2088960 → "2,088,960", as the seeds write big counts.
#[must_use]
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// What a figure's value means for the learner, as the one colour rule reads it: good (a test
/// passed, a target met, every star), bad (a test failed, a target missed, no star), or
/// neutral (a count, a reference's value). Issue 45: "Passed: yes" was the same red as "no".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tone {
    /// A quantity: no verdict.
    #[default]
    Neutral,
    /// A verdict in the learner's favour.
    Good,
    /// A verdict against.
    Bad,
}

impl Tone {
    /// `good` or `bad` for `data-tone`; `None` for a neutral figure.
    #[must_use]
    pub fn name(self) -> Option<&'static str> {
        match self {
            Tone::Neutral => None,
            Tone::Good => Some("good"),
            Tone::Bad => Some("bad"),
        }
    }

    /// Good when `ok`, else bad.
    #[must_use]
    pub fn of(ok: bool) -> Tone {
        if ok {
            Tone::Good
        } else {
            Tone::Bad
        }
    }
}

/// One named result.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The stable name in `data-metric`: part of the public contract.
    pub metric: &'static str,
    /// Short label for people.
    pub label: &'static str,
    /// The value.
    pub value: Value,
    /// Unit shown after the value ("threads", "warps", "lanes"), possibly empty.
    pub unit: &'static str,
    /// One-line definition shown on hover.
    pub help: &'static str,
    /// The figure the question is about: drawn largest.
    pub key: bool,
    /// What its value means (`data-tone`).
    pub tone: Tone,
}

impl Figure {
    /// A figure that is not the key one.
    #[must_use]
    pub fn new(
        metric: &'static str,
        label: &'static str,
        value: Value,
        unit: &'static str,
        help: &'static str,
    ) -> Self {
        Figure {
            metric,
            label,
            value,
            unit,
            help,
            key: false,
            tone: Tone::Neutral,
        }
    }

    /// The unit as it reads after the value: one of a counted unit is singular ("1 warp",
    /// "1 warp instruction", not "1 warps": issue 45), the catalogue's plural otherwise.
    #[must_use]
    pub fn shown_unit(&self) -> &'static str {
        if matches!(self.value, Value::Int(1)) {
            singular(self.unit)
        } else {
            self.unit
        }
    }

    /// Sets what the value means.
    #[must_use]
    pub fn tone(mut self, tone: Tone) -> Self {
        self.tone = tone;
        self
    }

    /// Marks this figure as the key figure.
    #[must_use]
    pub fn key(mut self) -> Self {
        self.key = true;
        self
    }
}

#[cfg(test)]
mod tests;

/// `unit` of one: without the plural's final `s` ("warps" → "warp", "warp instructions" → "warp
/// instruction", "phases" → "phase"). Both catalogues write their counted units as English
/// plurals in lower case; anything else (a symbol, "of 3", a word in `ss`) is kept as it is.
#[must_use]
pub fn singular(unit: &'static str) -> &'static str {
    // One slice pattern, no `str` pattern and no slicing that can panic: either linked code
    // into every page for this one word. The catalogues' counted units all take a plain `s`
    // ("warps", "cycles", "bytes", "phases"); "halves" is kept as it is rather than made wrong.
    match unit.as_bytes() {
        [.., x, y, b's']
            if x.is_ascii_lowercase()
                && y.is_ascii_lowercase()
                && *y != b's'
                && (*x, *y) != (b'v', b'e') =>
        {
            unit.get(..unit.len() - 1).unwrap_or(unit)
        }
        _ => unit,
    }
}
