use super::{compare, job, same, Diff, Refusal, ULPS};
use crate::figure::Value;
use crate::kernel_lab::parse::Ty;
use crate::query::Query;

/// The lab's query for `src` and the launch fields `rest` (`block=32&n=100&len=128`).
fn query(src: &str, rest: &str) -> String {
    let mut q = Query::parse(rest);
    q.set("src", Some(src));
    q.to_search()
}

const ADD: &str = "__global__ void add(const int* a, const int* b, int* c, int n) {\n\
    int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
    if (i < n) {\n\
        c[i] = a[i] + b[i];\n\
    }\n\
}\n";

#[test]
fn a_vector_add_becomes_a_job_with_the_labs_start_and_the_models_end() {
    let j = job(&query(ADD, "block=32&n=100&len=128")).unwrap();
    // By hand: no grid given, so ceil(100 / 32) = 4 blocks of 32 threads; three buffers of 128
    // elements, each starting at its index (the lab's p[i] = i); `n` the one scalar.
    assert_eq!(j.grid, [4, 1]);
    assert_eq!(j.block, [32, 1, 1]);
    assert_eq!(j.scalars, vec![100]);
    let names: Vec<(&str, bool)> = j
        .buffers
        .iter()
        .map(|b| (b.name.as_str(), b.writable))
        .collect();
    assert_eq!(names, [("a", false), ("b", false), ("c", true)]);
    let start: Vec<u32> = (0..128).collect();
    assert!(j.buffers.iter().all(|b| b.start == start));
    // c[i] = a[i] + b[i] = 2i below n; the rest keep their index.
    let c = &j.buffers[2].expected;
    assert_eq!((c[0], c[7], c[99], c[100], c[127]), (0, 14, 198, 100, 127));
    // Only integer arithmetic: compared exactly. No race.
    assert_eq!((j.ulps, j.race), (0, false));
    assert!(
        j.source.contains("@compute @workgroup_size(32, 1, 1)"),
        "{}",
        j.source
    );
}

#[test]
fn the_gpus_words_are_compared_element_by_element() {
    let j = job(&query(ADD, "block=32&n=100&len=128")).unwrap();
    let right = j.buffers[2].expected.clone();
    let c = compare(&j, std::slice::from_ref(&right));
    assert_eq!((c.elements, c.equal), (128, 128));
    assert!(c.matches() && c.first.is_empty());
    // Answers a broken GPU run gives: an element off by one, one never written (its index
    // left), and a buffer cut short.
    let mut wrong = right.clone();
    wrong[5] = 11;
    wrong[99] = 99;
    let c = compare(&j, &[wrong]);
    assert_eq!((c.elements, c.equal, c.differing()), (128, 126, 2));
    assert!(!c.matches());
    let f = c.figures();
    assert_eq!((f[0].metric, f[1].metric), ("gpu-elements", "gpu-equal"));
    assert_eq!(
        (&f[0].value, &f[1].value),
        (&Value::Int(128), &Value::Int(126))
    );
    let diff = |index: usize, model: &str, gpu: &str| Diff {
        name: "c".into(),
        index,
        model: model.into(),
        gpu: gpu.into(),
    };
    assert_eq!(c.first, vec![diff(5, "10", "11"), diff(99, "198", "99")]);
    let c = compare(&j, &[right[..120].to_vec()]);
    assert_eq!((c.elements, c.equal), (128, 120));
    assert_eq!(c.first[0], diff(120, "120", "none"));
    assert_eq!(c.first.len(), super::LISTED);
    // Nothing read back: every element differs.
    assert_eq!(compare(&j, &[]).equal, 0);
}

#[test]
fn an_int_is_compared_as_the_gpus_32_bits() {
    // 2147483647 + 1 is 2147483648 in the model's 64-bit int; as a 32-bit word it is
    // -2147483648, which is what a GPU's i32 wraps to: equal.
    let src = "__global__ void f(int* c, int n) {\n    c[threadIdx.x] = 2147483647 + n;\n}\n";
    let j = job(&query(src, "block=32&n=1&len=32")).unwrap();
    assert_eq!(j.buffers[0].expected[0], 0x8000_0000);
    assert_eq!(super::word_text(Ty::Int, 0x8000_0000), "-2147483648");
    assert_eq!(super::word_text(Ty::Unsigned, 0x8000_0000), "2147483648");
}

#[test]
fn floats_are_exact_unless_the_kernel_rounds_as_a_gpu_may() {
    let add = "__global__ void f(const float* a, float* c) {\n    c[threadIdx.x] = a[threadIdx.x] + 1.0f;\n}\n";
    let half = "__global__ void f(const float* a, float* c) {\n    c[threadIdx.x] = a[threadIdx.x] * 0.5f;\n}\n";
    let root = "__global__ void f(const float* a, float* c) {\n    c[threadIdx.x] = sqrtf(a[threadIdx.x]);\n}\n";
    let ulps = |src: &str| job(&query(src, "block=32&len=32")).unwrap().ulps;
    // An integer multiply (the index) does not count; a float one does.
    assert_eq!(ulps(ADD), 0);
    assert_eq!((ulps(add), ulps(half), ulps(root)), (0, ULPS, ULPS));
    let j = job(&query(half, "block=32&len=32")).unwrap();
    // c[3] = 3 * 0.5 = 1.5.
    assert_eq!(j.buffers[1].expected[3], 1.5f32.to_bits());
    let one = 1.0f32.to_bits();
    assert!(same(Ty::Float, one, one + 4, 4));
    assert!(!same(Ty::Float, one, one + 5, 4));
    assert!(!same(Ty::Float, one, one + 1, 0));
    // An int word one apart is another number, whatever the bound.
    assert!(!same(Ty::Int, 7, 8, 4));
    // NaN equals NaN only; +0 equals -0; the smallest subnormals either side of zero are two
    // apart (through +0 and -0, which are one float).
    let nan = f32::NAN.to_bits();
    assert!(same(Ty::Float, nan, 0x7fc0_0001, 0));
    assert!(!same(Ty::Float, nan, one, 4));
    assert!(same(Ty::Float, 0, 0x8000_0000, 0));
    assert!(same(Ty::Float, 1, 0x8000_0001, 2));
    assert!(!same(Ty::Float, 1, 0x8000_0001, 1));
}

#[test]
fn what_does_not_go_to_the_gpu_says_why() {
    // A warp function: named with its line (3).
    let shfl = "__global__ void f(int* c) {\n    int v = threadIdx.x;\n    v += __shfl_down_sync(0xffffffff, v, 1);\n    c[threadIdx.x] = v;\n}\n";
    match job(&query(shfl, "block=32&len=32")) {
        Err(Refusal::Unsupported(u)) => assert_eq!(u.line, 3, "{u:?}"),
        other => panic!("{other:?}"),
    }
    // The model's run stops (an element past the buffer's 32): nothing to compare.
    let oob = "__global__ void f(int* c) {\n    c[threadIdx.x + 32] = 1;\n}\n";
    assert!(matches!(
        job(&query(oob, "block=32&len=32")),
        Err(Refusal::Model(_))
    ));
    // The launch's own errors, named by their field.
    match job(&query(ADD, "block=0&n=100")) {
        Err(Refusal::Inputs(m)) => assert!(m.starts_with("block"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        job(&query("not a kernel", "")),
        Err(Refusal::Inputs(_))
    ));
}
