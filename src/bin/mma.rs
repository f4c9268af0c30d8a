//! The tensor-core page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

fn main() {
    use warp_lab::{panels, Bundle};
    use warp_model::registry::Panel;
    warp_lab::start(Bundle::panel(Panel::Mma, |_, query, example| {
        panels::mma::view(query, example)
    }));
}
