//! What a run reads back and shows: the watched elements, the traced warp's note, the run's figures and the links into the other panels.

use super::inputs::{input_gpu, KernelInput, Links, MAX_WATCH, N};
use crate::figure::{Figure, Value};
use crate::kernel_lab::exec;
use crate::params::ParamError;
use crate::ratio;

/// The elements `watch` names, as (pointer parameter, index): `NAME[i]` separated by commas,
/// at most [`MAX_WATCH`], each NAME a pointer parameter of the kernel and i inside its buffer
/// (checked when the kernel parsed and the length is known).
///
/// # Errors
/// `watch`, naming the allowed form, the pointer parameters, or the buffer's length.
pub fn watch_list(
    raw: &str,
    kernel: Option<&crate::kernel_lab::parse::ParsedKernel>,
    len: Option<usize>,
) -> Result<Vec<(String, usize)>, ParamError> {
    let shape = || {
        ParamError::new(
            "watch",
            crate::tr!("kernel.launch.watch.shape", max = MAX_WATCH),
        )
    };
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for item in raw.split(',') {
        let item = item.trim();
        let (name, rest) = item.split_once('[').ok_or_else(shape)?;
        let index = rest.strip_suffix(']').ok_or_else(shape)?;
        let name = name.trim();
        let ident = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let index: usize = index.trim().parse().map_err(|_| shape())?;
        if !ident {
            return Err(shape());
        }
        out.push((name.to_string(), index));
    }
    if out.len() > MAX_WATCH {
        return Err(shape());
    }
    if let Some(k) = kernel {
        let pointers: Vec<&str> = k
            .params
            .iter()
            .filter(|p| p.pointer)
            .map(|p| p.name.as_str())
            .collect();
        for (name, index) in &out {
            if !pointers.contains(&name.as_str()) {
                return Err(ParamError::new(
                    "watch",
                    if pointers.is_empty() {
                        crate::tr!("kernel.launch.watch.no-pointers", name)
                    } else {
                        crate::tr!(
                            "kernel.launch.watch.name",
                            name,
                            names = pointers.join(", ")
                        )
                    },
                ));
            }
            if let Some(len) = len.filter(|len| index >= len) {
                return Err(ParamError::new(
                    "watch",
                    crate::tr!("kernel.launch.watch.range", name, index, len),
                ));
            }
        }
    }
    Ok(out)
}

/// The step-through's heading: which warp it records, and why that one.
#[must_use]
pub fn traced_note(t: &exec::Traced) -> String {
    let (block, warp) = (t.block, t.warp);
    match t.why {
        exec::TraceWhy::Chosen => crate::tr!("kernel.trace.chosen", block, warp),
        exec::TraceWhy::Diverges => crate::tr!("kernel.trace.diverges", block, warp),
        exec::TraceWhy::Ragged => crate::tr!("kernel.trace.ragged", block, warp),
        exec::TraceWhy::First => crate::tr!("kernel.trace.first", block, warp),
    }
}

