//! Runs the model's kernels (`warp_model::gpu`) on the device, a few repetitions each,
//! reporting progress and stopping when cancelled. Sizes are chosen so that a software adapter
//! on two CPU cores finishes each kernel in seconds.

use warp_model::gpu::{
    self as gpu_model, GpuKernel, MapResult, Pattern, COALESCING_WGSL, DIVERGENCE_WGSL,
    OCCUPANCY_WGSL, STRIDES, WORKGROUPS,
};

use warp_model::warps::map::BlockDim;

use super::{Control, Gpu, GpuError};

/// Timed repetitions per configuration (the median is reported).
pub const REPS: usize = 7;

/// What a finished kernel run gives, ready for the panel: the model's reading of the
/// measurements beside its predictions.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The subgroup each invocation got, for this block.
    Map(MapResult, BlockDim),
    /// Measured and predicted slowdown per branch pattern.
    Divergence(Vec<(Pattern, f64, f64)>),
    /// Relative bandwidth and η (128-byte lines, 32-byte sectors) per stride.
    Coalescing(Vec<(u32, f64, f64, f64)>),
    /// Relative throughput per workgroup count.
    Occupancy(Vec<(u32, f64)>),
}

/// Runs `kernel` on the device (`block` is the subgroup map's workgroup), reporting progress
/// from 0 to 1 and stopping when `ctl` is cancelled.
///
/// # Errors
/// Why the run stopped.
pub async fn run(
    gpu: &Gpu,
    kernel: GpuKernel,
    block: Option<BlockDim>,
    ctl: &Control,
    progress: &dyn Fn(f64),
) -> Result<Outcome, GpuError> {
    let subgroup = gpu.summary.subgroup_sizes.0.max(1);
    match kernel {
        GpuKernel::Map => {
            let b =
                block.ok_or_else(|| GpuError::Model(warp_model::tr!("ui.gpu.block-invalid")))?;
            let side = |v: u64| u32::try_from(v).unwrap_or(1);
            map(gpu, (side(b.x()), side(b.y()), side(b.z())))
                .await
                .map(|r| Outcome::Map(r, b))
        }
        GpuKernel::Divergence => divergence(gpu, subgroup, ctl, progress)
            .await
            .map(|t| Outcome::Divergence(gpu_model::slowdowns(&t, subgroup))),
        GpuKernel::Coalescing => coalescing(gpu, ctl, progress)
            .await
            .map(|t| Outcome::Coalescing(gpu_model::relative_bandwidth(&t))),
        GpuKernel::Occupancy => occupancy(gpu, ctl, progress)
            .await
            .map(|t| Outcome::Occupancy(gpu_model::relative_throughput(&t))),
    }
}

/// The subgroup map for one workgroup of (x, y, z).
///
/// # Errors
/// No `subgroups` feature, a block over the device's limit, or any GPU failure.
pub async fn map(gpu: &Gpu, (x, y, z): (u32, u32, u32)) -> Result<MapResult, GpuError> {
    if !gpu.summary.subgroups {
        return Err(GpuError::NoSubgroups);
    }
    let p = x * y * z;
    if p > gpu.summary.max_invocations {
        return Err(GpuError::TooBigBlock {
            invocations: p,
            limit: gpu.summary.max_invocations,
        });
    }
    let pipeline = gpu.pipeline(&gpu_model::map_wgsl(x, y, z)).await?;
    let out = gpu.storage(p * gpu_model::MAP_WORDS)?;
    let group = gpu.bind(&pipeline, &[&out]);
    let words = gpu
        .run_and_read(&pipeline, &group, 1, &out, p * gpu_model::MAP_WORDS)
        .await?;
    gpu_model::analyze_map(&words, p).map_err(GpuError::Model)
}

