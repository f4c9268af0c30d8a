//! `cargo xtask dist`: the static site in `dist/`, one wasm bundle per page.
//!
//! A page downloads only what it shows: the home view's bundle, or one panel's (`src/bin/*.rs`:
//! the shell and that panel; nothing else is linked). The steps, each a plain tool call:
//! 1. `cargo build --release --target wasm32-unknown-unknown` of every bundle at once (the
//!    crates compile once; each bundle gets its own link-time optimisation);
//! 2. `wasm-bindgen --target web` for each, then binaryen 132's `wasm-opt -Oz --low-memory-unused`;
//! 3. file names with a content hash, so that a cached file is never stale;
//! 4. `index.html` from the template: the styles inlined (no request before first paint; a
//!    prerendered page only its bundle's rules, `dist/styles.rs`), the
//!    loader inlined (`loader.js`: picks the page's bundle and fetches it at once), the CSP
//!    filled with the loader's hash;
//! 5. `sw.js` (`sw.js`): the service worker that keeps this deployment's files for offline use.
//!
//! Written here rather than with trunk (which the project used before): trunk builds one
//! binary per page and cannot split one app (trunk#1022); these steps are plain tool calls, and
//! leaving trunk out saves a fresh machine the 11 minutes of `cargo install trunk`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use warp_model::examples;
use warp_model::page::{bundle, Tool};
use warp_model::registry::Panel;

use warp_model::i18n::Lang;
use warp_model::lms::SHELL_FILE;

/// The page static hosts send for an address the site has no page for (`folders.rs`).
pub const NOT_FOUND_FILE: &str = "404.html";

use crate::pages::{self, Template};
use crate::{cmd, csp, folders, root, run};

/// How the site is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// One bundle per page, optimised: what `dist` and the tests build.
    Release,
    /// One bundle of every view, a debug build without wasm-opt: quick to rebuild for `serve`.
    Dev,
}

/// The bundle of the home view; every panel's bundle is named after the panel.
const HOME: &str = bundle::HOME;
/// The bundle of every view (`src/main.rs`).
const ALL: &str = "warp-lab";
// The workers' bundles (`bundle::WORKERS`: the challenge check's, `src/bin/check.rs`, and the
// quiz's solutions', `src/bin/solve.rs`): no page routes to them; a page starts each by the
// module script [`worker_script`] writes, whose key in the loader's bundle table
// (`check-worker.en`) the loader hands to the app (`window.warpCheck`, `src/check_worker.rs`).

/// The bundles a profile builds, which bundle answers each route (`panel` name → bundle), and
/// which one draws the home view (no valid `panel=` or `example=`).
///
/// The home view's bundle is part of the answer, not a constant the loader assumes: the dev
/// build has no `home` bundle, and a loader that asked for one left `cargo xtask serve`'s home
/// page on "Loading…" (issue 33).
fn bundles(
    profile: Profile,
) -> (
    Vec<&'static str>,
    BTreeMap<&'static str, &'static str>,
    &'static str,
) {
    match profile {
        Profile::Release => {
            // Each panel and each tool page its own bundle, named after it.
            let mut names = vec![HOME];
            names.extend(bundle::WORKERS.iter().map(|(b, _)| *b));
            names.extend(Panel::ALL.iter().map(|p| p.name()));
            names.push(bundle::CHALLENGE);
            names.extend(Tool::ALL.iter().map(|t| t.name()));
            // The pages' first frames (issue 63): no route, the loader runs one on an address
            // with settings.
            names.extend(first_frames());
            let mut routes: BTreeMap<&str, &str> =
                Panel::ALL.iter().map(|p| (p.name(), p.name())).collect();
            for t in Tool::ALL {
                routes.insert(t.name(), t.name());
            }
            (names, routes, HOME)
        }
        Profile::Dev => {
            let mut routes: BTreeMap<&str, &str> =
                Panel::ALL.iter().map(|p| (p.name(), ALL)).collect();
            for t in Tool::ALL {
                routes.insert(t.name(), ALL);
            }
            let mut names = vec![ALL];
            names.extend(bundle::WORKERS.iter().map(|(b, _)| *b));
            (names, routes, ALL)
        }
    }
}

