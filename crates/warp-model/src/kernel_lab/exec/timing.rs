//! The record of each warp's instructions for the SM's timing (`timing=sm`, issue 47): what
//! [`crate::latency::sm`] schedules. The interpreter's units call these as they issue, read a
//! variable, load and define; below every other unit (it calls none of them).
//!
//! Stated model of a statement's instructions (what the lab's one instruction a statement
//! becomes on an SM): a statement whose value is one global or shared load and nothing else
//! (`float v = a[i];`) is the load alone: the warp goes on, and the first statement that reads
//! `v` waits for its value. A statement that also computes with the loaded value, or stores it
//! (`y = a[i] * 2;`, `out[i] = a[i];`, `if (a[i] > 0)`), is the load and then an instruction
//! that uses it, on the same line: the warp waits there. A statement the cost model charges
//! `c` cycles (`work(c)`) is `c` instructions. An atomic is an instruction of its own after
//! its operands' loads, a load whose value its statement waits for, with the addresses its
//! lanes update (the SM queues them, one update a cycle). A variable is one value per warp
//! (its last definition: a name shadowed in an inner scope counts as the same value).

use super::state::{Machine, Timed, Warp};
use crate::kernel_lab::parse::Expr;
use crate::latency::sm::{Kind, Op, WarpOps};

/// Most instructions one statement's cost adds to the record (`work(10000)` is 10,000 cycles
/// of the lab's cost model and as many instructions here, up to this).
const MAX_COST_OPS: u64 = 10_000;

