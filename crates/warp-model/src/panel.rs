//! What every panel's model shares: a [`PanelModel`] declares its parameters once and
//! evaluates the raw text of its [`Inputs`]; the inputs read and write the URL the same way for
//! every panel. The registry (`crate::registry`) lists the panels.
//!
//! A new panel is one module that implements [`PanelModel`], plus one line in the registry.

use std::fmt;
use std::marker::PhantomData;

use crate::figure::Figure;
use crate::i18n::Msg;
use crate::params::{Param, ParamError, UrlForm};
use crate::query::Query;
use crate::worked::Worked;

/// A panel's model: its parameters, declared once, and what it computes from their raw text.
pub trait PanelModel: Sized + 'static {
    /// The value of `panel=` that opens it (also its `data-panel`, its CSS class).
    const NAME: &'static str;
    /// Its title.
    const TITLE: Msg;
    /// The one question it answers.
    const QUESTION: Msg;
    /// Its parameters, in form order.
    const PARAMS: &'static [Param];
    /// A sensible starting height of an embedding frame, in CSS pixels (the frame resizes itself
    /// after load; this is for pages that strip scripts).
    const EMBED_HEIGHT: u32 = 700;
    /// Its modes, if it has any: which parameter picks the mode and which parameters each
    /// mode uses. The form shows (and the URL carries) only the active mode's parameters.
    const MODES: Option<Modes> = None;
    /// Everything it shows.
    type Output;

    /// Evaluates the raw inputs. Never panics, whatever the text.
    fn evaluate(input: &Inputs<Self>) -> Self::Output;
    /// Problems with the inputs, each naming its parameter.
    fn errors(output: &Self::Output) -> &[ParamError];
    /// The named results.
    fn figures(output: &Self::Output) -> &[Figure];
    /// The worked steps (none by default).
    fn worked(_output: &Self::Output) -> &[Worked] {
        &[]
    }
    /// The evaluation a quiz solution's worked steps are read from (the solution worker):
    /// [`PanelModel::evaluate`], unless a panel leaves out what only its own page says (the
    /// coalescing view's notes on keys it does not read: the worker has no page to say them).
    #[must_use]
    fn evaluate_for_worked(input: &Inputs<Self>) -> Self::Output {
        Self::evaluate(input)
    }
}

/// A panel's modes (the divergence panel's paths, loop and condition; the latency panel's
/// textbook and hardware occupancy), declared as data: the form draws `param` as a radio group
/// above the other inputs and shows only the parameters the active mode uses.
#[derive(Clone, Copy, Debug)]
pub struct Modes {
    /// The [`crate::params::Kind::Choice`] parameter whose value is the mode.
    pub param: &'static Param,
    /// Each mode: its value of `param`, and the parameters that only it (or only the modes
    /// that also list them) uses. A parameter no mode lists is used in every mode.
    pub only: &'static [ModeSpec],
    /// The mode a link implies when it does not say (`mode` absent): the first mode (in
    /// `only`'s order) whose `infer_from` parameter is not empty, else `param`'s default. Old
    /// links that predate the explicit mode keep opening what they opened.
    pub infer: bool,
}

/// One mode of a [`Modes`].
#[derive(Clone, Copy, Debug)]
pub struct ModeSpec {
    /// Its value of the mode parameter.
    pub value: &'static str,
    /// The parameters only this mode uses (with any other mode that lists them too).
    pub params: &'static [&'static str],
    /// A parameter whose text, when a link does not name the mode, implies this one.
    pub infer_from: Option<&'static str>,
    /// Values filled into this mode's empty parameters when the learner switches to it, so
    /// that a new mode opens on a working example (a seed's) rather than an error.
    pub starter: &'static [(&'static str, &'static str)],
}

impl Modes {
    /// The mode with value `value`.
    #[must_use]
    pub fn find(&self, value: &str) -> Option<&'static ModeSpec> {
        self.only
            .iter()
            .find(|m| m.value.eq_ignore_ascii_case(value.trim()))
    }
}

