use super::*;
use warp_model::i18n::{with_lang, Lang};

fn numbers(s: &str) -> Vec<String> {
    let mut n: Vec<String> = s
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    n.sort();
    n
}

#[test]
fn play_shows_a_whole_run_in_a_few_seconds_whatever_its_length() {
    // The runs the panel records: 2 stall periods + 48 cycles, from 240 to 4000 cycles
    // (`RECORDED_CYCLES` and the clamp in the model), so 192 to 3952 after the first window.
    // The default L = 300, T = 1 records 2 · 300 + 48 = 648 cycles: 600 to play.
    let seconds = |speed: Speed, span: usize| {
        let (ms, by) = speed.tick(span, false);
        span.div_ceil(by) as f64 * f64::from(ms) / 1000.0
    };
    for span in [1, 2, 47, 192, 600, 3952] {
        let s = seconds(Speed::Whole4s, span);
        assert!((3.9..=4.0).contains(&s), "{span} cycles in {s} s");
        let s = seconds(Speed::Whole15s, span);
        assert!((14.9..=15.0).contains(&s), "{span} cycles in {s} s");
        for speed in Speed::ALL {
            assert!(
                speed.tick(span, false).0 >= 50,
                "{speed:?} ticks at most 20 times a second"
            );
        }
    }
    // The default run: 600 cycles. 4 s at 50 ms a tick is 80 ticks, so ⌈600/80⌉ = 8 cycles
    // a tick; ⌈600/8⌉ = 75 ticks share the 4 s: ⌊4000/75⌋ = 53 ms each, 3.975 s (before
    // this version: one cycle every 120 ms, 72 s).
    assert_eq!(Speed::Whole4s.tick(600, false), (53, 8));
    // The longest run, 3952 cycles: 50 a tick, 80 ticks of 50 ms.
    assert_eq!(Speed::Whole4s.tick(3952, false), (50, 50));
    // Cycle by cycle is 10 a second.
    assert_eq!(Speed::Cycle.tick(600, false), (100, 1));
    // Reduced motion turns a whole window at a time, whatever the speed.
    for s in Speed::ALL {
        assert_eq!(s.tick(600, true), (800, WINDOW));
    }
    // The select's values read back; anything else is the default.
    for s in Speed::ALL {
        assert_eq!(Speed::parse(s.value()), s);
    }
    assert_eq!(Speed::parse("16"), Speed::Whole4s);
}

#[test]
fn the_chart_speaks_hinglish_with_the_same_numbers() {
    let chart = || chart_data(&evaluate(&LatencyInput::default())).expect("a chart");
    let en = chart();
    let hi = with_lang(Lang::Hinglish, chart);
    assert!(en.summary.contains("saturates at 100 %"), "{}", en.summary);
    assert!(hi.summary.contains("saturate ho jaata"), "{}", hi.summary);
    assert!(hi.x.2.contains("warps") && hi.vlines.iter().any(|(_, l)| l.contains("chahiye")));
    // The words change; every number and point stays.
    assert_eq!(numbers(&hi.summary), numbers(&en.summary));
    assert_eq!(hi.series[0].points, en.series[0].points);
    assert_eq!(hi.marker, en.marker);
    let xs = |c: &ChartData| c.vlines.iter().map(|(x, _)| *x).collect::<Vec<_>>();
    assert_eq!(xs(&hi), xs(&en));
}
