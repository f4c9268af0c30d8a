//! The lab's CUDA subset as WGSL (issue 69, part 1): a parsed kernel ([`ParsedKernel`]) and
//! its launch's block size become one compute shader that a browser's WebGPU can run, so that
//! the learner's own kernel can run on the learner's GPU and be compared with the model.
//!
//! What is translated, and how:
//! - `int`, `unsigned`, `float`, `bool` as `i32`, `u32`, `f32`, `bool`, with C's usual
//!   arithmetic conversions written out (`i32(…)`, `u32(…)`, `f32(…)`; a condition `!= 0`),
//!   since WGSL converts nothing by itself. One difference is stated, not hidden: the lab's
//!   `int` is 64 bits wide (it does not overflow at 2³¹), WGSL's `i32` wraps there.
//! - Each pointer parameter is a storage buffer, `@binding(k)` in parameter order, `read` for a
//!   `const` one; a buffer that an atomic touches is `array<atomic<i32>>` (`u32` for
//!   `unsigned`), and every plain access to it an `atomicLoad` or `atomicStore`. The scalar
//!   parameters are one uniform struct at the binding after the buffers (a `bool` travels as a
//!   `u32`), copied into function variables at the start, as C's parameters are copies.
//! - `threadIdx`, `blockIdx`, `gridDim` as `local_invocation_id`, `workgroup_id`,
//!   `num_workgroups`; `blockDim` as the constants `BX`, `BY`, `BZ` that are also the
//!   `@workgroup_size`: a shader is written for its launch's block. `warpSize` is 32.
//! - `__shared__` arrays as `var<workgroup>` (zero-filled, as the lab's are), `__syncthreads()`
//!   as `storageBarrier(); workgroupBarrier();`.
//! - Control flow as written (`if`, `while`, `for`, `break`, `continue`, `return`); `c ? a : b`
//!   as `select(b, a, c)` when neither side has an effect.
//! - Atomics on `int` and `unsigned`: `atomicAdd`, `atomicSub`, `atomicMax`, `atomicMin`,
//!   `atomicExchange`, and `atomicCAS` as `atomicCompareExchangeWeak(…).old_value` (WGSL's
//!   compare-exchange may fail spuriously where CUDA's does not: a kernel that retries, as a
//!   spin lock does, is the same).
//! - `min`, `max`, `abs`, `fminf`, `fmaxf`, `fabsf`, `sqrtf`, `__popc`, `__ffs`; the work
//!   functions (`work(n)`, `heavy_path()`, `light_path()`) are the model's costs and do
//!   nothing on a GPU (their value is 0, as in the lab).
//!
//! What is not, each named with its line ([`Unsupported`]), never a silent difference:
//! - the warp functions (shuffles, votes, `__activemask`, `__syncwarp`): a GPU's subgroups are
//!   4 to 128 lanes wide, and CUDA's 32-lane results need an emulation that is not written yet;
//! - a barrier where WGSL's uniformity rule cannot see every thread of the block arrive: inside
//!   a branch or loop whose condition depends on the thread (its index, a value it loaded from
//!   memory it may write, an atomic's result), or after such a branch returned;
//! - an atomic on a `float` (WGSL has none), and an effect (an atomic) inside `?:`, `&&`, `||`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

mod walk;
use walk::{atomic_buffers, atomic_shared, breaks_unevenly, has_effect, leaves};

use super::parse::{
    Addr, Atomic, Axis, Bin, Builtin, Expr, Lvalue, ParsedKernel, Stmt, StmtKind, Ty, Un,
    WORK_FUNCTIONS,
};

/// The shader for one kernel and block size, with how to bind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wgsl {
    /// The WGSL source; its entry point is `main`.
    pub source: String,
    /// The buffers, in binding order (binding k is the k-th): the parameter's name, its element
    /// type, and whether an atomic touches it.
    pub buffers: Vec<(String, Ty, bool)>,
    /// The scalar parameters, in the uniform struct's order (binding `buffers.len()`), each a
    /// 4-byte field; none when the kernel has no scalar.
    pub scalars: Vec<(String, Ty)>,
    /// Whether the shader multiplies, divides or takes the square root of a float: where a GPU
    /// may round otherwise than the model (WGSL's division is 2.5 ULP, its square root
    /// inherited from `inverseSqrt`, and a multiply and an add may fuse into one rounding).
    pub rounds: bool,
}

/// A construct the translation does not cover, with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// Line, 1-based (0: the kernel as a whole).
    pub line: usize,
    /// What it is, in words.
    pub what: String,
}

/// `k` as WGSL for a launch whose blocks are `block` (x, y, z).
///
/// # Errors
/// The first construct the translation does not cover ([`Unsupported`]).
pub fn translate(k: &ParsedKernel, block: [u32; 3]) -> Result<Wgsl, Unsupported> {
    write(k, block, None)
}

