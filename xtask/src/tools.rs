//! Installs what a fresh machine lacks, once, and says so. Each check is cheap when the tool is
//! already there at the right version.

use std::path::PathBuf;
use std::process::Command;

use crate::{cmd, root, run};

const BINARYEN_VERSION: &str = "132";
const ESBUILD_VERSION: &str = "0.28.2";
const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Where npm-installed tools live (ignored by git).
fn tools_dir() -> PathBuf {
    root().join(".tools")
}

/// PATH with `.tools/node_modules/.bin` (binaryen's wasm-opt) and cargo's bin first.
pub fn path_with_tools() -> String {
    let mut parts = vec![tools_dir().join("node_modules/.bin").display().to_string()];
    if let Some(home) = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
    {
        parts.push(home.join("bin").display().to_string());
    }
    parts.push(std::env::var("PATH").unwrap_or_default());
    parts.join(":")
}

/// The first line a tool prints for `--version`, if it runs.
fn version_of(program: &str, args: &[&str]) -> Option<String> {
    let out = cmd(program, args).output().ok()?;
    out.status.success().then(|| {
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        text.lines().next().unwrap_or_default().trim().to_string()
    })
}

fn installing(what: &str, how_long: &str) {
    println!("xtask: installing {what} (once per machine; {how_long})…");
}

/// The wasm-bindgen version pinned in Cargo.lock.
pub fn locked_wasm_bindgen() -> Result<String, String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|e| format!("Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\"" {
            if let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
            {
                return Ok(v.trim_end_matches('"').to_string());
            }
        }
    }
    Err("Cargo.lock has no wasm-bindgen entry".into())
}

/// Rust's wasm target, wasm-bindgen-cli, binaryen's wasm-opt and esbuild.
pub fn ensure_build_tools() -> Result<(), String> {
    let targets = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output();
    let has_target = targets
        .as_ref()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(WASM_TARGET));
    if !has_target {
        installing("the wasm32-unknown-unknown Rust target", "under a minute");
        run(cmd("rustup", &["target", "add", WASM_TARGET]))?;
    }

    let wbg = locked_wasm_bindgen()?;
    let have = version_of("wasm-bindgen", &["--version"]);
    let runner = version_of("wasm-bindgen-test-runner", &["--version"]);
    if !have.is_some_and(|v| v.contains(&wbg)) || runner.is_none() {
        installing(
            &format!("wasm-bindgen-cli {wbg} (the Cargo.lock version)"),
            "about 5 minutes",
        );
        // Without --locked: its lockfile pins a webpki-roots release this registry lacks.
        run(cmd(
            "cargo",
            &["install", "wasm-bindgen-cli", "--version", &wbg],
        ))?;
    }

    // wasm-opt, and esbuild to minify the JS glue and the inlined CSS: both from npm into
    // .tools/, in one install (npm prunes what a later `--no-save` install does not name).
    let bin = |name: &str| tools_dir().join("node_modules/.bin").join(name);
    let binaryen_ok = version_of(&bin("wasm-opt").display().to_string(), &["--version"])
        .is_some_and(|v| v.contains(BINARYEN_VERSION));
    let esbuild_ok = version_of(&bin("esbuild").display().to_string(), &["--version"])
        .is_some_and(|v| v.trim() == ESBUILD_VERSION);
    if !binaryen_ok || !esbuild_ok {
        installing(
            &format!(
                "binaryen {BINARYEN_VERSION} (wasm-opt) and esbuild {ESBUILD_VERSION} from npm into .tools/"
            ),
            "under a minute",
        );
        std::fs::create_dir_all(tools_dir()).map_err(|e| format!(".tools: {e}"))?;
        let dir = tools_dir().display().to_string();
        run(cmd(
            "npm",
            &[
                "install",
                "--prefix",
                &dir,
                "--no-save",
                "--no-audit",
                "--no-fund",
                &format!("binaryen@{BINARYEN_VERSION}"),
                &format!("esbuild@{ESBUILD_VERSION}"),
            ],
        ))?;
    }
    Ok(())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Chromium and chromedriver (Debian's, through apt when root), and the Playwright package.
pub fn ensure_test_tools() -> Result<(), String> {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromedriver"];
    if chromium.iter().any(|p| !std::path::Path::new(p).exists()) {
        if !is_root() {
            return Err(
                "Chromium and chromedriver are missing. As root, `cargo xtask test` installs \
                        them; otherwise run: sudo apt-get install -y chromium chromium-driver"
                    .into(),
            );
        }
        installing(
            "Debian's chromium and chromium-driver with apt",
            "about 2 minutes",
        );
        let mut update = cmd("apt-get", &["update", "-q"]);
        update.env("DEBIAN_FRONTEND", "noninteractive");
        run(update)?;
        let mut install = cmd(
            "apt-get",
            &["install", "-y", "-q", "chromium", "chromium-driver"],
        );
        install.env("DEBIAN_FRONTEND", "noninteractive");
        run(install)?;
    }
    let e2e = root().join("tests/e2e");
    let lock = e2e.join("package-lock.json");
    let stamp = e2e.join("node_modules/.package-lock.json");
    let fresh = match (std::fs::metadata(&lock), std::fs::metadata(&stamp)) {
        (Ok(l), Ok(s)) => s.modified().ok() >= l.modified().ok(),
        _ => false,
    };
    if !fresh {
        installing(
            "the Playwright test runner (npm ci in tests/e2e; it downloads no browser)",
            "under a minute",
        );
        let mut c = cmd("npm", &["ci", "--no-audit", "--no-fund"]);
        c.current_dir(&e2e);
        run(c)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
