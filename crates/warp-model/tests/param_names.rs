//! Every parameter name the model itself writes is one the panel it targets declares (issue 31).
//!
//! A panel reads only the URL keys of its own `PARAMS` (`Inputs::from_query`); a key it does
//! not declare is kept in the URL but read by nobody, so a typo in a preset (`pathz=30,30`)
//! opens the panel on its defaults and no test of the preset's numbers need notice. This file
//! walks every place the model names parameters, through its public API:
//!
//! - each panel's modes: the mode parameter, each mode's parameters, the parameter that implies
//!   it and its starter values (these are parameter *names*: `Inputs::set_field` and
//!   `Inputs::in_use` compare `Param::name`), and each parameter's `reset_by` (URL keys: read
//!   with `Query::get`);
//! - each worked example's preset parameters (applied with `Inputs::from_params`, so URL keys of
//!   the example's panel) and its follow-up links;
//! - each "Start here" lesson's `opens`;
//! - each kernel-lab preset's launch parameters (applied over the kernel panel's inputs) and the
//!   cross-panel links the lab builds from a run (`Links`: divergence, loop counts, coalescing,
//!   roofline, warps, banks), got by running every preset and a few kernels written here to reach the
//!   links' other spellings;
//! - the quiz's links: each seed card's, each generated question's, a stored quiz's
//!   (`QuizKey::query`) and an LMS package's launch query (`QuizSpec::launch_query`).
//!
//! A link is parsed with `Query::parse`; its panel is the one `page::route` opens (`panel=`, or
//! the example's panel for `example=`). Every key must be a page-level key (`page::PAGE_KEYS`,
//! their one home) or a URL key the panel declares.

use std::collections::BTreeMap;

use warp_model::examples;
use warp_model::i18n::Lang;
use warp_model::kernel_lab::panel::{evaluate, KernelInput, PRESETS};
use warp_model::lessons::START_HERE;
use warp_model::lms::{PassScore, QuizSpec};
use warp_model::page::{route, PAGE_KEYS};
use warp_model::panel::Modes;
use warp_model::query::Query;
use warp_model::quiz::progress::QuizKey;
use warp_model::quiz::{generate_from, seed_bank, Draw, Rng, Template, Topic};
use warp_model::registry::Panel;

/// What one panel declares: its parameters' names (what modes and starters name) and the URL
/// keys they are read from (what a query names). They differ only for a parameter carried as a
/// part of another's value: the warps panel's `block-x`, `block-y` and `block-z` are read from
/// `block=X,Y,Z`, so `block` is a key and no name, `block-x` a name and no key.
struct Declared {
    panel: &'static str,
    names: Vec<&'static str>,
    keys: Vec<&'static str>,
}

impl Declared {
    fn of(panel: Panel) -> Declared {
        let spec = panel.spec();
        let mut keys: Vec<&'static str> = Vec::new();
        for p in spec.params {
            if !keys.contains(&p.url_key()) {
                keys.push(p.url_key());
            }
        }
        Declared {
            panel: spec.name,
            names: spec.params.iter().map(|p| p.name).collect(),
            keys,
        }
    }
}

