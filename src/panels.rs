//! The panel registry: which view answers which `panel=`.

pub mod banks;
pub mod coalescing;
pub mod divergence;
pub mod gpu;
pub mod home;
pub mod kernel;
pub mod latency;
pub mod memory;
pub mod mma;
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
        Panel::Warps => warps::view(query, example),
        Panel::Divergence => divergence::view(query, example),
        Panel::Latency => latency::view(query, example),
        Panel::Coalescing => coalescing::view(query, example),
        Panel::Banks => banks::view(query, example),
        Panel::Mma => mma::view(query, example),
        Panel::Memory => memory::view(query, example),
        Panel::Quiz => quiz::view(query, example),
        Panel::Gpu => gpu::view(query, example),
        Panel::Kernel => kernel::view(query, example),
    }
}
