//! A question and what it is about: its topic (one per panel), its kind of answer, the
//! misconceptions its wrong answers reveal.

use crate::t;

/// A quiz topic: one per panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Topic {
    /// Block-to-warp map.
    Warps,
    /// Divergence.
    Divergence,
    /// Latency hiding and occupancy.
    Latency,
    /// Coalescing.
    Coalescing,
    /// Shared-memory bank conflicts.
    Banks,
    /// Tensor cores: `mma` fragments and `ldmatrix`.
    Mma,
}

impl Topic {
    /// Every topic: `topic=` offers each, and each has its mastery figure. A topic added here
    /// joins `topic=all` only under a new [`Draw`](super::Draw) (see
    /// [`Draw::topics`](super::Draw::topics)): old links keep their questions.
    pub const ALL: [Topic; 6] = [
        Topic::Warps,
        Topic::Divergence,
        Topic::Latency,
        Topic::Coalescing,
        Topic::Banks,
        Topic::Mma,
    ];

    /// The topics of `topic=all` under [`Draw::First`](super::Draw::First): the four there
    /// were when links had no `draw` (its draws pick among them, so they are part of every such
    /// link). Banks joined later, and `all` asks about it from
    /// [`Draw::Spread`](super::Draw::Spread) on; tensor cores from
    /// [`Draw::Tensor`](super::Draw::Tensor) on.
    pub const FIRST: [Topic; 4] = [
        Topic::Warps,
        Topic::Divergence,
        Topic::Latency,
        Topic::Coalescing,
    ];

    /// Its name in `topic=`: its panel's name in `panel=` ([`crate::registry::Panel::topic`]
    /// links the two), read from the panel's model (a `const`, so that the topic choices are a
    /// table built at compile time).
    #[must_use]
    pub const fn name(self) -> &'static str {
        use crate::panel::PanelModel;
        match self {
            Topic::Warps => crate::warps::panel::WarpsModel::NAME,
            Topic::Divergence => crate::divergence::panel::DivergenceModel::NAME,
            Topic::Latency => crate::latency::panel::LatencyModel::NAME,
            Topic::Coalescing => crate::coalescing::panel::CoalescingModel::NAME,
            Topic::Banks => crate::banks::panel::BanksModel::NAME,
            Topic::Mma => crate::mma::panel::MmaModel::NAME,
        }
    }

    /// The topic named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Topic> {
        Topic::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Its name as the learner reads it, in the current language ([`Topic::name`] is the id
    /// that URLs and stored progress use, and never changes with the language).
    #[must_use]
    pub fn label(self) -> &'static str {
        self.label_msg().text()
    }

    /// The message of its label.
    #[must_use]
    pub const fn label_msg(self) -> crate::i18n::Msg {
        match self {
            Topic::Warps => crate::msg!("quiz.topic.warps"),
            Topic::Divergence => crate::msg!("quiz.topic.divergence"),
            Topic::Latency => crate::msg!("quiz.topic.latency"),
            Topic::Coalescing => crate::msg!("quiz.topic.coalescing"),
            Topic::Banks => crate::msg!("quiz.topic.banks"),
            Topic::Mma => crate::msg!("quiz.topic.mma"),
        }
    }

    /// The figure of the learner's mastery of it (`mastery-<topic>`).
    #[must_use]
    pub const fn mastery_metric(self) -> &'static str {
        match self {
            Topic::Warps => "mastery-warps",
            Topic::Divergence => "mastery-divergence",
            Topic::Latency => "mastery-latency",
            Topic::Coalescing => "mastery-coalescing",
            Topic::Banks => "mastery-banks",
            Topic::Mma => "mastery-mma",
        }
    }

    /// That figure's label, in the current language.
    #[must_use]
    pub fn mastery_label(self) -> &'static str {
        match self {
            Topic::Warps => t!("ui.quiz.mastery.warps"),
            Topic::Divergence => t!("ui.quiz.mastery.divergence"),
            Topic::Latency => t!("ui.quiz.mastery.latency"),
            Topic::Coalescing => t!("ui.quiz.mastery.coalescing"),
            Topic::Banks => t!("ui.quiz.mastery.banks"),
            Topic::Mma => t!("ui.quiz.mastery.mma"),
        }
    }
}

/// What kind of answer a question takes.
#[derive(Clone, Debug, PartialEq)]
pub enum AnswerKind {
    /// A number. Integers are graded exactly (`tolerance` 0); fractions within `tolerance`.
    Number {
        /// The exact answer.
        value: f64,
        /// Accepted absolute difference.
        tolerance: f64,
        /// Unit shown beside the input, in the language the question was built in.
        unit: &'static str,
    },
    /// One of several options.
    Choice {
        /// The options, in order.
        options: Vec<String>,
        /// Index of the right one.
        correct: usize,
    },
    /// True or false.
    YesNo(bool),
}

/// A known wrong answer and what it reveals.
#[derive(Clone, Debug, PartialEq)]
pub struct Misconception {
    /// The wrong number (or the option index, for a choice; 1/0 for yes/no).
    pub answer: f64,
    /// What the learner probably did.
    pub feedback: String,
}

/// One question.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// Stable id of its template and parameters.
    pub qid: String,
    /// Its template: a generator's id (`gen-warps-count`), or a seed card's own id (each card
    /// is a template of its own). A quiz drawn under [`Draw::Spread`](super::Draw::Spread) repeats none while
    /// another of its topics' templates is unused.
    pub template: &'static str,
    /// Its topic.
    pub topic: Topic,
    /// The question.
    pub prompt: String,
    /// The answer it takes.
    pub kind: AnswerKind,
    /// Where it comes from ("seed 004, Ex 8"), shown after answering; `None` for generated ones.
    pub source: Option<String>,
    /// The answer explained in a sentence.
    pub explanation: String,
    /// A query that opens the panel on this scenario.
    pub link: Option<String>,
    /// Known wrong answers.
    pub misconceptions: Vec<Misconception>,
}

/// The tolerance stated for fractional answers.
pub const FRACTION_TOLERANCE: f64 = 0.005;
