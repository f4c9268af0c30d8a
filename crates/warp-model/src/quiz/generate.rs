//! Generated questions: a seeded generator per topic whose numbers and solution come from the
//! panel's own model, and `build`, which mixes them with the seeds' cards into one quiz.

use crate::banks::panel::{self as banks_panel, BanksInput, BanksModel};
use crate::banks::worked::phase_why;
use crate::coalescing::panel::{self as coalescing_panel, CoalescingInput, CoalescingModel};
use crate::divergence::panel::DivergenceModel;
use crate::figure::{format_decimal, whole};
use crate::latency::panel::{self as latency_panel, LatencyModel};
#[cfg(test)]
use crate::latency::sm::State;
use crate::mma::fragment::{ElemType, Fragment, Operand, Shape};
use crate::mma::ldmatrix::SWIZZLE_PITCH;
use crate::mma::panel::MmaModel;
use crate::panel::{Inputs, PanelModel};
use crate::query::Query;
use crate::t;
use crate::warps::map::{BLOCK_X, BLOCK_Y};
use crate::warps::panel::{self as warps_panel, WarpsInput, WarpsModel};
use crate::worked::Worked;
use crate::{WARP_SIZE, WARP_SIZE_F64};

use answer::{figure_value, fraction, myth, number};

use super::bank::seed_bank;
use super::question::{AnswerKind, Misconception, Question, Topic};

mod answer;
mod mma;
mod timeline;
#[cfg(test)]
pub(crate) use timeline::Change;

impl Question {
    /// The worked steps of its scenario: the panel's own, for the query of its link (none when
    /// it has no scenario). Worked out when asked for (a quiz shows them after an answer), not
    /// when the quiz is built, so that a quiz page shows its figures sooner.
    #[must_use]
    pub fn solution(&self) -> Vec<Worked> {
        self.link
            .as_deref()
            .map(|l| solution_for(self.topic, l))
            .unwrap_or_default()
    }
}

/// The panel's worked steps for a query (the solution of a question of `topic` whose link is
/// `query`): what the solution worker (`src/solve_worker.rs`) sends the quiz page, which links
/// no panel's worked steps itself (issue 46).
#[must_use]
pub fn solution_for(topic: Topic, query: &str) -> Vec<Worked> {
    fn worked<P: PanelModel>(query: &str) -> Vec<Worked> {
        let input = Inputs::<P>::from_query(&Query::parse(query), &Inputs::default());
        P::worked(&P::evaluate_for_worked(&input)).to_vec()
    }
    match topic {
        Topic::Warps => worked::<WarpsModel>(query),
        Topic::Divergence => worked::<DivergenceModel>(query),
        Topic::Latency => worked::<LatencyModel>(query),
        Topic::Coalescing => worked::<CoalescingModel>(query),
        Topic::Banks => worked::<BanksModel>(query),
        Topic::Mma => worked::<MmaModel>(query),
    }
}

pub use crate::rng::Rng;

fn generated(
    qid: String,
    template: Template,
    prompt: String,
    kind: AnswerKind,
    explanation: String,
    link: String,
    mut misconceptions: Vec<Misconception>,
) -> Question {
    // A "misconception" that happens to equal the right answer for these numbers is no myth.
    if let AnswerKind::Number {
        value, tolerance, ..
    } = kind
    {
        misconceptions.retain(|m| (m.answer - value).abs() > tolerance + 1e-9);
    }
    Question {
        qid,
        template: template.id(),
        topic: template.topic(),
        prompt,
        kind,
        source: None,
        explanation,
        link: Some(link),
        misconceptions,
    }
}

/// A timeline question from its parts (`generate/timeline.rs`, which does not import this
/// file).
fn assemble(template: Template, p: timeline::Parts) -> Question {
    generated(
        p.qid,
        template,
        p.prompt,
        p.kind,
        p.explanation,
        p.link,
        p.myths,
    )
}

/// [`timeline::lat_state`]'s question, for the tests.
#[cfg(test)]
pub(crate) fn lat_state(s: u64, l: u64, w: u64, first: usize, target: State) -> Question {
    assemble(
        Template::LatState,
        timeline::lat_state(s, l, w, first, target),
    )
}

/// [`timeline::lat_double`]'s question, for the tests.
#[cfg(test)]
pub(crate) fn lat_double(s: u64, l: u64, w: u64, first: usize, target: Change) -> Question {
    assemble(
        Template::LatDouble,
        timeline::lat_double(s, l, w, first, target),
    )
}

