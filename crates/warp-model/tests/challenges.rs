//! The built-in challenges: each reference against an oracle written in plain Rust (the
//! expected buffers worked out without the interpreter), the reference against itself (all
//! tests, three stars), and the solutions in `tests/challenges/<name>/`: every `right-*.cu`
//! passes, every `wrong-*.cu` (the mistakes learners make) fails, the way its first line
//! says (`// fails: wrong|run|race|mask|forbidden|signature|compile`), and a `// stars: N`
//! line pins the stars a right one earns.

// The buffers hold whole numbers (exact in f64): equality is the check; the oracles index
// several buffers by one i, as the tasks are written.
#![allow(clippy::float_cmp, clippy::needless_range_loop)]

use std::path::PathBuf;

use warp_model::kernel_lab::challenge::builtin::{builtin, NAMES};
use warp_model::kernel_lab::challenge::check::{check, inputs, start_of};
use warp_model::kernel_lab::challenge::{Challenge, Failure};
use warp_model::kernel_lab::compile;
use warp_model::kernel_lab::exec::run_from;

fn challenge(name: &str) -> Challenge {
    builtin(name).unwrap_or_else(|| panic!("no challenge {name}"))
}

/// What the task says the non-`const` buffers hold after the run, worked out directly from
/// test `k`'s inputs (in parameter order, `const` buffers included and unchanged).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn oracle(c: &Challenge, k: usize) -> Vec<Vec<f64>> {
    let t = &c.tests[k];
    let mut b = inputs(c, k);
    let n = t.int("n") as usize;
    let (w, h) = (t.int("w") as usize, t.int("h") as usize);
    let threads = (t.block.threads() * t.grid.0 * t.grid.1) as f64;
    match c.name.as_str() {
        // out[i] = in[i] + 10, i < n.
        "add-ten" => (0..n).for_each(|i| b[1][i] = b[0][i] + 10.0),
        // out[i] += in[i], once each.
        "grid-stride" => (0..n).for_each(|i| b[1][i] += b[0][i]),
        // out[y·w + (w−1−x)] = in[y·w + x].
        "mirror" => {
            for y in 0..h {
                for x in 0..w {
                    b[1][y * w + (w - 1 - x)] = b[0][y * w + x];
                }
            }
        }
        // out[x·h + y] = in[y·w + x].
        "transpose" => {
            for y in 0..h {
                for x in 0..w {
                    b[1][x * h + y] = b[0][y * w + x];
                }
            }
        }
        // out[b] = Σ in[256b .. 256b + 256) ∩ [0, n).
        "block-sum" => {
            for (blk, slot) in b[1].clone().iter().enumerate() {
                let _ = slot;
                b[1][blk] = (256 * blk..(256 * blk + 256).min(n)).map(|i| b[0][i]).sum();
            }
        }
        // out[w] = Σ of warp w's 32 elements.
        "warp-sum" => {
            for wi in 0..n / 32 {
                b[1][wi] = (32 * wi..32 * wi + 32).map(|i| b[0][i]).sum();
            }
        }
        // count[0] = #{i < n : in[i] > 0}.
        "count-positive" => b[1][0] = (0..n).filter(|&i| b[0][i] > 0.0).count() as f64,
        // out[i] = Σ in[warp start .. i].
        "warp-scan" => {
            for i in 0..n {
                b[1][i] = (i / 32 * 32..=i).map(|j| b[0][j]).sum();
            }
        }
        // 3·in[i] for even i, in[i] − 1 for odd.
        "even-odd" => {
            for i in 0..n {
                b[1][i] = if i % 2 == 0 {
                    3.0 * b[0][i]
                } else {
                    b[0][i] - 1.0
                };
            }
        }
        // Every thread adds one; the lock is free again.
        "spin-lock" => {
            b[0][0] = 0.0;
            b[1][0] = threads;
        }
        other => panic!("no oracle for {other}"),
    }
    b
}

#[test]
fn there_are_ten_in_the_issues_order_with_their_tests() {
    assert_eq!(
        NAMES,
        [
            "add-ten",
            "grid-stride",
            "mirror",
            "transpose",
            "block-sum",
            "warp-sum",
            "count-positive",
            "warp-scan",
            "even-odd",
            "spin-lock"
        ]
    );
    // Test counts as the issue lists the launches.
    let counts: Vec<usize> = NAMES.iter().map(|n| challenge(n).tests.len()).collect();
    assert_eq!(counts, [5, 5, 4, 4, 4, 3, 4, 3, 3, 2]);
    // add-ten: block 128, grid ⌈n/128⌉: n = 129 needs 2 blocks, 5000 needs 40.
    let add = challenge("add-ten");
    assert_eq!(add.tests[3].grid, (2, 1));
    assert_eq!(add.tests[4].grid, (40, 1));
    // transpose (33, 65): ⌈33/32⌉ × ⌈65/32⌉ = 2 × 3 blocks of 32 × 32.
    let tr = challenge("transpose");
    assert_eq!(tr.tests[2].grid, (2, 3));
    assert_eq!(tr.tests[2].block.threads(), 1024);
}

