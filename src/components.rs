//! Widgets shared by the panels: figures, worked steps, formulas, error messages.

pub mod cells;
pub mod chart;
pub mod controls;
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

/// A drawing coordinate as SVG and CSS take it (`12.5`, never `12.500000000000002`), written by
/// `figure::rounded` rather than `{}`: a page that writes no `f64` with `{}` links no float
/// formatting (Grisu and Dragon, about 11 kB of raw code: issue 46). Coordinates are the view's;
/// numbers a learner reads are the model's.
#[must_use]
pub fn n(v: f64) -> String {
    warp_model::figure::rounded(v, 2)
}
