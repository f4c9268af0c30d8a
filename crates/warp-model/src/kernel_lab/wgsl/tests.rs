use super::{translate, translate_guarded, Unsupported, Wgsl};
use crate::kernel_lab::challenge::builtin::{builtin, NAMES};
use crate::kernel_lab::compile;
use crate::kernel_lab::panel::PRESETS;

fn wgsl(src: &str, block: [u32; 3]) -> Result<Wgsl, Unsupported> {
    translate(&compile(src).expect("the kernel compiles"), block)
}

/// `src` is valid WGSL: parsed and validated by naga (wgpu's shader compiler, Firefox's
/// WebGPU), uniformity analysis included.
fn valid(src: &str) -> Result<(), String> {
    let module = naga::front::wgsl::parse_str(src).map_err(|e| e.emit_to_string(src))?;
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::empty(),
    )
    .validate(&module)
    .map(|_| ())
    .map_err(|e| e.emit_to_string(src))
}

/// `block=X[,Y[,Z]]` of a preset's parameters (1 where unsaid).
fn block_of(params: &str) -> [u32; 3] {
    let mut b = [1, 1, 1];
    if let Some(v) = params.split('&').find_map(|kv| kv.strip_prefix("block=")) {
        for (k, d) in v.split(',').take(3).enumerate() {
            b[k] = d.parse().unwrap_or(1);
        }
    }
    b
}

/// Whether a source calls a warp function (what the translation names and leaves out).
fn calls_a_warp_function(src: &str) -> bool {
    ["__shfl", "_sync(", "__activemask", "__syncwarp"]
        .iter()
        .any(|f| src.contains(f))
}

/// Every kernel the lab ships: its presets, the challenges' references, and the right and
/// wrong solutions of `tests/challenges/`, with a block size each.
fn every_kernel() -> Vec<(String, String, [u32; 3])> {
    let mut all = Vec::new();
    for (label, src, params) in PRESETS {
        all.push((label.key().to_string(), src.to_string(), block_of(params)));
    }
    for name in NAMES {
        let c = builtin(name).expect("a built-in");
        let b = c.tests[0].block;
        all.push((
            format!("{name} (reference)"),
            c.reference.clone(),
            [b.x(), b.y(), b.z()].map(|d| u32::try_from(d).unwrap_or(1)),
        ));
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/challenges")
            .join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        for f in files {
            let src = std::fs::read_to_string(&f).unwrap();
            let block = [b.x(), b.y(), b.z()].map(|d| u32::try_from(d).unwrap_or(1));
            all.push((f.display().to_string(), src, block));
        }
    }
    all
}

#[test]
fn every_kernel_the_lab_ships_is_valid_wgsl_or_names_its_warp_function_with_its_line() {
    let (mut translated, mut named) = (0, 0);
    for (name, src, block) in every_kernel() {
        // A wrong solution that does not compile is the lab's error to show, not ours.
        let Ok(k) = compile(&src) else { continue };
        match translate(&k, block) {
            Ok(w) => {
                translated += 1;
                if let Err(e) = valid(&w.source) {
                    panic!("{name}: invalid WGSL:\n{e}\n{}", w.source);
                }
                // Guarded, as a GPU run writes it: every loop's count keeps its barriers
                // uniform, so the same kernels are valid.
                let g = translate_guarded(&k, block, 1 << 20).expect("translated unguarded");
                if let Err(e) = valid(&g.source) {
                    panic!("{name}: invalid guarded WGSL:\n{e}\n{}", g.source);
                }
            }
            Err(u) => {
                named += 1;
                // The one construct left out is a warp function, named on its own line, or a
                // barrier the block's threads may not all reach.
                let line = src.lines().nth(u.line.saturating_sub(1)).unwrap_or("");
                assert!(
                    (calls_a_warp_function(&src) && u.what.contains("warp function"))
                        || (u.what.contains("__syncthreads") && line.contains("__syncthreads")),
                    "{name}: {u:?} at `{line}`"
                );
                if u.what.contains("warp function") {
                    let f = u.what.split(':').next().unwrap_or_default();
                    assert!(
                        line.contains(f),
                        "{name}: {f} is not on line {}: `{line}`",
                        u.line
                    );
                }
            }
        }
    }
    eprintln!("WGSL: {translated} kernels translated and valid, {named} named");
    // 19 presets, 14 references and their solutions: most translate; the warp-function ones
    // (the warp-sum, all-reduce, ballot and wrong-mask presets, the warp challenges) are named.
    assert!(translated >= 40, "translated {translated}, named {named}");
    assert!(named >= 4, "translated {translated}, named {named}");
}