/// [`translate`] with every loop stopped after `steps` turns of it, each entry to it: the
/// shader then sets `w_stopped` (an `atomic<u32>` at the binding after the scalars', or after
/// the buffers when there are none) to 1 and leaves the loop. A kernel the model ran to its end
/// may still spin for ever on a GPU (a spin lock whose holder's subgroup waits for the
/// spinners), and nothing else would stop it. Each loop has its own count, declared just before
/// it, so that a loop every thread of the block runs stays uniform (a barrier in it is still
/// WGSL's). Every buffer and the flag are used at the start (`_ = &b_a;`), so that a
/// pipeline's automatic layout holds every binding the run binds.
///
/// # Errors
/// As [`translate`].
pub fn translate_guarded(
    k: &ParsedKernel,
    block: [u32; 3],
    steps: u32,
) -> Result<Wgsl, Unsupported> {
    write(k, block, Some(steps))
}

fn write(k: &ParsedKernel, block: [u32; 3], guard: Option<u32>) -> Result<Wgsl, Unsupported> {
    let atomic = atomic_buffers(&k.body);
    let mut t = Tr {
        guard,
        loops: 0,
        rounds: false,
        k,
        atomic_buffers: atomic,
        atomic_shared: BTreeSet::new(),
        vars: Vec::new(),
        out: String::new(),
        depth: 1,
        nonuniform_vars: BTreeSet::new(),
    };
    t.atomic_shared = atomic_shared(k);
    t.nonuniform_vars = t.nonuniform_vars_of(&k.body);
    let mut head = String::new();
    let mut buffers = Vec::new();
    let mut scalars = Vec::new();
    for p in &k.params {
        if p.pointer {
            let is_atomic = t.atomic_buffers.contains(&p.name);
            if is_atomic && p.ty == Ty::Float {
                return Err(unsupported(
                    0,
                    format!("an atomic on the float buffer {}", p.name),
                ));
            }
            let elem = if is_atomic {
                format!("atomic<{}>", ty(p.ty))
            } else {
                ty(p.ty).to_string()
            };
            let _ = writeln!(
                head,
                "@group(0) @binding({}) var<storage, {}> b_{}: array<{elem}>;",
                buffers.len(),
                if p.read_only { "read" } else { "read_write" },
                p.name
            );
            buffers.push((p.name.clone(), p.ty, is_atomic));
        } else {
            scalars.push((p.name.clone(), p.ty));
        }
    }
    if !scalars.is_empty() {
        head.push_str("struct Scalars {\n");
        for (name, t) in &scalars {
            let field = if *t == Ty::Bool { "u32" } else { ty(*t) };
            let _ = writeln!(head, "    v_{name}: {field},");
        }
        head.push_str("}\n");
        let _ = writeln!(
            head,
            "@group(0) @binding({}) var<uniform> scalars: Scalars;",
            buffers.len()
        );
    }
    if guard.is_some() {
        let at = buffers.len() + usize::from(!scalars.is_empty());
        let _ = writeln!(
            head,
            "@group(0) @binding({at}) var<storage, read_write> w_stopped: atomic<u32>;"
        );
    }
    for s in &k.shared {
        let elem = if t.atomic_shared.contains(&s.name) {
            if s.ty == Ty::Float {
                return Err(unsupported(
                    s.line,
                    format!("an atomic on the float array {}", s.name),
                ));
            }
            format!("atomic<{}>", ty(s.ty))
        } else {
            ty(s.ty).to_string()
        };
        let arr = s
            .dims
            .iter()
            .rev()
            .fold(elem, |inner, d| format!("array<{inner}, {d}>"));
        let _ = writeln!(head, "var<workgroup> s_{}: {arr};", s.name);
    }
    let [bx, by, bz] = block;
    let _ = write!(
        head,
        "const BX: u32 = {bx}u;\nconst BY: u32 = {by}u;\nconst BZ: u32 = {bz}u;\n\n\
         @compute @workgroup_size({bx}, {by}, {bz})\n\
         fn main(@builtin(local_invocation_id) lid: vec3<u32>, \
         @builtin(workgroup_id) wid: vec3<u32>, \
         @builtin(num_workgroups) nwg: vec3<u32>) {{\n"
    );
    if guard.is_some() {
        // Every binding used, so that the pipeline's automatic layout has each one and the
        // run's bind group, which binds them all, is valid (a buffer the kernel never touches,
        // a kernel without a loop and so without a use of the flag).
        for (name, _, _) in &buffers {
            let _ = writeln!(head, "    _ = &b_{name};");
        }
        head.push_str("    _ = &w_stopped;\n");
    }
    for (name, s) in &scalars {
        t.vars.push((name.clone(), *s));
        let value = if *s == Ty::Bool {
            format!("(scalars.v_{name} != 0u)")
        } else {
            format!("scalars.v_{name}")
        };
        let _ = writeln!(head, "    var v_{name}: {} = {value};", ty(*s));
    }
    t.block(&k.body, Flow::default())?;
    head.push_str(&t.out);
    head.push_str("}\n");
    Ok(Wgsl {
        source: head,
        buffers,
        scalars,
        rounds: t.rounds,
    })
}

