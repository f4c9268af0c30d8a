//! The quiz inside an LMS (`lms=scorm`) and the SCORM package the quiz panel downloads.
//!
//! The LMS side: the SCORM API object (`API` for 1.2, `API_1484_11` for 2004) is found the way
//! both standards say, walking `window.parent` up to a depth limit and then `window.opener`'s
//! chain; its functions are called through `js_sys::Reflect` (the object is the LMS's own
//! JavaScript, so there is nothing to bind at compile time and no glue is hand-written). What
//! to write, and how to read what the LMS returns, is the model's (`warp_model::lms`): every
//! value the LMS returns is read as text and checked there, so an LMS that returns numbers,
//! objects or throws is a refusal, never a panic. One session per page, kept in a
//! `thread_local` (the API is a JS object, which cannot live in Leptos's `Send` signals).
//!
//! The package side: fetches `files.txt` and every file it lists from the page's own folder
//! (relative URLs only, checked as package paths before any fetch, so nothing comes from
//! another origin), adds `imsmanifest.xml`, and saves the stored zip through a Blob URL.

use std::cell::RefCell;

use warp_model::lms::cmi::{self, QuizState};
use warp_model::lms::manifest::{self, MANIFEST_FILE};
use warp_model::lms::zip::{DosDateTime, ZipWriter};
use warp_model::lms::{self, Launch, Notice, PassScore, QuizSpec, Version};
use warp_model::quiz::progress::{Answered, Progress};
use warp_model::quiz::Question;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

