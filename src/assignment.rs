//! The assignment page (`assignment=1&title=…&step=…`) and the author page (`panel=author`).
//!
//! An assignment's page shows its steps as a numbered path (each step's state and score), the
//! assignment's score, Previous / Next, and the current step in a frame: the step's own page
//! with its own bundle, embedded and graded (`graded=1`, or `graded=lms` under an LMS). The
//! frame reports with the messages every embedded page posts (`forecast`, `challenge-stars`,
//! `quiz-score`); this page takes a message only from the current step's frame, on its own
//! origin, and the model validates and applies it (`warp_model::assignment::record`). What the
//! steps earned is kept per assignment in this browser's progress, or under an LMS by the LMS
//! alone (`lms.rs`).

pub mod author;
pub mod lms;
pub mod solved;

use leptos::prelude::*;
use warp_model::assignment::record::{self, Fraction, Record, Report, StepState};
use warp_model::assignment::{self, Assignment, Step, StepKind};
use warp_model::lms::{Notice, PassScore};
use warp_model::page::{presentation, Graded, Tool};
use warp_model::params::ParamError;
use warp_model::query::Query;
use warp_model::{t, tr};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::errors::ErrorList;
use crate::{embed, storage, url};

/// The page of `tool`.
pub fn view(tool: Tool, query: Query) -> AnyView {
    match tool {
        Tool::Assignment => player(query),
        Tool::Author => author::view(query),
    }
}

/// The assignment a learner works through (the assignment page's own bundle draws only this).
pub fn player(query: Query) -> AnyView {
    view! { <Player query=query /> }.into_any()
}

/// A message's field as text (numbers and booleans written out), for the model to validate.
fn field(data: &JsValue, name: &str) -> Option<String> {
    crate::browser::js_text(&js_sys::Reflect::get(data, &name.into()).ok()?)
}

/// A score as the page writes it (`N %`).
fn percent(score: Fraction) -> String {
    format!("{} %", score.percent())
}

/// How a step is graded, in words.
fn how(kind: StepKind) -> &'static str {
    match kind {
        StepKind::Prediction => t!("ui.assignment.how.prediction"),
        StepKind::Challenge => t!("ui.assignment.how.challenge"),
        StepKind::Quiz => t!("ui.assignment.how.quiz"),
    }
}

fn state_label(s: StepState) -> &'static str {
    match s {
        StepState::NotStarted => t!("ui.assignment.state.not-started"),
        StepState::Started => t!("ui.assignment.state.started"),
        StepState::Done => t!("ui.assignment.state.done"),
    }
}

/// The page's reactive state, shared by its parts: the step shown, what the steps earned, and
/// the notices about keeping it.
#[derive(Clone, Copy)]
struct Attempt {
    current: RwSignal<usize>,
    record: RwSignal<Record>,
    notices: RwSignal<Vec<Notice>>,
    kept_notice: RwSignal<Option<String>>,
    /// Bumped to open the current step's frame again (with what is recorded now): another tab
    /// answered it first (issue 64).
    reopen: RwSignal<u32>,
}