/// The divergence patterns, interleaved over the repetitions; times in ms per pattern.
///
/// # Errors
/// Cancellation or any GPU failure.
pub async fn divergence(
    gpu: &Gpu,
    subgroup: u32,
    ctl: &Control,
    progress: &dyn Fn(f64),
) -> Result<Vec<(Pattern, Vec<f64>)>, GpuError> {
    const WORKGROUPS: u32 = 32;
    const ITERS: u32 = 3000;
    let pipeline = gpu.pipeline(DIVERGENCE_WGSL).await?;
    let out = gpu.storage(WORKGROUPS * 64)?;
    let runs: Vec<(Pattern, web_sys::GpuBindGroup, u32)> = Pattern::RUN
        .iter()
        .map(|p| {
            Ok((
                *p,
                gpu.bind(&pipeline, &[&gpu.uniform(p.params(subgroup, ITERS))?, &out]),
                WORKGROUPS,
            ))
        })
        .collect::<Result<_, GpuError>>()?;
    sweep(gpu, &pipeline, &runs, ctl, progress).await
}

/// The stride sweep; times in ms per stride.
///
/// # Errors
/// Cancellation or any GPU failure.
pub async fn coalescing(
    gpu: &Gpu,
    ctl: &Control,
    progress: &dyn Fn(f64),
) -> Result<Vec<(u32, Vec<f64>)>, GpuError> {
    const N: u32 = 1 << 22;
    const WORKGROUPS: u32 = 256;
    const READS: u32 = 64;
    let threads = WORKGROUPS * 64;
    let pipeline = gpu.pipeline(COALESCING_WGSL).await?;
    let src = gpu.storage(N)?;
    let dst = gpu.storage(threads)?;
    let runs: Vec<(u32, web_sys::GpuBindGroup, u32)> = STRIDES
        .iter()
        .map(|s| {
            Ok((
                *s,
                gpu.bind(
                    &pipeline,
                    &[&gpu.uniform([*s, N, READS, threads])?, &src, &dst],
                ),
                WORKGROUPS,
            ))
        })
        .collect::<Result<_, GpuError>>()?;
    sweep(gpu, &pipeline, &runs, ctl, progress).await
}

/// Throughput against workgroups in flight; times in ms per workgroup count.
///
/// # Errors
/// Cancellation or any GPU failure.
pub async fn occupancy(
    gpu: &Gpu,
    ctl: &Control,
    progress: &dyn Fn(f64),
) -> Result<Vec<(u32, Vec<f64>)>, GpuError> {
    const N: u32 = 1 << 20;
    const CHASE: u32 = 512;
    let pipeline = gpu.pipeline(OCCUPANCY_WGSL).await?;
    let next = gpu.storage_with(&gpu_model::chase(N))?;
    let largest = WORKGROUPS.iter().copied().max().unwrap_or(1);
    let dst = gpu.storage(largest * 64)?;
    let group = gpu.bind(&pipeline, &[&gpu.uniform([CHASE, N, 0, 0])?, &next, &dst]);
    // One bind group, dispatched with more and more workgroups.
    let runs: Vec<(u32, web_sys::GpuBindGroup, u32)> =
        WORKGROUPS.iter().map(|w| (*w, group.clone(), *w)).collect();
    sweep(gpu, &pipeline, &runs, ctl, progress).await
}

/// Times every configuration `REPS` times (after one uncounted warm-up round), interleaving the
/// configurations so that drift hits them all alike; times in ms per configuration.
async fn sweep<K: Copy>(
    gpu: &Gpu,
    pipeline: &web_sys::GpuComputePipeline,
    runs: &[(K, web_sys::GpuBindGroup, u32)],
    ctl: &Control,
    progress: &dyn Fn(f64),
) -> Result<Vec<(K, Vec<f64>)>, GpuError> {
    let mut times: Vec<(K, Vec<f64>)> = runs.iter().map(|(k, _, _)| (*k, Vec::new())).collect();
    let total = (REPS + 1) * runs.len();
    let mut done = 0;
    for rep in 0..=REPS {
        for (i, (_, group, workgroups)) in runs.iter().enumerate() {
            ctl.check()?;
            let t = gpu.time(pipeline, group, *workgroups).await?;
            // Repetition 0 warms caches and the shader; it is not counted.
            if rep > 0 {
                times[i].1.push(t);
            }
            done += 1;
            progress(f64::from(done) / total as f64);
        }
    }
    Ok(times)
}
