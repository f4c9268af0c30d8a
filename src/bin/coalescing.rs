//! The coalescing page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Coalescing, warp_lab::panels::coalescing::view);