/// The keys of a parsed query, each once, in order, decoded as `Query` decodes them (`Query`
/// lists no keys, so its own serialization is read back with the same WHATWG rules).
fn keys_of(q: &Query) -> Vec<String> {
    let search = q.to_search();
    let mut keys: Vec<String> = Vec::new();
    for (k, _) in form_urlencoded::parse(search.trim_start_matches('?').as_bytes()) {
        let k = k.into_owned();
        assert!(q.get(&k).is_some(), "`{k}` read back from {search}");
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys
}

/// The queries and names checked so far, counted by source, and what was wrong with them.
#[derive(Default)]
struct Checker {
    checked: BTreeMap<&'static str, usize>,
    findings: Vec<String>,
}

impl Checker {
    fn count(&mut self, source: &'static str) {
        *self.checked.entry(source).or_default() += 1;
    }

    /// Every key of `q` is a page-level key or one `panel` declares. `what` names the query in a
    /// finding ("example divergence/C4").
    fn keys(&mut self, source: &'static str, what: &str, q: &Query, panel: Panel) {
        self.count(source);
        let d = Declared::of(panel);
        for key in keys_of(q) {
            if !PAGE_KEYS.contains(&key.as_str()) && !d.keys.contains(&key.as_str()) {
                self.findings.push(format!(
                    "{what} uses `{key}`, which panel {} does not declare (declared: {}; page-level: {})",
                    d.panel,
                    d.keys.join(", "),
                    PAGE_KEYS.join(", ")
                ));
            }
        }
    }

    /// A link (a query string, `?` or not): it must open a panel (`panel=` or `example=`), and
    /// every key must be that panel's or the page's.
    fn link(&mut self, source: &'static str, what: &str, text: &str) {
        let q = Query::parse(text);
        let r = route(&q);
        if let Some(e) = r.errors.first() {
            self.count(source);
            self.findings
                .push(format!("{what} (`{text}`) opens no panel: {}", e.message));
            return;
        }
        let Some(panel) = r.panel else {
            self.count(source);
            self.findings
                .push(format!("{what} (`{text}`) names no panel and no example"));
            return;
        };
        self.keys(source, what, &q, panel);
    }

    /// A preset's parameters, applied over `panel`'s inputs whatever they say.
    fn preset(&mut self, source: &'static str, what: &str, pairs: &[(&str, &str)], panel: Panel) {
        let mut q = Query::default();
        for (k, v) in pairs {
            q.push(k, v);
        }
        self.keys(source, what, &q, panel);
    }

    /// One parameter name (not a URL key) that `what` uses, declared by `d`'s panel.
    fn name(&mut self, what: &str, name: &str, d: &Declared) {
        if !d.names.contains(&name) {
            self.findings.push(format!(
                "{what} uses `{name}`, which panel {} does not declare (declared names: {})",
                d.panel,
                d.names.join(", ")
            ));
        }
    }

    /// A panel's modes: the mode parameter, and each mode's parameters, the parameter that
    /// implies it and its starter's names.
    fn modes(&mut self, modes: &Modes, d: &Declared) {
        self.count("mode parameters");
        self.name(
            &format!("the modes of panel {}", d.panel),
            modes.param.name,
            d,
        );
        for mode in modes.only {
            self.count("modes");
            let what = format!("mode {}/{}", d.panel, mode.value);
            for p in mode.params {
                self.name(&format!("{what}'s parameter list"), p, d);
            }
            if let Some(p) = mode.infer_from {
                self.name(&format!("{what}'s infer_from"), p, d);
            }
            for (p, _) in mode.starter {
                self.name(&format!("{what}'s starter"), p, d);
            }
        }
    }

    /// No finding; prints what was checked (`--nocapture` shows it).
    fn assert_clean(&self) {
        for (source, n) in &self.checked {
            println!("{source}: {n} checked");
        }
        assert!(
            self.findings.is_empty(),
            "{} undeclared parameter name(s):\n{}",
            self.findings.len(),
            self.findings.join("\n")
        );
    }
}

#[test]
fn modes_starters_and_resets_name_declared_parameters() {
    let mut c = Checker::default();
    for &panel in Panel::ALL {
        let spec = panel.spec();
        let d = Declared::of(panel);
        if let Some(modes) = spec.modes {
            c.modes(&modes, &d);
        }
        // `reset_by` is read with `Query::get`: URL keys of the same panel.
        for p in spec.params {
            for r in p.reset_by {
                c.count("reset_by");
                if !d.keys.contains(r) {
                    c.findings.push(format!(
                        "parameter {}/{}'s reset_by names `{r}`, which panel {} does not declare (declared: {})",
                        d.panel,
                        p.name,
                        d.panel,
                        d.keys.join(", ")
                    ));
                }
            }
        }
    }
    // Divergence (paths / loop / condition), latency (textbook / hardware), banks (stride /
    // tile), mma (fragment / ldmatrix) and memory (hierarchy / roofline): five panels with
    // modes, eleven modes.
    assert_eq!(c.checked.get("mode parameters"), Some(&5));
    assert_eq!(c.checked.get("modes"), Some(&11));
    c.assert_clean();
}

#[test]
fn examples_and_their_follow_ups_name_declared_parameters() {
    let mut c = Checker::default();
    for ex in examples::ALL {
        let what = format!("example {}", ex.key());
        c.preset("example presets", &what, ex.params, ex.panel);
        // The example's own link opens its panel with its parameters on top.
        let mut own = Query::default();
        own.push("example", &ex.key());
        for (k, v) in ex.params {
            own.push(k, v);
        }
        c.link(
            "example links",
            &format!("{what}'s own link"),
            &own.to_search(),
        );
        for (i, q) in ex.follow_ups.iter().enumerate() {
            c.link(
                "example follow-ups",
                &format!("{what}'s follow-up {}", i + 1),
                q,
            );
        }
    }
    assert_eq!(c.checked["example presets"], examples::ALL.len());
    assert!(c.checked["example follow-ups"] > 0);
    c.assert_clean();
}

#[test]
fn lessons_open_declared_parameters() {
    let mut c = Checker::default();
    for lesson in &START_HERE {
        c.link("lessons", &format!("lesson {}", lesson.id), lesson.opens);
        // A lesson that opens an example opens its preset too.
        if let Some(ex) = lesson.example() {
            c.preset(
                "lesson presets",
                &format!("lesson {} (example {})", lesson.id, ex.key()),
                ex.params,
                ex.panel,
            );
        }
    }
    assert_eq!(c.checked["lessons"], START_HERE.len());
    c.assert_clean();
}

/// Runs the kernel lab on `src` with launch parameters `launch` and checks every cross-panel
/// link the run offers; returns which kinds of link it offered (none for a run that does not
/// finish: the spin-lock preset under `sched=stack` livelocks, on purpose).
fn kernel_links(c: &mut Checker, what: &str, src: &str, launch: &str) -> Vec<&'static str> {
    let mut q = Query::parse(launch);
    q.set("src", Some(src));
    let out = evaluate(&KernelInput::from_query(&q, &KernelInput::default()));
    let Some(links) = out.links else {
        println!("{what}: no links ({} error(s))", out.errors.len());
        return Vec::new();
    };
    let mut kinds = vec!["warps"];
    c.link(
        "kernel links",
        &format!("{what}'s warps link"),
        &links.warps,
    );
    if let Some(l) = &links.divergence {
        kinds.push("divergence");
        c.link("kernel links", &format!("{what}'s divergence link"), l);
    }
    if let Some(l) = &links.loop_counts {
        kinds.push("loop counts");
        c.link("kernel links", &format!("{what}'s loop-counts link"), l);
    }
    if let Some(l) = &links.coalescing {
        kinds.push("coalescing");
        c.link("kernel links", &format!("{what}'s coalescing link"), l);
    }
    if let Some(l) = &links.roofline {
        kinds.push("roofline");
        c.link("kernel links", &format!("{what}'s roofline link"), l);
    }
    for (line, l) in &links.banks {
        kinds.push("banks");
        c.link(
            "kernel links",
            &format!("{what}'s banks link (line {line})"),
            l,
        );
    }
    kinds
}

