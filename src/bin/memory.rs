//! The memory page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

fn main() {
    use warp_lab::{panels, Bundle};
    use warp_model::registry::Panel;
    warp_lab::start(Bundle::panel(Panel::Memory, |_, query, example| {
        panels::memory::view(query, example)
    }));
}