/// A question template: one generator's kind of question (its numbers vary, its wording and
/// its solution's shape do not). A quiz drawn under [`Draw::Spread`] asks no template twice
/// while another template of its topics is unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Template {
    /// How many warps a block has.
    WarpsCount,
    /// How many lanes of a block's warps are idle.
    WarpsIdle,
    /// Which warp a thread is in.
    WarpsThread,
    /// How many cycles a diverged warp takes.
    DivCycles,
    /// A diverged warp's efficiency.
    DivEff,
    /// How many warps hide a latency.
    LatNeeded,
    /// Whether 64 warps hide a latency.
    LatHidden,
    /// How many transactions a strided load takes.
    CoTx,
    /// A strided load's η.
    CoEta,
    /// How many ways a strided shared-memory read's worst bank conflict is.
    BankWays,
    /// How many wavefronts a strided shared-memory read takes.
    BankWavefronts,
    /// How many ways a padded tile's column read is.
    BankPad,
    /// Which lane holds an element of an `mma` fragment.
    MmaOwner,
    /// How many elements of an `mma` operand one lane holds.
    MmaElements,
    /// How many wavefronts an `ldmatrix.x4` takes.
    MmaLdmatrix,
    /// Which state a latency scenario's warps spend most of their cycles in, on the SM of the
    /// kernel lab's timeline (issue 47; asked under [`Draw::Timeline`] and later).
    LatState,
    /// What happens to a latency scenario's issue utilization when its warps double, on the
    /// kernel lab's SM (issue 47; asked under [`Draw::Doubling`] only).
    LatDouble,
}

impl Template {
    /// Every template, topic by topic. A new topic's templates come at the end: a template's
    /// place here is part of every quiz link that can ask it.
    pub const ALL: [Template; 17] = [
        Template::WarpsCount,
        Template::WarpsIdle,
        Template::WarpsThread,
        Template::DivCycles,
        Template::DivEff,
        Template::LatNeeded,
        Template::LatHidden,
        Template::CoTx,
        Template::CoEta,
        Template::BankWays,
        Template::BankWavefronts,
        Template::BankPad,
        Template::MmaOwner,
        Template::MmaElements,
        Template::MmaLdmatrix,
        Template::LatState,
        Template::LatDouble,
    ];

    /// The templates of `topic`, in the order [`generate`] numbers them (its draw of
    /// `0..len` picks one: this order is part of every [`Draw::First`] quiz link).
    #[must_use]
    pub fn of(topic: Topic) -> &'static [Template] {
        match topic {
            Topic::Warps => &Template::ALL[0..3],
            Topic::Divergence => &Template::ALL[3..5],
            Topic::Latency => &Template::ALL[5..7],
            Topic::Coalescing => &Template::ALL[7..9],
            Topic::Banks => &Template::ALL[9..12],
            Topic::Mma => &Template::ALL[12..15],
        }
    }

    /// The templates of `topic` a quiz drawn under `draw` asks: [`Template::of`]'s, and under
    /// [`Draw::Timeline`] the latency topic's timeline question too (a template added to an
    /// older draw's topic would move the questions of its links).
    #[must_use]
    pub fn under(topic: Topic, draw: Draw) -> &'static [Template] {
        match (topic, draw) {
            (Topic::Latency, Draw::Timeline) => &LATENCY_TIMELINE[..3],
            (Topic::Latency, Draw::Doubling) => &LATENCY_TIMELINE,
            _ => Template::of(topic),
        }
    }

    /// Its topic.
    #[must_use]
    pub fn topic(self) -> Topic {
        match self {
            Template::WarpsCount | Template::WarpsIdle | Template::WarpsThread => Topic::Warps,
            Template::DivCycles | Template::DivEff => Topic::Divergence,
            Template::LatNeeded
            | Template::LatHidden
            | Template::LatState
            | Template::LatDouble => Topic::Latency,
            Template::CoTx | Template::CoEta => Topic::Coalescing,
            Template::BankWays | Template::BankWavefronts | Template::BankPad => Topic::Banks,
            Template::MmaOwner | Template::MmaElements | Template::MmaLdmatrix => Topic::Mma,
        }
    }

    /// Its id: the start of every question id it makes (`gen-warps-count` for
    /// `gen-warps-count-24-3`), and the question's `data-template` on the page.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Template::WarpsCount => "gen-warps-count",
            Template::WarpsIdle => "gen-warps-idle",
            Template::WarpsThread => "gen-warps-thread",
            Template::DivCycles => "gen-div-cycles",
            Template::DivEff => "gen-div-eff",
            Template::LatNeeded => "gen-lat-needed",
            Template::LatHidden => "gen-lat-hidden",
            Template::CoTx => "gen-co-tx",
            Template::CoEta => "gen-co-eta",
            Template::BankWays => "gen-bank-ways",
            Template::BankWavefronts => "gen-bank-wavefronts",
            Template::BankPad => "gen-bank-pad",
            Template::MmaOwner => "gen-mma-owner",
            Template::MmaElements => "gen-mma-elements",
            Template::MmaLdmatrix => "gen-mma-ldmatrix",
            Template::LatState => "gen-lat-state",
            Template::LatDouble => "gen-lat-double",
        }
    }
}