fn prop(target: &JsValue, name: &str) -> Option<JsValue> {
    // A cross-origin window throws on property access: that window has no API for us.
    js_sys::Reflect::get(target, &JsValue::from_str(name))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// The API named `name` on `win` or one of its parents, at most `depth` steps up.
fn find_in_chain(win: JsValue, name: &str, depth: u32) -> Option<JsValue> {
    let mut w = win;
    for _ in 0..=depth {
        if let Some(api) = prop(&w, name).filter(JsValue::is_object) {
            return Some(api);
        }
        let parent = prop(&w, "parent")?;
        if js_sys::Object::is(&parent, &w) {
            return None;
        }
        w = parent;
    }
    None
}

/// The LMS's API: 2004's first (an LMS that offers both prefers it), then 1.2's; for each,
/// this window's parent chain, then its opener's.
pub(crate) fn discover() -> Option<(Version, JsValue)> {
    let win: JsValue = crate::browser::window()?.into();
    [Version::Scorm2004, Version::Scorm12]
        .into_iter()
        .find_map(|v| {
            let (name, depth) = (v.calls().object, v.search_depth());
            find_in_chain(win.clone(), name, depth)
                .or_else(|| prop(&win, "opener").and_then(|o| find_in_chain(o, name, depth)))
                .map(|api| (v, api))
        })
}

/// Text of whatever the LMS returned: strings as they are, numbers and booleans written out,
/// anything else empty.
fn text(v: &JsValue) -> String {
    crate::browser::js_text(v).unwrap_or_default()
}

/// An LMS's API object and its version.
pub(crate) struct Api {
    pub(crate) obj: JsValue,
    pub(crate) version: Version,
}

impl Api {
    pub(crate) fn call(&self, name: &str, args: &[&str]) -> JsValue {
        let Some(f) = prop(&self.obj, name).and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        else {
            return JsValue::UNDEFINED;
        };
        let a = js_sys::Array::new();
        for s in args {
            a.push(&JsValue::from_str(s));
        }
        f.apply(&self.obj, &a).unwrap_or(JsValue::UNDEFINED)
    }

    /// Whether a call that answers "true"/"false" succeeded.
    pub(crate) fn ok(&self, name: &str, args: &[&str]) -> bool {
        text(&self.call(name, args)).trim() == "true"
    }

    /// The last error: its code and the LMS's text for it.
    pub(crate) fn last_error(&self) -> (String, String) {
        let c = self.version.calls();
        let code = text(&self.call(c.get_last_error, &[]));
        let detail = text(&self.call(c.get_error_string, &[&code]));
        (code, detail)
    }

    pub(crate) fn get(&self, element: &str) -> String {
        let v = text(&self.call(self.version.calls().get_value, &[element]));
        // An element the LMS has no value for answers "" with an error code (403 in 2004).
        if self.last_error().0.trim() == "0" {
            v
        } else {
            String::new()
        }
    }

    pub(crate) fn set(&self, element: &str, value: &str) -> Result<(), Notice> {
        if self.ok(self.version.calls().set_value, &[element, value]) {
            Ok(())
        } else {
            Err(self.refused(element))
        }
    }

    pub(crate) fn commit(&self) -> Result<(), Notice> {
        let c = self.version.calls().commit;
        if self.ok(c, &[""]) {
            Ok(())
        } else {
            Err(self.refused(c))
        }
    }

    /// Writes `pairs` and commits; the first refusal, if any (writing goes on after one, so
    /// that the LMS keeps what it accepts; one notice says the LMS refused).
    pub(crate) fn write(&self, pairs: &[cmi::Pair]) -> Option<Notice> {
        let refused: Vec<Notice> = pairs
            .iter()
            .filter_map(|(e, v)| self.set(e, v).err())
            .collect();
        let commit = self.commit().err();
        refused.into_iter().next().or(commit)
    }

    /// Ends the session begun at `started` (ms since the epoch): the session time, a commit,
    /// terminate.
    pub(crate) fn finish(&self, started: f64) {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let ms = (js_sys::Date::now() - started).clamp(0.0, 1e12) as u64;
        let (e, v) = cmi::session_time(self.version, ms);
        let _ = self.set(&e, &v);
        let _ = self.commit();
        let _ = self.ok(self.version.calls().terminate, &[""]);
    }

    fn refused(&self, element: &str) -> Notice {
        let (code, detail) = self.last_error();
        Notice::Refused {
            element: element.to_string(),
            code,
            detail,
        }
    }
}

struct Session {
    api: Api,
    state: QuizState,
    /// Where this browser keeps its copy of the attempt (`None`: the LMS names no learner).
    copy_key: Option<String>,
    questions: Vec<Question>,
    pass: PassScore,
    started: f64,
    last: f64,
    done: bool,
}

thread_local! {
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
}

impl Session {
    /// Keeps this browser's copy of the attempt, for the learner the LMS named: what fills in
    /// answers the LMS refused when the same learner resumes the same attempt.
    fn keep_copy(&self) {
        if let Some(key) = &self.copy_key {
            crate::storage::keep_attempt(key, &cmi::encode(&self.state));
        }
    }

    fn write(&self, pairs: &[cmi::Pair]) -> Option<Notice> {
        self.api.write(pairs)
    }
}

/// What starting under an LMS said, and the progress to show.
pub struct Started {
    /// What to tell the learner, in order.
    pub notices: Vec<Notice>,
}

/// A new attempt's token: 32 random bits, never 0 (which means "none").
pub(crate) fn new_token() -> u32 {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let t = (js_sys::Math::random() * 4_294_967_296.0) as u32;
    t.max(1)
}

/// Starts the quiz `spec` (its `questions`) under an LMS: finds the API, initializes, reads
/// the entry, the suspend data and the learner id, and starts where the LMS says
/// (`warp_model::lms::resume`: a new attempt blank, a resumed one exactly the LMS's, filled
/// only from this browser's copy of the same learner's same attempt). The attempt's answers
/// go into `progress`, an in-memory document the panel shows: under an LMS nothing is read
/// from or written to the learner's own progress in this browser. Without an API, or when
/// the LMS refuses to start, the quiz runs as a normal quiz and the notice says so. `pass` is
/// the package's own passing score (its launch URL's), used when the LMS hands none.
pub fn start(
    spec: QuizSpec,
    questions: &[Question],
    pass: PassScore,
    key: &str,
    progress: &mut Progress,
) -> Started {
    let Some((version, obj)) = discover() else {
        return Started {
            notices: vec![Notice::NoLms],
        };
    };
    let api = Api { obj, version };
    let c = version.calls();
    if !api.ok(c.initialize, &[""]) {
        let (code, detail) = api.last_error();
        return Started {
            notices: vec![Notice::InitializeFailed { code, detail }],
        };
    }
    let (entry, suspend, threshold, learner) = match version {
        Version::Scorm12 => (
            api.get("cmi.core.entry"),
            api.get("cmi.suspend_data"),
            api.get("cmi.student_data.mastery_score"),
            api.get("cmi.core.student_id"),
        ),
        Version::Scorm2004 => (
            api.get("cmi.entry"),
            api.get("cmi.suspend_data"),
            api.get("cmi.scaled_passing_score"),
            api.get("cmi.learner_id"),
        ),
    };
    let pass = PassScore::from_lms(version, &threshold).unwrap_or(pass);
    let copy_key = lms::attempt_store_key(&learner, &spec);
    let local = copy_key.as_deref().and_then(crate::storage::attempt);
    let launch = Launch {
        entry: &entry,
        suspend: &suspend,
        learner: &learner,
    };
    let resumed = lms::resume(spec, questions, &launch, local.as_deref(), new_token());
    let mine = progress.quizzes.entry(key.to_string()).or_default();
    mine.clear();
    for g in resumed.state.given() {
        if let Some(q) = questions.get(g.question) {
            mine.insert(
                q.qid.clone(),
                Answered {
                    raw: g.answer.raw.clone(),
                    correct: g.answer.correct,
                },
            );
        }
    }
    let now = js_sys::Date::now();
    let session = Session {
        api,
        state: resumed.state,
        copy_key,
        questions: questions.to_vec(),
        pass,
        started: now,
        last: now,
        done: false,
    };
    let mut notices = vec![Notice::Recording(version)];
    notices.extend(resumed.notice);
    notices.extend(session.write(&cmi::all_pairs(
        version,
        &session.state,
        &session.questions,
        pass,
    )));
    session.keep_copy();
    SESSION.with(|s| *s.borrow_mut() = Some(session));
    on_page_hide();
    Started { notices }
}

/// Records the answer `raw` (right or not) to the question at `position` with the LMS, if a
/// session is running; returns the LMS's first refusal (`None` when all was stored). The
/// answer is kept in this browser's copy of the attempt first, so a refusal loses nothing
/// the same learner's resume of this attempt cannot bring back.
pub fn answered(position: usize, raw: &str, correct: bool) -> Option<Notice> {
    SESSION.with(|s| {
        let mut s = s.borrow_mut();
        let s = s.as_mut().filter(|s| !s.done)?;
        let now = js_sys::Date::now();
        // Milliseconds since the question's turn began: the previous answer, or the launch.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let latency = (now - s.last).clamp(0.0, 1e12) as u64;
        s.last = now;
        s.state.record(position, raw, correct, latency)?;
        // The copy first: if the LMS refuses what follows, the same learner's resume of this
        // attempt still finds the answer.
        s.keep_copy();
        s.write(&cmi::after_answer(
            s.api.version,
            &s.state,
            &s.questions,
            s.pass,
        ))
    })
}

/// Ends the session when the page goes away: session time, commit, terminate (once).
fn on_page_hide() {
    when_page_hides(|| {
        SESSION.with(|s| {
            if let Some(s) = s.borrow_mut().as_mut().filter(|s| !s.done) {
                s.done = true;
                s.api.finish(s.started);
            }
        });
    });
}

/// Runs `end` when the page goes away (`pagehide`): where a SCORM session ends.
pub(crate) fn when_page_hides(end: impl Fn() + 'static) {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let end = Closure::<dyn Fn()>::new(end);
    let _ = window.add_event_listener_with_callback("pagehide", end.as_ref().unchecked_ref());
    // The page lives as long as the listener.
    end.forget();
}

async fn fetch(name: &str) -> Result<web_sys::Response, String> {
    let window = crate::browser::window().ok_or_else(String::new)?;
    let resp = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(name))
        .await
        .map_err(|e| text(&prop(&e, "message").unwrap_or(e)))?;
    let resp: web_sys::Response = resp.dyn_into().map_err(|e| text(&e))?;
    if resp.ok() {
        Ok(resp)
    } else {
        Err(format!("HTTP {}", resp.status()))
    }
}

