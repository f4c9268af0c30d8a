//! The memory view (issue 68): each warp's load request as a row of 32-byte sectors, each
//! coloured by where it was found (L1, L2, DRAM), four to a 128-byte line; or a kernel's point
//! on a GPU's log-log roofline. A thin view over `warp_model::memory::panel`.

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::markup::Html;
use warp_model::memory::hierarchy::{line_of, starts_line, Found, LINE_BYTES, SECTOR_BYTES};
use warp_model::memory::panel::{evaluate, found_name, MemoryModel, MemoryOutput};
use warp_model::memory::roofline::{Gpu, Point};
use warp_model::panel::Inputs;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;

use crate::components::panel_frame::{use_panel_input, PanelShell};

/// Requests drawn as rows; the rest are counted in the figures and said in a line.
const ROWS: usize = 16;

/// The panel as its bundle and the registry draw it.
pub fn view(query: Query, example: Option<&'static Example>) -> AnyView {
    view! { <MemoryPanel query=query example=example /> }.into_any()
}

/// The panel.
#[component]
pub fn MemoryPanel(query: Query, example: Option<&'static Example>) -> impl IntoView {
    let (input, on_preset) = use_panel_input::<MemoryModel>(query, example);
    let output = Memo::new(move |_| input.with(evaluate));
    let errors = Signal::derive(move || output.with(|o| o.errors.clone()));
    let figures = Signal::derive(move || output.with(|o| o.figures.clone()));
    let picture = move || input.with(|i| output.with(|o| picture_html(i, o)));
    view! {
        <PanelShell input=input example=example on_preset=on_preset errors=errors figures=figures
            worked=Signal::derive(move || output.with(|o| o.worked.clone()))>
            <div class="picture-body" data-frame="picture" inner_html=picture></div>
        </PanelShell>
    }
}

