//! A recursive-descent parser for the CUDA C subset. Hand-written, as the condition language
//! is: the grammar is small, every error needs a line, a column and a caret, and valid CUDA
//! outside the subset needs its own "not supported in this subset" message, which generic
//! parser crates do not give.
//!
//! The grammar lives in three files: `parser.rs` (the state and its token-level steps),
//! `stmt.rs` (the kernel, its statements and `__shared__` declarations) and `expr.rs` (the
//! expressions); `ast.rs` holds what they build.

mod ast;
mod expr;
mod parser;
mod stmt;

pub(crate) use ast::brackets;
pub use ast::{
    Addr, Atomic, Axis, Bin, Builtin, Expr, KernelParam, Lvalue, ParsedKernel, SharedArray, Stmt,
    StmtKind, Ty, Un, ATOMICS, MATH_FUNCTIONS, MAX_SHARED_BYTES, WARP_FUNCTIONS, WORK_FUNCTIONS,
};

use super::error::KernelError;
use super::lex::Token;

/// Parses one kernel.
///
/// # Errors
/// The first problem, with its line and column.
pub fn parse(tokens: Vec<Token>) -> Result<ParsedKernel, KernelError> {
    let mut p = parser::Parser {
        toks: tokens,
        at: 0,
        depth: 0,
        shared: Vec::new(),
        params: Vec::new(),
    };
    p.kernel()
}
