//! "Predict, then reveal": how a Forecast guess is read and judged against the figure it names.
//!
//! A guess is read in the figure's own form: a count with or without its unit ("21", "21
//! cycles", "1 transaction"), a percentage as "57.1%", "57.1" or "0.571", a ratio as "1.75" or
//! "1.75×", coordinates as "6, 0, 2" or "(6, 0, 2)", yes/no in either language. The verdict is
//! one of three, the page's `data-guess`:
//! - **right**: the figure's value as shown: whole numbers, yes/no, coordinates and words
//!   exactly; other numbers to the precision the guess gives, with at least three significant
//!   digits (or all the shown value has): "57.1%" and "57.14%" for 57.143 %, "4/7" exactly;
//! - **close**: within 10 % of the value (a number other than zero);
//! - **off**: anything else.
//!
//! A guess the field cannot read is not judged ([`ForecastFeedback::verdict`] is `None`): the
//! feedback names the form the field takes, and the page keeps the figures hidden
//! ([`ForecastFeedback::reveal`] is false), so a slip of the keyboard does not spend the
//! learner's one guess. An empty guess is a learner who would rather see: it reveals, unjudged.

use crate::figure::{format_decimal, Figure, Value};

use super::grade::{parse_number, yes_no};

/// How a readable guess compares with the figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The value as shown.
    Right,
    /// Within 10 % of it.
    Close,
    /// Further.
    Off,
}

impl Verdict {
    /// `data-guess`: `right`, `close` or `off`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Right => "right",
            Verdict::Close => "close",
            Verdict::Off => "off",
        }
    }

    /// Reads a [`Verdict::name`] back (`None` for anything else): the one reader of the names,
    /// for the frames' reports and `recorded=`.
    #[must_use]
    pub fn parse(name: &str) -> Option<Verdict> {
        [Verdict::Right, Verdict::Close, Verdict::Off]
            .into_iter()
            .find(|v| v.name() == name)
    }
}

/// The judgement of one guess: its verdict (none when the guess could not be read) and what to
/// tell the learner, the answer written in the form the guess used.
#[derive(Clone, Debug, PartialEq)]
pub struct ForecastFeedback {
    /// `None`: the guess was not judged (not read, or no guess at all).
    pub verdict: Option<Verdict>,
    /// One line for the learner.
    pub text: String,
    /// Whether the figures are shown now: a judged guess or none at all, not an unread one.
    pub reveal: bool,
}

/// The number a guess gives, with what its form says about how it is written.
struct Read {
    value: f64,
    /// Written with `%`.
    percent_sign: bool,
    /// Digits after the decimal point (`None` for a fraction such as 4/7, which is exact).
    places: Option<u32>,
    /// Significant digits written.
    significant: u32,
}

/// A letter of a unit: ASCII letters and any other non-ASCII character but the number signs a
/// guess may carry (×, ¼, ½, ¾, a no-break space). ASCII on purpose: `char::is_alphabetic` and
/// `str::to_lowercase` link Unicode tables (~20 kB of wasm in every panel's bundle).
fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || (!c.is_ascii() && !matches!(c, '×' | '¼' | '½' | '¾' | '\u{a0}'))
}

/// What a number guess for `figure` must look like, in words: with its unit when it has one
/// (issue 65: a figure without one, `efficiency`, said "with its unit ()").
fn number_form(figure: &Figure) -> String {
    if figure.unit.is_empty() {
        crate::t!("quiz.forecast.form-plain").to_string()
    } else {
        crate::tr!("quiz.forecast.form-number", unit = figure.unit)
    }
}

