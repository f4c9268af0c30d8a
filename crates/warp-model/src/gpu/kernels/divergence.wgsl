// Divergence: the same work under different branch keys. pattern 0: uniform (every lane on
// path 0); 1: lane parity (idx % 2); 2: subgroup-aligned ((idx / sg) % 2); 3: k-way (idx % k).
// Each path runs the same amount of arithmetic with its own constants, so a compiler cannot
// merge the paths into one.
struct Params {
    pattern: u32,
    k: u32,
    sg: u32,
    iters: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;

fn work(x: f32, path: u32) -> f32 {
    var acc = x;
    let c = 1.0001 + f32(path) * 0.0003;
    let d = 0.37 + f32(path);
    for (var i = 0u; i < p.iters; i++) {
        acc = fract(fma(acc, c, d)) * 7.0;
    }
    return acc;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let idx = g.x;
    var key = 0u;
    switch p.pattern {
        case 1u: { key = idx % 2u; }
        case 2u: { key = (idx / max(p.sg, 1u)) % 2u; }
        case 3u: { key = idx % max(p.k, 1u); }
        default: { key = 0u; }
    }
    var acc = f32(idx);
    for (var path = 0u; path < max(p.k, 2u); path++) {
        if (key == path) {
            acc = work(acc, path);
        }
    }
    out[idx] = acc;
}
