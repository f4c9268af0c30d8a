//! Self-test quizzes: every Recall card and Quick self-test item of the three seeds, generated
//! questions for every panel (seeded, so one link is one quiz), grading that accepts 0.571,
//! 57.1 % or 4/7, feedback that names known misconceptions, and Moodle GIFT export.
//!
//! A generated question's solution is the panel's own worked steps for that very scenario, and
//! its link opens the panel on it.

mod bank;
mod forecast;
mod generate;
mod gift;
mod grade;
pub mod panel;
pub mod progress;
pub mod question;

pub use bank::seed_bank;
pub use forecast::{
    guess_text, judge_forecast, judge_graded_forecast, ForecastFeedback, Verdict, GUESS_CHARS,
    GUESS_CHARS_TEXT,
};
pub use generate::{build, generate, generate_from, solution_for, Draw, Rng, Template, MAX_COUNT};
pub use gift::to_gift;
pub use grade::{parse_number, yes_no, Grade};
pub use panel::{QuizParams, DEFAULT_COUNT};
pub use question::{AnswerKind, Misconception, Question, Topic, FRACTION_TOLERANCE};

#[cfg(test)]
mod tests;
