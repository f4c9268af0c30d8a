//! The memory panel's numbers, worked by hand in each comment.

use super::hierarchy::{
    Cache, Found, Hierarchy, Reuse, Sectors, WarpLoads, L1_BYTES, SECTOR_BYTES,
};
use super::panel::{evaluate, MemoryInput, MAX_WARPS};
use super::roofline::{Bound, Gpu, GPUS};
use crate::query::Query;
use crate::MAX_STRIDE;

fn loads(elem: u64, stride: u64, offset: u64, warps: u64, reuse: Reuse, cache: Cache) -> WarpLoads {
    WarpLoads {
        elem,
        stride,
        offset,
        warps,
        reuse,
        cache,
    }
}

/// The figures of `search` on the panel, as (metric, data-value).
fn figures(search: &str) -> Vec<(&'static str, String)> {
    let out = evaluate(&MemoryInput::from_query(
        &Query::parse(search),
        &MemoryInput::default(),
    ));
    assert!(out.errors.is_empty(), "{search}: {:?}", out.errors);
    out.figures
        .iter()
        .map(|f| (f.metric, f.value.plain()))
        .collect()
}

fn figure(search: &str, metric: &str) -> String {
    figures(search)
        .into_iter()
        .find(|(m, _)| *m == metric)
        .map_or_else(|| panic!("{search}: no {metric}"), |(_, v)| v)
}

#[test]
fn one_warp_of_contiguous_floats_is_four_sectors_in_one_line() {
    // 32 lanes × 4 B = 128 B from byte 0: sectors 0–3 (4 sectors), line 0 (1 line); cold, so
    // every sector misses L1 and L2: DRAM 4 × 32 = 128 B; useful 32 × 4 = 128 B.
    let (requests, c) = loads(4, 1, 0, 1, Reuse::Next, Cache::Ca).run();
    assert_eq!(
        requests[0].sectors,
        vec![
            (0, Found::Dram),
            (1, Found::Dram),
            (2, Found::Dram),
            (3, Found::Dram)
        ]
    );
    assert_eq!((c.requests, c.sectors, c.lines), (1, 4, 1));
    assert_eq!(
        (c.l1_hits, c.l2_lookups, c.l2_hits, c.dram_sectors),
        (0, 4, 0, 4)
    );
    assert_eq!(c.dram_bytes(), 128);
    let f = figures("panel=memory");
    let want = [
        ("requests", "1"),
        ("sectors", "4"),
        ("sectors-per-request", "4"),
        ("lines", "1"),
        ("l1-hit-rate", "0"),
        ("l2-hit-rate", "0"),
        ("dram-bytes", "128"),
        ("useful-bytes", "128"),
    ];
    for (m, v) in want {
        assert!(f.contains(&(m, v.to_string())), "{m}={v} in {f:?}");
    }
}

#[test]
fn an_offset_load_straddles_one_more_sector_and_line() {
    // offset 4: bytes 4..132, sectors 0–4 (5), lines 0 and 1 (2): DRAM 160 B.
    assert_eq!(figure("panel=memory&offset=4", "sectors"), "5");
    assert_eq!(figure("panel=memory&offset=4", "lines"), "2");
    assert_eq!(figure("panel=memory&offset=4", "dram-bytes"), "160");
    // offset 32 (a whole sector): bytes 32..160, sectors 1–4 (4), lines 0 and 1 (2).
    assert_eq!(figure("panel=memory&offset=32", "sectors"), "4");
    assert_eq!(figure("panel=memory&offset=32", "lines"), "2");
}

#[test]
fn a_strided_load_touches_a_sector_per_lane() {
    // stride 8 floats = 32 B apart: lane l's 4 bytes in sector l: 32 sectors, 8 lines (4
    // sectors a line), DRAM 32 × 32 = 1,024 B for 128 useful.
    let q = "panel=memory&stride=8";
    assert_eq!(figure(q, "sectors"), "32");
    assert_eq!(figure(q, "lines"), "8");
    assert_eq!(figure(q, "dram-bytes"), "1024");
    assert_eq!(figure(q, "useful-bytes"), "128");
    // stride 2: 256 B span, 8 sectors, 2 lines.
    assert_eq!(figure("panel=memory&stride=2", "sectors"), "8");
    assert_eq!(figure("panel=memory&stride=2", "lines"), "2");
}

