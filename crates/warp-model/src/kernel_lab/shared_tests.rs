//! Shared memory and barriers: every preset's wavefronts worked by hand, the barrier's errors,
//! the race check and `watch=`.

use super::panel::*;
use super::testing::{fig, preset, run, watched};
use super::*;
use crate::i18n::{with_lang, Lang};
use proptest::prelude::*;

/// (shared-load-wavefronts, shared-store-wavefronts, bank-conflicts, race-detected).
fn shared_figures(out: &KernelOutput) -> (String, String, String, String) {
    (
        fig(out, "shared-load-wavefronts"),
        fig(out, "shared-store-wavefronts"),
        fig(out, "bank-conflicts"),
        fig(out, "race-detected"),
    )
}

fn line(out: &KernelOutput, l: usize) -> exec::LineStats {
    out.result.as_ref().unwrap().lines[&l]
}

#[test]
fn transpose_naive_reads_a_column_from_one_bank() {
    let out = preset("kernel.preset.transpose-naive");
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    // Block 32×32: 32 warps, warp y holds threads (x = 0…31, y).
    // Line 5, tile[y][x] = …: lane x stores word 32y + x, bank x: 32 banks, 1 wavefront per
    // warp → 32 store wavefronts.
    // Line 7, … = tile[x][y]: lane x loads word 32x + y, bank (32x + y) mod 32 = y for every
    // lane: 32 distinct words in one bank → 32 wavefronts per warp, 32 × 32 = 1,024; ideal 32;
    // conflicts 1,024 − 32 = 992.
    assert_eq!(
        shared_figures(&out),
        ("1024".into(), "32".into(), "992".into(), "no".into())
    );
    assert_eq!(
        (
            line(&out, 7).shared_wavefronts,
            line(&out, 7).bank_conflicts
        ),
        (1024, 992)
    );
    assert_eq!(
        (
            line(&out, 5).shared_wavefronts,
            line(&out, 5).bank_conflicts
        ),
        (32, 0)
    );
    // Both global accesses stay coalesced: one 128-byte line per warp each way.
    assert_eq!(fig(&out, "load-transactions"), "32");
    assert_eq!(fig(&out, "store-transactions"), "32");
    // 5 statements × 32 warps = 160 issued, plus one replay cycle per conflict: 1,152.
    assert_eq!(fig(&out, "instructions-issued"), "160");
    assert_eq!(fig(&out, "cycles"), "1152");
    // out[y·32 + x] = in[x·32 + y]: out[1] = in[32] = 32, out[32] = in[1] = 1.
    assert_eq!(watched(&out, "value-out-1"), "32");
    assert_eq!(watched(&out, "value-out-32"), "1");
    let links = out.links.unwrap().banks;
    assert_eq!(
        links,
        vec![
            (5, "panel=banks&elem=4&stride=1".to_string()),
            (7, "panel=banks&elem=4&stride=32".to_string())
        ]
    );
}

#[test]
fn padding_by_one_word_spreads_the_column() {
    let out = preset("kernel.preset.transpose-padded");
    // tile[32][33]: the column read tile[x][y] is word 33x + y, bank (33x + y) mod 32 =
    // (x + y) mod 32: 32 different banks → 1 wavefront per warp, 32 in all; the row store
    // 33y + x likewise. No conflict.
    assert_eq!(
        shared_figures(&out),
        ("32".into(), "32".into(), "0".into(), "no".into())
    );
    assert_eq!(fig(&out, "cycles"), "160");
    assert_eq!(watched(&out, "value-out-1"), "32");
    assert_eq!(
        out.links.unwrap().banks[1],
        (7, "panel=banks&elem=4&stride=33".to_string())
    );
}

