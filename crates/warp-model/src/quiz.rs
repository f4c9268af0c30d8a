//! Self-test quizzes: every Recall card and Quick self-test item of the three seeds, generated
//! questions for every panel (seeded, so one link is one quiz), grading that accepts 0.571,
//! 57.1 % or 4/7, feedback that names known misconceptions, and Moodle GIFT export.
//!
//! A generated question's solution is the panel's own worked steps for that very scenario, and
//! its link opens the panel on it.

use crate::coalescing::panel::{self as coalescing_panel, CoalescingInput, CoalescingModel};
use crate::divergence::panel::DivergenceModel;
use crate::figure::{format_decimal, Figure};
use crate::latency::panel::LatencyModel;
use crate::panel::{Inputs, PanelModel};
use crate::query::Query;
use crate::t;
use crate::warps::panel::{self as warps_panel, WarpsInput, WarpsModel};
use crate::worked::Worked;

/// A quiz topic: one per panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Topic {
    /// Block-to-warp map.
    Warps,
    /// Divergence.
    Divergence,
    /// Latency hiding and occupancy.
    Latency,
    /// Coalescing.
    Coalescing,
}

impl Topic {
    /// Every topic.
    pub const ALL: [Topic; 4] = [
        Topic::Warps,
        Topic::Divergence,
        Topic::Latency,
        Topic::Coalescing,
    ];

    /// Its name in `topic=`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Topic::Warps => "warps",
            Topic::Divergence => "divergence",
            Topic::Latency => "latency",
            Topic::Coalescing => "coalescing",
        }
    }

    /// The topic named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Topic> {
        Topic::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Its name as the learner reads it, in the current language ([`Topic::name`] is the id
    /// that URLs and stored progress use, and never changes with the language).
    #[must_use]
    pub fn label(self) -> &'static str {
        self.label_msg().text()
    }

    /// The message of its label.
    #[must_use]
    pub const fn label_msg(self) -> crate::i18n::Msg {
        match self {
            Topic::Warps => crate::msg!("quiz.topic.warps"),
            Topic::Divergence => crate::msg!("quiz.topic.divergence"),
            Topic::Latency => crate::msg!("quiz.topic.latency"),
            Topic::Coalescing => crate::msg!("quiz.topic.coalescing"),
        }
    }

    /// The figure of the learner's mastery of it (`mastery-<topic>`).
    #[must_use]
    pub const fn mastery_metric(self) -> &'static str {
        match self {
            Topic::Warps => "mastery-warps",
            Topic::Divergence => "mastery-divergence",
            Topic::Latency => "mastery-latency",
            Topic::Coalescing => "mastery-coalescing",
        }
    }

    /// That figure's label, in the current language.
    #[must_use]
    pub fn mastery_label(self) -> &'static str {
        match self {
            Topic::Warps => t!("ui.quiz.mastery.warps"),
            Topic::Divergence => t!("ui.quiz.mastery.divergence"),
            Topic::Latency => t!("ui.quiz.mastery.latency"),
            Topic::Coalescing => t!("ui.quiz.mastery.coalescing"),
        }
    }
}

/// The learner-facing name of a quiz's topic (`None` = all topics), in the current language.
#[must_use]
pub fn topic_label(topic: Option<Topic>) -> &'static str {
    topic.map_or_else(|| t!("quiz.topic.all"), Topic::label)
}

/// What kind of answer a question takes.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A number. Integers are graded exactly (`tolerance` 0); fractions within `tolerance`.
    Number {
        /// The exact answer.
        value: f64,
        /// Accepted absolute difference.
        tolerance: f64,
        /// Unit shown beside the input, in the language the question was built in.
        unit: &'static str,
    },
    /// One of several options.
    Choice {
        /// The options, in order.
        options: Vec<String>,
        /// Index of the right one.
        correct: usize,
    },
    /// True or false.
    YesNo(bool),
}

/// A known wrong answer and what it reveals.
#[derive(Clone, Debug, PartialEq)]
pub struct Misconception {
    /// The wrong number (or the option index, for a choice; 1/0 for yes/no).
    pub answer: f64,
    /// What the learner probably did.
    pub feedback: String,
}

