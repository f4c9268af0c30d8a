//! The learner's kernel through L1, L2 and DRAM, and on the roofline (issue 68, part 3): the
//! issue's two hand-worked kernels, through the run worker's bytes as the page reads them.

use super::panel::{evaluate_plain, KernelInput, KernelOutput};
use super::ran::{read_ran, run_plain};
use crate::query::{encode, Query};

/// y = 2x + y over n floats, one thread an element.
const SAXPY: &str = "__global__ void saxpy(float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = 2.0f * x[i] + y[i];
    }
}";

/// Every thread of a block reads `in[0]`; each writes its own `out` element.
const SAME: &str = "__global__ void same(int* in, int* out) {
    out[threadIdx.x] = in[0];
}";

/// The page's output for `src` and `rest`, read back from the run worker's bytes (what the
/// page draws), checked equal to the run on the page.
fn lab(src: &str, rest: &str) -> KernelOutput {
    let search = format!("src={}&{rest}", encode(src));
    let page = evaluate_plain(&KernelInput::from_query(
        &Query::parse(&search),
        &KernelInput::default(),
    ));
    let read = read_ran(&run_plain(&search)).expect("the worker's bytes read");
    assert_eq!(read, page, "{rest}");
    assert!(read.errors.is_empty(), "{rest}: {:?}", read.errors);
    read
}

fn value(out: &KernelOutput, metric: &str) -> String {
    out.figures
        .iter()
        .find(|f| f.metric == metric)
        .unwrap_or_else(|| panic!("no figure {metric}"))
        .value
        .plain()
}

#[test]
fn saxpy_over_4096_floats_is_memory_bound_on_an_a100() {
    // The kernel. 4,096 lanes each do one multiply (2.0f · x[i]) and one add: 8,192
    // FLOPs (the compare `i < n` and the index arithmetic are integer: 0). DRAM: x and y are
    // each 4,096 · 4 B = 16 KiB = 512 sectors read once, every one an L2 miss (cold caches):
    // 2 · 16,384 = 32,768 B; y's 512 sectors are stored to once each: 16,384 B more. 49,152 B.
    // Intensity 8,192 / 49,152 = 1/6 FLOP/byte; an A100 moves 1,555 GB/s: 1,555 / 6 =
    // 259.1667 GFLOP/s, under its 19,500 peak and left of its ridge (12.54): memory-bound.
    let out = lab(SAXPY, "n=4096&block=256");
    assert_eq!(value(&out, "flops"), "8192");
    assert_eq!(value(&out, "dram-bytes"), "49152");
    assert_eq!(value(&out, "arithmetic-intensity"), "0.166667");
    assert_eq!(value(&out, "attainable-gflops"), "259.167");
    assert_eq!(value(&out, "bound"), "memory");
    // Nothing is read twice: no hit anywhere.
    assert_eq!(value(&out, "l1-hit-rate"), "0");
    assert_eq!(value(&out, "l2-hit-rate"), "0");
    let r = out.result.as_ref().expect("it ran");
    // 128 warps each load 4 sectors of x and 4 of y: 256 requests, 1,024 sectors, 1,024 L2
    // lookups and misses; 512 sectors written.
    assert_eq!(
        (
            r.memory.requests,
            r.memory.sectors,
            r.memory.l2_lookups,
            r.memory.dram_sectors,
            r.memory.written_sectors
        ),
        (256, 1024, 1024, 1024, 512)
    );
    // Per line: the statement's line (4) has x's and y's loads and y's store: 1,536 sectors,
    // no hit, 49,152 DRAM bytes; no other line touches global memory.
    let line = r.lines[&4];
    assert_eq!(
        (line.sectors, line.l1_hits, line.l2_hits, line.dram_bytes),
        (1536, 0, 0, 49_152)
    );
    assert!(r
        .lines
        .iter()
        .all(|(l, s)| *l == 4 || (s.sectors, s.dram_bytes) == (0, 0)));
    // On an RTX 4090 (1,008 GB/s): 168 GFLOP/s, still memory-bound; the link opens the
    // memory panel's roofline on the same totals and GPU.
    let t = lab(SAXPY, "n=4096&block=256&gpu=rtx4090");
    assert_eq!(value(&t, "attainable-gflops"), "168");
    assert_eq!(
        t.links.and_then(|l| l.roofline).as_deref(),
        Some("panel=memory&view=roofline&gpu=rtx4090&flops=8192&bytes=49152")
    );
}