/// The assignment a learner works through.
#[component]
fn Player(query: Query) -> impl IntoView {
    let (a, mut errors) = assignment::read(&query).unwrap_or_else(|| {
        let (a, e) = assignment::from_parts("", std::iter::empty());
        (a, e)
    });
    let look = presentation(&query).0;
    let under_lms = warp_model::lms::scorm_launch(query.get("lms")).unwrap_or_else(|e| {
        errors.push(e);
        false
    });
    let pass = query
        .get("pass-score")
        .map_or(Ok(PassScore::DEFAULT), PassScore::parse)
        .unwrap_or_else(|e| {
            errors.push(e);
            PassScore::DEFAULT
        });
    let key = a.key();
    let notices = RwSignal::new(Vec::<Notice>::new());
    let kept_notice = RwSignal::new(None::<String>);
    let (record, under_lms) = open_record(&a, &key, under_lms, pass, notices, kept_notice);
    let graded = if under_lms { Graded::Lms } else { Graded::Step };
    let record = RwSignal::new(record);
    let steps = StoredValue::new(a.steps.clone());
    let n = a.steps.len();
    let current = RwSignal::new(opening_step(&query, &a, record, &mut errors));
    let reopen = RwSignal::new(0u32);
    let page = Attempt {
        current,
        record,
        notices,
        kept_notice,
        reopen,
    };
    let go = move |i: usize| {
        if i < n {
            current.set(i);
            let mut q = url::read_query();
            let number = steps.with_value(|s| s[i].number);
            q.set("at", Some(&number.to_string()));
            url::replace_query(&q);
        }
    };
    // The predictions not yet answered, kept for the pages of this browser to hold back (issue
    // 64): written as the page opens and after every change (`listen_to_frame`); never under
    // an LMS, where nothing is kept.
    if !under_lms {
        record.with_untracked(|r| keep_pending(&a, &key, r));
    }
    let frame_ref = NodeRef::<leptos::html::Iframe>::new();
    listen_to_frame(frame_ref, page, a.clone(), key.clone(), under_lms);
    let lang = warp_model::i18n::lang();
    let frame_src = move || {
        reopen.track();
        steps.with_value(|s| {
            let at = current.get();
            s.get(at).map(|step| {
                // What is recorded when the step opens (not tracked: the frame that just
                // reported keeps its own reveal; the next visit opens with the record).
                let (recorded, code) =
                    record.with_untracked(|r| (r.prediction(at), r.code(at).map(str::to_string)));
                let q = Assignment::frame_query(
                    step,
                    recorded.as_ref(),
                    code.as_deref(),
                    graded,
                    lang,
                    look.theme,
                );
                // The step's own page with the rest as its query (`warp_model::site::link_to`:
                // `embed/example/divergence/C4/?graded=1`), where its view has a page.
                format!("{}{}", embed::page_base(), warp_model::site::link_to(&q))
            })
        })
    };
    let score = move || record.with(Record::score);
    let title = a.shown_title();
    let count = n;
    // Issue 64: a link whose title or steps were changed is another assignment; its
    // fingerprint says so, and the report a learner sends names it.
    let id = a.fingerprint();
    let report = {
        let a = a.clone();
        move || a.report(&percent(score()), record.with(Record::done))
    };
    view! {
        <section class="panel assignment" data-panel="assignment" data-assignment=key.clone()>
            <h1 data-assignment-title="">{title}</h1>
            <p class="note" data-assignment-id=id.clone()>{tr!("ui.assignment.id", id = id.clone())}</p>
            <p class="question">{tr!("ui.assignment.intro", count)}</p>
            <ErrorList errors=Signal::stored(errors) />
            {move || notices.get().into_iter().map(|x| view! {
                <p class="notice" role="status" data-lms-notice=x.kind() data-lms-note=x.note()>{x.message()}</p>
            }).collect_view()}
            {move || kept_notice.get().map(|text| view! { <p class="notice" role="status" data-assignment-notice="">{text}</p> })}
            {step_path(&a.steps, page, go)}
            <p class="assignment-total">
                {t!("ui.assignment.score")} " "
                <strong data-metric="assignment-score" data-value=move || score().ratio()>
                    {move || percent(score())}
                </strong>
                " · "
                <span>{move || tr!("ui.assignment.done-of", done = record.with(Record::done), count)}</span>
            </p>
            <p class="hint">{t!("ui.assignment.score-rule")}</p>
            <p class="note">{t!("ui.assignment.report")} " " <output data-assignment-report="">{report}</output></p>
            <nav class="step-nav" aria-label=t!("ui.assignment.nav")>
                <button type="button" data-action="previous-step" disabled=move || current.get() == 0
                    on:click=move |_| go(current.get_untracked().saturating_sub(1))>
                    {t!("ui.assignment.previous")}
                </button>
                <span>{move || tr!("ui.assignment.position", at = current.get() + 1, count)}</span>
                <button type="button" data-action="next-step" disabled={move || current.get() + 1 >= n}
                    on:click=move |_| go(current.get_untracked() + 1)>
                    {t!("ui.assignment.next")}
                </button>
            </nav>
            {move || steps.with_value(|s| s.get(current.get()).cloned()).map(|step: Step| {
                let i = current.get_untracked();
                view! {
                    <section class="step-current" data-current-step=step.number>
                        <h2>{tr!("ui.assignment.step", number = step.number)} " · " {step.kind.label()} ": " {step.label()}</h2>
                        <p class="step-how">{how(step.kind)}</p>
                        <p class="step-recorded" data-step-recorded=move || record.with(|r| r.state(i)).name()>
                            {move || {
                                let s = record.with(|r| r.step_score(i));
                                match record.with(|r| r.state(i)) {
                                    StepState::NotStarted => t!("ui.assignment.recorded-none").to_string(),
                                    _ => tr!("ui.assignment.recorded", score = percent(s)),
                                }
                            }}
                        </p>
                    </section>
                }
            })}
            {move || frame_src().map(|src| {
                let number = current.with(|&i| steps.with_value(|s| s.get(i).map_or(0, |s| s.number)));
                view! {
                    <iframe
                        class="step-frame"
                        node_ref=frame_ref
                        src=src
                        title=tr!("ui.assignment.frame", number)
                        data-step-frame=number
                    ></iframe>
                }
            })}
        </section>
    }
}

