//! A line chart drawn with plotters into a `<canvas>`, redrawn whenever its data change. Every
//! point comes from the model; the chart only draws. The canvas carries a text equivalent in
//! its `aria-label`, and a table of the points sits beside it for screen readers.

use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;

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

const PALETTE: [RGBColor; 3] = [
    RGBColor(0, 114, 178),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
];
const ACCENT: RGBColor = RGBColor(179, 38, 30);

fn draw(canvas: web_sys::HtmlCanvasElement, data: &ChartData) -> Result<(), String> {
    let backend = CanvasBackend::with_canvas_object(canvas).ok_or("no 2-D context")?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(data.x.0..data.x.1, data.y.0..data.y.1)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(data.x.2.as_str())
        .y_desc(data.y.2.as_str())
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(|e| e.to_string())?;
    for (x, label) in &data.vlines {
        let (y0, y1) = (data.y.0, data.y.1);
        chart
            .draw_series(LineSeries::new(
                [(*x, y0), (*x, y1)],
                BLACK.mix(0.55).stroke_width(1),
            ))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(std::iter::once(Text::new(
                label.clone(),
                (*x, y1 * 0.97),
                ("sans-serif", 13),
            )))
            .map_err(|e| e.to_string())?;
    }
    for (i, s) in data.series.iter().enumerate() {
        let colour = if s.highlight {
            ACCENT
        } else {
            PALETTE[i % PALETTE.len()]
        };
        let width = if s.highlight { 3 } else { 1 };
        chart
            .draw_series(LineSeries::new(
                s.points.iter().copied(),
                colour.stroke_width(width),
            ))
            .map_err(|e| e.to_string())?
            .label(s.label.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(width))
            });
    }
    if let Some(p) = data.marker {
        chart
            .draw_series(std::iter::once(Circle::new(p, 6, ACCENT.filled())))
            .map_err(|e| e.to_string())?;
    }
    if data.series.len() > 1 {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}

/// The chart. Redraws after mount and on every change of `data`.
#[component]
pub fn LineChart(
    #[prop(into)] data: Signal<Option<ChartData>>,
    name: &'static str,
) -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    Effect::new(move |_| {
        let Some(d) = data.get() else { return };
        if let Some(c) = canvas.get() {
            // A drawing failure leaves the previous picture; the figures and the table still
            // carry every number, so it is reported, never fatal.
            if let Err(e) = draw(c, &d) {
                leptos::logging::warn!("chart {name}: {e}");
            }
        }
    });
    let label = move || data.with(|d| d.as_ref().map(|d| d.summary.clone()).unwrap_or_default());
    view! {
        <figure class="chart" data-chart=name>
            <canvas node_ref=canvas width="640" height="320" role="img" aria-label=label></canvas>
            <figcaption class="chart-summary">{label}</figcaption>
        </figure>
    }
}
