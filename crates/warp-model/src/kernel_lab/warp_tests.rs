//! Warp-level functions, atomics, the mask check and the two scheduling models (issue 17):
//! every value worked by hand in the comments.

use super::panel::*;
use super::testing::{fig, preset, run, watched};
use proptest::prelude::*;

/// Runs `body` in a one-warp kernel `k(int* in, int* out)` and reads out[0…n).
fn lanes_out(body: &str, n: usize, extra: &str) -> Vec<String> {
    let src = format!("__global__ void k(int* in, int* out) {{\n{body}\n}}\n");
    let watch: Vec<String> = (0..n).map(|i| format!("out[{i}]")).collect();
    let out = run(&src, &format!("block=32&watch={}{extra}", watch.join(",")));
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    (0..n)
        .map(|i| watched(&out, &format!("value-out-{i}")))
        .collect()
}

fn nums(v: &[i64]) -> Vec<String> {
    v.iter().map(i64::to_string).collect()
}

#[test]
fn the_warp_sum_is_496_in_five_shuffles() {
    let out = preset("kernel.preset.warp-sum");
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    // p[i] = i over 32 lanes: 0 + 1 + … + 31 = 31·32/2 = 496, in lane 0 after offsets
    // 16, 8, 4, 2, 1: five shuffles.
    assert_eq!(watched(&out, "value-out-0"), "496");
    assert_eq!(fig(&out, "shuffles"), "5");
    assert_eq!(fig(&out, "mask-violations"), "0");
    let r = out.result.as_ref().unwrap();
    // The first shuffle (offset 16): lanes 0…15 read lanes 16…31; lanes 16…31 read past
    // the warp and keep their own value: 16 moves, 16 → 0 first, carrying 16.
    let op = r.trace.iter().flat_map(|t| &t.ops).next().unwrap();
    assert_eq!(op.moves.len(), 16);
    assert_eq!(op.moves[0], (16, 0, "16".to_string()));
}

#[test]
fn the_butterfly_gives_every_lane_the_sum() {
    let out = preset("kernel.preset.all-reduce");
    assert_eq!(watched(&out, "value-out-0"), "496");
    assert_eq!(watched(&out, "value-out-31"), "496");
    // xor 16: every lane l reads l ^ 16: 32 moves.
    let r = out.result.as_ref().unwrap();
    let op = r.trace.iter().flat_map(|t| &t.ops).next().unwrap();
    assert_eq!(op.moves.len(), 32);
    assert!(op.moves.contains(&(16, 0, "16".to_string())));
    assert!(op.moves.contains(&(0, 16, "0".to_string())));
}

#[test]
fn ballot_popc_ffs_any_all() {
    let out = preset("kernel.preset.ballot");
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    // Lanes 0, 3, …, 30 have x % 3 == 0: 11 lanes; the lowest is lane 0: __ffs = 1;
    // any(x > 30): lane 31 → 1; all(x < 31): lane 31 fails → 0.
    assert_eq!(watched(&out, "value-out-0"), "11");
    assert_eq!(watched(&out, "value-out-1"), "1");
    assert_eq!(watched(&out, "value-out-2"), "1");
    assert_eq!(watched(&out, "value-out-3"), "0");
    let r = out.result.as_ref().unwrap();
    let op = r.trace.iter().flat_map(|t| &t.ops).next().unwrap();
    // Bits 0, 3, …, 30: 0b0100_1001_0010_0100_1001_0010_0100_1001 = 0x49249249.
    assert_eq!(op.ballot, Some(0x4924_9249));
}

