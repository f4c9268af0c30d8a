//! The tensor-core view: in fragment mode, the operand's matrix with every element coloured by
//! the lane that holds it and labelled with its register element, beside the 32 lanes (choose a
//! lane to see its elements, an element to see its lane); in ldmatrix mode, the shared tile's
//! 16-byte rows with the lane that gives each address, the loaded block with who receives each
//! element, and the bank phases as the banks panel draws them. A thin view over
//! `warp_model::mma::panel`.

use std::fmt::Write as _;

use leptos::prelude::*;
use warp_model::examples::Example;
use warp_model::markup::escape;
use warp_model::mma::panel::{evaluate, FragmentPicture, MmaModel, MmaOutput, COL, LANE, ROW};
use warp_model::mma::worked::LdmatrixPicture;
use warp_model::mma::Fragment;
use warp_model::query::Query;
use warp_model::t;
use warp_model::tr;
use warp_model::WARP_SIZE;

use crate::components::n;
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
    let mut html = String::new();
    // The keys reach the figure from its grid (the one tab stop).
    let _ = write!(
        html,
        r#"<figcaption>{}</figcaption><div class="mma-scroll" tabindex="0" role="group" aria-label="{}"><svg viewBox="0 0 {w} {}" width="{w}" role="img" aria-label="{}" class="mma-grid">"#,
        escape(t!("ui.mma.fragment.caption")),
        escape(&label),
        n(height),
        escape(&p.summary),
        w = n(width),
    );
    axis_labels(cols, rows, CELL_W, CELL_H, 1, &mut html);
    for c in &p.cells {
        let mut class = String::from("cell");
        if p.lane == Some(c.owner.lane) {
            class.push_str(" of-lane");
        }
        if p.element == Some((c.row, c.col)) {
            class.push_str(" chosen");
        }
        let _ = write!(
            html,
            r#"<g class="{class}" data-row="{}" data-col="{}" data-lane="{}">"#,
            c.row, c.col, c.owner.lane
        );
        let x = LEFT + c.col as f64 * CELL_W;
        let y = TOP + c.row as f64 * CELL_H;
        cell_face(x, y, c.owner.lane, &c.name, &cell_words(p, c), &mut html);
        html.push_str("</g>");
    }
    let _ = write!(
        html,
        r#"</svg></div><p class="mma-lanes-title">{lanes}</p><div class="mma-lanes" role="group" aria-label="{lanes}">"#,
        lanes = escape(t!("ui.mma.lanes"))
    );
    for lane in 0..WARP_SIZE {
        let class = if p.element_lane == Some(lane) {
            "lane holds"
        } else {
            "lane"
        };
        let _ = write!(
            html,
            r#"<button type="button" class="{class}" data-lane="{lane}" aria-pressed="{}" style="{}">{lane}</button>"#,
            p.lane == Some(lane),
            lane_background(lane)
        );
    }
    let _ = write!(
        html,
        r#"</div><p class="note">{}</p>"#,
        escape(&registers_note(p.fragment))
    );
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
fn cell_face(x: f64, y: f64, lane: u64, label: &str, title: &str, html: &mut String) {
    let cx = n(x + CELL_W / 2.0);
    let _ = write!(
        html,
        r#"<rect x="{}" y="{}" width="{}" height="{}" style="{}"><title>{}</title></rect><text x="{cx}" y="{}" class="lane-no" text-anchor="middle">{lane}</text><text x="{cx}" y="{}" class="elem-name" text-anchor="middle">{}</text>"#,
        n(x + 1.0),
        n(y + 1.0),
        n(CELL_W - 2.0),
        n(CELL_H - 2.0),
        lane_fill(lane),
        escape(title),
        n(y + 13.0),
        n(y + 25.0),
        escape(label)
    );
}

