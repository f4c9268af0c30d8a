use super::*;
use proptest::collection::{btree_map, vec};
use proptest::prelude::*;
use serde_json::Value;

fn from_serde(v: &Value) -> Json {
    match v {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => Json::Number(n.to_string()),
        Value::String(s) => Json::String(s.clone()),
        Value::Array(a) => Json::Array(a.iter().map(from_serde).collect()),
        Value::Object(m) => {
            Json::Object(m.iter().map(|(k, v)| (k.clone(), from_serde(v))).collect())
        }
    }
}

fn to_serde(v: &Json) -> Value {
    match v {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => serde_json::from_str(n).unwrap_or(Value::Null),
        Json::String(s) => Value::String(s.clone()),
        Json::Array(a) => Value::Array(a.iter().map(to_serde).collect()),
        Json::Object(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), to_serde(v))).collect()),
    }
}

/// Any JSON value `serde_json` holds: whole numbers of both signs, fractions, any text
/// (control characters, quotes, backslashes, astral characters), nested arrays and objects.
fn any_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        // Fractions exact in binary and short in decimal: `serde_json` (without its
        // `float_roundtrip` feature) reads long decimals a last bit off, whoever wrote them.
        (-1_000_000i32..1_000_000).prop_map(|n| Value::from(f64::from(n) / 64.0)),
        any::<String>().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..5).prop_map(Value::Array),
            btree_map(any::<String>(), inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    /// What `serde_json` writes, compact or pretty, reads back as the same value.
    #[test]
    fn reads_what_serde_json_writes(v in any_value()) {
        for text in [serde_json::to_string(&v).unwrap(), serde_json::to_string_pretty(&v).unwrap()] {
            let mine = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
            prop_assert_eq!(to_serde(&mine), v.clone());
        }
    }

    /// The writer writes what `serde_json::to_string_pretty` writes, byte for byte.
    #[test]
    fn writes_what_serde_json_writes(v in any_value()) {
        prop_assert_eq!(from_serde(&v).pretty(), serde_json::to_string_pretty(&v).unwrap());
    }

    /// Short texts of JSON's own characters: refused exactly when `serde_json` refuses them,
    /// and read as the same value otherwise. (No `e` or `E`: `serde_json` refuses `1e999` as
    /// out of its `f64`'s range; this reader keeps a number's text and reads whole numbers
    /// only.)
    #[test]
    fn refuses_what_serde_json_refuses(text in "[\\[\\]{}\",:0-9a-dfnrtu\\\\ .+/-]{0,16}") {
        let theirs = serde_json::from_str::<Value>(&text);
        let mine = parse(&text);
        prop_assert_eq!(mine.is_ok(), theirs.is_ok(), "{}: {:?} / {:?}", text, mine, theirs);
        if let (Ok(m), Ok(t)) = (mine, theirs) {
            prop_assert_eq!(to_serde(&m), t);
        }
    }
}

proptest! {
    /// Any text, JSON's characters mixed with multi-byte ones: an answer, never a panic (an
    /// escape before a multi-byte character once sliced it in two).
    #[test]
    fn any_text_is_read_or_refused_never_a_panic(text in "[\\[\\]{}\",:0-9a-z\\\\ .+-ѨЖ😀é\u{1}]{0,24}") {
        let _ = parse(&text);
    }
}

#[test]
fn a_document_nested_past_the_limit_is_refused_without_exhausting_the_stack() {
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    assert!(parse(&deep(MAX_DEPTH)).is_ok());
    assert!(parse(&deep(MAX_DEPTH + 1))
        .unwrap_err()
        .contains("recursion limit"));
    assert!(parse(&deep(1_000_000)).is_err());
}

#[test]
fn errors_say_what_and_where() {
    // Hand-checked positions: the `x` is the 3rd character of line 2.
    assert_eq!(
        parse("{\n  x").unwrap_err(),
        "key must be a string at line 2 column 3"
    );
    assert_eq!(
        parse("").unwrap_err(),
        "EOF while parsing a value at line 1 column 1"
    );
    assert_eq!(
        parse("{not json").unwrap_err(),
        "key must be a string at line 1 column 2"
    );
    assert_eq!(
        parse("1 2").unwrap_err(),
        "trailing characters at line 1 column 3"
    );
    assert!(parse("\"\\ud800\"").is_err());
    assert!(parse("\"\\udc00\"").is_err());
    assert_eq!(
        parse("\"\\ud83d\\ude00\"").unwrap(),
        Json::String("😀".into())
    );
}

#[test]
fn whole_numbers_are_read_as_serde_json_reads_them() {
    let n = |t: &str| parse(t).unwrap().as_u64();
    assert_eq!(n("3"), Some(3));
    assert_eq!(n("18446744073709551615"), Some(u64::MAX));
    // Past u64, negative, a fraction or an exponent: not a u64 (serde_json reads them as i64 or
    // f64).
    for t in ["18446744073709551616", "-1", "3.0", "3e0", "0.5"] {
        assert_eq!(n(t), None, "{t}");
    }
}
