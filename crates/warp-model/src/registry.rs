//! The panel registry: every panel, once, with what the rest of the app and the tests need to
//! drive it without knowing which one it is (name, title, question, parameters, evaluation).
//!
//! A new panel is a module that implements [`PanelModel`] plus one line in `registry!`'s
//! list below; the compiler then points at the app's view registry (`src/panels.rs`), the
//! one other place that must name it, and the tests that walk [`Panel::ALL`] cover it.

use crate::figure::Figure;
use crate::i18n::Msg;
use crate::panel::{Inputs, PanelModel};
use crate::params::{Param, ParamError};
use crate::query::Query;
use crate::worked::Worked;

/// What evaluating a panel on a query gives, whichever panel it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluated {
    /// Problems, each naming its parameter.
    pub errors: Vec<ParamError>,
    /// The named results.
    pub figures: Vec<Figure>,
    /// The worked steps.
    pub worked: Vec<Worked>,
}

/// One panel's entry in the registry: data only, so that an app bundle that names every
/// panel (the nav, the home view) links none of their models. Evaluation goes through
/// [`Panel::evaluate_query`] and [`Panel::round_trip`], which only tests and tools call.
#[derive(Clone, Copy, Debug)]
pub struct PanelSpec {
    /// The panel.
    pub panel: Panel,
    /// The value of `panel=` that opens it.
    pub name: &'static str,
    /// Its title.
    pub title: Msg,
    /// The one question it answers.
    pub question: Msg,
    /// Its parameters, in form order.
    pub params: &'static [Param],
    /// Its modes, if it has any.
    pub modes: Option<crate::panel::Modes>,
    /// A starting height for an embedding frame, in CSS pixels.
    pub embed_height: u32,
}

fn evaluate_query<P: PanelModel>(q: &Query, preset: &[(&str, &str)]) -> Evaluated {
    let out = P::evaluate(&Inputs::<P>::from_query(q, &Inputs::from_params(preset)));
    Evaluated {
        errors: P::errors(&out).to_vec(),
        figures: P::figures(&out).to_vec(),
        worked: P::worked(&out).to_vec(),
    }
}

fn round_trip<P: PanelModel>(q: &Query) -> Query {
    let mut out = q.clone();
    Inputs::<P>::from_query(q, &Inputs::default()).write_query(&mut out);
    out
}

/// What the app needs of a panel to name it and link to it: no parameter, no evaluation, so
/// that a bundle that names every panel (the nav, the home view) links nothing else of them.
#[derive(Clone, Copy, Debug)]
pub struct PanelMeta {
    /// The value of `panel=` that opens it.
    pub name: &'static str,
    /// Its title.
    pub title: Msg,
    /// The one question it answers.
    pub question: Msg,
    /// A starting height for an embedding frame, in CSS pixels.
    pub embed_height: u32,
}

const fn meta<P: PanelModel>() -> PanelMeta {
    PanelMeta {
        name: P::NAME,
        title: P::TITLE,
        question: P::QUESTION,
        embed_height: P::EMBED_HEIGHT,
    }
}

const fn spec<P: PanelModel>(panel: Panel) -> PanelSpec {
    PanelSpec {
        panel,
        name: P::NAME,
        title: P::TITLE,
        question: P::QUESTION,
        params: P::PARAMS,
        modes: P::MODES,
        embed_height: P::EMBED_HEIGHT,
    }
}

