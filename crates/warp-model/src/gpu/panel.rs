//! The "Your GPU" panel's model: its parameters (`run`, `block`) read and checked. What the
//! kernels measure is turned into figures by the functions of [`crate::gpu`].

use crate::figure::Figure;
use crate::gpu::GpuKernel;
use crate::i18n::Msg;
use crate::msg;
use crate::panel::{Inputs, PanelModel};
use crate::params::{Choice, Param, ParamError};
use crate::warps::map::BlockDim;

/// `run`: a kernel to run as soon as a device is found (optional).
pub const RUN: Param = Param::choice("run", msg!("gpu.field.run"), &RUN_CHOICES, "").own_control();
const RUN_CHOICES: [Choice; GpuKernel::ALL.len()] = {
    let mut out = [Choice {
        value: "",
        label: msg!("gpu.field.run"),
    }; GpuKernel::ALL.len()];
    let mut i = 0;
    while i < GpuKernel::ALL.len() {
        out[i] = Choice {
            value: GpuKernel::ALL[i].name(),
            label: GpuKernel::ALL[i].title_msg(),
        };
        i += 1;
    }
    out
};
/// `block=X[,Y[,Z]]`: the workgroup of the subgroup map, with CUDA's limits.
pub const BLOCK: Param = Param::text("block", msg!("gpu.field.block"), 32, "64")
    .hint(msg!("kernel.field.block.hint"))
    .own_control();

/// The panel's parameters.
pub const PARAMS: [Param; 2] = [RUN, BLOCK];

/// The "Your GPU" panel's model.
#[derive(Clone, Copy, Debug)]
pub struct GpuModel;

/// The panel's raw inputs.
pub type GpuInput = Inputs<GpuModel>;

/// What the panel's parameters ask for.
#[derive(Clone, Debug, PartialEq)]
pub struct GpuOutput {
    /// Problems with `run` and `block`.
    pub errors: Vec<ParamError>,
    /// The subgroup map's workgroup, when valid.
    pub block: Option<BlockDim>,
    /// The kernel to run once a device is found.
    pub auto_run: Option<GpuKernel>,
    /// Nothing is measured before a device runs a kernel.
    pub figures: Vec<Figure>,
}

impl PanelModel for GpuModel {
    const NAME: &'static str = "gpu";
    const TITLE: Msg = msg!("common.panel.gpu.title");
    const QUESTION: Msg = msg!("common.panel.gpu.question");
    const PARAMS: &'static [Param] = &PARAMS;
    // Its content at 800 px wide (the frame's max-width), default inputs: 1,072 px.
    const EMBED_HEIGHT: u32 = 1000;
    type Output = GpuOutput;

    fn evaluate(input: &GpuInput) -> GpuOutput {
        let mut errors = Vec::new();
        let block = BlockDim::parse_text(input.get(&BLOCK))
            .map_err(|e| errors.extend(e))
            .ok();
        let auto_run = RUN
            .choose(input.get(&RUN))
            .map_err(|e| errors.push(e))
            .ok()
            .and_then(GpuKernel::parse);
        GpuOutput {
            errors,
            block,
            auto_run,
            figures: Vec::new(),
        }
    }
    fn errors(out: &GpuOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &GpuOutput) -> &[Figure] {
        &out.figures
    }
}
