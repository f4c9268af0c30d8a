//! The kernel lab's editor keys, as text. Enter keeps the line's indentation (one step more
//! after a `{`); Tab indents (spaces to the next stop of 4, or every selected line by 4);
//! Shift+Tab takes up to 4 spaces (or one tab) off the line or the selected lines. The view
//! hands over the text, the selection and the key, and applies the [`Edit`] it gets back.
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
/// indentation).
#[must_use]
pub fn press(text: &str, start: u32, end: u32, key: Key) -> Option<Edit> {
    let (a, b) = (byte_at(text, start.min(end)), byte_at(text, start.max(end)));
    let (from, to, insert, select) = match key {
        Key::Enter => enter(text, a, b),
        Key::Tab if !text[a..b].contains('\n') => {
            let line = line_start(text, a);
            let column =
                text[line..a]
                    .chars()
                    .fold(0, |at, c| if c == '\t' { at / 4 * 4 + 4 } else { at + 1 });
            let spaces = INDENT[..4 - column % 4].to_string();
            let caret = a + spaces.len();
            (a, b, spaces, (caret, caret))
        }
        Key::Tab | Key::ShiftTab => lines(text, a, b, key == Key::Tab)?,
    };
    let new_text = format!("{}{insert}{}", &text[..from], &text[to..]);
    Some(Edit {
        from: units(&text[..from]),
        to: units(&text[..to]),
        select: (units(&new_text[..select.0]), units(&new_text[..select.1])),
        insert,
    })
}

type Bytes = (usize, usize, String, (usize, usize));

/// Enter: the line's indentation (up to the caret), one step more after a `{`; between `{`
/// and `}` the brace goes to a line of its own, at the line's indentation.
fn enter(text: &str, a: usize, b: usize) -> Bytes {
    let line = line_start(text, a);
    let before = &text[line..a];
    let indent = &before[..before.len() - before.trim_start_matches([' ', '\t']).len()];
    let opens = before.trim_end().ends_with('{');
    let mut insert = format!("\n{indent}{}", if opens { INDENT } else { "" });
    let caret = a + insert.len();
    let rest = text[b..].split('\n').next().unwrap_or("");
    if opens && rest.trim_start().starts_with('}') {
        insert.push('\n');
        insert.push_str(indent);
    }
    (a, b, insert, (caret, caret))
}

/// Tab over lines, or Shift+Tab: every line the selection touches (a selection that ends at
/// the start of a line leaves that line alone) indented by one step, or outdented by up to
/// one; blank lines are not indented. A caret on one line keeps its place in the text; a
/// selection of lines stays selected, whole.
fn lines(text: &str, a: usize, b: usize, indent: bool) -> Option<Bytes> {
    let from = line_start(text, a);
    let last = if b > a && text[..b].ends_with('\n') {
        b - 1
    } else {
        b
    };
    let to = text[last..].find('\n').map_or(text.len(), |i| last + i);
    let block: Vec<String> = text[from..to]
        .split('\n')
        .map(|line| {
            if indent {
                let step = if line.trim().is_empty() { "" } else { INDENT };
                format!("{step}{line}")
            } else {
                let spaces = line.len() - line.trim_start_matches(' ').len();
                let cut = if line.starts_with('\t') {
                    1
                } else {
                    spaces.min(INDENT.len())
                };
                line[cut..].to_string()
            }
        })
        .collect();
    let block = block.join("\n");
    if block == text[from..to] {
        return None;
    }
    let select = if text[a..b].contains('\n') {
        (from, from + block.len())
    } else {
        // One line outdented: the selection moves with its text (into the line's start when
        // it was inside the indentation taken away).
        let cut = to - from - block.len();
        let shift = |x: usize| from + (x - from).saturating_sub(cut);
        (shift(a), shift(b))
    };
    Some((from, to, block, select))
}

/// The byte where the line holding byte `at` starts.
fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
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

/// The UTF-16 length of `text`.
fn units(text: &str) -> u32 {
    u32::try_from(text.encode_utf16().count()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests;
