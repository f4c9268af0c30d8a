//! Browser tests (wasm-bindgen-test in headless Chromium): panels mount into a real DOM and
//! react to input events. Run by `cargo xtask test`.
#![cfg(target_arch = "wasm32")]

use warp_lab::panels::view_panel;
use warp_model::page::route;
use warp_model::query::Query;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn container() -> web_sys::HtmlElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let el: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&el).unwrap();
    el
}

fn value(root: &web_sys::HtmlElement, metric: &str) -> Option<String> {
    root.query_selector(&format!("[data-metric='{metric}']"))
        .ok()??
        .get_attribute("data-value")
}

fn error(root: &web_sys::HtmlElement, param: &str) -> Option<String> {
    root.query_selector(&format!("[data-error='{param}']"))
        .ok()?
        .map(|e| e.text_content().unwrap_or_default())
}

fn type_into(root: &web_sys::HtmlElement, name: &str, text: &str) {
    let input: web_sys::HtmlInputElement = root
        .query_selector(&format!("input[name='{name}']"))
        .unwrap()
        .unwrap()
        .unchecked_into();
    input.set_value(text);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let ev = web_sys::Event::new_with_event_init_dict("input", &init).unwrap();
    input.dispatch_event(&ev).unwrap();
}

/// Lets the app finish what it draws after the first paint (`components/later.rs`): a frame,
/// then a task, then Leptos's own tick.
async fn settle() {
    leptos::task::tick().await;
    let frame = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window().unwrap().request_animation_frame(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(frame).await;
    gloo_timers::future::TimeoutFuture::new(0).await;
    leptos::task::tick().await;
}

fn mount(query: &str) -> (web_sys::HtmlElement, impl Drop) {
    let el = container();
    let q = Query::parse(query);
    let r = route(&q);
    let panel = r.panel.expect("a panel");
    let handle =
        leptos::mount::mount_to(el.clone(), move || view_panel(panel, q.clone(), r.example));
    (el, handle)
}

#[wasm_bindgen_test]
async fn warps_panel_mounts_and_follows_its_inputs() {
    let (root, _h) = mount("panel=warps&block=100");
    settle().await;
    assert_eq!(value(&root, "warps-per-block").as_deref(), Some("4"));
    assert_eq!(value(&root, "idle-lanes-per-block").as_deref(), Some("28"));
    // 100 threads → 100 cells in the map, and 4 warp rows of 32 lanes (28 hollow).
    assert_eq!(
        root.query_selector_all(".grid [data-linear]")
            .unwrap()
            .length(),
        100
    );
    assert_eq!(
        root.query_selector_all(".warp-strip .cell.idle")
            .unwrap()
            .length(),
        28
    );

    type_into(&root, "block-x", "48");
    type_into(&root, "block-y", "4");
    type_into(&root, "warp", "1");
    settle().await;
    assert_eq!(value(&root, "threads-per-block").as_deref(), Some("192"));
    assert_eq!(value(&root, "warps-per-block").as_deref(), Some("6"));
    assert_eq!(value(&root, "warp-straddles-rows").as_deref(), Some("yes"));
    assert_eq!(
        root.query_selector_all(".grid .cell.sel").unwrap().length(),
        32
    );
    // The hand-patched pictures follow: 192 cells, 6 warp rows, warp 1 marked in the strip.
    assert_eq!(
        root.query_selector_all(".grid [data-linear]")
            .unwrap()
            .length(),
        192
    );
    assert_eq!(
        root.query_selector_all(".warp-strip .warp-row")
            .unwrap()
            .length(),
        6
    );
    let sel = root
        .query_selector(".warp-strip .warp-row.sel")
        .unwrap()
        .unwrap();
    assert_eq!(sel.text_content().as_deref(), Some("w1"));

    // A bad value names its input; fixing it brings the figures back.
    type_into(&root, "block-x", "2000");
    settle().await;
    let e = error(&root, "block-x").expect("an error for block-x");
    assert!(e.contains("from 1 to 1024"), "{e}");
    assert_eq!(value(&root, "warps-per-block"), None);
    assert_eq!(root.query_selector_all(".grid").unwrap().length(), 0);
    type_into(&root, "block-x", "8");
    type_into(&root, "block-y", "4");
    type_into(&root, "block-z", "3");
    type_into(&root, "warp", "");
    type_into(&root, "thread", "70");
    settle().await;
    assert_eq!(error(&root, "block-x"), None);
    assert_eq!(value(&root, "thread-coords").as_deref(), Some("6,0,2"));
    assert_eq!(root.query_selector_all(".slice").unwrap().length(), 3);
}

#[wasm_bindgen_test]
async fn presets_open_with_the_seed_question_and_steps() {
    for key in ["warp-scheduling/C2", "execution-model/B"] {
        let (root, _h) = mount(&format!("example={key}"));
        settle().await;
        let card = root
            .query_selector(&format!("[data-example='{key}']"))
            .unwrap();
        assert!(card.is_some(), "{key}: preset card");
        assert!(
            root.query_selector("[data-forecast]").unwrap().is_some(),
            "{key}: forecast"
        );
        assert!(
            root.query_selector_all("[data-worked] .why")
                .unwrap()
                .length()
                >= 3,
            "{key}: steps"
        );
        assert!(
            root.query_selector("math").unwrap().is_some(),
            "{key}: MathML"
        );
    }
    let (root, _h) = mount("example=execution-model/B");
    settle().await;
    assert_eq!(value(&root, "ragged-warp-active").as_deref(), Some("8"));
}

#[wasm_bindgen_test]
async fn gpu_panel_explains_a_missing_webgpu() {
    // The test browser runs without --enable-unsafe-webgpu: no adapter.
    let (root, _h) = mount("panel=gpu&run=map");
    for _ in 0..50 {
        if root
            .query_selector("[data-gpu-status='unavailable']")
            .unwrap()
            .is_some()
        {
            break;
        }
        gloo_timers::future::sleep(std::time::Duration::from_millis(100)).await;
    }
    let card = root
        .query_selector("[data-gpu-status='unavailable']")
        .unwrap()
        .expect("the fallback explanation");
    assert!(card.text_content().unwrap().contains("requestAdapter()"));
    assert_eq!(value(&root, "gpu-available").as_deref(), Some("no"));
}

fn click(root: &web_sys::HtmlElement, selector: &str) {
    let el: web_sys::HtmlElement = root
        .query_selector(selector)
        .unwrap()
        .expect(selector)
        .unchecked_into();
    el.click();
}

#[wasm_bindgen_test]
async fn divergence_panel_follows_sliders_lane_moves_and_realignment() {
    let (root, _h) = mount("panel=divergence&paths=12,9&lanes=16,16");
    settle().await;
    assert_eq!(value(&root, "diverged-cycles").as_deref(), Some("21"));
    assert_eq!(
        root.query_selector_all(".mask .lane.live")
            .unwrap()
            .length(),
        32
    );
    // Drag path 2's slider to 12 cycles: 24 cycles, efficiency 50 %.
    type_into_selector(&root, "[data-path='1'] input[type=range]", "12");
    settle().await;
    assert_eq!(value(&root, "diverged-cycles").as_deref(), Some("24"));
    assert_eq!(value(&root, "efficiency").as_deref(), Some("0.5"));
    // Move a lane from path 1 to path 2: lanes 15,17.
    click(&root, "[data-path='0'] button:last-of-type");
    settle().await;
    let lanes: web_sys::HtmlInputElement = root
        .query_selector("input[name='lanes']")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert_eq!(lanes.value(), "15,17");
    // Typed mistakes are named.
    type_into(&root, "lanes", "16,15");
    settle().await;
    assert!(error(&root, "lanes").unwrap().contains("add up to 31"));

    let (root, _h) = mount("panel=divergence&cond=idx%2==0&paths=10,14&warps=4");
    settle().await;
    assert_eq!(value(&root, "divergent-warps").as_deref(), Some("4"));
    // Per warp (seed 003 Ex 10: 10 + 14 = 24), with the total over the 4 warps beside it.
    assert_eq!(value(&root, "diverged-cycles").as_deref(), Some("24"));
    assert_eq!(value(&root, "total-diverged-cycles").as_deref(), Some("96"));
    click(&root, "[data-action='realign']");
    settle().await;
    assert_eq!(value(&root, "divergent-warps").as_deref(), Some("0"));
    assert_eq!(value(&root, "efficiency").as_deref(), Some("1"));
}

fn type_into_selector(root: &web_sys::HtmlElement, selector: &str, text: &str) {
    let input: web_sys::HtmlInputElement = root
        .query_selector(selector)
        .unwrap()
        .expect(selector)
        .unchecked_into();
    input.set_value(text);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input
        .dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
}

#[wasm_bindgen_test]
async fn coalescing_panel_follows_stride_and_segment_toggle() {
    let (root, _h) = mount("panel=coalescing");
    settle().await;
    assert_eq!(value(&root, "transactions").as_deref(), Some("1"));
    assert_eq!(value(&root, "efficiency").as_deref(), Some("1"));
    type_into(&root, "stride", "32");
    settle().await;
    assert_eq!(value(&root, "transactions").as_deref(), Some("32"));
    assert_eq!(value(&root, "efficiency").as_deref(), Some("0.03125"));
    assert_eq!(
        root.query_selector_all("[data-picture='memory'] .segment")
            .unwrap()
            .length(),
        32
    );
    click(&root, "button[data-line='32']");
    settle().await;
    assert_eq!(value(&root, "efficiency").as_deref(), Some("0.125"));
    assert!(root
        .query_selector("[data-chart] svg polyline")
        .unwrap()
        .is_some());
    // elem is a choice now: 8-byte elements at stride 32 fill a quarter of each 32-byte
    // sector they touch (8/32 = 0.25).
    choose(&root, "elem", "8");
    settle().await;
    assert_eq!(value(&root, "efficiency").as_deref(), Some("0.25"));
    let (root, _h2) = mount("panel=coalescing&elem=3");
    settle().await;
    assert!(error(&root, "elem").unwrap().contains("1, 2, 4, 8 or 16"));
}

/// Picks `value` in the choice `select[name=…]`, as a learner would.
fn choose(root: &web_sys::HtmlElement, name: &str, value: &str) {
    let select = root
        .query_selector(&format!("select[name='{name}']"))
        .unwrap()
        .expect(name);
    js_sys::Reflect::set(&select, &"value".into(), &value.into()).unwrap();
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    select
        .dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap())
        .unwrap();
}

