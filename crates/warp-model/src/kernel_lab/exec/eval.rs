//! Expressions and assignments, lane by lane under a mask: built-in coordinates, variables,
//! loads, operators, the ternary, the math and work functions.

use super::result::RunError;
use super::state::{Machine, Warp};
use super::value::{binop, lanes, mask_of, Lanes, Val};
use super::warp_calls::AtomicAt;
use crate::kernel_lab::parse::{
    Addr, Axis, Bin, Builtin, Expr, Lvalue, Un, WARP_FUNCTIONS, WORK_FUNCTIONS,
};
use crate::LANE_SLOTS;
use crate::WARP_SIZE_I64;

impl Machine<'_> {
    /// One lane's operator `op` on `a` and `b`, a floating-point addition, subtraction,
    /// multiplication or division counted as one FLOP (issue 68: the roofline's numerator).
    fn arith(&mut self, op: Bin, a: Val, b: Val) -> Result<Val, String> {
        let v = binop(op, a, b)?;
        if matches!(v, Val::F(_)) && matches!(op, Bin::Add | Bin::Sub | Bin::Mul | Bin::Div) {
            self.r.flops += 1;
        }
        Ok(v)
    }

    pub(super) fn builtin(&self, w: &Warp, b: Builtin, a: Axis, lane: usize) -> i64 {
        let bd = self.launch.block;
        let pick = |x: u64, y: u64, z: u64| {
            i64::try_from(match a {
                Axis::X => x,
                Axis::Y => y,
                Axis::Z => z,
            })
            .unwrap_or(i64::MAX)
        };
        match b {
            Builtin::ThreadIdx => {
                let t = w.tid[lane];
                pick(t.0, t.1, t.2)
            }
            Builtin::BlockIdx => pick(w.block.0, w.block.1, 0),
            Builtin::BlockDim => pick(bd.x(), bd.y(), bd.z()),
            Builtin::GridDim => pick(self.launch.grid.0, self.launch.grid.1, 1),
        }
    }

    pub(super) fn eval(
        &mut self,
        w: &mut Warp,
        e: &Expr,
        mask: u32,
        line: usize,
    ) -> Result<Lanes, RunError> {
        let mut out = [Val::I(0); LANE_SLOTS];
        match e {
            Expr::Int(v) => out = [Val::I(*v); LANE_SLOTS],
            Expr::UInt(v) => out = [Val::U(*v); LANE_SLOTS],
            Expr::Float(v) => {
                #[allow(clippy::cast_possible_truncation)]
                let f = *v as f32;
                out = [Val::F(f); LANE_SLOTS];
            }
            Expr::Bool(b) => out = [Val::B(*b); LANE_SLOTS],
            Expr::WarpSize => out = [Val::I(WARP_SIZE_I64); LANE_SLOTS],
            Expr::Builtin(b, a) => {
                for l in lanes(mask) {
                    out[l] = Val::I(self.builtin(w, *b, *a, l));
                }
            }
            Expr::Var(n) => {
                self.timed_read(w, n);
                if let Some((_, _, v)) = w.lookup(n) {
                    out = *v;
                } else if let Some(v) = self.scalars.get(n) {
                    out = [*v; LANE_SLOTS];
                } else if self.buffers.contains_key(n) {
                    return Err(RunError {
                        line,
                        message: crate::tr!("kernel.run.pointer-unindexed", name = n),
                    });
                } else {
                    return Err(RunError {
                        line,
                        message: crate::tr!("kernel.run.undeclared", name = n),
                    });
                }
            }
            Expr::Index(n, i, _) => {
                let idx = self.eval(w, i, mask, line)?;
                self.access(w, n, &idx, mask, line, false)?;
                self.timed_memory(w, true, 0, false);
                let buf = &self.buffers[n];
                for l in lanes(mask) {
                    out[l] = buf.get(usize::try_from(idx[l].as_i()).unwrap_or(0));
                }
            }
            Expr::Shared(a, idx) => {
                let idx = idx
                    .iter()
                    .map(|i| self.eval(w, i, mask, line))
                    .collect::<Result<Vec<_>, _>>()?;
                let words = self.shared_access(w, *a, &idx, mask, line, false)?;
                for l in lanes(mask) {
                    out[l] = self.shared.get(words[l]).copied().unwrap_or(Val::I(0));
                }
            }
            Expr::Unary(op, a) => {
                let a = self.eval(w, a, mask, line)?;
                for l in lanes(mask) {
                    out[l] = match (op, a[l]) {
                        (Un::Neg, Val::F(f)) => Val::F(-f),
                        (Un::Neg, Val::U(u)) => Val::U(u.wrapping_neg()),
                        (Un::BitNot, Val::U(u)) => Val::U(!u),
                        (Un::Neg, v) => Val::I(v.as_i().wrapping_neg()),
                        (Un::Not, v) => Val::B(!v.truthy()),
                        (Un::BitNot, v) => Val::I(!v.as_i()),
                    };
                }
            }
            Expr::Binary(Bin::And | Bin::Or, a, b) => {
                let and = matches!(e, Expr::Binary(Bin::And, ..));
                let av = self.eval(w, a, mask, line)?;
                let need = lanes(mask)
                    .filter(|l| av[*l].truthy() == and)
                    .fold(0u32, |m, l| m | (1 << l));
                let bv = if need != 0 {
                    self.eval(w, b, need, line)?
                } else {
                    [Val::B(false); LANE_SLOTS]
                };
                for l in lanes(mask) {
                    out[l] = Val::B(if need & (1 << l) != 0 {
                        bv[l].truthy()
                    } else {
                        av[l].truthy()
                    });
                }
            }
            Expr::Binary(op, a, b) => {
                let av = self.eval(w, a, mask, line)?;
                let bv = self.eval(w, b, mask, line)?;
                for l in lanes(mask) {
                    out[l] = self.arith(*op, av[l], bv[l]).map_err(|m| RunError {
                        line,
                        message: crate::tr!("kernel.run.in-lane", message = m, lane = l),
                    })?;
                }
            }
            Expr::Cond(c, a, b) => {
                let cv = self.eval(w, c, mask, line)?;
                let t = mask_of(mask, &cv);
                let av = if t != 0 {
                    self.eval(w, a, t, line)?
                } else {
                    out
                };
                let bv = if mask & !t != 0 {
                    self.eval(w, b, mask & !t, line)?
                } else {
                    out
                };
                for l in lanes(mask) {
                    out[l] = if t & (1 << l) != 0 { av[l] } else { bv[l] };
                }
            }
            Expr::Atomic(op, addr, args) => {
                // The operands first, then the address, as before the calls ran one way.
                let vals = self.eval_all(w, args, mask, line)?;
                return match &**addr {
                    Addr::Global(n, i) => {
                        let idx = self.eval(w, i, mask, line)?;
                        self.atomic(w, *op, &AtomicAt::Global(n, &idx), &vals, mask, line)
                    }
                    Addr::Shared(a, i) => {
                        let idx = self.eval_all(w, i, mask, line)?;
                        self.atomic(w, *op, &AtomicAt::Shared(*a, &idx), &vals, mask, line)
                    }
                };
            }
            Expr::Call(f, args) if WARP_FUNCTIONS.iter().any(|(n, _, _)| n == f) => {
                let vals = self.eval_all(w, args, mask, line)?;
                return self.warp_call(w, f, &vals, mask, line);
            }
            Expr::Call(f, args) => return self.math_call(w, f, args, mask, line),
        }
        Ok(out)
    }

    /// Each of `args` evaluated for the lanes of `mask`, in order.
    fn eval_all(
        &mut self,
        w: &mut Warp,
        args: &[Expr],
        mask: u32,
        line: usize,
    ) -> Result<Vec<Lanes>, RunError> {
        args.iter().map(|a| self.eval(w, a, mask, line)).collect()
    }

    /// A math or work function (`min`, `fabsf`, `sqrtf`, `work`, …) for the lanes of `mask`:
    /// its arguments, then its value lane by lane (a work function's value is 0).
    fn math_call(
        &mut self,
        w: &mut Warp,
        f: &str,
        args: &[Expr],
        mask: u32,
        line: usize,
    ) -> Result<Lanes, RunError> {
        let mut out = [Val::I(0); LANE_SLOTS];
        let vals: Vec<Lanes> = args
            .iter()
            .map(|a| self.eval(w, a, mask, line))
            .collect::<Result<_, _>>()?;
        let arg = |k: usize, l: usize| vals.get(k).map(|v| v[l]);
        for l in lanes(mask) {
            out[l] = match (f, arg(0, l), arg(1, l)) {
                ("min", Some(a), Some(b)) => {
                    if a.as_f() <= b.as_f() {
                        a
                    } else {
                        b
                    }
                }
                ("max", Some(a), Some(b)) => {
                    if a.as_f() >= b.as_f() {
                        a
                    } else {
                        b
                    }
                }
                ("fminf", Some(a), Some(b)) => Val::F(a.as_f().min(b.as_f())),
                ("fmaxf", Some(a), Some(b)) => Val::F(a.as_f().max(b.as_f())),
                ("abs" | "fabsf", Some(Val::F(a)), None) => Val::F(a.abs()),
                ("abs", Some(a), None) => Val::I(a.as_i().wrapping_abs()),
                ("fabsf", Some(a), None) => Val::F(a.as_f().abs()),
                ("sqrtf", Some(a), None) => Val::F(a.as_f().sqrt()),
                ("heavy_path" | "light_path", None, None) | ("work", Some(_), None) => Val::I(0),
                _ => {
                    return Err(RunError {
                        line,
                        message: crate::tr!("kernel.run.arity", name = f),
                    })
                }
            };
        }
        Ok(out)
    }

    pub(super) fn call_cost(
        &mut self,
        w: &mut Warp,
        e: &Expr,
        mask: u32,
        line: usize,
    ) -> Result<u64, RunError> {
        if let Expr::Call(f, args) = e {
            if let Some((_, c)) = WORK_FUNCTIONS.iter().find(|(n, _)| n == f) {
                return Ok(*c);
            }
            if f == "work" {
                let v = self.eval(w, args.first().unwrap_or(&Expr::Int(1)), mask, line)?;
                // A warp pays for its slowest lane.
                return Ok(lanes(mask)
                    .map(|l| u64::try_from(v[l].as_i()).unwrap_or(0))
                    .max()
                    .unwrap_or(0)
                    .clamp(1, 10_000));
            }
        }
        Ok(1)
    }

    /// An assignment to a variable, a global element or a shared element.
    pub(super) fn assign(
        &mut self,
        w: &mut Warp,
        place: &Lvalue,
        op: Option<Bin>,
        e: &Expr,
        mask: u32,
        line: usize,
    ) -> Result<(), RunError> {
        self.issue(w, line, mask, 1)?;
        let rhs = self.eval(w, e, mask, line)?;
        match place {
            Lvalue::Var(n) => {
                let Some((_, ty, cur)) = w.lookup(n).cloned() else {
                    return Err(RunError {
                        line,
                        message: if self.scalars.contains_key(n) {
                            crate::tr!("kernel.run.param-assign", name = n)
                        } else {
                            crate::tr!("kernel.run.undeclared", name = n)
                        },
                    });
                };
                if op.is_some() {
                    self.timed_read(w, n);
                }
                self.timed_define(w, n, op.is_none().then_some(e));
                let mut next = cur;
                for l in lanes(mask) {
                    let v = match op {
                        None => rhs[l],
                        Some(o) => self
                            .arith(o, cur[l], rhs[l])
                            .map_err(RunError::in_lane(line, l))?,
                    };
                    next[l] = v.convert(ty);
                }
                if let Some(slot) = w.lookup_mut(n) {
                    slot.2 = next;
                }
            }
            Lvalue::Index(n, i) => {
                let idx = self.eval(w, i, mask, line)?;
                let old = if op.is_some() {
                    Some(self.eval(
                        w,
                        &Expr::Index(n.clone(), Box::new(i.clone()), line),
                        mask,
                        line,
                    )?)
                } else {
                    None
                };
                self.access(w, n, &idx, mask, line, true)?;
                let mut stored = Vec::new();
                for l in lanes(mask) {
                    let v = match (op, old) {
                        (Some(o), Some(old)) => self
                            .arith(o, old[l], rhs[l])
                            .map_err(RunError::in_lane(line, l))?,
                        _ => rhs[l],
                    };
                    stored.push((l, v));
                    let k = usize::try_from(idx[l].as_i()).unwrap_or(0);
                    if let Some(b) = self.buffers.get_mut(n) {
                        self.version += 1;
                        b.put(k, v);
                    }
                }
                self.same_step_stores(w, n, &idx, &stored, line);
            }
            Lvalue::Shared(a, i) => {
                let idx = i
                    .iter()
                    .map(|i| self.eval(w, i, mask, line))
                    .collect::<Result<Vec<_>, _>>()?;
                let old = if op.is_some() {
                    let words = self.shared_access(w, *a, &idx, mask, line, false)?;
                    Some(words.map(|k| self.shared.get(k).copied().unwrap_or(Val::I(0))))
                } else {
                    None
                };
                let words = self.shared_access(w, *a, &idx, mask, line, true)?;
                let ty = self.kernel.shared[*a].ty;
                for l in lanes(mask) {
                    let v = match (op, old) {
                        (Some(o), Some(old)) => self
                            .arith(o, old[l], rhs[l])
                            .map_err(RunError::in_lane(line, l))?,
                        _ => rhs[l],
                    };
                    if let Some(slot) = self.shared.get_mut(words[l]) {
                        self.version += 1;
                        *slot = v.convert(ty);
                        self.written.push(words[l]);
                    }
                }
            }
        }
        Ok(())
    }
}