/// One question.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// Stable id of its template and parameters.
    pub qid: String,
    /// Its topic.
    pub topic: Topic,
    /// The question.
    pub prompt: String,
    /// The answer it takes.
    pub kind: Kind,
    /// Where it comes from ("seed 004, Ex 8"), shown after answering; `None` for generated ones.
    pub source: Option<String>,
    /// The answer explained in a sentence.
    pub explanation: String,
    /// Worked steps (generated questions: the panel's own).
    pub solution: Vec<Worked>,
    /// A query that opens the panel on this scenario.
    pub link: Option<String>,
    /// Known wrong answers.
    pub misconceptions: Vec<Misconception>,
}

/// The tolerance stated for fractional answers.
pub const FRACTION_TOLERANCE: f64 = 0.005;

/// Reads a learner's number: `0.571`, `57.1%`, `4/7`, `1,638`, `¼`, `2x`.
#[must_use]
pub fn parse_number(raw: &str) -> Option<f64> {
    let s: String = raw.trim().replace(['\u{a0}', ' '], "");
    let s = s.trim_end_matches(['×', 'x', 'X']);
    if s.is_empty() || s.len() > 40 {
        return None;
    }
    match s {
        "¼" => return Some(0.25),
        "½" => return Some(0.5),
        "¾" => return Some(0.75),
        _ => {}
    }
    if let Some(p) = s.strip_suffix('%') {
        return parse_plain(p).map(|v| v / 100.0);
    }
    if let Some((a, b)) = s.split_once('/') {
        let (a, b) = (parse_plain(a)?, parse_plain(b)?);
        return (b != 0.0).then(|| a / b);
    }
    parse_plain(s)
}

fn parse_plain(s: &str) -> Option<f64> {
    // Commas only as thousands separators: 1,638 or 2,088,960.
    let s = if s.contains(',') {
        // Bytes, not str slices: a multi-byte character must not split a group.
        let groups: Vec<&[u8]> = s.split(',').map(str::as_bytes).collect();
        let last = groups.len() - 1;
        let ok = (1..=3).contains(&groups[0].len())
            && groups[1..].iter().enumerate().all(|(i, g)| {
                g.len() >= 3
                    && g[..3].iter().all(u8::is_ascii_digit)
                    && (g.len() == 3 || (i + 1 == last && g[3] == b'.'))
            });
        if !ok {
            return None;
        }
        s.replace(',', "")
    } else {
        s.to_string()
    };
    if !s
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
    {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// The outcome of one answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// Whether it is right.
    pub correct: bool,
    /// What to tell the learner (the misconception, if one matched).
    pub feedback: String,
}

impl Question {
    /// The right answer as text, in the current language.
    #[must_use]
    pub fn answer_text(&self) -> String {
        match &self.kind {
            Kind::Number { value, unit, .. } => format!("{} {unit}", format_decimal(*value))
                .trim()
                .to_string(),
            Kind::Choice { options, correct } => options.get(*correct).cloned().unwrap_or_default(),
            Kind::YesNo(b) => {
                if *b {
                    crate::tr!("quiz.answer.yes")
                } else {
                    crate::tr!("quiz.answer.no")
                }
            }
        }
    }

    /// Grades a raw answer (a number, an option index, or yes/no).
    ///
    /// Grading reads values and ids only, never translated text: a number, an option's index,
    /// or one of the fixed yes/no words of either language. So an answer stored under one
    /// language grades the same under the other; only the feedback's wording changes.
    #[must_use]
    pub fn grade(&self, raw: &str) -> Grade {
        let given: Option<f64> = match &self.kind {
            Kind::Number { .. } => parse_number(raw),
            Kind::Choice { options, .. } => raw
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|i| *i < options.len())
                .map(|i| i as f64),
            Kind::YesNo(_) => yes_no(raw).map(|b| if b { 1.0 } else { 0.0 }),
        };
        let Some(g) = given else {
            return Grade {
                correct: false,
                feedback: match self.kind {
                    Kind::Number { .. } => crate::tr!(
                        "quiz.grade.unreadable",
                        raw = raw.chars().take(24).collect::<String>()
                    ),
                    _ => crate::tr!("quiz.grade.choose"),
                },
            };
        };
        let (correct, tolerance) = match &self.kind {
            Kind::Number {
                value, tolerance, ..
            } => ((g - value).abs() <= *tolerance + 1e-9, *tolerance),
            Kind::Choice { correct, .. } => (g == *correct as f64, 0.0),
            Kind::YesNo(b) => ((g == 1.0) == *b, 0.0),
        };
        if correct {
            return Grade {
                correct: true,
                feedback: crate::tr!("quiz.grade.right", explanation = &self.explanation),
            };
        }
        let named = self
            .misconceptions
            .iter()
            .find(|m| (m.answer - g).abs() <= tolerance + 1e-9);
        Grade {
            correct: false,
            feedback: match named {
                Some(m) => crate::tr!(
                    "quiz.grade.wrong-myth",
                    myth = &m.feedback,
                    answer = self.answer_text(),
                    explanation = &self.explanation
                ),
                None => crate::tr!(
                    "quiz.grade.wrong",
                    answer = self.answer_text(),
                    explanation = &self.explanation
                ),
            },
        }
    }
}

