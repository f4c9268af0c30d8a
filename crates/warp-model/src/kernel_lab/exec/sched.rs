//! Issuing and the reconvergence stack (`sched=stack`): one warp's statements as a stack of
//! frames, each issued instruction counted and costed, if/else and loops pushing and popping
//! reconvergence entries, and the livelock check.

use super::result::{BranchRecord, RunError, Sched};
use super::state::{Flow, Frame, LoopFrame, Machine, Park, Stop, Warp, PATIENCE};
use super::trace::StackEntry;
use super::value::{lane_list, lanes, mask_of, Lanes, Val};
use crate::kernel_lab::parse::{Expr, Stmt, StmtKind};
use crate::LANE_SLOTS;

impl<'k> Machine<'k> {
    /// Starts statement `s` for the lanes of `mask`: a simple statement runs to its end
    /// (`Some` of its flow); a block, if or loop pushes its frame (`None`). Barriers are the
    /// caller's ([`Machine::run_warp`]).
    pub(super) fn start(
        &mut self,
        w: &mut Warp<'k>,
        s: &'k Stmt,
        mask: u32,
    ) -> Result<Option<Flow>, RunError> {
        let line = s.line;
        match &s.kind {
            StmtKind::Decl(ty, name, init) => {
                self.issue(w, line, mask, 1)?;
                let mut v = [Val::I(0).convert(*ty); LANE_SLOTS];
                if let Some(e) = init {
                    let x = self.eval(w, e, mask, line)?;
                    for l in lanes(mask) {
                        v[l] = x[l].convert(*ty);
                    }
                }
                self.timed_define(w, name, init.as_ref());
                if let Some(scope) = w.g.scopes.last_mut() {
                    scope.push((name.clone(), *ty, v));
                }
            }
            StmtKind::Assign(place, op, e) => self.assign(w, place, *op, e, mask, line)?,
            StmtKind::Expr(e) => {
                let cost = self.call_cost(w, e, mask, line)?;
                self.issue(w, line, mask, cost)?;
                self.eval(w, e, mask, line)?;
            }
            StmtKind::Block(b) => {
                w.g.scopes.push(Vec::new());
                w.g.frames.push(Frame::Seq {
                    body: b,
                    pc: 0,
                    mask,
                    flow: Flow::default(),
                    scoped: true,
                });
                return Ok(None);
            }
            StmtKind::Break => return Ok(Some(Flow { brk: mask, cont: 0 })),
            StmtKind::Continue => return Ok(Some(Flow { brk: 0, cont: mask })),
            StmtKind::Return => {
                self.issue(w, line, mask, 1)?;
                w.returned |= mask;
            }
            // A barrier nested where `run_warp` does not meet it (a for's header cannot hold
            // one: the parser keeps it a statement of its own).
            StmtKind::Sync => {
                self.issue(w, line, mask, 1)?;
                self.mark_barrier();
                self.timed_barrier(w);
            }
            StmtKind::If(c, then, els) => {
                self.issue(w, line, mask, 1)?;
                let cv = self.eval(w, c, mask, line)?;
                let t = mask_of(mask, &cv);
                let f = mask & !t;
                if t != 0 && f != 0 {
                    self.r.divergent += 1;
                    w.divergent += 1;
                    self.r.lines.entry(line).or_default().divergent += 1;
                }
                w.g.stack.push(StackEntry {
                    kind: "if",
                    line,
                    rejoin: mask,
                });
                let depth = w.g.frames.len();
                w.g.frames.push(Frame::If {
                    line,
                    t,
                    f,
                    then,
                    els: els.as_ref().map(|(b, _)| b.as_slice()),
                    stage: 0,
                    flow: Flow::default(),
                    cycles: (w.cycles, 0),
                });
                if self.launch.sched == Sched::Its && t != 0 && f != 0 {
                    // Two program counters: the then side keeps this group, the else side
                    // becomes a group of its own that runs next.
                    let mut other = w.g.clone();
                    other.own = w.g.own & f;
                    other.joins.push(depth);
                    w.g.own &= t;
                    w.g.joins.push(depth);
                    w.others.push_front(other);
                }
                return Ok(None);
            }
            StmtKind::While(c, body) => {
                push_loop(w, line, Some(c), None, body, mask, false);
                return Ok(None);
            }
            StmtKind::For(init, c, step, body) => {
                w.g.scopes.push(Vec::new());
                if let Some(i) = init {
                    // A declaration or an assignment: it runs to its end.
                    self.start(w, i, mask)?;
                }
                push_loop(w, line, c.as_ref(), step.as_deref(), body, mask, true);
                return Ok(None);
            }
        }
        Ok(Some(Flow::default()))
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn push_loop<'k>(
    w: &mut Warp<'k>,
    line: usize,
    cond: Option<&'k Expr>,
    step: Option<&'k Stmt>,
    body: &'k [Stmt],
    mask: u32,
    scoped: bool,
) {
    let outer = w.g.loop_line;
    w.g.loop_line = line;
    w.g.stack.push(StackEntry {
        kind: "loop",
        line,
        rejoin: mask,
    });
    w.g.frames.push(Frame::Loop(Box::new(LoopFrame {
        line,
        cond,
        step,
        body,
        live: mask & !w.returned,
        go: 0,
        in_body: false,
        counts: [0; LANE_SLOTS],
        split: false,
        outer,
        scoped,
        entry: mask,
        snap: None,
    })));
}

impl<'k> Machine<'k> {
    /// Runs warp `w` until it reaches a barrier or ends.
    pub(super) fn run_warp(&mut self, w: &mut Warp<'k>) -> Result<Stop, RunError> {
        let its = self.launch.sched == Sched::Its;
        let mut ret: Option<Flow> = w.g.ret.take();
        loop {
            if its {
                // One instruction per turn; a group at the reconvergence point of a split
                // stops there (the scheduler decides whether it waits).
                let joined = w.g.joins.last().is_some_and(|d| w.g.frames.len() <= *d);
                if w.yield_now || joined {
                    w.yield_now = false;
                    w.g.ret = ret;
                    if joined {
                        w.g.park = Park::Join(PATIENCE);
                    }
                    return Ok(Stop::Yield);
                }
            }
            let Some(frame) = w.g.frames.pop() else {
                break;
            };
            match frame {
                Frame::Seq {
                    body,
                    pc,
                    mask,
                    mut flow,
                    scoped,
                } => {
                    flow.merge(ret.take());
                    let live = mask & w.g.own & !(flow.brk | flow.cont | w.returned);
                    let Some(s) = body.get(pc).filter(|_| live != 0) else {
                        if scoped {
                            w.g.scopes.pop();
                        }
                        ret = Some(flow);
                        continue;
                    };
                    w.g.frames.push(Frame::Seq {
                        body,
                        pc: pc + 1,
                        mask,
                        flow,
                        scoped,
                    });
                    if matches!(s.kind, StmtKind::Sync) {
                        return self.meet_barrier(w, s, live);
                    }
                    ret = self.start(w, s, live)?;
                    if its {
                        self.park_at_syncwarp(w, s, live)?;
                    }
                }
                Frame::If {
                    line,
                    t,
                    f,
                    then,
                    els,
                    stage,
                    mut flow,
                    mut cycles,
                } => {
                    flow.merge(ret.take());
                    let push = |w: &mut Warp<'k>, stage: u8, cycles: (u64, u64), flow: Flow| {
                        w.g.frames.push(Frame::If {
                            line,
                            t,
                            f,
                            then,
                            els,
                            stage,
                            flow,
                            cycles,
                        });
                    };
                    match (stage, els) {
                        (0, _) => {
                            push(w, 1, cycles, flow);
                            if t & w.g.own != 0 {
                                seq(w, then, t);
                            }
                        }
                        (1, Some(body)) if f & w.g.own != 0 => {
                            cycles.1 = w.cycles;
                            push(w, 2, cycles, flow);
                            if let Some(top) = w.g.stack.last_mut() {
                                top.kind = "else";
                            }
                            seq(w, body, f);
                        }
                        _ => {
                            if stage == 1 {
                                cycles.1 = w.cycles;
                            }
                            self.end_if(w, line, (t, f), cycles);
                            ret = Some(flow);
                        }
                    }
                }
                Frame::Loop(lp) => self.step_loop(w, lp, &mut ret)?,
            }
        }
        Ok(Stop::Done)
    }

