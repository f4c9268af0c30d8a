//! The words around the numbers: the figures, the "why" line of each phase, and the worked
//! steps (Forecast, steps each with its reason, the answer, and a Verify line that recomputes
//! another way).

use super::read::BanksRead;
use super::read::{Swizzle, Walk};
use super::rule::{phase_lanes, words_spanned, BankPhase, BankReport, BANKS, WORD_BYTES};
use crate::figure::{Figure, Value};
use crate::math::{call, ceil, eq, floor, frac, id, joined, num, op, paren, row, sub, times, word};
use crate::worked::{sentence, t, Inline, Step, Worked};

/// The four figures; `conflict-ways` is the key (see the module doc of [`crate::banks`]).
#[must_use]
pub fn figures(r: &BankReport) -> Vec<Figure> {
    vec![
        Figure::new(
            "wavefronts",
            crate::t!("banks.figure.wavefronts"),
            Value::Int(r.wavefronts),
            crate::t!("banks.unit.wavefronts"),
            crate::t!("banks.figure.wavefronts.help"),
        ),
        Figure::new(
            "ideal-wavefronts",
            crate::t!("banks.figure.ideal-wavefronts"),
            Value::Int(r.ideal),
            crate::t!("banks.unit.wavefronts"),
            crate::t!("banks.figure.ideal-wavefronts.help"),
        ),
        Figure::new(
            "bank-conflicts",
            crate::t!("banks.figure.bank-conflicts"),
            Value::Int(r.conflicts),
            crate::t!("banks.unit.wavefronts"),
            crate::t!("banks.figure.bank-conflicts.help"),
        ),
        Figure::new(
            "conflict-ways",
            crate::t!("banks.figure.conflict-ways"),
            Value::Int(r.ways),
            crate::t!("banks.unit.ways"),
            crate::t!("banks.figure.conflict-ways.help"),
        )
        .key(),
    ]
}

/// The phase's name in a sentence: "the warp (lanes 0–31)", "half-warp 1 (lanes 16–31)".
#[must_use]
pub fn phase_name(p: &BankPhase, elem: u64) -> String {
    let (first, last, n) = (p.first_lane, p.last_lane(), p.index);
    match phase_lanes(elem) {
        16 => crate::tr!("banks.phase.half", n, first, last),
        8 => crate::tr!("banks.phase.quarter", n, first, last),
        _ => crate::tr!("banks.phase.warp", first, last),
    }
}

