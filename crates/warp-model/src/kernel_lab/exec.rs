//! The SIMT interpreter: each warp runs its 32 lanes in lockstep under an active mask, with a
//! reconvergence stack (lanes rejoin at the end of an if/else and at a loop's exit).
//!
//! Stated cost model: every issued warp-level instruction (a statement, a condition) costs 1
//! cycle; `heavy_path()` 20, `light_path()` 8, `work(n)` n. Every global load or store records
//! the addresses of its active lanes, and its transactions follow the coalescing model
//! (4-byte elements, 128-byte lines). Limits instead of hangs: a step budget and bounds checks.

use std::collections::{BTreeMap, HashMap};

use super::parse::{
    Axis, Bin, Builtin, Expr, ParsedKernel, Place, Stmt, StmtKind, Ty, Un, WORK_FUNCTIONS,
};
use crate::warps::map::BlockDim;

/// A lane's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Val {
    /// int / unsigned (unsigned wraparound is not modelled).
    I(i64),
    /// float.
    F(f32),
    /// bool.
    B(bool),
}

impl Val {
    fn truthy(self) -> bool {
        match self {
            Val::I(v) => v != 0,
            Val::F(v) => v != 0.0,
            Val::B(b) => b,
        }
    }
    fn as_f(self) -> f32 {
        match self {
            Val::I(v) => v as f32,
            Val::F(v) => v,
            Val::B(b) => f32::from(u8::from(b)),
        }
    }
    fn as_i(self) -> i64 {
        match self {
            Val::I(v) => v,
            #[allow(clippy::cast_possible_truncation)]
            Val::F(v) => v as i64,
            Val::B(b) => i64::from(b),
        }
    }
    /// As people read it.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Val::I(v) => v.to_string(),
            Val::F(v) => crate::figure::format_decimal(f64::from(v)),
            Val::B(b) => b.to_string(),
        }
    }
    fn convert(self, ty: Ty) -> Val {
        match ty {
            Ty::Int | Ty::Unsigned => Val::I(self.as_i()),
            Ty::Float => Val::F(self.as_f()),
            Ty::Bool => Val::B(self.truthy()),
        }
    }
}

type Lanes = [Val; 32];

/// The launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    /// blockDim.
    pub block: BlockDim,
    /// gridDim (x, y).
    pub grid: (u64, u64),
    /// Value of an int parameter named `n`.
    pub n: i64,
    /// Elements in every pointer parameter's buffer.
    pub len: usize,
}

/// Most warps one run executes.
pub const MAX_WARPS: u64 = 4096;
/// Most warp-level instructions one run issues.
pub const STEP_BUDGET: u64 = 2_000_000;
/// Most steps recorded for the step-through.
pub const MAX_TRACE: usize = 4000;
/// Line and sector size of the memory model.
pub const LINE: u64 = 128;

/// An entry of the reconvergence stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackEntry {
    /// `if`, `else` or `loop`.
    pub kind: &'static str,
    /// The line of the if or loop.
    pub line: usize,
    /// The lanes that rejoin when it ends.
    pub rejoin: u32,
}

/// One issued instruction of the recorded warp.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceStep {
    /// The line issued.
    pub line: usize,
    /// Active lanes.
    pub mask: u32,
    /// The reconvergence stack at that moment (outermost first).
    pub stack: Vec<StackEntry>,
    /// Variables in scope and their per-lane values (None: lane inactive for that variable).
    pub vars: Vec<(String, Vec<Option<String>>)>,
}

/// Per-line counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineStats {
    /// Warp-level instructions issued.
    pub issued: u64,
    /// Active lanes summed over them.
    pub active_lanes: u64,
    /// Branch executions whose lanes split.
    pub divergent: u64,
    /// Memory transactions.
    pub transactions: u64,
}

impl LineStats {
    /// Active lanes per issued instruction on this line (the per-line table's "lanes" column),
    /// a plain decimal; 0 when the line never issued.
    #[must_use]
    pub fn mean_active_lanes(&self) -> crate::figure::Value {
        crate::figure::Value::ratio(crate::ratio(self.active_lanes, self.issued))
    }
}

