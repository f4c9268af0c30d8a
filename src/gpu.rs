//! The WebGPU path: detection (navigator.gpu → adapter → device) and a thin runner that
//! dispatches the model's kernels (`warp_model::gpu`) and reads their results back.
//!
//! web-sys directly, not wgpu: wgpu's web backend cannot request the `subgroups` feature.
//! Every await is bounded by a timeout; device loss, validation and shader compilation errors
//! come back as messages.

pub mod kernels;
pub mod lab;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use futures::future::{select, Either};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    gpu_buffer_usage as usage, gpu_map_mode, GpuAdapter, GpuBindGroupDescriptor, GpuBindGroupEntry,
    GpuBuffer, GpuBufferDescriptor, GpuCompilationMessageType, GpuComputePassDescriptor,
    GpuComputePassTimestampWrites, GpuComputePipeline, GpuComputePipelineDescriptor, GpuDevice,
    GpuDeviceDescriptor, GpuErrorFilter, GpuProgrammableStage, GpuQuerySet, GpuQuerySetDescriptor,
    GpuQueryType, GpuShaderModuleDescriptor,
};

/// What the adapter says about itself.
#[derive(Clone, Debug, PartialEq)]
pub struct AdapterSummary {
    /// Vendor, e.g. `google`, `nvidia`.
    pub vendor: String,
    /// Architecture, e.g. `swiftshader`.
    pub architecture: String,
    /// A software adapter running on the CPU.
    pub fallback: bool,
    /// Subgroup sizes (0, 0 when unknown).
    pub subgroup_sizes: (u32, u32),
    /// maxComputeInvocationsPerWorkgroup.
    pub max_invocations: u32,
    /// maxComputeWorkgroupSizeX/Y/Z.
    pub max_size: (u32, u32, u32),
    /// The `subgroups` feature.
    pub subgroups: bool,
    /// The `timestamp-query` feature.
    pub timestamps: bool,
}

/// A device ready to run kernels.
#[derive(Clone)]
pub struct Gpu {
    device: GpuDevice,
    /// The adapter's description.
    pub summary: AdapterSummary,
    lost: Rc<RefCell<Option<String>>>,
}

/// Why a GPU run stopped. Typed, so that the panel tells a cancellation from a failure by its
/// kind, never by comparing text; [`GpuError::explain`] words it in the page's language.
#[derive(Clone, Debug, PartialEq)]
pub enum GpuError {
    /// The learner pressed Cancel.
    Cancelled,
    /// The GPU did not answer within [`TIMEOUT`].
    Timeout,
    /// The device was lost (the reason the browser gave).
    DeviceLost(String),
    /// The WGSL did not compile: each error with its line and column.
    Compile(Vec<String>),
    /// The pipeline was rejected (the browser's reason).
    Pipeline(String),
    /// A buffer larger than WebGPU's sizes allow.
    TooLarge,
    /// The device lacks the `subgroups` feature the subgroup map needs.
    NoSubgroups,
    /// The workgroup is over the device's invocation limit.
    TooBigBlock {
        /// Invocations asked for.
        invocations: u32,
        /// The device's limit.
        limit: u32,
    },
    /// The model refused what the kernel wrote back (its message).
    Model(String),
    /// A JavaScript exception (its message).
    Js(String),
}

impl GpuError {
    /// What happened, in the page's language.
    #[must_use]
    pub fn explain(&self) -> String {
        use warp_model::tr;
        let reason = match self {
            GpuError::Cancelled => return tr!("ui.gpu.cancelled"),
            GpuError::Timeout => tr!("ui.gpu.error.timeout", seconds = TIMEOUT.as_secs()),
            GpuError::DeviceLost(m) => tr!("ui.gpu.error.lost", reason = m),
            GpuError::Compile(errors) => tr!("ui.gpu.error.compile", errors = errors.join("; ")),
            GpuError::Pipeline(m) => tr!("ui.gpu.error.pipeline", reason = m),
            GpuError::TooLarge => tr!("ui.gpu.error.too-large"),
            GpuError::NoSubgroups => tr!("ui.gpu.error.no-subgroups"),
            GpuError::TooBigBlock { invocations, limit } => {
                tr!("ui.gpu.error.too-big-block", p = invocations, limit)
            }
            GpuError::Model(m) | GpuError::Js(m) => m.clone(),
        };
        tr!("ui.gpu.stopped", reason)
    }
}

/// Time allowed for one GPU operation.
pub const TIMEOUT: Duration = Duration::from_secs(20);

