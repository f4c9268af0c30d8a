use std::fmt::Write as _;

use super::*;
use crate::latency::scheduler::{simulate, SimConfig};

/// `src` run by the lab on `block` threads × `grid` blocks with `n` (its buffers one element
/// a thread and at least 2,048, p[i] = i), recording each warp's instructions, then timed on
/// the SM.
fn timed(src: &str, block: u64, grid: u64, n: i64, config: SmConfig) -> SmOutput {
    let kernel = crate::kernel_lab::compile(src).unwrap();
    let launch = crate::kernel_lab::exec::LaunchConfig {
        block: crate::warps::map::BlockDim::new(block, 1, 1).unwrap(),
        grid: (grid, 1),
        n,
        len: usize::try_from((block * grid).max(2048)).unwrap(),
        sched: crate::kernel_lab::exec::Sched::Stack,
        timing: true,
        cache: crate::memory::hierarchy::Cache::Ca,
    };
    let r = crate::kernel_lab::exec::run(&kernel, launch, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.message));
    assert!(!r.sm_too_long);
    time(&r.sm_ops, config)
}

/// A figure of `figures(sm)`, as `data-value` writes it.
fn fig(sm: &SmOutput, metric: &str) -> String {
    figures(sm)
        .iter()
        .find(|f| f.metric == metric)
        .map_or_else(|| panic!("no {metric}"), |f| f.value.plain())
}

fn a100(s: u64, l: u64) -> SmConfig {
    sm_config(s, l, Policy::RoundRobin)
}

#[test]
fn an_untimed_run_records_nothing() {
    let kernel = crate::kernel_lab::compile(crate::kernel_lab::panel::DEFAULT_SRC).unwrap();
    let launch = crate::kernel_lab::exec::LaunchConfig {
        block: crate::warps::map::BlockDim::new(64, 1, 1).unwrap(),
        grid: (1, 1),
        n: 0,
        len: 64,
        sched: crate::kernel_lab::exec::Sched::Stack,
        timing: false,
        cache: crate::memory::hierarchy::Cache::Ca,
    };
    let r = crate::kernel_lab::exec::run(&kernel, launch, None, &[]).unwrap();
    assert!(r.sm_ops.is_empty() && !r.sm_too_long);
}

#[test]
fn a_kernel_without_loads_is_issue_bound_with_warps_at_least_schedulers() {
    // 8 warps (256 threads) on 4 schedulers, each warp 3 statements and a store: 4
    // instructions, each using the one before (ready the next cycle). A scheduler owns 2 warps,
    // 8 instructions: 8 cycles, every slot used.
    let src = "__global__ void k(int* out) {\n  int i = threadIdx.x;\n  int a = i * 2;\n  out[i] = a + 1;\n}\n";
    let sm = timed(src, 256, 1, 0, a100(4, 400));
    assert_eq!(fig(&sm, "sm-cycles"), "6");
    assert_eq!(fig(&sm, "issue-utilization"), "1");
    // With 2 warps on 4 schedulers, half the slots are never used.
    let sm = timed(src, 64, 1, 0, a100(4, 400));
    assert_eq!(fig(&sm, "sm-cycles"), "3");
    assert_eq!(fig(&sm, "issue-utilization"), "0.5");
}