/// The latency topic's templates under [`Draw::Doubling`]; under [`Draw::Timeline`] the first
/// three.
const LATENCY_TIMELINE: [Template; 4] = [
    Template::LatNeeded,
    Template::LatHidden,
    Template::LatState,
    Template::LatDouble,
];

/// A topic's scenario: the numbers a generated question is about, drawn before its template.
enum Scenario {
    Warps {
        x: u64,
        y: u64,
    },
    Divergence {
        paths: Vec<u64>,
        lanes: Vec<u64>,
    },
    Latency {
        s: u64,
        l: u64,
        w: u64,
    },
    Coalescing {
        elem: u64,
        stride: u64,
    },
    /// A strided read of `elem`-byte words, `stride` apart, and a `float tile[32][32 + pad]`
    /// read down a column (each template asks about one of the two).
    Banks {
        elem: u64,
        stride: u64,
        pad: u64,
    },
    /// An `mma` fragment with one element of its matrix (`row`, `col`) and one `lane`, and an
    /// `ldmatrix.x4` from a row-major f16 tile `pitch` halves wide, XOR-swizzled or not (each
    /// template asks about one of them).
    Mma {
        fragment: Fragment,
        row: u64,
        col: u64,
        lane: u64,
        pitch: u64,
        xor: bool,
    },
}

/// Strides a coalescing scenario draws from, in elements (the order is part of every quiz link).
const COALESCING_STRIDES: [u64; 6] = [1, 2, 4, 8, 16, 32];
/// Strides a bank-conflict scenario draws from, in words (the order is part of every quiz link).
const BANK_STRIDES: [u64; 8] = [0, 1, 2, 3, 4, 8, 16, 32];
/// Tile pitches an `ldmatrix` scenario draws from, in halves (the order is part of every quiz
/// link).
const LDMATRIX_PITCHES: [u64; 7] = [16, 32, 64, 72, 80, 128, 136];

/// Draws a scenario for `topic`. The order of the draws is part of every quiz link.
fn scenario(topic: Topic, rng: &mut Rng) -> Scenario {
    match topic {
        Topic::Warps => {
            let x = rng.pick(&[8u64, 12, 16, 20, 24, 30, 40, 48, 50, 72, 96, 100, 200]);
            let y = rng.pick(&[1u64, 1, 2, 3, 4, 5]);
            Scenario::Warps { x, y }
        }
        Topic::Divergence => {
            let k = rng.range(2, 4);
            let paths: Vec<u64> = (0..k).map(|_| rng.range(2, 40)).collect();
            let mut lanes: Vec<u64> = vec![1; usize::try_from(k).unwrap_or(2)];
            for _ in 0..(WARP_SIZE - k) {
                let i = usize::try_from(rng.range(0, k - 1)).unwrap_or(0);
                lanes[i] += 1;
            }
            Scenario::Divergence { paths, lanes }
        }
        Topic::Latency => {
            let s = rng.pick(&[1u64, 2, 4]);
            let l = rng.range(2, 16) * 50;
            let w = rng.range(1, 40);
            Scenario::Latency { s, l, w }
        }
        Topic::Coalescing => {
            let elem = rng.pick(&[4u64, 8]);
            let stride = rng.pick(&COALESCING_STRIDES);
            Scenario::Coalescing { elem, stride }
        }
        Topic::Banks => {
            let elem = rng.pick(&[4u64, 8]);
            let stride = rng.pick(&BANK_STRIDES);
            let pad = rng.pick(&[0u64, 1, 2, 4]);
            Scenario::Banks { elem, stride, pad }
        }
        Topic::Mma => {
            let operand = rng.pick(&[Operand::A, Operand::B, Operand::C]);
            // The pairs the panel offers, the most taught (f16 m16n8k16) twice.
            let (shape, ty) = rng.pick(&[
                (Shape::M16n8k16, ElemType::F16),
                (Shape::M16n8k16, ElemType::F16),
                (Shape::M16n8k16, ElemType::Bf16),
                (Shape::M16n8k8, ElemType::F16),
                (Shape::M16n8k8, ElemType::Bf16),
                (Shape::M16n8k8, ElemType::Tf32),
            ]);
            // Every pair above is one the ISA has, so the fallback is never taken.
            let fragment = Fragment::new(shape, ty, operand).unwrap_or(Fragment {
                shape: Shape::M16n8k16,
                ty: ElemType::F16,
                operand,
            });
            let (rows, cols) = fragment.dims();
            let row = rng.range(0, rows - 1);
            let col = rng.range(0, cols - 1);
            let lane = rng.range(0, 31);
            let pitch = rng.pick(&LDMATRIX_PITCHES);
            // Drawn whatever the pitch, so that every scenario takes as many draws.
            let swizzle = rng.pick(&[false, true]);
            Scenario::Mma {
                fragment,
                row,
                col,
                lane,
                pitch,
                xor: swizzle && pitch.is_multiple_of(SWIZZLE_PITCH),
            }
        }
    }
}

