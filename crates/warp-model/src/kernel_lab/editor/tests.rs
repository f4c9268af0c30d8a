//! Each key on a text with its selection written in it: `|` is the caret, `[` … `]` a
//! selection; `check(before, key, after)` presses the key and compares.

use super::{press, Edit, Key};

/// The text without its marks, and the selection's UTF-16 offsets.
fn parse(marked: &str) -> (String, u32, u32) {
    let units = |s: &str| u32::try_from(s.encode_utf16().count()).unwrap();
    if let Some(at) = marked.find('|') {
        let text = marked.replace('|', "");
        let caret = units(&marked[..at]);
        return (text, caret, caret);
    }
    let (open, close) = (marked.find('[').unwrap(), marked.find(']').unwrap());
    let text = marked.replace(['[', ']'], "");
    (text, units(&marked[..open]), units(&marked[..close]) - 1)
}

/// The text after `edit`, with its selection marked.
fn apply(text: &str, edit: &Edit) -> String {
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let mut out: Vec<u16> = utf16[..edit.from as usize].to_vec();
    out.extend(edit.insert.encode_utf16());
    out.extend(&utf16[edit.to as usize..]);
    let at = |i: u32| String::from_utf16(&out[..i as usize]).unwrap();
    let (s, e) = edit.select;
    let rest = String::from_utf16(&out[e as usize..]).unwrap();
    if s == e {
        format!("{}|{rest}", at(s))
    } else {
        let mid = String::from_utf16(&out[s as usize..e as usize]).unwrap();
        format!("{}[{mid}]{rest}", at(s))
    }
}

fn check(before: &str, key: Key, after: &str) {
    let (text, start, end) = parse(before);
    let edit =
        press(&text, start, end, key).unwrap_or_else(|| panic!("{before:?} {key:?}: no edit"));
    assert_eq!(apply(&text, &edit), after, "{before:?} {key:?}");
}

#[test]
fn enter_keeps_the_lines_indentation() {
    check("    int i = 0;|", Key::Enter, "    int i = 0;\n    |");
    check("int i;|\n", Key::Enter, "int i;\n|\n");
    // Mid-line: the rest goes to the new line, after the indentation.
    check("    a = b;| c = d;", Key::Enter, "    a = b;\n    | c = d;");
    // Tabs are kept as they are.
    check("\tx;|", Key::Enter, "\tx;\n\t|");
    // A selection is replaced.
    check("    a[bc]d", Key::Enter, "    a\n    |d");
    // The indentation counts only up to the caret.
    check("  |  x", Key::Enter, "  \n  |  x");
}

#[test]
fn enter_after_a_brace_indents_one_step_more() {
    check(
        "__global__ void k() {|",
        Key::Enter,
        "__global__ void k() {\n    |",
    );
    check(
        "    if (i < n) {|",
        Key::Enter,
        "    if (i < n) {\n        |",
    );
    check(
        "    if (i < n) {  |",
        Key::Enter,
        "    if (i < n) {  \n        |",
    );
    // Between the braces, the closing one goes to a line of its own.
    check(
        "    if (x) {|}",
        Key::Enter,
        "    if (x) {\n        |\n    }",
    );
    // The starter's empty body: "{" then Enter on its indented line.
    check(
        "__global__ void k(int* a) {\n    {|\n}\n",
        Key::Enter,
        "__global__ void k(int* a) {\n    {\n        |\n}\n",
    );
}

#[test]
fn tab_inserts_spaces_to_the_next_stop() {
    check("|x", Key::Tab, "    |x");
    check("ab|", Key::Tab, "ab  |");
    check("    |", Key::Tab, "        |");
    check("\t|", Key::Tab, "\t    |");
    // A selection within a line is replaced.
    check("a[bc]d", Key::Tab, "a   |d");
}

#[test]
fn tab_over_lines_indents_each_and_keeps_them_selected() {
    check("[a\nb]", Key::Tab, "[    a\n    b]");
    // Partly selected lines count whole; a blank line stays blank.
    check("xa[b\n\nc]d", Key::Tab, "[    xab\n\n    cd]");
    // A selection ending at a line's start leaves that line alone.
    check("[a\n]b", Key::Tab, "[    a]\nb");
}

#[test]
fn shift_tab_takes_off_one_step() {
    check("        x|", Key::ShiftTab, "    x|");
    check("  x|", Key::ShiftTab, "x|");
    check("\t\tx|", Key::ShiftTab, "\tx|");
    // A caret inside the indentation goes to the line's start.
    check("  |      x", Key::ShiftTab, "|    x");
    // Other lines are left alone.
    check("a\n    b|\nc", Key::ShiftTab, "a\nb|\nc");
    check("[    a\n  b\nc]", Key::ShiftTab, "[a\nb\nc]");
    check("    a[b]c", Key::ShiftTab, "a[b]c");
}

#[test]
fn shift_tab_with_nothing_to_take_changes_nothing() {
    assert_eq!(press("x", 1, 1, Key::ShiftTab), None);
    assert_eq!(press("a\nb", 0, 3, Key::ShiftTab), None);
}