fn unsupported(line: usize, what: String) -> Unsupported {
    Unsupported { line, what }
}

/// A scalar type's WGSL name.
fn ty(t: Ty) -> &'static str {
    match t {
        Ty::Int => "i32",
        Ty::Unsigned => "u32",
        Ty::Float => "f32",
        Ty::Bool => "bool",
    }
}

/// `s` (of type `from`) as a `to`, as C converts.
fn conv(s: &str, from: Ty, to: Ty) -> String {
    match (from, to) {
        (a, b) if a == b => s.to_string(),
        (Ty::Bool, Ty::Int) => format!("select(0i, 1i, {s})"),
        (Ty::Bool, Ty::Unsigned) => format!("select(0u, 1u, {s})"),
        (Ty::Bool, Ty::Float) => format!("select(0.0f, 1.0f, {s})"),
        (Ty::Int, Ty::Bool) => format!("({s} != 0i)"),
        (Ty::Unsigned, Ty::Bool) => format!("({s} != 0u)"),
        (Ty::Float, Ty::Bool) => format!("({s} != 0.0f)"),
        (_, t) => format!("{}({s})", ty(t)),
    }
}

/// The type C computes `a op b` in: `float` over `unsigned` over `int` (a `bool` is an `int`).
fn common(a: Ty, b: Ty) -> Ty {
    if a == Ty::Float || b == Ty::Float {
        Ty::Float
    } else if a == Ty::Unsigned || b == Ty::Unsigned {
        Ty::Unsigned
    } else {
        Ty::Int
    }
}

/// A float literal WGSL reads as `f32` (always with its point).
fn float_lit(v: f64) -> String {
    // Exact, and written with integer arithmetic only (core's float writer is 10 kB that no
    // bundle links, `xtask sizes`). The lab's `float` is an `f32`, m × 2^e with m < 2²⁴: a
    // decimal with k places is exactly m × 5^k / 10^k for k = -e, which WGSL reads back as the
    // same f32 (0.5f, 0.100000001490116119384765625f); past 40 places (below about 1e-12), the
    // hexadecimal literal (`0x1.8p-41f`).
    #[allow(clippy::cast_possible_truncation)]
    let f = v as f32;
    let bits = f.to_bits();
    let sign = if bits >> 31 == 1 { "-" } else { "" };
    if !f.is_finite() {
        return format!("bitcast<f32>({bits}u)");
    }
    let exponent = (bits >> 23) & 0xff;
    let fraction = bits & 0x7f_ffff;
    let (mut m, mut e) = if exponent == 0 {
        (u128::from(fraction), -149i64)
    } else {
        (u128::from(fraction | 1 << 23), i64::from(exponent) - 150)
    };
    while e < 0 && m % 2 == 0 && m > 0 {
        m /= 2;
        e += 1;
    }
    if m == 0 || e >= 0 {
        return format!("{sign}{}.0f", m << e.max(0));
    }
    let k = usize::try_from(-e).unwrap_or(usize::MAX);
    if k > 40 {
        let e = i64::from(exponent.max(1)) - 127;
        let lead = u32::from(exponent != 0);
        return format!("{sign}0x{lead}.{:06x}p{e}f", fraction << 1);
    }
    let digits = format!(
        "{:0>width$}",
        m * 5u128.pow(u32::try_from(k).unwrap_or(0)),
        width = k + 1
    );
    // ASCII digits: `get` never fails here, and links no slicing panic (`xtask sizes`).
    let at = digits.len() - k;
    let (whole, places) = (
        digits.get(..at).unwrap_or("0"),
        digits.get(at..).unwrap_or(""),
    );
    format!("{sign}{whole}.{}f", places.trim_end_matches('0'))
}

/// Where the statements being written stand: whether every thread of the block reaches them
/// (WGSL's uniformity, as far as this translation follows it).
#[derive(Clone, Copy, Default)]
struct Flow {
    /// Inside a branch or loop whose condition may differ between the block's threads, or
    /// after such a branch may have left.
    nonuniform: bool,
}

