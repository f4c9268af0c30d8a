//! The lab against the seeds and the panels' models, with hand-derived traces.

use super::panel::*;
use super::testing::{fig, preset, preset_source, run};
use super::*;
use crate::coalescing::access::Access;
use crate::divergence::branch::Loop;
use crate::query::Query;
use proptest::prelude::*;

#[test]
fn even_odd_branch_matches_the_divergence_model() {
    let out = preset("kernel.preset.even-odd");
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(fig(&out, "warps-run"), "1");
    assert_eq!(fig(&out, "divergent-branches"), "1");
    let r = out.result.as_ref().unwrap();
    let br = r.branch.unwrap();
    assert_eq!((br.then, br.els), ((20, 16), (8, 16)));
    // Seed 004 Ex 5 through the divergence model: 28 cycles, 50 % lane utilization.
    let b = branch_model(r).unwrap();
    assert_eq!(b.diverged_cycles(), 28);
    assert!((b.lane_utilization().unwrap() - 0.5).abs() < 1e-12);
    assert_eq!(
        out.links.clone().unwrap().divergence.as_deref(),
        Some("panel=divergence&paths=20,8&lanes=16,16")
    );
    // Issued: if (32 lanes), heavy (16), light (16): SIMT efficiency 64/96.
    assert_eq!(fig(&out, "instructions-issued"), "3");
    assert_eq!(fig(&out, "simt-efficiency"), "0.666667");
    assert_eq!(fig(&out, "cycles"), "29");
}

#[test]
fn the_step_through_shows_masks_and_reconvergence() {
    let out = preset("kernel.preset.even-odd");
    let t = &out.result.unwrap().trace;
    assert_eq!(t.len(), 3);
    // Line 2: the if, all 32 lanes, empty stack.
    assert_eq!((t[0].line, t[0].mask, t[0].stack.len()), (2, u32::MAX, 0));
    // Line 3: heavy_path on the even lanes, inside the if.
    assert_eq!((t[1].line, t[1].mask), (3, 0x5555_5555));
    assert_eq!(
        t[1].stack,
        vec![exec::StackEntry {
            kind: "if",
            line: 2,
            rejoin: u32::MAX
        }]
    );
    // Line 5: light_path on the odd lanes, in the else; all 32 rejoin after.
    assert_eq!((t[2].line, t[2].mask), (5, 0xAAAA_AAAA));
    assert_eq!(t[2].stack[0].kind, "else");
}

#[test]
fn realignment_removes_divergence() {
    let parity = preset("kernel.preset.parity");
    let aligned = preset("kernel.preset.aligned");
    // 4 warps: every warp splits under idx % 2, none under (idx / 32) % 2 (seed 003 Ex 10).
    assert_eq!(fig(&parity, "divergent-branches"), "4");
    assert_eq!(fig(&aligned, "divergent-branches"), "0");
    let b = branch_model(parity.result.as_ref().unwrap()).unwrap();
    assert_eq!((b.diverged_cycles(), b.ideal_cycles()), (24, 14));
}

#[test]
fn the_ragged_tail_guard() {
    let out = preset("kernel.preset.guard");
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    // N = 1000, B = 256: 4 blocks, 32 warps; only warp 7 of block 3 splits (8 lanes work).
    assert_eq!(fig(&out, "warps-run"), "32");
    assert_eq!(fig(&out, "divergent-branches"), "1");
    let r = out.result.as_ref().unwrap();
    assert_eq!(r.branch.unwrap().then.1, 8);
    // Coalesced floats: each full warp's load and store is one transaction.
    assert_eq!(r.loads.transactions, 32);
    // 1000 useful floats over 32 lines of 128 bytes.
    assert_eq!(
        fig(&out, "load-efficiency"),
        crate::figure::format_decimal(4000.0 / 4096.0)
    );
    assert_eq!(
        out.links.clone().unwrap().warps,
        "panel=warps&block=256,1,1&n=1000"
    );
}

