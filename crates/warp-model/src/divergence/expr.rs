//! Branch conditions over the thread index, such as `idx % 2 == 0` or `(idx / 32) % 2 == 0`,
//! parsed and evaluated per lane. This is how a learner writes seed 003 Ex 10's branch and sees
//! its fix: the same work with the key re-aligned to warp boundaries.
//!
//! Grammar (C precedence): `||` < `&&` < comparisons (`== != < <= > >=`) < `+ -` < `* / %` <
//! unary `! -` < atoms (`idx`, `threadIdx.x`, whole numbers, parentheses).
//!
//! A hand-written recursive-descent parser: the grammar is a dozen rules, errors need the
//! column of the problem, and a parser-combinator crate would add more to the wasm than the
//! parser itself weighs.

use std::fmt;

use crate::WARP_SIZE_I64;

/// Longest condition accepted, in characters.
pub const MAX_LEN: usize = 200;

/// A parse or evaluation problem, with the byte column (0-based) where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    /// Where in the text (0-based character column).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Its words, as a message's placeholder takes them.
impl crate::i18n::Arg for ExprError {}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::tr!(
            "divergence.expr.at-column",
            column = self.column + 1,
            message = &self.message
        ))
    }
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (integer division, as in C)
    Div,
    /// `%`
    Rem,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `&&`
    And,
    /// `||`
    Or,
}

impl BinOp {
    fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }

    fn precedence(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::And => 2,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 3,
            BinOp::Add | BinOp::Sub => 4,
            BinOp::Mul | BinOp::Div | BinOp::Rem => 5,
        }
    }
}

/// An expression tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A whole number.
    Num(i64),
    /// The thread index.
    Idx,
    /// `!e` (logical not; the operand is a condition).
    Not(Box<Expr>),
    /// `-e`
    Neg(Box<Expr>),
    /// `a op b`
    Bin(BinOp, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Int,
    Bool,
}

/// Parses a branch condition; it must be a condition (a comparison or a logical combination).
///
/// # Errors
/// An [`ExprError`] with the column of the first problem.
pub fn parse(text: &str) -> Result<Expr, ExprError> {
    if text.chars().count() > MAX_LEN {
        return Err(ExprError {
            column: MAX_LEN,
            message: crate::tr!("divergence.expr.too-long", max = MAX_LEN),
        });
    }
    let tokens = lex(text)?;
    if tokens.is_empty() {
        return Err(ExprError {
            column: 0,
            message: crate::tr!("divergence.expr.empty"),
        });
    }
    let mut p = Parser {
        tokens,
        at: 0,
        depth: 0,
    };
    let e = p.expr(0)?;
    if let Some(t) = p.tokens.get(p.at) {
        return Err(ExprError {
            column: t.column,
            message: crate::tr!("divergence.expr.unexpected", what = t.tok.describe()),
        });
    }
    match kind(&e) {
        Ok(Kind::Bool) => Ok(e),
        Ok(Kind::Int) => Err(ExprError {
            column: 0,
            message: crate::tr!("divergence.expr.not-a-condition"),
        }),
        Err(m) => Err(ExprError {
            column: 0,
            message: m,
        }),
    }
}

