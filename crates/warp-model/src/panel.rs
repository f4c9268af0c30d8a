//! What every panel's inputs have in common, so that the app drives any panel the same way:
//! read from the URL over a preset, write back to the URL, address each field by its name.

use crate::coalescing::panel::{self as coalescing_panel, CoalescingInput};
use crate::divergence::panel::{self as divergence_panel, DivergenceInput};
use crate::kernel_lab::panel::{self as kernel_lab, KernelInput};
use crate::latency::panel::{self as latency_panel, LatencyInput};
use crate::params::FieldSpec;
use crate::query::{Panel, Query};
use crate::warps::panel::{self as warps_panel, WarpsInput};

/// A panel's raw inputs.
pub trait PanelInput: Clone + PartialEq + Default + Send + Sync + 'static {
    /// The panel these inputs belong to.
    const PANEL: Panel;
    /// The URL parameters it reads and writes.
    const URL_PARAMS: &'static [&'static str];
    /// Its controls, in form order.
    const FIELDS: &'static [FieldSpec];

    /// Reads the panel's parameters from `q` over `base`.
    fn from_query(q: &Query, base: &Self) -> Self;
    /// Writes the panel's parameters into `q`.
    fn write_query(&self, q: &mut Query);
    /// The raw text of field `name`.
    fn field(&self, name: &str) -> &str;
    /// Sets field `name`.
    fn set_field(&mut self, name: &str, value: String);

    /// The inputs of a preset: its parameters over the defaults.
    #[must_use]
    fn from_params(params: &[(&str, &str)]) -> Self {
        let mut q = Query::default();
        for (k, v) in params {
            q.set(k, Some(v));
        }
        Self::from_query(&q, &Self::default())
    }
}

/// Reads `I::URL_PARAMS` from `q` over `base`, each into the field of the same name.
#[must_use]
pub fn read_params<I: PanelInput>(q: &Query, base: &I) -> I {
    let mut input = base.clone();
    for name in I::URL_PARAMS {
        if let Some(v) = q.get(name) {
            input.set_field(name, v.to_string());
        }
    }
    input
}

/// Writes each of `I::URL_PARAMS` that is non-empty and differs from the default (or is named
/// in `always`); removes the others, so the link stays short.
pub fn write_changed<I: PanelInput>(input: &I, q: &mut Query, always: &[&str]) {
    let defaults = I::default();
    for name in I::URL_PARAMS {
        let v = input.field(name).trim();
        let keep = !v.is_empty() && (always.contains(name) || v != defaults.field(name).trim());
        q.set(name, keep.then_some(v));
    }
}

impl PanelInput for WarpsInput {
    const PANEL: Panel = Panel::Warps;
    const URL_PARAMS: &'static [&'static str] = &warps_panel::URL_PARAMS;
    const FIELDS: &'static [FieldSpec] = &warps_panel::FIELDS;

    fn from_query(q: &Query, base: &Self) -> Self {
        WarpsInput::from_query(q, base)
    }
    fn write_query(&self, q: &mut Query) {
        WarpsInput::write_query(self, q);
    }
    fn field(&self, name: &str) -> &str {
        WarpsInput::field(self, name)
    }
    fn set_field(&mut self, name: &str, value: String) {
        WarpsInput::set_field(self, name, value);
    }
}

impl PanelInput for DivergenceInput {
    const PANEL: Panel = Panel::Divergence;
    const URL_PARAMS: &'static [&'static str] = &divergence_panel::URL_PARAMS;
    const FIELDS: &'static [FieldSpec] = &divergence_panel::FIELDS;

    fn from_query(q: &Query, base: &Self) -> Self {
        DivergenceInput::from_query(q, base)
    }
    fn write_query(&self, q: &mut Query) {
        DivergenceInput::write_query(self, q);
    }
    fn field(&self, name: &str) -> &str {
        DivergenceInput::field(self, name)
    }
    fn set_field(&mut self, name: &str, value: String) {
        DivergenceInput::set_field(self, name, value);
    }
}

impl PanelInput for CoalescingInput {
    const PANEL: Panel = Panel::Coalescing;
    const URL_PARAMS: &'static [&'static str] = &coalescing_panel::URL_PARAMS;
    const FIELDS: &'static [FieldSpec] = &coalescing_panel::FIELDS;

    fn from_query(q: &Query, base: &Self) -> Self {
        CoalescingInput::from_query(q, base)
    }
    fn write_query(&self, q: &mut Query) {
        CoalescingInput::write_query(self, q);
    }
    fn field(&self, name: &str) -> &str {
        CoalescingInput::field(self, name)
    }
    fn set_field(&mut self, name: &str, value: String) {
        CoalescingInput::set_field(self, name, value);
    }
}

impl PanelInput for LatencyInput {
    const PANEL: Panel = Panel::Latency;
    const URL_PARAMS: &'static [&'static str] = &latency_panel::URL_PARAMS;
    const FIELDS: &'static [FieldSpec] = &latency_panel::FIELDS;

    fn from_query(q: &Query, base: &Self) -> Self {
        LatencyInput::from_query(q, base)
    }
    fn write_query(&self, q: &mut Query) {
        LatencyInput::write_query(self, q);
    }
    fn field(&self, name: &str) -> &str {
        LatencyInput::field(self, name)
    }
    fn set_field(&mut self, name: &str, value: String) {
        LatencyInput::set_field(self, name, value);
    }
}

impl PanelInput for KernelInput {
    const PANEL: Panel = Panel::Kernel;
    const URL_PARAMS: &'static [&'static str] = &kernel_lab::URL_PARAMS;
    // The source has its own editor; the form holds the launch.
    const FIELDS: &'static [FieldSpec] = &kernel_lab::LAUNCH_FIELDS;

    fn from_query(q: &Query, base: &Self) -> Self {
        read_params(q, base)
    }
    fn write_query(&self, q: &mut Query) {
        KernelInput::write_query(self, q);
    }
    fn field(&self, name: &str) -> &str {
        KernelInput::field(self, name)
    }
    fn set_field(&mut self, name: &str, value: String) {
        KernelInput::set_field(self, name, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{lookup, Lang, Msg};

    fn field_keys<I: PanelInput>() -> Vec<Msg> {
        I::FIELDS.iter().flat_map(|f| [f.label, f.hint]).collect()
    }

    #[test]
    fn every_field_label_and_hint_is_in_both_catalogues() {
        let keys: Vec<_> = [
            field_keys::<WarpsInput>(),
            field_keys::<DivergenceInput>(),
            field_keys::<LatencyInput>(),
            field_keys::<CoalescingInput>(),
            field_keys::<KernelInput>(),
        ]
        .concat();
        assert!(keys.len() >= 40, "{} keys", keys.len());
        for lang in Lang::ALL {
            let missing: Vec<_> = keys
                .iter()
                .filter(|k| lookup(lang, **k).is_none())
                .collect();
            assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
        }
    }
}
