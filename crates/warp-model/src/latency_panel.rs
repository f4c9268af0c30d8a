//! The latency-hiding panel's whole output from the raw text of its inputs: warps needed against
//! the warps the SM can hold (the cap, registers, or the Occupancy Calculator's rules), the
//! scheduler simulation that animates it, figures, named errors and worked steps.

use crate::figure::{Figure, Value};
use crate::math::{ceil, eq, floor, frac, id, num, op, paren, row, sub, times, word};
use crate::occupancy::{Arch, HardwareOccupancy, Latency, Registers, ARCHS};
use crate::params::{parse_in_range, quote, FieldSpec, ParamError};
use crate::query::Query;
use crate::scheduler::{simulate, Policy, SimConfig, SimTrace};
use crate::worked::{m, t, Step, Worked};

/// The panel's inputs as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatencyInput {
    /// `L`: stall latency (cycles).
    pub l: String,
    /// `W`: independent instructions per warp between stalls.
    pub w: String,
    /// `S`: schedulers per SM.
    pub s: String,
    /// `T`: cycles between issues of one scheduler.
    pub t: String,
    /// `cap`: resident-warp cap (textbook mode).
    pub cap: String,
    /// `resident`: warps in the simulation (default: the warps available).
    pub resident: String,
    /// `policy`: `rr` or `gto`.
    pub policy: String,
    /// `regs`: registers a thread uses, or empty.
    pub regs: String,
    /// `regfile`: registers per SM.
    pub regfile: String,
    /// `threads`: resident threads wanted.
    pub threads: String,
    /// `mode`: `textbook` or `hardware`.
    pub mode: String,
    /// `cc`: compute capability (hardware mode).
    pub cc: String,
    /// `tpb`: threads per block (hardware mode).
    pub tpb: String,
    /// `cores`: CUDA cores per SM, for the "quarter cycle" trap, or empty.
    pub cores: String,
}

impl Default for LatencyInput {
    fn default() -> Self {
        LatencyInput {
            l: "300".into(),
            w: "15".into(),
            s: "1".into(),
            t: "1".into(),
            cap: "64".into(),
            resident: String::new(),
            policy: String::new(),
            regs: String::new(),
            regfile: "65536".into(),
            threads: "2048".into(),
            mode: String::new(),
            cc: String::new(),
            tpb: String::new(),
            cores: String::new(),
        }
    }
}

/// The panel's controls, in form order.
pub const FIELDS: [FieldSpec; 14] = [
    FieldSpec {
        name: "L",
        label: "Stall latency L",
        hint: "cycles, 1–100000",
    },
    FieldSpec {
        name: "W",
        label: "Instructions W",
        hint: "independent, before the stall",
    },
    FieldSpec {
        name: "S",
        label: "Schedulers S",
        hint: "per SM, 1–8",
    },
    FieldSpec {
        name: "T",
        label: "Issue interval T",
        hint: "cycles, 1–16",
    },
    FieldSpec {
        name: "cap",
        label: "Resident-warp cap",
        hint: "warps per SM (textbook)",
    },
    FieldSpec {
        name: "resident",
        label: "Simulated warps",
        hint: "default: the warps available",
    },
    FieldSpec {
        name: "policy",
        label: "Scheduler policy",
        hint: "rr or gto",
    },
    FieldSpec {
        name: "regs",
        label: "Registers / thread",
        hint: "optional; ≤ 255 on hardware",
    },
    FieldSpec {
        name: "regfile",
        label: "Register file",
        hint: "registers per SM",
    },
    FieldSpec {
        name: "threads",
        label: "Threads wanted",
        hint: "resident threads per SM",
    },
    FieldSpec {
        name: "mode",
        label: "Mode",
        hint: "textbook or hardware",
    },
    FieldSpec {
        name: "cc",
        label: "Compute capability",
        hint: "7.0 7.5 8.0 8.6 8.9 9.0",
    },
    FieldSpec {
        name: "tpb",
        label: "Threads / block",
        hint: "hardware mode, 1–1024",
    },
    FieldSpec {
        name: "cores",
        label: "Cores / SM",
        hint: "optional: the ¼-cycle trap",
    },
];

