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
        // out[i] = a[i] + a[n + i] + a[2n + i] + a[3n + i], i < n.
        "four-rows" => {
            for i in 0..n {
                b[1][i] = (0..4).map(|r| b[0][r * n + i]).sum();
            }
        }
        // c[r·n + col] = Σ_k a[r·n + k] · b[k·n + col]: whole numbers below 10 in size, so
        // every partial sum is exact in a float and the order of the sum does not matter.
        "tiled-matmul" => {
            for r in 0..n {
                for col in 0..n {
                    b[2][r * n + col] = (0..n).map(|k| b[0][r * n + k] * b[1][k * n + col]).sum();
                }
            }
        }
        // out[i] = Σ in[j] for j in [i − 3, i + 3] ∩ [0, n).
        "stencil" => {
            for i in 0..n {
                b[1][i] = (i.saturating_sub(3)..(i + 4).min(n)).map(|j| b[0][j]).sum();
            }
        }
        // bins[v] = #{i < n : in[i] = v}, from zero.
        "histogram" => {
            for i in 0..n {
                let v = b[0][i] as usize;
                b[1][v] += 1.0;
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
fn there_are_fourteen_in_the_issues_order_with_their_tests() {
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
            "spin-lock",
            "four-rows",
            "tiled-matmul",
            "stencil",
            "histogram"
        ]
    );
    // Test counts as the issue lists the launches.
    let counts: Vec<usize> = NAMES.iter().map(|n| challenge(n).tests.len()).collect();
    assert_eq!(counts, [5, 5, 4, 4, 4, 3, 4, 3, 3, 2, 4, 3, 4, 4]);
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
                // `// says: X` and `// not: X` in the header: what the failure's text must and
                // must not say (issue 64: a race on one word named a barrier, not an atomic).
                let text = r.failure.as_ref().map(|f| f.text(&c)).unwrap_or_default();
                for l in src.lines().take_while(|l| l.starts_with("//")) {
                    if let Some(want) = l.strip_prefix("// says: ") {
                        if !text.contains(want.trim()) {
                            problems.push(format!("{name}/{file}: does not say {want:?}: {text}"));
                        }
                    }
                    if let Some(never) = l.strip_prefix("// not: ") {
                        if text.contains(never.trim()) {
                            problems.push(format!("{name}/{file}: says {never:?}: {text}"));
                        }
                    }
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
fn a_lists_read_of_one_challenges_stars_is_the_maps() {
    // Issue 66: the lab's list reads each challenge's best from the kept text without the map;
    // for every name it gives what `Stars::from_text` keeps, on the same damaged text above
    // ("transpose:5" is not a count of stars; "mirror" twice keeps its best).
    use warp_model::kernel_lab::challenge::stars::Stars;
    let text = "add-ten:3, bogus:2,transpose:5,mirror:1,mirror:2,,even-odd";
    let (map, _) = Stars::from_text(text);
    for name in NAMES {
        assert_eq!(Stars::best_in(text, name), map.of(name), "{name}");
    }
    assert_eq!(
        (Stars::best_in(text, "mirror"), Stars::best_in("", "mirror")),
        (2, 0)
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
    // Issue 65: a key given twice in a launch, and an empty target name, were read without a
    // word.
    let p = problems(CustomLink {
        reference,
        tests: "n=100,n=200;block=64,n=5,block=128",
        targets: ",",
        ..CustomLink::default()
    });
    let said = |param: &str, words: &str| p.iter().any(|(k, m)| k == param && m.contains(words));
    assert!(said("tests", "test 1: n is given twice"), "{p:?}");
    assert!(said("tests", "test 2: block is given twice"), "{p:?}");
    assert!(said("targets", "an empty name between its commas"), "{p:?}");
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

#[test]
fn a_launch_over_the_labs_limit_is_the_tests_fault_not_the_references() {
    use warp_model::kernel_lab::challenge::custom::{custom, CustomLink};
    // n = 1,048,576 at 128 threads a block: 8,192 blocks of 4 warps = 32,768 warps, over the
    // lab's 4,096. It was a "reference fails" at the first Check; it is test 2's launch.
    let p = custom(&CustomLink {
        reference: "__global__ void k(int* a, int n) {\n    a[threadIdx.x] = 1;\n}\n",
        tests: "n=32;n=1048576,block=128",
        ..CustomLink::default()
    })
    .unwrap_err();
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].param, "tests");
    assert!(
        p[0].message.starts_with("test 2:") && p[0].message.contains("32768 warps"),
        "{p:?}"
    );
}

/// Issue 45 item 10: what a custom link got wrong, blamed on what is wrong.
#[test]
fn a_one_line_reference_opens_on_its_signature_and_earns_its_stars() {
    use warp_model::kernel_lab::challenge::custom::{custom, CustomLink};
    // The whole reference on one line: the starter is its signature with an empty body (it
    // was an empty editor, and then a "signature" failure the learner did not make).
    let reference = "__global__ void inc(int* a, int n) { int i = threadIdx.x; if (i < n) { a[i] = a[i] + 1; } }";
    let c = custom(&CustomLink {
        reference,
        tests: "n=32,block=32",
        ..CustomLink::default()
    })
    .unwrap();
    assert_eq!(c.starter, "__global__ void inc(int* a, int n) {\n    \n}\n");
    // The empty starter compiles and fails as a wrong answer (a[0] stays 0, the reference
    // makes it 1), not as a wrong signature.
    let r = check(&c, &c.starter);
    assert!(matches!(r.failure, Some(Failure::Wrong { .. })), "{r:?}");
    // The reference passes against itself (one star: the link names no targets).
    let own = check(&c, reference);
    assert_eq!((own.failure, own.stars), (None, 1));
}

#[test]
fn a_racy_reference_is_the_authors_problem_not_an_answer() {
    use warp_model::kernel_lab::challenge::custom::{custom, CustomLink};
    // Every thread of two warps stores its own index into out[0]: warp 0's store and warp 1's
    // are not ordered, so the word's last value is whichever warp went last: no one answer.
    let reference = "__global__ void last(int* out, int n) {\n    out[0] = threadIdx.x;\n}\n";
    // And the lanes of one warp, storing to one word in the same step: one lane's value lands,
    // and CUDA does not say which.
    for tests in ["n=4,block=64,grid=1", "n=4,block=32,grid=1"] {
        let c = custom(&CustomLink {
            reference,
            tests,
            ..CustomLink::default()
        })
        .unwrap();
        let r = check(&c, reference);
        match &r.failure {
            Some(Failure::Reference(m)) => assert!(m.contains("lanes race"), "{tests}: {m}"),
            other => panic!("{tests}: {other:?}"),
        }
        assert_eq!(r.stars, 0);
    }
}

#[test]
fn a_target_listed_twice_is_said_so_and_a_cut_title_is_named() {
    use warp_model::kernel_lab::challenge::custom::{custom, cut_notes, CustomLink, TITLE_CHARS};
    let reference = "__global__ void k(int* a, int n) {\n    a[threadIdx.x] = 1;\n}\n";
    let p = custom(&CustomLink {
        reference,
        tests: "n=32,block=32",
        targets: "transactions,transactions",
        ..CustomLink::default()
    })
    .unwrap_err();
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].param, "targets");
    // Not "transactions is not a target": it is one, given twice.
    assert!(
        p[0].message.contains("transactions is listed twice"),
        "{p:?}"
    );
    // 121 characters: the page shows 120 and says so, naming title; 120 is said nothing of.
    let long = "t".repeat(TITLE_CHARS + 1);
    let notes = cut_notes(&CustomLink {
        title: &long,
        ..CustomLink::default()
    });
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].param, "title");
    assert!(notes[0].message.contains("121 characters") && notes[0].message.contains("first 120"));
    let fits = "t".repeat(TITLE_CHARS);
    assert!(cut_notes(&CustomLink {
        title: &fits,
        ..CustomLink::default()
    })
    .is_empty());
}