#[test]
fn eight_and_sixteen_byte_elements() {
    // 8 B (double), contiguous: 256 B = 8 sectors, 2 lines; useful 256.
    assert_eq!(figure("panel=memory&elem=8", "sectors"), "8");
    assert_eq!(figure("panel=memory&elem=8", "lines"), "2");
    assert_eq!(figure("panel=memory&elem=8", "useful-bytes"), "256");
    // 16 B (float4): 512 B = 16 sectors, 4 lines, DRAM 512.
    assert_eq!(figure("panel=memory&elem=16", "sectors-per-request"), "16");
    assert_eq!(figure("panel=memory&elem=16", "lines"), "4");
    assert_eq!(figure("panel=memory&elem=16", "dram-bytes"), "512");
    // 16 B from byte 8: each lane's 16 bytes cross a sector edge every other lane: bytes
    // 8..520 touch sectors 0–16 (17), lines 0–4 (5).
    assert_eq!(figure("panel=memory&elem=16&offset=8", "sectors"), "17");
    assert_eq!(figure("panel=memory&elem=16&offset=8", "lines"), "5");
}

#[test]
fn two_warps_on_the_same_elements_hit_l1_under_ca_and_l2_under_cg() {
    // Two warps, reuse=same, 4 B contiguous: 4 sectors each, 8 requested. Under ca the second
    // warp's 4 hit L1: L1 4/8 = 0.5; L2 sees the first 4, all misses: L2 0; DRAM 128 B.
    let ca = "panel=memory&warps=2&reuse=same";
    assert_eq!(figure(ca, "sectors"), "8");
    assert_eq!(figure(ca, "l1-hit-rate"), "0.5");
    assert_eq!(figure(ca, "l2-hit-rate"), "0");
    assert_eq!(figure(ca, "dram-bytes"), "128");
    // Under cg, L1 is bypassed: L1 0; all 8 reach L2, the second warp's 4 hit: L2 4/8.
    let cg = "panel=memory&warps=2&reuse=same&cache=cg";
    assert_eq!(figure(cg, "l1-hit-rate"), "0");
    assert_eq!(figure(cg, "l2-hit-rate"), "0.5");
    assert_eq!(figure(cg, "dram-bytes"), "128");
    // Each its own (reuse=next): 8 distinct sectors, nothing hits; DRAM 256 B.
    assert_eq!(figure("panel=memory&warps=2", "l1-hit-rate"), "0");
    assert_eq!(figure("panel=memory&warps=2", "dram-bytes"), "256");
    // The eight warps reading the same elements: L1 7/8 under ca; L2 7/8 under cg.
    assert_eq!(
        figure("panel=memory&warps=8&reuse=same", "l1-hit-rate"),
        "0.875"
    );
    assert_eq!(
        figure("panel=memory&warps=8&reuse=same&cache=cg", "l2-hit-rate"),
        "0.875"
    );
}

#[test]
fn neighbouring_warps_share_a_sector_when_their_elements_do() {
    // 1-byte elements, reuse=next: warp w reads bytes 32w..32w+32, exactly sector w: two warps
    // share nothing. Offset 16: warp 0 reads 16..48 (sectors 0, 1), warp 1 48..80 (sectors 1,
    // 2): warp 1's sector 1 hits L1 under ca: L1 1/4, DRAM 3 sectors = 96 B.
    let q = "panel=memory&elem=1&warps=2&offset=16";
    assert_eq!(figure(q, "sectors"), "4");
    assert_eq!(figure(q, "l1-hit-rate"), "0.25");
    assert_eq!(figure(q, "dram-bytes"), "96");
}

#[test]
fn the_sector_cache_keeps_the_most_recent_and_a_bypass_keeps_nothing() {
    // Two sectors' room: 1, 2, 1 (hit), 3 (evicts 2, the least recent), 2 misses.
    let mut c = Sectors::new(2 * SECTOR_BYTES);
    assert!(!c.access(1, true) && !c.access(2, true));
    assert!(c.access(1, true));
    assert!(!c.access(3, true));
    assert!(c.access(1, true));
    assert!(!c.access(2, true));
    assert_eq!(c.len(), 2);
    // Not kept: a miss leaves nothing.
    let mut c = Sectors::new(2 * SECTOR_BYTES);
    assert!(!c.access(7, false) && !c.access(7, false));
    assert!(c.is_empty());
    // A hierarchy under cg never looks in L1.
    let mut h = Hierarchy::new(Cache::Cg);
    h.load([(0, 0)], 4);
    h.load([(0, 0)], 4);
    assert_eq!(
        (h.counts.l1_hits, h.counts.l2_hits, h.counts.dram_sectors),
        (0, 1, 1)
    );
}

