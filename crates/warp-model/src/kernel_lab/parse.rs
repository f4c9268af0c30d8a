//! A recursive-descent parser for the CUDA C subset. Hand-written, as the condition language
//! is: the grammar is small, every error needs a line, a column and a caret, and valid CUDA
//! outside the subset needs its own "not supported in this subset" message, which generic
//! parser crates do not give.

use super::error::KernelError;
use super::lex::{Tok, Token};
use crate::t;
use crate::tr;

/// Scalar types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// `int`
    Int,
    /// `unsigned` / `unsigned int`
    Unsigned,
    /// `float`
    Float,
    /// `bool`
    Bool,
}

/// A kernel parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelParam {
    /// Its name.
    pub name: String,
    /// Its type (the element type for pointers).
    pub ty: Ty,
    /// `float*` / `int*` (with or without `const`).
    pub pointer: bool,
    /// `const float*` / `const int*`: the kernel may read it, never write it (a store through
    /// it is a run-time error, as it is a compile error in CUDA).
    pub read_only: bool,
}

/// `x`, `y` or `z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// .x
    X,
    /// .y
    Y,
    /// .z
    Z,
}

/// The built-in index variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// threadIdx
    ThreadIdx,
    /// blockIdx
    BlockIdx,
    /// blockDim
    BlockDim,
    /// gridDim
    GridDim,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    /// +
    Add,
    /// -
    Sub,
    /// *
    Mul,
    /// /
    Div,
    /// %
    Rem,
    /// <<
    Shl,
    /// >>
    Shr,
    /// <
    Lt,
    /// <=
    Le,
    /// >
    Gt,
    /// >=
    Ge,
    /// ==
    Eq,
    /// !=
    Ne,
    /// &
    BitAnd,
    /// ^
    BitXor,
    /// |
    BitOr,
    /// &&
    And,
    /// ||
    Or,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Un {
    /// -
    Neg,
    /// !
    Not,
    /// ~
    BitNot,
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// An integer literal.
    Int(i64),
    /// An `unsigned int` literal (`0xffffffff`, `1u`).
    UInt(u32),
    /// An atomic read-modify-write on one element per lane; returns the old value.
    Atomic(Atomic, Box<Addr>, Vec<Expr>),
    /// A float literal.
    Float(f64),
    /// `true` / `false`.
    Bool(bool),
    /// A variable or scalar parameter.
    Var(String),
    /// threadIdx.x and friends.
    Builtin(Builtin, Axis),
    /// warpSize.
    WarpSize,
    /// `p[i]` (a global load).
    Index(String, Box<Expr>, usize),
    /// `s[i]` or `s[i][j]`: a load from the shared array with that index in
    /// [`ParsedKernel::shared`] (one index per dimension).
    Shared(usize, Vec<Expr>),
    /// Unary.
    Unary(Un, Box<Expr>),
    /// Binary.
    Binary(Bin, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A call to a work or math function.
    Call(String, Vec<Expr>),
}

/// The atomic functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atomic {
    /// atomicAdd
    Add,
    /// atomicSub
    Sub,
    /// atomicMax
    Max,
    /// atomicMin
    Min,
    /// atomicExch
    Exch,
    /// atomicCAS (compare, value)
    Cas,
}

/// The atomics' names, in [`Atomic`]'s order.
pub const ATOMICS: [(&str, Atomic); 6] = [
    ("atomicAdd", Atomic::Add),
    ("atomicSub", Atomic::Sub),
    ("atomicMax", Atomic::Max),
    ("atomicMin", Atomic::Min),
    ("atomicExch", Atomic::Exch),
    ("atomicCAS", Atomic::Cas),
];

/// The element an atomic works on: `&p[i]` / `p + i` / `p` (global) or `&s[i]` / `&s[i][j]` /
/// `s + i` (shared).
#[derive(Clone, Debug, PartialEq)]
pub enum Addr {
    /// A pointer parameter and the element index.
    Global(String, Expr),
    /// A shared array and one index per dimension.
    Shared(usize, Vec<Expr>),
}

