//! The memory panel (`panel=memory`): a warp's load through L1, L2 and DRAM in sectors
//! (`view=hierarchy`, the default), and a kernel on a GPU's roofline (`view=roofline`). Its
//! figures, named errors and worked steps from the raw text of its inputs.

use super::hierarchy::{Cache, Counts, Found, Request, Reuse, WarpLoads, LINE_BYTES, SECTOR_BYTES};
use super::roofline::{Bound, Gpu, Point, GPUS};
use crate::figure::{Figure, Value};
use crate::i18n::Msg;
use crate::math::{call, eq, frac, id, num, op, row, times, word};
use crate::msg;
use crate::panel::Inputs;
use crate::panel::{ModeSpec, Modes, PanelModel};
use crate::params::{Choice, Param, ParamError};
use crate::worked::{m, t, Step, Worked};
use crate::WARP_SIZE;

/// `view`: where the bytes come from, or the roofline.
pub const VIEW: Param = Param::choice(
    "view",
    msg!("memory.field.view"),
    &VIEW_CHOICES,
    "hierarchy",
);
/// `view=roofline`'s value (the kernel lab links to it).
pub const ROOFLINE: &str = "roofline";
const VIEW_CHOICES: [Choice; 2] = [
    Choice {
        value: "hierarchy",
        label: msg!("memory.choice.view.hierarchy"),
    },
    Choice {
        value: ROOFLINE,
        label: msg!("memory.choice.view.roofline"),
    },
];
/// `elem`, `stride` and `offset`: the coalescing panel's, one declaration (the address rule
/// `offset + index · stride · elem` is the same; here the index has its warp in it).
pub use crate::coalescing::panel::{ELEM, OFFSET, STRIDE};
/// `warps`: warps, one load request each.
pub const WARPS: Param = Param::whole("warps", msg!("memory.field.warps"), 1, MAX_WARPS, "1")
    .why_limit(msg!("memory.limit.warps"))
    .unit(msg!("memory.unit.warps"));
/// `reuse`: which elements the warps read.
pub const REUSE: Param = Param::choice("reuse", msg!("memory.field.reuse"), &REUSE_CHOICES, "next");
const REUSE_CHOICES: [Choice; 2] = [
    Choice {
        value: "next",
        label: msg!("memory.choice.reuse.next"),
    },
    Choice {
        value: "same",
        label: msg!("memory.choice.reuse.same"),
    },
];
/// `cache`: L1 kept (`ca`) or bypassed (`cg`).
pub const CACHE: Param = Param::choice("cache", msg!("memory.field.cache"), &CACHE_CHOICES, "ca");
/// The `cache=` choices.
const CACHE_CHOICES: [Choice; 2] = [
    Choice {
        value: "ca",
        label: msg!("memory.choice.cache.ca"),
    },
    Choice {
        value: "cg",
        label: msg!("memory.choice.cache.cg"),
    },
];
/// The [`Cache`] a `cache=` choice names (the panel's and the kernel lab's reading of it).
#[must_use]
pub fn cache_of(choice: &str) -> Cache {
    if choice == "cg" {
        Cache::Cg
    } else {
        Cache::Ca
    }
}
/// `gpu`: the roofline's GPU.
pub const GPU: Param = Param::choice("gpu", msg!("memory.field.gpu"), &GPU_CHOICES, "a100");
/// The `gpu=` choices, one per [`GPUS`] in its order (`memory/tests.rs` checks the keys agree).
pub(crate) const GPU_CHOICES: [Choice; GPUS.len()] = [
    Choice {
        value: "t4",
        label: msg!("memory.choice.gpu.t4"),
    },
    Choice {
        value: "a100",
        label: msg!("memory.choice.gpu.a100"),
    },
    Choice {
        value: "h100",
        label: msg!("memory.choice.gpu.h100"),
    },
    Choice {
        value: "rtx4090",
        label: msg!("memory.choice.gpu.rtx4090"),
    },
];
/// `flops`: the kernel's floating-point operations.
pub const FLOPS: Param = Param::whole("flops", msg!("memory.field.flops"), 0, MAX_TOTAL, "8192")
    .unit(msg!("memory.unit.flop"));
