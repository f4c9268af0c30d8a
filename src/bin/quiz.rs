//! The quiz page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Quiz, warp_lab::panels::quiz::view);
