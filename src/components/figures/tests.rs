use super::*;

fn breakable_html(text: &str) -> String {
    let mut h = Html::new();
    breakable(&mut h, text);
    h.into_string()
}

#[test]
fn a_counter_name_breaks_after_each_run_of_underscores() {
    assert_eq!(
        breakable_html("l1tex__data_bank.sum"),
        "l1tex__<wbr>data_<wbr>bank.sum"
    );
    // Plain words (no `__`) stay as they are; every text is escaped.
    assert_eq!(breakable_html("a_b"), "a_b");
    assert_eq!(breakable_html("x__<y>"), "x__<wbr>&lt;y&gt;");
}
