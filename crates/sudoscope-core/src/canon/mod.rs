//! The canonical form of a 9×9 standard puzzle: its "minlex" form, the lexicographically
//! smallest 81-character string (empty cells counted as 0) among all equivalent puzzles.
//!
//! Two puzzles are equivalent when one becomes the other by relabelling the digits and by the
//! 3,359,232 geometric transformations that keep every row, column and box a house:
//! transposing (2) × permuting the bands (6) × the rows within each band (6³) × permuting the
//! stacks (6) × the columns within each stack (6³). Equivalent puzzles have the same canonical
//! form and inequivalent ones different forms, so it names a puzzle's equivalence class: it
//! deduplicates a collection, and it tells whether a new puzzle is merely a disguised old one.
//!
//! For each geometric transformation the best relabelling is fixed: digits numbered 1, 2, 3, …
//! in the order they first appear, reading row by row (any other labelling puts a larger digit
//! at the first place where the two differ). [`minlex`] finds the smallest result without
//! trying the 3,359,232 transformations one by one (see `search` for how);
//! [`brute_force_minlex`] does try them all, as the definition reads, to check it against.

#![warn(missing_docs)]

mod brute;
mod search;

use thiserror::Error;

use crate::grid::{Puzzle, Variant};

pub use brute::brute_force_minlex;
pub use search::Canonicalizer;

/// The number of geometric transformations of a 9×9 grid that keep it a sudoku grid:
/// 2 × 6 × 6³ × 6 × 6³.
pub const TRANSFORMATIONS: u32 = 3_359_232;

/// A 9×9 grid as the canonical form reads and writes it: 81 cells, row-major, 0 for empty and
/// 1–9 for a digit.
pub type Cells = [u8; 81];

/// Why a puzzle has no canonical form here.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CanonError {
    /// The canonical form is defined for 9×9 standard puzzles only: the transformations of
    /// other sizes and of the X and hyper variants are different groups.
    #[error("the canonical form is for 9×9 standard puzzles, not {size}×{size} {variant}")]
    NotStandard9x9 {
        /// The puzzle's side length.
        size: usize,
        /// The puzzle's variant name.
        variant: &'static str,
    },
    /// Pencilmarks restrict candidates beyond the givens, which the canonical form ignores;
    /// rather than drop them silently, such a puzzle is refused.
    #[error("the canonical form is for puzzles of givens, not pencilmark grids")]
    Pencilmarks,
    /// A cell holds a value above 9.
    #[error("cell r{row}c{col} holds {value}, not a digit 0-9", row = .cell / 9 + 1, col = .cell % 9 + 1)]
    BadDigit {
        /// The cell's row-major index.
        cell: usize,
        /// The value found there.
        value: u8,
    },
    /// A digit appears twice in one row, column or box: not a sudoku puzzle, and the search
    /// relies on every row holding each digit at most once.
    #[error("digit {digit} appears twice in one house: r{}c{} and r{}c{}", .first / 9 + 1, .first % 9 + 1, .second / 9 + 1, .second % 9 + 1)]
    Clash {
        /// The repeated digit.
        digit: u8,
        /// The row-major index of its first cell.
        first: usize,
        /// The row-major index of its second cell.
        second: usize,
    },
}

/// The canonical (minlex) form of a 9×9 standard puzzle given as its cells.
///
/// Runs on a search state kept per thread, so calling it in a loop allocates nothing after
/// the first call; [`Canonicalizer`] does the same with state the caller owns.
///
/// ```
/// use sudoscope_core::canon::minlex;
/// let mut puzzle = [0u8; 81];
/// puzzle[0] = 5;
/// let canon = minlex(&puzzle).unwrap();
/// // One given: the eight empty rows come first, and it becomes a 1 in the last cell.
/// assert_eq!(canon[80], 1);
/// assert_eq!(canon.iter().filter(|&&d| d != 0).count(), 1);
/// ```
pub fn minlex(cells: &Cells) -> Result<Cells, CanonError> {
    thread_local! {
        static SEARCH: std::cell::RefCell<Canonicalizer> =
            std::cell::RefCell::new(Canonicalizer::new());
    }
    SEARCH.with(|search| search.borrow_mut().minlex(cells))
}

/// The canonical form of a parsed puzzle, refusing what it is not defined for (another size
/// or variant, pencilmarks).
pub fn minlex_puzzle(puzzle: &Puzzle) -> Result<Cells, CanonError> {
    let cells = standard_cells(puzzle)?;
    minlex(&cells)
}

/// The cells of a 9×9 standard puzzle of givens, or why it is not one.
pub fn standard_cells(puzzle: &Puzzle) -> Result<Cells, CanonError> {
    let geometry = puzzle.geometry();
    if geometry.size() != 9 || geometry.variant() != Variant::Standard {
        return Err(CanonError::NotStandard9x9 {
            size: geometry.size(),
            variant: geometry.variant().name(),
        });
    }
    if puzzle.pencilmarks.is_some() {
        return Err(CanonError::Pencilmarks);
    }
    let mut cells = [0u8; 81];
    cells.copy_from_slice(puzzle.givens.cells());
    Ok(cells)
}

/// Checks that `cells` is a sudoku puzzle: digits 0–9, none twice in a house.
fn check(cells: &Cells) -> Result<(), CanonError> {
    // Per house, the cell where each digit was seen (+1; 0 = not yet).
    let mut seen = [[0u8; 10]; 27];
    for (cell, &value) in cells.iter().enumerate() {
        if value > 9 {
            return Err(CanonError::BadDigit { cell, value });
        }
        if value == 0 {
            continue;
        }
        let (row, col) = (cell / 9, cell % 9);
        for house in [row, 9 + col, 18 + row / 3 * 3 + col / 3] {
            let slot = &mut seen[house][value as usize];
            if *slot != 0 {
                return Err(CanonError::Clash {
                    digit: value,
                    first: *slot as usize - 1,
                    second: cell,
                });
            }
            *slot = cell as u8 + 1;
        }
    }
    Ok(())
}

/// `cells` with rows and columns swapped.
fn transposed(cells: &Cells) -> Cells {
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            out[c * 9 + r] = cells[r * 9 + c];
        }
    }
    out
}
