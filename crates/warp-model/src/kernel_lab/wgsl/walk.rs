//! Walks over a kernel's statements for the WGSL writer: which leave a branch or loop early
//! (what decides, with the uniformity of their conditions, whether a barrier after them can be
//! translated), which expressions have an effect, and which arrays an atomic touches.

use std::collections::BTreeSet;

use super::super::parse::{Addr, Expr, Lvalue, ParsedKernel, Stmt, StmtKind};

/// Whether a statement list may leave early (`return`, or `break`/`continue` out of it).
pub(super) fn leaves(body: &[Stmt]) -> bool {
    body.iter().any(|s| match &s.kind {
        StmtKind::Return | StmtKind::Break | StmtKind::Continue => true,
        StmtKind::If(_, a, b) => leaves(a) || b.as_ref().is_some_and(|(b, _)| leaves(b)),
        StmtKind::Block(b) => leaves(b),
        // A loop's own break and continue stay inside it; a return does not.
        StmtKind::While(_, b) | StmtKind::For(_, _, _, b) => returns(b),
        _ => false,
    })
}

fn returns(body: &[Stmt]) -> bool {
    body.iter().any(|s| match &s.kind {
        StmtKind::Return => true,
        StmtKind::If(_, a, b) => returns(a) || b.as_ref().is_some_and(|(b, _)| returns(b)),
        StmtKind::Block(b) | StmtKind::While(_, b) | StmtKind::For(_, _, _, b) => returns(b),
        _ => false,
    })
}

/// Whether a loop's body leaves it under a condition that varies between threads.
pub(super) fn breaks_unevenly(body: &[Stmt], varies: &impl Fn(&Expr) -> bool) -> bool {
    body.iter().any(|s| match &s.kind {
        StmtKind::If(c, a, b) => {
            (varies(c) && (leaves(a) || b.as_ref().is_some_and(|(b, _)| leaves(b))))
                || breaks_unevenly(a, varies)
                || b.as_ref().is_some_and(|(b, _)| breaks_unevenly(b, varies))
        }
        StmtKind::Block(b) => breaks_unevenly(b, varies),
        _ => false,
    })
}

/// Whether `e` has an effect (an atomic) that evaluating it twice or not at all would change.
pub(super) fn has_effect(e: &Expr) -> bool {
    match e {
        Expr::Atomic(..) => true,
        Expr::Index(_, i, _) => has_effect(i),
        Expr::Shared(_, idx) | Expr::Call(_, idx) => idx.iter().any(has_effect),
        Expr::Unary(_, x) => has_effect(x),
        Expr::Binary(_, a, b) => has_effect(a) || has_effect(b),
        Expr::Cond(c, a, b) => has_effect(c) || has_effect(a) || has_effect(b),
        _ => false,
    }
}

/// The buffers an atomic touches anywhere in `body`.
pub(super) fn atomic_buffers(body: &[Stmt]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    walk_exprs(body, &mut |e| {
        if let Expr::Atomic(_, addr, _) = e {
            if let Addr::Global(n, _) = &**addr {
                out.insert(n.clone());
            }
        }
    });
    out
}

/// The shared arrays (by name) an atomic touches anywhere in the kernel.
pub(super) fn atomic_shared(k: &ParsedKernel) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    walk_exprs(&k.body, &mut |e| {
        if let Expr::Atomic(_, addr, _) = e {
            if let Addr::Shared(a, _) = &**addr {
                if let Some(s) = k.shared.get(*a) {
                    out.insert(s.name.clone());
                }
            }
        }
    });
    out
}

/// Every expression in `body`, outermost first.
fn walk_exprs(body: &[Stmt], f: &mut impl FnMut(&Expr)) {
    fn expr(e: &Expr, f: &mut impl FnMut(&Expr)) {
        f(e);
        match e {
            Expr::Atomic(_, addr, args) => {
                match &**addr {
                    Addr::Global(_, i) => expr(i, f),
                    Addr::Shared(_, idx) => idx.iter().for_each(|i| expr(i, f)),
                }
                for a in args {
                    expr(a, f);
                }
            }
            Expr::Index(_, i, _) => expr(i, f),
            Expr::Shared(_, idx) | Expr::Call(_, idx) => idx.iter().for_each(|i| expr(i, f)),
            Expr::Unary(_, x) => expr(x, f),
            Expr::Binary(_, a, b) => {
                expr(a, f);
                expr(b, f);
            }
            Expr::Cond(c, a, b) => {
                expr(c, f);
                expr(a, f);
                expr(b, f);
            }
            _ => {}
        }
    }
    for s in body {
        match &s.kind {
            StmtKind::Decl(_, _, Some(e)) | StmtKind::Expr(e) => expr(e, f),
            StmtKind::Assign(lv, _, e) => {
                match lv {
                    Lvalue::Index(_, i) => expr(i, f),
                    Lvalue::Shared(_, idx) => idx.iter().for_each(|i| expr(i, f)),
                    Lvalue::Var(_) => {}
                }
                expr(e, f);
            }
            StmtKind::If(c, a, b) => {
                expr(c, f);
                walk_exprs(a, f);
                if let Some((b, _)) = b {
                    walk_exprs(b, f);
                }
            }
            StmtKind::While(c, b) => {
                expr(c, f);
                walk_exprs(b, f);
            }
            StmtKind::For(init, c, step, b) => {
                for part in [init, step].into_iter().flatten() {
                    walk_exprs(std::slice::from_ref(&**part), f);
                }
                if let Some(c) = c {
                    expr(c, f);
                }
                walk_exprs(b, f);
            }
            StmtKind::Block(b) => walk_exprs(b, f),
            _ => {}
        }
    }
}
