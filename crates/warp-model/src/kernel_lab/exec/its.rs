//! Independent thread scheduling (`sched=its`): a warp's diverged lane groups each with
//! their own program counter, taking turns one instruction each, waiting a while at
//! reconvergence points and merging when they stand at the same place.

use super::result::RunError;
use super::state::{Flow, Frame, Group, Machine, Park, Stop, Warp};
use super::value::lanes;

impl<'k> Machine<'k> {
    /// Under `sched=its`: runs warp `w`'s lane groups in turn, one instruction each, merging
    /// groups that stand at the same place, until the warp reaches a barrier or ends.
    pub(super) fn run_warp_its(&mut self, w: &mut Warp<'k>) -> Result<Stop, RunError> {
        if matches!(w.g.park, Park::Barrier(..)) {
            w.g.park = Park::Run;
        }
        loop {
            if w.g.park == Park::Run {
                let stop = self.run_warp(w)?;
                for g in &mut w.others {
                    if let Park::Join(p) = g.park {
                        if p <= 1 {
                            g.park = Park::Run;
                            g.joins.pop();
                        } else {
                            g.park = Park::Join(p - 1);
                        }
                    }
                }
                if matches!(stop, Stop::Done) {
                    match w.others.pop_front() {
                        Some(g) => w.g = g,
                        None => return Ok(Stop::Done),
                    }
                }
            }
            merge_groups(w);
            let open = w.valid & !w.returned;
            for g in std::iter::once(&mut w.g).chain(w.others.iter_mut()) {
                if let Park::SyncWarp(named, _) = g.park {
                    if named & open & !g.own == 0 {
                        g.park = Park::Run;
                    }
                }
            }
            if w.others.is_empty() {
                match w.g.park {
                    Park::Barrier(line, id) => {
                        let live = w.g.own & !w.returned;
                        if live != w.valid {
                            return Err(self.partial_barrier(w, line, live));
                        }
                        return Ok(Stop::Barrier { line, id });
                    }
                    Park::Join(_) => {
                        w.g.park = Park::Run;
                        w.g.joins.pop();
                    }
                    _ => {}
                }
            }
            if let Some(i) = w.others.iter().position(|g| g.park == Park::Run) {
                if let Some(next) = w.others.remove(i) {
                    let cur = std::mem::replace(&mut w.g, next);
                    w.others.push_back(cur);
                }
            } else if w.g.park != Park::Run {
                // No group can run: let go of every wait but a barrier's.
                if let Park::Barrier(line, _) = w.g.park {
                    if w.others.iter().all(|g| matches!(g.park, Park::Barrier(..))) {
                        return Err(self.partial_barrier(w, line, w.g.own & !w.returned));
                    }
                }
                let mut late = Vec::new();
                for g in std::iter::once(&mut w.g).chain(w.others.iter_mut()) {
                    match g.park {
                        Park::Join(_) => {
                            g.park = Park::Run;
                            g.joins.pop();
                        }
                        Park::SyncWarp(named, _) => {
                            late.push((named, g.own, g.last_line));
                            g.park = Park::Run;
                        }
                        _ => {}
                    }
                }
                // The named lanes that never came; a caller left out of its own mask was
                // counted when it called (`named | own` leaves none left out here).
                for (named, own, line) in late {
                    self.check_mask(w, "__syncwarp", named | own, own, line, true);
                }
            }
        }
    }
}