#[test]
fn a_check_ends_at_its_first_failing_test() {
    use warp_model::kernel_lab::challenge::check::check_each;
    // add-ten, but every element gets 11: wrong on test 1 already. The four tests after it
    // would only cost time: none of them starts (issue 43: they all ran, an endless kernel
    // five times over).
    let c = challenge("add-ten");
    let wrong = "__global__ void add_ten(const int* in, int* out, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) {\n        out[i] = in[i] + 11;\n    }\n}\n";
    let mut started = Vec::new();
    let r = check_each(&c, wrong, |k| started.push(k));
    assert_eq!(started, [0]);
    assert_eq!((r.tests, r.passed, r.stars), (5, 0, 0));
    assert!(
        matches!(r.failure, Some(Failure::Wrong { test: 0, .. })),
        "{r:?}"
    );
    // The right kernel runs all five, in order.
    let mut started = Vec::new();
    let r = check_each(&c, &c.reference, |k| started.push(k));
    assert_eq!((started, r.passed), (vec![0, 1, 2, 3, 4], 5));
}

#[test]
fn a_tests_budget_is_fifty_references_at_least_100k_and_never_over_the_labs_own() {
    use warp_model::kernel_lab::challenge::check::{budget, TEST_CEILING};
    use warp_model::kernel_lab::exec::STEP_BUDGET;
    assert_eq!(TEST_CEILING, STEP_BUDGET);
    // 50 × 0 and 50 × 1,000 = 50,000 are under the floor: 100,000.
    assert_eq!((budget(0), budget(1_000)), (100_000, 100_000));
    // 50 × 10,000 = 500,000; 50 × 40,000 = 2,000,000, the ceiling itself.
    assert_eq!((budget(10_000), budget(40_000)), (500_000, 2_000_000));
    // A costly reference (the issue's custom challenge: about 2 million a test) no longer
    // buys an endless kernel 99 million instructions: 2,000,000, whatever it costs.
    assert_eq!(
        (budget(1_990_000), budget(u64::MAX)),
        (2_000_000, 2_000_000)
    );
}

