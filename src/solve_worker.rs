//! A quiz question's solution, worked out in a worker (issue 46): the quiz page links no
//! panel's worked steps (they cost it 44 kB gzip before its first question, measured), so when
//! a question has been answered the page asks this worker for them.
//!
//! The worker is its own small bundle (`src/bin/solve.rs`: the panels' models, no views),
//! started as the check worker is (`src/check_worker.rs`, [`Which::Solve`]) and speaking its
//! protocol: `ready`; the page sends the question's topic and link ([`query`]); the worker
//! answers `report:` and the worked steps (`warp_model::worked::wire`), or `none` for a query
//! it cannot read. Where no worker can start (a page opened from a file) the page says so and
//! keeps the link to the scenario, whose panel shows the same steps.

use warp_model::quiz::{solution_for, Topic};
use warp_model::worked::{wire, Worked};

use crate::check_worker::{self, Heard, Job, Which, NONE, REPORT};

/// What the page sends for the solution of a question of `topic` whose link is `link`.
#[must_use]
pub fn query(topic: Topic, link: &str) -> String {
    format!("{}\n{link}", topic.name())
}

/// Asks a worker for the solution of `query`; `heard` is told the worked steps, or why there
/// are none. `None` when no worker can start here.
pub fn start(query: String, heard: impl Fn(Heard<Vec<Worked>>) + 'static) -> Option<Job> {
    check_worker::start_with(Which::Solve, query, wire::decode, heard)
}

/// The worker's side (`src/bin/solve.rs`).
pub fn serve() {
    check_worker::listen(|query, answer| {
        let solution = query
            .split_once('\n')
            .and_then(|(topic, link)| Some(solution_for(Topic::parse(topic)?, link)));
        match solution {
            Some(w) => answer(&format!("{REPORT}{}", wire::encode(&w))),
            None => answer(NONE),
        }
    });
}
