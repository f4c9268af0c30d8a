//! The eleven built-in challenges, in order, each with its reference kernel, its tests, its
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
pub const REFERENCE_TOTALS: [(&str, [u64; 2]); 11] = [
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
pub const NAMES: [&str; 11] = [
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

/// The rows `four-rows` sums.
pub const FOUR_ROWS_COUNT: u64 = 4;

/// A block of `x` × `y` threads (every built-in shape is within CUDA's limits, which
/// `tests/challenges.rs` checks by counting each challenge's tests).
fn block(x: u64, y: u64) -> Option<BlockDim> {
    BlockDim::new(x, y, 1).ok()
}

/// One-dimensional tests: block `b`, grid ⌈n/b⌉ (or `grid` when fixed), for each n.
fn over_n(b: u64, grid: Option<u64>, ns: &[i64]) -> Vec<TestLaunch> {
    ns.iter()
        .filter_map(|&n| {
            Some(TestLaunch {
                block: block(b, 1)?,
                grid: (
                    grid.unwrap_or_else(|| u64::try_from(n).unwrap_or(1).div_ceil(b).max(1)),
                    1,
                ),
                ints: vec![("n".to_string(), n)],
            })
        })
        .collect()
}

/// The side of the transpose reference's tile (its `tile[32][33]`): its tests' block is one
/// tile of threads.
const TRANSPOSE_TILE: u64 = 32;
/// The transpose tests' images (w, h): one tile, two side by side, ragged on both edges, and
/// three by two tiles.
const TRANSPOSE_IMAGES: [(i64, i64); 4] = [(32, 32), (64, 32), (33, 65), (96, 64)];

/// Image tests: a `side` × `side` block, a grid covering each w × h.
fn over_image(side: u64, sizes: &[(i64, i64)]) -> Vec<TestLaunch> {
    sizes
        .iter()
        .filter_map(|&(w, h)| {
            Some(TestLaunch {
                block: block(side, side)?,
                grid: (
                    u64::try_from(w).unwrap_or(1).div_ceil(side),
                    u64::try_from(h).unwrap_or(1).div_ceil(side),
                ),
                ints: vec![("w".to_string(), w), ("h".to_string(), h)],
            })
        })
        .collect()
}

/// The starter: the signature of the reference and an empty body.
fn starter(reference: &str) -> String {
    let signature = reference.lines().next().unwrap_or_default();
    format!("{signature}\n    \n}}\n")
}

const fn input() -> Buffer {
    Buffer {
        fill: Fill::Random,
        len: Len::N,
    }
}

/// A built-in's reference, buffers, input range, tests and targets.
type Parts = (
    &'static str,
    Vec<Buffer>,
    (i64, i64),
    Vec<TestLaunch>,
    [Target; 2],
);

/// The parts of the built-in `name` that are not words.
#[allow(clippy::too_many_lines)]
fn parts(name: &str) -> Option<Parts> {
    use Target::{
        Atomics, BankConflicts, DivergentBranches, SharedWavefronts, SmCycles, Transactions,
    };
    let untouched = |len| Buffer {
        fill: Fill::MinusOne,
        len,
    };
    let zeros = |len| Buffer {
        fill: Fill::Zero,
        len,
    };
    Some(match name {
        "add-ten" => (
            ADD_TEN,
            vec![input(), untouched(Len::N)],
            (-1000, 1000),
            over_n(128, None, &[1, 127, 128, 129, 5000]),
            [Transactions, DivergentBranches],
        ),
        "grid-stride" => (
            GRID_STRIDE,
            vec![
                input(),
                Buffer {
                    fill: Fill::Random,
                    len: Len::N,
                },
            ],
            (-1000, 1000),
            over_n(64, Some(2), &[1, 100, 128, 129, 10_000]),
            [Transactions, SmCycles],
        ),
        "mirror" => (
            MIRROR,
            vec![
                Buffer {
                    fill: Fill::Random,
                    len: Len::Area,
                },
                untouched(Len::Area),
            ],
            (-1000, 1000),
            over_image(16, &[(1, 1), (16, 16), (17, 5), (100, 37)]),
            [Transactions, DivergentBranches],
        ),
        "transpose" => (
            TRANSPOSE,
            vec![
                Buffer {
                    fill: Fill::Random,
                    len: Len::Area,
                },
                untouched(Len::Area),
            ],
            (-1000, 1000),
            over_image(TRANSPOSE_TILE, &TRANSPOSE_IMAGES),
            [Transactions, BankConflicts],
        ),
        "block-sum" => (
            BLOCK_SUM,
            vec![input(), zeros(Len::PerBlock(256))],
            (-1000, 1000),
            over_n(256, None, &[5, 256, 1000, 4096]),
            [BankConflicts, DivergentBranches],
        ),
        "warp-sum" => (
            WARP_SUM,
            vec![input(), zeros(Len::PerWarp)],
            (-1000, 1000),
            over_n(128, None, &[128, 512, 4096]),
            [SharedWavefronts, SmCycles],
        ),
        "count-positive" => (
            COUNT_POSITIVE,
            vec![input(), zeros(Len::One)],
            (-100, 100),
            over_n(256, None, &[1, 100, 1000, 5000]),
            [SmCycles, Atomics],
        ),
        "warp-scan" => (
            WARP_SCAN,
            vec![input(), untouched(Len::N)],
            (-1000, 1000),
            over_n(64, None, &[64, 256, 1024]),
            [SharedWavefronts, SmCycles],
        ),
        "even-odd" => (
            EVEN_ODD,
            vec![input(), untouched(Len::N)],
            (-1000, 1000),
            over_n(64, None, &[64, 256, 1024]),
            [DivergentBranches, SmCycles],
        ),
        "spin-lock" => (
            SPIN_LOCK,
            vec![zeros(Len::One), zeros(Len::One)],
            (0, 1),
            [crate::WARP_SIZE, 2 * crate::WARP_SIZE]
                .iter()
                .filter_map(|&b| {
                    Some(TestLaunch {
                        block: block(b, 1)?,
                        grid: (1, 1),
                        ints: Vec::new(),
                    })
                })
                .collect(),
            [SmCycles, Atomics],
        ),
        "four-rows" => (
            FOUR_ROWS,
            vec![
                Buffer {
                    fill: Fill::Random,
                    len: Len::Rows(FOUR_ROWS_COUNT),
                },
                untouched(Len::N),
            ],
            (-1000, 1000),
            over_n(128, None, &[1, 100, 1000, 4096]),
            [Transactions, SmCycles],
        ),
        _ => return None,
    })
}

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
    let (reference, buffers, range, tests, targets) = parts(name)?;
    let name = NAMES.into_iter().find(|n| *n == name)?;
    Some(Challenge {
        name: name.to_string(),
        title: String::new(),
        task: String::new(),
        starter: starter(reference),
        reference: reference.to_string(),
        buffers,
        range,
        tests,
        targets: targets.to_vec(),
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
        _ => (
            tr!("challenge.spin-lock.task"),
            vec![
                tr!("challenge.spin-lock.why.1"),
                tr!("challenge.spin-lock.why.2"),
            ],
        ),
    }
}