async fn settle(p: JsValue) -> Result<JsValue, GpuError> {
    let p: js_sys::Promise = p.unchecked_into();
    let work = std::pin::pin!(wasm_bindgen_futures::JsFuture::from(p));
    let timer = std::pin::pin!(gloo_timers::future::sleep(TIMEOUT));
    match select(work, timer).await {
        Either::Left((r, _)) => r.map_err(|e| GpuError::Js(describe(&e))),
        Either::Right(_) => Err(GpuError::Timeout),
    }
}

fn js(e: JsValue) -> GpuError {
    GpuError::Js(describe(&e))
}

fn describe(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| warp_model::tr!("ui.gpu.error.unknown"))
}

/// Why WebGPU is not available, step by step.
#[derive(Clone, Debug, PartialEq)]
pub enum Unavailable {
    /// `navigator.gpu` is missing.
    NoApi,
    /// `requestAdapter()` gave null.
    NoAdapter,
    /// `requestDevice()` failed.
    NoDevice(String),
}

impl Unavailable {
    /// What failed and what the learner can do.
    #[must_use]
    pub fn explain(&self) -> String {
        match self {
            Unavailable::NoApi => warp_model::tr!("ui.gpu.error.no-api"),
            Unavailable::NoAdapter => warp_model::tr!("ui.gpu.error.no-adapter"),
            Unavailable::NoDevice(e) => warp_model::tr!("ui.gpu.error.no-device", reason = e),
        }
    }
}

impl Gpu {
    /// Finds an adapter and opens a device with `subgroups` and `timestamp-query` where offered.
    ///
    /// # Errors
    /// Which step failed.
    pub async fn detect() -> Result<Gpu, Unavailable> {
        Self::detect_as::<false>().await
    }

