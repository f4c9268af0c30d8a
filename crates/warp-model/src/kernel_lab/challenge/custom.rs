//! A course author's challenge, read from a link: `challenge=custom&ref=<reference kernel>
//! &tests=<launches>` with optional `title=`, `task=`, `starter=`, `range=LO,HI` and
//! `targets=<target>,<target>`.
//!
//! `tests` is `;`-separated launches of `key=value` pairs: `block` (`64` or `16x16`), `grid`
//! (`4` or `4x2`; ⌈n / block⌉ when left out) and a value for every `int` parameter of the
//! reference (`n=100,block=64;n=3000,block=256,grid=4`). Every buffer is `n` long; `const`
//! pointers get random ints in the range (−100 to 100 by default), the others start at 0.

use super::spec::{Buffer, Challenge, Fill, Len, Target, TestLaunch};
use crate::kernel_lab::exec::{Sched, MAX_WARPS};
use crate::kernel_lab::parse::ParsedKernel;
use crate::params::ParamError;
use crate::warps::launch::MAX_GRID_Y;
use crate::warps::map::BlockDim;

/// Most tests a link may list.
pub const MAX_TESTS: usize = 10;
/// Largest `n` of a test (elements per buffer).
pub const MAX_N: i64 = 1 << 20;
/// Largest magnitude of an int parameter or a range bound.
pub const MAX_VALUE: i64 = 1_000_000_000;
/// The random inputs' range when `range` is not given: [−100, 100).
pub const DEFAULT_RANGE: (i64, i64) = (-100, 100);
/// Most characters of a title the page shows (the rest is cut, and said so: [`cut_notes`]).
pub const TITLE_CHARS: usize = 120;
/// Most characters of a task the page shows.
pub const TASK_CHARS: usize = 2000;

/// The link's raw text, parameter by parameter.
#[derive(Clone, Copy, Debug, Default)]
pub struct CustomLink<'a> {
    /// `ref`.
    pub reference: &'a str,
    /// `tests`.
    pub tests: &'a str,
    /// `title`.
    pub title: &'a str,
    /// `task`.
    pub task: &'a str,
    /// `starter`.
    pub starter: &'a str,
    /// `range`.
    pub range: &'a str,
    /// `targets`.
    pub targets: &'a str,
}

fn whole(raw: &str) -> Option<i64> {
    let t = raw.trim();
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v: i64 = digits.parse().ok()?;
    Some(if t.starts_with('-') { -v } else { v })
}

/// `64` or `16x16` (also `16×16`): one or two sides.
fn sides(raw: &str) -> Option<(u64, u64)> {
    let raw = raw.trim().replace('×', "x");
    let mut parts = raw.split(['x', 'X']);
    let a = u64::try_from(whole(parts.next()?)?).ok()?;
    let b = match parts.next() {
        Some(p) => u64::try_from(whole(p)?).ok()?,
        None => 1,
    };
    parts.next().is_none().then_some((a, b))
}

