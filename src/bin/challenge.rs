//! A challenge's bundle (`panel=kernel&challenge=…`): the shell and the kernel lab with its
//! challenge box and check (`cargo xtask dist`; the plain lab's page, `kernel`, links none of
//! them).

warp_lab::panel_bundle!(Kernel, warp_lab::panels::kernel::view_challenge);
