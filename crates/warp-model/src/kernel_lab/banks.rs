//! The shared-memory bank rule, as the kernel lab applies it to every `__shared__` load and
//! store: one pure function over the 32 lanes' byte addresses and the element size.
//!
//! The rule: 32 banks; successive 4-byte words go to successive banks (bank = ⌊byte/4⌋ mod 32).
//! A warp's request is served in phases: one for elements of 1, 2 or 4 bytes, two half-warps
//! (lanes 0–15, 16–31) for 8-byte elements, four quarter-warps for 16-byte elements. In each
//! phase the wavefronts are the largest number of *distinct* words one bank must deliver
//! (lanes reading the same word share it: a broadcast). The request's wavefronts are the sum
//! over phases with an active lane; ideal wavefronts are the number of such phases; bank
//! conflicts are the difference. These are the profiler's shared wavefronts and bank conflicts
//! per request. The rule is the banks panel's own function; this module adapts it to the lab.

/// What one warp-wide shared request costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BankCost {
    /// Wavefronts: the sum over active phases of the most distinct words one bank delivers.
    pub wavefronts: u64,
    /// Ideal wavefronts: one per phase with an active lane.
    pub ideal: u64,
    /// Wavefronts − ideal.
    pub conflicts: u64,
    /// The largest wavefronts of one phase (0 when no lane is active).
    pub ways: u64,
}

/// Applies the rule: lane l accesses `elem` bytes at `addresses[l]` (`None`: inactive). The
/// rule itself is the banks panel's ([`crate::banks::rule::bank_report`]), so the lab and the
/// panel can never disagree. The lab's shared arrays hold 4-byte `int`/`float` elements at
/// element-aligned addresses, so the rule's two refusals (an element size it has no rule for,
/// a misaligned address) cannot happen here; were one to, the access is costed as nothing
/// rather than stopping the run.
#[must_use]
pub fn bank_cost(addresses: &[Option<u64>; crate::LANE_SLOTS], elem: u64) -> BankCost {
    crate::banks::rule::bank_report(addresses, elem).map_or(BankCost::default(), |r| BankCost {
        wavefronts: r.wavefronts,
        ideal: r.ideal,
        conflicts: r.conflicts,
        ways: r.ways,
    })
}

#[cfg(test)]
mod tests;
