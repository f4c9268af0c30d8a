//! The solution worker's bundle: the panels' models and worked steps, no views, nothing of the
//! page (`cargo xtask dist`; `src/solve_worker.rs` says how page and worker talk).

warp_lab::small_allocator!();

fn main() {
    warp_lab::solve_worker::serve();
}
