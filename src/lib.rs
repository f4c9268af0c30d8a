//! Warp Lab's app: the shell (home view, panel registry, URL routing) over the pure model in
//! `warp-model`. Panels are thin views: every figure they show comes from the model.

// The app's two exceptions to the workspace's pedantic lints, written once: Leptos components
// are functions whose returned views the `view!` macro consumes (`must_use_candidate` would mark
// every one), and their props arrive by value because the macro moves them in
// (`needless_pass_by_value`).
#![allow(clippy::must_use_candidate, clippy::needless_pass_by_value)]

pub mod components;
pub mod crash;
pub mod download;
pub mod embed;
pub mod gpu;
pub mod panels;
pub mod storage;
pub mod url;

use leptos::prelude::*;
use warp_model::embed::open_in_app_url;
use warp_model::page::{presentation, route};
use warp_model::registry::Panel;
use wasm_bindgen::JsCast;

use components::errors::ErrorList;
use components::lang_switch::LangSwitch;

/// The whole app, routed by the query string it was loaded with.
#[component]
pub fn App() -> impl IntoView {
    let query = url::read_query();
    // The language first: every message below is looked up in it.
    let (lang, lang_error) = warp_model::page::lang(&query);
    warp_model::i18n::set_lang(lang);
    components::lang_switch::apply_lang(lang);
    let route = route(&query);
    let (look, look_errors) = presentation(&query);
    embed::apply_theme(look.theme);
    let mut errors = route.errors.clone();
    errors.extend(lang_error);
    errors.extend(look_errors);
    let body = match route.panel {
        None => view! { <panels::home::Home /> }.into_any(),
        Some(panel) => panels::view_panel(panel, query, route.example),
    };
    if look.embed {
        embed::start_frame_reporting();
        // The full app at the current state: the address is refreshed whenever the link is
        // about to be used, since the controls rewrite the query after render.
        let open = move || open_in_app_url(&embed::page_base(), &url::read_query());
        let refresh = move |target: Option<web_sys::EventTarget>| {
            if let Some(a) = target.and_then(|t| t.dyn_into::<web_sys::HtmlAnchorElement>().ok()) {
                a.set_href(&open());
            }
        };
        return view! {
            <main id="main" class="embedded" data-embed="">
                <ErrorList errors=Signal::stored(errors) />
                {body}
                <p class="open-full">
                    <a
                        href=open()
                        target="_blank"
                        rel="noopener"
                        data-action="open-full"
                        on:click=move |ev| refresh(ev.current_target())
                        on:focus=move |ev| refresh(ev.current_target())
                        on:mouseenter=move |ev| refresh(ev.current_target())
                    >
                        {warp_model::t!("ui.app.open-full")}
                    </a>
                </p>
            </main>
        }
        .into_any();
    }
    view! {
        <header class="site">
            <a class="brand" href=warp_model::i18n::href("")>"Warp Lab"</a>
            <nav aria-label=warp_model::t!("ui.app.nav")>
                <ul>
                    {Panel::ALL
                        .iter()
                        .map(|&p| {
                            let current = (route.panel == Some(p)).then_some("page");
                            view! {
                                <li>
                                    <a href=warp_model::i18n::href(&format!("panel={}", p.name())) aria-current=current>
                                        {p.title()}
                                    </a>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </nav>
            <LangSwitch />
        </header>
        <main id="main">
            <ErrorList errors=Signal::stored(errors) />
            {body}
        </main>
    }
    .into_any()
}

/// Benchmark hook (`cargo xtask bench`): runs the scheduler simulation in wasm and returns its
/// throughput in simulated warp-cycles per second. Not part of the app's interface.
#[wasm_bindgen::prelude::wasm_bindgen]
#[must_use]
pub fn warp_lab_bench_simulation(warps: u32, cycles: u32) -> f64 {
    use warp_model::latency::scheduler::{simulate, Policy, SimConfig};
    let cfg = SimConfig {
        warps: u64::from(warps),
        s: 4,
        l: 400,
        t: 1,
        w: 20,
        policy: Policy::RoundRobin,
    };
    let now = || {
        web_sys::window()
            .and_then(|w| w.performance())
            .map_or(0.0, |p| p.now())
    };
    let start = now();
    // black_box keeps the simulation from being optimised away.
    let trace = std::hint::black_box(simulate(cfg, u64::from(cycles), 0));
    let ms = (now() - start).max(0.001);
    drop(trace);
    f64::from(warps) * f64::from(cycles) / (ms / 1000.0)
}