#[test]
fn the_wrong_mask_is_one_named_violation() {
    let out = preset("kernel.preset.wrong-mask");
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    // Line 6 names lanes 16–31 under a branch only lanes 0–15 take: one violation; line 8's
    // 0x0000ffff names exactly the active lanes.
    assert_eq!(fig(&out, "mask-violations"), "1");
    assert_eq!(out.violations.len(), 1);
    assert!(
        out.violations[0].starts_with("line 6: __shfl_down_sync() names lanes 16–31"),
        "{}",
        out.violations[0]
    );
    assert!(
        out.violations[0].contains("active: 0–15"),
        "{}",
        out.violations[0]
    );
    // Lane 0: a = b = v of lane 1 = 1 → 2. Lane 15: its source, lane 16, is not active: its
    // own value 15 twice → 30.
    assert_eq!(watched(&out, "value-out-0"), "2");
    assert_eq!(watched(&out, "value-out-15"), "30");
}

#[test]
fn shuffle_modes_and_width() {
    // __shfl_sync(…, v, 3, 8): lane l reads lane 8⌊l/8⌋ + 3.
    assert_eq!(
        lanes_out(
            "int l = threadIdx.x;\nout[l] = __shfl_sync(0xffffffff, l * 10, 3, 8);",
            12,
            ""
        ),
        nums(&[30, 30, 30, 30, 30, 30, 30, 30, 110, 110, 110, 110])
    );
    // __shfl_up_sync(…, v, 2, 8): lane l reads l − 2 unless that leaves its segment of 8
    // (lanes 0, 1, 8, 9 keep their own; lane 10 reads lane 8).
    assert_eq!(
        lanes_out(
            "int l = threadIdx.x;\nout[l] = __shfl_up_sync(0xffffffff, l * 10, 2, 8);",
            11,
            ""
        ),
        nums(&[0, 10, 0, 10, 20, 30, 40, 50, 80, 90, 80])
    );
    // __shfl_down_sync(…, v, 1, 4): lanes 3, 7, … are the ends of their segments.
    assert_eq!(
        lanes_out(
            "int l = threadIdx.x;\nout[l] = __shfl_down_sync(0xffffffff, l, 1, 4);",
            8,
            ""
        ),
        nums(&[1, 2, 3, 3, 5, 6, 7, 7])
    );
    // __shfl_xor_sync(…, v, 4, 4): l ^ 4 is in a later segment for lanes 0–3 (own value) and
    // an earlier one for lanes 4–7 (allowed, as the guide says).
    assert_eq!(
        lanes_out(
            "int l = threadIdx.x;\nout[l] = __shfl_xor_sync(0xffffffff, l, 4, 4);",
            8,
            ""
        ),
        nums(&[0, 1, 2, 3, 0, 1, 2, 3])
    );
    // A width that is not a power of two is a named run error.
    let out = run(
        "__global__ void k(int* out) {\n  out[0] = __shfl_sync(0xffffffff, 1, 0, 6);\n}",
        "block=32",
    );
    assert!(
        out.errors[0].message.contains("width 6"),
        "{:?}",
        out.errors
    );
}

#[test]
fn partial_masks_read_only_named_active_lanes() {
    // Only the even lanes take the branch; __shfl_xor_sync(0x55555555, v, 2): lane l reads
    // l ^ 2 (also even, active, named). __activemask() there is 0x55555555 = 1431655765.
    assert_eq!(
        lanes_out(
            "int l = threadIdx.x;\nif (l % 2 == 0) {\n  out[l] = __shfl_xor_sync(0x55555555, l, 2);\n  out[l + 1] = __activemask();\n}",
            4,
            ""
        ),
        nums(&[2, 1_431_655_765, 0, 1_431_655_765])
    );
}

#[test]
fn hex_and_unsigned_wrap_as_c_does() {
    // 0xffffffff + 1 = 0 modulo 2³²; 0u − 1 = 4294967295; -1 < 0u is false (−1 converts to
    // 4294967295); 0x80000000 >> 31 = 1 (a logical shift); __popc(0xf0f0) = 8; __ffs(0) = 0,
    // __ffs(0x80) = 8.
    assert_eq!(
        lanes_out(
            "if (threadIdx.x == 0) {\n  unsigned a = 0xffffffff;\n  out[0] = a + 1;\n  unsigned b = 0u - 1;\n  out[1] = b == 4294967295;\n  out[2] = -1 < 0u;\n  out[3] = 0x80000000 >> 31;\n  out[4] = __popc(0xf0f0);\n  out[5] = __ffs(0);\n  out[6] = __ffs(0x80);\n}",
            7,
            ""
        ),
        nums(&[0, 1, 0, 1, 8, 0, 8])
    );
}

