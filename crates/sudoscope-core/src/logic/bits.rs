//! A board seen as bitsets, and the cell-set helpers the advanced techniques share: where each
//! digit can still go as one cell set per digit, every cell's peers and every house's cells as
//! cell sets, and the small conversions between sets, cell lists and eliminations.

use crate::grid::Geometry;

use super::board::Board;
use super::step::Elimination;

/// Words in a cell bitset of this geometry.
pub(crate) fn words(geometry: &Geometry) -> usize {
    geometry.cell_count().div_ceil(64)
}

/// Every cell's peers as a bitset ([`Geometry::peer_bits`]).
pub(crate) fn peer_bits(geometry: &Geometry) -> &[u64] {
    geometry.peer_bits()
}

/// Every house's cells as a bitset ([`Geometry::house_bits`]).
pub(crate) fn house_bits(geometry: &Geometry) -> &[u64] {
    geometry.house_bits()
}

/// A board seen as bitsets: where each digit can still go, and every cell's peers.
pub(crate) struct BitBoard<'a> {
    pub board: &'a Board,
    pub geometry: &'a Geometry,
    pub n: usize,
    pub w: usize,
    peers: &'a [u64],
    digits: Vec<u64>,
}

impl<'a> BitBoard<'a> {
    pub fn new(board: &'a Board) -> BitBoard<'a> {
        let geometry = board.geometry();
        let n = geometry.size();
        let w = words(geometry);
        let mut digits = vec![0u64; n * w];
        for (cell, cands) in board.all_candidates().iter().enumerate() {
            if board.value(cell) != 0 {
                continue;
            }
            for d in cands.iter() {
                digits[(d as usize - 1) * w + cell / 64] |= 1 << (cell % 64);
            }
        }
        BitBoard {
            board,
            geometry,
            n,
            w,
            peers: peer_bits(geometry),
            digits,
        }
    }

    pub fn peers(&self, cell: usize) -> &[u64] {
        &self.peers[cell * self.w..(cell + 1) * self.w]
    }

    /// The cells still holding `digit` as a candidate.
    pub fn digit(&self, digit: u8) -> &[u64] {
        let d = digit as usize - 1;
        &self.digits[d * self.w..(d + 1) * self.w]
    }

    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.board.candidates(cell).contains(digit)
    }

    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peers(a)[b / 64] & (1 << (b % 64)) != 0
    }

    /// The cells holding `digit` that see every cell of `cells` (and are none of them).
    pub fn common_peers(&self, cells: &[usize], digit: u8) -> Vec<usize> {
        let mut set: Vec<u64> = self.digit(digit).to_vec();
        for &c in cells {
            for (s, p) in set.iter_mut().zip(self.peers(c)) {
                *s &= p;
            }
        }
        cells_of(&set)
    }

    pub fn name(&self, cell: usize) -> String {
        self.geometry.cell_name(cell)
    }

    /// The cells of a house holding `digit`.
    pub fn places(&self, house: usize, digit: u8) -> Vec<usize> {
        self.board.positions(house, digit).collect()
    }
}

/// The members of a bitset, in increasing order.
pub(crate) fn cells_of(set: &[u64]) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, &word) in set.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            out.push(i * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    out
}

/// Eliminations of one digit from a list of cells.
pub(crate) fn elims(cells: &[usize], digit: u8) -> Vec<Elimination> {
    cells
        .iter()
        .map(|&cell| Elimination { cell, digit })
        .collect()
}

/// A candidate and a truth value: `node * 2 + 1` for "true", `node * 2` for "false", where
/// `node = cell * n + digit - 1`.
pub(crate) type Lit = usize;

pub(crate) const FALSE: usize = 0;
pub(crate) const TRUE: usize = 1;
