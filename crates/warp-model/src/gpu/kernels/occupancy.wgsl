// Occupancy: each invocation follows a chain of dependent loads (pointer chasing), so it
// spends its time waiting for memory; more workgroups in flight hide more of that wait.
struct Params {
    reps: u32,
    n: u32,
    pad0: u32,
    pad1: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> next: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    var i = (g.x * 7919u) % p.n;
    for (var r = 0u; r < p.reps; r++) {
        i = next[i];
    }
    dst[g.x] = i;
}
