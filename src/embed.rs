//! The browser side of embedding: the theme attribute, height reports to the parent page, and
//! the parent's messages (validated by `warp_model::embed::HostMessage` before anything acts on
//! them). The message shapes are docs/embedding.md's contract.

use std::cell::Cell;
use std::rc::Rc;

use warp_model::embed::{HostMessage, MAX_REPORTED_HEIGHT};
use warp_model::page::Theme;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Sets `data-theme` on `<html>` (removed for `auto`, which follows prefers-color-scheme).
pub fn apply_theme(theme: Theme) {
    let Some(root) = crate::browser::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = match theme {
        Theme::Auto => root.remove_attribute("data-theme"),
        t => root.set_attribute("data-theme", t.name()),
    };
}

/// The height of the page's content in CSS pixels; `None` before there is any (the app not
/// yet drawn), so that a parent is never told 0.
///
/// The `<html>` element's box is the content's height whatever the frame's own height; its
/// `scrollHeight` is not (it is never less than the frame, so a frame could never shrink).
/// `body.scrollHeight` adds what overflows the body.
fn content_height() -> Option<u32> {
    let document = crate::browser::window()?.document()?;
    let root = document.document_element()?;
    let body = document.body()?;
    let h = root
        .get_bounding_client_rect()
        .height()
        .max(f64::from(body.scroll_height()))
        .ceil();
    if h < 1.0 {
        return None;
    }
    // Heights are small positive numbers; clamp before the cast.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Some(h.min(f64::from(MAX_REPORTED_HEIGHT)) as u32)
}

/// Where a frame's messages may go: in a graded frame (`graded=`) only to this site's own
/// origin, the assignment page's (issue 43: a report is not for any page that frames the step);
/// elsewhere to any parent, as docs/embedding.md promises course pages.
fn parent_origin() -> String {
    let graded = warp_model::page::presentation(&crate::url::read_query())
        .0
        .graded
        .is_step();
    crate::browser::window()
        .filter(|_| graded)
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_else(|| "*".to_string())
}

/// In a graded frame, every link the learner follows opens in a new tab (`target=_blank`,
/// `rel=noopener`), set on the link as it is clicked (a capturing listener: links drawn later,
/// such as a quiz answer's "open the scenario", are covered too), so that nothing leaves the step.
pub fn links_open_in_a_new_tab() {
    let Some(document) = crate::browser::window().and_then(|w| w.document()) else {
        return;
    };
    let on_click = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
        let link = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("a[href]").ok().flatten());
        if let Some(a) = link {
            let _ = a.set_attribute("target", "_blank");
            let _ = a.set_attribute("rel", "noopener");
        }
    });
    let _ = document.add_event_listener_with_callback_and_bool(
        "click",
        on_click.as_ref().unchecked_ref(),
        true,
    );
    // The listener lives as long as the page.
    on_click.forget();
}

fn post_height(last: &Cell<u32>, force: bool) {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    // Nothing drawn yet: the observer below reports the first real height.
    let Some(height) = content_height() else {
        return;
    };
    if !force && height == last.get() {
        return;
    }
    last.set(height);
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"source".into(), &"warp-lab".into());
    let _ = js_sys::Reflect::set(&msg, &"type".into(), &"resize".into());
    let _ = js_sys::Reflect::set(&msg, &"height".into(), &JsValue::from(height));
    let _ = parent.post_message(&msg, &parent_origin());
}

fn field(data: &JsValue, name: &str) -> Option<String> {
    js_sys::Reflect::get(data, &name.into()).ok()?.as_string()
}

/// In an iframe: reports the height once the content is drawn and on every change of it, and
/// answers the parent's documented messages. Outside a frame it does nothing.
///
/// Called while the app is built, before it is in the page: the first report comes from the
/// resize observer, which calls back once the body has its first layout (never a height of 0).
pub fn start_frame_reporting() {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let in_frame = window.parent().ok().flatten().is_some_and(|p| p != window);
    if !in_frame {
        return;
    }
    let last = Rc::new(Cell::new(0));

    if let Some(body) = window.document().and_then(|d| d.body()) {
        let l = last.clone();
        let on_resize = Closure::<dyn FnMut()>::new(move || post_height(&l, false));
        if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
            observer.observe(&body);
            // The observer and its callback live as long as the page.
            std::mem::forget(observer);
        }
        on_resize.forget();
    }

    let l = last.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            if !data.is_object() {
                return;
            }
            match HostMessage::from_fields(|name| field(&data, name)) {
                Some(HostMessage::RequestHeight) => post_height(&l, true),
                Some(HostMessage::SetTheme(t)) => apply_theme(t),
                Some(HostMessage::SetLang(lang)) => switch_lang(lang),
                None => {}
            }
        });
    let _ = window.add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref());
    on_message.forget();
}

