//! The bank-conflict view: for each phase of the request, the 32 banks as columns with the
//! words each must deliver stacked one wavefront per row, the lanes' arrows landing on them,
//! and the phase's "why" line; then a chart of wavefronts against stride (or padding). A thin
//! view over `warp_model::banks::panel`.

use std::fmt::Write as _;

use leptos::prelude::*;
use warp_model::banks::panel::{evaluate, BanksModel};
use warp_model::banks::rule::BANKS;
use warp_model::banks::{BanksOutput, BanksRead, PhasePicture, SweepAxis};
use warp_model::examples::Example;
use warp_model::markup::escape;
use warp_model::panel::Inputs;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;

use crate::components::chart::{chart_html, ChartData, Series};
use crate::components::n;
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
    let mut html = if o.report.is_some() {
        format!(
            r#"<figure class="banks-picture" data-picture="banks">{}</figure>"#,
            phases_html(&o.phases)
        )
    } else {
        String::new()
    };
    html.push_str(&chart_html(chart_data(o).as_ref(), "wavefronts-by-sweep"));
    let _ = write!(
        html,
        r#"<p class="note" data-profiler="">{}</p><p class="note">{}</p>"#,
        crate::components::figures::breakable_html(t!("ui.banks.profiler")),
        escape(t!("ui.banks.note"))
    );
    html
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
    view! { <figure class="banks-picture" data-picture="banks" inner_html=phases_html(phases)></figure> }
}

/// The inside of [`phases_figure`]: the caption, a bank grid per phase with an active lane, the
/// why lines.
fn phases_html(phases: &[PhasePicture]) -> String {
    let mut html = String::new();
    let _ = write!(
        html,
        "<figcaption>{}</figcaption>",
        escape(t!("ui.banks.caption"))
    );
    for p in phases.iter().filter(|p| !p.cells.is_empty()) {
        phase_grid(p, &mut html);
    }
    let _ = write!(
        html,
        r#"<h2 class="why-title">{}</h2><ol class="why-lines">"#,
        escape(t!("ui.banks.why"))
    );
    for p in phases {
        let _ = write!(
            html,
            r#"<li data-phase="{}" data-wavefronts="{}">{}</li>"#,
            p.index,
            p.wavefronts,
            escape(&p.why)
        );
    }
    html.push_str("</ol>");
    html
}

/// One phase as a bank grid.
fn phase_grid(p: &PhasePicture, html: &mut String) {
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
    let _ = write!(
        html,
        r#"<div class="phase" data-phase="{}"><svg viewBox="0 0 {} {}" role="img" aria-label="{}" class="bank-grid"><text x="{}" y="{}" class="axis-label" text-anchor="end">{}–{}</text><text x="{}" y="{}" class="axis-label" text-anchor="end">{}</text>"#,
        p.index,
        n(width),
        n(height),
        escape(&p.summary),
        n(LEFT - 4.0),
        n(LANES_Y + 10.0),
        p.first_lane,
        p.last_lane,
        n(LEFT - 4.0),
        n(GRID_Y - 6.0),
        escape(t!("ui.banks.bank"))
    );
    for l in p.first_lane..=p.last_lane {
        let x = LEFT + (l - p.first_lane) as f64 * lane_w + 1.0;
        let class = if active.contains(&l) {
            "lane-box active"
        } else {
            "lane-box"
        };
        let _ = write!(
            html,
            r#"<rect x="{}" y="{}" width="{}" height="12" class="{class}"></rect>"#,
            n(x),
            n(LANES_Y),
            n(lane_w - 2.0)
        );
    }
    for b in (0..BANKS).filter(|b| b % 4 == 0) {
        let _ = write!(
            html,
            r#"<text x="{}" y="{}" class="bank-label">{b}</text>"#,
            n(bank_x(b) + 2.0),
            n(GRID_Y - 6.0)
        );
    }
    for (bank, ws) in p.bank_words.iter().enumerate() {
        for (k, &word) in ws.iter().enumerate() {
            let _ = write!(
                html,
                r#"<rect x="{}" y="{}" width="{}" height="{}" class="word"><title>{}</title></rect>"#,
                n(bank_x(bank as u64) + 1.0),
                n(GRID_Y + k as f64 * ROW + 1.0),
                n(COL - 2.0),
                n(ROW - 2.0),
                escape(&tr!("ui.banks.word", word, bank))
            );
        }
    }
    if let Some(b) = p.worst_bank.filter(|_| p.wavefronts > 1) {
        let _ = write!(
            html,
            r#"<rect x="{}" y="{}" width="{}" height="{}" class="worst"></rect>"#,
            n(bank_x(b)),
            n(GRID_Y - 1.0),
            n(COL),
            n(rows * ROW + 2.0)
        );
    }
    // One arrow per lane, to the first word it reads.
    let mut seen = Vec::new();
    for &(lane, word, bank) in &p.cells {
        if seen.contains(&lane) {
            continue;
        }
        seen.push(lane);
        let _ = write!(
            html,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" class="arrow"></line>"#,
            n(lane_x(lane)),
            n(LANES_Y + 12.0),
            n(bank_x(bank) + COL / 2.0),
            n(GRID_Y + slot(bank, word) * ROW + 2.0)
        );
    }
    for k in (1..=p.wavefronts).filter(|&k| wavefront_labelled(k, p.wavefronts)) {
        let _ = write!(
            html,
            r#"<text x="{}" y="{}" class="row-label" text-anchor="end">{k}</text>"#,
            n(LEFT - 4.0),
            n(GRID_Y + k as f64 * ROW - 2.0)
        );
    }
    let _ = write!(
        html,
        r#"</svg><p class="phase-summary">{}</p></div>"#,
        escape(&p.summary)
    );
}

/// Whether row `k` of `rows` wavefronts gets its number: the last (the count), the first, and
/// every fourth, each at least two rows from the next, so that a phone's larger labels never
/// touch.
fn wavefront_labelled(k: u64, rows: u64) -> bool {
    k == rows || (k == 1 && rows >= 3) || (k.is_multiple_of(4) && k + 2 <= rows)
}
