//! The seeds' worked examples as presets, keyed `topic/cell` after each seed's scenario matrix:
//! `warp-scheduling` is seed 000 (cells A–J with C2), `divergence` is seed 003 (C1–C10),
//! `execution-model` is seed 004 (A–J).
//!
//! A preset names its panel, the parameters that reproduce the seed's inputs, and the seed's
//! question and Forecast line. Cells whose panel has not landed yet carry no parameters; the app
//! shows a plain "coming with the … panel" note for them.

use crate::params::{quote, ParamError};
use crate::query::Panel;

/// One worked example of a seed page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// `warp-scheduling`, `divergence` or `execution-model`.
    pub topic: &'static str,
    /// The cell of the seed's scenario matrix (`A`, `C2`, `C10`, …).
    pub cell: &'static str,
    /// The seed file and example it reproduces ("seed 000, Ex 3").
    pub source: &'static str,
    /// The cell's case class, as the matrix names it.
    pub title: &'static str,
    /// The panel that shows it.
    pub panel: Panel,
    /// The panel parameters that reproduce the seed's inputs (empty until the panel lands).
    pub params: &'static [(&'static str, &'static str)],
    /// The seed's question.
    pub question: &'static str,
    /// The seed's Forecast line.
    pub forecast: &'static str,
    /// Set where the seed page lost the example's body and this one was written to fit its cell.
    pub written_here: bool,
    /// Related views the seed discusses (label, query string without `?`).
    pub follow_ups: &'static [(&'static str, &'static str)],
    /// What the preset adds to the seed's numbers, where it had to (shown with the preset).
    pub note: &'static str,
}

/// The three seed topics: (`example=` topic, seed file, title).
pub const TOPICS: [(&str, &str, &str); 3] = [
    (
        "warp-scheduling",
        "000_d0e24682c8db7b9b.txt",
        "Warps and warp scheduling",
    ),
    (
        "divergence",
        "003_ecc900465205f44d.txt",
        "Warp divergence penalties",
    ),
    (
        "execution-model",
        "004_d14172f99206c33a.txt",
        "CUDA cores and execution model",
    ),
];

const fn ex(
    topic: &'static str,
    cell: &'static str,
    source: &'static str,
    title: &'static str,
    panel: Panel,
) -> Example {
    Example {
        topic,
        cell,
        source,
        title,
        panel,
        params: &[],
        question: "",
        forecast: "",
        written_here: false,
        follow_ups: &[],
        note: "",
    }
}

