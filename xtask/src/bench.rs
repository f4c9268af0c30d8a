//! `cargo xtask bench`: each page's bytes, a phone's load of each page and the offline repeat
//! visit, load and input latencies from a real headless Chromium, and the scheduler
//! simulation's throughput natively and in wasm. Prints every number; only the per-page size
//! budgets (machine-independent) can fail it, and only with `--enforce-size`.

use std::io::Write;
use std::time::Instant;

use flate2::write::GzEncoder;
use flate2::Compression;
use warp_model::latency::scheduler::{simulate, Policy, SimConfig};

use crate::{cmd, root, run};

/// Each page bundle's budget: the gzip bytes a page sends before it is live (its bundle's wasm
/// and JS and its page), per bundle, the same for both languages.
///
/// Every budget lowered on 2026-12-04 (issue 46) to what was measured plus 2 kB (Hinglish,
/// rounded up to 100 B), after the bundles' imports and exports got short names
/// (`dist/imports.rs`: 5 to 6.7 kB less a page), wasm-opt strips the producers and target
/// features sections, and wasm-streams' exports no page calls are dropped before wasm-opt
/// (1.2 kB); the pages' comments below give each one's earlier history.
///
/// Set on 2026-12-03 (issue 46) to what was measured plus 2 kB, after prerendering (issue 42)
/// moved the first figure into the HTML and no page linked `core::fmt`'s float writer any more
/// (the larger of English and Hinglish, rounded up to 100 B). **A budget only goes down**: it
/// may be raised only in a commit that names the feature that costs the bytes and what was cut
/// to pay for them. Until this date the budgets were 235 kB a page, 290 kB the kernel lab and
/// 380 kB the quiz, each raised more than once to what was measured (git log of this file).
/// The match is exhaustive over the registry, so a new panel cannot be built without one.
#[must_use]
pub fn budget(bundle: &str) -> Option<u64> {
    use warp_model::page::Tool;
    use warp_model::registry::Panel;
    if bundle == warp_model::page::bundle::HOME {
        // How it came: CHANGELOG.md, "Each budget's history", the home page.
        return Some(95_300);
    }
    if let Some(panel) = bundle
        .strip_prefix(warp_model::page::bundle::FIRST_PREFIX)
        .and_then(Panel::parse)
    {
        return first_frame_budget(panel);
    }
    if bundle == warp_model::page::bundle::SOLVE {
        // The quiz's solution worker (issue 46), fetched when a question has been answered,
        // never before the quiz's first question: the six panels' models and worked steps.
        return Some(SOLVE_BUDGET);
    }
    if bundle == warp_model::page::bundle::CHECK {
        // How it came: CHANGELOG.md, "Each budget's history", the check worker.
        return Some(117_400);
    }
    if bundle == warp_model::page::bundle::RUN {
        // The plain lab's run worker (issue 65): the interpreter, the SM's timing and the
        // run's postcard writer, fetched when the kernel page is live, never before its first
        // figure. It left the kernel page (247.3 → 198.8 kB, −48.4 kB).
        return Some(RUN_BUDGET);
    }
    if bundle == warp_model::page::bundle::GPU_RUN {
        // The kernel lab's GPU worker (issue 69): the model's run, the WGSL translation, the
        // WebGPU runner and the report's words, fetched on the first "Run on my GPU", never
        // before. 124.7 kB measured (Hinglish), 2026-12-07, with the device opened at the
        // adapter's own workgroup and storage limits, and no float formatting or slicing panic
        // (the shader's float literals written by integer arithmetic: −8.9 kB).
        return Some(125_300);
    }
    if bundle == Tool::Assignment.name() {
        // How it came: CHANGELOG.md, "Each budget's history", the assignment page.
        return Some(136_800);
    }
    if bundle == warp_model::page::bundle::CHALLENGE {
        // How it came: CHANGELOG.md, "Each budget's history", a challenge's page.
        return Some(238_300);
    }
    if bundle == Tool::Author.name() {
        // How it came: CHANGELOG.md, "Each budget's history", the author page.
        return Some(148_600);
    }
    Some(match Panel::parse(bundle)? {
        // How it came: CHANGELOG.md, "Each budget's history", the panel pages.
        Panel::Warps => 173_600,
        Panel::Latency => 185_400,
        Panel::Divergence => 194_200,
        Panel::Coalescing => 160_800,
        Panel::Banks => 176_200,
        Panel::Mma => 185_000,
        // Issue 68's new page (CHANGELOG.md, the memory page).
        Panel::Memory => 162_900,
        Panel::Quiz => QUIZ_BUDGET,
        Panel::Gpu => 137_600,
        Panel::Kernel => KERNEL_BUDGET,
    })
}

