use warp_model::site::pages;

use super::*;

fn page(path: &str) -> Rendered {
    let p = pages()
        .into_iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("no prerendered page {path}"));
    render(&p)
}

#[test]
fn every_page_renders_natively_with_its_title() {
    let all = pages();
    for p in &all {
        let r = render(p);
        assert!(
            r.body.contains("<main id=\"main\""),
            "{}: {}",
            p.path,
            &r.body[..200.min(r.body.len())]
        );
        assert!(r.title.ends_with("Warp Lab"), "{}: {}", p.path, r.title);
        // Nothing chosen by this browser: no stored progress's notice, no quiz drawn.
        assert!(!r.body.contains("data-notice"), "{}", p.path);
    }
    assert_eq!(page("warps/").title, "Block-to-warp map · Warp Lab");
    assert_eq!(page("").title, "Warp Lab");
}

#[test]
fn a_panel_page_holds_its_figures_inputs_and_picture() {
    let r = page("warps/");
    // The warps panel's default: 256 threads are ⌈256 / 32⌉ = 8 warps.
    assert!(
        r.body
            .contains(r#"data-metric="warps-per-block" data-value="8""#),
        "{}",
        r.body
    );
    // The input carries its value as markup (a property would not be).
    assert!(r.body.contains(r#"name="block-x""#));
    assert!(r.body.contains(r#"value="256""#));
    // The block map's 256 cells are in the markup, not left to an effect.
    assert_eq!(r.body.matches("data-linear=").count(), 256);
    // Links within the site are the prerendered pages' paths, relative to the root.
    assert!(r.body.contains(r#"<a href="divergence/">"#));
    assert!(r.body.contains(r#"href="hinglish/warps/""#));
}

#[test]
fn an_example_page_asks_its_forecast_with_the_answer_hidden() {
    let r = page("hinglish/example/divergence/C1/");
    assert!(r.body.contains(r#"data-forecast-metric="diverged-cycles""#));
    // 12 + 9 = 21 cycles, in the markup but hidden until a guess.
    let hidden = r
        .body
        .find(r#"<div hidden class="key-figures gated">"#)
        .unwrap();
    let figure = r
        .body
        .find(r#"data-metric="diverged-cycles" data-value="21""#)
        .unwrap();
    assert!(hidden < figure);
    assert!(r.body.contains("Pehle Forecast"), "the page is in Hinglish");
}

#[test]
fn a_quiz_page_draws_no_questions_and_an_embed_no_header() {
    let r = page("quiz/");
    assert!(r.body.contains(r#"data-drawing="""#));
    assert!(!r.body.contains("data-quiz-question"));
    assert!(r.body.contains(r#"name="seed""#) && r.body.contains(r#"value="""#));
    let e = page("embed/warps/");
    assert!(!e.body.contains("<header"));
    assert!(e.body.contains(r#"data-embed="""#));
    // "Open in Warp Lab" leads to the page itself.
    assert!(e.body.contains(r#"href="warps/""#), "{}", e.body);
    let gpu = page("hinglish/gpu/");
    assert!(gpu.body.contains(r#"data-gpu-status="detecting""#));
}

#[test]
fn a_challenge_page_holds_its_statement_starter_and_first_run() {
    // Issue 63: a challenge's link is a page of its own, drawn with the challenge's box and
    // its starter kernel's run, which the live app reads back (`data-ran`) instead of running.
    let r = page("kernel/challenge/add-ten/");
    assert_eq!(r.title, "1. Add ten · Kernel lab · Warp Lab");
    assert!(r.body.contains(r#"class="challenge""#), "{}", r.body);
    // The starter's body is empty: its first test (n = 1) launches one block of 128 threads,
    // 128 / 32 = 4 warps, which issue no instruction of their own.
    assert!(r.body.contains(r#"data-metric="warps-run" data-value="4""#));
    assert!(r
        .body
        .contains(r#"data-metric="instructions-issued" data-value="0""#));
    assert!(
        r.body.contains("challenge=add-ten\""),
        "the run carried is the challenge's"
    );
    let h = page("hinglish/embed/kernel/challenge/spin-lock/");
    assert!(h.title.starts_with("10. Spin lock · "), "{}", h.title);
    assert!(!h.body.contains("<header"));
    assert!(h.body.contains(r#"class="challenge""#));
}