#[test]
fn loop_trip_counts_match_the_loop_model() {
    let out = preset("kernel.preset.trips");
    let r = out.result.as_ref().unwrap();
    let (line, counts) = r.loop_counts.clone().unwrap();
    assert_eq!(line, 4);
    let expected: Vec<u64> = (0..32).map(|i| i % 4 + 1).collect();
    assert_eq!(counts, expected);
    let l = Loop::new(&counts).unwrap();
    assert_eq!((l.loop_cycles(), l.useful_lane_iterations()), (4, 80));
    assert!(out
        .links
        .clone()
        .unwrap()
        .loop_counts
        .unwrap()
        .starts_with("panel=divergence&counts=1,2,3,4,1"));
}

#[test]
fn strided_copy_matches_the_coalescing_model() {
    let out = preset("kernel.preset.strided");
    assert_eq!(fig(&out, "load-transactions"), "32");
    assert_eq!(fig(&out, "store-transactions"), "1");
    let model = Access {
        elem: 4,
        stride: 32,
        offset: 0,
        line: 128,
        lanes: 32,
    }
    .efficiency();
    assert_eq!(
        fig(&out, "load-efficiency"),
        crate::figure::format_decimal(model)
    );
    assert_eq!(
        out.links.clone().unwrap().coalescing.as_deref(),
        Some("panel=coalescing&elem=4&stride=32")
    );
}

#[test]
fn errors_have_a_place_and_a_caret() {
    let e = &run(
        "__global__ void k(float* a) {\n    int i = threadIdx.x\n    a[i] = 1;\n}",
        "",
    )
    .errors[0];
    assert_eq!(e.param, "src");
    assert!(
        e.message
            .starts_with("line 3, column 5: expected “;” to end the statement"),
        "{}",
        e.message
    );
    assert!(
        e.message.ends_with("\n    a[i] = 1;\n    ^"),
        "{}",
        e.message
    );
    // (atomics are in the subset since issue 17: printf stands for what is not)
    let e = &run("__global__ void k(float* a) { printf(a, 1); }", "").errors[0];
    assert!(
        e.message.contains("not supported in this subset: printf"),
        "{}",
        e.message
    );
    let e = &run("__global__ void k(float* a) { __shared__ float s; }", "").errors[0];
    assert!(
        e.message.contains("a shared array has one or two sizes"),
        "{}",
        e.message
    );
    let e = &run("__global__ void k(float* a) { while (true) { } }", "").errors[0];
    assert_eq!(e.param, "run");
    assert!(
        e.message
            .starts_with("line 1: the run passed its step budget")
            && e.message.contains("loop at line 1"),
        "{}",
        e.message
    );
    let e = &run(
        "__global__ void k(float* a) {\n  int i = threadIdx.x;\n  a[i + 100] = 0.0f;\n}",
        "len=64",
    )
    .errors[0];
    assert_eq!(e.param, "run");
    assert!(e.message.contains("line 3: out-of-bounds store to a[100] by thread (0, 0, 0) of block (0, 0) (lane 0): a has 64 elements"), "{}", e.message);
    let e = &run("__global__ void k(int* a) { int z = 0; a[0] = 1 / z; }", "").errors[0];
    assert!(e.message.contains("division by zero"), "{}", e.message);
    let e = &run("__global__ void k() { x = 1; }", "").errors[0];
    assert!(e.message.contains("x is not declared"), "{}", e.message);
    assert_eq!(run("", "").errors[0].param, "src");
    assert_eq!(run(DEFAULT_SRC, "block=4096").errors[0].param, "block-x");
    assert_eq!(run(DEFAULT_SRC, "grid=70000").errors[0].param, "grid");
    assert!(run(DEFAULT_SRC, "grid=1000&block=1024").errors[0]
        .message
        .contains("at most 4096"));
}