/// Column numbers above a grid (every `every`-th) and row numbers beside it.
fn axis_labels(cols: u64, rows: u64, w: f64, h: f64, every: u64, html: &mut String) {
    for c in (0..cols).filter(|c| c % every == 0) {
        let _ = write!(
            html,
            r#"<text x="{}" y="{}" class="axis-label" text-anchor="middle">{c}</text>"#,
            n(LEFT + (c as f64 + 0.5) * w),
            n(TOP - 4.0)
        );
    }
    for r in 0..rows {
        let _ = write!(
            html,
            r#"<text x="{}" y="{}" class="axis-label" text-anchor="end">{r}</text>"#,
            n(LEFT - 4.0),
            n(TOP + (r as f64 + 0.65) * h)
        );
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
    let mut html = String::new();
    let _ = write!(
        html,
        r#"<figcaption>{}</figcaption><div class="mma-scroll"><svg viewBox="0 0 {w} {}" width="{w}" role="img" aria-label="{}" class="mma-tile">"#,
        escape(t!("ui.mma.tile.caption")),
        n(height),
        escape(&p.summary),
        w = n(width),
    );
    axis_labels(
        cpr,
        16,
        chunk_w,
        CHUNK_H,
        if cpr <= 16 { 1 } else { 4 },
        &mut html,
    );
    for c in &p.chunks {
        let x = LEFT + c.stored as f64 * chunk_w;
        let y = TOP + c.row as f64 * CHUNK_H;
        let class = match c.matrix {
            Some(m) => format!("chunk m{m}"),
            None => "chunk".to_string(),
        };
        let title = tr!(
            "ui.mma.chunk",
            row = c.row,
            chunk = c.stored,
            address = c.address,
            end = c.end,
            bank = c.bank,
            last = c.last_bank
        );
        let _ = write!(
            html,
            r#"<g class="{class}" data-row="{}" data-chunk="{}""#,
            c.row, c.stored
        );
        if let Some(l) = c.lane {
            let _ = write!(html, r#" data-address-lane="{l}""#);
        }
        let _ = write!(
            html,
            r#"><rect x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>"#,
            n(x + 1.0),
            n(y + 1.0),
            n(chunk_w - 2.0),
            n(CHUNK_H - 2.0),
            escape(&title)
        );
        // The lane whose address this is, and the first of the four banks it spans: the
        // pattern the cost comes from.
        if let Some(l) = c.lane {
            let cx = n(x + chunk_w / 2.0);
            let _ = write!(
                html,
                r#"<text x="{cx}" y="{}" text-anchor="middle">T{l}</text><text x="{cx}" y="{}" class="bank-no" text-anchor="middle">{}</text>"#,
                n(y + 13.0),
                n(y + 25.0),
                escape(&tr!("ui.mma.chunk.bank", bank = c.bank))
            );
        }
        html.push_str("</g>");
    }
    let (brows, bcols) = p.block;
    let bwidth = LEFT + bcols as f64 * CELL_W + 2.0;
    let bheight = TOP + brows as f64 * CELL_H + 2.0;
    let _ = write!(
        html,
        r#"</svg></div><p class="mma-lanes-title">{}</p><div class="mma-scroll"><svg viewBox="0 0 {w} {}" width="{w}" role="img" aria-label="{}" class="mma-grid">"#,
        escape(t!("ui.mma.block.caption")),
        n(bheight),
        escape(&tr!("ui.mma.block.summary", x = p.load.x)),
        w = n(bwidth),
    );
    axis_labels(bcols, brows, CELL_W, CELL_H, 1, &mut html);
    for d in &p.deliveries {
        let _ = write!(
            html,
            r#"<g class="cell m{r}" data-row="{}" data-col="{}" data-lane="{}" data-register="{r}">"#,
            d.row,
            d.col,
            d.lane,
            r = d.register
        );
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
        cell_face(x, y, d.lane, &label, &title, &mut html);
        html.push_str("</g>");
    }
    html.push_str("</svg></div>");
    view! { <figure class="mma-picture" data-picture="mma-ldmatrix" inner_html=html></figure> }
}

fn phases_view(o: &MmaOutput) -> Option<impl IntoView> {
    (!o.phases.is_empty()).then(|| crate::panels::banks::phases_figure(&o.phases))
}