/// One generated question for `topic`: a scenario, then one of the topic's templates.
#[must_use]
pub fn generate(topic: Topic, rng: &mut Rng) -> Question {
    let scene = scenario(topic, rng);
    let templates = Template::of(topic);
    let i = usize::try_from(rng.range(0, templates.len() as u64 - 1)).unwrap_or(0);
    ask(templates[i], scene, rng)
}

/// One generated question of `template`: a scenario of its topic, asked its way.
#[must_use]
pub fn generate_from(template: Template, rng: &mut Rng) -> Question {
    let scene = scenario(template.topic(), rng);
    ask(template, scene, rng)
}

/// The question `template` asks of `scene` (a template of another topic than the scene's asks
/// nothing: callers pass a scene drawn for the template's topic).
fn ask(template: Template, scene: Scenario, rng: &mut Rng) -> Question {
    match scene {
        Scenario::Warps { x, y } => ask_warps(template, x, y, rng),
        Scenario::Divergence { paths, lanes } => ask_divergence(template, &paths, &lanes),
        Scenario::Latency { s, l, w } if template == Template::LatState => {
            assemble(Template::LatState, timeline::ask_lat_state(s, l, w, rng))
        }
        Scenario::Latency { s, l, w } if template == Template::LatDouble => {
            assemble(Template::LatDouble, timeline::ask_lat_double(s, l, w, rng))
        }
        Scenario::Latency { s, l, w } => ask_latency(template, s, l, w),
        Scenario::Coalescing { elem, stride } => ask_coalescing(template, elem, stride),
        Scenario::Banks { elem, stride, pad } => ask_banks(template, elem, stride, pad),
        Scenario::Mma {
            fragment,
            row,
            col,
            lane,
            pitch,
            xor,
        } => match template {
            Template::MmaElements => ask_mma_elements(fragment, lane),
            Template::MmaLdmatrix => ask_mma_ldmatrix(pitch, xor),
            _ => ask_mma_owner(fragment, row, col),
        },
    }
}

/// A warps question about an `x` × `y` block (the thread question draws its thread from `rng`).
fn ask_warps(template: Template, x: u64, y: u64, rng: &mut Rng) -> Question {
    let p = x * y;
    let (xs, ys) = (x.to_string(), y.to_string());
    let link = crate::panel::link::<WarpsModel>(&[(&BLOCK_X, &xs), (&BLOCK_Y, &ys)]);
    let out = warps_panel::figures_only(&WarpsInput::from_query(
        &Query::parse(&link),
        &WarpsInput::default(),
    ));
    let warps = figure_value(&out.figures, "warps-per-block");
    let idle = figure_value(&out.figures, "idle-lanes-per-block");
    match template {
        Template::WarpsIdle => generated(
            format!("gen-warps-idle-{x}-{y}"),
            template,
            crate::tr!("quiz.gen.warps-idle.prompt", x, y),
            number(idle, t!("quiz.unit.lanes")),
            format!("32 × {} − {p} = {}.", whole(warps), whole(idle)),
            link,
            if idle == 0.0 {
                vec![]
            } else {
                vec![myth(WARP_SIZE_F64 - idle, t!("quiz.gen.warps-idle.myth"))]
            },
        ),
        Template::WarpsThread => {
            let i = rng.range(0, p - 1);
            let link = crate::panel::link::<WarpsModel>(&[
                (&BLOCK_X, &xs),
                (&BLOCK_Y, &ys),
                (&warps_panel::THREAD, &i.to_string()),
            ]);
            generated(
                format!("gen-warps-thread-{x}-{y}-{i}"),
                template,
                crate::tr!("quiz.gen.warps-thread.prompt", x, y, i),
                number((i / WARP_SIZE) as f64, ""),
                format!("⌊{i}/32⌋ = {}.", i / WARP_SIZE),
                link,
                if i.is_multiple_of(WARP_SIZE) {
                    vec![]
                } else {
                    vec![myth(
                        (i / WARP_SIZE + 1) as f64,
                        t!("quiz.gen.warps-thread.myth"),
                    )]
                },
            )
        }
        _ => generated(
            format!("gen-warps-count-{x}-{y}"),
            Template::WarpsCount,
            crate::tr!("quiz.gen.warps-count.prompt", x, y),
            number(warps, t!("quiz.unit.warps")),
            crate::tr!("quiz.gen.warps-count.explanation", p, warps = whole(warps)),
            link,
            if p.is_multiple_of(WARP_SIZE) {
                vec![]
            } else {
                vec![myth(
                    (p / WARP_SIZE) as f64,
                    t!("quiz.gen.warps-count.myth"),
                )]
            },
        ),
    }
}

