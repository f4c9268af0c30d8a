//! The kernel lab's editor keys, as text: the one home of its indent rule (issue 66). Enter
//! keeps the line's indentation (one step more after a `{`); Tab indents (spaces to the next
//! stop of 4, or every selected line by 4), except on a blank line, where it goes to the
//! indentation the braces around it give and no further (Enter after `{`, then Tab by habit,
//! made 8 spaces); Shift+Tab takes up to 4 spaces (or one tab) off the line or the selected
//! lines; a `}` typed on a blank line takes the indentation of the line that opened its block.
//! The view hands over the text, the selection and the key, and applies the [`Edit`] it gets
//! back; the indent and outdent buttons beside the editor (a phone has no Tab key) press Tab
//! and Shift+Tab.
//!
//! Offsets are the browser's: UTF-16 code units, as `selectionStart` counts them; the text
//! work is done on `char` boundaries in between. Leaving the editor (Escape, then Tab) is the
//! view's: it is a sequence of keys, not an edit.

/// One step of indentation: 4 spaces, as the presets and the starters are written.
pub const INDENT: &str = "    ";

/// A key the editor handles itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A new line, indented as the line it leaves.
    Enter,
    /// Indent.
    Tab,
    /// Outdent.
    ShiftTab,
    /// A `}` typed: on a blank line, first back to its block's opening line's indentation.
    Close,
    /// The indent button (a phone has no Tab key): every line the selection touches one step
    /// in; a blank line takes the step at the caret.
    Indent,
}

/// What a key does to the text: `from..to` of the old text becomes `insert`, then `select` is
/// the selection (a caret when both ends are equal). Offsets in UTF-16 code units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// Start of the replaced range.
    pub from: u32,
    /// End of the replaced range.
    pub to: u32,
    /// What replaces it.
    pub insert: String,
    /// The selection afterwards, in the new text.
    pub select: (u32, u32),
}

/// What `key` does with the selection `start..end` of `text` (UTF-16 offsets, in either
/// order, clamped to the text). `None` when it changes nothing (Shift+Tab on a line with no
/// indentation). Written on bytes, for the wasm's size: every character the keys look at
/// (a newline, a space, a tab, a brace) is ASCII.
#[must_use]
pub fn press(text: &str, start: u32, end: u32, key: Key) -> Option<Edit> {
    let (a, b) = (byte_at(text, start.min(end)), byte_at(text, start.max(end)));
    let bytes = text.as_bytes();
    let line = line_start(bytes, a);
    // The replaced bytes, what replaces them, and the selection after, within it.
    let (from, to, insert, select) = match key {
        Key::Enter => {
            let indent = part(text, line, line + blank(&bytes[line..a]));
            let opens = last_non_blank(bytes[line..a].iter().rev()) == Some(b'{');
            let mut insert = format!("\n{indent}{}", if opens { INDENT } else { "" });
            let caret = insert.len();
            // Between `{` and `}`, the brace goes to a line of its own.
            if opens && last_non_blank(bytes[b..].iter()) == Some(b'}') {
                insert.push('\n');
                insert.push_str(indent);
            }
            (a, b, insert, (caret, caret))
        }
        // A blank line's Tab goes to the braces' indentation, not past it (issue 66); past
        // it, or on a line with a tab, Tab is the usual one.
        Key::Tab
            if a == b && spaces_only(bytes, line).is_some_and(|h| h <= wanted(bytes, line)) =>
        {
            let (have, want) = (blank(&bytes[line..]), wanted(bytes, line));
            if have == want {
                return None;
            }
            (line, line + have, " ".repeat(want), (want, want))
        }
        Key::Close => {
            if !(a == b && blank(&bytes[line..a]) == a - line) {
                return None;
            }
            let indent = opener(bytes, line).map_or("", |o| part(text, o, o + blank(&bytes[o..])));
            let mut insert = indent.to_string();
            insert.push('}');
            let n = insert.len();
            (line, a, insert, (n, n))
        }
        Key::Tab if !bytes[a..b].contains(&b'\n') => {
            let column = part(text, line, a).chars().fold(0, |at, c| {
                if c == '\t' {
                    at / 4 * 4 + 4
                } else {
                    at + 1
                }
            });
            let n = 4 - column % 4;
            (a, b, part(INDENT, 0, n).to_string(), (n, n))
        }
        Key::Indent if !bytes[a..b].contains(&b'\n') && spaces_only(bytes, line).is_some() => {
            (a, b, INDENT.to_string(), (INDENT.len(), INDENT.len()))
        }
        Key::Tab | Key::ShiftTab | Key::Indent => lines(text, a, b, key != Key::ShiftTab)?,
    };
    let base = units(part(text, 0, from));
    Some(Edit {
        from: base,
        to: units(part(text, 0, to)),
        select: (
            base + units(part(&insert, 0, select.0)),
            base + units(part(&insert, 0, select.1)),
        ),
        insert,
    })
}

