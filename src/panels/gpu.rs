//! "Your GPU": detects WebGPU, runs the model's four kernels on the learner's own device, and
//! sets what they measure beside what the model predicts. Without WebGPU it says which step
//! failed and what to do; every other panel works the same either way.

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::figure::Value;
use warp_model::gpu::panel::{GpuInput, GpuModel};
use warp_model::gpu::{self as gpu_model, GpuKernel, MapResult};
use warp_model::panel::PanelModel;
use warp_model::query::Query;
use warp_model::registry::Panel;
use warp_model::t;
use warp_model::tr;
use warp_model::warps::map::BlockDim;

use crate::components::cells::{linear_spans_html, warp_class};
use crate::components::errors::ErrorList;
use crate::components::figures::Figures;
use crate::gpu::kernels::{self, Outcome};
use crate::gpu::{Control, Gpu};

/// What a kernel card shows.
#[derive(Clone, Debug, PartialEq)]
enum Run {
    Idle,
    Running(f64),
    Done(Outcome),
    Failed(String),
}

#[derive(Clone, Debug, PartialEq)]
enum Detection {
    Detecting,
    Ready(crate::gpu::AdapterSummary),
    Unavailable(String),
}

/// The panel as its bundle and the registry draw it.
pub fn view(query: Query, _example: Option<&'static Example>) -> AnyView {
    view! { <GpuPanel query=query /> }.into_any()
}

/// The panel.
#[component]
pub fn GpuPanel(query: Query) -> impl IntoView {
    let params = GpuModel::evaluate(&GpuInput::from_query(&query, &GpuInput::default()));
    let (block, auto_run) = (params.block, params.auto_run);
    let errors = params.errors;
    let detection = RwSignal::new(Detection::Detecting);
    let device = StoredValue::new_local(None::<Gpu>);
    let runs: Vec<(GpuKernel, RwSignal<Run>)> = GpuKernel::ALL
        .iter()
        .map(|k| (*k, RwSignal::new(Run::Idle)))
        .collect();
    let control = StoredValue::new_local(Control::default());
    let run_kernel = {
        let runs = runs.clone();
        move |k: GpuKernel| {
            let Some(state) = runs.iter().find(|(x, _)| *x == k).map(|(_, s)| *s) else {
                return;
            };
            let Some(gpu) = device.get_value() else {
                return;
            };
            if matches!(state.get_untracked(), Run::Running(_)) {
                return;
            }
            let ctl = Control::default();
            control.set_value(ctl.clone());
            state.set(Run::Running(0.0));
            leptos::task::spawn_local(async move {
                let progress = move |p: f64| state.set(Run::Running(p));
                let outcome = kernels::run(&gpu, k, block, &ctl, &progress).await;
                state.set(outcome.map_or_else(|e| Run::Failed(e.explain()), Run::Done));
            });
        }
    };
    // Detected by the live app only: a prerendered page shows "detecting" until it takes over.
    if crate::browser::present() {
        let run_kernel = run_kernel.clone();
        leptos::task::spawn_local(async move {
            match Gpu::detect().await {
                Ok(gpu) => {
                    detection.set(Detection::Ready(gpu.summary.clone()));
                    device.set_value(Some(gpu));
                    if let Some(k) = auto_run {
                        run_kernel(k);
                    }
                }
                Err(u) => detection.set(Detection::Unavailable(u.explain())),
            }
        });
    }
    let figures = {
        let runs = runs.clone();
        Signal::derive(move || {
            let mut f = match detection.get() {
                Detection::Ready(s) => gpu_model::detection_figures(
                    true,
                    s.fallback,
                    (s.subgroup_sizes.0 > 0).then_some(s.subgroup_sizes),
                ),
                Detection::Unavailable(_) => gpu_model::detection_figures(false, false, None),
                Detection::Detecting => Vec::new(),
            };
            for (_, state) in &runs {
                match state.get() {
                    Run::Done(Outcome::Map(r, b)) => f.extend(gpu_model::map_figures(
                        &r,
                        u32::try_from(b.threads()).unwrap_or(0),
                    )),
                    Run::Done(Outcome::Divergence(rows)) => {
                        f.extend(gpu_model::divergence_figures(&rows));
                    }
                    _ => {}
                }
            }
            f
        })
    };
    view! {
        <section class="panel gpu" data-panel="gpu">
            <h1>{Panel::Gpu.title()}</h1>
            <p class="question">{Panel::Gpu.question()}</p>
            <ErrorList errors=Signal::stored(errors) />
            // One box for what detection finds, as tall as what it usually finds, so that the
            // answer does not push the page down when it arrives (a prerendered page shows
            // "detecting" until the live app has asked the browser).
            <div class="gpu-detection">
                <DetectionCard detection=detection />
                <Figures figures=figures />
            </div>
            {runs
                .iter()
                .map(|(k, state)| {
                    let run_kernel = run_kernel.clone();
                    let k = *k;
                    let state = *state;
                    view! {
                        <KernelCard
                            kernel=k
                            state=state
                            ready=Signal::derive(move || matches!(detection.get(), Detection::Ready(_)))
                            on_run=move || run_kernel(k)
                            on_cancel=move || control.with_value(|c| c.cancelled.set(true))
                        />
                    }
                })
                .collect_view()}
            <p class="note">{t!("ui.gpu.note")}</p>
            <crate::components::embed_button::EmbedButton panel=Panel::Gpu />
        </section>
    }
}

