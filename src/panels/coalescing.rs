//! The coalescing view: the addresses one warp's load touches, the segments they cost, and η,
//! with a chart of η against stride. A thin view over `warp_model::coalescing::panel`.

use leptos::prelude::*;
use warp_model::coalescing::access::{LINE_SIZES, TRANSACTION_BYTES};
use warp_model::coalescing::panel::{evaluate, CoalescingModel, CoalescingOutput, LINE};
use warp_model::examples::Example;
use warp_model::figure::Value;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;
use warp_model::WARP_SIZE;

use crate::components::chart::{ChartData, LineChart, Series};
use crate::components::n;
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
    let chart = Signal::derive(move || output.with(chart_data));
    let line_now = move || input.with(|i| i.get(&LINE).trim().to_string());
    view! {
        <PanelShell input=input example=example on_preset=on_preset errors=errors figures=figures
            worked=Signal::derive(move || output.with(|o| o.worked.clone()))>
            <div class="toggle" role="group" aria-label=t!("ui.coalescing.toggle")>
                {LINE_SIZES
                    .iter()
                    .rev()
                    .map(|&l| {
                        let label = match l {
                            TRANSACTION_BYTES => tr!("ui.coalescing.lines-128"),
                            SECTOR_BYTES => tr!("ui.coalescing.sectors-32"),
                            other => tr!("ui.coalescing.segments", line = other),
                        };
                        view! {
                            <button
                                type="button"
                                data-line=l
                                aria-pressed=move || (line_now() == l.to_string()).to_string()
                                on:click=move |_| input.update(|i| i.set_field(LINE.name, l.to_string()))
                            >
                                {label}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <MemoryStrip output=output />
            <LineChart data=chart name="efficiency-by-stride" />
            <p class="note">{t!("ui.coalescing.note")}</p>
        </PanelShell>
    }
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
#[component]
fn MemoryStrip(output: Memo<CoalescingOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            let a = o.access?;
            let segs = &o.segments;
            // Layout (drawing only): segment boxes left to right, a gap where addresses jump.
            let gaps = segs.windows(2).filter(|w| w[1].index != w[0].index + 1).count();
            let slots = segs.len() as f64 + gaps as f64 * 0.4;
            let width = 640.0_f64;
            let seg_w = (width / slots).min(160.0);
            let mut x = 0.0;
            let mut boxes = Vec::new();
            for (i, s) in segs.iter().enumerate() {
                if i > 0 && s.index != segs[i - 1].index + 1 {
                    x += seg_w * 0.4;
                }
                boxes.push((s.clone(), x));
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
            let lane_gap = width / WARP_SIZE as f64;
            let arrows = (0..a.lanes)
                .filter_map(|l| {
                    let lx = (l as f64 + 0.5) * lane_gap;
                    let tx = x_of(a.address(l))?;
                    Some(view! { <line x1=n(lx) y1=22 x2=n(tx) y2=88 class="arrow" /> })
                })
                .collect_view();
            let lanes = (0..WARP_SIZE)
                .map(|l| {
                    let lx = l as f64 * lane_gap + 1.0;
                    view! { <rect x=n(lx) y=6 width=n(lane_gap - 2.0) height=14 class=if l < a.lanes { "lane-box active" } else { "lane-box" } /> }
                })
                .collect_view();
            let seg_views = boxes
                .iter()
                .map(|(s, bx)| {
                    let used = s
                        .used
                        .iter()
                        .map(|(lo, hi)| {
                            let (ux, uw) = (bx + *lo as f64 / line * seg_w, (*hi - *lo) as f64 / line * seg_w);
                            view! { <rect x=n(ux) y=90 width=n(uw.max(0.8)) height=40 class="used" /> }
                        })
                        .collect_view();
                    view! {
                        <g class="segment">
                            <rect x=n(*bx) y=90 width=n(seg_w - 2.0) height=40 class="seg" />
                            {used}
                            <text x=n(bx + 3.0) y=146 class="seg-label">{format!("#{}", s.index)}</text>
                        </g>
                    }
                })
                .collect_view();
            let summary = tr!(
                "ui.coalescing.strip.summary",
                lanes = a.lanes,
                elem = a.elem,
                segments = segs.len(),
                line = a.line,
                useful = a.useful_bytes(),
                moved = a.moved_bytes()
            );
            Some(view! {
                <figure class="memory" data-picture="memory">
                    <figcaption>{t!("ui.coalescing.strip.caption")}</figcaption>
                    <svg viewBox=format!("0 0 {} 152", n(width.max(x))) role="img" aria-label=summary.clone() class="strip">
                        <defs>
                            <pattern id="waste" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                                <line x1="0" y1="0" x2="0" y2="5" class="waste-line" />
                            </pattern>
                        </defs>
                        {lanes}
                        {arrows}
                        {seg_views}
                    </svg>
                    <p class="strip-summary">{summary}</p>
                </figure>
            })
        })
    }
}