/// A divergence question about a warp whose paths take `paths` cycles with `lanes` lanes each.
fn ask_divergence(template: Template, paths: &[u64], lanes: &[u64]) -> Question {
    let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    let link = format!(
        "panel=divergence&paths={}&lanes={}",
        join(paths),
        join(lanes)
    );
    let sum: u64 = paths.iter().sum();
    let max = *paths.iter().max().unwrap_or(&1);
    let desc = paths
        .iter()
        .zip(lanes)
        .map(|(t, l)| crate::tr!("quiz.gen.div.path", cycles = t, lanes = l))
        .collect::<Vec<_>>()
        .join(", ");
    if template == Template::DivEff {
        let eff = max as f64 / sum as f64;
        let biggest = *lanes.iter().max().unwrap_or(&16);
        generated(
            format!("gen-div-eff-{}-{}", join(paths), join(lanes)),
            template,
            crate::tr!("quiz.gen.div-eff.prompt", desc),
            fraction(eff),
            format!("{max}/{sum} = {}.", format_decimal(eff)),
            link,
            vec![myth(
                biggest as f64 / WARP_SIZE_F64,
                t!("quiz.gen.div-eff.myth"),
            )],
        )
    } else {
        let mut myths = vec![myth(max as f64, t!("quiz.gen.div-cycles.myth-ideal"))];
        if paths.len() == 2 {
            let (few, many) = if lanes[0] <= lanes[1] { (0, 1) } else { (1, 0) };
            let naive = paths[many] as f64 + paths[few] as f64 * lanes[few] as f64 / WARP_SIZE_F64;
            myths.push(myth(naive, t!("quiz.gen.div-cycles.myth-amortise")));
        }
        generated(
            format!("gen-div-cycles-{}-{}", join(paths), join(lanes)),
            Template::DivCycles,
            crate::tr!("quiz.gen.div-cycles.prompt", desc),
            number(sum as f64, t!("quiz.unit.cycles")),
            crate::tr!("quiz.gen.div-cycles.explanation", sum),
            link,
            myths,
        )
    }
}

