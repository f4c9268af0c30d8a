//! A tiny formula tree for worked steps: enough for the seeds' arithmetic (fractions, floors,
//! ceilings, products, subscripts). The app renders it as `MathML`; [`Math::text`] gives the
//! same formula as plain text for screen readers, tests and copy-paste.

/// One formula (or a piece of one).
#[derive(Clone, Debug, PartialEq)]
pub enum Math {
    /// A number, already formatted.
    Num(String),
    /// A variable name, e.g. `P`, or `t` in `t_x`.
    Ident(String),
    /// An operator or relation: `=`, `×`, `+`, `−`, `≤`, `⇒`, `,`.
    Op(String),
    /// A word inside a formula ("threads", "warps").
    Text(String),
    /// A sequence read left to right.
    Row(Vec<Math>),
    /// A fraction.
    Frac(Box<Math>, Box<Math>),
    /// ⌈ x ⌉
    Ceil(Box<Math>),
    /// ⌊ x ⌋
    Floor(Box<Math>),
    /// A base with a subscript, e.g. `D_x`.
    Sub(Box<Math>, Box<Math>),
    /// ( x )
    Paren(Box<Math>),
}

impl Math {
    /// The formula as plain text.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Math::Num(s) | Math::Ident(s) | Math::Text(s) => s.clone(),
            Math::Op(s) => match s.as_str() {
                "," => ", ".to_string(),
                _ => format!(" {s} "),
            },
            Math::Row(items) => items.iter().map(Math::text).collect::<String>(),
            Math::Frac(a, b) => format!("{}/{}", a.text_atom(), b.text_atom()),
            Math::Ceil(x) => format!("⌈{}⌉", x.text()),
            Math::Floor(x) => format!("⌊{}⌋", x.text()),
            Math::Sub(base, sub) => format!("{}_{}", base.text(), sub.text()),
            Math::Paren(x) => format!("({})", x.text()),
        }
    }

    fn text_atom(&self) -> String {
        match self {
            Math::Row(items) if items.len() > 1 => format!("({})", self.text()),
            _ => self.text(),
        }
    }
}

/// A number.
#[must_use]
#[allow(clippy::needless_pass_by_value)] // formulas read `num(32)`, not `num(&32)`
pub fn num(n: impl ToString) -> Math {
    Math::Num(n.to_string())
}

/// A variable.
#[must_use]
pub fn id(s: &str) -> Math {
    Math::Ident(s.to_string())
}

/// An operator.
#[must_use]
pub fn op(s: &str) -> Math {
    Math::Op(s.to_string())
}

/// A word.
#[must_use]
pub fn word(s: &str) -> Math {
    Math::Text(s.to_string())
}

/// A row.
#[must_use]
pub fn row(items: Vec<Math>) -> Math {
    Math::Row(items)
}

/// A fraction.
#[must_use]
pub fn frac(a: Math, b: Math) -> Math {
    Math::Frac(Box::new(a), Box::new(b))
}

/// A ceiling.
#[must_use]
pub fn ceil(x: Math) -> Math {
    Math::Ceil(Box::new(x))
}

/// A floor.
#[must_use]
pub fn floor(x: Math) -> Math {
    Math::Floor(Box::new(x))
}

/// A subscripted name, e.g. `sub("D", "x")`.
#[must_use]
pub fn sub(base: &str, s: &str) -> Math {
    Math::Sub(Box::new(id(base)), Box::new(id(s)))
}

/// Parentheses.
#[must_use]
pub fn paren(x: Math) -> Math {
    Math::Paren(Box::new(x))
}

/// `a × b`.
#[must_use]
pub fn times(a: Math, b: Math) -> Math {
    row(vec![a, op("×"), b])
}

/// `a = b = c …`: a chain of equal forms.
#[must_use]
pub fn eq(items: Vec<Math>) -> Math {
    joined(items, "=")
}

/// Items joined by an operator: `a + b + c`.
#[must_use]
pub fn joined(items: Vec<Math>, operator: &str) -> Math {
    let mut v = Vec::new();
    for (i, x) in items.into_iter().enumerate() {
        if i > 0 {
            v.push(op(operator));
        }
        v.push(x);
    }
    row(v)
}

/// A function applied to arguments: `max(12, 9)`.
#[must_use]
pub fn call(name: &str, args: Vec<Math>) -> Math {
    row(vec![id(name), paren(joined(args, ","))])
}

#[cfg(test)]
mod tests;
