//! The latency-hiding panel: sliders for L, W, S and the simulated warps; the warps needed
//! against the warps the SM holds; a chart of utilization against resident warps; and the
//! scheduler simulation animated cycle by cycle. A thin view over `warp_model::latency::panel`.

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::figure::Value;
use warp_model::latency::panel::{
    evaluate, LatencyInput, LatencyModel, LatencyOutput, L, RESIDENT, S, W,
};
use warp_model::params::{Kind, Param};
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;

use wasm_bindgen::JsCast;

use crate::components::chart::{ChartData, LineChart, Series};
use crate::components::panel_frame::{use_panel_input, PanelShell};

/// The panel as its bundle and the registry draw it.
pub fn view(query: Query, example: Option<&'static Example>) -> AnyView {
    view! { <LatencyPanel query=query example=example /> }.into_any()
}

/// The panel.
#[component]
pub fn LatencyPanel(query: Query, example: Option<&'static Example>) -> impl IntoView {
    let (input, on_preset) = use_panel_input::<LatencyModel>(query, example);
    let output = Memo::new(move |_| input.with(evaluate));
    let errors = Signal::derive(move || output.with(|o| o.errors.clone()));
    let figures = Signal::derive(move || output.with(|o| o.figures.clone()));
    let chart = Signal::derive(move || output.with(chart_data));
    let sim_warps = Signal::derive(move || output.with(|o| o.sim.as_ref().map(|(c, _)| c.warps)));
    view! {
        <PanelShell input=input example=example on_preset=on_preset errors=errors figures=figures
            worked=Signal::derive(move || output.with(|o| o.worked.clone()))>
            <div class="sliders">
                <Slider input=input param=&L label=t!("ui.latency.slider.l") />
                <Slider input=input param=&W label=t!("ui.latency.slider.w") />
                <Slider input=input param=&S label=t!("ui.latency.slider.s") />
                <Slider input=input param=&RESIDENT label=t!("ui.latency.slider.resident") fallback=sim_warps />
            </div>
            <LineChart data=chart name="utilization-by-warps" />
            <Animation output=output />
            <p class="note">{t!("ui.latency.note")}</p>
            <div class="lab-link" inner_html=move || output.with(lab_html)></div>
        </PanelShell>
    }
}

