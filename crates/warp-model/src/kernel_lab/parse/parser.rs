//! The parser's state and its token-level steps (look, take, expect), shared by the statement
//! and expression grammars.

use super::ast::{SharedArray, Ty};
use crate::kernel_lab::error::KernelError;
use crate::kernel_lab::lex::{Tok, Token};
use crate::tr;

pub(super) const UNSUPPORTED: [&str; 23] = [
    "switch",
    "case",
    "do",
    "goto",
    "struct",
    "class",
    "union",
    "enum",
    "typedef",
    "template",
    "namespace",
    "sizeof",
    "double",
    "char",
    "long",
    "short",
    "__device__",
    "__host__",
    "printf",
    "malloc",
    "auto",
    "static",
    "extern",
];

pub(super) struct Parser {
    pub(super) toks: Vec<Token>,
    pub(super) at: usize,
    pub(super) depth: usize,
    pub(super) shared: Vec<SharedArray>,
    pub(super) params: Vec<String>,
}

pub(super) fn err(t: &Token, msg: impl Into<String>) -> KernelError {
    KernelError::at(t.line, t.col, msg)
}

pub(super) fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("“{s}”"),
        Tok::Int(n) => tr!("kernel.token.number", n),
        Tok::UInt(n) => tr!("kernel.token.number", n),
        Tok::Float(f) => tr!("kernel.token.number", n = crate::figure::format_decimal(*f)),
        Tok::Punct(p) => format!("“{p}”"),
        Tok::Eof => tr!("kernel.token.end"),
    }
}

impl Parser {
    pub(super) fn peek(&self) -> &Token {
        &self.toks[self.at.min(self.toks.len() - 1)]
    }
    pub(super) fn next(&mut self) -> Token {
        let t = self.peek().clone();
        if self.at < self.toks.len() - 1 {
            self.at += 1;
        }
        t
    }
    pub(super) fn is(&self, p: &str) -> bool {
        matches!(&self.peek().tok, Tok::Punct(q) if *q == p)
    }
    pub(super) fn is_word(&self, w: &str) -> bool {
        matches!(&self.peek().tok, Tok::Ident(s) if s == w)
    }
    pub(super) fn eat(&mut self, p: &str) -> bool {
        if self.is(p) {
            self.next();
            true
        } else {
            false
        }
    }
    pub(super) fn expect(&mut self, p: &str, what: &str) -> Result<Token, KernelError> {
        if self.is(p) {
            Ok(self.next())
        } else {
            Err(err(
                self.peek(),
                tr!(
                    "kernel.parse.expected-token",
                    token = p,
                    what,
                    found = describe(&self.peek().tok)
                ),
            ))
        }
    }
    pub(super) fn ident(&mut self, what: &str) -> Result<(String, Token), KernelError> {
        let t = self.next();
        match &t.tok {
            Tok::Ident(s) => {
                if UNSUPPORTED.contains(&s.as_str()) {
                    return Err(err(&t, tr!("kernel.unsupported.word", word = s)));
                }
                Ok((s.clone(), t.clone()))
            }
            other => Err(err(
                &t,
                tr!("kernel.parse.expected", what, found = describe(other)),
            )),
        }
    }
    pub(super) fn enter(&mut self) -> Result<(), KernelError> {
        self.depth += 1;
        if self.depth > 200 {
            return Err(err(self.peek(), tr!("kernel.parse.too-deep")));
        }
        Ok(())
    }

    pub(super) fn ty(&mut self) -> Option<Ty> {
        let t = match &self.peek().tok {
            Tok::Ident(s) => s.clone(),
            _ => return None,
        };
        let ty = match t.as_str() {
            "int" => Ty::Int,
            "unsigned" => {
                self.next();
                if self.is_word("int") {
                    self.next();
                }
                return Some(Ty::Unsigned);
            }
            "float" => Ty::Float,
            "bool" => Ty::Bool,
            _ => return None,
        };
        self.next();
        Some(ty)
    }
}