/// The first frames' bundles (`bundle::first_frame`: `first-coalescing`), as `'static` names.
fn first_frames() -> Vec<&'static str> {
    bundle::FIRST_FRAMES
        .iter()
        .filter_map(|p| bundle::first_frame(*p))
        .map(|n| &*Box::leak(n.into_boxed_str()))
        .collect()
}

/// `data` hashed, as the 10 hex digits a file name carries.
fn short_hash(data: &[u8]) -> String {
    hex(&Sha256::digest(data))
}

/// The first 5 bytes of a digest as 10 hex digits: the one fold of a hash into a name. Forty
/// bits tell one deployment's file from another's as surely as a cache needs (a stale file is
/// served only if a changed file's name stays the same: one chance in 2⁴⁰), and every page's
/// loader carries every bundle's two names: 16 digits were 0.45 kB gzip more a page, which
/// issue 63's first frames pay with.
fn hex(digest: &[u8]) -> String {
    digest.iter().take(5).fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, data: &[u8]) -> Result<(), String> {
    std::fs::write(path, data).map_err(|e| format!("{}: {e}", path.display()))
}

/// Builds the site into `dist/`.
///
/// # Errors
/// A failed build step, or a missing or unreadable file.
pub fn build(profile: Profile) -> Result<(), String> {
    build_into(profile, &root().join("dist"))
}