/// Warp-level functions (shuffles, votes, `__activemask`, `__syncwarp`) and the bit functions
/// `__popc` and `__ffs`, with their (least, most) arguments.
pub const WARP_FUNCTIONS: [(&str, usize, usize); 11] = [
    ("__shfl_sync", 3, 4),
    ("__shfl_up_sync", 3, 4),
    ("__shfl_down_sync", 3, 4),
    ("__shfl_xor_sync", 3, 4),
    ("__ballot_sync", 2, 2),
    ("__any_sync", 2, 2),
    ("__all_sync", 2, 2),
    ("__activemask", 0, 0),
    ("__syncwarp", 0, 1),
    ("__popc", 1, 1),
    ("__ffs", 1, 1),
];

/// An assignable place.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// A variable.
    Var(String),
    /// `p[i]` (a global store).
    Index(String, Expr),
    /// `s[i]` / `s[i][j]` (a shared store).
    Shared(usize, Vec<Expr>),
}

/// A statement and its line.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Line, 1-based.
    pub line: usize,
}

/// Statement kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `int x = e;`
    Decl(Ty, String, Option<Expr>),
    /// `x = e;`, `x += e;`, `p[i] = e;`, `x++;`
    Assign(Place, Option<Bin>, Expr),
    /// A call statement.
    Expr(Expr),
    /// `if (c) … else …` (the else's line).
    If(Expr, Vec<Stmt>, Option<(Vec<Stmt>, usize)>),
    /// `while (c) …`
    While(Expr, Vec<Stmt>),
    /// `for (init; cond; step) …`
    For(
        Option<Box<Stmt>>,
        Option<Expr>,
        Option<Box<Stmt>>,
        Vec<Stmt>,
    ),
    /// `break;`
    Break,
    /// `continue;`
    Continue,
    /// `return;`
    Return,
    /// `{ … }`
    Block(Vec<Stmt>),
    /// `__syncthreads();`
    Sync,
}

/// A `__shared__` array: one per block, zero-filled when the block starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedArray {
    /// Its name.
    pub name: String,
    /// Its element type (`float` or `int`, 4 bytes).
    pub ty: Ty,
    /// Its dimensions: `[N]` or `[N][M]`.
    pub dims: Vec<usize>,
    /// Its first word in the block's shared memory (arrays are laid out in declaration order,
    /// each from a multiple of 128 bytes, so each starts at bank 0).
    pub base: usize,
    /// The line of its declaration.
    pub line: usize,
}

impl SharedArray {
    /// Elements.
    #[must_use]
    pub fn len(&self) -> usize {
        self.dims.iter().product()
    }
    /// Whether it has no element (never: dimensions are at least 1).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// `[N]` or `[N][M]`, as written.
    #[must_use]
    pub fn shape(&self) -> String {
        brackets(self.dims.iter())
    }
}

/// Bytes of shared memory a block may declare (CUDA's static limit).
pub const MAX_SHARED_BYTES: usize = 48 * 1024;

/// A parsed kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedKernel {
    /// Its name.
    pub name: String,
    /// Its parameters.
    pub params: Vec<KernelParam>,
    /// Its body.
    pub body: Vec<Stmt>,
    /// Its `__shared__` arrays, in declaration order.
    pub shared: Vec<SharedArray>,
}

/// Names of the work functions and their cost in cycles (`work(n)` costs n).
pub const WORK_FUNCTIONS: [(&str, u64); 2] = [("heavy_path", 20), ("light_path", 8)];
/// Pure functions the subset knows.
pub const MATH_FUNCTIONS: [&str; 8] = [
    "min", "max", "abs", "sqrtf", "fabsf", "fminf", "fmaxf", "work",
];

