//! The lab's launch on the learner's GPU, compared with the model element by element (issue
//! 69, part 2).
//!
//! [`job`] reads the lab's query as the page runs it (the kernel, its launch, `n`), runs it in
//! the model from the lab's start (every buffer `p[i] = i`, `n` as given, other scalars 0,
//! shared memory 0), and writes it as one WGSL shader ([`translate_guarded`]) with every
//! buffer's words before and, as the model left them, after. The GPU worker
//! (`src/gpu/lab.rs`) runs that shader with the same words, reads every buffer the kernel may
//! write back, and [`compare`] finds each element equal or not:
//! - `int` and `unsigned` elements exactly, as 32-bit words: the model's `int` is 64 bits wide,
//!   so its value is wrapped to 32 bits as the GPU's is, and a kernel whose arithmetic passes
//!   2³¹ on the way (a product divided back down) differs there, as the page says;
//! - `float` elements exactly when the kernel neither divides nor multiplies floats, nor takes
//!   a square root ([`Wgsl::rounds`](super::wgsl::Wgsl::rounds)); otherwise within [`ULPS`] units in the last place, since WGSL's division is
//!   accurate to 2.5 ULP, its square root is inherited from `inverseSqrt`, and a GPU may fuse a
//!   multiply and an add into one rounding. Two NaNs are equal, and so are +0 and −0.
//!
//! Pure: no GPU here, only the words in and out.

use super::exec::{self, Initial, Val};
use super::panel::{launch, KernelInput, SRC};
use super::parse::Ty;
use super::wgsl::{translate_guarded, Unsupported};
use crate::figure::{Figure, Value};
use crate::query::Query;

/// Units in the last place a float element may differ by when the kernel divides, multiplies
/// or takes a square root.
pub const ULPS: u32 = 4;

/// Turns each loop may take on the GPU before the shader gives up on it (the model's step
/// budget counts warp instructions, which no single loop of a kernel it finished took more of).
pub const LOOP_TURNS: u32 = 1 << 22;

/// Differing elements a comparison lists (the first ones, in buffer and index order).
pub const LISTED: usize = 5;

/// One pointer parameter's storage buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobBuffer {
    /// The parameter's name.
    pub name: String,
    /// Its element type.
    pub ty: Ty,
    /// Whether the kernel may write it (not `const`): read back and compared.
    pub writable: bool,
    /// Its words when the launch starts.
    pub start: Vec<u32>,
    /// Its words after the model's run.
    pub expected: Vec<u32>,
}

/// A launch as the GPU runs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The WGSL (entry point `main`): buffers at bindings 0…, then the scalars' uniform struct
    /// when there are scalars, then the `w_stopped` flag.
    pub source: String,
    /// Workgroups in x and y (the launch's grid).
    pub grid: [u32; 2],
    /// Threads of a block in x, y, z.
    pub block: [u32; 3],
    /// The buffers, in binding order.
    pub buffers: Vec<JobBuffer>,
    /// The scalars' uniform words, in the struct's order (empty: no uniform binding).
    pub scalars: Vec<u32>,
    /// Units in the last place a float element may differ by (0: exactly).
    pub ulps: u32,
    /// Whether the model found a race: then the GPU's order may give other values.
    pub race: bool,
}

/// Why a launch does not go to the GPU.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The kernel does not compile, or the launch's inputs do not read (the lab's own message).
    Inputs(String),
    /// The model's run stopped (the step budget, an out-of-bounds access…): nothing to compare.
    Model(String),
    /// A construct the translation does not cover, with its line.
    Unsupported(Unsupported),
}