/// A latency question: `s` schedulers, a stall of `l` cycles, `w` instructions a warp issues.
fn ask_latency(template: Template, s: u64, l: u64, w: u64) -> Question {
    let needed = (s * l).div_ceil(w);
    let link = crate::panel::link::<LatencyModel>(&[
        (&latency_panel::S, &s.to_string()),
        (&latency_panel::L, &l.to_string()),
        (&latency_panel::W, &w.to_string()),
    ]);
    if template == Template::LatHidden {
        generated(
            format!("gen-lat-hidden-{s}-{l}-{w}"),
            template,
            crate::tr!("quiz.gen.lat-hidden.prompt", s, l, w),
            AnswerKind::YesNo(needed <= 64),
            crate::tr!(
                "quiz.gen.lat-hidden.explanation",
                needed,
                cmp = if needed <= 64 { "≤" } else { ">" }
            ),
            link,
            vec![],
        )
    } else {
        generated(
            format!("gen-lat-needed-{s}-{l}-{w}"),
            Template::LatNeeded,
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
    }
}

/// A coalescing question about a warp reading `elem`-byte elements `stride` apart.
fn ask_coalescing(template: Template, elem: u64, stride: u64) -> Question {
    let link = crate::panel::link::<CoalescingModel>(&[
        (&coalescing_panel::ELEM, &elem.to_string()),
        (&coalescing_panel::STRIDE, &stride.to_string()),
    ]);
    let out = coalescing_panel::figures_only(&CoalescingInput::from_query(
        &Query::parse(&link),
        &CoalescingInput::default(),
    ));
    let tx = figure_value(&out.figures, "transactions");
    let eta = out.access.map_or(0.0, |a| a.efficiency());
    if template == Template::CoEta {
        generated(
            format!("gen-co-eta-{elem}-{stride}"),
            template,
            crate::tr!("quiz.gen.co-eta.prompt", elem, stride),
            fraction(eta),
            crate::tr!(
                "quiz.gen.co-eta.explanation",
                useful = WARP_SIZE * elem,
                moved = whole(tx * 128.0),
                eta = format_decimal(eta)
            ),
            link,
            vec![],
        )
    } else {
        generated(
            format!("gen-co-tx-{elem}-{stride}"),
            Template::CoTx,
            crate::tr!("quiz.gen.co-tx.prompt", elem, stride),
            number(tx, t!("quiz.unit.transactions")),
            crate::tr!("quiz.gen.co-tx.explanation", tx = whole(tx)),
            link,
            vec![],
        )
    }
}

/// A bank-conflict question: its numbers are the banks panel's report for the question's link,
/// its explanation the panel's own line for the worst phase.
pub(super) fn ask_banks(template: Template, elem: u64, stride: u64, pad: u64) -> Question {
    let link = if template == Template::BankPad {
        crate::panel::link::<BanksModel>(&[
            (&banks_panel::TILE, "32"),
            (&banks_panel::PAD, &pad.to_string()),
        ])
    } else {
        crate::panel::link::<BanksModel>(&[
            (&banks_panel::ELEM, &elem.to_string()),
            (&banks_panel::STRIDE, &stride.to_string()),
        ])
    };
    let out = banks_panel::figures_only(&BanksInput::from_query(
        &Query::parse(&link),
        &BanksInput::default(),
    ));
    let ways = figure_value(&out.figures, "conflict-ways");
    let wavefronts = figure_value(&out.figures, "wavefronts");
    let why = out
        .report
        .as_ref()
        .and_then(|r| r.worst_phase().map(|p| phase_why(p, r.elem)))
        .unwrap_or_default();
    // Two myths: "stride s is an s-way conflict" (the gcd with 32 is what counts, and 8-byte
    // words go a half-warp at a time), and "every lane on one bank is 32-way" (a broadcast).
    let naive_ways = if stride == 0 {
        WARP_SIZE
    } else {
        stride.min(WARP_SIZE)
    };
    match template {
        Template::BankPad => generated(
            format!("gen-bank-pad-{pad}"),
            template,
            crate::tr!("quiz.gen.bank-pad.prompt", pad),
            number(ways, ""),
            why,
            link,
            vec![myth(1.0, t!("quiz.gen.bank-pad.myth"))],
        ),
        Template::BankWavefronts => {
            let per_phase = out.report.as_ref().map_or(String::new(), |r| {
                r.active_phases()
                    .map(|p| p.wavefronts.to_string())
                    .collect::<Vec<_>>()
                    .join(" + ")
            });
            // 8-byte words: two half-warps, so the naive count forgets a phase first.
            let myths = if elem == 8 {
                vec![myth(ways, t!("quiz.gen.bank-wavefronts.myth-phases"))]
            } else {
                vec![myth(naive_ways as f64, t!("quiz.gen.bank.myth-stride"))]
            };
            generated(
                format!("gen-bank-wavefronts-{elem}-{stride}"),
                template,
                crate::tr!("quiz.gen.bank-wavefronts.prompt", elem, stride),
                number(wavefronts, t!("quiz.unit.wavefronts")),
                format!("{per_phase} = {}. {why}", whole(wavefronts)),
                link,
                myths,
            )
        }
        _ => generated(
            format!("gen-bank-ways-{elem}-{stride}"),
            Template::BankWays,
            crate::tr!("quiz.gen.bank-ways.prompt", elem, stride),
            number(ways, ""),
            why,
            link,
            vec![myth(naive_ways as f64, t!("quiz.gen.bank.myth-stride"))],
        ),
    }
}

/// Who holds `fragment`'s element (`row`, `col`): [`mma::owner`]'s question.
pub(super) fn ask_mma_owner(fragment: Fragment, row: u64, col: u64) -> Question {
    assemble(Template::MmaOwner, mma::owner(fragment, row, col))
}

/// Which elements of `fragment` lane `lane` holds: [`mma::elements`]'s question.
pub(super) fn ask_mma_elements(fragment: Fragment, lane: u64) -> Question {
    assemble(Template::MmaElements, mma::elements(fragment, lane))
}

/// An `ldmatrix`'s wavefronts at row pitch `pitch`: [`mma::ldmatrix`]'s question.
pub(super) fn ask_mma_ldmatrix(pitch: u64, xor: bool) -> Question {
    assemble(Template::MmaLdmatrix, mma::ldmatrix(pitch, xor))
}

/// Most questions in one quiz.
pub const MAX_COUNT: u64 = 50;

/// How a quiz's questions are drawn from its seed. A quiz link names its rules (`draw=`), so
/// that a link keeps its questions when the rules improve: better rules are a new variant, and
/// an old variant's draws never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    /// `draw=1`, and every link with a `seed` and no `draw` (every link made before `draw`
    /// existed): about a third of the questions from the seeds' cards, then each other one a
    /// random topic and one of its templates. A template may come up again and again: seed 42's
    /// quiz of 8 asks "how many warps hide this latency?" three times.
    First,
    /// `draw=2`, the rules of new quizzes until issue 26: no template twice while another
    /// template of the quiz's topics is unused (each seed card is a template of its own).
    Spread,
    /// `draw=3`, the rules of new quizzes from issue 26 until tensor cores joined: as
    /// [`Draw::Spread`], and every topic of the quiz asked at least once when it has room (a
    /// quiz of 8 over the five topics the home page names always asks about bank conflicts;
    /// under `draw=2` one in six did not). `draw=2` links keep their questions.
    Cover,
    /// `draw=4`, the rules of new quizzes from tensor cores' joining until the kernel lab's
    /// timeline: [`Draw::Cover`]'s, with `topic=all` over the six topics (tensor cores too).
    /// Under `draw=2` and `draw=3`, `all` stays the five topics it was, so that their links
    /// keep their questions.
    Tensor,
    /// `draw=5`, the rules of new quizzes from the kernel lab's timeline until its doubling
    /// question (issue 47): [`Draw::Tensor`]'s, with the latency topic's timeline question
    /// among its templates ([`Template::under`]). Under the older rules the latency topic keeps
    /// its two templates, so that their links keep their questions.
    Timeline,
    /// `draw=6`, the rules of every new quiz since the timeline's doubling question (issue 47):
    /// [`Draw::Timeline`]'s, with "what happens when the warps double" among the latency
    /// topic's templates. `draw=5` links keep their questions.
    Doubling,
}

