//! The learner's progress in localStorage, under a versioned schema (`warp_model::quiz::progress`).
//!
//! Written on web-sys directly rather than gloo-storage: gloo's `LocalStorage::raw()` throws
//! when storage is unavailable (private mode, a sandboxed frame), and here that must degrade to
//! an in-memory session with a notice, never a dead page.

use warp_model::quiz::progress::{LoadProblem, Progress};

/// The key progress lives under.
pub const KEY: &str = "warp-lab.progress";
/// Where an unreadable document is kept aside.
pub const ASIDE: &str = "warp-lab.progress.unreadable";

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

/// Loads the stored progress; never fails.
#[must_use]
pub fn load() -> Loaded {
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
        Some(text) => match Progress::from_json(&text) {
            Ok(progress) => Loaded {
                progress,
                notice: None,
                persistent: true,
            },
            Err(problem) => {
                let kept = s.set_item(ASIDE, &text).is_ok();
                let _ = s.remove_item(KEY);
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

/// Saves progress; `false` when it could not be kept (the session still has it).
pub fn save(p: &Progress) -> bool {
    storage().is_some_and(|s| s.set_item(KEY, &p.to_json()).is_ok())
}

/// Parses an imported file's text, for the import button.
///
/// # Errors
/// The reason, in words.
pub fn parse_import(text: &str) -> Result<Progress, String> {
    Progress::from_json(text).map_err(|p: LoadProblem| p.message())
}