/// The raw text of each of a panel's parameters, in declaration order, exactly as typed or as
/// found in the URL (a typo is kept, never thrown away; the model names it).
pub struct Inputs<P> {
    values: Vec<String>,
    /// What the address they were read from said that they cannot keep
    /// ([`Inputs::address_notes`]), until the learner changes that key or the mode. Not part
    /// of their equality: two inputs with the same text are the same state.
    notes: Vec<ParamError>,
    /// Which parameters the address or the learner gave (bit `i` for `P::PARAMS[i]`), so that
    /// a panel can tell its own default from the same text given (issue 65: `mma`'s default
    /// row 9 is fitted to a smaller matrix; a link's `row=9` is read as given). Not part of
    /// equality, like the notes.
    given: u64,
    panel: PhantomData<fn() -> P>,
}

impl<P: PanelModel> Inputs<P> {
    /// The parameter named `name`, if the panel declares one.
    #[must_use]
    pub fn param(name: &str) -> Option<&'static Param> {
        P::PARAMS.iter().find(|p| p.name == name)
    }

    /// The raw text of parameter `p` (empty for a parameter the panel does not declare).
    #[must_use]
    pub fn get(&self, p: &Param) -> &str {
        self.field(p.name)
    }

    /// The raw text of the parameter named `name` (empty for an unknown name).
    #[must_use]
    pub fn field(&self, name: &str) -> &str {
        P::PARAMS
            .iter()
            .position(|p| p.name == name)
            .and_then(|i| self.values.get(i))
            .map_or("", String::as_str)
    }

    /// Sets the parameter named `name`; an unknown name changes nothing. A notice on its key
    /// ends when its text changes (every notice ends when the mode switches: `switch_mode`).
    pub fn set_field(&mut self, name: &str, value: String) {
        if let Some(i) = P::PARAMS.iter().position(|p| p.name == name) {
            if self.values[i] != value {
                let key = P::PARAMS[i].url_key();
                self.notes.retain(|n| n.param != key);
            }
            self.values[i] = value;
            self.given |= crate::bit(i);
        }
    }

    /// Whether the address these inputs were read from, or the learner, gave parameter `p`
    /// (not only its default).
    #[must_use]
    pub fn given(&self, p: &Param) -> bool {
        P::PARAMS
            .iter()
            .position(|q| q.name == p.name)
            .is_some_and(|i| self.given & crate::bit(i) != 0)
    }

    /// The notices on the address these inputs were read from that still hold (see
    /// [`Inputs::address_notes`]): the page shows them with the errors.
    #[must_use]
    pub fn notes(&self) -> &[ParamError] {
        &self.notes
    }

    /// With parameter `p` set to `value`.
    #[must_use]
    pub fn with(mut self, p: &Param, value: impl Into<String>) -> Self {
        self.set_field(p.name, value.into());
        self
    }

    /// The active mode's value: the mode parameter's text if it names a mode, else the mode
    /// the other inputs imply (see [`Modes::infer`]); `None` for a panel without modes.
    #[must_use]
    pub fn active_mode(&self) -> Option<&'static str> {
        let modes = P::MODES?;
        if let Some(m) = modes.find(self.get(modes.param)) {
            return Some(m.value);
        }
        Some(self.implied_mode(&modes))
    }

    fn implied_mode(&self, modes: &Modes) -> &'static str {
        modes
            .only
            .iter()
            .filter(|_| modes.infer)
            .find(|m| {
                m.infer_from
                    .is_some_and(|p| !self.field(p).trim().is_empty())
            })
            .map_or(modes.param.default, |m| m.value)
    }

    /// Whether `p` is the mode parameter of a panel whose links may leave the mode implied,
    /// and the parameters the link carries imply the active mode anyway (`cond=…` says
    /// condition mode): then the link need not name it.
    fn mode_goes_without_saying(&self, p: &Param) -> bool {
        let Some(modes) = P::MODES.filter(|m| m.infer && m.param.name == p.name) else {
            return false;
        };
        let carried = modes
            .only
            .iter()
            .find(|m| {
                m.infer_from.is_some_and(|name| {
                    Self::param(name)
                        .is_some_and(|q| self.in_use(q) && !self.get(q).trim().is_empty())
                })
            })
            .map_or(modes.param.default, |m| m.value);
        self.active_mode() == Some(carried)
    }

    /// Whether parameter `p` matters for these inputs: every parameter of a panel without
    /// modes; in a panel with modes, the mode parameter, the parameters no mode lists, and the
    /// active mode's own.
    #[must_use]
    pub fn in_use(&self, p: &Param) -> bool {
        let Some(modes) = P::MODES else { return true };
        if p.name == modes.param.name {
            return true;
        }
        let listed = modes.only.iter().any(|m| m.params.contains(&p.name));
        !listed
            || self
                .active_mode()
                .and_then(|v| modes.find(v))
                .is_some_and(|m| m.params.contains(&p.name))
    }

    /// Switches to mode `value`: sets the mode parameter and fills the new mode's empty
    /// parameters with its starter values. A parameter two modes share keeps the learner's
    /// text when the new mode can use it, and takes the starter's when the new mode would
    /// reject it (three paths are no `Tif,Telse`), so a mode never opens on an error the learner
    /// did not make. The other modes' text stays (hidden), so switching back finds it again.
    pub fn switch_mode(&mut self, value: &str) {
        let Some(modes) = P::MODES else { return };
        let Some(mode) = modes.find(value) else {
            return;
        };
        self.notes.clear();
        self.set_field(modes.param.name, mode.value.to_string());
        for (name, v) in mode.starter {
            if self.field(name).trim().is_empty() {
                self.set_field(name, (*v).to_string());
            }
        }
        let out = P::evaluate(self);
        let rejected: Vec<&str> = mode
            .starter
            .iter()
            .filter(|(name, _)| P::errors(&out).iter().any(|e| e.param == *name))
            .map(|(name, _)| *name)
            .collect();
        for (name, v) in mode.starter {
            if rejected.contains(name) {
                self.set_field(name, (*v).to_string());
            }
        }
    }

    /// Reads the panel's parameters from `q` over `base`: a parameter the URL leaves out keeps
    /// `base`'s text. A [`UrlForm::Part`] parameter takes its part of the comma-separated value
    /// (a missing part is its default); a parameter named in another's `reset_by` is cleared
    /// when the URL gives that one without it.
    #[must_use]
    pub fn from_query(q: &Query, base: &Self) -> Self {
        let mut input = base.clone();
        for (i, p) in P::PARAMS.iter().enumerate() {
            let own = q.get(p.url_key());
            if own.is_none() && p.reset_by.iter().any(|n| q.get(n).is_some()) {
                input.values[i].clear();
            }
            let Some(v) = own else { continue };
            input.values[i] = match p.url {
                UrlForm::Part { index, .. } => v
                    .split(',')
                    .nth(index)
                    .map_or_else(|| p.default.to_string(), str::to_string),
                UrlForm::Own | UrlForm::Always => v.to_string(),
            };
        }
        // A link that does not name the mode opens the mode its parameters imply, written out,
        // so that emptying a field later does not switch the mode under the learner.
        if let Some(modes) = P::MODES.filter(|m| m.infer) {
            if q.get(modes.param.url_key()).is_none() {
                let implied = input.implied_mode(&modes);
                input.set_field(modes.param.name, implied.to_string());
            }
        }
        // A link that names a mode and leaves out what that mode needs opens it as switching to
        // it does: on the mode's starter (issue 45: `?panel=banks&mode=tile` was "tile is
        // empty"). A parameter absent from the address is never an error; one the link gives,
        // empty included, is read as given.
        if let Some(mode) =
            P::MODES.and_then(|m| q.get(m.param.url_key()).and_then(|v| m.find(v.trim())))
        {
            for (name, v) in mode.starter {
                let given = Self::param(name).is_some_and(|p| q.get(p.url_key()).is_some());
                if !given && input.field(name).trim().is_empty() {
                    input.set_field(name, (*v).to_string());
                }
            }
        }
        input.given |= given_mask(q, P::PARAMS);
        input.notes = input.address_notes(q);
        input
    }

    /// What the address `q` says that these inputs (read from it) cannot keep, each a notice
    /// naming its key (issue 45): a key given more than once (the first value is read, as
    /// [`Query::get`] reads it), and a key that only another mode uses (the link opens this
    /// mode, whose form and links leave it out). The figures are drawn from what was read.
    #[must_use]
    pub fn address_notes(&self, q: &Query) -> Vec<ParamError> {
        use crate::tr;
        let mut notes = Vec::new();
        for key in Self::url_keys() {
            let Some(first) = q.get(key) else {
                continue;
            };
            notes.extend(crate::params::repeated(q, key, first));
            // More parts than the key has (issue 65: `block=1,1,1,1` read three, without a
            // word): the rest is named.
            let parts = P::PARAMS
                .iter()
                .filter(|p| matches!(p.url, UrlForm::Part { key: k, .. } if k == key))
                .count();
            let given = first.split(',').count();
            if parts > 0 && given > parts {
                let rest: Vec<&str> = first.split(',').skip(parts).collect();
                notes.push(ParamError::new(
                    key,
                    tr!(
                        "common.param.extra-parts",
                        key,
                        max = parts,
                        count = given,
                        rest = crate::params::quote(&rest.join(","))
                    ),
                ));
            }
            // (A panel without modes has no other mode: the block folds away there.)
            let Some(mode) = P::MODES else {
                continue;
            };
            let other = P::PARAMS
                .iter()
                .filter(|p| p.url_key() == key && !self.in_use(p))
                .find_map(|p| mode.only.iter().find(|m| m.params.contains(&p.name)));
            if let Some(other) = other {
                notes.push(ParamError::new(
                    key,
                    tr!(
                        "common.param.other-mode",
                        key,
                        mode = mode.param.url_key(),
                        other = other.value,
                        active = self.active_mode().unwrap_or_default()
                    ),
                ));
            }
        }
        notes
    }

    /// Writes the panel's parameters into `q`, the same way for every panel: a parameter is
    /// written when its text (trimmed) is not empty and differs from its default, or is not
    /// empty and declared [`UrlForm::Always`]; otherwise it is removed, so links stay short. A
    /// parameter the active mode does not use is removed too ([`Inputs::in_use`]).
    /// The parts of a [`UrlForm::Part`] parameter are joined with commas, trailing parts at
    /// their defaults left out (`block=48,4` for 48 × 4 × 1).
    pub fn write_query(&self, q: &mut Query) {
        for key in Self::url_keys() {
            let mut params: Vec<(&Param, &str)> = P::PARAMS
                .iter()
                .zip(&self.values)
                .filter(|(p, _)| p.url_key() == key)
                .map(|(p, v)| (p, v.trim()))
                .collect();
            if params
                .iter()
                .any(|(p, _)| !self.in_use(p) || self.mode_goes_without_saying(p))
            {
                q.set(key, None);
                continue;
            }
            let value = match params[..] {
                [(p, v)] if p.url == UrlForm::Always => (!v.is_empty()).then(|| v.to_string()),
                [(p, v)] if p.url == UrlForm::Own => {
                    (!v.is_empty() && v != p.default.trim()).then(|| v.to_string())
                }
                _ => {
                    // The parts of one parameter, in order; trailing parts at their defaults
                    // are left out, the first is always written. (Picked smallest first, not
                    // sorted: a slice sort is about 3 kB of code in every page, one copy per
                    // panel that writes a link, for two or three parts.)
                    let part = |p: &Param| match p.url {
                        UrlForm::Part { index, .. } => index,
                        UrlForm::Own | UrlForm::Always => 0,
                    };
                    let mut ordered = Vec::with_capacity(params.len());
                    while let Some(k) = (0..params.len()).min_by_key(|&k| part(params[k].0)) {
                        ordered.push(params.swap_remove(k));
                    }
                    let params = ordered;
                    let mut keep = params.len();
                    while keep > 1 && params[keep - 1].1 == params[keep - 1].0.default {
                        keep -= 1;
                    }
                    let parts: Vec<&str> = params[..keep].iter().map(|(_, v)| *v).collect();
                    Some(parts.join(","))
                }
            };
            q.set(key, value.as_deref());
        }
    }

    /// The inputs of a preset: its parameters over the defaults.
    #[must_use]
    pub fn from_params(params: &[(&str, &str)]) -> Self {
        let mut q = Query::default();
        for (k, v) in params {
            q.set(k, Some(v));
        }
        Self::from_query(&q, &Self::default())
    }

    /// The URL parameters the panel reads and writes, each once, in declaration order.
    #[must_use]
    pub fn url_keys() -> Vec<&'static str> {
        let mut keys: Vec<&'static str> = Vec::new();
        for p in P::PARAMS {
            if !keys.contains(&p.url_key()) {
                keys.push(p.url_key());
            }
        }
        keys
    }
}