/// Builds the site into `out` (emptied first): `dist/` for `dist` and `serve`, a folder of its
/// own for the test layer that checks what `serve` serves, so that it never overwrites the
/// release site the end-to-end tests read.
///
/// # Errors
/// A failed build step, or a missing or unreadable file.
pub fn build_into(profile: Profile, out: &Path) -> Result<(), String> {
    let (names, routes, home) = bundles(profile);
    // A panel's other bundles: the kernel lab's challenge page (`bundle::of_panel`).
    let also: Vec<(&str, &str)> = if names.contains(&bundle::CHALLENGE) {
        vec![(Panel::Kernel.name(), bundle::CHALLENGE)]
    } else {
        Vec::new()
    };
    // One a profile: the dev build (the serve layer) runs while the release build bundles.
    let stage = root().join(match profile {
        Profile::Release => "target/dist-stage",
        Profile::Dev => "target/dist-stage-dev",
    });
    let _ = std::fs::remove_dir_all(&stage);
    std::fs::create_dir_all(&stage).map_err(|e| format!("{}: {e}", stage.display()))?;

    let Built {
        mut files,
        table,
        firsts,
    } = build_bundles(profile, &names, &stage)?;

    let favicon = read(&root().join("assets/favicon.svg"))?;
    let favicon_name = format!("favicon-{}.svg", short_hash(&favicon));
    files.insert(favicon_name.clone(), favicon);

    // The whole stylesheet: inlined into the shell, and a file of its own for a prerendered
    // page whose address starts another bundle than its styles are for (`dist/styles.rs`).
    let css = styles()?;
    let css_name = format!("style-{}.css", short_hash(css.as_bytes()));
    files.insert(css_name.clone(), css.clone().into_bytes());
    let template = Template(index_html(
        &table,
        &routes,
        home,
        &favicon_name,
        &css_name,
        profile == Profile::Release,
    )?);
    // The shell is the page of every state without a page of its own, and of an LMS package
    // (files.txt names it `index.html`; the package copies it from `shell.html`).
    let shell = template.shell(&css);
    files.insert("index.html".into(), shell.clone().into_bytes());
    // The prerendered pages, by file (`warps/index.html`); the root's own page (the home view
    // in English) is the site's `index.html`, which serves any other query as the shell would.
    let mut pages: BTreeMap<String, (Lang, bool, Vec<u8>)> = BTreeMap::new();
    // The pages, as the folder indexes and the 404 page list them (none in the dev build).
    let mut listed: Vec<folders::Listed> = Vec::new();
    let mut indexes = BTreeMap::new();
    if profile == Profile::Release {
        let classes = styles::classes(&css);
        let mut drawn: BTreeMap<&str, std::collections::BTreeSet<&str>> = BTreeMap::new();
        for page in pages::prerender()? {
            listed.push(folders::Listed {
                path: page.path.clone(),
                title: page.title.clone(),
            });
            let name = bundle_of(&page.query);
            let named = drawn
                .entry(name)
                .or_insert_with(|| styles::named_by(&classes, &bundle_files(&files, name)));
            let own = styles::prune(&css, &|c| {
                named.contains(c) || template.0.contains(c) || page.body.contains(c)
            })?;
            let first = firsts.get(&format!(
                "{}{name}.{}",
                bundle::FIRST_PREFIX,
                page.lang.code()
            ));
            let html = template.page(&page, name, &own, first)?;
            let embed = page.query.contains("embed=1");
            pages.insert(pages::file_of(&page), (page.lang, embed, html.into_bytes()));
        }
        // Where the app has no page (issue 65): an index of each folder that holds pages but
        // has none of its own (written below; not installed by the service worker, which
        // keeps one when it is opened, like an embed's page).
        indexes = folders::folders(&listed);
    } else {
        println!(
            "xtask: the dev build prerenders no pages (`cargo xtask dist` does): every page \
             here draws once its bundle is live"
        );
    }
    // The site's `404.html`, which static hosts send for any other address: a file of the site
    // (the service worker keeps it, and answers an address it cannot fetch offline with it).
    let missing = csp::fill(&folders::not_found_page(&listed, &indexes))?;
    files.insert(NOT_FOUND_FILE.into(), missing.into_bytes());
    let sw = service_worker(&files, &pages);

    let dist = out;
    let _ = std::fs::remove_dir_all(dist);
    std::fs::create_dir_all(dist).map_err(|e| format!("{}: {e}", dist.display()))?;
    for (name, data) in &files {
        write(&dist.join(name), data)?;
    }
    if !pages.is_empty() {
        // Only a package's page is copied from it: marked as one (`<html data-package>`), its
        // loader registers no service worker, which a package does not hold (issue 64).
        let shell = warp_model::package::packaged_launch_page(&shell);
        write(&dist.join(SHELL_FILE), shell.as_bytes())?;
    }
    for (name, (_, _, data)) in &pages {
        let path = dist.join(name);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        write(&path, data)?;
    }
    for (folder, below) in &indexes {
        let path = dist.join(folder);
        std::fs::create_dir_all(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        write(
            &path.join("index.html"),
            csp::fill(&folders::folder_page(folder, below))?.as_bytes(),
        )?;
    }
    write(&dist.join("files.txt"), files_list(&files).as_bytes())?;
    write(&dist.join("sw.js"), sw.as_bytes())?;
    // Beside the site, not in its file list: the declarations the e2e suite and bench read.
    write(
        &dist.join("registry.json"),
        crate::registry::registry_json(&routes, &also, !pages.is_empty()).as_bytes(),
    )?;
    println!(
        "xtask: the static site is in {} ({} bundle(s), {} prerendered page(s); relative URLs: \
         serve it from any path)",
        dist.strip_prefix(root()).unwrap_or(dist).display(),
        table.len(),
        pages.len()
    );
    Ok(())
}

/// What the bundles' build gives the site: its files (name in dist/ → bytes), each bundle's
/// (js, wasm) names by its key (`warps.en`: the warps page in English), and the pages' first
/// frames by theirs.
struct Built {
    files: BTreeMap<String, Vec<u8>>,
    table: BTreeMap<String, (String, String)>,
    firsts: BTreeMap<String, pages::FirstFrame>,
}

/// Builds every bundle of `names` once per language (`cargo build`, then [`bundle`] each).
///
/// The bundles are bound and optimised on a pool of threads, one a core, while the next
/// language's `cargo build` runs: wasm-opt takes 3 to 6 s a bundle, 40 of them, and the build's
/// last minutes (the app's one codegen unit, then its links) leave a core idle. On CI's two
/// cores this took the release build from 498 s down (see `docs/dev/testing.md`).
fn build_bundles(profile: Profile, names: &[&str], stage: &Path) -> Result<Built, String> {
    // A page reloads to change language, so each page is built once per language and carries
    // only that language's messages; the dev bundle carries both.
    let langs: &[Option<&str>] = match profile {
        Profile::Release => &[Some("en"), Some("hinglish")],
        Profile::Dev => &[None],
    };
    let target = root()
        .join("target/wasm32-unknown-unknown")
        .join(match profile {
            Profile::Release => "release",
            Profile::Dev => "debug",
        });
    // Each job's bundle is copied out of `target` first: the next language's build writes
    // the same file names there while the pool still reads them.
    let (send, jobs) = std::sync::mpsc::channel::<(Option<&str>, &str, PathBuf)>();
    let jobs = std::sync::Mutex::new(jobs);
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let done = std::thread::scope(|scope| {
        let pool: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let job = jobs.lock().map_err(|e| e.to_string())?.recv();
                        let Ok((lang, name, wasm)) = job else {
                            return Ok::<_, String>(done);
                        };
                        let mut files = BTreeMap::new();
                        let names = bundle(profile, &wasm, stage, name, lang, &mut files)?;
                        done.push((lang, name, names, files));
                    }
                })
            })
            .collect();
        let built = (|| {
            for lang in langs {
                let mut build = vec![
                    "build",
                    "-p",
                    "warp-lab",
                    "--target",
                    "wasm32-unknown-unknown",
                ];
                if profile == Profile::Release {
                    build.push("--release");
                }
                let feature = lang.map(|l| format!("only-{l}"));
                if let Some(f) = &feature {
                    build.extend(["--features", f.as_str()]);
                }
                for n in names {
                    build.extend(["--bin", n]);
                }
                run(cmd("cargo", &build))?;
                for n in names {
                    let out = lang.map_or_else(|| (*n).to_string(), |l| format!("{n}-{l}"));
                    let copy = stage.join(format!("{out}.in.wasm"));
                    std::fs::copy(target.join(format!("{n}.wasm")), &copy)
                        .map_err(|e| format!("{}: {e}", copy.display()))?;
                    send.send((*lang, *n, copy)).map_err(|e| e.to_string())?;
                }
            }
            Ok::<_, String>(())
        })();
        drop(send);
        let mut done = Vec::new();
        for t in pool {
            done.extend(
                t.join()
                    .map_err(|_| "a bundling thread panicked".to_string())??,
            );
        }
        built.map(|()| done)
    })?;

    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut table: BTreeMap<String, (String, String)> = BTreeMap::new();
    // The pages' first frames (issue 63), by bundle and language (`first-coalescing.en`): no
    // files of their own, each is carried inline by its pages under `with/`.
    let mut firsts: BTreeMap<String, pages::FirstFrame> = BTreeMap::new();
    for (lang, n, (js_name, wasm_name), mut own) in done {
        let key = lang.map_or_else(|| n.to_string(), |l| format!("{n}.{l}"));
        if n.starts_with(bundle::FIRST_PREFIX) {
            let (js, wasm) = (own.remove(&js_name), own.remove(&wasm_name));
            firsts.insert(
                key,
                first_frame(&js.unwrap_or_default(), &wasm.unwrap_or_default())?,
            );
            continue;
        }
        files.append(&mut own);
        if let Some((_, script_key)) = bundle::WORKERS.iter().find(|(b, _)| *b == n) {
            let script = worker_script(&js_name, &wasm_name);
            let name = format!(
                "{}-{}.js",
                lang.map_or_else(
                    || (*script_key).to_string(),
                    |l| format!("{script_key}-{l}")
                ),
                short_hash(script.as_bytes())
            );
            files.insert(name.clone(), script.into_bytes());
            let key = lang.map_or_else(
                || (*script_key).to_string(),
                |l| format!("{script_key}.{l}"),
            );
            table.insert(key, (name, wasm_name.clone()));
        }
        table.insert(key, (js_name, wasm_name));
    }

    Ok(Built {
        files,
        table,
        firsts,
    })
}

