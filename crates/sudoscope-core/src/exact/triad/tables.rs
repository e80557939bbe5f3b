//! The fixed tables of the triad solver: band configurations and the lane shuffles that move
//! facts between a band's configurations and its boxes' 4×4 matrices (see the parent module
//! for both layouts). Everything is computed at compile time from [`CONFIG`].

use super::lanes::{HalfShuffles, Shuffle, Z};

/// `CONFIG[k][p]`: in band configuration `k`, the element (minirow of a horizontal band,
/// minicolumn of a vertical one) that a digit occupies in the band's peer box `p`. A digit
/// sits once in each box and once in each line of a band, so its placement in a band is one
/// of these six permutations.
pub const CONFIG: [[u8; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
    [0, 2, 1],
    [1, 0, 2],
];

/// The `nth` (0 or 1) configuration that puts a digit in element `e` of peer `p` (every
/// (peer, element) pair lies on exactly two of the six permutations).
const fn config_with(p: usize, e: u8, nth: usize) -> u8 {
    let mut k = 0;
    let mut seen = 0;
    while k < 6 {
        if CONFIG[k][p] == e {
            if seen == nth {
                return k as u8;
            }
            seen += 1;
        }
        k += 1;
    }
    Z
}

/// Configurations → the band's triads. The triad matrix of a band is laid out like the first
/// three rows of a box matrix: lane `4p + e` holds the digits that may sit in element `e` of
/// peer `p` (the union of the two configurations that put them there). Applied to the
/// configurations in both halves, the two shuffles or-ed together.
const fn configs_to_triads(nth: usize) -> HalfShuffles {
    let mut lanes = [[Z; 8]; 2];
    let mut i = 0;
    while i < 16 {
        let (p, e) = (i / 4, i % 4);
        if e < 3 && p < 3 {
            lanes[i / 8][i % 8] = config_with(p, e as u8, nth);
        }
        i += 1;
    }
    HalfShuffles::new(lanes[0], lanes[1])
}

pub const TRIADS_A: HalfShuffles = configs_to_triads(0);
pub const TRIADS_B: HalfShuffles = configs_to_triads(1);

/// Triads known to hold a digit → configurations to drop: configuration lane `k` takes the
/// triad of peer `p` that is `shift` (1 or 2) elements past the one `k` uses there. A digit
/// known to sit in element `e` of peer `p` rules out every configuration whose element at
/// `p` is not `e`. The source is the low triad vector for peers 0 and 1, the high one for 2.
const fn triad_to_other_configs(p: usize, shift: u8) -> Shuffle {
    let mut lanes = [Z; 8];
    let mut k = 0;
    while k < 6 {
        let e = (CONFIG[k][p] + shift) % 3;
        lanes[k] = if p < 2 { 4 * p as u8 + e } else { e };
        k += 1;
    }
    Shuffle::new(lanes)
}

/// `[peer][shift - 1]` for [`triad_to_other_configs`].
pub const TRIAD_TO_OTHER_CONFIGS: [[Shuffle; 2]; 3] = [
    [triad_to_other_configs(0, 1), triad_to_other_configs(0, 2)],
    [triad_to_other_configs(1, 1), triad_to_other_configs(1, 2)],
    [triad_to_other_configs(2, 1), triad_to_other_configs(2, 2)],
];

/// A band's triads for one peer box (lanes 0–2, and every digit in lane 3; the same in both
/// halves) → that box's allowed candidates. Horizontal band: row `e`'s cells may hold triad
/// `e`; the row's negative triad (digits outside minirow `e`) may hold the other two triads;
/// the vertical negative triads are unconstrained. Two shuffles or-ed together.
pub const H_BOX: [HalfShuffles; 2] = [
    HalfShuffles::new([0, 0, 0, 1, 1, 1, 1, 0], [2, 2, 2, 0, 3, 3, 3, 3]),
    HalfShuffles::new([Z, Z, Z, 2, Z, Z, Z, 2], [Z, Z, Z, 1, Z, Z, Z, Z]),
];
/// The same for a vertical band: column `e`'s cells may hold triad `e`.
pub const V_BOX: [HalfShuffles; 2] = [
    HalfShuffles::new([0, 1, 2, 3, 0, 1, 2, 3], [0, 1, 2, 3, 1, 0, 0, 3]),
    HalfShuffles::new([Z; 8], [Z, Z, Z, Z, 2, 2, 1, Z]),
];

/// Gathered triad facts of a box that is peer `p` of a band → that band's configuration
/// lanes. `offset` is 0 for the horizontal triads (lanes 0–2), 3 for the vertical ones.
/// `shift` 0: the digit is *not* in that triad, so drop the configurations that put it there;
/// `shift` 1 and 2: the digit *is* in it, so drop the configurations that put it elsewhere.
const fn gathered_to_configs(p: usize, offset: u8, shift: u8) -> Shuffle {
    let mut lanes = [Z; 8];
    let mut k = 0;
    while k < 6 {
        lanes[k] = offset + (CONFIG[k][p] + shift) % 3;
        k += 1;
    }
    Shuffle::new(lanes)
}

const fn gathered_table(offset: u8) -> [[Shuffle; 3]; 3] {
    [
        [
            gathered_to_configs(0, offset, 0),
            gathered_to_configs(0, offset, 1),
            gathered_to_configs(0, offset, 2),
        ],
        [
            gathered_to_configs(1, offset, 0),
            gathered_to_configs(1, offset, 1),
            gathered_to_configs(1, offset, 2),
        ],
        [
            gathered_to_configs(2, offset, 0),
            gathered_to_configs(2, offset, 1),
            gathered_to_configs(2, offset, 2),
        ],
    ]
}

/// `[peer][shift]` for the horizontal band of a box (its peer index is the box column).
pub const GATHERED_TO_H_CONFIGS: [[Shuffle; 3]; 3] = gathered_table(0);
/// `[peer][shift]` for the vertical band of a box (its peer index is the box row).
pub const GATHERED_TO_V_CONFIGS: [[Shuffle; 3]; 3] = gathered_table(3);

/// A digit given in the box-matrix entry `e` (a cell, lane `4i + j`) → the entries that lose
/// it (full lanes): the box's eight other cells, and the negative triads of minirow `i` and
/// minicolumn `j`, since the digit lies inside both.
pub const GIVEN_CLEARS: [[u16; 16]; 16] = given_clears();

const fn given_clears() -> [[u16; 16]; 16] {
    let mut table = [[0u16; 16]; 16];
    let mut e = 0;
    while e < 16 {
        let (i, j) = (e / 4, e % 4);
        if i < 3 && j < 3 {
            let mut lane = 0;
            while lane < 16 {
                let (li, lj) = (lane / 4, lane % 4);
                let other_cell = li < 3 && lj < 3 && lane != e;
                let own_triad = (li == i && lj == 3) || (li == 3 && lj == j);
                if other_cell || own_triad {
                    table[e][lane] = 0xFFFF;
                }
                lane += 1;
            }
        }
        e += 1;
    }
    table
}

/// `OTHER_CONFIGS[p][e]`: full lanes for the configurations that put a digit in peer `p` of a
/// band somewhere other than element `e` (what a digit given in that element rules out).
pub const OTHER_CONFIGS: [[[u16; 8]; 3]; 3] = other_configs();

const fn other_configs() -> [[[u16; 8]; 3]; 3] {
    let mut table = [[[0u16; 8]; 3]; 3];
    let mut p = 0;
    while p < 3 {
        let mut e = 0;
        while e < 3 {
            let mut k = 0;
            while k < 6 {
                if CONFIG[k][p] as usize != e {
                    table[p][e][k] = 0xFFFF;
                }
                k += 1;
            }
            e += 1;
        }
        p += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configurations_are_the_six_permutations() {
        for (k, c) in CONFIG.iter().enumerate() {
            let mut seen = [false; 3];
            for &e in c {
                seen[usize::from(e)] = true;
            }
            assert!(seen.iter().all(|&s| s), "config {k} is not a permutation");
            for other in &CONFIG[..k] {
                assert_ne!(c, other);
            }
        }
        for p in 0..3 {
            for e in 0..3 {
                assert_ne!(config_with(p, e, 1), Z);
                assert_eq!(config_with(p, e, 2), Z);
            }
        }
    }
}
