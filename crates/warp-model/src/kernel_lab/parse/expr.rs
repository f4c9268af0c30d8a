//! Expressions: precedence climbing over the binary operators, unary operators, primaries
//! (literals, names, indices, calls) and the atomics.

use super::ast::{
    Addr, Atomic, Axis, Bin, Builtin, Expr, Un, ATOMICS, MATH_FUNCTIONS, WARP_FUNCTIONS,
    WORK_FUNCTIONS,
};
use super::parser::{describe, err, Parser, UNSUPPORTED};
use crate::kernel_lab::error::KernelError;
use crate::kernel_lab::lex::{Tok, Token};
use crate::{t, tr};

impl Parser {
    pub(super) fn expr(&mut self) -> Result<Expr, KernelError> {
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

    pub(super) fn binop(&self) -> Option<(Bin, u8)> {
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
    pub(super) fn binary(&mut self, min: u8) -> Result<Expr, KernelError> {
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

    pub(super) fn unary(&mut self) -> Result<Expr, KernelError> {
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

    pub(super) fn primary(&mut self) -> Result<Expr, KernelError> {
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
    pub(super) fn atomic(&mut self, t: &Token, w: &str, op: Atomic) -> Result<Expr, KernelError> {
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
}
