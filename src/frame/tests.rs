//! One renderer (issue 63): a page's first frame, applied to its prerendered markup as the
//! loader applies it, is the markup the live views draw for the same address, rendered natively
//! as the build prerenders every page. Every region the first frame writes is the live view's,
//! and nothing outside them differs.

use warp_model::coalescing::panel::CoalescingModel;
use warp_model::i18n::Lang;
use warp_model::query::Query;
use warp_model::site::{self, Prerendered};

use super::*;
use crate::prerender::render;

/// Where the element carrying `marker` (an attribute, `data-frame="picture"`) starts, where its
/// start tag ends, and where its end tag starts; `None` when no element carries it.
fn element_at(html: &str, marker: &str) -> Option<(usize, usize, usize)> {
    let at = html.find(marker)?;
    let open = html.get(..at)?.rfind('<')?;
    let name: String = html
        .get(open + 1..)?
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    // The start tag's end: the first `>` outside an attribute's quotes.
    let mut quoted = false;
    let mut inner = None;
    for (i, c) in html.get(at..)?.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '>' if !quoted => {
                inner = Some(at + i + 1);
                break;
            }
            _ => {}
        }
    }
    let inner = inner?;
    // The matching end tag: elements of the same name may nest.
    let (open_tag, close_tag) = (format!("<{name}"), format!("</{name}>"));
    let mut depth = 1;
    let mut i = inner;
    while depth > 0 {
        let next_close = html.get(i..)?.find(&close_tag)? + i;
        let next_open = html.get(i..)?.find(&open_tag).map(|o| o + i);
        match next_open {
            Some(o)
                if o < next_close
                    && html
                        .get(o + open_tag.len()..)
                        .is_some_and(|r| r.starts_with([' ', '>'])) =>
            {
                depth += 1;
                i = o + open_tag.len();
            }
            _ => {
                depth -= 1;
                i = next_close + close_tag.len();
                if depth == 0 {
                    return Some((open, inner, next_close));
                }
            }
        }
    }
    None
}

