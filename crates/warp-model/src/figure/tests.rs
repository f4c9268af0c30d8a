use super::*;

#[test]
fn plain_values_follow_the_contract() {
    assert_eq!(Value::Int(2_088_960).plain(), "2088960");
    assert_eq!(Value::Int(2_088_960).human(), "2,088,960");
    assert_eq!(
        Value::Frac {
            value: 1.0 / 32.0,
            percent: true
        }
        .plain(),
        "0.03125"
    );
    assert_eq!(
        Value::Frac {
            value: 1.0 / 32.0,
            percent: true
        }
        .human(),
        "3.125%"
    );
    // Issue 45: two decimals from 10 % up, four significant digits below, no trailing zeros.
    // 4/7 = 57.142857… %; 0.89236 → 89.236 % → 89.24 %; 1/14 = 7.142857… %; 0.0074 → 0.74 %.
    for (value, shown) in [
        (4.0 / 7.0, "57.14%"),
        (0.89236, "89.24%"),
        (1.0 / 14.0, "7.143%"),
        (0.0074, "0.74%"),
        (0.5, "50%"),
        (0.125, "12.5%"),
        (1.0, "100%"),
        (0.0, "0%"),
    ] {
        let v = Value::Frac {
            value,
            percent: true,
        };
        assert_eq!(v.human(), shown, "{value}");
    }
    assert_eq!(
        Value::Frac {
            value: 5.0 / 32.0,
            percent: false
        }
        .plain(),
        "0.15625"
    );
    assert_eq!(
        Value::Frac {
            value: 4.0 / 7.0,
            percent: false
        }
        .plain(),
        "0.571429"
    );
    assert_eq!(
        Value::Frac {
            value: 1.0,
            percent: true
        }
        .plain(),
        "1"
    );
    assert_eq!(
        Value::Frac {
            value: 1.0,
            percent: true
        }
        .human(),
        "100%"
    );
    assert_eq!(Value::Coords(vec![6, 0, 2]).plain(), "6,0,2");
    assert_eq!(Value::Coords(vec![6, 0, 2]).human(), "(6, 0, 2)");
    assert_eq!(Value::Bool(true).plain(), "yes");
    assert_eq!(Value::None.plain(), "none");
    assert_eq!(group_thousands(999), "999");
    assert_eq!(group_thousands(1000), "1,000");
    assert_eq!(format_decimal(0.007_352_941), "0.00735294");
}

#[test]
fn human_words_follow_the_language_plain_values_do_not() {
    use crate::i18n::{with_lang, Lang};
    assert_eq!(Value::Bool(false).human(), "no");
    assert_eq!(Value::None.human(), "none");
    with_lang(Lang::Hinglish, || {
        assert_eq!(Value::Bool(true).human(), "haan");
        assert_eq!(Value::None.human(), "koi nahi");
        assert_eq!(Value::Bool(true).plain(), "yes");
        assert_eq!(Value::None.plain(), "none");
        assert_eq!(Value::Int(2_088_960).human(), "2,088,960");
    });
}

#[test]
fn rounded_writes_a_number_to_its_places_as_a_person_rounds_it() {
    // 4/7 = 0.571428…: the fifth place is 2, so four places keep 0.5714.
    assert_eq!(rounded(4.0 / 7.0, 4), "0.5714");
    // 5/9 = 0.5555555|5…: the eighth place is 5, so seven places round up.
    assert_eq!(rounded(5.0 / 9.0, 7), "0.5555556");
    // No trailing zeros, no decimal point on a whole result.
    assert_eq!(rounded(2.5, 3), "2.5");
    assert_eq!(rounded(99.96, 1), "100");
    assert_eq!(rounded(3.0, 0), "3");
    // A half goes away from zero, as on paper (std's `{:.2}` writes the exact tie 0.125 as
    // "0.12", to even).
    assert_eq!(rounded(0.125, 2), "0.13");
    assert_eq!(rounded(-1.25, 1), "-1.3");
    // What rounds to zero is "0", never "-0".
    assert_eq!(rounded(-0.000_4, 3), "0");
    assert_eq!(rounded(-0.0, 0), "0");
    // Big whole numbers in plain digits, as `{:.0}` wrote them (2^60 exactly).
    assert_eq!(
        rounded(1_152_921_504_606_846_976.0, 0),
        "1152921504606846976"
    );
    // Beyond u64's range (no figure comes near it) the number is named, not written wrong.
    assert_eq!(rounded(1e20, 0), "inf");
    assert_eq!(rounded(-1e300, 2), "-inf");
    assert_eq!(rounded(f64::INFINITY, 2), "inf");
    assert_eq!(rounded(f64::NAN, 2), "NaN");
}

