//! Nothing a URL can say breaks the model: arbitrary text, huge numbers (u64::MAX, 2^63),
//! zeros, negatives and empty lists, in every parameter of every panel, give figures or named
//! errors, never a panic.

use proptest::prelude::*;
use warp_model::coalescing::panel::{self as coalescing_panel, CoalescingInput};
use warp_model::divergence::panel::{self as divergence_panel, DivergenceInput};
use warp_model::embed::presentation;
use warp_model::kernel_lab::panel::{self as kernel_lab, KernelInput};
use warp_model::latency::panel::{self as latency_panel, LatencyInput};
use warp_model::panel::PanelInput;
use warp_model::query::{route, Query};
use warp_model::quiz::{build, QuizParams};
use warp_model::warps::panel::{self as warps_panel, WarpsInput};

/// Every parameter name the app reads.
fn all_params() -> Vec<&'static str> {
    let mut v: Vec<&str> = vec![
        "panel", "example", "embed", "theme", "topic", "seed", "count", "run", "forecast",
        "block-x", "block-y", "block-z",
    ];
    v.extend(WarpsInput::URL_PARAMS);
    v.extend(DivergenceInput::URL_PARAMS);
    v.extend(CoalescingInput::URL_PARAMS);
    v.extend(LatencyInput::URL_PARAMS);
    v.extend(kernel_lab::URL_PARAMS);
    v
}

/// Evaluates everything a page would for this query; returns every error's parameter.
fn everything(query: &str) -> Vec<String> {
    let q = Query::parse(query);
    let mut params = Vec::new();
    let r = route(&q);
    params.extend(r.errors.iter().map(|e| e.param.clone()));
    let (_, e) = presentation(&q);
    params.extend(e.into_iter().map(|e| e.param));
    let w = warps_panel::evaluate(&WarpsInput::from_query(&q, &WarpsInput::default()));
    assert!(w.block.is_some() || !w.errors.is_empty(), "{query}");
    params.extend(w.errors.into_iter().map(|e| e.param));
    let d = divergence_panel::evaluate(&DivergenceInput::from_query(
        &q,
        &DivergenceInput::default(),
    ));
    assert!(!d.figures.is_empty() || !d.errors.is_empty(), "{query}");
    params.extend(d.errors.into_iter().map(|e| e.param));
    let c = coalescing_panel::evaluate(&CoalescingInput::from_query(
        &q,
        &CoalescingInput::default(),
    ));
    assert!(!c.figures.is_empty() || !c.errors.is_empty(), "{query}");
    params.extend(c.errors.into_iter().map(|e| e.param));
    let l = latency_panel::evaluate(&LatencyInput::from_query(&q, &LatencyInput::default()));
    assert!(!l.figures.is_empty() || !l.errors.is_empty(), "{query}");
    params.extend(l.errors.into_iter().map(|e| e.param));
    let k = kernel_lab::evaluate(&KernelInput::from_query(&q));
    assert!(!k.figures.is_empty() || !k.errors.is_empty(), "{query}");
    params.extend(k.errors.into_iter().map(|e| e.param));
    let (qp, e) = QuizParams::from_query(&q);
    params.extend(e.into_iter().map(|e| e.param));
    // Three questions are enough to exercise the parameters (each generated question also
    // evaluates its panel, which the lines above already did).
    let quiz = build(qp.topic, qp.seed.unwrap_or(0), qp.count.min(3));
    assert!(!quiz.is_empty());
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
    s.bytes().map(|b| format!("%{b:02X}")).collect()
}

#[test]
fn every_parameter_takes_every_nasty_value() {
    let known = all_params();
    for p in &known {
        for v in NASTY {
            let query = format!("{p}={}", urlencode(v));
            for e in everything(&query) {
                assert!(
                    known.contains(&e.as_str()) || e == "block",
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
