use warp_model::divergence::branch::MAX_PATH_CYCLES;
use warp_model::divergence::panel::{COND, MODE, OVERHEAD};

use super::*;

fn field(p: &Param, raw: &str, invalid: bool) -> String {
    let mut html = warp_model::markup::Html::new();
    field_html(p, raw, invalid, &mut html);
    html.into_string()
}

#[test]
fn a_whole_number_field_carries_its_range_and_its_value() {
    // overhead: a whole number 0..=MAX_PATH_CYCLES (1,000,000), folded, valid.
    let html = field(&OVERHEAD, "2", false);
    assert!(html.starts_with(r#"<label class="field" data-kind="whole" data-field="overhead">"#));
    assert!(html.contains(r#"inputmode="numeric""#));
    assert!(html.contains(r#" min="0""#));
    assert!(html.contains(&format!(r#" max="{MAX_PATH_CYCLES}""#)));
    assert!(html.contains(r#" value="2" aria-invalid="false">"#));
    assert!(!html.contains("aria-describedby"));
}

#[test]
fn a_text_field_keeps_what_was_typed_as_text_and_names_its_error() {
    // What the learner typed is an attribute value, escaped: never markup.
    let html = field(&COND, r#"idx < 3 && "x""#, true);
    assert!(html.contains(r#"data-kind="text""#));
    assert!(!html.contains("inputmode"));
    assert!(html.contains(r#" value="idx &lt; 3 &amp;&amp; &quot;x&quot;""#));
    assert!(html.contains(r#"aria-invalid="true" aria-describedby="error-cond""#));
}

#[test]
fn a_choice_selects_its_value_in_any_case_and_shows_an_unknown_one() {
    let html = field(&MODE, "LOOP", false);
    assert!(html.contains(r#"<option value="loop" selected>"#));
    assert!(!html.contains("data-unknown"));
    assert_eq!(html.matches(" selected").count(), 1);
    // Empty: the declared default (paths).
    let html = field(&MODE, " ", false);
    assert!(html.contains(r#"<option value="paths" selected>"#));
    // A value no choice names (a hand-edited link) is on screen, selected, beside its error.
    let html = field(&MODE, "spiral<", true);
    assert!(
        html.contains(r#"<option value="spiral&lt;" selected data-unknown="">spiral&lt;</option>"#)
    );
    assert_eq!(html.matches(" selected").count(), 1);
}

#[test]
fn the_fold_says_how_many_of_its_inputs_are_set() {
    assert_eq!(set_note(0), "");
    assert!(set_note(2).starts_with(" · ") && set_note(2).contains('2'));
}
