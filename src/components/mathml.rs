//! Renders the model's formula tree (`warp_model::math::Math`) as `MathML`, which browsers lay
//! out natively and screen readers can walk.
//!
//! Written as HTML strings, not view nodes (issue 46): a formula has eleven kinds of element,
//! and each kind of view node costs every page that shows a formula its own rendering code.
//! Every text in it is escaped.

use leptos::prelude::*;
use warp_model::markup::Html;
use warp_model::math::Math;

/// One formula, inline, in a box that scrolls sideways when the formula is wider than the
/// page (a sum over 32 paths on a phone).
#[component]
pub fn Formula(math: Math) -> impl IntoView {
    let mut html = Html::new();
    formula_html(&math, &mut html);
    // The box is in the string: `<span class="formula"><math …>`.
    view! { <span inner_html=html.into_string()></span> }
}

/// `math` as `<span class="formula"><math aria-label="…">…</math></span>`, the label its plain
/// text for screen readers.
pub fn formula_html(math: &Math, html: &mut Html) {
    html.raw(r#"<span class="formula"><math"#)
        .attr("aria-label", &math.text())
        .raw(">");
    node(math, html);
    html.raw("</math></span>");
}

fn node(m: &Math, html: &mut Html) {
    match m {
        Math::Num(s) => html.elem("mn", s),
        Math::Ident(s) => html.elem("mi", s),
        Math::Op(s) => html.elem("mo", s),
        Math::Text(s) => html.elem("mtext", s),
        Math::Row(items) => {
            html.open("mrow");
            for x in items {
                node(x, html);
            }
            html.close("mrow")
        }
        Math::Frac(a, b) => pair(html, "mfrac", a, b),
        Math::Sub(a, b) => pair(html, "msub", a, b),
        Math::Ceil(x) => fenced(html, "⌈", x, "⌉"),
        Math::Floor(x) => fenced(html, "⌊", x, "⌋"),
        Math::Paren(x) => fenced(html, "(", x, ")"),
    };
}

fn pair<'h>(html: &'h mut Html, tag: &'static str, a: &Math, b: &Math) -> &'h mut Html {
    html.open(tag);
    node(a, html);
    node(b, html);
    html.close(tag)
}

fn fenced<'h>(html: &'h mut Html, open: &str, x: &Math, close: &str) -> &'h mut Html {
    html.raw("<mrow>").elem("mo", open);
    node(x, html);
    html.elem("mo", close).raw("</mrow>")
}
