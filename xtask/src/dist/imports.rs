//! Short names for a bundle's imports and exports (issue 46). wasm-bindgen names each JS
//! function the wasm imports `__wbg_<name>_<16 hex digits>`, and writes every name twice: in
//! the wasm's import section and as a key of the glue's import object. The hex digits do not
//! compress, so the 130-odd names of a page cost it about 4.4 kB gzip (2.6 kB of wasm, 1.7 kB
//! of JS, measured on the warps page). Here each import is renamed `_0`, `_1`, … (base 16) in
//! both files. The exports the glue calls (`wasm.__wbindgen_malloc`, the closures'
//! `…invoke__h<16 hex digits>`) are renamed `$0`, `$1`, … alike: 0.5 kB more. `memory` keeps
//! its name (a page's tools read it), and so does every export the glue does not name.
//!
//! Binaryen's `--minify-imports` does this for imports from `env` only; wasm-bindgen's module
//! is its own. Written by hand on the sections' bytes: the import and export sections are the
//! only places the wasm holds the names, and nothing else in the module changes.
//!
//! Safe by construction: an import is renamed only where the glue holds it exactly once, as a
//! key (`name:`), and nowhere else; an export only where the glue names it only as a property
//! (`.name`); a section this reader does not know leaves both files as they were (the glue's
//! renames included: they are made on a copy).

/// What leptos links through `server_fn` and `wasm-streams` for a Rust stream read from JS
/// (`IntoUnderlyingSource`, `…Sink`, `…ByteSource`): exported, so a root that wasm-opt keeps,
/// though this app hands no Rust stream to JS. [`without_exports`] drops these exports before
/// wasm-opt (1.1 kB gzip a page, measured on the warps page); [`imports_named`] checks after it
/// that nothing left can make such an object.
pub const UNUSED_EXPORTS: &str = "intounderlying";

/// `wasm` without the exports whose names contain `part`; `None` when its sections are not
/// what this reader knows.
#[must_use]
pub fn without_exports(wasm: &[u8], part: &str) -> Option<Vec<u8>> {
    map_sections(wasm, |id, body| {
        if id != 7 {
            return Some(body.to_vec());
        }
        let mut r = Bytes { b: body, at: 0 };
        let count = r.leb()?;
        let mut kept = Vec::new();
        let mut n = 0u64;
        for _ in 0..count {
            let from = r.at;
            let name = r.name()?;
            r.byte()?;
            r.leb()?;
            if !std::str::from_utf8(name).ok()?.contains(part) {
                kept.extend_from_slice(&body[from..r.at]);
                n += 1;
            }
        }
        let mut out = Vec::new();
        put_leb(&mut out, n);
        out.extend_from_slice(&kept);
        (r.at == body.len()).then_some(out)
    })
}

/// The names of `wasm`'s imports that contain `part` (`None`: not a module this reader knows).
#[must_use]
pub fn imports_named(wasm: &[u8], part: &str) -> Option<Vec<String>> {
    let mut found = Vec::new();
    map_sections(wasm, |id, body| {
        if id == 2 {
            let mut r = Bytes { b: body, at: 0 };
            for _ in 0..r.leb()? {
                r.name()?;
                let name = std::str::from_utf8(r.name()?).ok()?;
                if name.contains(part) {
                    found.push(name.to_string());
                }
                r.descriptor()?;
            }
        }
        Some(body.to_vec())
    })?;
    Some(found)
}

/// `wasm` with each section's body replaced by what `f` makes of it (its id and body).
fn map_sections(wasm: &[u8], mut f: impl FnMut(u8, &[u8]) -> Option<Vec<u8>>) -> Option<Vec<u8>> {
    if wasm.get(..8)? != b"\0asm\x01\0\0\0" {
        return None;
    }
    let mut r = Bytes { b: wasm, at: 8 };
    let mut out = wasm[..8].to_vec();
    while r.at < wasm.len() {
        let id = r.byte()?;
        let size = usize::try_from(r.leb()?).ok()?;
        let body = wasm.get(r.at..r.at.checked_add(size)?)?;
        r.at += size;
        let section = f(id, body)?;
        out.push(id);
        put_leb(&mut out, section.len() as u64);
        out.extend_from_slice(&section);
    }
    Some(out)
}

/// `wasm` and `js` with every import renamed that the glue holds exactly once as a key; both
/// unchanged when the wasm's imports are not what this reader knows.
#[must_use]
pub fn shorten(wasm: &[u8], js: &str) -> (Vec<u8>, String) {
    match try_shorten(wasm, js) {
        Some(done) => done,
        None => (wasm.to_vec(), js.to_string()),
    }
}

