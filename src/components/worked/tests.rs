//! The worked steps' markup: every text is escaped (issue 67's payload tests).

use warp_model::math::Math;
use warp_model::worked::{Inline, Step, Worked};

#[test]
fn every_text_of_a_worked_example_and_its_formulas_stays_text() {
    // Issue 67: the worked steps quote the learner's values (a question, a step's words, a
    // formula's number or word, its spoken label): a payload in each is escaped, in the
    // elements and in the `aria-label` attribute, and the structure around it is whole.
    let p = r#"<img src=x onerror=alert(1)>"><svg onload=alert(2)>"#;
    let leaf = |s: &str| Box::new(Math::Num(s.to_string()));
    let formula = Math::Row(vec![
        Math::Ident(p.into()),
        Math::Op(p.into()),
        Math::Frac(leaf(p), leaf("2")),
        Math::Text(p.into()),
    ]);
    let worked = Worked {
        question: p.into(),
        forecast: p.into(),
        steps: vec![Step {
            title: p.into(),
            body: vec![Inline::Text(p.into()), Inline::Math(formula.clone())],
            why: p.into(),
        }],
        answer: p.into(),
        verify: vec![Inline::Math(formula)],
    };
    let html = super::worked_list_html(&[worked]);
    assert!(!html.contains("<img") && !html.contains("<svg"), "{html}");
    assert!(!html.contains(p), "{html}");
    let text = warp_model::markup::escape(p);
    // question, forecast, title, why, answer, words: 6; each formula's four leaves and its
    // label's four copies: 8 a formula, 2 formulas.
    assert_eq!(html.matches(&*text).count(), 6 + 2 * 8, "{html}");
    assert_eq!(html.matches("<math aria-label=\"").count(), 2, "{html}");
    assert_eq!(html.matches("</math></span>").count(), 2, "{html}");
    assert!(html.contains("<mfrac><mn>"), "{html}");
    assert!(html.ends_with("</p></details>"), "{html}");
}