/// Reads a yes/no answer from fixed words of both languages (never from the catalogue, so a
/// stored answer means the same whatever the language): yes/true/y/1/haan/han/ha/haa,
/// no/false/n/0/nahi/nahin/na.
#[must_use]
pub fn yes_no(raw: &str) -> Option<bool> {
    match raw.trim().to_lowercase().as_str() {
        "yes" | "true" | "y" | "1" | "haan" | "han" | "ha" | "haa" => Some(true),
        "no" | "false" | "n" | "0" | "nahi" | "nahin" | "na" => Some(false),
        _ => None,
    }
}

fn number(value: f64, unit: &'static str) -> Kind {
    Kind::Number {
        value,
        tolerance: 0.0,
        unit,
    }
}

fn fraction(value: f64) -> Kind {
    Kind::Number {
        value,
        tolerance: FRACTION_TOLERANCE,
        unit: "",
    }
}

fn choice(options: &[&str], correct: usize) -> Kind {
    Kind::Choice {
        options: options.iter().map(|s| (*s).to_string()).collect(),
        correct,
    }
}

fn myth(answer: f64, feedback: &str) -> Misconception {
    Misconception {
        answer,
        feedback: feedback.to_string(),
    }
}

#[allow(clippy::too_many_arguments)]
fn seed_q(
    qid: &str,
    topic: Topic,
    source: &str,
    prompt: &str,
    kind: Kind,
    explanation: &str,
    link: Option<&str>,
    misconceptions: Vec<Misconception>,
) -> Question {
    Question {
        qid: qid.to_string(),
        topic,
        prompt: prompt.to_string(),
        kind,
        source: Some(source.to_string()),
        explanation: explanation.to_string(),
        // Filled by `build` for the questions a quiz uses (see `solve`).
        solution: Vec::new(),
        link: link.map(str::to_string),
        misconceptions,
    }
}

/// Fills a question's solution with its panel's worked steps, when it has a scenario.
pub fn solve(q: &mut Question) {
    if q.solution.is_empty() {
        if let Some(link) = &q.link {
            q.solution = solution_for(q.topic, link);
        }
    }
}

/// The panel's worked steps for a query (the solution of a question that has a scenario).
fn solution_for(topic: Topic, query: &str) -> Vec<Worked> {
    fn worked<P: PanelModel>(query: &str) -> Vec<Worked> {
        let input = Inputs::<P>::from_query(&Query::parse(query), &Inputs::default());
        P::worked(&P::evaluate(&input)).to_vec()
    }
    match topic {
        Topic::Warps => worked::<WarpsModel>(query),
        Topic::Divergence => worked::<DivergenceModel>(query),
        Topic::Latency => worked::<LatencyModel>(query),
        Topic::Coalescing => worked::<CoalescingModel>(query),
    }
}

