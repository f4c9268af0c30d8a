use super::{report, Outcome};
use warp_model::kernel_lab::on_gpu::{Compared, Diff};

fn compared(elements: u64, equal: u64, first: Vec<Diff>) -> Outcome {
    Outcome::Compared {
        compared: Compared {
            elements,
            equal,
            first,
        },
        ulps: 0,
        race: false,
        looped: false,
    }
}

#[test]
fn a_match_reports_its_state_and_both_figures() {
    let html = report(&compared(128, 128, Vec::new()));
    assert!(html.contains(r#"data-gpu-run="match""#), "{html}");
    assert!(
        html.contains(r#"data-metric="gpu-elements" data-value="128""#),
        "{html}"
    );
    assert!(
        html.contains(r#"data-metric="gpu-equal" data-value="128""#),
        "{html}"
    );
    assert!(!html.contains("gpu-diffs"), "{html}");
}

#[test]
fn a_difference_lists_its_first_elements_with_both_values() {
    let d = Diff {
        name: "c".into(),
        index: 5,
        model: "10".into(),
        gpu: "11".into(),
    };
    let html = report(&compared(128, 127, vec![d]));
    assert!(html.contains(r#"data-gpu-run="differ""#), "{html}");
    assert!(
        html.contains(r#"data-metric="gpu-equal" data-value="127""#),
        "{html}"
    );
    assert!(html.contains(r#"<li data-gpu-diff="c[5]">"#), "{html}");
    assert!(html.contains("10") && html.contains("11"), "{html}");
}

#[test]
fn the_other_ends_name_their_state_and_line() {
    let html = report(&Outcome::Unsupported(
        3,
        "the warp function __shfl_down_sync".into(),
    ));
    assert!(html.contains(r#"data-gpu-run="unsupported""#), "{html}");
    assert!(html.contains(r#"data-gpu-unsupported="3""#), "{html}");
    assert!(html.contains("line 3"), "{html}");
    let html = report(&Outcome::Unavailable("no adapter".into()));
    assert!(html.contains(r#"data-gpu-run="unavailable""#) && html.contains("no adapter"));
    let html = report(&Outcome::Stopped("the step budget".into()));
    assert!(html.contains(r#"data-gpu-run="stopped""#) && html.contains("the step budget"));
}

#[test]
fn outside_text_in_a_report_is_text() {
    // Every outside text a report carries: the browser's reason, the model's message (which
    // quotes the learner's kernel), a construct's words, a buffer's name and values.
    let payload = r#"<img src=x onerror="alert(1)">&'"#;
    let d = Diff {
        name: payload.into(),
        index: 0,
        model: payload.into(),
        gpu: payload.into(),
    };
    for o in [
        Outcome::Unavailable(payload.into()),
        Outcome::Stopped(payload.into()),
        Outcome::Unsupported(1, payload.into()),
        compared(1, 0, vec![d]),
    ] {
        let html = report(&o);
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains(r#""alert"#), "{html}");
        assert!(
            html.contains("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&apos;"),
            "{html}"
        );
    }
}

#[test]
fn a_loop_left_at_its_turns_is_said_and_marked() {
    let mut o = compared(32, 31, Vec::new());
    if let Outcome::Compared { looped, .. } = &mut o {
        *looped = true;
    }
    let html = report(&o);
    assert!(html.contains("<p data-gpu-looped=\"\">"), "{html}");
    assert!(!report(&compared(32, 31, Vec::new())).contains("data-gpu-looped"));
}