struct Tr<'k> {
    /// Turns each loop may take ([`translate_guarded`]).
    guard: Option<u32>,
    /// Loops written so far (each guarded one's count is `w_loop<k>`).
    loops: usize,
    /// Whether a float is multiplied, divided or square-rooted ([`Wgsl::rounds`]).
    rounds: bool,
    k: &'k ParsedKernel,
    atomic_buffers: BTreeSet<String>,
    atomic_shared: BTreeSet<String>,
    /// The variables in scope, innermost last, with their types.
    vars: Vec<(String, Ty)>,
    out: String,
    depth: usize,
    /// Variables that may hold a value that differs between the block's threads.
    nonuniform_vars: BTreeSet<String>,
}

impl Tr<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// A multiplication or division in `f32` makes the shader's floats round as a GPU may
    /// (fused, or to WGSL's 2.5 ULP): [`Wgsl::rounds`].
    fn note_rounding(&mut self, op: Bin, t: Ty) {
        if t == Ty::Float && matches!(op, Bin::Mul | Bin::Div) {
            self.rounds = true;
        }
    }

    /// Before a loop of a guarded shader: its count, declared; the count's name and the turns.
    fn guard_before(&mut self) -> Option<(String, u32)> {
        let steps = self.guard?;
        let name = format!("w_loop{}", self.loops);
        self.loops += 1;
        self.line(&format!("var {name}: u32 = 0u;"));
        Some((name, steps))
    }

    /// First in a guarded loop's body: one more turn, or the loop is left and the run marked.
    fn guard_in(&mut self, guard: Option<(String, u32)>) {
        if let Some((name, steps)) = guard {
            self.line(&format!("{name} += 1u;"));
            self.line(&format!(
                "if ({name} > {steps}u) {{ atomicStore(&w_stopped, 1u); break; }}"
            ));
        }
    }

    fn var_ty(&self, name: &str) -> Option<Ty> {
        self.vars
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, t)| *t)
    }

    fn buffer_ty(&self, name: &str) -> Option<(Ty, bool)> {
        self.k
            .params
            .iter()
            .find(|p| p.pointer && p.name == name)
            .map(|p| (p.ty, p.read_only))
    }

    /// `b_NAME[i]`, an element of a pointer parameter's buffer, and its type.
    fn buffer_place(
        &mut self,
        n: &str,
        i: &Expr,
        line: usize,
    ) -> Result<(String, Ty), Unsupported> {
        let (t, _) = self
            .buffer_ty(n)
            .ok_or_else(|| unsupported(line, format!("the buffer {n}")))?;
        let (iv, _) = self.expr(i, line)?;
        Ok((format!("b_{n}[{iv}]"), t))
    }

    /// `s_NAME[i][j]`, an element of a shared array, its type, and whether an atomic touches
    /// the array (its accesses are then atomic).
    fn shared_place(
        &mut self,
        a: usize,
        idx: &[Expr],
        line: usize,
    ) -> Result<(String, Ty, bool), Unsupported> {
        let (name, t) = self
            .k
            .shared
            .get(a)
            .map(|s| (s.name.clone(), s.ty))
            .ok_or_else(|| {
                unsupported(line, "a shared array the kernel does not declare".into())
            })?;
        let mut place = format!("s_{name}");
        for i in idx {
            let (iv, _) = self.expr(i, line)?;
            let _ = write!(place, "[{iv}]");
        }
        let atomic = self.atomic_shared.contains(&name);
        Ok((place, t, atomic))
    }

    /// The statements of a block, in a scope of their own.
    fn block(&mut self, body: &[Stmt], flow: Flow) -> Result<Flow, Unsupported> {
        let scope = self.vars.len();
        let mut flow = flow;
        for s in body {
            flow = self.stmt(s, flow)?;
        }
        self.vars.truncate(scope);
        Ok(flow)
    }

    /// One statement; returns the flow after it.
    fn stmt(&mut self, s: &Stmt, flow: Flow) -> Result<Flow, Unsupported> {
        let line = s.line;
        match &s.kind {
            StmtKind::Decl(t, name, init) => {
                let value = match init {
                    Some(e) => {
                        let (v, from) = self.expr(e, line)?;
                        conv(&v, from, *t)
                    }
                    None => format!("{}()", ty(*t)),
                };
                self.vars.push((name.clone(), *t));
                self.line(&format!("var v_{name}: {} = {value};", ty(*t)));
            }
            StmtKind::Assign(lv, op, e) => {
                let text = self.assign(lv, *op, e, line)?;
                self.line(&text);
            }
            StmtKind::Expr(e) => {
                if let Expr::Call(f, _) = e {
                    if f == "work" || WORK_FUNCTIONS.iter().any(|(n, _)| n == f) {
                        self.line(&format!("// {f}(): the model's cost only"));
                        return Ok(flow);
                    }
                }
                let (v, _) = self.expr(e, line)?;
                // An atomic's call is a statement; a compare-exchange's `.old_value` is not.
                if matches!(e, Expr::Atomic(..)) && !v.ends_with(".old_value") {
                    self.line(&format!("{v};"));
                } else {
                    self.line(&format!("_ = {v};"));
                }
            }
            StmtKind::If(c, then, other) => {
                let (v, from) = self.expr(c, line)?;
                let inner = Flow {
                    nonuniform: flow.nonuniform || self.varies(c),
                };
                self.line(&format!("if ({}) {{", conv(&v, from, Ty::Bool)));
                self.depth += 1;
                self.block(then, inner)?;
                self.depth -= 1;
                if let Some((body, _)) = other {
                    self.line("} else {");
                    self.depth += 1;
                    self.block(body, inner)?;
                    self.depth -= 1;
                }
                self.line("}");
                // A branch that may leave for some threads only leaves the rest non-uniform.
                let leaves = inner.nonuniform
                    && (leaves(then) || other.as_ref().is_some_and(|(b, _)| leaves(b)));
                return Ok(Flow {
                    nonuniform: flow.nonuniform || leaves,
                });
            }
            StmtKind::While(c, body) => {
                let (v, from) = self.expr(c, line)?;
                let inner = Flow {
                    nonuniform: flow.nonuniform
                        || self.varies(c)
                        || breaks_unevenly(body, &|e| self.varies(e)),
                };
                let guard = self.guard_before();
                self.line(&format!("while ({}) {{", conv(&v, from, Ty::Bool)));
                self.depth += 1;
                self.guard_in(guard);
                self.block(body, inner)?;
                self.depth -= 1;
                self.line("}");
                return Ok(Flow {
                    nonuniform: flow.nonuniform || (inner.nonuniform && leaves(body)),
                });
            }
            StmtKind::For(init, cond, step, body) => {
                let scope = self.vars.len();
                let init_text = match init {
                    Some(s) => self.simple(s)?,
                    None => String::new(),
                };
                let (cond_text, cond_varies) = match cond {
                    Some(c) => {
                        let (v, from) = self.expr(c, line)?;
                        (conv(&v, from, Ty::Bool), self.varies(c))
                    }
                    None => (String::new(), false),
                };
                let step_text = match step {
                    Some(s) => self.simple(s)?,
                    None => String::new(),
                };
                let init_varies = init.as_ref().is_some_and(|s| self.stmt_varies(s));
                let inner = Flow {
                    nonuniform: flow.nonuniform
                        || cond_varies
                        || init_varies
                        || breaks_unevenly(body, &|e| self.varies(e)),
                };
                let guard = self.guard_before();
                self.line(&format!("for ({init_text}; {cond_text}; {step_text}) {{"));
                self.depth += 1;
                self.guard_in(guard);
                self.block(body, inner)?;
                self.depth -= 1;
                self.line("}");
                self.vars.truncate(scope);
                return Ok(Flow {
                    nonuniform: flow.nonuniform || (inner.nonuniform && leaves(body)),
                });
            }
            StmtKind::Break => self.line("break;"),
            StmtKind::Continue => self.line("continue;"),
            StmtKind::Return => self.line("return;"),
            // A declaration the parser keeps elsewhere (`__shared__`) leaves an empty block.
            StmtKind::Block(body) if body.is_empty() => {}
            StmtKind::Block(body) => {
                self.line("{");
                self.depth += 1;
                let after = self.block(body, flow)?;
                self.depth -= 1;
                self.line("}");
                return Ok(after);
            }
            StmtKind::Sync => {
                if flow.nonuniform {
                    return Err(unsupported(
                        line,
                        "__syncthreads() where the threads of a block may not all arrive \
                         (WGSL's uniformity rule)"
                            .into(),
                    ));
                }
                self.line("storageBarrier();");
                self.line("workgroupBarrier();");
            }
        }
        Ok(flow)
    }

    /// A `for` loop's init or step: a declaration or an assignment, without its `;`.
    fn simple(&mut self, s: &Stmt) -> Result<String, Unsupported> {
        match &s.kind {
            StmtKind::Decl(t, name, init) => {
                let value = match init {
                    Some(e) => {
                        let (v, from) = self.expr(e, s.line)?;
                        conv(&v, from, *t)
                    }
                    None => format!("{}()", ty(*t)),
                };
                self.vars.push((name.clone(), *t));
                Ok(format!("var v_{name}: {} = {value}", ty(*t)))
            }
            StmtKind::Assign(lv, op, e) => {
                let text = self.assign(lv, *op, e, s.line)?;
                Ok(text.trim_end_matches(';').to_string())
            }
            _ => Err(unsupported(
                s.line,
                "a for loop's part that is neither a declaration nor an assignment".into(),
            )),
        }
    }

    /// `lv = e;` or `lv op= e;`, converted to `lv`'s type.
    fn assign(
        &mut self,
        lv: &Lvalue,
        op: Option<Bin>,
        e: &Expr,
        line: usize,
    ) -> Result<String, Unsupported> {
        let (place, to, atomic) = match lv {
            Lvalue::Var(n) => {
                let t = self
                    .var_ty(n)
                    .ok_or_else(|| unsupported(line, format!("the variable {n}")))?;
                (format!("v_{n}"), t, false)
            }
            Lvalue::Index(n, i) => {
                let (place, t) = self.buffer_place(n, i, line)?;
                (place, t, self.atomic_buffers.contains(n))
            }
            Lvalue::Shared(a, idx) => self.shared_place(*a, idx, line)?,
        };
        let (v, from) = self.expr(e, line)?;
        let value = match op {
            None => conv(&v, from, to),
            Some(op) => {
                let current = if atomic {
                    format!("atomicLoad(&{place})")
                } else {
                    place.clone()
                };
                let (r, rt) = binary(op, &current, to, &v, from);
                self.note_rounding(op, rt);
                conv(&r, rt, to)
            }
        };
        Ok(if atomic {
            format!("atomicStore(&{place}, {value});")
        } else {
            format!("{place} = {value};")
        })
    }

    /// An expression as WGSL, with its type.
    fn expr(&mut self, e: &Expr, line: usize) -> Result<(String, Ty), Unsupported> {
        Ok(match e {
            Expr::Int(v) => (
                if *v < 0 {
                    format!("({v}i)")
                } else {
                    format!("{v}i")
                },
                Ty::Int,
            ),
            Expr::UInt(v) => (format!("{v}u"), Ty::Unsigned),
            Expr::Float(v) => (float_lit(*v), Ty::Float),
            Expr::Bool(b) => (b.to_string(), Ty::Bool),
            Expr::Var(n) => {
                let t = self
                    .var_ty(n)
                    .ok_or_else(|| unsupported(line, format!("the variable {n}")))?;
                (format!("v_{n}"), t)
            }
            Expr::Builtin(b, a) => {
                let axis = match a {
                    Axis::X => "x",
                    Axis::Y => "y",
                    Axis::Z => "z",
                };
                let text = match b {
                    Builtin::ThreadIdx => format!("lid.{axis}"),
                    Builtin::BlockIdx => format!("wid.{axis}"),
                    Builtin::GridDim => format!("nwg.{axis}"),
                    Builtin::BlockDim => format!("B{}", axis.to_uppercase()),
                };
                (text, Ty::Unsigned)
            }
            Expr::WarpSize => (format!("{}i", crate::WARP_SIZE), Ty::Int),
            Expr::Index(n, i, _) => {
                let (place, t) = self.buffer_place(n, i, line)?;
                if self.atomic_buffers.contains(n) {
                    (format!("atomicLoad(&{place})"), t)
                } else {
                    (place, t)
                }
            }
            Expr::Shared(a, idx) => {
                let (place, t, atomic) = self.shared_place(*a, idx, line)?;
                if atomic {
                    (format!("atomicLoad(&{place})"), t)
                } else {
                    (place, t)
                }
            }
            Expr::Unary(op, x) => {
                let (v, t) = self.expr(x, line)?;
                match op {
                    Un::Not => (format!("!{}", conv(&v, t, Ty::Bool)), Ty::Bool),
                    Un::Neg => match t {
                        Ty::Float => (format!("(-{v})"), Ty::Float),
                        Ty::Unsigned => (format!("(0u - {v})"), Ty::Unsigned),
                        _ => (format!("(-{})", conv(&v, t, Ty::Int)), Ty::Int),
                    },
                    Un::BitNot => match t {
                        Ty::Unsigned => (format!("(~{v})"), Ty::Unsigned),
                        Ty::Float => {
                            return Err(unsupported(line, "~ on a float".into()));
                        }
                        _ => (format!("(~{})", conv(&v, t, Ty::Int)), Ty::Int),
                    },
                }
            }
            Expr::Binary(op, a, b) => {
                if matches!(op, Bin::And | Bin::Or) && (has_effect(a) || has_effect(b)) {
                    return Err(unsupported(
                        line,
                        "an atomic inside && or || (WGSL's translation keeps effects out of them)"
                            .into(),
                    ));
                }
                let (av, at) = self.expr(a, line)?;
                let (bv, bt) = self.expr(b, line)?;
                let (r, rt) = binary(*op, &av, at, &bv, bt);
                self.note_rounding(*op, rt);
                (r, rt)
            }
            Expr::Cond(c, a, b) => {
                if has_effect(a) || has_effect(b) {
                    return Err(unsupported(
                        line,
                        "an atomic inside ?: (select evaluates both sides)".into(),
                    ));
                }
                let (cv, ct) = self.expr(c, line)?;
                let (av, at) = self.expr(a, line)?;
                let (bv, bt) = self.expr(b, line)?;
                let t = if at == bt { at } else { common(at, bt) };
                (
                    format!(
                        "select({}, {}, {})",
                        conv(&bv, bt, t),
                        conv(&av, at, t),
                        conv(&cv, ct, Ty::Bool)
                    ),
                    t,
                )
            }
            Expr::Atomic(op, addr, args) => self.atomic(*op, addr, args, line)?,
            Expr::Call(f, args) => self.call(f, args, line)?,
        })
    }

    fn atomic(
        &mut self,
        op: Atomic,
        addr: &Addr,
        args: &[Expr],
        line: usize,
    ) -> Result<(String, Ty), Unsupported> {
        let (place, t) = match addr {
            Addr::Global(n, i) => self.buffer_place(n, i, line)?,
            Addr::Shared(a, idx) => {
                let (place, t, _) = self.shared_place(*a, idx, line)?;
                (place, t)
            }
        };
        if t == Ty::Float {
            return Err(unsupported(
                line,
                "an atomic on a float (WGSL has atomics on i32 and u32 only)".into(),
            ));
        }
        let mut vals = Vec::new();
        for a in args {
            let (v, from) = self.expr(a, line)?;
            vals.push(conv(&v, from, t));
        }
        let name = match op {
            Atomic::Add => "atomicAdd",
            Atomic::Sub => "atomicSub",
            Atomic::Max => "atomicMax",
            Atomic::Min => "atomicMin",
            Atomic::Exch => "atomicExchange",
            Atomic::Cas => {
                let (cmp, val) = (vals.first().cloned(), vals.get(1).cloned());
                let (Some(cmp), Some(val)) = (cmp, val) else {
                    return Err(unsupported(line, "atomicCAS needs two values".into()));
                };
                return Ok((
                    format!("atomicCompareExchangeWeak(&{place}, {cmp}, {val}).old_value"),
                    t,
                ));
            }
        };
        let v = vals
            .first()
            .cloned()
            .ok_or_else(|| unsupported(line, format!("{name} needs a value")))?;
        Ok((format!("{name}(&{place}, {v})"), t))
    }

    fn call(&mut self, f: &str, args: &[Expr], line: usize) -> Result<(String, Ty), Unsupported> {
        let mut vals = Vec::new();
        for a in args {
            vals.push(self.expr(a, line)?);
        }
        let arg = |k: usize| vals.get(k).cloned();
        Ok(match (f, arg(0), arg(1)) {
            ("min" | "max", Some((a, at)), Some((b, bt))) => {
                let t = common(at, bt);
                (format!("{f}({}, {})", conv(&a, at, t), conv(&b, bt, t)), t)
            }
            ("fminf" | "fmaxf", Some((a, at)), Some((b, bt))) => (
                format!(
                    "{}({}, {})",
                    if f == "fminf" { "min" } else { "max" },
                    conv(&a, at, Ty::Float),
                    conv(&b, bt, Ty::Float)
                ),
                Ty::Float,
            ),
            ("abs", Some((a, Ty::Float)), None) => (format!("abs({a})"), Ty::Float),
            ("abs", Some((a, at)), None) => (format!("abs({})", conv(&a, at, Ty::Int)), Ty::Int),
            ("fabsf", Some((a, at)), None) => {
                (format!("abs({})", conv(&a, at, Ty::Float)), Ty::Float)
            }
            ("sqrtf", Some((a, at)), None) => {
                self.rounds = true;
                (format!("sqrt({})", conv(&a, at, Ty::Float)), Ty::Float)
            }
            ("__popc", Some((a, at)), None) => (
                format!("i32(countOneBits({}))", conv(&a, at, Ty::Unsigned)),
                Ty::Int,
            ),
            ("__ffs", Some((a, at)), None) => {
                let u = conv(&a, at, Ty::Unsigned);
                (
                    format!("select(0i, i32(firstTrailingBit({u})) + 1i, {u} != 0u)"),
                    Ty::Int,
                )
            }
            ("work" | "heavy_path" | "light_path", _, _) => ("0i".into(), Ty::Int),
            _ if super::parse::WARP_FUNCTIONS.iter().any(|(n, _, _)| *n == f) => {
                return Err(unsupported(
                    line,
                    format!(
                        "{f}: a warp function (CUDA's 32-lane results need an emulation on a \
                         GPU whose subgroups are another width; not translated yet)"
                    ),
                ));
            }
            _ => return Err(unsupported(line, format!("the function {f}"))),
        })
    }
}

