//! A line chart drawn as SVG, redrawn whenever its data change. Every point comes from the
//! model; the chart only draws: positions, axis ticks and the legend. The SVG carries a text
//! equivalent in its `aria-label`, repeated as the caption.
//!
//! Hand-written rather than plotters (which the first version used, on a canvas): plotters
//! and its canvas backend cost about 20 kB gzip in each of the two bundles that draw a chart
//! (`cargo xtask bench`, per-page sizes), a fifth of what a page may download to show its first
//! figure within 2.5 s on a phone; a chart of a few polylines is a few dozen lines of SVG, which
//! also scales crisply and takes its colours from the theme's CSS.

use leptos::prelude::*;
use warp_model::figure::rounded;
use warp_model::markup::Html;

/// One curve.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend text.
    pub label: String,
    /// The points, x ascending.
    pub points: Vec<(f64, f64)>,
    /// Drawn thick and in the accent colour.
    pub highlight: bool,
}

/// What to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartData {
    /// The curves.
    pub series: Vec<Series>,
    /// The current point, marked.
    pub marker: Option<(f64, f64)>,
    /// Vertical reference lines (x, label), e.g. "needed" and "cap".
    pub vlines: Vec<(f64, String)>,
    /// x axis range and title.
    pub x: (f64, f64, String),
    /// y axis range and title.
    pub y: (f64, f64, String),
    /// The chart in words.
    pub summary: String,
}

/// The drawing area inside the 640 × 320 view box (room for tick labels and titles).
const LEFT: f64 = 56.0;
const RIGHT: f64 = 628.0;
/// Room above the plot for the reference lines' labels, off the curves (which often run along
/// the top: utilisation 1).
const TOP: f64 = 28.0;
const BOTTOM: f64 = 276.0;
/// A legend's label ends this far left of the plot's right edge, before its line's sample.
const LEGEND_TEXT_END: f64 = 32.0;

/// Round tick values across `[lo, hi]`: about five, at 1, 2 or 5 times a power of ten.
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let span = (hi - lo).abs();
    if !span.is_finite() || span <= 0.0 {
        return vec![lo];
    }
    let raw = span / 5.0;
    // The largest power of ten not above `raw`, by steps of ten rather than `powf`: libm's
    // `pow` is 2.2 kB of raw code in every page with a chart (measured, issue 46).
    let mut magnitude = 1.0;
    while magnitude * 10.0 <= raw {
        magnitude *= 10.0;
    }
    while magnitude > raw {
        magnitude /= 10.0;
    }
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(magnitude * 10.0);
    let first = (lo / step).ceil() * step;
    (0..=10)
        .map(|i| first + f64::from(i) * step)
        .take_while(|t| *t <= hi + step * 1e-9)
        .collect()
}

/// A tick label: whole numbers plain, others with up to two decimals, trailing zeros dropped.
fn tick_label(v: f64) -> String {
    rounded(v, 2)
}

/// A coordinate to a tenth of a pixel, by the model's one rounding rule.
fn px(v: f64) -> String {
    rounded(v, 1)
}

/// The chart's inner SVG: grid, axes, reference lines, curves, marker and legend. Markup made
/// of numbers and fixed class names; the learner-facing words (axis titles, legend, reference
/// labels) are escaped.
fn svg(d: &ChartData) -> String {
    let mut h = Html::new();
    svg_html(d, &mut h);
    h.into_string()
}