/// A frame's reported height (`123` or `123.4` CSS pixels) as whole pixels, rounded up and at
/// most 20,000; `None` for anything else, or 0.
fn frame_height(text: &str) -> Option<u32> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 9 || !digits(whole) || !digits(fraction) {
        return None;
    }
    let up = u32::from(fraction.bytes().any(|b| b != b'0'));
    let h = whole.parse::<u32>().ok()?.saturating_add(up).min(20_000);
    (h > 0).then_some(h)
}

/// Keeps `record`'s held steps for assignment `key` (`storage::PENDING`).
fn keep_pending(a: &Assignment, key: &str, record: &Record) {
    storage::keep_held_steps(key, &record::held_steps(a, record));
}

/// The record the page opens with, and whether the LMS keeps it: under an LMS that answered,
/// the LMS's; else the one kept in this browser under `key` (or a new one).
fn open_record(
    a: &Assignment,
    key: &str,
    mut under_lms: bool,
    pass: PassScore,
    notices: RwSignal<Vec<Notice>>,
    kept_notice: RwSignal<Option<String>>,
) -> (Record, bool) {
    // No LMS answered (issue 43): the page says so, and keeps the work in this browser as an
    // assignment without an LMS does, never dropped in silence.
    let started = under_lms.then(|| lms::start(a, pass));
    if started
        .as_ref()
        .is_some_and(|s| s.notices.contains(&Notice::NoLms))
    {
        under_lms = false;
        notices.set(vec![Notice::NoLms]);
    }
    let record = if let Some(started) = started.filter(|_| under_lms) {
        notices.set(started.notices);
        if let Some(p) = started.problem {
            kept_notice.set(Some(tr!(
                "ui.assignment.resume-failed",
                problem = p.message()
            )));
        }
        started.record
    } else {
        match storage::assignment_record(key).map(|t| Record::decode(a, &t)) {
            Some(Ok(r)) => r,
            Some(Err(p)) => {
                kept_notice.set(Some(tr!(
                    "ui.assignment.resume-failed",
                    problem = p.message()
                )));
                Record::new(a, 0)
            }
            None => Record::new(a, 0),
        }
    };
    (record, under_lms)
}

/// The step the page opens on: `at=` (a step's number), else the first not done. An `at=` that
/// names no step is said in `errors`.
fn opening_step(
    query: &Query,
    a: &Assignment,
    record: RwSignal<Record>,
    errors: &mut Vec<ParamError>,
) -> usize {
    let first_open = (0..a.steps.len())
        .find(|&i| record.with_untracked(|r| r.state(i)) != StepState::Done)
        .unwrap_or(0);
    let at = query
        .get("at")
        .and_then(|v| v.trim().parse::<usize>().ok())
        .and_then(|num| a.steps.iter().position(|s| s.number == num));
    if query.get("at").is_some() && at.is_none() {
        let numbers: Vec<String> = a.steps.iter().map(|s| s.number.to_string()).collect();
        errors.push(ParamError::new(
            "at",
            tr!(
                "ui.assignment.at-invalid",
                value = warp_model::params::quote(query.get("at").unwrap_or("")),
                numbers = numbers.join(", ")
            ),
        ));
    }
    at.unwrap_or(first_open)
}

