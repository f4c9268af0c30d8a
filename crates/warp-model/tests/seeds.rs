//! Every preset against its seed: one row per worked example of seeds 000, 003 and 004, with the
//! figures that carry the seed's own final numbers, read the way the seed reads them (one warp,
//! one block, one SM), and the seed's arithmetic quoted beside them. The preset is evaluated the
//! way the app opens `?example=topic/cell`: through the registry, over the preset's parameters.
//! A second table does the same for the follow-up views whose numbers the seed states.
//!
//! Plain values are the `data-value` contract: the seed's rounded decimals (0.5714, 58.3 %) are
//! written here as the model prints them (0.571429, 0.583333).

use warp_model::examples::{self, Example};
use warp_model::page::route;
use warp_model::query::Query;
use warp_model::registry::Evaluated;

/// A preset (`topic/cell`) and the figures that must show the seed's numbers.
type Row = (&'static str, &'static [(&'static str, &'static str)]);

const PRESETS: &[Row] = &[
    // ---------------------------------------------------------------- seed 000: warps and scheduling
    // 000 Ex 1: "256/32 = 8 exactly … Answer: 8 warps, sab 32/32 active, 0 wasted lanes."
    (
        "warp-scheduling/A",
        &[
            ("warps-per-block", "8"),
            ("tail-warp-active", "32"),
            ("idle-lanes-per-block", "0"),
        ],
    ),
    // 000 Ex 2: "⌈100/32⌉ = ⌈3.125⌉ = 4 … Warp 3 mein 32 − 4 = 28 idle lanes hain. Answer: 4
    // warps; aakhri wala 4/32 full; 28 wasted lanes."
    (
        "warp-scheduling/B",
        &[
            ("warps-per-block", "4"),
            ("tail-warp-active", "4"),
            ("idle-lanes-per-block", "28"),
        ],
    ),
    // 000 Ex 3: "48 × 4 = 192 threads … Warp 1 = linear 32–63 … 192/32 = 6 exactly → 6 full
    // warps, koi waste nahi. Answer: warp 1 = row 0 ka tail (x=32–47) plus row 1 ka head."
    (
        "warp-scheduling/C",
        &[
            ("threads-per-block", "192"),
            ("warps-per-block", "6"),
            ("idle-lanes-per-block", "0"),
            ("warp-first-thread", "32"),
            ("warp-last-thread", "63"),
            ("warp-straddles-rows", "yes"),
        ],
    ),
    // 000 Ex 3b: "P = 8 × 4 × 3 = 96 … t_z = ⌊70/32⌋ = 2 … t_y = ⌊6/8⌋ = 0 … t_x = 6 …
    // ⌈96/32⌉ = 3 warps … Index 70 ka warp = ⌊70/32⌋ = 2."
    (
        "warp-scheduling/C2",
        &[
            ("threads-per-block", "96"),
            ("thread-coords", "6,0,2"),
            ("warps-per-block", "3"),
            ("thread-warp", "2"),
        ],
    ),
    // 000 Ex 4 (body lost; written here to fit cell D, "Ek warp, mostly idle lanes"): a (20, 1,
    // 1) block is one warp with 32 − 20 = 12 idle lanes.
    (
        "warp-scheduling/D",
        &[
            ("warps-per-block", "1"),
            ("tail-warp-active", "20"),
            ("idle-lanes-per-block", "12"),
        ],
    ),
    // 000 Ex 5 (body lost; written to its self-test): "L = 300, W = 15: hide karne ke liye
    // kitne warps chahiye? ::: ⌈300/15⌉ = 20 warps."
    ("warp-scheduling/E", &[("warps-needed", "20")]),
    // 000 Ex 6: "N = ⌈400/1⌉ = 400 warps … Max hai 64 warps/SM ⇒ 400 ≫ 64 ⇒ hide nahi ho
    // sakta."
    (
        "warp-scheduling/F",
        &[
            ("warps-needed", "400"),
            ("warps-available", "64"),
            ("latency-hidden", "no"),
        ],
    ),
    // 000 Ex 7: "T_diverged = 30 + 30 = 60 cycles … Baseline … 30 cycles … Slowdown. 60/30 = 2×."
    (
        "warp-scheduling/G",
        &[
            ("diverged-cycles", "60"),
            ("ideal-cycles", "30"),
            ("slowdown", "2"),
        ],
    ),
    // 000 Ex 8: "T = T_if = 30 cycles. Slowdown = 30/30 = 1×" (the else path is skipped).
    (
        "warp-scheduling/H",
        &[
            ("paths-taken", "1"),
            ("diverged-cycles", "30"),
            ("slowdown", "1"),
        ],
    ),
    // 000 Ex 9, per block: "Threads = 30 × 30 = 900. Warp count = ⌈900/32⌉ = 29. Aakhri
    // (partial) warp mein 900 − 896 = 4 threads hain → 32 − 4 = 28 wasted lanes."
    (
        "warp-scheduling/I",
        &[
            ("threads-per-block", "900"),
            ("warps-per-block", "29"),
            ("tail-warp-active", "4"),
            ("idle-lanes-per-block", "28"),
        ],
    ),
    // 000 Ex 10: "4 × 400/1 = 1600 instruction slots … 1600/20 = 80 warps … 80 > 64 (deficit =
    // 16)."
    (
        "warp-scheduling/J",
        &[
            ("instruction-slots", "1600"),
            ("warps-needed", "80"),
            ("warps-available", "64"),
            ("warp-deficit", "16"),
        ],
    ),
    // ---------------------------------------------------------------- seed 003: divergence
    // 003 Ex 1: "Diverged time = T_A + T_B = 12 + 9 = 21 … Ideal time = max(12, 9) = 12 …
    // Efficiency = 12/21 = 0.5714."
    (
        "divergence/C1",
        &[
            ("paths-taken", "2"),
            ("diverged-cycles", "21"),
            ("ideal-cycles", "12"),
            ("efficiency", "0.571429"),
        ],
    ),
    // 003 Ex 2: "Sahi diverged cost = 100 + 50 = 150 … Ideal = max(100, 50) = 100; efficiency =
    // 100/150 = 0.6667."
    (
        "divergence/C2",
        &[
            ("diverged-cycles", "150"),
            ("ideal-cycles", "100"),
            ("efficiency", "0.666667"),
        ],
    ),
    // 003 Ex 3: "Diverged time = 9 cycles. Ideal = max(9) = 9. Efficiency = 9/9 = 1.00."
    (
        "divergence/C3",
        &[
            ("paths-taken", "1"),
            ("diverged-cycles", "9"),
            ("ideal-cycles", "9"),
            ("efficiency", "1"),
        ],
    ),
    // 003 Ex 4: "k = 32 … Diverged time = 32 × 7 = 224 … Ideal time = max = 7 … Efficiency =
    // 7/224 = 1/32 = 0.03125."
    (
        "divergence/C4",
        &[
            ("paths-taken", "32"),
            ("diverged-cycles", "224"),
            ("ideal-cycles", "7"),
            ("efficiency", "0.03125"),
        ],
    ),
    // 003 Ex 5: "k = 4 … Diverged time = 20 + 30 + 25 + 5 = 80 … Ideal time = max(20, 30, 25,
    // 5) = 30 … Efficiency = 30/80 = 0.375."
    (
        "divergence/C5",
        &[
            ("paths-taken", "4"),
            ("diverged-cycles", "80"),
            ("ideal-cycles", "30"),
            ("efficiency", "0.375"),
        ],
    ),
    // 003 Ex 6: "Total cycles = max counts = 20 … useful work = Σ counts = 240 … U = 240/(32 ×
    // 20) = 240/640 = 0.375." (640 − 240 = 400 lane-iterations masked.)
    (
        "divergence/C6",
        &[
            ("loop-cycles", "20"),
            ("useful-lane-iterations", "240"),
            ("idle-lane-iterations", "400"),
            ("lane-utilization", "0.375"),
        ],
    ),
    // 003 Ex 7: "T_pred = T_A + T_B = 4 + 3 = 7 … T_branch = T_A + T_B + O = 7 + O … T_pred = 7 <
    // 7 + O." The seed keeps O symbolic; the preset's O = 2 (its note says so): 7 + 2 = 9.
    (
        "divergence/C7",
        &[
            ("predicated-cycles", "7"),
            ("branch-cycles", "9"),
            ("predication-wins", "yes"),
        ],
    ),
    // 003 Ex 8: "2 × 2 = 4 live paths … 6 + 8 + 5 + 7 = 26 … max(6, 8, 5, 7) = 8 … Efficiency =
    // 8/26 = 0.3077."
    (
        "divergence/C8",
        &[
            ("paths-taken", "4"),
            ("diverged-cycles", "26"),
            ("ideal-cycles", "8"),
            ("efficiency", "0.307692"),
        ],
    ),
    // 003 Ex 9: "Diverged time = 12 + 40 + 60 + 4 = 116 cycles; ideal = max = 60. Efficiency (a)
    // = 60/116 = 0.5172 … Sorting ke baad … k = 1 … Efficiency (b) = 60/60 = 1.00."
    (
        "divergence/C9",
        &[
            ("paths-taken", "4"),
            ("diverged-cycles", "116"),
            ("ideal-cycles", "60"),
            ("efficiency", "0.517241"),
            ("compare-paths-taken", "1"),
            ("compare-diverged-cycles", "60"),
            ("compare-ideal-cycles", "60"),
            ("compare-efficiency", "1"),
        ],
    ),
    // 003 Ex 10, for any one warp: "Diverged = 10 + 14 = 24; ideal = max(10, 14) = 14.
    // Efficiency (a) = 14/24 = 0.5833", and "(b) single-path ⇒ 1.0". Step 1: "kisi bhi warp
    // mein, even aur odd lanes dono present hain", so all four warps of the preset diverge; the
    // totals over them are 4 × 24 = 96 and 4 × 14 = 56.
    (
        "divergence/C10",
        &[
            ("diverged-cycles", "24"),
            ("ideal-cycles", "14"),
            ("efficiency", "0.583333"),
            ("realigned-efficiency", "1"),
            ("divergent-warps", "4"),
            ("slowest-warp", "0"),
            ("total-diverged-cycles", "96"),
            ("total-ideal-cycles", "56"),
        ],
    ),
    // ---------------------------------------------------------------- seed 004: execution model
    // 004 Ex 1: "numBlocks = ⌈2048/256⌉ = 8 … warps/block = 256/32 = 8 … 8 blocks × 8
    // warps/block = 64 warps … Zero wasted threads."
    (
        "execution-model/A",
        &[
            ("blocks", "8"),
            ("warps-per-block", "8"),
            ("warps-launched", "64"),
            ("threads-launched", "2048"),
            ("idle-threads", "0"),
        ],
    ),
    // 004 Ex 2: "⌈1000/256⌉ = ⌈3.906⌉ = 4 … 4 × 256 = 1024 threads launched, 1024 − 1000 = 24
    // idle threads … the 4th block (blockIdx = 3) … ⌊231/32⌋ = 7, so warp 7 of the block is the
    // ragged one … 999 − 992 + 1 = 8 active threads."
    (
        "execution-model/B",
        &[
            ("blocks", "4"),
            ("threads-launched", "1024"),
            ("idle-threads", "24"),
            ("ragged-block", "3"),
            ("ragged-warp", "7"),
            ("ragged-warp-active", "8"),
        ],
    ),
    // 004 Ex 3 (a): "⌈5/256⌉ = 1 block … only threads 0..4 pass i < 5. So 5/32 ≈ 15.6 %";
    // Verify: "N = 5 → active/total = 5/32 = 0.15625." Warp 0 is the ragged one.
    (
        "execution-model/C",
        &[
            ("blocks", "1"),
            ("ragged-warp", "0"),
            ("ragged-warp-active", "5"),
            ("ragged-warp-utilization", "0.15625"),
        ],
    ),
    // 004 Ex 4 (D): "32 threads × 4 bytes = 128 useful bytes … transactions = 1, η = 128/(1 ×
    // 128) = 1 = 100 %."
    (
        "execution-model/D",
        &[
            ("transactions", "1"),
            ("useful-bytes", "128"),
            ("moved-bytes", "128"),
            ("efficiency", "1"),
        ],
    ),
    // 004 Ex 4 (E): "That is 32 separate transactions … η = 128/(32 × 128) = 1/32 = 0.03125."
    (
        "execution-model/E",
        &[
            ("transactions", "32"),
            ("useful-bytes", "128"),
            ("moved-bytes", "4096"),
            ("efficiency", "0.03125"),
        ],
    ),
    // 004 Ex 5: "cycles = 20 (even lanes) + 8 (odd lanes) = 28 … 16 × 20 + 16 × 8 = 448 …
    // 32 × 28 = 896. utilisation = 448/896 = 0.5"; Verify: "no divergence, cost = 20 cycles".
    (
        "execution-model/F",
        &[
            ("diverged-cycles", "28"),
            ("ideal-cycles", "20"),
            ("lane-utilization", "0.5"),
        ],
    ),
    // 004 Ex 6 (G): "T_required = (4 × 200)/20 = 40 warps … 40 ≤ 64 ⇒ latency fully hidden";
    // Verify: "40 needed vs 64 available → margin of 24 warps."
    (
        "execution-model/G",
        &[
            ("warps-needed", "40"),
            ("warps-available", "64"),
            ("latency-hidden", "yes"),
            ("warp-margin", "24"),
        ],
    ),
    // 004 Ex 6 (H): "T_required = (4 × 200)/10 = 80 warps > 64 ⇒ cannot hide fully"; Verify:
    // "80 > 64 → deficit of 16 warps."
    (
        "execution-model/H",
        &[
            ("warps-needed", "80"),
            ("latency-hidden", "no"),
            ("warp-deficit", "16"),
        ],
    ),
    // 004 Ex 7: "N = 1920 × 1080 = 2,073,600 pixels … blocks_x = ⌈1920/16⌉ = 120, blocks_y =
    // ⌈1080/16⌉ = 68 … (120 × 16) × (68 × 16) = 2,088,960 … wasted = 15,360 … 1088 − 1080 = 8
    // pixel rows."
    (
        "execution-model/I",
        &[
            ("pixels", "2073600"),
            ("grid", "120,68"),
            ("blocks", "8160"),
            ("threads-launched", "2088960"),
            ("idle-threads", "15360"),
            ("extra-rows", "8"),
            ("extra-columns", "0"),
        ],
    ),
    // 004 Ex 8: Part 1 "128/32 = 4 warp-instructions simultaneously … minimum is 1 cycle";
    // Part 2 "M/P = 65,536/2048 = 32 registers/thread … ⌊65,536/40⌋ = ⌊1638.4⌋ = 1638 threads
    // … warps lost = (2048 − 1638)/32 = 410/32 ≈ 12.8."
    (
        "execution-model/J",
        &[
            ("warps-per-cycle", "4"),
            ("warp-instruction-cycles", "1"),
            ("reg-ceiling", "32"),
            ("max-resident-threads", "1638"),
            ("warps-lost", "12.8125"),
        ],
    ),
    // ---------------------------------------------------------------- shared memory: bank conflicts
    // No seed covers them; the classics, worked by hand (banks/tests/evaluate.rs has the
    // arithmetic). Floats at stride 1: lane l → word l → bank l, one word a bank.
    (
        "banks/stride-1",
        &[
            ("wavefronts", "1"),
            ("bank-conflicts", "0"),
            ("conflict-ways", "1"),
        ],
    ),
    // Stride 2: lanes l and l + 16 → bank 2l mod 32, words 2l and 2l + 32: 2-way.
    (
        "banks/stride-2",
        &[
            ("wavefronts", "2"),
            ("bank-conflicts", "1"),
            ("conflict-ways", "2"),
        ],
    ),
    // Stride 32: word 32l → bank 0 for every lane: 32 different words, 32-way.
    (
        "banks/stride-32",
        &[
            ("wavefronts", "32"),
            ("bank-conflicts", "31"),
            ("conflict-ways", "32"),
        ],
    ),
    // Stride 0: every lane reads word 0, shared: a broadcast, no conflict.
    (
        "banks/broadcast",
        &[
            ("wavefronts", "1"),
            ("bank-conflicts", "0"),
            ("conflict-ways", "1"),
        ],
    ),
    // float tile[32][32], lane l reads tile[l][0]: word 32l → bank 0: 32-way.
    (
        "banks/transpose-naive",
        &[
            ("wavefronts", "32"),
            ("bank-conflicts", "31"),
            ("conflict-ways", "32"),
        ],
    ),
    // float tile[32][33]: word 33l → bank 33l mod 32 = l: conflict-free.
    (
        "banks/transpose-padded",
        &[
            ("wavefronts", "1"),
            ("bank-conflicts", "0"),
            ("conflict-ways", "1"),
        ],
    ),
    // XOR swizzle: [l][0] stored at column 0 ^ l = l, word 32l + l = 33l → bank l.
    (
        "banks/transpose-xor",
        &[
            ("wavefronts", "1"),
            ("bank-conflicts", "0"),
            ("conflict-ways", "1"),
        ],
    ),
    // Doubles at stride 1: two half-warps of 16 lanes, words 0–31 then 32–63, each bank once
    // per half: 2 wavefronts, ideal 2, no conflict.
    (
        "banks/doubles",
        &[
            ("wavefronts", "2"),
            ("ideal-wavefronts", "2"),
            ("bank-conflicts", "0"),
            ("conflict-ways", "1"),
        ],
    ),
    // ---------------------------------------------------------------- tensor cores
    // No seed covers them; worked by hand from the PTX ISA's fragment tables (mma/tests.rs).
    // C[9][3] of m16n8k16: row 9 = groupID + 8 → groupID 1; col 3 = 2·tid + 1 → tid 1, c3;
    // lane 4·1 + 1 = 5.
    (
        "tensor-cores/who-holds",
        &[
            ("owner-lane", "5"),
            ("owner-element", "3"),
            ("fragment-elements", "4"),
        ],
    ),
    // tf32 A[3][6] of m16n8k8: row 3 = groupID (a0 or a2), col 6 = tid + 4 (a2 or a3) → a2,
    // groupID 3, tid 2: lane 14.
    (
        "tensor-cores/tf32-a",
        &[
            ("owner-lane", "14"),
            ("owner-element", "2"),
            ("fragment-elements", "4"),
            ("fragment-registers", "4"),
        ],
    ),
    // ldmatrix.x4 of half tile[16][64]: rows 128 B = 32 words apart, all 8 rows of a matrix on
    // banks 0–3 (or 4–7): 8 words a bank, 4 phases × 8 = 32 wavefronts, ideal 4.
    (
        "tensor-cores/ldmatrix-128b",
        &[
            ("wavefronts", "32"),
            ("ideal-wavefronts", "4"),
            ("bank-conflicts", "28"),
            ("conflict-ways", "8"),
        ],
    ),
    // Pitch 72 halves = 144 B = 36 words: row r at bank 4r mod 32, 8 rows on 8 bank groups.
    (
        "tensor-cores/ldmatrix-padded",
        &[
            ("wavefronts", "4"),
            ("bank-conflicts", "0"),
            ("conflict-ways", "1"),
        ],
    ),
    // XOR: row r's chunk c at c ⊕ r, banks 4·(c ⊕ r): every group once a phase.
    (
        "tensor-cores/ldmatrix-xor",
        &[
            ("wavefronts", "4"),
            ("bank-conflicts", "0"),
            ("conflict-ways", "1"),
        ],
    ),
    // Issue 68: 8 warps on the same 32 floats under ld.ca: 32 sectors requested, the first
    // warp's 4 from DRAM (128 bytes), the other 28 L1 hits: 0.875.
    (
        "memory/reuse",
        &[
            ("requests", "8"),
            ("sectors", "32"),
            ("l1-hit-rate", "0.875"),
            ("l2-hit-rate", "0"),
            ("dram-bytes", "128"),
            ("useful-bytes", "1024"),
        ],
    ),
    // y = 2x + y over 4,096 floats: 8,192 / 49,152 = 1/6 FLOP/byte; 1,555 / 6 GFLOP/s.
    (
        "memory/saxpy",
        &[
            ("arithmetic-intensity", "0.166667"),
            ("ridge", "12.5402"),
            ("attainable-gflops", "259.167"),
            ("bound", "memory"),
        ],
    ),
];