/// `bytes`: the kernel's DRAM traffic.
pub const BYTES: Param = Param::whole("bytes", msg!("memory.field.bytes"), 1, MAX_TOTAL, "49152")
    .unit(msg!("coalescing.unit.bytes"));

/// Most warps in the hierarchy view: two blocks of 1,024 threads.
pub const MAX_WARPS: u64 = 64;
/// The largest `flops` and `bytes`: 10¹⁵ (a petabyte, a petaflop).
pub const MAX_TOTAL: u64 = 1_000_000_000_000_000;

/// The panel's parameters, in form order.
pub const PARAMS: [Param; 10] = [
    VIEW, ELEM, STRIDE, OFFSET, WARPS, REUSE, CACHE, GPU, FLOPS, BYTES,
];

/// The memory panel's model.
#[derive(Clone, Copy, Debug)]
pub struct MemoryModel;

/// The panel's raw inputs.
pub type MemoryInput = Inputs<MemoryModel>;

impl PanelModel for MemoryModel {
    const NAME: &'static str = "memory";
    const TITLE: Msg = msg!("common.panel.memory.title");
    const QUESTION: Msg = msg!("common.panel.memory.question");
    const PARAMS: &'static [Param] = &PARAMS;
    const EMBED_HEIGHT: u32 = 1900;
    const MODES: Option<Modes> = Some(Modes {
        param: &VIEW,
        only: &[
            ModeSpec {
                value: "hierarchy",
                params: &["elem", "stride", "offset", "warps", "reuse", "cache"],
                infer_from: None,
                starter: &[],
            },
            ModeSpec {
                value: "roofline",
                params: &["gpu", "flops", "bytes"],
                infer_from: None,
                starter: &[],
            },
        ],
        infer: false,
    });
    type Output = MemoryOutput;

    fn evaluate(input: &MemoryInput) -> MemoryOutput {
        evaluate(input)
    }
    fn errors(out: &MemoryOutput) -> &[ParamError] {
        &out.errors
    }
    fn figures(out: &MemoryOutput) -> &[Figure] {
        &out.figures
    }
    fn worked(out: &MemoryOutput) -> &[Worked] {
        &out.worked
    }
}

/// Everything the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryOutput {
    /// Problems, each naming its parameter.
    pub errors: Vec<ParamError>,
    /// The hierarchy view's load, when valid.
    pub loads: Option<WarpLoads>,
    /// Each warp's request, as the picture draws it.
    pub requests: Vec<Request>,
    /// The hierarchy view's counts.
    pub counts: Option<Counts>,
    /// The roofline view's GPU and point, when valid.
    pub roofline: Option<(&'static Gpu, Point)>,
    /// The named results.
    pub figures: Vec<Figure>,
    /// Worked steps.
    pub worked: Vec<Worked>,
}

/// Evaluates the panel. Never panics, whatever the text.
#[must_use]
pub fn evaluate(input: &MemoryInput) -> MemoryOutput {
    let mut errors = Vec::new();
    let mut out = MemoryOutput {
        errors: Vec::new(),
        loads: None,
        requests: Vec::new(),
        counts: None,
        roofline: None,
        figures: Vec::new(),
        worked: Vec::new(),
    };
    let view = VIEW
        .choose(input.get(&VIEW))
        .map_err(|e| errors.push(e))
        .ok();
    match view {
        Some("roofline") => {
            let gpu = GPU
                .choose(input.get(&GPU))
                .map_err(|e| errors.push(e))
                .ok()
                .and_then(Gpu::find);
            let mut ok = |r: Result<u64, ParamError>| r.map_err(|e| errors.push(e)).ok();
            let flops = ok(FLOPS.parse(input.get(&FLOPS)));
            let bytes = ok(BYTES.parse(input.get(&BYTES)));
            if let (Some(gpu), Some(flops), Some(bytes)) = (gpu, flops, bytes) {
                let p = gpu.point(flops, bytes);
                out.figures = roofline_figures::<true>(&p);
                out.worked.push(roofline_worked(gpu, flops, bytes, &p));
                out.roofline = Some((gpu, p));
            }
        }
        Some(_) => {
            if let Some(loads) = read_loads(input, &mut errors) {
                let (requests, counts) = loads.run();
                out.figures = hierarchy_figures(&loads, &counts);
                out.worked
                    .push(hierarchy_worked(&loads, &requests, &counts));
                out.requests = requests;
                out.counts = Some(counts);
                out.loads = Some(loads);
            }
        }
        None => {}
    }
    out.errors = errors;
    out
}

