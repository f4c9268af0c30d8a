use super::*;

fn page(path: &str, title: &str) -> Listed {
    Listed {
        path: path.into(),
        title: title.into(),
    }
}

/// A site in small: the root, a panel with a `with/` page, two examples, an embed, the
/// Hinglish root and one Hinglish example.
fn site() -> Vec<Listed> {
    vec![
        page("", "Warp Lab"),
        page("warps/", "Block-to-warp map · Warp Lab"),
        page("warps/with/", "Block-to-warp map · Warp Lab"),
        page("example/divergence/C1/", "Even 2-way split · Warp Lab"),
        page("example/divergence/C4/", "Nested branches · Warp Lab"),
        page("embed/warps/", "Block-to-warp map · Warp Lab"),
        page("hinglish/", "Warp Lab"),
        page(
            "hinglish/example/divergence/C1/",
            "Barabar 2-way split · Warp Lab",
        ),
    ]
}

#[test]
fn every_folder_without_a_page_gets_an_index_of_what_is_below_it() {
    let f = folders(&site());
    // example/ and example/divergence/ hold the two examples; embed/ the embed; the Hinglish
    // example's two folders; never a folder with a page of its own (warps/, hinglish/), and
    // never a with/ page.
    let names: Vec<&str> = f.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "embed/",
            "example/",
            "example/divergence/",
            "hinglish/example/",
            "hinglish/example/divergence/"
        ]
    );
    assert_eq!(
        f["example/"],
        [
            (
                "example/divergence/C1/".to_string(),
                "Even 2-way split".to_string()
            ),
            (
                "example/divergence/C4/".to_string(),
                "Nested branches".to_string()
            )
        ]
    );
    // Its page: links relative to the folder, the titles, home two folders up, in English.
    let html = folder_page("example/divergence/", &f["example/divergence/"]);
    assert!(
        html.contains(r#"<a href="./C1/">Even 2-way split</a>"#),
        "{html}"
    );
    assert!(html.contains(r#"<a href="../../" data-action="home">Warp Lab home</a>"#));
    assert!(html.contains("2 pages of Warp Lab are under this address"));
    assert!(html.contains(r#"<html lang="en">"#));
    // Under hinglish/: in Hinglish, home is the Hinglish root.
    let hi = folder_page("hinglish/example/", &f["hinglish/example/"]);
    assert!(hi.contains(r#"<html lang="hi-Latn">"#), "{hi}");
    assert!(hi.contains(r#"<a href="../../hinglish/" data-action="home">"#));
    assert!(hi.contains("ke neeche kya hai"));
}

#[test]
fn a_title_or_path_with_markup_stays_text() {
    // Payload: a title (an example's, from the catalogue) and a folder name are outside text
    // to this builder, escaped as HTML text and attribute values.
    let evil = vec![page(
        "example/x\"><script>alert(1)</script>/",
        "<img src=x onerror=alert(1)> · Warp Lab",
    )];
    let f = folders(&evil);
    let html = folder_page("example/", &f["example/"]);
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img"), "{html}");
    assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"));
    // The 404 page's list of pages is JSON in a script: no path can close the script.
    let missing = not_found_page(&evil, &f);
    assert!(!missing.contains("</script>alert"), "{missing}");
    assert!(missing.contains("\\u003c/script>"));
}

#[test]
fn the_404_page_names_the_address_in_both_languages_and_links_the_site() {
    let pages = site();
    let html = not_found_page(&pages, &folders(&pages));
    // Both languages, each with its slot for the address (set as text by the script).
    assert!(html.contains("No page at this address"));
    assert!(html.contains("Is address par koi page nahi hai"));
    assert_eq!(html.matches("<bdi data-address></bdi>").count(), 2);
    // Home, the examples and each English panel, relative to the root the script finds.
    assert!(html.contains(r#"<a href="./" data-action="home">Warp Lab home</a>"#));
    assert!(html.contains(r#"<a href="./hinglish/example/">"#));
    assert!(html.contains(r#"<li><a href="./warps/">Block-to-warp map</a></li>"#));
    assert!(!html.contains(r#"<li><a href="./hinglish/">"#));
    // Every page and folder the suggestion may name, without the root.
    for known in [
        "\"warps/\"",
        "\"example/divergence/C1/\"",
        "\"example/\"",
        "\"hinglish/\"",
    ] {
        assert!(html.contains(known), "{known}");
    }
    assert!(!html.contains("\"\","));
    // The policy's marker, for `csp::fill` (which hashes the one inline script).
    assert!(html.contains(crate::csp::MARKER));
    assert_eq!(html.matches("<script>").count(), 1);
}