/// The budget of a page that carries its panel's first frame (issue 63, `src/frame.rs`, the
/// page under `with/`): the gzip bytes of that page, its markup and the module inline, all that
/// comes before an address with settings shows its first figure. A view's own page carries no
/// first frame and its budget is its panel's.
fn first_frame_budget(panel: warp_model::registry::Panel) -> Option<u64> {
    use warp_model::registry::Panel;
    match panel {
        Panel::Warps => Some(FIRST_WARPS_BUDGET),
        Panel::Coalescing => Some(FIRST_COALESCING_BUDGET),
        Panel::Banks => Some(FIRST_BANKS_BUDGET),
        Panel::Memory => Some(FIRST_MEMORY_BUDGET),
        _ => None,
    }
}

/// The coalescing page with its first frame: the page, and the panel's model, its worked steps
/// and the views' string builders inline. 82.1 kB measured, Hinglish (2026-12-06), plus 2 kB;
/// 79.5 kB with `lol_alloc` in the first frame (`warp_lab::small_allocator`); 74.4 kB once
/// finding a preset links no preset's words (issue 63's challenge pages, `examples::MESSAGES`);
/// 73.5 kB with no percent-encoding table (issue 68); 73.0 kB with markup written through
/// `markup::Html` (issue 67).
const FIRST_COALESCING_BUDGET: u64 = 73_600;

/// The warps page with its first frame: the block map's model, its worked steps and pictures.
/// 89.7 kB measured, Hinglish (2026-12-06), plus 2 kB; 87.6 kB with `lol_alloc`; 82.1 kB with
/// no preset's words linked by finding one; 81.4 kB with no percent-encoding table (issue 68);
/// 80.2 kB with markup written through `markup::Html` (issue 67).
const FIRST_WARPS_BUDGET: u64 = 80_800;

/// The banks page with its first frame: the bank rule, its worked steps and pictures inline.
/// 95.4 kB measured, Hinglish (2026-12-06), plus 2 kB; 93.9 kB with `lol_alloc`; 88.5 kB with
/// no preset's words linked by finding one; 87.7 kB with no percent-encoding table (issue 68);
/// 87.2 kB with markup written through `markup::Html` (issue 67).
const FIRST_BANKS_BUDGET: u64 = 87_800;

/// The memory page with its first frame (issue 68): the hierarchy's and the roofline's models,
/// their worked steps and pictures inline. 75.1 kB measured, English (2026-12-07), plus 0.6 kB.
const FIRST_MEMORY_BUDGET: u64 = 75_700;

/// The quiz page's budget (issue 46's target: 300 kB). How it came: CHANGELOG.md, "Each
/// budget's history", the quiz page.
const QUIZ_BUDGET: u64 = 254_000;

/// The plain kernel lab's budget (issue 46's target: 255 kB; a challenge's page is
/// `bundle::CHALLENGE`). How it came: CHANGELOG.md, "Each budget's history", the plain kernel
/// lab's page.
const KERNEL_BUDGET: u64 = 192_900;

/// The run worker's budget (issue 65): 104.0 kB measured, Hinglish, plus 2 kB; 104.0 kB again
/// with issue 68's sectors and FLOPs, paid for by the worker leaving out the figures the page
/// makes again (`kernel_lab::panel::evaluate_plain_as`), plus 0.6 kB.
const RUN_BUDGET: u64 = 104_600;

/// The solution worker's budget (issue 46): 140.8 kB measured, Hinglish (with short import
/// names), plus 2 kB; 139.3 kB without the standard sort (issue 47's round), 138.7 kB with no
/// libm `log10` and no slicing panic in the model's text code, 134.2 kB once no code of its own
/// slices a `str` (issue 46). Only the quiz's answered questions fetch it. 133.3 kB with
/// `lol_alloc` in place of dlmalloc (`warp_lab::small_allocator`, −2.7 kB), which paid for three
/// value rules of issue 65 (+0.24 kB). 132.8 kB with no percent-encoding table (issue 68).
const SOLVE_BUDGET: u64 = 133_400;

/// What every page once linked for writing an `f64` with `{}` (Grisu and Dragon's shortest
/// and exact writers), which no page may link again.
const FLOAT_FORMATTING: &str = "core::fmt::float::float_to_decimal";

