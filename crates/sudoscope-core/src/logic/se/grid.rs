//! The 9×9 board Sudoku Explainer's techniques work on, and SE's fixed house order.
//!
//! SE numbers its houses by type — the nine boxes, then the nine rows, then the nine columns —
//! and every technique walks them in a fixed order. Which instance a technique reports first
//! decides the path, so the tables here keep SE's numbering: house `h` is box `h` for `h < 9`,
//! row `h - 9` for `h < 18`, column `h - 18` otherwise; a house's cells are in reading order.

use crate::logic::Board;

/// Candidates of a cell as bits 1..=9.
pub type Mask = u16;

/// The box (0), row (1) and column (2) house types, in SE's numbering.
pub const BOX: usize = 0;
pub const ROW: usize = 1;
pub const COL: usize = 2;

/// The fixed tables of the 9×9 grid.
pub struct Tables {
    /// The 27 houses' cells, in SE's house order.
    pub houses: [[u8; 9]; 27],
    /// For each cell, its box, row and column house (indices into `houses`).
    pub houses_of: [[u8; 3]; 81],
    /// For each cell, the 20 cells it sees.
    pub peers: [[u8; 20]; 81],
    /// For each cell, the peers as a bit set over the 81 cells.
    pub peer_bits: [u128; 81],
    /// Each house's cells as a bit set over the 81 cells.
    pub house_bits: [u128; 27],
}

/// The tables, worked out at compile time (a plain static: no initialisation check on the
/// hot paths of the chain searches, which read them millions of times per rating).
#[inline]
pub fn tables() -> &'static Tables {
    &TABLES
}

static TABLES: Tables = build_tables();

/// Builds the tables (a `const fn`, so with `while` loops only).
const fn build_tables() -> Tables {
    let mut houses = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            let (br, bc) = (i / 3 * 3, i % 3 * 3);
            houses[i][j] = ((br + j / 3) * 9 + bc + j % 3) as u8;
            houses[9 + i][j] = (i * 9 + j) as u8;
            houses[18 + i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    let mut houses_of = [[0u8; 3]; 81];
    let mut house_bits = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        let mut j = 0;
        while j < 9 {
            house_bits[h] |= 1 << houses[h][j];
            j += 1;
        }
        h += 1;
    }
    let mut peers = [[0u8; 20]; 81];
    let mut peer_bits = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        houses_of[cell] = [(r / 3 * 3 + c / 3) as u8, (9 + r) as u8, (18 + c) as u8];
        let mut bits = 0u128;
        let mut k = 0;
        while k < 3 {
            bits |= house_bits[houses_of[cell][k] as usize];
            k += 1;
        }
        bits &= !(1u128 << cell);
        peer_bits[cell] = bits;
        let (mut other, mut n) = (0, 0);
        while other < 81 {
            if bits >> other & 1 == 1 {
                peers[cell][n] = other as u8;
                n += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    Tables {
        houses,
        houses_of,
        peers,
        peer_bits,
        house_bits,
    }
}

/// The bit of a digit in a [`Mask`].
#[inline]
pub fn bit(digit: u8) -> Mask {
    1 << digit
}

/// The digits of a mask, smallest first.
#[inline]
pub fn digits(mask: Mask) -> impl Iterator<Item = u8> {
    let mut rest = mask & 0x3FE;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let digit = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            digit
        })
    })
}

/// Every cell of the grid, as a set over the 81 cells.
pub const ALL_CELLS: u128 = (1 << 81) - 1;

/// The cells of a set over the 81 cells, in increasing order.
#[inline]
pub fn cells_of(set: u128) -> Cells {
    Cells { set }
}

/// The cells of a set, lowest first. The whole 128 bits are walked as one: its count of
/// trailing zeros and its lowest bit's removal compile without a branch, so the walk has one
/// branch per cell (is any left?). Walking the two 64-bit halves in turn takes 2% fewer
/// instructions, but adds a second branch where the low half runs out, which a branch
/// predictor misses about as often as the first over the searches' millions of short walks.
#[derive(Clone, Copy)]
pub struct Cells {
    set: u128,
}

impl Iterator for Cells {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.set == 0 {
            return None;
        }
        let cell = self.set.trailing_zeros() as u8;
        self.set &= self.set - 1;
        Some(cell)
    }
}

/// The name SE and players use for a cell: `r1c2`.
pub fn cell_name(cell: u8) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// The name of a house in SE's numbering: `box 3`, `row 4`, `column 5`.
pub fn house_name(house: usize) -> String {
    match house / 9 {
        BOX => format!("box {}", house + 1),
        ROW => format!("row {}", house - 8),
        _ => format!("column {}", house - 17),
    }
}

