//! The panel registry: which view answers which `panel=`.

pub mod coalescing;
pub mod divergence;
pub mod gpu;
pub mod home;
pub mod kernel;
pub mod latency;
pub mod quiz;
pub mod warps;

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::query::Query;
use warp_model::registry::Panel;

/// The view for `panel`, opened with the page's query and the preset named by `example=`.
#[must_use]
pub fn view_panel(panel: Panel, query: Query, example: Option<&'static Example>) -> AnyView {
    match panel {
        Panel::Warps => view! { <warps::WarpsPanel query=query example=example /> }.into_any(),
        Panel::Coalescing => {
            view! { <coalescing::CoalescingPanel query=query example=example /> }.into_any()
        }
        Panel::Gpu => view! { <gpu::GpuPanel query=query /> }.into_any(),
        Panel::Kernel => view! { <kernel::KernelPanel query=query /> }.into_any(),
        Panel::Quiz => view! { <quiz::QuizPanel query=query /> }.into_any(),
        Panel::Latency => {
            view! { <latency::LatencyPanel query=query example=example /> }.into_any()
        }
        Panel::Divergence => {
            view! { <divergence::DivergencePanel query=query example=example /> }.into_any()
        }
    }
}
