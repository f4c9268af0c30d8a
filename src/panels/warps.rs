//! The block-to-warp map panel: a blockDim cut into 32-lane warps, drawn as the seeds draw it
//! (x across, y down, z as stacked slices), with a launch view for `n` and `image`.
//!
//! A thin view over `warp_model::warps::panel`: the learner's raw text goes in, figures, errors,
//! worked steps and what to highlight come out.

use leptos::prelude::*;
use warp_model::examples::Example;
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

use crate::components::cells::{linear_spans_html, patch_rows_effect, spans_html, warp_class};
use crate::components::mathml::Formula;
use crate::components::n;
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
            <BlockMap output=output on_pick=pick />
            <LaunchView output=output />
        </PanelShell>
    }
}

/// The cells of one z-slice of the block map (see [`linear_spans_html`]).
fn cells_html(
    b: BlockDim,
    z: u64,
    warp: Option<u64>,
    thread: Option<u64>,
    cursor: Option<u64>,
) -> String {
    let per_slice = b.x() * b.y();
    linear_spans_html((z * per_slice..(z + 1) * per_slice).map(|i| {
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
    }))
}

/// One warp's 32 lanes in the warp strip: active lanes in the warp's colour, idle ones hollow.
fn lanes_html(warp: u64, active: u64) -> String {
    spans_html((0..WARP_SIZE).map(|lane| {
        if lane < active {
            warp_class(warp)
        } else {
            "cell idle".to_string()
        }
    }))
}

fn linear_of_event(ev: &leptos::ev::MouseEvent) -> Option<u64> {
    let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    el.get_attribute("data-linear")?.parse().ok()
}

#[component]
fn BlockMap(
    output: Memo<WarpsOutput>,
    on_pick: impl Fn(u64) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let hovered = RwSignal::new(None::<u64>);
    let cursor = RwSignal::new(None::<u64>);
    let block = Memo::new(move |_| output.with(|o| o.block));
    let focus_thread = move || {
        hovered
            .get()
            .or(cursor.get())
            .or_else(|| output.with(|o| o.thread))
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some(b) = block.get() else { return };
        let p = b.threads();
        let now = cursor
            .get()
            .or_else(|| output.with(|o| o.thread))
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
    // The map and the strip are written by hand into containers that never re-render (see
    // components/cells.rs): only the rows that changed are replaced.
    let map_ref = NodeRef::<leptos::html::Div>::new();
    let strip_ref = NodeRef::<leptos::html::Div>::new();
    let map_markup = patch_rows_effect(map_ref, move || {
        output.with(|o| {
            o.block
                .map(|b| slice_rows(b, o.warp, o.thread, cursor.get()))
                .unwrap_or_default()
        })
    });
    let strip_markup = patch_rows_effect(strip_ref, move || {
        output.with(|o| o.block.map(|b| strip_rows(b, o.warp)).unwrap_or_default())
    });
    view! {
        <figure class="block-map">
            <figcaption>
                {t!("ui.warps.map.caption")}
                {move || block.get().filter(|b| map_columns(*b) != b.x()).map(|_| format!(" {}", t!("ui.warps.map.wrapped")))}
            </figcaption>
            {move || block.get().filter(|b| map_columns(*b) > 64).map(|_| view! { <p class="scroll-hint">{t!("ui.warps.map.scroll")}</p> })}
            <div
                class="slices"
                tabindex="0"
                role="group"
                aria-label=t!("ui.warps.map.label")
                on:mouseover=move |ev| hovered.set(linear_of_event(&ev))
                on:mouseleave=move |_| hovered.set(None)
                on:click=move |ev| {
                    if let Some(i) = linear_of_event(&ev) {
                        on_pick(i);
                    }
                }
                on:keydown=on_key
                on:blur=move |_| cursor.set(None)
                node_ref=map_ref
                inner_html=map_markup
            >
            </div>
            <p class="inspect" aria-live="polite" data-inspect="">
                {move || {
                    let b = block.get()?;
                    let d = thread_detail(&b, focus_thread()?)?;
                    Some(view! {
                        {tr!("ui.warps.inspect.thread", x = d.pos.x, y = d.pos.y, z = d.pos.z)} " "
                        <Formula math=d.formula.clone() />
                        {tr!("ui.warps.inspect.warp", warp = d.warp, lane = d.lane)}
                    })
                }}
            </p>
            <div class="warp-strip" aria-hidden="true" node_ref=strip_ref inner_html=strip_markup></div>
            {move || block.get().map(|b| view! { <WarpTable block=b /> })}
        </figure>
    }
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
            let label = if b.z() > 1 {
                format!(r#"<p class="slice-label">z = {z}</p>"#)
            } else {
                String::new()
            };
            format!(
                r#"<div class="slice">{label}<div class="grid" style="--cols:{}">{}</div></div>"#,
                map_columns(b),
                cells_html(b, z, warp, thread, cursor)
            )
        })
        .collect()
}

/// The warp strip, one HTML row per warp: its label and its 32 lanes, the selected warp marked.
fn strip_rows(block: BlockDim, selected: Option<u64>) -> Vec<String> {
    (0..block.warps())
        .filter_map(|w| block.warp_span(w))
        .map(|s| {
            let sel = if Some(s.warp) == selected { " sel" } else { "" };
            format!(
                r#"<div class="warp-row{sel}"><span class="warp-label">w{}</span><span class="lanes">{}</span></div>"#,
                s.warp,
                lanes_html(s.warp, s.active)
            )
        })
        .collect()
}

