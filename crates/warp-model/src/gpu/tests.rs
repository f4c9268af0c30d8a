use super::*;

fn validate(src: &str) {
    // naga accepts subgroup builtins but not yet the `enable subgroups;` directive that
    // browsers require: check the rest.
    let src = &src.replace("enable subgroups;", "");
    let module =
        naga::front::wgsl::parse_str(src).unwrap_or_else(|e| panic!("{}", e.emit_to_string(src)));
    let mut v = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    );
    v.validate(&module).unwrap_or_else(|e| panic!("{e:?}"));
}

#[test]
fn every_kernel_is_valid_wgsl() {
    validate(&map_wgsl(64, 1, 1));
    validate(&map_wgsl(8, 4, 3));
    validate(DIVERGENCE_WGSL);
    validate(COALESCING_WGSL);
    validate(OCCUPANCY_WGSL);
    assert!(!map_wgsl(64, 1, 1).contains("WG_"));
}

#[test]
fn the_map_kernel_is_its_template_with_the_size_in_both_places() {
    // The byte splitter against `str::replace`, the form it replaces: 8 · 4 · 3 = 96.
    for (x, y, z) in [(64, 1, 1), (8, 4, 3), (1, 1, 1), (1024, 1, 1), (7, 3, 2)] {
        let size = (x * y * z).to_string();
        assert_eq!(map_wgsl(x, y, z), MAP_WGSL.replace("WG_P", &size));
    }
    assert_eq!(MAP_WGSL.matches("WG_P").count(), 2);
    assert_eq!(map_wgsl(8, 4, 3).matches("96").count(), 2);
}

fn fake_map(n: u32, size: u32) -> Vec<u32> {
    (0..n)
        .flat_map(|i| [i, i % size, size, i / size * size])
        .collect()
}

#[test]
fn reads_the_map() {
    // SwiftShader: subgroups of 4 → 64 invocations make 16 subgroups.
    let r = analyze_map(&fake_map(64, 4), 64).unwrap();
    assert_eq!(
        (r.sizes, r.subgroups, r.size_text()),
        ((4, 4), 16, "4".to_string())
    );
    assert_eq!(r.lanes[5], (1, 1));
    // A 32-wide device: 96 invocations → 3, as CUDA's ⌈96/32⌉.
    let r = analyze_map(&fake_map(96, 32), 96).unwrap();
    assert_eq!(u64::from(r.subgroups), cuda_warps(96));
    assert!(analyze_map(&fake_map(8, 4), 16).is_err());
    let mut bad = fake_map(8, 4);
    bad[1] = 9;
    assert!(analyze_map(&bad, 8).is_err());
}

#[test]
#[allow(clippy::float_cmp)] // whole-number ratios, exact in binary
fn model_slowdowns() {
    assert_eq!(Pattern::Parity.model_slowdown(4), 2.0);
    assert_eq!(Pattern::Parity.model_slowdown(1), 1.0);
    assert_eq!(Pattern::Aligned.model_slowdown(32), 1.0);
    assert_eq!(Pattern::KWay(4).model_slowdown(32), 4.0);
    assert_eq!(Pattern::KWay(8).model_slowdown(4), 4.0);
    assert_eq!(Pattern::Uniform.params(4, 100), [0, 2, 4, 100]);
}

