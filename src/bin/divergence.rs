//! The divergence page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Divergence, warp_lab::panels::divergence::view);
