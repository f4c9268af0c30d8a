use super::*;

/// A module of one function type, `() -> ()`, and imports of it: each (`wbg`, name).
fn module(names: &[&str]) -> Vec<u8> {
    let mut section = Vec::new();
    put_leb(&mut section, names.len() as u64);
    for n in names {
        for s in ["wbg", n] {
            put_leb(&mut section, s.len() as u64);
            section.extend_from_slice(s.as_bytes());
        }
        section.extend_from_slice(&[0, 0]);
    }
    let mut m = b"\0asm\x01\0\0\0".to_vec();
    m.extend_from_slice(&[1, 4, 1, 0x60, 0, 0]);
    m.push(2);
    put_leb(&mut m, section.len() as u64);
    m.extend_from_slice(&section);
    m
}

/// `wasm` with an export section: each name exports function 0 (the first import).
fn with_exports(mut wasm: Vec<u8>, names: &[&str]) -> Vec<u8> {
    let mut section = Vec::new();
    put_leb(&mut section, names.len() as u64);
    for e in names {
        put_leb(&mut section, e.len() as u64);
        section.extend_from_slice(e.as_bytes());
        section.extend_from_slice(&[0, 0]);
    }
    wasm.push(7);
    put_leb(&mut wasm, section.len() as u64);
    wasm.extend_from_slice(&section);
    wasm
}

/// The names of `wasm`'s exports.
fn export_names(wasm: &[u8]) -> Vec<String> {
    let mut names = Vec::new();
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        if let Ok(wasmparser::Payload::ExportSection(reader)) = payload {
            names = reader
                .into_iter()
                .map(|e| e.expect("an export").name.to_string())
                .collect();
        }
    }
    names
}

fn import_names(wasm: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        if let Ok(wasmparser::Payload::ImportSection(reader)) = payload {
            for import in reader.into_imports() {
                out.push(import.expect("an import").name.to_string());
            }
        }
    }
    out
}

#[test]
fn each_import_the_glue_names_once_as_a_key_gets_a_short_name_in_both_files() {
    let a = "__wbg_hasAttribute_3f271bd99815d507";
    let b = "__wbg_remove_8228e91d7ddbc755";
    // Named twice in the glue (a key and a call): left as it is.
    let c = "__wbindgen_twice";
    // A longer name that starts with `a`'s: a whole word only.
    let js = format!(
        "const i={{{a}:function(e){{}},{b}:function(){{}},{c}:function(){{}}}};f({c});g({a}_x);"
    );
    let wasm = module(&[a, b, c]);
    let (w, j) = shorten(&wasm, &js);
    assert_eq!(import_names(&w), ["_0", "_1", c]);
    assert_eq!(
        j,
        format!(
            "const i={{_0:function(e){{}},_1:function(){{}},{c}:function(){{}}}};f({c});g({a}_x);"
        )
    );
    // The whole module is still valid wasm.
    assert!(wasmparser::Validator::new().validate_all(&w).is_ok());
    // 2 × (35 + 28) bytes of names out, 2 × 2 in.
    assert_eq!(wasm.len() - w.len(), a.len() + b.len() - 4);
}

#[test]
fn what_this_reader_does_not_know_is_left_as_it_was() {
    let js = "{__wbg_x_0123456789abcdef:function(){}}";
    // Not wasm; a truncated module; an import of a kind it does not know (a tag, kind 4).
    let mut tag = module(&["__wbg_x_0123456789abcdef"]);
    let at = tag.len() - 2;
    tag[at] = 4;
    for bad in [
        b"not wasm".to_vec(),
        module(&["__wbg_x_0123456789abcdef"])[..18].to_vec(),
        tag,
    ] {
        assert_eq!(shorten(&bad, js), (bad.clone(), js.to_string()));
    }
}

#[test]
fn each_export_the_glue_names_only_as_a_property_gets_a_short_name_in_both_files() {
    // One import (function 0), exported under four names.
    let wasm = with_exports(
        module(&["__wbg_f_0123456789abcdef"]),
        &["__wbindgen_malloc", "main", "keyed", "memory"],
    );
    // `__wbindgen_malloc` is only called (`c.…`): renamed. `main` is not named: kept. `keyed`
    // is also a key: kept. `memory` always keeps its name.
    let js = "{__wbg_f_0123456789abcdef:function(){}};c.__wbindgen_malloc(1);c.__wbindgen_malloc(2);x={keyed:1};c.keyed();c.memory";
    let (w, j) = shorten(&wasm, js);
    assert!(wasmparser::Validator::new().validate_all(&w).is_ok());
    assert_eq!(export_names(&w), ["$0", "main", "keyed", "memory"]);
    assert_eq!(
        j,
        "{_0:function(){}};c.$0(1);c.$0(2);x={keyed:1};c.keyed();c.memory"
    );
}

#[test]
fn the_unused_exports_go_and_nothing_else_does() {
    // One import exported under three names, two of them wasm-streams' (`UNUSED_EXPORTS`).
    let wasm = with_exports(
        module(&["__wbg_intounderlyingsource_new_0123456789abcdef"]),
        &[
            "intounderlyingsource_pull",
            "main",
            "__wbg_intounderlyingsink_free",
        ],
    );
    let fewer = without_exports(&wasm, UNUSED_EXPORTS).expect("a module");
    assert!(wasmparser::Validator::new().validate_all(&fewer).is_ok());
    assert_eq!(export_names(&fewer), ["main"]);
    // The import that makes such an object is what the build refuses to ship without them.
    assert_eq!(
        imports_named(&fewer, UNUSED_EXPORTS),
        Some(vec![
            "__wbg_intounderlyingsource_new_0123456789abcdef".to_string()
        ])
    );
    assert_eq!(
        imports_named(&module(&["__wbg_f_0123456789abcdef"]), UNUSED_EXPORTS),
        Some(vec![])
    );
    assert_eq!(without_exports(b"not wasm", UNUSED_EXPORTS), None);
}
