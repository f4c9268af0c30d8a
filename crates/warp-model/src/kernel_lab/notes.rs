//! What a run found that a sanitizer would name, in words: races (shared, and global in a
//! challenge's check) and mask violations.

use super::exec;

/// A mask violation, in words: the line, the call, the lanes named but not active, and the
/// calling lanes left out of their own mask; each half of the guide's rule in a sentence of
/// its own, and the result said to be undefined on a GPU.
#[must_use]
pub fn violation_note(v: &exec::MaskViolation) -> String {
    let mut parts = Vec::new();
    if v.lanes != 0 {
        parts.push(crate::tr!(
            "kernel.mask.violation",
            line = v.line,
            call = &v.call,
            lanes = exec::lane_list(v.lanes),
            active = exec::lane_list(v.active),
            warp = v.warp,
            block = v.block
        ));
    }
    if v.left_out != 0 {
        parts.push(crate::tr!(
            "kernel.mask.left-out",
            line = v.line,
            call = &v.call,
            lanes = exec::lane_list(v.left_out),
            mask = format!("0x{:08x}", v.named),
            warp = v.warp,
            block = v.block
        ));
    }
    parts.join(" ")
}

/// The race, in words: the word and both lines.
#[must_use]
pub fn race_note(r: &exec::Race) -> String {
    let side = |s: &exec::RaceSide| {
        if s.store {
            crate::tr!("kernel.race.writes", warp = s.warp, line = s.line)
        } else {
            crate::tr!("kernel.race.reads", warp = s.warp, line = s.line)
        }
    };
    crate::tr!(
        "kernel.race.found",
        word = &r.word,
        block = r.block,
        first = side(&r.first),
        second = side(&r.second)
    )
}

/// A race on global memory, in words: the word, both threads and lines.
#[must_use]
pub fn global_race_note(r: &exec::GlobalRace) -> String {
    let side = |(block, thread, line, store): (u64, u64, usize, bool)| {
        if store {
            crate::tr!("challenge.race.writes", thread, block, line)
        } else {
            crate::tr!("challenge.race.reads", thread, block, line)
        }
    };
    if r.same_step {
        return crate::tr!(
            "challenge.race.same-step",
            word = &r.word,
            a = r.first.1,
            b = r.second.1,
            block = r.first.0,
            line = r.first.2
        );
    }
    // The fix that fits the race found (issue 64: a learner told "no __syncthreads() between
    // them" added one to `count[0] += 1` and got the same failure). Two stores: an index
    // missing a term, or values to combine. A load and a store on one line: a read-modify-write
    // of one word by many threads (`count[0] += 1`), an atomic or a lock, never a barrier. On
    // two lines: in two blocks nothing but an atomic or a second launch orders them; in one, a
    // write then a read wants a barrier, a read then a write an atomic if it is an update.
    let (first, second) = (r.first, r.second);
    let fix = if first.3 && second.3 {
        crate::tr!("challenge.race.fix-writes", word = &r.word)
    } else if first.2 == second.2 {
        crate::tr!("challenge.race.fix-update", word = &r.word, line = first.2)
    } else if first.0 != second.0 {
        crate::tr!("challenge.race.fix-blocks")
    } else if first.3 {
        crate::tr!("challenge.race.fix-barrier", block = first.0)
    } else {
        crate::tr!(
            "challenge.race.fix-read-write",
            word = &r.word,
            block = first.0
        )
    };
    crate::tr!(
        "challenge.race.global",
        word = &r.word,
        first = side(first),
        second = side(second),
        fix
    )
}
