use super::*;
use proptest::prelude::*;

crate::testing::panel_checks!(CoalescingInput => CoalescingOutput);

#[test]
fn seed_004_ex4() {
    // D: A[i] → 1 transaction, 128 useful, η = 1.
    check(
        "elem=4&stride=1",
        &[
            ("transactions", "1"),
            ("useful-bytes", "128"),
            ("moved-bytes", "128"),
            ("efficiency", "1"),
        ],
    );
    // E: A[i*32] → 32 transactions, η = 1/32; slowdown η_D/η_E = 32.
    check(
        "elem=4&stride=32",
        &[
            ("transactions", "32"),
            ("useful-bytes", "128"),
            ("moved-bytes", "4096"),
            ("efficiency", "0.03125"),
        ],
    );
    // E with 32-byte sectors: η = 4/32.
    check(
        "elem=4&stride=32&line=32",
        &[("transactions", "32"), ("efficiency", "0.125")],
    );
}

#[test]
fn matrix_and_struct_views() {
    // A 1024-wide float matrix: along a row, 1 transaction; down a column, 32.
    check(
        "matrix=1024&walk=row",
        &[("transactions", "1"), ("stride-elements", "1")],
    );
    check(
        "matrix=1024&walk=column",
        &[
            ("transactions", "32"),
            ("stride-elements", "1024"),
            ("efficiency", "0.03125"),
        ],
    );
    // AoS of 4-float structs, reading field 2: stride 4, offset 8 → 4 lines; SoA → 1.
    check(
        "fields=4&field=2&layout=aos",
        &[
            ("transactions", "4"),
            ("efficiency", "0.25"),
            ("stride-elements", "4"),
        ],
    );
    check(
        "fields=4&field=2&layout=soa",
        &[("transactions", "1"), ("efficiency", "1")],
    );
    let out = run("fields=4&field=2");
    assert!(out.worked[0].text().contains("Array of structs"));
}

#[test]
fn worked_steps() {
    let text = run("elem=4&stride=32").worked[0].text();
    assert!(text.contains("32 × 4 = 128"), "{text}");
    assert!(text.contains("32 × 128 = 4096"), "{text}");
    assert!(text.contains("η = 128/4096 = 3.125%"), "{text}");
    assert!(text.contains("0 < η ≤ 1"), "{text}");
}

#[test]
fn bad_inputs_are_named() {
    check_error("elem=3", "elem", "must be 1, 2, 4, 8 or 16");
    check_error("elem=x", "elem", "must be 1, 2, 4, 8 or 16");
    check_error("line=100", "line", "must be 128, 64 or 32");
    check_error("lanes=33", "lanes", "from 1 to 32");
    check_error("lanes=0", "lanes", "from 1 to 32");
    check_error("stride=-1", "stride", "from 0 to 4096");
    check_error("offset=99999999999999999999", "offset", "too large");
    check_error("matrix=0", "matrix", "from 1");
    check_error("matrix=64&walk=diagonal", "walk", "row or column");
    check_error("fields=4&field=4", "field", "from 0 to 3");
    check_error("fields=4&layout=xyz", "layout", "aos or soa");
}

#[test]
fn keys_of_a_shape_the_link_does_not_open_are_named() {
    // Issue 65: each was taken without a word. The figures are the shape's that was read:
    // matrix=8 along a row is stride 1, one transaction.
    check_error(
        "stride=abc&matrix=8",
        "stride",
        "stride is read only when the access is set by stride; this link sets it by matrix",
    );
    let read = run("stride=abc&matrix=8");
    let transactions = read.figures.iter().find(|f| f.metric == "transactions");
    assert_eq!(transactions.map(|f| f.value.plain()).as_deref(), Some("1"));
    check_error(
        "walk=column",
        "walk",
        "set by matrix; this link sets it by stride",
    );
    check_error(
        "field=1",
        "field",
        "set by fields; this link sets it by stride",
    );
    check_error(
        "matrix=8&layout=soa",
        "layout",
        "this link sets it by matrix",
    );
    check_error("fields=4&stride=2", "stride", "this link sets it by fields");
    // Each shape's own keys, and defaults anywhere: nothing named.
    for q in [
        "stride=2",
        "matrix=8&walk=column",
        "fields=4&field=1&layout=soa",
        "stride=1&walk=row&layout=aos&matrix=8",
    ] {
        assert!(run(q).errors.is_empty(), "{q}: {:?}", run(q).errors);
    }
}