#[test]
fn each_reference_computes_what_its_task_says() {
    for name in NAMES {
        let c = challenge(name);
        let k = compile(&c.reference).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        for t in 0..c.tests.len() {
            let (launch, init) = start_of(&c, &k, &k, t);
            let (r, after) =
                run_from(&k, launch, &init).unwrap_or_else(|e| panic!("{name} test {t}: {e:?}"));
            assert_eq!(after, oracle(&c, t), "{name} test {t}");
            assert!(
                r.race.is_none() && r.violations.is_empty(),
                "{name} test {t}"
            );
        }
    }
}

#[test]
fn each_reference_earns_three_stars_against_itself() {
    for name in NAMES {
        let c = challenge(name);
        let r = check(&c, &c.reference);
        assert_eq!((r.passed, r.stars), (c.tests.len(), 3), "{name}: {r:?}");
    }
}

#[test]
fn the_inputs_are_random_in_the_stated_range_and_the_same_every_time() {
    let c = challenge("count-positive");
    let a = inputs(&c, 3);
    assert_eq!(a, inputs(&c, 3));
    // n = 5000 ints in [−100, 100): both signs occur, none outside.
    assert_eq!(a[0].len(), 5000);
    assert!(a[0].iter().all(|v| (-100.0..100.0).contains(v)));
    assert!(a[0].iter().any(|v| *v > 0.0) && a[0].iter().any(|v| *v <= 0.0));
    // Another test draws other values.
    assert_ne!(inputs(&c, 2)[0][..100], a[0][..100]);
    // add-ten's out starts at −1, so an element the kernel must not touch is caught.
    assert!(inputs(&challenge("add-ten"), 0)[1]
        .iter()
        .all(|v| *v == -1.0));
}

fn solutions() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/challenges")
}

#[test]
fn right_solutions_pass_and_wrong_ones_fail_as_their_first_line_says() {
    let mut rights = 0;
    let mut wrongs = 0;
    let mut problems = Vec::new();
    for name in NAMES {
        let c = challenge(name);
        let dir = solutions().join(name);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|_| panic!("no solutions in {}", dir.display()))
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        let (mut right, mut wrong) = (0, 0);
        for f in files {
            let src = std::fs::read_to_string(&f).unwrap();
            let file = f.file_name().unwrap().to_string_lossy().to_string();
            let r = check(&c, &src);
            let pinned = src
                .lines()
                .find_map(|l| l.trim().strip_prefix("// stars: "))
                .map(|s| s.trim().parse::<u8>().unwrap());
            if file.starts_with("right-") {
                right += 1;
                assert!(r.passed_all(), "{name}/{file} should pass: {r:?}");
                if let Some(s) = pinned {
                    assert_eq!(r.stars, s, "{name}/{file}: {r:?}");
                }
            } else if file.starts_with("wrong-") {
                wrong += 1;
                let kind = src
                    .lines()
                    .next()
                    .and_then(|l| l.trim().strip_prefix("// fails: "))
                    .unwrap_or_else(|| panic!("{name}/{file}: first line is // fails: <kind>"))
                    .trim()
                    .to_string();
                assert!(!r.passed_all(), "{name}/{file} should fail: {r:?}");
                assert_eq!(r.stars, 0, "{name}/{file}");
                let got = r.failure.as_ref().map_or("none", Failure::kind);
                if got != kind {
                    problems.push(format!("{name}/{file}: {got}, not {kind}: {:?}", r.failure));
                }
            }
        }
        // The issue's floor: two right solutions besides the reference, three wrong ones.
        assert!(
            right >= 2 && wrong >= 3,
            "{name}: {right} right, {wrong} wrong"
        );
        rights += right;
        wrongs += wrong;
    }
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(
        rights >= 20 && wrongs >= 30,
        "{rights} right, {wrongs} wrong"
    );
}

#[test]
fn a_target_is_met_at_the_reference_or_below_cycles_within_a_quarter_more() {
    use warp_model::kernel_lab::challenge::Target;
    assert!(Target::Transactions.met(32, 32));
    assert!(!Target::Transactions.met(33, 32));
    // 1.25 × 100 = 125 cycles is met, 126 is not (4 · 126 = 504 > 500).
    assert!(Target::Cycles.met(125, 100));
    assert!(!Target::Cycles.met(126, 100));
    assert_eq!(Target::parse("bank-conflicts"), Some(Target::BankConflicts));
    assert_eq!(Target::parse("bank_conflicts"), None);
}

#[test]
fn stars_keep_the_best_of_known_challenges_and_name_what_they_drop() {
    use warp_model::kernel_lab::challenge::stars::{glyphs, Stars};
    let (mut s, dropped) = Stars::from_text("add-ten:3, bogus:2,transpose:5,mirror:1,mirror:2");
    assert_eq!(s.to_text(), "add-ten:3,mirror:2");
    assert_eq!(dropped, ["bogus:2", "transpose:5"]);
    // A worse check keeps the best; a better one raises it; a custom challenge keeps nothing.
    assert!(!s.record("add-ten", 1));
    assert!(s.record("transpose", 2));
    assert!(!s.record("custom", 3));
    assert!(!s.record("mirror", 0));
    assert_eq!(s.to_text(), "add-ten:3,mirror:2,transpose:2");
    assert_eq!(
        (glyphs(0), glyphs(2), glyphs(9)),
        ("☆☆☆".into(), "★★☆".into(), "★★★".into())
    );
}