#[test]
fn vector_add_as_written_by_hand() {
    let src = "__global__ void add(const float* a, const float* b, float* c, int n) {\n\
               \x20   int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
               \x20   if (i < n) {\n\
               \x20       c[i] = a[i] + b[i];\n\
               \x20   }\n\
               }\n";
    let w = wgsl(src, [256, 1, 1]).unwrap();
    // By hand: three buffers in parameter order (`a`, `b` read-only), the scalar `n` in a
    // uniform struct at binding 3 and copied into a variable; the index computed in unsigned
    // arithmetic (CUDA's built-ins are unsigned) and converted to int, as C does.
    let expected = "\
@group(0) @binding(0) var<storage, read> b_a: array<f32>;
@group(0) @binding(1) var<storage, read> b_b: array<f32>;
@group(0) @binding(2) var<storage, read_write> b_c: array<f32>;
struct Scalars {
    v_n: i32,
}
@group(0) @binding(3) var<uniform> scalars: Scalars;
const BX: u32 = 256u;
const BY: u32 = 1u;
const BZ: u32 = 1u;

@compute @workgroup_size(256, 1, 1)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    var v_n: i32 = scalars.v_n;
    var v_i: i32 = i32(((wid.x * BX) + lid.x));
    if ((v_i < v_n)) {
        b_c[v_i] = (b_a[v_i] + b_b[v_i]);
    }
}
";
    assert_eq!(w.source, expected);
    assert_eq!(
        w.buffers,
        [
            ("a".to_string(), crate::kernel_lab::parse::Ty::Float, false),
            ("b".to_string(), crate::kernel_lab::parse::Ty::Float, false),
            ("c".to_string(), crate::kernel_lab::parse::Ty::Float, false),
        ]
    );
    valid(&w.source).unwrap();
}

#[test]
fn a_shared_histogram_as_written_by_hand() {
    // The lab's histogram preset: a shared array an atomic touches becomes atomic, its plain
    // read an atomicLoad; the barrier is reached by every thread.
    let src = include_str!("../presets/histogram.cu");
    let w = wgsl(src, [256, 1, 1]).unwrap();
    let expected = "\
@group(0) @binding(0) var<storage, read> b_in: array<i32>;
@group(0) @binding(1) var<storage, read_write> b_bins: array<i32>;
var<workgroup> s_h: array<atomic<i32>, 8>;
const BX: u32 = 256u;
const BY: u32 = 1u;
const BZ: u32 = 1u;

@compute @workgroup_size(256, 1, 1)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    var v_i: i32 = i32(((wid.x * BX) + lid.x));
    atomicAdd(&s_h[(b_in[v_i] % 8i)], 1i);
    storageBarrier();
    workgroupBarrier();
    if ((lid.x < u32(8i))) {
        b_bins[lid.x] = atomicLoad(&s_h[lid.x]);
    }
}
";
    assert_eq!(w.source, expected);
    valid(&w.source).unwrap();
}

#[test]
fn a_tiled_transpose_as_written_by_hand() {
    // Two dimensions, a padded shared tile, a barrier in uniform flow, unsigned built-ins mixed
    // with int arithmetic.
    let src = "__global__ void t(const float* in, float* out, int w) {\n\
               \x20   __shared__ float tile[32][33];\n\
               \x20   int x = blockIdx.x * 32 + threadIdx.x;\n\
               \x20   int y = blockIdx.y * 32 + threadIdx.y;\n\
               \x20   tile[threadIdx.y][threadIdx.x] = in[y * w + x];\n\
               \x20   __syncthreads();\n\
               \x20   out[x * w + y] = tile[threadIdx.y][threadIdx.x] * 2.0f;\n\
               }\n";
    let w = wgsl(src, [32, 32, 1]).unwrap();
    let expected = "\
@group(0) @binding(0) var<storage, read> b_in: array<f32>;
@group(0) @binding(1) var<storage, read_write> b_out: array<f32>;
struct Scalars {
    v_w: i32,
}
@group(0) @binding(2) var<uniform> scalars: Scalars;
var<workgroup> s_tile: array<array<f32, 33>, 32>;
const BX: u32 = 32u;
const BY: u32 = 32u;
const BZ: u32 = 1u;

@compute @workgroup_size(32, 32, 1)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    var v_w: i32 = scalars.v_w;
    var v_x: i32 = i32(((wid.x * u32(32i)) + lid.x));
    var v_y: i32 = i32(((wid.y * u32(32i)) + lid.y));
    s_tile[lid.y][lid.x] = b_in[((v_y * v_w) + v_x)];
    storageBarrier();
    workgroupBarrier();
    b_out[((v_x * v_w) + v_y)] = (s_tile[lid.y][lid.x] * 2.0f);
}
";
    assert_eq!(w.source, expected);
    valid(&w.source).unwrap();
}

