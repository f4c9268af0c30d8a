//! A challenge step whose starter (`src=`) passes every test of its challenge would hand the
//! learners a solution (issue 43): the author page checks each such step in the check worker
//! (`crate::check_worker`, off the page's thread, with the lab's budgets, so a starter that
//! never ends is over in seconds) and refuses it until its code changes. An author's own
//! challenge is checked the same way, and refused while its reference fails (a race: no one
//! answer; issue 45).

use leptos::prelude::*;
use warp_model::assignment;
use warp_model::kernel_lab::challenge::wire::{self, StarterVerdict};

use crate::check_worker::{self, Heard, Job};

/// Where the check of one step stands: what the worker found is the model's own verdict
/// (`wire::StarterVerdict`: a solution, a starter, or a reference that fails), not a copy of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StarterCheck {
    /// Its tests are running.
    Checking,
    /// The check's verdict.
    Checked(StarterVerdict),
    /// It could not be checked here (no worker: a page opened from a file), or the check broke.
    Unchecked,
}

impl StarterCheck {
    /// `data-step-check`: `checking`, `solves`, `starter`, `reference`, `unchecked`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            StarterCheck::Checking => "checking",
            StarterCheck::Checked(StarterVerdict::Solves) => "solves",
            StarterCheck::Checked(StarterVerdict::Starter) => "starter",
            StarterCheck::Checked(StarterVerdict::Reference(_)) => "reference",
            StarterCheck::Unchecked => "unchecked",
        }
    }

    /// Whether the step is refused: its starter solves the challenge, or its reference fails.
    #[must_use]
    pub fn refuses(&self) -> bool {
        matches!(
            self,
            StarterCheck::Checked(StarterVerdict::Solves | StarterVerdict::Reference(_))
        )
    }
}

/// The checks of the draft's starters, by the step's text: each challenge step that gives a
/// starter is checked once per text (a step moved or a title changed checks nothing again).
/// Vectors, not maps: at most twenty steps, and a `BTreeMap` cost the page 2 kB gzip.
#[derive(Clone, Copy)]
pub struct Starters {
    found: RwSignal<Vec<(String, StarterCheck)>>,
    jobs: StoredValue<Vec<(String, Job)>, LocalStorage>,
}

impl Default for Starters {
    /// None checked yet.
    fn default() -> Starters {
        Starters {
            found: RwSignal::new(Vec::new()),
            jobs: StoredValue::new_local(Vec::new()),
        }
    }
}

impl Starters {
    /// What the check of the step `raw` found (tracked); `None` for a step that gives no starter.
    pub fn of(self, raw: &str) -> Option<StarterCheck> {
        self.found
            .with(|f| f.iter().find(|(r, _)| r == raw).map(|(_, c)| c.clone()))
    }

    fn set(self, raw: &str, check: StarterCheck) {
        self.found
            .update(|f| match f.iter_mut().find(|(r, _)| r == raw) {
                Some(slot) => slot.1 = check,
                None => f.push((raw.to_string(), check)),
            });
    }

    /// Starts the check of every step in `steps` that gives a starter not checked before
    /// (called when the draft opens and after each change to it).
    pub fn check(self, steps: &[String]) {
        for raw in steps {
            let gives = assignment::read_step(1, raw).is_ok_and(|st| st.checked_by_author());
            if !gives
                || self
                    .found
                    .with_untracked(|f| f.iter().any(|(r, _)| r == raw))
            {
                continue;
            }
            self.set(raw, StarterCheck::Checking);
            let key = raw.clone();
            let end = move |result: StarterCheck| {
                self.set(&key, result);
                let mut taken = None;
                self.jobs.update_value(|j| {
                    if let Some(at) = j.iter().position(|(r, _)| *r == key) {
                        taken = Some(j.swap_remove(at).1);
                    }
                });
                if let Some(job) = taken {
                    job.end();
                }
            };
            let started = check_worker::start_with(
                check_worker::Which::Check,
                raw.clone(),
                wire::starter_verdict,
                move |heard| match heard {
                    Heard::Test(_) => {}
                    Heard::Report(verdict) => end(StarterCheck::Checked(verdict)),
                    Heard::Broken(_) => end(StarterCheck::Unchecked),
                },
            );
            match started {
                Some(job) => self.jobs.update_value(|j| j.push((raw.clone(), job))),
                None => self.set(raw, StarterCheck::Unchecked),
            }
        }
    }
}