/// Where a group stands: the same frames at the same statements, the same scopes.
pub(super) fn same_place(a: &Group, b: &Group) -> bool {
    if a.frames.len() != b.frames.len() || a.ret.is_some() != b.ret.is_some() {
        return false;
    }
    let parks = match (a.park, b.park) {
        (Park::Run | Park::Join(_), Park::Run | Park::Join(_)) => true,
        (Park::SyncWarp(_, x), Park::SyncWarp(_, y))
        | (Park::Barrier(_, x), Park::Barrier(_, y)) => x == y,
        _ => false,
    };
    let frames = a.frames.iter().zip(&b.frames).all(|(x, y)| match (x, y) {
        (
            Frame::Seq { body, pc, .. },
            Frame::Seq {
                body: b2, pc: p2, ..
            },
        ) => body.as_ptr() == b2.as_ptr() && pc == p2,
        (
            Frame::If { line, stage, .. },
            Frame::If {
                line: l2,
                stage: s2,
                ..
            },
        ) => line == l2 && stage == s2,
        (Frame::Loop(x), Frame::Loop(y)) => x.line == y.line && x.in_body == y.in_body,
        _ => false,
    });
    let scopes = a.scopes.len() == b.scopes.len()
        && a.scopes
            .iter()
            .zip(&b.scopes)
            .all(|(x, y)| x.len() == y.len() && x.iter().zip(y).all(|(p, q)| p.0 == q.0));
    parks && frames && scopes
}

/// Merges group `b` into `a` (they stand at the same place): each lane's state from its own
/// group.
pub(super) fn merge(a: &mut Group, b: Group) {
    let own = b.own;
    let pick = |x: u32, y: u32| (x & !own) | (y & own);
    let flow = |x: Flow, y: Flow| Flow {
        brk: pick(x.brk, y.brk),
        cont: pick(x.cont, y.cont),
    };
    for (fa, fb) in a.frames.iter_mut().zip(b.frames) {
        match (fa, fb) {
            (
                Frame::Seq { mask, flow: f, .. },
                Frame::Seq {
                    mask: m2, flow: f2, ..
                },
            ) => {
                *mask = pick(*mask, m2);
                *f = flow(*f, f2);
            }
            (
                Frame::If { t, f, flow: fl, .. },
                Frame::If {
                    t: t2,
                    f: f2,
                    flow: fl2,
                    ..
                },
            ) => {
                *t = pick(*t, t2);
                *f = pick(*f, f2);
                *fl = flow(*fl, fl2);
            }
            (Frame::Loop(x), Frame::Loop(y)) => {
                x.live = pick(x.live, y.live);
                x.go = pick(x.go, y.go);
                x.entry = pick(x.entry, y.entry);
                x.split |= y.split;
                for l in lanes(own) {
                    x.counts[l] = y.counts[l];
                }
            }
            _ => {}
        }
    }
    for (sa, sb) in a.scopes.iter_mut().zip(b.scopes) {
        for (va, vb) in sa.iter_mut().zip(sb) {
            for l in lanes(own) {
                va.2[l] = vb.2[l];
            }
        }
    }
    if let (Some(x), Some(y)) = (a.ret, b.ret) {
        a.ret = Some(flow(x, y));
    }
    for (ea, eb) in a.stack.iter_mut().zip(b.stack) {
        ea.rejoin = pick(ea.rejoin, eb.rejoin);
    }
    a.own |= own;
    let depth = a.frames.len();
    while a.joins.last().is_some_and(|d| *d >= depth) {
        a.joins.pop();
    }
    if a.park != b.park || matches!(a.park, Park::Join(_)) {
        a.park = Park::Run;
    }
}

/// Merges every two groups of `w` that stand at the same place.
pub(super) fn merge_groups(w: &mut Warp) {
    let mut j = 0;
    while j < w.others.len() {
        if same_place(&w.g, &w.others[j]) {
            if let Some(b) = w.others.remove(j) {
                merge(&mut w.g, b);
            }
            j = 0;
        } else {
            j += 1;
        }
    }
    let mut i = 0;
    while i < w.others.len() {
        let mut j = i + 1;
        while j < w.others.len() {
            if same_place(&w.others[i], &w.others[j]) {
                if let Some(b) = w.others.remove(j) {
                    merge(&mut w.others[i], b);
                }
            } else {
                j += 1;
            }
        }
        i += 1;
    }
}
