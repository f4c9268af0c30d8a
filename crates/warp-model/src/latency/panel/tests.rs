//! Every number of the seeds' latency and register examples, through URL → raw input → evaluate.

use super::*;
use crate::query::Query;
use proptest::prelude::*;

crate::testing::panel_checks!(LatencyInput => LatencyOutput);

#[test]
fn seed_000() {
    // Self-test / Ex 5 (E): L = 300, W = 15 → 20 ≤ 64.
    check(
        "L=300&W=15",
        &[
            ("warps-needed", "20"),
            ("latency-hidden", "yes"),
            ("warp-margin", "44"),
            ("warp-deficit", "0"),
        ],
    );
    // Ex 6 (F): L = 400, W = 1 → 400 > 64.
    check(
        "L=400&W=1",
        &[
            ("warps-needed", "400"),
            ("latency-hidden", "no"),
            ("warp-deficit", "336"),
            ("ilp-needed", "7"),
        ],
    );
    // Ex 10 (J): 1600 slots, 80 warps, 16 short, W = 25 closes it.
    check(
        "S=4&L=400&T=1&W=20",
        &[
            ("instruction-slots", "1600"),
            ("warps-needed", "80"),
            ("warp-deficit", "16"),
            ("latency-hidden", "no"),
            ("ilp-needed", "25"),
        ],
    );
}

#[test]
fn seed_004() {
    // Ex 6 G: 40 ≤ 64, margin 24; H: 80 > 64, deficit 16.
    check(
        "S=4&L=200&W=20",
        &[
            ("warps-needed", "40"),
            ("latency-hidden", "yes"),
            ("warp-margin", "24"),
        ],
    );
    check(
        "S=4&L=200&W=10",
        &[
            ("warps-needed", "80"),
            ("latency-hidden", "no"),
            ("warp-deficit", "16"),
        ],
    );
    // Ex 8: ceiling 32; 40 regs → 1638 threads, 51 warps, 12.8 lost; fed back: 51 available.
    check(
        "S=4&L=200&W=20&regs=40",
        &[
            ("reg-ceiling", "32"),
            ("max-resident-threads", "1638"),
            ("resident-warps", "51"),
            ("warps-lost", "12.8125"),
            ("warps-available", "51"),
            ("latency-hidden", "yes"),
            ("warp-margin", "11"),
        ],
    );
    // Part 1: 128 cores → 4 warp instructions a cycle, each still ≥ 1 cycle.
    check(
        "cores=128",
        &[("warps-per-cycle", "4"), ("warp-instruction-cycles", "1")],
    );
}

#[test]
fn hardware_mode() {
    check(
        "mode=hardware&cc=8.0&regs=40&tpb=256&S=4&L=200&W=20",
        &[
            ("regs-per-warp", "1280"),
            ("blocks-per-sm", "6"),
            ("resident-warps", "48"),
            ("occupancy", "0.75"),
            ("limiting-factor", "registers"),
            ("warps-available", "48"),
        ],
    );
    check(
        "mode=hardware&cc=7.5",
        &[("resident-warps", "32"), ("limiting-factor", "warps")],
    );
    let text = run("mode=hardware&cc=8.0&regs=40").worked[1].text();
    assert!(text.contains("⌈(40 × 32)/256⌉ × 256 = 1280"), "{text}");
    assert!(text.contains("sub-partitions"), "{text}");
}

#[test]
fn simulation_beside_the_formula() {
    check(
        "L=300&W=15&resident=20",
        &[
            ("simulated-utilization", "1"),
            ("predicted-utilization", "1"),
        ],
    );
    check(
        "L=300&W=15&resident=10",
        &[
            ("simulated-utilization", "0.5"),
            ("predicted-utilization", "0.5"),
        ],
    );
    let out = run("S=4&L=400&W=20&policy=gto");
    let (cfg, trace) = out.sim.unwrap();
    assert_eq!(cfg.warps, 64);
    assert_eq!(trace.issued.len(), 4);
    // Two stall periods and a window: the deficit's idle slots are in the recording.
    assert_eq!(trace.issued[0].len(), 848);
    assert!(trace.issued[0][320..400].iter().any(Option::is_none));
    // A huge L stays within the work budget.
    let out = run("L=100000&W=1&S=8");
    assert!(out.errors.is_empty());
}

