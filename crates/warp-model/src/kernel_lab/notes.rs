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
    crate::tr!(
        "challenge.race.global",
        word = &r.word,
        first = side(r.first),
        second = side(r.second)
    )
}
