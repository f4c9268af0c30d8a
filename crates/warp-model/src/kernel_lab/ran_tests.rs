//! The run worker's message: what the page reads back is what the page would have computed.

use super::challenge::builtin::NAMES;
use super::panel::{
    evaluate_box, evaluate_plain, evaluate_run, KernelInput, KernelOutput, PRESETS,
};
use super::ran::{from_hex, read_ran, read_test_ran, run_challenge, run_plain, to_hex};
use crate::query::Query;

fn input(search: &str) -> KernelInput {
    KernelInput::from_query(&Query::parse(search), &KernelInput::default())
}

/// What the page drew when it ran the launch itself, less what never crosses: the challenge
/// box (the page's own, `merged` below) and the SM's cycle-by-cycle record (only its columns
/// are drawn).
fn on_the_page(search: &str, challenge: bool) -> KernelOutput {
    let i = input(search);
    let mut out = if challenge {
        evaluate_run(&i)
    } else {
        evaluate_plain(&i)
    };
    out.challenge = None;
    if let Some(sm) = out.sm.as_mut() {
        sm.run.timeline = Vec::new();
    }
    out
}

fn through_the_worker(search: &str) -> KernelOutput {
    if search.contains("challenge=") {
        read_test_ran(&run_challenge(search))
    } else {
        read_ran(&run_plain(search))
    }
    .expect("the worker's bytes read")
}

#[test]
fn a_challenge_pages_run_gets_its_roofline_and_banks_links_on_the_page() {
    // The check's worker leaves the links made from the result alone to the page (1.6 kB gzip
    // of its bundle): its bytes alone have none of them, the page's reading makes them, and
    // they are the lab's own (`on_the_page`). transpose's starter is empty: the learner's tiled
    // kernel, one tile read down a column (a 32-way conflict the banks panel shows), moving
    // 4 KB in and 4 KB out of DRAM.
    let src = "__global__ void transpose(const float* in, float* out, int w, int h) {\n    __shared__ float tile[32][32];\n    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];\n    __syncthreads();\n    out[threadIdx.y * h + threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n}\n";
    let search = format!(
        "panel=kernel&challenge=transpose&src={}",
        crate::query::encode(src)
    );
    let bare = read_ran(&run_challenge(&search)).unwrap();
    let bare_links = bare.links.as_ref().unwrap();
    assert!(bare_links.roofline.is_none() && bare_links.banks.is_empty());
    assert_eq!(bare_links.warps, "panel=warps&block=32,32,1");
    let read = read_test_ran(&run_challenge(&search)).unwrap();
    assert_eq!(read, on_the_page(&search, true));
    // Test 1 is one 32 × 32 tile: 4,096 bytes in and 4,096 out.
    let links = read.links.as_ref().unwrap();
    assert_eq!(
        links.roofline.as_deref(),
        Some("panel=memory&view=roofline&gpu=a100&flops=0&bytes=8192")
    );
    // The row stores walk one word a lane (line 3); the column reads 32 words apart (line 5).
    assert_eq!(
        links.banks,
        [
            (3, "panel=banks&elem=4&stride=1".to_string()),
            (5, "panel=banks&elem=4&stride=32".to_string())
        ]
    );
}

#[test]
fn every_preset_reads_back_as_the_page_ran_it() {
    for (label, src, params) in PRESETS {
        let search = format!("{params}&src={}", crate::query::encode(src));
        let page = on_the_page(&search, false);
        // Each preset runs or names its error (else this test would compare two nothings).
        assert!(
            page.result.is_some() || !page.errors.is_empty(),
            "{}",
            label.key()
        );
        assert_eq!(through_the_worker(&search), page, "{}", label.key());
    }
}