#[test]
fn atomics_apply_in_lane_order_and_return_the_old_value() {
    // out[0] starts at 0. atomicAdd(&out[0], 1): lane l gets l back (lanes 0, 1, … add in
    // turn); out[0] ends at 32. The old values go to out[1 + l].
    let v = lanes_out(
        "int l = threadIdx.x;\nint old = atomicAdd(&out[0], 1);\nout[1 + l] = old;",
        4,
        "",
    );
    assert_eq!(v, nums(&[32, 0, 1, 2]));
    // atomicSub via p + i; atomicMax / atomicMin; atomicExch returns what was there.
    // out[5] = 5 at the start: every lane subtracts 1 → 5 − 32 = −27.
    // out[6] = 6: atomicMax with l → 31. out[7] = 7: atomicMin with l → 0.
    // out[8] = 8: atomicExch with 100 + l: lane 0 gets 8, lane 1 gets 100, …; ends at 131.
    let v = lanes_out(
        "int l = threadIdx.x;\natomicSub(out + 5, 1);\natomicMax(&out[6], l);\natomicMin(&out[7], l);\nint e = atomicExch(&out[8], 100 + l);\nif (l == 1) {\n  out[9] = e;\n}",
        10,
        "",
    );
    assert_eq!(&v[5..], &nums(&[-27, 31, 0, 131, 100])[..]);
    // atomicCAS(&out[0], 0, l + 1): only lane 0 sees 0 and swaps in 1; the others see 1.
    let v = lanes_out(
        "int l = threadIdx.x;\nint old = atomicCAS(&out[0], 0, l + 1);\nif (l == 5) {\n  out[1] = old;\n}",
        2,
        "",
    );
    assert_eq!(v, nums(&[1, 1]));
}

#[test]
fn the_shared_histogram_counts_every_value() {
    let out = preset("kernel.preset.histogram");
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    // 256 values 0…255, 8 bins: 32 each. One atomic per warp, 8 warps; no race (atomics are
    // not races).
    assert_eq!(watched(&out, "value-bins-0"), "32");
    assert_eq!(watched(&out, "value-bins-7"), "32");
    assert_eq!(fig(&out, "atomics"), "8");
    assert_eq!(fig(&out, "race-detected"), "no");
}

#[test]
fn the_spin_lock_livelocks_under_stack_and_completes_under_its() {
    let stack = preset("kernel.preset.spin-stack");
    let e = stack
        .errors
        .iter()
        .find(|e| e.param == "run")
        .expect("a run error");
    // Line 3 is the while; lane 0 took the lock and waits at the loop's end.
    assert!(
        e.message.starts_with("line 3: livelock under sched=stack"),
        "{}",
        e.message
    );
    assert!(e.message.contains("lanes 0 of warp 0"), "{}", e.message);
    assert!(
        e.message.contains("lanes 1–31 keep looping"),
        "{}",
        e.message
    );
    let its = preset("kernel.preset.spin-its");
    assert!(its.errors.is_empty(), "{:?}", its.errors);
    // Every lane takes the lock in turn and adds 1: 32.
    assert_eq!(watched(&its, "value-count-0"), "32");
    let r = its.result.as_ref().unwrap();
    assert_eq!(r.sched, super::exec::Sched::Its);
    // The step-through shows two groups at once: the holder and the spinners.
    assert!(r.trace.iter().any(|t| !t.groups.is_empty()));
}