#[test]
fn an_endless_kernel_is_stopped_on_test_one_and_the_report_says_which_budget_and_why() {
    // add-ten's test 1 (n = 1: one block of 128 threads, four warps) costs the reference a few
    // dozen instructions; 50 × that is far under the floor, so the endless kernel stops at
    // 100,000, in the loop's line, on test 1, and no other test runs.
    let c = challenge("add-ten");
    let endless = "__global__ void add_ten(const int* in, int* out, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    while (i >= 0) {\n        i = i + 0;\n    }\n}\n";
    let r = check(&c, endless);
    let Some(Failure::Run { test, message }) = &r.failure else {
        panic!("{r:?}");
    };
    assert_eq!(*test, 0);
    assert!(
        message.starts_with(
            "line 3: the run passed its step budget of 100000 warp instructions in the loop at line 3"
        ),
        "{message}"
    );
    assert!(
        message.contains("50 × the reference's warp instructions on each test"),
        "{message}"
    );
    assert!(
        message.contains("at least 100000 and at most 2000000"),
        "{message}"
    );
    assert_eq!((r.passed, r.stars), (0, 0));
}

#[test]
fn a_costly_reference_buys_an_endless_kernel_no_more_than_the_ceiling() {
    use warp_model::kernel_lab::challenge::custom::{custom, CustomLink};
    // One warp; the reference adds 0..19,999 in a loop: about 3 instructions an iteration, so
    // some 60,000 in all and 50 × that ≈ 3 million, over the ceiling. The endless kernel stops
    // at 2,000,000 (the lab's own budget), not at 50 × the reference's.
    let reference = "__global__ void slow(const int* in, int* out, int n) {\n    int acc = 0;\n    for (int k = 0; k < 20000; k++) {\n        acc = acc + k;\n    }\n    out[threadIdx.x] = in[threadIdx.x] + acc - acc;\n}\n";
    let c = custom(&CustomLink {
        reference,
        tests: "n=32,block=32;n=32,block=32",
        ..CustomLink::default()
    })
    .unwrap();
    assert_eq!(check(&c, reference).passed, 2);
    let endless = "__global__ void slow(const int* in, int* out, int n) {\n    int acc = 0;\n    while (acc >= 0) {\n        acc = acc + 0;\n    }\n}\n";
    let r = check(&c, endless);
    let Some(Failure::Run { test: 0, message }) = &r.failure else {
        panic!("{r:?}");
    };
    assert!(
        message.contains("step budget of 2000000 warp instructions"),
        "{message}"
    );
}