/// The picture, as one HTML string (what the live panel draws and what a prerendered page
/// shows): the sectors of each request, or the roofline; then the model as stated. Every text
/// is escaped.
#[must_use]
pub fn picture_html(_input: &Inputs<MemoryModel>, o: &MemoryOutput) -> String {
    let mut h = Html::new();
    if let Some((gpu, p)) = o.roofline {
        roofline_html(gpu, &p, &mut h);
        h.raw(r#"<p class="note">"#)
            .text(t!("ui.memory.roofline.note"))
            .raw("</p>");
    } else {
        sectors_html(o, &mut h);
        h.raw(r#"<p class="note">"#)
            .text(t!("ui.memory.note"))
            .raw("</p>");
    }
    h.into_string()
}

/// Each request a row: its sectors left to right in address order, a gap where the addresses
/// jump, a line's first sector marked; each sector titled with its number and where it was
/// found.
fn sectors_html(o: &MemoryOutput, h: &mut Html) {
    let Some(c) = o.counts else {
        return;
    };
    h.raw(r#"<figure data-picture="sectors" class="sectors"><figcaption>"#)
        .text(&tr!(
            "ui.memory.caption",
            sector = SECTOR_BYTES,
            line = LINE_BYTES
        ))
        .raw(r#"</figcaption><ol class="requests">"#);
    for r in o.requests.iter().take(ROWS) {
        h.raw("<li")
            .attr_num("data-warp", r.warp)
            .raw(r#"><span class="who">"#)
            .text(&tr!("ui.memory.warp", warp = r.warp))
            .raw(r#"</span><span class="cells">"#);
        let mut prev: Option<u64> = None;
        for (&(s, found), u) in r.sectors.iter().zip(&r.uses) {
            let jump = prev.is_some_and(|p| s != p + 1);
            let line_start = starts_line(s);
            let where_ = match found {
                Found::L1 => t!("ui.memory.found.l1"),
                Found::L2 => t!("ui.memory.found.l2"),
                Found::Dram => t!("ui.memory.found.dram"),
            };
            // The lanes whose bytes fall in it; the pale share (`u1` … `u8`, eighths read) its
            // bytes no lane read.
            let lanes = if u.first == u.last {
                u.first.to_string()
            } else {
                format!("{}–{}", u.first, u.last)
            };
            h.raw(r#"<span class="sector "#)
                .text(found_name(found))
                .raw(" u")
                .num(u.bytes.div_ceil(SECTOR_BYTES / 8))
                .raw(if jump { " jump" } else { "" })
                .raw(if line_start { " line-start\"" } else { "\"" })
                .attr_num("data-sector", s)
                .attr("data-found", found_name(found))
                .attr_num("data-bytes", u.bytes)
                .attr(
                    "title",
                    &tr!(
                        "ui.memory.sector",
                        sector = s,
                        line = line_of(s),
                        lanes,
                        bytes = u.bytes,
                        size = SECTOR_BYTES,
                        found = where_
                    ),
                )
                .raw("></span>");
            prev = Some(s);
        }
        h.raw("</span></li>");
    }
    h.raw("</ol>");
    if o.requests.len() > ROWS {
        h.raw(r#"<p class="more">"#)
            .text(&tr!(
                "ui.memory.more",
                shown = ROWS,
                total = o.requests.len()
            ))
            .raw("</p>");
    }
    h.raw(r#"<p class="key"><span class="sector l1"></span> "#)
        .text(t!("ui.memory.found.l1"))
        .raw(r#" <span class="sector l2"></span> "#)
        .text(t!("ui.memory.found.l2"))
        .raw(r#" <span class="sector dram"></span> "#)
        .text(t!("ui.memory.found.dram"))
        .raw(r#"</p><p class="summary">"#)
        .text(&tr!(
            "ui.memory.summary",
            requests = c.requests,
            sectors = c.sectors,
            dram = c.dram_sectors
        ))
        .raw("</p></figure>");
}

/// The drawing area of the roofline, in the 640 × 360 view box (84 units on the left: the
/// longest label, 1,000,000 GFLOP/s, ran out of a 64-unit margin on a phone).
const LEFT: f64 = 84.0;
const RIGHT: f64 = 624.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 312.0;
/// The axes' decades: intensity 10⁻² to 10³ FLOP/byte, throughput 10⁰ to 10⁶ GFLOP/s.
const X_DECADES: (i32, i32) = (-2, 3);
const Y_DECADES: (i32, i32) = (0, 6);

/// The log-log roofline: the bandwidth roof up to the ridge, the peak after it, the ridge
/// dashed, and the kernel's point. Drawing only: every number on it is a figure of the model.
fn roofline_html(gpu: &Gpu, p: &Point, h: &mut Html) {
    // Where `v` sits between the decades `lo` and `hi`, from 0 to 1 (clamped).
    let at = |v: f64, (lo, hi): (i32, i32)| {
        let (lo, hi) = (f64::from(lo), f64::from(hi));
        (v.max(1e-9).log10().max(lo).min(hi) - lo) / (hi - lo)
    };
    let x = |v: f64| LEFT + at(v, X_DECADES) * (RIGHT - LEFT);
    let y = |v: f64| BOTTOM - at(v, Y_DECADES) * (BOTTOM - TOP);
    let lo = 10f64.powi(X_DECADES.0);
    let hi = 10f64.powi(X_DECADES.1);
    let summary = tr!("ui.memory.roofline.summary", gpu = gpu.name);
    h.raw(
        r#"<figure data-picture="roofline" class="roofline"><svg viewBox="0 0 640 360" role="img""#,
    )
    .attr("aria-label", &summary)
    .raw(">");
    // Decade grid and labels.
    for d in X_DECADES.0..=X_DECADES.1 {
        let v = 10f64.powi(d);
        h.raw(r#"<line class="grid""#)
            .attr_coord("x1", x(v))
            .attr_coord("y1", TOP)
            .attr_coord("x2", x(v))
            .attr_coord("y2", BOTTOM)
            .raw(r#"/><text class="tick""#)
            .attr_coord("x", x(v))
            .attr_coord("y", BOTTOM + 16.0)
            .raw(r#" text-anchor="middle">"#)
            .text(&decade(d))
            .raw("</text>");
    }
    for d in Y_DECADES.0..=Y_DECADES.1 {
        let v = 10f64.powi(d);
        h.raw(r#"<line class="grid""#)
            .attr_coord("x1", LEFT)
            .attr_coord("y1", y(v))
            .attr_coord("x2", RIGHT)
            .attr_coord("y2", y(v))
            .raw(r#"/><text class="tick""#)
            .attr_coord("x", LEFT - 6.0)
            .attr_coord("y", y(v) + 4.0)
            .raw(r#" text-anchor="end">"#)
            .text(&decade(d))
            .raw("</text>");
    }
    let (rx, peak_y) = (x(p.ridge), y(gpu.peak));
    h.raw(r#"<polyline class="roof" points=""#)
        .coord(x(lo))
        .raw(",")
        .coord(y(gpu.attainable(lo)))
        .raw(" ")
        .coord(rx)
        .raw(",")
        .coord(peak_y)
        .raw(" ")
        .coord(x(hi))
        .raw(",")
        .coord(peak_y)
        .raw(r#""/>"#);
    h.raw(r#"<line class="ridge""#)
        .attr_coord("x1", rx)
        .attr_coord("y1", TOP)
        .attr_coord("x2", rx)
        .attr_coord("y2", BOTTOM)
        .raw(r#"/><circle class="kernel""#)
        .attr_coord("cx", x(p.intensity))
        .attr_coord("cy", y(p.attainable))
        .raw(r#" r="7"/>"#);
    let human = |v: f64| warp_model::figure::Value::ratio(v).human();
    h.raw(r#"<text class="label""#)
        .attr_coord("x", RIGHT - 4.0)
        .attr_coord("y", peak_y - 8.0)
        .raw(r#" text-anchor="end">"#)
        .text(&tr!("ui.memory.roofline.peak", peak = human(gpu.peak)))
        .raw(r#"</text><text class="label""#)
        .attr_coord("x", rx + 6.0)
        .attr_coord("y", BOTTOM - 8.0)
        .raw(">")
        .text(&tr!("ui.memory.roofline.ridge", ridge = human(p.ridge)))
        .raw("</text>");
    let mid_y = f64::midpoint(TOP, BOTTOM);
    h.raw(r#"<text class="axis""#)
        .attr_coord("x", f64::midpoint(LEFT, RIGHT))
        .raw(r#" y="354" text-anchor="middle">"#)
        .text(t!("ui.memory.roofline.x"))
        .raw(r#"</text><text class="axis" x="14""#)
        .attr_coord("y", mid_y)
        .raw(r#" transform="rotate(-90 14 "#)
        .coord(mid_y)
        .raw(r#")" text-anchor="middle">"#)
        .text(t!("ui.memory.roofline.y"))
        .raw(r#"</text></svg><p class="summary">"#)
        .text(&summary)
        .raw("</p></figure>");
}

/// 10^d as people write an axis label: 0.01, 0.1, 1, 10, …, 1,000,000 (the figures' rule).
fn decade(d: i32) -> String {
    use warp_model::figure::Value;
    match u32::try_from(d) {
        Ok(up) => Value::Int(10u64.pow(up)).human(),
        Err(_) => Value::ratio(10f64.powi(d)).human(),
    }
}