#[wasm_bindgen_test]
async fn latency_panel_follows_sliders_and_steps_the_simulation() {
    let (root, _h) = mount("panel=latency&S=4&L=400&W=20");
    settle().await;
    assert_eq!(value(&root, "warps-needed").as_deref(), Some("80"));
    assert_eq!(value(&root, "latency-hidden").as_deref(), Some("no"));
    type_into_selector(&root, "[data-slider='W']", "25");
    settle().await;
    assert_eq!(value(&root, "warps-needed").as_deref(), Some("64"));
    assert_eq!(value(&root, "latency-hidden").as_deref(), Some("yes"));
    let cycle = || {
        root.query_selector("[data-cycle]")
            .unwrap()
            .unwrap()
            .get_attribute("data-cycle")
            .unwrap()
    };
    let before = cycle();
    click(&root, "[data-action='step']");
    settle().await;
    assert_eq!(
        cycle().parse::<u32>().unwrap(),
        before.parse::<u32>().unwrap() + 1
    );
    assert_eq!(root.query_selector_all(".sched-row").unwrap().length(), 4);
    type_into(&root, "W", "0");
    settle().await;
    assert!(error(&root, "W").unwrap().contains("from 1"));
}

#[wasm_bindgen_test]
async fn quiz_grades_an_answer_and_keeps_score() {
    let _ = web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear();
    let (root, _h) = mount("panel=quiz&topic=warps&seed=7&count=3");
    settle().await;
    let cards = root.query_selector_all("[data-quiz-question]").unwrap();
    assert_eq!(cards.length(), 3);
    assert_eq!(value(&root, "quiz-score").as_deref(), Some("0/0"));
    // Answer the first numeric question wrongly with text the model cannot read.
    let first: web_sys::Element = root
        .query_selector("[data-quiz-question] input[name=answer][type=text]")
        .unwrap()
        .unwrap();
    let form = first.closest("form").unwrap().unwrap();
    let input: web_sys::HtmlInputElement = first.unchecked_into();
    input.set_value("not a number");
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    input
        .dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
    let form: web_sys::HtmlFormElement = form.unchecked_into();
    form.request_submit().unwrap();
    settle().await;
    let fb = form
        .query_selector("[data-quiz-feedback]")
        .unwrap()
        .expect("feedback");
    assert_eq!(fb.get_attribute("data-correct").as_deref(), Some("false"));
    assert!(fb.text_content().unwrap().contains("could not read"));
    assert_eq!(value(&root, "quiz-score").as_deref(), Some("0/1"));
}