/// The bits of `params` that `q` gives ([`crate::bit`]; the largest panel has 23): one function for every panel, not
/// one per panel's `from_query` (the solution worker links six).
fn given_mask(q: &Query, params: &[Param]) -> u64 {
    params
        .iter()
        .enumerate()
        .filter(|(_, p)| q.get(p.url_key()).is_some())
        .fold(0, |m, (i, _)| m | crate::bit(i))
}

impl<P: PanelModel> Default for Inputs<P> {
    /// Every parameter at its declared default.
    fn default() -> Self {
        Inputs {
            values: P::PARAMS.iter().map(|p| p.default.to_string()).collect(),
            notes: Vec::new(),
            given: 0,
            panel: PhantomData,
        }
    }
}

impl<P> Clone for Inputs<P> {
    fn clone(&self) -> Self {
        Inputs {
            values: self.values.clone(),
            notes: self.notes.clone(),
            given: self.given,
            panel: PhantomData,
        }
    }
}

impl<P> PartialEq for Inputs<P> {
    fn eq(&self, other: &Self) -> bool {
        self.values == other.values
    }
}

impl<P> Eq for Inputs<P> {}

impl<P: PanelModel> fmt::Debug for Inputs<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut m = f.debug_map();
        for (p, v) in P::PARAMS.iter().zip(&self.values) {
            m.entry(&p.name, v);
        }
        m.finish()
    }
}

