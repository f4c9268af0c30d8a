use super::*;
use proptest::prelude::*;

fn block(x: u64, y: u64) -> BlockDim {
    BlockDim::new(x, y, 1).unwrap()
}

#[test]
fn seed_004_ex1_perfect_launch() {
    let l = Launch1d::new(2048, block(256, 1)).unwrap();
    assert_eq!(l.blocks(), 8);
    assert_eq!(l.block().warps(), 8);
    assert_eq!(l.warps_launched(), 64);
    assert_eq!(l.threads_launched(), 2048);
    assert_eq!(l.idle_threads(), 0);
    assert_eq!(l.ragged(), None);
}

#[test]
fn seed_004_ex2_ragged_tail() {
    let l = Launch1d::new(1000, block(256, 1)).unwrap();
    assert_eq!(l.blocks(), 4);
    assert_eq!(l.threads_launched(), 1024);
    assert_eq!(l.idle_threads(), 24);
    let r = l.ragged().unwrap();
    // The last element is N − 1 = 999 (the panel's sentence names it).
    assert_eq!(r.last, 999);
    assert_eq!(r.block, 3);
    assert_eq!(r.block_start, 768);
    assert_eq!(r.last_local, 231);
    assert_eq!(r.warp, 7);
    assert_eq!(r.warp_start, 992);
    assert_eq!(r.warp_active, 8);
}

#[test]
fn seed_004_ex3_tiny_and_empty() {
    let l = Launch1d::new(5, block(256, 1)).unwrap();
    assert_eq!(l.blocks(), 1);
    let r = l.ragged().unwrap();
    assert_eq!((r.block, r.warp, r.warp_active), (0, 0, 5));
    let l = Launch1d::new(0, block(256, 1)).unwrap();
    assert_eq!(
        (l.blocks(), l.warps_launched(), l.threads_launched()),
        (0, 0, 0)
    );
    assert_eq!(l.ragged(), None);
}

#[test]
fn ragged_block_with_full_warps() {
    // 1056 = 4·256 + 32: the last block has one full warp and seven idle ones.
    let l = Launch1d::new(1056, block(256, 1)).unwrap();
    let r = l.ragged().unwrap();
    assert_eq!((r.block, r.warp, r.warp_active), (4, 0, 32));
    assert_eq!(l.idle_threads(), 224);
    // Block of 100 (not a multiple of 32): each block's warp 3 holds only 4 threads.
    let l = Launch1d::new(200, block(100, 1)).unwrap();
    let r = l.ragged().unwrap();
    assert_eq!((r.block, r.warp, r.warp_active), (1, 3, 4));
    assert_eq!(l.idle_threads(), 0);
}

#[test]
fn grid_x_limit() {
    assert!(Launch1d::new(MAX_GRID_X * 1024, block(1024, 1)).is_ok());
    assert_eq!(
        Launch1d::new(MAX_GRID_X * 1024 + 1, block(1024, 1))
            .unwrap_err()
            .param,
        "n"
    );
    assert_eq!(Launch1d::new(u64::MAX, block(1, 1)).unwrap_err().param, "n");
}

#[test]
fn seed_004_ex7_grayscale_image() {
    let l = Launch2d::new(1920, 1080, block(16, 16)).unwrap();
    assert_eq!(l.grid(), (120, 68));
    assert_eq!(l.pixels(), 2_073_600);
    assert_eq!(l.threads_launched(), 2_088_960);
    assert_eq!(l.idle_threads(), 15_360);
    assert_eq!(l.extra_rows(), 8);
    assert_eq!(l.extra_columns(), 0);
    assert_eq!(l.blocks(), 8160);
}

#[test]
fn seed_000_ex9_image_blocks() {
    // (30,30) tiles 1920×1080 exactly: no idle threads in the grid, yet 28 idle lanes a block.
    let l = Launch2d::new(1920, 1080, block(30, 30)).unwrap();
    assert_eq!(l.grid(), (64, 36));
    assert_eq!(l.idle_threads(), 0);
    assert_eq!(l.warps_launched(), 64 * 36 * 29);
    let l = Launch2d::new(1920, 1080, block(32, 8)).unwrap();
    assert_eq!(l.grid(), (60, 135));
    assert_eq!(l.warps_launched(), 60 * 135 * 8);
}

#[test]
fn image_errors_name_image() {
    assert_eq!(
        Launch2d::new(0, 10, block(16, 16)).unwrap_err().param,
        "image"
    );
    let b3 = BlockDim::new(8, 8, 2).unwrap();
    assert_eq!(Launch2d::new(10, 10, b3).unwrap_err().param, "image");
    assert_eq!(
        Launch2d::new(10, 100_000_000, block(1, 1))
            .unwrap_err()
            .param,
        "image"
    );
    assert!(Launch2d::new(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, block(1, 1)).is_err());
}

proptest! {
    #[test]
    fn launched_covers_n(n in 0u64..10_000_000, x in 1u64..=1024) {
        let l = Launch1d::new(n, block(x, 1)).unwrap();
        prop_assert!(l.threads_launched() >= n);
        prop_assert!(l.idle_threads() < l.block().threads());
        if let Some(r) = l.ragged() {
            prop_assert!(r.warp_active >= 1 && r.warp_active <= 32);
            prop_assert_eq!(r.warp_start + r.warp_active, n);
            prop_assert_eq!(r.block + 1, l.blocks());
        }
    }

    #[test]
    fn image_launch_covers_pixels(w in 1u64..5000, h in 1u64..5000, x in 1u64..=32, y in 1u64..=32) {
        let l = Launch2d::new(w, h, block(x, y)).unwrap();
        prop_assert!(l.threads_launched() >= l.pixels());
        prop_assert!(l.extra_columns() < x && l.extra_rows() < y);
        prop_assert_eq!(
            l.idle_threads(),
            (w + l.extra_columns()) * (h + l.extra_rows()) - w * h
        );
    }
}