/// A preset's follow-up view (its query, exactly as the preset links it), and the figures that
/// show what the seed says of that variant; `error` names a parameter the view must flag.
struct FollowUp {
    query: &'static str,
    figures: &'static [(&'static str, &'static str)],
    error: Option<&'static str>,
}

const FOLLOW_UPS: &[FollowUp] = &[
    // 000 Ex 7, Answer: "60 cycles, 2× slowdown — aur 31-vs-1 split mein bhi 2× hi hota."
    FollowUp {
        query: "panel=divergence&paths=30,30&lanes=31,1",
        figures: &[("diverged-cycles", "60"), ("slowdown", "2")],
        error: None,
    },
    // 000 Ex 9: "Block (32,8). Threads = 32 × 8 = 256. Warp count = 256/32 = 8 exactly, 0 wasted
    // lanes."
    FollowUp {
        query: "panel=warps&block=32,8&image=1920x1080",
        figures: &[
            ("threads-per-block", "256"),
            ("warps-per-block", "8"),
            ("idle-lanes-per-block", "0"),
        ],
        error: None,
    },
    // 003 Ex 7 step 4: "agar ek path lamba hai aur often not taken … branching hardware ko nahi
    // li gayi path poori tarah skip karne deta hai; predication use force karke chalata": 100 + 3
    // = 103 predicated against 3 branching.
    FollowUp {
        query: "panel=divergence&paths=100,3&lanes=0,32&overhead=2",
        figures: &[
            ("predicated-cycles", "103"),
            ("branch-cycles", "3"),
            ("predication-wins", "no"),
        ],
        error: None,
    },
    // 003 Ex 10 step 3–4: "(idx/32)%2 … ek warp poori tarah X ya poori tarah Y hai ⇒ k = 1 …
    // pure-X warp = 10/10 = 100 %; pure-Y warp = 14/14 = 100 %." The slowest is a pure-Y warp.
    FollowUp {
        query: "panel=divergence&cond=(idx/32)%252%3D%3D0&paths=10,14&warps=4",
        figures: &[
            ("divergent-warps", "0"),
            ("slowest-warp", "1"),
            ("diverged-cycles", "14"),
            ("ideal-cycles", "14"),
            ("efficiency", "1"),
        ],
        error: None,
    },
    // 004 Ex 3 (b): "⌈0/256⌉ = 0 blocks … A grid of zero blocks launches nothing"; Verify: "N =
    // 0 → 0 blocks, 0 warps."
    FollowUp {
        query: "panel=warps&block=256&n=0",
        figures: &[("blocks", "0"), ("warps-launched", "0")],
        error: None,
    },
    // 004 Ex 3 (c): "N = −3 is meaningless data, not a valid scenario … ⌈−3/256⌉ = 0 blocks":
    // the view names `n` and explains it that way; the block's own figures stay.
    FollowUp {
        query: "panel=warps&block=256&n=-3",
        figures: &[("warps-per-block", "8")],
        error: Some("n"),
    },
    // 004 Ex 4, with 32-byte sectors: the seed states only 128-byte lines; 4/32 per sector.
    FollowUp {
        query: "panel=coalescing&stride=32&line=32",
        figures: &[("transactions", "32"), ("efficiency", "0.125")],
        error: None,
    },
    // 004 Ex 4 (D) beside (E): "transactions = 1, η = 1"; "η_D/η_E = 32×".
    FollowUp {
        query: "panel=coalescing&stride=1",
        figures: &[("transactions", "1"), ("efficiency", "1")],
        error: None,
    },
    // 004 Ex 5 as the seed writes it: "if (threadIdx.x % 2 == 0) … 20 + 8 = 28", one warp.
    FollowUp {
        query: "panel=divergence&cond=threadIdx.x%252%3D%3D0&paths=20,8&warps=1",
        figures: &[
            ("diverged-cycles", "28"),
            ("ideal-cycles", "20"),
            ("divergent-warps", "1"),
        ],
        error: None,
    },
    // 004 Ex 6 (H) from (G): "(4 × 200)/10 = 80 warps > 64 … deficit of 16 warps."
    FollowUp {
        query: "panel=latency&S=4&L=200&W=10",
        figures: &[("warps-needed", "80"), ("warp-deficit", "16")],
        error: None,
    },
    // 004 Ex 8 on real hardware (not in the seed): 40 registers on cc 8.0 leave 48 warps.
    FollowUp {
        query: "panel=latency&S=4&L=200&W=20&regs=40&mode=hardware&cc=8.0",
        figures: &[("resident-warps", "48"), ("limiting-factor", "registers")],
        error: None,
    },
    // The naive transpose padded by one column: word 33l → bank l, the 32-way conflict gone.
    FollowUp {
        query: "panel=banks&tile=32&pad=1",
        figures: &[("wavefronts", "1"), ("conflict-ways", "1")],
        error: None,
    },
    // ldmatrix from 128-byte rows in the banks panel: 16-byte elements, a tile 8 wide, lane l
    // reading row l: row l at word 32l, banks 0–3 for every row: each quarter-warp 8-way, the
    // same 32 wavefronts as the tensor-core panel's load.
    FollowUp {
        query: "panel=banks&elem=16&tile=8",
        figures: &[
            ("wavefronts", "32"),
            ("ideal-wavefronts", "4"),
            ("conflict-ways", "8"),
        ],
        error: None,
    },
    // Issue 68: the same 8 warps under ld.cg: L1 bypassed, so L2 sees all 32 sectors and finds
    // the 28 that the first warp fetched.
    FollowUp {
        query: "panel=memory&warps=8&reuse=same&cache=cg",
        figures: &[
            ("l1-hit-rate", "0"),
            ("l2-hit-rate", "0.875"),
            ("dram-bytes", "128"),
        ],
        error: None,
    },
    // Issue 68: 64 FLOP a byte on the A100 (ridge 12.54): compute-bound at the 19,500 peak.
    FollowUp {
        query: "panel=memory&view=roofline&flops=64&bytes=1",
        figures: &[("bound", "compute"), ("attainable-gflops", "19500")],
        error: None,
    },
];

