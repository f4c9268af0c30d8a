//! The home page's bundle: the shell and the home view, no panel (`cargo xtask dist`).

fn main() {
    warp_lab::start(warp_lab::Bundle::home());
}