/// The hierarchy view's inputs, each bad one named in `errors`.
fn read_loads(input: &MemoryInput, errors: &mut Vec<ParamError>) -> Option<WarpLoads> {
    let mut choice = |p: &Param| p.choose(input.get(p)).map_err(|e| errors.push(e)).ok();
    let elem = choice(&ELEM).and_then(|v| v.parse::<u64>().ok());
    let reuse = choice(&REUSE).map(|v| {
        if v == "same" {
            Reuse::Same
        } else {
            Reuse::Next
        }
    });
    let cache = choice(&CACHE).map(cache_of);
    let mut ok = |r: Result<u64, ParamError>| r.map_err(|e| errors.push(e)).ok();
    let stride = ok(STRIDE.parse(input.get(&STRIDE)));
    let offset = ok(OFFSET.parse(input.get(&OFFSET)));
    let warps = ok(WARPS.parse(input.get(&WARPS)));
    Some(WarpLoads {
        elem: elem?,
        stride: stride?,
        offset: offset?,
        warps: warps?,
        reuse: reuse?,
        cache: cache?,
    })
}

fn hierarchy_figures(loads: &WarpLoads, c: &Counts) -> Vec<Figure> {
    let bytes = crate::t!("coalescing.unit.bytes");
    let sectors = crate::t!("memory.unit.sectors");
    vec![
        Figure::new(
            "requests",
            crate::t!("memory.figure.requests"),
            Value::Int(c.requests),
            crate::t!("memory.unit.requests"),
            crate::t!("memory.figure.requests.help"),
        ),
        Figure::new(
            "sectors",
            crate::t!("memory.figure.sectors"),
            Value::Int(c.sectors),
            sectors,
            crate::t!("memory.figure.sectors.help"),
        ),
        Figure::new(
            "sectors-per-request",
            crate::t!("memory.figure.sectors-per-request"),
            Value::ratio(c.sectors_per_request()),
            sectors,
            crate::t!("memory.figure.sectors-per-request.help"),
        ),
        Figure::new(
            "lines",
            crate::t!("memory.figure.lines"),
            Value::Int(c.lines),
            crate::t!("memory.unit.lines"),
            crate::t!("memory.figure.lines.help"),
        ),
        Figure::new(
            "l1-hit-rate",
            crate::t!("memory.figure.l1-hit-rate"),
            Value::percent(c.l1_hit_rate()),
            "",
            crate::t!("memory.figure.l1-hit-rate.help"),
        ),
        Figure::new(
            "l2-hit-rate",
            crate::t!("memory.figure.l2-hit-rate"),
            Value::percent(c.l2_hit_rate()),
            "",
            crate::t!("memory.figure.l2-hit-rate.help"),
        ),
        Figure::new(
            "dram-bytes",
            crate::t!("memory.figure.dram-bytes"),
            Value::Int(c.dram_bytes()),
            bytes,
            crate::t!("memory.figure.dram-bytes.help"),
        )
        .key(),
        Figure::new(
            "useful-bytes",
            crate::t!("memory.figure.useful-bytes"),
            Value::Int(loads.useful_bytes()),
            bytes,
            crate::t!("memory.figure.useful-bytes.help"),
        ),
    ]
}