impl Tr<'_> {
    /// Whether `e` may differ between the block's threads (WGSL's uniformity, as followed
    /// here): a thread's index, a load from memory some thread may write (a buffer that is not
    /// `const`, shared memory), an atomic, or a variable that may hold such a value.
    fn varies(&self, e: &Expr) -> bool {
        match e {
            Expr::Int(_) | Expr::UInt(_) | Expr::Float(_) | Expr::Bool(_) | Expr::WarpSize => false,
            Expr::Var(n) => self.nonuniform_vars.contains(n),
            Expr::Builtin(b, _) => *b == Builtin::ThreadIdx,
            Expr::Index(n, i, _) => {
                !self.buffer_ty(n).is_some_and(|(_, read_only)| read_only) || self.varies(i)
            }
            Expr::Shared(..) | Expr::Atomic(..) => true,
            Expr::Unary(_, x) => self.varies(x),
            Expr::Binary(_, a, b) => self.varies(a) || self.varies(b),
            Expr::Cond(c, a, b) => self.varies(c) || self.varies(a) || self.varies(b),
            Expr::Call(_, args) => args.iter().any(|a| self.varies(a)),
        }
    }

    fn stmt_varies(&self, s: &Stmt) -> bool {
        match &s.kind {
            StmtKind::Decl(_, _, Some(e)) | StmtKind::Assign(_, _, e) => self.varies(e),
            _ => false,
        }
    }

    /// The variables that may hold a thread's own value: assigned one anywhere, or assigned
    /// anything under a condition that varies (to a fixed point: flow-insensitive, so on the
    /// safe side).
    fn nonuniform_vars_of(&mut self, body: &[Stmt]) -> BTreeSet<String> {
        loop {
            let before = self.nonuniform_vars.len();
            let mut found = self.nonuniform_vars.clone();
            self.collect(body, false, &mut found);
            self.nonuniform_vars = found;
            if self.nonuniform_vars.len() == before {
                return std::mem::take(&mut self.nonuniform_vars);
            }
        }
    }

    fn collect(&self, body: &[Stmt], under: bool, found: &mut BTreeSet<String>) {
        for s in body {
            match &s.kind {
                StmtKind::Decl(_, n, init)
                    if under || init.as_ref().is_some_and(|e| self.varies(e)) =>
                {
                    found.insert(n.clone());
                }
                StmtKind::Assign(Lvalue::Var(n), _, e) if under || self.varies(e) => {
                    found.insert(n.clone());
                }
                StmtKind::If(c, a, b) => {
                    let u = under || self.varies(c);
                    self.collect(a, u, found);
                    if let Some((b, _)) = b {
                        self.collect(b, u, found);
                    }
                }
                StmtKind::While(c, body) => self.collect(body, under || self.varies(c), found),
                StmtKind::For(init, c, step, body) => {
                    let u = under || c.as_ref().is_some_and(|c| self.varies(c));
                    for part in [init, step].into_iter().flatten() {
                        self.collect(std::slice::from_ref(part), u, found);
                    }
                    self.collect(body, u, found);
                }
                StmtKind::Block(b) => self.collect(b, under, found),
                _ => {}
            }
        }
    }
}