/// [`svg`], written into `h`.
fn svg_html(d: &ChartData, h: &mut Html) {
    let (x0, x1, y0, y1) = (d.x.0, d.x.1, d.y.0, d.y.1);
    let sx = |x: f64| LEFT + (x - x0) / (x1 - x0).max(f64::EPSILON) * (RIGHT - LEFT);
    let sy = |y: f64| BOTTOM - (y - y0) / (y1 - y0).max(f64::EPSILON) * (BOTTOM - TOP);
    // The frame's edges as the SVG writes them (`px`: no float formatting in the page).
    let (left, right, top, bottom) = (px(LEFT), px(RIGHT), px(TOP), px(BOTTOM));
    for t in ticks(x0, x1) {
        let x = px(sx(t));
        h.raw(r#"<line class="grid""#)
            .attr("x1", &x)
            .attr("y1", &top)
            .attr("x2", &x)
            .attr("y2", &bottom)
            .raw(r#"/><text class="tick""#)
            .attr("x", &x)
            .attr("y", &px(BOTTOM + 16.0))
            .raw(r#" text-anchor="middle">"#)
            .text(&tick_label(t))
            .raw("</text>");
    }
    for t in ticks(y0, y1) {
        let (y, text_y) = (px(sy(t)), px(sy(t) + 4.0));
        h.raw(r#"<line class="grid""#)
            .attr("x1", &left)
            .attr("y1", &y)
            .attr("x2", &right)
            .attr("y2", &y)
            .raw(r#"/><text class="tick""#)
            .attr("x", &px(LEFT - 6.0))
            .attr("y", &text_y)
            .raw(r#" text-anchor="end">"#)
            .text(&tick_label(t))
            .raw("</text>");
    }
    let mid_y = px(f64::midpoint(TOP, BOTTOM));
    h.raw(r#"<line class="axis""#)
        .attr("x1", &left)
        .attr("y1", &bottom)
        .attr("x2", &right)
        .attr("y2", &bottom)
        .raw(r#"/><line class="axis""#)
        .attr("x1", &left)
        .attr("y1", &top)
        .attr("x2", &left)
        .attr("y2", &bottom)
        .raw(r#"/><text class="title""#)
        .attr("x", &px(f64::midpoint(LEFT, RIGHT)))
        .raw(r#" y="314" text-anchor="middle">"#)
        .text(&d.x.2)
        .raw(r#"</text><text class="title" x="14""#)
        .attr("y", &mid_y)
        .raw(r#" text-anchor="middle" transform="rotate(-90 14 "#)
        .text(&mid_y)
        .raw(r#")">"#)
        .text(&d.y.2)
        .raw("</text>");
    // Labels above the plot, the first to the right of its line and the next to the left, so
    // that "needed" and "available" do not sit on the curve or on each other.
    for (i, (x, label)) in d.vlines.iter().enumerate() {
        let x = sx(*x);
        let (at, anchor) = if i % 2 == 0 {
            (x + 4.0, "start")
        } else {
            (x - 4.0, "end")
        };
        let (x, at) = (px(x), px(at));
        h.raw(r#"<line class="vline""#)
            .attr("x1", &x)
            .attr("y1", &top)
            .attr("x2", &x)
            .attr("y2", &bottom)
            .raw(r#"/><text class="vlabel""#)
            .attr("x", &at)
            .attr("y", &px(TOP - 8.0))
            .attr("text-anchor", anchor)
            .raw(">")
            .text(label)
            .raw("</text>");
    }
    for (i, s) in d.series.iter().enumerate() {
        let class = if s.highlight {
            "curve key".to_string()
        } else {
            format!("curve c{}", i % 3)
        };
        h.raw("<polyline").attr("class", &class).raw(r#" points=""#);
        for (k, (x, y)) in s.points.iter().enumerate() {
            if k > 0 {
                h.raw(" ");
            }
            h.text(&px(sx(*x))).raw(",").text(&px(sy(*y)));
        }
        h.raw(r#""/>"#);
    }
    if let Some((x, y)) = d.marker {
        h.raw(r#"<circle class="marker""#)
            .attr("cx", &px(sx(x)))
            .attr("cy", &px(sy(y)))
            .raw(r#" r="6"/>"#);
    }
    if d.series.len() > 1 {
        for (i, s) in d.series.iter().enumerate() {
            let class = if s.highlight {
                "curve key".to_string()
            } else {
                format!("curve c{}", i % 3)
            };
            #[allow(clippy::cast_precision_loss)]
            let y = TOP + 14.0 + 18.0 * i as f64;
            let (y, text_y) = (px(y), px(y + 4.0));
            h.raw("<line")
                .attr("class", &class)
                .attr("x1", &px(RIGHT - 26.0))
                .attr("y1", &y)
                .attr("x2", &px(RIGHT - 8.0))
                .attr("y2", &y)
                .raw(r#"/><text class="legend""#)
                .attr("x", &px(RIGHT - LEGEND_TEXT_END))
                .attr("y", &text_y)
                .raw(r#" text-anchor="end">"#)
                .text(&s.label)
                .raw("</text>");
        }
    }
}

/// The chart (`figure.chart[data-chart=name]`, its SVG and its words), or nothing while there
/// is nothing to draw (an input error), so that no empty image without words is left on the
/// page: what a picture drawn as a string holds (the coalescing panel's) and a page's first
/// frame writes (`crate::frame`).
pub fn chart_html(data: Option<&ChartData>, name: &str, h: &mut Html) {
    if let Some(d) = data {
        h.raw(r#"<figure class="chart""#)
            .attr("data-chart", name)
            .raw(r#"><svg viewBox="0 0 640 320" role="img""#)
            .attr("aria-label", &d.summary)
            .raw(">");
        svg_html(d, h);
        h.raw(r#"</svg><figcaption class="chart-summary">"#)
            .text(&d.summary)
            .raw("</figcaption></figure>");
    }
}

/// The chart. Redrawn on every change of `data`; absent while there is nothing to draw (an input
/// error), so that no empty image without words is left on the page.
#[component]
pub fn LineChart(
    #[prop(into)] data: Signal<Option<ChartData>>,
    name: &'static str,
) -> impl IntoView {
    let label = move || data.with(|d| d.as_ref().map(|d| d.summary.clone()).unwrap_or_default());
    let inner = move || data.with(|d| d.as_ref().map(svg).unwrap_or_default());
    view! {
        <Show when=move || data.with(Option::is_some)>
            <figure class="chart" data-chart=name>
                <svg viewBox="0 0 640 320" role="img" aria-label=label inner_html=inner></svg>
                <figcaption class="chart-summary">{label}</figcaption>
            </figure>
        </Show>
    }
}

#[cfg(test)]
mod tests;
