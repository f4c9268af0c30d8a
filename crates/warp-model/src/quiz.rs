//! Self-test quizzes: every Recall card and Quick self-test item of the three seeds, generated
//! questions for every panel (seeded, so one link is one quiz), grading that accepts 0.571,
//! 57.1 % or 4/7, feedback that names known misconceptions, and Moodle GIFT export.
//!
//! A generated question's solution is the panel's own worked steps for that very scenario, and
//! its link opens the panel on it.

use crate::coalescing_panel::{self, CoalescingInput};
use crate::divergence_panel::{self, DivergenceInput};
use crate::figure::{format_decimal, Figure};
use crate::latency_panel::{self, LatencyInput};
use crate::query::{Panel, Query};
use crate::warps_panel::{self, WarpsInput};
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
    pub fn name(self) -> &'static str {
        match self {
            Topic::Warps => "warps",
            Topic::Divergence => "divergence",
            Topic::Latency => "latency",
            Topic::Coalescing => "coalescing",
        }
    }

    /// The panel it quizzes.
    #[must_use]
    pub fn panel(self) -> Panel {
        match self {
            Topic::Warps => Panel::Warps,
            Topic::Divergence => Panel::Divergence,
            Topic::Latency => Panel::Latency,
            Topic::Coalescing => Panel::Coalescing,
        }
    }

    /// The topic named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Topic> {
        Topic::ALL.into_iter().find(|t| t.name() == s)
    }
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
        /// Unit shown beside the input.
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
    /// The right answer as text.
    #[must_use]
    pub fn answer_text(&self) -> String {
        match &self.kind {
            Kind::Number { value, unit, .. } => format!("{} {unit}", format_decimal(*value))
                .trim()
                .to_string(),
            Kind::Choice { options, correct } => options.get(*correct).cloned().unwrap_or_default(),
            Kind::YesNo(b) => if *b { "yes" } else { "no" }.to_string(),
        }
    }

    /// Grades a raw answer (a number, an option index, or yes/no).
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
            Kind::YesNo(_) => match raw.trim().to_ascii_lowercase().as_str() {
                "yes" | "true" | "y" | "1" => Some(1.0),
                "no" | "false" | "n" | "0" => Some(0.0),
                _ => None,
            },
        };
        let Some(g) = given else {
            return Grade {
                correct: false,
                feedback: match self.kind {
                    Kind::Number { .. } => format!(
                        "I could not read “{}” as a number: write it like 0.571, 57.1% or 4/7.",
                        raw.chars().take(24).collect::<String>()
                    ),
                    _ => "Choose one of the options.".to_string(),
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
                feedback: format!("Right: {}", self.explanation),
            };
        }
        let named = self
            .misconceptions
            .iter()
            .find(|m| (m.answer - g).abs() <= tolerance + 1e-9);
        Grade {
            correct: false,
            feedback: match named {
                Some(m) => format!(
                    "Not quite: {} The answer is {}. {}",
                    m.feedback,
                    self.answer_text(),
                    self.explanation
                ),
                None => format!(
                    "Not quite: the answer is {}. {}",
                    self.answer_text(),
                    self.explanation
                ),
            },
        }
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
    let q = Query::parse(query);
    match topic {
        Topic::Warps => {
            warps_panel::evaluate(&WarpsInput::from_query(&q, &WarpsInput::default())).worked
        }
        Topic::Divergence => {
            divergence_panel::evaluate(&DivergenceInput::from_query(
                &q,
                &DivergenceInput::default(),
            ))
            .worked
        }
        Topic::Latency => {
            latency_panel::evaluate(&LatencyInput::from_query(&q, &LatencyInput::default())).worked
        }
        Topic::Coalescing => {
            coalescing_panel::evaluate(&CoalescingInput::from_query(
                &q,
                &CoalescingInput::default(),
            ))
            .worked
        }
    }
}

