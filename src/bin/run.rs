//! The run worker's bundle (issue 65): the plain kernel lab's interpreter and SM timing, no
//! views, no challenge, nothing of the page (`cargo xtask dist`; `src/check_worker.rs` says
//! how page and worker talk).

fn main() {
    warp_lab::check_worker::serve_runs();
}
