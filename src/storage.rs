//! The learner's progress in localStorage, under a versioned schema (`warp_model::quiz::progress`),
//! and beside it the key of the quiz in progress, so that the home view can offer "Resume your
//! quiz" without reading (and linking the code that reads) the whole document.
//!
//! Written on web-sys directly rather than gloo-storage: gloo's `LocalStorage::raw()` throws
//! when storage is unavailable (private mode, a sandboxed frame), and here that must degrade to
//! an in-memory session with a notice, never a dead page.

use warp_model::kernel_lab::challenge::stars::Stars;
use warp_model::quiz::progress::{LoadProblem, Progress, QuizKey, Salvaged};

/// The key progress lives under.
pub const KEY: &str = "warp-lab.progress";
/// Where an unreadable document is kept aside.
pub const ASIDE: &str = "warp-lab.progress.unreadable";
/// The key of the quiz in progress (a `QuizKey`: `all/42/8/2`), written with every save;
/// absent when no quiz is begun and unfinished.
pub const RESUME: &str = "warp-lab.progress.resume";

thread_local! {
    /// Set on a graded step of an assignment launched by an LMS (`graded=lms`): the page then
    /// neither reads nor writes this browser's storage (the LMS keeps the attempt).
    static PRIVATE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Set when an unreadable progress document could not be kept aside: it stays where it is,
    /// and nothing is saved over it (issue 65).
    static KEEP_DAMAGED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Makes the page keep nothing in this browser (`graded=lms`); set once, before the first view.
pub fn set_private(private: bool) {
    PRIVATE.with(|p| p.set(private));
}

/// Whether the page keeps nothing in this browser, on purpose.
#[must_use]
pub fn is_private() -> bool {
    PRIVATE.with(std::cell::Cell::get)
}

fn storage() -> Option<web_sys::Storage> {
    if is_private() {
        return None;
    }
    let s = crate::browser::window()?.local_storage().ok()??;
    // Some browsers hand out a storage that refuses every write (quota 0): probe it.
    s.set_item("warp-lab.probe", "1").ok()?;
    let _ = s.remove_item("warp-lab.probe");
    Some(s)
}

/// What loading found.
pub struct Loaded {
    /// The progress to start from.
    pub progress: Progress,
    /// Something the learner should know (a document kept aside, storage unavailable).
    pub notice: Option<String>,
    /// Whether progress will survive a reload.
    pub persistent: bool,
}

/// The best stars per challenge, kept on their own (`add-ten:3,transpose:2`) so that the kernel
/// lab and the home view need not read the whole document; merged into the document's
/// `challenges` whenever the document is loaded, and written back with every save.
pub const STARS: &str = "warp-lab.progress.stars";

/// The stars' compact text as kept (`add-ten:3,transpose:2`; empty when none), for a list that
/// reads each challenge's best with `Stars::best_in`.
#[must_use]
pub fn stars_text() -> String {
    storage()
        .and_then(|s| s.get_item(STARS).ok().flatten())
        .unwrap_or_default()
}

/// The stars as the kernel lab last kept them (an entry that does not read is left out).
#[must_use]
pub fn stars() -> Stars {
    storage()
        .and_then(|s| s.get_item(STARS).ok().flatten())
        .map(|t| Stars::from_text(&t).0)
        .unwrap_or_default()
}

/// Keeps `stars` for challenge `name` when they beat the best so far; `false` when they could
/// not be kept.
pub fn record_stars(name: &str, stars: u8) -> bool {
    let Some(s) = storage() else {
        return false;
    };
    let mut all = self::stars();
    if all.record(name, stars) {
        return s.set_item(STARS, &all.to_text()).is_ok();
    }
    true
}

/// Where the learner's code for a challenge is kept: this prefix and the challenge's
/// `kernel_lab::panel::code_key` (`warp-lab.code.add-ten`, `warp-lab.code.custom-…`).
pub const CODE: &str = "warp-lab.code.";

/// The code this browser kept for the challenge `key` (never under an LMS: `is_private`).
#[must_use]
pub fn kept_code(key: &str) -> Option<String> {
    storage()?.get_item(&format!("{CODE}{key}")).ok().flatten()
}

/// Keeps the learner's code for the challenge `key`; `false` when it could not be kept (storage
/// full or unavailable; a page that keeps nothing on purpose keeps nothing and says `true`).
pub fn keep_code(key: &str, src: &str) -> bool {
    is_private() || storage().is_some_and(|s| s.set_item(&format!("{CODE}{key}"), src).is_ok())
}

/// Loads the stored progress, with the stars the kernel lab kept and the assignments' records;
/// never fails.
#[must_use]
pub fn load() -> Loaded {
    let mut loaded = load_document();
    let mut merged = Stars(loaded.progress.challenges.clone());
    merged.merge(&stars());
    loaded.progress.challenges = merged.0;
    for line in assignment_lines() {
        if let Some(key) = line.split('.').nth(1) {
            loaded.progress.assignments.insert(key.to_string(), line);
        }
    }
    loaded
}

/// The steps this browser holds back outside their assignments, one per line as
/// `<assignment key> <held key>` (`warp_model::assignment::record::held_steps`): the
/// loader marks a page at an unanswered prediction's state `<html data-held>`, and its
/// Forecast holds the figures back; a quiz holds back an unfinished quiz step's questions
/// (issue 64; `xtask/src/loader.js`, `components/forecast.rs`, `panels/quiz.rs`).
pub const PENDING: &str = warp_model::assignment::PENDING_KEY;

/// The held list (`PENDING`) as kept, when there is one.
#[must_use]
pub fn held_text() -> Option<String> {
    storage()?.get_item(PENDING).ok().flatten()
}

/// Keeps `queries` as assignment `key`'s held steps, replacing its earlier ones.
pub fn keep_held_steps(key: &str, queries: &[String]) {
    let Some(s) = storage() else {
        return;
    };
    let kept = s.get_item(PENDING).ok().flatten().unwrap_or_default();
    let prefix = format!("{key} ");
    let mut lines: Vec<String> = kept
        .lines()
        .filter(|l| !l.starts_with(&prefix) && l.len() <= 2000)
        .map(str::to_string)
        .collect();
    lines.extend(queries.iter().map(|q| format!("{key} {q}")));
    let text = lines.join("\n");
    if text != kept {
        let _ = if text.is_empty() {
            s.remove_item(PENDING)
        } else {
            s.set_item(PENDING, &text)
        };
    }
}

/// Each assignment's record (`warp_model::assignment::record::Record::encode`), one per line,
/// kept on their own so that the assignment page need not read the whole document; merged into
/// the document's `assignments` whenever it is loaded.
pub const ASSIGNMENTS: &str = "warp-lab.progress.assignments";

fn assignment_lines() -> Vec<String> {
    storage()
        .and_then(|s| s.get_item(ASSIGNMENTS).ok().flatten())
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with("a1.") && l.len() <= 2000)
        .map(str::to_string)
        .collect()
}

