use super::*;
use crate::i18n::{catalogue_source, parse_catalogue, Lang};

#[test]
fn every_card_message_belongs_to_a_card() {
    // The cards' words are found by id; none is left over in either catalogue.
    for lang in Lang::ALL {
        let (map, _) = parse_catalogue(catalogue_source(lang));
        for key in map.keys().filter(|k| k.starts_with("quiz.bank.")) {
            let rest = &key["quiz.bank.".len()..];
            let (qid, part) = rest.rsplit_once('.').unwrap();
            let card = CARDS.iter().find(|c| c.qid == qid);
            assert!(card.is_some(), "{lang:?} {key}: no card");
            let card = card.unwrap();
            let used = match part {
                "prompt" | "explanation" => true,
                "myth" => card.myth.is_some(),
                _ => false,
            };
            assert!(used, "{lang:?} {key}: unused");
        }
    }
    // 26 cards: seed 000 has 4 recall and 5 self-test items, seed 003 2 and 7 (with the
    // Ex 2 myth), seed 004 one recall line per matrix cell, 8 of them.
    assert_eq!(CARDS.len(), 26);
    let ids: std::collections::HashSet<&str> = CARDS.iter().map(|c| c.qid).collect();
    assert_eq!(ids.len(), CARDS.len(), "a card id twice");
}