/// "Run this in the kernel lab" (`a[data-link=kernel]`): the same scenario as a kernel, timed
/// on the lab's SM over the same window (`warp_model::kernel_lab::scenario`), or why the lab
/// cannot run it exactly. Markup in a string, as the kernel lab's timeline is: as view nodes,
/// two branches of an `AnyView`, it cost the latency page 2.2 kB of raw code (measured).
fn lab_html(o: &LatencyOutput) -> String {
    use warp_model::markup::Html;
    let Some((cfg, trace)) = o.sim.as_ref() else {
        return String::new();
    };
    let mut h = Html::new();
    // One writer for both links: the kernel lab's, and, when more warps are needed than the SM
    // holds, the roofline's (memory-bound: seed 000, cells F and J).
    let link = |h: &mut Html, href: &str, to: &str, words: &str| {
        h.raw(r#"<p class="cross-link"><a"#)
            .attr("href", &warp_model::site::href(href))
            .attr("data-link", to)
            .raw(">")
            .text(words)
            .raw("</a></p>");
    };
    if let Some(q) = o.memory_bound.as_ref() {
        link(&mut h, q, "memory", t!("ui.latency.memory-bound"));
    }
    match warp_model::kernel_lab::scenario::link(cfg, trace) {
        Ok(q) => link(&mut h, &q, "kernel", t!("ui.latency.lab")),
        Err(why) => {
            h.raw(r#"<p class="note" data-link-unfit="kernel">"#)
                .text(&why.text())
                .raw("</p>");
        }
    }
    h.into_string()
}

/// A range input bound to the same raw field as the text input of that name, over the range
/// its declaration says is worth dragging (`Param::slider`).
#[component]
fn Slider(
    input: RwSignal<LatencyInput>,
    param: &'static Param,
    label: &'static str,
    /// The value the model uses when the field is empty (e.g. the warps available).
    #[prop(optional, into)]
    fallback: Option<Signal<Option<u64>>>,
) -> impl IntoView {
    let name = param.name;
    let (min, max) = match param.kind {
        Kind::Whole { min, .. } => (min, param.slider.unwrap_or(min)),
        _ => (1, param.slider.unwrap_or(1)),
    };
    let current = move || {
        input
            .with(|i| i.field(name).trim().parse::<u64>().ok())
            .or_else(|| fallback.and_then(|f| f.get()))
    };
    view! {
        <label class="slider">
            <span>{label}</span>
            <input
                type="range"
                min=min.to_string()
                max=move || current().map_or(max, |v| v.max(max)).to_string()
                value=current().unwrap_or(min).to_string()
                prop:value=move || current().unwrap_or(min).to_string()
                on:input=move |ev| input.update(|i| i.set_field(name, event_target_value(&ev)))
                data-slider=name
            />
            <output>{move || current().map_or_else(|| "—".into(), |v| v.to_string())}</output>
        </label>
    }
}

fn chart_data(o: &LatencyOutput) -> Option<ChartData> {
    let lat = o.latency?;
    let (cfg, trace) = o.sim.as_ref()?;
    let available = o.capacity?.available();
    let points: Vec<(f64, f64)> = o.curve.iter().map(|&(k, u)| (k as f64, u)).collect();
    let top = points.last().map_or(64.0, |p| p.0);
    let needed = lat.warps_needed();
    let mut vlines = vec![(
        available as f64,
        tr!("ui.latency.chart.available", n = available),
    )];
    if (needed as f64) <= top {
        vlines.push((needed as f64, tr!("ui.latency.chart.needed", n = needed)));
    }
    let pct = |v: f64| {
        Value::Frac {
            value: v,
            percent: true,
        }
        .human()
    };
    Some(ChartData {
        series: vec![Series {
            label: tr!("ui.latency.chart.series"),
            points,
            highlight: true,
        }],
        marker: Some((cfg.warps as f64, trace.utilization())),
        vlines,
        x: (1.0, top, tr!("ui.latency.chart.x")),
        y: (0.0, 1.05, tr!("ui.latency.chart.y")),
        summary: tr!(
            "ui.latency.chart.summary",
            needed,
            available,
            warps = cfg.warps,
            measured = pct(trace.utilization()),
            predicted = pct(lat.predicted_utilization(cfg.warps))
        ),
    })
}

/// Cycles the animation shows at once.
const WINDOW: usize = 48;

/// How fast Play runs: a control of the view only. It changes no figure, and a link is about
/// the scenario, not about how fast it was being watched, so it is not a declared parameter
/// (no URL, no form field); every run starts at the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Speed {
    /// The whole run in about 4 seconds, whatever its length (the default: enough to see the
    /// pattern of busy and idle slots settle, short enough to watch to the end).
    Whole4s,
    /// The whole run in about 15 seconds.
    Whole15s,
    /// One cycle at a time, 10 a second.
    Cycle,
}

impl Speed {
    const ALL: [Speed; 3] = [Speed::Whole4s, Speed::Whole15s, Speed::Cycle];

    /// The `option`'s value.
    fn value(self) -> &'static str {
        match self {
            Speed::Whole4s => "run-4s",
            Speed::Whole15s => "run-15s",
            Speed::Cycle => "cycle",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Speed::Whole4s => t!("ui.latency.anim.speed-run-4s"),
            Speed::Whole15s => t!("ui.latency.anim.speed-run-15s"),
            Speed::Cycle => t!("ui.latency.anim.speed-cycle"),
        }
    }

    fn parse(value: &str) -> Speed {
        Speed::ALL
            .into_iter()
            .find(|s| s.value() == value)
            .unwrap_or(Speed::Whole4s)
    }

    /// One tick of Play over a run of `span` cycles (those after the first window): the
    /// milliseconds between ticks, and the cycles each moves. The whole-run speeds fit any run
    /// in their time, ticking at most 20 times a second. With reduced motion the picture never
    /// slides: each tick turns a whole window, like a page, every 0.8 s.
    fn tick(self, span: usize, reduced_motion: bool) -> (u32, usize) {
        const FRAME_MS: u32 = 50;
        // Cycles a tick so that the ticks fit the time at one every FRAME_MS or more, then
        // the ticks spread over the time (a short run moves a cycle a tick, less often).
        let fit = |seconds: usize| {
            let total_ms = seconds * 1000;
            let by = span.div_ceil(total_ms / FRAME_MS as usize).max(1);
            let ticks = span.div_ceil(by).max(1);
            let ms = (total_ms / ticks).max(FRAME_MS as usize);
            (u32::try_from(ms).unwrap_or(FRAME_MS), by)
        };
        match (reduced_motion, self) {
            (true, _) => (800, WINDOW),
            (false, Speed::Whole4s) => fit(4),
            (false, Speed::Whole15s) => fit(15),
            (false, Speed::Cycle) => (100, 1),
        }
    }
}

/// Whether the reader asked for reduced motion (`prefers-reduced-motion: reduce`). Through
/// `js_sys::Reflect` rather than web-sys's `MediaQueryList`, whose feature would rebuild web-sys
/// and every crate over it for one boolean.
fn prefers_reduced_motion() -> bool {
    let Some(window) = crate::browser::window() else {
        return false;
    };
    let query = js_sys::Reflect::get(&window, &"matchMedia".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| {
            f.call1(&window, &"(prefers-reduced-motion: reduce)".into())
                .ok()
        });
    query
        .and_then(|q| js_sys::Reflect::get(&q, &"matches".into()).ok())
        .and_then(|m| m.as_bool())
        .unwrap_or(false)
}

