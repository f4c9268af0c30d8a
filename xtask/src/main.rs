//! `cargo xtask serve | test | dist`: the project's only entry points.
//!
//! Each command first installs what is missing on a fresh machine (saying what it installs and
//! that it happens once), and does nothing extra when everything is present. Versions are the
//! ones measured to work together (see `../shared/toolchain.md`): trunk 0.21.14, wasm-bindgen-cli
//! at the Cargo.lock version, binaryen 132's wasm-opt from npm, Debian's Chromium.
//!
//! Written by hand rather than with a task-runner crate: it is a few process calls in a row, and
//! keeping it dependency-free keeps `cargo xtask` fast to build on a fresh clone.

mod bench;
mod csp;
mod tools;

use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve(),
        Some("test") => test(&args[1..]),
        Some("dist") => dist(),
        Some("bench") => tools::ensure_build_tools()
            .and_then(|()| tools::ensure_test_tools())
            .and_then(|()| bench::bench(&args[1..])),
        // trunk's post_build hook (Trunk.toml), not meant to be run by hand.
        Some("csp") => csp::hook(),
        _ => {
            eprintln!(
                "usage: cargo xtask <command>\n\n  serve   install what is missing, then serve the app on http://127.0.0.1:8080\n  test    install what is missing, then run every test layer\n  dist    build the release static site into dist/\n  bench   sizes, load and input latencies, simulation throughput (numbers, not tests)"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root (xtask's parent folder).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

/// A command run from the workspace root, with the project's tools first on PATH.
#[must_use]
pub fn cmd(program: &str, args: &[&str]) -> Command {
    let mut c = Command::new(program);
    c.args(args).current_dir(root());
    c.env("PATH", tools::path_with_tools());
    // trunk must not try the network: it checks its own version online unless told not to.
    c.env("TRUNK_SKIP_VERSION_CHECK", "true");
    c
}

/// Runs a command to completion, failing on a non-zero exit.
///
/// # Errors
/// The command could not start, or it exited with a failure.
pub fn run(mut c: Command) -> Result<(), String> {
    let shown = format!("{c:?}");
    let status = c
        .status()
        .map_err(|e| format!("could not start {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed ({status})"))
    }
}

fn serve() -> Result<(), String> {
    tools::ensure_build_tools()?;
    println!("xtask: serving on http://127.0.0.1:8080 (rebuilds on change; Ctrl-C stops)");
    run(cmd("trunk", &["serve", "--offline"]))
}

fn dist() -> Result<(), String> {
    tools::ensure_build_tools()?;
    build_dist()
}

fn build_dist() -> Result<(), String> {
    run(cmd("trunk", &["build", "--release", "--offline"]))?;
    println!("xtask: the static site is in dist/ (relative URLs: serve it from any path)");
    Ok(())
}

struct Layer {
    name: &'static str,
    ok: bool,
    secs: f64,
}

fn test(args: &[String]) -> Result<(), String> {
    tools::ensure_build_tools()?;
    tools::ensure_test_tools()?;
    let skip_e2e = args.iter().any(|a| a == "--no-e2e");
    let mut layers: Vec<Layer> = Vec::new();
    let mut layer = |name: &'static str, c: Command| {
        println!("\nxtask: ── {name} ──");
        let start = Instant::now();
        let ok = match run(c) {
            Ok(()) => true,
            Err(e) => {
                eprintln!("xtask: {e}");
                false
            }
        };
        layers.push(Layer {
            name,
            ok,
            secs: start.elapsed().as_secs_f64(),
        });
        ok
    };
    layer("rustfmt", cmd("cargo", &["fmt", "--all", "--", "--check"]));
    layer(
        "clippy (host)",
        cmd(
            "cargo",
            &[
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ],
        ),
    );
    layer(
        "clippy (wasm32)",
        cmd(
            "cargo",
            &[
                "clippy",
                "-p",
                "warp-lab",
                "--all-targets",
                "--target",
                "wasm32-unknown-unknown",
                "--",
                "-D",
                "warnings",
            ],
        ),
    );
    layer(
        "model tests",
        cmd("cargo", &["test", "-p", "warp-model", "-p", "xtask"]),
    );
    layer(
        "app unit tests (native: the views' text helpers)",
        cmd("cargo", &["test", "-p", "warp-lab", "--lib"]),
    );
    layer(
        "browser tests (wasm-bindgen-test, headless Chromium)",
        cmd(
            "cargo",
            &[
                "test",
                "-p",
                "warp-lab",
                "--target",
                "wasm32-unknown-unknown",
            ],
        ),
    );
    let built = layer(
        "release build (dist/)",
        cmd("trunk", &["build", "--release", "--offline"]),
    );
    if skip_e2e {
        println!("xtask: end-to-end tests skipped (--no-e2e)");
    } else if built {
        let mut e2e = cmd("npx", &["playwright", "test"]);
        e2e.current_dir(root().join("tests/e2e"));
        layer("end-to-end (Playwright, headless Chromium)", e2e);
    } else {
        layers.push(Layer {
            name: "end-to-end (Playwright): not run, no build",
            ok: false,
            secs: 0.0,
        });
    }

    println!("\nxtask: test layers");
    for l in &layers {
        println!(
            "  {} {:<55} {:>6.1} s",
            if l.ok { "ok  " } else { "FAIL" },
            l.name,
            l.secs
        );
    }
    let failed = layers.iter().filter(|l| !l.ok).count();
    println!(
        "layers: {} passed, {} failed",
        layers.len() - failed,
        failed
    );
    if failed == 0 {
        Ok(())
    } else {
        Err(format!("{failed} test layer(s) failed"))
    }
}
