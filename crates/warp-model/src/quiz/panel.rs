//! The self-test panel's model: its parameters (`topic`, `seed`, `count`), the quiz they name,
//! and the figures a learner's progress gives (score, mastery per topic, questions to review).

use super::generate::{build, Draw, MAX_COUNT};
use super::progress::{quiz_score, Progress, QuizKey};
use super::question::{Question, Topic};
use crate::figure::{Figure, Value};
use crate::i18n::Msg;
use crate::msg;
use crate::panel::{Inputs, PanelModel};
use crate::params::{Choice, Param, ParamError};

/// `topic`: which panel's questions, or all.
pub const TOPIC: Param = Param::choice("topic", msg!("ui.quiz.topic"), &TOPIC_CHOICES, "all");
const TOPIC_CHOICES: [Choice; Topic::ALL.len() + 1] = {
    let mut out = [Choice {
        value: "all",
        label: msg!("quiz.topic.all"),
    }; Topic::ALL.len() + 1];
    let mut i = 0;
    while i < Topic::ALL.len() {
        out[i + 1] = Choice {
            value: Topic::ALL[i].name(),
            label: Topic::ALL[i].label_msg(),
        };
        i += 1;
    }
    out
};
/// `seed`: the same seed always gives the same questions (empty: the app draws one and writes
/// it into the URL).
pub const SEED: Param = Param::whole("seed", msg!("ui.quiz.seed"), 0, u64::MAX, "").own_control();
/// `count`: questions in the quiz.
pub const COUNT: Param = Param::whole("count", msg!("ui.quiz.count"), 1, MAX_COUNT, "8");

/// `draw`: the rules the questions are drawn under ([`Draw`]): 1, 2 (no template twice while
/// another is unused), 3 (and every topic asked) or 4 (as 3, `all` with tensor cores too).
/// Empty: 1 for a link with a seed (every link made before `draw` existed keeps its
/// questions), the latest for a new quiz, which then writes it into the URL.
pub const DRAW: Param = Param::whole("draw", msg!("ui.quiz.draw"), 1, Draw::LATEST.number(), "")
    .hint(msg!("ui.quiz.draw.hint"))
    .own_control();

/// The panel's parameters, in form order.
pub const PARAMS: [Param; 4] = [TOPIC, COUNT, SEED, DRAW];

/// Default number of questions.
pub const DEFAULT_COUNT: u64 = 8;

/// The self-test panel's model.
#[derive(Clone, Copy, Debug)]
pub struct QuizModel;

/// The panel's raw inputs.
pub type QuizInput = Inputs<QuizModel>;

/// The quiz a URL asks for: `topic` (`None` = all), `seed` (`None` = pick one), `count`,
/// `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuizParams {
    /// The topic, or all.
    pub topic: Option<Topic>,
    /// The seed, when given.
    pub seed: Option<u64>,
    /// Questions.
    pub count: u64,
    /// The rules the questions are drawn under.
    pub draw: Draw,
}

impl QuizParams {
    /// Reads `topic`, `seed` and `count`; bad values fall back to defaults and are reported.
    #[must_use]
    pub fn read(input: &QuizInput) -> (QuizParams, Vec<ParamError>) {
        let mut errors = Vec::new();
        let topic = TOPIC
            .choose(input.get(&TOPIC))
            .map_err(|e| errors.push(e))
            .ok()
            .and_then(Topic::parse);
        let raw_seed = input.get(&SEED);
        let seed = if raw_seed.trim().is_empty() {
            None
        } else {
            SEED.parse(raw_seed).map_err(|e| errors.push(e)).ok()
        };
        let count = COUNT
            .parse(input.get(&COUNT))
            .map_err(|e| errors.push(e))
            .unwrap_or(DEFAULT_COUNT);
        let raw_draw = input.get(&DRAW);
        let given = if raw_draw.trim().is_empty() {
            None
        } else {
            DRAW.parse(raw_draw)
                .map_err(|e| errors.push(e))
                .ok()
                .and_then(Draw::from_number)
        };
        // A seed without `draw` is a link made before `draw` existed: its first rules. Without
        // a (valid) seed the quiz is a new one, drawn under the latest.
        let draw = given.unwrap_or(if seed.is_some() {
            Draw::First
        } else {
            Draw::LATEST
        });
        (
            QuizParams {
                topic,
                seed,
                count,
                draw,
            },
            errors,
        )
    }

    /// Reads them from a query. Never inlined: the panel and [`held_questions`] call it, and
    /// a copy inlined into the panel's component was 2 kB of the quiz bundle (issue 64's round,
    /// measured).
    #[must_use]
    pub fn from_query(q: &crate::query::Query) -> (QuizParams, Vec<ParamError>) {
        QuizParams::read(&QuizInput::from_query(q, &QuizInput::default()))
    }

