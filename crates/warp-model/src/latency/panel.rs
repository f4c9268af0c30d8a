//! The latency-hiding panel's whole output from the raw text of its inputs: warps needed against
//! the warps the SM can hold (the cap, registers, or the Occupancy Calculator's rules), the
//! scheduler simulation that animates it, figures, named errors and worked steps.

use crate::figure::{Figure, Value};
use crate::i18n::Msg;
use crate::latency::occupancy::{Arch, HardwareOccupancy, Latency, Registers, ARCHS};
use crate::latency::scheduler::{simulate, Policy, SimConfig, SimTrace};
use crate::math::{ceil, eq, floor, frac, id, num, op, paren, row, sub, times, word};
use crate::msg;
use crate::panel::{Inputs, ModeSpec, Modes, PanelModel};
use crate::params::{Choice, Param, ParamError, UrlForm};
use crate::worked::{m, t, Step, Worked};
use crate::WARP_SIZE;

/// The largest `L` (the kernel lab's `timing=sm` takes the same).
pub const MAX_L: u64 = 100_000;
/// `L`: stall latency, cycles from a load's issue to its data.
pub const L: Param = Param::whole("L", msg!("latency.field.l"), 1, MAX_L, "300")
    .unit(msg!("latency.unit.cycles"))
    .why_limit(msg!("latency.error.l.why"))
    .url(UrlForm::Always)
    .slider(1000);
/// `W`: independent instructions a warp issues before it stalls.
pub const W: Param = Param::whole("W", msg!("latency.field.w"), 1, 10_000, "15")
    .hint(msg!("latency.field.w.hint"))
    .why_limit(msg!("latency.error.w.why"))
    .url(UrlForm::Always)
    .slider(64);
/// `S`: schedulers per SM.
pub const S: Param = Param::whole("S", msg!("latency.field.s"), 1, 8, "1")
    .hint(msg!("latency.field.s.hint"))
    .slider(8);
/// `T`: cycles between two issues of one scheduler.
pub const T: Param = Param::whole("T", msg!("latency.field.t"), 1, 16, "1")
    .unit(msg!("latency.unit.cycles"))
    .more();
/// `cap`: resident warps per SM (textbook mode).
pub const CAP: Param = Param::whole("cap", msg!("latency.field.cap"), 1, 256, "64")
    .hint(msg!("latency.field.cap.hint"))
    .unit(msg!("latency.unit.warps"));
/// `resident`: warps in the scheduler simulation (empty: the warps available).
pub const RESIDENT: Param = Param::whole("resident", msg!("latency.field.resident"), 1, 256, "")
    .hint(msg!("latency.field.resident.hint"))
    .slider(128)
    .more();
/// `policy`: the scheduler's policy.
pub const POLICY: Param = Param::choice(
    "policy",
    msg!("latency.field.policy"),
    &POLICY_CHOICES,
    "rr",
)
.more();
const POLICY_CHOICES: [Choice; 2] = [
    Choice {
        value: "rr",
        label: msg!("latency.choice.policy.rr"),
    },
    Choice {
        value: "gto",
        label: msg!("latency.choice.policy.gto"),
    },
];
/// `regs`: registers a thread uses (optional; at most 255 in hardware mode).
pub const REGS: Param = Param::whole("regs", msg!("latency.field.regs"), 1, 65_536, "")
    .hint(msg!("latency.field.regs.hint"))
    .more();
/// `regfile`: registers per SM (textbook mode).
pub const REGFILE: Param = Param::whole(
    "regfile",
    msg!("latency.field.regfile"),
    1,
    1 << 24,
    "65536",
)
.hint(msg!("latency.field.regfile.hint"))
.more();
/// `threads`: resident threads wanted (textbook mode).
pub const THREADS: Param =
    Param::whole("threads", msg!("latency.field.threads"), 1, 1 << 16, "2048")
        .hint(msg!("latency.field.threads.hint"))
        .more();
