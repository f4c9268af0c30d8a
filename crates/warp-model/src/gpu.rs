//! The kernels of the "Your GPU" panel, as model code: each kernel's WGSL, its parameters, and
//! what the model predicts it will measure. A thin runner in the app dispatches them through
//! WebGPU; everything here is pure and tested natively (the WGSL is parsed and validated by
//! naga in the tests).
//!
//! Honest limits: WebGPU leaves the mapping of invocations to subgroups to the implementation,
//! and a device's subgroup size may not be 32; times on a software adapter (`SwiftShader`) show
//! the shape of an effect, not a GPU's speed.

use crate::coalescing::access::Access;
use crate::figure::{Figure, Value};
use crate::WARP_SIZE;

pub mod panel;

/// The four kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GpuKernel {
    /// Which subgroup and lane each invocation of a workgroup gets.
    Map,
    /// The same work under uniform, parity, subgroup-aligned and k-way branches.
    Divergence,
    /// A stride sweep over a large buffer.
    Coalescing,
    /// Throughput against workgroups in flight.
    Occupancy,
}

impl GpuKernel {
    /// Every kernel, in panel order.
    pub const ALL: [GpuKernel; 4] = [
        GpuKernel::Map,
        GpuKernel::Divergence,
        GpuKernel::Coalescing,
        GpuKernel::Occupancy,
    ];

    /// Its name in `run=`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GpuKernel::Map => "map",
            GpuKernel::Divergence => "divergence",
            GpuKernel::Coalescing => "coalescing",
            GpuKernel::Occupancy => "occupancy",
        }
    }

    /// Its title, in the current language.
    #[must_use]
    pub fn title(self) -> &'static str {
        self.title_msg().text()
    }

    /// The message of its title.
    #[must_use]
    pub const fn title_msg(self) -> crate::i18n::Msg {
        match self {
            GpuKernel::Map => crate::msg!("gpu.kernel.map.title"),
            GpuKernel::Divergence => crate::msg!("gpu.kernel.divergence.title"),
            GpuKernel::Coalescing => crate::msg!("gpu.kernel.coalescing.title"),
            GpuKernel::Occupancy => crate::msg!("gpu.kernel.occupancy.title"),
        }
    }

    /// What it runs and what it sets beside the model, in one sentence, in the current language.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            GpuKernel::Map => crate::t!("gpu.kernel.map.about"),
            GpuKernel::Divergence => crate::t!("gpu.kernel.divergence.about"),
            GpuKernel::Coalescing => crate::t!("gpu.kernel.coalescing.about"),
            GpuKernel::Occupancy => crate::t!("gpu.kernel.occupancy.about"),
        }
    }

    /// The kernel named `s`.
    #[must_use]
    pub fn parse(s: &str) -> Option<GpuKernel> {
        GpuKernel::ALL.into_iter().find(|k| k.name() == s)
    }
}

const MAP_WGSL: &str = include_str!("gpu/kernels/subgroup_map.wgsl");
/// The divergence kernel.
pub const DIVERGENCE_WGSL: &str = include_str!("gpu/kernels/divergence.wgsl");
/// The coalescing kernel.
pub const COALESCING_WGSL: &str = include_str!("gpu/kernels/coalescing.wgsl");
/// The occupancy kernel.
pub const OCCUPANCY_WGSL: &str = include_str!("gpu/kernels/occupancy.wgsl");

