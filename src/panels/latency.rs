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
        </PanelShell>
    }
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
                    <select on:change=move |ev| speed.set(event_target_value(&ev).parse().unwrap_or(1))>
                        <option value="1">{t!("ui.latency.anim.speed-1")}</option>
                        <option value="4">{t!("ui.latency.anim.speed-4")}</option>
                        <option value="16">{t!("ui.latency.anim.speed-16")}</option>
                    </select>
                    " " {t!("ui.latency.anim.a-tick")}
                </label>
                <span class="cycle" aria-live="polite" data-cycle=move || cycle.get()>
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
mod tests {
    use super::*;
    use warp_model::i18n::{with_lang, Lang};

    fn numbers(s: &str) -> Vec<String> {
        let mut n: Vec<String> = s
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map(|w| w.trim_matches('.'))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        n.sort();
        n
    }

    #[test]
    fn the_chart_speaks_hinglish_with_the_same_numbers() {
        let chart = || chart_data(&evaluate(&LatencyInput::default())).expect("a chart");
        let en = chart();
        let hi = with_lang(Lang::Hinglish, chart);
        assert!(en.summary.contains("saturates at 100 %"), "{}", en.summary);
        assert!(hi.summary.contains("saturate ho jaata"), "{}", hi.summary);
        assert!(hi.x.2.contains("warps") && hi.vlines.iter().any(|(_, l)| l.contains("chahiye")));
        // The words change; every number and point stays.
        assert_eq!(numbers(&hi.summary), numbers(&en.summary));
        assert_eq!(hi.series[0].points, en.series[0].points);
        assert_eq!(hi.marker, en.marker);
        let xs = |c: &ChartData| c.vlines.iter().map(|(x, _)| *x).collect::<Vec<_>>();
        assert_eq!(xs(&hi), xs(&en));
    }
}
