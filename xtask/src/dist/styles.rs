//! Each page's styles (issue 46): the site's stylesheet less the rules no view of the page's
//! bundle can match. Every page inlined all of `style/*.css` (6.9 kB gzip), a half of which is
//! the other panels' rules; a page now carries the rules whose classes its bundle names.
//!
//! Which classes a bundle can draw is read from what the build made, not from a hand list: a
//! rule is kept when every class its selector requires occurs somewhere in the bundle's files
//! (its wasm, whose data holds each class as a string constant, and its JS glue, in both
//! languages) or in the page itself (its template, loader and markup). A class the views compose
//! at run time from a letter and a number (`c3`, the warp colours; `m2`, the mma registers) may
//! be in no string: those families are always kept. Reading more than is used only keeps a
//! rule; it never drops one a view needs.
//!
//! A page that the address turns into another bundle's (`/?panel=warps` on the home view's
//! page) lacks that bundle's rules: its `<html data-styles>` names the bundle its styles are
//! for, and the loader links the whole stylesheet (the site's `style-<hash>.css`) when the
//! bundle it starts is another one, and waits for it before the app draws.
//!
//! Written by hand rather than with a CSS crate: the input is esbuild's minified output (rules
//! and `@media` blocks, no comments), and the one question asked of a selector is which
//! classes it requires.

/// Whether a class is one the views compose at run time (a lower-case letter, then digits), and
/// so kept whatever the bundle's strings say.
fn composed(class: &str) -> bool {
    let mut chars = class.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && class.len() > 1
        && chars.all(|c| c.is_ascii_digit())
}

/// The classes `selector` requires of an element for it to match: every `.name` in it, except
/// inside `:not(…)` (a class that must be absent is no reason to keep a rule, nor to drop it).
#[must_use]
pub fn required_classes(selector: &str) -> Vec<&str> {
    let bytes = selector.as_bytes();
    let mut out = Vec::new();
    let mut negated = 0usize; // depth of `:not(` we are inside
    let mut depth = 0usize; // parentheses
    let mut not_at: Vec<usize> = Vec::new(); // the depths at which a `:not(` opened
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                depth += 1;
                if selector[..i].ends_with(":not") {
                    negated += 1;
                    not_at.push(depth);
                }
            }
            b')' => {
                if not_at.last() == Some(&depth) {
                    not_at.pop();
                    negated -= 1;
                }
                depth = depth.saturating_sub(1);
            }
            b'[' => {
                // An attribute's value is no class: skip to the closing bracket.
                while i < bytes.len() && bytes[i] != b']' {
                    i += 1;
                }
            }
            b'.' => {
                let start = i + 1;
                let mut end = start;
                while end < bytes.len()
                    && (bytes[end].is_ascii_alphanumeric()
                        || bytes[end] == b'-'
                        || bytes[end] == b'_')
                {
                    end += 1;
                }
                // `.5` in `:nth-child(.5)` does not occur; a class starts with a letter.
                if end > start && bytes[start].is_ascii_alphabetic() && negated == 0 {
                    out.push(&selector[start..end]);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Every class a selector of `css` requires (each once).
#[must_use]
pub fn classes(css: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    collect(css, &mut out);
    out.sort_unstable();
    out.dedup();
    out
}

fn collect<'a>(css: &'a str, out: &mut Vec<&'a str>) {
    for (prelude, body) in blocks(css).unwrap_or_default() {
        let prelude = prelude.trim();
        if prelude.starts_with("@media") || prelude.starts_with("@supports") {
            collect(body, out);
        } else if !prelude.starts_with('@') {
            out.extend(required_classes(prelude));
        }
    }
}

/// Those of `classes` that occur in `text` (a bundle's files).
#[must_use]
pub fn named_by<'a>(classes: &[&'a str], text: &str) -> std::collections::BTreeSet<&'a str> {
    classes
        .iter()
        .copied()
        .filter(|c| text.contains(c))
        .collect()
}

/// The top-level blocks of `css`: `(prelude, body)` for each `prelude { body }`; `None` when the
/// braces do not balance.
fn blocks(css: &str) -> Option<Vec<(&str, &str)>> {
    let mut out = Vec::new();
    let mut rest = css;
    loop {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            return Some(out);
        }
        let open = trimmed.find('{')?;
        let mut depth = 0usize;
        let mut close = None;
        for (i, c) in trimmed.char_indices().skip(open) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let close = close?;
        out.push((&trimmed[..open], &trimmed[open + 1..close]));
        rest = &trimmed[close + 1..];
    }
}

/// `css` (minified: no comments, no `{` or `}` inside strings) with only the rules whose
/// selector (one of its comma-separated parts, at least) requires no class that `present`
/// denies, or only composed classes. Conditional blocks (`@media`, `@supports`) are pruned
/// inside and dropped when empty; other at-rules (`@keyframes`, `@font-face`) are kept whole.
///
/// # Errors
/// The braces of `css` do not balance.
pub fn prune(css: &str, present: &dyn Fn(&str) -> bool) -> Result<String, String> {
    let mut out = String::with_capacity(css.len());
    for (prelude, body) in blocks(css).ok_or("the stylesheet's braces do not balance")? {
        let prelude = prelude.trim();
        if prelude.starts_with("@media") || prelude.starts_with("@supports") {
            let inner = prune(body, present)?;
            if !inner.is_empty() {
                out.push_str(prelude);
                out.push('{');
                out.push_str(&inner);
                out.push('}');
            }
        } else if prelude.starts_with('@') {
            out.push_str(prelude);
            out.push('{');
            out.push_str(body);
            out.push('}');
        } else {
            let kept: Vec<&str> = split_selectors(prelude)
                .into_iter()
                .filter(|s| {
                    required_classes(s)
                        .iter()
                        .all(|c| composed(c) || present(c))
                })
                .collect();
            if !kept.is_empty() {
                out.push_str(&kept.join(","));
                out.push('{');
                out.push_str(body);
                out.push('}');
            }
        }
    }
    Ok(out)
}

/// A selector list split at its top-level commas (`:is(a, b)` stays whole).
fn split_selectors(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in list.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&list[start..]);
    out
}

#[cfg(test)]
mod tests;