/// A first frame as its pages carry it (`pages::FirstFrame`): the module's ES glue made a
/// classic script that defines `warpFirst` (esbuild), followed by what runs it (`first.js`),
/// and its wasm deflated as base64: gzip on the page then sends about as many bytes as the
/// wasm gzipped alone (base64 of the raw wasm would send a third more).
fn first_frame(js: &[u8], wasm: &[u8]) -> Result<pages::FirstFrame, String> {
    use base64::Engine as _;
    use std::io::Write as _;
    let glue = String::from_utf8(js.to_vec()).map_err(|e| format!("first frame glue: {e}"))?;
    let script = esbuild(
        &glue,
        &[
            "--loader=js",
            "--format=iife",
            "--global-name=warpFirst",
            "--minify",
            // The glue's default path for its wasm (`import.meta.url`) is never taken: the
            // loader hands it the bytes.
            "--log-level=error",
        ],
    )?
    .trim_end()
    .to_string();
    let script = format!(
        "{script}\n{}",
        minify(include_str!("first.js"), "js")?.trim_end()
    );
    if script.contains("</script") {
        return Err("a first frame's glue contains \"</script\"".into());
    }
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(wasm).map_err(|e| e.to_string())?;
    let deflated = z.finish().map_err(|e| e.to_string())?;
    Ok(pages::FirstFrame {
        script,
        wasm: base64::engine::general_purpose::STANDARD.encode(deflated),
    })
}