/// The roofline's figures for `p`, attainable GFLOP/s first. On the panel (`PANEL`) it is the
/// key figure and the GPU's ridge follows; the kernel lab's key figure is its own, and its run
/// has no ridge of its own (its roofline link shows the GPU's).
pub(crate) fn roofline_figures<const PANEL: bool>(p: &Point) -> Vec<Figure> {
    let per_byte = crate::t!("memory.unit.flop-per-byte");
    let mut attainable = Figure::new(
        "attainable-gflops",
        crate::t!("memory.figure.attainable-gflops"),
        Value::ratio(p.attainable),
        crate::t!("memory.unit.gflops"),
        crate::t!("memory.figure.attainable-gflops.help"),
    );
    if PANEL {
        attainable = attainable.key();
    }
    let mut out = vec![
        attainable,
        Figure::new(
            "arithmetic-intensity",
            crate::t!("memory.figure.arithmetic-intensity"),
            Value::ratio(p.intensity),
            per_byte,
            crate::t!("memory.figure.arithmetic-intensity.help"),
        ),
    ];
    if PANEL {
        out.push(Figure::new(
            "ridge",
            crate::t!("memory.figure.ridge"),
            Value::ratio(p.ridge),
            per_byte,
            crate::t!("memory.figure.ridge.help"),
        ));
    }
    out.push(Figure::new(
        "bound",
        crate::t!("memory.figure.bound"),
        Value::Text(p.bound.name().to_string()),
        "",
        crate::t!("memory.figure.bound.help"),
    ));
    out
}

/// Where a sector was found, as the picture's key and the worked steps name it.
#[must_use]
pub fn found_name(f: Found) -> &'static str {
    match f {
        Found::L1 => "l1",
        Found::L2 => "l2",
        Found::Dram => "dram",
    }
}

fn hierarchy_worked(loads: &WarpLoads, requests: &[Request], c: &Counts) -> Worked {
    let last = WARP_SIZE - 1;
    let first = requests.first().map_or(0, |r| r.sectors.len() as u64);
    let (elem, step) = (loads.elem, loads.stride * loads.elem);
    let index = match loads.reuse {
        Reuse::Next => row(vec![id("w"), op("·"), num(WARP_SIZE), op("+"), id("l")]),
        Reuse::Same => id("l"),
    };
    let mut steps = vec![
        Step {
            title: crate::tr!("memory.step.addresses.title"),
            body: vec![
                m(eq(vec![
                    id("a(w, l)"),
                    row(vec![
                        id("offset"),
                        op("+"),
                        index,
                        op("·"),
                        id("stride"),
                        op("·"),
                        id("elem"),
                    ]),
                ])),
                t(crate::tr!(
                    "memory.step.addresses",
                    first = loads.address(0, 0),
                    last,
                    end = loads.address(0, last),
                    elem,
                    step,
                )),
            ],
            why: match loads.reuse {
                Reuse::Next => crate::tr!("memory.step.addresses.why.next"),
                Reuse::Same => crate::tr!("memory.step.addresses.why.same"),
            },
        },
        Step {
            title: crate::tr!("memory.step.sectors.title"),
            body: vec![
                t(crate::tr!(
                    "memory.step.sectors",
                    first,
                    requests = c.requests
                )),
                m(eq(vec![
                    id("sectors"),
                    num(c.sectors),
                    word(&crate::tr!("memory.step.sectors.per")),
                    frac(num(c.sectors), num(c.requests)),
                    word(&Value::ratio(c.sectors_per_request()).human()),
                ])),
            ],
            why: crate::tr!("memory.step.sectors.why"),
        },
    ];
    steps.push(Step {
        title: crate::tr!("memory.step.l1.title"),
        body: vec![match loads.cache {
            Cache::Ca => t(crate::tr!(
                "memory.step.l1.ca",
                hits = c.l1_hits,
                sectors = c.sectors,
                rate = Value::percent(c.l1_hit_rate()).human(),
            )),
            Cache::Cg => t(crate::tr!("memory.step.l1.cg", sectors = c.sectors)),
        }],
        why: match loads.cache {
            Cache::Ca => crate::tr!("memory.step.l1.why.ca"),
            Cache::Cg => crate::tr!("memory.step.l1.why.cg"),
        },
    });
    steps.push(Step {
        title: crate::tr!("memory.step.l2.title"),
        body: vec![t(crate::tr!(
            "memory.step.l2",
            lookups = c.l2_lookups,
            hits = c.l2_hits,
            misses = c.dram_sectors,
            rate = Value::percent(c.l2_hit_rate()).human(),
        ))],
        why: crate::tr!("memory.step.l2.why"),
    });
    steps.push(Step {
        title: crate::tr!("memory.step.dram.title"),
        body: vec![m(eq(vec![
            id("DRAM"),
            times(num(c.dram_sectors), num(SECTOR_BYTES)),
            word(&Value::Int(c.dram_bytes()).human()),
        ]))],
        why: crate::tr!("memory.step.dram.why"),
    });
    Worked {
        question: crate::tr!(
            "memory.question",
            warps = loads.warps,
            elem,
            stride = loads.stride,
            offset = loads.offset,
            reuse = match loads.reuse {
                Reuse::Next => crate::t!("memory.choice.reuse.next"),
                Reuse::Same => crate::t!("memory.choice.reuse.same"),
            },
            cache = match loads.cache {
                Cache::Ca => "ca",
                Cache::Cg => "cg",
            },
        ),
        forecast: crate::tr!("memory.forecast"),
        steps,
        answer: crate::tr!(
            "memory.answer",
            dram = Value::Int(c.dram_bytes()).human(),
            useful = Value::Int(loads.useful_bytes()).human(),
            l1 = Value::percent(c.l1_hit_rate()).human(),
            l2 = Value::percent(c.l2_hit_rate()).human(),
        ),
        verify: vec![
            t(crate::tr!("memory.verify") + " "),
            m(eq(vec![
                num(c.sectors),
                row(vec![
                    num(c.l1_hits),
                    op("+"),
                    num(c.l2_hits),
                    op("+"),
                    num(c.dram_sectors),
                ]),
            ])),
            t(format!(
                " ✓; {} ",
                crate::tr!("memory.verify.lines", line = LINE_BYTES)
            )),
            m(eq(vec![num(c.lines), op("≤"), num(c.sectors)])),
            t(" ✓".to_string()),
        ],
    }
}