/// The scheduler simulation, cycle by cycle: one row per scheduler, one cell per cycle, coloured
/// by the warp that issued (hollow when none was ready). Play, pause, step, speed.
#[component]
fn Animation(output: Memo<LatencyOutput>) -> impl IntoView {
    let recorded_memo = Memo::new(move |_| {
        output.with(|o| {
            o.sim
                .as_ref()
                .map_or(0, |(_, tr)| tr.issued.first().map_or(0, Vec::len))
        })
    });
    let recorded = move || recorded_memo.get_untracked();
    let cycle = RwSignal::new(WINDOW.min(recorded()));
    let playing = RwSignal::new(false);
    let speed = RwSignal::new(Speed::Whole4s);
    // Start over whenever the simulation changes.
    Effect::new(move |_| {
        recorded_memo.track();
        output.track();
        cycle.set(WINDOW.min(recorded()));
    });
    let handle = StoredValue::new(None::<leptos::leptos_dom::helpers::IntervalHandle>);
    let stop = move || {
        if let Some(h) = handle.get_value() {
            h.clear();
        }
        handle.set_value(None);
        playing.set(false);
    };
    let advance = move |by: usize| {
        cycle.update(|c| *c = (*c + by).min(recorded()));
        if cycle.get_untracked() >= recorded() {
            stop();
        }
    };
    let start = move || {
        let (ms, by) = speed
            .get_untracked()
            .tick(recorded().saturating_sub(WINDOW), prefers_reduced_motion());
        let h = set_interval_with_handle(
            move || advance(by),
            std::time::Duration::from_millis(u64::from(ms)),
        );
        handle.set_value(h.ok());
    };
    let play = move |_| {
        if playing.get_untracked() {
            stop();
            return;
        }
        if cycle.get_untracked() >= recorded() {
            cycle.set(WINDOW.min(recorded()));
        }
        playing.set(true);
        start();
    };
    let set_speed = move |ev: leptos::ev::Event| {
        speed.set(Speed::parse(&event_target_value(&ev)));
        // A run in progress goes on at the new speed.
        if playing.get_untracked() {
            if let Some(h) = handle.get_value() {
                h.clear();
            }
            start();
        }
    };
    on_cleanup(stop);
    let t = Memo::new(move |_| output.with(|o| o.sim.as_ref().map_or(1, |(c, _)| c.t)));
    let rows = move || {
        let end = cycle.get();
        let start = end.saturating_sub(WINDOW);
        output.with(|o| {
            o.sim.as_ref().map(|(_, trace)| {
                trace
                    .issued
                    .iter()
                    .enumerate()
                    .map(|(s, row)| {
                        let cells = (start..end)
                            .map(|c| match row.get(c).copied().flatten() {
                                Some(w) => view! { <span class=format!("slot c{}", w % 8) title=tr!("ui.latency.anim.slot", c, w)>{w}</span> }.into_any(),
                                None => view! { <span class="slot idle" title=tr!("ui.latency.anim.idle", c)></span> }.into_any(),
                            })
                            .collect_view();
                        view! {
                            <div class="sched-row">
                                <span class="row-label">{tr!("ui.latency.anim.scheduler", s)}</span>
                                <span class="slots">{cells}</span>
                            </div>
                        }
                    })
                    .collect_view()
            })
        })
    };
    let so_far = move || {
        let c = cycle.get();
        output.with(|o| {
            o.sim.as_ref().map(|(_, tr)| {
                Value::Frac {
                    value: tr.utilization_until(c, t.get()),
                    percent: true,
                }
                .human()
            })
        })
    };
    view! {
        <figure class="animation" data-picture="scheduler">
            <figcaption>{t!("ui.latency.anim.caption")}</figcaption>
            <div class="anim-controls">
                <button type="button" on:click=play data-action="play">
                    {move || if playing.get() { t!("ui.latency.anim.pause") } else { t!("ui.latency.anim.play") }}
                </button>
                <button type="button" on:click=move |_| { stop(); advance(1); } data-action="step">{t!("ui.latency.anim.step")}</button>
                <button type="button" on:click=move |_| { stop(); cycle.set(WINDOW.min(recorded())); } data-action="reset">{t!("ui.latency.anim.reset")}</button>
                <label>
                    {t!("ui.latency.anim.speed")} " "
                    <select data-anim="speed" on:change=set_speed>
                        {Speed::ALL
                            .into_iter()
                            .map(|s| view! { <option value=s.value() selected=s == Speed::Whole4s>{s.label()}</option> })
                            .collect_view()}
                    </select>
                </label>
                <span class="cycle" aria-live="polite" data-cycle=move || cycle.get() data-cycles=move || recorded_memo.get()>
                    {move || tr!("ui.latency.anim.window", from = cycle.get().saturating_sub(WINDOW), to = cycle.get(), total = recorded_memo.get())}
                </span>
                <span class="so-far">{t!("ui.latency.anim.so-far")} " " {so_far}</span>
            </div>
            <div class="sched-rows">{rows}</div>
        </figure>
    }
}

// Native only: the wasm test layer (tests/browser.rs) mounts whole panels in a browser.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
