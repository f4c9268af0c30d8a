//! The coalescing view: the addresses one warp's load touches, the segments they cost, and η,
//! with a chart of η against stride. A thin view over `warp_model::coalescing::panel`.

use leptos::prelude::*;
use warp_model::coalescing::access::{LINE_SIZES, TRANSACTION_BYTES};
use warp_model::coalescing::panel::{evaluate, CoalescingModel, CoalescingOutput, LINE};
use warp_model::examples::Example;
use warp_model::figure::Value;
use warp_model::markup::Html;
use warp_model::panel::Inputs;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;
use warp_model::WARP_SIZE;

use crate::components::chart::{chart_html, ChartData, Series};
use crate::components::panel_frame::{use_panel_input, PanelShell};

/// A sector: the 32-byte segment recent GPUs move (the toggle's "32-byte sectors").
const SECTOR_BYTES: u64 = 32;
/// The widest stride the chart's summary reads η at ("at stride 32" in its words).
const SUMMARY_WIDE_STRIDE: u64 = 32;

/// The panel as its bundle and the registry draw it.
pub fn view(query: Query, example: Option<&'static Example>) -> AnyView {
    view! { <CoalescingPanel query=query example=example /> }.into_any()
}

/// The panel.
#[component]
pub fn CoalescingPanel(query: Query, example: Option<&'static Example>) -> impl IntoView {
    let (input, on_preset) = use_panel_input::<CoalescingModel>(query, example);
    let output = Memo::new(move |_| input.with(evaluate));
    let errors = Signal::derive(move || output.with(|o| o.errors.clone()));
    let figures = Signal::derive(move || output.with(|o| o.figures.clone()));
    let picture = move || input.with(|i| output.with(|o| picture_html(i, o)));
    // A toggle button chooses its segment size; the redrawn picture gives it the focus back.
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let Some(line) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("button[data-line]").ok().flatten())
            .and_then(|b| b.get_attribute("data-line"))
        else {
            return;
        };
        input.update(|i| i.set_field(LINE.name, line.clone()));
        request_animation_frame(move || {
            if let Some(b) = crate::browser::window()
                .and_then(|w| w.document())
                .and_then(|d| {
                    d.query_selector(&format!(
                        r#"[data-frame="picture"] button[data-line="{line}"]"#
                    ))
                    .ok()
                    .flatten()
                })
                .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = b.focus();
            }
        });
    };
    view! {
        <PanelShell input=input example=example on_preset=on_preset errors=errors figures=figures
            worked=Signal::derive(move || output.with(|o| o.worked.clone()))>
            <div class="picture-body" data-frame="picture" on:click=on_click inner_html=picture></div>
        </PanelShell>
    }
}