#[test]
fn measurements_become_figures() {
    let runs = vec![
        (Pattern::Uniform, vec![10.0, 11.0, 9.0]),
        (Pattern::Parity, vec![19.0, 20.0, 21.0]),
        (Pattern::Aligned, vec![10.0]),
    ];
    let rows = slowdowns(&runs, 4);
    assert_eq!(rows[1], (Pattern::Parity, 2.0, 2.0));
    assert_eq!(rows[2], (Pattern::Aligned, 1.0, 1.0));
    let f = divergence_figures(&rows);
    assert_eq!(f[0].value.plain(), "2");
    assert_eq!(f[1].metric, "model-slowdown");
    let bw = relative_bandwidth(&[(1, vec![2.0]), (32, vec![8.0])]);
    assert_eq!(bw[1].0, 32);
    assert!(
        (bw[1].1 - 0.25).abs() < 1e-12
            && (bw[1].2 - 1.0 / 32.0).abs() < 1e-12
            && (bw[1].3 - 0.125).abs() < 1e-12
    );
    let th = relative_throughput(&[(1, vec![4.0]), (8, vec![8.0])]);
    assert_eq!(th[1], (8, 4.0));
    let d = detection_figures(true, true, Some((4, 4)));
    assert_eq!(
        d.iter().map(|f| f.value.plain()).collect::<Vec<_>>(),
        ["yes", "yes", "4"]
    );
    assert_eq!(
        detection_figures(true, false, Some((8, 64)))[2]
            .value
            .plain(),
        "8-64"
    );
    assert_eq!(detection_figures(false, false, None).len(), 1);
    let m = analyze_map(&fake_map(64, 4), 64).unwrap();
    assert_eq!(
        map_figures(&m, 64)
            .iter()
            .map(|f| f.value.plain())
            .collect::<Vec<_>>(),
        ["4", "16", "2"]
    );
}

#[test]
fn hinglish_words_same_numbers() {
    use crate::i18n::{with_lang, Lang};
    let m = analyze_map(&fake_map(64, 4), 64).unwrap();
    let figures = || {
        let mut f = detection_figures(true, true, Some((4, 4)));
        f.extend(map_figures(&m, 64));
        f.extend(divergence_figures(&[(Pattern::Parity, 2.0, 2.0)]));
        f
    };
    let (en, hi) = (figures(), with_lang(Lang::Hinglish, figures));
    let plain = |f: &[Figure]| {
        f.iter()
            .map(|x| (x.metric, x.value.plain()))
            .collect::<Vec<_>>()
    };
    assert_eq!(plain(&hi), plain(&en));
    assert_eq!(en[0].label, "WebGPU available");
    assert_eq!(hi[0].label, "WebGPU available hai");
    assert_eq!(hi[1].help, "adapter CPU par chalta hai");
    assert_eq!(hi[5].label, "Same block ke liye CUDA warps");
    assert_eq!(hi[5].help, en[5].help);
    let (title, about, parity, four) = with_lang(Lang::Hinglish, || {
        (
            GpuKernel::Map.title(),
            GpuKernel::Occupancy.description(),
            Pattern::Parity.label(),
            Pattern::KWay(4).label(),
        )
    });
    assert_eq!(title, "Subgroup ka map");
    assert!(about.contains("kitne workgroups in-flight"), "{about}");
    assert_eq!(parity, "lane ki parity (idx % 2)");
    assert_eq!(four, Pattern::KWay(4).label());
    assert_eq!(GpuKernel::Map.title(), "Subgroup map");
    assert!(GpuKernel::Coalescing
        .description()
        .starts_with("A stride sweep over a 16 MB buffer"));
    let err = with_lang(Lang::Hinglish, || {
        analyze_map(&fake_map(8, 4), 16).unwrap_err()
    });
    assert_eq!(err, "kernel ne 64 ki jagah 32 words likhe");
    assert_eq!(
        analyze_map(&fake_map(8, 4), 16).unwrap_err(),
        "the kernel wrote 32 words, expected 64"
    );
}

#[test]
fn medians_and_chases() {
    assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
    assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
    assert_eq!(median(&[f64::NAN]), None);
    for n in [16u32, 1000, 4096] {
        let c = chase(n);
        let (mut i, mut seen) = (0u32, std::collections::BTreeSet::new());
        for _ in 0..n {
            seen.insert(i);
            i = c[i as usize];
        }
        assert_eq!(seen.len(), n as usize, "one cycle through all {n}");
    }
    assert!((model_eta(32, 128) - 1.0 / 32.0).abs() < 1e-12);
    assert!((model_eta(1, 128) - 1.0).abs() < 1e-12);
}
