// Subgroup map: one workgroup of the block's P = x·y·z invocations; each records its local
// index, its subgroup invocation id, the subgroup size, and the local index of its subgroup's
// first invocation (which names the subgroup). The workgroup is declared 1-D (WG_P): WGSL's
// local_invocation_index of an (x, y, z) workgroup is x + y·X + z·X·Y, the same linear id, and
// some implementations reject subgroup builtins in multi-dimensional workgroups.
enable subgroups;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(WG_P)
fn main(
    @builtin(local_invocation_index) li: u32,
    @builtin(subgroup_invocation_id) sid: u32,
    @builtin(subgroup_size) size: u32,
) {
    let leader = subgroupBroadcastFirst(li);
    out[li * 4u + 0u] = li;
    out[li * 4u + 1u] = sid;
    out[li * 4u + 2u] = size;
    out[li * 4u + 3u] = leader;
}
