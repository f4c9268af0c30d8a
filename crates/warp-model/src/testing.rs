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

/// `run`, `check` and `check_error` for a panel's tests, over its `evaluate`: the query goes
/// URL → raw input → evaluate, the path the app uses.
macro_rules! panel_checks {
    ($input:ty => $output:ty) => {
        fn run(query: &str) -> $output {
            evaluate(&<$input>::from_query(
                &$crate::query::Query::parse(query),
                &<$input>::default(),
            ))
        }

        /// Every listed `(metric, plain value)` is shown, and nothing is an error.
        fn check(query: &str, expected: &[(&str, &str)]) {
            let out = run(query);
            $crate::testing::assert_figures(query, &out.figures, &out.errors, expected);
        }

        /// An error names `param` and says `needle`.
        fn check_error(query: &str, param: &str, needle: &str) {
            let out = run(query);
            $crate::testing::assert_error(query, &out.errors, param, needle);
        }
    };
}
pub(crate) use panel_checks;
