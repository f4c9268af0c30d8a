//! Compiles the message catalogues (`locales/*.txt`) into `$OUT_DIR/catalogue.rs`, which
//! `src/i18n.rs` includes: the sorted keys of both languages (`KEYS`, read only at compile time
//! by `msg!` and by tests) and, per language, its messages in key order end to end (`EN_TEXT`)
//! with the offset where each ends (`EN_ENDS`; `MISSING` set where that language lacks the
//! key). The wasm then carries messages only: no catalogue text, no keys, no parser. A bad
//! line never fails the build: it is skipped with a warning, and the catalogue tests report it
//! by line.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;

#[path = "src/i18n/catalogue.rs"]
mod catalogue;

/// Set in an end offset where a language lacks the key (written into the tables as `MISSING`).
const MISSING: u32 = 1 << 31;

/// (table name, catalogue file), in `Lang` order.
const LANGS: [(&str, &str); 2] = [
    ("EN", "locales/en.txt"),
    ("HINGLISH", "locales/hinglish.txt"),
];

fn main() {
    println!("cargo:rerun-if-changed=src/i18n/catalogue.rs");
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let sources: Vec<String> = LANGS
        .iter()
        .map(|(_, file)| {
            println!("cargo:rerun-if-changed={file}");
            std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| {
                println!("cargo:warning={file}: {e}");
                String::new()
            })
        })
        .collect();
    let parsed: Vec<_> = LANGS
        .iter()
        .zip(&sources)
        .map(|((_, file), src)| {
            let (entries, problems) = catalogue::parse(src);
            for p in problems {
                println!("cargo:warning={file}:{}: {}", p.line, p.problem);
            }
            entries
        })
        .collect();
    // Byte order, the order `Msg::find`'s binary search compares in.
    let keys: BTreeSet<&str> = parsed.iter().flatten().map(|e| e.key).collect();

    let mut out = String::new();
    let n = keys.len();
    writeln!(
        out,
        "/// Every message key of both catalogues, sorted by bytes.\n\
         pub static KEYS: [&str; {n}] = ["
    )
    .unwrap();
    for k in &keys {
        writeln!(out, "    {k:?},").unwrap();
    }
    out.push_str("];\n");
    writeln!(
        out,
        "/// Set in an end offset: the language lacks that key.\npub const MISSING: u32 = {};",
        grouped(MISSING)
    )
    .unwrap();
    for ((name, file), entries) in LANGS.iter().zip(&parsed) {
        let by_key: std::collections::HashMap<&str, &str> = entries
            .iter()
            .map(|e| (e.key, e.message.as_str()))
            .collect();
        let mut text = String::new();
        let mut ends = String::new();
        for k in &keys {
            let missing = match by_key.get(k) {
                Some(m) => {
                    text.push_str(m);
                    0
                }
                None => MISSING,
            };
            let end = u32::try_from(text.len()).expect("messages under 2 GiB");
            write!(ends, "{},", end | missing).unwrap();
        }
        writeln!(
            out,
            "/// The messages of `{file}`, in `KEYS` order, end to end.\n\
             pub static {name}_TEXT: &str = {text:?};\n\
             /// Where each message of `{name}_TEXT` ends (`MISSING` set: the file lacks that key).\n\
             pub static {name}_ENDS: [u32; {n}] = [{ends}];"
        )
        .unwrap();
    }
    let target = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("catalogue.rs");
    std::fs::write(&target, out).expect("write catalogue.rs");
}

/// A number with `_` between groups of three digits (clippy's `unreadable_literal` holds for
/// generated code too).
fn grouped(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('_');
        }
        out.push(c);
    }
    out
}