#[test]
fn the_progress_document_keeps_stars_and_salvages_bad_entries() {
    use warp_model::quiz::progress::Progress;
    let doc = r#"{"schema":"warp-lab-progress","version":1,"topics":{},"boxes":{},"quizzes":{},
        "challenges":{"transpose":2,"nope":1,"mirror":"x","add-ten":7,"even-odd":0}}"#;
    let read = Progress::read(doc).unwrap();
    // add-ten's 7 is brought to 3; a name that is no challenge, a value that is no number
    // and 0 stars are left out and named.
    assert_eq!(
        read.progress.challenges.into_iter().collect::<Vec<_>>(),
        [("add-ten".to_string(), 3), ("transpose".to_string(), 2)]
    );
    for place in [
        "challenges.nope",
        "challenges.mirror",
        "challenges.even-odd",
    ] {
        assert!(
            read.dropped.iter().any(|d| d == place),
            "{place}: {:?}",
            read.dropped
        );
    }
    // A document without stars writes none.
    assert!(!Progress::default().to_json().contains("challenges"));
}

#[test]
fn a_custom_link_is_read_or_its_problems_are_named() {
    use warp_model::kernel_lab::challenge::custom::{custom, CustomLink};
    let reference = "__global__ void twice(const int* in, int* out, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) {\n        out[i] = 2 * in[i];\n    }\n}\n";
    let c = custom(&CustomLink {
        reference,
        tests: "n=100,block=64;n=3000,block=256",
        targets: "transactions,cycles",
        range: "-5,5",
        ..CustomLink::default()
    })
    .unwrap();
    // Grid ⌈n/block⌉ when left out: ⌈100/64⌉ = 2, ⌈3000/256⌉ = 12.
    assert_eq!((c.tests[0].grid, c.tests[1].grid), ((2, 1), (12, 1)));
    assert_eq!(c.range, (-5, 5));
    // The const input is random in the range, the output starts at 0, both n long.
    let data = inputs(&c, 0);
    assert_eq!((data[0].len(), data[1].len()), (100, 100));
    assert!(data[0].iter().all(|v| (-5.0..5.0).contains(v)) && data[1].iter().all(|v| *v == 0.0));
    // The starter is the reference's first line and an empty body.
    assert!(c
        .starter
        .starts_with("__global__ void twice(const int* in, int* out, int n) {\n"));
    // Its own reference earns every star.
    assert_eq!(check(&c, reference).stars, 3);
    let problems = |link: CustomLink| -> Vec<(String, String)> {
        custom(&link)
            .unwrap_err()
            .into_iter()
            .map(|e| (e.param.clone(), e.message))
            .collect()
    };
    let p = problems(CustomLink {
        reference,
        tests: "n=100;n=5,colour=2;block=64",
        range: "5,5",
        targets: "speed,transactions,cycles,atomics",
        ..CustomLink::default()
    });
    let said = |param: &str, words: &str| p.iter().any(|(k, m)| k == param && m.contains(words));
    assert!(said("tests", "test 2: colour is not a launch key"), "{p:?}");
    assert!(said("tests", "test 3: each test needs n"), "{p:?}");
    assert!(said("range", "LO < HI"), "{p:?}");
    assert!(said("targets", "speed is not a target"), "{p:?}");
    assert!(said("targets", "at most two targets"), "{p:?}");
    let p = problems(CustomLink {
        reference: "__global__ void k(int* a) { a[0] = ; }",
        tests: "n=4",
        ..CustomLink::default()
    });
    assert!(
        p.iter()
            .any(|(k, m)| k == "ref" && m.contains("does not compile")),
        "{p:?}"
    );
    let p = problems(CustomLink {
        reference: "__global__ void k(int n) { }",
        tests: "n=4",
        ..CustomLink::default()
    });
    assert!(p.iter().any(|(k, _)| k == "ref"), "{p:?}");
}

#[test]
fn a_reference_that_fails_to_run_is_the_authors_problem() {
    use warp_model::kernel_lab::challenge::custom::{custom, CustomLink};
    use warp_model::kernel_lab::challenge::Failure;
    // The reference reads past its buffer on every test: the check names the reference.
    let reference = "__global__ void k(const int* in, int* out, int n) {\n    out[threadIdx.x] = in[threadIdx.x + n];\n}\n";
    let c = custom(&CustomLink {
        reference,
        tests: "n=32,block=32",
        ..CustomLink::default()
    })
    .unwrap();
    let r = check(&c, reference);
    assert!(matches!(r.failure, Some(Failure::Reference(_))), "{r:?}");
    assert_eq!(r.stars, 0);
}