#[wasm_bindgen_test]
async fn forecast_first_hides_the_figures_until_a_guess() {
    let (root, _h) = mount("panel=warps&block=100");
    settle().await;
    let gate = || {
        root.query_selector(".gated")
            .unwrap()
            .unwrap()
            .has_attribute("hidden")
    };
    assert!(!gate());
    click(&root, "[data-action='forecast-first']");
    settle().await;
    assert!(gate());
    type_into(&root, "forecast-guess", "3");
    let form: web_sys::HtmlFormElement = root
        .query_selector("form.guess")
        .unwrap()
        .unwrap()
        .unchecked_into();
    form.request_submit().unwrap();
    settle().await;
    assert!(!gate());
    let el = root
        .query_selector("[data-forecast-feedback]")
        .unwrap()
        .unwrap();
    assert_eq!(
        el.text_content().unwrap(),
        "You guessed 3; the answer is 4 warps: off by 1 (25% of the answer)."
    );
    // 3 against 4 is 25 % off, more than the 10 % of "close".
    assert_eq!(el.get_attribute("data-guess").as_deref(), Some("off"));
}

#[wasm_bindgen_test]
async fn a_panic_shows_a_banner_instead_of_a_dead_page() {
    warp_lab::crash::install();
    // Panic in a separate task (a timer callback), as a bug in an event handler would.
    let cb =
        wasm_bindgen::closure::Closure::once_into_js(|| -> () { panic!("forced by the test") });
    web_sys::window()
        .unwrap()
        .set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), 0)
        .unwrap();
    gloo_timers::future::sleep(std::time::Duration::from_millis(200)).await;
    let doc = web_sys::window().unwrap().document().unwrap();
    let banner = doc
        .query_selector("[data-crash]")
        .unwrap()
        .expect("the crash banner");
    assert!(banner
        .text_content()
        .unwrap()
        .contains("quiz progress is saved"));
    assert!(doc
        .query_selector("[data-crash] a[data-action='reload-defaults']")
        .unwrap()
        .is_some());
}

