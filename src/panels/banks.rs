//! The bank-conflict view: for each phase of the request, the 32 banks as columns with the
//! words each must deliver stacked one wavefront per row, the lanes' arrows landing on them,
//! and the phase's "why" line; then a chart of wavefronts against stride (or padding). A thin
//! view over `warp_model::banks::panel`.

use leptos::prelude::*;
use warp_model::banks::panel::{evaluate, BanksModel};
use warp_model::banks::rule::BANKS;
use warp_model::banks::{BanksOutput, BanksRead, PhasePicture, SweepAxis};
use warp_model::examples::Example;
use warp_model::markup::Html;
use warp_model::panel::Inputs;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;

use crate::components::chart::{chart_html, ChartData, Series};
use crate::components::panel_frame::{use_panel_input, PanelShell};

/// The panel as its bundle and the registry draw it.
pub fn view(query: Query, example: Option<&'static Example>) -> AnyView {
    view! { <BanksPanel query=query example=example /> }.into_any()
}

/// The panel.
#[component]
pub fn BanksPanel(query: Query, example: Option<&'static Example>) -> impl IntoView {
    let (input, on_preset) = use_panel_input::<BanksModel>(query, example);
    let output = Memo::new(move |_| input.with(evaluate));
    let errors = Signal::derive(move || output.with(|o| o.errors.clone()));
    let figures = Signal::derive(move || output.with(|o| o.figures.clone()));
    view! {
        <PanelShell input=input example=example on_preset=on_preset errors=errors figures=figures
            worked=Signal::derive(move || output.with(|o| o.worked.clone()))>
            <div class="picture-body" data-frame="picture" inner_html=move || input.with(|i| output.with(|o| picture_html(i, o)))></div>
        </PanelShell>
    }
}