impl Draw {
    /// The rules a quiz without a seed is drawn under.
    pub const LATEST: Draw = Draw::Doubling;

    /// The topics of `topic=all` under these rules. Frozen for each: a draw picks among them,
    /// so a topic added to a draw's set would move every one of its links' questions; a new
    /// topic joins `all` under new rules (a new variant) instead.
    #[must_use]
    pub const fn topics(self) -> &'static [Topic] {
        match self {
            Draw::First => &Topic::FIRST,
            Draw::Spread | Draw::Cover => &[
                Topic::Warps,
                Topic::Divergence,
                Topic::Latency,
                Topic::Coalescing,
                Topic::Banks,
            ],
            Draw::Tensor | Draw::Timeline | Draw::Doubling => &[
                Topic::Warps,
                Topic::Divergence,
                Topic::Latency,
                Topic::Coalescing,
                Topic::Banks,
                Topic::Mma,
            ],
        }
    }

    /// Its number in `draw=`.
    #[must_use]
    pub const fn number(self) -> u64 {
        match self {
            Draw::First => 1,
            Draw::Spread => 2,
            Draw::Cover => 3,
            Draw::Tensor => 4,
            Draw::Timeline => 5,
            Draw::Doubling => 6,
        }
    }

    /// The rules numbered `n`.
    #[must_use]
    pub const fn from_number(n: u64) -> Option<Draw> {
        match n {
            1 => Some(Draw::First),
            2 => Some(Draw::Spread),
            3 => Some(Draw::Cover),
            4 => Some(Draw::Tensor),
            5 => Some(Draw::Timeline),
            6 => Some(Draw::Doubling),
            _ => None,
        }
    }
}

/// Draws a template asks for before it is given up as unable to give a question the quiz does
/// not hold yet (a template's first question never collides: its ids begin with its own id).
const FRESH_TRIES: usize = 20;