/// `html` with `patches` applied as `xtask/src/loader.js` applies them: a region's inside
/// replaced, an attribute set on each element its selector's last `[name="value"]` names.
fn apply(html: &str, patches: &[Patch]) -> String {
    let mut html = html.to_string();
    for p in patches {
        match p {
            Patch::Html(name, inside) => {
                if let Some((_, start, end)) = element_at(&html, &format!(r#"data-frame="{name}""#))
                {
                    html.replace_range(start..end, inside);
                }
            }
            Patch::Attr(selector, attr, value) => {
                let marker = selector
                    .rsplit_once('[')
                    .map(|(_, m)| m.trim_end_matches(']').to_string())
                    .unwrap_or_default();
                let mut from = 0;
                while let Some(found) = html.get(from..).and_then(|h| h.find(&marker)) {
                    let at = from + found;
                    let open = html.get(..at).and_then(|h| h.rfind('<')).unwrap_or(at);
                    let end = html.get(at..).and_then(|h| h.find('>')).unwrap_or(0) + at;
                    let tag = html.get(open..end).unwrap_or_default().to_string();
                    let escaped = warp_model::markup::escape(value);
                    let key = format!(r#" {attr}=""#);
                    let new_tag = match tag.find(&key) {
                        Some(k) => {
                            let v0 = k + key.len();
                            let v1 = tag.get(v0..).and_then(|t| t.find('"')).unwrap_or(0) + v0;
                            format!("{}{escaped}{}", &tag[..v0], &tag[v1..])
                        }
                        None => format!(r#"{tag} {attr}="{escaped}""#),
                    };
                    html.replace_range(open..end, &new_tag);
                    from = open + new_tag.len();
                }
            }
        }
    }
    html
}

/// The prerendered page at `path`.
fn page(path: &str) -> Prerendered {
    site::pages()
        .into_iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("no page {path}"))
}

/// The page at `path` with the address's query `search` read over its state, as the build
/// would prerender that state (its pairs in the order the live app reads them).
fn with(path: &str, search: &str) -> Prerendered {
    let p = page(path);
    // The page's whole state (its `lang` where it has one, in place), as the live app reads it.
    let q = site::page_query(&p.state().to_search(), search);
    Prerendered {
        path: p.path,
        query: q.to_search().trim_start_matches('?').to_string(),
        lang: p.lang,
    }
}

/// What is compared: the body without the stylesheet link a page may add (none here) and with
/// the figures' live-region markers as they are.
fn body(p: &Prerendered) -> String {
    render(p).body
}

/// Panel `P`'s first frame at `search` over the page at `path`, applied, against the live view
/// at that address; the patches, for further checks.
fn same_as_live<P: PanelModel>(
    path: &str,
    search: &str,
    picture: fn(&Inputs<P>, &P::Output) -> String,
) -> Vec<Patch> {
    let p = page(path);
    let state = p.state().to_search().trim_start_matches('?').to_string();
    let patches = panel::<P>(&state, search, picture)
        .unwrap_or_else(|| panic!("{path}?{search}: the first frame draws it"));
    let first = apply(&body(&p), &patches);
    let live = body(&with(path, search));
    if first != live {
        let at = first
            .bytes()
            .zip(live.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(first.len().min(live.len()));
        let from = at.saturating_sub(200);
        panic!(
            "{path}?{search}: the first frame and the live view differ at byte {at}:\n  first: …{}…\n  live:  …{}…",
            first.get(from..(at + 200).min(first.len())).unwrap_or_default(),
            live.get(from..(at + 200).min(live.len())).unwrap_or_default()
        );
    }
    patches
}

#[test]
fn the_coalescing_first_frame_is_the_live_views_markup() {
    use crate::panels::coalescing::picture_html;
    for (path, search) in [
        // The issue's embed: stride 2 is η = 50 % (32 lanes × 4 B = 128 useful bytes over two
        // 128-byte segments: 128 / 256).
        ("embed/coalescing/", "?stride=2"),
        ("coalescing/", "?stride=32&line=32"),
        ("coalescing/", "?elem=8&offset=4"),
        ("hinglish/coalescing/", "?stride=3&lanes=20"),
        ("coalescing/", "?matrix=64&walk=column"),
        // Wrong and repeated values: named in the list and in the form.
        ("coalescing/", "?stride=abc"),
        ("coalescing/", "?stride=2&stride=3"),
        // An example's inputs changed: the preset card says so and offers the way back.
        ("example/execution-model/D/", "?stride=2"),
        ("hinglish/embed/example/execution-model/E/", "?line=32"),
        // The page carrying the first frame, at an address with settings.
        ("embed/coalescing/with/", "?stride=4&elem=2"),
    ] {
        same_as_live::<CoalescingModel>(path, search, picture_html);
    }
    // The figure the embed asks about is in the frame: η = 0.5.
    let patches = same_as_live::<CoalescingModel>("embed/coalescing/", "?stride=2", picture_html);
    assert!(patches.iter().any(|p| matches!(p,
        Patch::Html("key-figures", h) if h.contains(r#"data-metric="efficiency" data-value="0.5""#))));
}

#[test]
fn the_warps_first_frame_is_the_live_views_markup() {
    use crate::panels::warps::picture_html;
    use warp_model::warps::panel::WarpsModel;
    for (path, search) in [
        // A 32×32 block is 1,024 threads: ⌈1024 / 32⌉ = 32 warps, each one row of 32.
        ("embed/warps/with/", "?block=32,32"),
        ("warps/", "?block=48,4&warp=1&thread=49"),
        ("hinglish/warps/", "?block=8,8,4"),
        // A launch over n elements (a ragged last block) and over an image.
        ("warps/", "?block=256&n=1056"),
        ("warps/", "?block=16,16&image=1920x1080"),
        ("warps/", "?block=0"),
        ("example/warp-scheduling/B/", "?block=96"),
        ("hinglish/embed/example/execution-model/I/", "?block=30,30"),
    ] {
        same_as_live::<WarpsModel>(path, search, picture_html);
    }
    let patches = same_as_live::<WarpsModel>("embed/warps/with/", "?block=32,32", picture_html);
    assert!(patches.iter().any(|p| matches!(p,
        Patch::Html("key-figures", h) if h.contains(r#"data-metric="warps-per-block" data-value="32""#))));
}

#[test]
fn the_banks_first_frame_is_the_live_views_markup() {
    use crate::panels::banks::picture_html;
    use warp_model::banks::panel::BanksModel;
    for (path, search) in [
        // Stride 2 of 4-byte words: lanes l and l + 16 share bank 2l mod 32, a 2-way conflict.
        ("banks/", "?stride=2"),
        ("embed/banks/with/", "?stride=32"),
        ("hinglish/banks/", "?elem=8&stride=1"),
        // The transpose's tile, padded and read down a column.
        ("banks/", "?tile=32&pad=1"),
        ("banks/", "?stride=abc"),
        ("example/banks/transpose-padded/", "?pad=0"),
        ("hinglish/embed/example/banks/stride-2/", "?stride=3"),
    ] {
        same_as_live::<BanksModel>(path, search, picture_html);
    }
    let patches = same_as_live::<BanksModel>("banks/", "?stride=2", picture_html);
    assert!(patches.iter().any(|p| matches!(p,
        Patch::Html("key-figures", h) if h.contains(r#"data-value="2""#))));
}

#[test]
fn the_check_sees_a_region_the_live_view_writes_otherwise() {
    // Probe: a first frame whose figures are not the live view's fails the comparison.
    let p = page("coalescing/");
    let state = p.state().to_search().trim_start_matches('?').to_string();
    let mut patches =
        panel::<CoalescingModel>(&state, "?stride=2", crate::panels::coalescing::picture_html)
            .unwrap_or_default();
    for patch in &mut patches {
        if let Patch::Html("key-figures", h) = patch {
            *h = h.replace(r#"data-value="0.5""#, r#"data-value="1""#);
        }
    }
    assert_ne!(
        apply(&body(&p), &patches),
        body(&with("coalescing/", "?stride=2"))
    );
}

#[test]
fn a_state_that_changes_how_the_page_is_shown_is_the_live_apps() {
    let draws = |state: &str, search: &str| {
        panel::<CoalescingModel>(state, search, crate::panels::coalescing::picture_html).is_some()
    };
    assert!(draws("panel=coalescing", "?stride=2"));
    // The page's own state: nothing to draw, the markup is it.
    assert!(!draws("panel=coalescing", ""));
    assert!(!draws(
        "example=execution-model/D",
        "?example=execution-model/D"
    ));
    // The page's own keys with its own values are no change.
    assert!(draws("panel=coalescing", "?panel=coalescing&stride=2"));
    for search in [
        "?stride=2&forecast=1",
        "?stride=2&theme=dark",
        "?graded=1",
        "?panel=warps",
        "?lang=hinglish",
        "?stride=2&embed=1",
    ] {
        assert!(!draws("panel=coalescing", search), "{search}");
    }
    assert!(wire(None).is_empty());
    let q = Query::parse("panel=coalescing");
    assert_eq!(q.get("panel"), Some("coalescing"));
    assert_eq!(Lang::ALL.len(), 2);
}