/// A link into panel `P` (the query, without `?`): `panel=` and then each value under its
/// parameter's declared name, in order, encoded as the app writes its own address. The parts
/// of one comma-separated parameter (`block=X,Y,Z`) are given one after another, in order.
///
/// Cross-panel links are written with this, naming the target's `Param` declarations, so a
/// link cannot name a parameter its panel lacks, and a renamed parameter renames every link
/// (issue 31): the quiz's scenario links and the app's quiz and challenge links. The kernel
/// lab's links (`kernel_lab::panel::links`, `SharedLine::banks_query`) are still `format!`
/// strings: written with this they cost its bundle 1 kB gzip, past its size budget. Every link
/// is checked by `tests/param_names.rs`, which opens it in its target panel's declarations.
#[must_use]
pub fn link<P: PanelModel>(values: &[(&Param, &str)]) -> String {
    link_to(P::NAME, values)
}

/// [`link`]'s body, written once (a generic function is copied into a bundle once per panel it
/// links to). It writes the string directly, with `Query`'s encoder (`query::encode`), rather
/// than through a `Query`: 1.7 kB gzip smaller where it was measured.
fn link_to(panel: &str, values: &[(&Param, &str)]) -> String {
    let mut out = String::from("panel=");
    out.push_str(panel);
    // The key of the comma-separated parameter being written (`block=X,Y,Z`), if any.
    let mut open: Option<&str> = None;
    for (param, value) in values {
        let (key, part) = match param.url {
            UrlForm::Part { key, index } => (key, Some(index)),
            UrlForm::Own | UrlForm::Always => (param.name, None),
        };
        if part.is_some_and(|i| i > 0) && open == Some(key) {
            out.push(',');
        } else {
            out.push('&');
            out.push_str(key);
            out.push('=');
        }
        open = part.map(|_| key);
        out.push_str(&crate::query::encode(value));
    }
    out
}

#[cfg(test)]
mod tests;