#[test]
fn worked_steps_show_the_unit_cancellation() {
    let text = run("S=4&L=400&T=1&W=20").worked[0].text();
    assert!(
        text.contains("(N_sched · L)/T_issue = (4 × 400)/1 = 1600"),
        "{text}"
    );
    assert!(text.contains("⌈1600/(1 × 20)⌉ = 80"), "{text}");
    assert!(text.contains("instruction slots"), "{text}");
    assert!(text.contains("W ≥ ⌈1600/(1 × 64)⌉ = 25"), "{text}");
    let text = run("regs=40").worked[1].text();
    assert!(text.contains("⌊65536/2048⌋ = 32"), "{text}");
    assert!(text.contains("40 × 1638 = 65520 ≤ 65536"), "{text}");
    assert!(text.contains("40 × 1639 = 65560 > 65536"), "{text}");
}

#[test]
fn bad_inputs_are_named() {
    check_error("W=0", "W", "from 1");
    check_error("L=-5", "L", "from 1 to 100000");
    check_error("L=abc", "L", "whole number");
    check_error("S=0", "S", "from 1 to 8");
    check_error("mode=hardware&regs=256", "regs", "from 1 to 255");
    check_error(
        "mode=hardware&cc=6.1",
        "cc",
        "7.0, 7.5, 8.0, 8.6, 8.9 or 9.0",
    );
    check_error("mode=quantum", "mode", "textbook or hardware");
    check_error("policy=random", "policy", "rr");
    check_error("cap=0", "cap", "from 1");
    check_error("mode=hardware&tpb=2048", "tpb", "from 1 to 1024");
}

proptest! {
    #[test]
    fn any_text_gives_figures_or_named_errors(
        l in ".{0,6}", w in ".{0,4}", s in ".{0,2}", regs in ".{0,4}", mode in ".{0,9}", cc in ".{0,4}",
    ) {
        let input = LatencyInput::default()
            .with(&L, l)
            .with(&W, w)
            .with(&S, s)
            .with(&REGS, regs)
            .with(&MODE, mode)
            .with(&CC, cc);
        let out = evaluate(&input);
        prop_assert!(!out.figures.is_empty() || !out.errors.is_empty());
        for e in &out.errors {
            prop_assert!(LatencyInput::param(&e.param).is_some(), "{}", e.param);
        }
    }
}

#[test]
fn hinglish_speaks_hinglish_with_the_same_numbers() {
    use crate::i18n::{with_lang, Lang};
    let queries = [
        "S=4&L=400&T=1&W=20",
        "S=4&L=200&W=20&regs=40&cores=128",
        "mode=hardware&cc=8.0&regs=40&tpb=256&S=4&L=200&W=20",
    ];
    for query in queries {
        let en = run(query);
        let hi = with_lang(Lang::Hinglish, || run(query));
        // Same figures, same values, same simulation: only the words change.
        let values = |o: &LatencyOutput| -> Vec<(&'static str, String)> {
            o.figures
                .iter()
                .map(|f| (f.metric, f.value.plain()))
                .collect()
        };
        assert_eq!(values(&en), values(&hi), "{query}");
        assert_eq!(en.sim, hi.sim, "{query}");
        assert_eq!(en.worked.len(), hi.worked.len(), "{query}");
        for (e, h) in en.worked.iter().zip(&hi.worked) {
            assert_ne!(e.question, h.question, "{query}");
            assert_ne!(e.answer, h.answer, "{query}");
            assert_eq!(e.steps.len(), h.steps.len(), "{query}");
        }
    }
    let en = run("S=4&L=400&T=1&W=20");
    let hi = with_lang(Lang::Hinglish, || run("S=4&L=400&T=1&W=20"));
    let label = |o: &LatencyOutput, metric: &str| {
        o.figures
            .iter()
            .find(|f| f.metric == metric)
            .map(|f| f.label)
    };
    assert_eq!(label(&en, "warps-needed"), Some("Warps needed"));
    assert_eq!(label(&hi, "warps-needed"), Some("Zaroori warps"));
    let w = &hi.worked[0];
    assert!(w.question.contains("kitne warps"), "{}", w.question);
    assert!(w.forecast.contains("guess karo"), "{}", w.forecast);
    assert!(
        w.answer
            .contains("80 warps chahiye, sirf 64 available: 16 short"),
        "{}",
        w.answer
    );
    // The formulas are the same in both languages.
    let text = w.text();
    assert!(
        text.contains("(N_sched · L)/T_issue = (4 × 400)/1 = 1600"),
        "{text}"
    );
    assert!(text.contains("W ≥ ⌈1600/(1 × 64)⌉ = 25"), "{text}");
    assert!(text.contains("bhare rehne chahiye"), "{text}");
    // Errors still name their parameter and the allowed values.
    let out = with_lang(Lang::Hinglish, || run("mode=quantum&policy=random"));
    let mode = out.errors.iter().find(|e| e.param == "mode").unwrap();
    assert!(
        mode.message
            .contains("sirf textbook ya hardware ho sakta hai"),
        "{}",
        mode.message
    );
    let policy = out.errors.iter().find(|e| e.param == "policy").unwrap();
    assert!(policy.message.contains("gto"), "{}", policy.message);
    assert!(
        policy.message.contains("nahi chalega"),
        "{}",
        policy.message
    );
    // The controls' labels and hints.
    let (l_label, l_hint) = with_lang(Lang::Hinglish, || (L.label_text(), L.hint_text()));
    // The range in the hint comes from L's declaration (1–100,000), the unit from its unit.
    assert_eq!(
        (l_label, l_hint.as_str()),
        ("Stall latency L", "1–100,000 cycles")
    );
    assert_eq!(L.label_text(), "Stall latency L");
    assert_eq!(L.hint_text(), "1–100,000 cycles");
    // The limiting factor keeps its data-value; the sentence uses the word of the language.
    let hw = with_lang(Lang::Hinglish, || run("mode=hardware&cc=8.0&regs=40"));
    let f = hw
        .figures
        .iter()
        .find(|f| f.metric == "limiting-factor")
        .unwrap();
    assert_eq!(f.value.plain(), "registers");
    assert!(
        hw.worked[1].text().contains("registers se limited"),
        "{}",
        hw.worked[1].text()
    );
}

