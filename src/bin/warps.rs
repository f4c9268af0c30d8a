//! The warps page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Warps, warp_lab::panels::warps::view);