fn roofline_worked(gpu: &Gpu, flops: u64, bytes: u64, p: &Point) -> Worked {
    let r = |v: f64| Value::ratio(v).human();
    let mut steps = vec![
        Step {
            title: crate::tr!("memory.step.intensity.title"),
            body: vec![m(eq(vec![
                id("I"),
                frac(num(flops), num(bytes)),
                word(&r(p.intensity)),
            ]))],
            why: crate::tr!("memory.step.intensity.why"),
        },
        Step {
            title: crate::tr!("memory.step.ridge.title"),
            body: vec![m(eq(vec![
                id("I*"),
                frac(word(&r(gpu.peak)), word(&r(gpu.bandwidth))),
                word(&r(p.ridge)),
            ]))],
            why: crate::tr!("memory.step.ridge.why", gpu = gpu.name),
        },
    ];
    steps.push(Step {
        title: crate::tr!("memory.step.attainable.title"),
        body: vec![m(eq(vec![
            id("P"),
            call(
                "min",
                vec![
                    word(&r(gpu.peak)),
                    times(word(&r(p.intensity)), word(&r(gpu.bandwidth))),
                ],
            ),
            word(&r(p.attainable)),
        ]))],
        why: crate::tr!("memory.step.attainable.why"),
    });
    Worked {
        question: crate::tr!(
            "memory.roofline.question",
            flops = Value::Int(flops).human(),
            bytes = Value::Int(bytes).human(),
            gpu = gpu.name,
        ),
        forecast: crate::tr!("memory.roofline.forecast"),
        steps,
        answer: match p.bound {
            Bound::Memory => crate::tr!(
                "memory.roofline.answer.memory",
                gflops = r(p.attainable),
                intensity = r(p.intensity),
                ridge = r(p.ridge)
            ),
            Bound::Compute => crate::tr!(
                "memory.roofline.answer.compute",
                gflops = r(p.attainable),
                intensity = r(p.intensity),
                ridge = r(p.ridge)
            ),
        },
        verify: vec![t(crate::tr!(
            "memory.roofline.verify",
            peak = r(gpu.peak),
            roof = r(p.intensity * gpu.bandwidth),
        ))],
    }
}