#[test]
fn no_case_the_panel_offers_evicts() {
    // The most sectors the panel can touch: 64 warps × 32 lanes × 2 sectors (16-byte elements
    // straddling an edge, each lane in its own sector pair) = 4,096 = L1's 128 KiB / 32. So L1
    // (and L2) keep all: DRAM = distinct sectors × 32, and run twice (reuse=same would hit) is
    // never needed. Checked on the widest case: stride at its limit, elem 16, offset 24.
    assert_eq!(MAX_WARPS * crate::WARP_SIZE * 2, L1_BYTES / SECTOR_BYTES);
    let l = loads(16, MAX_STRIDE, 24, MAX_WARPS, Reuse::Next, Cache::Ca);
    let (_, c) = l.run();
    assert_eq!(c.sectors, 4096);
    assert_eq!(c.dram_sectors, 4096);
    assert_eq!(c.l1_hits + c.l2_hits, 0);
}

#[test]
fn the_four_gpus_ridges_and_the_seeds_memory_bound_kernel() {
    // Ridge = peak / bandwidth: T4 8,100 / 320 = 25.3125; A100 19,500 / 1,555 = 12.54019…;
    // H100 66,900 / 3,350 = 19.97015…; RTX 4090 82,600 / 1,008 = 81.94444….
    let ridge = |k: &str| Gpu::find(k).expect(k).ridge();
    assert!((ridge("t4") - 25.3125).abs() < 1e-12);
    assert!((ridge("a100") - 12.540_192).abs() < 1e-6);
    assert!((ridge("h100") - 19.970_149).abs() < 1e-6);
    assert!((ridge("rtx4090") - 81.944_444).abs() < 1e-6);
    assert_eq!(GPUS.len(), 4);
    // y = 2x + y over 4,096 floats: 2 flops a element = 8,192; 2 reads + 1 write of 16 KiB =
    // 49,152 B: intensity 1/6; on an A100, 1,555 / 6 = 259.1666… GFLOP/s, memory-bound.
    let p = Gpu::find("a100").expect("a100").point(8192, 49_152);
    assert!((p.intensity - 1.0 / 6.0).abs() < 1e-12);
    assert!((p.attainable - 259.166_666).abs() < 1e-5);
    assert_eq!(p.bound, Bound::Memory);
    let q = "panel=memory&view=roofline";
    assert_eq!(figure(q, "bound"), "memory");
    assert_eq!(figure(q, "ridge"), "12.5402");
    assert_eq!(figure(q, "attainable-gflops"), "259.167");
    // At the ridge exactly (T4: 25.3125 = 405 / 16 FLOP/byte) it is compute-bound, at the peak.
    let t4 = "panel=memory&view=roofline&gpu=t4&flops=405&bytes=16";
    assert_eq!(figure(t4, "bound"), "compute");
    assert_eq!(figure(t4, "attainable-gflops"), "8100");
    // A matrix multiply's 64 FLOP/byte: compute-bound on an A100 (ridge 12.5), memory-bound
    // on an RTX 4090 (ridge 81.9) at 64 × 1,008 = 64,512 GFLOP/s.
    let mm = "panel=memory&view=roofline&flops=64&bytes=1";
    assert_eq!(figure(mm, "bound"), "compute");
    assert_eq!(figure(&format!("{mm}&gpu=rtx4090"), "bound"), "memory");
    assert_eq!(
        figure(&format!("{mm}&gpu=rtx4090"), "attainable-gflops"),
        "64512"
    );
}