#[test]
fn kernel_presets_and_the_links_they_offer_name_declared_parameters() {
    let mut c = Checker::default();
    let mut kinds: Vec<&str> = Vec::new();
    for (i, (label, src, launch)) in PRESETS.iter().enumerate() {
        let what = format!("kernel preset {i} ({})", label.key());
        // The app applies a preset's launch over the kernel panel's inputs
        // (`KernelInput::from_query(&Query::parse(params), …)`, `src/panels/kernel.rs`).
        c.keys(
            "kernel presets",
            &what,
            &Query::parse(launch),
            Panel::Kernel,
        );
        kinds.extend(kernel_links(&mut c, &what, src, launch));
    }
    // The links' other spellings, which no preset reaches: a branch without an else
    // (`paths=T,1`), a grid over n elements (`&n=`), and a shared read that starts off a bank
    // boundary with fewer than 32 lanes (`&offset=…&lanes=…`: 16 lanes at s[threadIdx.x + 1],
    // 4-byte words, so offset 4).
    let written_here = [
        (
            "a branch without else",
            "__global__ void k(float* out) {\n    if (threadIdx.x < 8) {\n        work(10);\n    }\n}\n",
            "block=32",
        ),
        (
            "a guarded grid",
            "__global__ void k(float* a, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) {\n        a[i] = 1.0f;\n    }\n}\n",
            "block=64&n=100",
        ),
        (
            "a shifted shared read",
            "__global__ void k(float* out) {\n    __shared__ float s[64];\n    s[threadIdx.x] = 1.0f;\n    __syncthreads();\n    out[threadIdx.x] = s[threadIdx.x + 1];\n}\n",
            "block=16",
        ),
    ];
    for (what, src, launch) in written_here {
        let offered = kernel_links(&mut c, &format!("kernel {what}"), src, launch);
        println!("kernel {what}: {offered:?}");
        kinds.extend(offered);
    }
    // Every kind of link was built at least once, so none goes unchecked.
    for kind in [
        "warps",
        "divergence",
        "loop counts",
        "coalescing",
        "banks",
        "roofline",
    ] {
        assert!(kinds.contains(&kind), "no kernel run offered a {kind} link");
    }
    assert_eq!(c.checked["kernel presets"], PRESETS.len());
    c.assert_clean();
}

