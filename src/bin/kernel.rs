//! The kernel page's bundle: the shell and the plain lab (no challenge: a `challenge=` link
//! loads `challenge.rs`'s bundle), nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Kernel, warp_lab::panels::kernel::view_plain);