/// The quiz for `topic` (`None` = all), `seed` and `count`, drawn under `draw`: about a third
/// from the seeds' bank, the rest generated. The same arguments always give the same questions.
#[must_use]
pub fn build(topic: Option<Topic>, seed: u64, count: u64, draw: Draw) -> Vec<Question> {
    let n = usize::try_from(count.clamp(1, MAX_COUNT)).unwrap_or(1);
    let mut rng = Rng::new(seed);
    let mut bank: Vec<Question> = seed_bank()
        .into_iter()
        .filter(|q| topic.is_none_or(|t| q.topic == t))
        .collect();
    shuffle(&mut bank, &mut rng);
    // `all` is the topics there were when these rules were new: its draws pick among them, so
    // one more would move every old link's questions.
    let topics: Vec<Topic> = topic.map_or(draw.topics().to_vec(), |t| vec![t]);
    match draw {
        Draw::First => first(bank, &topics, n, &mut rng),
        // Every rule since the second spreads, each with its own templates and topics.
        _ => spread(bank, &topics, n, &mut rng, draw),
    }
}

/// Fisher–Yates with our own generator.
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        let j = usize::try_from(rng.range(0, i as u64)).unwrap_or(0);
        items.swap(i, j);
    }
}

/// [`Draw::First`]: frozen, since links made before [`Draw::Spread`] name these questions.
fn first(bank: Vec<Question>, topics: &[Topic], n: usize, rng: &mut Rng) -> Vec<Question> {
    let from_bank = n.div_ceil(3).min(bank.len());
    let mut quiz: Vec<Question> = bank.into_iter().take(from_bank).collect();
    let mut attempts = 0;
    while quiz.len() < n && attempts < 500 {
        attempts += 1;
        let t = rng.pick(topics);
        let q = generate(t, rng);
        if !quiz.iter().any(|x| x.qid == q.qid) {
            quiz.push(q);
        }
    }
    quiz
}

/// [`Draw::Spread`]: the cards first (about a third, more where the generators alone would
/// repeat a template), then the generated questions in rounds: each round asks every template
/// that can still give a new question once, in a random order. So no template comes twice
/// while another is unused, and past that the templates' uses differ by at most one.
///
/// With `cover` ([`Draw::Cover`] and the rules after it), before the rounds every topic the
/// cards left out gets one question from one of its templates (topics in a random order), while
/// the quiz has room; the first round then skips the templates that pass used, so the spread's
/// promise holds.
fn spread(
    bank: Vec<Question>,
    topics: &[Topic],
    n: usize,
    rng: &mut Rng,
    draw: Draw,
) -> Vec<Question> {
    let cover = draw != Draw::Spread;
    let mut live: Vec<Template> = topics
        .iter()
        .flat_map(|t| Template::under(*t, draw))
        .copied()
        .collect();
    let mut from_bank = n.div_ceil(3).min(bank.len());
    if n - from_bank > live.len() {
        // Unused cards are templates too: take them before a generator repeats.
        from_bank = (n - live.len()).min(bank.len());
    }
    let mut quiz: Vec<Question> = bank.into_iter().take(from_bank).collect();
    let mut used: Vec<Template> = Vec::new();
    if cover {
        let mut order = topics.to_vec();
        shuffle(&mut order, rng);
        for topic in order {
            if quiz.len() == n {
                break;
            }
            if quiz.iter().any(|q| q.topic == topic) {
                continue;
            }
            let mut mine: Vec<Template> = live
                .iter()
                .filter(|t| t.topic() == topic)
                .copied()
                .collect();
            shuffle(&mut mine, rng);
            for t in mine {
                let fresh = (0..FRESH_TRIES).find_map(|_| {
                    let q = generate_from(t, rng);
                    (!quiz.iter().any(|x| x.qid == q.qid)).then_some(q)
                });
                if let Some(q) = fresh {
                    quiz.push(q);
                    used.push(t);
                    break;
                }
                live.retain(|x| *x != t);
            }
        }
    }
    while quiz.len() < n && !live.is_empty() {
        let mut round: Vec<Template> = live.iter().filter(|t| !used.contains(t)).copied().collect();
        used.clear();
        if round.is_empty() {
            continue;
        }
        shuffle(&mut round, rng);
        for t in round {
            if quiz.len() == n {
                break;
            }
            let fresh = (0..FRESH_TRIES).find_map(|_| {
                let q = generate_from(t, rng);
                (!quiz.iter().any(|x| x.qid == q.qid)).then_some(q)
            });
            match fresh {
                Some(q) => quiz.push(q),
                None => live.retain(|x| *x != t),
            }
        }
    }
    quiz
}