/// Every Recall card and Quick self-test item of the three seeds.
#[must_use]
pub fn seed_bank() -> Vec<Question> {
    use Topic::{Coalescing, Divergence, Latency, Warps};
    vec![
        // Seed 000 — recall.
        seed_q("s000-recall-warp-size", Warps, t!("quiz.source.s000-recall-three"), t!("quiz.bank.s000-recall-warp-size.prompt"), number(32.0, t!("quiz.unit.threads")), t!("quiz.bank.s000-recall-warp-size.explanation"), None, vec![]),
        seed_q("s000-recall-linear", Warps, t!("quiz.source.s000-recall-three"), t!("quiz.bank.s000-recall-linear.prompt"), choice(&["x", "y", "z"], 0), t!("quiz.bank.s000-recall-linear.explanation"), Some("panel=warps&block=8,4,3&thread=70"), vec![]),
        seed_q("s000-recall-warp-id", Warps, t!("quiz.source.s000-recall-three"), t!("quiz.bank.s000-recall-warp-id.prompt"), number(2.0, ""), t!("quiz.bank.s000-recall-warp-id.explanation"), Some("panel=warps&block=8,4,3&thread=70"), vec![myth(3.0, t!("quiz.bank.s000-recall-warp-id.myth"))]),
        seed_q("s000-recall-rounding", Warps, t!("quiz.source.s000-recall-rounding"), t!("quiz.bank.s000-recall-rounding.prompt"), choice(&["⌈P/32⌉ = 4", "⌊P/32⌋ = 3", "P/32 = 3.125"], 0), t!("quiz.bank.s000-recall-rounding.explanation"), Some("panel=warps&block=100"), vec![]),
        // Seed 000 — quick self-test.
        seed_q("s000-self-72-warps", Warps, t!("quiz.source.s000-self"), t!("quiz.bank.s000-self-72-warps.prompt"), number(3.0, t!("quiz.unit.warps")), t!("quiz.bank.s000-self-72-warps.explanation"), Some("panel=warps&block=72"), vec![myth(2.0, t!("quiz.bank.s000-self-72-warps.myth"))]),
        seed_q("s000-self-72-idle", Warps, t!("quiz.source.s000-self"), t!("quiz.bank.s000-self-72-idle.prompt"), number(24.0, t!("quiz.unit.lanes")), t!("quiz.bank.s000-self-72-idle.explanation"), Some("panel=warps&block=72"), vec![myth(8.0, t!("quiz.bank.s000-self-72-idle.myth"))]),
        seed_q("s000-self-843-warps", Warps, t!("quiz.source.s000-self"), t!("quiz.bank.s000-self-843-warps.prompt"), number(3.0, t!("quiz.unit.warps")), t!("quiz.bank.s000-self-843-warps.explanation"), Some("panel=warps&block=8,4,3"), vec![]),
        seed_q("s000-self-latency", Latency, t!("quiz.source.s000-self"), t!("quiz.bank.s000-self-latency.prompt"), number(20.0, t!("quiz.unit.warps")), t!("quiz.bank.s000-self-latency.explanation"), Some("panel=latency&L=300&W=15"), vec![]),
        seed_q("s000-self-slowdown", Divergence, t!("quiz.source.s000-self"), t!("quiz.bank.s000-self-slowdown.prompt"), Kind::Number { value: 2.0, tolerance: 0.0, unit: "×" }, t!("quiz.bank.s000-self-slowdown.explanation"), Some("panel=divergence&paths=40,40&lanes=16,16"), vec![myth(1.0, t!("quiz.bank.s000-self-slowdown.myth"))]),
        // Seed 003 — recall.
        seed_q("s003-recall-ideal", Divergence, t!("quiz.source.s003-recall-two"), t!("quiz.bank.s003-recall-ideal.prompt"), choice(&["max(T1, …, Tk)", "T1 + … + Tk", "(T1 + … + Tk)/k"], 0), t!("quiz.bank.s003-recall-ideal.explanation"), None, vec![]),
        seed_q("s003-recall-diverged", Divergence, t!("quiz.source.s003-recall-two"), t!("quiz.bank.s003-recall-diverged.prompt"), choice(&["max(T1, …, Tk)", "T1 + … + Tk", "(T1 + … + Tk)/32"], 1), t!("quiz.bank.s003-recall-diverged.explanation"), None, vec![]),
        // Seed 003 — quick self-test.
        seed_q("s003-self-5-5-time", Divergence, t!("quiz.source.s003-self"), t!("quiz.bank.s003-self-5-5-time.prompt"), number(10.0, t!("quiz.unit.cycles")), t!("quiz.bank.s003-self-5-5-time.explanation"), Some("panel=divergence&paths=5,5&lanes=16,16"), vec![myth(5.0, t!("quiz.bank.s003-self-5-5-time.myth"))]),
        seed_q("s003-self-5-5-eff", Divergence, t!("quiz.source.s003-self"), t!("quiz.bank.s003-self-5-5-eff.prompt"), fraction(0.5), t!("quiz.bank.s003-self-5-5-eff.explanation"), Some("panel=divergence&paths=5,5&lanes=16,16"), vec![]),
        seed_q("s003-self-90-10", Divergence, t!("quiz.source.s003-self"), t!("quiz.bank.s003-self-90-10.prompt"), number(100.0, t!("quiz.unit.cycles")), t!("quiz.bank.s003-self-90-10.explanation"), Some("panel=divergence&paths=90,10&lanes=1,31"), vec![myth(10.0 + 90.0 / 32.0, t!("quiz.bank.s003-self-90-10.myth"))]),
        seed_q("s003-self-uniform", Divergence, t!("quiz.source.s003-self"), t!("quiz.bank.s003-self-uniform.prompt"), fraction(1.0), t!("quiz.bank.s003-self-uniform.explanation"), Some("panel=divergence&paths=8&lanes=32"), vec![]),
        seed_q("s003-self-worst", Divergence, t!("quiz.source.s003-self"), t!("quiz.bank.s003-self-worst.prompt"), fraction(1.0 / 32.0), t!("quiz.bank.s003-self-worst.explanation"), None, vec![]),
        seed_q("s003-self-loop", Divergence, t!("quiz.source.s003-self"), t!("quiz.bank.s003-self-loop.prompt"), fraction(0.375), t!("quiz.bank.s003-self-loop.explanation"), Some("panel=divergence&counts=20,3,3,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,9,9,9,9,10"), vec![myth(12.0, t!("quiz.bank.s003-self-loop.myth"))]),
        seed_q("s003-ex2-myth", Divergence, t!("quiz.source.s003-ex2"), t!("quiz.bank.s003-ex2-myth.prompt"), number(150.0, t!("quiz.unit.cycles")), t!("quiz.bank.s003-ex2-myth.explanation"), Some("panel=divergence&paths=100,50&lanes=1,31"), vec![myth(53.125, t!("quiz.bank.s003-ex2-myth.myth"))]),
        // Seed 004 — recall, one line per cell.
        seed_q("s004-recall-ragged", Warps, t!("quiz.source.s004-ragged"), t!("quiz.bank.s004-recall-ragged.prompt"), number(32.0, t!("quiz.unit.lanes")), t!("quiz.bank.s004-recall-ragged.explanation"), Some("panel=warps&block=256&n=1000"), vec![myth(8.0, t!("quiz.bank.s004-recall-ragged.myth"))]),
        seed_q("s004-recall-n0", Warps, t!("quiz.source.s004-n0"), t!("quiz.bank.s004-recall-n0.prompt"), number(0.0, t!("quiz.unit.blocks")), t!("quiz.bank.s004-recall-n0.explanation"), Some("panel=warps&block=256&n=0"), vec![myth(1.0, t!("quiz.bank.s004-recall-n0.myth"))]),
        seed_q("s004-recall-eta", Coalescing, t!("quiz.source.s004-case-e"), t!("quiz.bank.s004-recall-eta.prompt"), fraction(1.0 / 32.0), t!("quiz.bank.s004-recall-eta.explanation"), Some("panel=coalescing&stride=32"), vec![myth(0.5, t!("quiz.bank.s004-recall-eta.myth"))]),
        seed_q("s004-recall-split-cycles", Divergence, t!("quiz.source.s004-split"), t!("quiz.bank.s004-recall-split-cycles.prompt"), number(28.0, t!("quiz.unit.cycles")), t!("quiz.bank.s004-recall-split-cycles.explanation"), Some("panel=divergence&paths=20,8&lanes=16,16"), vec![myth(20.0, t!("quiz.bank.s004-recall-split-cycles.myth"))]),
        seed_q("s004-recall-split-util", Divergence, t!("quiz.source.s004-split"), t!("quiz.bank.s004-recall-split-util.prompt"), fraction(0.5), t!("quiz.bank.s004-recall-split-util.explanation"), Some("panel=divergence&paths=20,8&lanes=16,16"), vec![]),
        seed_q("s004-recall-latency", Latency, t!("quiz.source.s004-latency"), t!("quiz.bank.s004-recall-latency.prompt"), Kind::YesNo(false), t!("quiz.bank.s004-recall-latency.explanation"), Some("panel=latency&S=4&L=200&W=10"), vec![]),
        seed_q("s004-recall-regs", Latency, t!("quiz.source.s004-regs"), t!("quiz.bank.s004-recall-regs.prompt"), number(1638.0, t!("quiz.unit.threads")), t!("quiz.bank.s004-recall-regs.explanation"), Some("panel=latency&regs=40"), vec![myth(2048.0, t!("quiz.bank.s004-recall-regs.myth"))]),
        seed_q("s004-recall-quarter", Latency, t!("quiz.source.s004-quarter"), t!("quiz.bank.s004-recall-quarter.prompt"), number(1.0, t!("quiz.unit.cycle")), t!("quiz.bank.s004-recall-quarter.explanation"), Some("panel=latency&cores=128"), vec![myth(0.25, t!("quiz.bank.s004-recall-quarter.myth"))]),
    ]
}