/// Memory totals for loads or stores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemStats {
    /// Warp-level accesses.
    pub accesses: u64,
    /// 128-byte transactions.
    pub transactions: u64,
    /// Distinct bytes asked for.
    pub useful_bytes: u64,
    /// Bytes moved.
    pub moved_bytes: u64,
}

/// What a divergent `if` did, the first time it split a warp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchRecord {
    /// Line of the if.
    pub line: usize,
    /// Cycles and lanes of the then side.
    pub then: (u64, u32),
    /// Cycles and lanes of the else side (0 cycles when there is no else).
    pub els: (u64, u32),
}

/// The whole run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResult {
    /// Warps executed.
    pub warps: u64,
    /// Warp-level instructions issued.
    pub issued: u64,
    /// Active lanes summed over issued instructions.
    pub active_lanes: u64,
    /// Cycles under the cost model.
    pub cycles: u64,
    /// Branch executions whose lanes split.
    pub divergent: u64,
    /// Loads.
    pub loads: MemStats,
    /// Stores.
    pub stores: MemStats,
    /// Per line.
    pub lines: BTreeMap<usize, LineStats>,
    /// The first divergent if, if any.
    pub branch: Option<BranchRecord>,
    /// Per-lane trip counts of the first loop whose lanes split (warp 0 of block 0 first).
    pub loop_counts: Option<(usize, Vec<u64>)>,
    /// Lane-to-lane stride (elements) of the first load with a constant stride.
    pub load_stride: Option<u64>,
    /// The recorded warp's steps.
    pub trace: Vec<TraceStep>,
    /// Which warp `trace` records, and why that one.
    pub traced: Traced,
}

/// Why the step-through records the warp it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceWhy {
    /// The learner chose it (`trace=B,W`).
    Chosen,
    /// The first warp, in launch order, whose lanes split at a branch or a loop.
    Diverges,
    /// The first warp with idle lanes (a block whose size is not a multiple of 32), before any
    /// warp diverges.
    Ragged,
    /// No warp diverges or has idle lanes: every warp runs like the first.
    First,
}

impl TraceWhy {
    /// Its name in the page (`data-trace-why`): `chosen`, `diverges`, `ragged` or `first`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TraceWhy::Chosen => "chosen",
            TraceWhy::Diverges => "diverges",
            TraceWhy::Ragged => "ragged",
            TraceWhy::First => "first",
        }
    }
}

/// The warp the step-through records: its block (linear index), its warp in the block, and
/// why it was picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Traced {
    /// The block, as a linear index (`blockIdx.y * gridDim.x + blockIdx.x`).
    pub block: u64,
    /// The warp within the block.
    pub warp: u64,
    /// Why this warp.
    pub why: TraceWhy,
}

/// A run-time error: the step budget or an out-of-bounds access, naming the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunError {
    /// The line.
    pub line: usize,
    /// What happened.
    pub message: String,
}

struct Buffer {
    ty: Ty,
    data: Vec<f32>,
    base: u64,
}

struct Machine<'k> {
    kernel: &'k ParsedKernel,
    launch: LaunchConfig,
    buffers: HashMap<String, Buffer>,
    scalars: HashMap<String, Val>,
    r: RunResult,
    record: bool,
}

#[derive(Default)]
struct Flow {
    brk: u32,
    cont: u32,
}

struct Warp {
    /// Per-lane thread coordinates and block coordinates.
    tid: [(u64, u64, u64); 32],
    block: (u64, u64),
    scopes: Vec<Vec<(String, Ty, Lanes)>>,
    returned: u32,
    stack: Vec<StackEntry>,
    loop_line: usize,
}

impl Warp {
    fn lookup(&self, name: &str) -> Option<&(String, Ty, Lanes)> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _, _)| n == name)
    }
    fn lookup_mut(&mut self, name: &str) -> Option<&mut (String, Ty, Lanes)> {
        self.scopes
            .iter_mut()
            .rev()
            .flat_map(|s| s.iter_mut().rev())
            .find(|(n, _, _)| n == name)
    }
}

fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |l| mask & (1 << l) != 0)
}

impl Machine<'_> {
    fn issue(&mut self, w: &Warp, line: usize, mask: u32, cycles: u64) -> Result<(), RunError> {
        if mask == 0 {
            return Ok(());
        }
        self.r.issued += 1;
        self.r.active_lanes += u64::from(mask.count_ones());
        self.r.cycles += cycles;
        let e = self.r.lines.entry(line).or_default();
        e.issued += 1;
        e.active_lanes += u64::from(mask.count_ones());
        if self.r.issued > STEP_BUDGET {
            let at = if w.loop_line > 0 { w.loop_line } else { line };
            return Err(RunError {
                line: at,
                message: if w.loop_line > 0 {
                    crate::tr!("kernel.run.budget.loop", budget = STEP_BUDGET, line = at)
                } else {
                    crate::tr!("kernel.run.budget", budget = STEP_BUDGET)
                },
            });
        }
        if self.record && self.r.trace.len() < MAX_TRACE {
            let vars = w
                .scopes
                .iter()
                .flatten()
                .map(|(n, _, v)| {
                    (
                        n.clone(),
                        (0..32)
                            .map(|l| (mask & (1 << l) != 0).then(|| v[l].text()))
                            .collect(),
                    )
                })
                .collect();
            self.r.trace.push(TraceStep {
                line,
                mask,
                stack: w.stack.clone(),
                vars,
            });
        }
        Ok(())
    }

    fn builtin(&self, w: &Warp, b: Builtin, a: Axis, lane: usize) -> i64 {
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

    fn access(
        &mut self,
        w: &Warp,
        name: &str,
        idx: &Lanes,
        mask: u32,
        line: usize,
        store: bool,
    ) -> Result<(), RunError> {
        let Some(buf) = self.buffers.get(name) else {
            return Err(RunError {
                line,
                message: crate::tr!("kernel.run.not-pointer", name),
            });
        };
        let len = buf.data.len();
        let mut addrs = Vec::new();
        for l in lanes(mask) {
            let i = idx[l].as_i();
            if i < 0 || usize::try_from(i).map_or(true, |u| u >= len) {
                let t = w.tid[l];
                // One sentence per direction (the languages word them differently).
                let key = if store {
                    crate::msg!("kernel.run.out-of-bounds.store")
                } else {
                    crate::msg!("kernel.run.out-of-bounds.load")
                };
                return Err(RunError {
                    line,
                    message: crate::i18n::fill(
                        key,
                        &[
                            ("name", &name),
                            ("i", &i),
                            ("len", &len),
                            ("lane", &l),
                            ("tx", &t.0),
                            ("ty", &t.1),
                            ("tz", &t.2),
                            ("bx", &w.block.0),
                            ("by", &w.block.1),
                        ],
                    ),
                });
            }
            addrs.push(buf.base + u64::try_from(i).unwrap_or(0) * 4);
        }
        let mut segs: Vec<u64> = addrs.iter().map(|a| a / LINE).collect();
        segs.sort_unstable();
        segs.dedup();
        let mut distinct = addrs.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let t = segs.len() as u64;
        let stats = if store {
            &mut self.r.stores
        } else {
            &mut self.r.loads
        };
        stats.accesses += 1;
        stats.transactions += t;
        stats.useful_bytes += distinct.len() as u64 * 4;
        stats.moved_bytes += t * LINE;
        self.r.lines.entry(line).or_default().transactions += t;
        if !store && self.r.load_stride.is_none() && addrs.len() >= 2 {
            let d: Vec<i128> = addrs
                .windows(2)
                .map(|p| i128::from(p[1]) - i128::from(p[0]))
                .collect();
            if d.iter().all(|x| *x == d[0]) && d[0] >= 0 {
                self.r.load_stride = u64::try_from(d[0] / 4).ok();
            }
        }
        Ok(())
    }

    fn eval(&mut self, w: &mut Warp, e: &Expr, mask: u32, line: usize) -> Result<Lanes, RunError> {
        let mut out = [Val::I(0); 32];
        match e {
            Expr::Int(v) => out = [Val::I(*v); 32],
            Expr::Float(v) => {
                #[allow(clippy::cast_possible_truncation)]
                let f = *v as f32;
                out = [Val::F(f); 32];
            }
            Expr::Bool(b) => out = [Val::B(*b); 32],
            Expr::WarpSize => out = [Val::I(32); 32],
            Expr::Builtin(b, a) => {
                for l in lanes(mask) {
                    out[l] = Val::I(self.builtin(w, *b, *a, l));
                }
            }
            Expr::Var(n) => {
                if let Some((_, _, v)) = w.lookup(n) {
                    out = *v;
                } else if let Some(v) = self.scalars.get(n) {
                    out = [*v; 32];
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
                let buf = &self.buffers[n];
                for l in lanes(mask) {
                    let v = buf.data[usize::try_from(idx[l].as_i()).unwrap_or(0)];
                    #[allow(clippy::cast_possible_truncation)]
                    let iv = v as i64;
                    out[l] = if buf.ty == Ty::Float {
                        Val::F(v)
                    } else {
                        Val::I(iv)
                    };
                }
            }
            Expr::Unary(op, a) => {
                let a = self.eval(w, a, mask, line)?;
                for l in lanes(mask) {
                    out[l] = match (op, a[l]) {
                        (Un::Neg, Val::F(f)) => Val::F(-f),
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
                    [Val::B(false); 32]
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
                    out[l] = binop(*op, av[l], bv[l]).map_err(|m| RunError {
                        line,
                        message: crate::tr!("kernel.run.in-lane", message = m, lane = l),
                    })?;
                }
            }
            Expr::Cond(c, a, b) => {
                let cv = self.eval(w, c, mask, line)?;
                let t = lanes(mask)
                    .filter(|l| cv[*l].truthy())
                    .fold(0u32, |m, l| m | (1 << l));
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
            Expr::Call(f, args) => {
                let vals: Vec<Lanes> = args
                    .iter()
                    .map(|a| self.eval(w, a, mask, line))
                    .collect::<Result<_, _>>()?;
                let arg = |k: usize, l: usize| vals.get(k).map(|v| v[l]);
                for l in lanes(mask) {
                    out[l] = match (f.as_str(), arg(0, l), arg(1, l)) {
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
                        ("heavy_path" | "light_path", None, None) | ("work", Some(_), None) => {
                            Val::I(0)
                        }
                        _ => {
                            return Err(RunError {
                                line,
                                message: crate::tr!("kernel.run.arity", name = f),
                            })
                        }
                    };
                }
            }
        }
        Ok(out)
    }

    fn call_cost(
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

    fn stmts(&mut self, w: &mut Warp, body: &[Stmt], mask: u32) -> Result<Flow, RunError> {
        let mut flow = Flow::default();
        let mut live = mask;
        for s in body {
            live &= !(flow.brk | flow.cont | w.returned);
            if live == 0 {
                break;
            }
            let f = self.stmt(w, s, live)?;
            flow.brk |= f.brk;
            flow.cont |= f.cont;
        }
        Ok(flow)
    }

    fn scoped(&mut self, w: &mut Warp, body: &[Stmt], mask: u32) -> Result<Flow, RunError> {
        w.scopes.push(Vec::new());
        let f = self.stmts(w, body, mask);
        w.scopes.pop();
        f
    }

    fn stmt(&mut self, w: &mut Warp, s: &Stmt, mask: u32) -> Result<Flow, RunError> {
        let line = s.line;
        match &s.kind {
            StmtKind::Decl(ty, name, init) => {
                self.issue(w, line, mask, 1)?;
                let mut v = [Val::I(0).convert(*ty); 32];
                if let Some(e) = init {
                    let x = self.eval(w, e, mask, line)?;
                    for l in lanes(mask) {
                        v[l] = x[l].convert(*ty);
                    }
                }
                if let Some(scope) = w.scopes.last_mut() {
                    scope.push((name.clone(), *ty, v));
                }
            }
            StmtKind::Assign(place, op, e) => {
                self.issue(w, line, mask, 1)?;
                let rhs = self.eval(w, e, mask, line)?;
                match place {
                    Place::Var(n) => {
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
                        let mut next = cur;
                        for l in lanes(mask) {
                            let v = match op {
                                None => rhs[l],
                                Some(o) => binop(*o, cur[l], rhs[l]).map_err(|m| RunError {
                                    line,
                                    message: crate::tr!(
                                        "kernel.run.in-lane",
                                        message = m,
                                        lane = l
                                    ),
                                })?,
                            };
                            next[l] = v.convert(ty);
                        }
                        if let Some(slot) = w.lookup_mut(n) {
                            slot.2 = next;
                        }
                    }
                    Place::Index(n, i) => {
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
                        for l in lanes(mask) {
                            let v = match (op, old) {
                                (Some(o), Some(old)) => {
                                    binop(*o, old[l], rhs[l]).map_err(|m| RunError {
                                        line,
                                        message: crate::tr!(
                                            "kernel.run.in-lane",
                                            message = m,
                                            lane = l
                                        ),
                                    })?
                                }
                                _ => rhs[l],
                            };
                            let k = usize::try_from(idx[l].as_i()).unwrap_or(0);
                            if let Some(b) = self.buffers.get_mut(n) {
                                b.data[k] = v.as_f();
                            }
                        }
                    }
                }
            }
            StmtKind::Expr(e) => {
                let cost = self.call_cost(w, e, mask, line)?;
                self.issue(w, line, mask, cost)?;
                self.eval(w, e, mask, line)?;
            }
            StmtKind::Block(b) => return self.scoped(w, b, mask),
            StmtKind::Break => return Ok(Flow { brk: mask, cont: 0 }),
            StmtKind::Continue => return Ok(Flow { brk: 0, cont: mask }),
            StmtKind::Return => {
                self.issue(w, line, mask, 1)?;
                w.returned |= mask;
            }
            StmtKind::If(c, then, els) => {
                self.issue(w, line, mask, 1)?;
                let cv = self.eval(w, c, mask, line)?;
                let t = lanes(mask)
                    .filter(|l| cv[*l].truthy())
                    .fold(0u32, |m, l| m | (1 << l));
                let f = mask & !t;
                if t != 0 && f != 0 {
                    self.r.divergent += 1;
                    self.r.lines.entry(line).or_default().divergent += 1;
                }
                w.stack.push(StackEntry {
                    kind: "if",
                    line,
                    rejoin: mask,
                });
                let c0 = self.r.cycles;
                let mut flow = if t != 0 {
                    self.scoped(w, then, t)?
                } else {
                    Flow::default()
                };
                let c1 = self.r.cycles;
                if let Some((body, _)) = els {
                    if f != 0 {
                        if let Some(top) = w.stack.last_mut() {
                            top.kind = "else";
                        }
                        let g = self.scoped(w, body, f)?;
                        flow.brk |= g.brk;
                        flow.cont |= g.cont;
                    }
                }
                let c2 = self.r.cycles;
                w.stack.pop();
                if t != 0 && f != 0 && self.r.branch.is_none() {
                    self.r.branch = Some(BranchRecord {
                        line,
                        then: (c1 - c0, t.count_ones()),
                        els: (c2 - c1, f.count_ones()),
                    });
                }
                return Ok(flow);
            }
            StmtKind::While(c, body) => {
                return self.run_loop(w, line, None, Some(c), None, body, mask)
            }
            StmtKind::For(init, c, step, body) => {
                w.scopes.push(Vec::new());
                let r = (|| {
                    if let Some(i) = init {
                        self.stmt(w, i, mask)?;
                    }
                    self.run_loop(w, line, None, c.as_ref(), step.as_deref(), body, mask)
                })();
                w.scopes.pop();
                return r;
            }
        }
        Ok(Flow::default())
    }

    #[allow(clippy::too_many_arguments)]
    fn run_loop(
        &mut self,
        w: &mut Warp,
        line: usize,
        _init: Option<&Stmt>,
        cond: Option<&Expr>,
        step: Option<&Stmt>,
        body: &[Stmt],
        mask: u32,
    ) -> Result<Flow, RunError> {
        let outer_loop = w.loop_line;
        w.loop_line = line;
        w.stack.push(StackEntry {
            kind: "loop",
            line,
            rejoin: mask,
        });
        let mut live = mask & !w.returned;
        let mut counts = [0u64; 32];
        let mut split = false;
        while live != 0 {
            self.issue(w, line, live, 1)?;
            let go = match cond {
                Some(c) => {
                    let cv = self.eval(w, c, live, line)?;
                    lanes(live)
                        .filter(|l| cv[*l].truthy())
                        .fold(0u32, |m, l| m | (1 << l))
                }
                None => live,
            };
            if go != 0 && go != live {
                self.r.divergent += 1;
                self.r.lines.entry(line).or_default().divergent += 1;
                split = true;
            }
            if go == 0 {
                break;
            }
            for l in lanes(go) {
                counts[l] += 1;
            }
            let f = self.scoped(w, body, go)?;
            live = go & !f.brk & !w.returned;
            if let Some(s) = step {
                if live != 0 {
                    self.stmt(w, s, live)?;
                }
            }
        }
        w.stack.pop();
        w.loop_line = outer_loop;
        if split && self.r.loop_counts.is_none() {
            self.r.loop_counts = Some((line, counts.to_vec()));
        }
        Ok(Flow::default())
    }
}

fn binop(op: Bin, a: Val, b: Val) -> Result<Val, String> {
    let float = matches!(a, Val::F(_)) || matches!(b, Val::F(_));
    Ok(match op {
        Bin::Lt => Val::B(if float {
            a.as_f() < b.as_f()
        } else {
            a.as_i() < b.as_i()
        }),
        Bin::Le => Val::B(if float {
            a.as_f() <= b.as_f()
        } else {
            a.as_i() <= b.as_i()
        }),
        Bin::Gt => Val::B(if float {
            a.as_f() > b.as_f()
        } else {
            a.as_i() > b.as_i()
        }),
        Bin::Ge => Val::B(if float {
            a.as_f() >= b.as_f()
        } else {
            a.as_i() >= b.as_i()
        }),
        #[allow(clippy::float_cmp)]
        Bin::Eq => Val::B(if float {
            a.as_f() == b.as_f()
        } else {
            a.as_i() == b.as_i()
        }),
        #[allow(clippy::float_cmp)]
        Bin::Ne => Val::B(if float {
            a.as_f() != b.as_f()
        } else {
            a.as_i() != b.as_i()
        }),
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

/// The machine at the start of a launch: buffers filled with their index, scalars set.
fn machine(kernel: &ParsedKernel, launch: LaunchConfig) -> Machine<'_> {
    let mut buffers = HashMap::new();
    let mut scalars = HashMap::new();
    let stride = u64::try_from(launch.len * 4).unwrap_or(0).div_ceil(256) * 256;
    for (k, p) in kernel.params.iter().enumerate() {
        if p.pointer {
            // Every buffer starts filled with its index: p[i] = i.
            let data = (0..launch.len).map(|i| i as f32).collect();
            buffers.insert(
                p.name.clone(),
                Buffer {
                    ty: p.ty,
                    data,
                    base: (k as u64 + 1) * stride,
                },
            );
        } else {
            let v = if p.name == "n" {
                Val::I(launch.n)
            } else {
                Val::I(0)
            };
            scalars.insert(p.name.clone(), v.convert(p.ty));
        }
    }
    Machine {
        kernel,
        launch,
        buffers,
        scalars,
        r: RunResult {
            warps: 0,
            issued: 0,
            active_lanes: 0,
            cycles: 0,
            divergent: 0,
            loads: MemStats::default(),
            stores: MemStats::default(),
            lines: BTreeMap::new(),
            branch: None,
            loop_counts: None,
            load_stride: None,
            trace: Vec::new(),
            traced: Traced {
                block: 0,
                warp: 0,
                why: TraceWhy::First,
            },
        },
        record: false,
    }
}

impl Machine<'_> {
    /// Runs every warp in launch order, recording `record` (block, warp); stops after the
    /// recorded warp when `stop_after_record`. Returns the first warp that diverges or has
    /// idle lanes, if any.
    fn launch_warps(
        &mut self,
        record: (u64, u64),
        stop_after_record: bool,
    ) -> Result<Option<Traced>, RunError> {
        let launch = self.launch;
        let warps_per_block = launch.block.warps();
        let mut notable = None;
        for by in 0..launch.grid.1 {
            for bx in 0..launch.grid.0 {
                let linear_block = by * launch.grid.0 + bx;
                for wi in 0..warps_per_block {
                    let mut tid = [(0, 0, 0); 32];
                    let mut valid = 0u32;
                    for (l, slot) in tid.iter_mut().enumerate() {
                        let t = wi * 32 + l as u64;
                        if let Some(pos) = launch.block.position(t) {
                            *slot = (pos.x, pos.y, pos.z);
                            valid |= 1 << l;
                        }
                    }
                    let mut w = Warp {
                        tid,
                        block: (bx, by),
                        scopes: vec![Vec::new()],
                        returned: 0,
                        stack: Vec::new(),
                        loop_line: 0,
                    };
                    self.record = (linear_block, wi) == record;
                    self.r.warps += 1;
                    let split_before = self.r.divergent;
                    let kernel = self.kernel;
                    self.stmts(&mut w, &kernel.body, valid)?;
                    if notable.is_none() {
                        let why = if self.r.divergent > split_before {
                            Some(TraceWhy::Diverges)
                        } else if valid != u32::MAX {
                            Some(TraceWhy::Ragged)
                        } else {
                            None
                        };
                        notable = why.map(|why| Traced {
                            block: linear_block,
                            warp: wi,
                            why,
                        });
                    }
                    if self.record && stop_after_record {
                        return Ok(notable);
                    }
                }
            }
        }
        Ok(notable)
    }
}

/// Runs `kernel` over the launch, recording warp `record` = (linear block, warp in block) for
/// the step-through; `None` records the first warp, in launch order, whose lanes diverge or
/// that has idle lanes (the ragged tail), and the first warp when none does.
///
/// # Errors
/// Too many warps, the step budget, an out-of-bounds access, a division by zero.
pub fn run(
    kernel: &ParsedKernel,
    launch: LaunchConfig,
    record: Option<(u64, u64)>,
) -> Result<RunResult, RunError> {
    let blocks = launch.grid.0 * launch.grid.1;
    let total = blocks.saturating_mul(launch.block.warps());
    if total > MAX_WARPS {
        return Err(RunError {
            line: 0,
            message: crate::tr!("kernel.run.too-many-warps", total, max = MAX_WARPS),
        });
    }
    let mut m = machine(kernel, launch);
    let notable = m.launch_warps(record.unwrap_or((0, 0)), false)?;
    let mut r = m.r;
    r.traced = match (record, notable) {
        (Some((block, warp)), _) => Traced {
            block,
            warp,
            why: TraceWhy::Chosen,
        },
        (None, Some(t)) => t,
        (None, None) => Traced {
            block: 0,
            warp: 0,
            why: TraceWhy::First,
        },
    };
    if record.is_none() && (r.traced.block, r.traced.warp) != (0, 0) {
        // Which warp is worth watching is known only once it has run: run the launch again
        // up to that warp (earlier warps' stores shape its loads), recording it. It is the
        // same deterministic run as the first, so it cannot fail where the first did not.
        let mut again = machine(kernel, launch);
        again.launch_warps((r.traced.block, r.traced.warp), true)?;
        r.trace = again.r.trace;
    }
    Ok(r)
}