/// The picture, as one HTML string (issue 63: what the live panel draws and what a page's first
/// frame writes, `crate::frame`): the bank grid of every phase and its why lines, the chart of
/// wavefronts against the sweep (none while an input is wrong: an empty chart would be an
/// image without words), the profiler's counters and the model's note. Redrawn whole on every
/// change. Every text is escaped.
#[must_use]
pub fn picture_html(_input: &Inputs<BanksModel>, o: &BanksOutput) -> String {
    let mut h = Html::new();
    if o.report.is_some() {
        h.raw(r#"<figure class="banks-picture" data-picture="banks">"#);
        phases_html(&o.phases, &mut h);
        h.raw("</figure>");
    }
    chart_html(chart_data(o).as_ref(), "wavefronts-by-sweep", &mut h);
    h.raw(r#"<p class="note" data-profiler="">"#);
    crate::components::figures::breakable(&mut h, t!("ui.banks.profiler"));
    h.raw(r#"</p><p class="note">"#)
        .text(t!("ui.banks.note"))
        .raw("</p>");
    h.into_string()
}

fn chart_data(o: &BanksOutput) -> Option<ChartData> {
    let read = o.read?;
    let report = o.report.as_ref()?;
    let (current, x_title) = match (read, o.sweep_axis) {
        (BanksRead::Strided(s), _) => (s.stride, tr!("ui.banks.chart.x.stride")),
        (BanksRead::Tile(t), _) => (t.pad, tr!("ui.banks.chart.x.pad")),
    };
    let at = |x: u64| {
        o.sweep
            .iter()
            .find(|p| p.0 == x)
            .map(|p| p.1.to_string())
            .unwrap_or_default()
    };
    let top = o.sweep.iter().map(|p| p.1).max().unwrap_or(1).max(1);
    let last = o.sweep.last().map_or(1, |p| p.0);
    let summary = match o.sweep_axis {
        SweepAxis::Stride => tr!(
            "ui.banks.chart.summary.stride",
            elem = report.elem,
            s1 = at(1),
            s2 = at(2),
            s32 = at(BANKS),
            s33 = at(BANKS + 1),
            now = report.wavefronts,
        ),
        SweepAxis::Pad => tr!(
            "ui.banks.chart.summary.pad",
            p0 = at(0),
            p1 = at(1),
            now = report.wavefronts,
        ),
    };
    Some(ChartData {
        series: vec![Series {
            label: tr!("ui.banks.chart.series"),
            points: o.sweep.iter().map(|&(x, w)| (x as f64, w as f64)).collect(),
            highlight: true,
        }],
        marker: o
            .sweep
            .iter()
            .any(|p| p.0 == current)
            .then_some((current as f64, report.wavefronts as f64)),
        vlines: Vec::new(),
        x: (0.0, last as f64, x_title),
        y: (0.0, top as f64 * 1.05, tr!("ui.banks.chart.y")),
        summary,
    })
}

/// Column width and row height of the bank grid, and the room for the lanes and the labels.
/// The grid shrinks to a phone's width and its labels grow to keep 11 px (style/banks.css), so
/// the room on the left holds a label twice the desktop's size, and `wavefront_labelled`
/// leaves two rows between labels.
const COL: f64 = 20.0;
const ROW: f64 = 12.0;
const LEFT: f64 = 60.0;
const LANES_Y: f64 = 14.0;
const GRID_Y: f64 = 64.0;

/// The phases as bank grids (those with an active lane) and every phase's why line: the
/// banks panel's picture, which the tensor-core panel draws for its ldmatrix too.
///
/// Written as one HTML string (`inner_html`), as the worked steps are (issue 46): the picture
/// is redrawn whole on every change, and its SVG as view nodes cost the two pages that draw
/// it their rendering code. Every text is escaped.
pub(crate) fn phases_figure(phases: &[PhasePicture]) -> impl IntoView {
    let mut h = Html::new();
    phases_html(phases, &mut h);
    view! { <figure class="banks-picture" data-picture="banks" inner_html=h.into_string()></figure> }
}

/// The inside of [`phases_figure`]: the caption, a bank grid per phase with an active lane, the
/// why lines.
fn phases_html(phases: &[PhasePicture], h: &mut Html) {
    h.raw("<figcaption>")
        .text(t!("ui.banks.caption"))
        .raw("</figcaption>");
    for p in phases.iter().filter(|p| !p.cells.is_empty()) {
        phase_grid(p, h);
    }
    h.raw(r#"<h2 class="why-title">"#)
        .text(t!("ui.banks.why"))
        .raw(r#"</h2><ol class="why-lines">"#);
    for p in phases {
        h.raw("<li")
            .attr_num("data-phase", p.index)
            .attr_num("data-wavefronts", p.wavefronts)
            .raw(">")
            .text(&p.why)
            .raw("</li>");
    }
    h.raw("</ol>");
}

/// One phase as a bank grid.
fn phase_grid(p: &PhasePicture, h: &mut Html) {
    let width = LEFT + BANKS as f64 * COL + 2.0;
    let rows = p.wavefronts.max(1) as f64;
    let height = GRID_Y + rows * ROW + 16.0;
    let lanes_in_phase = (p.last_lane - p.first_lane + 1) as f64;
    let lane_w = BANKS as f64 * COL / lanes_in_phase;
    let lane_x = |lane: u64| LEFT + ((lane - p.first_lane) as f64 + 0.5) * lane_w;
    let bank_x = |bank: u64| LEFT + bank as f64 * COL;
    let slot = |bank: u64, word: u64| {
        (0u64..)
            .zip(&p.bank_words)
            .find(|(b, _)| *b == bank)
            .and_then(|(_, w)| w.iter().position(|&x| x == word))
            .unwrap_or(0) as f64
    };
    let active: Vec<u64> = {
        let mut l: Vec<u64> = p.cells.iter().map(|c| c.0).collect();
        l.dedup();
        l
    };
    h.raw(r#"<div class="phase""#)
        .attr_num("data-phase", p.index)
        .raw(r#"><svg viewBox="0 0 "#)
        .coord(width)
        .raw(" ")
        .coord(height)
        .raw(r#"" role="img""#)
        .attr("aria-label", &p.summary)
        .raw(r#" class="bank-grid"><text"#)
        .attr_coord("x", LEFT - 4.0)
        .attr_coord("y", LANES_Y + 10.0)
        .raw(r#" class="axis-label" text-anchor="end">"#)
        .num(p.first_lane)
        .raw("–")
        .num(p.last_lane)
        .raw("</text><text")
        .attr_coord("x", LEFT - 4.0)
        .attr_coord("y", GRID_Y - 6.0)
        .raw(r#" class="axis-label" text-anchor="end">"#)
        .text(t!("ui.banks.bank"))
        .raw("</text>");
    for l in p.first_lane..=p.last_lane {
        let x = LEFT + (l - p.first_lane) as f64 * lane_w + 1.0;
        h.raw("<rect")
            .attr_coord("x", x)
            .attr_coord("y", LANES_Y)
            .attr_coord("width", lane_w - 2.0)
            .raw(if active.contains(&l) {
                r#" height="12" class="lane-box active"></rect>"#
            } else {
                r#" height="12" class="lane-box"></rect>"#
            });
    }
    for b in (0..BANKS).filter(|b| b % 4 == 0) {
        h.raw("<text")
            .attr_coord("x", bank_x(b) + 2.0)
            .attr_coord("y", GRID_Y - 6.0)
            .raw(r#" class="bank-label">"#)
            .num(b)
            .raw("</text>");
    }
    for (bank, ws) in p.bank_words.iter().enumerate() {
        for (k, &word) in ws.iter().enumerate() {
            h.raw("<rect")
                .attr_coord("x", bank_x(bank as u64) + 1.0)
                .attr_coord("y", GRID_Y + k as f64 * ROW + 1.0)
                .attr_coord("width", COL - 2.0)
                .attr_coord("height", ROW - 2.0)
                .raw(r#" class="word"><title>"#)
                .text(&tr!("ui.banks.word", word, bank))
                .raw("</title></rect>");
        }
    }
    if let Some(b) = p.worst_bank.filter(|_| p.wavefronts > 1) {
        h.raw("<rect")
            .attr_coord("x", bank_x(b))
            .attr_coord("y", GRID_Y - 1.0)
            .attr_coord("width", COL)
            .attr_coord("height", rows * ROW + 2.0)
            .raw(r#" class="worst"></rect>"#);
    }
    // One arrow per lane, to the first word it reads.
    let mut seen = Vec::new();
    for &(lane, word, bank) in &p.cells {
        if seen.contains(&lane) {
            continue;
        }
        seen.push(lane);
        h.raw("<line")
            .attr_coord("x1", lane_x(lane))
            .attr_coord("y1", LANES_Y + 12.0)
            .attr_coord("x2", bank_x(bank) + COL / 2.0)
            .attr_coord("y2", GRID_Y + slot(bank, word) * ROW + 2.0)
            .raw(r#" class="arrow"></line>"#);
    }
    for k in (1..=p.wavefronts).filter(|&k| wavefront_labelled(k, p.wavefronts)) {
        h.raw("<text")
            .attr_coord("x", LEFT - 4.0)
            .attr_coord("y", GRID_Y + k as f64 * ROW - 2.0)
            .raw(r#" class="row-label" text-anchor="end">"#)
            .num(k)
            .raw("</text>");
    }
    h.raw(r#"</svg><p class="phase-summary">"#)
        .text(&p.summary)
        .raw("</p></div>");
}

/// Whether row `k` of `rows` wavefronts gets its number: the last (the count), the first, and
/// every fourth, each at least two rows from the next, so that a phone's larger labels never
/// touch.
fn wavefront_labelled(k: u64, rows: u64) -> bool {
    k == rows || (k == 1 && rows >= 3) || (k.is_multiple_of(4) && k + 2 <= rows)
}