/// `mode`: the textbook cap, or the Occupancy Calculator's rules.
pub const MODE: Param = Param::choice(
    "mode",
    msg!("latency.field.mode"),
    &MODE_CHOICES,
    "textbook",
);
const MODE_CHOICES: [Choice; 2] = [
    Choice {
        value: "textbook",
        label: msg!("latency.choice.mode.textbook"),
    },
    Choice {
        value: "hardware",
        label: msg!("latency.choice.mode.hardware"),
    },
];
/// `cc`: the compute capability (hardware mode), one of [`ARCHS`].
pub const CC: Param = Param::choice("cc", msg!("latency.field.cc"), &CC_CHOICES, "8.0");
const CC_CHOICES: [Choice; ARCHS.len()] = {
    let mut out = [Choice {
        value: "",
        label: msg!("latency.field.cc"),
    }; ARCHS.len()];
    let mut i = 0;
    while i < ARCHS.len() {
        out[i] = Choice {
            value: ARCHS[i].cc,
            label: ARCHS[i].label,
        };
        i += 1;
    }
    out
};
/// `tpb`: threads per block (hardware mode).
pub const TPB: Param = Param::whole("tpb", msg!("latency.field.tpb"), 1, 1024, "256")
    .hint(msg!("latency.field.tpb.hint"))
    .why_limit(msg!("latency.error.tpb.why"));
/// `cores`: CUDA cores per SM, to show seed 004 Ex 8's "quarter cycle" trap (optional).
pub const CORES: Param = Param::whole("cores", msg!("latency.field.cores"), 1, 4096, "")
    .hint(msg!("latency.field.cores.hint"))
    .more();

/// The panel's parameters, in form order.
pub const PARAMS: [Param; 14] = [
    L, W, S, T, CAP, RESIDENT, POLICY, REGS, REGFILE, THREADS, MODE, CC, TPB, CORES,
];

/// The latency panel's model.
#[derive(Clone, Copy, Debug)]
pub struct LatencyModel;

/// The panel's raw inputs.
pub type LatencyInput = Inputs<LatencyModel>;

impl PanelModel for LatencyModel {
    const NAME: &'static str = "latency";
    const TITLE: Msg = msg!("common.panel.latency.title");
    const QUESTION: Msg = msg!("common.panel.latency.question");
    const PARAMS: &'static [Param] = &PARAMS;
    // Its content at 800 px wide (the frame's max-width), default inputs: 2,038 px.
    const EMBED_HEIGHT: u32 = 2000;
    const MODES: Option<Modes> = Some(Modes {
        param: &MODE,
        only: &[
            ModeSpec {
                value: "textbook",
                params: &["cap", "regfile", "threads"],
                infer_from: None,
                starter: &[],
            },
            ModeSpec {
                value: "hardware",
                params: &["cc", "tpb"],
                infer_from: None,
                starter: &[],
            },
        ],
        infer: false,
    });
    type Output = LatencyOutput;

    fn evaluate(input: &LatencyInput) -> LatencyOutput {
        evaluate(input)
    }
    fn errors(out: &LatencyOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &LatencyOutput) -> &[Figure] {
        &out.figures
    }
    fn worked(out: &LatencyOutput) -> &[Worked] {
        &out.worked
    }
}

/// Where the warps available come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Capacity {
    /// The textbook cap, possibly cut by registers.
    Textbook {
        /// The cap.
        cap: u64,
        /// The register question, when `regs` is given.
        registers: Option<Registers>,
    },
    /// The Occupancy Calculator's answer.
    Hardware {
        /// The architecture.
        arch: Arch,
        /// Registers a thread (0 = not limiting).
        regs: u64,
        /// Threads per block.
        tpb: u64,
        /// The result.
        occupancy: HardwareOccupancy,
    },
}

impl Capacity {
    /// Resident warps the latency question can count on.
    #[must_use]
    pub fn available(&self) -> u64 {
        match self {
            Capacity::Textbook {
                cap,
                registers: None,
            } => *cap,
            Capacity::Textbook {
                cap,
                registers: Some(r),
            } => (*cap).min(r.resident_warps()),
            Capacity::Hardware { occupancy, .. } => occupancy.warps,
        }
    }
}

/// Fewest cycles recorded for the animation (it records two stall periods, up to 4000 cycles).
pub const RECORDED_CYCLES: u64 = 240;
/// Work budget for one simulation (scheduler-cycles), so a huge L never freezes the page.
pub const SIM_BUDGET: u64 = 100_000;

