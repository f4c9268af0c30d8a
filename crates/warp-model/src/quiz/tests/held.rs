//! Issue 64, way 4: an assignment's quiz step drawn with a seed under `draw=6`; the same seed
//! opened outside without `draw` (the first rules) shares some of its questions, and answered
//! there, it showed their verdicts before the step had them. `panel::held_questions` names the
//! step's questions the quiz panel holds back outside it.

use super::*;
use crate::quiz::panel::{held_questions, MAX_HELD_QUIZZES};
use crate::quiz::progress::Progress;

/// The step's quiz: all topics, 8 questions, seed 7, today's rules.
const STEP: &str = "0123456789abcdef panel=quiz count=8&draw=6&seed=7&topic=all";

fn step_quiz() -> Vec<Question> {
    build(None, 7, 8, Draw::Doubling)
}

fn ids(quiz: &[Question]) -> Vec<String> {
    quiz.iter().map(|q| q.qid.clone()).collect()
}

#[test]
fn a_quiz_steps_questions_are_held_until_the_step_has_them_answered() {
    let step = step_quiz();
    // Every question of the unfinished step is held, each once, in the step's order.
    assert_eq!(held_questions(STEP, &Progress::default()), ids(&step));
    // The sibling: the same seed, no `draw` (a link's first rules), as opened next door. It
    // shares questions with the step (the seeds' cards come first under both rules): those are
    // the ones it must not check; its others are free.
    let sibling = build(None, 7, 8, Draw::First);
    let held = held_questions(STEP, &Progress::default());
    let shared: Vec<&str> = sibling
        .iter()
        .filter(|q| step.iter().any(|s| s.qid == q.qid))
        .map(|q| q.qid.as_str())
        .collect();
    // 3 of the 8, as the issue found them.
    assert_eq!(shared.len(), 3);
    for q in &sibling {
        assert_eq!(
            held.contains(&q.qid),
            shared.contains(&q.qid.as_str()),
            "{}",
            q.qid
        );
    }
    // Answered in the step (its quiz's key, as the step's frame keeps it), even wrong: that
    // question is free; the others stay held.
    let mut progress = Progress::default();
    let key = QuizParams::from_query(&Query::parse("count=8&draw=6&seed=7&topic=all"))
        .0
        .key(7);
    progress.record(&key, &step[0], "999", false);
    let after = held_questions(STEP, &progress);
    assert_eq!(after, ids(&step[1..]));
    // Answered in another quiz (the sibling's key) does not count for the step.
    let mut elsewhere = Progress::default();
    elsewhere.record("all/7/8", &step[1], "1", true);
    assert_eq!(held_questions(STEP, &elsewhere), ids(&step));
}

#[test]
fn only_quiz_lines_that_name_a_quiz_hold_anything() {
    // A prediction's line, a line without a seed, a bad value, a line with no assignment key,
    // an empty list: nothing held, nothing panics.
    for pending in [
        "",
        "0123456789abcdef example=divergence/C4 ",
        "0123456789abcdef panel=quiz count=8&topic=all",
        "0123456789abcdef panel=quiz count=8&seed=abc",
        "0123456789abcdef panel=quiz count=99999&seed=7",
        "panel=quiz",
        "0123456789abcdef panel=warps block=64",
        "\n\n \n",
    ] {
        assert!(
            held_questions(pending, &Progress::default()).is_empty(),
            "{pending:?}"
        );
    }
    // Two steps of one quiz (or two assignments) hold each question once; a damaged list
    // draws at most MAX_HELD_QUIZZES quizzes.
    let twice = format!("{STEP}\n{STEP}");
    assert_eq!(held_questions(&twice, &Progress::default()).len(), 8);
    let many: Vec<String> = (0..100)
        .map(|s| format!("k panel=quiz count=1&draw=6&seed={s}&topic=all"))
        .collect();
    assert!(held_questions(&many.join("\n"), &Progress::default()).len() <= MAX_HELD_QUIZZES);
}
