//! The bundle of the assignment page (`assignment=1`): the shell and the assignment a learner
//! works through. A step's panel runs in a frame with its own bundle, so nothing of the panels
//! is linked here, nor the author page, which has its own (`cargo xtask dist`).

fn main() {
    warp_lab::start(warp_lab::Bundle::tool(warp_model::page::Tool::Assignment));
}
