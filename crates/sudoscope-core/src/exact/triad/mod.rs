//! Exact solver for standard 9×9 sudoku built on *triads* and band *configurations*, with
//! vector operations over 16-bit lanes (solution counting up to a limit).
//!
//! # Why this representation
//!
//! A bitboard solver that places digits and propagates naked and hidden singles spends most
//! of its time guessing on hard puzzles. This one propagates more per guess, cheaply, by
//! choosing variables in which the strong sudoku deductions are a few vector operations:
//!
//! * **Band configurations.** In a band (three boxes side by side, or stacked), a digit sits
//!   once in each box and once in each line, so its placement is one of six permutations of
//!   the boxes' minirows (or minicolumns): the [`CONFIG`](tables::CONFIG) table. A band is
//!   one vector whose lane `k` holds the digits for which configuration `k` is still possible.
//!   The union of the two configurations that put a digit into a given minirow of a given box
//!   is the *positive triad* "this minirow may hold the digit", and restricting the box to
//!   its triads applies every pointing/claiming (locked candidates) deduction of the band at
//!   once. A minirow left with exactly three possible digits holds those three, which removes
//!   configurations too.
//! * **Box matrices.** A box is a 4×4 matrix of digit sets in two vectors: nine cells, plus
//!   for each minirow a *negative triad* (the digits that may lie outside it) in the fourth
//!   column and for each minicolumn one in the fourth row. Every row of that matrix holds each
//!   digit exactly once (in one of the three cells, or in the negative triad when the digit is
//!   not in that minirow), and so does every column. A digit that occurs in only one entry of
//!   a row or column is therefore asserted there: that is the hidden single of the box, of the
//!   line through the band, and of the minirow all at once. A cell with one digit left is a
//!   naked single; a negative triad with six digits left (a minirow holds exactly three) is
//!   asserted whole.
//!
//! Boxes tell their two bands which digits they asserted inside or outside which minirow
//! (configurations drop out), and bands tell their three boxes which triads remain (cells and
//! negative triads lose digits), until nothing changes. The search then branches on a digit
//! with the fewest configurations (two when there is one) in the band with the fewest
//! configurations left: one side fixes the digit's first configuration, the other drops it.
//!
//! A state where every band has one configuration per digit is a candidate solution; its grid
//! is read off the bands and checked (each box's nine digits on nine different cells, each
//! cell's digit allowed by the puzzle) before it is counted, so a contradiction the
//! propagation has not noticed yet can never be counted as a solution.
//!
//! The design follows the ideas of Tom Dillon's tdoku (the "triad" solver); the code is this
//! project's own.
//!
//! # Vectors
//!
//! The solver is generic over [`lanes::Lanes`]; the public functions use
//! [`lanes::Native`] (SSE through `safe_arch` on x86-64 with SSSE3/SSE4.1, the portable
//! `[u16; 8]` elsewhere). The `*_portable` functions run the portable path on any target so
//! that tests check both.

mod lanes;
mod solver;
mod tables;

use lanes::{Lanes, Native, Portable};
use solver::{Search, State};

fn search<V: Lanes>(
    start: Option<(State<V>, [u16; 81])>,
    limit: usize,
    solution: &mut [u8; 81],
) -> (usize, u64) {
    let Some((mut state, allowed)) = start else {
        return (0, 0);
    };
    if limit == 0 {
        return (0, 0);
    }
    let mut search = Search {
        limit,
        count: 0,
        nodes: 0,
        allowed: &allowed,
        solution,
    };
    search.run(&mut state);
    (search.count, search.nodes)
}

/// Counts the solutions of a standard 9×9 sudoku, stopping at `limit`. `givens[i]` is the
/// digit of cell `i` (row-major, 0 = empty, 1..=9). Returns the number found (at most
/// `limit`); when it is at least 1, `solution` holds the first one found. Givens that clash or
/// values above 9 give 0, never a panic; a `limit` of 0 returns 0 without searching.
pub fn count_solutions(givens: &[u8; 81], limit: usize, solution: &mut [u8; 81]) -> usize {
    count_solutions_with_nodes(givens, limit, solution).0
}

/// [`count_solutions`] that also returns the number of search nodes (branches tried).
pub fn count_solutions_with_nodes(
    givens: &[u8; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> (usize, u64) {
    search(State::<Native>::from_givens(givens), limit, solution)
}

/// Like [`count_solutions`], but from pencil marks: bit `d - 1` of `candidates[i]` set means
/// digit `d` is still possible in cell `i`; a cell with none makes the count 0. Bits above
/// bit 8 are ignored.
pub fn count_solutions_from_candidates(
    candidates: &[u16; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> usize {
    count_candidates_with_nodes(candidates, limit, solution).0
}

/// [`count_solutions_from_candidates`] that also returns the number of search nodes.
pub fn count_candidates_with_nodes(
    candidates: &[u16; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> (usize, u64) {
    search(
        State::<Native>::from_candidates(candidates),
        limit,
        solution,
    )
}

/// [`count_solutions`] on the portable vector implementation (whatever the target), so tests
/// can check it against the native one.
#[doc(hidden)]
pub fn count_solutions_portable(givens: &[u8; 81], limit: usize, solution: &mut [u8; 81]) -> usize {
    search(State::<Portable>::from_givens(givens), limit, solution).0
}

/// [`count_solutions_from_candidates`] on the portable vector implementation.
#[doc(hidden)]
pub fn count_candidates_portable(
    candidates: &[u16; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> usize {
    search(
        State::<Portable>::from_candidates(candidates),
        limit,
        solution,
    )
    .0
}
