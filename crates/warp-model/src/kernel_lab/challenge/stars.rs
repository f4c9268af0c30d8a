//! The best stars the learner earned on each built-in challenge, as the progress document's
//! `challenges` field keeps them and as the home view's board reads them.
//!
//! Beside the document, the stars are also kept on their own in a compact text
//! (`add-ten:3,transpose:2`, [`Stars::to_text`]) that the kernel lab writes and the home
//! view reads: neither page then links the JSON reader for a dozen numbers.

use std::collections::BTreeMap;

use super::builtin::NAMES;

/// Best stars per built-in challenge name (1 to 3; a challenge not solved is absent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stars(pub BTreeMap<String, u8>);

impl Stars {
    /// Reads the compact text; an entry that is not `name:stars` with a built-in name and 1 to
    /// 3 stars is left out and named in the second half (what a salvaging reader drops).
    #[must_use]
    pub fn from_text(text: &str) -> (Stars, Vec<String>) {
        let mut out = BTreeMap::new();
        let mut dropped = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let entry = item.split_once(':').and_then(|(name, stars)| {
                let name = NAMES.into_iter().find(|n| *n == name.trim())?;
                let stars = match stars.trim() {
                    "1" => 1,
                    "2" => 2,
                    "3" => 3,
                    _ => return None,
                };
                Some((name.to_string(), stars))
            });
            match entry {
                Some((name, stars)) => {
                    let best = out.entry(name).or_insert(stars);
                    *best = (*best).max(stars);
                }
                None => dropped.push(item.chars().take(40).collect()),
            }
        }
        (Stars(out), dropped)
    }

    /// The best stars `text` (the compact text, as [`Stars::from_text`] reads it) keeps for
    /// challenge `name`, 0 when none: what a list of the challenges shows, read without
    /// building the map (its code cost the plain lab's bundle 1.9 kB gzip, issue 66).
    #[must_use]
    pub fn best_in(text: &str, name: &str) -> u8 {
        text.split(',')
            .filter_map(|item| item.split_once(':'))
            .filter(|(n, _)| n.trim() == name)
            .filter_map(|(_, s)| match s.trim() {
                "1" => Some(1),
                "2" => Some(2),
                "3" => Some(3),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    /// The compact text, in the built-in order.
    #[must_use]
    pub fn to_text(&self) -> String {
        NAMES
            .iter()
            .filter_map(|n| self.0.get(*n).map(|s| format!("{n}:{s}")))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Records a check's stars for `name`, keeping the best; whether that changed anything.
    /// A custom challenge (no built-in name) and 0 stars record nothing.
    pub fn record(&mut self, name: &str, stars: u8) -> bool {
        if stars == 0 || !NAMES.contains(&name) {
            return false;
        }
        let best = self.0.entry(name.to_string()).or_insert(0);
        let better = stars.min(3) > *best;
        *best = (*best).max(stars.min(3));
        better
    }

    /// The stars of `name` (0 when not solved).
    #[must_use]
    pub fn of(&self, name: &str) -> u8 {
        self.0.get(name).copied().unwrap_or(0)
    }

    /// Both kept, the best of each.
    pub fn merge(&mut self, other: &Stars) {
        for (n, s) in &other.0 {
            self.record(n, *s);
        }
    }
}

/// The stars a check earns once it passes every test and meets target `i` (counted from 0, in
/// their order) and every target before it: passing is ★, the first target ★★, the second
/// ★★★ (the most). The one home of the rule: the check counts with it and the page labels
/// each target with it.
#[must_use]
pub fn for_target(i: usize) -> u8 {
    if i == 0 {
        2
    } else {
        3
    }
}

/// `n` stars of 3 as glyphs: `★★☆`.
#[must_use]
pub fn glyphs(n: u8) -> String {
    let n = usize::from(n.min(3));
    format!("{}{}", "★".repeat(n), "☆".repeat(3 - n))
}