#[test]
fn hinglish_words_same_numbers() {
    use crate::i18n::{with_lang, Lang};
    let query = "fields=4&field=2&layout=aos";
    let en = run(query);
    let hi = with_lang(Lang::Hinglish, || run(query));
    let values = |o: &CoalescingOutput| {
        o.figures
            .iter()
            .map(|f| (f.metric, f.value.plain()))
            .collect::<Vec<_>>()
    };
    assert_eq!(values(&hi), values(&en));
    assert_eq!(hi.segments, en.segments);
    let text = hi.worked[0].text();
    assert!(text.contains("har struct mein 4 fields hain"), "{text}");
    assert!(text.contains("32 × 4 = 128"), "{text}");
    assert!(text.contains("100 % ke paas hai"), "{text}");
    assert!(text.contains("kam se kam ⌈128/128⌉"), "{text}");
    assert!(!text.contains("Array of structs: each struct"), "{text}");
    assert_eq!(hi.figures[1].label, "Useful bytes");
    assert_eq!(hi.figures[2].label, "Move hue bytes");
    let e = with_lang(Lang::Hinglish, || run("elem=3")).errors;
    assert_eq!(e[0].param, "elem");
    assert!(
        e[0].message.contains("sirf 1, 2, 4, 8 ya 16 ho sakta hai"),
        "{}",
        e[0].message
    );
    let walk = with_lang(Lang::Hinglish, || run("matrix=64&walk=diagonal")).errors;
    assert!(
        walk[0].message.contains("row ya column"),
        "{}",
        walk[0].message
    );
    let labels = with_lang(Lang::Hinglish, || {
        PARAMS.iter().map(Param::label_text).collect::<Vec<_>>()
    });
    assert_eq!(labels[0], "Element ke bytes");
    assert_eq!(PARAMS[0].label_text(), "Element bytes");
    // The hint's range comes from the declaration: 0–4,096 elements, and what 0 means.
    assert_eq!(STRIDE.hint_text(), "0–4,096 elements; 0 = broadcast");
    assert_eq!(
        with_lang(Lang::Hinglish, || STRIDE.hint_text()),
        "0–4,096 elements; 0 = broadcast"
    );
    assert_eq!(
        MATRIX.hint_text(),
        "1–4,096; elements per row; 2-D view; optional"
    );
}

#[test]
fn url_writes_only_what_differs() {
    let mut q = crate::query::Query::parse("panel=coalescing");
    CoalescingInput::default()
        .with(&STRIDE, "32")
        .write_query(&mut q);
    assert_eq!(q.to_search(), "?panel=coalescing&stride=32");
}

proptest! {
    #[test]
    fn any_text_gives_figures_or_named_errors(
        elem in ".{0,4}", stride in ".{0,6}", offset in ".{0,6}", line in ".{0,4}", lanes in ".{0,3}",
        matrix in ".{0,4}", walk in ".{0,6}",
    ) {
        let input = CoalescingInput::default()
            .with(&ELEM, elem)
            .with(&STRIDE, stride)
            .with(&OFFSET, offset)
            .with(&LINE, line)
            .with(&LANES, lanes)
            .with(&MATRIX, matrix)
            .with(&WALK, walk);
        let out = evaluate(&input);
        prop_assert!(!out.figures.is_empty() || !out.errors.is_empty());
        for e in &out.errors {
            prop_assert!(CoalescingInput::param(&e.param).is_some(), "{}", e.param);
        }
    }
}