#[test]
fn a_report_crosses_from_the_worker_as_json_and_nothing_else_passes_for_one() {
    use warp_model::kernel_lab::challenge::{wire, CheckReport};
    use warp_model::kernel_lab::panel::{check_link, check_query, evaluate, KernelInput, SRC};
    use warp_model::panel::Inputs;
    use warp_model::query::Query;
    let c = challenge("mirror");
    // The query the page sends the worker, with the learner's source in it: the worker's
    // report is the one the page's own evaluate gives for the same link.
    let page = KernelInput::from_query(
        &Query::parse("panel=kernel&challenge=mirror&check=1"),
        &Inputs::default(),
    )
    .with(&SRC, &c.reference);
    let from_worker = check_link(&check_query(&page), |_| {}).expect("a challenge");
    let shown = evaluate(&page).challenge.and_then(|ch| ch.report);
    assert_eq!(Some(from_worker.clone()), shown);
    assert_eq!(from_worker.stars, 3);
    assert_eq!(wire::decode(&wire::encode(&from_worker)), Some(from_worker));
    // A failure's words survive the trip too.
    let wrong = check(
        &c,
        "__global__ void mirror(const int* in, int* out, int w, int h) { }",
    );
    assert_eq!(wire::decode(&wire::encode(&wrong)), Some(wrong.clone()));
    // The author page's question (does a step's starter solve it, and does the reference
    // hold?) reads the same text: the reference passes all (mirror's tests, every one), the
    // empty body none.
    assert_eq!(
        wire::starter_verdict(&from_worker_text(&c)),
        Some(wire::StarterVerdict::Solves)
    );
    assert!(wrong.passed < wrong.tests);
    assert_eq!(
        wire::starter_verdict(&wire::encode(&wrong)),
        Some(wire::StarterVerdict::Starter)
    );
    assert_eq!(wire::starter_verdict("report"), None);
    assert_eq!(
        wire::starter_verdict("2:v21:31:41:01:00:"),
        None,
        "4 of 3 passed"
    );
    assert_eq!(
        wire::starter_verdict("2:v21:01:01:01:00:"),
        Some(wire::StarterVerdict::Starter),
        "no test is not a pass"
    );
    // A reference that fails is named, with its reason, past the targets' fields.
    let mut broken = wrong.clone();
    broken.failure = Some(Failure::Reference("it races on out[0]".into()));
    assert_eq!(
        wire::starter_verdict(&wire::encode(&broken)),
        Some(wire::StarterVerdict::Reference("it races on out[0]".into()))
    );
    // Every kind of failure crosses whole, whatever its words hold (colons, digits, lines).
    for failure in [
        Failure::Compile("line 2: 3:4 expected ;\n  int x\n      ^".into()),
        Failure::Signature {
            expected: "(const int* in, int* out, int n)".into(),
        },
        Failure::Forbidden {
            call: "atomicAdd".into(),
            line: 12,
        },
        Failure::Reference("line 1: out of bounds".into()),
        Failure::Run {
            test: 3,
            message: "line 4: 10:10".into(),
        },
        Failure::Race {
            test: 0,
            text: "lines 3 and 5 on s[0]".into(),
        },
        Failure::Mask {
            test: 1,
            text: String::new(),
        },
        Failure::Wrong {
            test: 2,
            buffer: "out".into(),
            index: 31,
            expected: "-7".into(),
            got: "12:".into(),
        },
    ] {
        let r = CheckReport {
            failure: Some(failure),
            ..wrong.clone()
        };
        assert_eq!(wire::decode(&wire::encode(&r)), Some(r));
    }
    // Anything else is no report: not the form, another version, more passed than run, four
    // stars, a target that is none, a field cut short or one too many.
    let good = from_worker_text(&c);
    assert!(wire::decode(&good).is_some());
    for bad in [
        String::new(),
        "report".into(),
        good.replacen("2:v2", "2:v3", 1),
        "2:v21:11:21:01:0".into(),
        "2:v21:41:41:41:0".into(),
        good.replace("12:transactions", "12:transaktions"),
        good[..good.len() - 1].to_string(),
        format!("{good}1:x"),
    ] {
        assert_eq!(wire::decode(&bad), None, "{bad}");
    }
    // A query that names no challenge that reads gives no report.
    assert_eq!(check_link("panel=kernel", |_| {}), None);
    assert_eq!(check_link("panel=kernel&challenge=nope", |_| {}), None);
}

/// The wire text of the reference's own report on `c` (three stars, two targets).
fn from_worker_text(c: &Challenge) -> String {
    warp_model::kernel_lab::challenge::wire::encode(&check(c, &c.reference))
}