    /// Issues the `__syncthreads()` statement `s` for the lanes of `live` and stops the warp
    /// there: under `sched=its` its group parks at it; under `sched=stack` the warp waits for
    /// the block, unless some of its threads do not reach it (an error).
    fn meet_barrier(&mut self, w: &mut Warp, s: &Stmt, live: u32) -> Result<Stop, RunError> {
        self.issue(w, s.line, live, 1)?;
        self.mark_barrier();
        self.timed_barrier(w);
        if self.launch.sched == Sched::Its {
            w.yield_now = false;
            w.g.park = Park::Barrier(s.line, std::ptr::from_ref(s) as usize);
            return Ok(Stop::Yield);
        }
        if live != w.valid {
            return Err(self.partial_barrier(w, s.line, live));
        }
        Ok(Stop::Barrier {
            line: s.line,
            id: std::ptr::from_ref(s) as usize,
        })
    }

    /// Under `sched=its`, after statement `s` ran for the lanes of `live`: a `__syncwarp(mask)`
    /// parks the group there, waiting for the lanes its mask names (every lane without one).
    fn park_at_syncwarp(&mut self, w: &mut Warp, s: &Stmt, live: u32) -> Result<(), RunError> {
        if let StmtKind::Expr(Expr::Call(f, args)) = &s.kind {
            if f == "__syncwarp" {
                let named = match args.first() {
                    Some(e) => {
                        let v = self.eval(w, e, live, s.line)?;
                        lanes(live).fold(0, |m, l| m | v[l].as_u())
                    }
                    None => u32::MAX,
                };
                w.g.park = Park::SyncWarp(named, std::ptr::from_ref(s) as usize);
            }
        }
        Ok(())
    }

