//! Rows of small decorative cells (lanes, threads) as HTML strings.
//!
//! The block map, the warp strip and the divergence lane masks draw up to 1,024 cells. One view
//! per cell costs an allocation per element and per attribute with type-erased views
//! (`--cfg=erase_components`, which keeps the wasm 58 kB gzip smaller) and pushed an input change
//! at 1,024 threads past its 8 ms budget. A cell is markup with fixed class names and numbers
//! only (no learner text, nothing to escape), so a row is written as one string. Each picture
//! keeps its text equivalent (a table or a description) as views.
//!
//! Where a picture sits inside a view that re-renders on every input, [`patch_rows`] writes its
//! rows by hand into a container Leptos never rebuilds: type-erased views rebuild an element by
//! removing and re-adding every attribute (`Vec<AnyAttribute>`), so an `inner_html` there is
//! cleared and re-parsed on every change even when its text is the same. Hand-written because
//! this is a few DOM calls over rows we already hold as strings; no crate does less.

use leptos::prelude::{untrack, Effect, Get, NodeRef};
use warp_model::markup::Html;

/// The class list of a cell of warp (or subgroup) `w`: Okabe–Ito's colour-blind-safe palette
/// index and a lightness step, so that neighbouring warps always differ. One colouring for every
/// picture of warps: the block map, the warp strip, the GPU panel's subgroup map.
#[must_use]
pub fn warp_class(w: u64) -> String {
    format!("cell c{} l{}", w % 8, (w / 8) % 2)
}

/// `<span class="…"></span>` for each class list.
pub fn spans_html<S: AsRef<str>>(classes: impl IntoIterator<Item = S>) -> String {
    let mut h = Html::new();
    spans(&mut h, classes);
    h.into_string()
}

/// [`spans_html`], written into `h`.
pub fn spans<S: AsRef<str>>(h: &mut Html, classes: impl IntoIterator<Item = S>) {
    for class in classes {
        h.raw("<span").attr("class", class.as_ref()).raw("></span>");
    }
}

/// `<span class="…" data-linear="i"></span>` for each (class list, linear thread id).
pub fn linear_spans_html<S: AsRef<str>>(cells: impl IntoIterator<Item = (S, u64)>) -> String {
    let mut h = Html::new();
    linear_spans(&mut h, cells);
    h.into_string()
}

/// [`linear_spans_html`], written into `h`.
pub fn linear_spans<S: AsRef<str>>(h: &mut Html, cells: impl IntoIterator<Item = (S, u64)>) {
    for (class, i) in cells {
        h.raw("<span")
            .attr("class", class.as_ref())
            .attr_num("data-linear", i)
            .raw("></span>");
    }
}

/// Makes `container`'s children the rows (each the outer HTML of one element), rewriting only
/// the rows whose text differs from `last` (what the previous call wrote, which it replaces).
/// If the DOM no longer matches `last` (the container was emptied or replaced), every row is
/// written again.
pub fn patch_rows(container: &web_sys::Element, last: &mut Vec<String>, rows: Vec<String>) {
    let children = container.children();
    if children.length() as usize != last.len() {
        container.set_inner_html(&rows.concat());
        *last = rows;
        return;
    }
    for (i, row) in rows.iter().enumerate() {
        match last.get(i) {
            Some(old) if old == row => {}
            Some(_) => {
                if let Some(el) = u32::try_from(i).ok().and_then(|i| children.item(i)) {
                    el.set_outer_html(row);
                }
            }
            None => {
                let _ = container.insert_adjacent_html("beforeend", row);
            }
        }
    }
    for _ in rows.len()..last.len() {
        if let Some(el) = container.last_element_child() {
            el.remove();
        }
    }
    *last = rows;
}

/// Keeps the children of `target` equal to `rows()` with [`patch_rows`], in an effect that
/// re-runs whenever what `rows` reads changes. Returns the first rows as markup, for the
/// container's `inner_html`: the picture is in the page from the start (and in the markup
/// prerendered at build time, where no effect runs), and the effect's first run finds it there.
pub fn patch_rows_effect<E>(target: NodeRef<E>, rows: impl Fn() -> Vec<String> + 'static) -> String
where
    E: leptos::html::ElementType,
    E::Output: wasm_bindgen::JsCast + Clone + 'static,
{
    let first = untrack(&rows);
    let markup = first.concat();
    Effect::new(move |last: Option<Vec<String>>| {
        let mut last = last.unwrap_or_else(|| first.clone());
        let rows = rows();
        if let Some(el) = target.get() {
            patch_rows(wasm_bindgen::JsCast::unchecked_ref(&el), &mut last, rows);
        }
        last
    });
    markup
}

#[cfg(test)]
mod tests;