    /// The topic's name in `topic=` (`all` for every topic).
    #[must_use]
    pub fn topic_name(&self) -> &'static str {
        self.topic.map_or("all", Topic::name)
    }

    /// The quiz these parameters name, once its seed is known.
    #[must_use]
    pub fn quiz_key(&self, seed: u64) -> QuizKey {
        QuizKey {
            topic: self.topic,
            seed,
            count: self.count,
            draw: self.draw,
        }
    }

    /// The key a quiz in progress is stored under (the [`QuizKey`] written out).
    #[must_use]
    pub fn key(&self, seed: u64) -> String {
        self.quiz_key(seed).to_string()
    }
}

/// What the panel shows before any answer.
#[derive(Clone, Debug, PartialEq)]
pub struct QuizOutput {
    /// The parameters read.
    pub params: QuizParams,
    /// Problems with them.
    pub errors: Vec<ParamError>,
    /// The questions, once the seed is known.
    pub questions: Vec<Question>,
    /// The figures of a fresh start (no answer yet).
    pub figures: Vec<Figure>,
}

impl PanelModel for QuizModel {
    const NAME: &'static str = "quiz";
    const TITLE: Msg = msg!("common.panel.quiz.title");
    const QUESTION: Msg = msg!("common.panel.quiz.question");
    const PARAMS: &'static [Param] = &PARAMS;
    // Its content at 800 px wide (the frame's max-width), default inputs: 1,617 (10 questions) px.
    const EMBED_HEIGHT: u32 = 1600;
    type Output = QuizOutput;

    fn evaluate(input: &QuizInput) -> QuizOutput {
        let (params, errors) = QuizParams::read(input);
        let questions = params
            .seed
            .map(|s| build(params.topic, s, params.count, params.draw))
            .unwrap_or_default();
        let qids: Vec<String> = questions.iter().map(|q| q.qid.clone()).collect();
        let figures = figures(
            &Progress::default(),
            &params.key(params.seed.unwrap_or(0)),
            &qids,
        );
        QuizOutput {
            params,
            errors,
            questions,
            figures,
        }
    }
    fn errors(out: &QuizOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &QuizOutput) -> &[Figure] {
        &out.figures
    }
}

/// The panel's figures for a learner's progress: `quiz-score` (`correct/answered` in this quiz,
/// the key figure, whose plain value the parent-page message contract repeats), `mastery-<topic>`
/// for each topic (right answers on it over every quiz), and `review-due` (questions in the
/// Leitner boxes that are due again).
#[must_use]
pub fn figures(progress: &Progress, quiz_key: &str, qids: &[String]) -> Vec<Figure> {
    let (correct, answered) = quiz_score(progress, quiz_key, qids);
    let mut f = vec![Figure::new(
        "quiz-score",
        crate::t!("ui.quiz.score"),
        Value::Text(format!("{correct}/{answered}")),
        "",
        crate::t!("ui.quiz.score.help"),
    )
    .key()];
    f.extend(Topic::ALL.iter().map(|t| {
        Figure::new(
            t.mastery_metric(),
            t.mastery_label(),
            progress.mastery(*t).map_or(Value::None, Value::percent),
            "",
            crate::t!("ui.quiz.mastery.help"),
        )
    }));
    f.push(Figure::new(
        "review-due",
        crate::t!("ui.quiz.review"),
        Value::Int(progress.review_queue().len() as u64),
        crate::t!("ui.quiz.review.unit"),
        crate::t!("ui.quiz.review.help"),
    ));
    f
}

/// At most this many quiz lines of the held list are read (an assignment has a few steps; a
/// damaged list costs no more than this many quizzes drawn).
pub const MAX_HELD_QUIZZES: usize = 16;

/// The questions (ids) a quiz outside an assignment holds back (issue 64, way 4): every
/// question of an assignment's quiz step this browser has not finished
/// ([`crate::assignment::record::held_steps`], lines `<assignment> panel=quiz <settings>` of
/// `pending`, [`crate::assignment::PENDING_KEY`]) that `progress` shows unanswered in that very
/// quiz. A quiz with the same seed and other rules shares some of them: there, such a question
/// is not checked (no verdict, no explanation) and not exported, until the step has it
/// answered. Lines of other kinds, and lines that name no quiz, are passed over.
#[must_use]
pub fn held_questions(pending: &str, progress: &Progress) -> Vec<String> {
    let mut held: Vec<String> = Vec::new();
    let quizzes = pending
        .lines()
        .filter_map(|line| line.split_once(' ').map(|(_, key)| key))
        .filter_map(|key| key.strip_prefix("panel=quiz "))
        .take(MAX_HELD_QUIZZES);
    for settings in quizzes {
        let (params, errors) = QuizParams::from_query(&crate::query::Query::parse(settings));
        let Some(seed) = params.seed.filter(|_| errors.is_empty()) else {
            continue;
        };
        let answered = progress.quizzes.get(&params.key(seed));
        for q in build(params.topic, seed, params.count, params.draw) {
            if answered.is_none_or(|m| !m.contains_key(&q.qid)) && !held.contains(&q.qid) {
                held.push(q.qid);
            }
        }
    }
    held
}