/// The module script a check worker starts from: it instantiates the worker's bundle (`js`,
/// `wasm`, names relative to the script), whose `main` then listens (`src/check_worker.rs`). A
/// worker cannot start from the bundle's own module, which only exports its `init`.
fn worker_script(js: &str, wasm: &str) -> String {
    format!("import init from \"./{js}\";\ninit({{ module_or_path: \"./{wasm}\" }});\n")
}

/// Binds and optimises one bundle's wasm, puts its two files into `files` under names that
/// carry their content hash (`warps-en-3f2a….js`), and returns those names.
fn bundle(
    profile: Profile,
    input: &Path,
    stage: &Path,
    name: &str,
    lang: Option<&str>,
    files: &mut BTreeMap<String, Vec<u8>>,
) -> Result<(String, String), String> {
    let out = lang.map_or_else(|| name.to_string(), |l| format!("{name}-{l}"));
    run(cmd(
        "wasm-bindgen",
        &[
            "--target",
            "web",
            "--no-typescript",
            "--out-dir",
            &stage.display().to_string(),
            "--out-name",
            &out,
            &input.display().to_string(),
        ],
    ))?;
    let wasm = stage.join(format!("{out}_bg.wasm"));
    if profile == Profile::Release {
        // Exports no page calls, dropped before wasm-opt so that their code goes with them
        // (`imports::UNUSED_EXPORTS`).
        let bound = read(&wasm)?;
        let fewer = imports::without_exports(&bound, imports::UNUSED_EXPORTS)
            .ok_or_else(|| format!("{}: a module this build cannot read", wasm.display()))?;
        write(&wasm, &fewer)?;
        let w = wasm.display().to_string();
        // `--low-memory-unused`: addresses below 1,024 are never data here (Rust's wasm32
        // linker puts the 1 MiB stack first, growing down from 1 MiB, so only a stack about to
        // overflow reaches them), which lets binaryen fold constant offsets into loads and
        // stores: 1.3-1.5 kB gzip less a page at no build time (kernel 270.1 -> 268.6 kB;
        // `--converge` would add 1.3 kB more at 2.5x the time, 4 minutes of CI: not taken).
        run(cmd(
            "wasm-opt",
            &[
                "-Oz",
                "--low-memory-unused",
                // What no browser reads (the toolchain's name, the target's features): 0.2 kB
                // a page.
                "--strip-producers",
                "--strip-target-features",
                &w,
                "-o",
                &w,
            ],
        ))?;
    }
    let js_path = stage.join(format!("{out}.js"));
    if profile == Profile::Release {
        let j = js_path.display().to_string();
        run(cmd(
            "esbuild",
            &[
                &j,
                "--minify",
                "--format=esm",
                "--log-level=warning",
                &format!("--outfile={j}"),
                "--allow-overwrite",
            ],
        ))?;
    }
    let (mut js, mut wasm) = (read(&js_path)?, read(&wasm)?);
    if profile == Profile::Release {
        // Nothing left may make the objects whose exports went: their methods would be missing.
        let makers = imports::imports_named(&wasm, imports::UNUSED_EXPORTS).unwrap_or_default();
        if !makers.is_empty() {
            return Err(format!(
                "{out}: the app now makes the wasm-streams objects whose exports the build drops \
                 ({}): take `imports::UNUSED_EXPORTS` out of `dist.rs`",
                makers.join(", ")
            ));
        }
        // Short import and export names in both files (`dist/imports.rs`: 5 kB gzip a page).
        let glue = String::from_utf8(js).map_err(|e| format!("{}: {e}", js_path.display()))?;
        let (short_wasm, short_js) = imports::shorten(&wasm, &glue);
        (wasm, js) = (short_wasm, short_js.into_bytes());
    }
    let names = (
        format!("{out}-{}.js", short_hash(&js)),
        format!("{out}-{}_bg.wasm", short_hash(&wasm)),
    );
    files.insert(names.0.clone(), js);
    files.insert(names.1.clone(), wasm);
    Ok(names)
}