#[test]
fn each_occupancy_mode_links_only_its_own_inputs() {
    let link = |input: &LatencyInput| {
        let mut q = crate::query::Query::parse("panel=latency");
        input.write_query(&mut q);
        q.to_search()
    };
    // cap belongs to textbook mode, tpb to hardware mode; L and W are always written.
    let mut input = LatencyInput::from_query(
        &crate::query::Query::parse("L=200&W=20&cap=48&tpb=512"),
        &LatencyInput::default(),
    );
    assert_eq!(link(&input), "?panel=latency&L=200&W=20&cap=48");
    assert!(input.in_use(&CAP) && !input.in_use(&TPB) && input.in_use(&REGS));
    input.switch_mode("hardware");
    assert_eq!(
        link(&input),
        "?panel=latency&L=200&W=20&mode=hardware&tpb=512"
    );
    assert!(!input.in_use(&CAP) && input.in_use(&TPB));
    // The textbook cap is still there for the way back.
    input.switch_mode("textbook");
    assert_eq!(link(&input), "?panel=latency&L=200&W=20&cap=48");
}

#[test]
fn a_stall_no_occupancy_hides_links_to_the_roofline() {
    // Seed 000, cell F: L = 400, W = 1 needs 400 warps, the cap is 64: memory-bound. Read as one
    // FP32 operation a lane per instruction between 4-byte loads: 1 · 32 FLOP per 32 · 4 = 128
    // bytes (0.25 FLOP/byte). Cell J (W = 20, 80 > 64): 640 FLOP per 128 bytes (5 FLOP/byte,
    // still below an A100's ridge of 12.5). Hidden (cell E, 20 ≤ 64): no link.
    let link = |q: &str| {
        evaluate(&LatencyInput::from_query(
            &Query::parse(q),
            &LatencyInput::default(),
        ))
        .memory_bound
    };
    assert_eq!(
        link("L=400&W=1").as_deref(),
        Some("panel=memory&view=roofline&flops=32&bytes=128")
    );
    assert_eq!(
        link("S=4&L=400&T=1&W=20").as_deref(),
        Some("panel=memory&view=roofline&flops=640&bytes=128")
    );
    assert_eq!(link("L=300&W=15"), None);
    // The roofline it opens: memory-bound at 0.25 · 1,555 = 388.75 GFLOP/s.
    let roof = crate::memory::panel::evaluate(&crate::memory::panel::MemoryInput::from_query(
        &Query::parse("flops=32&bytes=128&view=roofline"),
        &crate::memory::panel::MemoryInput::default(),
    ));
    let bound = roof
        .figures
        .iter()
        .find(|f| f.metric == "bound")
        .map(|f| f.value.plain());
    assert_eq!(bound.as_deref(), Some("memory"));
    let gflops = roof
        .figures
        .iter()
        .find(|f| f.metric == "attainable-gflops")
        .map(|f| f.value.plain());
    assert_eq!(gflops.as_deref(), Some("388.75"));
}