const UNSUPPORTED: [&str; 23] = [
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

struct Parser {
    toks: Vec<Token>,
    at: usize,
    depth: usize,
    shared: Vec<SharedArray>,
    params: Vec<String>,
}

fn err(t: &Token, msg: impl Into<String>) -> KernelError {
    KernelError::at(t.line, t.col, msg)
}

fn describe(t: &Tok) -> String {
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
    fn peek(&self) -> &Token {
        &self.toks[self.at.min(self.toks.len() - 1)]
    }
    fn next(&mut self) -> Token {
        let t = self.peek().clone();
        if self.at < self.toks.len() - 1 {
            self.at += 1;
        }
        t
    }
    fn is(&self, p: &str) -> bool {
        matches!(&self.peek().tok, Tok::Punct(q) if *q == p)
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(&self.peek().tok, Tok::Ident(s) if s == w)
    }
    fn eat(&mut self, p: &str) -> bool {
        if self.is(p) {
            self.next();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, p: &str, what: &str) -> Result<Token, KernelError> {
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
    fn ident(&mut self, what: &str) -> Result<(String, Token), KernelError> {
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
    fn enter(&mut self) -> Result<(), KernelError> {
        self.depth += 1;
        if self.depth > 200 {
            return Err(err(self.peek(), tr!("kernel.parse.too-deep")));
        }
        Ok(())
    }

    fn ty(&mut self) -> Option<Ty> {
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

    fn kernel(&mut self) -> Result<ParsedKernel, KernelError> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::Ident(s) if s == "__global__" => {
                self.next();
            }
            Tok::Ident(s) if UNSUPPORTED.contains(&s.as_str()) => {
                return Err(err(&t, tr!("kernel.unsupported.before-kernel", word = s)))
            }
            Tok::Eof => return Err(err(&t, tr!("kernel.parse.empty"))),
            other => {
                return Err(err(
                    &t,
                    tr!("kernel.parse.expected-kernel", found = describe(other)),
                ))
            }
        }
        if !self.is_word("void") {
            return Err(err(self.peek(), tr!("kernel.parse.returns-void")));
        }
        self.next();
        let (name, _) = self.ident(t!("kernel.parse.what.kernel-name"))?;
        self.expect("(", t!("kernel.parse.what.after-kernel-name"))?;
        let mut params = Vec::new();
        if !self.is(")") {
            loop {
                let konst = self.is_word("const");
                if konst {
                    self.next();
                }
                let Some(ty) = self.ty() else {
                    let t = self.peek().clone();
                    return Err(match &t.tok {
                        Tok::Ident(s) if UNSUPPORTED.contains(&s.as_str()) => {
                            err(&t, tr!("kernel.unsupported.word", word = s))
                        }
                        other => err(
                            &t,
                            tr!("kernel.parse.expected-param-type", found = describe(other)),
                        ),
                    });
                };
                let pointer = self.eat("*");
                if self.is_word("const") {
                    self.next();
                }
                let (pname, pt) = self.ident(t!("kernel.parse.what.param-name"))?;
                if self.is("*") || self.is("[") {
                    return Err(err(self.peek(), tr!("kernel.unsupported.pointer-params")));
                }
                if pointer && ty == Ty::Bool {
                    return Err(err(&pt, tr!("kernel.unsupported.bool-pointer")));
                }
                self.params.push(pname.clone());
                params.push(KernelParam {
                    name: pname,
                    ty,
                    pointer,
                    read_only: konst && pointer,
                });
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect(")", t!("kernel.parse.what.close-params"))?;
        self.expect("{", t!("kernel.parse.what.open-body"))?;
        let body = self.block_rest()?;
        if !matches!(self.peek().tok, Tok::Eof) {
            return Err(err(self.peek(), tr!("kernel.parse.trailing")));
        }
        Ok(ParsedKernel {
            name,
            params,
            body,
            shared: std::mem::take(&mut self.shared),
        })
    }

    /// Statements up to the matching `}` (already past `{`).
    fn block_rest(&mut self) -> Result<Vec<Stmt>, KernelError> {
        let mut out = Vec::new();
        while !self.is("}") {
            if matches!(self.peek().tok, Tok::Eof) {
                return Err(err(self.peek(), tr!("kernel.parse.unclosed-brace")));
            }
            out.push(self.stmt()?);
        }
        self.next();
        Ok(out)
    }

    fn body(&mut self) -> Result<Vec<Stmt>, KernelError> {
        if self.eat("{") {
            self.block_rest()
        } else {
            Ok(vec![self.stmt()?])
        }
    }

    fn stmt(&mut self) -> Result<Stmt, KernelError> {
        self.enter()?;
        let t = self.peek().clone();
        let line = t.line;
        let kind = match &t.tok {
            Tok::Punct("{") => {
                self.next();
                StmtKind::Block(self.block_rest()?)
            }
            Tok::Punct(";") => {
                self.next();
                StmtKind::Block(Vec::new())
            }
            Tok::Ident(w) if w == "if" => {
                self.next();
                self.expect("(", t!("kernel.parse.what.after-if"))?;
                let c = self.expr()?;
                self.expect(")", t!("kernel.parse.what.close-if"))?;
                let then = self.body()?;
                let els = if self.is_word("else") {
                    let el = self.next().line;
                    Some((self.body()?, el))
                } else {
                    None
                };
                StmtKind::If(c, then, els)
            }
            Tok::Ident(w) if w == "while" => {
                self.next();
                self.expect("(", t!("kernel.parse.what.after-while"))?;
                let c = self.expr()?;
                self.expect(")", t!("kernel.parse.what.close-while"))?;
                StmtKind::While(c, self.body()?)
            }
            Tok::Ident(w) if w == "for" => {
                self.next();
                self.expect("(", t!("kernel.parse.what.after-for"))?;
                let init = if self.eat(";") {
                    None
                } else {
                    let s = self.simple(true)?;
                    self.expect(";", t!("kernel.parse.what.for-init"))?;
                    Some(Box::new(s))
                };
                let cond = if self.is(";") {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(";", t!("kernel.parse.what.for-cond"))?;
                let step = if self.is(")") {
                    None
                } else {
                    Some(Box::new(self.simple(false)?))
                };
                self.expect(")", t!("kernel.parse.what.close-for"))?;
                StmtKind::For(init, cond, step, self.body()?)
            }
            Tok::Ident(w) if w == "__shared__" => {
                self.next();
                self.shared_decl(line)?;
                // A declaration issues no instruction.
                StmtKind::Block(Vec::new())
            }
            Tok::Ident(w) if w == "__syncthreads" => {
                self.next();
                self.expect("(", t!("kernel.parse.what.after-sync"))?;
                self.expect(")", t!("kernel.parse.what.after-sync"))?;
                self.expect(";", t!("kernel.parse.what.end-statement"))?;
                StmtKind::Sync
            }
            Tok::Ident(w) if w == "break" || w == "continue" || w == "return" => {
                let w = w.clone();
                self.next();
                if w == "return" && !self.is(";") {
                    return Err(err(self.peek(), tr!("kernel.parse.return-value")));
                }
                self.expect(";", &tr!("kernel.parse.what.after-word", word = &w))?;
                match w.as_str() {
                    "break" => StmtKind::Break,
                    "continue" => StmtKind::Continue,
                    _ => StmtKind::Return,
                }
            }
            _ => {
                let s = self.simple(true)?;
                self.expect(";", t!("kernel.parse.what.end-statement"))?;
                s.kind
            }
        };
        self.depth -= 1;
        Ok(Stmt { kind, line })
    }

    /// A declaration, assignment, increment or call, without its `;` (for headers).
    fn simple(&mut self, allow_decl: bool) -> Result<Stmt, KernelError> {
        let t = self.peek().clone();
        let line = t.line;
        if self.is_word("const") {
            self.next();
        }
        if let Some(ty) = self.ty() {
            if !allow_decl {
                return Err(err(&t, tr!("kernel.parse.decl-here")));
            }
            if self.is("*") {
                return Err(err(self.peek(), tr!("kernel.unsupported.local-pointer")));
            }
            let (name, at) = self.ident(t!("kernel.parse.what.var-name"))?;
            if self.shared.iter().any(|a| a.name == name) {
                return Err(err(&at, tr!("kernel.parse.shared-name-taken", name)));
            }
            if self.is("[") {
                return Err(err(self.peek(), tr!("kernel.unsupported.local-array")));
            }
            let init = if self.eat("=") {
                Some(self.expr()?)
            } else {
                None
            };
            if self.is(",") {
                return Err(err(self.peek(), tr!("kernel.parse.one-decl")));
            }
            return Ok(Stmt {
                kind: StmtKind::Decl(ty, name, init),
                line,
            });
        }
        // ++x / --x
        if self.is("++") || self.is("--") {
            let op = if self.next().tok == Tok::Punct("++") {
                Bin::Add
            } else {
                Bin::Sub
            };
            let (name, _) = self.ident(t!("kernel.parse.what.inc-var"))?;
            return Ok(Stmt {
                kind: StmtKind::Assign(Place::Var(name), Some(op), Expr::Int(1)),
                line,
            });
        }
        let e = self.expr()?;
        let place = match &e {
            Expr::Var(n) => Some(Place::Var(n.clone())),
            Expr::Index(n, i, _) => Some(Place::Index(n.clone(), (**i).clone())),
            Expr::Shared(a, i) => Some(Place::Shared(*a, i.clone())),
            _ => None,
        };
        let compound = [
            ("=", None),
            ("+=", Some(Bin::Add)),
            ("-=", Some(Bin::Sub)),
            ("*=", Some(Bin::Mul)),
            ("/=", Some(Bin::Div)),
            ("%=", Some(Bin::Rem)),
            ("&=", Some(Bin::BitAnd)),
            ("|=", Some(Bin::BitOr)),
            ("^=", Some(Bin::BitXor)),
            ("<<=", Some(Bin::Shl)),
            (">>=", Some(Bin::Shr)),
        ];
        if let Some((_, op)) = compound.iter().find(|(p, _)| self.is(p)) {
            let at = self.next();
            let place = place.ok_or_else(|| err(&at, tr!("kernel.parse.assign-target")))?;
            let v = self.expr()?;
            return Ok(Stmt {
                kind: StmtKind::Assign(place, *op, v),
                line,
            });
        }
        if self.is("++") || self.is("--") {
            let at = self.next();
            let op = if at.tok == Tok::Punct("++") {
                Bin::Add
            } else {
                Bin::Sub
            };
            let place = place.ok_or_else(|| err(&at, tr!("kernel.parse.inc-target")))?;
            return Ok(Stmt {
                kind: StmtKind::Assign(place, Some(op), Expr::Int(1)),
                line,
            });
        }
        match e {
            Expr::Call(..) | Expr::Atomic(..) => Ok(Stmt {
                kind: StmtKind::Expr(e),
                line,
            }),
            _ => Err(err(&t, tr!("kernel.parse.no-effect"))),
        }
    }

    fn expr(&mut self) -> Result<Expr, KernelError> {
        self.enter()?;
        let c = self.binary(0)?;
        let e = if self.eat("?") {
            let a = self.expr()?;
            self.expect(":", t!("kernel.parse.what.ternary"))?;
            let b = self.expr()?;
            Expr::Cond(Box::new(c), Box::new(a), Box::new(b))
        } else {
            c
        };
        self.depth -= 1;
        Ok(e)
    }

    fn binop(&self) -> Option<(Bin, u8)> {
        let Tok::Punct(p) = &self.peek().tok else {
            return None;
        };
        Some(match *p {
            "||" => (Bin::Or, 1),
            "&&" => (Bin::And, 2),
            "|" => (Bin::BitOr, 3),
            "^" => (Bin::BitXor, 4),
            "&" => (Bin::BitAnd, 5),
            "==" => (Bin::Eq, 6),
            "!=" => (Bin::Ne, 6),
            "<" => (Bin::Lt, 7),
            "<=" => (Bin::Le, 7),
            ">" => (Bin::Gt, 7),
            ">=" => (Bin::Ge, 7),
            "<<" => (Bin::Shl, 8),
            ">>" => (Bin::Shr, 8),
            "+" => (Bin::Add, 9),
            "-" => (Bin::Sub, 9),
            "*" => (Bin::Mul, 10),
            "/" => (Bin::Div, 10),
            "%" => (Bin::Rem, 10),
            _ => return None,
        })
    }

    /// Precedence climbing over C's binary operators.
    fn binary(&mut self, min: u8) -> Result<Expr, KernelError> {
        let mut left = self.unary()?;
        while let Some((op, prec)) = self.binop() {
            if prec <= min {
                break;
            }
            self.next();
            self.enter()?;
            let right = self.binary(prec)?;
            self.depth -= 1;
            left = Expr::Binary(op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, KernelError> {
        self.enter()?;
        let t = self.peek().clone();
        let e = match &t.tok {
            Tok::Punct("-") => {
                self.next();
                Expr::Unary(Un::Neg, Box::new(self.unary()?))
            }
            Tok::Punct("+") => {
                self.next();
                self.unary()?
            }
            Tok::Punct("!") => {
                self.next();
                Expr::Unary(Un::Not, Box::new(self.unary()?))
            }
            Tok::Punct("~") => {
                self.next();
                Expr::Unary(Un::BitNot, Box::new(self.unary()?))
            }
            Tok::Punct("&" | "*") => return Err(err(&t, tr!("kernel.unsupported.address"))),
            Tok::Punct("(") => {
                self.next();
                if self.ty().is_some() {
                    return Err(err(&t, tr!("kernel.unsupported.cast")));
                }
                let e = self.expr()?;
                self.expect(")", t!("kernel.parse.what.close-paren"))?;
                e
            }
            _ => self.primary()?,
        };
        self.depth -= 1;
        Ok(e)
    }

    fn primary(&mut self) -> Result<Expr, KernelError> {
        let t = self.next();
        match &t.tok {
            Tok::Int(n) => Ok(Expr::Int(*n)),
            Tok::UInt(n) => Ok(Expr::UInt(*n)),
            Tok::Float(f) => Ok(Expr::Float(*f)),
            Tok::Ident(w) => {
                let w = w.clone();
                match w.as_str() {
                    "true" => return Ok(Expr::Bool(true)),
                    "false" => return Ok(Expr::Bool(false)),
                    "warpSize" => return Ok(Expr::WarpSize),
                    _ => {}
                }
                if UNSUPPORTED.contains(&w.as_str()) {
                    return Err(err(&t, tr!("kernel.unsupported.word", word = &w)));
                }
                if w == "__syncthreads" {
                    return Err(err(&t, tr!("kernel.parse.sync-statement")));
                }
                if w == "__shared__" {
                    return Err(err(&t, tr!("kernel.parse.shared-where")));
                }
                if let Some(a) = self.shared.iter().position(|a| a.name == w) {
                    let rank = self.shared[a].dims.len();
                    let mut idx = Vec::new();
                    while self.is("[") {
                        let at = self.next();
                        if idx.len() == rank {
                            return Err(err(&at, tr!("kernel.parse.shared-rank", name = &w, rank)));
                        }
                        idx.push(self.expr()?);
                        self.expect("]", t!("kernel.parse.what.close-index"))?;
                    }
                    if idx.len() != rank {
                        return Err(err(
                            self.peek(),
                            tr!("kernel.parse.shared-rank", name = &w, rank),
                        ));
                    }
                    return Ok(Expr::Shared(a, idx));
                }
                let builtin = match w.as_str() {
                    "threadIdx" => Some(Builtin::ThreadIdx),
                    "blockIdx" => Some(Builtin::BlockIdx),
                    "blockDim" => Some(Builtin::BlockDim),
                    "gridDim" => Some(Builtin::GridDim),
                    _ => None,
                };
                if let Some(b) = builtin {
                    self.expect(".", &tr!("kernel.parse.what.after-builtin", word = &w))
                        .map_err(|_| {
                            err(
                                self.peek(),
                                tr!("kernel.parse.builtin-needs-axis", word = &w),
                            )
                        })?;
                    let (axis, at) = self.ident(t!("kernel.parse.what.axis"))?;
                    let axis = match axis.as_str() {
                        "x" => Axis::X,
                        "y" => Axis::Y,
                        "z" => Axis::Z,
                        _ => {
                            return Err(err(&at, tr!("kernel.parse.builtin-axis-only", word = &w)))
                        }
                    };
                    return Ok(Expr::Builtin(b, axis));
                }
                if let Some(&(_, op)) = ATOMICS.iter().find(|(n, _)| *n == w) {
                    return self.atomic(&t, &w, op);
                }
                if self.eat("(") {
                    let known = WORK_FUNCTIONS.iter().any(|(n, _)| *n == w)
                        || MATH_FUNCTIONS.contains(&w.as_str())
                        || WARP_FUNCTIONS.iter().any(|(n, _, _)| *n == w);
                    if !known {
                        return Err(err(&t, tr!("kernel.unsupported.call", word = &w)));
                    }
                    let mut args = Vec::new();
                    if !self.is(")") {
                        loop {
                            args.push(self.expr()?);
                            if !self.eat(",") {
                                break;
                            }
                        }
                    }
                    self.expect(")", t!("kernel.parse.what.close-call"))?;
                    if let Some((_, least, most)) = WARP_FUNCTIONS.iter().find(|(n, _, _)| *n == w)
                    {
                        if args.len() < *least || args.len() > *most {
                            return Err(err(&t, tr!("kernel.parse.arity", name = &w, least, most)));
                        }
                    }
                    return Ok(Expr::Call(w, args));
                }
                if self.is("[") {
                    self.next();
                    let i = self.expr()?;
                    self.expect("]", t!("kernel.parse.what.close-index"))?;
                    return Ok(Expr::Index(w, Box::new(i), t.line));
                }
                Ok(Expr::Var(w))
            }
            Tok::Punct("<<<") => Err(err(&t, tr!("kernel.unsupported.launch"))),
            other => Err(err(
                &t,
                tr!("kernel.parse.expected-value", found = describe(other)),
            )),
        }
    }
}

impl Parser {
    /// `atomicOp(&p[i], v)` and friends (already past the name): the address, then one
    /// operand (two for `atomicCAS`).
    fn atomic(&mut self, t: &Token, w: &str, op: Atomic) -> Result<Expr, KernelError> {
        self.expect("(", t!("kernel.parse.what.after-atomic"))?;
        let amp = self.eat("&");
        let (name, at) = self.ident(t!("kernel.parse.what.atomic-address"))?;
        let addr = if let Some(a) = self.shared.iter().position(|a| a.name == name) {
            let rank = self.shared[a].dims.len();
            let mut idx = Vec::new();
            if amp {
                while self.is("[") {
                    let open = self.next();
                    if idx.len() == rank {
                        return Err(err(
                            &open,
                            tr!("kernel.parse.shared-rank", name = &name, rank),
                        ));
                    }
                    idx.push(self.expr()?);
                    self.expect("]", t!("kernel.parse.what.close-index"))?;
                }
            } else if rank == 1 {
                idx.push(if self.eat("+") {
                    self.binary(9)?
                } else {
                    Expr::Int(0)
                });
            }
            if idx.len() != rank {
                return Err(err(&at, tr!("kernel.parse.atomic-address", name = w)));
            }
            Addr::Shared(a, idx)
        } else if self.params.contains(&name) {
            let i = if amp {
                if !self.is("[") {
                    return Err(err(
                        self.peek(),
                        tr!("kernel.parse.atomic-address", name = w),
                    ));
                }
                self.next();
                let i = self.expr()?;
                self.expect("]", t!("kernel.parse.what.close-index"))?;
                i
            } else if self.eat("+") {
                self.binary(9)?
            } else {
                Expr::Int(0)
            };
            Addr::Global(name, i)
        } else {
            return Err(err(&at, tr!("kernel.parse.atomic-address", name = w)));
        };
        let operands = if op == Atomic::Cas { 2 } else { 1 };
        let mut args = Vec::new();
        for _ in 0..operands {
            if !self.eat(",") {
                return Err(err(
                    t,
                    tr!(
                        "kernel.parse.arity",
                        name = w,
                        least = operands + 1,
                        most = operands + 1
                    ),
                ));
            }
            args.push(self.expr()?);
        }
        self.expect(")", t!("kernel.parse.what.close-call"))?;
        Ok(Expr::Atomic(op, Box::new(addr), args))
    }

    /// `__shared__ float|int name[N]` or `[N][M];` (already past `__shared__`).
    fn shared_decl(&mut self, line: usize) -> Result<(), KernelError> {
        let at = self.peek().clone();
        let Some(ty @ (Ty::Float | Ty::Int)) = self.ty() else {
            return Err(err(&at, tr!("kernel.parse.shared-type")));
        };
        let (name, nt) = self.ident(t!("kernel.parse.what.var-name"))?;
        if self.shared.iter().any(|a| a.name == name) || self.params.contains(&name) {
            return Err(err(&nt, tr!("kernel.parse.shared-name-taken", name)));
        }
        let mut dims = Vec::new();
        while self.is("[") {
            let open = self.next();
            if dims.len() == 2 {
                return Err(err(&open, tr!("kernel.parse.shared-dims")));
            }
            let e = self.expr()?;
            let close = self.expect("]", t!("kernel.parse.what.close-index"))?;
            match fold(&e) {
                Some(n) if (1..=i64::try_from(MAX_SHARED_BYTES).unwrap_or(0)).contains(&n) => {
                    dims.push(usize::try_from(n).unwrap_or(1));
                }
                _ => return Err(err(&close, tr!("kernel.parse.shared-size"))),
            }
        }
        if dims.is_empty() {
            return Err(err(self.peek(), tr!("kernel.parse.shared-dims")));
        }
        if self.is("=") {
            return Err(err(self.peek(), tr!("kernel.parse.shared-init")));
        }
        self.expect(";", t!("kernel.parse.what.end-statement"))?;
        let base = self
            .shared
            .last()
            .map_or(0, |a| (a.base + a.len()).div_ceil(32) * 32);
        let words = dims.iter().product::<usize>();
        let bytes = (base + words).saturating_mul(4);
        if bytes > MAX_SHARED_BYTES {
            return Err(err(
                &nt,
                tr!("kernel.parse.shared-too-big", bytes, max = MAX_SHARED_BYTES),
            ));
        }
        self.shared.push(SharedArray {
            name,
            ty,
            dims,
            base,
            line,
        });
        Ok(())
    }
}

/// The value of a constant integer expression (literals and + − × ÷ <<), if it is one.
fn fold(e: &Expr) -> Option<i64> {
    match e {
        Expr::Int(v) => Some(*v),
        Expr::Binary(op, a, b) => {
            let (a, b) = (fold(a)?, fold(b)?);
            match op {
                Bin::Add => a.checked_add(b),
                Bin::Sub => a.checked_sub(b),
                Bin::Mul => a.checked_mul(b),
                Bin::Div => a.checked_div(b),
                Bin::Shl => u32::try_from(b).ok().and_then(|b| a.checked_shl(b)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Parses one kernel.
///
/// # Errors
/// The first problem, with its line and column.
pub fn parse(tokens: Vec<Token>) -> Result<ParsedKernel, KernelError> {
    let mut p = Parser {
        toks: tokens,
        at: 0,
        depth: 0,
        shared: Vec::new(),
        params: Vec::new(),
    };
    p.kernel()
}

/// `[a][b]…`: indices as the source writes them.
pub(crate) fn brackets<T: std::fmt::Display>(items: impl Iterator<Item = T>) -> String {
    items.fold(String::new(), |mut out, i| {
        let _ = std::fmt::Write::write_fmt(&mut out, format_args!("[{i}]"));
        out
    })
}