/// Every Recall card and Quick self-test item of the three seeds.
#[must_use]
pub fn seed_bank() -> Vec<Question> {
    use Topic::{Coalescing, Divergence, Latency, Warps};
    vec![
        // Seed 000 — recall.
        seed_q("s000-recall-warp-size", Warps, "seed 000, Recall: three quantities", "How many threads are in a warp on NVIDIA hardware?", number(32.0, "threads"), "A warp is a fixed bundle of 32 threads sharing one instruction fetch.", None, vec![]),
        seed_q("s000-recall-linear", Warps, "seed 000, Recall: three quantities", "When a 3D thread coordinate (x, y, z) is flattened to a linear index, which coordinate runs fastest?", choice(&["x", "y", "z"], 0), "x runs fastest: linear = x + y·Dx + z·Dx·Dy.", Some("panel=warps&block=8,4,3&thread=70"), vec![]),
        seed_q("s000-recall-warp-id", Warps, "seed 000, Recall: three quantities", "Which warp runs linear thread 70?", number(2.0, ""), "The warp ID is the linear index divided by 32, rounded down: ⌊70/32⌋ = 2.", Some("panel=warps&block=8,4,3&thread=70"), vec![myth(3.0, "you rounded up; the warp ID rounds down (threads 64–95 are warp 2).")]),
        seed_q("s000-recall-rounding", Warps, "seed 000, Recall: the rounding rule", "For P = 100 threads, ⌊(P − 1)/32⌋ + 1 equals which of these?", choice(&["⌈P/32⌉ = 4", "⌊P/32⌋ = 3", "P/32 = 3.125"], 0), "Floor of the last index plus one equals the ceiling of the total, for every positive P.", Some("panel=warps&block=100"), vec![]),
        // Seed 000 — quick self-test.
        seed_q("s000-self-72-warps", Warps, "seed 000, Quick self-test", "A (72, 1, 1) block: how many warps?", number(3.0, "warps"), "⌈72/32⌉ = 3 warps.", Some("panel=warps&block=72"), vec![myth(2.0, "you rounded down: the 8 leftover threads still need a whole warp.")]),
        seed_q("s000-self-72-idle", Warps, "seed 000, Quick self-test", "A (72, 1, 1) block: how many lanes are wasted?", number(24.0, "lanes"), "The tail warp has 72 − 64 = 8 active lanes, so 24 are wasted.", Some("panel=warps&block=72"), vec![myth(8.0, "8 is the active lanes of the tail warp, not the wasted ones.")]),
        seed_q("s000-self-843-warps", Warps, "seed 000, Quick self-test", "An (8, 4, 3) block: how many warps?", number(3.0, "warps"), "⌈96/32⌉ = 3 warps, one per z-slice since each slice is exactly 32 threads.", Some("panel=warps&block=8,4,3"), vec![]),
        seed_q("s000-self-latency", Latency, "seed 000, Quick self-test", "L = 300, W = 15: how many warps are needed to hide the latency?", number(20.0, "warps"), "⌈300/15⌉ = 20 warps.", Some("panel=latency&L=300&W=15"), vec![]),
        seed_q("s000-self-slowdown", Divergence, "seed 000, Quick self-test", "16 lanes take the if (cost 40), 16 the else (cost 40). What is the slowdown?", Kind::Number { value: 2.0, tolerance: 0.0, unit: "×" }, "(40 + 40)/40 = 2×.", Some("panel=divergence&paths=40,40&lanes=16,16"), vec![myth(1.0, "the two sides do not overlap: the warp runs them one after the other.")]),
        // Seed 003 — recall.
        seed_q("s003-recall-ideal", Divergence, "seed 003, Recall: the two numbers", "A warp's paths cost T1 … Tk. With no divergence, what is the time?", choice(&["max(T1, …, Tk)", "T1 + … + Tk", "(T1 + … + Tk)/k"], 0), "Ideal time = max: all paths overlap and the slowest sets the pace.", None, vec![]),
        seed_q("s003-recall-diverged", Divergence, "seed 003, Recall: the two numbers", "A warp's paths cost T1 … Tk and its lanes disagree. What is the diverged time?", choice(&["max(T1, …, Tk)", "T1 + … + Tk", "(T1 + … + Tk)/32"], 1), "Diverged time = the sum: paths run one after another.", None, vec![]),
        // Seed 003 — quick self-test.
        seed_q("s003-self-5-5-time", Divergence, "seed 003, Quick self-test", "Two paths of 5 and 5 cycles, half–half. Diverged time?", number(10.0, "cycles"), "5 + 5 = 10 cycles.", Some("panel=divergence&paths=5,5&lanes=16,16"), vec![myth(5.0, "that is the ideal time: the two halves run one after the other.")]),
        seed_q("s003-self-5-5-eff", Divergence, "seed 003, Quick self-test", "Two paths, 5 and 5 cycles, taken half–half: what is the efficiency?", fraction(0.5), "max/Σ = 5/10 = 50%.", Some("panel=divergence&paths=5,5&lanes=16,16"), vec![]),
        seed_q("s003-self-90-10", Divergence, "seed 003, Quick self-test", "One thread takes a 90-cycle path, 31 a 10-cycle path. What does the warp pay?", number(100.0, "cycles"), "90 + 10 = 100 cycles: not amortised.", Some("panel=divergence&paths=90,10&lanes=1,31"), vec![myth(10.0 + 90.0 / 32.0, "that is the amortisation myth: the lane count never divides a path's cost.")]),
        seed_q("s003-self-uniform", Divergence, "seed 003, Quick self-test", "All 32 threads take the same 8-cycle path. Efficiency?", fraction(1.0), "8/8 = 100% (k = 1).", Some("panel=divergence&paths=8&lanes=32"), vec![]),
        seed_q("s003-self-worst", Divergence, "seed 003, Quick self-test", "Worst-case efficiency of a 32-thread warp with equal paths?", fraction(1.0 / 32.0), "1/32 ≈ 3.125%: every thread on its own path.", None, vec![]),
        seed_q("s003-self-loop", Divergence, "seed 003, Quick self-test", "A loop with Σ counts = 240 and max = 20: lane utilization?", fraction(0.375), "240/(32·20) = 37.5%.", Some("panel=divergence&counts=20,3,3,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,9,9,9,9,10"), vec![myth(12.0, "12 is 240/20: divide by 32 · max, the lane-iterations the warp could have done.")]),
        seed_q("s003-ex2-myth", Divergence, "seed 003, Ex 2", "One thread takes a 100-cycle path, the other 31 a 50-cycle path. How many cycles does the warp take?", number(150.0, "cycles"), "100 + 50 = 150 cycles.", Some("panel=divergence&paths=100,50&lanes=1,31"), vec![myth(53.125, "50 + 100/32 is the amortisation myth: the warp walks the 100-cycle path in full, 31 lanes masked.")]),
        // Seed 004 — recall, one line per cell.
        seed_q("s004-recall-ragged", Warps, "seed 004, Recall: ragged tail", "A ragged tail warp with 8 working threads: how many lane slots does it occupy?", number(32.0, "lanes"), "A warp is atomic: 32 lanes issue together; the guard masks the extra ones.", Some("panel=warps&block=256&n=1000"), vec![myth(8.0, "idle lanes are masked, not skipped: the warp still takes all 32 slots.")]),
        seed_q("s004-recall-n0", Warps, "seed 004, Recall: N = 0 or negative", "N = −3 with B = 256: how many blocks launch?", number(0.0, "blocks"), "⌈N/B⌉ = 0 blocks and the guard i < N is never true: nothing runs.", Some("panel=warps&block=256&n=0"), vec![myth(1.0, "⌈−3/256⌉ is 0, not 1: a negative count launches nothing.")]),
        seed_q("s004-recall-eta", Coalescing, "seed 004, Recall: case E", "Stride-32 float reads (A[i*32]) with 128-byte transactions: η?", fraction(1.0 / 32.0), "128 useful bytes over 32 × 128 moved: 3.125%.", Some("panel=coalescing&stride=32"), vec![myth(0.5, "not half: every lane lands in its own 128-byte line.")]),
        seed_q("s004-recall-split-cycles", Divergence, "seed 004, Recall: two-way split", "heavy_path() 20 cycles on even lanes, light_path() 8 on odd: how many cycles?", number(28.0, "cycles"), "Paths serialize: 20 + 8 = 28.", Some("panel=divergence&paths=20,8&lanes=16,16"), vec![myth(20.0, "max(20, 8) is the ideal time; diverged paths add.")]),
        seed_q("s004-recall-split-util", Divergence, "seed 004, Recall: two-way split", "heavy_path() costs 20 cycles on even lanes, light_path() 8 on odd lanes: what is the lane utilisation?", fraction(0.5), "448 useful of 896 lane-cycles: 50%.", Some("panel=divergence&paths=20,8&lanes=16,16"), vec![]),
        seed_q("s004-recall-latency", Latency, "seed 004, Recall: latency hiding", "S = 4, L = 200, C = 10, a 64-warp cap: is the latency hidden?", Kind::YesNo(false), "S·L/C = 80 > 64: it fails at the cap.", Some("panel=latency&S=4&L=200&W=10"), vec![]),
        seed_q("s004-recall-regs", Latency, "seed 004, Recall: register ceiling", "40 registers a thread on a 65,536-register SM: how many threads stay resident?", number(1638.0, "threads"), "⌊65536/40⌋ = 1638.", Some("panel=latency&regs=40"), vec![myth(2048.0, "2048 needs ≤ 32 registers a thread; at 40 only ⌊65536/40⌋ fit.")]),
        seed_q("s004-recall-quarter", Latency, "seed 004, Recall: the quarter-cycle trap", "128 cores, 32-thread warps: how many cycles does one warp instruction take at least?", number(1.0, "cycle"), "At least 1 cycle; 128 cores give 4 warp instructions a cycle of throughput.", Some("panel=latency&cores=128"), vec![myth(0.25, "that is the ¼-cycle trap: cores add throughput, not lower latency.")]),
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
                    format!("A ({x}, {y}, 1) block: how many warps?"),
                    number(warps, "warps"),
                    format!("P = {p} threads; ⌈{p}/32⌉ = {warps}."),
                    link,
                    if p.is_multiple_of(32) {
                        vec![]
                    } else {
                        vec![myth(
                            (p / 32) as f64,
                            "you rounded down: the leftover threads still need a whole warp.",
                        )]
                    },
                ),
                1 => generated(
                    format!("gen-warps-idle-{x}-{y}"),
                    topic,
                    format!("A ({x}, {y}, 1) block: how many lanes of its warps hold no thread?"),
                    number(idle, "lanes"),
                    format!("32 × {warps} − {p} = {idle}."),
                    link,
                    if idle == 0.0 {
                        vec![]
                    } else {
                        vec![myth(
                            32.0 - idle,
                            "that is the tail warp's active lanes, not its idle ones.",
                        )]
                    },
                ),
                _ => {
                    let i = rng.range(0, p - 1);
                    let link = format!("panel=warps&block={x},{y}&thread={i}");
                    generated(
                        format!("gen-warps-thread-{x}-{y}-{i}"),
                        topic,
                        format!("In a ({x}, {y}, 1) block, which warp runs linear thread {i}?"),
                        number((i / 32) as f64, ""),
                        format!("⌊{i}/32⌋ = {}.", i / 32),
                        link,
                        if i.is_multiple_of(32) {
                            vec![]
                        } else {
                            vec![myth(
                                (i / 32 + 1) as f64,
                                "you rounded up; warp IDs round down.",
                            )]
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
                .map(|(t, l)| format!("{t} cycles ({l} lanes)"))
                .collect::<Vec<_>>()
                .join(", ");
            if rng.range(0, 1) == 0 {
                let mut myths = vec![myth(max as f64, "that is the ideal time (max): diverged paths run one after another, so they add.")];
                if k == 2 {
                    let (few, many) = if lanes[0] <= lanes[1] { (0, 1) } else { (1, 0) };
                    let naive = paths[many] as f64 + paths[few] as f64 * lanes[few] as f64 / 32.0;
                    myths.push(myth(naive, "that is the amortisation myth: the lane count never divides a path's cost."));
                }
                generated(
                    format!("gen-div-cycles-{}-{}", join(&paths), join(&lanes)),
                    topic,
                    format!(
                        "A warp's branch has paths of {desc}. How many cycles does the warp take?"
                    ),
                    number(sum as f64, "cycles"),
                    format!("The taken paths add: {}.", sum),
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
                    format!("A warp's branch has paths of {desc}. What is its efficiency (max/Σ)?"),
                    fraction(eff),
                    format!("{max}/{sum} = {}.", format_decimal(eff)),
                    link,
                    vec![myth(biggest as f64 / 32.0, "efficiency is not the share of lanes on one side: it is ideal time over diverged time.")],
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
                    format!("S = {s} schedulers, L = {l} cycles, W = {w} independent instructions, T = 1: how many warps hide the stall?"),
                    number(needed as f64, "warps"),
                    format!("⌈{s}·{l}/{w}⌉ = {needed}."),
                    link,
                    if s > 1 { vec![myth(l.div_ceil(w) as f64, "you left out the schedulers: each of the S schedulers needs its own warps.")] } else { vec![] },
                )
            } else {
                generated(
                    format!("gen-lat-hidden-{s}-{l}-{w}"),
                    topic,
                    format!("S = {s}, L = {l}, W = {w}, a 64-warp cap: is the stall hidden?"),
                    Kind::YesNo(needed <= 64),
                    format!(
                        "{needed} warps needed {} 64.",
                        if needed <= 64 { "≤" } else { ">" }
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
                    format!("32 lanes read {elem}-byte elements, {stride} element(s) apart, from an aligned base. How many 128-byte transactions?"),
                    number(tx, "transactions"),
                    format!("The lanes touch {tx} distinct 128-byte segments."),
                    link,
                    vec![],
                )
            } else {
                generated(
                    format!("gen-co-eta-{elem}-{stride}"),
                    topic,
                    format!("32 lanes read {elem}-byte elements, {stride} element(s) apart, in 128-byte transactions. What is η?"),
                    fraction(eta),
                    format!("{} useful bytes over {} moved: {}.", 32 * elem, tx * 128.0, format_decimal(eta)),
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
        "// {title}\n// Exported from Warp Lab. Fractions accept ±{FRACTION_TOLERANCE}.\n\n"
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

/// The quiz a URL asks for: `topic` (`None` = all), `seed` (`None` = pick one), `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuizParams {
    /// The topic, or all.
    pub topic: Option<Topic>,
    /// The seed, when given.
    pub seed: Option<u64>,
    /// Questions.
    pub count: u64,
}

/// Default number of questions.
pub const DEFAULT_COUNT: u64 = 8;

impl QuizParams {
    /// Reads `topic`, `seed` and `count`; bad values fall back to defaults and are reported.
    #[must_use]
    pub fn from_query(q: &Query) -> (QuizParams, Vec<crate::params::ParamError>) {
        use crate::params::{parse_in_range, quote, ParamError};
        let mut errors = Vec::new();
        let topic = match q.get("topic").map(str::trim) {
            None | Some("all" | "") => None,
            Some(t) => Topic::parse(t).or_else(|| {
                errors.push(ParamError::new(
                    "topic",
                    format!("topic = {} is not allowed: choose warps, divergence, latency, coalescing or all.", quote(t)),
                ));
                None
            }),
        };
        let seed = q.get("seed").and_then(|s| {
            parse_in_range("seed", s, 0, u64::MAX, "")
                .map_err(|e| errors.push(e))
                .ok()
        });
        let count = q
            .get("count")
            .map_or(Some(DEFAULT_COUNT), |c| {
                parse_in_range("count", c, 1, MAX_COUNT, "")
                    .map_err(|e| errors.push(e))
                    .ok()
            })
            .unwrap_or(DEFAULT_COUNT);
        (QuizParams { topic, seed, count }, errors)
    }

    /// The key a quiz in progress is stored under.
    #[must_use]
    pub fn key(&self, seed: u64) -> String {
        format!(
            "{}/{seed}/{}",
            self.topic.map_or("all", Topic::name),
            self.count
        )
    }
}

/// How far a forecast was from a figure, in words ("Predict, then reveal" in every panel).
#[must_use]
pub fn forecast_feedback(guess: &str, figure: &Figure) -> String {
    let answer = figure.value.plain();
    let shown = format!("{} {}", figure.value.human(), figure.unit)
        .trim()
        .to_string();
    match (&figure.value, answer.parse::<f64>()) {
        (crate::figure::Value::Bool(b), _) => {
            let g = matches!(
                guess.trim().to_ascii_lowercase().as_str(),
                "yes" | "y" | "true" | "1"
            );
            if g == *b {
                format!("You said {}: right.", guess.trim())
            } else {
                format!("You said {}; the answer is {shown}.", guess.trim())
            }
        }
        (_, Ok(v)) => match parse_number(guess) {
            None => format!(
                "The answer is {shown}. (Your guess “{}” is not a number.)",
                guess.chars().take(24).collect::<String>()
            ),
            Some(g) if (g - v).abs() <= 1e-9 * v.abs().max(1.0) => {
                format!("You guessed {}: exactly right.", format_decimal(g))
            }
            Some(g) => {
                let off = (g - v).abs();
                let rel = if v == 0.0 {
                    String::new()
                } else {
                    format!(
                        " ({} of the answer)",
                        crate::figure::Value::Frac {
                            value: off / v.abs(),
                            percent: true
                        }
                        .human()
                    )
                };
                format!(
                    "You guessed {}; the answer is {shown}: off by {}{rel}.",
                    format_decimal(g),
                    format_decimal(off)
                )
            }
        },
        _ => format!("The answer is {shown}."),
    }
}
