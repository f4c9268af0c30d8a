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

fn storage() -> Option<web_sys::Storage> {
    let s = web_sys::window()?.local_storage().ok()??;
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

/// Loads the stored progress, with the stars the kernel lab kept; never fails.
#[must_use]
pub fn load() -> Loaded {
    let mut loaded = load_document();
    let mut merged = Stars(loaded.progress.challenges.clone());
    merged.merge(&stars());
    loaded.progress.challenges = merged.0;
    loaded
}

fn load_document() -> Loaded {
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
                let kept = s.set_item(ASIDE, &text).is_ok();
                let parts = read.places();
                if kept {
                    let _ = s.set_item(KEY, &read.progress.to_json());
                }
                Loaded {
                    progress: read.progress,
                    notice: Some(if kept {
                        warp_model::tr!("ui.storage.partly-kept", parts, aside = ASIDE)
                    } else {
                        warp_model::tr!("ui.storage.partly", parts)
                    }),
                    persistent: true,
                }
            }
            Err(problem) => {
                let kept = s.set_item(ASIDE, &text).is_ok();
                let _ = s.remove_item(KEY);
                let _ = s.remove_item(RESUME);
                Loaded {
                    progress: Progress::default(),
                    notice: Some(if kept {
                        warp_model::tr!(
                            "ui.storage.unreadable-kept",
                            problem = problem.message(),
                            aside = ASIDE
                        )
                    } else {
                        warp_model::tr!("ui.storage.unreadable", problem = problem.message())
                    }),
                    persistent: true,
                }
            }
        },
    }
}

/// Saves progress, and beside it the key of the quiz in progress; `false` when it could not be
/// kept (the session still has it).
pub fn save(p: &Progress) -> bool {
    let Some(s) = storage() else {
        return false;
    };
    let saved = s.set_item(KEY, &p.to_json()).is_ok();
    let mut merged = stars();
    merged.merge(&Stars(p.challenges.clone()));
    let _ = s.set_item(STARS, &merged.to_text());
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
