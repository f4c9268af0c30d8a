//! Entry point: the panic hook (a banner, never a dead page), then mount.

fn main() {
    warp_lab::crash::install();
    leptos::mount::mount_to_body(warp_lab::App);
}