#[test]
fn interleaved_reduction_conflicts_sequential_does_not() {
    let out = preset("kernel.preset.reduce-interleaved");
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    // Block 256 = 8 warps. Line 4 stores sdata[tid]: 8 warps × 1 = 8 store wavefronts.
    // Line 9, sdata[index] += sdata[index + s] with index = 2·s·tid: two loads and a store
    // per warp that has a lane with index < 256; each costs W(s) wavefronts:
    //   s = 1: tid < 128, warps 0–3; words 2l (+1): banks 2l mod 32, 2 words each → W = 2
    //   s = 2: tid < 64, warps 0–1; words 4l: 8 banks × 4 words → W = 4
    //   s = 4: tid < 32, warp 0; words 8l: 4 banks × 8 words → W = 8
    //   s = 8: tid < 16 (lanes 0–15); words 16l: banks 0, 16 × 8 words → W = 8
    //   s = 16: tid < 8; words 32l: bank 0 × 8 words → W = 8
    //   s = 32, 64, 128: tid < 4, 2, 1 → W = 4, 2, 1
    // loads: 2·(4·2 + 2·4 + 8 + 8 + 8 + 4 + 2 + 1) = 2·47 = 94, plus line 14's sdata[0]: 95;
    // stores: 8 + 47 = 55. Requests on line 9: 3·(4 + 2 + 6) = 36, ideal 36; conflicts:
    // 141 − 36 = 105.
    assert_eq!(
        shared_figures(&out),
        ("95".into(), "55".into(), "105".into(), "no".into())
    );
    assert_eq!(line(&out, 9).shared_requests, 36);
    assert_eq!(line(&out, 9).shared_wavefronts, 141);
    // The sum 0 + 1 + … + 255 = 255·256/2 = 32,640.
    assert_eq!(watched(&out, "value-out-0"), "32640");
    // The line's worst request is the first 8-way one (s = 4: lane l loads word 8l + 4).
    assert!(out
        .links
        .unwrap()
        .banks
        .contains(&(9, "panel=banks&elem=4&stride=8&offset=16".to_string())));
    assert_eq!(out.result.as_ref().unwrap().barriers, 9);

    let seq = preset("kernel.preset.reduce-sequential");
    // s = 128, 64, 32: 4, 2, 1 full warps; s = 16 … 1: warp 0's first s lanes: each request
    // is a run of consecutive words, 1 wavefront. Requests: 3·(4 + 2 + 1 + 5) = 36:
    // loads 24 + line 13's 1 = 25, stores 8 + 12 = 20, no conflict.
    assert_eq!(
        shared_figures(&seq),
        ("25".into(), "20".into(), "0".into(), "no".into())
    );
    assert_eq!(watched(&seq, "value-out-0"), "32640");
}

#[test]
fn the_forgotten_barrier_is_a_race() {
    let out = preset("kernel.preset.transpose-race");
    assert_eq!(fig(&out, "race-detected"), "yes");
    // Warp 0 runs first and reads the column tile[x][0], x = 0…31, before warp 1 stores row 1:
    // the first hazard is tile[1][0], read at line 7 by warp 0, written at line 5 by warp 1.
    let r = out.result.as_ref().unwrap().race.clone().unwrap();
    assert_eq!(r.word, "tile[1][0]");
    assert_eq!((r.first.warp, r.first.line, r.first.store), (0, 7, false));
    assert_eq!((r.second.warp, r.second.line, r.second.store), (1, 5, true));
    assert_eq!(
        out.race.as_deref().unwrap().split(". ").next().unwrap(),
        "Race on tile[1][0] in block 0: warp 0 reads it at line 7, then warp 1 writes it at line 5, with no __syncthreads() between them"
    );
    // What warp 0 read was still zero: out[1] = 0 here, 32 with the barrier.
    assert_eq!(watched(&out, "value-out-1"), "0");
    // With the barrier, no race.
    assert_eq!(
        fig(&preset("kernel.preset.transpose-padded"), "race-detected"),
        "no"
    );
    // Two warps writing one word: write after write.
    let ww = run(
        "__global__ void k(int* out) {\n  __shared__ int s[1];\n  s[0] = threadIdx.x;\n}",
        "block=64",
    );
    let r = ww.result.unwrap().race.unwrap();
    assert_eq!(
        (r.word.as_str(), r.first.warp, r.second.warp, r.first.store),
        ("s[0]", 0, 1, true)
    );
    // One warp only: its lanes are in lockstep, no race between warps.
    let one = run(
        "__global__ void k(int* out) {\n  __shared__ int s[1];\n  s[0] = threadIdx.x;\n  out[threadIdx.x] = s[0];\n}",
        "block=32",
    );
    assert_eq!(fig(&one, "race-detected"), "no");
    // Reads by many warps are no race.
    let reads = run(
        "__global__ void k(int* out) {\n  __shared__ int s[32];\n  out[threadIdx.x] = s[threadIdx.x % 32];\n}",
        "block=128",
    );
    assert_eq!(fig(&reads, "race-detected"), "no");
    // Atomics on one word from many warps are no race (the histogram preset's count)...
    let atomics = run(
        "__global__ void k(int* out) {\n  __shared__ int s[1];\n  atomicAdd(&s[0], 1);\n  __syncthreads();\n  out[threadIdx.x] = s[0];\n}",
        "block=64&watch=out[0]",
    );
    assert_eq!(fig(&atomics, "race-detected"), "no");
    assert_eq!(watched(&atomics, "value-out-0"), "64");
    // ...but a plain read between the same barriers as another warp's atomic is: warp 0 adds
    // and reads s[0] (1) before warp 1 adds, so what warp 0 read depends on the order.
    let mixed = run(
        "__global__ void k(int* out) {\n  __shared__ int s[1];\n  atomicAdd(&s[0], 1);\n  out[threadIdx.x] = s[0];\n}",
        "block=64",
    );
    let r = mixed.result.unwrap().race.unwrap();
    assert_eq!(
        (r.word.as_str(), r.first.warp, r.first.line, r.first.store),
        ("s[0]", 0, 4, false)
    );
    assert_eq!((r.second.warp, r.second.line, r.second.store), (1, 3, true));
    // The race is named in Hinglish with the same word and lines.
    let hi = with_lang(Lang::Hinglish, || {
        preset("kernel.preset.transpose-race").race.unwrap()
    });
    assert!(
        hi.contains("tile[1][0]") && hi.contains("line 7") && hi.contains("line 5"),
        "{hi}"
    );
}

