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

/// Splits "21 cycles" into "21" and "cycles"; "2x" and "1.75×" stay whole.
fn split_unit(guess: &str) -> (&str, &str) {
    let g = guess.trim();
    let cut = g
        .char_indices()
        .find(|(i, c)| is_letter(*c) && !matches!(&g[*i..], "x" | "X"))
        .map_or(g.len(), |(i, _)| i);
    // "2-way": the hyphen joins the number to its noun.
    (g[..cut].trim().trim_end_matches('-'), g[cut..].trim())
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

/// Judges a Forecast guess against the figure it names.
#[must_use]
pub fn judge_forecast(guess: &str, figure: &Figure) -> ForecastFeedback {
    if guess.trim().is_empty() {
        let shown = format!("{} {}", figure.value.human(), figure.unit)
            .trim()
            .to_string();
        return ForecastFeedback {
            verdict: None,
            text: crate::tr!("quiz.forecast.answer", shown),
            reveal: true,
        };
    }
    let said = guess.trim().chars().take(24).collect::<String>();
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
    let with_unit = |v: String| format!("{v} {}", figure.unit).trim().to_string();
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
                return unreadable(&crate::tr!("quiz.forecast.form-number", unit = figure.unit));
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
                return unreadable(&crate::tr!("quiz.forecast.form-number", unit = figure.unit));
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
                let f = format!("{value:.4}");
                f.trim_end_matches('0').trim_end_matches('.').to_string()
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
                return unreadable(&crate::tr!("quiz.forecast.form-number", unit = figure.unit));
            };
            #[allow(clippy::cast_precision_loss, clippy::float_cmp)] // whole numbers, exactly
            let equal = r.value == *n as f64;
            exactly(&said, equal, &with_unit(n.to_string()))
        }
        Value::Text(w) => exactly(
            &said,
            guess.trim().eq_ignore_ascii_case(w),
            &with_unit(w.clone()),
        ),
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
mod tests {
    use super::*;

    /// A count figure as a panel declares it.
    fn count(metric: &'static str, label: &'static str, v: u64, unit: &'static str) -> Figure {
        Figure::new(metric, label, Value::Int(v), unit, "")
    }

