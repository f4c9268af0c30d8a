//! The fourteen built-in challenges, in order, each with its reference kernel, its tests, its
//! inputs and its two targets. The references are the kernels a course would call right and
//! reasonably fast; `tests/challenges.rs` checks each against an oracle written in plain Rust,
//! and runs right and wrong solutions written the way learners write them.
//!
//! A target on time is `sm-cycles`, the launch timed on the SM's schedulers (issue 47): a
//! load's latency hidden by other warps' work counts as hidden. The cost model's `cycles` (each
//! warp's costs added up) stays a target a custom link can name.

use super::spec::{Buffer, Challenge, Fill, Len, Target, TestLaunch};
use crate::kernel_lab::exec::Sched;
use crate::warps::map::BlockDim;

/// Each built-in's reference, summed over its tests for its two targets (in star order): what
/// the targets show from the start, before a first Check has run the reference (issue 45). Kept
/// here, not run on the page at load (ten tests on a phone's main thread); the model test
/// `the_pinned_reference_totals_are_the_references_own` runs every reference and compares.
pub const REFERENCE_TOTALS: [(&str, [u64; 2]); 14] = [
    ("add-ten", [342, 4]),
    ("grid-stride", [981, 33867]),
    ("mirror", [719, 30]),
    ("transpose", [929, 0]),
    ("block-sum", [0, 132]),
    ("warp-sum", [0, 2266]),
    ("count-positive", [5004, 208]),
    ("warp-scan", [0, 1508]),
    ("even-odd", [0, 1266]),
    ("spin-lock", [78148, 1680]),
    ("four-rows", [927, 2252]),
    ("tiled-matmul", [1212, 0]),
    ("stencil", [96, 3548]),
    ("histogram", [345, 4672]),
];

/// The reference's total for target `k` (0 or 1) of the built-in `name`, from
/// [`REFERENCE_TOTALS`]; `None` for a custom challenge (its reference has not run yet).
#[must_use]
pub fn reference_total(name: &str, k: usize) -> Option<u64> {
    REFERENCE_TOTALS
        .iter()
        .find(|(n, _)| *n == name)
        .and_then(|(_, t)| t.get(k).copied())
}

/// The built-in challenges' names, in order.
pub const NAMES: [&str; 14] = [
    "add-ten",
    "grid-stride",
    "mirror",
    "transpose",
    "block-sum",
    "warp-sum",
    "count-positive",
    "warp-scan",
    "even-odd",
    "spin-lock",
    "four-rows",
    "tiled-matmul",
    "stencil",
    "histogram",
];

const ADD_TEN: &str = "__global__ void add_ten(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i] + 10;
    }
}
";

const GRID_STRIDE: &str = "__global__ void grid_stride(const int* in, int* out, int n) {
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        out[i] += in[i];
    }
}
";

const MIRROR: &str = "__global__ void mirror(const int* in, int* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        out[y * w + (w - 1 - x)] = in[y * w + x];
    }
}
";

const TRANSPOSE: &str = "__global__ void transpose(const float* in, float* out, int w, int h) {
    // One 32 x 32 tile through shared memory, padded to 33 columns: a column read
    // walks 33 words, one bank further each row.
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x;
    int y = blockIdx.y * 32 + threadIdx.y;
    if (x < w && y < h) {
        tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    }
    __syncthreads();
    int col = blockIdx.y * 32 + threadIdx.x;
    int row = blockIdx.x * 32 + threadIdx.y;
    if (col < h && row < w) {
        out[row * h + col] = tile[threadIdx.x][threadIdx.y];
    }
}
";

const BLOCK_SUM: &str = "__global__ void block_sum(const int* in, int* out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    // Sequential addressing: the active threads stay contiguous, the words too.
    for (int k = 128; k > 0; k /= 2) {
        if (t < k) {
            s[t] += s[t + k];
        }
        __syncthreads();
    }
    if (t == 0) {
        out[blockIdx.x] = s[0];
    }
}
";

const WARP_SUM: &str = "__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (int d = 16; d > 0; d /= 2) {
        v += __shfl_down_sync(0xffffffff, v, d);
    }
    if (threadIdx.x % 32 == 0) {
        out[i / 32] = v;
    }
}
";

const COUNT_POSITIVE: &str = "__global__ void count_positive(const int* in, int* count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool positive = i < n && in[i] > 0;
    unsigned votes = __ballot_sync(0xffffffff, positive);
    if (threadIdx.x % 32 == 0) {
        atomicAdd(&count[0], __popc(votes));
    }
}
";