/// The run's figures; the banks' too when the kernel declares a shared array; its memory's
/// through L1, L2 and DRAM, and its place on `gpu`'s roofline (issue 68).
pub(in crate::kernel_lab) fn run_figures(
    r: &exec::RunResult,
    gpu: &crate::memory::roofline::Gpu,
) -> Vec<Figure> {
    use crate::t;
    let mut out = vec![
        Figure::new(
            "warps-run",
            t!("kernel.figure.warps-run"),
            Value::Int(r.warps),
            t!("kernel.figure.warps-run.unit"),
            t!("kernel.figure.warps-run.help"),
        ),
        Figure::new(
            "instructions-issued",
            t!("kernel.figure.instructions-issued"),
            Value::Int(r.issued),
            t!("kernel.figure.instructions-issued.unit"),
            t!("kernel.figure.instructions-issued.help"),
        ),
        Figure::new(
            "simt-efficiency",
            t!("kernel.figure.simt-efficiency"),
            // No instruction issued (an empty starter): no efficiency at all, not a 0 % that
            // reads as a verdict before anything ran (issue 45).
            if r.issued == 0 {
                Value::None
            } else {
                Value::Frac {
                    value: ratio(r.active_lanes, crate::WARP_SIZE * r.issued),
                    percent: true,
                }
            },
            "",
            t!("kernel.figure.simt-efficiency.help"),
        )
        .key(),
        Figure::new(
            "divergent-branches",
            t!("kernel.figure.divergent-branches"),
            Value::Int(r.divergent),
            "",
            t!("kernel.figure.divergent-branches.help"),
        ),
        Figure::new(
            "load-transactions",
            t!("kernel.figure.load-transactions"),
            Value::Int(r.loads.transactions),
            "",
            t!("kernel.figure.load-transactions.help"),
        ),
        Figure::new(
            "store-transactions",
            t!("kernel.figure.store-transactions"),
            Value::Int(r.stores.transactions),
            "",
            t!("kernel.figure.store-transactions.help"),
        ),
        Figure::new(
            "load-efficiency",
            t!("kernel.figure.load-efficiency"),
            if r.loads.moved_bytes == 0 {
                Value::None
            } else {
                Value::Frac {
                    value: ratio(r.loads.useful_bytes, r.loads.moved_bytes),
                    percent: true,
                }
            },
            "",
            t!("kernel.figure.load-efficiency.help"),
        ),
        Figure::new(
            "cycles",
            t!("kernel.figure.cycles"),
            Value::Int(r.cycles),
            t!("kernel.figure.cycles.unit"),
            t!("kernel.figure.cycles.help"),
        ),
    ];
    if r.warp_calls > 0 {
        out.extend([
            Figure::new(
                "shuffles",
                t!("kernel.figure.shuffles"),
                Value::Int(r.shuffles),
                "",
                t!("kernel.figure.shuffles.help"),
            ),
            Figure::new(
                "mask-violations",
                t!("kernel.figure.mask-violations"),
                Value::Int(r.mask_violations),
                "",
                t!("kernel.figure.mask-violations.help"),
            ),
        ]);
    }
    if r.atomics > 0 {
        out.push(Figure::new(
            "atomics",
            t!("kernel.figure.atomics"),
            Value::Int(r.atomics),
            "",
            t!("kernel.figure.atomics.help"),
        ));
    }
    out.extend(memory_figures(r, gpu));
    if r.shared_arrays {
        let conflicts = (r.shared_loads.wavefronts - r.shared_loads.ideal)
            + (r.shared_stores.wavefronts - r.shared_stores.ideal);
        out.extend([
            Figure::new(
                "shared-load-wavefronts",
                t!("kernel.figure.shared-load-wavefronts"),
                Value::Int(r.shared_loads.wavefronts),
                "",
                t!("kernel.figure.shared-load-wavefronts.help"),
            ),
            Figure::new(
                "shared-store-wavefronts",
                t!("kernel.figure.shared-store-wavefronts"),
                Value::Int(r.shared_stores.wavefronts),
                "",
                t!("kernel.figure.shared-store-wavefronts.help"),
            ),
            Figure::new(
                "bank-conflicts",
                t!("kernel.figure.bank-conflicts"),
                Value::Int(conflicts),
                "",
                t!("kernel.figure.bank-conflicts.help"),
            ),
            Figure::new(
                "race-detected",
                t!("kernel.figure.race-detected"),
                Value::Bool(r.race.is_some()),
                "",
                t!("kernel.figure.race-detected.help"),
            ),
        ]);
    }
    out
}

/// The run's loads and stores through L1, L2 and DRAM in sectors, its FLOPs, and (when it
/// moved any DRAM bytes) its place on `gpu`'s roofline: the memory panel's figures, names and
/// words (issue 68).
fn memory_figures(r: &exec::RunResult, gpu: &crate::memory::roofline::Gpu) -> Vec<Figure> {
    use crate::t;
    let c = &r.memory;
    let mut out = vec![
        Figure::new(
            "flops",
            t!("kernel.figure.flops"),
            Value::Int(r.flops),
            t!("memory.unit.flop"),
            t!("kernel.figure.flops.help"),
        ),
        Figure::new(
            "dram-bytes",
            t!("memory.figure.dram-bytes"),
            Value::Int(c.dram_bytes()),
            t!("coalescing.unit.bytes"),
            t!("memory.figure.dram-bytes.help"),
        ),
        Figure::new(
            "l1-hit-rate",
            t!("memory.figure.l1-hit-rate"),
            Value::percent(c.l1_hit_rate()),
            "",
            t!("memory.figure.l1-hit-rate.help"),
        ),
        Figure::new(
            "l2-hit-rate",
            t!("memory.figure.l2-hit-rate"),
            Value::percent(c.l2_hit_rate()),
            "",
            t!("memory.figure.l2-hit-rate.help"),
        ),
    ];
    if c.dram_bytes() > 0 {
        out.extend(crate::memory::panel::roofline_figures::<false>(
            &gpu.point(r.flops, c.dram_bytes()),
        ));
    }
    out
}

