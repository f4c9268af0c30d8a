//! The memory page's first frame (issue 68, `warp_lab::frame`): the hierarchy's and the
//! roofline's models and their string builders, no Leptos. The page under each of the panel's
//! views that carries it runs it on an address with settings (`memory/with/?warps=8&reuse=same`,
//! `xtask/src/first.js`) and writes what it returns into the prerendered markup, so that the
//! page shows that state before its bundle is live.

/// The patches that draw `search` over the page whose state is `state` (`warp_lab::frame::wire`:
/// empty when the first frame does not draw it).
#[wasm_bindgen::prelude::wasm_bindgen]
#[must_use]
pub fn first_frame(state: &str, search: &str) -> String {
    use warp_lab::panels::memory::picture_html;
    use warp_model::memory::panel::MemoryModel;
    warp_lab::frame::first_frame::<MemoryModel>(state, search, picture_html)
}

warp_lab::small_allocator!();

fn main() {}
