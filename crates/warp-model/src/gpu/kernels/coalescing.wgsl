// Coalescing: each invocation reads `reps` floats, consecutive invocations `stride` elements
// apart, and sums them. Bandwidth is measured per stride.
struct Params {
    stride: u32,
    n: u32,
    reps: u32,
    threads: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<f32>;
@group(0) @binding(2) var<storage, read_write> dst: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    var acc = 0.0;
    for (var r = 0u; r < p.reps; r++) {
        let i = ((g.x + r * p.threads) * p.stride) % p.n;
        acc += src[i];
    }
    dst[g.x] = acc;
}
