//! The block-to-warp map panel: a blockDim cut into 32-lane warps, drawn as the seeds draw it
//! (x across, y down, z as stacked slices), with a launch view for `n` and `image`.
//!
//! A thin view over `warp_model::warps::panel`: the learner's raw text goes in, figures, errors,
//! worked steps and what to highlight come out.

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::markup::Html;
use warp_model::panel::Inputs;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;
use warp_model::warps::launch::{Launch1d, Launch2d};
use warp_model::warps::map::BlockDim;
use warp_model::warps::panel::{
    evaluate, thread_detail, LaunchShape, WarpsModel, WarpsOutput, THREAD,
};
use warp_model::WARP_SIZE;
use wasm_bindgen::JsCast;

use crate::components::cells::{linear_spans, patch_rows, spans, warp_class};
use crate::components::mathml::formula_html;
use crate::components::panel_frame::{use_panel_input, PanelShell};

/// The panel as its bundle and the registry draw it.
pub fn view(query: Query, example: Option<&'static Example>) -> AnyView {
    view! { <WarpsPanel query=query example=example /> }.into_any()
}

/// The panel, opened from `query` (and the preset `example`, whose inputs the query may
/// override).
#[component]
pub fn WarpsPanel(query: Query, example: Option<&'static Example>) -> impl IntoView {
    let (input, on_preset) = use_panel_input::<WarpsModel>(query, example);
    let output = Memo::new(move |_| input.with(evaluate));
    let errors = Signal::derive(move || output.with(|o| o.errors.clone()));
    let figures = Signal::derive(move || output.with(|o| o.figures.clone()));
    let pick = move |i: u64| input.update(|inp| inp.set_field(THREAD.name, i.to_string()));

    view! {
        <PanelShell input=input example=example on_preset=on_preset errors=errors figures=figures
            worked=Signal::derive(move || output.with(|o| o.worked.clone()))>
            <Picture output=output on_pick=pick />
        </PanelShell>
    }
}

/// The picture, as one HTML string (issue 63: what the live panel starts from and what a page's
/// first frame writes, `crate::frame`): the block map with its caption, the inspected thread,
/// the warp strip and its table, then the launch. Every text is escaped.
#[must_use]
pub fn picture_html(_input: &Inputs<WarpsModel>, o: &WarpsOutput) -> String {
    let mut h = Html::new();
    block_map_html(o, None, o.thread, &mut h);
    launch_html(o, &mut h);
    h.into_string()
}

