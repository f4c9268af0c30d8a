use super::*;
use crate::figure::Value;
use crate::latency::panel::{evaluate, LatencyInput};
use crate::query::Query;
use crate::registry::Panel;

/// The value of figure `metric` among `figures`, as a fraction.
fn frac(figures: &[crate::figure::Figure], metric: &str) -> f64 {
    match figures
        .iter()
        .find(|f| f.metric == metric)
        .map(|f| &f.value)
    {
        Some(Value::Frac { value, .. }) => *value,
        other => panic!("{metric}: {other:?}"),
    }
}

/// The latency panel at `search`, and the lab at its link.
fn both(search: &str) -> (f64, Result<f64, Unfit>, SimConfig) {
    let out = evaluate(&LatencyInput::from_query(
        &Query::parse(search),
        &LatencyInput::default(),
    ));
    assert!(out.errors.is_empty(), "{search}: {:?}", out.errors);
    let panel = frac(&out.figures, "simulated-utilization");
    let (cfg, trace) = out.sim.clone().unwrap();
    let lab = link(&cfg, &trace).map(|q| {
        let lab = Panel::Kernel.evaluate_query(&Query::parse(&q), &[]);
        assert!(lab.errors.is_empty(), "{q}: {:?}", lab.errors);
        frac(&lab.figures, "issue-utilization")
    });
    (panel, lab, cfg)
}

#[test]
fn the_lab_at_the_latency_panels_link_measures_the_panels_utilization() {
    // Issue 47's "the two panels agree": over a grid of L, W, S, resident warps and both
    // policies, the lab's issue-utilization at the panel's link is the panel's
    // simulated-utilization, exactly (the same issued instructions over the same slots).
    let mut linked = 0;
    for l in [6, 40, 300] {
        for w in [1, 4, 15] {
            for s in [1, 2, 4] {
                for n in [1, 3, 8, 20, 64] {
                    for policy in ["rr", "gto"] {
                        let q = format!("L={l}&W={w}&S={s}&resident={n}&policy={policy}");
                        let (panel, lab, _) = both(&q);
                        let lab = lab.unwrap_or_else(|e| panic!("{q}: {e:?}"));
                        assert!((panel - lab).abs() < 1e-12, "{q}: panel {panel}, lab {lab}");
                        linked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(linked, 3 * 3 * 3 * 5 * 2);
}

#[test]
fn the_lab_shows_the_formulas_utilization_where_the_formula_holds() {
    // min(1, n·W/L) per scheduler (T = 1), with n the warps of one scheduler. In the panel's
    // window (whole periods of L from cycle 0, every warp ready at 0) a latency-bound
    // scheduler issues n·W instructions in each period of L cycles: exact.
    // L = 300, W = 15, S = 1: 8 warps → 120 / 300 = 40 %; 20 warps → 100 % (the seeds' 20).
    // L = 400, W = 20, S = 4, 40 warps (10 each) → 200 / 400 = 50 %; 80 warps do not fit the
    // lab's SM (64), the panel's 100 % stays the panel's.
    for (q, expect) in [
        ("L=300&W=15&S=1&resident=8", 0.4),
        ("L=300&W=15&S=1&resident=20", 1.0),
        ("L=400&W=20&S=4&resident=40", 0.5),
        ("L=400&W=20&S=4&resident=64", 0.8),
    ] {
        let (panel, lab, cfg) = both(q);
        let per = cfg.warps / cfg.s;
        let formula = (per * cfg.w) as f64 / cfg.l as f64;
        assert!((formula.min(1.0) - expect).abs() < 1e-12, "{q}");
        assert!((lab.unwrap() - expect).abs() < 1e-12, "{q}: lab");
        assert!((panel - expect).abs() < 1e-12, "{q}: panel");
    }
}

#[test]
fn a_scenario_the_lab_cannot_run_says_why() {
    // T = 2: the lab issues every cycle.
    assert_eq!(both("T=2").1, Err(Unfit::Interval));
    // 80 warps > 64 resident; 37 warps: no whole blocks of ≤ 32 warps.
    assert_eq!(both("resident=80").1, Err(Unfit::Warps));
    assert_eq!(both("resident=37").1, Err(Unfit::Warps));
    // 64 warps × W = 5000: each warp needs more than the lab times.
    assert_eq!(both("W=5000&resident=64").1, Err(Unfit::Long));
    for why in [Unfit::Interval, Unfit::Warps, Unfit::Long] {
        assert!(!why.text().is_empty());
    }
    assert!(Unfit::Warps.text().contains("64"));
}

#[test]
fn the_default_scenarios_kernel_is_short_and_reads_as_the_bursts() {
    // The panel's defaults: L = 300, W = 15, S = 1, 64 warps (its capacity), window 3,000
    // cycles (10 periods). 64 warps keep the one scheduler busy: each warp issues about
    // 3000 / 64 ≈ 47 instructions, 4 bursts; by latency it could start 3000 / 300 + 1 = 11,
    // by issue (3000 + 1) / 15 → 201 + 1: the kernel has min(11, 202) = 11 lines of bursts.
    let out = evaluate(&LatencyInput::from_query(
        &Query::parse(""),
        &LatencyInput::default(),
    ));
    let (cfg, trace) = out.sim.clone().unwrap();
    let q = link(&cfg, &trace).unwrap();
    let query = Query::parse(&q);
    let src = query.get("src").unwrap();
    assert_eq!(src.matches("next[").count(), 11, "{src}");
    assert_eq!(src.matches("work(14);").count(), 11, "{src}");
    assert_eq!(query.get("block"), Some("1024"));
    assert_eq!(query.get("grid"), Some("2"));
    assert_eq!(query.get("timing"), Some("sm"));
    assert_eq!(query.get("window"), Some("3000"));
    assert_eq!(query.get("S"), Some("1"));
    assert_eq!(query.get("L"), Some("300"));
    // W = 1: no work between the loads.
    let out = evaluate(&LatencyInput::from_query(
        &Query::parse("W=1"),
        &LatencyInput::default(),
    ));
    let (cfg, trace) = out.sim.clone().unwrap();
    let src = Query::parse(&link(&cfg, &trace).unwrap())
        .get("src")
        .unwrap()
        .to_string();
    assert!(!src.contains("work("), "{src}");
}

#[test]
fn a_latency_far_beyond_dram_still_runs_in_the_lab() {
    // L = 20,000, W = 15, S = 1, 8 warps: one period of 20,000 cycles holds 8 × 15 = 120
    // instructions → 0.6 %; the window is 2 periods (100,000 slot-cycles / 20,000 = 5, ≥ 2).
    let (panel, lab, _) = both("L=20000&W=15&S=1&resident=8");
    assert!((panel - 0.006).abs() < 1e-12, "{panel}");
    assert!((lab.unwrap() - 0.006).abs() < 1e-12);
}