/// The subgroup-map kernel for a workgroup of (x, y, z) invocations (declared 1-D with the same
/// linear ids).
#[must_use]
pub fn map_wgsl(x: u32, y: u32, z: u32) -> String {
    // `find_str`, not `str::replace`, whose substring searcher links std's slicing panic into
    // the page (issue 46).
    let size = (x * y * z).to_string();
    let mut out = String::with_capacity(MAP_WGSL.len());
    let mut rest = MAP_WGSL;
    while let Some(at) = crate::find_str(rest, WG_P) {
        out.push_str(rest.get(..at).unwrap_or_default());
        out.push_str(&size);
        rest = rest.get(at + WG_P.len()..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

/// The workgroup size's placeholder in the map kernel's source.
const WG_P: &str = "WG_P";

/// u32 words the map kernel writes per invocation.
pub const MAP_WORDS: u32 = 4;

/// What the subgroup map measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapResult {
    /// Smallest and largest subgroup size seen.
    pub sizes: (u32, u32),
    /// Distinct subgroups in the workgroup.
    pub subgroups: u32,
    /// Per invocation (by local index): (subgroup ordinal, lane in it).
    pub lanes: Vec<(u32, u32)>,
}

impl MapResult {
    /// The subgroup invocation `i` (local index) ran in, for the picture's colours (0 past
    /// the end).
    #[must_use]
    pub fn subgroup_of(&self, i: u64) -> u64 {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.lanes.get(i))
            .map_or(0, |l| u64::from(l.0))
    }

    /// The size as the figure shows it: `4`, or `min-max` when it varies.
    #[must_use]
    pub fn size_text(&self) -> String {
        if self.sizes.0 == self.sizes.1 {
            self.sizes.0.to_string()
        } else {
            format!("{}-{}", self.sizes.0, self.sizes.1)
        }
    }
}

/// Reads the map kernel's output for `invocations` invocations.
///
/// # Errors
/// When the buffer is short or its records are inconsistent (a device bug, or a lost device).
pub fn analyze_map(words: &[u32], invocations: u32) -> Result<MapResult, String> {
    let n = usize::try_from(invocations).map_err(|_| crate::tr!("gpu.map.error.too-many"))?;
    if words.len() < n * 4 {
        return Err(crate::tr!(
            "gpu.map.error.short",
            got = words.len(),
            expected = n * 4
        ));
    }
    let mut leaders: Vec<u32> = Vec::new();
    let mut lanes = Vec::with_capacity(n);
    let (mut lo, mut hi) = (u32::MAX, 0);
    for (i, rec) in words.chunks_exact(4).take(n).enumerate() {
        let (li, sid, size, leader) = (rec[0], rec[1], rec[2], rec[3]);
        if li as usize != i || size == 0 || sid >= size || leader >= invocations {
            return Err(crate::tr!(
                "gpu.map.error.inconsistent",
                i,
                record = format!("{rec:?}")
            ));
        }
        lo = lo.min(size);
        hi = hi.max(size);
        let ordinal = if let Some(p) = leaders.iter().position(|&l| l == leader) {
            p
        } else {
            leaders.push(leader);
            leaders.len() - 1
        };
        lanes.push((u32::try_from(ordinal).unwrap_or(0), sid));
    }
    Ok(MapResult {
        sizes: (lo, hi),
        subgroups: u32::try_from(leaders.len()).unwrap_or(0),
        lanes,
    })
}

/// CUDA's answer for the same block: ⌈P/32⌉ warps.
#[must_use]
pub fn cuda_warps(invocations: u32) -> u64 {
    u64::from(invocations).div_ceil(WARP_SIZE)
}

/// The branch patterns of the divergence kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Every lane on one path.
    Uniform,
    /// idx % 2.
    Parity,
    /// (idx / subgroup size) % 2: constant across a subgroup of consecutive invocations.
    Aligned,
    /// idx % k.
    KWay(u32),
}

impl Pattern {
    /// The patterns run, in order.
    pub const RUN: [Pattern; 4] = [
        Pattern::Uniform,
        Pattern::Parity,
        Pattern::Aligned,
        Pattern::KWay(4),
    ];