#[test]
fn a_barrier_not_every_thread_reaches_is_a_named_error() {
    // Inside a branch that splits a warp.
    let out = run(
        "__global__ void k(float* a) {\n  if (threadIdx.x < 16) {\n    __syncthreads();\n  }\n}",
        "block=32",
    );
    let e = &out.errors[0];
    assert_eq!(e.param, "run");
    assert!(
        e.message.starts_with("line 3: __syncthreads() at line 3 is reached by only 16 of the 32 threads of warp 0 in block 0"),
        "{}",
        e.message
    );
    assert_eq!(out.mark.map(|m| m.line), Some(3));
    // A branch that splits the block between warps: warp 1 ends without reaching it.
    let out = run(
        "__global__ void k(float* a) {\n  if (threadIdx.x < 32) {\n    __syncthreads();\n  }\n}",
        "block=64",
    );
    assert!(
        out.errors[0]
            .message
            .contains("warp 0 of block 0 waits there, but warp 1 ended without reaching it"),
        "{}",
        out.errors[0].message
    );
    // Two different barriers.
    let out = run(
        "__global__ void k(float* a) {\n  if (threadIdx.x < 32) {\n    __syncthreads();\n  } else {\n    __syncthreads();\n  }\n}",
        "block=64",
    );
    assert!(
        out.errors[0].message.starts_with(
            "line 5: warp 0 of block 0 waits at the __syncthreads() of line 3, warp 1 at the one of line 5"
        ),
        "{}",
        out.errors[0].message
    );
    // After a return some threads took.
    let out = run(
        "__global__ void k(float* a) {\n  if (threadIdx.x >= 8) return;\n  __syncthreads();\n}",
        "block=32",
    );
    assert!(out.errors[0].message.contains("only 8 of the 32 threads"));
    // A barrier the whole block reaches inside a uniform branch and a loop is fine.
    let ok = run(
        "__global__ void k(float* a) {\n  for (int i = 0; i < 3; i++) {\n    if (blockDim.x == 64) {\n      __syncthreads();\n    }\n  }\n}",
        "block=64",
    );
    assert!(ok.errors.is_empty(), "{:?}", ok.errors);
    assert_eq!(ok.result.unwrap().barriers, 3);
}