#[test]
fn the_report_colours_a_verdict_by_its_meaning_and_leaves_counts_alone() {
    // Issue 45: "Passed: yes" was the same red as "no", and so were "3 of 3" and the counts.
    use warp_model::figure::Tone;
    use warp_model::kernel_lab::panel::{evaluate, KernelInput, SRC};
    use warp_model::panel::Inputs;
    use warp_model::query::Query;
    let c = challenge("transpose");
    let tones = |src: &str| {
        let input = KernelInput::from_query(
            &Query::parse("panel=kernel&challenge=transpose&check=1"),
            &Inputs::default(),
        )
        .with(&SRC, src);
        let out = evaluate(&input);
        let ch = out.challenge.expect("a challenge");
        ch.figures
            .iter()
            .map(|f| (f.metric, f.tone))
            .collect::<Vec<_>>()
    };
    let tone = |t: &[(&str, Tone)], m: &str| t.iter().find(|(n, _)| *n == m).map(|(_, t)| *t);
    // The reference: passed, every test, three stars, every target met: all good; the
    // reference's own counts and the number of tests are quantities.
    let right = tones(&c.reference);
    for m in [
        "challenge-passed",
        "challenge-tests-passed",
        "challenge-stars",
        "challenge-bank-conflicts",
    ] {
        assert_eq!(tone(&right, m), Some(Tone::Good), "{m}");
    }
    for m in ["challenge-tests", "challenge-bank-conflicts-reference"] {
        assert_eq!(tone(&right, m), Some(Tone::Neutral), "{m}");
    }
    // The naive transpose passes with one star (its strided stores miss the transactions
    // target; without shared memory it has no bank conflicts, as few as the reference's):
    // passed good, stars on the way, transactions bad, bank conflicts good.
    let naive = std::fs::read_to_string(solutions().join("transpose/right-naive.cu")).unwrap();
    let one = tones(&naive);
    assert_eq!(tone(&one, "challenge-passed"), Some(Tone::Good));
    assert_eq!(tone(&one, "challenge-stars"), Some(Tone::Neutral));
    assert_eq!(tone(&one, "challenge-transactions"), Some(Tone::Bad));
    assert_eq!(tone(&one, "challenge-bank-conflicts"), Some(Tone::Good));
    // A kernel with the wrong signature fails before any test: passed and stars bad, and no
    // target figures at all (issue 45: "reference: memory transactions 0" after a compile
    // error).
    let none = tones("__global__ void t(const int* in, int* out, int w, int h) { }");
    assert_eq!(tone(&none, "challenge-passed"), Some(Tone::Bad));
    assert_eq!(tone(&none, "challenge-stars"), Some(Tone::Bad));
    assert_eq!(tone(&none, "challenge-transactions"), None);
    assert_eq!(tone(&none, "challenge-transactions-reference"), None);
    let broken = tones("__global__ void t(const float* in, float* out, int w, int h) { x = ; }");
    assert_eq!(tone(&broken, "challenge-transactions-reference"), None);
    // One that passes its first tests and fails a later one shows no costs at all (issue 64:
    // its sums covered only the tests before the failure, so a broken kernel's `sm-cycles` read
    // 403 beside the reference's 806, twice as fast): costs compare right answers only.
    let partial = tones(
        "__global__ void t(const float* in, float* out, int w, int h) {\n    int x = blockIdx.x * 32 + threadIdx.x;\n    int y = blockIdx.y * 32 + threadIdx.y;\n    if (x < w && y < h && w == 32) {\n        out[x * h + y] = in[y * w + x];\n    }\n}\n",
    );
    assert_eq!(tone(&partial, "challenge-passed"), Some(Tone::Bad));
    assert_eq!(tone(&partial, "challenge-tests-passed"), Some(Tone::Bad));
    for m in [
        "challenge-transactions",
        "challenge-transactions-reference",
        "challenge-bank-conflicts",
        "challenge-bank-conflicts-reference",
    ] {
        assert_eq!(tone(&partial, m), None, "{m}");
    }
}