#[test]
fn one_warp_with_three_dependent_loads_takes_at_least_three_latencies() {
    // x's load issues at cycle 1; y's reads x (ready at 1 + L), z's reads y (1 + 2L), the
    // store reads z (1 + 3L): 3L + 2 cycles, and 3 (L - 1) of them waiting on a load.
    let src = "__global__ void k(int* a, int* out) {\n  int i = threadIdx.x;\n  int x = a[i];\n  int y = a[x];\n  int z = a[y];\n  out[i] = z;\n}\n";
    for l in [100u64, 400] {
        let sm = timed(src, 32, 1, 0, a100(4, l));
        assert_eq!(fig(&sm, "sm-cycles"), (3 * l + 2).to_string());
        assert!(sm.run.cycles >= 3 * l);
        assert_eq!(sm.run.in_state(State::LongScoreboard), 3 * (l - 1));
        // Each of lines 4, 5 and 6 waited on the line before it: a third of the stalls each.
        assert_eq!(
            line_note(&sm, 6).as_deref(),
            Some("33.33% of the stalls, waiting on the value of line 5")
        );
        // The worked line names the line that stalled most: a tie of three thirds goes to the
        // first, line 4, waiting on x (line 3).
        assert_eq!(
            top_stall(&sm).as_deref(),
            Some("Most stalls: line 4, 33.33% of the stalls, waiting on the value of line 3.")
        );
        // Every figure worked: one warp, resident for all 3L + 2 cycles; 5 instructions issued
        // (i, the three loads, the store), 3 (L - 1) cycles waiting, nothing else.
        let all = 3 * l + 2;
        assert_eq!(
            shares_head(&sm),
            format!("Where the resident warps' {all} warp-cycles went (each resident warp is in one state each cycle, so the shares add up to 100%):")
        );
        let steps = state_steps(&sm);
        assert_eq!(steps.len(), 5);
        assert!(steps[0].1.starts_with(&format!("Issued: 5 ÷ {all} = ")));
        assert!(steps[1]
            .1
            .contains(&format!(": {} ÷ {all} = ", 3 * (l - 1))));
        assert_eq!(sm.run.states.iter().sum::<u64>(), all);
    }
    // L = 100: 5 ÷ 302 = 1.656 % issued, 297 ÷ 302 = 98.34 % waiting on a global load.
    let sm = timed(src, 32, 1, 0, a100(4, 100));
    let steps = state_steps(&sm);
    assert_eq!(steps[0].1, "Issued: 5 ÷ 302 = 1.656%");
    assert_eq!(steps[1].1, "Waiting on a global load: 297 ÷ 302 = 98.34%");
    assert_eq!(steps[4].1, "Ready, another warp issued: 0 ÷ 302 = 0%");
    // The same loads independent of each other overlap: about one L, not three.
    let src = "__global__ void k(int* a, int* out) {\n  int i = threadIdx.x;\n  int x = a[i];\n  int y = a[i + 1];\n  int z = a[i + 2];\n  out[i] = x + y + z;\n}\n";
    let sm = timed(src, 32, 1, 0, a100(4, 400));
    // Loads at 1, 2, 3; the store waits for the last: issued at 403, 404 cycles.
    assert_eq!(fig(&sm, "sm-cycles"), "404");
}

#[test]
fn a_load_used_in_its_own_statement_stalls_there() {
    // `out[i] = a[i] * 2` is the load and the instruction that uses it, on line 3: the warp
    // waits there (issue 47's reading of a statement), 1 + L + 1 cycles.
    let src =
        "__global__ void k(int* a, int* out) {\n  int i = threadIdx.x;\n  out[i] = a[i] * 2;\n}\n";
    let sm = timed(src, 32, 1, 0, a100(4, 400));
    assert_eq!(fig(&sm, "sm-cycles"), "402");
    assert_eq!(
        line_note(&sm, 3).as_deref(),
        Some("100% of the stalls, waiting on the value of line 3")
    );
    assert_eq!(
        top_stall(&sm).as_deref(),
        Some("Most stalls: line 3, 100% of the stalls, waiting on the value of line 3.")
    );
}

#[test]
fn warps_waiting_at_a_barrier_for_a_slower_one_show_stall_barrier() {
    // Warp 1 (threads 32-63) works 100 cycles before the barrier; warp 0 waits there.
    let src = "__global__ void k(int* a) {\n  int i = threadIdx.x;\n  if (i >= 32) {\n    work(100);\n  }\n  __syncthreads();\n  a[i] = i;\n}\n";
    let sm = timed(src, 64, 1, 0, a100(2, 400));
    assert!(sm.run.in_state(State::Barrier) >= 99, "{:?}", sm.run.states);
    assert!(fig(&sm, "stall-barrier") != "0");
    assert_eq!(
        line_note(&sm, 6).as_deref(),
        Some("100% of the stalls, at the barrier")
    );
}

/// The latency panel's scenario as a kernel: `bursts` loads per warp, each using the one
/// before, each followed by `w - 1` independent instructions (`work(w - 1)`).
fn scenario(w: u64, bursts: u64) -> String {
    let mut src = String::from("__global__ void k(int* a) {\n  int v0 = a[threadIdx.x];\n");
    if w > 1 {
        let _ = writeln!(src, "  work({});", w - 1);
    }
    for b in 1..bursts {
        let _ = writeln!(src, "  int v{b} = a[threadIdx.x + v{} * 0];", b - 1);
        if w > 1 {
            let _ = writeln!(src, "  work({});", w - 1);
        }
    }
    src.push_str("}\n");
    src
}