#[test]
fn bad_inputs_are_named_and_nothing_is_drawn_from_them() {
    let out = |s: &str| {
        evaluate(&MemoryInput::from_query(
            &Query::parse(s),
            &MemoryInput::default(),
        ))
    };
    let names = |s: &str| {
        out(s)
            .errors
            .iter()
            .map(|e| e.param.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names("panel=memory&warps=65"), vec!["warps"]);
    assert_eq!(names("panel=memory&warps=0"), vec!["warps"]);
    assert_eq!(names("panel=memory&elem=3"), vec!["elem"]);
    assert_eq!(names("panel=memory&cache=cs"), vec!["cache"]);
    assert_eq!(names("panel=memory&reuse=all"), vec!["reuse"]);
    assert_eq!(names("panel=memory&view=cache"), vec!["view"]);
    assert_eq!(names("panel=memory&view=roofline&gpu=v100"), vec!["gpu"]);
    assert_eq!(names("panel=memory&view=roofline&bytes=0"), vec!["bytes"]);
    assert_eq!(names("panel=memory&view=roofline&flops=-1"), vec!["flops"]);
    assert!(out("panel=memory&warps=65").figures.is_empty());
    // A roofline key under the hierarchy view is not read, and the other way round.
    assert!(names("panel=memory&gpu=v100").is_empty());
    assert!(names("panel=memory&view=roofline&warps=999").is_empty());
}

#[test]
fn the_gpu_choices_are_the_roofline_table_s_keys() {
    // The form's `gpu=` choices and the roofline's table name the same four GPUs, in one order:
    // a GPU added to one and not the other would be a choice with no roofs, or roofs no link
    // can open.
    let keys: Vec<&str> = GPUS.iter().map(|g| g.key).collect();
    let choices: Vec<&str> = super::panel::GPU_CHOICES.iter().map(|c| c.value).collect();
    assert_eq!(choices, keys);
}

proptest::proptest! {
    /// The kernel lab reads a request's sectors off the coalescing rule's 128-byte segments
    /// (`sectors_of`): the same distinct sectors, in the same order, as the rule with a 32-byte
    /// line, for any lanes and addresses.
    #[test]
    fn the_sectors_of_the_128_byte_segments_are_the_32_byte_rule_s(
        lanes in proptest::collection::vec((0u64..32, 0u64..4096), 1..33),
        elem in proptest::sample::select(vec![1u64, 2, 4, 8, 16]),
    ) {
        use crate::coalescing::access::segments_of;
        let by_sector: Vec<u64> = segments_of(lanes.iter().copied(), elem, super::hierarchy::SECTOR_BYTES)
            .iter()
            .map(|s| s.index)
            .collect();
        let by_segment = super::hierarchy::sectors_of(&segments_of(
            lanes.iter().copied(),
            elem,
            super::hierarchy::LINE_BYTES,
        ));
        proptest::prop_assert_eq!(by_segment, by_sector);
    }
}

#[test]
fn each_sector_says_which_lanes_read_it_and_how_many_of_its_bytes() {
    let uses = |elem, stride, offset| {
        let (requests, _) = loads(elem, stride, offset, 1, Reuse::Next, Cache::Ca).run();
        requests[0]
            .uses
            .iter()
            .map(|u| (u.first, u.last, u.bytes))
            .collect::<Vec<_>>()
    };
    // Contiguous floats: sector k holds lanes 8k … 8k + 7, all 32 of its bytes read.
    assert_eq!(
        uses(4, 1, 0),
        [(0, 7, 32), (8, 15, 32), (16, 23, 32), (24, 31, 32)]
    );
    // Stride 2: lane l at byte 8l, so a sector holds 4 lanes and 4 × 4 = 16 of its bytes.
    assert_eq!(uses(4, 2, 0)[0], (0, 3, 16));
    assert_eq!(uses(4, 2, 0).len(), 8);
    // Stride 0 (a broadcast): one sector, every lane, the same 4 bytes counted once.
    assert_eq!(uses(4, 0, 0), [(0, 31, 4)]);
    // 16-byte elements from byte 8: lane l reads 8 + 16l … 23 + 16l. Sector 0 (bytes 0 … 31)
    // holds lanes 0–1 and bytes 8 … 31 (24); sector 1 (32 … 63) lane 1's 32 … 39, lane 2's
    // 40 … 55 and lane 3's 56 … 63: lanes 1–3, all 32; the last, sector 16, lane 31's last
    // 8 bytes (512 … 519).
    let v = uses(16, 1, 8);
    assert_eq!(v[0], (0, 1, 24));
    assert_eq!(v[1], (1, 3, 32));
    assert_eq!(v.len(), 17);
    assert_eq!(v[16], (31, 31, 8));
    // Every byte the warp asked for is in exactly one sector's count: 32 × 16 = 512.
    assert_eq!(v.iter().map(|u| u.2).sum::<u64>(), 512);
}
