use super::*;
use crate::quiz::seed_bank;

#[test]
fn scores_count_only_this_quiz() {
    let bank = seed_bank();
    let mut p = Progress::default();
    p.record("k", &bank[0], "32", true);
    p.record("k", &bank[1], "5", false);
    p.record("other", &bank[2], "2", true);
    let qids: Vec<String> = bank.iter().take(3).map(|q| q.qid.clone()).collect();
    assert_eq!(quiz_score(&p, "k", &qids), (1, 2));
    assert_eq!(quiz_score(&p, "none", &qids), (0, 0));
}
