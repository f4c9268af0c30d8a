//! The home view's "Start here" path: seven lessons in order (block-to-warp map → divergence →
//! latency hiding → coalescing → where a load's bytes come from → memory-bound or compute-bound
//! → a quiz), each a plain name, the view it opens and one line on what the learner will see
//! there.
//!
//! Each of the first four opens the seed example that best opens its topic: the one the seed
//! itself starts the idea with, where one number tells the story (a block of 100 threads and
//! its one part-empty warp; seed 003's first, even split; the latency example that succeeds,
//! with its failing twin one slider away; the coalesced load, one stride away from the strided
//! one). The fifth opens a new quiz over all four. A lesson's line asks its example's question
//! with the example's own inputs and never its answer, since the example opens with a Forecast:
//! `tests/lessons.rs` checks that, in both languages.
//!
//! Data only (queries and messages): the home page's bundle names the lessons without linking
//! any panel's model.

use crate::examples::{self, Example};
use crate::i18n::Msg;
use crate::msg;
use crate::page::route;
use crate::query::Query;
use crate::registry::Panel;

/// One lesson of the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Its id (`data-lesson` on the home view).
    pub id: &'static str,
    /// The query it opens, without `?` (`example=warp-scheduling/B`, `panel=quiz`).
    pub opens: &'static str,
    name: Msg,
    shows: Msg,
}

impl Lesson {
    /// Its name, in the current language ("How threads become warps").
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name.text()
    }

    /// What the learner will see there, in one line of the current language.
    #[must_use]
    pub fn shows(&self) -> &'static str {
        self.shows.text()
    }

    /// The panel it opens.
    #[must_use]
    pub fn panel(&self) -> Option<Panel> {
        route(&Query::parse(self.opens)).panel
    }

    /// The seed example it opens, if it opens one.
    #[must_use]
    pub fn example(&self) -> Option<&'static Example> {
        self.opens
            .strip_prefix("example=")
            .and_then(|key| examples::find(key).ok())
    }
}

/// The path, in order.
pub static START_HERE: [Lesson; 7] = [
    Lesson {
        id: "map",
        opens: "example=warp-scheduling/B",
        name: msg!("ui.home.lesson.map.name"),
        shows: msg!("ui.home.lesson.map.shows"),
    },
    Lesson {
        id: "divergence",
        opens: "example=divergence/C1",
        name: msg!("ui.home.lesson.divergence.name"),
        shows: msg!("ui.home.lesson.divergence.shows"),
    },
    Lesson {
        id: "latency",
        opens: "example=execution-model/G",
        name: msg!("ui.home.lesson.latency.name"),
        shows: msg!("ui.home.lesson.latency.shows"),
    },
    Lesson {
        id: "coalescing",
        opens: "example=execution-model/D",
        name: msg!("ui.home.lesson.coalescing.name"),
        shows: msg!("ui.home.lesson.coalescing.shows"),
    },
    Lesson {
        id: "bytes",
        opens: "example=memory/reuse",
        name: msg!("ui.home.lesson.bytes.name"),
        shows: msg!("ui.home.lesson.bytes.shows"),
    },
    Lesson {
        id: "roofline",
        opens: "example=memory/saxpy",
        name: msg!("ui.home.lesson.roofline.name"),
        shows: msg!("ui.home.lesson.roofline.shows"),
    },
    Lesson {
        id: "quiz",
        opens: "panel=quiz",
        name: msg!("ui.home.lesson.quiz.name"),
        shows: msg!("ui.home.lesson.quiz.shows"),
    },
];

/// The lesson that opens `example=<key>`, its number on the path (from 1), and the lesson after
/// it: what a lesson's page links on to ("Next: …", the last seed lesson to the quiz).
#[must_use]
pub fn next_after(example_key: &str) -> Option<(usize, &'static Lesson)> {
    let at = START_HERE
        .iter()
        .position(|l| l.opens.strip_prefix("example=") == Some(example_key))?;
    START_HERE.get(at + 1).map(|next| (at + 1, next))
}