#[test]
fn its_reconverges_after_an_if_and_at_syncwarp() {
    // Under its the then side (lanes < 16) and the else side take turns and meet at the if's
    // end; the shuffle after it sees all 32 lanes: no violation, lane 0 reads lane 31's 31·2.
    let src = "__global__ void k(int* out) {\n  int l = threadIdx.x;\n  int v = 0;\n  if (l < 16) {\n    v = l;\n  } else {\n    v = l * 2;\n    v = v + 0;\n  }\n  __syncwarp();\n  out[l] = __shfl_sync(0xffffffff, v, 31);\n}";
    for sched in ["stack", "its"] {
        let out = run(src, &format!("block=32&sched={sched}&watch=out[0],out[20]"));
        assert!(out.errors.is_empty(), "{sched}: {:?}", out.errors);
        assert_eq!(watched(&out, "value-out-0"), "62", "{sched}");
        assert_eq!(watched(&out, "value-out-20"), "62", "{sched}");
        assert_eq!(fig(&out, "mask-violations"), "0", "{sched}");
    }
}

#[test]
fn every_preset_is_the_same_under_its_where_nothing_diverges_and_never_panics() {
    for (label, src, params) in PRESETS {
        let a = run(src, params);
        let b = run(src, &format!("{params}&sched=its"));
        if label.key() == "kernel.preset.spin-stack" {
            continue;
        }
        // Watched values do not depend on the scheduling model here.
        assert_eq!(a.watched, b.watched, "{}", label.key());
    }
}

#[test]
fn new_syntax_errors_are_named() {
    let e = &run("__global__ void k(int* a) { int x = __shfl_sync(1); }", "").errors[0];
    assert!(
        e.message.contains("__shfl_sync() takes 3 to 4 arguments"),
        "{}",
        e.message
    );
    let e = &run("__global__ void k(int* a) { atomicAdd(x, 1); }", "").errors[0];
    assert!(
        e.message.contains("atomicAdd() takes the address"),
        "{}",
        e.message
    );
    let e = &run("__global__ void k(int* a) { atomicCAS(&a[0], 1); }", "").errors[0];
    assert!(
        e.message.contains("atomicCAS() takes 3 to 3"),
        "{}",
        e.message
    );
}

proptest! {
    #[test]
    fn warp_token_soup_never_panics(words in proptest::collection::vec(prop::sample::select(vec![
        "__shfl_sync", "__shfl_xor_sync", "__ballot_sync", "__activemask", "__syncwarp", "__popc",
        "__ffs", "atomicAdd", "atomicCAS", "&", "a", "[", "]", "(", ")", ",", "0xffffffff", "1u",
        "+", ";", "{", "}", "if", "while", "threadIdx.x", "<", "16", "int", "unsigned", "x", "=",
    ]), 0..40), sched in prop::sample::select(vec!["stack", "its"])) {
        let body = words.join(" ");
        let src = format!("__global__ void k(int* a) {{ {body} }}");
        let _ = run(&src, &format!("block=64&len=64&sched={sched}"));
    }

    #[test]
    fn its_never_panics_on_branches_and_loops(a in 0u32..32, b in 1u32..5, c in 0u32..4) {
        let src = format!("__global__ void k(int* o) {{\n int l = threadIdx.x;\n int s = 0;\n for (int i = 0; i < l % {b} + {c}; i++) {{\n  if (l < {a}) {{ s += i; if (s > 3) {{ break; }} }} else {{ s -= 1; continue; }}\n  __syncwarp();\n }}\n o[l] = s + __shfl_down_sync(0xffffffff, s, 1);\n}}");
        let x = run(&src, "block=48&len=64");
        let y = run(&src, "block=48&len=64&sched=its");
        prop_assert!(x.errors.is_empty(), "{:?}", x.errors);
        prop_assert!(y.errors.is_empty(), "{:?}", y.errors);
    }
}