/// The author's challenge, or every problem with the link, each naming its parameter (`ref`,
/// `tests`, `range`, `targets`).
///
/// # Errors
/// A named error per problem: a reference that does not compile (with its caret) or has no
/// pointer parameter, a test that does not parse (named by its number), a bad range or target.
pub fn custom(link: &CustomLink) -> Result<Challenge, Vec<ParamError>> {
    use crate::tr;
    let mut errors = Vec::new();
    let reference = compile_reference(link.reference, &mut errors);
    let range = read_range(link.range, &mut errors);
    let targets = read_targets(link.targets, &mut errors);
    let ints: Vec<String> = reference
        .as_ref()
        .map(|k| {
            k.params
                .iter()
                .filter(|p| !p.pointer)
                .map(|p| p.name.clone())
                .collect()
        })
        .unwrap_or_default();
    let tests = read_tests(link.tests, &ints, &mut errors);
    let (Some(reference_kernel), Some(range)) = (reference, range) else {
        return Err(errors);
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let buffers = reference_kernel
        .params
        .iter()
        .filter(|p| p.pointer)
        .map(|p| Buffer {
            fill: if p.read_only {
                Fill::Random
            } else {
                Fill::Zero
            },
            len: Len::N,
        })
        .collect();
    let starter = if link.starter.trim().is_empty() {
        // The reference's signature with an empty body: everything before its first `{`, so
        // that a reference written on one line (or its brace on the next) still opens on its
        // signature, never on an empty editor (issue 45).
        let signature = link.reference.split('{').next().unwrap_or_default().trim();
        format!("{signature} {{\n    \n}}\n")
    } else {
        link.starter.to_string()
    };
    let seed = crate::rng::seed_from(link.reference.bytes().chain(link.tests.bytes()));
    Ok(Challenge {
        name: "custom".to_string(),
        title: if link.title.trim().is_empty() {
            tr!("challenge.custom.title")
        } else {
            link.title.trim().chars().take(TITLE_CHARS).collect()
        },
        task: link.task.trim().chars().take(TASK_CHARS).collect(),
        starter,
        reference: link.reference.to_string(),
        buffers,
        range,
        tests,
        targets,
        sched: Sched::Stack,
        forbidden: Vec::new(),
        why: Vec::new(),
        seed,
    })
}

/// `ref`: the reference kernel, compiled, or `None` with its problem in `errors` (missing,
/// not compiling, or without a pointer parameter).
fn compile_reference(raw: &str, errors: &mut Vec<ParamError>) -> Option<ParsedKernel> {
    use crate::tr;
    if raw.trim().is_empty() {
        errors.push(ParamError::new("ref", tr!("challenge.custom.ref.missing")));
        return None;
    }
    match crate::kernel_lab::compile(raw) {
        Ok(k) if k.params.iter().any(|p| p.pointer) => Some(k),
        Ok(_) => {
            errors.push(ParamError::new(
                "ref",
                tr!("challenge.custom.ref.no-pointer"),
            ));
            None
        }
        Err(e) => {
            errors.push(ParamError::new(
                "ref",
                tr!("challenge.custom.ref.compile", message = e.with_caret(raw)),
            ));
            None
        }
    }
}

/// `range=LO,HI`: the random inputs' range ([`DEFAULT_RANGE`] when empty), or `None` with
/// its problem in `errors`.
fn read_range(raw: &str, errors: &mut Vec<ParamError>) -> Option<(i64, i64)> {
    if raw.trim().is_empty() {
        return Some(DEFAULT_RANGE);
    }
    let parsed = raw
        .split_once(',')
        .and_then(|(lo, hi)| Some((whole(lo)?, whole(hi)?)))
        .filter(|(lo, hi)| lo < hi && lo.abs() <= MAX_VALUE && hi.abs() <= MAX_VALUE);
    if parsed.is_none() {
        errors.push(ParamError::new(
            "range",
            crate::tr!("challenge.custom.range", max = MAX_VALUE),
        ));
    }
    parsed
}

/// `targets=<target>,<target>`: the named targets (at most two, none twice), each problem
/// in `errors`.
fn read_targets(raw: &str, errors: &mut Vec<ParamError>) -> Vec<Target> {
    use crate::tr;
    let mut targets = Vec::new();
    // An empty name between commas (issue 65: `targets=,` was read as none without a word).
    if !raw.trim().is_empty() && raw.split(',').any(|s| s.trim().is_empty()) {
        errors.push(ParamError::new(
            "targets",
            tr!(
                "challenge.custom.targets.empty",
                names = Target::ALL.map(Target::name).join(", ")
            ),
        ));
    }
    for name in raw.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match Target::parse(name) {
            Some(t) if !targets.contains(&t) => targets.push(t),
            Some(_) => errors.push(ParamError::new(
                "targets",
                tr!("challenge.custom.targets.twice", name),
            )),
            None => errors.push(ParamError::new(
                "targets",
                tr!(
                    "challenge.custom.targets",
                    name,
                    names = Target::ALL.map(Target::name).join(", ")
                ),
            )),
        }
    }
    if targets.len() > 2 {
        errors.push(ParamError::new(
            "targets",
            tr!("challenge.custom.targets.count"),
        ));
    }
    targets
}