/// The styles of `style/`, base first, as one string.
fn styles() -> Result<String, String> {
    let dir = root().join("style");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "css"))
        .collect();
    names.sort_by_key(|p| (p.file_stem().is_none_or(|s| s != "base"), p.clone()));
    let mut css = String::new();
    for p in names {
        let text = String::from_utf8(read(&p)?).map_err(|e| format!("{}: {e}", p.display()))?;
        css.push_str(&text);
        css.push('\n');
    }
    let css = minify(&css, "css")?;
    // Nothing in a stylesheet may close the <style> element it is inlined into.
    if css.contains("</") {
        return Err("a stylesheet contains \"</\", which would end the inline <style>".into());
    }
    Ok(css)
}

/// `source` minified by esbuild with its `loader` (`css`, `js`): a third less to send before
/// the first paint, in every page.
fn minify(source: &str, loader: &str) -> Result<String, String> {
    esbuild(
        source,
        &[
            &format!("--loader={loader}"),
            "--minify",
            "--log-level=warning",
        ],
    )
    .map_err(|e| format!("esbuild could not minify the {loader}: {e}"))
}

/// `source` through esbuild with `args`, on standard input and output.
fn esbuild(source: &str, args: &[&str]) -> Result<String, String> {
    use std::io::Write as _;
    let mut child = cmd("esbuild", args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("esbuild: {e}"))?;
    child
        .stdin
        .take()
        .ok_or("esbuild: no stdin")?
        .write_all(source.as_bytes())
        .map_err(|e| format!("esbuild: {e}"))?;
    let out = child
        .wait_with_output()
        .map_err(|e| format!("esbuild: {e}"))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).to_string());
    }
    String::from_utf8(out.stdout).map_err(|e| format!("esbuild: {e}"))
}

