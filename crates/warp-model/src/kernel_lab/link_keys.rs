//! The URL keys of the kernel lab's links into other panels, read from those panels'
//! declarations at compile time: a renamed panel or parameter renames the links, and
//! `tests/param_names.rs` opens each link against the declarations.
//!
//! The links (`panel::links`, `SharedLine::banks_query`) are written with `format!` rather than
//! `panel::link`: through `link`, with each number made a string and each `Param` linked into the
//! page, these five links cost the kernel page about 1 kB, past its budget (`cargo xtask bench
//! --sizes`). Consts cost nothing: only the key strings reach the page.

use crate::panel::PanelModel;
use crate::{banks, coalescing, divergence, latency, memory, warps};

pub const DIVERGENCE_PANEL: &str = <divergence::panel::DivergenceModel as PanelModel>::NAME;
pub const PATHS: &str = divergence::panel::PATHS.url_key();
pub const LANES: &str = divergence::panel::LANES.url_key();
pub const COUNTS: &str = divergence::panel::COUNTS.url_key();
pub const LATENCY_PANEL: &str = <latency::panel::LatencyModel as PanelModel>::NAME;
pub const COALESCING_PANEL: &str = <coalescing::panel::CoalescingModel as PanelModel>::NAME;
pub const ELEM: &str = coalescing::panel::ELEM.url_key();
pub const STRIDE: &str = coalescing::panel::STRIDE.url_key();
pub const WARPS_PANEL: &str = <warps::panel::WarpsModel as PanelModel>::NAME;
pub const BLOCK: &str = warps::map::BLOCK_X.url_key();
pub const N: &str = warps::panel::N.url_key();
pub const MEMORY_PANEL: &str = <memory::panel::MemoryModel as PanelModel>::NAME;
pub const ROOF_VIEW: &str = memory::panel::VIEW.url_key();
pub const ROOFLINE: &str = memory::panel::ROOFLINE;
pub const ROOF_GPU: &str = memory::panel::GPU.url_key();
pub const ROOF_FLOPS: &str = memory::panel::FLOPS.url_key();
pub const ROOF_BYTES: &str = memory::panel::BYTES.url_key();
pub const BANKS_PANEL: &str = <banks::panel::BanksModel as PanelModel>::NAME;
pub const BANK_ELEM: &str = banks::panel::ELEM.url_key();
pub const BANK_STRIDE: &str = banks::panel::STRIDE.url_key();
pub const BANK_OFFSET: &str = banks::panel::OFFSET.url_key();
pub const BANK_LANES: &str = banks::panel::LANES.url_key();
/// The banks panel's defaults, left out of a link as its own address leaves them out.
pub const BANK_OFFSET_DEFAULT: &str = banks::panel::OFFSET.default;
pub const BANK_LANES_DEFAULT: &str = banks::panel::LANES.default;
