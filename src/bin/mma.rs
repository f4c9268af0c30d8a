//! The tensor-core page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Mma, warp_lab::panels::mma::view);