async fn fetch_bytes(name: &str) -> Result<Vec<u8>, String> {
    let resp = fetch(name).await?;
    let buf = wasm_bindgen_futures::JsFuture::from(resp.array_buffer().map_err(|e| text(&e))?)
        .await
        .map_err(|e| text(&e))?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}

/// Now, as the zip's DOS time (local time, as zip tools show it).
fn now_dos() -> DosDateTime {
    let d = js_sys::Date::new_0();
    #[allow(clippy::cast_possible_truncation)]
    let n = |v: u32| v as u8;
    #[allow(clippy::cast_possible_truncation)]
    DosDateTime::new(
        d.get_full_year() as u16,
        n(d.get_month() + 1),
        n(d.get_date()),
        n(d.get_hours()),
        n(d.get_minutes()),
        n(d.get_seconds()),
    )
    .unwrap_or_default()
}

/// A package built: its bytes and how many files it holds (the manifest included).
pub struct Package {
    /// The zip.
    pub bytes: Vec<u8>,
    /// Files in it.
    pub files: usize,
}

/// `bytes` as a raw DEFLATE stream, by the browser's own `CompressionStream('deflate-raw')`
/// (no compressor in the wasm); `None` where the browser has none (the file is then stored).
async fn deflate_raw(bytes: &[u8]) -> Option<Vec<u8>> {
    let cs = web_sys::CompressionStream::new(web_sys::CompressionFormat::DeflateRaw).ok()?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).ok()?;
    let pair = web_sys::ReadableWritablePair::new(&cs.readable(), &cs.writable());
    let out = blob.stream().pipe_through(&pair);
    let resp = web_sys::Response::new_with_opt_readable_stream(Some(&out)).ok()?;
    let buf = wasm_bindgen_futures::JsFuture::from(resp.array_buffer().ok()?)
        .await
        .ok()?;
    Some(js_sys::Uint8Array::new(&buf).to_vec())
}

