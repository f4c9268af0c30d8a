use super::budget;
use warp_model::page::Tool;
use warp_model::registry::Panel;

#[test]
fn every_bundle_the_release_build_makes_has_a_budget() {
    for p in Panel::ALL {
        assert!(budget(p.name()).is_some(), "{}", p.name());
    }
    assert!(budget("home").is_some());
    for t in Tool::ALL {
        assert!(budget(t.name()).is_some(), "{}", t.name());
    }
    // Not a bundle of the release site: "warp-lab" is the dev build's.
    assert_eq!(budget("warp-lab"), None);
}

#[test]
fn no_budget_is_above_the_last_shared_ones() {
    // The budgets before per-page ones (2026-12-02): 235 kB a page, 290 kB the kernel lab,
    // 380 kB the quiz. Per-page budgets only go down from there, with one exception stated
    // where it was made: the kernel lab's (issue 43: its check left the page for a worker, and
    // the page pays 4.5 kB for talking to it; issue 45: hints before the answer, 4.1 kB), a
    // debt of issue 46 that no later raise may add to.
    for p in Panel::ALL {
        let cap = match p {
            // Issue 46: the quiz's solutions went to their worker, serde and the float parser
            // out.
            Panel::Quiz => 280_500,
            Panel::Kernel => 300_600,
            _ => 235_000,
        };
        let b = budget(p.name()).unwrap_or(u64::MAX);
        assert!(b <= cap, "{}: {b} over {cap}", p.name());
    }
    // The home page under issue 46's target, 105 kB (102.9 kB measured, Hinglish, issue 47's
    // round): a budget that went down below a target stays below it.
    assert!(budget("home").unwrap_or(u64::MAX) <= 105_000);
    // The tools' last shared budget (208.8 kB, both pages in one bundle): each page's own is
    // below it.
    for t in Tool::ALL {
        assert!(
            budget(t.name()).unwrap_or(u64::MAX) < 208_800,
            "{}",
            t.name()
        );
    }
}

#[test]
fn every_worker_has_a_budget_of_its_own_below_its_pages() {
    // Fetched after its page is live (the check on Check, a solution once a question is
    // answered), never before a page's first figure (issues 43, 46).
    for (worker, _) in warp_model::page::bundle::WORKERS {
        assert!(budget(worker).is_some(), "{worker}");
    }
    // The solution worker holds the six panels' models and worked steps, the quiz page none:
    // it weighs little more than half the quiz (55 % at most).
    let solve = budget(warp_model::page::bundle::SOLVE).unwrap_or(u64::MAX);
    assert!(
        solve < budget(Panel::Quiz.name()).unwrap_or(0) * 11 / 20,
        "{solve}"
    );
}

#[test]
fn the_check_and_run_workers_weigh_less_than_half_their_pages() {
    // Fetched once their page is live, never before its first figure (issues 43, 65): the
    // check's worker by a challenge's page, the run worker by the plain lab's.
    let check = budget(warp_model::page::bundle::CHECK).unwrap_or(u64::MAX);
    let challenge = budget(warp_model::page::bundle::CHALLENGE).unwrap_or(0);
    assert!(check < challenge / 2, "{check}");
    let run = budget(warp_model::page::bundle::RUN).unwrap_or(u64::MAX);
    let kernel = budget(Panel::Kernel.name()).unwrap_or(0);
    assert!(run < kernel * 11 / 20, "{run}");
}
