//! The seeds' own questions: every Recall card and Quick self-test item of the three seed pages,
//! as a table. A card's words are found by its id at compile time: `quiz.bank.<qid>.prompt`,
//! `.explanation` and, when it names a misconception, `.myth` (a missing one fails the build).

use crate::i18n::Msg;
use crate::msg;
use crate::WARP_SIZE_F64;

use super::question::{AnswerKind, Misconception, Question, Topic, FRACTION_TOLERANCE};
use Topic::{Coalescing, Divergence, Latency, Warps};

/// The answer a card takes.
#[derive(Clone, Copy, Debug)]
enum Answer {
    /// A whole count, graded exactly, with its unit.
    Count(f64, Option<Msg>),
    /// A share (efficiency, utilization, η), graded within [`FRACTION_TOLERANCE`].
    Share(f64),
    /// A ratio shown with "×" (a slowdown), graded exactly.
    Times(f64),
    /// One of the options (by index).
    Choice(&'static [&'static str], usize),
    /// True or false.
    YesNo(bool),
}

/// One card of a seed page.
#[derive(Clone, Copy, Debug)]
struct Card {
    qid: &'static str,
    topic: Topic,
    source: Msg,
    answer: Answer,
    /// The panel's query on this scenario, whose worked steps are the solution.
    link: Option<&'static str>,
    /// A wrong answer that reveals a known misconception, explained by `myth_words`.
    myth: Option<f64>,
    prompt: Msg,
    explanation: Msg,
    myth_words: Option<Msg>,
}

const fn required(m: Option<Msg>) -> Msg {
    match m {
        Some(m) => m,
        None => panic!("a card's prompt or explanation is missing from the catalogue"),
    }
}

const fn card(
    qid: &'static str,
    topic: Topic,
    source: Msg,
    answer: Answer,
    link: Option<&'static str>,
    myth: Option<f64>,
) -> Card {
    let myth_words = Msg::find_joined(&["quiz.bank.", qid, ".myth"], false);
    assert!(
        myth.is_none() || myth_words.is_some(),
        "a card's myth needs its words"
    );
    Card {
        qid,
        topic,
        source,
        answer,
        link,
        myth,
        prompt: required(Msg::find_joined(&["quiz.bank.", qid, ".prompt"], false)),
        explanation: required(Msg::find_joined(
            &["quiz.bank.", qid, ".explanation"],
            false,
        )),
        myth_words,
    }
}

