//! The kernel lab's launch on the learner's GPU (issue 69, part 2): the GPU worker's side.
//!
//! The page sends `gpu:<query>` (its kernel and launch, as the run worker gets them) to this
//! worker (`src/bin/gpu-run.rs`, its own bundle, fetched on the first press of "Run on my
//! GPU": the page's bundle links neither the translator nor the runner). The worker makes the
//! job ([`warp_model::kernel_lab::on_gpu::job`]: the model's run, the WGSL, every buffer's
//! words), runs it through WebGPU, reads back every buffer the kernel may write, compares it
//! with the model's, and answers `report:<markup>`: the report as the page shows it
//! ([`report`]), written here so that the page's bundle carries none of its words.

use warp_model::kernel_lab::on_gpu::{self, Compared, Job, Refusal};
use warp_model::markup::Html;
use warp_model::{t, tr};

use super::{Gpu, GpuError};
use crate::components::figures::figures_html;

/// How the GPU run of a launch ended (`data-gpu-run`).
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The GPU ran it and its buffers were compared with the model's (`match` or `differ`).
    Compared {
        /// The comparison.
        compared: Compared,
        /// Units in the last place floats were allowed (0: exactly).
        ulps: u32,
        /// The model found a race.
        race: bool,
        /// A loop went past its turns on the GPU and was left (`w_stopped`).
        looped: bool,
    },
    /// A construct the translation does not cover (`unsupported`), with its line.
    Unsupported(usize, String),
    /// No WebGPU here (`unavailable`), with the browser's reason.
    Unavailable(String),
    /// Nothing to compare (`stopped`): the model's run or the launch stopped, or the GPU
    /// failed (the shader, the device, a timeout), in words.
    Stopped(String),
}

impl Outcome {
    /// Its `data-gpu-run` value: `match`, `differ`, `unsupported`, `unavailable`, `stopped`.
    #[must_use]
    pub fn state(&self) -> &'static str {
        match self {
            Outcome::Compared { compared, .. } if compared.matches() => "match",
            Outcome::Compared { .. } => "differ",
            Outcome::Unsupported(..) => "unsupported",
            Outcome::Unavailable(_) => "unavailable",
            Outcome::Stopped(_) => "stopped",
        }
    }
}

/// The report's markup: `<div class="gpu-lab" data-gpu-run="…">`, its sentence, and for a
/// comparison the figures `gpu-elements` and `gpu-equal` and the first differing elements.
#[must_use]
pub fn report(o: &Outcome) -> String {
    let mut h = Html::new();
    h.raw("<div class=\"gpu-lab\" role=\"status\"")
        .attr("data-gpu-run", o.state())
        .raw(">");
    match o {
        Outcome::Compared {
            compared: c,
            ulps,
            race,
            looped,
        } => {
            let says = if c.matches() {
                tr!("ui.lab-gpu.match", elements = c.elements)
            } else {
                tr!(
                    "ui.lab-gpu.differ",
                    n = c.differing(),
                    elements = c.elements
                )
            };
            h.elem("p", &says);
            h.raw("<div class=\"figures\">");
            h.html(&figures_html(&c.figures()));
            h.raw("</div>");
            if !c.first.is_empty() {
                h.raw("<ul class=\"gpu-diffs\">");
                for d in &c.first {
                    h.raw("<li")
                        .attr("data-gpu-diff", &format!("{}[{}]", d.name, d.index))
                        .raw("><code>")
                        .text(&tr!(
                            "ui.lab-gpu.diff",
                            name = d.name,
                            index = d.index,
                            model = d.model,
                            gpu = d.gpu
                        ))
                        .raw("</code></li>");
                }
                h.raw("</ul>");
            }
            if *looped {
                h.raw("<p data-gpu-looped=\"\">")
                    .text(&tr!("ui.lab-gpu.looped", turns = on_gpu::LOOP_TURNS))
                    .raw("</p>");
            }
            if *race {
                h.elem("p", t!("ui.lab-gpu.race"));
            }
            if *ulps > 0 {
                h.elem("p", &tr!("ui.lab-gpu.floats", ulps));
            }
            h.raw("<p class=\"note\">")
                .text(t!("ui.lab-gpu.note"))
                .raw("</p>");
        }
        Outcome::Unsupported(line, what) => {
            h.raw("<p")
                .attr_num("data-gpu-unsupported", *line as u64)
                .raw(">")
                .text(&if *line == 0 {
                    tr!("ui.lab-gpu.unsupported.kernel", what)
                } else {
                    tr!("ui.lab-gpu.unsupported", line, what)
                })
                .raw("</p>");
        }
        Outcome::Unavailable(why) => {
            h.elem("p", &tr!("ui.lab-gpu.unavailable", reason = why));
        }
        Outcome::Stopped(why) => {
            h.elem("p", &tr!("ui.lab-gpu.stopped", reason = why));
        }
    }
    h.raw("</div>");
    h.into_string()
}