/// Placed digits and candidates, SE's way: a placed cell has no candidates.
///
/// Candidates are kept twice: per cell (`cands`) and per digit as a bit set of the cells that
/// hold it (`digit_cells`), which lets the chain searches read a digit's places in a house with
/// one mask instead of nine look-ups. Change candidates only through [`SeGrid::remove`] and
/// [`SeGrid::place`], which keep the two in step.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeGrid {
    pub values: [u8; 81],
    pub cands: [Mask; 81],
    pub digit_cells: [u128; 10],
}

impl SeGrid {
    /// The SE grid of a 9×9 board (its candidates as they stand).
    pub fn from_board(board: &Board) -> SeGrid {
        let mut grid = SeGrid {
            values: [0; 81],
            cands: [0; 81],
            digit_cells: [0; 10],
        };
        for cell in 0..81 {
            grid.values[cell] = board.value(cell);
            if grid.values[cell] == 0 {
                grid.cands[cell] = board
                    .candidates(cell)
                    .iter()
                    .fold(0, |mask, d| mask | bit(d));
                for d in digits(grid.cands[cell]) {
                    grid.digit_cells[d as usize] |= 1 << cell;
                }
            }
        }
        grid
    }

    /// Removes a candidate.
    #[inline]
    pub fn remove(&mut self, cell: u8, digit: u8) {
        self.cands[cell as usize] &= !bit(digit);
        self.digit_cells[digit as usize] &= !(1u128 << cell);
    }

    /// The cells of a house that hold `digit`, as a bit set over the 81 cells.
    #[inline]
    pub fn places(&self, house: usize, digit: u8) -> u128 {
        tables().house_bits[house] & self.digit_cells[digit as usize]
    }

    #[inline]
    pub fn has(&self, cell: u8, digit: u8) -> bool {
        self.cands[cell as usize] & bit(digit) != 0
    }

    /// The positions (0..9 within the house) of `digit` in a house, as bits: the house's nine
    /// bits of `digit_cells`, gathered by shifts (a row's are contiguous, a box's three runs of
    /// three) rather than looked up cell by cell. A column's bits lie every ninth bit: the
    /// first eight (bits 0, 9, …, 63 of the low word) are gathered by one multiplication whose
    /// partial products land on distinct bits (bit 9i shifted by 56 − 8j is at 56 + i + 8(i −
    /// j), in the top byte only for j = i), so no carry disturbs the top byte.
    #[inline]
    pub fn positions(&self, house: usize, digit: u8) -> u16 {
        let cells = self.digit_cells[digit as usize];
        let index = house % 9;
        let bits = match house / 9 {
            BOX => {
                let x = cells >> ((index / 3) * 27 + (index % 3) * 3);
                (x & 7) | (x >> 9 & 7) << 3 | (x >> 18 & 7) << 6
            }
            ROW => cells >> (index * 9) & 0x1FF,
            _ => {
                let x = cells >> index;
                let first_eight =
                    (x as u64 & 0x8040_2010_0804_0201).wrapping_mul(0x0101_0101_0101_0101) >> 56;
                u128::from(first_eight) | (x >> 72 & 1) << 8
            }
        };
        bits as u16
    }

    /// The empty cells, as a bit set over the 81 cells (for a technique that counts them in
    /// many houses: then `(house_bits & empty).count_ones()` per house).
    pub fn empty_cells(&self) -> u128 {
        // (Without a branch per cell: this runs at every step, for every cell.)
        self.values
            .iter()
            .enumerate()
            .fold(0, |set, (c, &v)| set | u128::from(v == 0) << c)
    }

    /// The cells holding a number of candidates that `wanted` accepts, as a bit set (a placed
    /// cell holds none). Judged without a branch per cell: which cells pass is anyone's guess to
    /// a branch predictor, and the techniques ask at every step.
    #[inline]
    pub fn cells_with(&self, wanted: impl Fn(u32) -> bool) -> u128 {
        (0..81).fold(0, |set, c| {
            set | u128::from(wanted(self.cands[c].count_ones())) << c
        })
    }

