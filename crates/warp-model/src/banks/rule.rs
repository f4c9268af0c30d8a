//! The bank rule itself, over arbitrary per-lane byte addresses: the one function the tile
//! and 1-D reads here, and the kernel lab's shared-memory loads and stores, all call.

use std::collections::BTreeSet;
use std::fmt;

use crate::{LANE_SLOTS, WARP_SIZE};

/// Banks of shared memory.
pub const BANKS: u64 = 32;
/// Bytes of one bank word: successive words go to successive banks.
pub const WORD_BYTES: u64 = 4;
/// Element sizes a lane may access, in bytes.
pub use crate::ELEM_SIZES;

/// Every lane's address, `None` for the inactive ones.
pub type LaneAddresses = [Option<u64>; LANE_SLOTS];

/// Lanes served together in one phase: the whole warp for 1-, 2- and 4-byte elements, a
/// half-warp (16) for 8-byte elements, a quarter-warp (8) for 16-byte elements.
#[must_use]
pub fn phase_lanes(elem: u64) -> u64 {
    match elem {
        8 => 16,
        16 => 8,
        _ => WARP_SIZE,
    }
}

/// Words one element spans: 1 for elements of 1, 2 or 4 bytes, 2 for 8 bytes, 4 for 16.
#[must_use]
pub fn words_spanned(elem: u64) -> u64 {
    (elem / WORD_BYTES).max(1)
}

/// One word a lane touches, and the bank that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BankTouch {
    /// The lane.
    pub lane: u64,
    /// The first byte of the lane's element.
    pub address: u64,
    /// The word touched: ⌊address / 4⌋, plus 1, 2, 3 for the later words of a wide element.
    pub word: u64,
    /// Its bank: word mod 32.
    pub bank: u64,
}

/// One phase of the request: a group of lanes served together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankPhase {
    /// The phase's number, from 0.
    pub index: u64,
    /// Its first lane.
    pub first_lane: u64,
    /// Its lanes (32, 16 or 8), active or not.
    pub lanes: u64,
    /// Every (lane, word) its active lanes touch, by lane, then word.
    pub touches: Vec<BankTouch>,
    /// For each of the 32 banks, the distinct words it must deliver, in increasing order.
    pub bank_words: Vec<Vec<u64>>,
    /// Wavefronts: the largest number of distinct words one bank must deliver (0 when no
    /// lane is active).
    pub wavefronts: u64,
    /// The lowest-numbered bank that must deliver that many words; none when no lane is
    /// active.
    pub worst_bank: Option<u64>,
}

impl BankPhase {
    /// Its last lane.
    #[must_use]
    pub fn last_lane(&self) -> u64 {
        self.first_lane + self.lanes - 1
    }

    /// Its active lanes, in order.
    #[must_use]
    pub fn active_lanes(&self) -> Vec<u64> {
        let mut lanes: Vec<u64> = self.touches.iter().map(|t| t.lane).collect();
        lanes.dedup();
        lanes
    }

    /// Whether some lane is active.
    #[must_use]
    pub fn is_active(&self) -> bool {
        !self.touches.is_empty()
    }

    /// Distinct words the phase needs.
    #[must_use]
    pub fn distinct_words(&self) -> u64 {
        self.bank_words.iter().map(|w| w.len() as u64).sum()
    }

    /// Whether two lanes read the same word (which they share: a broadcast).
    #[must_use]
    pub fn shares_words(&self) -> bool {
        (self.touches.len() as u64) > self.distinct_words()
    }
}

/// What one warp-wide shared-memory request costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    /// Bytes per element.
    pub elem: u64,
    /// Every phase, active or not, in lane order.
    pub phases: Vec<BankPhase>,
    /// Wavefronts: the sum over the phases.
    pub wavefronts: u64,
    /// Ideal wavefronts: one per phase with an active lane.
    pub ideal: u64,
    /// Bank conflicts: wavefronts − ideal.
    pub conflicts: u64,
    /// Conflict ways: the largest wavefronts of one phase (1 = conflict-free, 0 = no active
    /// lane).
    pub ways: u64,
}