    /// [`Gpu::detect`], with `LIMITS` the device opened at the adapter's own limits for a
    /// workgroup and for storage, not WebGPU's defaults (a workgroup of 256 invocations, 8
    /// storage buffers, 128 MiB a binding): the lab's launches (issue 69) use CUDA's blocks of
    /// up to 1,024 threads. A constant, so that the gpu page links none of it.
    ///
    /// # Errors
    /// Which step failed.
    pub async fn detect_as<const LIMITS: bool>() -> Result<Gpu, Unavailable> {
        // `navigator` of the page or of a worker (the lab's GPU run is a worker's, issue 69).
        let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into())
            .map_err(|_| Unavailable::NoApi)?;
        let api = js_sys::Reflect::get(&navigator, &"gpu".into()).unwrap_or(JsValue::UNDEFINED);
        if api.is_undefined() || api.is_null() {
            return Err(Unavailable::NoApi);
        }
        let gpu: web_sys::Gpu = api.unchecked_into();
        let adapter = settle(gpu.request_adapter().into())
            .await
            .map_err(|_: GpuError| Unavailable::NoAdapter)?;
        if adapter.is_null() || adapter.is_undefined() {
            return Err(Unavailable::NoAdapter);
        }
        let adapter: GpuAdapter = adapter.unchecked_into();
        let features = adapter.features();
        let (subgroups, timestamps) = (features.has("subgroups"), features.has("timestamp-query"));
        let info = adapter.info();
        let limits = adapter.limits();
        let subgroup_sizes =
            if js_sys::Reflect::has(&info, &"subgroupMinSize".into()).unwrap_or(false) {
                (info.subgroup_min_size(), info.subgroup_max_size())
            } else {
                (0, 0)
            };
        let summary = AdapterSummary {
            vendor: info.vendor(),
            architecture: info.architecture(),
            fallback: js_sys::Reflect::get(&info, &"isFallbackAdapter".into())
                .ok()
                .and_then(|v| v.as_bool())
                .unwrap_or(false),
            subgroup_sizes,
            max_invocations: limits.max_compute_invocations_per_workgroup(),
            max_size: (
                limits.max_compute_workgroup_size_x(),
                limits.max_compute_workgroup_size_y(),
                limits.max_compute_workgroup_size_z(),
            ),
            subgroups,
            timestamps,
        };
        let desc = GpuDeviceDescriptor::new();
        let wanted: Vec<js_sys::JsString> =
            [(subgroups, "subgroups"), (timestamps, "timestamp-query")]
                .into_iter()
                .filter(|(on, _)| *on)
                .map(|(_, f)| js_sys::JsString::from(f))
                .collect();
        desc.set_required_features(&wanted);
        if LIMITS {
            let required = js_sys::Object::new();
            for (name, value) in [
                (
                    "maxComputeInvocationsPerWorkgroup",
                    f64::from(limits.max_compute_invocations_per_workgroup()),
                ),
                (
                    "maxComputeWorkgroupSizeX",
                    f64::from(limits.max_compute_workgroup_size_x()),
                ),
                (
                    "maxComputeWorkgroupSizeY",
                    f64::from(limits.max_compute_workgroup_size_y()),
                ),
                (
                    "maxComputeWorkgroupSizeZ",
                    f64::from(limits.max_compute_workgroup_size_z()),
                ),
                (
                    "maxStorageBuffersPerShaderStage",
                    f64::from(limits.max_storage_buffers_per_shader_stage()),
                ),
                (
                    "maxStorageBufferBindingSize",
                    limits.max_storage_buffer_binding_size(),
                ),
                ("maxBufferSize", limits.max_buffer_size()),
            ] {
                let _ = js_sys::Reflect::set(&required, &name.into(), &value.into());
            }
            desc.set_required_limits(required.unchecked_ref());
        }
        let device = settle(adapter.request_device_with_descriptor(&desc).into())
            .await
            .map_err(|e| Unavailable::NoDevice(e.explain()))?;
        let device: GpuDevice = device.unchecked_into();
        let lost = Rc::new(RefCell::new(None));
        {
            let lost = lost.clone();
            let promise: js_sys::Promise = device.lost().unchecked_into();
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(info) = wasm_bindgen_futures::JsFuture::from(promise).await {
                    *lost.borrow_mut() = Some(describe(&info));
                }
            });
        }
        Ok(Gpu {
            device,
            summary,
            lost,
        })
    }

    fn check_lost(&self) -> Result<(), GpuError> {
        match self.lost.borrow().as_ref() {
            Some(m) => Err(GpuError::DeviceLost(m.clone())),
            None => Ok(()),
        }
    }

    /// Compiles a kernel, reporting WGSL errors with their line and column.
    ///
    /// # Errors
    /// Compilation or pipeline validation errors.
    pub async fn pipeline(&self, code: &str) -> Result<GpuComputePipeline, GpuError> {
        self.check_lost()?;
        self.device.push_error_scope(GpuErrorFilter::Validation);
        let module = self
            .device
            .create_shader_module(&GpuShaderModuleDescriptor::new(code));
        let info = settle(module.get_compilation_info().into()).await?;
        let info: web_sys::GpuCompilationInfo = info.unchecked_into();
        let errors: Vec<String> = info
            .messages()
            .iter()
            .map(wasm_bindgen::JsCast::unchecked_into::<web_sys::GpuCompilationMessage>)
            .filter(|m| m.type_() == GpuCompilationMessageType::Error)
            .map(|m| {
                warp_model::tr!(
                    "ui.gpu.error.wgsl-line",
                    // WebGPU gives whole numbers as JavaScript numbers.
                    line = warp_model::figure::whole(m.line_num()),
                    column = warp_model::figure::whole(m.line_pos()),
                    message = m.message()
                )
            })
            .collect();
        let stage = GpuProgrammableStage::new(&module);
        stage.set_entry_point("main");
        let desc = GpuComputePipelineDescriptor::new_with_gpu_auto_layout_mode(
            web_sys::GpuAutoLayoutMode::Auto,
            &stage,
        );
        let pipeline = self.device.create_compute_pipeline(&desc);
        let scope = settle(self.device.pop_error_scope().into()).await?;
        if !errors.is_empty() {
            return Err(GpuError::Compile(errors));
        }
        if !scope.is_null() && !scope.is_undefined() {
            return Err(GpuError::Pipeline(describe(&scope)));
        }
        Ok(pipeline)
    }

    fn buffer(&self, size: u32, usage_bits: u32) -> Result<GpuBuffer, GpuError> {
        self.device
            .create_buffer(&GpuBufferDescriptor::new(size.max(16), usage_bits))
            .map_err(js)
    }

    /// A storage buffer filled with `data`.
    ///
    /// # Errors
    /// Allocation failures.
    pub fn storage_with(&self, data: &[u32]) -> Result<GpuBuffer, GpuError> {
        let bytes: Vec<u8> = data.iter().flat_map(|w| w.to_le_bytes()).collect();
        let size = u32::try_from(bytes.len()).map_err(|_| GpuError::TooLarge)?;
        let b = self.buffer(size, usage::STORAGE | usage::COPY_DST | usage::COPY_SRC)?;
        self.device
            .queue()
            .write_buffer_with_u32_and_u8_slice(&b, 0, &bytes)
            .map_err(js)?;
        Ok(b)
    }

    /// An empty storage buffer of `words` u32.
    ///
    /// # Errors
    /// Allocation failures.
    pub fn storage(&self, words: u32) -> Result<GpuBuffer, GpuError> {
        self.buffer(
            words * 4,
            usage::STORAGE | usage::COPY_SRC | usage::COPY_DST,
        )
    }

    /// A uniform buffer of four u32.
    ///
    /// # Errors
    /// Allocation failures.
    pub fn uniform(&self, params: [u32; 4]) -> Result<GpuBuffer, GpuError> {
        self.uniform_words(&params)
    }

    /// A uniform buffer holding `words` (at least 16 bytes, as WebGPU's uniform bindings are).
    ///
    /// # Errors
    /// Allocation failures.
    pub fn uniform_words(&self, words: &[u32]) -> Result<GpuBuffer, GpuError> {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let size =
            u32::try_from(bytes.len().next_multiple_of(16)).map_err(|_| GpuError::TooLarge)?;
        let b = self.buffer(size, usage::UNIFORM | usage::COPY_DST)?;
        self.device
            .queue()
            .write_buffer_with_u32_and_u8_slice(&b, 0, &bytes)
            .map_err(js)?;
        Ok(b)
    }

    /// A bind group with `buffers` at bindings 0, 1, …
    #[must_use]
    pub fn bind(
        &self,
        pipeline: &GpuComputePipeline,
        buffers: &[&GpuBuffer],
    ) -> web_sys::GpuBindGroup {
        let entries: Vec<GpuBindGroupEntry> = buffers
            .iter()
            .enumerate()
            .map(|(i, b)| GpuBindGroupEntry::new_with_gpu_buffer(u32::try_from(i).unwrap_or(0), b))
            .collect();
        self.device.create_bind_group(&GpuBindGroupDescriptor::new(
            &entries,
            &pipeline.get_bind_group_layout(0),
        ))
    }

    /// Dispatches `workgroups` workgroups and returns how long the GPU took, in milliseconds:
    /// from timestamp queries where the device has them, else `performance.now()` around the
    /// submission (a coarser clock that includes submission overhead).
    ///
    /// # Errors
    /// A lost device, a timeout, or a failed readback.
    pub async fn time(
        &self,
        pipeline: &GpuComputePipeline,
        group: &web_sys::GpuBindGroup,
        workgroups: u32,
    ) -> Result<f64, GpuError> {
        self.check_lost()?;
        let queue = self.device.queue();
        let encoder = self.device.create_command_encoder();
        let queries: Option<(GpuQuerySet, GpuBuffer, GpuBuffer)> = if self.summary.timestamps {
            let set = self
                .device
                .create_query_set(&GpuQuerySetDescriptor::new(2, GpuQueryType::Timestamp))
                .map_err(js)?;
            let resolve = self.buffer(16, usage::QUERY_RESOLVE | usage::COPY_SRC)?;
            let read = self.buffer(16, usage::MAP_READ | usage::COPY_DST)?;
            Some((set, resolve, read))
        } else {
            None
        };
        let pass_desc = GpuComputePassDescriptor::new();
        if let Some((set, _, _)) = &queries {
            let writes = GpuComputePassTimestampWrites::new(set);
            writes.set_beginning_of_pass_write_index(0);
            writes.set_end_of_pass_write_index(1);
            pass_desc.set_timestamp_writes(&writes);
        }
        let pass = encoder.begin_compute_pass_with_descriptor(&pass_desc);
        pass.set_pipeline(pipeline);
        pass.set_bind_group(0, Some(group));
        pass.dispatch_workgroups(workgroups);
        pass.end();
        if let Some((set, resolve, read)) = &queries {
            encoder.resolve_query_set_with_u32(set, 0, 2, resolve, 0);
            encoder
                .copy_buffer_to_buffer_with_u32_and_u32_and_u32(resolve, 0, read, 0, 16)
                .map_err(js)?;
        }
        let perf = crate::browser::window().and_then(|w| w.performance());
        let start = perf.as_ref().map_or(0.0, web_sys::Performance::now);
        queue.submit(&[encoder.finish()]);
        settle(queue.on_submitted_work_done().into()).await?;
        let wall = perf.as_ref().map_or(0.0, web_sys::Performance::now) - start;
        if let Some((set, _, read)) = queries {
            settle(read.map_async(gpu_map_mode::READ).into()).await?;
            let range = read.get_mapped_range().map_err(js)?;
            let stamps = js_sys::BigUint64Array::new(&range);
            let (a, b) = (stamps.get_index(0), stamps.get_index(1));
            read.unmap();
            set.destroy();
            if b > a {
                return Ok((b - a) as f64 / 1.0e6);
            }
        }
        Ok(wall)
    }

    /// Runs once and reads back `words` u32 from `out`.
    ///
    /// # Errors
    /// A lost device, a timeout, or a failed readback.
    pub async fn run_and_read(
        &self,
        pipeline: &GpuComputePipeline,
        group: &web_sys::GpuBindGroup,
        workgroups: u32,
        out: &GpuBuffer,
        words: u32,
    ) -> Result<Vec<u32>, GpuError> {
        self.check_lost()?;
        let read = self.buffer(words * 4, usage::MAP_READ | usage::COPY_DST)?;
        let encoder = self.device.create_command_encoder();
        let pass = encoder.begin_compute_pass();
        pass.set_pipeline(pipeline);
        pass.set_bind_group(0, Some(group));
        pass.dispatch_workgroups(workgroups);
        pass.end();
        encoder
            .copy_buffer_to_buffer_with_u32_and_u32_and_u32(out, 0, &read, 0, words * 4)
            .map_err(js)?;
        self.device.queue().submit(&[encoder.finish()]);
        settle(read.map_async(gpu_map_mode::READ).into()).await?;
        let range = read.get_mapped_range().map_err(js)?;
        let data = js_sys::Uint32Array::new(&range).to_vec();
        read.unmap();
        read.destroy();
        Ok(data)
    }
}

