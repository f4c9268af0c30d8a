//! The tensor-core view: in fragment mode, the operand's matrix with every element coloured by
//! the lane that holds it and labelled with its register element, beside the 32 lanes (choose a
//! lane to see its elements, an element to see its lane); in ldmatrix mode, the shared tile's
//! 16-byte rows with the lane that gives each address, the loaded block with who receives each
//! element, and the bank phases as the banks panel draws them. A thin view over
//! `warp_model::mma::panel`.

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::markup::Html;
use warp_model::mma::panel::{evaluate, FragmentPicture, MmaModel, MmaOutput, COL, LANE, ROW};
use warp_model::mma::worked::LdmatrixPicture;
use warp_model::mma::Fragment;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;
use warp_model::WARP_SIZE;

use crate::components::panel_frame::{use_panel_input, PanelShell};

/// The panel as its bundle and the registry draw it.
pub fn view(query: Query, example: Option<&'static Example>) -> AnyView {
    view! { <MmaPanel query=query example=example /> }.into_any()
}

/// The panel.
#[component]
pub fn MmaPanel(query: Query, example: Option<&'static Example>) -> impl IntoView {
    let (input, on_preset) = use_panel_input::<MmaModel>(query, example);
    let output = Memo::new(move |_| input.with(evaluate));
    let errors = Signal::derive(move || output.with(|o| o.errors.clone()));
    let figures = Signal::derive(move || output.with(|o| o.figures.clone()));
    // Choosing in the picture writes the same fields the form has, so the URL and the
    // figures follow (a second click on the chosen lane clears it).
    let choose_lane = move |lane: u64| {
        input.update(|i| {
            let now = i.field(LANE.name).trim().to_string();
            let next = if now == lane.to_string() {
                String::new()
            } else {
                lane.to_string()
            };
            i.set_field(LANE.name, next);
        });
    };
    let choose_cell = move |row: u64, col: u64| {
        input.update(|i| {
            i.set_field(ROW.name, row.to_string());
            i.set_field(COL.name, col.to_string());
        });
    };
    // The arrow keys move the chosen cell (the grid is one tab stop); the redrawn grid takes
    // the focus back (`fragment_view`).
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some(((rows, cols), now)) =
            output.with_untracked(|o| o.fragment.as_ref().map(|p| (p.dims, p.element)))
        else {
            return;
        };
        let Some(next) = grid_step(&ev.key(), now, rows, cols) else {
            return;
        };
        ev.prevent_default();
        KEYED.set(true);
        choose_cell(next.0, next.1);
    };
    view! {
        <PanelShell input=input example=example on_preset=on_preset errors=errors figures=figures
            worked=Signal::derive(move || output.with(|o| o.worked.clone()))>
            {move || output.with(|o| o.fragment.clone()).map(|p| fragment_view(&p, choose_lane, choose_cell, on_key))}
            {move || output.with(|o| o.ldmatrix.clone()).map(|p| ldmatrix_view(&p))}
            {move || output.with(phases_view)}
            {move || output.with(|o| o.banks_link.clone()).map(|q| view! {
                <p class="cross-link"><a href=warp_model::site::href(&q) data-link="banks">{t!("ui.mma.banks-link")}</a></p>
            })}
            <p class="note">{t!("ui.mma.note")}</p>
        </PanelShell>
    }
}

/// A lane's fill: its group (lane >> 2) picks the hue, its place in the group the shade, so
/// the quads the ISA's formulas build show as bands of one colour.
/// (Light enough that the dark label keeps a 4.5:1 contrast on every hue.)
fn lane_colour(lane: u64) -> String {
    let hue = (lane >> 2) * 45;
    let light = 92 - (lane % 4) * 6;
    format!("hsl({hue} 65% {light}%)")
}

fn lane_fill(lane: u64) -> String {
    format!("fill:{}", lane_colour(lane))
}

fn lane_background(lane: u64) -> String {
    format!("background:{}", lane_colour(lane))
}

/// A cell of the matrix pictures, drawn one CSS pixel per unit so that its labels keep their
/// 11 px on a phone (the picture scrolls across instead of shrinking).
const CELL_W: f64 = 36.0;
const CELL_H: f64 = 30.0;
const LEFT: f64 = 26.0;
const TOP: f64 = 16.0;