#[test]
fn hints_come_before_the_answer_and_point_at_the_line_and_the_panel() {
    // Issue 45: "Solved" opened at ★ and handed over the padded kernel. Now, after a check that
    // passed, each missed target gets a hint from the run (test 1): the line that costs the
    // most of it and the panel that explains it; the reference is earned at ★★★.
    use warp_model::kernel_lab::panel::{evaluate, KernelInput, SRC};
    use warp_model::panel::Inputs;
    use warp_model::query::Query;
    use warp_model::registry::Panel;
    let panel_of = |h: &warp_model::kernel_lab::panel::Hint| {
        h.panel
            .clone()
            .map(|(p, _, q)| (Panel::parse(p).expect("a panel"), q))
    };
    let shown = |file: &str| {
        let src = std::fs::read_to_string(solutions().join("transpose").join(file)).unwrap();
        let input = KernelInput::from_query(
            &Query::parse("panel=kernel&challenge=transpose&check=1"),
            &Inputs::default(),
        )
        .with(&SRC, &src);
        evaluate(&input).challenge.expect("a challenge")
    };
    // Naive (★): its stores walk a column of out (line 8: `out[x * h + y] = in[y * w + x];`),
    // 32 transactions a warp; the hint names that line and the coalescing view on the store's
    // own stride (h = the first test's height, in elements).
    let naive = shown("right-naive.cu");
    assert_eq!(naive.report.as_ref().map(|r| r.stars), Some(1));
    assert_eq!(naive.hints.len(), 1);
    let h = &naive.hints[0];
    assert_eq!(h.target, "transactions");
    assert!(h.text.contains("line 8 has the most"), "{}", h.text);
    // Its counts are the cards' own, written as the cards write them (grouped: 11,841).
    let card = |m: &str| {
        naive
            .figures
            .iter()
            .find(|f| f.metric == m)
            .map(|f| f.value.human())
            .unwrap()
    };
    let (mine, theirs) = (
        card("challenge-transactions"),
        card("challenge-transactions-reference"),
    );
    assert!(mine.contains(','), "{mine}: over a thousand, grouped");
    assert!(
        h.text
            .contains(&format!("yours {mine}, the reference’s {theirs}")),
        "{}",
        h.text
    );
    let (panel, query) = panel_of(h).unwrap();
    assert_eq!(panel, Panel::Coalescing);
    assert!(
        query.starts_with("panel=coalescing&elem=4&stride="),
        "{query}"
    );
    assert_ne!(
        query, "panel=coalescing&elem=4&stride=1",
        "a coalesced access is not strided"
    );
    assert!(!naive.solved.as_ref().unwrap().earned);
    // Tiled (★★): the transactions are met; the column read of the unpadded tile (line 15)
    // costs the bank conflicts, and the banks panel opens on that request.
    let tiled = shown("right-tiled.cu");
    assert_eq!(tiled.report.as_ref().map(|r| r.stars), Some(2));
    let names: Vec<&str> = tiled.hints.iter().map(|h| h.target).collect();
    assert_eq!(names, ["bank-conflicts"]);
    assert!(
        tiled.hints[0].text.contains("line 15"),
        "{}",
        tiled.hints[0].text
    );
    let (panel, query) = panel_of(&tiled.hints[0]).unwrap();
    assert_eq!(panel, Panel::Banks);
    assert!(query.starts_with("panel=banks&"), "{query}");
    assert!(!tiled.solved.as_ref().unwrap().earned);
    // Padded (★★★): no hint; the reference is earned and shown.
    let padded = shown("right-tiled-padded.cu");
    assert_eq!(padded.report.as_ref().map(|r| r.stars), Some(3));
    assert!(padded.hints.is_empty());
    assert!(padded.solved.as_ref().unwrap().earned);
    // A wrong one: no hint, no reference (nothing passed to hint from).
    let wrong = shown("wrong-no-sync.cu");
    assert!(wrong.hints.is_empty() && wrong.solved.is_none());
}

#[test]
fn add_ten_points_a_newcomer_at_the_labs_guard_example_and_no_challenge_at_its_answer() {
    // Issue 45: add-ten gave no hint of the index formula and no link to the ragged-tail preset.
    use warp_model::kernel_lab::panel::{evaluate, KernelInput};
    use warp_model::panel::Inputs;
    use warp_model::query::Query;
    let open = |q: &str| {
        evaluate(&KernelInput::from_query(
            &Query::parse(q),
            &Inputs::default(),
        ))
    };
    let c = open("panel=kernel&challenge=add-ten").challenge.unwrap();
    assert!(
        c.task.contains("blockIdx.x * blockDim.x + threadIdx.x"),
        "{}",
        c.task
    );
    let (label, query) = c.preset.expect("add-ten names its preset");
    assert!(label.contains("guard"), "{label}");
    // The link opens the preset itself, and it runs: 1000 elements, blocks of 256: ⌈1000/256⌉ =
    // 4 blocks of 256/32 = 8 warps, 32 warps (the last block uses 1000 − 3 × 256 = 232 threads).
    let out = open(&query);
    assert!(out.errors.is_empty(), "{:?}", out.errors);
    assert_eq!(out.result.as_ref().map(|r| r.warps), Some(32));
    let src = Query::parse(&query)
        .get("src")
        .unwrap_or_default()
        .to_string();
    assert!(src.contains("if (i < n)"), "{src}");
    // No other built-in names one: their nearest presets (transpose, warp-sum) are answers.
    for name in NAMES.iter().filter(|n| **n != "add-ten") {
        let c = open(&format!("panel=kernel&challenge={name}"))
            .challenge
            .unwrap();
        assert_eq!(c.preset, None, "{name}");
    }
}