/// Tab over lines, or Shift+Tab: every line the selection touches (a selection that ends at
/// the start of a line leaves that line alone) indented by one step, or outdented by up to
/// one (4 spaces, or a tab); blank lines are not indented. A selection of lines stays
/// selected, whole; on one line, the selection moves with its text.
fn lines(
    text: &str,
    a: usize,
    b: usize,
    indent: bool,
) -> Option<(usize, usize, String, (usize, usize))> {
    let bytes = text.as_bytes();
    let from = line_start(bytes, a);
    let last = if b > a && bytes[b - 1] == b'\n' {
        b - 1
    } else {
        b
    };
    let to = bytes[last..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(text.len(), |i| last + i);
    let mut block = String::new();
    let mut cut = 0;
    for (i, line) in part(text, from, to).split('\n').enumerate() {
        if i > 0 {
            block.push('\n');
        }
        if indent {
            if blank(line.as_bytes()) < line.len() {
                block.push_str(INDENT);
            }
        } else {
            let spaces = line.bytes().take_while(|&c| c == b' ').count();
            cut = if line.starts_with('\t') {
                1
            } else {
                spaces.min(INDENT.len())
            };
        }
        block.push_str(part(line, if indent { 0 } else { cut }, line.len()));
    }
    if block == part(text, from, to) {
        return None;
    }
    let select = if bytes[a..b].contains(&b'\n') {
        (0, block.len())
    } else if indent {
        // One line indented (the indent button): the selection moves in with its text.
        (a - from + INDENT.len(), b - from + INDENT.len())
    } else {
        (
            (a - from).saturating_sub(cut),
            (b - from).saturating_sub(cut),
        )
    };
    Some((from, to, block, select))
}

/// Where the line that opens the block holding byte `line` starts: the line of the innermost
/// `{` before it that no `}` before it closes (braces in `//` comments not counted); `None` at
/// the top level.
fn opener(bytes: &[u8], line: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut at = line;
    while at > 0 {
        let start = line_start(bytes, at - 1);
        let code = &bytes[start..at];
        let code = code
            .windows(2)
            .position(|w| w == b"//")
            .map_or(code, |i| &code[..i]);
        for &c in code.iter().rev() {
            match c {
                b'}' => depth += 1,
                b'{' if depth == 0 => return Some(start),
                b'{' => depth -= 1,
                _ => {}
            }
        }
        at = start;
    }
    None
}

/// The spaces of the line starting at byte `line` when it holds nothing else, else `None`.
fn spaces_only(bytes: &[u8], line: usize) -> Option<usize> {
    let end = bytes[line..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(bytes.len(), |i| line + i);
    bytes[line..end]
        .iter()
        .all(|&c| c == b' ')
        .then_some(end - line)
}

/// The indentation, in bytes, that the braces give the line starting at `line`: one step past
/// the line that opens its block (nothing at the top level).
fn wanted(bytes: &[u8], line: usize) -> usize {
    opener(bytes, line).map_or(0, |o| blank(&bytes[o..]) + INDENT.len())
}

/// The bytes of spaces and tabs `bytes` starts with.
fn blank(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .take_while(|&&c| c == b' ' || c == b'\t')
        .count()
}

/// The first byte that is not a space or a tab.
fn last_non_blank<'a>(mut bytes: impl Iterator<Item = &'a u8>) -> Option<u8> {
    bytes.find(|&&c| c != b' ' && c != b'\t').copied()
}

/// The byte where the line holding byte `at` starts.
fn line_start(bytes: &[u8], at: usize) -> usize {
    bytes[..at]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |i| i + 1)
}

/// The byte of UTF-16 offset `unit` (a `char` boundary: an offset inside a character counts
/// from its start; past the end, the end).
fn byte_at(text: &str, unit: u32) -> usize {
    let mut seen = 0;
    for (i, c) in text.char_indices() {
        seen += c.len_utf16();
        if seen > unit as usize {
            return i;
        }
    }
    text.len()
}

/// `text`'s bytes `from..to`, empty where they are not on `char` boundaries (they always are:
/// every boundary here is a `char`'s or an ASCII byte's). `str::get`, not `&text[from..to]`,
/// whose failure links the standard library's slicing panic and its message (about 2 kB gzip a
/// page, issue 46).
fn part(text: &str, from: usize, to: usize) -> &str {
    text.get(from..to).unwrap_or_default()
}

/// The UTF-16 length of `text`.
fn units(text: &str) -> u32 {
    u32::try_from(text.encode_utf16().count()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests;