    /// Its label, in the current language.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Pattern::Uniform => crate::tr!("gpu.pattern.uniform"),
            Pattern::Parity => crate::tr!("gpu.pattern.parity"),
            Pattern::Aligned => crate::tr!("gpu.pattern.aligned"),
            Pattern::KWay(k) => crate::tr!("gpu.pattern.k-way", k),
        }
    }

    /// The uniform buffer: pattern, k, subgroup size, iterations.
    #[must_use]
    pub fn params(self, subgroup: u32, iters: u32) -> [u32; 4] {
        match self {
            Pattern::Uniform => [0, 2, subgroup, iters],
            Pattern::Parity => [1, 2, subgroup, iters],
            Pattern::Aligned => [2, 2, subgroup, iters],
            Pattern::KWay(k) => [3, k, subgroup, iters],
        }
    }

    /// The model's slowdown over uniform for subgroups of `subgroup` consecutive invocations:
    /// the distinct paths inside one subgroup run one after another.
    #[must_use]
    pub fn model_slowdown(self, subgroup: u32) -> f64 {
        let s = subgroup.max(1);
        f64::from(match self {
            Pattern::Uniform | Pattern::Aligned => 1,
            Pattern::Parity => 2.min(s),
            Pattern::KWay(k) => k.min(s),
        })
    }
}

/// The median of some timings (the middle of an odd count, the mean of the two middles).
#[must_use]
pub fn median(values: &[f64]) -> Option<f64> {
    let mut v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        f64::midpoint(v[m - 1], v[m])
    })
}

/// Strides of the coalescing sweep, in 4-byte elements.
pub const STRIDES: [u32; 6] = [1, 2, 4, 8, 16, 32];

/// The model's η for a warp reading floats `stride` apart, in `line`-byte segments.
#[must_use]
pub fn model_eta(stride: u32, line: u64) -> f64 {
    Access {
        elem: 4,
        stride: u64::from(stride),
        offset: 0,
        line,
        lanes: WARP_SIZE,
    }
    .efficiency()
}

