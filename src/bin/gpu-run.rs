//! The kernel lab's GPU worker's bundle (issue 69): the model's run, the WGSL translation and
//! the WebGPU runner, no views (`cargo xtask dist`; `src/gpu/lab.rs` says how page and worker
//! talk).

fn main() {
    warp_lab::gpu::lab::serve();
}
