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