#[test]
fn eight_warps_reading_one_element_hit_l1_seven_times_in_eight_or_l2_under_cg() {
    // One block of 256 threads: 8 warps, each one request for in[0]'s sector. The first misses
    // L1 and L2; under `ca` L1 keeps it and the other 7 hit L1: 7/8 = 0.875, and L2 saw one
    // lookup, a miss (0). Under `cg` L1 is bypassed (0): all 8 reach L2, the first misses and 7
    // hit: 0.875. Either way DRAM gives 32 B for the loads; out's 256 ints are 32 sectors
    // written: 1,024 B. 1,056 B.
    let ca = lab(SAME, "block=256");
    assert_eq!(value(&ca, "l1-hit-rate"), "0.875");
    assert_eq!(value(&ca, "l2-hit-rate"), "0");
    assert_eq!(value(&ca, "dram-bytes"), "1056");
    let cg = lab(SAME, "block=256&cache=cg");
    assert_eq!(value(&cg, "l1-hit-rate"), "0");
    assert_eq!(value(&cg, "l2-hit-rate"), "0.875");
    assert_eq!(value(&cg, "dram-bytes"), "1056");
    // Integer work only: no FLOPs, intensity 0, memory-bound.
    assert_eq!(value(&ca, "flops"), "0");
    assert_eq!(value(&ca, "bound"), "memory");
    // The load's line (2) under `ca`: 8 sectors, 7 found in L1, none in L2, 32 DRAM bytes.
    let line = ca.result.as_ref().expect("it ran").lines[&2];
    assert_eq!((line.sectors, line.l1_hits, line.l2_hits), (8 + 32, 7, 0));
}

#[test]
fn a_sector_stored_twice_goes_back_to_dram_once_and_a_later_load_finds_it_in_l2() {
    // Two warps store to the same 32 floats (4 sectors): written back once, 128 B. Then both
    // load them: the first warp's 4 sectors miss L1 (a store does not fill it) and are found
    // in L2 (which keeps what was stored): 4 L2 hits of 4 lookups; L1 keeps them, and the
    // second warp's 4 hit L1: 4 of 8.
    let src = "__global__ void twice(float* a) {
    a[threadIdx.x % 32] = 1.0f;
    __syncthreads();
    float v = a[threadIdx.x % 32];
}";
    let out = lab(src, "block=64");
    assert_eq!(value(&out, "dram-bytes"), "128");
    assert_eq!(value(&out, "l1-hit-rate"), "0.5");
    assert_eq!(value(&out, "l2-hit-rate"), "1");
    // No DRAM bytes, no roofline: a kernel that moves nothing is not placed.
    let none = lab("__global__ void k(int* a) { int x = 1; }", "");
    assert_eq!(value(&none, "dram-bytes"), "0");
    assert!(none.figures.iter().all(|f| f.metric != "bound"));
    assert_eq!(none.links.and_then(|l| l.roofline), None);
}

#[test]
fn a_bad_cache_or_gpu_is_named_with_its_choices_and_nothing_runs() {
    crate::i18n::set_lang(crate::i18n::Lang::En);
    for (q, key, allowed) in [
        ("cache=cb", "cache", "ca or cg"),
        ("gpu=v100", "gpu", "rtx4090"),
    ] {
        let out = evaluate_plain(&KernelInput::from_query(
            &Query::parse(q),
            &KernelInput::default(),
        ));
        assert_eq!(out.errors.len(), 1, "{q}");
        assert_eq!(out.errors[0].param, key, "{q}");
        assert!(
            out.errors[0].message.contains(allowed),
            "{q}: {}",
            out.errors[0].message
        );
        assert!(out.result.is_none(), "{q}");
    }
}
