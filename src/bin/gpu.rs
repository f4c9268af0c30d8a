//! The gpu page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Gpu, warp_lab::panels::gpu::view);