/// SplitMix64: a tiny, fully specified generator. Written here rather than taken from a crate
/// because a quiz link is a promise: the same seed must give the same questions in every future
/// version, whatever a dependency's algorithm or stream layout becomes.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }

    /// One of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        let i = usize::try_from(self.next_u64() % items.len() as u64).unwrap_or(0);
        items[i]
    }
}

fn figure_value(figures: &[Figure], metric: &str) -> f64 {
    figures
        .iter()
        .find(|f| f.metric == metric)
        .map_or(0.0, |f| f.value.plain().parse().unwrap_or(0.0))
}

fn generated(
    qid: String,
    topic: Topic,
    prompt: String,
    kind: Kind,
    explanation: String,
    link: String,
    mut misconceptions: Vec<Misconception>,
) -> Question {
    // A "misconception" that happens to equal the right answer for these numbers is no myth.
    if let Kind::Number {
        value, tolerance, ..
    } = kind
    {
        misconceptions.retain(|m| (m.answer - value).abs() > tolerance + 1e-9);
    }
    Question {
        solution: solution_for(topic, &link),
        qid,
        topic,
        prompt,
        kind,
        source: None,
        explanation,
        link: Some(link),
        misconceptions,
    }
}

/// One generated question for `topic`.
#[must_use]
pub fn generate(topic: Topic, rng: &mut Rng) -> Question {
    match topic {
        Topic::Warps => {
            let x = rng.pick(&[8u64, 12, 16, 20, 24, 30, 40, 48, 50, 72, 96, 100, 200]);
            let y = rng.pick(&[1u64, 1, 2, 3, 4, 5]);
            let p = x * y;
            let link = format!("panel=warps&block={x},{y}");
            let out = warps_panel::evaluate(&WarpsInput::from_query(
                &Query::parse(&link),
                &WarpsInput::default(),
            ));
            let warps = figure_value(&out.figures, "warps-per-block");
            let idle = figure_value(&out.figures, "idle-lanes-per-block");
            match rng.range(0, 2) {
                0 => generated(
                    format!("gen-warps-count-{x}-{y}"),
                    topic,
                    crate::tr!("quiz.gen.warps-count.prompt", x, y),
                    number(warps, t!("quiz.unit.warps")),
                    crate::tr!("quiz.gen.warps-count.explanation", p, warps),
                    link,
                    if p.is_multiple_of(32) {
                        vec![]
                    } else {
                        vec![myth((p / 32) as f64, t!("quiz.gen.warps-count.myth"))]
                    },
                ),
                1 => generated(
                    format!("gen-warps-idle-{x}-{y}"),
                    topic,
                    crate::tr!("quiz.gen.warps-idle.prompt", x, y),
                    number(idle, t!("quiz.unit.lanes")),
                    format!("32 × {warps} − {p} = {idle}."),
                    link,
                    if idle == 0.0 {
                        vec![]
                    } else {
                        vec![myth(32.0 - idle, t!("quiz.gen.warps-idle.myth"))]
                    },
                ),
                _ => {
                    let i = rng.range(0, p - 1);
                    let link = format!("panel=warps&block={x},{y}&thread={i}");
                    generated(
                        format!("gen-warps-thread-{x}-{y}-{i}"),
                        topic,
                        crate::tr!("quiz.gen.warps-thread.prompt", x, y, i),
                        number((i / 32) as f64, ""),
                        format!("⌊{i}/32⌋ = {}.", i / 32),
                        link,
                        if i.is_multiple_of(32) {
                            vec![]
                        } else {
                            vec![myth((i / 32 + 1) as f64, t!("quiz.gen.warps-thread.myth"))]
                        },
                    )
                }
            }
        }
        Topic::Divergence => {
            let k = rng.range(2, 4);
            let paths: Vec<u64> = (0..k).map(|_| rng.range(2, 40)).collect();
            let mut lanes: Vec<u64> = vec![1; usize::try_from(k).unwrap_or(2)];
            for _ in 0..(32 - k) {
                let i = usize::try_from(rng.range(0, k - 1)).unwrap_or(0);
                lanes[i] += 1;
            }
            let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
            let link = format!(
                "panel=divergence&paths={}&lanes={}",
                join(&paths),
                join(&lanes)
            );
            let sum: u64 = paths.iter().sum();
            let max = *paths.iter().max().unwrap_or(&1);
            let desc = paths
                .iter()
                .zip(&lanes)
                .map(|(t, l)| crate::tr!("quiz.gen.div.path", cycles = t, lanes = l))
                .collect::<Vec<_>>()
                .join(", ");
            if rng.range(0, 1) == 0 {
                let mut myths = vec![myth(max as f64, t!("quiz.gen.div-cycles.myth-ideal"))];
                if k == 2 {
                    let (few, many) = if lanes[0] <= lanes[1] { (0, 1) } else { (1, 0) };
                    let naive = paths[many] as f64 + paths[few] as f64 * lanes[few] as f64 / 32.0;
                    myths.push(myth(naive, t!("quiz.gen.div-cycles.myth-amortise")));
                }
                generated(
                    format!("gen-div-cycles-{}-{}", join(&paths), join(&lanes)),
                    topic,
                    crate::tr!("quiz.gen.div-cycles.prompt", desc),
                    number(sum as f64, t!("quiz.unit.cycles")),
                    crate::tr!("quiz.gen.div-cycles.explanation", sum),
                    link,
                    myths,
                )
            } else {
                #[allow(clippy::cast_precision_loss)]
                let eff = max as f64 / sum as f64;
                let biggest = *lanes.iter().max().unwrap_or(&16);
                generated(
                    format!("gen-div-eff-{}-{}", join(&paths), join(&lanes)),
                    topic,
                    crate::tr!("quiz.gen.div-eff.prompt", desc),
                    fraction(eff),
                    format!("{max}/{sum} = {}.", format_decimal(eff)),
                    link,
                    vec![myth(biggest as f64 / 32.0, t!("quiz.gen.div-eff.myth"))],
                )
            }
        }
        Topic::Latency => {
            let s = rng.pick(&[1u64, 2, 4]);
            let l = rng.range(2, 16) * 50;
            let w = rng.range(1, 40);
            let needed = (s * l).div_ceil(w);
            let link = format!("panel=latency&S={s}&L={l}&W={w}");
            if rng.range(0, 1) == 0 {
                generated(
                    format!("gen-lat-needed-{s}-{l}-{w}"),
                    topic,
                    crate::tr!("quiz.gen.lat-needed.prompt", s, l, w),
                    number(needed as f64, t!("quiz.unit.warps")),
                    format!("⌈{s}·{l}/{w}⌉ = {needed}."),
                    link,
                    if s > 1 {
                        vec![myth(l.div_ceil(w) as f64, t!("quiz.gen.lat-needed.myth"))]
                    } else {
                        vec![]
                    },
                )
            } else {
                generated(
                    format!("gen-lat-hidden-{s}-{l}-{w}"),
                    topic,
                    crate::tr!("quiz.gen.lat-hidden.prompt", s, l, w),
                    Kind::YesNo(needed <= 64),
                    crate::tr!(
                        "quiz.gen.lat-hidden.explanation",
                        needed,
                        cmp = if needed <= 64 { "≤" } else { ">" }
                    ),
                    link,
                    vec![],
                )
            }
        }
        Topic::Coalescing => {
            let elem = rng.pick(&[4u64, 8]);
            let stride = rng.pick(&[1u64, 2, 4, 8, 16, 32]);
            let link = format!("panel=coalescing&elem={elem}&stride={stride}");
            let out = coalescing_panel::evaluate(&CoalescingInput::from_query(
                &Query::parse(&link),
                &CoalescingInput::default(),
            ));
            let tx = figure_value(&out.figures, "transactions");
            let eta = out.access.map_or(0.0, |a| a.efficiency());
            if rng.range(0, 1) == 0 {
                generated(
                    format!("gen-co-tx-{elem}-{stride}"),
                    topic,
                    crate::tr!("quiz.gen.co-tx.prompt", elem, stride),
                    number(tx, t!("quiz.unit.transactions")),
                    crate::tr!("quiz.gen.co-tx.explanation", tx),
                    link,
                    vec![],
                )
            } else {
                generated(
                    format!("gen-co-eta-{elem}-{stride}"),
                    topic,
                    crate::tr!("quiz.gen.co-eta.prompt", elem, stride),
                    fraction(eta),
                    crate::tr!(
                        "quiz.gen.co-eta.explanation",
                        useful = 32 * elem,
                        moved = tx * 128.0,
                        eta = format_decimal(eta)
                    ),
                    link,
                    vec![],
                )
            }
        }
    }
}

