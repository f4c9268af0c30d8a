//! A challenge's bundle (`panel=kernel&challenge=…`): the shell and the kernel lab with its
//! challenge box and check (`cargo xtask dist`; the plain lab's page, `kernel`, links none of
//! them).

fn main() {
    use warp_lab::{panels, Bundle};
    use warp_model::registry::Panel;
    warp_lab::start(Bundle::panel(Panel::Kernel, |_, query, example| {
        panels::kernel::view_challenge(query, example)
    }));
}