/// `tests`: its `;`-separated launches (the first [`MAX_TESTS`]), each read by
/// [`test_launch`] against the reference's int parameters `ints`; each problem in `errors`.
fn read_tests(raw: &str, ints: &[String], errors: &mut Vec<ParamError>) -> Vec<TestLaunch> {
    use crate::tr;
    let mut tests = Vec::new();
    let launches: Vec<&str> = raw
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if launches.is_empty() || launches.len() > MAX_TESTS {
        errors.push(ParamError::new(
            "tests",
            tr!("challenge.custom.tests.count", max = MAX_TESTS),
        ));
    }
    for (i, launch) in launches.iter().take(MAX_TESTS).enumerate() {
        match test_launch(launch, ints) {
            Ok(t) => tests.push(t),
            Err(problem) => errors.push(ParamError::new(
                "tests",
                tr!("challenge.custom.tests.bad", number = i + 1, problem),
            )),
        }
    }
    tests
}

/// What the page cuts to fit, said so naming the parameter (issue 45: an over-long title was
/// cut without a word): a title over [`TITLE_CHARS`] or a task over [`TASK_CHARS`] characters.
#[must_use]
pub fn cut_notes(link: &CustomLink) -> Vec<ParamError> {
    [
        ("title", link.title, TITLE_CHARS),
        ("task", link.task, TASK_CHARS),
    ]
    .into_iter()
    .filter_map(|(name, text, max)| {
        let count = text.trim().chars().count();
        (count > max)
            .then(|| ParamError::new(name, crate::tr!("challenge.custom.cut", name, count, max)))
    })
    .collect()
}

/// One launch of `tests`: `key=value` pairs separated by commas.
fn test_launch(raw: &str, ints: &[String]) -> Result<TestLaunch, String> {
    use crate::tr;
    let mut block = None;
    let mut grid = None;
    let mut values: Vec<(String, i64)> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for pair in raw.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(tr!("challenge.custom.tests.pair", pair));
        };
        let key = key.trim();
        // A key given twice in one launch (issue 65: `n=100,n=200` read one without a word).
        if seen.contains(&key) {
            return Err(tr!("challenge.custom.tests.twice", key));
        }
        seen.push(key);
        match key {
            "block" => {
                block = Some(sides(value).ok_or_else(|| tr!("challenge.custom.tests.block"))?);
            }
            "grid" => grid = Some(sides(value).ok_or_else(|| tr!("challenge.custom.tests.grid"))?),
            k if k == "n" || ints.iter().any(|n| n == k) => {
                let v = whole(value)
                    .filter(|v| v.abs() <= MAX_VALUE)
                    .ok_or_else(|| {
                        tr!("challenge.custom.tests.value", name = k, max = MAX_VALUE)
                    })?;
                values.push((k.to_string(), v));
            }
            k => {
                let mut names = vec!["n".to_string()];
                names.extend(ints.iter().filter(|p| *p != "n").cloned());
                return Err(tr!(
                    "challenge.custom.tests.key",
                    key = k,
                    names = names.join(", ")
                ));
            }
        }
    }
    let n = values.iter().find(|(k, _)| k == "n").map(|(_, v)| *v);
    let Some(n) = n.filter(|n| (1..=MAX_N).contains(n)) else {
        return Err(tr!("challenge.custom.tests.n", max = MAX_N));
    };
    if let Some(missing) = ints.iter().find(|p| !values.iter().any(|(k, _)| k == *p)) {
        return Err(tr!("challenge.custom.tests.missing", name = missing));
    }
    let (bx, by) = block.unwrap_or((128, 1));
    let block = BlockDim::new(bx, by, 1).map_err(|e| e.message)?;
    let threads = block.threads();
    let (gx, gy) = grid.unwrap_or((u64::try_from(n).unwrap_or(1).div_ceil(threads).max(1), 1));
    if gx == 0 || gy == 0 || gx > MAX_GRID_Y || gy > MAX_GRID_Y {
        return Err(tr!("challenge.custom.tests.grid"));
    }
    // Over the lab's limit the reference could not run, and the check blamed the reference
    // (issue 45): the launch is what is too big, so `tests` names it.
    let total = gx * gy * block.warps();
    if total > MAX_WARPS {
        return Err(tr!("kernel.run.too-many-warps", total, max = MAX_WARPS));
    }
    Ok(TestLaunch {
        block,
        grid: (gx, gy),
        ints: values,
    })
}
