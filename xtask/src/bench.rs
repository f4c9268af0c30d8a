//! `cargo xtask bench`: sizes, load and input latencies from a real headless Chromium, and the
//! scheduler simulation's throughput natively and in wasm. Prints every number; only the size
//! budget (machine-independent) can fail it, and only with `--enforce-size`.

use std::io::Write;
use std::time::Instant;

use flate2::write::GzEncoder;
use flate2::Compression;
use warp_model::latency::scheduler::{simulate, Policy, SimConfig};

use crate::{cmd, root, run};

/// The size budget: all wasm + JS + CSS, gzip.
pub const SIZE_BUDGET: u64 = 250_000;

fn gzip_len(bytes: &[u8]) -> u64 {
    let mut e = GzEncoder::new(Vec::new(), Compression::best());
    let _ = e.write_all(bytes);
    e.finish().map_or(0, |v| v.len() as u64)
}

/// Runs the benchmark.
pub fn bench(args: &[String]) -> Result<(), String> {
    let enforce = args.iter().any(|a| a == "--enforce-size");
    run(cmd("trunk", &["build", "--release", "--offline"]))?;

    println!("\n== sizes (dist/) ==");
    let mut total_gz = 0;
    let mut entries: Vec<_> = std::fs::read_dir(root().join("dist"))
        .map_err(|e| e.to_string())?
        .flatten()
        .collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for e in entries {
        let name = e.file_name().to_string_lossy().to_string();
        let ext = std::path::Path::new(&name)
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("");
        if !["wasm", "js", "css"].contains(&ext) {
            continue;
        }
        let bytes = std::fs::read(e.path()).map_err(|e| e.to_string())?;
        let gz = gzip_len(&bytes);
        total_gz += gz;
        println!("{name:<48} {:>9} B raw {:>9} B gzip", bytes.len(), gz);
    }
    let size_ok = total_gz <= SIZE_BUDGET;
    println!(
        "{:<48} {:>9}   {:>9} B gzip  budget {SIZE_BUDGET}: {}",
        "total wasm + js + css",
        "",
        total_gz,
        if size_ok { "PASS" } else { "OVER" }
    );

    println!("\n== scheduler simulation, native (the model built with opt-level 2) ==");
    let cfg = SimConfig {
        warps: 64,
        s: 4,
        l: 400,
        t: 1,
        w: 20,
        policy: Policy::RoundRobin,
    };
    let cycles = 200_000;
    let start = Instant::now();
    let trace = simulate(cfg, cycles, 0);
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let rate = (cfg.warps * cycles) as f64 / secs;
    println!(
        "64 warps × {cycles} cycles: {rate:.3e} warp-cycles/s (utilization {:.3})",
        trace.utilization()
    );

    println!("\n== in headless Chromium ==");
    let mut browser = cmd("node", &["bench.mjs"]);
    browser.current_dir(root().join("tests/e2e"));
    run(browser)?;

    if enforce && !size_ok {
        return Err(format!(
            "size budget exceeded: {total_gz} B gzip > {SIZE_BUDGET} B"
        ));
    }
    Ok(())
}
