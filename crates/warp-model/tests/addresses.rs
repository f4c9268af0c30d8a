//! The address table (`tests/addresses.txt`), read by the model: each query's page and the rest
//! it adds, as `site::link_to` writes them on the release site. The loader reads the same table
//! in a browser (`tests/e2e/specs/addresses.spec.ts`), so the two halves of the rule cannot
//! drift apart.

use warp_model::query::Query;
use warp_model::site;

/// The table's rows: `(query, expected address, whether no page draws it)`.
fn rows() -> Vec<(String, String, bool)> {
    include_str!("../../../tests/addresses.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (query, to) = l
                .split_once(" -> ")
                .unwrap_or_else(|| panic!("a row: {l:?}"));
            match to.strip_prefix("root ") {
                Some(q) => (query.trim().to_string(), q.to_string(), true),
                None => (query.trim().to_string(), to.to_string(), false),
            }
        })
        .collect()
}

/// Whether a row holds: the page the model finds for `query`, and the link it writes.
fn check(query: &str, to: &str, root: bool) -> Result<(), String> {
    let q = Query::parse(query);
    if site::address(&q).is_none() != root {
        return Err(format!(
            "{query}: no page is {}",
            site::address(&q).is_none()
        ));
    }
    let link = site::link_to(&q);
    if link != to {
        return Err(format!("{query}: {link} is not {to}"));
    }
    Ok(())
}

#[test]
fn every_address_in_the_table_leads_to_its_page() {
    let rows = rows();
    assert!(rows.len() >= 25, "the table lost its rows: {}", rows.len());
    site::set_paths(true);
    let wrong: Vec<String> = rows
        .iter()
        .filter_map(|(query, to, root)| check(query, to, *root).err())
        .collect();
    site::set_paths(false);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_page_and_its_rest_read_back_as_the_state() {
    // What the page reads (its state, `<html data-query>`, with the address's query over it:
    // `site::page_query`) is the state the link was written for, pair for pair.
    for (query, _, root) in rows() {
        let q = Query::parse(&query);
        let Some((path, rest)) = site::address(&q) else {
            assert!(root);
            continue;
        };
        let page = site::pages()
            .into_iter()
            .find(|p| p.path == path)
            .unwrap_or_else(|| panic!("{query}: no page at {path:?}"));
        let read = site::page_query(&page.state().to_search(), &rest.to_search());
        let mut want: Vec<(&str, &str)> = q
            .pairs()
            .filter(|(k, v)| (*k, *v) != ("lang", "en"))
            .collect();
        let mut got: Vec<(&str, &str)> = read.pairs().collect();
        want.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, want, "{query}");
    }
}

#[test]
fn the_check_sees_a_wrong_row() {
    // Probes: rows that name the wrong page, or a page for a view no page draws, fail.
    site::set_paths(true);
    let wrong = [
        (
            "panel=coalescing&stride=2&embed=1",
            "coalescing/?stride=2&embed=1",
            false,
        ),
        (
            "panel=coalescing&stride=2&embed=1",
            "?panel=coalescing&stride=2&embed=1",
            true,
        ),
        ("panel=author", "author/", false),
    ];
    let caught = wrong
        .iter()
        .filter(|(q, to, root)| check(q, to, *root).is_err())
        .count();
    site::set_paths(false);
    assert_eq!(caught, wrong.len());
}