const WARP_SCAN: &str = "__global__ void warp_scan(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    for (int d = 1; d < 32; d *= 2) {
        int y = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) {
            v += y;
        }
    }
    out[i] = v;
}
";

const EVEN_ODD: &str = "__global__ void even_odd(const int* in, int* out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = t / 32;
    int lane = t % 32;
    // Warps in pairs: the first takes the 32 even elements of its 64, the second the odd.
    int i = (warp / 2) * 64 + 2 * lane + warp % 2;
    if (warp % 2 == 0) {
        out[i] = 3 * in[i];
    } else {
        out[i] = in[i] - 1;
    }
}
";

const SPIN_LOCK: &str = "__global__ void spin_lock(int* lock, int* counter) {
    bool done = false;
    while (!done) {
        if (atomicCAS(&lock[0], 0, 1) == 0) {
            counter[0] = counter[0] + 1;
            atomicExch(&lock[0], 0);
            done = true;
        }
    }
}
";

const FOUR_ROWS: &str = "__global__ void four_rows(const int* a, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        // Four loads, none waiting for another: their 400 cycles overlap.
        int x0 = a[i];
        int x1 = a[n + i];
        int x2 = a[2 * n + i];
        int x3 = a[3 * n + i];
        out[i] = x0 + x1 + x2 + x3;
    }
}
";

const TILED_MATMUL: &str =
    "__global__ void matmul(const float* a, const float* b, float* c, int n) {
    // 16 x 16 tiles of a and b in shared memory: each element a block needs is loaded
    // from global memory once, then read 16 times from the tile.
    __shared__ float ta[16][16];
    __shared__ float tb[16][16];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * 16 + ty;
    int col = blockIdx.x * 16 + tx;
    float sum = 0.0f;
    for (int t = 0; t < n; t += 16) {
        ta[ty][tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
        tb[ty][tx] = t + ty < n && col < n ? b[(t + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < 16; k++) {
            sum += ta[ty][k] * tb[k][tx];
        }
        __syncthreads();
    }
    if (row < n && col < n) {
        c[row * n + col] = sum;
    }
}
";

const STENCIL: &str = "__global__ void stencil(const int* in, int* out, int n) {
    // The block's 128 elements and 3 more on each side (the halo) go to shared memory
    // once; the seven neighbours are read from there.
    __shared__ int s[134];
    int t = threadIdx.x;
    int i = blockIdx.x * 128 + t;
    s[t + 3] = i < n ? in[i] : 0;
    if (t < 3) {
        s[t] = i >= 3 ? in[i - 3] : 0;
        s[t + 131] = i + 128 < n ? in[i + 128] : 0;
    }
    __syncthreads();
    if (i < n) {
        int sum = 0;
        for (int k = 0; k < 7; k++) {
            sum += s[t + k];
        }
        out[i] = sum;
    }
}
";

const HISTOGRAM: &str = "__global__ void histogram(const int* in, int* bins, int n) {
    // Each block counts into its own 256 bins in shared memory, then adds each of them
    // to the global bin once: a warp's 32 bins are one 128-byte segment.
    __shared__ int h[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    h[t] = 0;
    __syncthreads();
    if (i < n) {
        atomicAdd(&h[in[i]], 1);
    }
    __syncthreads();
    atomicAdd(&bins[t], h[t]);
}
";

/// The rows `four-rows` sums.
pub const FOUR_ROWS_COUNT: u64 = 4;

/// The side of `tiled-matmul`'s tile and of its tests' blocks.
const MATMUL_TILE: u64 = 16;
/// `tiled-matmul`'s matrices (n × n): one tile, a ragged 2 × 2 tiles, and 3 × 3 tiles.
const MATMUL_SIZES: [i64; 3] = [16, 20, 48];
/// `histogram`'s bins: its inputs are in [0, 256).
pub const HISTOGRAM_BINS: u64 = 256;