/// Every cell of the three seeds' matrices.
pub static ALL: &[Example] = &[
    // Seed 000 — warps and warp scheduling.
    Example {
        params: &[("block", "256")],
        question: "blockDim = (256, 1, 1). How many warps are there, and are they all full?",
        forecast: "Guess the warp count before reading on. (Hint: divide.)",
        ..ex(
            "warp-scheduling",
            "A",
            "seed 000, Ex 1",
            "Clean 1D block, multiple of 32",
            Panel::Warps,
        )
    },
    Example {
        params: &[("block", "100")],
        question:
            "blockDim = (100, 1, 1). How many warps are there, and how many lanes are wasted?",
        forecast: "Are there 3 warps or 4? And what is wasted?",
        ..ex(
            "warp-scheduling",
            "B",
            "seed 000, Ex 2",
            "Block not a multiple of 32",
            Panel::Warps,
        )
    },
    Example {
        params: &[("block", "48,4"), ("warp", "1")],
        question: "blockDim = (48, 4, 1). Which threads land in warp 1?",
        forecast: "Guess whether warp 1 stays inside a single row.",
        ..ex(
            "warp-scheduling",
            "C",
            "seed 000, Ex 3",
            "2D block, row-major flatten",
            Panel::Warps,
        )
    },
    Example {
        params: &[("block", "8,4,3"), ("thread", "70")],
        question: "blockDim = (8, 4, 3). Which slice and row hold linear index 70, and how many \
                   warps are there?",
        forecast: "Guess whether index 70 is in the first, second or third z-slice.",
        ..ex(
            "warp-scheduling",
            "C2",
            "seed 000, Ex 3b",
            "True 3D block, non-unit depth",
            Panel::Warps,
        )
    },
    Example {
        params: &[("block", "20")],
        question: "blockDim = (20, 1, 1), smaller than one warp. How many warps does the block \
                   occupy, and how many of their lanes do nothing?",
        forecast: "Does a 20-thread block get a smaller, 20-lane warp?",
        written_here: true,
        ..ex(
            "warp-scheduling",
            "D",
            "seed 000, Ex 4",
            "Degenerate: block smaller than 32",
            Panel::Warps,
        )
    },
    Example {
        params: &[("L", "300"), ("W", "15")],
        question:
            "Each warp issues W = 15 independent instructions, then waits L = 300 cycles for \
                   memory. How many warps keep the scheduler busy, and does a 64-warp SM have them?",
        forecast: "Guess the warp count: L / W, or more?",
        written_here: true,
        ..ex(
            "warp-scheduling",
            "E",
            "seed 000, Ex 5",
            "Latency hiding: enough warps?",
            Panel::Latency,
        )
    },
    Example {
        params: &[("L", "400"), ("W", "1")],
        question: "A kernel that streams back-to-back loads: L = 400, W = 1. How many warps would \
                   hide the stall?",
        forecast: "Is it even possible?",
        ..ex(
            "warp-scheduling",
            "F",
            "seed 000, Ex 6",
            "Zero compute between loads",
            Panel::Latency,
        )
    },
    Example {
        params: &[("paths", "30,30"), ("lanes", "20,12")],
        question: "A split warp: 20 lanes take the if (T_if = 30 cycles), 12 the else \
                   (T_else = 30). What is the slowdown against an undivided warp?",
        forecast: "Does the 20-vs-12 split change the answer? Guess yes or no.",
        follow_ups: &[(
            "The same with a 31-vs-1 split",
            "panel=divergence&paths=30,30&lanes=31,1",
        )],
        ..ex(
            "warp-scheduling",
            "G",
            "seed 000, Ex 7",
            "Divergence, both branches taken",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("paths", "30,30"), ("lanes", "32,0")],
        question: "No real divergence: all 32 lanes take the if (T_if = 30), none the else. What \
                   is the penalty?",
        forecast: "Does the else block cost anything if nobody enters it?",
        ..ex(
            "warp-scheduling",
            "H",
            "seed 000, Ex 8",
            "Divergence edge: all threads agree",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("block", "30,30"), ("image", "1920x1080")],
        question: "A 1920×1080 image, one thread per pixel. Compare a balanced-looking (30, 30) \
                   block with an aligned (32, 8) one: which wastes fewer lanes, and how many warps \
                   does each block have?",
        forecast: "A square block looks efficient. Is it actually better? Guess before computing.",
        follow_ups: &[(
            "Now the aligned block (32, 8)",
            "panel=warps&block=32,8&image=1920x1080",
        )],
        ..ex(
            "warp-scheduling",
            "I",
            "seed 000, Ex 9",
            "Choosing block dims for an image",
            Panel::Warps,
        )
    },
    Example {
        params: &[("S", "4"), ("L", "400"), ("T", "1"), ("W", "20")],
        question:
            "N_sched = 4, L = 400 cycles, T_issue = 1, I_warp = 20, hardware max 64 warps an \
                   SM. Can the SM be fully fed?",
        forecast: "Are 64 warps enough? (The exam wants you to say yes.)",
        ..ex(
            "warp-scheduling",
            "J",
            "seed 000, Ex 10",
            "Occupancy cap vs warps needed",
            Panel::Latency,
        )
    },
    // Seed 003 — warp divergence penalties.
    Example {
        params: &[("paths", "12,9"), ("lanes", "16,16")],
        question: "Two paths, A (T_A = 12 cycles) and B (T_B = 9), taken half–half. What is the \
                   warp's efficiency?",
        forecast: "Guess the efficiency before reading on. Most people say “50 %, because half go \
                   each way”. Hold on to that thought.",
        ..ex(
            "divergence",
            "C1",
            "seed 003, Ex 1",
            "Even 2-way split",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("paths", "100,50"), ("lanes", "1,31")],
        question: "One thread takes a 100-cycle path, the other 31 a 50-cycle path. What does the \
                   warp pay?",
        forecast: "The tempting wrong answer is 50 + 100/32 ≈ 53 cycles (“only one thread does \
                   the expensive work, so amortise it”). Right or wrong?",
        ..ex(
            "divergence",
            "C2",
            "seed 003, Ex 2",
            "Uneven split (1 thread vs 31)",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("paths", "12,9"), ("lanes", "0,32")],
        question: "No thread ever enters path A (12 cycles); all 32 take path B (9 cycles). What \
                   is the efficiency?",
        forecast: "Guess: what is the best efficiency ever possible?",
        ..ex(
            "divergence",
            "C3",
            "seed 003, Ex 3",
            "Zero divergence",
            Panel::Divergence,
        )
    },
    Example {
        params: &[
            (
                "paths",
                "7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7",
            ),
            (
                "lanes",
                "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
            ),
        ],
        question: "Every thread of the warp takes its own 7-cycle path. What is the efficiency?",
        forecast: "Guess the efficiency as a simple fraction.",
        ..ex(
            "divergence",
            "C4",
            "seed 003, Ex 4",
            "Full divergence (a path per thread)",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("paths", "20,30,25,5"), ("lanes", "8,10,8,6")],
        question: "An else-if chain with four paths of 20, 30, 25 and 5 cycles, taken by 8, 10, 8 \
                   and 6 threads. What is the efficiency?",
        forecast: "Which single path dominates the ideal time? Guess before step 3.",
        ..ex(
            "divergence",
            "C5",
            "seed 003, Ex 5",
            "Multi-way else-if chain",
            Panel::Divergence,
        )
    },
    Example {
        params: &[(
            "counts",
            "20,3,3,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,9,9,9,9,10",
        )],
        question:
            "A loop whose trip count differs per lane: the longest lane runs 20 iterations, \
                   all lanes together 240. How long does the warp run, and what is its utilization?",
        forecast: "The warp finishes when its last thread finishes. Does the time depend on the \
                   sum of the counts or on their max?",
        note: "The seed gives max 20, sum 240 and two lanes of count 3; the other counts are one \
               split that fits.",
        ..ex(
            "divergence",
            "C6",
            "seed 003, Ex 6",
            "Loop divergence (unequal trip counts)",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("paths", "4,3"), ("lanes", "16,16"), ("overhead", "2")],
        question: "Two short paths, a (4 cycles) and b (3 cycles), split half–half. Branch, or \
                   predicate both?",
        forecast: "For short branches, does predication ever lose? Guess.",
        note:
            "The seed keeps the branch overhead O symbolic (O > 0); the preset uses O = 2 cycles.",
        follow_ups: &[(
            "Where predication loses: a long path no lane takes",
            "panel=divergence&paths=100,3&lanes=0,32&overhead=2",
        )],
        ..ex(
            "divergence",
            "C7",
            "seed 003, Ex 7",
            "Branch or predicate?",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("paths", "6,8,5,7")],
        question: "Nested ifs on two independent conditions give paths of 6, 8, 5 and 7 cycles. \
                   What is the efficiency in the worst case?",
        forecast: "In the worst case, how many distinct paths are there: 2, 3 or 4?",
        ..ex(
            "divergence",
            "C8",
            "seed 003, Ex 8",
            "Nested ifs multiply paths",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("paths", "12,40,60,4"), ("compare", "60")],
        question: "Ray tracing: one warp shades four materials costing 12, 40, 60 and 4 cycles. \
                   Beside it, the same rays sorted by material: an all-glass warp.",
        forecast: "Guess whether sorting can take us to 100 %.",
        ..ex(
            "divergence",
            "C9",
            "seed 003, Ex 9",
            "Ray-tracing materials",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("cond", "idx % 2 == 0"), ("paths", "10,14"), ("warps", "4")],
        question: "if (idx % 2 == 0) runs X (10 cycles), else Y (14). What is the efficiency, and \
                   what does re-aligning the key to (idx / 32) % 2 do?",
        forecast: "idx % 2 splits every warp. Guess (a) before computing.",
        follow_ups: &[(
            "Re-aligned: (idx / 32) % 2 == 0",
            "panel=divergence&cond=(idx/32)%252%3D%3D0&paths=10,14&warps=4",
        )],
        ..ex(
            "divergence",
            "C10",
            "seed 003, Ex 10",
            "Re-aligning to warp boundaries",
            Panel::Divergence,
        )
    },
    // Seed 004 — CUDA cores and execution model.
    Example {
        params: &[("block", "256"), ("n", "2048")],
        question: "N = 2048 floats with block size B = 256. How many blocks, how many warps in \
                   total, and are any threads wasted?",
        forecast: "Guess the number of warps before reading on. (Hint: 2048 ÷ 32.)",
        ..ex(
            "execution-model",
            "A",
            "seed 004, Ex 1",
            "Perfect launch",
            Panel::Warps,
        )
    },
    Example {
        params: &[("block", "256"), ("n", "1000")],
        question: "N = 1000 with B = 256. How many blocks? How many idle threads exist, and where?",
        forecast: "More or fewer than 4 blocks? And is the last warp full?",
        ..ex(
            "execution-model",
            "B",
            "seed 004, Ex 2",
            "Ragged tail",
            Panel::Warps,
        )
    },
    Example {
        params: &[("block", "256"), ("n", "5")],
        question:
            "B = 256 and a tiny N = 5 (then N = 0 and N = −3). How many of warp 0's 32 lanes \
                   do useful work?",
        forecast: "For N = 5, how many of the 32 lanes in warp 0 do useful work? And what should \
                   happen for a negative N?",
        follow_ups: &[
            ("N = 0: the empty launch", "panel=warps&block=256&n=0"),
            ("N = −3: the illegal input", "panel=warps&block=256&n=-3"),
        ],
        ..ex(
            "execution-model",
            "C",
            "seed 004, Ex 3",
            "Degenerate: N ≤ 0 or N tiny",
            Panel::Warps,
        )
    },
    Example {
        params: &[("elem", "4"), ("stride", "1")],
        question: "A warp of 32 threads each reads one float (4 bytes): thread i reads A[i]. What \
                   is the transaction efficiency η?",
        forecast: "Will all 32 reads fit in one 128-byte transaction?",
        ..ex(
            "execution-model",
            "D",
            "seed 004, Ex 4",
            "Memory best case (coalesced)",
            Panel::Coalescing,
        )
    },
    Example {
        params: &[("elem", "4"), ("stride", "32")],
        question: "The same warp, but thread i reads A[i*32]. What is η now?",
        forecast: "Case E: will η be closer to 50 % or to 3 %?",
        follow_ups: &[
            (
                "The same stride in 32-byte sectors",
                "panel=coalescing&stride=32&line=32",
            ),
            ("Back to stride 1 (case D)", "panel=coalescing&stride=1"),
        ],
        ..ex(
            "execution-model",
            "E",
            "seed 004, Ex 4",
            "Memory worst case (strided)",
            Panel::Coalescing,
        )
    },
    Example {
        params: &[("paths", "20,8"), ("lanes", "16,16")],
        question: "if (threadIdx.x % 2 == 0) heavy_path() (20 cycles) else light_path() (8 \
                   cycles). How many cycles does the warp spend, and what is the utilisation?",
        forecast: "Does it take 20, 8, 20 + 8, or max(20, 8) cycles?",
        follow_ups: &[(
            "The same branch as a condition over the lanes",
            "panel=divergence&cond=threadIdx.x%252%3D%3D0&paths=20,8&warps=1",
        )],
        ..ex(
            "execution-model",
            "F",
            "seed 004, Ex 5",
            "Branch divergence",
            Panel::Divergence,
        )
    },
    Example {
        params: &[("S", "4"), ("L", "200"), ("W", "20")],
        question: "S = 4 schedulers, L = 200 stall cycles, C = 20 compute cycles a warp between \
                   stalls, a 64-warp cap. Is the latency hidden?",
        forecast: "Which case can fully hide the latency, G (C = 20) or H (C = 10)?",
        follow_ups: &[("Case H: C = 10", "panel=latency&S=4&L=200&W=10")],
        ..ex(
            "execution-model",
            "G",
            "seed 004, Ex 6",
            "Latency hiding succeeds",
            Panel::Latency,
        )
    },
    Example {
        params: &[("S", "4"), ("L", "200"), ("W", "10")],
        question:
            "The same SM with C = 10 compute cycles between stalls. Is the latency hidden now?",
        forecast: "Halving C: what happens to the warps needed?",
        ..ex(
            "execution-model",
            "H",
            "seed 004, Ex 6",
            "Latency hiding fails at the cap",
            Panel::Latency,
        )
    },
    Example {
        params: &[("block", "16,16"), ("image", "1920x1080")],
        question: "Grayscale a 1920×1080 image, one thread per pixel, with 16×16 blocks. How many \
                   blocks in each dimension, how many threads, and how many are wasted?",
        forecast: "Does 1080 divide evenly by 16?",
        ..ex(
            "execution-model",
            "I",
            "seed 004, Ex 7",
            "Word problem: an image launch",
            Panel::Warps,
        )
    },
    Example {
        params: &[
            ("S", "4"),
            ("L", "200"),
            ("W", "20"),
            ("regs", "40"),
            ("cores", "128"),
        ],
        question:
            "Part 1: 128 CUDA cores — does a warp instruction take 32/128 = ¼ cycle? Part 2: \
                   M = 65,536 registers, P = 2048 threads wanted: the per-thread ceiling, and what \
                   40 registers a thread does (fed back into case G's latency question).",
        forecast: "Guess whether Part 1 is true, and the register ceiling before computing.",
        follow_ups: &[(
            "The same kernel under the Occupancy Calculator's rules (8.0)",
            "panel=latency&S=4&L=200&W=20&regs=40&mode=hardware&cc=8.0",
        )],
        ..ex(
            "execution-model",
            "J",
            "seed 004, Ex 8",
            "Quarter-cycle trap and register ceiling",
            Panel::Latency,
        )
    },
];

