//! The Hinglish pages speak Hinglish: every preset of the three seeds, the panels' error paths,
//! a generated quiz and the kernel lab's presets are evaluated in Hinglish, and no English
//! sentence (recognised by words Hinglish never uses) may remain in what a learner reads.

use std::fmt::Write as _;

use warp_model::examples;
use warp_model::i18n::{with_lang, Lang};
use warp_model::page::route;
use warp_model::query::Query;
use warp_model::quiz::{build, Draw};
use warp_model::registry::Panel;

/// Everything a page shows for `query`, as one debug dump of the model's outputs.
fn page_text(query: &str) -> String {
    let q = Query::parse(query);
    let r = route(&q);
    let mut out = format!("{:?}", r.errors);
    if let Some(e) = r.example {
        let _ = write!(
            out,
            "{} {} {} {:?}",
            e.title(),
            e.question(),
            e.forecast(),
            e.note()
        );
    }
    let panel = r.panel.unwrap_or(Panel::Warps);
    let preset = r.example.map_or(&[][..], |e| e.params);
    let _ = write!(out, "{:?}", panel.evaluate_query(&q, preset));
    out
}

/// Words of English sentences that Hinglish sentences do not use (not "the": in Hindi it is
/// the past tense, "le sakte the").
const ENGLISH: [&str; 13] = [
    " The ",
    " must ",
    " with ",
    " into ",
    " because ",
    " which ",
    " does ",
    " cannot ",
    " is not ",
    " are ",
    " would ",
    " there ",
    " each ",
];

fn english_left(text: &str) -> Vec<String> {
    ENGLISH
        .iter()
        .filter_map(|w| {
            text.find(w).map(|i| {
                let start = text[..i].char_indices().rev().nth(60).map_or(0, |(j, _)| j);
                let end = text[i..]
                    .char_indices()
                    .nth(60)
                    .map_or(text.len(), |(j, _)| i + j);
                format!("{w:?} in …{}…", &text[start..end])
            })
        })
        .collect()
}

#[test]
fn every_preset_and_error_path_reads_in_hinglish() {
    let mut queries: Vec<String> = examples::ALL
        .iter()
        .map(|e| format!("example={}", e.key()))
        .collect();
    queries.extend(
        [
            "panel=warps&block=0",
            "panel=warps&block=2000,1,1",
            "panel=warps&block=64,32",
            "panel=warps&block=100&thread=500&warp=9",
            "panel=warps&block=256&n=-3",
            "panel=warps&image=12",
            "panel=warps&block=48,4&thread=100&warp=1&image=100x30",
            "panel=divergence&paths=40,x",
            "panel=divergence&cond=idx%20%3C",
            "panel=divergence&cond=idx%20%25%202&warps=4",
            "panel=latency&L=0&W=abc",
            "panel=latency&mode=hardware&cc=9.9",
            "panel=coalescing&stride=0&elem=3",
            "panel=coalescing&matrix=32x32&walk=column",
            "panel=kernel&src=__global__%20void%20k()%20%7B%20x%20%3D%20%7D",
            "panel=nope",
            "example=cooking/A",
        ]
        .map(String::from),
    );
    for (_, src, launch) in warp_model::kernel_lab::panel::PRESETS {
        queries.push(format!(
            "panel=kernel&src={}&{launch}",
            form_urlencoded::byte_serialize(src.as_bytes()).collect::<String>()
        ));
    }
    let mut found = Vec::new();
    let mut english_seen = 0;
    for q in &queries {
        let (en, hi) = (
            with_lang(Lang::En, || page_text(q)),
            with_lang(Lang::Hinglish, || page_text(q)),
        );
        assert_ne!(en, hi, "{q}: the same in both languages");
        english_seen += usize::from(!english_left(&en).is_empty());
        found.extend(english_left(&hi).into_iter().map(|f| format!("{q}: {f}")));
    }
    // The detector works: it finds English in most English pages.
    assert!(
        english_seen * 2 > queries.len(),
        "{english_seen} of {}",
        queries.len()
    );
    assert!(
        found.is_empty(),
        "English left in Hinglish pages:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_generated_quiz_reads_in_hinglish() {
    let text = with_lang(Lang::Hinglish, || {
        let quiz = build(None, 7, 50, Draw::LATEST);
        let solutions: Vec<_> = quiz
            .iter()
            .map(warp_model::quiz::Question::solution)
            .collect();
        format!("{quiz:?} {solutions:?}")
    });
    let left = english_left(&text);
    assert!(left.is_empty(), "{}", left.join("\n"));
}