/// Issue 45: the targets show the reference's numbers from the start; the numbers they show
/// are the reference's own, summed over its tests as the report sums them.
#[test]
fn the_pinned_reference_totals_are_the_references_own() {
    use warp_model::kernel_lab::challenge::builtin::{reference_total, REFERENCE_TOTALS};
    assert_eq!(REFERENCE_TOTALS.map(|(n, _)| n), NAMES);
    for name in NAMES {
        let c = challenge(name);
        let r = check(&c, &c.reference);
        assert_eq!(r.targets.len(), 2, "{name}");
        for (k, t) in r.targets.iter().enumerate() {
            assert_eq!(
                reference_total(name, k),
                Some(t.reference),
                "{name}: {:?}",
                t.target
            );
        }
    }
    // A custom challenge's reference has not run before its first Check: nothing pinned.
    assert_eq!(reference_total("custom", 0), None);
}

/// The check worker builds its challenges without their words (`builtin::bare`): everything a
/// check reads is the same, so the same report, whatever the words.
#[test]
fn a_challenge_without_its_words_checks_the_same() {
    use warp_model::kernel_lab::challenge::builtin::bare;
    for name in NAMES {
        let (full, plain) = (challenge(name), bare(name).expect("a bare built-in"));
        assert!(plain.title.is_empty() && plain.task.is_empty() && plain.why.is_empty());
        assert!(!full.title.is_empty() && !full.task.is_empty() && full.why.len() == 2);
        let words = Challenge {
            title: full.title.clone(),
            task: full.task.clone(),
            why: full.why.clone(),
            ..plain.clone()
        };
        assert_eq!(words, full, "{name}");
        assert_eq!(
            check(&plain, &full.reference),
            check(&full, &full.reference)
        );
    }
    assert!(bare("custom").is_none() && bare("add_ten").is_none());
}

/// The reference's own lines (the trimmed ones of 12 characters or more): what a hint or a next
/// step must never quote.
fn reference_lines(c: &Challenge) -> Vec<String> {
    c.reference
        .lines()
        .map(str::trim)
        .filter(|l| l.len() >= 12)
        .map(str::to_string)
        .collect()
}

#[test]
fn every_failure_says_what_to_try_next_in_both_languages_and_never_quotes_the_reference() {
    // Issue 66: a failing check gave no hint. Every wrong solution of tests/challenges/ fails
    // with a next step, in English and Hinglish, that names no line of the reference.
    use warp_model::i18n::{with_lang, Lang};
    let mut seen = 0;
    for name in NAMES {
        let c = challenge(name);
        let never = reference_lines(&c);
        let dir = solutions().join(name);
        for f in std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()) {
            if !f
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("wrong-")
            {
                continue;
            }
            let r = check(&c, &std::fs::read_to_string(&f).unwrap());
            let failure = r.failure.as_ref().expect("a wrong solution fails");
            for lang in [Lang::En, Lang::Hinglish] {
                let next = with_lang(lang, || failure.next()).expect("a next step");
                assert!(next.len() > 40, "{}: {next}", f.display());
                assert!(
                    never.iter().all(|l| !next.contains(l.as_str())),
                    "{}: quotes the reference: {next}",
                    f.display()
                );
                let opens = if lang == Lang::En { "Next: " } else { "Aage: " };
                assert!(next.starts_with(opens), "{next}");
            }
            seen += 1;
        }
    }
    assert!(seen >= 30, "{seen} wrong solutions");
    // The next step names the test and the element the failure names: add-ten's unguarded
    // kernel writes past the end of test 1's buffer (n = 1000 in a grid of 1024 threads).
    let c = challenge("add-ten");
    let src = std::fs::read_to_string(solutions().join("add-ten/wrong-no-guard.cu")).unwrap();
    let next = check(&c, &src).failure.and_then(|f| f.next()).unwrap();
    assert!(
        next.contains("test 1") && next.contains("if (i < n)"),
        "{next}"
    );
}

#[test]
fn a_missed_targets_hint_says_what_kind_of_change_lowers_it() {
    // Issue 66: "3,026 against 208 atomics" with no way to go. count-positive's kernel with one
    // atomic per positive element passes with 1 star; its atomics hint says to add up within
    // the warp first, one atomic per warp, and quotes no line of the reference.
    use warp_model::kernel_lab::panel::{evaluate_box, with_report, KernelInput, CHALLENGE, SRC};
    let c = challenge("count-positive");
    let src =
        std::fs::read_to_string(solutions().join("count-positive/right-atomic-per-thread.cu"))
            .unwrap();
    let report = check(&c, &src);
    assert!(report.passed_all() && report.stars == 1, "{report:?}");
    let input = KernelInput::default()
        .with(&CHALLENGE, "count-positive")
        .with(&SRC, src);
    let mut out = evaluate_box(&input);
    with_report(&mut out, &c, report);
    let view = out.challenge.unwrap();
    let atomics = view
        .hints
        .iter()
        .find(|h| h.target == "atomics")
        .expect("an atomics hint");
    assert!(
        atomics
            .text
            .contains("one atomic per warp, not one per thread"),
        "{}",
        atomics.text
    );
    assert!(
        atomics.text.contains("__shfl_down_sync"),
        "{}",
        atomics.text
    );
    let never = reference_lines(&c);
    for h in &view.hints {
        assert!(
            never.iter().all(|l| !h.text.contains(l.as_str())),
            "{}",
            h.text
        );
    }
    // A passing check has no failure, so no next step.
    assert!(view.failure.is_none() && view.next.is_none());
}