impl Example {
    /// `topic/cell`, the value of `example=`.
    #[must_use]
    pub fn key(&self) -> String {
        format!("{}/{}", self.topic, self.cell)
    }

    /// Whether the preset carries the seed's inputs (every cell does since all panels landed).
    #[must_use]
    pub fn ready(&self) -> bool {
        !self.params.is_empty()
    }
}

/// The example named `topic/cell` (cell letters in any case).
///
/// # Errors
/// Names `example`, listing the topics or that topic's cells.
pub fn find(key: &str) -> Result<&'static Example, ParamError> {
    let topics: Vec<&str> = TOPICS.iter().map(|t| t.0).collect();
    let Some((topic, cell)) = key.split_once('/') else {
        return Err(ParamError::new(
            "example",
            format!(
                "example = {} must be topic/cell, e.g. warp-scheduling/C2; topics: {}.",
                quote(key),
                topics.join(", ")
            ),
        ));
    };
    if !topics.contains(&topic) {
        return Err(ParamError::new(
            "example",
            format!(
                "example topic {} is unknown: allowed {}.",
                quote(topic),
                topics.join(", ")
            ),
        ));
    }
    ALL.iter()
        .find(|e| e.topic == topic && e.cell.eq_ignore_ascii_case(cell))
        .ok_or_else(|| {
            let cells: Vec<&str> = ALL
                .iter()
                .filter(|e| e.topic == topic)
                .map(|e| e.cell)
                .collect();
            ParamError::new(
                "example",
                format!(
                    "{topic} has no cell {}: allowed {}.",
                    quote(cell),
                    cells.join(", ")
                ),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_matrix_cell_is_there_once() {
        let expect = [
            ("warp-scheduling", "A B C C2 D E F G H I J"),
            ("divergence", "C1 C2 C3 C4 C5 C6 C7 C8 C9 C10"),
            ("execution-model", "A B C D E F G H I J"),
        ];
        for (topic, cells) in expect {
            let got: Vec<&str> = ALL
                .iter()
                .filter(|e| e.topic == topic)
                .map(|e| e.cell)
                .collect();
            assert_eq!(got.join(" "), cells, "{topic}");
        }
    }

    #[test]
    fn built_panels_presets_are_ready_with_question_and_forecast() {
        let ready: Vec<String> = ALL.iter().filter(|e| e.ready()).map(Example::key).collect();
        assert_eq!(
            ready.join(" "),
            "warp-scheduling/A warp-scheduling/B warp-scheduling/C warp-scheduling/C2 \
             warp-scheduling/D warp-scheduling/E warp-scheduling/F warp-scheduling/G \
             warp-scheduling/H warp-scheduling/I warp-scheduling/J \
             divergence/C1 divergence/C2 divergence/C3 divergence/C4 divergence/C5 divergence/C6 \
             divergence/C7 divergence/C8 divergence/C9 divergence/C10 execution-model/A \
             execution-model/B execution-model/C execution-model/D execution-model/E execution-model/F \
             execution-model/G execution-model/H execution-model/I execution-model/J"
        );
        for e in ALL.iter().filter(|e| e.ready()) {
            assert!(
                !e.question.is_empty() && !e.forecast.is_empty(),
                "{}",
                e.key()
            );
        }
    }

    #[test]
    fn find_is_forgiving_about_case_and_strict_about_names() {
        assert_eq!(find("warp-scheduling/c2").unwrap().cell, "C2");
        assert_eq!(find("warp-scheduling").unwrap_err().param, "example");
        assert!(find("nope/A")
            .unwrap_err()
            .message
            .contains("execution-model"));
        assert!(find("divergence/Z").unwrap_err().message.contains("C1, C2"));
    }
}