/// Splits "21 cycles" into "21" and "cycles"; "2x" and "1.75×" stay whole.
fn split_unit(guess: &str) -> (&str, &str) {
    let g = guess.trim();
    let cut = g
        .char_indices()
        .find(|(i, c)| is_letter(*c) && !matches!(g.get(*i..), Some("x" | "X")))
        .map_or(g.len(), |(i, _)| i);
    // "2-way": the hyphen joins the number to its noun. `str::get` at a char's index: indexing
    // links std's slicing panic into every panel (issue 46).
    (
        g.get(..cut)
            .unwrap_or_default()
            .trim()
            .trim_end_matches('-'),
        g.get(cut..).unwrap_or_default().trim(),
    )
}

/// Whether a guess's trailing word is the figure's unit (or a word of it, singular or plural):
/// "cycles" and "cycle" for `cycles`, "lanes" for `of 32 lanes`, "words" for `words per bank`.
fn is_unit(tail: &str, figure: &Figure) -> bool {
    if tail.is_empty() {
        return true;
    }
    let unit = figure.unit;
    let tail = tail.to_ascii_lowercase();
    // A conflict's degree is said "2-way" as often as "2 words per bank".
    if figure.metric == "conflict-ways" && matches!(tail.as_str(), "way" | "ways") {
        return true;
    }
    let unit = unit.to_ascii_lowercase();
    if tail == unit {
        return true;
    }
    let first = tail.split_whitespace().next().unwrap_or("");
    // The unit's words, and the label's: the transactions figure counts "segments", and a
    // learner writes "1 transaction".
    let label = figure.label.to_ascii_lowercase();
    unit.split(|c: char| c.is_whitespace() || c == '/')
        .chain(label.split(|c: char| !(is_letter(c) || c.is_ascii_digit() || c == '-')))
        .filter(|w| !w.is_empty())
        .any(|w| {
            w == first || w.strip_suffix('s') == Some(first) || first.strip_suffix('s') == Some(w)
        })
}

fn read_number(text: &str) -> Option<Read> {
    let value = parse_number(text)?;
    let digits: String = text.trim().replace(['\u{a0}', ' ', ','], "");
    let digits = digits.trim_end_matches(['×', 'x', 'X']);
    let percent_sign = digits.ends_with('%');
    let plain = digits.trim_end_matches('%');
    if plain.contains('/') || matches!(plain, "¼" | "½" | "¾") {
        return Some(Read {
            value,
            percent_sign,
            places: None,
            significant: u32::MAX,
        });
    }
    let places = plain.split_once('.').map_or(0, |(_, f)| f.len());
    let significant = plain
        .chars()
        .filter(char::is_ascii_digit)
        .skip_while(|c| *c == '0')
        .count();
    Some(Read {
        value,
        percent_sign,
        places: Some(u32::try_from(places).unwrap_or(u32::MAX)),
        significant: u32::try_from(significant).unwrap_or(u32::MAX),
    })
}

/// Significant digits of a shown value ("57.143%" → 5, "50%" → 2, "1.75" → 3).
fn shown_significant(shown: &str) -> u32 {
    let n = shown
        .chars()
        .filter(char::is_ascii_digit)
        .skip_while(|c| *c == '0')
        .count();
    u32::try_from(n.max(1)).unwrap_or(u32::MAX)
}

/// The most characters of a guess that a judgement quotes, and bytes that an assignment's
/// record keeps ([`guess_text`]).
pub const GUESS_CHARS: usize = 24;

/// [`GUESS_CHARS`] as the guess field's `maxlength` writes it (a test keeps the two equal).
pub const GUESS_CHARS_TEXT: &str = "24";

/// A guess as a record keeps it: trimmed, no control characters, cut to at most
/// [`GUESS_CHARS`] bytes of UTF-8 (24 characters of the numbers, yes/no and coordinates a
/// Forecast reads), so that twenty escaped guesses stay within SCORM 1.2's 4,096 characters of
/// suspend data; `None` when nothing is left.
#[must_use]
pub fn guess_text(guess: &str) -> Option<String> {
    let mut g = String::new();
    for c in guess.trim().chars().filter(|c| !c.is_control()) {
        if g.len() + c.len_utf8() > GUESS_CHARS {
            break;
        }
        g.push(c);
    }
    let g = g.trim_end().to_string();
    (!g.is_empty()).then_some(g)
}