#[test]
fn an_endless_loop_after_a_barrier_is_the_step_budget() {
    let out = run(
        "__global__ void k(float* a) {\n  __syncthreads();\n  while (true) { }\n}",
        "block=64",
    );
    assert_eq!(out.errors[0].param, "run");
    assert!(
        out.errors[0]
            .message
            .starts_with("line 3: the run passed its step budget of 2000000 warp instructions in the loop at line 3"),
        "{}",
        out.errors[0].message
    );
    // A loop whose body is a barrier: every warp waits, all go on, forever.
    let out = run(
        "__global__ void k(float* a) {\n  int i = 0;\n  while (i >= 0) {\n    __syncthreads();\n  }\n}",
        "block=128",
    );
    assert!(
        out.errors[0].message.contains("in the loop at line 3"),
        "{}",
        out.errors[0].message
    );
}

#[test]
fn shared_arrays_parse_with_named_errors() {
    let err = |src: &str| compile(src).unwrap_err();
    let e = err("__global__ void k() {\n  __shared__ float t[4][4];\n  t[0] = 1.0f;\n}");
    assert_eq!(
        (e.line, e.message.as_str()),
        (3, "t has 2 dimensions: index it with exactly 2 [ ]")
    );
    let e = err("__global__ void k() {\n  __shared__ float t[8];\n  t[0][1] = 1.0f;\n}");
    assert!(
        e.message
            .starts_with("t has 1 dimension: index it with exactly 1 [ ]"),
        "{}",
        e.message
    );
    let e = err("__global__ void k() { __shared__ float t[12289]; }");
    assert!(e.message.contains("49152"), "{}", e.message);
    let e = err("__global__ void k() { __shared__ double t[8]; }");
    assert!(
        e.message.starts_with("a shared array here is float or int"),
        "{}",
        e.message
    );
    let e = err("__global__ void k() { __shared__ float t[0]; }");
    assert!(e.message.contains("constant integer"), "{}", e.message);
    let e = err("__global__ void k() { int n = 3; __shared__ float t[n]; }");
    assert!(e.message.contains("constant integer"), "{}", e.message);
    let e = err("__global__ void k() { __shared__ float t[8] = 0; }");
    assert!(e.message.contains("cannot be initialized"), "{}", e.message);
    let e = err("__global__ void k(float* t) { __shared__ float t[8]; }");
    assert!(
        e.message.starts_with("t is already the name"),
        "{}",
        e.message
    );
    let e = err("__global__ void k() { __shared__ float t[8]; int t = 1; }");
    assert!(
        e.message.starts_with("t is already the name"),
        "{}",
        e.message
    );
    let e = err("__global__ void k() { int x = __syncthreads(); }");
    assert!(
        e.message
            .starts_with("__syncthreads() is a statement of its own"),
        "{}",
        e.message
    );
    let e = err("__global__ void k() { for (__syncthreads(); ;) { } }");
    assert!(
        e.message
            .starts_with("__syncthreads() is a statement of its own"),
        "{}",
        e.message
    );
    // Constant sizes may be written as sums; arrays start at a multiple of 128 bytes.
    let k = compile(
        "__global__ void k() {\n  __shared__ float a[32 + 1];\n  __shared__ int b[2][16];\n}",
    )
    .unwrap();
    assert_eq!((k.shared[0].dims.clone(), k.shared[0].base), (vec![33], 0));
    assert_eq!(
        (k.shared[1].dims.clone(), k.shared[1].base),
        (vec![2, 16], 64)
    );
    // Out of bounds names the array, its shape and the thread.
    let out = run(
        "__global__ void k(float* a) {\n  __shared__ float t[4][8];\n  t[threadIdx.x][0] = 1.0f;\n}",
        "block=32",
    );
    assert!(
        out.errors[0].message.contains("line 3: out-of-bounds store to shared t[4][0] by thread (4, 0, 0) of block (0, 0) (lane 4): t is t[4][8]"),
        "{}",
        out.errors[0].message
    );
}

