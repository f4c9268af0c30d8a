//! Scores as SCORM's data model writes them: decimals cut (never rounded) so that an LMS
//! comparing them with a whole passing percentage decides as the quiz does.

/// `num / den` in decimal, at most 7 places, cut (not rounded) and without trailing zeros:
/// `7/8 → 0.875`, `2/3 → 0.6666666`, `8/8 → 1`, `0/8 → 0`; `0` when `den` is 0. Exact
/// whenever the ratio has 7 places or fewer, which every `raw / max` equal to a whole
/// percentage has, so an LMS comparing it with the passing score decides as the quiz does.
#[must_use]
pub fn ratio(num: u64, den: u64) -> String {
    digits(num, den, 0, 7)
}

/// `100 · right / total` in decimal, at most 2 places, cut (not rounded) and without trailing
/// zeros: `2/4 → 50`, `1/3 → 33.33`, `2/3 → 66.66`, `7/8 → 87.5`; `0` when `total` is 0. The
/// raw score gradebooks read (issue 25). Cut rather than rounded so that an LMS comparing it
/// with a whole passing percentage decides as the quiz does: for a whole `p`, `cut(x) ≥ p`
/// exactly when `x ≥ p` (rounding would pass 66.996 % at 67).
#[must_use]
pub fn percent(right: u64, total: u64) -> String {
    digits(right, total, 2, 2)
}

/// `num / den · 10^shift` in decimal with at most `places` decimals, cut, trailing zeros
/// dropped; `0` for `den` 0. Long division digit by digit in `u64`: the `u128` writer it
/// replaced brought 128-bit division and formatting (3 kB of raw code) into the quiz page,
/// whose counts are at most 50 (an assignment's fractions are narrowed to `u64`). Exact while
/// `den` ≤ `u64::MAX / 10` (1.8 · 10¹⁸); past that, the digits that no longer fit are 0.
fn digits(num: u64, den: u64, shift: u32, places: u32) -> String {
    if den == 0 {
        return "0".to_string();
    }
    let mut whole = (num / den).to_string();
    let mut frac = String::new();
    let mut rest = num % den;
    for i in 0..shift + places {
        let digit = match rest.checked_mul(10) {
            Some(t) => {
                rest = t % den;
                t / den
            }
            None => 0,
        };
        // A digit: 0 to 9, as `rest < den`.
        let c = char::from(b'0' + u8::try_from(digit).unwrap_or(0));
        if i < shift {
            whole.push(c);
        } else {
            frac.push(c);
        }
    }
    let whole = match whole.trim_start_matches('0') {
        "" => "0",
        w => w,
    };
    match frac.trim_end_matches('0') {
        "" => whole.to_string(),
        f => format!("{whole}.{f}"),
    }
}