/// Everything the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct LatencyOutput {
    /// Problems, each naming its parameter.
    pub errors: Vec<ParamError>,
    /// The latency question, when valid.
    pub latency: Option<Latency>,
    /// Where the available warps come from.
    pub capacity: Option<Capacity>,
    /// The simulation's configuration and trace.
    pub sim: Option<(SimConfig, SimTrace)>,
    /// Predicted utilization against resident warps (the chart's curve).
    pub curve: Vec<(u64, f64)>,
    /// The named results.
    pub figures: Vec<Figure>,
    /// Worked steps.
    pub worked: Vec<Worked>,
    /// When more warps are needed than the SM holds: the memory panel's roofline for the
    /// kernel ([`memory_bound_link`]).
    pub memory_bound: Option<String>,
}

/// The memory panel's roofline for a kernel whose latency no occupancy hides (issue 68; seed
/// 000's unhidable stall, cell F: "memory-bound: throughput is limited by bandwidth, not by
/// scheduling", and its exam twist, cell J), when the warps needed exceed the warps the SM
/// holds. Read with one FP32 operation a lane for each of
/// the W instructions between a warp's loads, and one 4-byte load a lane: W·32 FLOP for every
/// 128 bytes, an intensity of W/4 FLOP/byte (the seed's W = 1: 0.25, far below every GPU's
/// ridge).
#[must_use]
pub fn memory_bound_link(lat: &Latency, available: u64) -> Option<String> {
    use crate::memory::panel::{MemoryModel, BYTES, FLOPS, VIEW};
    // The keys as constants (evaluated at compile time), not `panel::link`'s `&Param`s, whose
    // labels and hints would come into the latency page and the solution worker with them
    // (+0.7 kB gzip, measured): one home for each name all the same.
    const KEYS: (&str, &str, &str, &str) = (MemoryModel::NAME, VIEW.name, FLOPS.name, BYTES.name);
    let (panel, view, flops, bytes) = KEYS;
    (lat.warps_needed() > available).then(|| {
        format!(
            "panel={panel}&{view}=roofline&{flops}={}&{bytes}={}",
            lat.w * WARP_SIZE,
            WARP_SIZE * FLOAT_BYTES
        )
    })
}

/// Bytes of the float each lane loads in [`memory_bound_link`]'s reading.
const FLOAT_BYTES: u64 = 4;