/// Why the phase costs what it costs, in one line: "In the warp (lanes 0–31), bank 0 must
/// deliver 32 different words: 32 wavefronts."
#[must_use]
pub fn phase_why(p: &BankPhase, elem: u64) -> String {
    let phase = phase_name(p, elem);
    let line = match p.worst_bank {
        None => crate::tr!("banks.why.idle", phase),
        Some(bank) if p.wavefronts > 1 => {
            crate::tr!("banks.why.conflict", phase, bank, words = p.wavefronts)
        }
        Some(_) if p.shares_words() => crate::tr!("banks.why.broadcast", phase),
        Some(_) => crate::tr!("banks.why.free", phase),
    };
    // A language that puts the phase first starts the sentence with it: capitalise.
    let mut chars = line.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The phase as the picture draws it.
#[must_use]
pub fn picture(p: &BankPhase, elem: u64) -> PhasePicture {
    PhasePicture {
        index: p.index,
        first_lane: p.first_lane,
        last_lane: p.last_lane(),
        cells: p.touches.iter().map(|t| (t.lane, t.word, t.bank)).collect(),
        bank_words: p.bank_words.clone(),
        wavefronts: p.wavefronts,
        worst_bank: p.worst_bank,
        why: phase_why(p, elem),
        summary: crate::tr!(
            "banks.picture.summary",
            phase = phase_name(p, elem),
            lanes = p.active_lanes().len(),
            words = p.distinct_words(),
            wavefronts = p.wavefronts,
        ),
    }
}

/// "lane 0: …; lane 1: …; …; lane 31: …" for the first two and the last of `lanes`.
fn lane_list(lanes: &[u64], item: impl Fn(u64) -> String) -> String {
    let mut parts: Vec<String> = lanes.iter().take(2).map(|&l| item(l)).collect();
    if lanes.len() > 3 {
        parts.push("…".to_string());
    }
    if let Some(&last) = lanes.last().filter(|_| lanes.len() > 2) {
        parts.push(item(last));
    }
    parts.join("; ")
}

/// The lane-to-lane distance in elements where it is the same for every lane and the
/// placement is plain (no swizzle): the stride, W + pad down a column, 1 along a row.
fn constant_step(read: &BanksRead) -> Option<u64> {
    match read {
        BanksRead::Strided(s) => Some(s.stride),
        BanksRead::Tile(t) if t.swizzle == Swizzle::None => Some(match t.walk {
            Walk::Column => t.pitch(),
            Walk::Row => 1,
        }),
        BanksRead::Tile(_) => None,
    }
}

fn active_lanes(read: &BanksRead) -> u64 {
    match read {
        BanksRead::Strided(s) => s.lanes,
        BanksRead::Tile(t) => t.lanes,
    }
}

/// The closed form of the Verify line: for elements of 4 bytes or more, every phase full and
/// a constant step s > 0 in elements, a phase's n = 128/elem lanes sit in n slots of `elem`
/// bytes around the banks; lanes l and l′ share a slot when (l − l′)·s ≡ 0 (mod n), so each
/// used slot holds gcd(s, n) different elements: ways = gcd(s, n), wavefronts = ideal · ways.
/// `None` where it does not apply.
#[must_use]
pub fn closed_form_ways(read: &BanksRead) -> Option<u64> {
    let elem = read.elem();
    let n = phase_lanes(elem);
    let step = constant_step(read)?;
    (elem >= WORD_BYTES && step > 0 && active_lanes(read).is_multiple_of(n)).then(|| gcd(step, n))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The worked steps for a read and its report.
#[must_use]
pub fn worked(read: &BanksRead, r: &BankReport) -> Worked {
    let elem = r.elem;
    let addresses = read.addresses();
    let lanes: Vec<u64> = (0u64..)
        .zip(&addresses)
        .filter_map(|(l, a)| a.map(|_| l))
        .collect();
    let addr = |l: u64| {
        (0u64..)
            .zip(&addresses)
            .find(|(k, _)| *k == l)
            .and_then(|(_, a)| *a)
            .unwrap_or(0)
    };
    let steps = vec![
        addresses_step(read, &lanes, &addr),
        banks_step(elem, &lanes, &addr),
        phases_step(r),
        busiest_step(r),
        total_step(r),
    ];
    let question = match read {
        BanksRead::Strided(s) => crate::tr!(
            "banks.question.strided",
            lanes = s.lanes,
            elem,
            stride = s.stride,
            offset = s.offset,
        ),
        BanksRead::Tile(t) => {
            let walk = match t.walk {
                Walk::Column => crate::tr!("banks.walk.column", col = t.col),
                Walk::Row => crate::tr!("banks.walk.row", row = t.row),
            };
            let swizzle = match t.swizzle {
                Swizzle::None => String::new(),
                Swizzle::Xor => crate::tr!("banks.walk.xor", width = t.width),
            };
            crate::tr!(
                "banks.question.tile",
                lanes = t.lanes,
                elem,
                width = t.width,
                pad = t.pad,
                walk,
                swizzle,
            )
        }
    };
    Worked {
        question,
        forecast: crate::tr!("banks.forecast"),
        steps,
        answer: crate::tr!(
            "banks.answer",
            wavefronts = r.wavefronts,
            ideal = r.ideal,
            conflicts = r.conflicts,
            ways = r.ways,
        ),
        verify: verify(read, r, &lanes, &addr),
    }
}

fn addresses_step(read: &BanksRead, lanes: &[u64], addr: &dyn Fn(u64) -> u64) -> Step {
    let list = lane_list(lanes, |l| {
        crate::tr!("banks.step.addresses.lane", lane = l, address = addr(l))
    });
    let mut body = Vec::new();
    let why = match read {
        BanksRead::Strided(s) => {
            body.push(crate::worked::m(eq(vec![
                id("a(l)"),
                row(vec![
                    id("offset"),
                    op("+"),
                    id("l"),
                    op("·"),
                    id("stride"),
                    op("·"),
                    id("elem"),
                ]),
                row(vec![
                    num(s.offset),
                    op("+"),
                    id("l"),
                    op("·"),
                    num(s.stride * s.elem),
                ]),
            ])));
            body.push(t(format!(": {list}.")));
            crate::tr!("banks.step.addresses.why")
        }
        BanksRead::Tile(tile) => {
            let formula = eq(vec![
                id("a"),
                times(
                    paren(row(vec![
                        id("r"),
                        op("·"),
                        paren(row(vec![id("W"), op("+"), id("pad")])),
                        op("+"),
                        id("c′"),
                    ])),
                    id("elem"),
                ),
                times(
                    paren(row(vec![
                        id("r"),
                        op("·"),
                        num(tile.pitch()),
                        op("+"),
                        id("c′"),
                    ])),
                    num(tile.elem),
                ),
            ]);
            body.extend(sentence(
                &crate::tr!("banks.step.addresses.tile"),
                &[("formula", formula)],
            ));
            body.push(t(format!(
                " {} ",
                match tile.walk {
                    Walk::Column => crate::tr!("banks.step.addresses.column", col = tile.col),
                    Walk::Row => crate::tr!("banks.step.addresses.row", row = tile.row),
                }
            )));
            body.push(t(match tile.swizzle {
                Swizzle::None => crate::tr!("banks.step.addresses.plain"),
                Swizzle::Xor => crate::tr!("banks.step.addresses.xor", width = tile.width),
            }));
            body.push(t(format!(" {list}.")));
            match (tile.swizzle, tile.walk) {
                (Swizzle::Xor, _) => crate::tr!("banks.step.addresses.xor.why"),
                (Swizzle::None, Walk::Column) => {
                    crate::tr!("banks.step.addresses.column.why", pitch = tile.pitch())
                }
                (Swizzle::None, Walk::Row) => crate::tr!("banks.step.addresses.row.why"),
            }
        }
    };
    Step {
        title: crate::tr!("banks.step.addresses.title"),
        body,
        why,
    }
}

fn banks_step(elem: u64, lanes: &[u64], addr: &dyn Fn(u64) -> u64) -> Step {
    let mut body = sentence(
        &crate::tr!("banks.step.banks.rule"),
        &[
            (
                "word",
                eq(vec![id("word"), floor(frac(id("a"), num(WORD_BYTES)))]),
            ),
            (
                "bank",
                eq(vec![
                    id("bank"),
                    row(vec![id("word"), op("mod"), num(BANKS)]),
                ]),
            ),
        ],
    );
    let list = lane_list(lanes, |l| {
        let w = addr(l) / WORD_BYTES;
        crate::tr!(
            "banks.step.banks.lane",
            lane = l,
            word = w,
            bank = w % BANKS
        )
    });
    body.push(t(format!(" {list}.")));
    let span = words_spanned(elem);
    if span > 1 {
        body.push(t(format!(
            " {}",
            crate::tr!("banks.step.banks.span", elem, words = span, more = span - 1)
        )));
    }
    Step {
        title: crate::tr!("banks.step.banks.title"),
        body,
        why: crate::tr!("banks.step.banks.why"),
    }
}

fn phases_step(r: &BankReport) -> Step {
    let split = match phase_lanes(r.elem) {
        16 => crate::tr!("banks.step.phases.half"),
        8 => crate::tr!("banks.step.phases.quarter"),
        _ => crate::tr!("banks.step.phases.one", elem = r.elem),
    };
    Step {
        title: crate::tr!("banks.step.phases.title"),
        body: vec![t(format!(
            "{split} {}",
            crate::tr!("banks.step.phases.ideal", ideal = r.ideal)
        ))],
        why: crate::tr!("banks.step.phases.why"),
    }
}

fn busiest_step(r: &BankReport) -> Step {
    let formula = eq(vec![
        sub("wavefronts", "p"),
        row(vec![sub("max", "b"), word(" "), sub("d", "b")]),
    ]);
    let mut body = sentence(
        &crate::tr!("banks.step.busiest.rule"),
        &[("formula", formula)],
    );
    for p in &r.phases {
        body.push(t(format!(" {}", phase_why(p, r.elem))));
    }
    Step {
        title: crate::tr!("banks.step.busiest.title"),
        body,
        why: crate::tr!("banks.step.busiest.why"),
    }
}

fn total_step(r: &BankReport) -> Step {
    let active: Vec<&BankPhase> = r.active_phases().collect();
    let per_phase = || active.iter().map(|p| num(p.wavefronts)).collect::<Vec<_>>();
    let wavefronts = if active.len() > 1 {
        eq(vec![
            id("wavefronts"),
            joined(per_phase(), "+"),
            num(r.wavefronts),
        ])
    } else {
        eq(vec![id("wavefronts"), num(r.wavefronts)])
    };
    let ways = if active.len() > 1 {
        eq(vec![id("ways"), call("max", per_phase()), num(r.ways)])
    } else {
        eq(vec![id("ways"), num(r.ways)])
    };
    let conflicts = eq(vec![
        id("conflicts"),
        row(vec![num(r.wavefronts), op("−"), num(r.ideal)]),
        num(r.conflicts),
    ]);
    Step {
        title: crate::tr!("banks.step.total.title"),
        body: sentence(
            &crate::tr!("banks.step.total"),
            &[
                ("wavefronts", wavefronts),
                ("conflicts", conflicts),
                ("ways", ways),
            ],
        ),
        why: crate::tr!("banks.step.total.why"),
    }
}

fn verify(
    read: &BanksRead,
    r: &BankReport,
    lanes: &[u64],
    addr: &dyn Fn(u64) -> u64,
) -> Vec<Inline> {
    let first = lanes.first().map(|&l| addr(l));
    if lanes.len() > 1 && lanes.iter().all(|&l| Some(addr(l)) == first) {
        return sentence(
            &crate::tr!("banks.verify.broadcast"),
            &[(
                "check",
                eq(vec![id("wavefronts"), id("ideal"), num(r.ideal)]),
            )],
        );
    }
    if let (Some(ways), Some(step)) = (closed_form_ways(read), constant_step(read)) {
        let n = phase_lanes(r.elem);
        return sentence(
            &crate::tr!("banks.verify.gcd", n, elem = r.elem, step),
            &[
                (
                    "ways",
                    eq(vec![call("gcd", vec![num(step), num(n)]), num(ways)]),
                ),
                (
                    "total",
                    eq(vec![times(num(r.ideal), num(ways)), num(r.ideal * ways)]),
                ),
            ],
        );
    }
    let active: Vec<&BankPhase> = r.active_phases().collect();
    let bound: u64 = active
        .iter()
        .map(|p| p.distinct_words().div_ceil(BANKS))
        .sum();
    let ceilings = active
        .iter()
        .map(|p| ceil(frac(num(p.distinct_words()), num(BANKS))))
        .collect();
    sentence(
        &crate::tr!("banks.verify.bound"),
        &[
            (
                "bound",
                row(vec![
                    joined(ceilings, "+"),
                    op("="),
                    num(bound),
                    op("≤"),
                    num(r.wavefronts),
                ]),
            ),
            (
                "conflicts",
                eq(vec![
                    row(vec![num(r.wavefronts), op("−"), num(r.ideal)]),
                    num(r.conflicts),
                ]),
            ),
        ],
    )
}

/// One phase as the picture draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhasePicture {
    /// The phase's number, from 0.
    pub index: u64,
    /// Its first lane.
    pub first_lane: u64,
    /// Its last lane.
    pub last_lane: u64,
    /// (lane, word, bank) for every word an active lane touches, by lane: a lane with an 8-
    /// or 16-byte element appears 2 or 4 times.
    pub cells: Vec<(u64, u64, u64)>,
    /// For each of the 32 banks, the distinct words it delivers, in increasing order: word k
    /// of a bank goes out in wavefront k + 1 (the picture's timeline rows).
    pub bank_words: Vec<Vec<u64>>,
    /// Its wavefronts.
    pub wavefronts: u64,
    /// The bank that sets them, if a lane is active.
    pub worst_bank: Option<u64>,
    /// Why it costs that many, in one line.
    pub why: String,
    /// The phase in words, for a screen reader (the picture's label).
    pub summary: String,
}
