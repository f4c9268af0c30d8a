//! The bundle of the assignment page (`assignment=1`) and the author page (`panel=author`): the
//! shell and those two views. A step's panel runs in a frame with its own bundle, so nothing of
//! the panels is linked here (`cargo xtask dist`).

fn main() {
    warp_lab::start(warp_lab::Bundle::tools());
}
