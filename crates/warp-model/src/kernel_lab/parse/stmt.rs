//! Statements: the kernel's signature and body, blocks, control flow, declarations,
//! assignments and `__shared__` arrays.

use super::ast::{
    Bin, Expr, KernelParam, Lvalue, ParsedKernel, SharedArray, Stmt, StmtKind, Ty,
    MAX_SHARED_BYTES, SHARED_ALIGN_WORDS,
};
use super::parser::{describe, err, Parser, UNSUPPORTED};
use crate::kernel_lab::error::KernelError;
use crate::kernel_lab::lex::Tok;
use crate::{t, tr};

impl Parser {
    pub(super) fn kernel(&mut self) -> Result<ParsedKernel, KernelError> {
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
    pub(super) fn block_rest(&mut self) -> Result<Vec<Stmt>, KernelError> {
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

    pub(super) fn body(&mut self) -> Result<Vec<Stmt>, KernelError> {
        if self.eat("{") {
            self.block_rest()
        } else {
            Ok(vec![self.stmt()?])
        }
    }

    pub(super) fn stmt(&mut self) -> Result<Stmt, KernelError> {
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
    pub(super) fn simple(&mut self, allow_decl: bool) -> Result<Stmt, KernelError> {
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
                kind: StmtKind::Assign(Lvalue::Var(name), Some(op), Expr::Int(1)),
                line,
            });
        }
        let e = self.expr()?;
        let place = match &e {
            Expr::Var(n) => Some(Lvalue::Var(n.clone())),
            Expr::Index(n, i, _) => Some(Lvalue::Index(n.clone(), (**i).clone())),
            Expr::Shared(a, i) => Some(Lvalue::Shared(*a, i.clone())),
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

    /// `__shared__ float|int name[N]` or `[N][M];` (already past `__shared__`).
    pub(super) fn shared_decl(&mut self, line: usize) -> Result<(), KernelError> {
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
        let base = self.shared.last().map_or(0, |a| {
            (a.base + a.len()).div_ceil(SHARED_ALIGN_WORDS) * SHARED_ALIGN_WORDS
        });
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