/// The lab's launch of `query` on this browser's GPU, compared with the model.
pub async fn run_query(query: &str) -> Outcome {
    let job = match on_gpu::job(query) {
        Ok(j) => j,
        Err(Refusal::Unsupported(u)) => return Outcome::Unsupported(u.line, u.what),
        Err(Refusal::Inputs(m) | Refusal::Model(m)) => {
            return Outcome::Stopped(tr!("ui.lab-gpu.model", reason = m))
        }
    };
    let gpu = match Gpu::detect_as::<true>().await {
        Ok(g) => g,
        Err(u) => return Outcome::Unavailable(u.explain()),
    };
    match run(&gpu, &job).await {
        Ok((words, looped)) => Outcome::Compared {
            compared: on_gpu::compare(&job, &words),
            ulps: job.ulps,
            race: job.race,
            looped,
        },
        Err(e) => Outcome::Stopped(e.explain()),
    }
}

/// Runs `job` once: the words of every writable buffer, in binding order, and whether a loop
/// was left at its turns.
async fn run(gpu: &Gpu, job: &Job) -> Result<(Vec<Vec<u32>>, bool), GpuError> {
    let [bx, by, bz] = job.block;
    let s = &gpu.summary;
    let invocations = bx.saturating_mul(by).saturating_mul(bz);
    if invocations > s.max_invocations
        || bx > s.max_size.0
        || by > s.max_size.1
        || bz > s.max_size.2
    {
        return Err(GpuError::TooBigBlock {
            invocations,
            limit: s.max_invocations,
        });
    }
    let pipeline = gpu.pipeline(&job.source).await?;
    let mut bound = Vec::new();
    for b in &job.buffers {
        bound.push(gpu.storage_with(&b.start)?);
    }
    if !job.scalars.is_empty() {
        bound.push(gpu.uniform_words(&job.scalars)?);
    }
    let flag = gpu.storage_with(&[0])?;
    bound.push(flag.clone());
    let group = gpu.bind(&pipeline, &bound.iter().collect::<Vec<_>>());
    let words = |b: &on_gpu::JobBuffer| u32::try_from(b.start.len()).unwrap_or(u32::MAX);
    let mut reads: Vec<(&web_sys::GpuBuffer, u32)> = job
        .buffers
        .iter()
        .zip(&bound)
        .filter(|(b, _)| b.writable)
        .map(|(b, g)| (g, words(b)))
        .collect();
    reads.push((&flag, 1));
    let mut out = gpu
        .dispatch_and_read(&pipeline, &group, job.grid, &reads)
        .await?;
    let looped = out.pop().and_then(|w| w.first().copied()).unwrap_or(0) != 0;
    Ok((out, looped))
}

/// The GPU worker's side (`src/bin/gpu-run.rs`): answers each `gpu:<query>` with
/// `report:<markup>` once the run is compared; any other message with `none`.
pub fn serve() {
    use wasm_bindgen::JsCast;
    let post = |text: &str| {
        let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let _ = scope.post_message(&wasm_bindgen::JsValue::from_str(text));
    };
    crate::check_worker::listen(move |query, answer| {
        let Some(q) = query.strip_prefix(crate::check_worker::GPU) else {
            answer(crate::check_worker::NONE);
            return;
        };
        let q = q.to_string();
        wasm_bindgen_futures::spawn_local(async move {
            let html = report(&run_query(&q).await);
            post(&format!("{}{html}", crate::check_worker::REPORT));
        });
    });
}

#[cfg(test)]
mod tests;