/// Workgroup counts of the occupancy sweep.
pub const WORKGROUPS: [u32; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// A pointer-chasing order over `n` slots: one cycle through every slot, with big jumps so
/// that consecutive loads do not share a cache line.
#[must_use]
pub fn chase(n: u32) -> Vec<u32> {
    // Step by a large number coprime to n: i → (i + step) mod n visits every slot once.
    let step = (n / 2 + 1..n).find(|s| gcd(*s, n) == 1).unwrap_or(1);
    (0..n).map(|i| (i + step) % n).collect()
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Measured slowdown over uniform (medians) beside the model's, per pattern.
#[must_use]
pub fn slowdowns(runs: &[(Pattern, Vec<f64>)], subgroup: u32) -> Vec<(Pattern, f64, f64)> {
    let uniform = runs
        .iter()
        .find(|(p, _)| *p == Pattern::Uniform)
        .and_then(|(_, t)| median(t));
    runs.iter()
        .filter_map(|(p, t)| {
            let (u, m) = (uniform?, median(t)?);
            (u > 0.0).then(|| (*p, m / u, p.model_slowdown(subgroup)))
        })
        .collect()
}

/// The segment the model's first η is counted in, in bytes: a 128-byte cache line.
const ETA_LINE_BYTES: u64 = 128;
/// The segment the model's second η is counted in, in bytes: a 32-byte sector.
const ETA_SECTOR_BYTES: u64 = 32;

/// Bandwidth relative to stride 1 (medians), beside the model's η in 128- and 32-byte segments.
#[must_use]
pub fn relative_bandwidth(runs: &[(u32, Vec<f64>)]) -> Vec<(u32, f64, f64, f64)> {
    let base = runs
        .iter()
        .find(|(s, _)| *s == 1)
        .and_then(|(_, t)| median(t));
    runs.iter()
        .filter_map(|(s, t)| {
            let (b, m) = (base?, median(t)?);
            (m > 0.0).then(|| {
                (
                    *s,
                    b / m,
                    model_eta(*s, ETA_LINE_BYTES),
                    model_eta(*s, ETA_SECTOR_BYTES),
                )
            })
        })
        .collect()
}

/// Throughput relative to one workgroup in flight (medians): (W / `t_W`) / (1 / `t_1`).
#[must_use]
pub fn relative_throughput(runs: &[(u32, Vec<f64>)]) -> Vec<(u32, f64)> {
    let base = runs
        .iter()
        .find(|(w, _)| *w == 1)
        .and_then(|(_, t)| median(t));
    runs.iter()
        .filter_map(|(w, t)| {
            let (b, m) = (base?, median(t)?);
            (m > 0.0).then(|| (*w, f64::from(*w) * b / m))
        })
        .collect()
}

/// The detection figures: `gpu-available`, `adapter-fallback`, `subgroup-size`.
#[must_use]
pub fn detection_figures(
    available: bool,
    fallback: bool,
    sizes: Option<(u32, u32)>,
) -> Vec<Figure> {
    let mut f = vec![Figure::new(
        "gpu-available",
        crate::t!("gpu.figure.gpu-available"),
        Value::Bool(available),
        "",
        crate::t!("gpu.figure.gpu-available.help"),
    )
    .key()];
    if available {
        f.push(Figure::new(
            "adapter-fallback",
            crate::t!("gpu.figure.adapter-fallback"),
            Value::Bool(fallback),
            "",
            crate::t!("gpu.figure.adapter-fallback.help"),
        ));
        f.push(Figure::new(
            "subgroup-size",
            crate::t!("gpu.figure.subgroup-size"),
            sizes.map_or(Value::None, |(a, b)| {
                if a == b {
                    Value::Int(u64::from(a))
                } else {
                    Value::Text(format!("{a}-{b}"))
                }
            }),
            crate::t!("gpu.unit.invocations"),
            crate::t!("gpu.figure.subgroup-size.help"),
        ));
    }
    f
}

/// Figures after the map kernel.
#[must_use]
pub fn map_figures(r: &MapResult, invocations: u32) -> Vec<Figure> {
    vec![
        Figure::new(
            "measured-subgroup-size",
            crate::t!("gpu.figure.measured-subgroup-size"),
            if r.sizes.0 == r.sizes.1 {
                Value::Int(u64::from(r.sizes.0))
            } else {
                Value::Text(r.size_text())
            },
            crate::t!("gpu.unit.invocations"),
            crate::t!("gpu.figure.measured-subgroup-size.help"),
        ),
        Figure::new(
            "measured-subgroups",
            crate::t!("gpu.figure.measured-subgroups"),
            Value::Int(u64::from(r.subgroups)),
            crate::t!("gpu.unit.subgroups"),
            crate::t!("gpu.figure.measured-subgroups.help"),
        ),
        Figure::new(
            "cuda-warps",
            crate::t!("gpu.figure.cuda-warps"),
            Value::Int(cuda_warps(invocations)),
            crate::t!("gpu.unit.warps"),
            "⌈P/32⌉",
        ),
    ]
}

/// Figures after the divergence kernel: lane parity's measured and modelled slowdown.
#[must_use]
pub fn divergence_figures(rows: &[(Pattern, f64, f64)]) -> Vec<Figure> {
    rows.iter()
        .find(|(p, _, _)| *p == Pattern::Parity)
        .map(|(_, measured, model)| {
            vec![
                Figure::new(
                    "measured-slowdown",
                    crate::t!("gpu.figure.measured-slowdown"),
                    Value::Frac {
                        value: *measured,
                        percent: false,
                    },
                    "×",
                    crate::t!("gpu.figure.measured-slowdown.help"),
                )
                .key(),
                Figure::new(
                    "model-slowdown",
                    crate::t!("gpu.figure.model-slowdown"),
                    Value::Frac {
                        value: *model,
                        percent: false,
                    },
                    "×",
                    crate::t!("gpu.figure.model-slowdown.help"),
                ),
            ]
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
