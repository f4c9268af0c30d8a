use super::*;

#[test]
fn every_panel_tool_and_example_is_listed_with_its_bundle() {
    let mut routes = BTreeMap::new();
    for p in Panel::ALL {
        routes.insert(p.name(), p.name());
    }
    routes.insert("assignment", "assignment");
    routes.insert("author", "assignment");
    let v: Value = serde_json::from_str(&registry_json(&routes)).unwrap();
    assert_eq!(v["panels"].as_array().unwrap().len(), Panel::ALL.len());
    assert_eq!(v["examples"].as_array().unwrap().len(), examples::ALL.len());
    assert_eq!(v["tools"][1]["bundle"], "assignment");
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
