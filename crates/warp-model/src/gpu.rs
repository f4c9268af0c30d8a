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
    MAP_WGSL.replace("WG_P", &(x * y * z).to_string())
}

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
        lanes: 32,
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
            (m > 0.0).then(|| (*s, b / m, model_eta(*s, 128), model_eta(*s, 32)))
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
mod tests {
    use super::*;

    fn validate(src: &str) {
        // naga accepts subgroup builtins but not yet the `enable subgroups;` directive that
        // browsers require: check the rest.
        let src = &src.replace("enable subgroups;", "");
        let module = naga::front::wgsl::parse_str(src)
            .unwrap_or_else(|e| panic!("{}", e.emit_to_string(src)));
        let mut v = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        );
        v.validate(&module).unwrap_or_else(|e| panic!("{e:?}"));
    }

    #[test]
    fn every_kernel_is_valid_wgsl() {
        validate(&map_wgsl(64, 1, 1));
        validate(&map_wgsl(8, 4, 3));
        validate(DIVERGENCE_WGSL);
        validate(COALESCING_WGSL);
        validate(OCCUPANCY_WGSL);
        assert!(!map_wgsl(64, 1, 1).contains("WG_"));
    }

    fn fake_map(n: u32, size: u32) -> Vec<u32> {
        (0..n)
            .flat_map(|i| [i, i % size, size, i / size * size])
            .collect()
    }

    #[test]
    fn reads_the_map() {
        // SwiftShader: subgroups of 4 → 64 invocations make 16 subgroups.
        let r = analyze_map(&fake_map(64, 4), 64).unwrap();
        assert_eq!(
            (r.sizes, r.subgroups, r.size_text()),
            ((4, 4), 16, "4".to_string())
        );
        assert_eq!(r.lanes[5], (1, 1));
        // A 32-wide device: 96 invocations → 3, as CUDA's ⌈96/32⌉.
        let r = analyze_map(&fake_map(96, 32), 96).unwrap();
        assert_eq!(u64::from(r.subgroups), cuda_warps(96));
        assert!(analyze_map(&fake_map(8, 4), 16).is_err());
        let mut bad = fake_map(8, 4);
        bad[1] = 9;
        assert!(analyze_map(&bad, 8).is_err());
    }

    #[test]
    #[allow(clippy::float_cmp)] // whole-number ratios, exact in binary
    fn model_slowdowns() {
        assert_eq!(Pattern::Parity.model_slowdown(4), 2.0);
        assert_eq!(Pattern::Parity.model_slowdown(1), 1.0);
        assert_eq!(Pattern::Aligned.model_slowdown(32), 1.0);
        assert_eq!(Pattern::KWay(4).model_slowdown(32), 4.0);
        assert_eq!(Pattern::KWay(8).model_slowdown(4), 4.0);
        assert_eq!(Pattern::Uniform.params(4, 100), [0, 2, 4, 100]);
    }

    #[test]
    fn measurements_become_figures() {
        let runs = vec![
            (Pattern::Uniform, vec![10.0, 11.0, 9.0]),
            (Pattern::Parity, vec![19.0, 20.0, 21.0]),
            (Pattern::Aligned, vec![10.0]),
        ];
        let rows = slowdowns(&runs, 4);
        assert_eq!(rows[1], (Pattern::Parity, 2.0, 2.0));
        assert_eq!(rows[2], (Pattern::Aligned, 1.0, 1.0));
        let f = divergence_figures(&rows);
        assert_eq!(f[0].value.plain(), "2");
        assert_eq!(f[1].metric, "model-slowdown");
        let bw = relative_bandwidth(&[(1, vec![2.0]), (32, vec![8.0])]);
        assert_eq!(bw[1].0, 32);
        assert!(
            (bw[1].1 - 0.25).abs() < 1e-12
                && (bw[1].2 - 1.0 / 32.0).abs() < 1e-12
                && (bw[1].3 - 0.125).abs() < 1e-12
        );
        let th = relative_throughput(&[(1, vec![4.0]), (8, vec![8.0])]);
        assert_eq!(th[1], (8, 4.0));
        let d = detection_figures(true, true, Some((4, 4)));
        assert_eq!(
            d.iter().map(|f| f.value.plain()).collect::<Vec<_>>(),
            ["yes", "yes", "4"]
        );
        assert_eq!(
            detection_figures(true, false, Some((8, 64)))[2]
                .value
                .plain(),
            "8-64"
        );
        assert_eq!(detection_figures(false, false, None).len(), 1);
        let m = analyze_map(&fake_map(64, 4), 64).unwrap();
        assert_eq!(
            map_figures(&m, 64)
                .iter()
                .map(|f| f.value.plain())
                .collect::<Vec<_>>(),
            ["4", "16", "2"]
        );
    }

    #[test]
    fn hinglish_words_same_numbers() {
        use crate::i18n::{with_lang, Lang};
        let m = analyze_map(&fake_map(64, 4), 64).unwrap();
        let figures = || {
            let mut f = detection_figures(true, true, Some((4, 4)));
            f.extend(map_figures(&m, 64));
            f.extend(divergence_figures(&[(Pattern::Parity, 2.0, 2.0)]));
            f
        };
        let (en, hi) = (figures(), with_lang(Lang::Hinglish, figures));
        let plain = |f: &[Figure]| {
            f.iter()
                .map(|x| (x.metric, x.value.plain()))
                .collect::<Vec<_>>()
        };
        assert_eq!(plain(&hi), plain(&en));
        assert_eq!(en[0].label, "WebGPU available");
        assert_eq!(hi[0].label, "WebGPU available hai");
        assert_eq!(hi[1].help, "adapter CPU par chalta hai");
        assert_eq!(hi[5].label, "Same block ke liye CUDA warps");
        assert_eq!(hi[5].help, en[5].help);
        let (title, about, parity, four) = with_lang(Lang::Hinglish, || {
            (
                GpuKernel::Map.title(),
                GpuKernel::Occupancy.description(),
                Pattern::Parity.label(),
                Pattern::KWay(4).label(),
            )
        });
        assert_eq!(title, "Subgroup ka map");
        assert!(about.contains("kitne workgroups in-flight"), "{about}");
        assert_eq!(parity, "lane ki parity (idx % 2)");
        assert_eq!(four, Pattern::KWay(4).label());
        assert_eq!(GpuKernel::Map.title(), "Subgroup map");
        assert!(GpuKernel::Coalescing
            .description()
            .starts_with("A stride sweep over a 16 MB buffer"));
        let err = with_lang(Lang::Hinglish, || {
            analyze_map(&fake_map(8, 4), 16).unwrap_err()
        });
        assert_eq!(err, "kernel ne 64 ki jagah 32 words likhe");
        assert_eq!(
            analyze_map(&fake_map(8, 4), 16).unwrap_err(),
            "the kernel wrote 32 words, expected 64"
        );
    }

    #[test]
    fn medians_and_chases() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[f64::NAN]), None);
        for n in [16u32, 1000, 4096] {
            let c = chase(n);
            let (mut i, mut seen) = (0u32, std::collections::BTreeSet::new());
            for _ in 0..n {
                seen.insert(i);
                i = c[i as usize];
            }
            assert_eq!(seen.len(), n as usize, "one cycle through all {n}");
        }
        assert!((model_eta(32, 128) - 1.0 / 32.0).abs() < 1e-12);
        assert!((model_eta(1, 128) - 1.0).abs() < 1e-12);
    }
}