/// Most questions in one quiz.
pub const MAX_COUNT: u64 = 50;

/// The quiz for `topic` (`None` = all), `seed` and `count`: about a third from the seeds' bank,
/// the rest generated. The same arguments always give the same questions.
#[must_use]
pub fn build(topic: Option<Topic>, seed: u64, count: u64) -> Vec<Question> {
    let count = count.clamp(1, MAX_COUNT);
    let mut rng = Rng::new(seed);
    let mut bank: Vec<Question> = seed_bank()
        .into_iter()
        .filter(|q| topic.is_none_or(|t| q.topic == t))
        .collect();
    // Fisher–Yates with our own generator.
    for i in (1..bank.len()).rev() {
        let j = usize::try_from(rng.range(0, i as u64)).unwrap_or(0);
        bank.swap(i, j);
    }
    let from_bank = usize::try_from(count.div_ceil(3))
        .unwrap_or(1)
        .min(bank.len());
    let mut quiz: Vec<Question> = bank.into_iter().take(from_bank).collect();
    quiz.iter_mut().for_each(solve);
    let topics: Vec<Topic> = topic.map_or(Topic::ALL.to_vec(), |t| vec![t]);
    let mut attempts = 0;
    while quiz.len() < usize::try_from(count).unwrap_or(1) && attempts < 500 {
        attempts += 1;
        let t = rng.pick(&topics);
        let q = generate(t, &mut rng);
        if !quiz.iter().any(|x| x.qid == q.qid) {
            quiz.push(q);
        }
    }
    quiz
}

