//! Renders the model's formula tree (`warp_model::math::Math`) as `MathML`, which browsers lay
//! out natively and screen readers can walk.

use leptos::prelude::*;
use warp_model::math::Math;

/// One formula, inline, in a box that scrolls sideways when the formula is wider than the
/// page (a sum over 32 paths on a phone).
#[component]
pub fn Formula(math: Math) -> impl IntoView {
    let label = math.text();
    view! { <span class="formula"><math aria-label=label>{node(&math)}</math></span> }
}

fn node(m: &Math) -> AnyView {
    match m {
        Math::Num(s) => view! { <mn>{s.clone()}</mn> }.into_any(),
        Math::Ident(s) => view! { <mi>{s.clone()}</mi> }.into_any(),
        Math::Op(s) => view! { <mo>{s.clone()}</mo> }.into_any(),
        Math::Text(s) => view! { <mtext>{s.clone()}</mtext> }.into_any(),
        Math::Row(items) => {
            view! { <mrow>{items.iter().map(node).collect_view()}</mrow> }.into_any()
        }
        Math::Frac(a, b) => view! { <mfrac>{node(a)}{node(b)}</mfrac> }.into_any(),
        Math::Ceil(x) => view! { <mrow><mo>"⌈"</mo>{node(x)}<mo>"⌉"</mo></mrow> }.into_any(),
        Math::Floor(x) => view! { <mrow><mo>"⌊"</mo>{node(x)}<mo>"⌋"</mo></mrow> }.into_any(),
        Math::Sub(b, s) => view! { <msub>{node(b)}{node(s)}</msub> }.into_any(),
        Math::Paren(x) => view! { <mrow><mo>"("</mo>{node(x)}<mo>")"</mo></mrow> }.into_any(),
    }
}