#[test]
fn a_calling_lane_left_out_of_its_own_mask_is_a_violation() {
    // Issue 26, the guide's first half of the rule: "each calling thread must have its own bit
    // set in the mask". The warp sum with 0xffff: all 32 lanes call each shuffle, lanes 16–31
    // are not in the mask. One violation per call: five calls (offsets 16, 8, 4, 2, 1).
    let src = WARP_SUM.replace("0xffffffff", "0xffff");
    let out = run(&src, "block=32&watch=out[0]");
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(fig(&out, "mask-violations"), "5");
    // The lab's stated choice (undefined on a GPU): a lane reads only a lane that is active and
    // named, else keeps its own value. By hand, v = lane: offset 16, no lane of 0–15 has a
    // named source (16–31), so every v doubles (v = 2l); offset 8, lanes 0–7 read 8–15 and
    // lanes 8–31 double; and so on: lane 0 ends with 240, not 496 (the number the learner saw).
    assert_eq!(watched(&out, "value-out-0"), "240");
    assert_eq!(out.violations.len(), 5);
    let first = &out.violations[0];
    assert!(
        first.starts_with("line 4: __shfl_down_sync() is called by lanes 16–31, whose own bits are not in its mask 0x0000ffff"),
        "{first}"
    );
    assert!(first.contains("undefined on a GPU"), "{first}");
    assert!(!first.contains("not active"), "{first}");
    // The step-through marks the left-out lanes on every call; offset 8's moves are lanes 8–15
    // into 0–7, none into a left-out lane.
    let r = out.result.as_ref().unwrap();
    let ops: Vec<_> = r.trace.iter().flat_map(|t| &t.ops).collect();
    assert_eq!(ops.len(), 5);
    assert!(ops.iter().all(|op| op.left_out == 0xffff_0000));
    assert!(ops[0].moves.is_empty());
    assert_eq!(ops[1].moves.len(), 8);
    assert!(ops[1]
        .moves
        .iter()
        .all(|(from, to, _)| *from >= 8 && *to < 8));
    // With the full mask: no violation, 496.
    let good = run(WARP_SUM, "block=32&watch=out[0]");
    assert_eq!(fig(&good, "mask-violations"), "0");
    assert_eq!(watched(&good, "value-out-0"), "496");
    let r = good.result.as_ref().unwrap();
    assert!(r
        .trace
        .iter()
        .flat_map(|t| &t.ops)
        .all(|op| op.left_out == 0));
}

#[test]
fn a_call_breaking_both_halves_of_the_rule_counts_once_and_names_both() {
    // Lanes 0–7 take the branch and vote with mask 0xff00 (lanes 8–15): the mask names lanes
    // that are not active (8–15) and leaves every caller out (0–7). One call, one violation,
    // two sentences. Under either scheduler.
    let body = "unsigned b = 0;\nif (threadIdx.x < 8) {\n  b = __ballot_sync(0xff00, 1);\n}\nout[threadIdx.x] = b;";
    for sched in ["stack", "its"] {
        let src = format!("__global__ void k(int* in, int* out) {{\n{body}\n}}\n");
        let out = run(&src, &format!("block=32&sched={sched}"));
        assert!(out.errors.is_empty(), "{sched}: {:?}", out.errors);
        assert_eq!(fig(&out, "mask-violations"), "1", "{sched}");
        let note = &out.violations[0];
        assert!(
            note.contains("names lanes 8–15, which are not active"),
            "{note}"
        );
        assert!(
            note.contains("is called by lanes 0–7, whose own bits are not in its mask 0x0000ff00"),
            "{note}"
        );
    }
    // __syncwarp(mask) by lanes left out of mask, and __activemask-based calls, which cannot be.
    let body = "if (threadIdx.x < 4) {\n  __syncwarp(0xf0);\n}\nunsigned m = __activemask();\nout[threadIdx.x] = __shfl_sync(m, threadIdx.x, 0);";
    let src = format!("__global__ void k(int* in, int* out) {{\n{body}\n}}\n");
    let out = run(&src, "block=32");
    assert_eq!(fig(&out, "mask-violations"), "1");
    assert!(
        out.violations[0].contains("__syncwarp() is called by lanes 0–3"),
        "{}",
        out.violations[0]
    );
}

