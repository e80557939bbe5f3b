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
//!   the boxes' minirows (or minicolumns): the `CONFIG` table (`tables.rs`). A band is
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
//! The propagation and search are written once (`solver.rs`'s `triad_solver!`) and built for
//! four vector builds: `lanes::Portable` (plain `[u16; 8]` arrays, any target), SSE (through
//! `safe_arch`, no `unsafe`, on x86-64 with SSSE3/SSE4.1 enabled at compile time, which the
//! workspace's x86-64-v2 baseline does), AVX2 (a box matrix in one 256-bit register; chosen at
//! run time when the CPU has it, see `avx2.rs`) and the same compiled for AVX-512 VL/BW/BITALG
//! (chosen at run time likewise). The public functions use
//! the fastest build the machine runs; [`count_givens_on`] and [`count_candidates_on`] name
//! one, so that tests check every build.

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    target_feature = "sse4.1"
))]
mod avx2;
mod lanes;
mod matrix;
mod solver;
mod tables;

/// The portable build.
mod portable {
    type V = super::lanes::Portable;
    type M = super::matrix::Pair<V>;
    super::solver::triad_solver!();
}

/// The SSE build.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    target_feature = "sse4.1"
))]
mod sse {
    type V = super::lanes::Sse;
    type M = super::matrix::Pair<V>;
    super::solver::triad_solver!();
}

/// One build of the solver's vector code.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// Plain arrays of 16-bit lanes, on any target.
    Portable,
    /// 128-bit SSE registers (x86-64 compiled with SSSE3 and SSE4.1).
    Sse,
    /// A box in one 256-bit AVX2 register (x86-64 CPUs that have AVX2, detected at run time).
    Avx2,
    /// The AVX2 build compiled for AVX-512 VL/BW/BITALG (CPUs that have them, detected at run
    /// time).
    Avx512,
}

impl Build {
    /// Every build, fastest first.
    pub const ALL: [Build; 4] = [Build::Avx512, Build::Avx2, Build::Sse, Build::Portable];

    /// Whether this build was compiled in and this CPU can run it.
    pub fn available(self) -> bool {
        match self {
            Build::Portable => true,
            #[cfg(all(
                target_arch = "x86_64",
                target_feature = "ssse3",
                target_feature = "sse4.1"
            ))]
            Build::Sse => true,
            #[cfg(all(
                target_arch = "x86_64",
                target_feature = "ssse3",
                target_feature = "sse4.1"
            ))]
            Build::Avx2 | Build::Avx512 => self.width().is_some_and(avx2::available),
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// Which of the two wide (256-bit) builds this is, if either.
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "ssse3",
        target_feature = "sse4.1"
    ))]
    fn width(self) -> Option<avx2::Width> {
        match self {
            Build::Avx2 => Some(avx2::Width::Avx2),
            Build::Avx512 => Some(avx2::Width::Avx512),
            Build::Sse | Build::Portable => None,
        }
    }
}

/// The fastest build this machine runs (what the public entry points use).
#[inline]
fn fastest() -> Build {
    Build::ALL
        .into_iter()
        .find(|build| build.available())
        .unwrap_or(Build::Portable)
}

/// Counts with the given build: (solutions up to `limit`, branches tried), or `None` when
/// that build is not available here (see [`Build::available`]).
#[doc(hidden)]
pub fn count_givens_on(
    build: Build,
    givens: &[u8; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> Option<(usize, u64)> {
    match build {
        Build::Portable => Some(portable::count_givens(givens, limit, solution)),
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "ssse3",
            target_feature = "sse4.1"
        ))]
        Build::Sse => Some(sse::count_givens(givens, limit, solution)),
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "ssse3",
            target_feature = "sse4.1"
        ))]
        Build::Avx2 | Build::Avx512 => avx2::count_givens(build.width()?, givens, limit, solution),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// [`count_givens_on`] for pencil marks.
#[doc(hidden)]
pub fn count_candidates_on(
    build: Build,
    candidates: &[u16; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> Option<(usize, u64)> {
    match build {
        Build::Portable => Some(portable::count_candidates(candidates, limit, solution)),
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "ssse3",
            target_feature = "sse4.1"
        ))]
        Build::Sse => Some(sse::count_candidates(candidates, limit, solution)),
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "ssse3",
            target_feature = "sse4.1"
        ))]
        Build::Avx2 | Build::Avx512 => {
            avx2::count_candidates(build.width()?, candidates, limit, solution)
        }
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// Counts the solutions of a standard 9×9 sudoku, stopping at `limit`. `givens[i]` is the
/// digit of cell `i` (row-major, 0 = empty, 1..=9). Returns the number found (at most
/// `limit`); when it is at least 1, `solution` holds the first one found. Givens that clash or
/// values above 9 give 0, never a panic; a `limit` of 0 returns 0 without searching.
pub fn count_solutions(givens: &[u8; 81], limit: usize, solution: &mut [u8; 81]) -> usize {
    count_solutions_with_nodes(givens, limit, solution).0
}

/// [`count_solutions`] that also returns the number of search nodes (branches tried).
#[inline]
pub fn count_solutions_with_nodes(
    givens: &[u8; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> (usize, u64) {
    count_givens_on(fastest(), givens, limit, solution)
        .unwrap_or_else(|| portable::count_givens(givens, limit, solution))
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
    count_candidates_on(fastest(), candidates, limit, solution)
        .unwrap_or_else(|| portable::count_candidates(candidates, limit, solution))
}

/// [`count_solutions`] on the portable vector implementation (whatever the target), so tests
/// can check it against the native one.
#[doc(hidden)]
pub fn count_solutions_portable(givens: &[u8; 81], limit: usize, solution: &mut [u8; 81]) -> usize {
    portable::count_givens(givens, limit, solution).0
}

/// [`count_solutions_from_candidates`] on the portable vector implementation.
#[doc(hidden)]
pub fn count_candidates_portable(
    candidates: &[u16; 81],
    limit: usize,
    solution: &mut [u8; 81],
) -> usize {
    portable::count_candidates(candidates, limit, solution).0
}
