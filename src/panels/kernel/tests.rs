//! The kernel view's string builders with outside text: a payload stays text.

use leptos::prelude::*;

use super::run::status_line;

#[test]
fn a_status_lines_words_are_text_whatever_the_worker_said() {
    // A broken run's reason is the worker's (a browser's error message): escaped, never markup.
    let payload = r#"<img src=x onerror=alert(1)>"><svg onload=alert(2)>"#;
    let html = Owner::new().with(|| {
        status_line(
            ("data-run", "broken"),
            payload,
            Some(("stop-run", "Stop")),
            || {},
        )
        .to_html()
    });
    assert!(!html.contains("<img") && !html.contains("<svg"), "{html}");
    assert!(
        html.contains("&lt;img src=x onerror=alert(1)&gt;"),
        "{html}"
    );
    assert!(html.contains(r#"data-run="broken""#), "{html}");
    assert!(
        html.contains(r#"<button type="button" data-action="stop-run">Stop</button>"#),
        "{html}"
    );
}

/// Three payloads a learner's source or a link can carry: a tag with a handler, a quote that
/// leaves an attribute, and the end of the editor's own element.
const PAYLOADS: [&str; 3] = [
    "<img src=x onerror=pwned()>",
    r#""><svg onload=pwned()>"#,
    "</textarea><script>pwned()</script>",
];

/// No payload's markup in `html`: no tag it opens or closes, and none of it unescaped (its
/// quote would close an attribute).
fn inert(html: &str) {
    for bad in ["<img", "<svg", "<script", "</textarea"] {
        assert!(!html.contains(bad), "{bad} in {html}");
    }
    for p in PAYLOADS {
        assert!(!html.contains(p), "{p} in {html}");
    }
}

/// `html` holds `payload` whole, as text.
fn shows(html: &str, payload: &str) {
    let text = warp_model::markup::escape(payload);
    assert!(html.contains(&*text), "{text} not in {html}");
}

/// A run of `src` (one warp of 32 lanes) whose line 3 ends in a comment holding `payload`.
fn run_with(payload: &str) -> (String, warp_model::kernel_lab::panel::KernelOutput) {
    use warp_model::kernel_lab::panel::{evaluate_run, KernelInput};
    use warp_model::query::Query;
    let src = format!(
        "__global__ void k(int* out) {{\n    int i = threadIdx.x;\n    out[i] = i + 1; // {payload}\n}}\n"
    );
    let mut q = Query::parse("panel=kernel&block=32&n=32");
    q.set("src", Some(&src));
    let input = KernelInput::from_query(&q, &KernelInput::default());
    (src, evaluate_run(&input))
}

#[test]
fn the_learners_source_is_text_in_the_listing_the_line_table_and_the_editor() {
    // Issue 67: every builder that takes the learner's source, given a line that carries each
    // payload in a comment, writes it as text (`&lt;…`), and the run still happened.
    for payload in PAYLOADS {
        let (src, out) = run_with(payload);
        let r = out.result.as_ref().expect("the kernel runs");
        // The step on line 3 (the store): the listing marks it and shows the comment as text.
        let step = r.trace.iter().find(|s| s.line == 3).expect("line 3 issued");
        let listing = super::results::listing_html(&src, step);
        inert(&listing);
        shows(&listing, payload);
        assert!(
            listing.contains(r#"<li class="here" aria-current="step" data-line="3">"#),
            "{listing}"
        );
        let rows = super::results::rows_html(r, &src, None, false, &[]).into_string();
        inert(&rows);
        shows(&rows, payload);
        assert!(rows.contains(r#"<tr data-line="3">"#), "{rows}");
        // The editor's rows, with the caret on the payload's first character (line 3, col 20).
        let mark = warp_model::kernel_lab::panel::SourceMark {
            line: 3,
            col: Some(20),
        };
        let editor = super::code_editor::lines(&src, Some(mark));
        inert(&editor);
        assert!(editor.contains(r#"data-mark-line="3""#), "{editor}");
    }
}

#[test]
fn a_name_from_the_source_is_text_in_the_lane_values_and_the_watch_list() {
    // A variable's name heads its lane values, and a watched element's label is `NAME[i]`:
    // the model allows identifiers only there, and the builders escape whatever they are given.
    use warp_model::figure::Value;
    use warp_model::kernel_lab::panel::WatchFigure;
    for payload in PAYLOADS {
        let vals = vec![Some(payload.to_string()); 32];
        let html = super::results::lane_values_html(payload, &vals);
        inert(&html);
        shows(&html, payload);
        // 32 cells, each with its lane's title.
        assert_eq!(html.matches("<td title=").count(), 32, "{html}");
        let watched = super::results::watched_html(&[WatchFigure {
            metric: format!("value-{payload}-0"),
            label: format!("{payload}[0]"),
            value: Value::Int(7),
        }]);
        inert(&watched);
        shows(&watched, payload);
        assert!(watched.contains(r#"data-value="7""#), "{watched}");
    }
}

#[test]
fn a_challenges_words_from_its_link_are_text_in_the_box() {
    // Issue 67/68: the challenge box is one HTML string. A course author's challenge brings
    // its title, statement and reference in its link, a learner's failure quotes their
    // source, and the report's figures and hints carry words too: every one is text.
    use warp_model::kernel_lab::challenge::{CheckReport, Target, TargetReport};
    use warp_model::kernel_lab::panel::{ChallengeOutput, Hint, Solved};
    for payload in PAYLOADS {
        let c = ChallengeOutput {
            name: "custom".to_string(),
            title: payload.to_string(),
            task: format!("Write {payload}"),
            launches: vec![format!("n = 1 {payload}"), "n = 2".to_string()],
            test: 1,
            targets: vec![("transactions", "Transactions", Some(4672))],
            report: Some(CheckReport {
                tests: 2,
                passed: 2,
                stars: 2,
                targets: vec![TargetReport {
                    target: Target::Transactions,
                    mine: 3,
                    reference: 2,
                    met: false,
                }],
                failure: None,
                next: None,
            }),
            failure: Some(("wrong", format!("Test 1: out[0] {payload}"))),
            next: Some(format!("Next: {payload}")),
            figures: Vec::new(),
            preset: None,
            hints: vec![Hint {
                target: "transactions",
                text: format!("line 3 {payload}"),
                panel: Some((
                    "coalescing",
                    "the coalescing panel",
                    "panel=coalescing".into(),
                )),
            }],
            timed_lab: None,
            solved: Some(Solved {
                earned: true,
                reference: format!("__global__ void k(int* out) {{ // {payload}\n}}"),
                why: vec![("Transactions".to_string(), payload.to_string())],
            }),
        };
        let html = super::challenge::box_html(&c, 2);
        inert(&html);
        shows(&html, payload);
        // The test Run uses is the second, checked; the best line and the report's stars.
        assert!(html.contains(r#"data-test="2" checked>"#), "{html}");
        assert!(html.contains(r#"data-best-stars="2""#), "{html}");
        assert!(
            html.contains(r#"<div class="challenge-report" data-stars="2""#),
            "{html}"
        );
        // The reference's total as the figures write it: 4,672 in words, 4672 as the value.
        assert!(html.contains(r#"data-target-reference="4672""#), "{html}");
        assert!(html.contains("4,672"), "{html}");
        assert!(html.contains(r#"<li data-hint="transactions">"#), "{html}");
        assert!(html.contains(r#"data-link="coalescing""#), "{html}");
        assert!(
            html.contains(r#"<details class="solved" data-solved="">"#),
            "{html}"
        );
        assert!(html.contains(r#"data-challenge-failure="wrong""#), "{html}");
    }
}