fn try_shorten(wasm: &[u8], js: &str) -> Option<(Vec<u8>, String)> {
    let mut js = js.to_string();
    let wasm = map_sections(wasm, |id, body| match id {
        2 => imports(body, &mut js),
        7 => exports(body, &mut js),
        _ => Some(body.to_vec()),
    })?;
    Some((wasm, js))
}

/// The import section `body` with its names shortened where `js` allows, `js` renamed alike.
fn imports(body: &[u8], js: &mut String) -> Option<Vec<u8>> {
    let mut r = Bytes { b: body, at: 0 };
    let count = r.leb()?;
    let mut out = Vec::new();
    put_leb(&mut out, count);
    for k in 0..count {
        let module = r.name()?;
        let name = std::str::from_utf8(r.name()?).ok()?;
        let from = r.at;
        r.descriptor()?;
        let short = format!("_{k:x}");
        let name = if rename_key(js, name, &short) {
            short.as_str()
        } else {
            name
        };
        put_leb(&mut out, module.len() as u64);
        out.extend_from_slice(module);
        put_leb(&mut out, name.len() as u64);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(&body[from..r.at]);
    }
    (r.at == body.len()).then_some(out)
}

/// The export section `body` with its names shortened where `js` allows, `js` renamed alike.
fn exports(body: &[u8], js: &mut String) -> Option<Vec<u8>> {
    let mut r = Bytes { b: body, at: 0 };
    let count = r.leb()?;
    let mut out = Vec::new();
    put_leb(&mut out, count);
    for k in 0..count {
        let name = std::str::from_utf8(r.name()?).ok()?;
        let from = r.at;
        r.byte()?;
        r.leb()?;
        let short = format!("${k:x}");
        let name = if name != "memory" && rename_property(js, name, &short) {
            short.as_str()
        } else {
            name
        };
        put_leb(&mut out, name.len() as u64);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(&body[from..r.at]);
    }
    (r.at == body.len()).then_some(out)
}

/// Where `name` occurs in `js` as a whole word.
fn whole_words(js: &str, name: &str) -> Vec<usize> {
    let word =
        |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    js.match_indices(name)
        .map(|(i, _)| i)
        .filter(|&i| {
            !word(js[..i].chars().next_back()) && !word(js[i + name.len()..].chars().next())
        })
        .collect()
}

/// Renames `name` to `short` in `js` where it occurs at least once and only ever as a property
/// (`.name`); says whether it did.
fn rename_property(js: &mut String, name: &str, short: &str) -> bool {
    let at = whole_words(js, name);
    if at.is_empty() || at.iter().any(|&i| !js[..i].ends_with('.')) {
        return false;
    }
    for &i in at.iter().rev() {
        js.replace_range(i..i + name.len(), short);
    }
    true
}

/// Renames `name` to `short` in `js` where it occurs exactly once, as a whole word followed by
/// `:` (a key of the import object), and nowhere else; says whether it did.
fn rename_key(js: &mut String, name: &str, short: &str) -> bool {
    let word =
        |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    let whole: Vec<usize> = js
        .match_indices(name)
        .map(|(i, _)| i)
        .filter(|&i| {
            !word(js[..i].chars().next_back()) && !word(js[i + name.len()..].chars().next())
        })
        .collect();
    match whole.as_slice() {
        [i] if js[i + name.len()..].starts_with(':') => {
            js.replace_range(*i..i + name.len(), short);
            true
        }
        _ => false,
    }
}

fn put_leb(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

struct Bytes<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.b.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn leb(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Some(n);
            }
        }
        None
    }

    fn name(&mut self) -> Option<&'a [u8]> {
        let len = usize::try_from(self.leb()?).ok()?;
        let s = self.b.get(self.at..self.at.checked_add(len)?)?;
        self.at += len;
        Some(s)
    }

    fn limits(&mut self) -> Option<()> {
        let flags = self.byte()?;
        self.leb()?;
        if flags & 1 == 1 {
            self.leb()?;
        }
        Some(())
    }

    /// Skips an import's kind and type; `None` for a kind this reader does not know.
    fn descriptor(&mut self) -> Option<()> {
        match self.byte()? {
            // A function: its type's index.
            0 => self.leb().map(drop),
            // A table: a plain reference type, then its limits.
            1 => {
                if !matches!(self.byte()?, 0x6f | 0x70) {
                    return None;
                }
                self.limits()
            }
            // A memory: its limits.
            2 => self.limits(),
            // A global: a plain value type and its mutability.
            3 => {
                if !matches!(self.byte()?, 0x6f | 0x70 | 0x7b..=0x7f) {
                    return None;
                }
                (self.byte()? <= 1).then_some(())
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