/// Evaluates the panel. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &LatencyInput) -> LatencyOutput {
    let mut errors = Vec::new();
    let mut ok = |p: &Param| p.parse(input.get(p)).map_err(|e| errors.push(e)).ok();
    let (l, w, s, tt) = (ok(&L), ok(&W), ok(&S), ok(&T));
    // An empty optional parameter is `Some(None)`; a bad one is `None` (and an error).
    let optional = |p: &Param, max: u64, errors: &mut Vec<ParamError>| -> Option<Option<u64>> {
        let raw = input.get(p);
        if raw.trim().is_empty() {
            Some(None)
        } else {
            p.parse_within(raw, 1, max)
                .map(Some)
                .map_err(|e| errors.push(e))
                .ok()
        }
    };
    let mut choice = |p: &Param| p.choose(input.get(p)).map_err(|e| errors.push(e)).ok();
    let hardware = choice(&MODE).map(|m| m == "hardware");
    let pol = choice(&POLICY).map(|p| {
        if p == "gto" {
            Policy::GreedyThenOldest
        } else {
            Policy::RoundRobin
        }
    });
    let capacity = match hardware {
        Some(false) => {
            let mut ok = |p: &Param| p.parse(input.get(p)).map_err(|e| errors.push(e)).ok();
            let (cap, regfile, threads) = (ok(&CAP), ok(&REGFILE), ok(&THREADS));
            let regs = optional(&REGS, 65_536, &mut errors);
            match (cap, regs, regfile, threads) {
                (Some(cap), Some(regs), Some(regfile), Some(threads)) => Some(Capacity::Textbook {
                    cap,
                    registers: regs.map(|regs| Registers {
                        regfile,
                        threads,
                        regs,
                    }),
                }),
                _ => None,
            }
        }
        Some(true) => {
            let arch = CC
                .choose(input.get(&CC))
                .map_err(|e| errors.push(e))
                .ok()
                .and_then(Arch::find);
            let regs = optional(&REGS, 255, &mut errors).map(|r| r.unwrap_or(0));
            let tpb = TPB.parse(input.get(&TPB)).map_err(|e| errors.push(e)).ok();
            match (arch, regs, tpb) {
                (Some(arch), Some(regs), Some(tpb)) => Some(Capacity::Hardware {
                    arch,
                    regs,
                    tpb,
                    occupancy: arch.occupancy(regs, tpb),
                }),
                _ => None,
            }
        }
        None => None,
    };
    let resident = optional(&RESIDENT, 256, &mut errors);
    let cores = optional(&CORES, 4096, &mut errors);
    let mut out = LatencyOutput {
        errors: Vec::new(),
        latency: None,
        capacity,
        sim: None,
        curve: Vec::new(),
        figures: Vec::new(),
        worked: Vec::new(),
        memory_bound: None,
    };
    if let (Some(l), Some(w), Some(s), Some(t), Some(cap), Some(resident), Some(pol), Some(cores)) =
        (l, w, s, tt, capacity, resident, pol, cores)
    {
        let lat = Latency { s, l, t, w };
        let available = cap.available();
        let n = resident.unwrap_or(available).clamp(1, 256);
        let cfg = SimConfig {
            warps: n,
            s,
            l,
            t,
            w,
            policy: pol,
        };
        let (cycles, record) = sim_cycles(s, l, t);
        let trace = simulate(cfg, cycles, record);
        let top = (lat.warps_needed().max(available).saturating_mul(5) / 4).clamp(8, 256);
        out.curve = (1..=top)
            .map(|k| (k, lat.predicted_utilization(k)))
            .collect();
        out.figures = figures(&lat, &cap, &cfg, &trace, cores);
        out.worked.push(latency_worked(&lat, &cap));
        match cap {
            Capacity::Textbook {
                registers: Some(r),
                cap: c,
            } => out.worked.push(register_worked(&r, c)),
            Capacity::Hardware {
                arch,
                regs,
                tpb,
                occupancy,
            } => out
                .worked
                .push(hardware_worked(&arch, regs, tpb, &occupancy)),
            Capacity::Textbook {
                registers: None, ..
            } => {}
        }
        if let Some(c) = cores {
            out.worked.push(cores_worked(c));
        }
        out.memory_bound = memory_bound_link(&lat, available);
        out.latency = Some(lat);
        out.sim = Some((cfg, trace));
    }
    out.errors = errors;
    out
}

/// The cycles the simulation runs for `s` schedulers, a stall of `l` cycles and an issue every
/// `t`, and the first of them it records (the picture): the panel's window, which the quiz's
/// timeline questions count over too.
#[must_use]
pub fn sim_cycles(s: u64, l: u64, t: u64) -> (u64, u64) {
    // A whole number of stall periods, so the measured share is exact in steady state.
    let period = l.max(1).div_ceil(t.max(1)) * t.max(1);
    // Record two periods: long enough to see the idle slots of a deficit.
    let record = (2 * period + 48).clamp(RECORDED_CYCLES, 4000);
    let periods = (SIM_BUDGET / (s.max(1) * period))
        .clamp(2, 10)
        .max(record.div_ceil(period));
    (periods * period, record)
}

fn pct(v: f64) -> Value {
    Value::Frac {
        value: v,
        percent: true,
    }
}

/// Every figure of the panel: the latency question's, its capacity's, the simulation's and
/// the cores'.
fn figures(
    lat: &Latency,
    cap: &Capacity,
    cfg: &SimConfig,
    trace: &SimTrace,
    cores: Option<u64>,
) -> Vec<Figure> {
    let mut f = hiding_figures(lat, cap.available());
    match cap {
        Capacity::Textbook {
            registers: Some(r), ..
        } => f.extend(register_figures(r)),
        Capacity::Hardware {
            arch, occupancy: o, ..
        } => f.extend(occupancy_figures(arch, o)),
        Capacity::Textbook {
            registers: None, ..
        } => {}
    }
    f.extend(simulation_figures(lat, cfg, trace));
    if let Some(c) = cores {
        f.extend(core_figures(c));
    }
    f
}