#[test]
fn quiz_links_name_declared_parameters() {
    let mut c = Checker::default();
    for q in seed_bank() {
        if let Some(l) = &q.link {
            c.link("quiz card links", &format!("quiz card {}", q.qid), l);
        }
    }
    // Each template over 200 seeds: every branch of its link (`panel=banks&tile=32&pad=…` or
    // `…&elem=…&stride=…`, a thread or not) comes up.
    for template in Template::ALL {
        for seed in 0..200 {
            let q = generate_from(template, &mut Rng::new(seed));
            match &q.link {
                Some(l) => c.link(
                    "generated question links",
                    &format!("generated question {} (seed {seed})", q.qid),
                    l,
                ),
                None => c.findings.push(format!(
                    "generated question {} (seed {seed}) has no link",
                    q.qid
                )),
            }
        }
    }
    // A stored quiz's link and an LMS package's launch, for every topic and draw.
    let topics = std::iter::once(None).chain(Topic::ALL.into_iter().map(Some));
    for topic in topics {
        for draw in (1..=3).filter_map(Draw::from_number) {
            let key = QuizKey {
                topic,
                seed: 42,
                count: 8,
                draw,
            };
            c.link(
                "stored quiz links",
                &format!("stored quiz {key}"),
                &key.query(),
            );
            let spec = QuizSpec {
                topic,
                seed: 42,
                count: 8,
                draw,
            };
            for lang in [Lang::En, Lang::Hinglish] {
                c.link(
                    "LMS launch queries",
                    &format!("LMS package {} ({lang:?})", spec.identifier()),
                    &spec.launch_query(lang, PassScore::DEFAULT),
                );
            }
        }
    }
    assert!(c.checked["quiz card links"] > 0);
    c.assert_clean();
}

/// The checker itself: a name no panel declares is reported, with its source, its panel and
/// what that panel does declare; page-level keys and declared ones are not.
#[test]
fn the_checker_reports_an_undeclared_name() {
    let mut c = Checker::default();
    // Declared keys (`paths`, `lanes`; `block` for warps' three parts), page-level keys: clean.
    c.link(
        "synthetic",
        "good divergence link",
        "panel=divergence&paths=30,30&lanes=31,1&embed=1&lang=hinglish",
    );
    c.link(
        "synthetic",
        "good example link",
        "example=divergence/C4&paths=5,5",
    );
    c.preset(
        "synthetic",
        "good warps preset",
        &[("block", "48,4")],
        Panel::Warps,
    );
    assert!(c.findings.is_empty(), "{:?}", c.findings);

    // A typo in a link.
    c.link(
        "synthetic",
        "example divergence/C4",
        "panel=divergence&pathz=30,30",
    );
    // A part's name is no URL key: `block-x=48` is read by nobody (the key is `block`).
    c.preset(
        "synthetic",
        "warps preset",
        &[("block-x", "48")],
        Panel::Warps,
    );
    // A key another panel declares: `stride` is coalescing's and banks', not latency's.
    c.link("synthetic", "latency link", "?panel=latency&L=300&stride=4");
    // An example's panel, not `panel=`'s, is the one its keys must belong to.
    c.link("synthetic", "example link", "example=warp-scheduling/A&W=9");
    // A link that opens no panel.
    c.link("synthetic", "nowhere link", "paths=1");
    c.link("synthetic", "bad panel link", "panel=nope&paths=1");
    assert_eq!(c.findings.len(), 6, "{:#?}", c.findings);
    assert_eq!(
        c.findings[0],
        format!(
            "example divergence/C4 uses `pathz`, which panel divergence does not declare \
             (declared: {}; page-level: {})",
            Declared::of(Panel::Divergence).keys.join(", "),
            PAGE_KEYS.join(", ")
        )
    );
    assert!(
        c.findings[0].contains("declared: mode, paths, lanes"),
        "{}",
        c.findings[0]
    );
    assert!(c.findings[1].starts_with("warps preset uses `block-x`, which panel warps"));
    assert!(c.findings[2].starts_with("latency link uses `stride`, which panel latency"));
    assert!(c.findings[3].starts_with("example link uses `W`, which panel warps"));
    assert!(c.findings[4].starts_with("nowhere link (`paths=1`) names no panel"));
    assert!(c.findings[5].starts_with("bad panel link (`panel=nope&paths=1`) opens no panel"));

    // A mode that lists a name its panel does not declare, and a starter that does.
    let banks = warp_model::banks::panel::MODES;
    let bad = Modes {
        only: &[warp_model::panel::ModeSpec {
            value: "tile",
            params: &["tile", "padd"],
            infer_from: Some("tiles"),
            starter: &[("tile", "32"), ("swizle", "xor")],
        }],
        ..banks
    };
    let mut c = Checker::default();
    c.modes(&banks, &Declared::of(Panel::Banks));
    assert!(c.findings.is_empty(), "{:?}", c.findings);
    c.modes(&bad, &Declared::of(Panel::Banks));
    let names: Vec<&str> = c
        .findings
        .iter()
        .filter_map(|f| f.split('`').nth(1))
        .collect();
    assert_eq!(names, ["padd", "tiles", "swizle"], "{:#?}", c.findings);
    assert!(c.findings[0].starts_with(
        "mode banks/tile's parameter list uses `padd`, which panel banks does not declare"
    ));
}
