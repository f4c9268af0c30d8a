use std::path::{Path, PathBuf};

use super::*;

fn parsed(lang: Lang) -> Catalogue {
    let (map, problems) = parse_catalogue(catalogue_source(lang));
    assert!(problems.is_empty(), "{lang:?} catalogue: {problems:?}");
    map
}

#[test]
fn both_catalogues_parse_cleanly() {
    for lang in Lang::ALL {
        assert!(!parsed(lang).is_empty());
    }
}

#[test]
fn the_compiled_tables_are_the_parsed_catalogues() {
    let mut keys: Vec<&str> = Lang::ALL
        .iter()
        .flat_map(|l| parsed(*l).into_keys())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(tables::KEYS.to_vec(), keys);
    for lang in Lang::ALL {
        let map = parsed(lang);
        for (i, key) in tables::KEYS.iter().enumerate() {
            assert_eq!(
                lookup(lang, Msg(u16::try_from(i).unwrap())),
                map.get(key).map(String::as_str),
                "{lang:?} {key}"
            );
        }
    }
}

#[test]
fn no_key_is_missing_in_either_language() {
    let en = parsed(Lang::En);
    let hi = parsed(Lang::Hinglish);
    let mut missing_hi: Vec<_> = en.keys().filter(|k| !hi.contains_key(*k)).collect();
    let mut missing_en: Vec<_> = hi.keys().filter(|k| !en.contains_key(*k)).collect();
    missing_hi.sort();
    missing_en.sort();
    assert!(missing_hi.is_empty(), "missing in Hinglish: {missing_hi:?}");
    assert!(missing_en.is_empty(), "missing in English: {missing_en:?}");
}

#[test]
fn both_languages_fill_the_same_placeholders() {
    let en = parsed(Lang::En);
    let hi = parsed(Lang::Hinglish);
    let mut differ = Vec::new();
    for (k, v) in &en {
        if let Some(h) = hi.get(k) {
            if placeholders(v) != placeholders(h) {
                differ.push(*k);
            }
        }
    }
    differ.sort_unstable();
    assert!(differ.is_empty(), "placeholders differ: {differ:?}");
}

#[test]
fn hinglish_is_a_translation_not_a_copy() {
    let en = parsed(Lang::En);
    let hi = parsed(Lang::Hinglish);
    // Formulas, symbols and names may stay the same; sentences may not.
    let sentences: Vec<_> = en
        .iter()
        .filter(|(_, v)| v.split_whitespace().filter(|w| w.len() > 2).count() >= 4)
        .collect();
    let same: Vec<_> = sentences
        .iter()
        .filter(|(k, v)| hi.get(**k) == Some(*v))
        .map(|(k, _)| **k)
        .collect();
    assert!(
        same.len() * 20 <= sentences.len().max(1),
        "{} of {} sentences are untranslated, e.g. {:?}",
        same.len(),
        sentences.len(),
        &same[..same.len().min(10)]
    );
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The areas of the catalogue: every key starts with one of these and a dot.
const AREAS: [&str; 10] = [
    "common",
    "ui",
    "warps",
    "divergence",
    "latency",
    "coalescing",
    "gpu",
    "quiz",
    "examples",
    "kernel",
];

/// Every string literal in `src` that looks like a catalogue key (`"area.more-words"`): what
/// `tr!`, `text`, `fill`, `FieldSpec`s, presets and key choices ask for.
fn keys_in_source(src: &str) -> Vec<String> {
    let mut keys = Vec::new();
    for area in AREAS {
        for (i, _) in src.match_indices(&format!("\"{area}.")) {
            let rest = &src[i + 1..];
            let Some(end) = rest.find('"') else {
                continue;
            };
            let key = &rest[..end];
            let tail = &key[area.len() + 1..];
            if !tail.is_empty()
                && tail
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b))
                && !key.ends_with('.')
            {
                keys.push(key.to_string());
            }
        }
    }
    keys
}

