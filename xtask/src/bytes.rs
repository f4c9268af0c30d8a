//! Where a bundle's bytes are (issue 30): the code of a page's raw wasm (as the linker wrote
//! it, before wasm-bindgen and wasm-opt, while it still has its function names) by crate and by
//! function, so the next size regression names its cause. The shares carry over to the shipped
//! file (wasm-opt shrinks every function alike, roughly); the absolute numbers do not.
//!
//! `wasmparser` reads the sections and `rustc-demangle` the names (twiggy gives the same table,
//! but is a tool to install on every fresh machine; these two are small libraries).

use std::collections::BTreeMap;

use wasmparser::{KnownCustom, Name, Parser, Payload, TypeRef};

/// One function's code.
#[derive(Debug)]
pub struct Func {
    /// Its demangled name, without the hash.
    pub name: String,
    /// Bytes of its body.
    pub bytes: u64,
}

/// What a raw wasm holds: every function's code, and the data segments' bytes.
#[derive(Debug, Default)]
pub struct Breakdown {
    /// Functions defined in the module, largest first.
    pub funcs: Vec<Func>,
    /// Bytes of the data segments (string constants, tables).
    pub data: u64,
}

/// Reads `wasm`.
///
/// # Errors
/// The module does not parse.
pub fn read(wasm: &[u8]) -> Result<Breakdown, String> {
    let mut imported = 0u32;
    let mut sizes: Vec<u64> = Vec::new();
    let mut names: BTreeMap<u32, String> = BTreeMap::new();
    let mut data = 0u64;
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.map_err(|e| e.to_string())? {
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    if matches!(import.map_err(|e| e.to_string())?.ty, TypeRef::Func(_)) {
                        imported += 1;
                    }
                }
            }
            Payload::CodeSectionEntry(body) => sizes.push(body.range().len() as u64),
            Payload::DataSection(reader) => {
                for segment in reader {
                    data += segment.map_err(|e| e.to_string())?.data.len() as u64;
                }
            }
            Payload::CustomSection(custom) => function_names(&custom, &mut names),
            _ => {}
        }
    }
    let mut funcs: Vec<Func> = (0u32..)
        .zip(sizes)
        .map(|(i, bytes)| Func {
            name: names
                .remove(&(i + imported))
                .unwrap_or_else(|| format!("function[{}]", i + imported)),
            bytes,
        })
        .collect();
    funcs.sort_by(|a, b| b.bytes.cmp(&a.bytes).then_with(|| a.name.cmp(&b.name)));
    Ok(Breakdown { funcs, data })
}

/// The demangled name without its hash (`warp_model::banks::rule::bank_report`).
/// The function names a `name` custom section gives (demangled, hashes cut), by index.
fn function_names(custom: &wasmparser::CustomSectionReader<'_>, names: &mut BTreeMap<u32, String>) {
    if let KnownCustom::Name(reader) = custom.as_known() {
        for name in reader.into_iter().flatten() {
            if let Name::Function(map) = name {
                for naming in map.into_iter().flatten() {
                    names.insert(naming.index, short(naming.name));
                }
            }
        }
    }
}

fn short(mangled: &str) -> String {
    format!("{:#}", rustc_demangle::demangle(mangled))
}

/// The crate a function belongs to: the first path segment, or for a trait impl
/// (`<alloc::vec::Vec<T> as core::fmt::Debug>::fmt`) the implementing type's, or the trait's
/// when the type is a bare generic parameter (`<T as core::fmt::Display>::fmt`: `core`).
#[must_use]
pub fn crate_of(name: &str) -> &str {
    if let Some(rest) = name.strip_prefix('<') {
        let (ty, tr) = rest.split_once(" as ").unwrap_or((rest, ""));
        let ty = ty.trim_start_matches(['&', '*']).trim_start_matches("mut ");
        let ty = ty.trim_start_matches("dyn ").trim_start_matches("const ");
        if !ty.contains("::") && !tr.is_empty() {
            return crate_of(tr);
        }
    }
    let path = name.trim_start_matches('<').trim_start_matches('&');
    let path = path.trim_start_matches("mut ").trim_start_matches("dyn ");
    let end = path
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(path.len());
    match &path[..end] {
        "" => "other",
        c => c,
    }
}