/// The launch the lab's query `search` (without `?`) describes, as a GPU job.
///
/// # Errors
/// Why it does not go to the GPU ([`Refusal`]).
pub fn job(search: &str) -> Result<Job, Refusal> {
    let input = KernelInput::from_query(&Query::parse(search), &KernelInput::default());
    let src = input.get(&SRC);
    let kernel = super::compile(src).map_err(|e| Refusal::Inputs(e.with_caret(src)))?;
    let (launch, _) = launch(&input).map_err(|errors| {
        Refusal::Inputs(
            errors
                .iter()
                .map(|e| format!("{}: {}", e.param, e.message))
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    let dim = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    let block = [
        dim(launch.block.x()),
        dim(launch.block.y()),
        dim(launch.block.z()),
    ];
    let wgsl = translate_guarded(&kernel, block, LOOP_TURNS).map_err(Refusal::Unsupported)?;
    let (run, after) = exec::run_from(&kernel, launch, &Initial::default())
        .map_err(|e| Refusal::Model(e.message))?;
    let pointers = kernel.params.iter().filter(|p| p.pointer);
    let buffers = pointers
        .zip(after)
        .map(|(p, after)| JobBuffer {
            name: p.name.clone(),
            ty: p.ty,
            writable: !p.read_only,
            // The lab's start: every element its index (`exec::run`'s machine).
            start: (0..launch.len).map(|i| word(p.ty, i as f64)).collect(),
            expected: after.iter().map(|v| word(p.ty, *v)).collect(),
        })
        .collect();
    let scalars = wgsl
        .scalars
        .iter()
        .map(|(name, ty)| {
            let v = if name == "n" { launch.n } else { 0 };
            match ty {
                Ty::Bool => u32::from(v != 0),
                t => word(*t, v as f64),
            }
        })
        .collect();
    Ok(Job {
        source: wgsl.source,
        grid: [dim(launch.grid.0), dim(launch.grid.1)],
        block,
        buffers,
        scalars,
        ulps: if wgsl.rounds { ULPS } else { 0 },
        race: run.race.is_some() || run.global_race.is_some(),
    })
}

/// An element's value as the 32-bit word a GPU buffer holds: `int` wrapped to 32 bits.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn word(ty: Ty, v: f64) -> u32 {
    match ty {
        Ty::Float => (v as f32).to_bits(),
        Ty::Unsigned => v as i64 as u32,
        _ => v as i64 as i32 as u32,
    }
}

/// A word of type `ty` as people read it.
#[must_use]
pub fn word_text(ty: Ty, w: u32) -> String {
    match ty {
        Ty::Float => Val::F(f32::from_bits(w)).text(),
        Ty::Unsigned => w.to_string(),
        #[allow(clippy::cast_possible_wrap)]
        _ => (w as i32).to_string(),
    }
}

/// One element the GPU and the model do not agree on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diff {
    /// The buffer.
    pub name: String,
    /// The element.
    pub index: usize,
    /// The model's value, as people read it.
    pub model: String,
    /// The GPU's value (`none` when the GPU gave fewer elements).
    pub gpu: String,
}

/// A GPU run's buffers against the model's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// Elements compared: every element of every buffer the kernel may write.
    pub elements: u64,
    /// Of those, the ones equal (within the job's ULP bound for floats).
    pub equal: u64,
    /// The first [`LISTED`] that differ.
    pub first: Vec<Diff>,
}

impl Compared {
    /// Every element equal.
    #[must_use]
    pub fn matches(&self) -> bool {
        self.elements == self.equal
    }

    /// The elements that differ.
    #[must_use]
    pub fn differing(&self) -> u64 {
        self.elements - self.equal
    }

    /// Its figures, as the report shows them: `gpu-elements` and `gpu-equal`.
    #[must_use]
    pub fn figures(&self) -> [Figure; 2] {
        use crate::t;
        [
            Figure::new(
                "gpu-elements",
                t!("ui.lab-gpu.figure.elements"),
                Value::Int(self.elements),
                t!("ui.lab-gpu.figure.unit"),
                t!("ui.lab-gpu.figure.elements.help"),
            ),
            Figure::new(
                "gpu-equal",
                t!("ui.lab-gpu.figure.equal"),
                Value::Int(self.equal),
                t!("ui.lab-gpu.figure.unit"),
                t!("ui.lab-gpu.figure.equal.help"),
            ),
        ]
    }
}

/// Whether two words of type `ty` are equal within `ulps` (floats only).
#[must_use]
pub fn same(ty: Ty, a: u32, b: u32, ulps: u32) -> bool {
    if a == b {
        return true;
    }
    if ty != Ty::Float {
        return false;
    }
    let (x, y) = (f32::from_bits(a), f32::from_bits(b));
    if x.is_nan() || y.is_nan() {
        return x.is_nan() && y.is_nan();
    }
    if (a | b) << 1 == 0 {
        // +0 and −0.
        return true;
    }
    // The floats' order as integers: adjacent floats are adjacent integers, across zero too.
    let order = |w: u32| -> i64 {
        #[allow(clippy::cast_possible_wrap)]
        let i = i64::from(w as i32);
        if i < 0 {
            i64::from(i32::MIN) - i
        } else {
            i
        }
    };
    (order(a) - order(b)).unsigned_abs() <= u64::from(ulps)
}

/// The GPU's words `got` (one list per writable buffer, in binding order) against the job's.
#[must_use]
pub fn compare(job: &Job, got: &[Vec<u32>]) -> Compared {
    let mut c = Compared {
        elements: 0,
        equal: 0,
        first: Vec::new(),
    };
    for (b, got) in job
        .buffers
        .iter()
        .filter(|b| b.writable)
        .zip(got.iter().map(Some).chain(std::iter::repeat(None)))
    {
        for (i, want) in b.expected.iter().enumerate() {
            c.elements += 1;
            let had = got.and_then(|g| g.get(i)).copied();
            if had.is_some_and(|h| same(b.ty, *want, h, job.ulps)) {
                c.equal += 1;
            } else if c.first.len() < LISTED {
                c.first.push(Diff {
                    name: b.name.clone(),
                    index: i,
                    model: word_text(b.ty, *want),
                    gpu: had.map_or_else(|| "none".into(), |h| word_text(b.ty, h)),
                });
            }
        }
    }
    c
}

#[cfg(test)]
mod tests;