thread_local! {
    /// Whether the last choice came from the keyboard: the redrawn grid then takes the focus.
    /// (A plain cell, not a signal: nothing is drawn from it.)
    static KEYED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The fragment picture's scrolling box, which the keyboard and the scroll to the chosen cell
/// find again after each drawing.
const FRAGMENT_BOX: &str = "[data-picture=mma-fragment] .mma-scroll";

/// Where an arrow key (or Home, End) moves the chosen cell in a `rows` × `cols` matrix; the
/// first key with none chosen chooses the top left cell. `None` for any other key.
fn grid_step(key: &str, now: Option<(u64, u64)>, rows: u64, cols: u64) -> Option<(u64, u64)> {
    let Some((r, c)) = now else {
        return matches!(
            key,
            "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Home" | "End"
        )
        .then_some((0, 0));
    };
    Some(match key {
        "ArrowRight" => (r, (c + 1).min(cols.saturating_sub(1))),
        "ArrowLeft" => (r, c.saturating_sub(1)),
        "ArrowDown" => ((r + 1).min(rows.saturating_sub(1)), c),
        "ArrowUp" => (r.saturating_sub(1), c),
        "Home" => (r, 0),
        "End" => (r, cols.saturating_sub(1)),
        _ => return None,
    })
}

/// The fragment picture, written as one HTML string (`inner_html`, issue 46: a picture redrawn
/// whole on every change, whose SVG as view nodes cost the page its rendering code; every text
/// escaped). A click anywhere in it is read from the element clicked: a cell (`g[data-row]`)
/// chooses its element, a lane button (`button[data-lane]`) its lane.
fn fragment_view(
    p: &FragmentPicture,
    choose_lane: impl Fn(u64) + Copy + 'static,
    choose_cell: impl Fn(u64, u64) + Copy + 'static,
    on_key: impl Fn(leptos::ev::KeyboardEvent) + Copy + 'static,
) -> impl IntoView {
    let (rows, cols) = p.dims;
    let width = LEFT + cols as f64 * CELL_W + 2.0;
    let height = TOP + rows as f64 * CELL_H + 2.0;
    // The grid's name says which cell is chosen, so a screen reader hears the new cell (row,
    // column, lane) each time the arrow keys give the redrawn grid the focus.
    let chosen = p
        .cells
        .iter()
        .find(|c| p.element == Some((c.row, c.col)))
        .map_or_else(String::new, |c| cell_words(p, c));
    let label = tr!(
        "ui.mma.grid.label",
        matrix = p.fragment.operand.matrix(),
        chosen
    );
    let mut h = Html::new();
    // The keys reach the figure from its grid (the one tab stop).
    h.raw("<figcaption>")
        .text(t!("ui.mma.fragment.caption"))
        .raw(r#"</figcaption><div class="mma-scroll" tabindex="0" role="group""#)
        .attr("aria-label", &label)
        .raw(">");
    svg_open(&mut h, width, height, &p.summary, "mma-grid");
    axis_labels(cols, rows, CELL_W, CELL_H, 1, &mut h);
    for c in &p.cells {
        h.raw(r#"<g class="cell"#)
            .raw(if p.lane == Some(c.owner.lane) {
                " of-lane"
            } else {
                ""
            })
            .raw(if p.element == Some((c.row, c.col)) {
                " chosen\""
            } else {
                "\""
            })
            .attr_num("data-row", c.row)
            .attr_num("data-col", c.col)
            .attr_num("data-lane", c.owner.lane)
            .raw(">");
        let x = LEFT + c.col as f64 * CELL_W;
        let y = TOP + c.row as f64 * CELL_H;
        cell_face(x, y, c.owner.lane, &c.name, &cell_words(p, c), &mut h);
        h.raw("</g>");
    }
    let lanes = t!("ui.mma.lanes");
    h.raw(r#"</svg></div><p class="mma-lanes-title">"#)
        .text(lanes)
        .raw(r#"</p><div class="mma-lanes" role="group""#)
        .attr("aria-label", lanes)
        .raw(">");
    for lane in 0..WARP_SIZE {
        h.raw(if p.element_lane == Some(lane) {
            r#"<button type="button" class="lane holds""#
        } else {
            r#"<button type="button" class="lane""#
        })
        .attr_num("data-lane", lane)
        .raw(if p.lane == Some(lane) {
            r#" aria-pressed="true""#
        } else {
            r#" aria-pressed="false""#
        })
        .attr("style", &lane_background(lane))
        .raw(">")
        .num(lane)
        .raw("</button>");
    }
    h.raw(r#"</div><p class="note">"#)
        .text(&registers_note(p.fragment))
        .raw("</p>");
    let html = h.into_string();
    // Once this drawing is on the page (the next frame): the chosen cell scrolled into the
    // box's view (16 columns of A are wider than a phone), and the focus back after a key.
    if let Some((_, col)) = p.element.filter(|_| crate::browser::present()) {
        let x = LEFT + col as f64 * CELL_W;
        request_animation_frame(move || {
            crate::browser::reveal_across(FRAGMENT_BOX, x, CELL_W, KEYED.take());
        });
    }
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let number = |el: &web_sys::Element, name: &str| {
            el.get_attribute(name).and_then(|v| v.parse::<u64>().ok())
        };
        if let Some(cell) = el.closest("g[data-row]").ok().flatten() {
            if let (Some(row), Some(col)) = (number(&cell, "data-row"), number(&cell, "data-col")) {
                choose_cell(row, col);
            }
        } else if let Some(lane) = el
            .closest("button[data-lane]")
            .ok()
            .flatten()
            .and_then(|b| number(&b, "data-lane"))
        {
            choose_lane(lane);
        }
    };
    view! {
        <figure class="mma-picture" data-picture="mma-fragment" on:keydown=on_key on:click=on_click inner_html=html></figure>
    }
}

/// A fragment cell in words: the matrix, row, column, the lane that holds it and its element.
fn cell_words(p: &FragmentPicture, c: &warp_model::mma::panel::Cell) -> String {
    tr!(
        "ui.mma.cell",
        matrix = p.fragment.operand.matrix(),
        row = c.row,
        col = c.col,
        lane = c.owner.lane,
        name = c.name.clone()
    )
}

/// A cell of a lane-coloured grid: the lane on top, a label under it, the title on hover.
fn cell_face(x: f64, y: f64, lane: u64, label: &str, title: &str, h: &mut Html) {
    let cx = x + CELL_W / 2.0;
    h.raw("<rect")
        .attr_coord("x", x + 1.0)
        .attr_coord("y", y + 1.0)
        .attr_coord("width", CELL_W - 2.0)
        .attr_coord("height", CELL_H - 2.0)
        .attr("style", &lane_fill(lane))
        .raw("><title>")
        .text(title)
        .raw("</title></rect><text")
        .attr_coord("x", cx)
        .attr_coord("y", y + 13.0)
        .raw(r#" class="lane-no" text-anchor="middle">"#)
        .num(lane)
        .raw("</text><text")
        .attr_coord("x", cx)
        .attr_coord("y", y + 25.0)
        .raw(r#" class="elem-name" text-anchor="middle">"#)
        .text(label)
        .raw("</text>");
}

/// Column numbers above a grid (every `every`-th) and row numbers beside it.
fn axis_labels(cols: u64, rows: u64, w: f64, h: f64, every: u64, html: &mut Html) {
    for c in (0..cols).filter(|c| c % every == 0) {
        html.raw("<text")
            .attr_coord("x", LEFT + (c as f64 + 0.5) * w)
            .attr_coord("y", TOP - 4.0)
            .raw(r#" class="axis-label" text-anchor="middle">"#)
            .num(c)
            .raw("</text>");
    }
    for r in 0..rows {
        html.raw("<text")
            .attr_coord("x", LEFT - 4.0)
            .attr_coord("y", TOP + (r as f64 + 0.65) * h)
            .raw(r#" class="axis-label" text-anchor="end">"#)
            .num(r)
            .raw("</text>");
    }
}

fn registers_note(f: Fragment) -> String {
    if f.per_register() == 2 {
        tr!("ui.mma.registers.packed")
    } else {
        tr!("ui.mma.registers.single")
    }
}

const CHUNK_H: f64 = 30.0;

/// The ldmatrix pictures, as one HTML string (as [`fragment_view`]).
fn ldmatrix_view(p: &LdmatrixPicture) -> impl IntoView {
    let cpr = p.chunks_per_row;
    let chunk_w = if cpr <= 16 { 44.0 } else { 30.0 };
    let width = LEFT + cpr as f64 * chunk_w + 2.0;
    let height = TOP + 16.0 * CHUNK_H + 2.0;
    let mut h = Html::new();
    h.raw("<figcaption>")
        .text(t!("ui.mma.tile.caption"))
        .raw(r#"</figcaption><div class="mma-scroll">"#);
    svg_open(&mut h, width, height, &p.summary, "mma-tile");
    axis_labels(
        cpr,
        16,
        chunk_w,
        CHUNK_H,
        if cpr <= 16 { 1 } else { 4 },
        &mut h,
    );
    for c in &p.chunks {
        let x = LEFT + c.stored as f64 * chunk_w;
        let y = TOP + c.row as f64 * CHUNK_H;
        let title = tr!(
            "ui.mma.chunk",
            row = c.row,
            chunk = c.stored,
            address = c.address,
            end = c.end,
            bank = c.bank,
            last = c.last_bank
        );
        h.raw(r#"<g class="chunk"#);
        if let Some(m) = c.matrix {
            h.raw(" m").num(m);
        }
        h.raw("\"")
            .attr_num("data-row", c.row)
            .attr_num("data-chunk", c.stored);
        if let Some(l) = c.lane {
            h.attr_num("data-address-lane", l);
        }
        h.raw("><rect")
            .attr_coord("x", x + 1.0)
            .attr_coord("y", y + 1.0)
            .attr_coord("width", chunk_w - 2.0)
            .attr_coord("height", CHUNK_H - 2.0)
            .raw("><title>")
            .text(&title)
            .raw("</title></rect>");
        // The lane whose address this is, and the first of the four banks it spans: the
        // pattern the cost comes from.
        if let Some(l) = c.lane {
            let cx = x + chunk_w / 2.0;
            h.raw("<text")
                .attr_coord("x", cx)
                .attr_coord("y", y + 13.0)
                .raw(r#" text-anchor="middle">T"#)
                .num(l)
                .raw("</text><text")
                .attr_coord("x", cx)
                .attr_coord("y", y + 25.0)
                .raw(r#" class="bank-no" text-anchor="middle">"#)
                .text(&tr!("ui.mma.chunk.bank", bank = c.bank))
                .raw("</text>");
        }
        h.raw("</g>");
    }
    let (brows, bcols) = p.block;
    let bwidth = LEFT + bcols as f64 * CELL_W + 2.0;
    let bheight = TOP + brows as f64 * CELL_H + 2.0;
    h.raw(r#"</svg></div><p class="mma-lanes-title">"#)
        .text(t!("ui.mma.block.caption"))
        .raw(r#"</p><div class="mma-scroll"><svg viewBox="0 0 "#)
        .coord(bwidth)
        .raw(" ")
        .coord(bheight)
        .raw("\"")
        .attr_coord("width", bwidth)
        .raw(r#" role="img""#)
        .attr("aria-label", &tr!("ui.mma.block.summary", x = p.load.x))
        .raw(r#" class="mma-grid">"#);
    axis_labels(bcols, brows, CELL_W, CELL_H, 1, &mut h);
    for d in &p.deliveries {
        h.raw(r#"<g class="cell m"#)
            .num(d.register)
            .raw("\"")
            .attr_num("data-row", d.row)
            .attr_num("data-col", d.col)
            .attr_num("data-lane", d.lane)
            .attr_num("data-register", d.register)
            .raw(">");
        let title = tr!(
            "ui.mma.delivery",
            row = d.row,
            col = d.col,
            lane = d.lane,
            register = d.register,
            half = d.half
        );
        let x = LEFT + d.col as f64 * CELL_W;
        let y = TOP + d.row as f64 * CELL_H;
        let label = format!("r{}.{}", d.register, d.half);
        cell_face(x, y, d.lane, &label, &title, &mut h);
        h.raw("</g>");
    }
    h.raw("</svg></div>");
    let html = h.into_string();
    view! { <figure class="mma-picture" data-picture="mma-ldmatrix" inner_html=html></figure> }
}

fn phases_view(o: &MmaOutput) -> Option<impl IntoView> {
    (!o.phases.is_empty()).then(|| crate::panels::banks::phases_figure(&o.phases))
}

/// A picture's `<svg>` open tag: its view box and width, and its summary read out as its label.
fn svg_open(h: &mut Html, width: f64, height: f64, summary: &str, class: &'static str) {
    h.raw(r#"<svg viewBox="0 0 "#)
        .coord(width)
        .raw(" ")
        .coord(height)
        .raw("\"")
        .attr_coord("width", width)
        .raw(r#" role="img""#)
        .attr("aria-label", summary)
        .attr("class", class)
        .raw(">");
}