impl Breakdown {
    /// Code bytes by crate, largest first.
    #[must_use]
    pub fn by_crate(&self) -> Vec<(String, u64)> {
        let mut m: BTreeMap<&str, u64> = BTreeMap::new();
        for f in &self.funcs {
            *m.entry(crate_of(&f.name)).or_default() += f.bytes;
        }
        let mut v: Vec<(String, u64)> = m.into_iter().map(|(k, b)| (k.to_string(), b)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v
    }

    /// All code bytes.
    #[must_use]
    pub fn code(&self) -> u64 {
        self.funcs.iter().map(|f| f.bytes).sum()
    }

    /// The table `cargo xtask bench` prints for one bundle: its code by crate (the top `crates`)
    /// and its largest `funcs` functions, with their shares of the code.
    #[must_use]
    pub fn table(&self, crates: usize, funcs: usize) -> String {
        use std::fmt::Write as _;
        let code = self.code().max(1);
        let pct = |b: u64| 100.0 * b as f64 / code as f64;
        let mut out = format!(
            "  code {:.1} kB, data {:.1} kB (raw, before wasm-opt)\n",
            code as f64 / 1000.0,
            self.data as f64 / 1000.0
        );
        for (name, bytes) in self.by_crate().into_iter().take(crates) {
            let _ = writeln!(out, "  {:>5.1}%  {:>8} B  crate {name}", pct(bytes), bytes);
        }
        for f in self.funcs.iter().take(funcs) {
            let name: String = f.name.chars().take(100).collect();
            let _ = writeln!(out, "  {:>5.1}%  {:>8} B  {name}", pct(f.bytes), f.bytes);
        }
        out
    }
}

/// Who brings a function into a bundle (`cargo xtask bytes --who PATTERN FILE.wasm`): for each
/// function whose name contains `pattern`, the functions that call it directly and those that
/// take its address (an `i32.const` of its slot in the function table: how `format!` passes a
/// `Display` impl), then, two levels up, who calls those. Addresses are matched by value, so a
/// constant that only happens to equal a slot is listed too: a lead, not a proof.
///
/// # Errors
/// The module does not parse.
pub fn who(wasm: &[u8], pattern: &str) -> Result<String, String> {
    use std::fmt::Write as _;
    use wasmparser::{ElementItems, ElementKind, Operator};
    let mut imported = 0u32;
    let mut names: BTreeMap<u32, String> = BTreeMap::new();
    let mut slots: BTreeMap<u32, Vec<i64>> = BTreeMap::new();
    let mut calls: Vec<(u32, u32)> = Vec::new();
    let mut consts: Vec<(u32, i64)> = Vec::new();
    let mut body = 0u32;
    let err = |e: wasmparser::BinaryReaderError| e.to_string();
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.map_err(err)? {
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    if matches!(import.map_err(err)?.ty, TypeRef::Func(_)) {
                        imported += 1;
                    }
                }
            }
            Payload::ElementSection(reader) => {
                for element in reader {
                    let element = element.map_err(err)?;
                    let ElementKind::Active { offset_expr, .. } = element.kind else {
                        continue;
                    };
                    let mut base = 0i64;
                    if let Ok(Operator::I32Const { value }) =
                        offset_expr.get_operators_reader().read()
                    {
                        base = i64::from(value);
                    }
                    if let ElementItems::Functions(funcs) = element.items {
                        for (i, f) in (0i64..).zip(funcs) {
                            slots.entry(f.map_err(err)?).or_default().push(base + i);
                        }
                    }
                }
            }
            Payload::CodeSectionEntry(code) => {
                let me = imported + body;
                body += 1;
                let mut ops = code.get_operators_reader().map_err(err)?;
                while !ops.eof() {
                    match ops.read().map_err(err)? {
                        Operator::Call { function_index } => calls.push((me, function_index)),
                        Operator::I32Const { value } => consts.push((me, i64::from(value))),
                        _ => {}
                    }
                }
            }
            Payload::CustomSection(custom) => function_names(&custom, &mut names),
            _ => {}
        }
    }
    let name = |f: &u32| {
        names
            .get(f)
            .cloned()
            .unwrap_or_else(|| format!("function[{f}]"))
    };
    let callers = |f: u32| -> Vec<u32> {
        let mut v: Vec<u32> = calls.iter().filter(|c| c.1 == f).map(|c| c.0).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let mut out = String::new();
    for (f, n) in names.iter().filter(|(_, n)| n.contains(pattern)) {
        let _ = writeln!(out, "{n}");
        for c in callers(*f) {
            let _ = writeln!(out, "  called by {}", name(&c));
            for cc in callers(c).into_iter().take(6) {
                let _ = writeln!(out, "    called by {}", name(&cc));
            }
        }
        let own: Vec<i64> = slots.get(f).cloned().unwrap_or_default();
        let mut takers: Vec<u32> = consts
            .iter()
            .filter(|(_, v)| own.contains(v))
            .map(|(g, _)| *g)
            .collect();
        takers.sort_unstable();
        takers.dedup();
        for t in takers {
            let _ = writeln!(out, "  address taken by {}", name(&t));
            for cc in callers(t).into_iter().take(6) {
                let _ = writeln!(out, "    called by {}", name(&cc));
            }
        }
    }
    Ok(out)
}

/// What changed between two builds of a bundle (`cargo xtask bytes OLD.wasm NEW.wasm`): the
/// code and data totals, and the functions (by name, summed over their monomorphic copies) whose
/// bytes moved most, so that a size regression, or a cut, names where it is.
#[must_use]
pub fn diff(old: &Breakdown, new: &Breakdown, top: usize) -> String {
    use std::fmt::Write as _;
    let by_name = |b: &Breakdown| {
        let mut m: BTreeMap<String, i64> = BTreeMap::new();
        for f in &b.funcs {
            *m.entry(f.name.clone()).or_default() += i64::try_from(f.bytes).unwrap_or(i64::MAX);
        }
        m
    };
    let (o, n) = (by_name(old), by_name(new));
    let mut moved: Vec<(i64, &str)> = o
        .keys()
        .chain(n.keys())
        .map(|k| {
            (
                n.get(k).copied().unwrap_or(0) - o.get(k).copied().unwrap_or(0),
                k.as_str(),
            )
        })
        .filter(|(d, _)| *d != 0)
        .collect();
    moved.sort_by(|a, b| b.0.abs().cmp(&a.0.abs()).then_with(|| a.1.cmp(b.1)));
    moved.dedup();
    let signed = |a: u64, b: u64| i128::from(b) - i128::from(a);
    let mut out = format!(
        "code {} → {} B ({:+}), data {} → {} B ({:+})\n",
        old.code(),
        new.code(),
        signed(old.code(), new.code()),
        old.data,
        new.data,
        signed(old.data, new.data)
    );
    for (d, name) in moved.into_iter().take(top) {
        let name: String = name.chars().take(110).collect();
        let _ = writeln!(out, "  {d:>+8} B  {name}");
    }
    out
}

#[cfg(test)]
mod tests;
