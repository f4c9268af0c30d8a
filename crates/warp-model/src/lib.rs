//! The pure model behind Warp Lab.
//!
//! Every number a learner sees is computed here, by plain functions over plain data, so that it
//! can be tested natively against the seed pages. This crate knows nothing about the DOM,
//! leptos, web-sys or I/O.
//!
//! The layout follows the GPU concepts, each a folder with its panel beside it:
//! - [`warps`]: a block cut into 32-lane warps (`map`), grids for N elements or an image
//!   (`launch`), and the block-to-warp panel (`panel`).
//! - [`divergence`]: paths serialized inside a warp and loops (`branch`), the condition
//!   language over `idx` (`expr`), and the divergence panel in its three modes.
//! - [`latency`]: warps needed to hide a stall and the Occupancy Calculator's rules
//!   (`occupancy`), a cycle-level scheduler (`scheduler`), and the latency panel.
//! - [`coalescing`]: the segments one warp's load touches and η (`access`), and its panel.
//! - [`kernel_lab`]: a CUDA C subset lexed, parsed and run warp by warp, and its panel.
//! - [`gpu`]: the "Your GPU" kernels (WGSL) with the model's predictions, and its panel.
//! - [`quiz`]: the seeds' cards (`bank`), generated questions, grading, GIFT export, the
//!   learner's progress document, and the self-test panel.
//!
//! Over them, the page: [`registry`] (every panel once, with what the rest needs to drive
//! it), [`examples`] (the seeds' worked examples as presets), [`lessons`] (the home view's
//! "Start here" path through them), [`page`] (what the URL says about
//! the whole page: route, language, theme, embedding) and [`embed`] (the iframe snippet and
//! the parent-page messages), and [`lms`] (the quiz as a SCORM 1.2 / 2004 package: a zip,
//! `imsmanifest.xml`, and the CMI data the quiz writes to the LMS), with [`package`] (which of
//! the site's files a package holds).
//!
//! Under them, the foundations, which import no GPU concept: [`panel`] (`PanelModel` and
//! `Inputs`, what every panel shares), [`params`] (each parameter declared once), [`query`],
//! [`i18n`] (both catalogues, compiled), [`figure`], [`worked`] and [`math`] (the shapes a
//! result takes on its way to a view). `tests/layers.rs` checks that the import graph has no
//! cycle.
#![deny(missing_docs)]

pub mod assignment;
pub mod banks;
pub mod coalescing;
pub mod divergence;
pub mod embed;
pub mod examples;
mod fields;
pub mod figure;
pub mod gpu;
pub mod i18n;
pub mod json;
pub mod kernel_lab;
pub mod latency;
pub mod lessons;
pub mod lms;
pub mod markup;
pub mod math;
pub mod memory;
pub mod mma;
pub mod package;
pub mod page;
pub mod panel;
pub mod params;
pub mod query;
pub mod quiz;
pub mod registry;
pub mod rng;
pub mod site;
#[cfg(test)]
mod testing;
pub mod warps;
pub mod worked;

/// Lanes in a warp. Fixed at 32 on NVIDIA hardware, the machine the seeds teach.
pub const WARP_SIZE: u64 = 32;
/// [`WARP_SIZE`] as an array length or index bound: one slot per lane (`[Val; LANE_SLOTS]`).
#[allow(clippy::cast_possible_truncation)]
pub const LANE_SLOTS: usize = WARP_SIZE as usize;
/// [`WARP_SIZE`] as a signed number: what a kernel's `warpSize` reads, a shuffle's widest
/// width, a condition's `idx / 32`.
#[allow(clippy::cast_possible_wrap)]
pub const WARP_SIZE_I64: i64 = WARP_SIZE as i64;
/// [`WARP_SIZE`] as a real number: a share of a warp (`active / 32`), a seed's answer in lanes.
#[allow(clippy::cast_precision_loss)]
pub const WARP_SIZE_F64: f64 = WARP_SIZE as f64;

/// Element sizes a lane may access, in bytes: what the coalescing and banks panels offer and
/// both rules accept (one home, issue 26).
pub const ELEM_SIZES: [u64; 5] = [1, 2, 4, 8, 16];
/// Largest stride between consecutive lanes, in elements (coalescing and banks).
pub const MAX_STRIDE: u64 = 4096;
/// Largest offset from an aligned base, in bytes (coalescing and banks).
pub const MAX_OFFSET: u64 = 1 << 20;

/// Ceiling division for non-negative integers, without overflow.
#[must_use]
pub fn ceil_div(a: u64, b: u64) -> u64 {
    a / b + u64::from(!a.is_multiple_of(b))
}

/// Where `needle` first starts in `hay`, in bytes, as `str::find` says (`Some(0)` for an empty
/// needle). A byte search: `str::find`, `contains` and `replace` with a `&str` pattern go
/// through std's substring searcher, which links its slicing panic and that panic's messages
/// into every page that calls them (about 4 kB gzip a page, issue 46). The position is a `char`
/// boundary, as the needle is whole characters.
#[must_use]
pub fn find_str(hay: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    hay.as_bytes()
        .windows(needle.len())
        .position(|w| w == needle.as_bytes())
}

/// Bit `i` of a `u64` set, or none past the 64th: the sets of at most 64 things the model keeps
/// as one word (the parameters a link gave, the timeline's columns a warp issued in).
#[must_use]
pub fn bit(i: usize) -> u64 {
    u32::try_from(i)
        .ok()
        .and_then(|i| 1u64.checked_shl(i))
        .unwrap_or(0)
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