/// The reference's transactions on each test of `name`.
fn reference_transactions(name: &str) -> Vec<u64> {
    use warp_model::kernel_lab::challenge::Target;
    let c = challenge(name);
    let k = compile(&c.reference).unwrap();
    (0..c.tests.len())
        .map(|t| {
            let (launch, init) = start_of(&c, &k, &k, t);
            let (r, _) = run_from(&k, launch, &init).unwrap();
            Target::Transactions.of(&r, 0)
        })
        .collect()
}

#[test]
fn the_memory_challenges_targets_are_worked_by_hand() {
    // Issue 68, part 4: the three references' transactions per test, worked from the
    // coalescing rule (one per 128-byte segment a warp's active lanes touch; buffers start on
    // a 256-byte boundary).
    //
    // tiled-matmul, blocks of 16 × 16 (8 warps, each two rows of 16 threads):
    // - n = 16, one block, one tile: a warp's tile loads of a and b are two rows of 16 floats
    //   64 bytes apart from an even row (rows 2w and 2w + 1 at 128w bytes): one segment each,
    //   and its store of c the same: 3 × 8 warps = 24.
    // - n = 48, 3 × 3 blocks, three tiles: a row of 16 floats is 64 bytes starting at a
    //   multiple of 64 (one segment), but the warp's two rows are 192 bytes apart (two
    //   segments): 2 for a + 2 for b per tile, 3 tiles, and 2 for the store = 14 per warp,
    //   × 72 warps = 1,008.
    // - n = 20 (ragged: 2 × 2 blocks, the second tile hangs over the edge) is what is left of
    //   the pinned total 1,212: 180.
    assert_eq!(reference_transactions("tiled-matmul"), [24, 180, 1008]);
    // stencil, blocks of 128 (4 warps):
    // - n = 1: thread 0's load and store (no halo inside [0, 1)): 2.
    // - n = 100 and n = 128: four warps load and store 32 ints each (the last 4 at n = 100):
    //   8 each, no halo inside [0, n).
    // - n = 1000, 8 blocks: 32 warps load and 32 store (the last warp 8 ints), blocks 1 to 7
    //   load their left halo (3 ints just before the block: one segment) and blocks 0 to 6
    //   their right one: 32 + 32 + 7 + 7 = 78.
    assert_eq!(reference_transactions("stencil"), [2, 8, 8, 78]);
    // histogram, blocks of 256 (8 warps): each warp loads its 32 elements of in (the lanes
    // below n), and every block adds its 256 bins to the global ones, 32 consecutive ints a
    // warp: 8 per block, empty bins too.
    // - n = 1: 1 + 8 = 9; n = 256: 8 + 8 = 16; n = 1000 (4 blocks, 32 warps with an element):
    //   32 + 32 = 64; n = 4096 (16 blocks): 128 + 128 = 256. 345 in all, the pinned total.
    assert_eq!(reference_transactions("histogram"), [9, 16, 64, 256]);
    // The direct matrix multiply, n = 16: per k a warp loads a[row · 16 + k] for two rows
    // 64 bytes apart (one segment) and 16 consecutive floats of b (one): 2 × 16 + the store =
    // 33 per warp, 264 for 8 warps, 11 times the tiled kernel's 24.
    let naive = std::fs::read_to_string(solutions().join("tiled-matmul/right-naive.cu")).unwrap();
    let c = challenge("tiled-matmul");
    let (kr, kn) = (compile(&c.reference).unwrap(), compile(&naive).unwrap());
    let (launch, init) = start_of(&c, &kr, &kn, 0);
    let (r, _) = run_from(&kn, launch, &init).unwrap();
    assert_eq!(
        warp_model::kernel_lab::challenge::Target::Transactions.of(&r, 0),
        264
    );
}
