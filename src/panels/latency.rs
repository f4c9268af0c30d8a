//! The latency-hiding panel: sliders for L, W, S and the simulated warps; the warps needed
//! against the warps the SM holds; a chart of utilization against resident warps; and the
//! scheduler simulation animated cycle by cycle. A thin view over `warp_model::latency_panel`.

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::figure::Value;
use warp_model::latency_panel::{evaluate, LatencyInput, LatencyOutput};
use warp_model::query::Query;

use crate::components::chart::{ChartData, LineChart, Series};
use crate::components::panel_frame::{use_panel_input, PanelShell};

/// The panel.
#[component]
pub fn LatencyPanel(query: Query, example: Option<&'static Example>) -> impl IntoView {
    let (input, on_preset) = use_panel_input::<LatencyInput>(query, example);
    let output = Memo::new(move |_| input.with(evaluate));
    let errors = Signal::derive(move || output.with(|o| o.errors.clone()));
    let figures = Signal::derive(move || output.with(|o| o.figures.clone()));
    let chart = Signal::derive(move || output.with(chart_data));
    let sim_warps = Signal::derive(move || output.with(|o| o.sim.as_ref().map(|(c, _)| c.warps)));
    view! {
        <PanelShell input=input example=example on_preset=on_preset errors=errors figures=figures
            worked=Signal::derive(move || output.with(|o| o.worked.clone()))>
            <div class="sliders">
                <Slider input=input name="L" label="Stall latency L" max=1000 />
                <Slider input=input name="W" label="Instructions W" max=64 />
                <Slider input=input name="S" label="Schedulers S" max=8 />
                <Slider input=input name="resident" label="Simulated warps" max=128 fallback=sim_warps />
            </div>
            <LineChart data=chart name="utilization-by-warps" />
            <Animation output=output />
            <p class="note">
                "Stated model: a warp's burst starts with its load; the data returns L cycles later; the warp "
                "issues its W independent instructions meanwhile, then waits. Caches, dependent chains and "
                "memory bandwidth are left out."
            </p>
        </PanelShell>
    }
}

/// A range input bound to the same raw field as the text input of that name.
#[component]
fn Slider(
    input: RwSignal<LatencyInput>,
    name: &'static str,
    label: &'static str,
    max: u64,
    /// The value the model uses when the field is empty (e.g. the warps available).
    #[prop(optional, into)]
    fallback: Option<Signal<Option<u64>>>,
) -> impl IntoView {
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
                min="1"
                max=move || current().map_or(max, |v| v.max(max)).to_string()
                prop:value=move || current().unwrap_or(1).to_string()
                on:input=move |ev| input.update(|i| i.set_field(name, event_target_value(&ev)))
                data-slider=name
            />
            <output>{move || current().map(|v| v.to_string()).unwrap_or_else(|| "—".into())}</output>
        </label>
    }
}

fn chart_data(o: &LatencyOutput) -> Option<ChartData> {
    let lat = o.latency?;
    let (cfg, trace) = o.sim.as_ref()?;
    let available = o.capacity?.available();
    #[allow(clippy::cast_precision_loss)]
    let points: Vec<(f64, f64)> = o.curve.iter().map(|&(k, u)| (k as f64, u)).collect();
    let top = points.last().map_or(64.0, |p| p.0);
    let needed = lat.warps_needed();
    #[allow(clippy::cast_precision_loss)]
    let mut vlines = vec![(available as f64, format!("available {available}"))];
    #[allow(clippy::cast_precision_loss)]
    if (needed as f64) <= top {
        vlines.push((needed as f64, format!("needed {needed}")));
    }
    let pct = |v: f64| {
        Value::Frac {
            value: v,
            percent: true,
        }
        .human()
    };
    #[allow(clippy::cast_precision_loss)]
    Some(ChartData {
        series: vec![Series { label: "predicted utilization".into(), points, highlight: true }],
        marker: Some((cfg.warps as f64, trace.utilization())),
        vlines,
        x: (1.0, top, "resident warps".into()),
        y: (0.0, 1.05, "issue-slot utilization".into()),
        summary: format!(
            "Utilization rises linearly with resident warps and saturates at 100 % from {needed} warps; {available} are available. The simulation with {} warps measured {} (predicted {}).",
            cfg.warps,
            pct(trace.utilization()),
            pct(lat.predicted_utilization(cfg.warps))
        ),
    })
}

/// The scheduler simulation, cycle by cycle: one row per scheduler, one cell per cycle, coloured
/// by the warp that issued (hollow when none was ready). Play, pause, step, speed.
#[component]
fn Animation(output: Memo<LatencyOutput>) -> impl IntoView {
    const WINDOW: usize = 48;
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
    let speed = RwSignal::new(1usize);
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
    let play = move |_| {
        if playing.get_untracked() {
            stop();
            return;
        }
        if cycle.get_untracked() >= recorded() {
            cycle.set(WINDOW.min(recorded()));
        }
        playing.set(true);
        let h = set_interval_with_handle(
            move || advance(speed.get_untracked()),
            std::time::Duration::from_millis(120),
        );
        handle.set_value(h.ok());
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
                                Some(w) => view! { <span class=format!("slot c{}", w % 8) title=format!("cycle {c}: warp {w}")>{w}</span> }.into_any(),
                                None => view! { <span class="slot idle" title=format!("cycle {c}: idle")></span> }.into_any(),
                            })
                            .collect_view();
                        view! {
                            <div class="sched-row">
                                <span class="row-label">{format!("scheduler {s}")}</span>
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
            <figcaption>
                "Each row is a scheduler, each cell a cycle: the number is the warp that issued; hollow cells are idle slots."
            </figcaption>
            <div class="anim-controls">
                <button type="button" on:click=play data-action="play">
                    {move || if playing.get() { "Pause" } else { "Play" }}
                </button>
                <button type="button" on:click=move |_| { stop(); advance(1); } data-action="step">"Step"</button>
                <button type="button" on:click=move |_| { stop(); cycle.set(WINDOW.min(recorded())); } data-action="reset">"Reset"</button>
                <label>
                    "Speed "
                    <select on:change=move |ev| speed.set(event_target_value(&ev).parse().unwrap_or(1))>
                        <option value="1">"1 cycle"</option>
                        <option value="4">"4 cycles"</option>
                        <option value="16">"16 cycles"</option>
                    </select>
                    " a tick"
                </label>
                <span class="cycle" aria-live="polite" data-cycle=move || cycle.get()>
                    {move || format!("cycles {}–{} of {}", cycle.get().saturating_sub(WINDOW), cycle.get(), recorded_memo.get())}
                </span>
                <span class="so-far">"utilization so far: " {so_far}</span>
            </div>
            <div class="sched-rows">{rows}</div>
        </figure>
    }
}