/// How a built-in's tests launch: data, with one builder for all fourteen (a match arm that
/// built each challenge's vectors cost the check worker 0.1 kB gzip more).
#[derive(Clone, Copy)]
enum Tests {
    /// One-dimensional: block `block`, grid ⌈n/block⌉ (or `grid` when fixed), for each n.
    OverN {
        block: u64,
        grid: Option<u64>,
        ns: &'static [i64],
    },
    /// Images: a `side` × `side` block, a grid covering each w × h.
    Image {
        side: u64,
        sizes: &'static [(i64, i64)],
    },
    /// Square matrices: a `side` × `side` block, a grid covering each n × n.
    Square { side: u64, ns: &'static [i64] },
    /// One block of each of these sizes, no int parameters (`spin-lock`).
    Blocks(&'static [u64]),
}

impl Tests {
    /// The launches (every built-in shape is within CUDA's limits, which
    /// `tests/challenges.rs` checks by counting each challenge's tests).
    fn launches(self) -> Vec<TestLaunch> {
        let block = |x: u64, y: u64| BlockDim::new(x, y, 1).ok();
        let blocks = |n: i64, side: u64| u64::try_from(n).unwrap_or(1).div_ceil(side).max(1);
        let int = |name: &str, v: i64| (name.to_string(), v);
        match self {
            Tests::OverN { block: b, grid, ns } => ns
                .iter()
                .filter_map(|&n| {
                    Some(TestLaunch {
                        block: block(b, 1)?,
                        grid: (grid.unwrap_or_else(|| blocks(n, b)), 1),
                        ints: vec![int("n", n)],
                    })
                })
                .collect(),
            Tests::Image { side, sizes } => sizes
                .iter()
                .filter_map(|&(w, h)| {
                    Some(TestLaunch {
                        block: block(side, side)?,
                        grid: (blocks(w, side), blocks(h, side)),
                        ints: vec![int("w", w), int("h", h)],
                    })
                })
                .collect(),
            Tests::Square { side, ns } => ns
                .iter()
                .filter_map(|&n| {
                    Some(TestLaunch {
                        block: block(side, side)?,
                        grid: (blocks(n, side), blocks(n, side)),
                        ints: vec![int("n", n)],
                    })
                })
                .collect(),
            Tests::Blocks(sizes) => sizes
                .iter()
                .filter_map(|&b| {
                    Some(TestLaunch {
                        block: block(b, 1)?,
                        grid: (1, 1),
                        ints: Vec::new(),
                    })
                })
                .collect(),
        }
    }
}

/// The starter: the signature of the reference and an empty body.
fn starter(reference: &str) -> String {
    let signature = reference.lines().next().unwrap_or_default();
    format!("{signature}\n    \n}}\n")
}

/// Seeded random values in the challenge's range, `len` of them (a `const` input).
const fn random(len: Len) -> Buffer {
    Buffer {
        fill: Fill::Random,
        len,
    }
}

/// −1 everywhere, `len` of them: an element the kernel must not touch stays −1.
const fn untouched(len: Len) -> Buffer {
    Buffer {
        fill: Fill::MinusOne,
        len,
    }
}

/// Zeros, `len` of them.
const fn zeros(len: Len) -> Buffer {
    Buffer {
        fill: Fill::Zero,
        len,
    }
}

/// A built-in's parts that are not words: its reference, buffers, input range, tests and
/// targets.
struct Parts {
    reference: &'static str,
    buffers: &'static [Buffer],
    range: (i64, i64),
    tests: Tests,
    targets: [Target; 2],
}

/// `n` random inputs and an output of `n` that starts at −1.
const IN_OUT: &[Buffer] = &[random(Len::N), untouched(Len::N)];

/// Each built-in's parts, in [`NAMES`]' order.
#[rustfmt::skip]
const PARTS: [Parts; 14] = {
    use Target::{
        Atomics, BankConflicts, DivergentBranches, SharedWavefronts, SmCycles, Transactions,
    };
    const fn over_n(block: u64, ns: &'static [i64]) -> Tests {
        Tests::OverN { block, grid: None, ns }
    }
    [
        Parts { reference: ADD_TEN, buffers: IN_OUT, range: (-1000, 1000),
            tests: over_n(128, &[1, 127, 128, 129, 5000]),
            targets: [Transactions, DivergentBranches] },
        Parts { reference: GRID_STRIDE, buffers: &[random(Len::N), random(Len::N)],
            range: (-1000, 1000),
            tests: Tests::OverN { block: 64, grid: Some(2), ns: &[1, 100, 128, 129, 10_000] },
            targets: [Transactions, SmCycles] },
        Parts { reference: MIRROR, buffers: &[random(Len::Area), untouched(Len::Area)],
            range: (-1000, 1000),
            tests: Tests::Image { side: 16, sizes: &[(1, 1), (16, 16), (17, 5), (100, 37)] },
            targets: [Transactions, DivergentBranches] },
        Parts { reference: TRANSPOSE, buffers: &[random(Len::Area), untouched(Len::Area)],
            range: (-1000, 1000),
            tests: Tests::Image { side: TRANSPOSE_TILE, sizes: &TRANSPOSE_IMAGES },
            targets: [Transactions, BankConflicts] },
        Parts { reference: BLOCK_SUM, buffers: &[random(Len::N), zeros(Len::PerBlock(256))],
            range: (-1000, 1000), tests: over_n(256, &[5, 256, 1000, 4096]),
            targets: [BankConflicts, DivergentBranches] },
        Parts { reference: WARP_SUM, buffers: &[random(Len::N), zeros(Len::PerWarp)],
            range: (-1000, 1000), tests: over_n(128, &[128, 512, 4096]),
            targets: [SharedWavefronts, SmCycles] },
        Parts { reference: COUNT_POSITIVE, buffers: &[random(Len::N), zeros(Len::One)],
            range: (-100, 100), tests: over_n(256, &[1, 100, 1000, 5000]),
            targets: [SmCycles, Atomics] },
        Parts { reference: WARP_SCAN, buffers: IN_OUT, range: (-1000, 1000),
            tests: over_n(64, &[64, 256, 1024]), targets: [SharedWavefronts, SmCycles] },
        Parts { reference: EVEN_ODD, buffers: IN_OUT, range: (-1000, 1000),
            tests: over_n(64, &[64, 256, 1024]), targets: [DivergentBranches, SmCycles] },
        Parts { reference: SPIN_LOCK, buffers: &[zeros(Len::One), zeros(Len::One)],
            range: (0, 1), tests: Tests::Blocks(&[crate::WARP_SIZE, 2 * crate::WARP_SIZE]),
            targets: [SmCycles, Atomics] },
        Parts { reference: FOUR_ROWS,
            buffers: &[random(Len::Rows(FOUR_ROWS_COUNT)), untouched(Len::N)],
            range: (-1000, 1000), tests: over_n(128, &[1, 100, 1000, 4096]),
            targets: [Transactions, SmCycles] },
        // Whole numbers below 10 in size: a sum of 48 products stays exact in a float, in
        // any order.
        Parts { reference: TILED_MATMUL,
            buffers: &[random(Len::Square), random(Len::Square), untouched(Len::Square)],
            range: (-10, 10), tests: Tests::Square { side: MATMUL_TILE, ns: &MATMUL_SIZES },
            targets: [Transactions, BankConflicts] },
        Parts { reference: STENCIL, buffers: IN_OUT, range: (-1000, 1000),
            tests: over_n(128, &[1, 100, 128, 1000]), targets: [Transactions, SmCycles] },
        Parts { reference: HISTOGRAM,
            buffers: &[random(Len::N), zeros(Len::Fixed(HISTOGRAM_BINS))],
            range: (0, 256), tests: over_n(256, &[1, 256, 1000, 4096]),
            targets: [Transactions, SmCycles] },
    ]
};

/// The side of the transpose reference's tile (its `tile[32][33]`): its tests' block is one
/// tile of threads.
const TRANSPOSE_TILE: u64 = 32;
/// The transpose tests' images (w, h): one tile, two side by side, ragged on both edges, and
/// three by two tiles.
const TRANSPOSE_IMAGES: [(i64, i64); 4] = [(32, 32), (64, 32), (33, 65), (96, 64)];

/// The built-in challenge `name`, its words in the current language.
#[must_use]
pub fn builtin(name: &str) -> Option<Challenge> {
    let mut c = bare(name)?;
    let (task, why) = words(&c.name);
    c.title = self::title(&c.name).to_string();
    c.task = task;
    c.why = why;
    Some(c)
}

/// The built-in challenge `name` without its words (an empty title, statement and "why"):
/// all a check needs. The check worker's bundle builds its challenges so, and does not link
/// the statements of every challenge (3.6 kB gzip with their "why" lines).
#[must_use]
pub fn bare(name: &str) -> Option<Challenge> {
    let k = NAMES.iter().position(|n| *n == name)?;
    let (name, p) = (NAMES[k], PARTS.get(k)?);
    Some(Challenge {
        name: name.to_string(),
        title: String::new(),
        task: String::new(),
        starter: starter(p.reference),
        reference: p.reference.to_string(),
        buffers: p.buffers.to_vec(),
        range: p.range,
        tests: p.tests.launches(),
        targets: p.targets.to_vec(),
        sched: if name == "spin-lock" {
            Sched::Its
        } else {
            Sched::Stack
        },
        forbidden: if name == "spin-lock" {
            vec!["atomicAdd"]
        } else {
            Vec::new()
        },
        why: Vec::new(),
        seed: crate::rng::seed_from(name.bytes()),
    })
}

/// A built-in challenge's title, in the current language (the home view's board), without
/// building the challenge.
#[must_use]
pub fn title(name: &str) -> &'static str {
    use crate::t;
    match name {
        "add-ten" => t!("challenge.add-ten.title"),
        "grid-stride" => t!("challenge.grid-stride.title"),
        "mirror" => t!("challenge.mirror.title"),
        "transpose" => t!("challenge.transpose.title"),
        "block-sum" => t!("challenge.block-sum.title"),
        "warp-sum" => t!("challenge.warp-sum.title"),
        "count-positive" => t!("challenge.count-positive.title"),
        "warp-scan" => t!("challenge.warp-scan.title"),
        "even-odd" => t!("challenge.even-odd.title"),
        "spin-lock" => t!("challenge.spin-lock.title"),
        "four-rows" => t!("challenge.four-rows.title"),
        "tiled-matmul" => t!("challenge.tiled-matmul.title"),
        "stencil" => t!("challenge.stencil.title"),
        "histogram" => t!("challenge.histogram.title"),
        _ => t!("challenge.custom.title"),
    }
}

/// The statement and the two "why it costs what it costs" lines (the title is [`title`]'s).
fn words(name: &str) -> (String, Vec<String>) {
    use crate::tr;
    match name {
        "add-ten" => (
            tr!("challenge.add-ten.task"),
            vec![
                tr!("challenge.add-ten.why.1"),
                tr!("challenge.add-ten.why.2"),
            ],
        ),
        "grid-stride" => (
            tr!("challenge.grid-stride.task"),
            vec![
                tr!("challenge.grid-stride.why.1"),
                tr!("challenge.grid-stride.why.2"),
            ],
        ),
        "mirror" => (
            tr!("challenge.mirror.task"),
            vec![tr!("challenge.mirror.why.1"), tr!("challenge.mirror.why.2")],
        ),
        "transpose" => (
            tr!("challenge.transpose.task"),
            vec![
                tr!("challenge.transpose.why.1"),
                tr!("challenge.transpose.why.2"),
            ],
        ),
        "block-sum" => (
            tr!("challenge.block-sum.task"),
            vec![
                tr!("challenge.block-sum.why.1"),
                tr!("challenge.block-sum.why.2"),
            ],
        ),
        "warp-sum" => (
            tr!("challenge.warp-sum.task"),
            vec![
                tr!("challenge.warp-sum.why.1"),
                tr!("challenge.warp-sum.why.2"),
            ],
        ),
        "count-positive" => (
            tr!("challenge.count-positive.task"),
            vec![
                tr!("challenge.count-positive.why.1"),
                tr!("challenge.count-positive.why.2"),
            ],
        ),
        "warp-scan" => (
            tr!("challenge.warp-scan.task"),
            vec![
                tr!("challenge.warp-scan.why.1"),
                tr!("challenge.warp-scan.why.2"),
            ],
        ),
        "even-odd" => (
            tr!("challenge.even-odd.task"),
            vec![
                tr!("challenge.even-odd.why.1"),
                tr!("challenge.even-odd.why.2"),
            ],
        ),
        "four-rows" => (
            tr!("challenge.four-rows.task"),
            vec![
                tr!("challenge.four-rows.why.1"),
                tr!("challenge.four-rows.why.2"),
            ],
        ),
        "tiled-matmul" => (
            tr!("challenge.tiled-matmul.task"),
            vec![
                tr!("challenge.tiled-matmul.why.1"),
                tr!("challenge.tiled-matmul.why.2"),
            ],
        ),
        "stencil" => (
            tr!("challenge.stencil.task"),
            vec![
                tr!("challenge.stencil.why.1"),
                tr!("challenge.stencil.why.2"),
            ],
        ),
        "histogram" => (
            tr!("challenge.histogram.task"),
            vec![
                tr!("challenge.histogram.why.1"),
                tr!("challenge.histogram.why.2"),
            ],
        ),
        _ => (
            tr!("challenge.spin-lock.task"),
            vec![
                tr!("challenge.spin-lock.why.1"),
                tr!("challenge.spin-lock.why.2"),
            ],
        ),
    }
}