#[test]
fn what_is_not_translated_is_named_with_its_line() {
    // A barrier only some threads reach: WGSL refuses it, CUDA leaves it undefined.
    let src = "__global__ void k(float* out) {\n\
               \x20   __shared__ float s[32];\n\
               \x20   if (threadIdx.x < 16) {\n\
               \x20       __syncthreads();\n\
               \x20   }\n\
               \x20   out[threadIdx.x] = s[threadIdx.x];\n\
               }\n";
    let u = wgsl(src, [32, 1, 1]).unwrap_err();
    assert_eq!(u.line, 4);
    assert!(u.what.contains("__syncthreads"), "{u:?}");
    // After a return some threads take, a barrier is not reached by all either.
    let src = "__global__ void k(float* out, int n) {\n\
               \x20   int i = threadIdx.x;\n\
               \x20   if (i >= n) return;\n\
               \x20   __syncthreads();\n\
               \x20   out[i] = 1.0f;\n\
               }\n";
    assert_eq!(wgsl(src, [32, 1, 1]).unwrap_err().line, 4);
    // A loop over the block's tiles (uniform bounds) keeps its barriers.
    let src = "__global__ void k(const float* a, float* out, int n) {\n\
               \x20   __shared__ float s[32];\n\
               \x20   float acc = 0.0f;\n\
               \x20   for (int t = 0; t < n / 32; t++) {\n\
               \x20       s[threadIdx.x] = a[t * 32 + threadIdx.x];\n\
               \x20       __syncthreads();\n\
               \x20       acc += s[(threadIdx.x + 1) % 32];\n\
               \x20       __syncthreads();\n\
               \x20   }\n\
               \x20   out[threadIdx.x] = acc;\n\
               }\n";
    valid(&wgsl(src, [32, 1, 1]).unwrap().source).unwrap();
    // A warp shuffle: named, on its line.
    let src = "__global__ void k(float* out) {\n\
               \x20   float v = 1.0f;\n\
               \x20   v += __shfl_down_sync(0xffffffff, v, 16);\n\
               \x20   out[threadIdx.x] = v;\n\
               }\n";
    let u = wgsl(src, [32, 1, 1]).unwrap_err();
    assert_eq!(u.line, 3);
    assert!(
        u.what.starts_with("__shfl_down_sync: a warp function"),
        "{u:?}"
    );
    // An atomic on a float buffer: WGSL has none.
    let src = "__global__ void k(float* sum) {\n\
               \x20   atomicAdd(&sum[0], 1.0f);\n\
               }\n";
    assert!(wgsl(src, [32, 1, 1]).unwrap_err().what.contains("float"));
}

#[test]
fn c_conversions_are_written_out() {
    // A bool condition from an int, unsigned arithmetic from a negative int, a float from an
    // int, a shift count as u32, `!` on an int, and `?:` as select.
    let src = "__global__ void k(int* out, unsigned* u, float* f, int n) {\n\
               \x20   int i = threadIdx.x;\n\
               \x20   if (n) { out[i] = !i; }\n\
               \x20   u[i] = i - 1u;\n\
               \x20   f[i] = i / 2 + 0.5f;\n\
               \x20   out[i] = (1 << i) + (i > 3 ? i : -i);\n\
               }\n";
    let w = wgsl(src, [32, 1, 1]).unwrap();
    for line in [
        "if ((v_n != 0i)) {",
        "b_out[v_i] = select(0i, 1i, !(v_i != 0i));",
        "b_u[v_i] = (u32(v_i) - 1u);",
        "b_f[v_i] = (f32((v_i / 2i)) + 0.5f);",
        "b_out[v_i] = ((1i << u32(v_i)) + select((-v_i), v_i, (v_i > 3i)));",
    ] {
        assert!(w.source.contains(line), "{line}\n{}", w.source);
    }
    valid(&w.source).unwrap();
}

