use super::*;

#[test]
fn every_panel_tool_and_example_is_listed_with_its_bundle() {
    let mut routes = BTreeMap::new();
    for p in Panel::ALL {
        routes.insert(p.name(), p.name());
    }
    routes.insert("assignment", "assignment");
    routes.insert("author", "author");
    let v: Value =
        serde_json::from_str(&registry_json(&routes, &[("kernel", "challenge")], true)).unwrap();
    assert_eq!(v["panels"].as_array().unwrap().len(), Panel::ALL.len());
    assert_eq!(v["examples"].as_array().unwrap().len(), examples::ALL.len());
    assert_eq!(v["tools"][1]["bundle"], "author");
    // The kernel lab's other bundle, a challenge's page; no other panel has one.
    let also: Vec<(String, Value)> = v["panels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap().to_string(), p["also"].clone()))
        .filter(|(_, a)| a.as_array().is_some_and(|a| !a.is_empty()))
        .collect();
    assert_eq!(also, [("kernel".to_string(), json!(["challenge"]))]);
    // The warps panel's block-x is a whole number 1–1024 carried in the URL as `block`.
    let warps = &v["panels"][0];
    assert_eq!(warps["name"], "warps");
    let bx = &warps["params"][0];
    assert_eq!(
        (&bx["name"], &bx["key"], &bx["kind"], &bx["max"]),
        (
            &json!("block-x"),
            &json!("block"),
            &json!("whole"),
            &json!(1024)
        )
    );
    let c4 = v["examples"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == "divergence/C4")
        .unwrap();
    assert_eq!(
        (&c4["panel"], &c4["forecast"]),
        (&json!("divergence"), &json!("efficiency"))
    );
}

#[test]
fn the_prerendered_pages_are_listed_with_their_state_and_language() {
    let routes = BTreeMap::new();
    let v: Value =
        serde_json::from_str(&registry_json(&routes, &[("kernel", "challenge")], true)).unwrap();
    let pages = v["prerendered"].as_array().unwrap();
    // Per language: the home view, and each panel and example plain and embedded; and each of
    // those of a panel with a first frame again under `with/`, carrying it (issue 63).
    assert_eq!(pages.len(), warp_model::site::pages().len());
    let under = |folder: &str| {
        pages
            .iter()
            .filter(|p| p["path"].as_str().is_some_and(|p| p.ends_with(folder)))
            .count()
    };
    // And each example as an assignment's graded step, under its embed's page.
    assert_eq!(under("/graded/"), 2 * examples::ALL.len());
    // And each built-in challenge, plain and embedded, under the kernel lab's (issue 63).
    let challenges = warp_model::kernel_lab::challenge::builtin::NAMES.len();
    assert_eq!(
        pages.len() - under("/with/") - under("/graded/"),
        2 * (1 + 2 * (Panel::ALL.len() + examples::ALL.len() + challenges))
    );
    assert!(pages.contains(&json!({
        "path": "hinglish/embed/kernel/challenge/warp-scan/",
        "query": "panel=kernel&challenge=warp-scan&embed=1",
        "lang": "hinglish"
    })));
    assert!(pages.contains(&json!({
        "path": "hinglish/embed/coalescing/with/",
        "query": "panel=coalescing&embed=1",
        "lang": "hinglish"
    })));
    assert_eq!(pages[0], json!({ "path": "", "query": "", "lang": "en" }));
    assert!(pages.contains(&json!({
        "path": "hinglish/example/divergence/C1/",
        "query": "example=divergence/C1",
        "lang": "hinglish"
    })));
    assert!(pages.contains(
        &json!({ "path": "embed/warps/", "query": "panel=warps&embed=1", "lang": "en" })
    ));
    // The dev build prerenders none.
    let dev: Value = serde_json::from_str(&registry_json(&routes, &[], false)).unwrap();
    assert_eq!(dev["prerendered"], json!([]));
}