/// The latency question's figures: warps needed against the `available` ones, and the slack.
fn hiding_figures(lat: &Latency, available: u64) -> Vec<Figure> {
    let needed = lat.warps_needed();
    vec![
        Figure::new(
            "warps-needed",
            crate::t!("latency.figure.warps-needed"),
            Value::Int(needed),
            crate::t!("latency.unit.warps"),
            "⌈S·L / (T·W)⌉",
        )
        .key(),
        Figure::new(
            "warps-available",
            crate::t!("latency.figure.warps-available"),
            Value::Int(available),
            crate::t!("latency.unit.warps"),
            crate::t!("latency.figure.warps-available.help"),
        ),
        Figure::new(
            "latency-hidden",
            crate::t!("latency.figure.latency-hidden"),
            Value::Bool(lat.hidden(available)),
            "",
            crate::t!("latency.figure.latency-hidden.help"),
        ),
        Figure::new(
            "warp-deficit",
            crate::t!("latency.figure.warp-deficit"),
            Value::Int(needed.saturating_sub(available)),
            crate::t!("latency.unit.warps"),
            crate::t!("latency.figure.warp-deficit.help"),
        ),
        Figure::new(
            "warp-margin",
            crate::t!("latency.figure.warp-margin"),
            Value::Int(available.saturating_sub(needed)),
            crate::t!("latency.unit.warps"),
            crate::t!("latency.figure.warp-margin.help"),
        ),
        Figure::new(
            "ilp-needed",
            crate::t!("latency.figure.ilp-needed"),
            Value::Int(lat.ilp_needed(available)),
            crate::t!("latency.unit.instructions"),
            crate::t!("latency.figure.ilp-needed.help"),
        ),
        Figure::new(
            "instruction-slots",
            crate::t!("latency.figure.instruction-slots"),
            Value::Int(lat.slots()),
            crate::t!("latency.unit.instructions"),
            crate::t!("latency.figure.instruction-slots.help"),
        ),
    ]
}

/// The register question's figures (textbook mode with `regs`): what the register file leaves.
fn register_figures(r: &Registers) -> [Figure; 4] {
    [
        Figure::new(
            "reg-ceiling",
            crate::t!("latency.figure.reg-ceiling"),
            Value::Int(r.ceiling()),
            crate::t!("latency.unit.regs-per-thread"),
            crate::t!("latency.figure.reg-ceiling.help"),
        ),
        Figure::new(
            "max-resident-threads",
            crate::t!("latency.figure.max-resident-threads"),
            Value::Int(r.max_resident_threads()),
            crate::t!("latency.unit.threads"),
            "min(threads, ⌊regfile / regs⌋)",
        ),
        Figure::new(
            "resident-warps",
            crate::t!("latency.figure.resident-warps"),
            Value::Int(r.resident_warps()),
            crate::t!("latency.unit.warps"),
            crate::t!("latency.figure.resident-warps.help"),
        ),
        Figure::new(
            "warps-lost",
            crate::t!("latency.figure.warps-lost"),
            Value::Frac {
                value: r.warps_lost(),
                percent: false,
            },
            crate::t!("latency.unit.warps"),
            crate::t!("latency.figure.warps-lost.help"),
        ),
    ]
}

/// The Occupancy Calculator's figures (hardware mode): its allocation, blocks, warps and limit.
fn occupancy_figures(arch: &Arch, o: &HardwareOccupancy) -> [Figure; 5] {
    let occ = o.warps as f64 / arch.max_warps as f64;
    [
        Figure::new(
            "regs-per-warp",
            crate::t!("latency.figure.regs-per-warp"),
            Value::Int(o.regs_per_warp),
            crate::t!("latency.unit.registers"),
            "⌈regs·32 / 256⌉·256",
        ),
        Figure::new(
            "blocks-per-sm",
            crate::t!("latency.figure.blocks-per-sm"),
            Value::Int(o.blocks),
            crate::t!("latency.unit.blocks"),
            crate::t!("latency.figure.blocks-per-sm.help"),
        ),
        Figure::new(
            "resident-warps",
            crate::t!("latency.figure.resident-warps"),
            Value::Int(o.warps),
            crate::t!("latency.unit.warps"),
            crate::t!("latency.figure.resident-warps.help-hardware"),
        ),
        Figure::new(
            "occupancy",
            crate::t!("latency.figure.occupancy"),
            pct(occ),
            "",
            crate::t!("latency.figure.occupancy.help"),
        ),
        Figure::new(
            "limiting-factor",
            crate::t!("latency.figure.limiting-factor"),
            Value::Text(o.limit.word().to_string()),
            "",
            crate::t!("latency.figure.limiting-factor.help"),
        ),
    ]
}