/// What a `str` sliced by index (`&s[a..]`) links: std's slicing panic and the `char` `Debug`
/// it writes with (−4 to −5 kB a page, issue 46), which no page may link again (`split_once`,
/// `strip_prefix` and `str::get` do the same work without it).
const STR_SLICING: &str = "core::str::slice_error_fail";

/// What links every panel's worked steps into a bundle, which the quiz page may not link again
/// (issue 46: its solutions come from the solution worker, `src/solve_worker.rs`).
const SOLUTIONS: &str = "warp_model::quiz::generate::solution_for";

fn gzip_len(bytes: &[u8]) -> u64 {
    let mut e = GzEncoder::new(Vec::new(), Compression::best());
    let _ = e.write_all(bytes);
    e.finish().map_or(0, |v| v.len() as u64)
}

/// Runs the benchmark.
pub fn bench(args: &[String]) -> Result<(), String> {
    let enforce = args.iter().any(|a| a == "--enforce-size");
    crate::dist::build(crate::dist::Profile::Release)?;
    let size_ok = sizes()?;
    // `--sizes`: the size table alone (a few minutes, not twenty), for checking a change against
    // the budgets before the full run.
    if args.iter().any(|a| a == "--sizes") {
        return if enforce && !size_ok {
            Err("a page is over its size budget (see == sizes ==)".into())
        } else {
            Ok(())
        };
    }
    timings()?;
    if enforce && !size_ok {
        return Err("a page is over its size budget (see == sizes ==)".into());
    }
    Ok(())
}

/// The test layer: the sizes of the site `dist/` holds (the release layer's), against the
/// budgets. Sizes are the same on every machine, so they may fail CI; timings are not, and the
/// phone run is `cargo xtask bench`'s record, outside CI.
///
/// # Errors
/// A page is over its budget, or `dist/` is not a whole build.
pub fn enforce_sizes() -> Result<(), String> {
    if sizes()? {
        Ok(())
    } else {
        Err("a page is over its size budget (see == sizes ==)".into())
    }
}

/// Prints each page's bytes (and where a bundle's are) and says whether every page is within
/// its budget.
fn sizes() -> Result<bool, String> {
    println!("\n== sizes (dist/, gzip -9) ==");
    let dist = root().join("dist");
    let mut names: Vec<String> = std::fs::read_dir(&dist)
        .map_err(|e| e.to_string())?
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    let gz = |name: &str| -> Result<(u64, u64), String> {
        let bytes = std::fs::read(dist.join(name)).map_err(|e| format!("{name}: {e}"))?;
        Ok((bytes.len() as u64, gzip_len(&bytes)))
    };
    // Each bundle's own page: the panel's or the home view's prerendered page in the bundle's
    // language (its first figure is in it), the shell for the tools (drawn by the app).
    let page_of = |stem: &str| -> String {
        let (name, lang) = stem.rsplit_once('-').unwrap_or((stem, "en"));
        let prefix = if lang == "en" { "" } else { "hinglish/" };
        match name {
            "home" => format!("{prefix}index.html"),
            n if warp_model::registry::Panel::parse(n).is_some() => {
                format!("{prefix}{n}/index.html")
            }
            _ => warp_model::lms::SHELL_FILE.to_string(),
        }
    };
    let mut size_ok = true;
    println!(
        "{:<20} {:>10} {:>10} {:>10} {:>13} {:>12}",
        "page bundle", "wasm", "js", "page", "before figure", "before live"
    );
    for bundle in names.iter().filter(|n| n.ends_with("_bg.wasm")) {
        let stem = bundle.rsplit_once('-').map_or("", |(s, _)| s);
        let js = names
            .iter()
            .find(|n| {
                n.starts_with(&format!("{stem}-"))
                    && std::path::Path::new(n)
                        .extension()
                        .is_some_and(|e| e == "js")
            })
            .ok_or_else(|| format!("{stem}: no JS glue"))?;
        let name = stem.rsplit_once('-').map_or(stem, |(n, _)| n);
        // A worker has no page: its own starting script stands in for one.
        let worker = warp_model::page::bundle::WORKERS
            .iter()
            .find(|(b, _)| *b == name)
            .map(|(_, script)| *script);
        let page = if let Some(script) = worker {
            let lang = stem.rsplit_once('-').map_or("en", |(_, l)| l);
            names
                .iter()
                .find(|n| warp_model::page::bundle::holds(script, lang, n))
                .cloned()
                .ok_or_else(|| format!("{stem}: no worker script"))?
        } else {
            page_of(stem)
        };
        let ((_, wasm), (_, glue), (_, page_gz)) = (gz(bundle)?, gz(js)?, gz(&page)?);
        let live = wasm + glue + page_gz;
        let prerendered = page != warp_model::lms::SHELL_FILE && worker.is_none();
        let figure = if prerendered { page_gz } else { live };
        let budget = budget(name).ok_or_else(|| format!("{stem}: a bundle without a budget"))?;
        let ok = live <= budget;
        size_ok &= ok;
        println!(
            "{stem:<20} {wasm:>10} {glue:>10} {page_gz:>10} {figure:>13} {live:>12}  budget {budget}: {}",
            if ok { "PASS" } else { "OVER" }
        );
        // The page under it that carries its first frame (issue 63): an address with settings
        // opens it, its first figure drawn from the page alone.
        if let Some(first) =
            warp_model::registry::Panel::parse(name).and_then(warp_model::page::bundle::first_frame)
        {
            let page =
                page_of(stem).replace("index.html", warp_model::site::FIRST_FOLDER) + "index.html";
            let (_, with_gz) = gz(&page)?;
            let cap = self::budget(&first).ok_or_else(|| format!("{first}: no budget"))?;
            let ok = with_gz <= cap;
            size_ok &= ok;
            println!(
                "{:<20} {:>10} {:>10} {with_gz:>10} {with_gz:>13} {:>12}  budget {cap} (the page): {}",
                format!("{stem}/with"),
                "",
                "",
                with_gz + wasm + glue,
                if ok { "PASS" } else { "OVER" }
            );
        }
    }
    let all: u64 = names
        .iter()
        .map(|n| gz(n).map(|(_, g)| g))
        .sum::<Result<u64, String>>()?;
    println!(
        "{:<20} {all:>10} B gzip (what an offline-ready visit keeps, both languages)",
        "whole site"
    );

    let clean = where_the_bytes_are(&names);
    Ok(size_ok && clean)
}

