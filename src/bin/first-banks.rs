//! The banks page's first frame (issue 63, `warp_lab::frame`): the panel's model and its views'
//! string builders, no Leptos. The page under each of the panel's views that carries it runs it
//! on an address with settings (`banks/with/?stride=4`, `xtask/src/first.js`) and writes what it
//! returns into the prerendered markup, so that the page shows that state before its bundle is
//! live.

/// The patches that draw `search` over the page whose state is `state` (`warp_lab::frame::wire`:
/// empty when the first frame does not draw it).
#[wasm_bindgen::prelude::wasm_bindgen]
#[must_use]
pub fn first_frame(state: &str, search: &str) -> String {
    use warp_lab::panels::banks::picture_html;
    use warp_model::banks::panel::BanksModel;
    warp_lab::frame::first_frame::<BanksModel>(state, search, picture_html)
}

warp_lab::small_allocator!();

fn main() {}