/// The simulation's figures: the warps it runs and its utilization beside the prediction.
fn simulation_figures(lat: &Latency, cfg: &SimConfig, trace: &SimTrace) -> [Figure; 3] {
    [
        Figure::new(
            "sim-warps",
            crate::t!("latency.figure.sim-warps"),
            Value::Int(cfg.warps),
            crate::t!("latency.unit.warps"),
            crate::t!("latency.figure.sim-warps.help"),
        ),
        Figure::new(
            "simulated-utilization",
            crate::t!("latency.figure.simulated-utilization"),
            pct(trace.utilization()),
            "",
            crate::t!("latency.figure.simulated-utilization.help"),
        ),
        Figure::new(
            "predicted-utilization",
            crate::t!("latency.figure.predicted-utilization"),
            pct(lat.predicted_utilization(cfg.warps)),
            "",
            crate::t!("latency.figure.predicted-utilization.help"),
        ),
    ]
}

/// The "quarter cycle" trap's figures for an SM of `cores` CUDA cores (seed 004 Ex 8).
fn core_figures(cores: u64) -> [Figure; 2] {
    [
        Figure::new(
            "warps-per-cycle",
            crate::t!("latency.figure.warps-per-cycle"),
            Value::Frac {
                value: crate::ratio(cores, WARP_SIZE),
                percent: false,
            },
            crate::t!("latency.unit.per-cycle"),
            crate::t!("latency.figure.warps-per-cycle.help"),
        ),
        Figure::new(
            "warp-instruction-cycles",
            crate::t!("latency.figure.warp-instruction-cycles"),
            Value::Int(1),
            crate::t!("latency.unit.cycle-at-least"),
            crate::t!("latency.figure.warp-instruction-cycles.help"),
        ),
    ]
}

/// A body piece that follows a formula: a space, then the message.
fn after(message: &str) -> crate::worked::Inline {
    t(format!(" {message}"))
}

fn latency_worked(lat: &Latency, cap: &Capacity) -> Worked {
    let (needed, available) = (lat.warps_needed(), cap.available());
    let slots_exact = lat.s * lat.l;
    let mut steps = vec![
        Step {
            title: crate::tr!("latency.worked.latency.budget.title"),
            body: vec![
                m(eq(vec![
                    frac(
                        row(vec![sub("N", "sched"), op("·"), id("L")]),
                        sub("T", "issue"),
                    ),
                    frac(times(num(lat.s), num(lat.l)), num(lat.t)),
                    num(lat.slots()),
                ])),
                after(&crate::tr!("latency.worked.latency.budget.body")),
            ],
            why: crate::tr!("latency.worked.latency.budget.why"),
        },
        Step {
            title: crate::tr!("latency.worked.latency.convert.title"),
            body: vec![
                m(eq(vec![
                    ceil(frac(
                        row(vec![num(slots_exact), op("/"), num(lat.t)]),
                        sub("I", "warp"),
                    )),
                    ceil(frac(num(slots_exact), times(num(lat.t), num(lat.w)))),
                    num(needed),
                ])),
                after(&crate::tr!("latency.worked.latency.convert.body")),
            ],
            why: crate::tr!("latency.worked.latency.convert.why", w = lat.w),
        },
        Step {
            title: crate::tr!("latency.worked.latency.compare.title"),
            body: vec![t(if needed <= available {
                crate::tr!(
                    "latency.worked.latency.compare.hidden",
                    needed,
                    available,
                    margin = available - needed
                )
            } else {
                crate::tr!(
                    "latency.worked.latency.compare.short",
                    needed,
                    available,
                    short = needed - available
                )
            })],
            why: crate::tr!("latency.worked.latency.compare.why"),
        },
    ];
    if needed > available {
        steps.push(Step {
            title: crate::tr!("latency.worked.latency.ilp.title"),
            body: vec![
                m(row(vec![
                    id("W"),
                    op("≥"),
                    ceil(frac(num(slots_exact), times(num(lat.t), num(available)))),
                    op("="),
                    num(lat.ilp_needed(available)),
                ])),
                after(&crate::tr!("latency.worked.latency.ilp.body")),
            ],
            why: crate::tr!("latency.worked.latency.ilp.why"),
        });
    }
    Worked {
        question: crate::tr!(
            "latency.worked.latency.question",
            s = lat.s,
            l = lat.l,
            t = lat.t,
            w = lat.w,
            available
        ),
        forecast: crate::tr!("latency.worked.latency.forecast", available),
        steps,
        answer: if needed <= available {
            crate::tr!(
                "latency.worked.latency.answer.hidden",
                needed,
                available,
                margin = available - needed
            )
        } else {
            crate::tr!(
                "latency.worked.latency.answer.short",
                needed,
                available,
                short = needed - available,
                ilp = lat.ilp_needed(available)
            )
        },
        verify: vec![
            m(row(vec![
                times(num(needed), times(num(lat.t), num(lat.w))),
                op("="),
                num(needed * lat.t * lat.w),
                op("≥"),
                num(slots_exact),
            ])),
            t(format!(
                " {} ",
                crate::tr!("latency.worked.latency.verify.fewer")
            )),
            m(row(vec![
                num(needed.saturating_sub(1) * lat.t * lat.w),
                op("<"),
                num(slots_exact),
            ])),
            t(" ✓"),
        ],
    }
}