/// Reloads the frame at the same address in `lang` (the language is set once per page); the
/// inputs are in the address and the quiz progress in storage, so nothing is lost.
fn switch_lang(lang: warp_model::i18n::Lang) {
    if lang == warp_model::i18n::lang() {
        return;
    }
    if let Some(w) = crate::browser::window() {
        let search = warp_model::site::switch_href(&crate::url::read_query(), lang);
        let _ = w.location().replace(&search);
    }
}

/// The site's root as an absolute address (origin and folder, ending in `/`): the page's base
/// (`document.baseURI`: a prerendered page's `<base href>` names the root) without its query,
/// hash and file name. Links written for another page (the embed snippet, an assignment's
/// link) start from it.
#[must_use]
pub fn page_base() -> String {
    let base = crate::browser::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    let base = base.split(['?', '#']).next().unwrap_or_default();
    // `str::get`, not slicing: a slice's panic path costs every page its message code.
    base.rfind('/')
        .and_then(|i| base.get(..=i))
        .unwrap_or(base)
        .to_string()
}

/// In a frame, posts `{source: "warp-lab", type, …fields}` to the parent page (an assignment
/// page, or a course page that listens); nothing outside a frame.
fn post_to_parent(kind: &str, fields: &[(&str, JsValue)]) {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    if parent == window {
        return;
    }
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"source".into(), &"warp-lab".into());
    let _ = js_sys::Reflect::set(&msg, &"type".into(), &kind.into());
    for (name, value) in fields {
        let _ = js_sys::Reflect::set(&msg, &(*name).into(), value);
    }
    let _ = parent.post_message(&msg, &parent_origin());
}

/// In a frame, tells the parent the quiz score after each answer:
/// `{source: "warp-lab", type: "quiz-score", correct, total, answered, questions, count, topic,
/// seed, draw}`: `total` is the answers given (as it always was), `answered` the same under a
/// plainer name, `questions` the quiz's length, `count` the length its link asked for (a topic
/// can run out of distinct questions: fewer are built) (`seed` as a string, since a u64 does not
/// fit a JavaScript number; `draw` the quiz's rules, 1 to 5, so that `topic`, `seed`, `count`
/// and `draw` name the quiz).
pub fn post_quiz_score(score: QuizScore<'_>) {
    post_to_parent(
        "quiz-score",
        &[
            ("correct", JsValue::from(score.correct)),
            ("total", JsValue::from(score.answered)),
            ("answered", JsValue::from(score.answered)),
            ("questions", JsValue::from(score.questions)),
            ("count", JsValue::from(score.count)),
            ("topic", score.topic.into()),
            ("seed", score.seed.to_string().into()),
            ("draw", JsValue::from(score.draw)),
        ],
    );
}

/// What a quiz-score message says.
pub struct QuizScore<'a> {
    /// Right answers.
    pub correct: u32,
    /// Questions answered.
    pub answered: u32,
    /// Questions in the quiz.
    pub questions: u32,
    /// Questions its link asked for (`count=`).
    pub count: u32,
    /// The topic's name (`all`).
    pub topic: &'a str,
    /// The seed.
    pub seed: u64,
    /// The rules the questions were drawn under.
    pub draw: u8,
}

/// In a frame, tells the parent a Forecast was revealed:
/// `{source: "warp-lab", type: "forecast", verdict: "right"|"close"|"off", metric, example}`
/// (`example`: the frame's example, `divergence/C4`, or absent), so that an assignment takes it
/// only for the step it asked.
pub fn post_forecast(verdict: &str, metric: &str, guess: &str) {
    let example = crate::url::read_query()
        .get("example")
        .and_then(warp_model::examples::example_key);
    let mut fields = vec![("verdict", verdict.into()), ("metric", metric.into())];
    if let Some(e) = example {
        fields.push(("example", e.into()));
    }
    if let Some(g) = warp_model::quiz::guess_text(guess) {
        fields.push(("guess", g.into()));
    }
    post_to_parent("forecast", &fields);
}

/// In a frame, tells the parent a challenge was checked:
/// `{source: "warp-lab", type: "challenge-stars", challenge, key, stars, passed}`: `challenge`
/// as the link names it (`custom` for an author's), `key` which one (a built-in's name, or
/// `custom-` and the fingerprint of the author's challenge). Under an LMS (`graded=lms`) also
/// `src`, the code checked: the LMS's record is then the one place it is kept (issue 43).
pub fn post_challenge_stars(challenge: &str, key: &str, stars: u8, passed: bool, src: &str) {
    let mut fields = vec![
        ("challenge", challenge.into()),
        ("key", key.into()),
        ("stars", JsValue::from(stars)),
        ("passed", JsValue::from(passed)),
    ];
    let look = warp_model::page::presentation(&crate::url::read_query()).0;
    if look.graded == warp_model::page::Graded::Lms {
        fields.push(("src", src.into()));
    }
    post_to_parent("challenge-stars", &fields);
}
