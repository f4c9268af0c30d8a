//! The memory page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Memory, warp_lab::panels::memory::view);