/// Builds the package launching `sco` (a quiz, or an assignment) for `version`, passed at
/// `pass`: the files of `files.txt` that the SCO's pages need (`bundles`, in the package's
/// language, the shell, the favicon: `warp_model::package::files_of`), fetched from the page's
/// own folder, each deflated, and the manifest.
///
/// # Errors
/// A sentence naming what failed (the list, a file, the manifest, the zip).
pub async fn build_package_of(
    version: Version,
    sco: &manifest::Sco,
    pass: PassScore,
    bundles: &[&str],
) -> Result<Package, String> {
    use warp_model::tr;
    let list = match fetch("files.txt").await {
        Ok(r) => wasm_bindgen_futures::JsFuture::from(r.text().map_err(|e| text(&e))?)
            .await
            .map(|t| text(&t))
            .map_err(|e| text(&e)),
        Err(e) => Err(e),
    }
    .map_err(|reason| tr!("ui.quiz.scorm.no-list", reason))?;
    let site: Vec<&str> = list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let names = warp_model::package::files_of(&site, bundles, &sco.launch);
    // Checked before anything is fetched: only relative package paths, so only this site.
    let xml = manifest::manifest_of(version, sco, pass, &names)
        .map_err(|e| tr!("ui.quiz.scorm.bad-package", reason = e.message()))?;
    let mut zip = ZipWriter::new(now_dos());
    for name in &names {
        // The package's page is the site's shell (a prerendered page's links lead out of it);
        // a site without prerendered pages (the dev build) has only its `index.html`.
        // The build marks the shell as a package's page (`package::packaged_launch_page`): it
        // registers no service worker, which the package does not hold.
        let bytes = if *name == warp_model::lms::LAUNCH_FILE {
            match fetch_bytes(warp_model::lms::SHELL_FILE).await {
                Ok(b) => Ok(b),
                Err(_) => fetch_bytes(name).await,
            }
        } else {
            fetch_bytes(name).await
        };
        let bytes =
            bytes.map_err(|reason| tr!("ui.quiz.scorm.fetch-failed", file = *name, reason))?;
        let added = match deflate_raw(&bytes).await {
            Some(packed) => zip.add_deflated(name, &bytes, &packed),
            None => zip.add(name, &bytes),
        };
        added.map_err(|e| tr!("ui.quiz.scorm.bad-package", reason = e.message()))?;
    }
    zip.add(MANIFEST_FILE, xml.as_bytes())
        .map_err(|e| tr!("ui.quiz.scorm.bad-package", reason = e.message()))?;
    Ok(Package {
        files: names.len() + 1,
        bytes: zip.finish(),
    })
}