#[wasm_bindgen_test]
async fn kernel_lab_runs_nothing_on_the_page_without_its_worker() {
    // Every run is the run worker's (issue 65; `tests/e2e/specs/kernel.spec.ts` runs, steps
    // and marks errors through it). This page names no worker script (`window.warpRun`, set
    // by the loader), so nothing runs on the page's thread, and the page says why.
    let (root, _h) = mount("panel=kernel");
    settle().await;
    let said = root
        .query_selector("[data-run='no-worker']")
        .unwrap()
        .expect("the run's status says no worker started");
    assert!(said.text_content().unwrap().contains("worker"));
    assert_eq!(value(&root, "divergent-branches"), None);
    // Run again: still nothing on the page's thread, still said; the editor and Run stay.
    click(&root, "[data-action='run-kernel']");
    settle().await;
    assert!(root
        .query_selector("[data-run='no-worker']")
        .unwrap()
        .is_some());
    assert!(root
        .query_selector("textarea[name='src']")
        .unwrap()
        .is_some());
}

#[wasm_bindgen_test]
fn patch_rows_rewrites_only_the_rows_that_changed() {
    use warp_lab::components::cells::patch_rows;
    let root = container();
    let row = |id: &str| format!(r#"<p id="{id}">{id}</p>"#);
    let ids = |root: &web_sys::HtmlElement| {
        let kids = root.children();
        (0..kids.length())
            .map(|i| kids.item(i).unwrap().id())
            .collect::<Vec<_>>()
    };
    let mut last = Vec::new();
    patch_rows(&root, &mut last, vec![row("a"), row("b"), row("c")]);
    assert_eq!(ids(&root), ["a", "b", "c"]);
    // Mark the element of row "a": a rewrite would drop the mark.
    let first = root.first_element_child().unwrap();
    first.set_attribute("data-kept", "").unwrap();
    patch_rows(&root, &mut last, vec![row("a"), row("x")]);
    assert_eq!(ids(&root), ["a", "x"]);
    assert!(root
        .first_element_child()
        .unwrap()
        .has_attribute("data-kept"));
    patch_rows(
        &root,
        &mut last,
        vec![row("a"), row("x"), row("y"), row("z")],
    );
    assert_eq!(ids(&root), ["a", "x", "y", "z"]);
    assert!(root
        .first_element_child()
        .unwrap()
        .has_attribute("data-kept"));
    // Someone else emptied the container: every row is written again.
    root.set_inner_html("");
    patch_rows(&root, &mut last, vec![row("a"), row("b")]);
    assert_eq!(ids(&root), ["a", "b"]);
    patch_rows(&root, &mut last, Vec::new());
    assert_eq!(root.children().length(), 0);
}

#[wasm_bindgen_test]
async fn figures_come_first_and_the_picture_after_the_first_paint() {
    let (root, _h) = mount("panel=warps&block=32,32");
    leptos::task::tick().await;
    // The figures are there as soon as the panel is; the 1,024-cell map and the worked steps
    // follow after the first paint (components/later.rs).
    assert_eq!(value(&root, "warps-per-block").as_deref(), Some("32"));
    assert!(root.query_selector(".block-map").unwrap().is_none());
    settle().await;
    assert!(root.query_selector(".block-map").unwrap().is_some());
    assert_eq!(
        root.query_selector_all(".block-map .slices .cell")
            .unwrap()
            .length(),
        1024
    );
}

/// The `data-field` names of the form's fields in the main list, in document order.
fn fields(root: &web_sys::HtmlElement) -> Vec<String> {
    let list = root
        .query_selector_all("form.controls > .fields > [data-field]")
        .unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::Element>().ok())
        .filter_map(|e| e.get_attribute("data-field"))
        .collect()
}

