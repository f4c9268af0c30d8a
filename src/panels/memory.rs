//! The memory view (issue 68): each warp's load request as a row of 32-byte sectors, each
//! coloured by where it was found (L1, L2, DRAM), four to a 128-byte line; or a kernel's point
//! on a GPU's log-log roofline. A thin view over `warp_model::memory::panel`.

use std::fmt::Write as _;

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::markup::escape;
use warp_model::memory::hierarchy::{line_of, starts_line, Found, LINE_BYTES, SECTOR_BYTES};
use warp_model::memory::panel::{evaluate, found_name, MemoryModel, MemoryOutput};
use warp_model::memory::roofline::{Gpu, Point};
use warp_model::panel::Inputs;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;

use crate::components::n;
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
    let mut html = String::new();
    if let Some((gpu, p)) = o.roofline {
        roofline_html(gpu, &p, &mut html);
        let _ = write!(
            html,
            r#"<p class="note">{}</p>"#,
            escape(t!("ui.memory.roofline.note"))
        );
    } else {
        sectors_html(o, &mut html);
        let _ = write!(
            html,
            r#"<p class="note">{}</p>"#,
            escape(t!("ui.memory.note"))
        );
    }
    html
}

/// Each request a row: its sectors left to right in address order, a gap where the addresses
/// jump, a line's first sector marked; each sector titled with its number and where it was
/// found.
fn sectors_html(o: &MemoryOutput, html: &mut String) {
    let Some(c) = o.counts else {
        return;
    };
    let _ = write!(
        html,
        r#"<figure data-picture="sectors" class="sectors"><figcaption>{}</figcaption><ol class="requests">"#,
        escape(&tr!(
            "ui.memory.caption",
            sector = SECTOR_BYTES,
            line = LINE_BYTES
        ))
    );
    for r in o.requests.iter().take(ROWS) {
        let _ = write!(
            html,
            r#"<li data-warp="{}"><span class="who">{}</span><span class="cells">"#,
            r.warp,
            escape(&tr!("ui.memory.warp", warp = r.warp))
        );
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
            let _ = write!(
                html,
                r#"<span class="sector {} u{}{}{}" data-sector="{s}" data-found="{}" data-bytes="{}" title="{}"></span>"#,
                found_name(found),
                u.bytes.div_ceil(SECTOR_BYTES / 8),
                if jump { " jump" } else { "" },
                if line_start { " line-start" } else { "" },
                found_name(found),
                u.bytes,
                escape(&tr!(
                    "ui.memory.sector",
                    sector = s,
                    line = line_of(s),
                    lanes,
                    bytes = u.bytes,
                    size = SECTOR_BYTES,
                    found = where_
                ))
            );
            prev = Some(s);
        }
        html.push_str("</span></li>");
    }
    html.push_str("</ol>");
    if o.requests.len() > ROWS {
        let _ = write!(
            html,
            r#"<p class="more">{}</p>"#,
            escape(&tr!(
                "ui.memory.more",
                shown = ROWS,
                total = o.requests.len()
            ))
        );
    }
    let _ = write!(
        html,
        r#"<p class="key"><span class="sector l1"></span> {} <span class="sector l2"></span> {} <span class="sector dram"></span> {}</p><p class="summary">{}</p></figure>"#,
        escape(t!("ui.memory.found.l1")),
        escape(t!("ui.memory.found.l2")),
        escape(t!("ui.memory.found.dram")),
        escape(&tr!(
            "ui.memory.summary",
            requests = c.requests,
            sectors = c.sectors,
            dram = c.dram_sectors
        ))
    );
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
fn roofline_html(gpu: &Gpu, p: &Point, html: &mut String) {
    // Where `v` sits between the decades `lo` and `hi`, from 0 to 1 (clamped).
    let at = |v: f64, (lo, hi): (i32, i32)| {
        let (lo, hi) = (f64::from(lo), f64::from(hi));
        (v.max(1e-9).log10().max(lo).min(hi) - lo) / (hi - lo)
    };
    let x = |v: f64| LEFT + at(v, X_DECADES) * (RIGHT - LEFT);
    let y = |v: f64| BOTTOM - at(v, Y_DECADES) * (BOTTOM - TOP);
    let lo = 10f64.powi(X_DECADES.0);
    let hi = 10f64.powi(X_DECADES.1);
    let summary = escape(&tr!("ui.memory.roofline.summary", gpu = gpu.name));
    let _ = write!(
        html,
        r#"<figure data-picture="roofline" class="roofline"><svg viewBox="0 0 640 360" role="img" aria-label="{summary}">"#
    );
    // Decade grid and labels.
    for d in X_DECADES.0..=X_DECADES.1 {
        let v = 10f64.powi(d);
        let _ = write!(
            html,
            r#"<line class="grid" x1="{0}" y1="{1}" x2="{0}" y2="{2}"/><text class="tick" x="{0}" y="{3}" text-anchor="middle">{4}</text>"#,
            n(x(v)),
            n(TOP),
            n(BOTTOM),
            n(BOTTOM + 16.0),
            escape(&decade(d))
        );
    }
    for d in Y_DECADES.0..=Y_DECADES.1 {
        let v = 10f64.powi(d);
        let _ = write!(
            html,
            r#"<line class="grid" x1="{0}" y1="{1}" x2="{2}" y2="{1}"/><text class="tick" x="{3}" y="{4}" text-anchor="end">{5}</text>"#,
            n(LEFT),
            n(y(v)),
            n(RIGHT),
            n(LEFT - 6.0),
            n(y(v) + 4.0),
            escape(&decade(d))
        );
    }
    let (rx, peak_y) = (x(p.ridge), y(gpu.peak));
    let _ = write!(
        html,
        r#"<polyline class="roof" points="{},{} {},{} {},{}"/>"#,
        n(x(lo)),
        n(y(gpu.attainable(lo))),
        n(rx),
        n(peak_y),
        n(x(hi)),
        n(peak_y)
    );
    let _ = write!(
        html,
        r#"<line class="ridge" x1="{0}" y1="{1}" x2="{0}" y2="{2}"/><circle class="kernel" cx="{3}" cy="{4}" r="7"/>"#,
        n(rx),
        n(TOP),
        n(BOTTOM),
        n(x(p.intensity)),
        n(y(p.attainable))
    );
    let human = |v: f64| warp_model::figure::Value::ratio(v).human();
    let _ = write!(
        html,
        r#"<text class="label" x="{}" y="{}" text-anchor="end">{}</text><text class="label" x="{}" y="{}">{}</text>"#,
        n(RIGHT - 4.0),
        n(peak_y - 8.0),
        escape(&tr!("ui.memory.roofline.peak", peak = human(gpu.peak))),
        n(rx + 6.0),
        n(BOTTOM - 8.0),
        escape(&tr!("ui.memory.roofline.ridge", ridge = human(p.ridge)))
    );
    let _ = write!(
        html,
        r#"<text class="axis" x="{}" y="354" text-anchor="middle">{}</text><text class="axis" x="14" y="{}" transform="rotate(-90 14 {})" text-anchor="middle">{}</text></svg><p class="summary">{summary}</p></figure>"#,
        n(f64::midpoint(LEFT, RIGHT)),
        escape(t!("ui.memory.roofline.x")),
        n(f64::midpoint(TOP, BOTTOM)),
        n(f64::midpoint(TOP, BOTTOM)),
        escape(t!("ui.memory.roofline.y")),
    );
}

/// 10^d as people write an axis label: 0.01, 0.1, 1, 10, …, 1,000,000 (the figures' rule).
fn decade(d: i32) -> String {
    use warp_model::figure::Value;
    match u32::try_from(d) {
        Ok(up) => Value::Int(10u64.pow(up)).human(),
        Err(_) => Value::ratio(10f64.powi(d)).human(),
    }
}