/// The record this browser keeps for the assignment `key` (16 hex digits), as text; the
/// model checks it against the assignment's steps.
#[must_use]
pub fn assignment_record(key: &str) -> Option<String> {
    let prefix = format!("a1.{key}.");
    assignment_lines()
        .into_iter()
        .find(|l| l.starts_with(&prefix))
}

/// Keeps `record` (its text) for the assignment `key`, replacing the one kept before; `false`
/// when it could not be kept.
pub fn keep_assignment_record(key: &str, record: &str) -> bool {
    let Some(s) = storage() else {
        return false;
    };
    let prefix = format!("a1.{key}.");
    let mut lines: Vec<String> = assignment_lines()
        .into_iter()
        .filter(|l| !l.starts_with(&prefix))
        .collect();
    lines.push(record.to_string());
    s.set_item(ASSIGNMENTS, &lines.join("\n")).is_ok()
}

fn load_document() -> Loaded {
    if is_private() || !crate::browser::present() {
        // Under an LMS: nothing of this browser's progress, and nothing to warn about; and at
        // build time, where a prerendered page shows a new learner's view.
        return Loaded {
            progress: Progress::default(),
            notice: None,
            persistent: false,
        };
    }
    let Some(s) = storage() else {
        return Loaded {
            progress: Progress::default(),
            notice: Some(warp_model::tr!("ui.storage.unavailable")),
            persistent: false,
        };
    };
    match s.get_item(KEY).ok().flatten() {
        None => Loaded {
            progress: Progress::default(),
            notice: None,
            persistent: true,
        },
        Some(text) => match Progress::read(&text) {
            Ok(read) if read.dropped.is_empty() => Loaded {
                progress: read.progress,
                notice: None,
                persistent: true,
            },
            Ok(read) => {
                // Part of it was unreadable: keep the rest, and the original text aside.
                let aside = keep_aside(&s, &text);
                let parts = read.places();
                if aside.is_some() {
                    let _ = s.set_item(KEY, &read.progress.to_json());
                } else {
                    KEEP_DAMAGED.with(|k| k.set(true));
                }
                Loaded {
                    progress: read.progress,
                    notice: Some(if let Some(aside) = aside {
                        warp_model::tr!("ui.storage.partly-kept", parts, aside)
                    } else {
                        warp_model::tr!("ui.storage.partly", parts)
                    }),
                    persistent: !KEEP_DAMAGED.with(std::cell::Cell::get),
                }
            }
            Err(problem) => {
                // Kept aside before anything is removed; when it cannot be, the document stays
                // where it is (issue 65: a learner's progress is theirs, damaged or not).
                let aside = keep_aside(&s, &text);
                if aside.is_some() {
                    let _ = s.remove_item(KEY);
                    let _ = s.remove_item(RESUME);
                } else {
                    KEEP_DAMAGED.with(|k| k.set(true));
                }
                Loaded {
                    progress: Progress::default(),
                    notice: Some(if let Some(aside) = aside {
                        warp_model::tr!(
                            "ui.storage.unreadable-kept",
                            problem = problem.message(),
                            aside
                        )
                    } else {
                        warp_model::tr!("ui.storage.unreadable", problem = problem.message())
                    }),
                    persistent: !KEEP_DAMAGED.with(std::cell::Cell::get),
                }
            }
        },
    }
}