fn register_worked(r: &Registers, cap: u64) -> Worked {
    let kept = r.max_resident_threads();
    Worked {
        question: crate::tr!(
            "latency.worked.registers.question",
            regfile = r.regfile,
            threads = r.threads,
            regs = r.regs
        ),
        forecast: crate::tr!("latency.worked.registers.forecast"),
        steps: vec![
            Step {
                title: crate::tr!("latency.worked.registers.ceiling.title"),
                body: vec![
                    m(eq(vec![
                        floor(frac(id("M"), id("P"))),
                        floor(frac(num(r.regfile), num(r.threads))),
                        num(r.ceiling()),
                    ])),
                    after(&crate::tr!("latency.worked.registers.ceiling.body")),
                ],
                why: crate::tr!("latency.worked.registers.ceiling.why"),
            },
            Step {
                title: crate::tr!("latency.worked.registers.kernel.title", regs = r.regs),
                body: vec![
                    m(eq(vec![
                        sub("P", "max"),
                        row(vec![
                            word("min("),
                            num(r.threads),
                            op(","),
                            floor(frac(num(r.regfile), num(r.regs))),
                            word(")"),
                        ]),
                        num(kept),
                    ])),
                    after(&crate::tr!("latency.worked.registers.kernel.body")),
                ],
                why: crate::tr!("latency.worked.registers.kernel.why"),
            },
            Step {
                title: crate::tr!("latency.worked.registers.cost.title"),
                body: vec![
                    m(eq(vec![
                        frac(
                            paren(row(vec![num(r.threads), op("−"), num(kept)])),
                            num(WARP_SIZE),
                        ),
                        word(
                            &Value::Frac {
                                value: r.warps_lost(),
                                percent: false,
                            }
                            .human(),
                        ),
                    ])),
                    after(&crate::tr!(
                        "latency.worked.registers.cost.body",
                        warps = r.resident_warps()
                    )),
                ],
                why: crate::tr!("latency.worked.registers.cost.why"),
            },
            Step {
                title: crate::tr!("latency.worked.registers.feed.title"),
                body: vec![t(crate::tr!(
                    "latency.worked.registers.feed.body",
                    cap,
                    resident = r.resident_warps(),
                    available = cap.min(r.resident_warps())
                ))],
                why: crate::tr!("latency.worked.registers.feed.why"),
            },
        ],
        answer: crate::tr!(
            "latency.worked.registers.answer",
            ceiling = r.ceiling(),
            regs = r.regs,
            kept,
            warps = r.resident_warps()
        ),
        verify: vec![
            m(row(vec![
                times(num(r.regs), num(kept)),
                op("="),
                num(r.regs * kept),
                op("≤"),
                num(r.regfile),
            ])),
            t(if kept < r.threads {
                format!(" {} ", crate::tr!("latency.worked.registers.verify.and"))
            } else {
                " ✓".to_string()
            }),
            m(if kept < r.threads {
                row(vec![
                    times(num(r.regs), num(kept + 1)),
                    op("="),
                    num(r.regs * (kept + 1)),
                    op(">"),
                    num(r.regfile),
                ])
            } else {
                row(vec![])
            }),
        ],
    }
}