/// [`judge_forecast`] in a graded step (`graded=`): there an empty guess reveals nothing (the
/// answer seen for free would make every later guess right); it says what to write instead.
#[must_use]
pub fn judge_graded_forecast(guess: &str, figure: &Figure) -> ForecastFeedback {
    if guess.trim().is_empty() {
        return ForecastFeedback {
            verdict: None,
            text: crate::tr!("quiz.forecast.graded-empty", label = figure.label),
            reveal: false,
        };
    }
    judge_forecast(guess, figure)
}

/// Judges a Forecast guess against the figure it names.
#[must_use]
pub fn judge_forecast(guess: &str, figure: &Figure) -> ForecastFeedback {
    if guess.trim().is_empty() {
        let shown = format!("{} {}", figure.value.human(), figure.shown_unit())
            .trim()
            .to_string();
        return ForecastFeedback {
            verdict: None,
            text: crate::tr!("quiz.forecast.answer", shown),
            reveal: true,
        };
    }
    let said = guess.trim().chars().take(GUESS_CHARS).collect::<String>();
    let unreadable = |form: &str| ForecastFeedback {
        verdict: None,
        text: crate::tr!(
            "quiz.forecast.unreadable",
            guess = &said,
            label = figure.label,
            form = form
        ),
        reveal: false,
    };
    let with_unit = |v: String| format!("{v} {}", figure.shown_unit()).trim().to_string();
    match &figure.value {
        Value::Bool(b) => {
            let Some(g) = yes_no(guess) else {
                return unreadable(&crate::tr!("quiz.forecast.form-yes-no"));
            };
            exactly(&said, g == *b, &figure.value.human())
        }
        Value::Coords(c) => {
            let (nums, tail) = split_unit(guess);
            let parts: Option<Vec<u64>> = nums
                .trim_matches(|ch| ch == '(' || ch == ')' || ch == ' ')
                .split([',', ' '])
                .filter(|p| !p.is_empty())
                .map(|p| p.parse::<u64>().ok())
                .collect();
            let Some(parts) = parts.filter(|p| p.len() == c.len() && tail.is_empty()) else {
                return unreadable(&crate::tr!("quiz.forecast.form-coords", n = c.len()));
            };
            exactly(&said, &parts == c, &figure.value.human())
        }
        Value::Int(v) => {
            let (num, tail) = split_unit(guess);
            let Some(r) = read_number(num).filter(|_| is_unit(tail, figure)) else {
                return unreadable(&number_form(figure));
            };
            #[allow(clippy::cast_precision_loss)]
            let v = *v as f64;
            let shown = with_unit(figure.value.human());
            #[allow(clippy::float_cmp)] // whole numbers: exactly, as the contract says
            let exact = r.value == v;
            judge_number(&said, r.value, v, exact, &shown, false)
        }
        Value::Frac { value, percent } => {
            let (num, tail) = split_unit(guess);
            let Some(r) = read_number(num).filter(|_| is_unit(tail, figure)) else {
                return unreadable(&number_form(figure));
            };
            // A percentage figure reads "57.1" as 57.1 % and "0.571" as the fraction; the
            // answer is written back the way the guess was.
            let as_percent = *percent && (r.percent_sign || r.value > 1.0);
            let g = if *percent && !r.percent_sign && r.value > 1.0 {
                r.value / 100.0
            } else {
                r.value
            };
            let shown = if *percent && !as_percent {
                // The fraction to four places, as the seeds write 0.5714.
                crate::figure::rounded(*value, 4)
            } else {
                with_unit(figure.value.human())
            };
            // The guess's own precision, on the scale it was written in.
            let scale = if as_percent { 100.0 } else { 1.0 };
            let within_precision = match r.places {
                None => (g - value).abs() <= 1e-9 * value.abs().max(1.0),
                Some(p) => {
                    let half = 0.5 * 10f64.powi(-i32::try_from(p).unwrap_or(i32::MAX)) / scale;
                    let needed = shown_significant(&figure.value.human()).min(3);
                    (g - value).abs() <= half + 1e-9 && r.significant >= needed
                }
            };
            let exact = within_precision || (g - value).abs() <= 1e-9 * value.abs().max(1.0);
            judge_number(&said, g, *value, exact, &shown, as_percent)
        }
        Value::Id(n) => {
            let (num, tail) = split_unit(guess);
            let Some(r) = read_number(num).filter(|_| is_unit(tail, figure)) else {
                return unreadable(&number_form(figure));
            };
            #[allow(clippy::cast_precision_loss, clippy::float_cmp)] // whole numbers, exactly
            let equal = r.value == *n as f64;
            exactly(&said, equal, &with_unit(n.to_string()))
        }
        Value::Text(w) => {
            // A word read as the page writes it, or with what it names said after it: the
            // roofline's `memory` as "memory-bound" or "memory bound" (issue 68).
            let g = guess.trim();
            let word = ["-bound", " bound"]
                .iter()
                .find_map(|end| {
                    g.len()
                        .checked_sub(end.len())
                        .filter(|&at| g.get(at..).is_some_and(|t| t.eq_ignore_ascii_case(end)))
                        .and_then(|at| g.get(..at))
                })
                .unwrap_or(g);
            exactly(
                &said,
                word.trim().eq_ignore_ascii_case(w),
                &with_unit(w.clone()),
            )
        }
        Value::None => ForecastFeedback {
            verdict: Some(Verdict::Off),
            text: crate::tr!("quiz.forecast.answer", shown = figure.value.human()),
            reveal: true,
        },
    }
}