impl Machine<'_> {
    /// An instruction of `w` issues on `line`, costing `cycles`. The record is counted as it
    /// grows and stops at [`super::result::MAX_SM_OPS`]: a block that never ends (an endless
    /// loop until the step budget, `work(10000)` in it) must not hold millions of instructions
    /// before its end would have counted them.
    pub(super) fn timed_issue(&mut self, w: &mut Warp, line: usize, cycles: u64) {
        if !self.launch.timing || self.r.sm_too_long {
            return;
        }
        let t = &mut w.timed;
        let before = t.ops.len();
        t.settle();
        t.cur = t.ops.len();
        for _ in 0..cycles.clamp(1, MAX_COST_OPS) {
            t.ops.push(Op::new(line, Kind::Alu, &[]));
        }
        let grown = t.ops.len() - before;
        self.count_sm_ops(grown);
    }

    /// `n` more instructions recorded; past [`super::result::MAX_SM_OPS`] the launch is too
    /// long to time and its record is dropped.
    fn count_sm_ops(&mut self, n: usize) {
        self.sm_ops_count += n;
        if self.sm_ops_count > super::result::MAX_SM_OPS {
            self.r.sm_too_long = true;
            self.r.sm_ops = Vec::new();
        }
    }

    /// The current instruction of `w` reads variable `name`.
    pub(super) fn timed_read(&mut self, w: &mut Warp, name: &str) {
        if !self.launch.timing {
            return;
        }
        let t = &mut w.timed;
        if let Some(&(_, d)) = t.defs.iter().find(|(n, _)| n == name) {
            if let Some(op) = t.ops.get_mut(t.cur) {
                if d < t.cur && !op.uses.contains(&d) {
                    op.uses.push(d);
                }
            }
        }
    }

    /// The current instruction of `w` loads from global memory (`global`) or shared memory
    /// (with `conflicts` replayed wavefronts); a store when `store`.
    pub(super) fn timed_memory(&mut self, w: &mut Warp, global: bool, conflicts: u64, store: bool) {
        if !self.launch.timing {
            return;
        }
        let t = &mut w.timed;
        if let Some(op) = t.ops.get_mut(t.cur) {
            if global {
                if !store {
                    op.kind = Kind::Load;
                }
            } else if op.kind != Kind::Load {
                op.kind = Kind::Shared;
                op.extra += conflicts;
            }
            if !store && op.kind != Kind::Alu {
                t.unsettled = true;
            }
        }
    }

    /// `w` starts an atomic on global memory (`global`) or shared memory: the loads its
    /// statement has made so far (its operands, its index) come first, and the atomic is an
    /// instruction of its own that uses them.
    pub(super) fn timed_atomic_start(&mut self, w: &mut Warp, global: bool) {
        if !self.launch.timing || self.r.sm_too_long {
            return;
        }
        let t = &mut w.timed;
        if t.unsettled {
            t.settle();
            t.cur = t.ops.len() - 1;
            self.count_sm_ops(1);
        }
        let t = &mut w.timed;
        if let Some(op) = t.ops.get_mut(t.cur) {
            op.kind = if global { Kind::Load } else { Kind::Shared };
        }
    }

    /// The current instruction of `w` is an atomic on `buffer`'s elements (`None`: shared
    /// memory's words) `slots`, for the lanes of `mask`: its updates, one per lane, queue at
    /// each address ([`crate::latency::sm`]'s stated model), and its statement waits for the
    /// old value, as for a load.
    pub(super) fn timed_atomic(
        &mut self,
        w: &mut Warp,
        buffer: Option<&str>,
        slots: &[usize],
        mask: u32,
    ) {
        if !self.launch.timing {
            return;
        }
        // A global element's key names its buffer (its parameter's place, from 1) above the
        // element; a shared word's is the word.
        let space = buffer.map_or(0, |b| {
            self.kernel
                .params
                .iter()
                .position(|p| p.name == b)
                .map_or(0, |at| at as u64 + 1)
        });
        let t = &mut w.timed;
        let Some(op) = t.ops.get_mut(t.cur) else {
            return;
        };
        for (l, &slot) in slots.iter().enumerate() {
            if mask & (1 << l) == 0 {
                continue;
            }
            let key = space << 40 | slot as u64;
            match op.updates.iter_mut().find(|u| u.0 == key) {
                Some(u) => u.1 += 1,
                None => op.updates.push((key, 1)),
            }
        }
        t.unsettled = true;
    }

    /// The current instruction of `w` defines variable `name` from `value` (`None`: a
    /// declaration without one).
    pub(super) fn timed_define(&mut self, w: &mut Warp, name: &str, value: Option<&Expr>) {
        if !self.launch.timing {
            return;
        }
        let t = &mut w.timed;
        // A bare load leaves its value pending in the variable; anything more waits here.
        let bare = matches!(value, Some(Expr::Index(..) | Expr::Shared(..)));
        if bare {
            t.unsettled = false;
        } else {
            t.settle();
        }
        let at = t.ops.len().saturating_sub(1);
        match t.defs.iter_mut().find(|(n, _)| n == name) {
            Some(d) => d.1 = at,
            None => t.defs.push((name.to_string(), at)),
        }
    }

    /// The current instruction of `w` is `__syncthreads()`.
    pub(super) fn timed_barrier(&mut self, w: &mut Warp) {
        if !self.launch.timing {
            return;
        }
        let t = &mut w.timed;
        if let Some(op) = t.ops.get_mut(t.cur) {
            op.kind = Kind::Barrier;
        }
    }

    /// The block `block` (linear) has run: its warps' records join the launch's.
    pub(super) fn timed_block(&mut self, warps: &mut [Warp], block: u64) {
        if !self.launch.timing || self.r.sm_too_long {
            return;
        }
        for w in warps {
            let before = w.timed.ops.len();
            w.timed.settle();
            let grown = w.timed.ops.len() - before;
            self.count_sm_ops(grown);
            if self.r.sm_too_long {
                return;
            }
            let ops = std::mem::take(&mut w.timed.ops);
            self.r.sm_ops.push(WarpOps {
                block: usize::try_from(block).unwrap_or(usize::MAX),
                ops,
            });
        }
    }
}

impl Timed {
    /// A load the current instruction's own statement uses: the instruction that uses it.
    fn settle(&mut self) {
        if self.unsettled {
            self.unsettled = false;
            let line = self.ops.get(self.cur).map_or(0, |o| o.line);
            self.ops.push(Op::new(line, Kind::Alu, &[self.cur]));
        }
    }
}