/// The template without its comments (they are for its readers, not the learners': every page
/// would carry them).
fn without_comments(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find("<!--") {
        out.push_str(&rest[..open]);
        match rest[open..].find("-->") {
            Some(close) => rest = &rest[open + close + 3..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    // The lines a comment left empty.
    out.lines()
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The template with what every page shares filled in: the styles, the loader, the favicon
/// and the CSP (`crate::pages` fills in each page's own parts).
fn index_html(
    table: &BTreeMap<String, (String, String)>,
    routes: &BTreeMap<&str, &str>,
    home: &str,
    favicon: &str,
    style: &str,
    offline: bool,
) -> Result<String, String> {
    let template = without_comments(
        &String::from_utf8(read(&root().join("index.html"))?)
            .map_err(|e| format!("index.html: {e}"))?,
    );
    // Each bundle's two content hashes: the loader writes the names from its key (every page
    // carries this table, and the names' common parts were 0.2 kB gzip of it).
    let hash_of = |name: &str, ext: &str| -> Result<String, String> {
        name.strip_suffix(ext)
            .and_then(|stem| stem.rsplit_once('-'))
            .map(|(_, h)| h.to_string())
            .ok_or_else(|| format!("{name}: not a content-hashed name"))
    };
    let mut bundles: BTreeMap<&str, [String; 2]> = BTreeMap::new();
    // A worker's own bundle is started by its script (`worker_script` names both files), never
    // by the loader: its entry would be 60 bytes of hashes on every page (issue 69's round
    // took the four workers' eight out, as the GPU worker came).
    let a_worker = |n: &str| {
        let bundle = n.split('.').next().unwrap_or(n);
        bundle::WORKERS.iter().any(|(b, _)| *b == bundle)
    };
    for (n, (js, wasm)) in table.iter().filter(|(n, _)| !a_worker(n)) {
        let files = [hash_of(js, ".js")?, hash_of(wasm, "_bg.wasm")?];
        // The loader's rule for the names, checked here: a worker's script carries its own key.
        if *js != format!("{}-{}.js", n.replace('.', "-"), files[0]) {
            return Err(format!("{n}: {js} is not named after its key"));
        }
        bundles.insert(n.as_str(), files);
    }
    let json = |v: serde_json::Value| v.to_string();
    let loader = include_str!("loader.js")
        .replace("__BUNDLES__", &json(serde_json::json!(bundles)))
        .replace("__ROUTES__", &json(serde_json::json!(routes)))
        .replace("__HOME__", &json(serde_json::json!(home)))
        .replace("__EXAMPLES__", &example_routes())
        .replace(
            "__PENDING__",
            &json(serde_json::json!(warp_model::assignment::PENDING_KEY)),
        )
        .replace(
            "__VIEWS__",
            &json(serde_json::json!(Panel::ALL
                .iter()
                .map(|p| p.name())
                .collect::<Vec<_>>())),
        )
        .replace(
            "__LANGS__",
            &json(serde_json::json!(Lang::ALL
                .iter()
                .map(|l| l.code())
                .collect::<Vec<_>>())),
        )
        .replace(
            "__FIRST__",
            &json(serde_json::json!(bundle::FIRST_FRAMES
                .iter()
                .map(|p| p.name())
                .collect::<Vec<_>>())),
        )
        .replace(
            "__CHALLENGES__",
            &json(serde_json::json!(
                warp_model::kernel_lab::challenge::builtin::NAMES
            )),
        )
        .replace(
            "__PAGE_KEYS__",
            &json(serde_json::json!(warp_model::page::PAGE_KEYS)),
        )
        .replace("__STYLE__", &json(serde_json::json!(style)))
        // The challenge's bundle, where the build has one (not the dev build's one bundle).
        .replace(
            "__CHALLENGE__",
            &json(if table.keys().any(|k| k.starts_with(bundle::CHALLENGE)) {
                serde_json::json!(bundle::CHALLENGE)
            } else {
                serde_json::Value::Null
            }),
        )
        // `serve` rebuilds often: a worker would answer the next reload from its cache.
        .replace("__OFFLINE__", if offline { "true" } else { "false" });
    // Minified in the release build (its comments are a third of it, in every page).
    let loader = if offline {
        minify(&loader, "js")?.trim_end().to_string()
    } else {
        loader
    };
    if loader.contains("</script") {
        return Err("the loader contains \"</script\"".into());
    }
    // The styles are each page's own (`Template::page`), filled after the CSP's hashes (which
    // are the scripts').
    let html = template
        .replace("__WARP_LAB_LOADER__", &loader)
        .replace("__WARP_LAB_FAVICON__", &format!("./{favicon}"));
    csp::fill(&html)
}

/// The bundle a page's state starts (`route`, as the loader picks it): a tool's, a panel's, or
/// the home view's.
fn bundle_of(query: &str) -> &'static str {
    let q = warp_model::query::Query::parse(query);
    let route = warp_model::page::route(&q);
    match (route.tool, route.panel) {
        (Some(t), _) => t.name(),
        (None, Some(p)) => bundle::of_panel(p, &q),
        (None, None) => HOME,
    }
}

/// What a bundle's files say, in both languages (its wasm's strings and its JS glue), as text
/// to search for class names.
fn bundle_files(files: &BTreeMap<String, Vec<u8>>, name: &str) -> String {
    let prefix = format!("{name}-");
    files
        .iter()
        .filter(|(n, _)| n.starts_with(&prefix))
        .map(|(_, data)| String::from_utf8_lossy(data))
        .collect()
}

/// `example=` → panel, as the loader reads it: `"divergence/C10":"divergence"` (the key as
/// declared, which is the one a page has; the loader routes any case, as `examples::find`
/// accepts).
fn example_routes() -> String {
    let map: BTreeMap<String, &str> = examples::ALL
        .iter()
        .map(|e| (e.key(), e.panel.name()))
        .collect();
    serde_json::json!(map).to_string()
}

/// The service worker for this deployment's files and prerendered pages (file name → language,
/// whether it is an embed, bytes).
fn service_worker(
    files: &BTreeMap<String, Vec<u8>>,
    pages: &BTreeMap<String, (Lang, bool, Vec<u8>)>,
) -> String {
    let mut all = Sha256::new();
    for (name, data) in files
        .iter()
        .chain(pages.iter().map(|(n, (_, _, d))| (n, d)))
    {
        all.update(name.as_bytes());
        all.update(data);
    }
    let version = format!("warp-lab-{}", hex(&all.finalize()));
    // Kept at install: the page (under its folder's own address too) and the files every page
    // shares, plus the bundles of the page's language (the worker is registered with
    // `?lang=`) and that language's prerendered pages, each under its folder's address
    // (`./warps/`) as links name them; an embed's page and the other language's files are kept
    // when first fetched.
    let dot = |n: &str| format!("./{n}");
    let in_lang = |lang: &str| -> Vec<String> {
        files
            .keys()
            .filter(|n| n.contains(&format!("-{lang}-")))
            .map(|n| dot(n))
            .collect()
    };
    let (en, hinglish) = (in_lang("en"), in_lang("hinglish"));
    let mut common: Vec<String> = vec![dot(""), dot("files.txt")];
    common.extend(
        files
            .keys()
            .map(|n| dot(n))
            .filter(|n| !en.contains(n) && !hinglish.contains(n)),
    );
    let pages_in = |lang: Lang| -> Vec<String> {
        pages
            .iter()
            .filter(|(_, (l, embed, _))| *l == lang && !embed)
            .map(|(n, _)| dot(n.trim_end_matches("index.html")))
            .filter(|n| n != "./")
            .collect()
    };
    let list = serde_json::json!({
        "common": common,
        "en": en,
        "hinglish": hinglish,
        "pages": { "en": pages_in(Lang::En), "hinglish": pages_in(Lang::Hinglish) },
    });
    include_str!("sw.js")
        .replace("__VERSION__", &serde_json::Value::from(version).to_string())
        .replace("__FILES__", &list.to_string())
}

/// Every file of the site, one a line (`files.txt`, itself included): what an LMS package
/// copies, and what a check of the deployment can compare.
fn files_list(files: &BTreeMap<String, Vec<u8>>) -> String {
    let mut names: Vec<&str> = files.keys().map(String::as_str).collect();
    names.extend(["files.txt", "sw.js"]);
    names.sort_unstable();
    names.iter().fold(String::new(), |mut s, n| {
        let _ = writeln!(s, "{n}");
        s
    })
}

mod imports;
mod styles;

#[cfg(test)]
mod tests;
