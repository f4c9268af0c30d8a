//! `cargo xtask serve | test | dist`: the project's only entry points.
//!
//! Each command first installs what is missing on a fresh machine (saying what it installs and
//! that it happens once), and does nothing extra when everything is present. Versions are the
//! ones measured to work together (see `../shared/toolchain.md`): wasm-bindgen-cli at the
//! Cargo.lock version, binaryen 132's wasm-opt from npm, Debian's Chromium. The site is built by
//! `dist.rs` (one wasm bundle per page), not trunk.
//!
//! Written by hand rather than with a task-runner crate: it is a few process calls in a row, and
//! keeping it dependency-free keeps `cargo xtask` fast to build on a fresh clone.

mod bench;
mod bytes;
mod csp;
mod dist;
mod folders;
mod pages;
mod registry;
mod serve;
mod tools;

use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve(&args[1..]),
        Some("test") => test(&args[1..]),
        Some("dist") => dist(),
        Some("sizes") => bench::enforce_sizes(),
        Some("bytes") => bytes_diff(&args[1..]),
        Some("bench") => tools::ensure_build_tools()
            .and_then(|()| tools::ensure_test_tools())
            .and_then(|()| bench::bench(&args[1..])),
        _ => {
            eprintln!(
                "usage: cargo xtask <command>\n\n  serve   install what is missing, then serve the app on http://127.0.0.1:8080 (--port N)\n  test    install what is missing, then run every test layer\n  dist    build the release static site into dist/\n  bench   sizes, load and input latencies, simulation throughput (numbers, not tests)\n  sizes   the sizes of the site dist/ holds, against the budgets (no build)\n  bytes   OLD.wasm NEW.wasm [--top N]: which functions' code moved between two raw builds of a bundle\n          --who PATTERN FILE.wasm: who calls, or takes the address of, the functions named so"
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

fn serve(args: &[String]) -> Result<(), String> {
    // A bad argument is named before minutes of installing.
    serve::port_from(args)?;
    tools::ensure_build_tools()?;
    serve::serve(args)
}

/// `cargo xtask bytes OLD.wasm NEW.wasm`: where two raw builds of a bundle differ.
fn bytes_diff(args: &[String]) -> Result<(), String> {
    if let [flag, pattern, file] = args {
        if flag == "--who" {
            let wasm = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
            print!("{}", bytes::who(&wasm, pattern)?);
            return Ok(());
        }
    }
    // `--one FILE`: one bundle's table, as the bench prints it (a page's first frame, which has
    // no bundle to compare it with).
    if let [flag, file] = args {
        if flag == "--one" {
            let wasm = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
            print!("{}", bytes::read(&wasm)?.table(12, 40));
            return Ok(());
        }
    }
    // `--top N` (any place): how many functions to list (40 unless said).
    let mut top = 40;
    let mut files = Vec::new();
    let mut rest = args.iter();
    while let Some(a) = rest.next() {
        if a == "--top" {
            let n = rest.next().ok_or("--top needs a number")?;
            top = n.parse().map_err(|_| format!("--top {n}: not a number"))?;
        } else {
            files.push(a);
        }
    }
    let [old, new] = files[..] else {
        return Err(
            "usage: cargo xtask bytes OLD.wasm NEW.wasm [--top N] | --who PATTERN FILE.wasm | \
             --one FILE.wasm (raw wasm, before wasm-opt)"
                .into(),
        );
    };
    let read = |p: &String| {
        std::fs::read(p)
            .map_err(|e| format!("{p}: {e}"))
            .and_then(|w| bytes::read(&w).map_err(|e| format!("{p}: {e}")))
    };
    print!("{}", bytes::diff(&read(old)?, &read(new)?, top));
    Ok(())
}

fn dist() -> Result<(), String> {
    tools::ensure_build_tools()?;
    dist::build(dist::Profile::Release)
}

struct Layer {
    name: &'static str,
    ok: bool,
    secs: f64,
}

/// Runs one test layer, timed, and says how it went.
fn layer(name: &'static str, work: impl FnOnce() -> Result<(), String>) -> Layer {
    println!("\nxtask: ── {name} ──");
    let start = Instant::now();
    let ok = match work() {
        Ok(()) => true,
        Err(e) => {
            eprintln!("xtask: {e}");
            false
        }
    };
    Layer {
        name,
        ok,
        secs: start.elapsed().as_secs_f64(),
    }
}

/// The test layer for the README's first command: the dev build `serve` makes, served by
/// `serve`'s own server, loaded in headless Chromium (`tests/e2e/serve/`): the home view in both
/// languages, every panel of the registry and an example must each draw. The release site and
/// its end-to-end suite never covered this build, which is how a home page that never loaded
/// passed CI (issue 33).
fn serve_check() -> Result<(), String> {
    use warp_model::registry::Panel;
    let site = root().join("target/serve-site");
    dist::build_into(dist::Profile::Dev, &site)?;
    // Beside the e2e suite's two ports (E2E_PORT and E2E_PORT + 1), so checkouts side by side
    // can still move all three together.
    let base = std::env::var("E2E_PORT")
        .ok()
        .and_then(|p| p.parse::<u16>().ok())
        .unwrap_or(4173);
    let port = base.saturating_add(2);
    serve::listen(site, port)?;
    let panels: Vec<&str> = Panel::ALL.iter().map(|p| p.name()).collect();
    let example = warp_model::examples::ALL
        .first()
        .map(|e| format!("{}/{}", e.topic, e.cell))
        .ok_or("the model has no worked example")?;
    let mut c = cmd(
        "npx",
        &["playwright", "test", "--config", "serve.config.ts"],
    );
    c.current_dir(root().join("tests/e2e"))
        .env("SERVE_URL", format!("http://127.0.0.1:{port}/"))
        .env("SERVE_PANELS", panels.join(","))
        .env("SERVE_EXAMPLE", example);
    run(c)
}

fn test(args: &[String]) -> Result<(), String> {
    // Timed like the layers, so that a fresh machine's log shows what its installs cost.
    let install = layer("install what is missing (once per machine)", || {
        tools::ensure_build_tools()?;
        tools::ensure_test_tools()
    });
    if !install.ok {
        return Err("could not install what the tests need (see above)".into());
    }
    let skip_e2e = args.iter().any(|a| a == "--no-e2e");
    let cargo = |args: &'static [&'static str]| move || run(cmd("cargo", args));
    let mut layers: Vec<Layer> = vec![
        install,
        layer("rustfmt", cargo(&["fmt", "--all", "--", "--check"])),
        // The app natively as the build prerenders with it (`ssr`); the wasm layer below lints
        // it as the browser runs it (`csr`).
        layer(
            "clippy (host, the app as it prerenders)",
            cargo(&[
                "clippy",
                "--workspace",
                "--all-targets",
                "--no-default-features",
                "--features",
                "warp-lab/ssr",
                "--",
                "-D",
                "warnings",
            ]),
        ),
        layer(
            "clippy (wasm32)",
            cargo(&[
                "clippy",
                "-p",
                "warp-lab",
                "--all-targets",
                "--target",
                "wasm32-unknown-unknown",
                "--",
                "-D",
                "warnings",
            ]),
        ),
        layer(
            "model tests",
            cargo(&["test", "-p", "warp-model", "-p", "xtask"]),
        ),
        // Natively with `ssr`, the features the release build's prerender binary is built with,
        // so that the two share their compiled dependencies.
        layer(
            "app unit tests (native: the views' text helpers and the prerendered pages)",
            cargo(&[
                "test",
                "-p",
                "warp-lab",
                "--lib",
                "--no-default-features",
                "--features",
                "ssr",
            ]),
        ),
        layer(
            "browser tests (wasm-bindgen-test, headless Chromium)",
            cargo(&[
                "test",
                "-p",
                "warp-lab",
                "--target",
                "wasm32-unknown-unknown",
            ]),
        ),
        layer(
            "what `cargo xtask serve` serves (dev build, headless Chromium)",
            serve_check,
        ),
        layer("release build (dist/, one bundle per page)", || {
            dist::build(dist::Profile::Release)
        }),
    ];
    let built = layers.last().is_some_and(|l| l.ok);
    if built {
        layers.push(layer(
            "sizes (dist/, gzip, each page within its budget)",
            bench::enforce_sizes,
        ));
    }
    if skip_e2e {
        println!("xtask: end-to-end tests skipped (--no-e2e)");
    } else if built {
        layers.push(layer("end-to-end (Playwright, headless Chromium)", || {
            let mut e2e = cmd("npx", &["playwright", "test"]);
            e2e.current_dir(root().join("tests/e2e"));
            run(e2e)
        }));
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
