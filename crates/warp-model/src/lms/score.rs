//! Scores as SCORM's data model writes them: decimals cut (never rounded) so that an LMS
//! comparing them with a whole passing percentage decides as the quiz does.

/// `num / den` in decimal, at most 7 places, cut (not rounded) and without trailing zeros:
/// `7/8 → 0.875`, `2/3 → 0.6666666`, `8/8 → 1`, `0/8 → 0`; `0` when `den` is 0. Exact
/// whenever the ratio has 7 places or fewer, which every `raw / max` equal to a whole
/// percentage has, so an LMS comparing it with the passing score decides as the quiz does.
#[must_use]
pub fn ratio(num: u64, den: u64) -> String {
    cut(u128::from(num), u128::from(den), 7)
}

/// `100 · right / total` in decimal, at most 2 places, cut (not rounded) and without trailing
/// zeros: `2/4 → 50`, `1/3 → 33.33`, `2/3 → 66.66`, `7/8 → 87.5`; `0` when `total` is 0. The
/// raw score gradebooks read (issue 25). Cut rather than rounded so that an LMS comparing it
/// with a whole passing percentage decides as the quiz does: for a whole `p`, `cut(x) ≥ p`
/// exactly when `x ≥ p` (rounding would pass 66.996 % at 67).
#[must_use]
pub fn percent(right: u64, total: u64) -> String {
    cut(u128::from(right) * 100, u128::from(total), 2)
}

/// `num / den` with at most `places` decimals, cut, trailing zeros dropped; `0` for `den` 0
/// (an assignment's mean of step scores is such a fraction).
#[must_use]
pub fn cut(num: u128, den: u128, places: u32) -> String {
    if den == 0 {
        return "0".to_string();
    }
    let scale = 10u128.pow(places);
    let whole = num / den;
    let frac = (num % den) * scale / den;
    if frac == 0 {
        return whole.to_string();
    }
    let digits = format!("{frac:0width$}", width = places as usize);
    format!("{whole}.{}", digits.trim_end_matches('0'))
}
