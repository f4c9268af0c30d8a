//! Renders the model's formula tree (`warp_model::math::Math`) as `MathML`, which browsers lay
//! out natively and screen readers can walk.
//!
//! Written as HTML strings, not view nodes (issue 46): a formula has eleven kinds of element,
//! and each kind of view node costs every page that shows a formula its own rendering code.
//! Every text in it is escaped.

use std::fmt::Write as _;

use leptos::prelude::*;
use warp_model::markup::escape;
use warp_model::math::Math;

/// One formula, inline, in a box that scrolls sideways when the formula is wider than the
/// page (a sum over 32 paths on a phone).
#[component]
pub fn Formula(math: Math) -> impl IntoView {
    let mut html = String::new();
    formula_html(&math, &mut html);
    // The box is in the string: `<span class="formula"><math …>`.
    view! { <span inner_html=html></span> }
}

/// `math` as `<span class="formula"><math aria-label="…">…</math></span>`, the label its plain
/// text for screen readers.
pub fn formula_html(math: &Math, html: &mut String) {
    let _ = write!(
        html,
        r#"<span class="formula"><math aria-label="{}">"#,
        escape(&math.text())
    );
    node(math, html);
    html.push_str("</math></span>");
}

fn node(m: &Math, html: &mut String) {
    match m {
        Math::Num(s) => leaf(html, "mn", s),
        Math::Ident(s) => leaf(html, "mi", s),
        Math::Op(s) => leaf(html, "mo", s),
        Math::Text(s) => leaf(html, "mtext", s),
        Math::Row(items) => {
            html.push_str("<mrow>");
            for x in items {
                node(x, html);
            }
            html.push_str("</mrow>");
        }
        Math::Frac(a, b) => pair(html, "mfrac", a, b),
        Math::Sub(a, b) => pair(html, "msub", a, b),
        Math::Ceil(x) => fenced(html, "⌈", x, "⌉"),
        Math::Floor(x) => fenced(html, "⌊", x, "⌋"),
        Math::Paren(x) => fenced(html, "(", x, ")"),
    }
}

fn leaf(html: &mut String, tag: &str, text: &str) {
    let _ = write!(html, "<{tag}>{}</{tag}>", escape(text));
}

fn pair(html: &mut String, tag: &str, a: &Math, b: &Math) {
    let _ = write!(html, "<{tag}>");
    node(a, html);
    node(b, html);
    let _ = write!(html, "</{tag}>");
}

fn fenced(html: &mut String, open: &str, x: &Math, close: &str) {
    let _ = write!(html, "<mrow><mo>{open}</mo>");
    node(x, html);
    let _ = write!(html, "<mo>{close}</mo></mrow>");
}