#[test]
fn every_key_the_code_asks_for_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("../../src"), &mut files);
    assert!(files.len() > 20, "found only {} source files", files.len());
    let en = parsed(Lang::En);
    let mut unknown = Vec::new();
    let mut used = 0;
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap_or_default();
        if f.ends_with("i18n/tests.rs") {
            continue;
        }
        for key in keys_in_source(&src) {
            used += 1;
            if !en.contains_key(key.as_str()) && key != "key" {
                unknown.push(format!("{}: {key}", f.display()));
            }
        }
    }
    assert!(used >= 1000, "only {used} keys found in the sources");
    // And no message is dead (the presets' keys are built from their cells; examples.rs
    // checks those).
    let mut seen = std::collections::HashSet::new();
    for f in &files {
        seen.extend(keys_in_source(
            &std::fs::read_to_string(f).unwrap_or_default(),
        ));
    }
    let mut dead: Vec<_> = en
        .keys()
        .filter(|k| !k.starts_with("examples.") && !seen.contains(**k))
        .collect();
    dead.sort();
    assert!(dead.is_empty(), "messages no code asks for: {dead:#?}");
    assert!(unknown.is_empty(), "keys no catalogue has: {unknown:#?}");
}

#[test]
fn messages_fill_placeholders_and_escapes() {
    assert_eq!(
        render("{a} of {b}", &[("a", &3), ("b", &"32 lanes")]),
        "3 of 32 lanes"
    );
    assert_eq!(render("{{x}} {missing}", &[]), "{x} {missing}");
    assert_eq!(render("a\\nb", &[]), "a\nb");
    assert_eq!(render("if (x) { y }", &[]), "if (x) { y }");
    assert_eq!(render("ü{n}ß", &[("n", &1)]), "ü1ß");
    assert_eq!(placeholders("{b} {a} {{c}} {a}"), vec!["a", "b"]);
}

#[test]
fn continuation_lines_join_and_bad_lines_are_reported() {
    let (map, problems) = parse_catalogue("a.b = one\n    two\n# c\nnot a message\nx.y =\n");
    assert_eq!(map.get("a.b").map(String::as_str), Some("one two"));
    assert_eq!(map.get("x.y").map(String::as_str), Some(""));
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].line, 4);
}

#[test]
fn language_is_scoped_and_falls_back() {
    assert_eq!(lang(), Lang::En);
    let hi = with_lang(Lang::Hinglish, || {
        tr!("common.lang.invalid", value = "\"x\"")
    });
    assert!(hi.contains("sirf"), "{hi}");
    assert_eq!(lang(), Lang::En);
    assert!(tr!("common.lang.invalid", value = 1).contains("must be"));
    assert_eq!(Msg::find("no.such.key"), None);
    assert_eq!(text(Msg(u16::MAX)), "⟦missing message⟧");
}

#[test]
fn lang_parameter_accepts_both_languages_and_names_itself_when_wrong() {
    assert_eq!(Lang::parse("en"), Ok(Lang::En));
    assert_eq!(Lang::parse(" Hinglish "), Ok(Lang::Hinglish));
    assert_eq!(Lang::parse("hi-Latn"), Ok(Lang::Hinglish));
    let e = Lang::parse("fr").unwrap_err();
    assert_eq!(e.param, "lang");
    assert!(e.message.contains("en or hinglish"), "{}", e.message);
    assert_eq!(Lang::Hinglish.html_lang(), "hi-Latn");
}

#[test]
fn the_switch_keeps_every_other_parameter() {
    let q = Query::parse("?panel=warps&block=48&lang=hinglish");
    assert_eq!(from_query(&q), (Lang::Hinglish, None));
    assert_eq!(switch_search(&q, Lang::En), "?panel=warps&block=48");
    let en = Query::parse("?example=warps/B");
    assert_eq!(
        switch_search(&en, Lang::Hinglish),
        "?example=warps/B&lang=hinglish"
    );
    assert_eq!(switch_search(&Query::default(), Lang::En), "?");
    let (lang, err) = from_query(&Query::parse("?lang=klingon"));
    assert_eq!(lang, Lang::En);
    assert_eq!(err.map(|e| e.param), Some("lang".to_string()));
}

#[test]
fn in_app_links_keep_the_language() {
    assert_eq!(href("panel=warps"), "?panel=warps");
    assert_eq!(href(""), "./");
    with_lang(Lang::Hinglish, || {
        assert_eq!(href("panel=warps"), "?panel=warps&lang=hinglish");
        assert_eq!(
            href("?example=divergence/C1"),
            "?example=divergence/C1&lang=hinglish"
        );
        assert_eq!(href(""), "?lang=hinglish");
    });
}