/// The block map's figure: caption (and, for a block wrapped after every warp, the note), the
/// scroll hint of a map wider than 64 cells, the slices, the inspected thread (`focus`), the
/// warp strip and its table. `cursor`: the keyboard's cell.
fn block_map_html(o: &WarpsOutput, cursor: Option<u64>, focus: Option<u64>, h: &mut Html) {
    h.raw(r#"<figure class="block-map"><figcaption>"#)
        .text(t!("ui.warps.map.caption"));
    if o.block.is_some_and(|b| map_columns(b) != b.x()) {
        h.raw(" ").text(t!("ui.warps.map.wrapped"));
    }
    h.raw("</figcaption>");
    if o.block.is_some_and(|b| map_columns(b) > 64) {
        h.raw(r#"<p class="scroll-hint">"#)
            .text(t!("ui.warps.map.scroll"))
            .raw("</p>");
    }
    h.raw(r#"<div tabindex="0" role="group""#)
        .attr("aria-label", t!("ui.warps.map.label"))
        .raw(r#" class="slices">"#);
    if let Some(b) = o.block {
        for z in 0..b.z() {
            slice_html(b, z, o.warp, o.thread, cursor, h);
        }
    }
    h.raw(r#"</div><p aria-live="polite" data-inspect="" class="inspect">"#);
    inspect_html(o, focus, h);
    h.raw(r#"</p><div aria-hidden="true" class="warp-strip">"#);
    if let Some(b) = o.block {
        strip_html(b, o.warp, h);
    }
    h.raw("</div>");
    if let Some(b) = o.block {
        table_html(b, h);
    }
    h.raw("</figure>");
}

/// The map's rows, the keyboard's cell marked.
fn map_rows(o: &WarpsOutput, cursor: Option<u64>) -> Vec<String> {
    o.block
        .map(|b| slice_rows(b, o.warp, o.thread, cursor))
        .unwrap_or_default()
}

/// The inspected thread in words and its formula: its (x, y, z), its linear id worked, its warp
/// and lane.
fn inspect_html(o: &WarpsOutput, thread: Option<u64>, h: &mut Html) {
    let Some(d) = o.block.zip(thread).and_then(|(b, t)| thread_detail(&b, t)) else {
        return;
    };
    h.text(&tr!(
        "ui.warps.inspect.thread",
        x = d.pos.x,
        y = d.pos.y,
        z = d.pos.z
    ))
    .raw(" ");
    formula_html(&d.formula, h);
    h.text(&tr!("ui.warps.inspect.warp", warp = d.warp, lane = d.lane));
}

/// The block map, drawn from [`picture_html`] and kept in step by hand: the whole picture when
/// the model's output changes (the map's focus kept), the map's rows (`patch_rows`) and the
/// inspected thread when the pointer or the keyboard moves over it.
#[component]
fn Picture(
    output: Memo<WarpsOutput>,
    on_pick: impl Fn(u64) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let hovered = RwSignal::new(None::<u64>);
    let cursor = RwSignal::new(None::<u64>);
    let picture = NodeRef::<leptos::html::Div>::new();
    let markup = untrack(|| output.with(|o| picture_html(&Inputs::default(), o)));
    let find = move |sel: &str| {
        picture
            .get_untracked()
            .and_then(|el: web_sys::HtmlDivElement| el.query_selector(sel).ok().flatten())
    };
    // The model's output: the whole picture again, the focus given back to the map.
    Effect::new(move |first: Option<()>| {
        output.track();
        if first.is_some() {
            let focused = find(".slices:focus").is_some();
            if let Some(el) = picture.get_untracked() {
                let mut h = Html::new();
                output.with_untracked(|o| {
                    block_map_html(o, cursor.get_untracked(), o.thread, &mut h);
                    launch_html(o, &mut h);
                });
                el.set_inner_html(h.as_str());
            }
            if focused {
                if let Some(m) =
                    find(".slices").and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let _ = m.focus();
                }
            }
        }
    });
    // The pointer and the keyboard: the map's rows and the inspected thread.
    let last = StoredValue::new_local(Vec::<String>::new());
    Effect::new(move |first: Option<()>| {
        let (c, h) = (cursor.get(), hovered.get());
        if first.is_none() {
            last.set_value(untrack(|| output.with(|o| map_rows(o, None))));
            return;
        }
        output.with_untracked(|o| {
            if let Some(m) = find(".slices") {
                let rows = map_rows(o, c);
                last.update_value(|l| patch_rows(&m, l, rows));
            }
            if let Some(p) = find("[data-inspect]") {
                let mut html = Html::new();
                inspect_html(o, h.or(c).or(o.thread), &mut html);
                p.set_inner_html(html.as_str());
            }
        });
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if !linear_target(&ev).is_some_and(|el| el.class_list().contains("slices")) {
            return;
        }
        let Some(b) = output.with_untracked(|o| o.block) else {
            return;
        };
        let p = b.threads();
        let now = cursor
            .get_untracked()
            .or_else(|| output.with_untracked(|o| o.thread))
            .unwrap_or(0);
        let next = match ev.key().as_str() {
            "ArrowRight" => now.saturating_add(1),
            "ArrowLeft" => now.saturating_sub(1),
            "ArrowDown" => now.saturating_add(map_columns(b)),
            "ArrowUp" => now.saturating_sub(map_columns(b)),
            "PageDown" => now.saturating_add(b.x() * b.y()),
            "PageUp" => now.saturating_sub(b.x() * b.y()),
            "Home" => 0,
            "End" => p - 1,
            "Enter" | " " => {
                ev.prevent_default();
                on_pick(now);
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        cursor.set(Some(next.min(p - 1)));
    };
    view! {
        <div
            class="picture-body"
            data-frame="picture"
            node_ref=picture
            on:mouseover=move |ev| hovered.set(linear_of_event(&ev))
            on:mouseleave=move |_| hovered.set(None)
            on:click=move |ev| {
                if let Some(i) = linear_of_event(&ev) {
                    on_pick(i);
                }
            }
            on:keydown=on_key
            on:focusout=move |_| cursor.set(None)
            inner_html=markup
        ></div>
    }
}

/// The element a keyboard event is on.
fn linear_target(ev: &leptos::ev::KeyboardEvent) -> Option<web_sys::Element> {
    ev.target()?.dyn_into::<web_sys::Element>().ok()
}

/// The cells of one z-slice of the block map (see [`linear_spans`]).
fn cells_html(
    b: BlockDim,
    z: u64,
    warp: Option<u64>,
    thread: Option<u64>,
    cursor: Option<u64>,
    h: &mut Html,
) {
    let per_slice = b.x() * b.y();
    linear_spans(
        h,
        (z * per_slice..(z + 1) * per_slice).map(|i| {
            let w = BlockDim::warp_of(i);
            let mut class = warp_class(w);
            if Some(w) == warp {
                class.push_str(" sel");
            }
            if Some(i) == thread {
                class.push_str(" pick");
            }
            if Some(i) == cursor {
                class.push_str(" cursor");
            }
            (class, i)
        }),
    );
}

/// One warp's 32 lanes in the warp strip: active lanes in the warp's colour, idle ones hollow.
fn lanes_html(warp: u64, active: u64, h: &mut Html) {
    spans(
        h,
        (0..WARP_SIZE).map(|lane| {
            if lane < active {
                warp_class(warp)
            } else {
                "cell idle".to_string()
            }
        }),
    );
}

fn linear_of_event(ev: &leptos::ev::MouseEvent) -> Option<u64> {
    let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    el.get_attribute("data-linear")?.parse().ok()
}

/// Cells across in the map: the block's x, except that a one-dimensional block longer than two
/// warps wraps after every warp (32 cells a row, one warp each), so that 1,024 threads fit a
/// phone instead of one row four thousand pixels long.
fn map_columns(b: BlockDim) -> u64 {
    if b.y() == 1 && b.z() == 1 && b.x() > 2 * WARP_SIZE {
        WARP_SIZE
    } else {
        b.x()
    }
}

/// The block map's z-slices, one HTML row each: a label when there are several, and the grid.
fn slice_rows(
    b: BlockDim,
    warp: Option<u64>,
    thread: Option<u64>,
    cursor: Option<u64>,
) -> Vec<String> {
    (0..b.z())
        .map(|z| {
            let mut h = Html::new();
            slice_html(b, z, warp, thread, cursor, &mut h);
            h.into_string()
        })
        .collect()
}

/// One z-slice of the block map ([`slice_rows`]).
fn slice_html(
    b: BlockDim,
    z: u64,
    warp: Option<u64>,
    thread: Option<u64>,
    cursor: Option<u64>,
    h: &mut Html,
) {
    h.raw(r#"<div class="slice">"#);
    if b.z() > 1 {
        h.raw(r#"<p class="slice-label">z = "#).num(z).raw("</p>");
    }
    h.raw(r#"<div class="grid" style="--cols:"#)
        .num(map_columns(b))
        .raw(r#"">"#);
    cells_html(b, z, warp, thread, cursor, h);
    h.raw("</div></div>");
}

/// The warp strip, one HTML row per warp: its label and its 32 lanes, the selected warp marked.
fn strip_html(block: BlockDim, selected: Option<u64>, h: &mut Html) {
    for s in (0..block.warps()).filter_map(|w| block.warp_span(w)) {
        h.raw(if Some(s.warp) == selected {
            r#"<div class="warp-row sel"><span class="warp-label">w"#
        } else {
            r#"<div class="warp-row"><span class="warp-label">w"#
        })
        .num(s.warp)
        .raw(r#"</span><span class="lanes">"#);
        lanes_html(s.warp, s.active, h);
        h.raw("</span></div>");
    }
}

/// The warp strip's text equivalent: the block's warps as a table a screen reader can walk.
fn table_html(block: BlockDim, h: &mut Html) {
    let coords = |i: u64| {
        block
            .position(i)
            .map(|p| format!("({}, {}, {})", p.x, p.y, p.z))
            .unwrap_or_default()
    };
    h.raw(r#"<details class="as-table"><summary>"#)
        .text(t!("ui.warps.table.summary"))
        .raw("</summary><table><thead><tr>");
    for head in [
        t!("ui.warps.table.warp"),
        t!("ui.warps.table.ids"),
        t!("ui.warps.table.from"),
        t!("ui.warps.table.to"),
        t!("ui.warps.table.active"),
        t!("ui.warps.table.crosses"),
    ] {
        h.raw(r#"<th scope="col">"#).text(head).raw("</th>");
    }
    h.raw("</tr></thead><tbody>");
    for s in (0..block.warps()).filter_map(|w| block.warp_span(w)) {
        h.raw(r#"<tr><th scope="row">"#)
            .num(s.warp)
            .raw("</th><td>")
            .num(s.first)
            .raw("–")
            .num(s.last)
            .raw("</td><td>")
            .text(&coords(s.first))
            .raw("</td><td>")
            .text(&coords(s.last))
            .raw("</td><td>")
            .num(s.active)
            .raw("</td><td>")
            .text(if s.straddles_rows {
                t!("common.value.yes")
            } else {
                t!("common.value.no")
            })
            .raw("</td></tr>");
    }
    h.raw("</tbody></table></details>");
}

/// The launch: a 1-D grid's blocks, or a 2-D launch's image over its grid.
fn launch_html(o: &WarpsOutput, h: &mut Html) {
    match o.launch {
        Some(LaunchShape::OneD(l)) => block_strip_html(l, h),
        Some(LaunchShape::TwoD(l)) => image_grid_html(l, h),
        None => {}
    }
}

/// The grid of a 1-D launch: one box per block (long grids elided in the middle), the ragged
/// block filled only as far as its elements go.
fn block_strip_html(launch: Launch1d, h: &mut Html) {
    const SHOWN: u64 = 24;
    let blocks = launch.blocks();
    let ragged = launch.ragged();
    let b = launch.block().threads();
    let shown: Vec<Option<u64>> = if blocks <= SHOWN {
        (0..blocks).map(Some).collect()
    } else {
        (0..SHOWN - 2)
            .map(Some)
            .chain([None, Some(blocks - 1)])
            .collect()
    };
    h.raw(r#"<figure data-launch="n" class="launch"><figcaption>"#)
        .text(&tr!(
            "ui.warps.launch.caption",
            blocks,
            threads = b,
            n = launch.n()
        ))
        .raw(r#"</figcaption><div class="block-strip">"#);
    for blk in shown {
        match blk {
            None => {
                h.raw(r#"<span class="gap">…</span>"#);
            }
            Some(k) => {
                let is_ragged = ragged.is_some_and(|r| r.block == k);
                let fill = if is_ragged {
                    ragged.map_or(100, |r| (r.last_local + 1) * 100 / b)
                } else {
                    100
                };
                h.raw("<span")
                    .attr("title", &tr!("ui.warps.launch.block", k))
                    .raw(if is_ragged {
                        r#" class="blk ragged"><span style="width:"#
                    } else {
                        r#" class="blk"><span style="width:"#
                    })
                    .num(fill)
                    .raw(r#"%" class="fill"></span><span class="blk-label">"#)
                    .num(k)
                    .raw("</span></span>");
            }
        }
    }
    h.raw("</div>");
    if let Some(r) = ragged {
        h.raw(r#"<p class="ragged-note">"#)
            .text(&tr!(
                "ui.warps.launch.ragged",
                block = r.block,
                last = r.last,
                warp = r.warp,
                active = r.warp_active,
            ))
            .raw("</p>");
    }
    h.raw("</figure>");
}

/// A 2-D launch drawn to scale: the grid of blocks, the image inside it, and the threads past
/// its edges hatched.
fn image_grid_html(launch: Launch2d, h: &mut Html) {
    let (gx, gy) = launch.grid();
    let (bx, by) = (launch.block().x(), launch.block().y());
    let (tw, th) = (gx * bx, gy * by);
    // Scale to a 320-unit-wide drawing; precision loss is irrelevant at screen scale.
    let (sw, sh) = {
        let s = 320.0 / tw.max(th) as f64;
        (tw as f64 * s, th as f64 * s)
    };
    let (iw, ih) = (
        launch.width() as f64 / tw as f64 * sw,
        launch.height() as f64 / th as f64 * sh,
    );
    h.raw(r#"<figure data-launch="image" class="launch"><figcaption>"#)
        .text(&tr!(
            "ui.warps.image.caption",
            gx,
            gy,
            bx,
            by,
            w = launch.width(),
            h = launch.height()
        ))
        .raw(r#"</figcaption><svg viewBox="-1 -1 "#)
        .coord(sw + 2.0)
        .raw(" ")
        .coord(sh + 2.0)
        .raw(r#"" role="img""#)
        .attr(
            "aria-label",
            &tr!(
                "ui.warps.image.label",
                rows = launch.extra_rows(),
                columns = launch.extra_columns()
            ),
        )
        .raw(r#" class="image-grid"><defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" class="hatch"></line></pattern></defs><rect x="0" y="0""#)
        .attr_coord("width", sw)
        .attr_coord("height", sh)
        .raw(r#" fill="url(#hatch)" class="launched"></rect><rect x="0" y="0""#)
        .attr_coord("width", iw)
        .attr_coord("height", ih)
        .raw(r#" class="image"></rect>"#);
    if gx <= 64 && gy <= 64 {
        for k in 1..gx {
            let x = k as f64 * sw / gx as f64;
            h.raw("<line")
                .attr_coord("x1", x)
                .raw(r#" y1="0""#)
                .attr_coord("x2", x)
                .attr_coord("y2", sh)
                .raw(r#" class="gridline"></line>"#);
        }
        for k in 1..gy {
            let y = k as f64 * sh / gy as f64;
            h.raw(r#"<line x1="0""#)
                .attr_coord("y1", y)
                .attr_coord("x2", sw)
                .attr_coord("y2", y)
                .raw(r#" class="gridline"></line>"#);
        }
    }
    h.raw("</svg></figure>");
}