    /// Leaves the if on `line` (lanes `t` then, `f` else; the warp's cycles at its start and
    /// at its else side): pops its reconvergence entry and records the run's first divergent
    /// branch, each side's cycles and lanes.
    fn end_if(&mut self, w: &mut Warp, line: usize, (t, f): (u32, u32), cycles: (u64, u64)) {
        w.g.stack.pop();
        if t != 0 && f != 0 && self.r.branch.is_none() {
            self.r.branch = Some(BranchRecord {
                line,
                then: (cycles.1 - cycles.0, t.count_ones()),
                els: (w.cycles - cycles.1, f.count_ones()),
            });
        }
    }

    /// One visit of loop frame `lp`: back from its body (`ret`: the body's flow), its step;
    /// then its condition for the lanes still looping, and the body again for those it holds,
    /// or the exit (`ret` set) when it holds none.
    fn step_loop(
        &mut self,
        w: &mut Warp<'k>,
        mut lp: Box<LoopFrame<'k>>,
        ret: &mut Option<Flow>,
    ) -> Result<(), RunError> {
        let its = self.launch.sched == Sched::Its;
        let before = if lp.in_body { lp.go } else { lp.live } & w.g.own;
        if lp.in_body {
            let f = ret.take().unwrap_or_default();
            lp.live = lp.go & !f.brk & !w.returned;
            lp.in_body = false;
            if let Some(s) = lp.step {
                if lp.live != 0 {
                    self.start(w, s, lp.live)?;
                }
            }
        }
        lp.live &= w.g.own;
        if !its && lp.live != 0 {
            self.livelock(w, &mut lp)?;
        }
        let go = if lp.live == 0 {
            0
        } else {
            self.issue(w, lp.line, lp.live, 1)?;
            match lp.cond {
                Some(c) => {
                    let cv = self.eval(w, c, lp.live, lp.line)?;
                    mask_of(lp.live, &cv)
                }
                None => lp.live,
            }
        };
        if go != 0 && go != lp.live {
            self.r.divergent += 1;
            w.divergent += 1;
            self.r.lines.entry(lp.line).or_default().divergent += 1;
            lp.split = true;
        }
        let leaving = before & !go & !w.returned;
        if its && go != 0 && leaving != 0 {
            split_off_leaving(w, &lp, leaving);
        }
        if go == 0 {
            self.leave_loop(w, &lp);
            *ret = Some(Flow::default());
            return Ok(());
        }
        for l in lanes(go) {
            lp.counts[l] += 1;
        }
        lp.go = go;
        lp.in_body = true;
        let body = lp.body;
        w.g.frames.push(Frame::Loop(lp));
        seq(w, body, go);
        Ok(())
    }

