//! The bundle of every view (`cargo xtask serve`; the release site uses one bundle per page,
//! `src/bin/*.rs`).

fn main() {
    warp_lab::start(warp_lab::Bundle::ALL);
}
