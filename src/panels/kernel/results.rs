//! What a run shows: its links, watched values, race and mask notes, the warp-level calls, the step-through and the per-line table.

use leptos::prelude::*;
use warp_model::i18n::fill;
use warp_model::kernel_lab::exec::TraceStep;
use warp_model::kernel_lab::panel::{traced_note, KernelInput, KernelOutput, SRC};
use warp_model::markup::Html;
use warp_model::msg;
use warp_model::t;
use warp_model::tr;
use warp_model::LANE_SLOTS;

/// The run's links into the other panels; with `GPU` (the plain lab's bundle) and `gpu` (not a
/// challenge's page), "Run on my GPU" and its report after them (issue 69,
/// `kernel/gpu_run.rs`): drawn again with each run's output, so a report never outlives its
/// launch.
pub(super) fn links<const GPU: bool>(
    output: Memo<KernelOutput>,
    ran: RwSignal<KernelInput>,
    gpu: bool,
) -> impl IntoView {
    move || {
        output.with(|o| {
            o.links.clone().map(|l| {
                let mut html = Html::new();
                let links = [
                    (l.divergence, "divergence", t!("ui.kernel.link.divergence")),
                    (l.loop_counts, "loop", t!("ui.kernel.link.loop")),
                    (l.coalescing, "coalescing", t!("ui.kernel.link.coalescing")),
                    (l.roofline, "roofline", t!("ui.kernel.link.roofline")),
                    (Some(l.warps), "warps", t!("ui.kernel.link.warps")),
                ];
                for (q, name, words) in links {
                    if let Some(q) = q {
                        html.raw("<li><a")
                            .attr("href", &warp_model::site::href(&q))
                            .attr("data-link", name)
                            .raw(">")
                            .text(words)
                            .raw("</a></li>");
                    }
                }
                if GPU && gpu {
                    super::gpu_run::markup(&mut html);
                }
                view! {
                    <ul class="follow-ups" aria-label=t!("ui.kernel.links") inner_html=html.into_string()
                        on:click=move |ev| if GPU { super::gpu_run::pressed(&ev, ran) }></ul>
                }
            })
        })
    }
}

/// The `watch=` elements, drawn like the figures row (their names come from the input).
#[component]
pub(super) fn Watched(output: Memo<KernelOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            (!o.watched.is_empty()).then(|| {
                let html = watched_html(&o.watched);
                view! {
                    <dl class="figures watched" aria-label=t!("ui.kernel.watched") inner_html=html></dl>
                }
            })
        })
    }
}

/// The `watch=` elements' figures: one HTML string, as the figures row (each label is the
/// learner's `NAME[i]`, escaped as text; the metric and value as attributes).
pub(super) fn watched_html(watched: &[warp_model::kernel_lab::panel::WatchFigure]) -> String {
    let mut html = Html::new();
    for w in watched {
        html.raw(r#"<div class="figure""#)
            .attr("title", t!("kernel.figure.watch.help"))
            .raw("><dt><code>")
            .text(&w.label)
            .raw("</code></dt><dd")
            .attr("data-metric", &w.metric)
            .attr("data-value", &w.value.plain())
            .raw(r#"><span class="value">"#)
            .text(&w.value.human())
            .raw("</span></dd></div>");
    }
    html.into_string()
}

/// The race the run found: both lines and the word.
#[component]
pub(super) fn Race(output: Memo<KernelOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            o.race.clone().map(|text| {
                view! {
                    <p class="race" data-race="" role="status">
                        <strong>{t!("ui.kernel.race")} ": "</strong>
                        {text}
                    </p>
                }
            })
        })
    }
}

