//! The classics as presets: each a name, the parameters that reproduce it, a title (a
//! catalogue message), and the numbers it must show, derived by hand below (a test
//! evaluates every preset and checks them).

use crate::i18n::Msg;

/// One classic access pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BanksPreset {
    /// Its stable name.
    pub name: &'static str,
    /// Its title for people.
    pub title: Msg,
    /// The parameters over the defaults (elem 4, stride 1, offset 0, 32 lanes, 1-D).
    pub params: &'static [(&'static str, &'static str)],
    /// Wavefronts it must cost.
    pub wavefronts: u64,
    /// Bank conflicts it must show.
    pub conflicts: u64,
    /// Conflict ways it must show.
    pub ways: u64,
}

/// The classics, in teaching order.
pub const PRESETS: [BanksPreset; 8] = [
    // Floats, stride 1: lane l reads word l, bank l. 32 banks, one word each: 1 wavefront,
    // 0 conflicts, 1-way.
    BanksPreset {
        name: "stride-1",
        title: crate::msg!("banks.preset.stride-1"),
        params: &[("elem", "4"), ("stride", "1")],
        wavefronts: 1,
        conflicts: 0,
        ways: 1,
    },
    // Floats, stride 2: lane l reads word 2l, bank 2l mod 32; lanes l and l + 16 share bank
    // 2l mod 32 with words 2l and 2l + 32: 2 words a bank → 2 wavefronts, 1 conflict, 2-way.
    BanksPreset {
        name: "stride-2",
        title: crate::msg!("banks.preset.stride-2"),
        params: &[("elem", "4"), ("stride", "2")],
        wavefronts: 2,
        conflicts: 1,
        ways: 2,
    },
    // Floats, stride 32: lane l reads word 32l, bank 32l mod 32 = 0 for every lane: bank 0
    // delivers 32 different words → 32 wavefronts, 31 conflicts, 32-way.
    BanksPreset {
        name: "stride-32",
        title: crate::msg!("banks.preset.stride-32"),
        params: &[("elem", "4"), ("stride", "32")],
        wavefronts: 32,
        conflicts: 31,
        ways: 32,
    },
    // Stride 0: every lane reads word 0; one word, shared by all (a broadcast) → 1
    // wavefront, 0 conflicts, 1-way.
    BanksPreset {
        name: "broadcast",
        title: crate::msg!("banks.preset.broadcast"),
        params: &[("elem", "4"), ("stride", "0")],
        wavefronts: 1,
        conflicts: 0,
        ways: 1,
    },
    // float tile[32][32], lane l reads tile[l][0]: byte 32l·4, word 32l, bank 0 for every
    // lane → 32 wavefronts, 31 conflicts, 32-way (the transpose's column read).
    BanksPreset {
        name: "transpose-naive",
        title: crate::msg!("banks.preset.transpose-naive"),
        params: &[
            ("elem", "4"),
            ("tile", "32"),
            ("walk", "column"),
            ("pad", "0"),
        ],
        wavefronts: 32,
        conflicts: 31,
        ways: 32,
    },
    // float tile[32][33]: lane l reads word 33l, bank 33l mod 32 = l: every bank once → 1
    // wavefront, 0 conflicts, 1-way.
    BanksPreset {
        name: "transpose-padded",
        title: crate::msg!("banks.preset.transpose-padded"),
        params: &[
            ("elem", "4"),
            ("tile", "32"),
            ("walk", "column"),
            ("pad", "1"),
        ],
        wavefronts: 1,
        conflicts: 0,
        ways: 1,
    },
    // float tile[32][32], XOR swizzle: [l][0] is stored at column 0 ^ l = l, word 32l + l =
    // 33l, bank l: every bank once → 1 wavefront, 0 conflicts, 1-way, with no padding.
    BanksPreset {
        name: "transpose-xor",
        title: crate::msg!("banks.preset.transpose-xor"),
        params: &[
            ("elem", "4"),
            ("tile", "32"),
            ("walk", "column"),
            ("swizzle", "xor"),
        ],
        wavefronts: 1,
        conflicts: 0,
        ways: 1,
    },
    // Doubles, stride 1: two half-warps. Lanes 0–15 read bytes 8l, words 2l and 2l + 1:
    // words 0–31, banks 0–31 once each → 1 wavefront; lanes 16–31 likewise words 32–63 → 1.
    // Total 2, ideal 2, 0 conflicts, 1-way.
    BanksPreset {
        name: "doubles",
        title: crate::msg!("banks.preset.doubles"),
        params: &[("elem", "8"), ("stride", "1")],
        wavefronts: 2,
        conflicts: 0,
        ways: 1,
    },
];

/// The preset named `name`.
#[must_use]
pub fn find(name: &str) -> Option<&'static BanksPreset> {
    PRESETS.iter().find(|p| p.name == name)
}