fn gift_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '~' | '=' | '#' | '{' | '}' | ':') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The quiz as Moodle GIFT: numerical questions with their tolerance, choices, true/false.
#[must_use]
pub fn to_gift(questions: &[Question], title: &str) -> String {
    let mut out = format!(
        "// {title}\n// {}\n\n",
        crate::tr!("quiz.gift.exported", tolerance = FRACTION_TOLERANCE)
    );
    for q in questions {
        let body = match &q.kind {
            Kind::Number {
                value, tolerance, ..
            } => {
                format!(
                    "{{#{}:{}}}",
                    format_decimal(*value),
                    format_decimal(*tolerance)
                )
            }
            Kind::Choice { options, correct } => {
                let opts: Vec<String> = options
                    .iter()
                    .enumerate()
                    .map(|(i, o)| {
                        format!(
                            "{}{}",
                            if i == *correct { "=" } else { "~" },
                            gift_escape(o)
                        )
                    })
                    .collect();
                format!("{{{}}}", opts.join(" "))
            }
            Kind::YesNo(b) => format!("{{{}}}", if *b { "TRUE" } else { "FALSE" }),
        };
        out.push_str(&format!(
            "::{}::{} {body}\n\n",
            gift_escape(&q.qid),
            gift_escape(&q.prompt)
        ));
    }
    out
}

