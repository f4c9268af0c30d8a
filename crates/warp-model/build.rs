//! Compiles the message catalogues (`locales/*.txt`) into `$OUT_DIR/catalogue.rs`, which
//! `src/i18n.rs` includes: the sorted keys of both languages (`KEYS`, read only at compile time
//! by `msg!` and by tests), one `static` per message holding it in both languages, and
//! `MESSAGES`, a `const` table of references to them in key order. A `Msg` made at compile time
//! points at its message's `static`, so each wasm bundle links only the messages its code names:
//! no other message, no keys, no parser. A bad line never fails the build: it is skipped with a
//! warning, and the catalogue tests report it by line.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;

#[path = "src/i18n/catalogue.rs"]
mod catalogue;

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
        "/// Every message key of both catalogues, sorted by bytes (a `const`: read at compile \
         time by `Msg::find`, and at run time only by tests and `Debug`).\n\
         #[allow(clippy::large_const_arrays)] // a const on purpose: a static would be linked\n\
         pub const KEYS: [&str; {n}] = ["
    )
    .unwrap();
    for k in &keys {
        writeln!(out, "    {k:?},").unwrap();
    }
    out.push_str("];\n");
    let by_lang: Vec<std::collections::HashMap<&str, &str>> = parsed
        .iter()
        .map(|entries| {
            entries
                .iter()
                .map(|e| (e.key, e.message.as_str()))
                .collect()
        })
        .collect();
    // One `static` a message, both languages side by side: a bundle links the messages its
    // code names and no other (`MESSAGES` is a `const`, so naming it links nothing).
    out.push_str(
        "/// One message in every language, in `Lang` order (`None` where a catalogue lacks it).\n\
         pub type Pair = [Option<&'static str>; 2];\n",
    );
    let mut refs = String::new();
    // A one-language bundle (feature `only-en` or `only-hinglish`) leaves the other out.
    let only = |feature: &str| std::env::var_os(format!("CARGO_FEATURE_{feature}")).is_some();
    let wanted = [!only("ONLY_HINGLISH"), !only("ONLY_EN")];
    for (i, k) in keys.iter().enumerate() {
        let texts: Vec<String> = by_lang
            .iter()
            .zip(wanted)
            .map(|(m, keep)| match m.get(k) {
                Some(t) if keep => format!("Some({t:?})"),
                _ => "None".to_string(),
            })
            .collect();
        writeln!(out, "static M{i}: Pair = [{}];", texts.join(", ")).unwrap();
        write!(refs, "&M{i},").unwrap();
    }
    writeln!(
        out,
        "/// Every message, by its place in `KEYS`.\n\
         #[allow(clippy::large_const_arrays)] // a const on purpose: a static would link them all\n\
         pub const MESSAGES: [&Pair; {n}] = [{refs}];"
    )
    .unwrap();
    let target = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("catalogue.rs");
    std::fs::write(&target, out).expect("write catalogue.rs");
}
