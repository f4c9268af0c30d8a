//! Rows of small decorative cells (lanes, threads) as one HTML string.
//!
//! The block map, the warp strip and the divergence lane masks draw up to 1,024 cells. One view
//! per cell costs an allocation per element and per attribute with type-erased views
//! (`--cfg=erase_components`, which keeps the wasm 58 kB gzip smaller) and pushed an input change
//! at 1,024 threads past its 8 ms budget. A cell is markup with fixed class names and numbers
//! only (no learner text, nothing to escape), so the row is written as one string and set with
//! `inner_html`. Each picture keeps its text equivalent (a table or a description) as views.

use std::fmt::Write as _;

/// `<span class="…"></span>` for each class list.
pub fn spans_html<S: AsRef<str>>(classes: impl IntoIterator<Item = S>) -> String {
    let mut html = String::new();
    for class in classes {
        let _ = write!(html, r#"<span class="{}"></span>"#, class.as_ref());
    }
    html
}

/// `<span class="…" data-linear="i"></span>` for each (class list, linear thread id).
pub fn linear_spans_html<S: AsRef<str>>(cells: impl IntoIterator<Item = (S, u64)>) -> String {
    let mut html = String::new();
    for (class, i) in cells {
        let _ = write!(
            html,
            r#"<span class="{}" data-linear="{i}"></span>"#,
            class.as_ref()
        );
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_one_per_class_list() {
        assert_eq!(
            spans_html(["lane live c1", "lane masked"]),
            r#"<span class="lane live c1"></span><span class="lane masked"></span>"#
        );
        assert_eq!(spans_html(Vec::<String>::new()), "");
    }

    #[test]
    fn linear_spans_carry_their_thread_id() {
        assert_eq!(
            linear_spans_html([("cell c0 l0 sel", 0), ("cell c1 l0", 32)]),
            r#"<span class="cell c0 l0 sel" data-linear="0"></span><span class="cell c1 l0" data-linear="32"></span>"#
        );
    }
}
