//! The bank-conflict page's bundle: the shell and this one panel, nothing else (`cargo xtask dist`).

warp_lab::panel_bundle!(Banks, warp_lab::panels::banks::view);
