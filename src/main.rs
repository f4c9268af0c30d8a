//! Entry point: a panic hook, then mount. Everything else lives in the library.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(warp_lab::App);
}