    fn verdict(guess: &str, f: &Figure) -> Option<&'static str> {
        judge_forecast(guess, f).verdict.map(Verdict::name)
    }

    #[test]
    fn counts_take_their_unit_and_only_the_exact_count_is_right() {
        // Lesson 2: paths of 12 and 9 cycles, half the lanes each: 12 + 9 = 21 cycles.
        let cycles = count("diverged-cycles", "Cycles", 21, "cycles");
        for right in ["21", "21 cycles", " 21  cycles ", "21 cycle", "21 Cycles"] {
            assert_eq!(verdict(right, &cycles), Some("right"), "{right}");
        }
        // What learners say: the longer path (12), the mean (10.5), the efficiency (57%).
        assert_eq!(verdict("12", &cycles), Some("off"));
        assert_eq!(verdict("10.5", &cycles), Some("off"));
        assert_eq!(verdict("57%", &cycles), Some("off"));
        // Within 10 %: 20 and 23 are close (|20 − 21| = 1 ≤ 2.1), 24 is not (3 > 2.1).
        assert_eq!(verdict("20", &cycles), Some("close"));
        assert_eq!(verdict("23 cycles", &cycles), Some("close"));
        assert_eq!(verdict("24", &cycles), Some("off"));
        // Another unit is not this figure's: not read, nothing revealed.
        let fb = judge_forecast("21 warps", &cycles);
        assert_eq!(fb.verdict, None);
        assert!(
            fb.text.contains("Cycles") && fb.text.contains("cycles"),
            "{}",
            fb.text
        );
        assert_eq!(verdict("yes", &cycles), None);
        assert!(!judge_forecast("yes", &cycles).reveal);
        // No guess at all: the learner would rather see; shown, unjudged.
        let skipped = judge_forecast("  ", &cycles);
        assert_eq!((skipped.verdict, skipped.reveal), (None, true));
        assert_eq!(skipped.text, "The answer is 21 cycles.");

        // Lesson 4: one 128-byte transaction; "1 transaction" in the singular.
        let t = count("transactions", "Transactions", 1, "segments");
        assert_eq!(verdict("1 transaction", &t), Some("right"));
        assert_eq!(verdict("1 segment", &t), Some("right"));
        assert_eq!(verdict("1", &t), Some("right"));
        // 32 (one per lane) and 4 (128 bytes / 32-byte sectors) are the usual wrong answers.
        assert_eq!(verdict("32", &t), Some("off"));
        assert_eq!(verdict("4 transactions", &t), Some("off"));
        // "of 32 lanes": "5 lanes" and "5 of 32 lanes" both read.
        let active = count("ragged-warp-active", "Active", 5, "of 32 lanes");
        assert_eq!(verdict("5 lanes", &active), Some("right"));
        assert_eq!(verdict("5 of 32 lanes", &active), Some("right"));
        assert_eq!(verdict("27", &active), Some("off"));
        // The transposed tile's column read: 32 words in bank 0, a 32-way conflict.
        let ways = count("conflict-ways", "Ways", 32, "words per bank");
        assert_eq!(verdict("32-way", &ways), Some("right"));
        assert_eq!(verdict("32 words per bank", &ways), Some("right"));
        assert_eq!(verdict("2-way", &ways), Some("off"));
        assert_eq!(verdict("1 way", &ways), Some("off"));
    }

    #[test]
    fn percentages_read_as_percent_number_or_fraction_to_the_precision_given() {
        // Seed 003 Ex 1: 12 + 9 = 21 cycles against an ideal of 12 → η = 12/21 = 4/7 = 57.143 %.
        let eta = Figure::new("efficiency", "η", Value::percent(4.0 / 7.0), "", "");
        for right in [
            "57.1%", "57.1", "0.571", "4/7", "57.14 %", "57.143%", "0.5714",
        ] {
            assert_eq!(verdict(right, &eta), Some("right"), "{right}");
        }
        // Two significant digits are not the shown value: 57 % is close, as is 60 %
        // (|0.6 − 0.5714| = 0.029 ≤ 0.057); 0.6 as a fraction too.
        assert_eq!(verdict("57%", &eta), Some("close"));
        assert_eq!(verdict("60", &eta), Some("close"));
        assert_eq!(verdict("0.6", &eta), Some("close"));
        // The seed's "most people say 50 %": off (|0.5 − 0.5714| = 0.071 > 0.057).
        assert_eq!(verdict("50%", &eta), Some("off"));
        assert_eq!(verdict("0.5", &eta), Some("off"));
        // A wrong third digit is not right either: 57.4 % rounds to itself, not to 57.1.
        assert_eq!(verdict("57.4", &eta), Some("close"));
        // Feedback answers in the guess's own form, off by percentage points for a percentage.
        let fb = judge_forecast("50%", &eta).text;
        assert_eq!(
            fb,
            "You guessed 50%; the answer is 57.143%: off by 7.143% (12.5% of the answer)."
        );
        let fb = judge_forecast("0.5", &eta).text;
        assert!(fb.contains("the answer is 0.5714:"), "{fb}");
        // 100 % is 1, 100 or 100 %.
        let full = Figure::new("efficiency", "η", Value::percent(1.0), "", "");
        for right in ["1", "100", "100%", "1.0"] {
            assert_eq!(verdict(right, &full), Some("right"), "{right}");
        }
        assert_eq!(verdict("50", &full), Some("off"));
        // Seed 003 Ex 4: 1/32 = 3.125 %: "3.13%" and "1/32" right; "3%" close-but-not (4 %
        // off the value is within 10 %), "32" (the lane count) off.
        let tiny = Figure::new("efficiency", "η", Value::percent(1.0 / 32.0), "", "");
        assert_eq!(verdict("3.13%", &tiny), Some("right"));
        assert_eq!(verdict("1/32", &tiny), Some("right"));
        assert_eq!(verdict("3%", &tiny), Some("close"));
        assert_eq!(verdict("32", &tiny), Some("off"));
    }

    #[test]
    fn ratios_yes_no_and_coordinates() {
        // 000 Ex 7: the split warp pays 30 + 30 = 60 cycles against 30: a 2× slowdown.
        let slow = Figure::new("slowdown", "Slowdown", Value::ratio(2.0), "×", "");
        for right in ["2", "2x", "2×", "2 ×", "2.0"] {
            assert_eq!(verdict(right, &slow), Some("right"), "{right}");
        }
        assert_eq!(verdict("1.6", &slow), Some("off"));
        assert_eq!(verdict("1", &slow), Some("off"));
        let slow = Figure::new("slowdown", "Slowdown", Value::ratio(1.75), "×", "");
        assert_eq!(verdict("1.75x", &slow), Some("right"));
        assert_eq!(verdict("1.8", &slow), Some("close"));

        let hidden = Figure::new("latency-hidden", "Hidden", Value::Bool(true), "", "");
        assert_eq!(verdict("yes", &hidden), Some("right"));
        assert_eq!(verdict("haan", &hidden), Some("right"));
        assert_eq!(verdict("no", &hidden), Some("off"));
        // Lesson 3's old field took "G" as a guess and said "the answer is yes": now unread.
        let fb = judge_forecast("G", &hidden);
        assert_eq!(fb.verdict, None);
        assert!(fb.text.contains("yes or no"), "{}", fb.text);

        // 000 Ex 3b: index 70 of an (8, 4, 3) block is (6, 0, 2).
        let coords = Figure::new(
            "thread-coords",
            "Coordinates",
            Value::Coords(vec![6, 0, 2]),
            "",
            "",
        );
        for right in ["6,0,2", "(6, 0, 2)", "6 0 2"] {
            assert_eq!(verdict(right, &coords), Some("right"), "{right}");
        }
        // Column-major by mistake: (2, 0, 6); or the z-slice alone.
        assert_eq!(verdict("2,0,6", &coords), Some("off"));
        assert_eq!(verdict("2", &coords), None);
    }

    #[test]
    fn hinglish_says_the_same_verdicts() {
        use crate::i18n::{with_lang, Lang};
        let cycles = count("diverged-cycles", "Cycles", 21, "cycles");
        let fb = with_lang(Lang::Hinglish, || judge_forecast("20", &cycles));
        assert_eq!(fb.verdict, Some(Verdict::Close));
        assert!(fb.text.contains("kareeb"), "{}", fb.text);
        let fb = with_lang(Lang::Hinglish, || judge_forecast("bees", &cycles));
        assert_eq!(fb.verdict, None);
        assert!(fb.text.contains("number"), "{}", fb.text);
    }
}
