#[test]
fn reads_the_locked_wasm_bindgen_version() {
    let v = super::locked_wasm_bindgen().unwrap();
    assert!(v.starts_with("0.2."), "{v}");
}