impl Gpu {
    /// Dispatches `grid` (x, y) workgroups once and reads back each of `reads` (a buffer and
    /// its u32 words), in order.
    ///
    /// # Errors
    /// A lost device, a timeout, or a failed readback.
    pub async fn dispatch_and_read(
        &self,
        pipeline: &GpuComputePipeline,
        group: &web_sys::GpuBindGroup,
        grid: [u32; 2],
        reads: &[(&GpuBuffer, u32)],
    ) -> Result<Vec<Vec<u32>>, GpuError> {
        self.check_lost()?;
        // A dispatch WebGPU refuses (a grid over the device's workgroups per dimension, a
        // binding over its limits) is no exception, only an error in the scope: without it the
        // buffers would read back as they were sent, and compare as a difference.
        self.device.push_error_scope(GpuErrorFilter::Validation);
        let encoder = self.device.create_command_encoder();
        let pass = encoder.begin_compute_pass();
        pass.set_pipeline(pipeline);
        pass.set_bind_group(0, Some(group));
        pass.dispatch_workgroups_with_workgroup_count_y(grid[0], grid[1]);
        pass.end();
        let mut staged = Vec::new();
        for (from, words) in reads {
            let size = words.checked_mul(4).ok_or(GpuError::TooLarge)?;
            let read = self.buffer(size, usage::MAP_READ | usage::COPY_DST)?;
            encoder
                .copy_buffer_to_buffer_with_u32_and_u32_and_u32(from, 0, &read, 0, size)
                .map_err(js)?;
            staged.push((read, *words));
        }
        self.device.queue().submit(&[encoder.finish()]);
        let refused = settle(self.device.pop_error_scope().into()).await?;
        if !refused.is_null() && !refused.is_undefined() {
            return Err(GpuError::Pipeline(describe(&refused)));
        }
        let mut out = Vec::new();
        for (read, words) in staged {
            settle(read.map_async(gpu_map_mode::READ).into()).await?;
            self.check_lost()?;
            let range = read.get_mapped_range().map_err(js)?;
            let mut data = js_sys::Uint32Array::new(&range).to_vec();
            data.truncate(words as usize);
            read.unmap();
            read.destroy();
            out.push(data);
        }
        Ok(out)
    }
}

/// Progress and cancellation shared between a running kernel and its buttons.
#[derive(Clone, Default)]
pub struct Control {
    /// Set by the Cancel button.
    pub cancelled: Rc<Cell<bool>>,
}

impl Control {
    /// Fails when the learner cancelled.
    ///
    /// # Errors
    /// [`GpuError::Cancelled`].
    pub fn check(&self) -> Result<(), GpuError> {
        if self.cancelled.get() {
            Err(GpuError::Cancelled)
        } else {
            Ok(())
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
