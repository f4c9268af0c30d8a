//! A challenge's check, off the page's main thread (issue 43: a learner's endless loop froze
//! the tab, and the assignment that held it, for minutes).
//!
//! The check runs in a dedicated worker: its own small bundle (`src/bin/check.rs`: the model's
//! interpreter and challenges, no views), one per language like every page's, built by
//! `cargo xtask dist`, which writes a module script that starts it and tells the page its name
//! (`window.warpCheck`, set by the loader). The page sends the worker its query (the challenge
//! and the learner's source, as [`check_query`] writes them); the worker says when each test
//! starts and sends the report as text (`challenge::wire`). Stop terminates the worker: nothing is graded.
//!
//! The protocol, one home for both ends: every message one string, its kind first.
//! - worker → page `ready` once it is listening; page → worker the query;
//! - worker → page `test:<k>` before test `k` (from 0), then `report:<text>`
//!   (`challenge::wire`), or `none` when the query names no challenge that reads;
//! - page → worker `run:<query>`: a kernel's run (issue 65: the Run, a link's run on load, the
//!   SM's timing), answered by one `Uint8Array`, the run's bytes (`kernel_lab::ran`);
//! - page → worker `gpu:<query>`: the lab's launch on the learner's GPU (issue 69), answered
//!   by `report:<markup>` (`src/gpu/lab.rs`).
//!
//! Where no worker can start (a page opened from a file, a browser without module workers)
//! the page says so and checks nothing: the check never runs on the page's thread, which
//! also keeps the checker out of the page's bundle.
//!
//! Written by hand on web-sys: gloo-worker would add its own message format and bincode.

use std::cell::RefCell;
use std::rc::Rc;

use warp_model::kernel_lab::challenge::{wire, CheckReport};
use warp_model::kernel_lab::panel::check_link;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

pub use warp_model::kernel_lab::panel::check_query;

pub(crate) const READY: &str = "ready";
const TEST: &str = "test:";
pub(crate) const REPORT: &str = "report:";
pub(crate) const NONE: &str = "none";
/// Page → worker: the query after it is a kernel's run, not a check; the worker answers with
/// the run's bytes (`kernel_lab::ran`), one `Uint8Array`.
const RUN: &str = "run:";
/// Page → worker: the query after it is the lab's launch to run on the learner's GPU (issue
/// 69), answered with `report:` and the report's markup (`src/gpu/lab.rs`).
pub(crate) const GPU: &str = "gpu:";

/// Which worker a page starts: each is its own bundle, started from the module script the
/// loader names in `window`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// A challenge's check (`window.warpCheck`, `src/bin/check.rs`).
    Check,
    /// A quiz question's solution (`window.warpSolve`, `src/bin/solve.rs`,
    /// `src/solve_worker.rs`): it speaks this protocol, never sends `test:`.
    Solve,
    /// The plain lab's run (`window.warpRun`, `src/bin/run.rs`, issue 65): the interpreter and
    /// the SM's timing, no challenge; it answers `run:` only.
    Run,
    /// The lab's launch on the learner's GPU (`window.warpGpu`, `src/bin/gpu-run.rs`, issue
    /// 69): the model's run, the WGSL translation and the WebGPU runner; it answers `gpu:`
    /// only.
    Gpu,
}

/// Where the worker's bundle sits: the module script the loader names (`window.warpCheck`,
/// `window.warpSolve`).
fn script(which: Which) -> Option<String> {
    let w = web_sys::window()?;
    let key = match which {
        Which::Check => "warpCheck",
        Which::Solve => "warpSolve",
        Which::Run => "warpRun",
        Which::Gpu => "warpGpu",
    };
    js_sys::Reflect::get(&w, &JsValue::from_str(key))
        .ok()?
        .as_string()
        .filter(|s| !s.is_empty())
}

/// What the page hears from a running check: the report read as the page asks
/// ([`start`]: the whole report; [`start_with`]: what the caller's reader takes of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard<R = CheckReport> {
    /// Test `k` (from 0) has started.
    Test(usize),
    /// The check ended with this report.
    Report(R),
    /// The check could not run or broke off (in words, for the learner).
    Broken(String),
}

