//! Tokens of the CUDA C subset, with line and column for every one.

use super::error::KernelError;

/// A token kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// An identifier or keyword.
    Ident(String),
    /// An integer literal.
    Int(i64),
    /// An `unsigned int` literal: a `u` suffix, or a hex literal too big for `int`
    /// (`0xffffffff`), as C types them.
    UInt(u32),
    /// A floating literal (`1.5`, `2.0f`).
    Float(f64),
    /// Punctuation or an operator.
    Punct(&'static str),
    /// End of input.
    Eof,
}

/// A token and where it starts (1-based line and column).
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Line, 1-based.
    pub line: usize,
    /// Column, 1-based.
    pub col: usize,
}

const PUNCT: [&str; 47] = [
    "<<=", ">>=", "<<<", ">>>", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "++", "--", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "->", "+", "-", "*", "/", "%", "<", ">", "=", "!",
    "~", "&", "|", "^", "(", ")", "{", "}", "[", "]", ";", ",", "?", ":", ".",
];

/// Splits `src` into tokens.
///
/// # Errors
/// An unexpected character, an unterminated comment, a number out of range.
pub fn lex(src: &str) -> Result<Vec<Token>, KernelError> {
    let chars: Vec<char> = src.chars().collect();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let mut out = Vec::new();
    let advance = |i: &mut usize, line: &mut usize, col: &mut usize, n: usize, chars: &[char]| {
        for _ in 0..n {
            if chars.get(*i) == Some(&'\n') {
                *line += 1;
                *col = 1;
            } else {
                *col += 1;
            }
            *i += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            advance(&mut i, &mut line, &mut col, 1, &chars);
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                advance(&mut i, &mut line, &mut col, 1, &chars);
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            let (l0, c0) = (line, col);
            advance(&mut i, &mut line, &mut col, 2, &chars);
            loop {
                if i + 1 >= chars.len() {
                    return Err(KernelError::at(
                        l0,
                        c0,
                        crate::tr!("kernel.lex.comment-unclosed"),
                    ));
                }
                if chars[i] == '*' && chars[i + 1] == '/' {
                    advance(&mut i, &mut line, &mut col, 2, &chars);
                    break;
                }
                advance(&mut i, &mut line, &mut col, 1, &chars);
            }
            continue;
        }
        if c == '#' {
            return Err(KernelError::at(
                line,
                col,
                crate::tr!("kernel.unsupported.preprocessor"),
            ));
        }
        let (l0, c0) = (line, col);
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                advance(&mut i, &mut line, &mut col, 1, &chars);
            }
            out.push(Token {
                tok: Tok::Ident(chars[start..i].iter().collect()),
                line: l0,
                col: c0,
            });
            continue;
        }
        if c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit)) {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '.') {
                advance(&mut i, &mut line, &mut col, 1, &chars);
            }
            let text: String = chars[start..i].iter().collect();
            let hex = text.starts_with("0x") || text.starts_with("0X");
            // A hex literal's digits may end in f: only a `u` suffix is trimmed there.
            let t = if hex {
                text.trim_end_matches(['u', 'U'])
            } else {
                text.trim_end_matches(['f', 'F', 'u', 'U'])
            };
            let suffix_u = text.ends_with(['u', 'U']);
            let bad = || KernelError::at(l0, c0, crate::tr!("kernel.lex.not-number", text));
            let too_big = || KernelError::at(l0, c0, crate::tr!("kernel.lex.too-big", text));
            let tok = if !hex && (t.contains('.') || t.contains(['e', 'E'])) {
                crate::params::decimal(t).map(Tok::Float).ok_or_else(bad)?
            } else {
                let v = if hex {
                    let digits = t.get(2..).unwrap_or_default();
                    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
                        return Err(bad());
                    }
                    u64::from_str_radix(digits, 16).map_err(|_| too_big())?
                } else {
                    t.parse::<u64>().map_err(|_| too_big())?
                };
                // C's rule for a literal's type, within the lab's types: one that fits `int`
                // is an int; a `u` suffix, or a hex literal between 2^31 and 2^32, is an
                // unsigned int; any wider one is CUDA's `long long`, held as the lab's 64-bit
                // int, so that `a[4294967296]` is the run's out-of-bounds access at its line,
                // not a source error (issue 65). A `u` literal wider than 32 bits, or any past
                // 2^63 - 1, is too big for the lab.
                match (u32::try_from(v), i64::try_from(v)) {
                    (Ok(v), _) if suffix_u || (hex && v > i32::MAX as u32) => Tok::UInt(v),
                    (_, Ok(v)) if !suffix_u => Tok::Int(v),
                    _ => return Err(too_big()),
                }
            };
            out.push(Token {
                tok,
                line: l0,
                col: c0,
            });
            continue;
        }
        let rest: String = chars[i..(i + 3).min(chars.len())].iter().collect();
        if let Some(p) = PUNCT.iter().find(|p| rest.starts_with(**p)) {
            advance(&mut i, &mut line, &mut col, p.len(), &chars);
            out.push(Token {
                tok: Tok::Punct(p),
                line: l0,
                col: c0,
            });
        } else {
            let what = if c == '"' || c == '\'' {
                crate::tr!("kernel.unsupported.literals")
            } else {
                crate::tr!("kernel.lex.unexpected-char", c)
            };
            return Err(KernelError::at(line, col, what));
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        line,
        col,
    });
    Ok(out)
}