/// The warp strip's text equivalent: the block's warps as a table a screen reader can walk.
#[component]
fn WarpTable(block: BlockDim) -> impl IntoView {
    let spans: Vec<_> = (0..block.warps())
        .filter_map(|w| block.warp_span(w))
        .collect();
    let coords = move |i: u64| {
        block
            .position(i)
            .map(|p| format!("({}, {}, {})", p.x, p.y, p.z))
            .unwrap_or_default()
    };
    view! {
        <details class="as-table">
            <summary>{t!("ui.warps.table.summary")}</summary>
            <table>
                <thead>
                    <tr>
                        <th scope="col">{t!("ui.warps.table.warp")}</th>
                        <th scope="col">{t!("ui.warps.table.ids")}</th>
                        <th scope="col">{t!("ui.warps.table.from")}</th>
                        <th scope="col">{t!("ui.warps.table.to")}</th>
                        <th scope="col">{t!("ui.warps.table.active")}</th>
                        <th scope="col">{t!("ui.warps.table.crosses")}</th>
                    </tr>
                </thead>
                <tbody>
                    {spans
                        .iter()
                        .map(|s| {
                            view! {
                                <tr>
                                    <th scope="row">{s.warp}</th>
                                    <td>{s.first} "–" {s.last}</td>
                                    <td>{coords(s.first)}</td>
                                    <td>{coords(s.last)}</td>
                                    <td>{s.active}</td>
                                    <td>{if s.straddles_rows { t!("common.value.yes") } else { t!("common.value.no") }}</td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </details>
    }
}

#[component]
fn LaunchView(output: Memo<WarpsOutput>) -> impl IntoView {
    move || {
        output.with(|o| o.launch).map(|l| match l {
            LaunchShape::OneD(l) => view! { <BlockStrip launch=l /> }.into_any(),
            LaunchShape::TwoD(l) => view! { <ImageGrid launch=l /> }.into_any(),
        })
    }
}

/// The grid of a 1-D launch: one box per block (long grids elided in the middle), the ragged
/// block filled only as far as its elements go.
#[component]
fn BlockStrip(launch: Launch1d) -> impl IntoView {
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
    view! {
        <figure class="launch" data-launch="n">
            <figcaption>
                {tr!("ui.warps.launch.caption", blocks, threads = b, n = launch.n())}
            </figcaption>
            <div class="block-strip">
                {shown
                    .into_iter()
                    .map(|blk| match blk {
                        None => view! { <span class="gap">"…"</span> }.into_any(),
                        Some(k) => {
                            let is_ragged = ragged.is_some_and(|r| r.block == k);
                            let fill = if is_ragged {
                                ragged.map_or(100, |r| (r.last_local + 1) * 100 / b)
                            } else {
                                100
                            };
                            view! {
                                <span class="blk" class:ragged=is_ragged title=tr!("ui.warps.launch.block", k)>
                                    <span class="fill" style=format!("width:{fill}%")></span>
                                    <span class="blk-label">{k}</span>
                                </span>
                            }
                                .into_any()
                        }
                    })
                    .collect_view()}
            </div>
            {ragged
                .map(|r| {
                    view! {
                        <p class="ragged-note">
                            {tr!(
                                "ui.warps.launch.ragged",
                                block = r.block,
                                last = r.last,
                                warp = r.warp,
                                active = r.warp_active,
                            )}
                        </p>
                    }
                })}
        </figure>
    }
}

/// A 2-D launch drawn to scale: the grid of blocks, the image inside it, and the threads past
/// its edges hatched.
#[component]
fn ImageGrid(launch: Launch2d) -> impl IntoView {
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
    let lines = (gx <= 64 && gy <= 64).then(|| {
        let vx = (1..gx).map(move |k| {
            let x = k as f64 * sw / gx as f64;
            view! { <line x1=n(x) y1=0 x2=n(x) y2=n(sh) class="gridline" /> }
        });
        let vy = (1..gy).map(move |k| {
            let y = k as f64 * sh / gy as f64;
            view! { <line x1=0 y1=n(y) x2=n(sw) y2=n(y) class="gridline" /> }
        });
        (vx.collect_view(), vy.collect_view())
    });
    view! {
        <figure class="launch" data-launch="image">
            <figcaption>
                {tr!(
                    "ui.warps.image.caption",
                    gx,
                    gy,
                    bx,
                    by,
                    w = launch.width(),
                    h = launch.height()
                )}
            </figcaption>
            <svg class="image-grid" viewBox=format!("-1 -1 {} {}", n(sw + 2.0), n(sh + 2.0)) role="img"
                aria-label=tr!("ui.warps.image.label", rows = launch.extra_rows(), columns = launch.extra_columns())>
                <defs>
                    <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <line x1="0" y1="0" x2="0" y2="6" class="hatch" />
                    </pattern>
                </defs>
                <rect x=0 y=0 width=n(sw) height=n(sh) fill="url(#hatch)" class="launched" />
                <rect x=0 y=0 width=n(iw) height=n(ih) class="image" />
                {lines}
            </svg>
        </figure>
    }
}
