//! Lanes' values and C's operators on them: `int` (64-bit, so it does not overflow at 2³¹),
//! `unsigned` (modulo 2³²), `float`, `bool`, the usual arithmetic conversions, and masks as
//! lane sets.

use crate::kernel_lab::parse::{Bin, Ty};
use crate::LANE_SLOTS;

/// A lane's value.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Val {
    /// int (held in 64 bits: the lab's `int` does not overflow at 2³¹).
    I(i64),
    /// unsigned int: 32 bits, arithmetic modulo 2³² as C defines it.
    U(u32),
    /// float.
    F(f32),
    /// bool.
    B(bool),
}

impl Val {
    pub(super) fn truthy(self) -> bool {
        match self {
            Val::I(v) => v != 0,
            Val::U(v) => v != 0,
            Val::F(v) => v != 0.0,
            Val::B(b) => b,
        }
    }
    pub(super) fn as_f(self) -> f32 {
        match self {
            Val::I(v) => v as f32,
            Val::U(v) => v as f32,
            Val::F(v) => v,
            Val::B(b) => f32::from(u8::from(b)),
        }
    }
    pub(super) fn as_i(self) -> i64 {
        match self {
            Val::I(v) => v,
            Val::U(v) => i64::from(v),
            #[allow(clippy::cast_possible_truncation)]
            Val::F(v) => v as i64,
            Val::B(b) => i64::from(b),
        }
    }
    /// As C converts to `unsigned int`: modulo 2³².
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    pub(super) fn as_u(self) -> u32 {
        match self {
            Val::U(v) => v,
            v => v.as_i() as u32,
        }
    }
    /// As people read it.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Val::I(v) => v.to_string(),
            Val::U(v) => v.to_string(),
            Val::F(v) => crate::figure::format_decimal(f64::from(v)),
            Val::B(b) => b.to_string(),
        }
    }
    pub(super) fn convert(self, ty: Ty) -> Val {
        match ty {
            Ty::Int => Val::I(self.as_i()),
            Ty::Unsigned => Val::U(self.as_u()),
            Ty::Float => Val::F(self.as_f()),
            Ty::Bool => Val::B(self.truthy()),
        }
    }
}

pub(super) type Lanes = [Val; LANE_SLOTS];

pub(super) fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    (0..LANE_SLOTS).filter(move |l| mask & (1 << l) != 0)
}

pub(super) fn mask_of(mask: u32, cv: &Lanes) -> u32 {
    lanes(mask)
        .filter(|l| cv[*l].truthy())
        .fold(0u32, |m, l| m | (1 << l))
}

/// Lanes as people write them: `0, 2–5, 31`.
#[must_use]
pub fn lane_list(mask: u32) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut l = 0usize;
    while l < LANE_SLOTS {
        if mask & (1 << l) == 0 {
            l += 1;
            continue;
        }
        let start = l;
        while l < LANE_SLOTS && mask & (1 << l) != 0 {
            l += 1;
        }
        out.push(if l - 1 == start {
            start.to_string()
        } else {
            format!("{start}–{}", l - 1)
        });
    }
    out.join(", ")
}

pub(super) fn binop(op: Bin, a: Val, b: Val) -> Result<Val, String> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let float = matches!(a, Val::F(_)) || matches!(b, Val::F(_));
    // C's usual arithmetic conversions: float wins; else an unsigned operand makes both
    // unsigned (modulo 2³²).
    let unsigned = !float && (matches!(a, Val::U(_)) || matches!(b, Val::U(_)));
    let cmp = |o: std::cmp::Ordering| -> Option<std::cmp::Ordering> { Some(o) };
    let order = if float {
        a.as_f().partial_cmp(&b.as_f())
    } else if unsigned {
        cmp(a.as_u().cmp(&b.as_u()))
    } else {
        cmp(a.as_i().cmp(&b.as_i()))
    };
    Ok(match op {
        Bin::Lt => Val::B(order == Some(Less)),
        Bin::Le => Val::B(matches!(order, Some(Less | Equal))),
        Bin::Gt => Val::B(order == Some(Greater)),
        Bin::Ge => Val::B(matches!(order, Some(Greater | Equal))),
        Bin::Eq => Val::B(order == Some(Equal)),
        Bin::Ne => Val::B(order != Some(Equal)),
        Bin::And => Val::B(a.truthy() && b.truthy()),
        Bin::Or => Val::B(a.truthy() || b.truthy()),
        _ if float => {
            let (x, y) = (a.as_f(), b.as_f());
            Val::F(match op {
                Bin::Add => x + y,
                Bin::Sub => x - y,
                Bin::Mul => x * y,
                Bin::Div => x / y,
                Bin::Rem => x % y,
                _ => return Err(crate::tr!("kernel.run.bitwise-float")),
            })
        }
        _ if unsigned => {
            let (x, y) = (a.as_u(), b.as_u());
            Val::U(match op {
                Bin::Add => x.wrapping_add(y),
                Bin::Sub => x.wrapping_sub(y),
                Bin::Mul => x.wrapping_mul(y),
                Bin::Div | Bin::Rem if y == 0 => return Err(crate::tr!("kernel.run.div-zero")),
                Bin::Div => x / y,
                Bin::Rem => x % y,
                // A shift by 32 or more is undefined in C: the lab shifts by the count mod 32.
                Bin::Shl => x.wrapping_shl(y),
                Bin::Shr => x.wrapping_shr(y),
                Bin::BitAnd => x & y,
                Bin::BitOr => x | y,
                Bin::BitXor => x ^ y,
                _ => return Err(crate::tr!("kernel.run.bad-operator")),
            })
        }
        _ => {
            let (x, y) = (a.as_i(), b.as_i());
            Val::I(match op {
                Bin::Add => x.wrapping_add(y),
                Bin::Sub => x.wrapping_sub(y),
                Bin::Mul => x.wrapping_mul(y),
                Bin::Div | Bin::Rem if y == 0 => return Err(crate::tr!("kernel.run.div-zero")),
                Bin::Div => x.wrapping_div(y),
                Bin::Rem => x.wrapping_rem(y),
                Bin::Shl => x.wrapping_shl(u32::try_from(y.rem_euclid(64)).unwrap_or(0)),
                Bin::Shr => x.wrapping_shr(u32::try_from(y.rem_euclid(64)).unwrap_or(0)),
                Bin::BitAnd => x & y,
                Bin::BitOr => x | y,
                Bin::BitXor => x ^ y,
                _ => return Err(crate::tr!("kernel.run.bad-operator")),
            })
        }
    })
}
