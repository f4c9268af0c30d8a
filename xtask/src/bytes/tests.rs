use super::*;

#[test]
fn crates_are_read_from_paths_and_trait_impls() {
    assert_eq!(
        crate_of("warp_model::banks::rule::bank_report"),
        "warp_model"
    );
    assert_eq!(
        crate_of("<alloc::vec::Vec<T> as core::fmt::Debug>::fmt"),
        "alloc"
    );
    assert_eq!(
        crate_of("<&mut leptos::View as core::ops::Drop>::drop"),
        "leptos"
    );
    assert_eq!(crate_of("<T as core::fmt::Display>::fmt"), "core");
    assert_eq!(crate_of("<&T as tachys::view::Render>::build"), "tachys");
    assert_eq!(crate_of("function[12]"), "function");
    assert_eq!(crate_of("<>"), "other");
}

#[test]
fn a_hand_made_module_is_read_function_by_function() {
    // (module (import "m" "f" (func)) (func $a nop nop) (func $b nop) (data (i32.const 0)
    // "abc")) with a name section naming function 1 `a` and 2 `b`.
    let wasm: Vec<u8> = vec![
        0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, // magic, version
        1, 4, 1, 0x60, 0, 0, // type section: one () -> ()
        2, 7, 1, 1, b'm', 1, b'f', 0, 0, // import section: m.f, func type 0
        3, 3, 2, 0, 0, // function section: two functions of type 0
        5, 3, 1, 0, 1, // memory section: one memory, min 1
        10, 10, 2, 4, 0, 1, 1, 0x0b, 3, 0, 1, 0x0b, // code: bodies of 4 and 3 bytes
        11, 9, 1, 0, 0x41, 0, 0x0b, 3, b'a', b'b', b'c', // data: "abc" at 0
        0, 14, 4, b'n', b'a', b'm', b'e', 1, 7, 2, 1, 1, b'a', 2, 1, b'b', // names
    ];
    let b = read(&wasm).unwrap();
    // Body sizes count the locals' declaration and the `end`: 4 and 3 bytes.
    let got: Vec<(&str, u64)> = b.funcs.iter().map(|f| (f.name.as_str(), f.bytes)).collect();
    assert_eq!(got, [("a", 4), ("b", 3)]);
    assert_eq!(b.data, 3);
    assert_eq!(b.code(), 7);
    assert!(b.table(3, 2).contains("57.1%"), "{}", b.table(3, 2));
}

#[test]
fn a_diff_names_the_functions_that_moved_largest_first() {
    let f = |name: &str, bytes| Func {
        name: name.into(),
        bytes,
    };
    let old = Breakdown {
        funcs: vec![f("a", 100), f("b", 50), f("gone", 30)],
        data: 10,
    };
    // `a` has two copies now (100 + 20), `b` shrank by 40, `gone` went, `new` came.
    let new = Breakdown {
        funcs: vec![f("a", 100), f("a", 20), f("b", 10), f("new", 5)],
        data: 12,
    };
    let d = diff(&old, &new, 10);
    // Code 180 → 135 B: 45 fewer; data 10 → 12.
    assert!(
        d.starts_with("code 180 → 135 B (-45), data 10 → 12 B (+2)\n"),
        "{d}"
    );
    let lines: Vec<&str> = d.lines().skip(1).map(str::trim).collect();
    assert_eq!(lines, ["-40 B  b", "-30 B  gone", "+20 B  a", "+5 B  new"]);
}
