//! The divergence timeline panel: paths serialized inside a warp with their lane masks, loops
//! with unequal trip counts, and branch conditions evaluated lane by lane across warps.
//!
//! A thin view over `warp_model::divergence::panel`; sliders and lane buttons only rewrite the
//! raw inputs, through the model's helpers.

use leptos::prelude::*;
use warp_model::divergence::panel::{
    evaluate, lanes_of, DivergenceInput, DivergenceModel, DivergenceOutput, Mode, COND, LANES,
    PATHS,
};
use warp_model::examples::Example;
use warp_model::markup::Html;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;
use warp_model::WARP_SIZE;

use crate::components::cells::{patch_rows_effect, spans, spans_html};
use crate::components::panel_frame::{use_panel_input, PanelShell};

/// The panel as its bundle and the registry draw it.
pub fn view(query: Query, example: Option<&'static Example>) -> AnyView {
    view! { <DivergencePanel query=query example=example /> }.into_any()
}

/// The panel.
#[component]
pub fn DivergencePanel(query: Query, example: Option<&'static Example>) -> impl IntoView {
    let (input, on_preset) = use_panel_input::<DivergenceModel>(query, example);
    let output = Memo::new(move |_| input.with(evaluate));
    let errors = Signal::derive(move || output.with(|o| o.errors.clone()));
    let figures = Signal::derive(move || output.with(|o| o.figures.clone()));
    let mode = Memo::new(move |_| output.with(|o| o.mode));
    view! {
        <PanelShell input=input example=example on_preset=on_preset errors=errors figures=figures
            worked=Signal::derive(move || output.with(|o| o.worked.clone()))>
            {move || match mode.get() {
                Mode::Paths => view! { <Timeline input=input output=output /> }.into_any(),
                Mode::Loop => view! { <LoopView output=output /> }.into_any(),
                Mode::Condition => view! { <ConditionView input=input output=output /> }.into_any(),
            }}
            <p class="note">{t!("ui.divergence.note")}</p>
        </PanelShell>
    }
}

/// A bar's place as a CSS percentage (drawing scale only; the figures come from the model),
/// written by `figure::rounded`, not `{}`: a page that formats no `f64` links no float
/// formatting (issue 46).
fn pct(part: u64, whole: u64) -> String {
    if whole == 0 {
        "0".into()
    } else {
        warp_model::figure::rounded(part as f64 * 100.0 / whole as f64, 3)
    }
}

/// The seeds' timeline: the undiverged baseline above, then each taken path end to end with its
/// 32-lane mask; the gap between them is the penalty.
#[component]
fn Timeline(input: RwSignal<DivergenceInput>, output: Memo<DivergenceOutput>) -> impl IntoView {
    let totals = Memo::new(move |_| {
        output.with(|o| {
            o.branch.as_ref().map_or((0, 0, 0), |b| {
                (b.diverged_cycles(), b.ideal_cycles(), b.penalty_cycles())
            })
        })
    });
    let n_paths =
        Memo::new(move |_| output.with(|o| o.branch.as_ref().map_or(0, |b| b.paths().len())));
    let lanes_known = Memo::new(move |_| {
        output.with(|o| {
            o.branch
                .as_ref()
                .is_some_and(warp_model::divergence::branch::Branch::lanes_known)
        })
    });
    view! {
        <figure class="timeline" data-picture="timeline">
            <figcaption>
                {t!("ui.divergence.timeline.caption")}
                {move || lanes_known.get().then(|| t!("ui.divergence.timeline.caption-lanes"))}
                "."
            </figcaption>
            <div class="track-row baseline">
                <span class="row-label">{t!("ui.divergence.baseline")}</span>
                <span class="track">
                    <span class="bar ideal" style=move || { let (d, i, _) = totals.get(); format!("width:{}%", pct(i, d)) }>
                        {move || tr!("ui.divergence.cycles", cycles = totals.get().1)}
                    </span>
                    <span
                        class="penalty"
                        style=move || {
                            let (d, i, gap) = totals.get();
                            format!("left:{}%;width:{}%", pct(i, d), pct(gap, d))
                        }
                    >
                        {move || {
                            let (_, _, gap) = totals.get();
                            (gap > 0).then(|| tr!("ui.divergence.penalty", cycles = gap))
                        }}
                    </span>
                </span>
            </div>
            // The rows drawn again only when their number changes (`n_paths` is a memo; a
            // row's own field, typed into, changes no count): a closure, not a keyed `For`,
            // whose code was 5 kB of the page (issue 65's round, measured).
            {move || (0..n_paths.get()).map(|i| view! {
                <PathRow i=i input=input output=output total=Signal::derive(move || totals.get().0) />
            }).collect_view()}
            <CompareWarp output=output />
        </figure>
    }
}

