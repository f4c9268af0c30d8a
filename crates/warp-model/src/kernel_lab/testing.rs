//! Helpers shared by the kernel lab's tests (`tests`, `warp_tests`, `shared_tests`): a run
//! through the lab's own input path, the presets by their message id, and a figure's or a
//! watched element's value.

use super::panel::{KernelInput, KernelModel, KernelOutput, PRESETS};
use crate::panel::PanelModel;
use crate::query::Query;

/// Runs `src` with the launch parameters `extra` (`block=32&watch=out[0]`), the path the app
/// takes: query → raw input → the panel's evaluation (the plain lab's, or a challenge's).
pub(super) fn run(src: &str, extra: &str) -> KernelOutput {
    let mut q = Query::parse(extra);
    q.set("src", Some(src));
    KernelModel::evaluate(&KernelInput::from_query(&q, &KernelInput::default()))
}

/// The source and launch parameters of the preset whose label is the message `id`
/// (`"kernel.preset.parity"`).
pub(super) fn preset_source(id: &str) -> (&'static str, &'static str) {
    PRESETS
        .iter()
        .find(|(label, _, _)| label.key() == id)
        .map_or_else(
            || panic!("no preset {id}"),
            |&(_, src, params)| (src, params),
        )
}

/// The preset `id` (`"kernel.preset.parity"`), run with its own launch parameters.
pub(super) fn preset(id: &str) -> KernelOutput {
    let (src, params) = preset_source(id);
    run(src, params)
}

/// The plain value of the figure `metric`; panics with the run's errors when there is none.
pub(super) fn fig(out: &KernelOutput, metric: &str) -> String {
    out.figures
        .iter()
        .find(|f| f.metric == metric)
        .map_or_else(|| panic!("{metric}: {:?}", out.errors), |f| f.value.plain())
}

/// The plain value of the watched element `metric` (`value-out-0`); panics with the run's
/// errors when there is none.
pub(super) fn watched(out: &KernelOutput, metric: &str) -> String {
    out.watched
        .iter()
        .find(|f| f.metric == metric)
        .map_or_else(|| panic!("{metric}: {:?}", out.errors), |f| f.value.plain())
}