#[component]
fn DetectionCard(detection: RwSignal<Detection>) -> impl IntoView {
    move || {
        match detection.get() {
        Detection::Detecting => view! { <p class="status" data-gpu-status="detecting">{t!("ui.gpu.detecting")}</p> }.into_any(),
        Detection::Unavailable(why) => view! {
            <div class="gpu-missing" data-gpu-status="unavailable" role="status">
                <p><strong>{t!("ui.gpu.missing")} " "</strong>{why}</p>
                <p>{t!("ui.gpu.missing.rest")}</p>
            </div>
        }
        .into_any(),
        Detection::Ready(s) => view! {
            <dl class="adapter" data-gpu-status="ready">
                <dt>{t!("ui.gpu.adapter")}</dt>
                <dd>{format!("{} {}{}", s.vendor, s.architecture, if s.fallback { format!(" {}", t!("ui.gpu.adapter.fallback")) } else { String::new() })}</dd>
                <dt>{t!("ui.gpu.subgroup-sizes")}</dt>
                <dd>{if s.subgroup_sizes.0 == 0 { tr!("ui.gpu.not-reported") } else { format!("{}–{}", s.subgroup_sizes.0, s.subgroup_sizes.1) }}</dd>
                <dt>{t!("ui.gpu.invocations")}</dt>
                <dd>{tr!("ui.gpu.invocations.value", max = s.max_invocations, x = s.max_size.0, y = s.max_size.1, z = s.max_size.2)}</dd>
                <dt>{t!("ui.gpu.features")}</dt>
                <dd>{tr!(
                    "ui.gpu.features.value",
                    subgroups = if s.subgroups { t!("common.value.yes") } else { t!("common.value.no") },
                    timestamps = if s.timestamps { t!("ui.gpu.timestamps.yes") } else { t!("ui.gpu.timestamps.no") }
                )}</dd>
            </dl>
        }
        .into_any(),
    }
    }
}

