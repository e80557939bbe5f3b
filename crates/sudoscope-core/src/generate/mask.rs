//! Masking: taking givens away from a complete grid while the puzzle keeps exactly one
//! solution.
//!
//! Random masking (the MCM paper's first phase) tries the cell orbits in random order and
//! removes each one whose removal keeps the solution unique, proved by
//! [`crate::exact::count`] up to 2 (on standard 9×9 by a direct search for a second solution
//! that differs in a removed cell, see `keeps_unique`). The result is minimal with respect to orbits: putting any
//! one orbit back out would leave several solutions. The accepted removals, in order, are
//! returned too: the tuned phase (`super::tune`) walks that sequence to land on a level.
//!
//! On large grids a uniqueness check costs milliseconds, so removals are tried in batches: a
//! batch whose removal keeps the puzzle unique is accepted whole, a batch that does not is
//! halved. Removing part of a removable set keeps uniqueness, so this accepts exactly the
//! orbits that one-at-a-time masking in the same order would, with far fewer checks.

use crate::exact;
use crate::grid::{Grid, Puzzle, Variant};

use super::fill::{Bounded, bounded_search};
use super::stop::Stop;

/// Whether the givens have exactly one solution. Standard 9×9 goes straight to the
/// 9×9 solvers on a stack array (what `exact::count` does, without building a
/// `Puzzle`: this runs about 40 times per attempt).
pub fn is_unique(givens: &Grid) -> bool {
    let geometry = givens.geometry();
    if geometry.size() == 9 && geometry.variant() == Variant::Standard {
        let mut cells = [0u8; 81];
        cells.copy_from_slice(givens.cells());
        let mut solution = [0u8; 81];
        return exact::count_9x9(&cells, 2, &mut solution).0 == 1;
    }
    exact::count(&Puzzle::from_grid(givens.clone()), 2).solutions == 1
}

/// Whether the givens of a standard 9×9 grid alone leave empty cell `cell` one candidate
/// (its peers hold the eight digits other than its own): then every solution agrees there.
fn forced(givens: &[u8; 81], cell: usize) -> bool {
    let geometry = crate::grid::Geometry::get(9, Variant::Standard).expect("9×9");
    let mut seen = 0u16;
    for &p in geometry.peers(cell) {
        seen |= 1 << givens[p];
    }
    (seen >> 1 & 0x1FF).count_ones() == 8
}

/// How a removal is proved to keep the solution unique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Count solutions to 2 with the exact solver: the masked puzzle is minimal at the end.
    Exact,
    /// For each removed cell, search for a solution that differs from the known one there, at
    /// most this many nodes per cell; a search that runs out of nodes counts as "not
    /// removable". The puzzle stays provably unique but may not be minimal. Used on 25×25 and
    /// 36×36, where an exact count near the minimal puzzle takes seconds to minutes (measured:
    /// 25×25 checks past about 330 removals took 0.1–10 s each).
    Bounded(u64),
}

/// Whether `givens` (the solution minus `removed` and earlier removals, which kept it unique)
/// still has exactly one solution.
fn keeps_unique(
    check: Check,
    givens: &Grid,
    solution: &Grid,
    removed: &[usize],
    stop: Stop<'_>,
) -> bool {
    match check {
        Check::Exact => {
            let geometry = givens.geometry();
            if geometry.size() == 9 && geometry.variant() == Variant::Standard {
                // `givens` plus `removed` was unique with `solution`: a second solution must
                // differ from it in a removed cell. A cell the givens force cannot differ;
                // otherwise search for a solution that differs there (same decisions as
                // counting to 2, with no search time spent finding `solution` again).
                let mut g = [0u8; 81];
                g.copy_from_slice(givens.cells());
                if removed.iter().all(|&c| forced(&g, c)) {
                    return true;
                }
                let mut s = [0u8; 81];
                s.copy_from_slice(solution.cells());
                return !exact::fast9::differs_in(&g, &s, removed);
            }
            is_unique(givens)
        }
        Check::Bounded(budget) => {
            let base = givens.candidates();
            removed.iter().all(|&cell| {
                let mut cand = base.clone();
                cand[cell].remove(solution.get(cell));
                bounded_search(givens.geometry(), cand, budget, stop) == Bounded::Refuted
            })
        }
    }
}

/// The outcome of random masking.
pub struct Masked {
    /// The givens left (minimal with respect to orbits unless the deadline cut masking short).
    pub givens: Grid,
    /// Indices into the orbit list of the orbits removed, in the order they were removed.
    pub removed: Vec<usize>,
    /// Whether masking ran to the end (false: the deadline stopped it).
    pub complete: bool,
}

/// Removes orbits of `solution` in `order` while the puzzle stays unique.
pub fn random_mask(
    solution: &Grid,
    orbits: &[Vec<usize>],
    order: &[usize],
    check: Check,
    stop: Stop<'_>,
) -> Masked {
    let mut givens = solution.clone();
    let mut removed = Vec::new();
    // Small grids check one orbit at a time (a check is microseconds); large ones start with
    // batches of a sixteenth of the grid.
    let mut batch = if solution.size() <= 9 {
        1
    } else {
        (order.len() / 16).max(1)
    };
    let mut i = 0;
    while i < order.len() {
        if stop.reached() {
            return Masked {
                givens,
                removed,
                complete: false,
            };
        }
        let end = (i + batch).min(order.len());
        let cells: Vec<usize> = order[i..end]
            .iter()
            .flat_map(|&o| orbits[o].iter().copied())
            .collect();
        for &cell in &cells {
            givens.set(cell, 0);
        }
        if keeps_unique(check, &givens, solution, &cells, stop) {
            removed.extend_from_slice(&order[i..end]);
            i = end;
            continue;
        }
        for &cell in &cells {
            givens.set(cell, solution.get(cell));
        }
        if batch > 1 {
            batch /= 2;
        } else {
            i += 1;
        }
    }
    Masked {
        givens,
        removed,
        complete: true,
    }
}

/// The givens left after removing the first `k` orbits of `removed` from `solution`.
pub fn prefix(solution: &Grid, orbits: &[Vec<usize>], removed: &[usize], k: usize) -> Grid {
    let mut givens = solution.clone();
    for &o in &removed[..k] {
        for &cell in &orbits[o] {
            givens.set(cell, 0);
        }
    }
    givens
}

/// Whether no single given can be removed without losing uniqueness (checked cell by cell,
/// whatever the symmetry); `None` when the deadline passed first.
pub fn is_minimal(givens: &Grid, stop: Stop<'_>) -> Option<bool> {
    let mut work = givens.clone();
    for cell in 0..givens.cells().len() {
        let digit = givens.get(cell);
        if digit == 0 {
            continue;
        }
        if stop.reached() {
            return None;
        }
        work.set(cell, 0);
        let unique = is_unique(&work);
        work.set(cell, digit);
        if unique {
            return Some(false);
        }
    }
    Some(true)
}