    /// Leaves loop `lp`: pops its reconvergence entry (and its header's scope), restores the
    /// enclosing loop's line, and records the run's first split loop's trip counts.
    fn leave_loop(&mut self, w: &mut Warp, lp: &LoopFrame) {
        w.g.stack.pop();
        w.g.loop_line = lp.outer;
        if lp.scoped {
            w.g.scopes.pop();
        }
        if lp.split && self.r.loop_counts.is_none() {
            self.r.loop_counts = Some((lp.line, lp.counts.to_vec()));
        }
    }

    /// Under `sched=stack`, at a loop's condition while some of its lanes wait at its exit:
    /// the same variables and memory as at the last trip means it never ends, and the waiting
    /// lanes never run again (a livelock, such as a spin lock whose holder waits there).
    pub(super) fn livelock(&mut self, w: &Warp, lp: &mut LoopFrame) -> Result<(), RunError> {
        let waiting = lp.entry & !lp.live & !w.returned;
        if waiting == 0 {
            lp.snap = None;
            return Ok(());
        }
        let vars: Vec<Lanes> = w.g.scopes.iter().flatten().map(|(_, _, v)| *v).collect();
        let now = (self.version, vars);
        if lp.snap.as_ref() == Some(&now) {
            return Err(RunError {
                line: lp.line,
                message: crate::tr!(
                    "kernel.run.livelock",
                    line = lp.line,
                    waiting = lane_list(waiting),
                    looping = lane_list(lp.live),
                    warp = w.index,
                    block = self.block
                ),
            });
        }
        lp.snap = Some(now);
        Ok(())
    }

    pub(super) fn partial_barrier(&self, w: &Warp, line: usize, live: u32) -> RunError {
        RunError {
            line,
            message: crate::tr!(
                "kernel.run.barrier-partial",
                line,
                reached = live.count_ones(),
                threads = w.valid.count_ones(),
                warp = w.index,
                block = self.block
            ),
        }
    }
}

/// Pushes a scoped statement list run by `mask`.
pub(super) fn seq<'k>(w: &mut Warp<'k>, body: &'k [Stmt], mask: u32) {
    w.g.scopes.push(Vec::new());
    w.g.frames.push(Frame::Seq {
        body,
        pc: 0,
        mask,
        flow: Flow::default(),
        scoped: true,
    });
}

/// Under `sched=its`, when the lanes `leaving` loop `lp` are not all of them: they go on as a
/// group of their own, from the loop's exit; the looping lanes keep this program counter.
fn split_off_leaving<'k>(w: &mut Warp<'k>, lp: &LoopFrame<'k>, leaving: u32) {
    let depth = w.g.frames.len();
    let mut gone = w.g.clone();
    gone.own = leaving;
    gone.ret = None;
    let mut exit = Box::new(lp.clone());
    exit.live = 0;
    exit.in_body = false;
    gone.frames.push(Frame::Loop(exit));
    gone.joins.push(depth);
    w.g.joins.push(depth);
    w.g.own &= !leaving;
    w.others.push_front(gone);
}