#[cfg(test)]
mod tests;

pub mod panel;
pub mod progress;

pub use panel::{QuizParams, DEFAULT_COUNT};

/// How far a forecast was from a figure, in words ("Predict, then reveal" in every panel).
#[must_use]
pub fn forecast_feedback(guess: &str, figure: &Figure) -> String {
    let answer = figure.value.plain();
    let shown = format!("{} {}", figure.value.human(), figure.unit)
        .trim()
        .to_string();
    match (&figure.value, answer.parse::<f64>()) {
        (crate::figure::Value::Bool(b), _) => {
            let g = yes_no(guess) == Some(true);
            if g == *b {
                crate::tr!("quiz.forecast.said-right", guess = guess.trim())
            } else {
                crate::tr!("quiz.forecast.said-wrong", guess = guess.trim(), shown)
            }
        }
        (_, Ok(v)) => match parse_number(guess) {
            None => crate::tr!(
                "quiz.forecast.not-a-number",
                shown,
                guess = guess.chars().take(24).collect::<String>()
            ),
            Some(g) if (g - v).abs() <= 1e-9 * v.abs().max(1.0) => {
                crate::tr!("quiz.forecast.exact", guess = format_decimal(g))
            }
            Some(g) => {
                let off = (g - v).abs();
                if v == 0.0 {
                    crate::tr!(
                        "quiz.forecast.off",
                        guess = format_decimal(g),
                        shown,
                        off = format_decimal(off)
                    )
                } else {
                    let share = crate::figure::Value::Frac {
                        value: off / v.abs(),
                        percent: true,
                    }
                    .human();
                    crate::tr!(
                        "quiz.forecast.off-share",
                        guess = format_decimal(g),
                        shown,
                        off = format_decimal(off),
                        share
                    )
                }
            }
        },
        _ => crate::tr!("quiz.forecast.answer", shown),
    }
}