fn hardware_worked(arch: &Arch, regs: u64, tpb: u64, o: &HardwareOccupancy) -> Worked {
    let per_sub = (arch.regfile / arch.sub_partitions)
        .checked_div(o.regs_per_warp)
        .unwrap_or(0);
    Worked {
        question: crate::tr!(
            "latency.worked.hardware.question",
            cc = arch.cc,
            example = arch.example,
            regs = if regs == 0 {
                crate::tr!("latency.worked.hardware.any-regs")
            } else {
                regs.to_string()
            },
            tpb
        ),
        forecast: crate::tr!("latency.worked.hardware.forecast"),
        steps: vec![
            Step {
                title: crate::tr!("latency.worked.hardware.alloc.title"),
                body: vec![
                    m(eq(vec![
                        row(vec![
                            ceil(frac(times(num(regs), num(WARP_SIZE)), num(arch.reg_unit))),
                            op("×"),
                            num(arch.reg_unit),
                        ]),
                        num(o.regs_per_warp),
                    ])),
                    after(&crate::tr!("latency.worked.hardware.alloc.body")),
                ],
                why: crate::tr!("latency.worked.hardware.alloc.why"),
            },
            Step {
                title: crate::tr!("latency.worked.hardware.sub.title"),
                body: vec![t(if o.regs_per_warp == 0 {
                    crate::tr!("latency.worked.hardware.sub.none")
                } else {
                    crate::tr!(
                        "latency.worked.hardware.sub.body",
                        sub_regs = arch.regfile / arch.sub_partitions,
                        per_warp = o.regs_per_warp,
                        per_sub,
                        subs = arch.sub_partitions,
                        by_regs = per_sub * arch.sub_partitions,
                        wpb = o.warps_per_block,
                        blocks = o.blocks_by_regs
                    )
                })],
                why: crate::tr!("latency.worked.hardware.sub.why"),
            },
            Step {
                title: crate::tr!("latency.worked.hardware.other.title"),
                body: vec![t(crate::tr!(
                    "latency.worked.hardware.other.body",
                    max_warps = arch.max_warps,
                    wpb = o.warps_per_block,
                    by_warps = o.blocks_by_warps,
                    by_blocks = o.blocks_by_blocks,
                    blocks = o.blocks,
                    warps = o.warps,
                    limit = o.limit.label()
                ))],
                why: crate::tr!("latency.worked.hardware.other.why"),
            },
        ],
        answer: crate::tr!(
            "latency.worked.hardware.answer",
            blocks = o.blocks,
            warps = o.warps,
            max = arch.max_warps
        ),
        verify: vec![t(crate::tr!(
            "latency.worked.hardware.verify",
            blocks = o.blocks,
            wpb = o.warps_per_block,
            per_warp = o.regs_per_warp,
            total = o.blocks * o.warps_per_block * o.regs_per_warp,
            regfile = arch.regfile
        ))],
    }
}

fn cores_worked(cores: u64) -> Worked {
    let per = Value::Frac {
        value: crate::ratio(cores, WARP_SIZE),
        percent: false,
    }
    .human();
    Worked {
        question: crate::tr!("latency.worked.cores.question", cores),
        forecast: crate::tr!("latency.worked.cores.forecast"),
        steps: vec![Step {
            title: crate::tr!("latency.worked.cores.step.title"),
            body: vec![t(crate::tr!("latency.worked.cores.step.body", cores, per))],
            why: crate::tr!("latency.worked.cores.step.why"),
        }],
        answer: crate::tr!("latency.worked.cores.answer", per),
        verify: vec![t(crate::tr!("latency.worked.cores.verify", cores, per))],
    }
}

#[cfg(test)]
mod tests;
