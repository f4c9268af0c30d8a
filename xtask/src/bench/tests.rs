use super::budget;
use warp_model::page::Tool;
use warp_model::registry::Panel;

#[test]
fn every_bundle_the_release_build_makes_has_a_budget() {
    for p in Panel::ALL {
        assert!(budget(p.name()).is_some(), "{}", p.name());
    }
    assert!(budget("home").is_some());
    assert!(budget(Tool::Assignment.name()).is_some());
    // Not a bundle: the author page is drawn by the assignment bundle, "warp-lab" is the dev build's.
    assert_eq!(budget(Tool::Author.name()), None);
    assert_eq!(budget("warp-lab"), None);
}

#[test]
fn no_budget_is_above_the_last_shared_ones() {
    // The budgets before per-page ones (2026-12-02): 235 kB a page, 290 kB the kernel lab,
    // 380 kB the quiz. Per-page budgets only go down from there.
    for p in Panel::ALL {
        let cap = match p {
            Panel::Quiz => 380_000,
            Panel::Kernel => 290_000,
            _ => 235_000,
        };
        let b = budget(p.name()).unwrap_or(u64::MAX);
        assert!(b <= cap, "{}: {b} over {cap}", p.name());
    }
    assert!(budget("home").unwrap_or(u64::MAX) <= 235_000);
}
