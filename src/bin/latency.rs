//! The latency page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Latency, warp_lab::panels::latency::view);

/// Benchmark hook (`cargo xtask bench`, on a latency page): runs the scheduler simulation in
/// wasm and returns its throughput in simulated warp-cycles per second. Not part of the app's
/// interface; it lives in this bundle's main file because an export is linked into every binary of the
/// crate that defines it.
#[wasm_bindgen::prelude::wasm_bindgen]
#[must_use]
pub fn warp_lab_bench_simulation(warps: u32, cycles: u32) -> f64 {
    use warp_model::latency::scheduler::{simulate, Policy, SimConfig};
    let cfg = SimConfig {
        warps: u64::from(warps),
        s: 4,
        l: 400,
        t: 1,
        w: 20,
        policy: Policy::RoundRobin,
    };
    let now = || {
        warp_lab::browser::window()
            .and_then(|w| w.performance())
            .map_or(0.0, |p| p.now())
    };
    let start = now();
    // black_box keeps the simulation from being optimised away.
    let trace = std::hint::black_box(simulate(cfg, u64::from(cycles), 0));
    let ms = (now() - start).max(0.001);
    drop(trace);
    f64::from(warps) * f64::from(cycles) / (ms / 1000.0)
}
