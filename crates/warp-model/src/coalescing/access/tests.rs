use super::*;
use proptest::prelude::*;

fn access(elem: u64, stride: u64, offset: u64, line: u64, lanes: u64) -> Access {
    Access {
        elem,
        stride,
        offset,
        line,
        lanes,
    }
}

/// (access, transactions, useful, moved) worked by hand.
#[test]
fn seed_and_hand_cases() {
    let cases = [
        // Seed 004 Ex 4, case D: A[i], floats: one 128-byte transaction, η = 1.
        (access(4, 1, 0, 128, 32), 1, 128, 128),
        // Case E: A[i*32]: 32 transactions, η = 1/32.
        (access(4, 32, 0, 128, 32), 32, 128, 4096),
        // Case E seen in 32-byte sectors: still 32, but each moves 32 bytes: η = 1/8.
        (access(4, 32, 0, 32, 32), 32, 128, 1024),
        // Coalesced floats in sectors: 4 sectors of 32 bytes.
        (access(4, 1, 0, 32, 32), 4, 128, 128),
        // Misaligned by one float: bytes 4..132 straddle two lines.
        (access(4, 1, 4, 128, 32), 2, 128, 256),
        // Stride 2 floats: 256 bytes span two lines, half of each used.
        (access(4, 2, 0, 128, 32), 2, 128, 256),
        // Doubles: 256 bytes, two lines, η = 1.
        (access(8, 1, 0, 128, 32), 2, 256, 256),
        // 16-byte elements (float4): four lines.
        (access(16, 1, 0, 128, 32), 4, 512, 512),
        // A 16-byte element misaligned by 8 bytes straddles segment edges: 5 lines.
        (access(16, 1, 8, 128, 32), 5, 512, 640),
        // Broadcast: every lane reads the same float.
        (access(4, 0, 0, 128, 32), 1, 4, 128),
        // Half a warp, coalesced: 64 useful bytes in one line.
        (access(4, 1, 0, 128, 16), 1, 64, 128),
        // One active lane.
        (access(4, 7, 0, 128, 1), 1, 4, 128),
        // Bytes (chars), stride 1: 32 bytes in one line, η = 1/4.
        (access(1, 1, 0, 128, 32), 1, 32, 128),
        // An element larger than a sector: 16 bytes at offset 24 crosses a 32-byte sector.
        (access(16, 0, 24, 32, 32), 2, 16, 64),
    ];
    for (a, t, useful, moved) in cases {
        assert_eq!(a.transactions(), t, "{a:?}");
        assert_eq!(a.useful_bytes(), useful, "{a:?}");
        assert_eq!(a.moved_bytes(), moved, "{a:?}");
    }
    assert!((access(4, 32, 0, 128, 32).efficiency() - 1.0 / 32.0).abs() < 1e-12);
    assert!((access(4, 1, 0, 128, 32).efficiency() - 1.0).abs() < 1e-12);
}

#[test]
fn segments_show_used_bytes_and_lanes() {
    let segs = access(4, 2, 0, 128, 32).segments();
    assert_eq!(segs.len(), 2);
    assert_eq!(segs[0].lanes, (0..16).collect::<Vec<_>>());
    assert_eq!(segs[0].used[..2], [(0, 4), (8, 12)]);
    assert_eq!(segs[0].used_bytes(), 64);
    let segs = access(4, 1, 0, 128, 32).segments();
    assert_eq!(segs[0].used, vec![(0, 128)]);
}

#[test]
fn the_stride_curve() {
    let curve = access(4, 1, 0, 128, 32).efficiency_by_stride(64);
    assert_eq!(curve.len(), 64);
    assert!((curve[0].1 - 1.0).abs() < 1e-12);
    assert!((curve[31].1 - 1.0 / 32.0).abs() < 1e-12);
    // Past stride 32 every lane has its own line already: η stays 1/32.
    assert!((curve[63].1 - 1.0 / 32.0).abs() < 1e-12);
}

proptest! {
    #[test]
    fn bounds_hold(
        e in 0usize..5, l in 0usize..3, stride in 0u64..=256, offset in 0u64..4096, lanes in 1u64..=32,
    ) {
        let a = access(ELEM_SIZES[e], stride, offset, LINE_SIZES[l], lanes);
        let (t, useful) = (a.transactions(), a.useful_bytes());
        prop_assert!(useful.div_ceil(a.line) <= t);
        prop_assert!(t <= lanes * (a.elem.div_ceil(a.line) + 1));
        let eta = a.efficiency();
        prop_assert!(eta > 0.0 && eta <= 1.0);
        // Independent count of distinct bytes.
        let mut bytes = std::collections::BTreeSet::new();
        for lane in 0..lanes {
            for b in 0..a.elem { bytes.insert(a.address(lane) + b); }
        }
        prop_assert_eq!(bytes.len() as u64, useful);
        let segs: std::collections::BTreeSet<u64> = bytes.iter().map(|b| b / a.line).collect();
        prop_assert_eq!(segs.len() as u64, t);
    }
}
