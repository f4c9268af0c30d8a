//! The block-to-warp panel: its parameters, declared once, and its whole output from their raw
//! text: validated values, named errors, figures, worked steps and what the picture highlights.
//!
//! The parts of the panel live beside it: `block` (the block's warps and idle lanes),
//! `thread` (where one thread sits), `warp` (which threads a warp covers) and `launch`
//! (a grid for N elements or an image).

mod block;
mod launch;
mod thread;
mod warp;

pub use launch::parse_image;
pub use thread::{flatten_formula, thread_detail, ThreadDetail};

use crate::figure::Figure;
use crate::i18n::Msg;
use crate::msg;
use crate::panel::{Inputs, PanelModel};
use crate::params::{Param, ParamError};
use crate::warps::launch::{Launch1d, Launch2d};
use crate::warps::map::{BlockDim, BLOCK_X, BLOCK_Y, BLOCK_Z, MAX_THREADS_PER_BLOCK};
use crate::worked::Worked;
use crate::WARP_SIZE;

/// `thread`: a linear thread id to inspect (optional).
pub const THREAD: Param = Param::whole(
    "thread",
    msg!("warps.field.thread"),
    0,
    MAX_THREADS_PER_BLOCK - 1,
    "",
)
.hint(msg!("warps.field.thread.hint"))
.more();
/// `warp`: a warp to outline (optional).
pub const WARP: Param = Param::whole(
    "warp",
    msg!("warps.field.warp"),
    0,
    MAX_THREADS_PER_BLOCK / WARP_SIZE - 1,
    "",
)
.hint(msg!("warps.field.warp.hint"))
.more();
/// `n`: a 1-D launch of N elements (optional).
pub const N: Param = Param::whole("n", msg!("warps.field.n"), 0, u64::MAX, "")
    .hint(msg!("warps.field.n.hint"))
    .unit(msg!("warps.unit.elements"))
    .more();
/// `image=WxH`: a 2-D launch, one thread per pixel (optional).
pub const IMAGE: Param = Param::text("image", msg!("warps.field.image"), 24, "")
    .hint(msg!("warps.field.image.hint"))
    .more();

/// The panel's parameters, in form order (`block` is `block-x`, `block-y`, `block-z`).
pub const PARAMS: [Param; 7] = [BLOCK_X, BLOCK_Y, BLOCK_Z, THREAD, WARP, N, IMAGE];

/// The block-to-warp panel's model.
#[derive(Clone, Copy, Debug)]
pub struct WarpsModel;

/// The panel's raw inputs.
pub type WarpsInput = Inputs<WarpsModel>;

impl PanelModel for WarpsModel {
    const NAME: &'static str = "warps";
    const TITLE: Msg = msg!("common.panel.warps.title");
    const QUESTION: Msg = msg!("common.panel.warps.question");
    const PARAMS: &'static [Param] = &PARAMS;
    // Its content at 800 px wide (the frame's max-width), default inputs: 1,362 px.
    const EMBED_HEIGHT: u32 = 1300;
    type Output = WarpsOutput;

    fn evaluate(input: &WarpsInput) -> WarpsOutput {
        evaluate(input)
    }
    fn errors(out: &WarpsOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &WarpsOutput) -> &[Figure] {
        &out.figures
    }
    fn worked(out: &WarpsOutput) -> &[Worked] {
        &out.worked
    }
}

/// The launch the inputs describe, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaunchShape {
    /// `n=N`.
    OneD(Launch1d),
    /// `image=WxH`.
    TwoD(Launch2d),
}

/// Everything the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct WarpsOutput {
    /// Problems with the inputs, each naming its parameter.
    pub errors: Vec<ParamError>,
    /// The block, when its dimensions are valid.
    pub block: Option<BlockDim>,
    /// The inspected thread, when valid.
    pub thread: Option<u64>,
    /// The highlighted warp, when valid.
    pub warp: Option<u64>,
    /// The launch, when valid.
    pub launch: Option<LaunchShape>,
    /// The named results.
    pub figures: Vec<Figure>,
    /// Worked steps: the block, then the thread, the warp and the launch when given.
    pub worked: Vec<Worked>,
}