/// A value judged only as equal or not (yes/no, coordinates, names, words): right, or off.
fn exactly(said: &str, equal: bool, shown: &str) -> ForecastFeedback {
    if equal {
        return right(said, shown);
    }
    ForecastFeedback {
        verdict: Some(Verdict::Off),
        text: crate::tr!("quiz.forecast.said-wrong", guess = said, shown),
        reveal: true,
    }
}

fn right(said: &str, shown: &str) -> ForecastFeedback {
    ForecastFeedback {
        verdict: Some(Verdict::Right),
        text: crate::tr!("quiz.forecast.right", guess = said, shown),
        reveal: true,
    }
}

/// `points`: the off-by is said in percentage points (the guess was a percentage).
fn judge_number(
    said: &str,
    g: f64,
    v: f64,
    exact: bool,
    shown: &str,
    points: bool,
) -> ForecastFeedback {
    if exact {
        return right(said, shown);
    }
    let off = (g - v).abs();
    if v == 0.0 {
        let off = if points {
            Value::percent(off).human()
        } else {
            format_decimal(off)
        };
        return ForecastFeedback {
            verdict: Some(Verdict::Off),
            text: crate::tr!("quiz.forecast.off", guess = said, shown, off),
            reveal: true,
        };
    }
    let share = Value::percent(off / v.abs()).human();
    let off = if points {
        Value::percent(off).human()
    } else {
        format_decimal(off)
    };
    if off_share_close(g, v) {
        ForecastFeedback {
            verdict: Some(Verdict::Close),
            text: crate::tr!("quiz.forecast.close", guess = said, shown, off, share),
            reveal: true,
        }
    } else {
        ForecastFeedback {
            verdict: Some(Verdict::Off),
            text: crate::tr!("quiz.forecast.off-share", guess = said, shown, off, share),
            reveal: true,
        }
    }
}

/// Within 10 % of a value other than zero.
fn off_share_close(g: f64, v: f64) -> bool {
    v != 0.0 && (g - v).abs() <= 0.1 * v.abs() + 1e-12
}

#[cfg(test)]
mod tests;
