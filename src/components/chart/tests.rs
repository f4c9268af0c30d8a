use super::*;

#[test]
fn ticks_are_round_and_cover_the_range() {
    let labels: Vec<String> = ticks(0.0, 1.0).into_iter().map(tick_label).collect();
    assert_eq!(labels, ["0", "0.2", "0.4", "0.6", "0.8", "1"]);
    // 63 / 5 = 12.6 → a step of 20 (the first of 10, 20, 50 not below it), from 20.
    let labels: Vec<String> = ticks(1.0, 64.0).into_iter().map(tick_label).collect();
    assert_eq!(labels, ["20", "40", "60"]);
    // 50 / 5 = 10, a power of ten itself: a step of 10; 5000 / 5 = 1000: a step of 1000;
    // 0.5 / 5 = 0.1: a step of 0.1 (below 1, the power is found by tenths).
    let labels: Vec<String> = ticks(0.0, 50.0).into_iter().map(tick_label).collect();
    assert_eq!(labels, ["0", "10", "20", "30", "40", "50"]);
    let labels: Vec<String> = ticks(0.0, 5000.0).into_iter().map(tick_label).collect();
    assert_eq!(labels, ["0", "1000", "2000", "3000", "4000", "5000"]);
    let labels: Vec<String> = ticks(0.0, 0.5).into_iter().map(tick_label).collect();
    assert_eq!(labels, ["0", "0.1", "0.2", "0.3", "0.4", "0.5"]);
    assert_eq!(ticks(5.0, 5.0).len(), 1);
    assert_eq!(tick_label(0.2), "0.2");
    assert_eq!(tick_label(40.0), "40");
}

#[test]
fn the_svg_draws_each_curve_and_escapes_words() {
    let d = ChartData {
        series: vec![
            Series {
                label: "128 B <lines>".into(),
                points: vec![(1.0, 1.0), (2.0, 0.5)],
                highlight: true,
            },
            Series {
                label: "32 B".into(),
                points: vec![(1.0, 1.0), (2.0, 1.0)],
                highlight: false,
            },
        ],
        marker: Some((2.0, 0.5)),
        vlines: vec![(1.5, "needed".into())],
        x: (1.0, 2.0, "stride".into()),
        y: (0.0, 1.0, "η".into()),
        summary: String::new(),
    };
    let s = svg(&d);
    assert_eq!(s.matches("<polyline").count(), 2);
    assert!(s.contains("128 B &lt;lines&gt;"), "{s}");
    // y = 0.5 on a plot from TOP 28 to BOTTOM 276: 276 − 0.5 · 248 = 152.
    assert!(
        s.contains(r#"<circle class="marker" cx="628" cy="152""#),
        "{s}"
    );
    // The reference line's label sits above the plot (y 20 < 28), off the curves.
    assert!(
        s.contains(r#"<text class="vlabel" x="346" y="20" text-anchor="start">needed</text>"#),
        "{s}"
    );
    assert!(!s.contains("<lines>"));
}