/// A check running in its worker; dropping it stops the check (the worker is terminated).
pub struct Job {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Job {
    /// Stops the check now; the job's handlers are dropped a moment later, as the handler that
    /// may be calling this (the report's) must not be freed under itself.
    pub fn end(self) {
        self.worker.terminate();
        gloo_timers::callback::Timeout::new(0, move || drop(self)).forget();
    }
}

/// Ends the job `job` holds, if it holds one (a page's running check or solution), and leaves
/// it empty; nothing when the owner that held it is gone.
pub fn end_held(job: leptos::prelude::StoredValue<Option<Job>, leptos::prelude::LocalStorage>) {
    use leptos::prelude::UpdateValue;
    let mut taken = None;
    job.try_update_value(|j| taken = j.take());
    if let Some(j) = taken {
        j.end();
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// Starts the check of `query` in a worker; `heard` is told each test's start and the end.
/// `None` when no worker can start here (the caller checks on the page's thread).
pub fn start(query: String, heard: impl Fn(Heard) + 'static) -> Option<Job> {
    start_with(Which::Check, query, wire::decode, heard)
}

/// [`start`] in worker `which`, the report read by `read` (the author page asks only whether
/// every test passed, `wire::passed_all`, and so links none of the report's reader; the quiz
/// page reads a solution's worked steps).
pub fn start_with<R: 'static>(
    which: Which,
    query: String,
    read: fn(&str) -> Option<R>,
    heard: impl Fn(Heard<R>) + 'static,
) -> Option<Job> {
    spawn(
        which,
        query,
        move |data| {
            let text = data.as_string().unwrap_or_default();
            text.strip_prefix(REPORT)
                .and_then(read)
                .ok_or_else(|| text.chars().take(40).collect())
        },
        heard,
    )
}

/// A kernel's run (the Run button, a link's run on load, a preset; issue 65) in worker
/// `which` (the run worker for the plain lab, the check's for a challenge's page): `query` is
/// the page's ([`check_query`]), and `heard` gets the worker's bytes of the output the page
/// draws (`kernel_lab::ran`), once they read. `None` where no worker can start: the page runs
/// nothing on its own thread, where a kernel that never ends would hold it.
pub fn start_run(
    which: Which,
    query: &str,
    heard: impl Fn(Heard<Vec<u8>>) + 'static,
) -> Option<Job> {
    spawn(
        which,
        format!("{RUN}{query}"),
        |data| {
            data.dyn_ref::<js_sys::Uint8Array>()
                .map(js_sys::Uint8Array::to_vec)
                .filter(|bytes| warp_model::kernel_lab::ran::read_ran(bytes).is_some())
                .ok_or_else(|| "run".to_string())
        },
        heard,
    )
}

/// Worker `which`, started from the module script the loader names; `None` where none can
/// start (no script named, a page opened from a file).
pub(crate) fn new_worker(which: Which) -> Option<web_sys::Worker> {
    let url = script(which)?;
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    web_sys::Worker::new_with_options(&url, &options).ok()
}

/// Starts worker `which` on `query`; `read` takes the worker's last message (its report, its
/// run) or says in a few words why it does not read.
fn spawn<R: 'static>(
    which: Which,
    query: String,
    read: impl Fn(&JsValue) -> Result<R, String> + 'static,
    heard: impl Fn(Heard<R>) + 'static,
) -> Option<Job> {
    // Natively (the prerendered pages' build) there is no browser to start a worker in.
    if !cfg!(target_arch = "wasm32") {
        return None;
    }
    let worker = new_worker(which)?;
    let heard = Rc::new(heard);
    let to = worker.clone();
    let job = RefCell::new(Some(query));
    let on_message = {
        let heard = Rc::clone(&heard);
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            let text = data.as_string();
            if text.as_deref() == Some(READY) {
                if let Some(q) = job.borrow_mut().take() {
                    let _ = to.post_message(&JsValue::from_str(&q));
                }
            } else if let Some(k) = text
                .as_deref()
                .and_then(|t| t.strip_prefix(TEST))
                .and_then(|k| k.parse().ok())
            {
                heard(Heard::Test(k));
            } else {
                heard(read(&data).map_or_else(Heard::Broken, Heard::Report));
            }
        })
    };
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
        let why = ev
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(web_sys::ErrorEvent::message)
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| "worker".into());
        heard(Heard::Broken(why));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Job {
        worker,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// The worker's side (`src/bin/check.rs`): listens for a query, checks it, answers.
pub fn serve() {
    listen(|query, answer| {
        if let Some(run) = query.strip_prefix(RUN) {
            post_bytes(&warp_model::kernel_lab::ran::run_challenge(run));
            return;
        }
        let report = check_link(query, |k| answer(&format!("{TEST}{k}")));
        match report {
            Some(r) => answer(&format!("{REPORT}{}", wire::encode(&r))),
            None => answer(NONE),
        }
    });
}

/// The run worker's side (`src/bin/run.rs`): answers each `run:` query with the plain lab's
/// run, as bytes; any other message with `none`.
pub fn serve_runs() {
    listen(|query, answer| match query.strip_prefix(RUN) {
        Some(run) => post_bytes(&warp_model::kernel_lab::ran::run_plain(run)),
        None => answer(NONE),
    });
}

/// Posts `bytes` to the worker's page as one `Uint8Array`.
fn post_bytes(bytes: &[u8]) {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&js_sys::Uint8Array::from(bytes));
}

/// A worker's side: in its bundle's language, says `ready`, then answers each query the page
/// sends by `handle` (the query, and how to post a message back).
pub(crate) fn listen(handle: impl Fn(&str, &dyn Fn(&str)) + 'static) {
    // The worker's words (a failure, a race) are in its bundle's language: a Hinglish page's
    // worker is the Hinglish bundle, which holds no English (its messages were all "missing"
    // while the worker spoke the default, English). The dev build's one bundle speaks English.
    if cfg!(feature = "only-hinglish") {
        warp_model::i18n::set_lang(warp_model::i18n::Lang::Hinglish);
    }
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = {
        let scope = scope.clone();
        move |text: &str| {
            let _ = scope.post_message(&JsValue::from_str(text));
        }
    };
    let answer = post.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let query = ev.data().as_string().unwrap_or_default();
            handle(&query, &answer);
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as its page wants it: the handler is never dropped.
    on_message.forget();
    post(READY);
}