#[test]
fn a_guarded_loop_counts_its_turns_and_marks_the_run_when_it_stops() {
    // A spin on a value that never changes: the model under the stack scheduler stops at its
    // step budget; a GPU would spin for ever. Guarded: the count is declared before the loop
    // (one per loop, so a barrier in a loop every thread runs stays uniform), counted first in
    // its body, and past 1000 turns the run is marked and the loop left. The flag is the binding
    // after the scalars' (buffer 0, scalars at 1, flag at 2).
    let src = "__global__ void spin(int* flag, int n) {\n\
               \x20   while (flag[0] == 0) {\n\
               \x20   }\n\
               \x20   for (int i = 0; i < n; i++) {\n\
               \x20       __syncthreads();\n\
               \x20   }\n\
               }\n";
    let k = compile(src).unwrap();
    let w = translate_guarded(&k, [32, 1, 1], 1000).unwrap();
    let s = &w.source;
    assert!(
        s.contains("@group(0) @binding(2) var<storage, read_write> w_stopped: atomic<u32>;"),
        "{s}"
    );
    assert!(s.contains("var w_loop0: u32 = 0u;\n    while ("), "{s}");
    assert!(s.contains("var w_loop1: u32 = 0u;\n    for ("), "{s}");
    assert!(
        s.contains(
            "w_loop1 += 1u;\n        if (w_loop1 > 1000u) { atomicStore(&w_stopped, 1u); break; }"
        ),
        "{s}"
    );
    valid(s).unwrap();
    // Unguarded, the same kernel has neither the flag nor a count.
    let plain = translate(&k, [32, 1, 1]).unwrap().source;
    assert!(
        !plain.contains("w_stopped") && !plain.contains("w_loop"),
        "{plain}"
    );
    // Every binding used, the flag too, though this kernel's loops use it anyway (a kernel
    // without a loop would not).
    assert!(s.contains("    _ = &b_flag;\n    _ = &w_stopped;\n"), "{s}");
    // With no scalar the flag follows the buffers.
    let k = compile("__global__ void f(int* a) {\n    while (a[0] == 0) {\n    }\n}\n").unwrap();
    let s = translate_guarded(&k, [32, 1, 1], 10).unwrap().source;
    assert!(
        s.contains("@binding(1) var<storage, read_write> w_stopped"),
        "{s}"
    );
}

#[test]
fn a_float_literal_is_exact_and_written_without_float_formatting() {
    use super::float_lit;
    // Whole numbers as themselves; 0.75 = 3 × 2⁻² = 75 / 100; 0.1f is the f32 nearest 0.1,
    // 13421773 × 2⁻²⁷ = 0.100000001490116119384765625 exactly; the smallest subnormal, 2⁻¹⁴⁹,
    // has 149 places, past 40: hexadecimal.
    assert_eq!(float_lit(1.0), "1.0f");
    assert_eq!(float_lit(-3.0), "-3.0f");
    assert_eq!(float_lit(-0.0), "-0.0f");
    assert_eq!(float_lit(0.5), "0.5f");
    assert_eq!(float_lit(0.75), "0.75f");
    assert_eq!(float_lit(-2.5), "-2.5f");
    assert_eq!(float_lit(0.1), "0.100000001490116119384765625f");
    assert_eq!(float_lit(1e-45), "0x0.000002p-126f");
    assert_eq!(float_lit(16_777_217.0), "16777216.0f");
    assert_eq!(float_lit(1e30), "1000000015047466219876688855040.0f");
    assert_eq!(float_lit(f64::INFINITY), "bitcast<f32>(2139095040u)");
    // Each is valid WGSL.
    let src = "fn f() -> f32 { return 0.100000001490116119384765625f + 0x0.000002p-126f + -2.5f; }";
    valid(src).unwrap();
}