/// `metric`'s plain value, if the figure is there.
fn value(checked: &Evaluated, metric: &str) -> Option<String> {
    checked
        .figures
        .iter()
        .find(|f| f.metric == metric)
        .map(|f| f.value.plain())
}

/// Every figure of `expected` shows its value; the differences, one line each.
fn mismatches(what: &str, checked: &Evaluated, expected: &[(&str, &str)]) -> Vec<String> {
    expected
        .iter()
        .filter_map(|&(metric, want)| {
            let got = value(checked, metric);
            (got.as_deref() != Some(want))
                .then(|| format!("{what}: {metric} = {got:?}, the seed says {want}"))
        })
        .collect()
}

fn preset(key: &str) -> &'static Example {
    examples::find(key).unwrap_or_else(|e| panic!("{key}: {}", e.message))
}

#[test]
fn every_preset_shows_its_seeds_numbers() {
    let mut wrong = Vec::new();
    for &(key, expected) in PRESETS {
        let ex = preset(key);
        let checked = ex.panel.evaluate_query(&Query::default(), ex.params);
        assert!(checked.errors.is_empty(), "{key}: {:?}", checked.errors);
        wrong.extend(mismatches(key, &checked, expected));
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_table_has_one_row_per_preset() {
    let rows: Vec<&str> = PRESETS.iter().map(|r| r.0).collect();
    let presets: Vec<String> = examples::ALL.iter().map(Example::key).collect();
    assert_eq!(rows, presets, "one row per preset, in the presets' order");
    for &(key, expected) in PRESETS {
        assert!(!expected.is_empty(), "{key} checks no figure");
    }
}

#[test]
fn every_follow_up_shows_what_the_seed_says_of_it() {
    let mut wrong = Vec::new();
    let mut linked = Vec::new();
    for ex in examples::ALL {
        for &query in ex.follow_ups {
            linked.push(query);
            let Some(row) = FOLLOW_UPS.iter().find(|f| f.query == query) else {
                wrong.push(format!("{}: follow-up {query} has no row", ex.key()));
                continue;
            };
            let q = Query::parse(query);
            let page = route(&q);
            assert!(page.errors.is_empty(), "{query}: {:?}", page.errors);
            let panel = page
                .panel
                .unwrap_or_else(|| panic!("{query} names no panel"));
            let checked = panel.evaluate_query(&q, &[]);
            let errors: Vec<&str> = checked.errors.iter().map(|e| e.param.as_str()).collect();
            assert_eq!(errors, row.error.into_iter().collect::<Vec<_>>(), "{query}");
            wrong.extend(mismatches(query, &checked, row.figures));
        }
    }
    for row in FOLLOW_UPS {
        assert!(
            linked.contains(&row.query),
            "{} is no preset's follow-up",
            row.query
        );
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The figure each preset's Forecast asks about, and its value worked by hand: the guess that
/// "Forecast first" asks for, the figure drawn largest, and the one hidden until the reveal.
const FORECASTS: &[(&str, &str, &str)] = &[
    ("warp-scheduling/A", "warps-per-block", "8"), // 256 / 32
    ("warp-scheduling/B", "warps-per-block", "4"), // ⌈100 / 32⌉: "3 warps or 4?"
    // Warp 1 is threads 32–63; a row is 48 wide, so 32–47 end row 0 and 48–63 start row 1.
    ("warp-scheduling/C", "warp-straddles-rows", "yes"),
    ("warp-scheduling/C2", "thread-coords", "6,0,2"), // 70 = 2·32 + 0·8 + 6: the third slice
    ("warp-scheduling/D", "idle-lanes-per-block", "12"), // no 20-lane warp: 32 − 20 idle
    ("warp-scheduling/E", "warps-needed", "20"),      // 300 / 15
    ("warp-scheduling/F", "latency-hidden", "no"),    // 400 / 1 = 400 warps > 64
    ("warp-scheduling/G", "slowdown", "2"),           // (30 + 30) / 30, whatever the split
    ("warp-scheduling/H", "slowdown", "1"),           // an untaken else costs nothing
    ("warp-scheduling/I", "idle-lanes-per-block", "28"), // 900 → 29 warps, 928 − 900 idle
    ("warp-scheduling/J", "latency-hidden", "no"),    // 4 · 400 / 20 = 80 > 64
    ("divergence/C1", "diverged-cycles", "21"),       // both paths: 12 + 9
    ("divergence/C2", "diverged-cycles", "150"),      // 100 + 50, not 50 + 100/32
    ("divergence/C3", "efficiency", "1"),             // one path taken
    ("divergence/C4", "efficiency", "0.03125"),       // 7 / (32 · 7) = 1/32
    ("divergence/C5", "efficiency", "0.375"),         // 30 / (20 + 30 + 25 + 5)
    ("divergence/C6", "loop-cycles", "20"),           // the max of the counts, not their sum
    ("divergence/C7", "predication-wins", "yes"),     // 4 + 3 = 7 < 4 + 3 + 2 = 9
    ("divergence/C8", "paths-taken", "4"),            // two independent conditions: 2 × 2
    ("divergence/C9", "compare-efficiency", "1"),     // the sorted, all-glass warp
    ("divergence/C10", "efficiency", "0.583333"),     // 14 / (10 + 14)
    ("execution-model/A", "warps-launched", "64"),    // 2048 / 32
    ("execution-model/B", "blocks", "4"),             // ⌈1000 / 256⌉
    ("execution-model/C", "ragged-warp-active", "5"), // N = 5: lanes 0–4
    ("execution-model/D", "transactions", "1"),       // 32 · 4 B = one 128-B segment
    ("execution-model/E", "efficiency", "0.03125"),   // 128 useful of 32 · 128 B moved
    ("execution-model/F", "diverged-cycles", "28"),   // 20 + 8, not max(20, 8)
    ("execution-model/G", "latency-hidden", "yes"),   // 4 · 200 / 20 = 40 ≤ 64
    ("execution-model/H", "latency-hidden", "no"),    // 4 · 200 / 10 = 80 > 64
    ("execution-model/I", "extra-rows", "8"),         // ⌈1080 / 16⌉ · 16 − 1080 = 1088 − 1080
    ("execution-model/J", "reg-ceiling", "32"),       // 65,536 / 2048
    ("banks/stride-1", "wavefronts", "1"),            // lane l → bank l: one word a bank
    ("banks/stride-2", "conflict-ways", "2"),         // lanes l, l + 16 → bank 2l mod 32
    ("banks/stride-32", "wavefronts", "32"),          // word 32l → bank 0 for every lane
    ("banks/broadcast", "bank-conflicts", "0"),       // one word, shared: no conflict
    ("banks/transpose-naive", "conflict-ways", "32"), // tile[l][0]: word 32l, bank 0
    ("banks/transpose-padded", "conflict-ways", "1"), // word 33l → bank l
    ("banks/transpose-xor", "conflict-ways", "1"),    // column 0 ^ l = l: word 33l → bank l
    ("banks/doubles", "wavefronts", "2"),             // two half-warps, 1 wavefront each
    ("tensor-cores/who-holds", "owner-lane", "5"),    // groupID 9 − 8 = 1, tid (3 − 1)/2 = 1
    ("tensor-cores/tf32-a", "owner-lane", "14"),      // a2: groupID 3, tid 6 − 4 = 2: 4·3 + 2
    ("tensor-cores/ldmatrix-128b", "conflict-ways", "8"), // 8 rows 128 B apart: banks 0–3
    ("tensor-cores/ldmatrix-padded", "wavefronts", "4"), // rows 144 B apart: banks 4r
    ("tensor-cores/ldmatrix-xor", "wavefronts", "4"), // chunk c ⊕ r: 8 bank groups a phase
    ("memory/reuse", "l1-hit-rate", "0.875"),         // 28 of 32 sectors: the 7 later warps' 4 each
    ("memory/saxpy", "bound", "memory"),              // 1/6 FLOP/byte, below the A100's ridge 12.54
];

/// The follow-up asked after the reveal, where a seed's question has a second quantity, and its
/// value worked by hand.
const THEN: &[(&str, &str, &str)] = &[
    ("warp-scheduling/B", "idle-lanes-per-block", "28"), // 4 · 32 − 100
    ("divergence/C1", "efficiency", "0.571429"),         // 12 / (12 + 9)
    ("divergence/C2", "efficiency", "0.666667"),         // 100 / (100 + 50)
    ("execution-model/D", "efficiency", "1"),            // 128 useful of 128 B moved
    ("execution-model/H", "warps-needed", "80"),         // 4 · 200 / 10: halving C doubles it
];

#[test]
fn every_follow_up_question_names_a_shown_figure() {
    let asked: Vec<String> = examples::ALL
        .iter()
        .filter(|e| e.then().is_some())
        .map(Example::key)
        .collect();
    assert_eq!(asked, THEN.iter().map(|r| r.0).collect::<Vec<_>>());
    for &(key, metric, want) in THEN {
        let ex = preset(key);
        assert_eq!(ex.then().map(|t| t.1), Some(metric), "{key}");
        let figures = ex
            .panel
            .evaluate_query(&Query::default(), ex.params)
            .figures;
        let got = figures
            .iter()
            .find(|f| f.metric == metric)
            .map(|f| f.value.plain());
        assert_eq!(got.as_deref(), Some(want), "{key}: {metric}");
    }
}

#[test]
fn every_forecast_asks_about_the_figure_it_names() {
    let keys: Vec<&str> = FORECASTS.iter().map(|r| r.0).collect();
    let presets: Vec<String> = examples::ALL.iter().map(Example::key).collect();
    assert_eq!(keys, presets, "one row per preset, in the presets' order");
    for &(key, metric, want) in FORECASTS {
        let ex = preset(key);
        let mut figures = ex
            .panel
            .evaluate_query(&Query::default(), ex.params)
            .figures;
        ex.mark_key(&mut figures);
        let marked: Vec<&str> = figures.iter().filter(|f| f.key).map(|f| f.metric).collect();
        assert_eq!(marked, [metric], "{key}: the key figure");
        let got = figures.iter().find(|f| f.key).map(|f| f.value.plain());
        assert_eq!(got.as_deref(), Some(want), "{key}: {metric}");
    }
}