/// The URL parameters this panel reads and writes (`L`, `W`, `S`, `T` are upper case).
pub const URL_PARAMS: [&str; 14] = [
    "L", "W", "S", "T", "cap", "resident", "policy", "regs", "regfile", "threads", "mode", "cc",
    "tpb", "cores",
];

impl LatencyInput {
    /// Reads the panel's parameters over `base`.
    #[must_use]
    pub fn from_query(q: &Query, base: &LatencyInput) -> LatencyInput {
        crate::panel::read_params(q, base)
    }

    /// Writes `L` and `W` always, the rest when they differ from the defaults.
    pub fn write_query(&self, q: &mut Query) {
        crate::panel::write_changed(self, q, &["L", "W"]);
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
}

fn hardware_mode(raw: &str) -> Result<bool, ParamError> {
    match raw.trim() {
        "" | "textbook" => Ok(false),
        "hardware" => Ok(true),
        other => Err(ParamError::new(
            "mode",
            format!(
                "mode = {} is not allowed: choose textbook or hardware.",
                quote(other)
            ),
        )),
    }
}

fn policy(raw: &str) -> Result<Policy, ParamError> {
    match raw.trim() {
        "" | "rr" => Ok(Policy::RoundRobin),
        "gto" => Ok(Policy::GreedyThenOldest),
        other => Err(ParamError::new(
            "policy",
            format!(
                "policy = {} is not allowed: choose rr (round-robin) or gto (greedy-then-oldest).",
                quote(other)
            ),
        )),
    }
}

/// Evaluates the panel. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &LatencyInput) -> LatencyOutput {
    let mut errors = Vec::new();
    let mut ok = |r: Result<u64, ParamError>| r.map_err(|e| errors.push(e)).ok();
    let l = ok(parse_in_range("L", &input.l, 1, 100_000, "stall cycles"));
    let w = ok(parse_in_range(
        "W",
        &input.w,
        1,
        10_000,
        "a warp issues at least one instruction between stalls",
    ));
    let s = ok(parse_in_range("S", &input.s, 1, 8, ""));
    let tt = ok(parse_in_range("T", &input.t, 1, 16, ""));
    let optional = |name: &str,
                    raw: &str,
                    min: u64,
                    max: u64,
                    errors: &mut Vec<ParamError>|
     -> Option<Option<u64>> {
        if raw.trim().is_empty() {
            Some(None)
        } else {
            parse_in_range(name, raw, min, max, "")
                .map(Some)
                .map_err(|e| errors.push(e))
                .ok()
        }
    };
    let hardware = hardware_mode(&input.mode).map_err(|e| errors.push(e)).ok();
    let pol = policy(&input.policy).map_err(|e| errors.push(e)).ok();
    let capacity = match hardware {
        Some(false) => {
            let cap = parse_in_range("cap", &input.cap, 1, 256, "")
                .map_err(|e| errors.push(e))
                .ok();
            let regs = optional("regs", &input.regs, 1, 65_536, &mut errors);
            let regfile = parse_in_range("regfile", &input.regfile, 1, 1 << 24, "")
                .map_err(|e| errors.push(e))
                .ok();
            let threads = parse_in_range("threads", &input.threads, 1, 1 << 16, "")
                .map_err(|e| errors.push(e))
                .ok();
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
            let arch = if input.cc.trim().is_empty() {
                Arch::find("8.0")
            } else {
                let found = Arch::find(&input.cc);
                if found.is_none() {
                    let list: Vec<&str> = ARCHS.iter().map(|a| a.cc).collect();
                    errors.push(ParamError::new(
                        "cc",
                        format!(
                            "cc = {} is not known here: choose {}.",
                            quote(&input.cc),
                            list.join(", ")
                        ),
                    ));
                }
                found
            };
            let regs = optional("regs", &input.regs, 1, 255, &mut errors).map(|r| r.unwrap_or(0));
            let tpb = if input.tpb.trim().is_empty() {
                Some(256)
            } else {
                parse_in_range(
                    "tpb",
                    &input.tpb,
                    1,
                    1024,
                    "CUDA's limit on threads per block",
                )
                .map_err(|e| errors.push(e))
                .ok()
            };
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
    let resident = optional("resident", &input.resident, 1, 256, &mut errors);
    let cores = optional("cores", &input.cores, 1, 4096, &mut errors);
    let mut out = LatencyOutput {
        errors: Vec::new(),
        latency: None,
        capacity,
        sim: None,
        curve: Vec::new(),
        figures: Vec::new(),
        worked: Vec::new(),
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
        // A whole number of stall periods, so the measured share is exact in steady state.
        let period = l.div_ceil(t) * t;
        // Record two periods: long enough to see the idle slots of a deficit.
        let record = (2 * period + 48).clamp(RECORDED_CYCLES, 4000);
        let periods = (SIM_BUDGET / (s * period))
            .clamp(2, 10)
            .max(record.div_ceil(period));
        let cycles = periods * period;
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
        out.latency = Some(lat);
        out.sim = Some((cfg, trace));
    }
    out.errors = errors;
    out
}

fn pct(v: f64) -> Value {
    Value::Frac {
        value: v,
        percent: true,
    }
}

fn figures(
    lat: &Latency,
    cap: &Capacity,
    cfg: &SimConfig,
    trace: &SimTrace,
    cores: Option<u64>,
) -> Vec<Figure> {
    let needed = lat.warps_needed();
    let available = cap.available();
    let mut f = vec![
        Figure::new(
            "warps-needed",
            "Warps needed",
            Value::Int(needed),
            "warps",
            "⌈S·L / (T·W)⌉",
        )
        .key(),
        Figure::new(
            "warps-available",
            "Warps available",
            Value::Int(available),
            "warps",
            "resident warps the SM can hold here",
        ),
        Figure::new(
            "latency-hidden",
            "Stall hidden",
            Value::Bool(lat.hidden(available)),
            "",
            "needed ≤ available",
        ),
        Figure::new(
            "warp-deficit",
            "Deficit",
            Value::Int(needed.saturating_sub(available)),
            "warps",
            "needed − available, 0 when hidden",
        ),
        Figure::new(
            "warp-margin",
            "Margin",
            Value::Int(available.saturating_sub(needed)),
            "warps",
            "available − needed, 0 when short",
        ),
        Figure::new(
            "ilp-needed",
            "W that hides it",
            Value::Int(lat.ilp_needed(available)),
            "instructions",
            "smallest W with ⌈S·L/(T·W)⌉ ≤ available",
        ),
        Figure::new(
            "instruction-slots",
            "Slots to fill",
            Value::Int(lat.slots()),
            "instructions",
            "S·L / T during one stall",
        ),
    ];
    match cap {
        Capacity::Textbook {
            registers: Some(r), ..
        } => f.extend([
            Figure::new(
                "reg-ceiling",
                "Register ceiling",
                Value::Int(r.ceiling()),
                "regs/thread",
                "⌊regfile / threads wanted⌋",
            ),
            Figure::new(
                "max-resident-threads",
                "Resident threads",
                Value::Int(r.max_resident_threads()),
                "threads",
                "min(threads, ⌊regfile / regs⌋)",
            ),
            Figure::new(
                "resident-warps",
                "Resident warps",
                Value::Int(r.resident_warps()),
                "warps",
                "⌊resident threads / 32⌋",
            ),
            Figure::new(
                "warps-lost",
                "Warps lost",
                Value::Frac {
                    value: r.warps_lost(),
                    percent: false,
                },
                "warps",
                "(threads wanted − resident) / 32",
            ),
        ]),
        Capacity::Hardware {
            arch, occupancy: o, ..
        } => {
            #[allow(clippy::cast_precision_loss)]
            let occ = o.warps as f64 / arch.max_warps as f64;
            f.extend([
                Figure::new(
                    "regs-per-warp",
                    "Registers a warp",
                    Value::Int(o.regs_per_warp),
                    "registers",
                    "⌈regs·32 / 256⌉·256",
                ),
                Figure::new(
                    "blocks-per-sm",
                    "Blocks per SM",
                    Value::Int(o.blocks),
                    "blocks",
                    "min of the register, warp and block limits",
                ),
                Figure::new(
                    "resident-warps",
                    "Resident warps",
                    Value::Int(o.warps),
                    "warps",
                    "blocks · warps per block",
                ),
                Figure::new(
                    "occupancy",
                    "Occupancy",
                    pct(occ),
                    "",
                    "resident warps / the SM's maximum",
                ),
                Figure::new(
                    "limiting-factor",
                    "Limited by",
                    Value::Text(o.limit.word().to_string()),
                    "",
                    "the limit that binds",
                ),
            ]);
        }
        Capacity::Textbook {
            registers: None, ..
        } => {}
    }
    f.extend([
        Figure::new(
            "sim-warps",
            "Simulated warps",
            Value::Int(cfg.warps),
            "warps",
            "resident warps in the simulation",
        ),
        Figure::new(
            "simulated-utilization",
            "Measured utilization",
            pct(trace.utilization()),
            "",
            "issued / issue slots in the simulation",
        ),
        Figure::new(
            "predicted-utilization",
            "Predicted utilization",
            pct(lat.predicted_utilization(cfg.warps)),
            "",
            "min(1, n·W·T / L) per scheduler",
        ),
    ]);
    if let Some(c) = cores {
        f.push(Figure::new(
            "warps-per-cycle",
            "Warp instructions a cycle",
            Value::Frac {
                value: crate::divergence::ratio(c, 32),
                percent: false,
            },
            "per cycle",
            "cores / 32: throughput, not latency",
        ));
        f.push(Figure::new(
            "warp-instruction-cycles",
            "One warp instruction",
            Value::Int(1),
            "cycle at least",
            "latency never drops below one cycle",
        ));
    }
    f
}

fn latency_worked(lat: &Latency, cap: &Capacity) -> Worked {
    let (needed, available) = (lat.warps_needed(), cap.available());
    let slots_exact = lat.s * lat.l;
    let mut steps = vec![
        Step {
            title: "Instruction budget".into(),
            body: vec![
                m(eq(vec![
                    frac(row(vec![sub("N", "sched"), op("·"), id("L")]), sub("T", "issue")),
                    frac(times(num(lat.s), num(lat.l)), num(lat.t)),
                    num(lat.slots()),
                ])),
                t(" instruction slots must stay filled while one warp waits."),
            ],
            why: "Units: schedulers × cycles ÷ (cycles/instruction) = instruction slots. Every \
                  scheduler fires every T cycles for the whole stall."
                .into(),
        },
        Step {
            title: "Convert to warps".into(),
            body: vec![
                m(eq(vec![
                    ceil(frac(row(vec![num(slots_exact), op("/"), num(lat.t)]), sub("I", "warp"))),
                    ceil(frac(num(slots_exact), times(num(lat.t), num(lat.w)))),
                    num(needed),
                ])),
                t(" warps."),
            ],
            why: format!(
                "Each warp fills {} slot(s) before it stalls too; dividing by instructions per warp cancels \"instructions\" and leaves warps.",
                lat.w
            ),
        },
        Step {
            title: "Compare with the warps the SM holds".into(),
            body: vec![t(if needed <= available {
                format!("{needed} ≤ {available}: the stall is hidden with a margin of {} warps.", available - needed)
            } else {
                format!("{needed} > {available}: {} warps short — the cap, not the formula, binds.", needed - available)
            })],
            why: "The needed warps must actually fit on the SM; only the comparison tells whether hiding is physically possible.".into(),
        },
    ];
    if needed > available {
        steps.push(Step {
            title: "Close the gap with ILP".into(),
            body: vec![
                m(row(vec![
                    id("W"),
                    op("≥"),
                    ceil(frac(num(slots_exact), times(num(lat.t), num(available)))),
                    op("="),
                    num(lat.ilp_needed(available)),
                ])),
                t(" independent instructions per warp would hide it with the warps available."),
            ],
            why: "More independent work inside each warp lowers the warps needed; it costs registers (see the register ceiling).".into(),
        });
    }
    Worked {
        question: format!(
            "S = {}, L = {} cycles, T = {}, W = {}: how many warps hide the stall, and do {available} resident warps suffice?",
            lat.s, lat.l, lat.t, lat.w
        ),
        forecast: format!("Are {available} warps enough? Guess before computing."),
        steps,
        answer: if needed <= available {
            format!("{needed} warps needed, {available} available: hidden, margin {}.", available - needed)
        } else {
            format!(
                "{needed} warps needed, only {available} available: {} short; W = {} would close the gap.",
                needed - available,
                lat.ilp_needed(available)
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
            t(" ✓ and one warp fewer gives "),
            m(row(vec![num(needed.saturating_sub(1) * lat.t * lat.w), op("<"), num(slots_exact)])),
            t(" ✓"),
        ],
    }
}

fn register_worked(r: &Registers, cap: u64) -> Worked {
    let kept = r.max_resident_threads();
    Worked {
        question: format!(
            "The SM has M = {} registers and you want P = {} resident threads. What is the per-thread ceiling, and what happens at {} registers a thread?",
            r.regfile, r.threads, r.regs
        ),
        forecast: "Guess the register ceiling before computing.".into(),
        steps: vec![
            Step {
                title: "The register ceiling".into(),
                body: vec![m(eq(vec![floor(frac(id("M"), id("P"))), floor(frac(num(r.regfile), num(r.threads))), num(r.ceiling())])), t(" registers a thread.")],
                why: "All resident threads share one register file; the fair share is M/P.".into(),
            },
            Step {
                title: format!("A kernel needing {} registers", r.regs),
                body: vec![
                    m(eq(vec![
                        sub("P", "max"),
                        row(vec![word("min("), num(r.threads), op(","), floor(frac(num(r.regfile), num(r.regs))), word(")")]),
                        num(kept),
                    ])),
                    t(" threads resident."),
                ],
                why: "You can never exceed M registers, so more registers a thread forces fewer threads on the SM.".into(),
            },
            Step {
                title: "What it costs in warps".into(),
                body: vec![
                    m(eq(vec![
                        frac(paren(row(vec![num(r.threads), op("−"), num(kept)])), num(32)),
                        word(&Value::Frac { value: r.warps_lost(), percent: false }.human()),
                    ])),
                    t(format!(" warps lost; {} whole warps stay resident.", r.resident_warps())),
                ],
                why: "Occupancy is measured in warps; the scheduler's pool shrinks accordingly.".into(),
            },
            Step {
                title: "Feed it back into the latency question".into(),
                body: vec![t(format!(
                    "The warps available become min(cap {cap}, {} resident) = {}.",
                    r.resident_warps(),
                    cap.min(r.resident_warps())
                ))],
                why: "Fewer resident warps means less latency hiding: the seed's link between registers and stalls.".into(),
            },
        ],
        answer: format!(
            "Ceiling {} registers a thread; at {} registers only {kept} threads ({} warps) stay resident.",
            r.ceiling(),
            r.regs,
            r.resident_warps()
        ),
        verify: vec![
            m(row(vec![times(num(r.regs), num(kept)), op("="), num(r.regs * kept), op("≤"), num(r.regfile)])),
            t(if kept < r.threads { " ✓ and " } else { " ✓" }),
            m(if kept < r.threads {
                row(vec![times(num(r.regs), num(kept + 1)), op("="), num(r.regs * (kept + 1)), op(">"), num(r.regfile)])
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
        question: format!(
            "Compute capability {} ({}): {} registers a thread, {tpb} threads a block. How many warps stay resident?",
            arch.cc,
            arch.example,
            if regs == 0 { "any number of".to_string() } else { regs.to_string() }
        ),
        forecast: "Will the hardware keep as many warps as the textbook's ⌊M/R⌋ / 32?".into(),
        steps: vec![
            Step {
                title: "Registers are allocated per warp, in units of 256".into(),
                body: vec![m(eq(vec![
                    row(vec![ceil(frac(times(num(regs), num(32)), num(arch.reg_unit))), op("×"), num(arch.reg_unit)]),
                    num(o.regs_per_warp),
                ])), t(" registers a warp.")],
                why: "The Occupancy Calculator rounds each warp's registers up to the allocation unit.".into(),
            },
            Step {
                title: "Per sub-partition, then per SM".into(),
                body: vec![t(if o.regs_per_warp == 0 {
                    "Registers do not limit this kernel.".to_string()
                } else {
                    format!(
                        "⌊{} / {}⌋ = {per_sub} warps in each of {} sub-partitions: {} warps by registers, so ⌊{} / {}⌋ = {} blocks of {} warps.",
                        arch.regfile / arch.sub_partitions,
                        o.regs_per_warp,
                        arch.sub_partitions,
                        per_sub * arch.sub_partitions,
                        per_sub * arch.sub_partitions,
                        o.warps_per_block,
                        o.blocks_by_regs,
                        o.warps_per_block
                    )
                })],
                why: "Each scheduler's sub-partition has its own quarter of the register file, and blocks are resident whole.".into(),
            },
            Step {
                title: "The other limits".into(),
                body: vec![t(format!(
                    "Warps: ⌊{} / {}⌋ = {} blocks; blocks: {} per SM. Resident: min = {} blocks = {} warps, limited by {}.",
                    arch.max_warps,
                    o.warps_per_block,
                    o.blocks_by_warps,
                    o.blocks_by_blocks,
                    o.blocks,
                    o.warps,
                    o.limit.word()
                ))],
                why: "The SM holds at most so many warps and blocks, whatever the registers allow.".into(),
            },
        ],
        answer: format!("{} blocks, {} resident warps of {} possible.", o.blocks, o.warps, arch.max_warps),
        verify: vec![t(format!(
            "{} blocks × {} warps × {} registers = {} ≤ {} ✓ (differs from the textbook's whole-register count because of the 256-register unit, the sub-partitions and whole blocks)",
            o.blocks,
            o.warps_per_block,
            o.regs_per_warp,
            o.blocks * o.warps_per_block * o.regs_per_warp,
            arch.regfile
        ))],
    }
}

fn cores_worked(cores: u64) -> Worked {
    let per = Value::Frac {
        value: crate::divergence::ratio(cores, 32),
        percent: false,
    }
    .human();
    Worked {
        question: format!("An SM has {cores} CUDA cores. Does one warp instruction take 32/{cores} of a cycle?"),
        forecast: "True or false?".into(),
        steps: vec![Step {
            title: "Latency is not throughput".into(),
            body: vec![t(format!(
                "A warp instruction is issued whole and takes at least one cycle. {cores} cores ÷ 32 lanes = {per} warp instructions at once: throughput, not a shorter instruction."
            ))],
            why: "The trap swaps latency (time for one warp) and throughput (warps per cycle).".into(),
        }],
        answer: format!("False: at least 1 cycle each, up to {per} warp instructions a cycle."),
        verify: vec![t(format!("{cores}/32 = {per} warps a cycle; latency still 1 cycle ✓"))],
    }
}

#[cfg(test)]
mod tests;

crate::raw_fields!(LatencyInput {
    "L" => l,
    "W" => w,
    "S" => s,
    "T" => t,
    "cap" => cap,
    "resident" => resident,
    "policy" => policy,
    "regs" => regs,
    "regfile" => regfile,
    "threads" => threads,
    "mode" => mode,
    "cc" => cc,
    "tpb" => tpb,
    "cores" => cores,
});