#[component]
fn PathRow(
    i: usize,
    input: RwSignal<DivergenceInput>,
    output: Memo<DivergenceOutput>,
    total: Signal<u64>,
) -> impl IntoView {
    let path = Memo::new(move |_| {
        output.with(|o| o.branch.as_ref().and_then(|b| b.paths().get(i).copied()))
    });
    let bar = Memo::new(move |_| output.with(|o| o.bars.iter().find(|b| b.path == i).cloned()));
    let n_paths =
        Memo::new(move |_| output.with(|o| o.branch.as_ref().map_or(0, |b| b.paths().len())));
    let cycles = move || path.get().map_or(1, |p| p.cycles);
    // An if / else if / else chain: the first path is the if, the last the else.
    let side = move || match (i, n_paths.get()) {
        (_, 0 | 1) => None,
        (0, _) => Some(t!("ui.divergence.path.if")),
        (i, n) if i + 1 == n => Some(t!("ui.divergence.path.else")),
        _ => Some(t!("ui.divergence.path.else-if")),
    };
    let label = move || {
        path.get().map(|p| {
            let path = tr!("ui.divergence.path", n = i + 1, cycles = p.cycles);
            let path = match side() {
                Some(side) => format!("{path} · {side}"),
                None => path,
            };
            match p.lanes {
                Some(lanes) => format!("{path} · {}", tr!("ui.divergence.path.lanes", lanes)),
                None => path,
            }
        })
    };
    let set_cycles = move |ev| {
        let v: u64 = event_target_value(&ev).parse().unwrap_or(1);
        input.update(|inp| {
            if let Some(p) = inp.with_path_cycles(i, v) {
                inp.set_field(PATHS.name, p);
            }
        });
    };
    let move_lane = move |to: usize| {
        input.update(|inp| {
            if let Some(l) = inp.move_lane(i, to) {
                inp.set_field(LANES.name, l);
            }
        });
    };
    // Path `i` is the last of `n`: it has no next path to give a lane to.
    let is_last = move |n: usize| i + 1 >= n;
    let can_move_lanes =
        move || path.get().is_some_and(|p| p.lanes.is_some()) && n_paths.get() >= 2;
    let colour = format!("c{}", i % 8);
    let colour2 = colour.clone();
    view! {
        <div class="track-row path" class:untaken=move || bar.get().is_none() data-path=i>
            <span class="row-label">{label}</span>
            <span class="track">
                {move || {
                    let total = total.get();
                    bar.get().map_or_else(|| view! { <span class="skipped">{t!("ui.divergence.path.skipped")}</span> }.into_any(), |b| {
                            view! {
                                <span
                                    class=format!("bar {colour}")
                                    style=format!("left:{}%;width:{}%", pct(b.start, total), pct(b.cycles, total))
                                ></span>
                            }
                                .into_any()
                        })
                }}
            </span>
            <span
                class="mask"
                aria-hidden="true"
                inner_html=move || {
                    bar.get()
                        .and_then(|b| b.lanes)
                        .map(|(lo, hi)| {
                            spans_html((0..WARP_SIZE).map(|l| {
                                if l >= lo && l < hi { format!("lane live {colour2}") } else { "lane masked".to_string() }
                            }))
                        })
                        .unwrap_or_default()
                }
            ></span>
            <span class="row-controls">
                <input
                    type="range"
                    min="1"
                    max=move || (cycles() * 2).max(PATHS.slider.unwrap_or(1)).to_string()
                    value=cycles().to_string()
                    prop:value=move || cycles().to_string()
                    on:input=set_cycles
                    aria-label=tr!("ui.divergence.path.slider", n = i + 1)
                />
                <Show when=can_move_lanes>
                    // The first path has no previous one and the last no next one: no wrap
                    // round (issue 26: "◀ lane" on path 1 moved a lane to the last path).
                    <button
                        type="button"
                        data-action="lane-back"
                        disabled={i == 0}
                        on:click={move |_| {
                            if i > 0 {
                                move_lane(i - 1);
                            }
                        }}
                        aria-label=tr!("ui.divergence.path.to-previous", n = i + 1)
                    >
                        {t!("ui.divergence.path.lane-back")}
                    </button>
                    <button
                        type="button"
                        data-action="lane-on"
                        disabled={move || is_last(n_paths.get())}
                        on:click={move |_| {
                            if !is_last(n_paths.get_untracked()) {
                                move_lane(i + 1);
                            }
                        }}
                        aria-label=tr!("ui.divergence.path.to-next", n = i + 1)
                    >
                        {t!("ui.divergence.path.lane-on")}
                    </button>
                </Show>
            </span>
        </div>
    }
}