#[test]
fn rounded_agrees_with_std_fixed_precision_away_from_exact_halves() {
    // Values with no exact half at any of these places (i/997 is never a short binary
    // fraction): the hand rounding must write what `{:.p}` wrote, trailing zeros trimmed.
    for i in 1..3000 {
        let v = f64::from(i) / 997.0 * 13.3;
        for p in 0..=7u8 {
            let scaled = v * 10f64.powi(i32::from(p));
            if (scaled.fract() - 0.5).abs() < 1e-6 {
                continue;
            }
            let places = usize::from(p);
            let std = format!("{v:.places$}");
            let std = if std.contains('.') {
                std.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                std
            };
            assert_eq!(rounded(v, p), std, "{v} to {p} places");
            // std writes "-0" where a negative value rounds to zero; `rounded` writes "0".
            let negative = if std == "0" {
                std.clone()
            } else {
                format!("-{std}")
            };
            assert_eq!(rounded(-v, p), negative, "-{v} to {p} places");
        }
    }
}

#[test]
fn one_of_a_counted_unit_is_singular() {
    // Issue 45: "1 warps". One warp, one warp instruction, one cycle; two of them plural; units
    // that are not a counted plural stay as written.
    let f =
        |v: u64, unit: &'static str| Figure::new("m", "l", Value::Int(v), unit, "h").shown_unit();
    assert_eq!(f(1, "warps"), "warp");
    assert_eq!(f(1, "warp instructions"), "warp instruction");
    assert_eq!(f(1, "cycles"), "cycle");
    assert_eq!(f(2, "warps"), "warps");
    assert_eq!(f(0, "cycles"), "cycles");
    assert_eq!(f(1, "phases"), "phase");
    assert_eq!(f(1, "bytes"), "byte");
    // An irregular plural is kept rather than made wrong ("1 halve").
    for kept in [
        "",
        "of 3",
        "×",
        "B",
        "KiB",
        "ns",
        "class",
        "halves",
        "regs/thread",
    ] {
        assert_eq!(f(1, kept), kept);
    }
    // A fraction of one is not "one of" a count.
    let half = Figure::new("m", "l", Value::ratio(0.5), "cycles", "h");
    assert_eq!(half.shown_unit(), "cycles");
}

proptest::proptest! {
    /// Counted against powers of ten, the places are `5 − ⌊log₁₀ |v|⌋` within 0..=12, as
    /// `f64::log10` gave them, for values at least a millionth from a power of ten (at one, the
    /// count is exact by the literal and the logarithm may round either way).
    #[test]
    fn decimal_places_are_log10s(m in 1.000_001f64..9.999_999, e in -9i32..9, neg in proptest::bool::ANY) {
        let v = m * 10f64.powi(e) * if neg { -1.0 } else { 1.0 };
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let by_log = (5.0 - v.abs().log10().floor()).clamp(0.0, 12.0) as u8;
        proptest::prop_assert_eq!(decimal_places(v), by_log, "{}", v);
    }
}

#[test]
fn decimal_places_at_powers_of_ten() {
    // 1/32 = 0.03125: magnitude −2, 7 places; 0.1: −1, 6; 1: 0, 5; 99,999.5: 4, 1; 1e5: 0;
    // a millionth: 11; below: 12.
    for (v, places) in [
        (0.031_25, 7),
        (0.1, 6),
        (1.0, 5),
        (99_999.5, 1),
        (1e5, 0),
        (123_456.7, 0),
        (1e-6, 11),
        (3e-9, 12),
        (-0.5, 6),
    ] {
        assert_eq!(decimal_places(v), places, "{v}");
    }
}