/// Declares [`Panel`] (with [`Panel::ALL`] in this order) and [`Panel::spec`] from one list.
macro_rules! registry {
    ($($(#[$doc:meta])* $variant:ident => $model:ty,)*) => {
        /// The panels, in the order the home view lists them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Panel {
            $($(#[$doc])* $variant,)*
        }

        impl Panel {
            /// Every panel, in home-view order.
            pub const ALL: &'static [Panel] = &[$(Panel::$variant,)*];

            /// Every panel's `panel=` name, in [`Panel::ALL`]'s order, as constants (what a
            /// table built at compile time can read).
            pub const NAMES: &'static [&'static str] =
                &[$(<$model as crate::panel::PanelModel>::NAME,)*];

            /// Its name, title and question (what the app's nav and home view read).
            #[must_use]
            pub fn meta(self) -> &'static PanelMeta {
                match self {
                    $(Panel::$variant => {
                        static META: PanelMeta = meta::<$model>();
                        &META
                    })*
                }
            }

            /// Its entry in the registry, parameters included (for tests and tools).
            #[must_use]
            pub fn spec(self) -> &'static PanelSpec {
                match self {
                    $(Panel::$variant => {
                        static SPEC: PanelSpec = spec::<$model>(Panel::$variant);
                        &SPEC
                    })*
                }
            }

            /// Reads its inputs from a query over a preset's parameters (none: the defaults)
            /// and evaluates them.
            #[must_use]
            pub fn evaluate_query(self, q: &Query, preset: &[(&str, &str)]) -> Evaluated {
                match self {
                    $(Panel::$variant => evaluate_query::<$model>(q, preset),)*
                }
            }

            /// Reads its inputs from a query and writes them back into it: the address the
            /// panel would show for that link.
            #[must_use]
            pub fn round_trip(self, q: &Query) -> Query {
                match self {
                    $(Panel::$variant => round_trip::<$model>(q),)*
                }
            }
        }
    };
}

registry! {
    /// Block-to-warp map.
    Warps => crate::warps::panel::WarpsModel,
    /// Divergence timeline.
    Divergence => crate::divergence::panel::DivergenceModel,
    /// Latency hiding and occupancy.
    Latency => crate::latency::panel::LatencyModel,
    /// Coalescing.
    Coalescing => crate::coalescing::panel::CoalescingModel,
    /// Shared-memory bank conflicts.
    Banks => crate::banks::panel::BanksModel,
    /// Tensor-core fragments and ldmatrix.
    Mma => crate::mma::panel::MmaModel,
    /// The memory hierarchy in sectors, and the roofline.
    Memory => crate::memory::panel::MemoryModel,
    /// Self-test quizzes.
    Quiz => crate::quiz::panel::QuizModel,
    /// Measurements on the learner's own GPU.
    Gpu => crate::gpu::panel::GpuModel,
    /// CUDA C run warp by warp.
    Kernel => crate::kernel_lab::panel::KernelModel,
}

impl Panel {
    /// The quiz topic that asks about it, if the quiz has one ("Quiz me on this"). Here, not in
    /// the quiz: the registry already depends on the quiz's model, and a topic that named its
    /// panel would close a circle. An exhaustive match: a new panel must say.
    #[must_use]
    pub const fn topic(self) -> Option<crate::quiz::Topic> {
        use crate::quiz::Topic;
        match self {
            Panel::Warps => Some(Topic::Warps),
            Panel::Divergence => Some(Topic::Divergence),
            Panel::Latency => Some(Topic::Latency),
            Panel::Coalescing => Some(Topic::Coalescing),
            Panel::Banks => Some(Topic::Banks),
            Panel::Mma => Some(Topic::Mma),
            Panel::Memory | Panel::Quiz | Panel::Gpu | Panel::Kernel => None,
        }
    }

    /// The value of `panel=` that opens it.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.meta().name
    }

    /// Its title, in the current language.
    #[must_use]
    pub fn title(self) -> &'static str {
        self.meta().title.text()
    }

    /// The one question it answers, in the current language.
    #[must_use]
    pub fn question(self) -> &'static str {
        self.meta().question.text()
    }

    /// The panel named `s`, if any.
    #[must_use]
    pub fn parse(s: &str) -> Option<Panel> {
        Panel::ALL.iter().copied().find(|p| p.name() == s)
    }
}

#[cfg(test)]
mod tests;
