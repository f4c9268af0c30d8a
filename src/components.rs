//! Widgets shared by the panels: figures, worked steps, formulas, error messages.

pub mod cells;
pub mod chart;
pub mod embed_button;
pub mod errors;
pub mod figures;
pub mod forecast;
pub mod lang_switch;
pub mod later;
pub mod mathml;
pub mod panel_frame;
pub mod resume;
pub mod scorm_download;
pub mod worked;