/// The picture, as one HTML string (issue 63: what the live panel draws and what a page's first
/// frame writes, `crate::frame`): the segment-size toggle, the memory strip, the chart of η
/// against stride and the model's note. Redrawn whole on every change. Every text is escaped.
#[must_use]
pub fn picture_html(input: &Inputs<CoalescingModel>, o: &CoalescingOutput) -> String {
    let line_now = input.get(&LINE).trim();
    let mut h = Html::new();
    h.raw(r#"<div role="group""#)
        .attr("aria-label", t!("ui.coalescing.toggle"))
        .raw(r#" class="toggle">"#);
    for &l in LINE_SIZES.iter().rev() {
        let label = match l {
            TRANSACTION_BYTES => tr!("ui.coalescing.lines-128"),
            SECTOR_BYTES => tr!("ui.coalescing.sectors-32"),
            other => tr!("ui.coalescing.segments", line = other),
        };
        h.raw(r#"<button type="button""#)
            .attr_num("data-line", l)
            .raw(if line_now == l.to_string() {
                r#" aria-pressed="true">"#
            } else {
                r#" aria-pressed="false">"#
            })
            .text(&label)
            .raw("</button>");
    }
    h.raw("</div>");
    strip_html(o, &mut h);
    chart_html(chart_data(o).as_ref(), "efficiency-by-stride", &mut h);
    h.raw(r#"<p class="note">"#)
        .text(t!("ui.coalescing.note"))
        .raw("</p>");
    h.into_string()
}

fn chart_data(o: &CoalescingOutput) -> Option<ChartData> {
    let a = o.access?;
    let series = o
        .curves
        .iter()
        .map(|(line, pts)| Series {
            label: tr!("ui.coalescing.segments", line),
            points: pts.iter().map(|&(s, e)| (s as f64, e)).collect(),
            highlight: *line == a.line,
        })
        .collect();
    let marker = (1..=64)
        .contains(&a.stride)
        .then(|| (a.stride as f64, a.efficiency()));
    let at = |s: u64| {
        o.curves
            .iter()
            .find(|(l, _)| *l == a.line)
            .and_then(|(_, pts)| pts.iter().find(|p| p.0 == s))
            .map(|p| {
                Value::Frac {
                    value: p.1,
                    percent: true,
                }
                .human()
            })
            .unwrap_or_default()
    };
    Some(ChartData {
        series,
        marker,
        vlines: Vec::new(),
        x: (1.0, 64.0, tr!("ui.coalescing.chart.x")),
        y: (0.0, 1.05, "η".into()),
        summary: tr!(
            "ui.coalescing.chart.summary",
            elem = a.elem,
            line = a.line,
            s1 = at(1),
            s2 = at(2),
            s8 = at(8),
            s32 = at(SUMMARY_WIDE_STRIDE),
            stride = a.stride,
            now = Value::Frac {
                value: a.efficiency(),
                percent: true
            }
            .human()
        ),
    })
}

/// The seed's picture: lanes on top, arrows down to their bytes, the touched segments lit with
/// the wasted bytes inside them shaded. Segments that are not neighbours are drawn with a break.
/// Nothing while an input is wrong.
fn strip_html(o: &CoalescingOutput, h: &mut Html) {
    let Some(a) = o.access else {
        return;
    };
    let segs = &o.segments;
    // Layout (drawing only): segment boxes left to right, a gap where addresses jump.
    let gaps = segs
        .windows(2)
        .filter(|w| w[1].index != w[0].index + 1)
        .count();
    let slots = segs.len() as f64 + gaps as f64 * 0.4;
    let width = 640.0_f64;
    let seg_w = (width / slots).min(160.0);
    let mut x = 0.0;
    let mut boxes = Vec::new();
    for (i, s) in segs.iter().enumerate() {
        if i > 0 && s.index != segs[i - 1].index + 1 {
            x += seg_w * 0.4;
        }
        boxes.push((s, x));
        x += seg_w;
    }
    let line = a.line as f64;
    let x_of = |addr: u64| {
        let idx = addr / a.line;
        boxes.iter().find(|(s, _)| s.index == idx).map(|(_, bx)| {
            let within = (addr % a.line) as f64;
            bx + within / line * seg_w
        })
    };
    let summary = tr!(
        "ui.coalescing.strip.summary",
        lanes = a.lanes,
        elem = a.elem,
        segments = segs.len(),
        line = a.line,
        useful = a.useful_bytes(),
        moved = a.moved_bytes()
    );
    h.raw(r#"<figure data-picture="memory" class="memory"><figcaption>"#)
        .text(t!("ui.coalescing.strip.caption"))
        .raw(r#"</figcaption><svg viewBox="0 0 "#)
        .coord(width.max(x))
        .raw(r#" 152" role="img""#)
        .attr("aria-label", &summary)
        .raw(r#" class="strip"><defs><pattern id="waste" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="5" class="waste-line"></line></pattern></defs>"#);
    let lane_gap = width / WARP_SIZE as f64;
    for l in 0..WARP_SIZE {
        let lx = l as f64 * lane_gap + 1.0;
        h.raw("<rect")
            .attr_coord("x", lx)
            .raw(r#" y="6""#)
            .attr_coord("width", lane_gap - 2.0)
            .raw(if l < a.lanes {
                r#" height="14" class="lane-box active"></rect>"#
            } else {
                r#" height="14" class="lane-box"></rect>"#
            });
    }
    for l in 0..a.lanes {
        let lx = (l as f64 + 0.5) * lane_gap;
        if let Some(tx) = x_of(a.address(l)) {
            h.raw("<line")
                .attr_coord("x1", lx)
                .raw(r#" y1="22""#)
                .attr_coord("x2", tx)
                .raw(r#" y2="88" class="arrow"></line>"#);
        }
    }
    for (s, bx) in &boxes {
        h.raw(r#"<g class="segment"><rect"#)
            .attr_coord("x", *bx)
            .raw(r#" y="90""#)
            .attr_coord("width", seg_w - 2.0)
            .raw(r#" height="40" class="seg"></rect>"#);
        for (lo, hi) in &s.used {
            let (ux, uw) = (
                bx + *lo as f64 / line * seg_w,
                (*hi - *lo) as f64 / line * seg_w,
            );
            h.raw("<rect")
                .attr_coord("x", ux)
                .raw(r#" y="90""#)
                .attr_coord("width", uw.max(0.8))
                .raw(r#" height="40" class="used"></rect>"#);
        }
        h.raw("<text")
            .attr_coord("x", bx + 3.0)
            .raw(r#" y="146" class="seg-label">#"#)
            .num(s.index)
            .raw("</text></g>");
    }
    h.raw(r#"</svg><p class="strip-summary">"#)
        .text(&summary)
        .raw("</p></figure>");
}