/// Picks mode `value` in the form's radio group, as a click does (checked, then `change`).
fn pick_mode(root: &web_sys::HtmlElement, value: &str) {
    let radio: web_sys::HtmlInputElement = root
        .query_selector(&format!("input[type=radio][value='{value}']"))
        .unwrap()
        .expect(value)
        .unchecked_into();
    radio.set_checked(true);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    radio
        .dispatch_event(&web_sys::Event::new_with_event_init_dict("change", &init).unwrap())
        .unwrap();
}

/// The form is markup kept in step by an effect (issue 46): the field being typed in is the
/// same element after each keystroke (focus and caret stay), a wrong value marks it and names
/// its error, and a mode switch adds and removes fields in declared order (divergence's
/// declared order: paths, lanes, …, cond, warps; paths mode uses paths and lanes, condition
/// mode paths, cond and warps; the fold holds overhead and compare, paths mode's only).
#[wasm_bindgen_test]
async fn the_form_keeps_the_field_typed_in_and_follows_the_mode() {
    let (root, _h) = mount("panel=divergence&paths=12,9");
    settle().await;
    assert_eq!(fields(&root), ["paths", "lanes"]);
    let fold = root.query_selector("details.more-inputs").unwrap().unwrap();
    assert!(!fold.has_attribute("hidden"));
    let paths: web_sys::HtmlInputElement = root
        .query_selector("input[name='paths']")
        .unwrap()
        .unwrap()
        .unchecked_into();
    paths.focus().unwrap();
    // 12 + 10 cycles, one after the other: 22.
    type_into(&root, "paths", "12,10");
    settle().await;
    assert_eq!(value(&root, "diverged-cycles").as_deref(), Some("22"));
    let now = root.query_selector("input[name='paths']").unwrap().unwrap();
    assert!(
        now.is_same_node(Some(&paths)),
        "the field typed in was redrawn"
    );
    let active = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element();
    assert!(active.is_some_and(|a| a.is_same_node(Some(&paths))));
    type_into(&root, "paths", "12,x");
    settle().await;
    assert_eq!(paths.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(
        paths.get_attribute("aria-describedby").as_deref(),
        Some("error-paths")
    );
    assert!(error(&root, "paths").is_some());
    type_into(&root, "paths", "12,10");
    settle().await;
    assert_eq!(
        paths.get_attribute("aria-invalid").as_deref(),
        Some("false")
    );
    assert_eq!(paths.get_attribute("aria-describedby"), None);

    pick_mode(&root, "condition");
    settle().await;
    assert_eq!(fields(&root), ["paths", "cond", "warps"]);
    // Two paths are what condition mode takes: the learner's 12,10 stays; cond starts on the
    // mode's starter.
    assert_eq!(paths.value(), "12,10");
    let cond: web_sys::HtmlInputElement = root
        .query_selector("input[name='cond']")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert_eq!(cond.value(), "idx % 2 == 0");
    assert!(fold.has_attribute("hidden"));

    pick_mode(&root, "paths");
    settle().await;
    assert_eq!(fields(&root), ["paths", "lanes"]);
    assert!(!fold.has_attribute("hidden"));
    let checked: web_sys::HtmlInputElement = root
        .query_selector("input[type=radio]:checked")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert_eq!(checked.value(), "paths");
}