/// `a op b` with C's conversions, and its type.
fn binary(op: Bin, a: &str, at: Ty, b: &str, bt: Ty) -> (String, Ty) {
    let sym = match op {
        Bin::Add => "+",
        Bin::Sub => "-",
        Bin::Mul => "*",
        Bin::Div => "/",
        Bin::Rem => "%",
        Bin::Shl => "<<",
        Bin::Shr => ">>",
        Bin::Lt => "<",
        Bin::Le => "<=",
        Bin::Gt => ">",
        Bin::Ge => ">=",
        Bin::Eq => "==",
        Bin::Ne => "!=",
        Bin::BitAnd => "&",
        Bin::BitXor => "^",
        Bin::BitOr => "|",
        Bin::And => "&&",
        Bin::Or => "||",
    };
    match op {
        Bin::And | Bin::Or => (
            format!(
                "({} {sym} {})",
                conv(a, at, Ty::Bool),
                conv(b, bt, Ty::Bool)
            ),
            Ty::Bool,
        ),
        Bin::Shl | Bin::Shr => {
            // The left operand's type (a bool promoted); the count is a u32 in WGSL.
            let t = if at == Ty::Unsigned {
                Ty::Unsigned
            } else {
                Ty::Int
            };
            (
                format!("({} {sym} {})", conv(a, at, t), conv(b, bt, Ty::Unsigned)),
                t,
            )
        }
        Bin::Lt | Bin::Le | Bin::Gt | Bin::Ge | Bin::Eq | Bin::Ne => {
            let t = common(at, bt);
            (
                format!("({} {sym} {})", conv(a, at, t), conv(b, bt, t)),
                Ty::Bool,
            )
        }
        _ => {
            let t = common(at, bt);
            (format!("({} {sym} {})", conv(a, at, t), conv(b, bt, t)), t)
        }
    }
}

#[cfg(test)]
mod tests;
