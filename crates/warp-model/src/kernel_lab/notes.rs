//! What a run found that a sanitizer would name, in words: races and mask violations.

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