/// Listens to the current step's frame (its messages only, and only from this page's origin):
/// a resize, or the step's report, applied to the record and kept (by the LMS, else here).
fn listen_to_frame(
    frame_ref: NodeRef<leptos::html::Iframe>,
    page: Attempt,
    a: Assignment,
    store_key: String,
    under_lms: bool,
) {
    let Attempt {
        current,
        record,
        notices,
        kept_notice,
        reopen,
    } = page;
    let a_stored = StoredValue::new(a);
    // Another tab or window of this browser may have written the record since this one read
    // it (issue 64: a step answered wrong in tab A was answered again, right, in tab B, and
    // B's write stood). Before a report is applied, and whenever another tab writes, the kept
    // record is read again and taken: the first answer written anywhere stands. A step this
    // page showed unanswered that is answered there is said, and its frame opened again on
    // the recorded verdict.
    let catch_up = {
        let store_key = store_key.clone();
        move || {
            if under_lms {
                return;
            }
            let Some(Ok(kept)) = a_stored.with_value(|a| {
                storage::assignment_record(&store_key).map(|t| Record::decode(a, &t))
            }) else {
                return;
            };
            let at = current.get_untracked();
            let was = record.with_untracked(|r| r.state(at));
            if record.with_untracked(|r| *r == kept) {
                return;
            }
            let now = kept.state(at);
            record.set(kept);
            if was == StepState::NotStarted && now != StepState::NotStarted {
                let number = a_stored.with_value(|a| a.steps.get(at).map_or(0, |s| s.number));
                kept_notice.set(Some(tr!("ui.assignment.answered-elsewhere", number)));
                reopen.update(|n| *n += 1);
            }
        }
    };
    if !under_lms {
        let on_storage = Closure::<dyn FnMut(web_sys::Event)>::new({
            let catch_up = catch_up.clone();
            // Only a write of the records (`storage::ASSIGNMENTS`), or a cleared storage: any
            // other key, the storage probe's included, would answer every tab's read with an
            // event in every other tab, for ever.
            move |ev: web_sys::Event| {
                let key = js_sys::Reflect::get(&ev, &"key".into()).ok();
                let key = key.as_ref().and_then(wasm_bindgen::JsValue::as_string);
                if key.is_none_or(|k| k == storage::ASSIGNMENTS) {
                    catch_up();
                }
            }
        });
        if let Some(w) = crate::browser::window() {
            let _ =
                w.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
        }
        // The page lives as long as the listener.
        on_storage.forget();
    }
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let Some(frame) = frame_ref.get_untracked() else {
                return;
            };
            let Some(win) = frame.content_window() else {
                return;
            };
            let from_frame = ev
                .source()
                .is_some_and(|s| js_sys::Object::is(&s, win.as_ref()));
            let own_origin = crate::browser::window()
                .and_then(|w| w.location().origin().ok())
                .is_some_and(|o| o == ev.origin());
            let data = ev.data();
            if !from_frame || !own_origin || !data.is_object() {
                return;
            }
            if field(&data, "type").as_deref() == Some("resize") {
                // Whole pixels, read without a float parser (std's is 1.4 kB gzip of this
                // bundle, issue 64's round): the frame's height rounded up, at most 20,000.
                if let Some(h) = field(&data, "height").and_then(|h| frame_height(&h)) {
                    let el: &web_sys::HtmlElement = frame.unchecked_ref();
                    let _ = el.style().set_property("height", &format!("{h}px"));
                }
                return;
            }
            let Some(report) = Report::from_fields(|name| field(&data, name)) else {
                return;
            };
            catch_up();
            let at = current.get_untracked();
            let changed = a_stored.with_value(|a| {
                let mut changed = false;
                record.update(|r| changed = r.apply(a, at, &report));
                changed
            });
            if changed {
                let text = record.with_untracked(Record::encode);
                if under_lms {
                    if let Some(refused) = record.with_untracked(|r| lms::answered(r, at)) {
                        notices.update(|ns| {
                            ns.retain(|x| !matches!(x, Notice::Refused { .. }));
                            ns.push(refused);
                        });
                    }
                } else if !a_stored.with_value(|a| {
                    record.with_untracked(|r| keep_pending(a, &store_key, r));
                    storage::keep_assignment_record(&store_key, &text)
                }) && !storage::is_private()
                {
                    kept_notice.set(Some(tr!("ui.assignment.not-kept")));
                }
            }
        });
    if let Some(w) = crate::browser::window() {
        let _ = w.add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref());
    }
    // The page lives as long as the listener.
    on_message.forget();
}

/// The steps as a numbered path: each step's kind, name, state and score, a button to it.
fn step_path(steps: &[Step], page: Attempt, go: impl Fn(usize) + Copy + 'static) -> impl IntoView {
    let Attempt {
        current, record, ..
    } = page;
    view! {
        <ol class="assignment-path" aria-label=t!("ui.assignment.path")>
            {steps.iter().enumerate().map(|(i, s)| {
                let number = s.number;
                let kind = s.kind;
                let name = s.label();
                let metric = format!("step-{number}-score");
                let state = move || record.with(|r| r.state(i));
                let step_score = move || record.with(|r| r.step_score(i));
                view! {
                    <li
                        data-step=number
                        data-step-kind=kind.name()
                        data-step-state=move || state().name()
                        aria-current=move || (current.get() == i).then_some("step")
                    >
                        <button type="button" data-action="go-step" data-go=number on:click=move |_| go(i)>
                            <span class="step-number">{tr!("ui.assignment.step", number)}</span>
                            <span class="step-kind">{kind.label()}</span>
                            <span class="step-name">{name}</span>
                            <span class="step-state">{move || state_label(state())}</span>
                            <span class="step-score" data-metric=metric data-value=move || step_score().ratio()>
                                {move || percent(step_score())}
                            </span>
                        </button>
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

// Natively, as the app's unit tests run (`ssr`).
#[cfg(test)]
mod tests;
