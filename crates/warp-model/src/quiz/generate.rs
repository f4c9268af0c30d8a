//! Generated questions: a seeded generator per topic whose numbers and solution come from the
//! panel's own model, and `build`, which mixes them with the seeds' cards into one quiz.

use crate::coalescing::panel::{self as coalescing_panel, CoalescingInput, CoalescingModel};
use crate::divergence::panel::DivergenceModel;
use crate::figure::{format_decimal, Figure};
use crate::latency::panel::LatencyModel;
use crate::panel::{Inputs, PanelModel};
use crate::query::Query;
use crate::t;
use crate::warps::panel::{self as warps_panel, WarpsInput, WarpsModel};
use crate::worked::Worked;

use super::bank::seed_bank;
use super::{Kind, Misconception, Question, Topic, FRACTION_TOLERANCE};

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

fn myth(answer: f64, feedback: &str) -> Misconception {
    Misconception {
        answer,
        feedback: feedback.to_string(),
    }
}

/// The panel's worked steps for a query (the solution of a question that has a scenario).
pub(super) fn solution_for(topic: Topic, query: &str) -> Vec<Worked> {
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

/// `SplitMix64`: a tiny, fully specified generator. Written here rather than taken from a crate
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