#[test]
fn c_semantics() {
    let src = "__global__ void k(int* a, float* f) {\n  int i = threadIdx.x;\n  int x = -7 / 2;\n  int y = -7 % 2;\n  a[i] = x * 10 + y;\n  f[i] = i < 16 ? 1.5f : 2.5f;\n  if (i > 100 && a[i + 1000000000] > 0) { a[i] = 0; }\n}";
    let out = run(src, "block=32&len=64");
    // -7/2 = -3 and -7%2 = -1 in C; && never evaluates the out-of-bounds load.
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    let t = &out.result.unwrap().trace;
    let x = t
        .iter()
        .rev()
        .find_map(|s| {
            s.vars
                .iter()
                .find(|(n, _)| n == "x")
                .map(|(_, v)| v[0].clone())
        })
        .unwrap();
    assert_eq!(x.as_deref(), Some("-3"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn no_source_text_panics(src in ".{0,200}") {
        let _ = evaluate(&KernelInput::default().with(&SRC, src));
    }

    #[test]
    fn token_soup_never_panics(words in proptest::collection::vec(prop::sample::select(vec![
        "__global__", "void", "k", "(", ")", "{", "}", "int", "float", "*", "a", "[", "]", "=", ";", "if", "else", "for",
        "while", "i", "<", "32", "threadIdx", ".", "x", "+", "++", "return", "break", "heavy_path", "?", ":", "&&", "0.5f",
    ]), 0..60)) {
        let src = format!("__global__ void k(float* a) {{ {} }}", words.join(" "));
        let _ = evaluate(&KernelInput::default().with(&SRC, src));
    }
}

#[test]
fn braces_in_messages_stay_literal() {
    let e = compile("").unwrap_err();
    assert_eq!(
        e.message,
        "the source is empty: write a __global__ void kernel(…) { … }"
    );
    let e = compile("__global__ void k(float* a) {\n  int i = 0;\n").unwrap_err();
    assert_eq!(e.message, "a “{” is never closed: “}” missing");
    let e = compile("__global__ void k(float* a) { int x = threadIdx; }").unwrap_err();
    assert_eq!(e.message, "threadIdx needs .x, .y or .z");
    // 10^20 is past 2^63 - 1 (9.22 × 10^18); 2^32 with a `u` suffix is past unsigned int.
    for lit in ["99999999999999999999", "4294967296u"] {
        let e = compile(&format!("__global__ void k(float* a) {{ a[0] = {lit}; }}")).unwrap_err();
        assert_eq!(
            e.message,
            format!("“{lit}” is not a number this subset can hold (at most 9223372036854775807, and 4294967295 with a u suffix)")
        );
    }
}

#[test]
fn a_wide_index_literal_is_the_runs_out_of_bounds_access_at_its_line() {
    // Issue 65: `a[4294967296]` and `a[9223372036854775807]` were named as `src` (the literal
    // "too big"), not as what CUDA does with them: a `long long` index past the buffer. Each
    // is now the run's out-of-bounds access, at line 3, with the index quoted.
    crate::i18n::set_lang(crate::i18n::Lang::En);
    for (index, store) in [
        ("4294967296", true),
        ("9223372036854775807", false),
        ("0x100000000", true),
    ] {
        let body = if store {
            format!("a[{index}] = 1.0f;")
        } else {
            format!("a[0] = a[{index}];")
        };
        let src = format!(
            "__global__ void k(float* a) {{\n  if (threadIdx.x == 0) {{\n    {body}\n  }}\n}}"
        );
        let out = run(&src, "");
        assert_eq!(out.errors.len(), 1, "{index}: {:?}", out.errors);
        let e = &out.errors[0];
        assert!(e.message.starts_with("line 3"), "{index}: {}", e.message);
        assert!(
            e.message.contains("out-of-bounds"),
            "{index}: {}",
            e.message
        );
        let shown = if index.starts_with("0x") {
            "4294967296"
        } else {
            index
        };
        assert!(e.message.contains(shown), "{index}: {}", e.message);
    }
    // Inside the buffer a wide literal's arithmetic is the lab's 64-bit int: 2^32 - 2^32 + 3 = 3.
    let out = run(
        "__global__ void k(float* a) {\n  a[4294967296 - 4294967296 + 3] = 7.0f;\n}",
        "",
    );
    assert!(out.errors.is_empty(), "{:?}", out.errors);
}

#[test]
fn hinglish_errors_keep_their_place_and_numbers() {
    use crate::i18n::{with_lang, Lang};
    let src = "__global__ void k(float* a) {\n    int i = threadIdx.x\n    a[i] = 1;\n}";
    let en = run(src, "").errors[0].clone();
    let hi = with_lang(Lang::Hinglish, || run(src, "").errors[0].clone());
    assert_eq!(hi.param, "src");
    assert!(
        hi.message
            .starts_with("line 3, column 5 par: statement khatam karne ke liye “;” chahiye tha"),
        "{}",
        hi.message
    );
    // Same source line and caret under the same column.
    assert_eq!(
        en.message.split_once('\n').unwrap().1,
        hi.message.split_once('\n').unwrap().1
    );
    let e = with_lang(Lang::Hinglish, || {
        compile("__global__ void k() { printf(); }")
    })
    .unwrap_err();
    assert_eq!((e.line, e.col), (1, 23));
    assert_eq!(e.message, "is subset mein supported nahi: printf");
    // A run-time error names the same line, thread, block, lane and length.
    let src = "__global__ void k(float* a) {\n  int i = threadIdx.x;\n  a[i + 100] = 0.0f;\n}";
    let hi = with_lang(Lang::Hinglish, || run(src, "len=64").errors[0].clone());
    assert_eq!(hi.param, "run");
    assert!(
        hi.message
            .starts_with("line 3 par: out-of-bounds store a[100] mein")
            && hi.message.contains("thread (0, 0, 0)")
            && hi.message.contains("(lane 0)")
            && hi.message.contains("64 elements hain"),
        "{}",
        hi.message
    );
    let hi = with_lang(Lang::Hinglish, || run(DEFAULT_SRC, "grid=1000&block=1024"));
    assert!(
        hi.errors[0].message.contains("zyada se zyada 4096"),
        "{}",
        hi.errors[0].message
    );
}

#[test]
fn hinglish_figures_have_the_same_values() {
    use crate::i18n::{with_lang, Lang};
    let en = preset("kernel.preset.even-odd");
    let hi = with_lang(Lang::Hinglish, || preset("kernel.preset.even-odd"));
    let values = |o: &KernelOutput| {
        o.figures
            .iter()
            .map(|f| (f.metric, f.value.plain()))
            .collect::<Vec<_>>()
    };
    assert_eq!(values(&en), values(&hi));
    let warps = |o: &KernelOutput| o.figures.iter().find(|f| f.metric == "warps-run").cloned();
    assert_eq!(warps(&en).unwrap().label, "Warps run");
    assert_eq!(warps(&hi).unwrap().label, "Chale hue warps");
    assert!(warps(&hi).unwrap().help.contains("execute hue"));
}

#[test]
fn presets_and_fields_are_catalogue_keys() {
    use crate::i18n::{lookup, Lang};
    let keys = PRESETS.iter().map(|(label, _, _)| *label).chain(
        PARAMS
            .iter()
            .flat_map(|p| [Some(p.label), p.hint])
            .flatten(),
    );
    for key in keys {
        for lang in Lang::ALL {
            assert!(lookup(lang, key).is_some(), "{lang:?} lacks {key:?}");
        }
    }
    assert_eq!(LEN.label_text(), "Buffer length");
    assert_eq!(
        crate::i18n::with_lang(crate::i18n::Lang::Hinglish, || GRID.hint_text()),
        "G[,H]; default ⌈n/B⌉ ya 1; optional"
    );
}

#[test]
fn the_trace_defaults_to_the_first_warp_worth_watching() {
    use exec::TraceWhy::{Chosen, Diverges, First, Ragged};
    let traced = |o: &KernelOutput| {
        let t = o.result.as_ref().map(|r| r.traced);
        t.map(|t| (t.block, t.warp, t.why))
    };
    let with = |id: &str, extra: &str| {
        let (src, params) = preset_source(id);
        // The first value of a key counts: `extra` before the preset's own.
        run(src, &format!("{extra}&{params}"))
    };
    // The guard preset: B = 256, n = 1000, so ⌈1000/256⌉ = 4 blocks of 8 warps. Thread
    // i = 256·block + 32·warp + lane, and `if (i < n)` splits only the warp whose i run
    // 992 … 1023 across 1000: block ⌊992/256⌋ = 3, warp (992 − 768)/32 = 7. Warp 0 of
    // block 0 (i = 0 … 31, all below 1000) would show nothing.
    let out = preset("kernel.preset.guard");
    assert_eq!(traced(&out), Some((3, 7, Diverges)));
    let t = &out.result.as_ref().unwrap().trace;
    // Line 2 (int i = …) and line 3 (the if) with all 32 lanes; line 4's store with the
    // lanes whose i < 1000: lanes 0–7 (i = 992 … 999), mask 0xff.
    assert_eq!(
        t.iter().map(|s| (s.line, s.mask)).collect::<Vec<_>>(),
        vec![(2, u32::MAX), (3, u32::MAX), (4, 0xff)]
    );
    let i = &t[1].vars.iter().find(|(n, _)| n == "i").unwrap().1;
    assert_eq!(
        (i[0].as_deref(), i[8].as_deref()),
        (Some("992"), Some("1000"))
    );
    assert_eq!(
        traced_note(&out.result.unwrap().traced),
        "Block 3, warp 7: the first warp whose lanes diverge."
    );
    // The even/odd preset: warp 0 of block 0 already splits on threadIdx.x % 2.
    assert_eq!(
        traced(&preset("kernel.preset.even-odd")),
        Some((0, 0, Diverges))
    );
    // The trips preset: the loop's trip counts i % 4 + 1 differ across warp 0's lanes.
    assert_eq!(
        traced(&preset("kernel.preset.trips")),
        Some((0, 0, Diverges))
    );
    // The aligned preset: (idx / 32) % 2 is one value for all 32 lanes of a warp, and B = 128 fills its
    // 4 warps: no warp stands out, so the first.
    assert_eq!(
        traced(&preset("kernel.preset.aligned")),
        Some((0, 0, First))
    );
    // The same kernel on B = 48: warp 0 holds threads 0–31, warp 1 threads 32–47 and 16 idle
    // lanes: its mask is 0xffff from the first step.
    let out = with("kernel.preset.aligned", "block=48");
    assert_eq!(traced(&out), Some((0, 1, Ragged)));
    assert_eq!(out.result.unwrap().trace[0].mask, 0xffff);
    // A chosen warp is kept, even where another diverges first.
    let out = with("kernel.preset.guard", "trace=1,2");
    assert_eq!(traced(&out), Some((1, 2, Chosen)));
    // i = 256 + 64 + lane: lane 0 holds 320.
    let i = &out.result.unwrap().trace[1].vars[0].1;
    assert_eq!(i[0].as_deref(), Some("320"));
    // A warp outside the launch is an error naming the ones there are: B = 32 has one warp,
    // n = 1000 gives ⌈1000/32⌉ = 32 blocks.
    let out = with("kernel.preset.even-odd", "n=1000&trace=0,1");
    assert_eq!(out.errors.len(), 1, "{:?}", out.errors);
    assert_eq!(out.errors[0].param, "trace");
    assert_eq!(
        out.errors[0].message,
        "trace 0,1 is not in this launch: blocks 0 … 31, warps 0 … 0 in each block"
    );
    assert!(with("kernel.preset.even-odd", "n=1000&trace=32,0").errors[0].param == "trace");
    assert!(with("kernel.preset.even-odd", "n=1000&trace=31,0")
        .errors
        .is_empty());
}

#[test]
fn errors_mark_their_place_for_the_editor() {
    // The missing “;” after `threadIdx.x` is found at the next token, `a` on line 3, column 5.
    let out = run(
        "__global__ void k(float* a) {\n    int i = threadIdx.x\n    a[i] = 1;\n}",
        "",
    );
    assert_eq!(
        out.mark,
        Some(SourceMark {
            line: 3,
            col: Some(5)
        })
    );
    // A run-time error names a line only: the store on line 3.
    let out = run(
        "__global__ void k(float* a) {\n  int i = threadIdx.x;\n  a[i + 100] = 0.0f;\n}",
        "len=64",
    );
    assert_eq!(out.mark, Some(SourceMark { line: 3, col: None }));
    // Launch errors have no place in the source.
    let out = run(DEFAULT_SRC, "block=4096");
    assert_eq!(out.mark, None);
    assert_eq!(run(DEFAULT_SRC, "").mark, None);
}

#[test]
fn every_global_access_of_every_preset_costs_what_the_coalescing_panel_says() {
    // Issue 26: the lab costs its global loads and stores with the coalescing model's own
    // rule. Checked access by access on every preset: against a brute force (the lanes' 4-byte
    // words are aligned, so each lies in one 128-byte segment: transactions = distinct
    // address / 128), and, where the lanes read with one stride (the coalescing panel's own
    // case), against the coalescing panel's `transactions` figure read through its URL.
    use crate::registry::Panel;
    let (mut checked, mut strided) = (0, 0);
    let mut panel = std::collections::HashMap::new();
    for (label, src, params) in PRESETS {
        let out = run(src, params);
        let i = label.key();
        let Some(r) = out.result.as_ref() else {
            continue;
        };
        for (addrs, t) in &r.global_log {
            let mut segs: Vec<u64> = addrs.iter().map(|a| a / 128).collect();
            segs.sort_unstable();
            segs.dedup();
            assert_eq!(*t, segs.len() as u64, "preset {i}: {addrs:?}");
            checked += 1;
            let d = addrs.get(1).map(|b| i128::from(*b) - i128::from(addrs[0]));
            let Some(d) = d.filter(|d| *d >= 0 && d % 4 == 0) else {
                continue;
            };
            let one_stride = addrs
                .windows(2)
                .all(|w| i128::from(w[1]) - i128::from(w[0]) == d);
            let stride = u64::try_from(d / 4).unwrap_or(u64::MAX);
            if !one_stride || stride > crate::MAX_STRIDE {
                continue;
            }
            let q = format!(
                "panel=coalescing&elem=4&stride={stride}&offset={}&lanes={}",
                addrs[0] % 128,
                addrs.len()
            );
            let tx = panel.entry(q.clone()).or_insert_with(|| {
                let c = Panel::Coalescing.evaluate_query(&Query::parse(&q), &[]);
                assert!(c.errors.is_empty(), "{q}: {:?}", c.errors);
                c.figures
                    .iter()
                    .find(|f| f.metric == "transactions")
                    .map(|f| f.value.plain())
            });
            assert_eq!(
                tx.as_deref(),
                Some(t.to_string().as_str()),
                "preset {i}: {q}"
            );
            strided += 1;
        }
    }
    // Every preset's accesses: hundreds, most of them strided.
    assert!(checked >= 100 && strided >= 50, "{checked} {strided}");
}

#[test]
fn a_learners_code_is_kept_per_challenge_and_per_custom_fingerprint() {
    let input = |q: &str| KernelInput::from_query(&Query::parse(q), &KernelInput::default());
    // Built-ins under their own name; the lab outside a challenge and a wrong name keep nothing.
    assert_eq!(
        code_key(&input("panel=kernel&challenge=add-ten")).as_deref(),
        Some("add-ten")
    );
    assert_eq!(code_key(&input("panel=kernel")), None);
    assert_eq!(code_key(&input("panel=kernel&challenge=nope")), None);
    // Two custom challenges that differ only in their tests never share a learner's code; the
    // same one (whatever else the address carries: src, test, check) always does.
    let a = "panel=kernel&challenge=custom&ref=__global__%20void%20k(int*%20a)%7Ba%5B0%5D%3D1%3B%7D&tests=1x32";
    let b = "panel=kernel&challenge=custom&ref=__global__%20void%20k(int*%20a)%7Ba%5B0%5D%3D1%3B%7D&tests=2x32";
    let ka = code_key(&input(a)).unwrap();
    assert!(
        ka.starts_with("custom-") && ka.len() == "custom-".len() + 16,
        "{ka}"
    );
    assert_ne!(Some(ka.clone()), code_key(&input(b)));
    assert_eq!(
        Some(ka),
        code_key(&input(&format!("{a}&src=x&test=1&check=1")))
    );
    // What the editor opens with: the link's code, else the kept code, else the starter.
    let starter = starting_source(&input("panel=kernel&challenge=add-ten")).unwrap();
    let kept = Some("my kernel".to_string());
    assert_eq!(
        opening_source(&input("panel=kernel&challenge=add-ten"), kept.clone()).as_deref(),
        Some("my kernel")
    );
    assert_eq!(
        opening_source(&input("panel=kernel&challenge=add-ten"), Some("  ".into())),
        Some(starter.clone())
    );
    assert_eq!(
        opening_source(&input("panel=kernel&challenge=add-ten"), None),
        Some(starter)
    );
    assert_eq!(
        opening_source(
            &input("panel=kernel&challenge=add-ten&src=int%20x%3B"),
            kept
        ),
        None,
        "a link with its own code opens it"
    );
}

#[test]
fn an_empty_kernel_shows_no_efficiency_rather_than_a_red_zero() {
    // Issue 45: the add-ten starter (an empty body) ran on load and showed "SIMT efficiency
    // 0 %" as a verdict before the learner wrote anything. Nothing issued: no efficiency.
    let out = evaluate(&KernelInput::from_query(
        &Query::parse("panel=kernel&challenge=add-ten"),
        &KernelInput::default(),
    ));
    assert_eq!(fig(&out, "instructions-issued"), "0");
    assert_eq!(fig(&out, "simt-efficiency"), "none");
    // One instruction of a full warp is 100 %: 32 active lanes / (32 × 1).
    let out = run(
        "__global__ void k(int* a) { a[threadIdx.x] = 1; }",
        "block=32",
    );
    assert_eq!(fig(&out, "simt-efficiency"), "1");
}

#[test]
fn a_test_outside_the_challenge_names_its_own_count() {
    // Issue 45: `add-ten&test=0` said "1 to 10" (the parameter's widest range); add-ten has 5
    // hidden tests (n = 1, 127, 128, 129, 5000).
    let open = |t: &str| {
        evaluate(&KernelInput::from_query(
            &Query::parse(&format!("panel=kernel&challenge=add-ten&test={t}")),
            &KernelInput::default(),
        ))
    };
    for bad in ["0", "6", "10", "-1", "two"] {
        let out = open(bad);
        let e = out.errors.iter().find(|e| e.param == "test").expect(bad);
        assert!(e.message.contains("1 to 5"), "{bad}: {}", e.message);
        assert!(
            !e.message.contains("10)") && !e.message.contains("to 10"),
            "{bad}: {}",
            e.message
        );
    }
    let out = open("5");
    assert!(
        out.errors.iter().all(|e| e.param != "test"),
        "{:?}",
        out.errors
    );
    assert_eq!(out.challenge.map(|c| c.test), Some(4));
}

#[test]
fn every_preset_file_is_one_presets_source_ending_in_one_newline() {
    // The sources are `presets/<id>.cu`, loaded with `include_str!` (`kernel.preset.parity` →
    // `parity.cu`; the two spin-lock presets share `spin-lock.cu`): every file is a preset's
    // source, every preset loads its own file, and each ends with `}` and one newline, as the
    // one-line strings they replaced did (an editor that drops or adds the last newline, or
    // writes CR LF or tabs, would change the source the lab runs).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/kernel_lab/presets");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    for (name, text) in &files {
        assert_eq!(
            std::path::Path::new(name)
                .extension()
                .and_then(|e| e.to_str()),
            Some("cu"),
            "{name}"
        );
        assert!(text.ends_with("}\n"), "{name}: {text:?}");
        assert!(!text.contains('\r') && !text.contains('\t'), "{name}");
        assert!(
            PRESETS.iter().any(|(_, src, _)| src == text),
            "{name} is no preset's source"
        );
    }
    for (label, src, _) in PRESETS {
        let id = label.key().strip_prefix("kernel.preset.").unwrap();
        let file = match id {
            "spin-stack" | "spin-its" => "spin-lock.cu".to_string(),
            _ => format!("{id}.cu"),
        };
        let text = files
            .iter()
            .find(|(n, _)| *n == file)
            .map(|(_, t)| t.as_str());
        assert_eq!(text, Some(src), "{id}: {file}");
    }
}

#[test]
fn a_launch_over_the_labs_warps_names_the_input_that_sized_it() {
    // Issue 65: `grid=65535,65535` was the run's error, named `run`. 65,535 × 65,535 blocks of
    // the default 32 threads (one warp) = 4,294,836,225 warps, over the lab's 4,096.
    let src = "__global__ void k(float* a) { a[0] = 1.0f; }";
    let out = run(src, "grid=65535,65535");
    let e = out
        .errors
        .iter()
        .find(|e| e.param == "grid")
        .expect("grid named");
    assert!(
        e.message
            .contains("4294836225 warps; Warp Lab runs at most 4096"),
        "{}",
        e.message
    );
    assert!(
        out.errors.iter().all(|e| e.param != "run"),
        "{:?}",
        out.errors
    );
    // Sized by n (no grid given): n is named. 2,000,000 elements / 32 = 62,500 blocks of one
    // warp.
    let out = run(src, "n=2000000");
    let e = out.errors.iter().find(|e| e.param == "n").expect("n named");
    assert!(e.message.contains("62500 warps"), "{}", e.message);
    // 4,096 warps exactly run.
    assert!(run(src, "grid=4096").errors.is_empty());
}

#[test]
fn check_and_test_are_named_when_not_read() {
    // Issue 65: `check=` and `test=` with any text were taken without a word.
    let named = |out: &KernelOutput| -> Vec<String> {
        out.errors.iter().map(|e| e.param.clone()).collect()
    };
    let plain = |q: &str| evaluate_plain(&input_of(q));
    // The plain lab reads neither: each named, the launch run.
    for (q, keys) in [
        ("test=3", vec!["test"]),
        ("check=1", vec!["check"]),
        ("check=y&test=2", vec!["check", "test", "check"]),
    ] {
        let out = plain(q);
        assert_eq!(named(&out), keys, "{q}");
        assert!(out.result.is_some(), "{q}");
    }
    // A challenge reads `check=1` and `test=2`; `check=y` is named, once, on the page's box.
    let boxed = |q: &str| evaluate_box(&input_of(q));
    assert!(boxed("challenge=add-ten&check=1&test=2").errors.is_empty());
    let y = boxed("challenge=add-ten&check=y");
    assert_eq!(named(&y), ["check"]);
    assert!(y.errors[0].message.contains("check takes 1"));
}

#[test]
fn an_empty_challenge_is_named_and_the_plain_lab_runs() {
    // Issue 65: `challenge=` (empty, or spaces) opened the plain lab without a word. Named on
    // `challenge`, once; the launch still runs. Left out, nothing is said.
    crate::i18n::set_lang(crate::i18n::Lang::En);
    // The plain lab's page names it (`empty_challenge_note`, added to its run's errors: its run
    // worker reads the address the page writes, which leaves an empty key out).
    for q in ["challenge=", "challenge=%20%20", "challenge=&n=64"] {
        let note = empty_challenge_note(&input_of(q)).expect(q);
        assert_eq!(note.param, "challenge", "{q}");
        assert!(note.message.contains("plain lab"), "{q}");
        let out = evaluate_plain(&input_of(q));
        assert!(out.errors.is_empty() && out.result.is_some(), "{q}");
    }
    assert_eq!(empty_challenge_note(&input_of("n=64")), None);
    // A challenge's page never opens on an empty `challenge=` (the loader opens the plain
    // lab's bundle for it), so its box and the check worker's run leave it to the plain lab.
    assert!(evaluate_box(&input_of("challenge=")).errors.is_empty());
    assert!(evaluate_test(&input_of("challenge=")).errors.is_empty());
}

fn input_of(q: &str) -> KernelInput {
    KernelInput::from_query(&Query::parse(q), &KernelInput::default())
}