#[test]
fn offsets_are_utf16_units_and_are_clamped() {
    // "é" is one unit, "𝑥" two: the caret after them is at 3 (or 4 with the tab's spaces).
    check("// é𝑥|", Key::Enter, "// é𝑥\n|");
    let edit = press("é𝑥", 3, 3, Key::Tab).unwrap();
    assert_eq!((edit.from, edit.to, edit.select), (3, 3, (5, 5)));
    // Past the end, reversed, or inside a surrogate pair: still an edit at a boundary.
    assert_eq!(press("ab", 9, 9, Key::Tab).unwrap().from, 2);
    assert_eq!(press("abc", 2, 1, Key::Tab).unwrap().to, 2);
    assert_eq!(press("𝑥y", 1, 1, Key::Tab).unwrap().from, 0);
}

#[test]
fn every_key_on_any_text_gives_a_well_formed_edit() {
    use proptest::prelude::*;
    proptest!(|(text in "[ \\t\\n{}aé𝑥]{0,24}", s in 0u32..30, e in 0u32..30, k in 0usize..3)| {
        let key = [Key::Enter, Key::Tab, Key::ShiftTab][k];
        let len = u32::try_from(text.encode_utf16().count()).unwrap();
        if let Some(edit) = press(&text, s, e, key) {
            prop_assert!(edit.from <= edit.to && edit.to <= len);
            let new_len = len - (edit.to - edit.from)
                + u32::try_from(edit.insert.encode_utf16().count()).unwrap();
            prop_assert!(edit.select.0 <= edit.select.1 && edit.select.1 <= new_len);
            // The text before and after the edit is kept.
            let _ = apply(&text, &edit);
        }
    });
}

#[test]
fn enter_after_a_brace_then_tab_stays_at_the_braces_indentation() {
    // Issue 66: Enter after `{` indents 4, and Tab by habit made 8. On a blank line Tab goes to
    // the indentation the braces give (one step past the opening line) and no further.
    let opened = "__global__ void k(float* a) {\n    |\n}";
    let (text, start, end) = parse(opened);
    assert_eq!(press(&text, start, end, Key::Tab), None);
    // Short of it, Tab takes the line there in one press (2 spaces: to 4, not to the next stop).
    check(
        "__global__ void k(float* a) {\n  |\n}",
        Key::Tab,
        "__global__ void k(float* a) {\n    |\n}",
    );
    // Inside a nested block: the `if`'s line is indented 4, so its body's blank line wants 8.
    check(
        "void k() {\n    if (i < n) {\n|\n    }\n}",
        Key::Tab,
        "void k() {\n    if (i < n) {\n        |\n    }\n}",
    );
    // Past it (a learner who wants more), Tab is the usual one: to the next stop.
    check(
        "void k() {\n        |\n}",
        Key::Tab,
        "void k() {\n            |\n}",
    );
    // A closed block before the line does not count: after `if (…) { … }` the level is 4.
    let closed = "void k() {\n    if (x) { y(); }\n    |\n}";
    let (text, start, end) = parse(closed);
    assert_eq!(press(&text, start, end, Key::Tab), None);
    // At the top level a blank line wants none; a line with text still takes Tab's spaces.
    let (text, start, end) = parse("|");
    assert_eq!(press(&text, start, end, Key::Tab), None);
    check("x|", Key::Tab, "x   |");
}

#[test]
fn a_closing_brace_on_a_blank_line_goes_back_to_its_blocks_opening_line() {
    // Issue 66: a `}` typed on an indented empty line stayed at the body's indentation.
    check(
        "void k() {\n    if (i < n) {\n        a[i] = 1;\n        |",
        Key::Close,
        "void k() {\n    if (i < n) {\n        a[i] = 1;\n    }|",
    );
    check(
        "void k() {\n    x();\n    |",
        Key::Close,
        "void k() {\n    x();\n}|",
    );
    // A brace in a comment does not open a block.
    check(
        "void k() {\n    // {\n    |",
        Key::Close,
        "void k() {\n    // {\n}|",
    );
    // After text on the line, or with a selection, `}` is typed as the browser types it.
    for marked in ["void k() {\n    x();|", "void k() {\n    [x]"] {
        let (text, start, end) = parse(marked);
        assert_eq!(press(&text, start, end, Key::Close), None, "{marked:?}");
    }
}

#[test]
fn the_indent_button_moves_the_whole_line_wherever_the_caret_is() {
    // A phone has no Tab key (issue 66): its indent button takes the line one step in, the
    // caret moving with its text; on a blank line the step goes in at the caret; the outdent
    // button is Shift+Tab.
    check(
        "void k() {\nx = |1;\n}",
        Key::Indent,
        "void k() {\n    x = |1;\n}",
    );
    check(
        "void k() {\n    |\n}",
        Key::Indent,
        "void k() {\n        |\n}",
    );
    check("[a\nb]", Key::Indent, "[    a\n    b]");
    check("    x = |1;", Key::ShiftTab, "x = |1;");
}