const CARDS: &[Card] = &[
    // Seed 000 — recall.
    card(
        "s000-recall-warp-size",
        Warps,
        msg!("quiz.source.s000-recall-three"),
        Answer::Count(WARP_SIZE_F64, Some(msg!("quiz.unit.threads"))),
        None,
        None,
    ),
    card(
        "s000-recall-linear",
        Warps,
        msg!("quiz.source.s000-recall-three"),
        Answer::Choice(&["x", "y", "z"], 0),
        Some("panel=warps&block=8,4,3&thread=70"),
        None,
    ),
    card(
        "s000-recall-warp-id",
        Warps,
        msg!("quiz.source.s000-recall-three"),
        Answer::Count(2.0, None),
        Some("panel=warps&block=8,4,3&thread=70"),
        Some(3.0),
    ),
    card(
        "s000-recall-rounding",
        Warps,
        msg!("quiz.source.s000-recall-rounding"),
        Answer::Choice(&["⌈P/32⌉ = 4", "⌊P/32⌋ = 3", "P/32 = 3.125"], 0),
        Some("panel=warps&block=100"),
        None,
    ),
    // Seed 000 — quick self-test.
    card(
        "s000-self-72-warps",
        Warps,
        msg!("quiz.source.s000-self"),
        Answer::Count(3.0, Some(msg!("quiz.unit.warps"))),
        Some("panel=warps&block=72"),
        Some(2.0),
    ),
    card(
        "s000-self-72-idle",
        Warps,
        msg!("quiz.source.s000-self"),
        Answer::Count(24.0, Some(msg!("quiz.unit.lanes"))),
        Some("panel=warps&block=72"),
        Some(8.0),
    ),
    card(
        "s000-self-843-warps",
        Warps,
        msg!("quiz.source.s000-self"),
        Answer::Count(3.0, Some(msg!("quiz.unit.warps"))),
        Some("panel=warps&block=8,4,3"),
        None,
    ),
    card(
        "s000-self-latency",
        Latency,
        msg!("quiz.source.s000-self"),
        Answer::Count(20.0, Some(msg!("quiz.unit.warps"))),
        Some("panel=latency&L=300&W=15"),
        None,
    ),
    card(
        "s000-self-slowdown",
        Divergence,
        msg!("quiz.source.s000-self"),
        Answer::Times(2.0),
        Some("panel=divergence&paths=40,40&lanes=16,16"),
        Some(1.0),
    ),
    // Seed 003 — recall.
    card(
        "s003-recall-ideal",
        Divergence,
        msg!("quiz.source.s003-recall-two"),
        Answer::Choice(&["max(T1, …, Tk)", "T1 + … + Tk", "(T1 + … + Tk)/k"], 0),
        None,
        None,
    ),
    card(
        "s003-recall-diverged",
        Divergence,
        msg!("quiz.source.s003-recall-two"),
        Answer::Choice(&["max(T1, …, Tk)", "T1 + … + Tk", "(T1 + … + Tk)/32"], 1),
        None,
        None,
    ),
    // Seed 003 — quick self-test.
    card(
        "s003-self-5-5-time",
        Divergence,
        msg!("quiz.source.s003-self"),
        Answer::Count(10.0, Some(msg!("quiz.unit.cycles"))),
        Some("panel=divergence&paths=5,5&lanes=16,16"),
        Some(5.0),
    ),
    card(
        "s003-self-5-5-eff",
        Divergence,
        msg!("quiz.source.s003-self"),
        Answer::Share(0.5),
        Some("panel=divergence&paths=5,5&lanes=16,16"),
        None,
    ),
    card(
        "s003-self-90-10",
        Divergence,
        msg!("quiz.source.s003-self"),
        Answer::Count(100.0, Some(msg!("quiz.unit.cycles"))),
        Some("panel=divergence&paths=90,10&lanes=1,31"),
        Some(10.0 + 90.0 / WARP_SIZE_F64),
    ),
    card(
        "s003-self-uniform",
        Divergence,
        msg!("quiz.source.s003-self"),
        Answer::Share(1.0),
        Some("panel=divergence&paths=8&lanes=32"),
        None,
    ),
    card(
        "s003-self-worst",
        Divergence,
        msg!("quiz.source.s003-self"),
        Answer::Share(1.0 / WARP_SIZE_F64),
        None,
        None,
    ),
    card(
        "s003-self-loop",
        Divergence,
        msg!("quiz.source.s003-self"),
        Answer::Share(0.375),
        Some("panel=divergence&counts=20,3,3,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,9,9,9,9,10"),
        Some(12.0),
    ),
    card(
        "s003-ex2-myth",
        Divergence,
        msg!("quiz.source.s003-ex2"),
        Answer::Count(150.0, Some(msg!("quiz.unit.cycles"))),
        Some("panel=divergence&paths=100,50&lanes=1,31"),
        Some(53.125),
    ),
    // Seed 004 — recall, one line per cell.
    card(
        "s004-recall-ragged",
        Warps,
        msg!("quiz.source.s004-ragged"),
        Answer::Count(WARP_SIZE_F64, Some(msg!("quiz.unit.lanes"))),
        Some("panel=warps&block=256&n=1000"),
        Some(8.0),
    ),
    card(
        "s004-recall-n0",
        Warps,
        msg!("quiz.source.s004-n0"),
        Answer::Count(0.0, Some(msg!("quiz.unit.blocks"))),
        Some("panel=warps&block=256&n=0"),
        Some(1.0),
    ),
    card(
        "s004-recall-eta",
        Coalescing,
        msg!("quiz.source.s004-case-e"),
        Answer::Share(1.0 / WARP_SIZE_F64),
        Some("panel=coalescing&stride=32"),
        Some(0.5),
    ),
    card(
        "s004-recall-split-cycles",
        Divergence,
        msg!("quiz.source.s004-split"),
        Answer::Count(28.0, Some(msg!("quiz.unit.cycles"))),
        Some("panel=divergence&paths=20,8&lanes=16,16"),
        Some(20.0),
    ),
    card(
        "s004-recall-split-util",
        Divergence,
        msg!("quiz.source.s004-split"),
        Answer::Share(0.5),
        Some("panel=divergence&paths=20,8&lanes=16,16"),
        None,
    ),
    card(
        "s004-recall-latency",
        Latency,
        msg!("quiz.source.s004-latency"),
        Answer::YesNo(false),
        Some("panel=latency&S=4&L=200&W=10"),
        None,
    ),
    card(
        "s004-recall-regs",
        Latency,
        msg!("quiz.source.s004-regs"),
        Answer::Count(1638.0, Some(msg!("quiz.unit.threads"))),
        Some("panel=latency&regs=40"),
        Some(2048.0),
    ),
    card(
        "s004-recall-quarter",
        Latency,
        msg!("quiz.source.s004-quarter"),
        Answer::Count(1.0, Some(msg!("quiz.unit.cycle"))),
        Some("panel=latency&cores=128"),
        Some(0.25),
    ),
];

impl Card {
    fn question(&self) -> Question {
        let kind = match self.answer {
            Answer::Count(value, unit) => AnswerKind::Number {
                value,
                tolerance: 0.0,
                unit: unit.map_or("", Msg::text),
            },
            Answer::Share(value) => AnswerKind::Number {
                value,
                tolerance: FRACTION_TOLERANCE,
                unit: "",
            },
            Answer::Times(value) => AnswerKind::Number {
                value,
                tolerance: 0.0,
                unit: "×",
            },
            Answer::Choice(options, correct) => AnswerKind::Choice {
                options: options.iter().map(|s| (*s).to_string()).collect(),
                correct,
            },
            Answer::YesNo(b) => AnswerKind::YesNo(b),
        };
        Question {
            qid: self.qid.to_string(),
            template: self.qid,
            topic: self.topic,
            prompt: self.prompt.text().to_string(),
            kind,
            source: Some(self.source.text().to_string()),
            explanation: self.explanation.text().to_string(),
            link: self.link.map(str::to_string),
            misconceptions: self
                .myth
                .zip(self.myth_words)
                .map(|(answer, words)| Misconception {
                    answer,
                    feedback: words.text().to_string(),
                })
                .into_iter()
                .collect(),
        }
    }
}

/// Every Recall card and Quick self-test item of the three seeds, in the current language.
#[must_use]
pub fn seed_bank() -> Vec<Question> {
    CARDS.iter().map(Card::question).collect()
}

#[cfg(test)]
mod tests;