/// At most this many unreadable documents are kept aside (`ASIDE`, `ASIDE.2`, …).
const ASIDE_SLOTS: u32 = 5;

/// Keeps `text` aside under the first of `ASIDE`, `ASIDE.2`, … that is free or already holds
/// it, never over another kept copy (issue 65: a second unreadable document overwrote the
/// first); the key it is under, or `None` when it could not be kept (every slot taken, or
/// storage full).
fn keep_aside(s: &web_sys::Storage, text: &str) -> Option<String> {
    for n in 1..=ASIDE_SLOTS {
        let key = if n == 1 {
            ASIDE.to_string()
        } else {
            format!("{ASIDE}.{n}")
        };
        match s.get_item(&key).ok().flatten() {
            Some(kept) if kept == text => return Some(key),
            Some(_) => {}
            None => return s.set_item(&key, text).is_ok().then_some(key),
        }
    }
    None
}

/// Saves progress, and beside it the key of the quiz in progress; `false` when it could not be
/// kept (the session still has it).
pub fn save(p: &Progress) -> bool {
    let Some(s) = storage().filter(|_| !KEEP_DAMAGED.with(std::cell::Cell::get)) else {
        return false;
    };
    let saved = s.set_item(KEY, &p.to_json()).is_ok();
    let mut merged = stars();
    merged.merge(&Stars(p.challenges.clone()));
    let _ = s.set_item(STARS, &merged.to_text());
    // Records the document has and the assignment page has not (an imported document's).
    for (key, text) in &p.assignments {
        if assignment_record(key).is_none() {
            let _ = keep_assignment_record(key, text);
        }
    }
    let _ = match p.in_progress() {
        Some(r) => s.set_item(RESUME, &r.key.to_string()),
        None => s.remove_item(RESUME),
    };
    saved
}