#[test]
fn shared_values_compound_and_zero_per_block() {
    // Each block starts at zero: both blocks add their own block index once.
    let out = run(
        "__global__ void k(int* out) {\n  __shared__ int s[1];\n  if (threadIdx.x == 0) {\n    s[0] += blockIdx.x + 10;\n  }\n  __syncthreads();\n  out[blockIdx.x] = s[0];\n}",
        "block=64&grid=2&watch=out[0],out[1]",
    );
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(watched(&out, "value-out-0"), "10");
    assert_eq!(watched(&out, "value-out-1"), "11");
    // float shared memory keeps fractions; an int array truncates what it is given.
    let out = run(
        "__global__ void k(float* f, int* n) {\n  __shared__ float a[32];\n  __shared__ int b[32];\n  a[threadIdx.x] = 0.5f;\n  b[threadIdx.x] = 2.75f;\n  f[threadIdx.x] = a[threadIdx.x] * 3.0f;\n  n[threadIdx.x] = b[threadIdx.x];\n}",
        "block=32&watch=f[0],n[0]",
    );
    assert_eq!(watched(&out, "value-f-0"), "1.5");
    assert_eq!(watched(&out, "value-n-0"), "2");
    // Kernels without shared memory show no shared figures.
    let plain = preset("kernel.preset.even-odd");
    assert!(plain.figures.iter().all(|f| f.metric != "bank-conflicts"));
}

#[test]
fn watch_names_its_allowed_form() {
    let src = "__global__ void k(float* out, int n) {\n  out[threadIdx.x] = 2.0f;\n}";
    let ok = run(src, "watch=out[0], out[40]");
    assert_eq!(watched(&ok, "value-out-0"), "2");
    // Untouched elements keep p[i] = i.
    assert_eq!(watched(&ok, "value-out-40"), "40");
    for (bad, says) in [
        ("out", "watch is a list of at most 16 elements NAME[i]"),
        ("out[-1]", "NAME[i]"),
        ("out[x]", "NAME[i]"),
        ("[3]", "NAME[i]"),
        ("o-t[3]", "NAME[i]"),
        (
            "n[0]",
            "watch names n, which is not a pointer parameter of this kernel: watch one of out",
        ),
        (
            "out[64]",
            "watch out[64] is past the buffer's end: every buffer has 64 elements",
        ),
    ] {
        let out = run(src, &format!("watch={bad}&len=64"));
        let e = out
            .errors
            .iter()
            .find(|e| e.param == "watch")
            .unwrap_or_else(|| panic!("{bad}"));
        assert!(e.message.contains(says), "{bad}: {}", e.message);
        assert!(out.figures.is_empty());
    }
    let many = (0..17)
        .map(|i| format!("out[{i}]"))
        .collect::<Vec<_>>()
        .join(",");
    assert_eq!(run(src, &format!("watch={many}")).errors[0].param, "watch");
    let hi = with_lang(Lang::Hinglish, || {
        run(src, "watch=out").errors[0].message.clone()
    });
    assert!(hi.contains("NAME[i]") && hi.contains("16"), "{hi}");
}

#[test]
fn the_step_through_passes_barriers() {
    // The interleaved reduction records warp 0 (it diverges at s = 8); its trace holds every
    // barrier it passed: line 5 once and line 11 eight times.
    let out = preset("kernel.preset.reduce-interleaved");
    let r = out.result.unwrap();
    assert_eq!((r.traced.block, r.traced.warp), (0, 0));
    assert_eq!(r.trace.iter().filter(|s| s.line == 5).count(), 1);
    assert_eq!(r.trace.iter().filter(|s| s.line == 11).count(), 8);
    // A chosen warp of a later block is recorded too.
    let out = run(REDUCE_SEQUENTIAL, "block=256&grid=2&trace=1,3");
    let r = out.result.unwrap();
    assert_eq!(r.trace.first().map(|s| s.line), Some(3));
    assert_eq!(r.trace.iter().filter(|s| s.line == 10).count(), 8);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn shared_token_soup_never_panics(words in proptest::collection::vec(prop::sample::select(vec![
        "__shared__", "float", "int", "s", "[", "]", "32", "2", "=", ";", "__syncthreads", "(", ")",
        "{", "}", "if", "threadIdx", ".", "x", "<", "+", "+=", "for", "while", "return", "a", "i",
        "-", "1", "%",
    ]), 0..60), block in 1u32..300) {
        let src = format!(
            "__global__ void k(float* a) {{ __shared__ float t[33][33]; {} }}",
            words.join(" ")
        );
        let _ = run(&src, &format!("block={block}&watch=a[0]"));
    }

    #[test]
    fn no_watch_text_panics(w in ".{0,80}") {
        let _ = evaluate(&KernelInput::default().with(&WATCH, w));
    }
}
