//! The check worker's bundle: the model's interpreter and challenges, no views, nothing of the
//! page (`cargo xtask dist`; `src/check_worker.rs` says how page and worker talk).

fn main() {
    warp_lab::check_worker::serve();
}