fn kind(e: &Expr) -> Result<Kind, String> {
    match e {
        Expr::Num(_) | Expr::Idx => Ok(Kind::Int),
        Expr::Neg(x) => match kind(x)? {
            Kind::Int => Ok(Kind::Int),
            Kind::Bool => Err(crate::tr!("divergence.expr.neg-needs-number")),
        },
        Expr::Not(x) => match kind(x)? {
            Kind::Bool => Ok(Kind::Bool),
            Kind::Int => Err(crate::tr!("divergence.expr.not-needs-condition")),
        },
        Expr::Bin(op, a, b) => {
            let (ka, kb) = (kind(a)?, kind(b)?);
            match op {
                BinOp::And | BinOp::Or if ka == Kind::Bool && kb == Kind::Bool => Ok(Kind::Bool),
                BinOp::And | BinOp::Or => {
                    Err(crate::tr!("divergence.expr.joins", op = op.symbol()))
                }
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
                    if ka == Kind::Int && kb == Kind::Int =>
                {
                    Ok(Kind::Bool)
                }
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                    Err(crate::tr!("divergence.expr.compares", op = op.symbol()))
                }
                _ if ka == Kind::Int && kb == Kind::Int => Ok(Kind::Int),
                _ => Err(crate::tr!(
                    "divergence.expr.needs-numbers",
                    op = op.symbol()
                )),
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(i64),
    Idx,
    Op(BinOp),
    Not,
    Open,
    Close,
}

impl Tok {
    fn describe(&self) -> String {
        match self {
            Tok::Num(n) => crate::tr!("divergence.expr.tok.number", n),
            Tok::Idx => "idx".into(),
            Tok::Op(op) => crate::tr!("divergence.expr.tok.operator", op = op.symbol()),
            Tok::Not => "!".into(),
            Tok::Open => "(".into(),
            Tok::Close => ")".into(),
        }
    }
}

struct Token {
    tok: Tok,
    column: usize,
}

fn lex(text: &str) -> Result<Vec<Token>, ExprError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
        let (tok, len) = match two.as_str() {
            "==" => (Tok::Op(BinOp::Eq), 2),
            "!=" => (Tok::Op(BinOp::Ne), 2),
            "<=" => (Tok::Op(BinOp::Le), 2),
            ">=" => (Tok::Op(BinOp::Ge), 2),
            "&&" => (Tok::Op(BinOp::And), 2),
            "||" => (Tok::Op(BinOp::Or), 2),
            _ => match c {
                '+' => (Tok::Op(BinOp::Add), 1),
                '-' | '−' => (Tok::Op(BinOp::Sub), 1),
                '*' => (Tok::Op(BinOp::Mul), 1),
                '/' => (Tok::Op(BinOp::Div), 1),
                '%' => (Tok::Op(BinOp::Rem), 1),
                '<' => (Tok::Op(BinOp::Lt), 1),
                '>' => (Tok::Op(BinOp::Gt), 1),
                '!' => (Tok::Not, 1),
                '(' => (Tok::Open, 1),
                ')' => (Tok::Close, 1),
                '0'..='9' => {
                    let end = (i..chars.len())
                        .find(|&j| !chars[j].is_ascii_digit())
                        .unwrap_or(chars.len());
                    let digits: String = chars[i..end].iter().collect();
                    let n = digits
                        .parse::<i64>()
                        .ok()
                        .filter(|n| *n <= 1 << 40)
                        .ok_or_else(|| ExprError {
                            column,
                            message: crate::tr!("divergence.expr.too-large", digits = &digits),
                        })?;
                    (Tok::Num(n), end - i)
                }
                c if c.is_ascii_alphabetic() || c == '_' => {
                    let end = (i..chars.len())
                        .find(|&j| {
                            !(chars[j].is_ascii_alphanumeric()
                                || chars[j] == '_'
                                || chars[j] == '.')
                        })
                        .unwrap_or(chars.len());
                    let word: String = chars[i..end].iter().collect();
                    match word.as_str() {
                        "idx" | "i" | "threadIdx.x" | "tid" => (Tok::Idx, end - i),
                        _ => {
                            return Err(ExprError {
                                column,
                                message: crate::tr!("divergence.expr.unknown-name", word),
                            })
                        }
                    }
                }
                '=' => {
                    return Err(ExprError {
                        column,
                        message: crate::tr!("divergence.expr.single-equals"),
                    })
                }
                '&' | '|' => {
                    return Err(ExprError {
                        column,
                        message: crate::tr!("divergence.expr.join-op", op = format!("{c}{c}")),
                    })
                }
                _ => {
                    return Err(ExprError {
                        column,
                        message: crate::tr!("divergence.expr.unexpected-char", c),
                    })
                }
            },
        };
        out.push(Token { tok, column });
        i += len;
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn end_column(&self) -> usize {
        self.tokens.last().map_or(0, |t| t.column + 1)
    }

    /// Precedence climbing: parses operators binding tighter than `min`.
    fn expr(&mut self, min: u8) -> Result<Expr, ExprError> {
        self.depth += 1;
        if self.depth > 64 {
            return Err(ExprError {
                column: self.end_column(),
                message: crate::tr!("divergence.expr.too-deep"),
            });
        }
        let mut left = self.unary()?;
        while let Some(Token {
            tok: Tok::Op(op), ..
        }) = self.tokens.get(self.at)
        {
            let op = *op;
            if op.precedence() <= min {
                break;
            }
            self.at += 1;
            let right = self.expr(op.precedence())?;
            left = Expr::Bin(op, Box::new(left), Box::new(right));
        }
        self.depth -= 1;
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        let Some(t) = self.tokens.get(self.at) else {
            return Err(ExprError {
                column: self.end_column(),
                message: crate::tr!("divergence.expr.ends-early"),
            });
        };
        let column = t.column;
        match t.tok.clone() {
            Tok::Not => {
                self.at += 1;
                Ok(Expr::Not(Box::new(self.unary()?)))
            }
            Tok::Op(BinOp::Sub) => {
                self.at += 1;
                Ok(Expr::Neg(Box::new(self.unary()?)))
            }
            Tok::Num(n) => {
                self.at += 1;
                Ok(Expr::Num(n))
            }
            Tok::Idx => {
                self.at += 1;
                Ok(Expr::Idx)
            }
            Tok::Open => {
                self.at += 1;
                let e = self.expr(0)?;
                match self.tokens.get(self.at) {
                    Some(Token {
                        tok: Tok::Close, ..
                    }) => {
                        self.at += 1;
                        Ok(e)
                    }
                    _ => Err(ExprError {
                        column,
                        message: crate::tr!("divergence.expr.never-closed"),
                    }),
                }
            }
            other => Err(ExprError {
                column,
                message: crate::tr!("divergence.expr.unexpected", what = other.describe()),
            }),
        }
    }
}

enum Val {
    Int(i64),
    Bool(bool),
}

fn eval_val(e: &Expr, idx: i64) -> Result<Val, String> {
    let int = |e: &Expr| match eval_val(e, idx)? {
        Val::Int(v) => Ok(v),
        Val::Bool(_) => Err(crate::tr!("divergence.expr.expected-number")),
    };
    let boolean = |e: &Expr| match eval_val(e, idx)? {
        Val::Bool(v) => Ok(v),
        Val::Int(_) => Err(crate::tr!("divergence.expr.expected-condition")),
    };
    let overflow = || crate::tr!("divergence.expr.overflow");
    Ok(match e {
        Expr::Num(n) => Val::Int(*n),
        Expr::Idx => Val::Int(idx),
        Expr::Neg(x) => Val::Int(int(x)?.checked_neg().ok_or_else(overflow)?),
        Expr::Not(x) => Val::Bool(!boolean(x)?),
        Expr::Bin(BinOp::And, a, b) => Val::Bool(boolean(a)? && boolean(b)?),
        Expr::Bin(BinOp::Or, a, b) => Val::Bool(boolean(a)? || boolean(b)?),
        Expr::Bin(op, a, b) => {
            let (x, y) = (int(a)?, int(b)?);
            match op {
                BinOp::Add => Val::Int(x.checked_add(y).ok_or_else(overflow)?),
                BinOp::Sub => Val::Int(x.checked_sub(y).ok_or_else(overflow)?),
                BinOp::Mul => Val::Int(x.checked_mul(y).ok_or_else(overflow)?),
                BinOp::Div | BinOp::Rem if y == 0 => {
                    return Err(crate::tr!("divergence.expr.div-zero", idx));
                }
                // C semantics: truncating division and a remainder with the dividend's sign.
                BinOp::Div => Val::Int(x.checked_div(y).ok_or_else(overflow)?),
                BinOp::Rem => Val::Int(x.checked_rem(y).ok_or_else(overflow)?),
                BinOp::Eq => Val::Bool(x == y),
                BinOp::Ne => Val::Bool(x != y),
                BinOp::Lt => Val::Bool(x < y),
                BinOp::Le => Val::Bool(x <= y),
                BinOp::Gt => Val::Bool(x > y),
                BinOp::Ge => Val::Bool(x >= y),
                BinOp::And | BinOp::Or => unreachable!("handled above"),
            }
        }
    })
}

impl Expr {
    /// Whether thread `idx` takes the `if` side.
    ///
    /// # Errors
    /// Division by zero or overflow for this `idx`, in words.
    pub fn eval(&self, idx: i64) -> Result<bool, String> {
        match eval_val(self, idx)? {
            Val::Bool(b) => Ok(b),
            Val::Int(_) => Err(crate::tr!("divergence.expr.is-number")),
        }
    }

    /// The same condition with every `idx` replaced by `idx / 32`: its key becomes constant
    /// across a warp, so no warp diverges (seed 003 Ex 10's rewrite).
    #[must_use]
    pub fn realigned(&self) -> Expr {
        match self {
            Expr::Idx => Expr::Bin(
                BinOp::Div,
                Box::new(Expr::Idx),
                Box::new(Expr::Num(WARP_SIZE_I64)),
            ),
            Expr::Num(n) => Expr::Num(*n),
            Expr::Not(x) => Expr::Not(Box::new(x.realigned())),
            Expr::Neg(x) => Expr::Neg(Box::new(x.realigned())),
            // Already warp-aligned: leave `idx / 32` (or a multiple) alone.
            Expr::Bin(BinOp::Div, a, b)
                if **a == Expr::Idx
                    && matches!(**b, Expr::Num(n) if n > 0 && n % WARP_SIZE_I64 == 0) =>
            {
                self.clone()
            }
            Expr::Bin(op, a, b) => Expr::Bin(*op, Box::new(a.realigned()), Box::new(b.realigned())),
        }
    }

    /// The expression as text, fully parenthesised where precedence needs it.
    #[must_use]
    pub fn text(&self) -> String {
        self.text_at(0)
    }

    fn text_at(&self, outer: u8) -> String {
        match self {
            Expr::Num(n) => n.to_string(),
            Expr::Idx => "idx".into(),
            Expr::Not(x) => format!("!{}", x.text_at(6)),
            Expr::Neg(x) => format!("-{}", x.text_at(6)),
            Expr::Bin(op, a, b) => {
                let p = op.precedence();
                // Same-precedence neighbours of another kind get parentheses for readability:
                // (idx / 32) % 2, as the seeds write it.
                let left = match **a {
                    Expr::Bin(lop, ..) if lop.precedence() == p && lop != *op => {
                        format!("({})", a.text_at(0))
                    }
                    _ => a.text_at(p - 1),
                };
                let s = format!("{left} {} {}", op.symbol(), b.text_at(p));
                if p <= outer {
                    format!("({s})")
                } else {
                    s
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