/// The quiz in progress, as the last save left it: read without the progress document, for
/// the home view. Stored text is untrusted: anything but a well-formed quiz key is removed and
/// offers nothing (the quiz page, which reads the whole document, says what was wrong).
#[must_use]
pub fn quiz_in_progress() -> Option<QuizKey> {
    let s = storage()?;
    let text = s.get_item(RESUME).ok().flatten()?;
    let key = QuizKey::parse(&text);
    if key.is_none() {
        let _ = s.remove_item(RESUME);
    }
    key
}

/// Where the keys of the LMS attempts this browser keeps are listed, oldest first.
pub const ATTEMPTS_INDEX: &str = "warp-lab.lms.index";
/// How many LMS attempts this browser keeps (each at most a few kB): on a lab computer that
/// many learners share, the oldest copies go first.
pub const MAX_ATTEMPTS: usize = 64;

/// This browser's copy of an LMS attempt (its suspend data), by the key the model gives
/// (`warp_model::lms::attempt_store_key`: one learner, one quiz). Kept apart from the
/// learner's own progress ([`KEY`]), which an LMS launch neither reads nor writes.
#[must_use]
pub fn attempt(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Keeps `suspend` as the copy of the attempt `key`, newest in the index; the oldest copies
/// beyond [`MAX_ATTEMPTS`] are removed. Silently nothing when storage is unavailable: the LMS
/// then is the only memory of the attempt, as it is meant to be.
pub fn keep_attempt(key: &str, suspend: &str) {
    let Some(s) = storage() else {
        return;
    };
    let prefix = warp_model::lms::ATTEMPT_STORE_PREFIX;
    // Stored text is untrusted: only keys of our own form stay in the index.
    let mut keys: Vec<String> = s
        .get_item(ATTEMPTS_INDEX)
        .ok()
        .flatten()
        .unwrap_or_default()
        .lines()
        .filter(|k| k.starts_with(prefix) && *k != ATTEMPTS_INDEX && *k != key)
        .map(str::to_string)
        .collect();
    keys.push(key.to_string());
    while keys.len() > MAX_ATTEMPTS {
        let old = keys.remove(0);
        let _ = s.remove_item(&old);
    }
    let _ = s.set_item(key, suspend);
    let _ = s.set_item(ATTEMPTS_INDEX, &keys.join("\n"));
}

/// Parses an imported file's text, for the import button: what it holds, and what it had to
/// leave out.
///
/// # Errors
/// The reason, in words.
pub fn parse_import(text: &str) -> Result<Salvaged, String> {
    Progress::read(text).map_err(|p: LoadProblem| p.message())
}

/// Where the author page keeps its last draft (the page's query, `?panel=author&title=…&step=…`):
/// the instructor's own, apart from any learner's progress.
pub const AUTHOR_DRAFT: &str = "warp-lab.author.draft";

/// The author page's last draft, when it looks like one.
#[must_use]
pub fn author_draft() -> Option<String> {
    storage()?
        .get_item(AUTHOR_DRAFT)
        .ok()
        .flatten()
        .filter(|d| d.starts_with("?panel=author") && d.len() <= 100_000)
}

/// Keeps the author page's draft (nothing when storage is unavailable: the address has it).
/// `false` when it could not be kept (storage full or unavailable; a page that keeps nothing on
/// purpose keeps nothing and says `true`).
pub fn keep_author_draft(draft: &str) -> bool {
    is_private() || storage().is_some_and(|s| s.set_item(AUTHOR_DRAFT, draft).is_ok())
}