/// Prints where each page's bytes are (the raw wasm the last build left, the Hinglish bundles:
/// by crate and by function) and says whether no page links what none may (float formatting,
/// `str` slicing's panic, the quiz's solutions).
fn where_the_bytes_are(names: &[String]) -> bool {
    println!(
        "\n== where the bytes are (raw wasm of each page, Hinglish build, before wasm-opt) =="
    );
    let raw = root().join("target/wasm32-unknown-unknown/release");
    let mut pages: Vec<&str> = names
        .iter()
        .filter(|n| n.ends_with("_bg.wasm"))
        .filter_map(|n| n.split_once("-hinglish-").map(|(stem, _)| stem))
        .collect();
    pages.dedup();
    let mut clean = true;
    for page in pages {
        match std::fs::read(raw.join(format!("{page}.wasm"))) {
            Ok(wasm) => match crate::bytes::read(&wasm) {
                Ok(b) => {
                    print!("{page}\n{}", b.table(6, 5));
                    // No page writes an f64 with `{}` (issue 46: `figure::rounded` and the
                    // messages' `Arg` keep it so): the float formatter's 11 kB stay out.
                    if let Some(f) = b.funcs.iter().find(|f| f.name.contains(FLOAT_FORMATTING)) {
                        clean = false;
                        println!(
                            "  OVER: {page} links core's float formatting ({}); \
                             `cargo xtask bytes --who \"<f64 as core::fmt::Display>::fmt\" \
                             target/wasm32-unknown-unknown/release/{page}.wasm` names who",
                            f.name
                        );
                    }
                    if b.funcs.iter().any(|f| f.name.contains(STR_SLICING)) {
                        clean = false;
                        println!(
                            "  OVER: {page} slices a `str` by index ({STR_SLICING}); \
                             `cargo xtask bytes --who {STR_SLICING} \
                             target/wasm32-unknown-unknown/release/{page}.wasm` names who"
                        );
                    }
                    if page == warp_model::registry::Panel::Quiz.name()
                        && b.funcs.iter().any(|f| f.name.contains(SOLUTIONS))
                    {
                        clean = false;
                        println!(
                            "  OVER: the quiz links every panel's worked steps ({SOLUTIONS}): \
                             its solutions come from the solution worker"
                        );
                    }
                }
                Err(e) => println!("{page}: {e}"),
            },
            Err(e) => println!("{page}: {e}"),
        }
    }

    clean
}

/// The simulation natively, then the browser half (`tests/e2e/bench.mjs`).
fn timings() -> Result<(), String> {
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
    run(browser)
}

#[cfg(test)]
mod tests;