/// The mask violations the run found, each with its line and lanes (as a sanitizer names them).
#[component]
pub(super) fn Violations(output: Memo<KernelOutput>) -> impl IntoView {
    move || {
        output.with(|o| {
            (!o.violations.is_empty()).then(|| {
                let mut html = Html::new();
                html.raw("<strong>").text(t!("ui.kernel.mask-violations")).raw("</strong><ul>");
                for v in &o.violations {
                    html.raw("<li>").text(v).raw("</li>");
                }
                html.raw("</ul>");
                let html = html.into_string();
                view! {
                    <div class="race" data-mask-violations=o.violations.len() role="status" inner_html=html></div>
                }
            })
        })
    }
}

/// A warp-level call at this step: the shuffle's moves (source lane → destination lane and
/// the value), the vote's bits, the lanes the mask names that are not active, and the calling
/// lanes left out of their own mask (in red, with the same in words; a move into such a lane is
/// marked `data-offending`). One HTML string, as [`listing_html`].
fn warp_op(op: &warp_model::kernel_lab::exec::WarpOp) -> impl IntoView {
    use warp_model::kernel_lab::exec::lane_list;
    let absent = op.named & !op.active;
    let left_out = op.left_out;
    let mut html = Html::new();
    if !op.moves.is_empty() {
        html.raw(r#"<table class="moves"><caption>"#)
            .text(&tr!(
                "ui.kernel.op.moves",
                call = &op.call,
                n = op.moves.len()
            ))
            .raw(r#"</caption><thead><tr><th scope="col">"#)
            .text(t!("ui.kernel.op.from"))
            .raw(r#"</th><th scope="col">"#)
            .text(t!("ui.kernel.op.to"))
            .raw(r#"</th><th scope="col">"#)
            .text(t!("ui.kernel.op.value"))
            .raw("</th></tr></thead><tbody>");
        for (from, to, v) in &op.moves {
            let offending = left_out & (1 << to) != 0;
            html.raw("<tr")
                .attr_num("data-from", u64::from(*from))
                .attr_num("data-to", u64::from(*to))
                .raw(if offending {
                    r#" data-offending="" class="offending""#
                } else {
                    ""
                })
                .raw("><td>")
                .num(u64::from(*from))
                .raw("</td><td>")
                .num(u64::from(*to))
                .raw("</td><td>")
                .text(v)
                .raw("</td></tr>");
        }
        html.raw("</tbody></table>");
    }
    let mut row = |attr: &'static str, bits: u32, words: String, cells: &'static str| {
        html.raw(if attr == "data-ballot" {
            r#"<p class="mask-row""#
        } else {
            r#"<p class="mask-row absent""#
        })
        .attr(attr, &format!("{bits:08x}"))
        .raw(r#"><span class="row-label">"#)
        .text(&words)
        .raw(r#"</span><span class="mask">"#)
        .html(&mask_cells(bits, cells))
        .raw("</span></p>");
    };
    if let Some(b) = op.ballot {
        let words = tr!(
            "ui.kernel.op.ballot",
            call = &op.call,
            bits = format!("0x{b:08x}"),
            lanes = lane_list(b)
        );
        row("data-ballot", b, words, "lane live c1");
    }
    if absent != 0 {
        let words = tr!(
            "ui.kernel.op.absent",
            call = &op.call,
            lanes = lane_list(absent)
        );
        row("data-absent", absent, words, "lane absent");
    }
    if left_out != 0 {
        let words = tr!(
            "ui.kernel.op.left-out",
            call = &op.call,
            lanes = lane_list(left_out)
        );
        row("data-left-out", left_out, words, "lane absent");
    }
    view! { <div class="warp-op" data-op=op.call.clone() inner_html=html.into_string()></div> }
}

/// The event's word, in the page's language.
fn event_word(e: warp_model::kernel_lab::exec::Event) -> &'static str {
    use warp_model::kernel_lab::exec::Event;
    match e {
        Event::Split => t!("ui.kernel.event.split"),
        Event::Merge => t!("ui.kernel.event.merge"),
        Event::Barrier => t!("ui.kernel.event.barrier"),
        Event::End => t!("ui.kernel.event.end"),
    }
}

/// The scheduler of the last run: `stack` or `its` (`stack` before any run).
pub(super) fn sched_name(output: Memo<KernelOutput>) -> &'static str {
    output.with(|o| {
        o.result.as_ref().map_or("stack", |r| match r.sched {
            warp_model::kernel_lab::exec::Sched::Its => "its",
            warp_model::kernel_lab::exec::Sched::Stack => "stack",
        })
    })
}

/// A lane mask's 32 cells, class `on` for a lane in the mask, each titled with its lane: one
/// HTML string, as [`listing_html`] (a view node per cell cost the kernel page its code).
fn mask_cells(mask: u32, on: &'static str) -> Html {
    let mut html = Html::with_capacity(LANE_SLOTS * 48);
    for l in 0..LANE_SLOTS {
        let class = if mask & (1 << l) != 0 {
            on
        } else {
            "lane masked"
        };
        html.raw("<span")
            .attr("class", class)
            .attr("title", &tr!("ui.kernel.lane", lane = l))
            .raw("></span>");
    }
    html
}

/// One traced warp, step by step: which warp and why, the controls, and the step shown.
#[component]
pub(super) fn StepThrough(output: Memo<KernelOutput>, ran: RwSignal<KernelInput>) -> impl IntoView {
    let step = RwSignal::new(0usize);
    let var = RwSignal::new(String::new());
    let steps = Memo::new(move |_| output.with(|o| o.result.as_ref().map_or(0, |r| r.trace.len())));
    // Every run (a preset, Run, the page load) starts at step 1, even when the new trace has
    // as many steps as the last one.
    Effect::new(move |_| {
        ran.track();
        step.set(0);
    });
    let at_start = move || step.get() == 0;
    let at_end = move || step.get() + 1 >= steps.get();
    // The next split, merge, barrier or the end, from the model (`exec::next_event`).
    let next = move || {
        output.with(|o| {
            o.result
                .as_ref()
                .and_then(|r| warp_model::kernel_lab::exec::next_event(&r.trace, step.get()))
        })
    };
    let event_here = move || {
        output.with(|o| {
            o.result
                .as_ref()
                .and_then(|r| warp_model::kernel_lab::exec::event_at(&r.trace, step.get()))
        })
    };
    let its = move || sched_name(output) == "its";
    // Said when the recording stopped before the warp did.
    let cut = move || {
        output.with(|o| {
            o.result.as_ref().and_then(|r| {
                (r.traced_issued > r.trace.len() as u64).then(|| {
                    view! {
                        <p class="notice" data-trace-cut=r.traced_issued role="status">
                            {tr!("ui.kernel.step.cut", kept = r.trace.len(), total = r.traced_issued, max = warp_model::kernel_lab::exec::MAX_TRACE)}
                        </p>
                    }
                })
            })
        })
    };
    let traced = move || {
        output.with(|o| {
            o.result.as_ref().map(|r| {
                let t = r.traced;
                view! {
                    <p class="traced" data-trace=format!("{},{}", t.block, t.warp) data-trace-why=t.why.name()>
                        {traced_note(&t)}
                    </p>
                }
            })
        })
    };
    let current = move || {
        output.with(|o| {
            o.result
                .as_ref()
                .and_then(|r| r.trace.get(step.get()).cloned())
        })
    };
    view! {
        <figure class="step-through" data-picture="step-through">
            <figcaption>{t!("ui.kernel.step.caption")}</figcaption>
            {traced}
            <p class="anim-controls">
                <button type="button" data-action="step-back" disabled=at_start on:click=move |_| step.update(|s| *s = s.saturating_sub(1))>{t!("ui.kernel.step.back")}</button>
                <button type="button" data-action="step-next" disabled=at_end on:click=move |_| step.update(|s| *s = (*s + 1).min(steps.get_untracked().saturating_sub(1)))>{t!("ui.kernel.step.next")}</button>
                <button type="button" data-action="step-event" disabled=move || next().is_none()
                    on:click={move |_| {
                        if let Some((i, _)) = next() {
                            step.set(i);
                        }
                    }}>
                    {t!("ui.kernel.step.event")}
                </button>
                <span data-step=move || step.get() aria-live="polite">
                    {move || tr!("ui.kernel.step.count", n = (step.get() + 1).min(steps.get()), total = steps.get())}
                </span>
                <span class="step-event" data-event=move || event_here().map(warp_model::kernel_lab::exec::Event::name)>
                    {move || event_here().map(event_word)}
                </span>
            </p>
            {cut}
            {move || current().map(|s| step_detail(&s, ran, var, its))}
        </figure>
    }
}

/// One recorded step of the warp: the listing with its line marked, the active lanes, the
/// other lane groups, the warp-level calls, the stack (or the joins), and a variable per lane.
fn step_detail(
    s: &TraceStep,
    ran: RwSignal<KernelInput>,
    var: RwSignal<String>,
    its: impl Fn() -> bool,
) -> impl IntoView {
    let src = ran.with(|r| r.get(&SRC).to_string());
    let listing = listing_html(&src, s);
    let names: Vec<String> = s.vars.iter().map(|(n, _)| n.clone()).collect();
    let chosen = var.get();
    let shown = s
        .vars
        .iter()
        .find(|(n, _)| *n == chosen)
        .or_else(|| s.vars.last())
        .cloned();
    // One path for both schedulers, the words chosen first (the two copies were 0.4 kB of raw
    // code): with the menu below, this paid for the compile error's quote (`SourceErrorList`).
    let (title, empty, entry) = if its() {
        (
            msg!("ui.kernel.step.joins"),
            msg!("ui.kernel.step.joins-empty"),
            msg!("ui.kernel.step.join-entry"),
        )
    } else {
        (
            msg!("ui.kernel.step.stack"),
            msg!("ui.kernel.step.stack-empty"),
            msg!("ui.kernel.step.stack-entry"),
        )
    };
    // The variables' options as one string, as the listing: a view per option linked a list of
    // views' build and rebuild code (2.9 kB raw) for a menu that is redrawn whole at every step.
    let mut options = Html::new();
    for n in &names {
        let on = shown.as_ref().is_some_and(|(m, _)| m == n);
        options
            .raw("<option")
            .attr("value", n)
            .raw(if on { " selected>" } else { ">" })
            .text(n)
            .raw("</option>");
    }
    let options = options.into_string();
    let stack = if s.stack.is_empty() {
        fill(empty, &[])
    } else {
        let entries: Vec<String> = s
            .stack
            .iter()
            .map(|e| {
                let lanes = e.lanes();
                fill(
                    entry,
                    &[("kind", &e.kind), ("line", &e.line), ("lanes", &lanes)],
                )
            })
            .collect();
        entries.join(" → ")
    };
    view! {
        <ol class="listing" inner_html=listing></ol>
        <p class="mask-row" data-mask=format!("{:08x}", s.mask)>
            <span class="row-label">{tr!("ui.kernel.step.mask", line = s.line, active = s.active_lanes())}</span>
            <span class="mask" inner_html=mask_cells(s.mask, "lane live c1").into_string()></span>
        </p>
        {(!s.groups.is_empty()).then(|| {
            let text = s.groups.iter().map(|(line, own)| tr!("ui.kernel.step.group", line = *line, lanes = warp_model::kernel_lab::exec::lane_list(*own))).collect::<Vec<_>>().join("; ");
            view! { <p class="groups" data-groups=s.groups.len()>{t!("ui.kernel.step.groups")} " " {text}</p> }
        })}
        {s.ops.iter().map(warp_op).collect_view()}
        // Under sched=stack the warp's reconvergence stack; under sched=its this
        // lane group's own points where it waits to merge.
        <div class="stack" data-stack=s.stack.len()>
            <strong>{title.text()} " "</strong>
            {stack}
        </div>
        {(!names.is_empty()).then(|| view! {
            <label>
                {t!("ui.kernel.step.variable")} " "
                <select on:change=move |ev| var.set(event_target_value(&ev)) inner_html=options></select>
            </label>
        })}
        {shown.map(|(name, vals)| {
            let html = lane_values_html(&name, &vals);
            view! { <table class="lane-values" data-var=name inner_html=html></table> }
        })}
    }
}

/// The listing with the step's line marked (`li.here`, `aria-current="step"`) and, under
/// `sched=its`, the lines other lane groups stand at (`li.other[data-group-line]`): one HTML
/// string, as the SM timeline is, since a view node per line cost the kernel page its rendering
/// code (issue 46: this and [`lane_values_html`] paid for the timeline's worked steps).
pub(super) fn listing_html(src: &str, s: &TraceStep) -> String {
    let mut html = Html::with_capacity(src.len() + 64 * src.lines().count());
    for (i, text) in src.lines().enumerate() {
        let line = i + 1;
        let here = line == s.line;
        let other = !here && s.groups.iter().any(|(l, _)| *l == line);
        let marks = if here {
            r#" class="here" aria-current="step""#
        } else if other {
            r#" class="other" data-group-line="""#
        } else {
            ""
        };
        html.raw("<li")
            .raw(marks)
            .attr_num("data-line", line as u64)
            .raw("><code>")
            .text(text)
            .raw("</code></li>");
    }
    html.into_string()
}

/// A variable's value in each of the 32 lanes, four rows of eight (`—`: a lane without one),
/// each cell titled with its lane: one HTML string, as [`listing_html`].
pub(super) fn lane_values_html(name: &str, vals: &[Option<String>]) -> String {
    let mut html = Html::new();
    html.raw("<caption>")
        .text(&tr!("ui.kernel.step.values", name))
        .raw("</caption><tbody>");
    for r in 0..4 {
        html.raw("<tr>");
        for c in 0..8 {
            let l = r * 8 + c;
            html.raw("<td")
                .attr("title", &tr!("ui.kernel.lane", lane = l))
                .raw(">")
                .text(vals.get(l).and_then(Option::as_deref).unwrap_or("—"))
                .raw("</td>");
        }
        html.raw("</tr>");
    }
    html.raw("</tbody>");
    html.into_string()
}

/// The per-line table's rows: one HTML string, as [`listing_html`] (its view nodes, a
/// dozen kinds of cell, cost the kernel page their rendering code). A cell whose line stalled
/// on the SM carries `data-stalls`; with shared memory, its wavefronts, conflicts and the link
/// to the banks panel (`a[data-link=banks]`).
pub(super) fn rows_html(
    r: &warp_model::kernel_lab::exec::RunResult,
    src: &str,
    stalls: Option<&warp_model::kernel_lab::timing::SmOutput>,
    shared: bool,
    banks: &[(usize, String)],
) -> Html {
    let mut html = Html::new();
    // A count in a cell that names it: `<td data-sectors="3">3</td>`.
    let cell = |html: &mut Html, name: &'static str, n: u64| {
        html.raw("<td")
            .attr_num(name, n)
            .raw(">")
            .num(n)
            .raw("</td>");
    };
    for (line, st) in &r.lines {
        let code = src.lines().nth(line.saturating_sub(1)).unwrap_or("").trim();
        html.raw("<tr")
            .attr_num("data-line", *line as u64)
            .raw(r#"><th scope="row">"#)
            .num(*line as u64)
            .raw("</th><td><code>")
            .text(code)
            .raw("</code></td><td>")
            .num(st.issued)
            .raw("</td><td>")
            .text(&st.mean_active_lanes().human())
            .raw("</td><td>")
            .num(st.divergent)
            .raw("</td><td>")
            .num(st.transactions)
            .raw("</td>");
        cell(&mut html, "data-sectors", st.sectors);
        cell(&mut html, "data-l1-hits", st.l1_hits);
        cell(&mut html, "data-l2-hits", st.l2_hits);
        cell(&mut html, "data-dram-bytes", st.dram_bytes);
        if let Some(sm) = stalls {
            let note = warp_model::kernel_lab::timing::line_note(sm, *line);
            html.raw(if note.is_some() {
                r#"<td class="stalls" data-stalls="">"#
            } else {
                r#"<td class="stalls">"#
            })
            .text(note.as_deref().unwrap_or_default())
            .raw("</td>");
        }
        if shared {
            cell(&mut html, "data-shared-wavefronts", st.shared_wavefronts);
            cell(&mut html, "data-bank-conflicts", st.bank_conflicts);
            html.raw("<td>");
            if let Some((_, q)) = banks.iter().find(|(l, _)| l == line) {
                html.raw("<a")
                    .attr("href", &warp_model::site::href(q))
                    .raw(r#" data-link="banks""#)
                    .attr_num("data-line", *line as u64)
                    .attr(
                        "aria-label",
                        &tr!("ui.kernel.link.banks.label", line = *line),
                    )
                    .raw(">")
                    .text(t!("ui.kernel.link.banks"))
                    .raw("</a>");
            }
            html.raw("</td>");
        }
        html.raw("</tr>");
    }
    html
}

/// The per-line table's heading row, one HTML string as its rows are (a dozen `<th>` view
/// nodes cost the kernel page 1.0 kB gzip of rendering code).
pub(super) fn head_html(stalls: bool, shared: bool) -> Html {
    let mut cols = vec![
        t!("ui.kernel.table.line"),
        t!("ui.kernel.table.code"),
        t!("ui.kernel.table.issued"),
        t!("ui.kernel.table.active"),
        t!("ui.kernel.table.divergent"),
        t!("ui.kernel.table.transactions"),
        t!("memory.figure.sectors"),
        t!("ui.kernel.table.l1-hits"),
        t!("ui.kernel.table.l2-hits"),
        t!("memory.figure.dram-bytes"),
    ];
    let stall_col = cols.len();
    if stalls {
        cols.push(t!("kernel.sm.stalls"));
    }
    if shared {
        cols.extend([
            t!("ui.kernel.table.wavefronts"),
            t!("ui.kernel.table.conflicts"),
            t!("ui.kernel.table.banks"),
        ]);
    }
    let mut html = Html::new();
    html.raw("<tr>");
    for (k, c) in cols.iter().enumerate() {
        html.raw(if stalls && k == stall_col {
            r#"<th scope="col" class="stalls">"#
        } else {
            r#"<th scope="col">"#
        })
        .text(c)
        .raw("</th>");
    }
    html.raw("</tr>");
    html
}

/// The per-line table; with the SM's stalls per line when `PLAIN` and the run was timed.
pub(super) fn line_table<const PLAIN: bool>(
    output: Memo<KernelOutput>,
    ran: RwSignal<KernelInput>,
) -> impl IntoView {
    move || {
        output.with(|o| {
            o.result.as_ref().map(|r| {
                let src = ran.with(|x| x.get(&SRC).to_string());
                let shared = !r.shared_lines.is_empty();
                let stalls = if PLAIN { o.sm.as_ref() } else { None };
                let banks = o
                    .links
                    .as_ref()
                    .map(|l| l.banks.clone())
                    .unwrap_or_default();
                let rows = rows_html(r, &src, stalls, shared, &banks);
                let head = head_html(stalls.is_some(), shared);
                // The whole table as one string, as its rows are: a box that scrolls sideways
                // when its columns are wider than the page, so reachable by the keyboard
                // (`tabindex`, axe's scrollable-region-focusable).
                let mut html = Html::new();
                html.raw(if PLAIN {
                    r#"<table class="per-line per-line-flow""#
                } else {
                    r#"<table class="per-line""#
                })
                .raw(r#" data-table="per-line" tabindex="0"><caption>"#)
                .text(t!("ui.kernel.table.caption"))
                .raw("</caption><thead>")
                .html(&head)
                .raw("</thead><tbody>")
                .html(&rows)
                .raw("</tbody></table>");
                view! { <div inner_html=html.into_string()></div> }
            })
        })
    }
}
