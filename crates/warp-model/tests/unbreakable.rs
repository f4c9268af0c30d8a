//! Nothing a URL can say breaks the model: arbitrary text, huge numbers (`u64::MAX`, 2^63),
//! zeros, negatives and empty lists, in every parameter of every panel, give figures or named
//! errors, never a panic.

use std::fmt::Write as _;

use proptest::prelude::*;
use warp_model::page::{lang, presentation, route};
use warp_model::query::Query;
use warp_model::registry::Panel;

/// Every parameter name the app reads: the page's own, and every panel's (its URL keys and
/// its fields' names), from the registry.
fn all_params() -> Vec<&'static str> {
    let mut v: Vec<&str> = vec!["panel", "example", "embed", "theme", "lang", "forecast"];
    for p in Panel::ALL {
        for param in p.spec().params {
            for name in [param.name, param.url_key()] {
                if !v.contains(&name) {
                    v.push(name);
                }
            }
        }
    }
    v
}

/// Evaluates everything a page would for this query, in every panel; returns every error's
/// parameter.
fn everything(query: &str) -> Vec<String> {
    let q = Query::parse(query);
    let mut params = Vec::new();
    let r = route(&q);
    params.extend(r.errors.iter().map(|e| e.param.clone()));
    let (_, e) = presentation(&q);
    params.extend(e.into_iter().map(|e| e.param));
    params.extend(lang(&q).1.map(|e| e.param));
    for p in Panel::ALL {
        let checked = p.evaluate_query(&q, &[]);
        assert!(
            checked.errors.iter().all(|e| !e.message.is_empty()),
            "{query}: {:?}",
            checked.errors
        );
        params.extend(checked.errors.into_iter().map(|e| e.param));
    }
    params
}

const NASTY: [&str; 16] = [
    "18446744073709551615", // u64::MAX
    "18446744073709551616", // u64::MAX + 1
    "9223372036854775808",  // 2^63
    "-9223372036854775809",
    "0",
    "-1",
    "",
    ",",
    ",,,",
    "1,",
    "NaN",
    "1e308",
    "١٢٣", // Arabic-Indic digits
    "𐀀",
    "%00",
    "<script>alert(1)</script>",
];

fn urlencode(s: &str) -> String {
    s.bytes().fold(String::new(), |mut out, b| {
        let _ = write!(out, "%{b:02X}");
        out
    })
}

#[test]
fn every_parameter_takes_every_nasty_value() {
    let known = all_params();
    for p in &known {
        for v in NASTY {
            let query = format!("{p}={}", urlencode(v));
            for e in everything(&query) {
                assert!(
                    known.contains(&e.as_str()),
                    "{query}: unknown error parameter {e}"
                );
            }
        }
    }
}

#[test]
fn lists_of_huge_numbers() {
    let big = "18446744073709551615";
    for q in [
        format!("paths={big},{big}"),
        format!("paths=1&lanes={big}"),
        format!("paths=1,1&lanes={big},{big}"),
        format!("counts={big}"),
        format!("block={big},{big},{big}"),
        format!("n={big}&block=1024"),
        format!("image={big}x{big}"),
        format!("L={big}&W={big}&S={big}"),
        format!("stride={big}&offset={big}"),
        "n=2147483647&block=1".to_string(),
        "image=2147483647x1&block=1".to_string(),
        "L=100000&W=1&S=8&T=1&resident=256".to_string(),
    ] {
        let _ = everything(&q);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn arbitrary_queries_never_panic(query in ".{0,120}") {
        let _ = everything(&query);
    }

    #[test]
    fn arbitrary_values_in_known_params(k in 0usize..60, v in ".{0,40}") {
        let ps = all_params();
        let p = ps[k % ps.len()];
        let _ = everything(&format!("{p}={}", urlencode(&v)));
    }
}

#[test]
fn every_choice_alone_fits_the_panels_defaults() {
    // Issue 45: `?panel=mma&shape=m16n8k8&operand=b` showed only "row = 9 is out of range"
    // (the default element's row, which B of m16n8k8 does not have). A parameter absent from
    // the address is never an error: each choice of every panel, alone (and each pair of two
    // choices, which is how the mma panel's shape and operand meet), gives no error.
    use warp_model::params::Kind;
    let mut failed = Vec::new();
    for p in Panel::ALL {
        let choices: Vec<(&str, Vec<&str>)> = p
            .spec()
            .params
            .iter()
            .filter_map(|param| match param.kind {
                Kind::Choice(cs) => Some((param.url_key(), cs.iter().map(|c| c.value).collect())),
                _ => None,
            })
            .collect();
        let mut queries = Vec::new();
        for (i, (a, va)) in choices.iter().enumerate() {
            for x in va {
                queries.push(format!("panel={}&{a}={x}", p.name()));
                for (b, vb) in &choices[i + 1..] {
                    for y in vb {
                        queries.push(format!("panel={}&{a}={x}&{b}={y}", p.name()));
                    }
                }
            }
        }
        for query in queries {
            let errors = p.evaluate_query(&Query::parse(&query), &[]).errors;
            // A choice that another one rules out says so (tf32 has only its own shapes); a
            // default that does not fit never does.
            if errors
                .iter()
                .any(|e| !query.contains(&format!("{}=", e.param)))
            {
                failed.push(format!("{query}: {errors:?}"));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

proptest! {
    /// `find_str`, the byte search the pages use instead of std's substring searcher (issue
    /// 46), finds what `str::find` finds, in any text: multi-byte characters, the needle at
    /// either end or twice, an empty needle.
    #[test]
    fn find_str_is_str_find(hay in "[a_×/:{}é]{0,24}", needle in "[a_×/:{}]{0,3}") {
        prop_assert_eq!(warp_model::find_str(&hay, &needle), hay.find(needle.as_str()));
    }
}