impl BankReport {
    /// The phases with an active lane.
    pub fn active_phases(&self) -> impl Iterator<Item = &BankPhase> {
        self.phases.iter().filter(|p| p.is_active())
    }

    /// The first active phase with the most wavefronts.
    #[must_use]
    pub fn worst_phase(&self) -> Option<&BankPhase> {
        self.active_phases()
            .fold(None, |best: Option<&BankPhase>, p| match best {
                Some(b) if b.wavefronts >= p.wavefronts => Some(b),
                _ => Some(p),
            })
    }
}

/// Why a request cannot be served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BankError {
    /// An element size other than 1, 2, 4, 8 or 16 bytes.
    Elem {
        /// The size asked for.
        elem: u64,
    },
    /// A lane's address is not a multiple of the element size (the GPU faults: misaligned
    /// address). The first such lane is named.
    Misaligned {
        /// The lane.
        lane: u64,
        /// Its byte address.
        address: u64,
        /// Bytes per element.
        elem: u64,
    },
}

impl BankError {
    /// What is wrong, in the current language.
    #[must_use]
    pub fn message(&self) -> String {
        match *self {
            BankError::Elem { elem } => crate::tr!("banks.error.elem", elem),
            BankError::Misaligned {
                lane,
                address,
                elem,
            } => crate::tr!("banks.error.misaligned-lane", lane, address, elem),
        }
    }
}

impl fmt::Display for BankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

/// Applies the rule to one warp's request: lane l accesses `elem` bytes at `addresses[l]`
/// (`None`: the lane is inactive).
///
/// # Errors
/// An element size that is not 1, 2, 4, 8 or 16, or an active lane whose address is not a
/// multiple of `elem` (the first such lane).
pub fn bank_report(addresses: &LaneAddresses, elem: u64) -> Result<BankReport, BankError> {
    if !ELEM_SIZES.contains(&elem) {
        return Err(BankError::Elem { elem });
    }
    let size = phase_lanes(elem);
    let span = words_spanned(elem);
    let mut phases = Vec::new();
    for index in 0..WARP_SIZE / size {
        let first_lane = index * size;
        let mut touches = Vec::new();
        let mut sets: Vec<BTreeSet<u64>> = (0..BANKS).map(|_| BTreeSet::new()).collect();
        let phase = first_lane..first_lane + size;
        for (lane, address) in (0u64..).zip(addresses).filter(|(l, _)| phase.contains(l)) {
            let Some(address) = *address else {
                continue;
            };
            if !address.is_multiple_of(elem) {
                return Err(BankError::Misaligned {
                    lane,
                    address,
                    elem,
                });
            }
            // An aligned element of 1, 2 or 4 bytes lies inside one word; a wider one starts
            // a word and spans the next ones. address / 4 + 3 cannot overflow.
            for k in 0..span {
                let word = address / WORD_BYTES + k;
                let bank = word % BANKS;
                touches.push(BankTouch {
                    lane,
                    address,
                    word,
                    bank,
                });
                sets[bank as usize].insert(word);
            }
        }
        let wavefronts = sets.iter().map(|s| s.len() as u64).max().unwrap_or(0);
        let worst_bank = (wavefronts > 0)
            .then(|| sets.iter().position(|s| s.len() as u64 == wavefronts))
            .flatten()
            .map(|b| b as u64);
        phases.push(BankPhase {
            index,
            first_lane,
            lanes: size,
            touches,
            bank_words: sets.into_iter().map(|s| s.into_iter().collect()).collect(),
            wavefronts,
            worst_bank,
        });
    }
    let wavefronts = phases.iter().map(|p| p.wavefronts).sum();
    let ideal = phases.iter().filter(|p| p.is_active()).count() as u64;
    let ways = phases.iter().map(|p| p.wavefronts).max().unwrap_or(0);
    Ok(BankReport {
        elem,
        phases,
        wavefronts,
        ideal,
        conflicts: wavefronts - ideal,
        ways,
    })
}
