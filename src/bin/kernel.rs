//! The kernel page's bundle: the shell and the plain lab (no challenge: a `challenge=` link
//! loads `challenge.rs`'s bundle), nothing else (`cargo xtask dist`).

fn main() {
    use warp_lab::{panels, Bundle};
    use warp_model::registry::Panel;
    warp_lab::start(Bundle::panel(Panel::Kernel, |_, query, example| {
        panels::kernel::view_plain(query, example)
    }));
}
