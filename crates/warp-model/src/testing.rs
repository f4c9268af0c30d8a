//! Helpers shared by the panels' data-driven tests.

use crate::figure::Figure;
use crate::params::ParamError;

/// Every `(metric, plain value)` in `expected` is among `figures`, and there is no error.
pub fn assert_figures(
    query: &str,
    figures: &[Figure],
    errors: &[ParamError],
    expected: &[(&str, &str)],
) {
    assert!(errors.is_empty(), "{query}: {errors:?}");
    for (metric, value) in expected {
        let got = figures
            .iter()
            .find(|f| f.metric == *metric)
            .map(|f| f.value.plain());
        assert_eq!(got.as_deref(), Some(*value), "{query}: {metric}");
    }
}

/// An error names `param` and says `needle`.
pub fn assert_error(query: &str, errors: &[ParamError], param: &str, needle: &str) {
    let e = errors
        .iter()
        .find(|e| e.param == param)
        .unwrap_or_else(|| panic!("{query}: {errors:?}"));
    assert!(e.message.contains(needle), "{query}: {}", e.message);
}