#[test]
fn the_step_through_jumps_from_event_to_event() {
    use super::exec::{event_at, next_event, Event, MAX_TRACE};
    // The even/odd preset under sched=stack: step 0 all 32 lanes (the if), step 1 the even
    // lanes alone (0x55555555 ⊂ 0xffffffff: a split), step 2 the odd lanes (the other side,
    // and the last step: the end).
    let out = preset("kernel.preset.even-odd");
    let r = out.result.as_ref().unwrap();
    let masks: Vec<u32> = r.trace.iter().map(|s| s.mask).collect();
    assert_eq!(masks, [0xffff_ffff, 0x5555_5555, 0xaaaa_aaaa]);
    assert_eq!(event_at(&r.trace, 0), None);
    assert_eq!(next_event(&r.trace, 0), Some((1, Event::Split)));
    assert_eq!(next_event(&r.trace, 1), Some((2, Event::End)));
    assert_eq!(next_event(&r.trace, 2), None);
    assert_eq!(r.traced_issued, 3, "nothing cut");
    // Lanes 0–15 take the if; the two stores after it run with all 32 again: the first is
    // the merge, the second the end. The other side of an if/else is no event.
    let src = "__global__ void k(int* in, int* out) {\n  if (threadIdx.x < 16) {\n    work(1);\n  }\n  out[threadIdx.x] = 1;\n  out[threadIdx.x] = 2;\n}\n";
    let out = run(src, "block=32");
    let r = out.result.as_ref().unwrap();
    let events: Vec<Option<Event>> = (0..r.trace.len()).map(|i| event_at(&r.trace, i)).collect();
    assert_eq!(
        events,
        [
            None,
            Some(Event::Split),
            Some(Event::Merge),
            Some(Event::End)
        ]
    );

    // A barrier is its own event.
    let src = "__global__ void k(int* in, int* out) {\n  __shared__ int s[32];\n  s[threadIdx.x] = 1;\n  __syncthreads();\n  out[threadIdx.x] = s[31 - threadIdx.x];\n}\n";
    let out = run(src, "block=32");
    let r = out.result.as_ref().unwrap();
    let (b, e) = next_event(&r.trace, 0).unwrap();
    assert_eq!((r.trace[b].line, e), (4, Event::Barrier));

    // Under sched=its the spin lock's lane groups split and merge by group count; its warp
    // issues more than the recording keeps, and says how many.
    let out = preset("kernel.preset.spin-its");
    let r = out.result.as_ref().unwrap();
    let first = next_event(&r.trace, 0).unwrap();
    assert_eq!(first.1, Event::Split, "{first:?}");
    assert!(r.trace[first.0].groups.len() > r.trace[first.0 - 1].groups.len());
    // The if-then kernel under its: the groups split at the if and merge after it.
    let src = "__global__ void k(int* in, int* out) {\n  if (threadIdx.x < 16) {\n    work(1);\n  }\n  out[threadIdx.x] = 1;\n  out[threadIdx.x] = 2;\n}\n";
    let its = run(src, "block=32&sched=its");
    let t = &its.result.as_ref().unwrap().trace;
    let events: Vec<Event> = (0..t.len()).filter_map(|i| event_at(t, i)).collect();
    assert_eq!(events.first(), Some(&Event::Split), "{events:?}");
    assert!(events.contains(&Event::Merge), "{events:?}");
    assert_eq!(events.last(), Some(&Event::End));
    assert_eq!(r.trace.len(), MAX_TRACE);
    assert!(r.traced_issued > MAX_TRACE as u64, "{}", r.traced_issued);
}
