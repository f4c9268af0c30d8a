//! Warp-level calls: shuffles, votes, `__activemask`, `__syncwarp`, bit functions, the mask
//! rule the CUDA guide states for them, and atomics (applied in lane order). They take their
//! arguments evaluated (`eval.rs` evaluates them, then calls here: the calls run one way).

use super::result::{MaskViolation, RunError, Sched, MAX_VIOLATIONS};
use super::state::{Machine, Warp};
use super::trace::{WarpOp, MAX_OPS};
use super::value::{binop, lanes, Lanes, Val};
use crate::kernel_lab::parse::{Atomic, Bin, Ty};
use crate::LANE_SLOTS;
use crate::WARP_SIZE_I64;

/// The elements an atomic works on, its address already evaluated: a global buffer and each
/// lane's index, or a shared array and each lane's indices (one per dimension).
pub(super) enum AtomicAt<'a> {
    Global(&'a String, &'a Lanes),
    Shared(usize, &'a [Lanes]),
}

impl Machine<'_> {
    /// Counts and names a warp-level call that breaks the guide's rule: "each calling thread
    /// must have its own bit set in the mask, and all non-exited threads named in mask must
    /// execute the same intrinsic with the same mask". `left_out`: active lanes whose bit is
    /// not in `named`; `lanes`: named lanes not active (exited lanes excepted), checked only
    /// when `absent_too` (under `its`, `__syncwarp` waits for them instead). Once per call.
    pub(super) fn check_mask(
        &mut self,
        w: &Warp,
        call: &str,
        named: u32,
        active: u32,
        line: usize,
        absent_too: bool,
    ) {
        let lanes = if absent_too {
            named & !active & !w.returned
        } else {
            0
        };
        let left_out = active & !named;
        if lanes == 0 && left_out == 0 {
            return;
        }
        self.r.mask_violations += 1;
        if self.r.violations.len() < MAX_VIOLATIONS {
            self.r.violations.push(MaskViolation {
                line,
                call: call.to_string(),
                block: self.block,
                warp: w.index,
                lanes,
                active,
                left_out,
                named,
            });
        }
    }

    /// Records a warp-level call of the recorded warp on its last step.
    pub(super) fn record_op(&mut self, op: WarpOp) {
        if !self.record {
            return;
        }
        let total: usize = self.r.trace.iter().map(|t| t.ops.len()).sum();
        if total < MAX_OPS {
            if let Some(step) = self.r.trace.last_mut() {
                step.ops.push(op);
            }
        }
    }

    /// Shuffles, votes, `__activemask`, `__syncwarp`, `__popc`, `__ffs` over the lanes of
    /// `mask` (the active lanes: they read each other's values), given their arguments' values.
    pub(super) fn warp_call(
        &mut self,
        w: &mut Warp,
        f: &str,
        vals: &[Lanes],
        mask: u32,
        line: usize,
    ) -> Result<Lanes, RunError> {
        let mut out = [Val::I(0); LANE_SLOTS];
        let arg = |k: usize| vals.get(k).copied().unwrap_or([Val::I(0); LANE_SLOTS]);
        match f {
            "__popc" => {
                for l in lanes(mask) {
                    out[l] = Val::I(i64::from(arg(0)[l].as_u().count_ones()));
                }
                return Ok(out);
            }
            "__ffs" => {
                for l in lanes(mask) {
                    let v = arg(0)[l].as_u();
                    out[l] = Val::I(if v == 0 {
                        0
                    } else {
                        i64::from(v.trailing_zeros() + 1)
                    });
                }
                return Ok(out);
            }
            "__activemask" => {
                self.r.warp_calls += 1;
                return Ok([Val::U(mask); LANE_SLOTS]);
            }
            _ => {}
        }
        self.r.warp_calls += 1;
        // The mask each lane passes; the lanes should agree: the lab takes their union.
        let named = if f == "__syncwarp" && vals.is_empty() {
            u32::MAX
        } else {
            lanes(mask).fold(0, |m, l| m | arg(0)[l].as_u())
        };
        // Under its, __syncwarp waits for the lanes it names (checked when it lets go); a
        // calling lane left out of its own mask is wrong under either scheduler.
        let absent_too = !(f == "__syncwarp" && self.launch.sched == Sched::Its);
        self.check_mask(w, f, named, mask, line, absent_too);
        // The lanes taking part: active and named.
        let part = mask & named;
        let mut op = WarpOp {
            call: f.to_string(),
            named,
            active: mask,
            left_out: mask & !named,
            moves: Vec::new(),
            ballot: None,
        };
        match f {
            "__syncwarp" => {}
            "__ballot_sync" | "__any_sync" | "__all_sync" => {
                self.r.votes += 1;
                let p = arg(1);
                let ballot = lanes(part)
                    .filter(|l| p[*l].truthy())
                    .fold(0u32, |m, l| m | (1 << l));
                let v = match f {
                    "__ballot_sync" => Val::U(ballot),
                    "__any_sync" => Val::I(i64::from(ballot != 0)),
                    _ => Val::I(i64::from(ballot == part)),
                };
                for l in lanes(mask) {
                    out[l] = v;
                }
                op.ballot = Some(ballot);
            }
            _ => {
                self.r.shuffles += 1;
                let (v, b) = (arg(1), arg(2));
                for l in lanes(mask) {
                    let width = vals.get(3).map_or(WARP_SIZE_I64, |x| x[l].as_i());
                    if !(1..=WARP_SIZE_I64).contains(&width) || width & (width - 1) != 0 {
                        return Err(RunError {
                            line,
                            message: crate::tr!("kernel.run.shfl-width", name = f, width, lane = l),
                        });
                    }
                    let width = usize::try_from(width).unwrap_or(LANE_SLOTS);
                    // The lane's segment of `width` lanes: [first, first + width).
                    let first = l & !(width - 1);
                    let last = first + width - 1;
                    let d = b[l].as_u() as usize;
                    // Where the PTX shfl modes read from (None: out of the segment).
                    let src = match f {
                        "__shfl_sync" => Some(
                            first
                                + usize::try_from(
                                    b[l].as_i()
                                        .rem_euclid(i64::try_from(width).unwrap_or(WARP_SIZE_I64)),
                                )
                                .unwrap_or(0),
                        ),
                        "__shfl_up_sync" => l.checked_sub(d).filter(|j| *j >= first),
                        "__shfl_down_sync" => l.checked_add(d).filter(|j| *j <= last),
                        _ => Some(l ^ d).filter(|j| *j <= last),
                    };
                    // A source outside the segment, inactive or not named: the caller's own
                    // value (the guide leaves an inactive source undefined).
                    out[l] = match src.filter(|j| part & (1 << j) != 0) {
                        Some(j) => {
                            if j != l {
                                #[allow(clippy::cast_possible_truncation)]
                                op.moves.push((j as u8, l as u8, v[j].text()));
                            }
                            v[j]
                        }
                        None => v[l],
                    };
                }
            }
        }
        self.record_op(op);
        Ok(out)
    }

    /// An atomic on the elements `at` names, with its operands' values: the lanes of `mask`
    /// apply it one at a time, in lane order, each reading the value the lane before left;
    /// each gets the old value.
    pub(super) fn atomic(
        &mut self,
        w: &mut Warp,
        op: Atomic,
        at: &AtomicAt,
        vals: &[Lanes],
        mask: u32,
        line: usize,
    ) -> Result<Lanes, RunError> {
        let arg = |k: usize, l: usize| vals.get(k).map_or(Val::I(0), |v| v[l]);
        // An atomic's old value comes back from memory, as a load's does.
        self.timed_atomic_start(w, matches!(at, AtomicAt::Global(..)));
        self.r.atomics += 1;
        self.r.atomic_ops += u64::from(mask.count_ones());
        // Each lane's element: a buffer index or a shared word.
        let (global, slots): (Option<&String>, [usize; LANE_SLOTS]) = match at {
            AtomicAt::Global(n, idx) => {
                self.atomic_now = true;
                let done = self.access(w, n, idx, mask, line, true);
                self.atomic_now = false;
                done?;
                (
                    Some(n),
                    std::array::from_fn(|l| usize::try_from(idx[l].as_i()).unwrap_or(0)),
                )
            }
            AtomicAt::Shared(a, idx) => {
                self.atomic_now = true;
                let words = self.shared_access(w, *a, idx, mask, line, true);
                self.atomic_now = false;
                (None, words?)
            }
        };
        self.timed_atomic(w, global.map(String::as_str), &slots, mask);
        // Lanes on one element are serialized: one more cycle per lane after the first on the
        // busiest element.
        let mut busiest = 0u64;
        for l in lanes(mask) {
            let same = lanes(mask).filter(|k| slots[*k] == slots[l]).count() as u64;
            busiest = busiest.max(same);
        }
        let extra = busiest.saturating_sub(1);
        self.r.cycles += extra;
        w.cycles += extra;
        let mut out = [Val::I(0); LANE_SLOTS];
        for l in lanes(mask) {
            let (old, ty) = if let Some(n) = global {
                let b = &self.buffers[n];
                (b.get(slots[l]), b.ty)
            } else {
                let ty = match at {
                    AtomicAt::Shared(a, _) => self.kernel.shared[*a].ty,
                    AtomicAt::Global(..) => Ty::Int,
                };
                (self.shared.get(slots[l]).copied().unwrap_or(Val::I(0)), ty)
            };
            let v = arg(0, l);
            let new = match op {
                Atomic::Add => binop(Bin::Add, old, v).map_err(RunError::in_lane(line, l))?,
                Atomic::Sub => binop(Bin::Sub, old, v).map_err(RunError::in_lane(line, l))?,
                Atomic::Max | Atomic::Min => {
                    let greater = binop(Bin::Gt, v, old).map_err(RunError::in_lane(line, l))?;
                    if greater.truthy() == (op == Atomic::Max)
                        && binop(Bin::Ne, v, old).is_ok_and(Val::truthy)
                    {
                        v
                    } else {
                        old
                    }
                }
                Atomic::Exch => v,
                Atomic::Cas => {
                    if binop(Bin::Eq, old, v).is_ok_and(Val::truthy) {
                        arg(1, l)
                    } else {
                        old
                    }
                }
            }
            .convert(ty);
            if let (true, Some(n)) = (self.global_races, global) {
                // Locks, for the global race check: an exchange or compare-and-swap that turns
                // an element from 0 to non-zero takes it (test-and-set, either idiom), one that
                // turns it back to 0 lets it go.
                let addr = self.global_address(n, slots[l]);
                let thread = self.thread_of(w, l);
                let held = self.held.entry(thread).or_default();
                let zero = |v: Val| !v.truthy();
                match op {
                    Atomic::Cas | Atomic::Exch
                        if zero(old) && !zero(new) && !held.contains(&addr) =>
                    {
                        held.push(addr);
                    }
                    Atomic::Cas | Atomic::Exch if !zero(old) && zero(new) => {
                        held.retain(|a| *a != addr);
                    }
                    _ => {}
                }
            }
            if new != old {
                self.version += 1;
            }
            match global {
                Some(n) => {
                    if let Some(b) = self.buffers.get_mut(n) {
                        b.put(slots[l], new);
                    }
                }
                None => {
                    if let Some(slot) = self.shared.get_mut(slots[l]) {
                        *slot = new;
                        self.written.push(slots[l]);
                    }
                }
            }
            out[l] = old;
        }
        Ok(out)
    }
}