#[test]
fn the_sm_timing_errors_and_shared_figures_read_back() {
    for search in [
        // The SM's timeline and its figures (issue 47).
        "timing=sm",
        "timing=sm&S=2&L=100&block=128",
        // A source error with its caret and place; a launch error; a run-time error.
        "src=__global__%20void%20k(float*%20a)%20%7B%20a%5B0%5D%20%3D%201%20%7D",
        "block=0",
        "src=__global__%20void%20k(int*%20a)%20%7B%20a%5B2000000%5D%20%3D%201%3B%20%7D",
        // A watched element.
        "watch=out[3]",
    ] {
        let page = on_the_page(search, false);
        assert_eq!(through_the_worker(search), page, "{search}");
    }
    // The timed run carries the SM's figures; the run-time error its line.
    let timed = through_the_worker("timing=sm");
    assert!(timed.sm.is_some());
    assert!(timed.figures.iter().any(|f| f.metric == "sm-cycles"));
    let oob = through_the_worker(
        "src=__global__%20void%20k(int*%20a)%20%7B%20a%5B2000000%5D%20%3D%201%3B%20%7D",
    );
    assert_eq!(oob.errors[0].param, "run");
    assert_eq!(oob.mark.map(|m| m.line), Some(1));
}

#[test]
fn a_challenges_test_run_reads_back() {
    for name in NAMES {
        for test in ["1", "2"] {
            let search = format!("panel=kernel&challenge={name}&test={test}");
            let page = on_the_page(&search, true);
            assert!(page.result.is_some(), "{search}: {:?}", page.errors);
            assert_eq!(
                merged(&search, through_the_worker(&search)),
                page,
                "{search}"
            );
        }
    }
}

/// The page's box with the worker's run inside it, as `src/panels/kernel.rs` merges them: the
/// box's errors, then the run's that the box has not named.
fn merged(search: &str, run: KernelOutput) -> KernelOutput {
    let boxed = evaluate_box(&input(search));
    let mut out = run;
    let mut errors = boxed.errors;
    for e in out.errors {
        if !errors.contains(&e) {
            errors.push(e);
        }
    }
    out.errors = errors;
    out.mark = out.mark.or(boxed.mark);
    out
}

#[test]
fn a_challenges_errors_are_named_once() {
    // A compile error (both the box and the run compile) and a `test=` out of range (both
    // read it): each once, in the page's order.
    for search in [
        "challenge=add-ten&src=__global__%20void%20k(int*%20a)%20%7B%20a%5B0%5D%20%3D%201%20%7D",
        "challenge=add-ten&test=9",
        "challenge=nope",
        "challenge=custom&ref=oops",
    ] {
        let page = on_the_page(search, true);
        assert!(!page.errors.is_empty(), "{search}");
        assert_eq!(merged(search, through_the_worker(search)), page, "{search}");
    }
}

#[test]
fn the_check_workers_run_without_a_challenge_is_untimed() {
    // A challenge's bundle with its `challenge=` cleared runs the lab without the SM (the
    // check's worker holds no SM timing): the same run, no timeline.
    let untimed = read_ran(&run_challenge("timing=sm")).unwrap();
    assert_eq!(untimed.sm, None);
    assert_eq!(untimed.result, through_the_worker("timing=sm").result);
}

#[test]
fn bytes_that_do_not_read_are_none() {
    assert_eq!(read_ran(&[]), None);
    assert_eq!(read_ran(b"report:garbage"), None);
    // A message cut short.
    let whole = run_plain("timing=sm");
    assert_eq!(read_ran(&whole[..whole.len() / 2]), None);
}

#[test]
fn a_prerendered_pages_run_reads_back_from_its_hex() {
    // The prerendered kernel page carries its run as hex (`data-ran`): 203 bytes for the
    // default kernel, 406 digits, read back as the same output.
    let bytes = run_plain("");
    let hex = to_hex(&bytes);
    assert_eq!(hex.len(), 2 * bytes.len());
    assert!(hex
        .bytes()
        .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    assert_eq!(from_hex(&hex).as_deref(), Some(bytes.as_slice()));
    assert_eq!(read_ran(&from_hex(&hex).unwrap()), read_ran(&bytes));
    assert_eq!(to_hex(&[0, 9, 10, 255]), "00090aff");
    // Digits that are not a run's: an odd count, a letter past f, a payload.
    for bad in ["0", "0g", "zz", "<img src=x onerror=alert(1)>", "0\u{e9}"] {
        assert_eq!(from_hex(bad), None, "{bad}");
    }
    assert_eq!(from_hex("").as_deref(), Some(&[][..]));
}