#[test]
fn the_latency_panels_scenario_run_in_the_lab_gives_its_utilization() {
    // Issue 47: over a grid of L, W, S and warps, the lab's run of the scenario kernel issues,
    // in the latency panel's window of cycles, as many instructions as the panel's simulation,
    // and so shows its utilization; where the panel's min(1, n·W/L) holds, the lab's does.
    for l in [40u64, 200, 400] {
        for w in [1u64, 5, 20] {
            for s in [1u64, 2, 4] {
                for (n, policy) in [1u64, 4, 16, 32]
                    .into_iter()
                    .flat_map(|n| [(n, Policy::RoundRobin), (n, Policy::GreedyThenOldest)])
                {
                    let window = 3 * (l + w) + 5;
                    // A burst's load waits for the one before: a warp starts at most one burst
                    // every L cycles, so these never run out within the window.
                    let src = scenario(w, window / l + 2);
                    let kernel = crate::kernel_lab::compile(&src).unwrap();
                    let launch = crate::kernel_lab::exec::LaunchConfig {
                        block: crate::warps::map::BlockDim::new(n * 32, 1, 1).unwrap(),
                        grid: (1, 1),
                        n: 0,
                        len: 2048,
                        sched: crate::kernel_lab::exec::Sched::Stack,
                        timing: true,
                        cache: crate::memory::hierarchy::Cache::Ca,
                    };
                    let r = crate::kernel_lab::exec::run(&kernel, launch, None, &[])
                        .unwrap_or_else(|e| panic!("L={l} W={w} n={n}: {}", e.message));
                    let cfg = SmConfig {
                        schedulers: s,
                        latency: l,
                        shared_latency: SHARED_LATENCY,
                        policy,
                        max_warps: 64,
                        max_blocks: 32,
                        max_cycles: window,
                        record_warps: 0,
                    };
                    let lab = time(&r.sm_ops, cfg).run;
                    let panel = simulate(
                        SimConfig {
                            warps: n,
                            s,
                            l,
                            t: 1,
                            w,
                            policy,
                        },
                        window,
                        0,
                    );
                    assert_eq!(
                        (lab.issued, lab.slots),
                        (panel.instructions, panel.slots),
                        "L={l} W={w} S={s} n={n} {policy:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_timeline_shows_the_first_warps_by_column() {
    let src = "__global__ void k(int* a, int* out) {\n  int i = threadIdx.x;\n  int x = a[i];\n  out[i] = x;\n}\n";
    let sm = timed(src, 1024, 1, 0, a100(4, 400));
    assert_eq!(sm.warps, 32);
    assert_eq!(sm.columns.len(), TIMELINE_WARPS);
    // Every warp waits about L for its load: most columns are waiting.
    let waiting = sm.columns[0]
        .iter()
        .filter(|c| **c == Some(State::LongScoreboard))
        .count();
    assert!(waiting * 2 > sm.columns[0].len(), "{:?}", sm.columns[0]);
    assert!(sm.columns[0].len() <= TIMELINE_COLUMNS);
    assert!(summary(&sm).starts_with("32 warps on one SM of compute capability 8.0"));
}

#[test]
fn a_load_is_hidden_by_other_work_and_more_warps() {
    // A warp issues 67 instructions: i, the if, v's load, acc, k's init, 20 × (condition,
    // body, step), the last condition and the store, which waits for v.
    let src = "__global__ void hide(const float* in, float* out, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) {\n        float v = in[i];\n        float acc = 0.0f;\n        for (int k = 0; k < 20; k++) {\n            acc = acc + 1.0f;\n        }\n        out[i] = v + acc;\n    }\n}\n";
    // n = 256, one block of 8 warps, 2 a scheduler: 134 instructions a scheduler, done long
    // before v's value arrives about L = 400 cycles after its load (issued in the first few
    // cycles): the stores issue at cycle 405, 406 cycles; 536 of 4 × 406 slots used (33 %),
    // and most of the warps' cycles waiting on the load.
    let few = timed(src, 256, 1, 256, a100(4, 400));
    assert_eq!((few.run.cycles, few.run.issued), (406, 8 * 67));
    assert_eq!(fig(&few, "issue-utilization"), "0.330049");
    assert!(few.run.share(State::LongScoreboard) > 0.5);
    // n = 4096: 16 blocks of 8 warps, 64 resident at once: 32 warps' work per scheduler hides
    // every load: 8,576 instructions in 8,576 / 4 = 2,144 cycles, every slot used.
    let many = timed(src, 256, 16, 4096, a100(4, 400));
    assert_eq!((many.run.cycles, many.run.issued), (2144, 128 * 67));
    assert_eq!(fig(&many, "issue-utilization"), "1");
    assert_eq!(fig(&many, "stall-long-scoreboard"), "0");
}

#[test]
fn the_plain_lab_shows_the_timing_with_timing_sm_only() {
    use crate::kernel_lab::testing::{preset_source, run};
    let (src, params) = preset_source("kernel.preset.latency");
    let out = run(src, params);
    let sm = out.sm.as_ref().unwrap();
    // The same run as `a_load_is_hidden_by_other_work_and_more_warps`'s first: 406 cycles.
    assert_eq!(sm.run.cycles, 406);
    let value = |m: &str| {
        out.figures
            .iter()
            .find(|f| f.metric == m)
            .map(|f| f.value.plain())
    };
    assert_eq!(value("sm-cycles").as_deref(), Some("406"));
    assert_eq!(value("issue-utilization").as_deref(), Some("0.330049"));
    // Without timing=sm: no timing, no figure.
    let untimed = run(src, &params.replace("&timing=sm", ""));
    assert!(untimed.sm.is_none());
    assert!(untimed.figures.iter().all(|f| f.metric != "sm-cycles"));
}

#[test]
fn the_sms_keys_without_timing_sm_are_named_and_the_run_still_runs() {
    use crate::kernel_lab::testing::run;
    let src = crate::kernel_lab::panel::DEFAULT_SRC;
    // Issue 65: `S=3` without `timing=sm` was taken without a word.
    for (q, key) in [
        ("S=3", "S"),
        ("L=100", "L"),
        ("policy=gto", "policy"),
        ("window=500", "window"),
    ] {
        let out = run(src, &format!("block=64&{q}"));
        assert!(out.sm.is_none(), "{q}");
        let named: Vec<&str> = out.errors.iter().map(|e| e.param.as_str()).collect();
        assert_eq!(named, [key], "{q}");
        assert!(out.errors[0].message.contains("timing=sm"), "{q}");
        // Named, not refused: the launch ran, untimed.
        assert!(out.result.is_some(), "{q}");
    }
    // Their defaults (what a form writes) and the keys under timing=sm: nothing named.
    for q in ["S=4&L=400&policy=rr", "timing=sm&S=3", ""] {
        let out = run(src, &format!("block=64&{q}"));
        assert!(out.errors.is_empty(), "{q}: {:?}", out.errors);
    }
}

#[test]
fn bad_timing_inputs_are_named_with_their_ranges() {
    use crate::kernel_lab::testing::run;
    let src = crate::kernel_lab::panel::DEFAULT_SRC;
    for (q, key) in [
        ("timing=fast", "timing"),
        ("timing=sm&S=9", "S"),
        ("timing=sm&L=0", "L"),
        ("timing=sm&policy=lifo", "policy"),
        ("timing=sm&window=0", "window"),
        ("timing=sm&window=2000001", "window"),
    ] {
        let out = run(src, &format!("block=64&{q}"));
        assert!(out.sm.is_none(), "{q}");
        assert!(
            out.errors.iter().any(|e| e.param == key),
            "{q}: {:?}",
            out.errors
        );
    }
}

#[test]
fn the_step_control_reads_each_column_of_the_timeline() {
    use crate::kernel_lab::testing::{preset_source, run};
    let (src, params) = preset_source("kernel.preset.latency");
    let out = run(src, params);
    let sm = out.sm.as_ref().unwrap();
    // 406 cycles in at most 64 columns: ⌈406 / 64⌉ = 7 cycles a column, ⌈406 / 7⌉ = 58 columns.
    assert_eq!(sm.per_column, 7);
    assert_eq!(sm.columns[0].len(), 58);
    // Column 0, cycles 0–6: 8 warps, 2 on each scheduler taking turns (round-robin), none
    // waiting yet (v's load issues third and nothing uses it until the store): warps 0–3
    // issue at cycles 0, 2, 4, 6 (4 of 7: mostly issued), warps 4–7 at 1, 3, 5 (3 of 7:
    // mostly ready while the other issued).
    // Warps 4–7 issued in column 0 though most of its cycles were ready: the column is marked
    // (its Issued edge, issue 66); warps 0–3's are Issued outright. In the last column every
    // warp waits for v, and the store at 405 issues: 399–405 holds it, so it is marked too.
    assert_eq!(sm.columns[4][0], Some(State::NotSelected));
    assert!(sm.issued[4] & 1 != 0 && sm.issued[0] & 1 != 0);
    assert_eq!(sm.columns[0][57], Some(State::LongScoreboard));
    assert!(sm.issued[0] & (1 << 57) != 0);
    // A column in the wait, cycles 203–209: no warp issues there.
    assert!(sm.issued.iter().all(|bits| bits & (1 << 29) == 0));
    let first = column_note(sm, 0).unwrap();
    assert_eq!(
        first, "Cycles 0–6: Issued: 4 warps · Ready, another warp issued: 4 warps",
        "{first}"
    );
    // The last column, cycles 399–405: every warp waits for v, whose value comes 400 cycles
    // after its load (issued at cycle 2 or 3 and later), then stores at 405.
    let last = column_note(sm, 57).unwrap();
    assert!(last.starts_with("Cycles 399–405: "), "{last}");
    assert!(last.contains("Waiting on a global load: 8 warps"), "{last}");
    // The axis under the columns: 58 columns of 7 cycles reach 406, the run's end (its last
    // column holds cycles 399–405); half of that, 203, in the middle.
    assert_eq!(axis_ticks(sm), [0, 203, 406]);
    // The figures worked, in numbered steps: 8 warps × 67 = 536 instructions in 4 × 406 =
    // 1624 slots, 33.0049 % (two decimals: 33).
    let w = steps::worked_steps(sm);
    let body = |k: usize| crate::worked::inline_text(&w.steps[k].body);
    assert_eq!(
        body(0),
        "S × cycles = 4 × 406 = 1624 issue slots, one instruction a scheduler a cycle."
    );
    assert_eq!(
        body(1),
        "536 instructions ÷ 1624 slots = 33%, the issue utilization."
    );
    // Waiting on the loads is the largest share (the picture's last columns: every warp).
    let long = sm.run.in_state(State::LongScoreboard);
    assert!(
        body(3).starts_with(&format!("Waiting on a global load: {long} ÷ ")),
        "{}",
        body(3)
    );
    // And where the warps waited most: the store of line 12, for v, loaded on line 7 (the
    // only value from a global load any line waits for).
    assert_eq!(
        body(4),
        "Most stalls: line 12, 100% of the stalls, waiting on the value of line 7."
    );
    // Past the last column: nothing.
    assert_eq!(column_note(sm, 58), None);
}

#[test]
fn a_window_counts_the_first_cycles_and_says_so() {
    use crate::kernel_lab::testing::{preset_source, run};
    let (src, params) = preset_source("kernel.preset.latency");
    // The first 100 cycles of the 406: every warp has issued its first instructions and most
    // wait for v's load by then; the run is cut there on purpose, and the summary says so.
    let out = run(src, &format!("{params}&window=100"));
    let sm = out.sm.as_ref().unwrap();
    assert_eq!((sm.run.cycles, sm.run.finished), (100, false));
    assert_eq!(sm.run.slots, 4 * 100);
    let text = summary(sm);
    assert!(text.contains("Counted over the first 100 cycles"), "{text}");
    // Without one, the whole run: 406 cycles, finished, no such sentence.
    let whole = run(src, params);
    let sm = whole.sm.as_ref().unwrap();
    assert_eq!((sm.run.cycles, sm.run.finished), (406, true));
    assert!(!summary(sm).contains("Counted over"));
}

#[test]
fn atomics_on_one_word_queue_across_warps_and_on_many_words_do_not() {
    // 4 warps (128 threads, one scheduler each at S = 4), each thread's atomic on count[0]:
    // i (cycle 0), the atomic (cycle 1, its lanes' 32 updates queued behind the warps before
    // it: warp k's updates in cycles 1 + 32k … 32 + 32k, the one scheduler a warp issuing all
    // four at cycle 1), then the instruction that waits for its old value, L after the last
    // update: warp 3's at 1 + 127 + L. 129 + L cycles in all.
    let one =
        "__global__ void k(int* count) {\n  int i = threadIdx.x;\n  atomicAdd(&count[0], i);\n}\n";
    let sm = timed(one, 128, 1, 0, a100(4, 400));
    assert_eq!(fig(&sm, "sm-cycles"), "529");
    // Each thread on its own word: no lane waits for another; 1 + L, then its use: L + 2.
    let many =
        "__global__ void k(int* count) {\n  int i = threadIdx.x;\n  atomicAdd(&count[i], i);\n}\n";
    let sm = timed(many, 128, 1, 0, a100(4, 400));
    assert_eq!(fig(&sm, "sm-cycles"), "402");
    // An atomic whose operand is a load waits for that load, then for its own updates: one
    // warp, i (cycle 0), a[i]'s load (1), the atomic at 1 + L using it, its 32 updates of
    // out[0] in cycles 1 + L … 32 + L, its old value L after the last, the statement's wait
    // issuing at 1 + L + 31 + L: 2L + 33 cycles.
    let fed = "__global__ void k(const int* a, int* out) {\n  int i = threadIdx.x;\n  atomicAdd(&out[0], a[i]);\n}\n";
    let sm = timed(fed, 32, 1, 0, a100(4, 400));
    assert_eq!(fig(&sm, "sm-cycles"), "833");
    // Shared memory's words queue the same way, ready after its latency: 4 warps, one word,
    // 128 updates from cycle 1: warp 3's value at 1 + 127 + shared latency.
    let shared =
        "__global__ void k(int* out) {\n  __shared__ int s[1];\n  atomicAdd(&s[0], 1);\n}\n";
    let sm = timed(shared, 128, 1, 0, a100(4, 400));
    assert_eq!(
        sm.run.cycles,
        128 + sm_config(4, 400, Policy::RoundRobin).shared_latency
    );
}

#[test]
fn the_timeline_is_worked_in_numbered_steps_for_any_run() {
    // One warp, three dependent loads, L = 100: i at cycle 0, x's load at 1, y's at 1 + L,
    // z's at 1 + 2L, the store at 1 + 3L: 3L + 2 = 302 cycles, 5 instructions. On S = 4
    // schedulers 4 × 302 = 1208 slots, 5 ÷ 1208 = 0.4139% used. The warp's 302 cycles: 5
    // issued, 297 waiting on a global load (98.34%, the largest), none in another state.
    let src = "__global__ void k(int* a, int* out) {\n  int i = threadIdx.x;\n  int x = a[i];\n  int y = a[x];\n  int z = a[y];\n  out[i] = z;\n}\n";
    let sm = timed(src, 32, 1, 0, a100(4, 100));
    let w = steps::worked_steps(&sm);
    assert!(w.question.ends_with("302 cycles go?"), "{}", w.question);
    assert!(!w.forecast.is_empty());
    let bodies: Vec<String> = w
        .steps
        .iter()
        .map(|s| crate::worked::inline_text(&s.body))
        .collect();
    assert_eq!(
        bodies,
        [
            "S × cycles = 4 × 302 = 1208 issue slots, one instruction a scheduler a cycle.",
            "5 instructions ÷ 1208 slots = 0.4139%, the issue utilization.",
            "5 + 297 + 0 + 0 + 0 = 302 warp-cycles, in the legend's order.",
            "Waiting on a global load: 297 ÷ 302 = 98.34%",
            // Lines 4, 5 and 6 each waited a third of the stalls; the first to stall is named.
            "Most stalls: line 4, 33.33% of the stalls, waiting on the value of line 3.",
        ]
    );
    // Words and digits only: the kernel page writes the steps as text, no formula trees.
    assert!(w
        .steps
        .iter()
        .flat_map(|s| &s.body)
        .chain(&w.verify)
        .all(|i| matches!(i, crate::worked::Inline::Text(_))));
    // The largest share's "why" says what hides a global load.
    assert!(w.steps[3]
        .why
        .contains("independent work between a load and its use"));
    assert_eq!(
        w.answer,
        "302 cycles, 0.4139% of the issue slots used; most warp-cycles: Waiting on a global \
         load (98.34%)."
    );
    // Verify: two counters of one thing, the warps' Issued cycles and the schedulers' issues.
    assert_eq!(
        crate::worked::inline_text(&w.verify),
        "The warps' Issued cycles, 5, are the schedulers' instructions issued, 5 ✓"
    );

    // An issue-bound run (8 warps of arithmetic on 4 schedulers, every slot used): issuing is
    // the largest share and its "why" says only fewer instructions help; nothing waited on a
    // line's value, so no line step.
    let alu = "__global__ void k(int* out) {\n  int i = threadIdx.x;\n  int a = i * 2;\n  out[i] = a + 1;\n}\n";
    let sm = timed(alu, 256, 1, 0, a100(4, 400));
    let w = steps::worked_steps(&sm);
    assert!(crate::worked::inline_text(&w.steps[1].body).contains("= 100%"));
    assert!(w.steps[3].why.contains("only fewer instructions"));
    assert_eq!(w.steps.len(), 4 + usize::from(top_stall(&sm).is_some()));
}
