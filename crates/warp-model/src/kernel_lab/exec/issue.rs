//! Issuing: each instruction a warp issues counted (cycles, lanes, its line), checked against
//! the step budget and recorded for the step-through. Below the expression and statement
//! files, which both issue: the interpreter's calls run one way (issue ← warp calls ← eval ←
//! sched ← its ← block).

use super::result::{RunError, Sched};
use super::state::{Machine, Warp};
use super::trace::{TraceStep, MAX_TRACE};
use crate::LANE_SLOTS;

impl Machine<'_> {
    /// Issues one instruction of `w` at `line` for the lanes of `mask`, costing `cycles`.
    pub(super) fn issue(
        &mut self,
        w: &mut Warp,
        line: usize,
        mask: u32,
        cycles: u64,
    ) -> Result<(), RunError> {
        if mask == 0 {
            return Ok(());
        }
        self.timed_issue(w, line, cycles);
        self.r.issued += 1;
        self.r.active_lanes += u64::from(mask.count_ones());
        self.r.cycles += cycles;
        w.cycles += cycles;
        let e = self.r.lines.entry(line).or_default();
        e.issued += 1;
        e.active_lanes += u64::from(mask.count_ones());
        if self.r.issued > self.budget {
            let at = if w.g.loop_line > 0 {
                w.g.loop_line
            } else {
                line
            };
            return Err(RunError {
                line: at,
                message: RunError::budget_message(self.budget, (w.g.loop_line > 0).then_some(at)),
            });
        }
        if self.record {
            self.r.traced_issued += 1;
        }
        if self.record && self.r.trace.len() < MAX_TRACE {
            let vars =
                w.g.scopes
                    .iter()
                    .flatten()
                    .map(|(n, _, v)| {
                        (
                            n.clone(),
                            (0..LANE_SLOTS)
                                .map(|l| (mask & (1 << l) != 0).then(|| v[l].text()))
                                .collect(),
                        )
                    })
                    .collect();
            self.r.trace.push(TraceStep {
                line,
                mask,
                stack: w.g.stack.clone(),
                vars,
                groups: w.others.iter().map(|g| (g.last_line, g.own)).collect(),
                ops: Vec::new(),
                barrier: false,
            });
        }
        w.g.last_line = line;
        if self.launch.sched == Sched::Its {
            w.yield_now = true;
        }
        Ok(())
    }

    /// Marks the recorded warp's step just issued as a barrier, if it was recorded.
    pub(super) fn mark_barrier(&mut self) {
        if self.record && self.r.traced_issued == self.r.trace.len() as u64 {
            if let Some(step) = self.r.trace.last_mut() {
                step.barrier = true;
            }
        }
    }
}