#[component]
fn KernelCard(
    kernel: GpuKernel,
    state: RwSignal<Run>,
    ready: Signal<bool>,
    on_run: impl Fn() + Clone + 'static,
    on_cancel: impl Fn() + Clone + 'static,
) -> impl IntoView {
    let running = move || matches!(state.get(), Run::Running(_));
    view! {
        <section class="kernel" data-kernel=kernel.name()>
            <h2>{kernel.title()}</h2>
            <p class="note">{kernel.description()}</p>
            <p>
                <button type="button" data-action=format!("run-{}", kernel.name()) disabled=move || !ready.get() || running()
                    on:click=move |_| on_run()>{t!("ui.gpu.run")}</button>
                " "
                <button type="button" data-action="cancel" disabled=move || !running() on:click=move |_| on_cancel()>{t!("ui.gpu.cancel")}</button>
                " "
                {move || match state.get() {
                    Run::Running(p) => Some(view! { <progress max="1" value=crate::components::n(p) data-progress=kernel.name()></progress> }),
                    _ => None,
                }}
            </p>
            <div class="result" data-result=kernel.name() aria-live="polite">
                {move || match state.get() {
                    Run::Idle | Run::Running(_) => ().into_any(),
                    Run::Failed(m) => view! { <p class="error" data-status=kernel.name()>{m}</p> }.into_any(),
                    Run::Done(Outcome::Map(r, b)) => view! { <MapPicture result=r block=b /> }.into_any(),
                    Run::Done(Outcome::Divergence(rows)) => view! {
                        <table>
                            <thead><tr><th scope="col">{t!("ui.gpu.table.pattern")}</th><th scope="col">{t!("ui.gpu.table.slowdown")}</th><th scope="col">{t!("ui.gpu.table.model")}</th></tr></thead>
                            <tbody>
                                {rows.into_iter().map(|(p, m, model)| view! {
                                    <tr><th scope="row">{p.label()}</th><td>{times(m)}</td><td>{times(model)}</td></tr>
                                }).collect_view()}
                            </tbody>
                        </table>
                    }.into_any(),
                    Run::Done(Outcome::Coalescing(rows)) => view! {
                        <table>
                            <thead><tr><th scope="col">{t!("ui.gpu.table.stride")}</th><th scope="col">{t!("ui.gpu.table.bandwidth")}</th><th scope="col">{t!("ui.gpu.table.eta-128")}</th><th scope="col">{t!("ui.gpu.table.eta-32")}</th></tr></thead>
                            <tbody>
                                {rows.into_iter().map(|(s, bw, e128, e32)| view! {
                                    <tr><th scope="row">{s}</th><td>{pct(bw)}</td><td>{pct(e128)}</td><td>{pct(e32)}</td></tr>
                                }).collect_view()}
                            </tbody>
                        </table>
                    }.into_any(),
                    Run::Done(Outcome::Occupancy(rows)) => view! {
                        <table>
                            <thead><tr><th scope="col">{t!("ui.gpu.table.workgroups")}</th><th scope="col">{t!("ui.gpu.table.throughput")}</th></tr></thead>
                            <tbody>
                                {rows.into_iter().map(|(w, t)| view! { <tr><th scope="row">{w}</th><td>{times(t)}</td></tr> }).collect_view()}
                            </tbody>
                        </table>
                        <p class="note">{t!("ui.gpu.occupancy.note")}</p>
                    }.into_any(),
                }}
            </div>
        </section>
    }
}

fn times(v: f64) -> String {
    format!("{}×", Value::ratio(v).human())
}

fn pct(v: f64) -> String {
    Value::percent(v).human()
}

/// The measured mapping in the block-to-warp style, beside CUDA's warps: the same cells and
/// colours as the warps panel's map (`components/cells.rs`), one grid per z-slice.
#[component]
fn MapPicture(result: MapResult, block: BlockDim) -> impl IntoView {
    let slice = block.x() * block.y();
    let grids = |colour: &dyn Fn(u64) -> u64| {
        (0..block.z())
            .map(|z| {
                let html = linear_spans_html(
                    (z * slice..(z + 1) * slice).map(|i| (warp_class(colour(i)), i)),
                );
                view! { <div class="grid" style=format!("--cols:{}", block.x()) inner_html=html></div> }
            })
            .collect_view()
    };
    let measured = grids(&|i| result.subgroup_of(i));
    let cuda = grids(&BlockDim::warp_of);
    view! {
        <div class="map-pair" data-picture="subgroup-map">
            <figure>
                <figcaption>{tr!("ui.gpu.map.device", subgroups = result.subgroups, size = result.size_text())}</figcaption>
                {measured}
            </figure>
            <figure>
                <figcaption>{tr!("ui.gpu.map.cuda", warps = gpu_model::cuda_warps(u32::try_from(block.threads()).unwrap_or(0)))}</figcaption>
                {cuda}
            </figure>
        </div>
    }
}