/// Evaluates the panel for the raw inputs. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &WarpsInput) -> WarpsOutput {
    evaluate_as::<true>(input)
}

/// [`evaluate`] without the worked steps (`worked` is empty): the figures a quiz question
/// needs, and none of the worked steps' code in the quiz page (issue 46).
#[must_use]
pub fn figures_only(input: &WarpsInput) -> WarpsOutput {
    evaluate_as::<false>(input)
}

/// The panel's output, with its worked steps and pictures when `FULL`.
fn evaluate_as<const FULL: bool>(input: &WarpsInput) -> WarpsOutput {
    let mut errors = Vec::new();
    let mut out = WarpsOutput {
        errors: Vec::new(),
        block: None,
        thread: None,
        warp: None,
        launch: None,
        figures: Vec::new(),
        worked: Vec::new(),
    };
    let sides = [
        input.get(&BLOCK_X),
        input.get(&BLOCK_Y),
        input.get(&BLOCK_Z),
    ];
    let block = BlockDim::parse_sides(sides)
        .map_err(|e| errors.extend(e))
        .ok();
    let Some(block) = block else {
        out.errors = errors;
        return out;
    };
    out.block = Some(block);
    out.figures.extend(block::figures(&block));
    if FULL {
        out.worked.push(block::worked(&block));
    }

    let p = block.threads();
    let raw_thread = input.get(&THREAD);
    if !raw_thread.trim().is_empty() {
        match THREAD.parse_within(raw_thread, 0, p - 1) {
            Ok(i) => {
                out.thread = Some(i);
                out.figures.extend(thread::figures(&block, i));
                if FULL {
                    out.worked.push(thread::worked(&block, i));
                }
            }
            Err(mut e) => {
                e.message.push(' ');
                e.message
                    .push_str(&crate::tr!("warps.thread.range", p, last = p - 1));
                errors.push(e);
            }
        }
    }
    let raw_warp = input.get(&WARP);
    if !raw_warp.trim().is_empty() {
        let w = block.warps();
        match WARP.parse_within(raw_warp, 0, w - 1) {
            Ok(i) => {
                out.warp = Some(i);
                out.figures.extend(warp::figures(&block, i));
                if FULL {
                    out.worked.push(warp::worked(&block, i));
                }
            }
            Err(mut e) => {
                e.message.push(' ');
                e.message
                    .push_str(&crate::tr!("warps.warp.range", w, last = w - 1));
                errors.push(e);
            }
        }
    }
    let (raw_n, raw_image) = (input.get(&N), input.get(&IMAGE));
    let has_n = !raw_n.trim().is_empty();
    let has_image = !raw_image.trim().is_empty();
    if has_n && has_image {
        errors.push(ParamError::new("image", crate::tr!("warps.launch.both")));
    }
    if has_n {
        match launch::parse_n(raw_n, &block) {
            Ok(l) => {
                out.launch = Some(LaunchShape::OneD(l));
                out.figures.extend(launch::figures_1d(&l));
                if FULL {
                    out.worked.push(launch::worked_1d(&l));
                }
            }
            Err(e) => errors.push(e),
        }
    } else if has_image {
        match parse_image(raw_image).and_then(|(w, h)| Launch2d::new(w, h, block)) {
            Ok(l) => {
                out.launch = Some(LaunchShape::TwoD(l));
                out.figures.extend(launch::figures_2d(&l));
                if FULL {
                    out.worked.push(launch::worked_2d(&l));
                }
            }
            Err(e) => errors.push(e),
        }
    }
    out.errors = errors;
    out
}

#[cfg(test)]
mod tests;