/// The run's follow-up links. Without `ALL` (a challenge page's run, from the check's worker)
/// only the block-to-warp map's, which needs the launch: the others are made from the result
/// alone ([`result_links`]), and the page makes them
/// ([`crate::kernel_lab::ran::read_test_ran`]): in the worker they cost its bundle 1.6 kB gzip.
pub(super) fn links<const ALL: bool>(
    r: &exec::RunResult,
    launch: &exec::LaunchConfig,
    input: &KernelInput,
) -> Links {
    use crate::kernel_lab::link_keys::{BLOCK, N as WARPS_N, WARPS_PANEL};
    let b = launch.block;
    let n = input.get(&N).trim();
    let mut links = Links {
        warps: if n.is_empty() {
            format!("panel={WARPS_PANEL}&{BLOCK}={},{},{}", b.x(), b.y(), b.z())
        } else {
            format!(
                "panel={WARPS_PANEL}&{BLOCK}={},{},{}&{WARPS_N}={}",
                b.x(),
                b.y(),
                b.z(),
                crate::query::encode(n)
            )
        },
        ..Links::default()
    };
    if ALL {
        result_links(r, input_gpu(input).key, &mut links);
    }
    links
}

/// The links made from the run's result alone, on GPU `gpu` (its key): the divergence
/// panel's, the coalescing view's, the roofline's and the banks panel's.
pub(in crate::kernel_lab) fn result_links(r: &exec::RunResult, gpu: &str, links: &mut Links) {
    use crate::kernel_lab::link_keys::{
        COALESCING_PANEL, COUNTS, DIVERGENCE_PANEL, ELEM, LANES, MEMORY_PANEL, PATHS, ROOFLINE,
        ROOF_BYTES, ROOF_FLOPS, ROOF_GPU, ROOF_VIEW, STRIDE,
    };
    // A branch with an empty else path still has two paths on the divergence panel: the taken
    // one, and one instruction for the lanes that skip it.
    links.divergence = r.branch.map(|br| {
        format!(
            "panel={DIVERGENCE_PANEL}&{PATHS}={},{}&{LANES}={},{}",
            br.then.0,
            br.els.0.max(1),
            br.then.1,
            crate::WARP_SIZE - u64::from(br.then.1)
        )
    });
    links.loop_counts = r.loop_counts.as_ref().map(|(_, c)| {
        format!(
            "panel={DIVERGENCE_PANEL}&{COUNTS}={}",
            c.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        )
    });
    links.coalescing = r
        .strided
        .map(|s| format!("panel={COALESCING_PANEL}&{ELEM}=4&{STRIDE}={s}"));
    // The run on the memory panel's roofline, when it moved DRAM bytes (the panel's `bytes`
    // starts at 1) and its totals are within the panel's.
    let bytes = r.memory.dram_bytes();
    links.roofline =
        (bytes > 0 && bytes.max(r.flops) <= crate::memory::panel::MAX_TOTAL).then(|| {
            format!(
                "panel={MEMORY_PANEL}&{ROOF_VIEW}={ROOFLINE}&{ROOF_GPU}={gpu}&{ROOF_FLOPS}={}\
             &{ROOF_BYTES}={bytes}",
                r.flops
            )
        });
    // The banks panel on each shared-access line's worst request, when it is a simple strided
    // one: (line, query).
    links.banks = r
        .shared_lines
        .iter()
        .filter_map(|(line, s)| s.banks_query().map(|q| (*line, q)))
        .collect();
}
