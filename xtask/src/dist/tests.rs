use super::*;

fn site(wasm: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    files.insert("index.html".to_string(), b"<html>".to_vec());
    files.insert("favicon-00.svg".to_string(), b"<svg/>".to_vec());
    files.insert("warps-en-aa.js".to_string(), b"js".to_vec());
    files.insert("warps-en-bb_bg.wasm".to_string(), wasm.to_vec());
    files.insert("warps-hinglish-cc.js".to_string(), b"js".to_vec());
    files
}

#[test]
fn a_new_deployment_is_a_new_cache() {
    let none = BTreeMap::new();
    let (a, b) = (
        service_worker(&site(b"one"), &none),
        service_worker(&site(b"two"), &none),
    );
    let version = |sw: &str| {
        sw.lines()
            .find(|l| l.starts_with("var VERSION"))
            .unwrap()
            .to_string()
    };
    assert_ne!(
        version(&a),
        version(&b),
        "a changed wasm must change the cache name"
    );
    assert_eq!(version(&a), version(&service_worker(&site(b"one"), &none)));
    assert!(version(&a).contains("\"warp-lab-"), "{}", version(&a));
    // Each language's bundles apart; the page and the shared files in common.
    assert!(
        a.contains(r#""en":["./warps-en-aa.js","./warps-en-bb_bg.wasm"]"#),
        "{a}"
    );
    assert!(
        a.contains(r#""hinglish":["./warps-hinglish-cc.js"]"#),
        "{a}"
    );
    assert!(
        a.contains(r#""common":["./","./files.txt","./favicon-00.svg","./index.html"]"#),
        "{a}"
    );
    assert!(!a.contains("__"), "a placeholder was left: {a}");
}

#[test]
fn every_example_routes_to_its_panel() {
    let map = example_routes();
    assert!(map.contains(r#""divergence/C10":"divergence""#), "{map}");
    assert!(map.contains(r#""execution-model/I":"warps""#), "{map}");
    assert_eq!(map.matches(':').count(), examples::ALL.len());
}

#[test]
fn the_release_builds_one_bundle_per_page() {
    let (names, routes, home) = bundles(Profile::Release);
    // The home view, each tool page (assignment, author), each panel, a challenge's page (the
    // kernel lab with its challenge box, issue 46's round), the four workers, the check's
    // (issue 43), the quiz's solutions' (issue 46), the plain lab's runs' (issue 65) and its
    // GPU runs' (issue 69), and the pages' first frames (issue 63), which no page routes to.
    assert_eq!(
        names.len(),
        Panel::ALL.len() + Tool::ALL.len() + 6 + bundle::FIRST_FRAMES.len()
    );
    for p in bundle::FIRST_FRAMES {
        let first = bundle::first_frame(p).unwrap_or_default();
        assert!(names.contains(&first.as_str()) && !routes.values().any(|b| *b == first));
        assert!(
            root().join("src/bin").join(format!("{first}.rs")).exists(),
            "{first}"
        );
    }
    assert!(names.contains(&bundle::CHALLENGE));
    assert!(root().join("src/bin/challenge.rs").exists());
    assert_eq!(
        bundle_of("panel=kernel&challenge=add-ten"),
        bundle::CHALLENGE
    );
    assert_eq!(bundle_of("panel=kernel&challenge=+"), "kernel");
    assert_eq!(bundle_of("panel=kernel"), "kernel");
    for (worker, _) in bundle::WORKERS {
        assert!(names.contains(&worker) && !routes.values().any(|b| *b == worker));
        assert!(root().join("src/bin").join(format!("{worker}.rs")).exists());
    }
    assert_eq!(home, HOME);
    assert!(names.contains(&home));
    for t in Tool::ALL {
        assert_eq!(routes.get(t.name()), Some(&t.name()));
        assert!(names.contains(&t.name()));
        assert!(root()
            .join("src/bin")
            .join(format!("{}.rs", t.name()))
            .exists());
    }
    for p in Panel::ALL {
        assert_eq!(routes.get(p.name()), Some(&p.name()));
        // Each bundle is a binary of the app: src/bin/<panel>.rs.
        let bin = root().join("src/bin").join(format!("{}.rs", p.name()));
        assert!(bin.exists(), "{} has no bundle", bin.display());
    }
    let (dev, routes, home) = bundles(Profile::Dev);
    assert_eq!(
        dev,
        [
            ALL,
            bundle::CHECK,
            bundle::SOLVE,
            bundle::RUN,
            bundle::GPU_RUN
        ]
    );
    // The home view is served by a bundle the dev build has (issue 33: it asked for `home`).
    assert_eq!(home, ALL);
    assert!(routes.values().all(|b| *b == ALL));
    // The check worker's starting script imports its bundle and names its wasm, both beside it.
    assert_eq!(
        worker_script("check-en-1.js", "check-en-2_bg.wasm"),
        "import init from \"./check-en-1.js\";\ninit({ module_or_path: \"./check-en-2_bg.wasm\" });\n"
    );
    assert_eq!(routes.get("author"), Some(&ALL));
    assert_eq!(short_hash(b"abc"), "ba7816bf8f");
}

#[test]
fn the_worker_keeps_its_languages_pages_and_a_changed_page_is_a_new_cache() {
    let mut pages = BTreeMap::new();
    pages.insert(
        "index.html".to_string(),
        (Lang::En, false, b"home".to_vec()),
    );
    pages.insert(
        "warps/index.html".to_string(),
        (Lang::En, false, b"w".to_vec()),
    );
    pages.insert(
        "embed/warps/index.html".to_string(),
        (Lang::En, true, b"e".to_vec()),
    );
    pages.insert(
        "hinglish/warps/index.html".to_string(),
        (Lang::Hinglish, false, b"h".to_vec()),
    );
    let sw = service_worker(&site(b"one"), &pages);
    // Under their folders' addresses, as links name them; no embed (kept when first opened),
    // and the root's page is `./index.html` of the common files already.
    assert!(
        sw.contains(r#""pages":{"en":["./warps/"],"hinglish":["./hinglish/warps/"]}"#),
        "{sw}"
    );
    let version = |sw: &str| {
        sw.lines()
            .find(|l| l.starts_with("var VERSION"))
            .unwrap()
            .to_string()
    };
    pages.insert(
        "warps/index.html".to_string(),
        (Lang::En, false, b"w2".to_vec()),
    );
    assert_ne!(
        version(&sw),
        version(&service_worker(&site(b"one"), &pages))
    );
}

#[test]
fn the_templates_comments_stay_out_of_the_pages() {
    assert_eq!(
        without_comments("<html>\n  <!-- for readers\n  of the template -->\n  <head>x</head><!-- y -->\n</html>"),
        "<html>\n  <head>x</head>\n</html>"
    );
}

#[test]
fn the_loaders_table_names_each_workers_script_and_no_workers_own_bundle() {
    // The check worker's bundle (`check`) and its script (`check-worker`), as the build makes
    // them, beside a page's bundle: the page starts the script, the script its bundle.
    let mut table = BTreeMap::new();
    for (key, js, wasm) in [
        ("author.en", "author-en-aa11.js", "author-en-bb22_bg.wasm"),
        ("check.en", "check-en-cc33.js", "check-en-dd44_bg.wasm"),
        (
            "check-worker.en",
            "check-worker-en-ee55.js",
            "check-en-dd44_bg.wasm",
        ),
    ] {
        table.insert(key.to_string(), (js.to_string(), wasm.to_string()));
    }
    let routes = BTreeMap::from([("author", "author")]);
    let html = index_html(
        &table,
        &routes,
        "home",
        "favicon-00.svg",
        "style-00.css",
        true,
    )
    .unwrap();
    assert!(html.contains(r#""author.en":["aa11","bb22"]"#), "{html}");
    assert!(
        html.contains(r#""check-worker.en":["ee55","dd44"]"#),
        "{html}"
    );
    assert!(!html.contains("check.en"), "{html}");
}