    /// How many cells of a house are still empty.
    pub fn empty_count(&self, house: usize) -> u32 {
        tables().houses[house]
            .iter()
            .filter(|&&c| self.values[c as usize] == 0)
            .count() as u32
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Places a digit and removes it from the peers' candidates.
    pub fn place(&mut self, cell: u8, digit: u8) {
        self.values[cell as usize] = digit;
        for d in digits(self.cands[cell as usize]) {
            self.digit_cells[d as usize] &= !(1u128 << cell);
        }
        self.cands[cell as usize] = 0;
        for &peer in &tables().peers[cell as usize] {
            self.remove(peer, digit);
        }
    }

    /// How many times a digit is placed.
    #[cfg_attr(not(feature = "lab"), allow(dead_code))]
    pub fn placed_count(&self, digit: u8) -> u32 {
        self.values.iter().filter(|&&v| v == digit).count() as u32
    }
}

/// Marks "no conjugate" in [`Conjugates`].
const NO_CELL: u8 = u8::MAX;

/// Every candidate's conjugates at one grid: for each house type, the digit's only other place
/// in that house of the candidate's cell, where the house has exactly two. These are the strong
/// house links ("not here, so there") that the static chain searches follow from every "off"
/// potential; read from this table, made once per grid with one pass over the 27 houses per
/// digit, instead of counting the house's places again for each of millions of potentials.
pub struct Conjugates {
    other: [[u8; 3]; 729],
    /// Per digit, the cells with a conjugate in some house: the only "off" potentials of the
    /// digit that a house link leads on from (a walk skips the rest at once).
    linked: [u128; 10],
    /// The cells with two candidates: the only ones a cell link leads on from.
    bivalue: u128,
}

impl Conjugates {
    pub fn of(grid: &SeGrid) -> Conjugates {
        let t = tables();
        let mut other = [[NO_CELL; 3]; 729];
        let mut linked = [0u128; 10];
        for digit in 1..=9u8 {
            for (house, &cells) in t.house_bits.iter().enumerate() {
                let places = cells & grid.digit_cells[digit as usize];
                if places.count_ones() == 2 {
                    let a = places.trailing_zeros() as u8;
                    let b = (127 - places.leading_zeros()) as u8;
                    let kind = house / 9;
                    other[index(a, digit)][kind] = b;
                    other[index(b, digit)][kind] = a;
                    linked[digit as usize] |= places;
                }
            }
        }
        let bivalue = grid.cells_with(|n| n == 2);
        Conjugates {
            other,
            linked,
            bivalue,
        }
    }

    /// The cells where the digit has a conjugate in some house.
    #[inline]
    pub fn linked(&self, digit: u8) -> u128 {
        self.linked[digit as usize]
    }

    /// The cells with two candidates.
    #[inline]
    pub fn bivalue(&self) -> u128 {
        self.bivalue
    }

    /// The digit's other place in the cell's house of type `kind` ([`BOX`], [`ROW`], [`COL`]),
    /// when the house has just the two; the cell must hold the digit as a candidate.
    #[inline]
    pub fn other(&self, cell: u8, digit: u8, kind: usize) -> Option<u8> {
        let other = self.other[index(cell, digit)][kind];
        (other != NO_CELL).then_some(other)
    }

    /// The digit's other places in the cell's three houses where each has just the two, as a
    /// set; the cell must hold the digit as a candidate. Made without a branch: a walk asks it
    /// for nearly every "off" it meets, and which houses have a conjugate is a coin toss to a
    /// branch predictor. (A house without one is stored as cell 255, which shifts to bit 127,
    /// a bit that holds no cell.)
    #[inline]
    pub fn others(&self, cell: u8, digit: u8) -> u128 {
        let [a, b, c] = self.other[index(cell, digit)];
        let at = |o: u8| 1u128.wrapping_shl(u32::from(o));
        (at(a) | at(b) | at(c)) & ALL_CELLS
    }
}

/// A candidate's index among the 729 (cell, digit) pairs.
#[inline]
pub fn index(cell: u8, digit: u8) -> usize {
    cell as usize * 9 + digit as usize - 1
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// A house's positions are its cells, in the house's order, that hold the digit.
        #[test]
        fn positions_are_the_house_cells_holding_the_digit(
            cells in any::<u128>().prop_map(|c| c & ALL_CELLS),
        ) {
            let mut grid = SeGrid {
                values: [0; 81],
                cands: [0; 81],
                digit_cells: [0; 10],
            };
            grid.digit_cells[5] = cells;
            for house in 0..27 {
                let expected = tables().houses[house]
                    .iter()
                    .enumerate()
                    .fold(0u16, |bits, (i, &c)| bits | u16::from(cells >> c & 1 == 1) << i);
                prop_assert_eq!(grid.positions(house, 5), expected, "house {}", house);
            }
        }

        /// The cells with so many candidates are those a cell-by-cell count finds (a placed
        /// cell has none).
        #[test]
        fn cells_with_so_many_candidates_are_those_counted(
            cands in proptest::collection::vec(0u16..0x400, 81),
            count in 0u32..4,
        ) {
            let mut grid = SeGrid {
                values: [0; 81],
                cands: [0; 81],
                digit_cells: [0; 10],
            };
            for (c, &m) in cands.iter().enumerate() {
                grid.cands[c] = m & 0x3FE;
            }
            let counted = (0..81)
                .filter(|&c| grid.cands[c].count_ones() == count)
                .fold(0u128, |set, c| set | 1 << c);
            prop_assert_eq!(grid.cells_with(|n| n == count), counted);
        }
    }
}