/// The comparison warp's paths, and loop mode's lanes below: rows drawn whole on each change,
/// written as HTML strings (`inner_html`, issue 46: their view nodes cost the page its
/// rendering code). Every text is escaped.
#[component]
fn CompareWarp(output: Memo<DivergenceOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            o.compare.as_ref().map(|c| {
                let total = c.diverged_cycles();
                let mut h = Html::new();
                h.raw(r#"<p class="row-label">"#)
                    .text(t!("ui.divergence.compare"))
                    .raw("</p>");
                for b in &o.compare_bars {
                    let i = b.path;
                    h.raw(r#"<div class="track-row path"><span class="row-label">"#)
                        .text(&tr!("ui.divergence.path", n = i + 1, cycles = b.cycles))
                        .raw(r#"</span><span class="track"><span class="bar c"#)
                        .num((i as u64 + 4) % 8)
                        .raw(r#"" style="left:"#)
                        .text(&pct(b.start, total))
                        .raw("%;width:")
                        .text(&pct(b.cycles, total))
                        .raw(r#"%"></span></span></div>"#);
                }
                let html = h.into_string();
                view! { <div class="compare" data-picture="compare" inner_html=html></div> }
            })
        })
    }
}

/// Loop mode: one bar per lane, as long as its trip count; the rest of the warp's run, masked.
#[component]
fn LoopView(output: Memo<DivergenceOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            o.looped.as_ref().map(|l| {
                let max = l.loop_cycles();
                let mut h = Html::new();
                h.raw("<figcaption>")
                    .text(&tr!("ui.divergence.loop.caption", max))
                    .raw("</figcaption>");
                for (lane, &c) in l.counts().iter().enumerate() {
                    let done = pct(c, max);
                    h.raw(r#"<div class="loop-lane"><span class="row-label">"#)
                        .text(&tr!("ui.divergence.loop.lane", lane, count = c))
                        .raw(r#"</span><span class="track"><span class="bar c1" style="width:"#)
                        .text(&done)
                        .raw(r#"%"></span><span class="idle" style="left:"#)
                        .text(&done)
                        .raw("%;width:")
                        .text(&pct(max - c, max))
                        .raw(r#"%"></span></span></div>"#);
                }
                let html = h.into_string();
                view! { <figure class="loop" data-picture="loop" inner_html=html></figure> }
            })
        })
    }
}

/// Condition mode: the first warps lane by lane, coloured by side; divergent warps marked, and the
/// slowest one, whose times the per-warp figures are; a button re-aligns the key to warp
/// boundaries.
#[component]
fn ConditionView(
    input: RwSignal<DivergenceInput>,
    output: Memo<DivergenceOutput>,
) -> impl IntoView {
    const SHOWN: usize = 64;
    let aligned =
        move || output.with(|o| o.condition.as_ref().is_none_or(|c| c.realigned == c.expr));
    let rows_ref = NodeRef::<leptos::html::Div>::new();
    let rows_markup = patch_rows_effect(rows_ref, move || {
        output.with(|o| {
            o.condition
                .as_ref()
                .map(|c| {
                    let slowest = c.slowest().map(|w| w.warp);
                    c.warps
                        .iter()
                        .take(SHOWN)
                        .map(|w| warp_row(w, slowest == Some(w.warp)))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let realign = move |_| {
        let text = output.with(|o| o.condition.as_ref().map(|c| c.realigned.text()));
        if let Some(t) = text {
            input.update(|i| i.set_field(COND.name, t));
        }
    };
    view! {
        <figure class="branch-condition" data-picture="condition">
            <figcaption>{t!("ui.divergence.condition.caption")}</figcaption>
            // The warps' rows, each rewritten only when its text changes (`patch_rows_effect`):
            // a change of condition rewrites only the warps whose lanes changed.
            <div class="warp-rows" node_ref=rows_ref inner_html=rows_markup></div>
            {move || {
                output.with(|o| {
                    o.condition.as_ref().and_then(|c| {
                        (c.warps.len() > SHOWN).then(|| view! { <p class="note">{tr!("ui.divergence.condition.shown", shown = SHOWN, total = c.warps.len())}</p> })
                    })
                })
            }}
            // One button for the panel's life, disabled with aria-disabled rather than
            // `disabled`: after a click it stays focused (a disabled button would drop the
            // focus to the page body) and says, beside it, that the key is aligned now.
            <Show when=move || output.with(|o| o.condition.is_some())>
                <p class="realign">
                    <button type="button" on:click=realign aria-disabled=move || aligned().to_string() data-action="realign">
                        {t!("ui.divergence.condition.realign")}
                    </button>
                    " "
                    <span aria-live="polite">
                        {move || {
                            output.with(|o| {
                                o.condition.as_ref().map(|c| {
                                    if c.realigned == c.expr {
                                        tr!("ui.divergence.condition.aligned")
                                    } else {
                                        format!("→ {}", c.realigned.text())
                                    }
                                })
                            })
                        }}
                    </span>
                </p>
            </Show>
        </figure>
    }
}

/// One warp of condition mode as a row of markup: its lanes coloured by side, its verdict.
fn warp_row(w: &warp_model::divergence::branch::WarpBranch, slowest: bool) -> String {
    let verdict = if w.divergent() {
        tr!(
            "ui.divergence.condition.diverges",
            taken = w.if_lanes(),
            other = w.else_lanes()
        )
    } else {
        tr!("ui.divergence.condition.uniform")
    };
    let mut h = Html::new();
    h.raw(r#"<div class="warp-lanes"#)
        .raw(if w.divergent() { " divergent" } else { "" })
        .raw(if slowest { " slowest\"" } else { "\"" })
        .attr_num("data-warp", w.warp)
        .raw(r#"><span class="row-label">"#)
        .text(&tr!("ui.divergence.condition.warp", warp = w.warp))
        .raw(r#"</span><span class="lanes">"#);
    spans(
        &mut h,
        lanes_of(w)
            .into_iter()
            .map(|taken| if taken { "lane if" } else { "lane else" }),
    );
    h.raw(r#"</span><span class="verdict">"#).text(&verdict);
    if slowest {
        h.raw(" · ").text(t!("ui.divergence.condition.slowest"));
    }
    h.raw("</span></div>");
    h.into_string()
}
