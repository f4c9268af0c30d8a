//! The bundle of the author page (`panel=author`): the shell and the page an instructor builds
//! an assignment on, with its package writer and the check of a step's starter. Apart from the
//! learner's assignment page, which carries none of it (`cargo xtask dist`).

fn main() {
    warp_lab::start(warp_lab::Bundle::tool(warp_model::page::Tool::Author));
}
