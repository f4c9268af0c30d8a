//! The pure model behind Warp Lab.
//!
//! Every number a learner sees is computed here, by plain functions over plain data, so that it
//! can be tested natively against the seed pages. This crate knows nothing about the DOM,
//! leptos, web-sys or I/O.
//!
//! Main pieces:
//! - [`warp_map`]: a block dimension flattened to linear thread ids and cut into 32-lane warps.
//! - [`launch`]: grids for N elements (1-D) or a W×H image (2-D), the ragged block and warp.
//! - [`warps_panel`]: the block-to-warp panel's whole output (figures, worked steps, picture
//!   data) from the raw text of its inputs.
//! - [`divergence`], [`branch_expr`], [`divergence_panel`]: paths serialized inside a warp,
//!   loops, predication, and branch conditions over the thread index.
//! - [`coalescing`], [`coalescing_panel`]: the addresses a warp's load touches, the segments
//!   they cost, and η.
//! - [`occupancy`], [`scheduler`]: warps needed to hide a stall, the register ceiling, the
//!   Occupancy Calculator's rules, and a cycle-level scheduler simulation.
//! - [`embed`]: `embed=` and `theme=`, the iframe snippet, and the parent-page message contract.
//! - [`quiz`], [`progress`]: the seeds' recall cards and generated questions, grading,
//!   GIFT export, and the learner's versioned progress document.
//! - [`gpu_kernels`]: the WGSL kernels of the "Your GPU" panel and their predicted results.
//! - [`query`]: the URL contract (`panel=`, `example=`, the panels' parameters), parsed and
//!   written back.
//! - [`examples`]: the seeds' worked examples as presets, keyed `topic/cell`.
//! - [`figure`], [`worked`], [`math`]: the shapes results take on their way to a view.
//! - [`panel`]: `PanelInput`, what every panel's inputs share (URL in and out, fields by name).
//! - [`params`]: parameters declared once as data (name, range, unit, help); validation and
//!   error messages derive from the declaration.
#![deny(missing_docs)]

pub mod coalescing;
pub mod divergence;
pub mod embed;
pub mod examples;
pub mod figure;
pub mod gpu;
pub mod i18n;
pub mod kernel_lab;
pub mod latency;
pub mod math;
pub mod page;
pub mod panel;
pub mod params;
pub mod query;
pub mod quiz;
pub mod registry;
#[cfg(test)]
mod testing;
pub mod warps;
pub mod worked;

/// Lanes in a warp. Fixed at 32 on NVIDIA hardware, the machine the seeds teach.
pub const WARP_SIZE: u64 = 32;

/// Ceiling division for non-negative integers, without overflow.
#[must_use]
pub fn ceil_div(a: u64, b: u64) -> u64 {
    a / b + u64::from(!a.is_multiple_of(b))
}

/// a / b as a float (0 when b = 0): the shares and efficiencies every concept reports.
#[must_use]
pub fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}
