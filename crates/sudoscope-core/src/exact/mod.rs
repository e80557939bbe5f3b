//! Exact solvers: two for standard 9×9 puzzles and a generic propagating solver for every
//! size and variant. All count solutions up to a limit, which is how uniqueness is proved
//! (count to 2) and what the generator calls in its inner loop.
//!
//! The two 9×9 solvers win on different puzzles, so [`count_9x9`] uses both: `fast9`
//! (bit-parallel bands, cheap propagation, cheapest per guess) finishes the puzzles that need
//! few guesses — most puzzles people solve, and every check of the generator — which its
//! first propagation forecasts (few open cells left), and `triad`
//! (band configurations and box matrices over SIMD lanes, much stronger propagation at a
//! higher cost per guess) takes over the hard ones, where it needs about 2.5 times fewer
//! guesses.

// The solvers are reached from outside only through `count`/`solve` and, for harnesses, the
// `lab` module: what only harnesses use is dead without it.
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
pub(crate) mod fast9;
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
pub(crate) mod generic;
pub(crate) mod singles;
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
pub(crate) mod triad;

use crate::grid::{Digits, Grid, Puzzle, Variant};

/// The outcome of counting a puzzle's solutions up to a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit.
    pub solutions: usize,
    /// The first solution found, when there is one.
    pub first: Option<Grid>,
    /// Search nodes visited (guesses tried), the exact solver's unit of work.
    pub nodes: u64,
}

/// What solving a puzzle (and proving uniqueness) found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions; the grid is the first one found.
    Multiple(Grid),
}

/// The most cells `fast9`'s first propagation may leave open for [`count_9x9`] to let it
/// search; a puzzle with more goes to `triad` at once. Measured (node counts per bucket of
/// five open cells on the 17-clue, magictour and forum_hardest files, then the exact bench
/// with limits of 45 and 50; see the README's benchmark section): at 45 or more open cells
/// `fast9` needs about three times `triad`'s guesses, which outweighs its lower cost per
/// guess.
pub const FAST9_MAX_OPEN_CELLS: u32 = 44;

/// Guesses `fast9` may still spend on a puzzle it was given before [`count_9x9`] hands it to
/// `triad` (a safety net for the puzzle the open-cell forecast gets wrong; below the limit
/// above, `fast9` rarely needs more than a dozen).
pub const FAST9_GUESS_BUDGET: u64 = 32;

/// Counts the solutions of a standard 9×9 puzzle (`givens[i]`: 0 empty, 1..=9 a digit),
/// stopping at `limit`; returns (solutions found, search nodes). When at least one is found,
/// `solution` holds the first. `fast9` takes the puzzles its first propagation leaves with at
/// most [`FAST9_MAX_OPEN_CELLS`] open cells (within [`FAST9_GUESS_BUDGET`] guesses), `triad`
/// the others (the nodes reported include an abandoned attempt's).
pub fn count_9x9(givens: &[u8; 81], limit: usize, solution: &mut [u8; 81]) -> (usize, u64) {
    match fast9::count_if_easy(
        givens,
        limit,
        FAST9_MAX_OPEN_CELLS,
        FAST9_GUESS_BUDGET,
        solution,
    ) {
        Ok(done) => done,
        Err(spent) => {
            let (solutions, nodes) = triad::count_solutions_with_nodes(givens, limit, solution);
            (solutions, nodes + spent)
        }
    }
}

/// Counts the solutions of a puzzle, stopping at `limit` (at least 1), with the fastest solver
/// that handles it.
pub fn count(puzzle: &Puzzle, limit: usize) -> Count {
    let limit = limit.max(1);
    let geometry = puzzle.geometry();
    if geometry.size() == 9 && geometry.variant() == Variant::Standard {
        let mut solution = [0u8; 81];
        let (solutions, nodes) = match &puzzle.pencilmarks {
            None => {
                let mut givens = [0u8; 81];
                givens.copy_from_slice(puzzle.givens.cells());
                count_9x9(&givens, limit, &mut solution)
            }
            Some(marks) => {
                let mut masks = [0u16; 81];
                for (mask, set) in masks.iter_mut().zip(marks) {
                    *mask = set.0 as u16;
                }
                triad::count_candidates_with_nodes(&masks, limit, &mut solution)
            }
        };
        let first = (solutions > 0)
            .then(|| Grid::from_cells(geometry, solution.to_vec()).ok())
            .flatten();
        return Count {
            solutions,
            first,
            nodes,
        };
    }
    count_generic(geometry, &puzzle.candidates(), limit)
}

/// Counts with the generic solver only (any size and variant; also the cross-check of the
/// 9×9 solver in tests).
pub fn count_generic(
    geometry: &crate::grid::Geometry,
    candidates: &[Digits],
    limit: usize,
) -> Count {
    let mut solution = Vec::new();
    let mut solver = generic::Solver::default();
    let solutions = solver.count(geometry, candidates, limit.max(1), &mut solution);
    let first = (solutions > 0)
        .then(|| Grid::from_cells(geometry, solution).ok())
        .flatten();
    Count {
        solutions,
        first,
        nodes: solver.nodes(),
    }
}

/// Solves a puzzle and proves whether the solution is unique.
pub fn solve(puzzle: &Puzzle) -> Solution {
    let found = count(puzzle, 2);
    match (found.solutions, found.first) {
        (1, Some(grid)) => Solution::Unique(grid),
        (n, Some(grid)) if n >= 2 => Solution::Multiple(grid),
        _ => Solution::None,
    }
}
