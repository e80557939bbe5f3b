//! Random complete grids for every size and variant.
//!
//! A randomised depth-first search: naked and hidden singles propagate to a fixpoint, the cell
//! with the fewest candidates is filled next (ties broken at random), and its digits are tried
//! in random order. Because every digit order is equally likely, the process is symmetric under
//! relabelling the digits, so no cell favours any digit (`crates/sudoscope-lab/src/bin/generate_bench.rs` measures
//! the per-cell frequencies with a chi-square test).
//!
//! Random search on large grids has a heavy tail (an early bad choice can cost a long
//! refutation), so a search that exceeds its node budget restarts with fresh random choices and
//! a larger budget (a Las Vegas restart strategy). A search that finishes without solution and
//! without hitting the budget has proved that the empty grid has no solution.

use crate::exact::singles::{propagate_from, single_cells};
use crate::grid::{Digits, Geometry, Grid};
use crate::rng::{GenRng, RandomSource};

use super::stop::Stop;

/// Why no grid was produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillFailure {
    /// The search was exhaustive: this size and variant has no complete grid.
    Unsatisfiable,
    /// The deadline passed first.
    Timeout,
}

/// A random complete grid of the geometry's size and variant.
pub fn fill(geometry: &Geometry, rng: &mut GenRng, stop: Stop<'_>) -> Result<Grid, FillFailure> {
    let cells = geometry.cell_count();
    let mut budget = 4 * cells as u64;
    loop {
        let mut search = Search {
            geometry,
            rng: Some(&mut *rng),
            nodes: 0,
            budget,
            stop,
            stopped: None,
        };
        let start = vec![Digits::all(geometry.size()); cells];
        if let Some(cand) = search.run(start) {
            let digits = cand.iter().map(|m| m.first().unwrap_or(0)).collect();
            return Grid::from_cells(geometry, digits).map_err(|_| FillFailure::Unsatisfiable);
        }
        match search.stopped {
            None => return Err(FillFailure::Unsatisfiable),
            Some(FillFailure::Timeout) => return Err(FillFailure::Timeout),
            Some(FillFailure::Unsatisfiable) => budget = budget.saturating_mul(2),
        }
    }
}

/// What a bounded search of a candidate grid found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bounded {
    /// There is a solution.
    Solvable,
    /// There is none (the search was exhaustive).
    Refuted,
    /// The node budget or the deadline ran out first.
    Unknown,
}

/// Whether the candidate grid has a solution, searching at most `budget` nodes (the masker's
/// uniqueness check on large grids, see `super::mask`).
pub fn bounded_search(
    geometry: &Geometry,
    cand: Vec<Digits>,
    budget: u64,
    stop: Stop<'_>,
) -> Bounded {
    let mut search = Search {
        geometry,
        rng: None,
        nodes: 0,
        budget,
        stop,
        stopped: None,
    };
    match (search.run(cand), search.stopped) {
        (Some(_), _) => Bounded::Solvable,
        (None, None) => Bounded::Refuted,
        (None, Some(_)) => Bounded::Unknown,
    }
}

struct Search<'a> {
    geometry: &'a Geometry,
    /// Random choices when filling; `None` for a deterministic search.
    rng: Option<&'a mut GenRng>,
    nodes: u64,
    budget: u64,
    stop: Stop<'a>,
    /// Why the search gave up early: `Unsatisfiable` is used for "budget spent" (restart).
    stopped: Option<FillFailure>,
}

impl Search<'_> {
    /// Depth-first search from `cand`; `None` when refuted or stopped (see `stopped`).
    fn run(&mut self, cand: Vec<Digits>) -> Option<Vec<Digits>> {
        let fixed = single_cells(&cand);
        self.run_from(cand, fixed)
    }

    /// [`Search::run`] where only the cells of `fresh` may hold singles not yet propagated
    /// (a child node: its parent was at the fixpoint, and one cell was just set).
    fn run_from(&mut self, mut cand: Vec<Digits>, fresh: Vec<usize>) -> Option<Vec<Digits>> {
        if !propagate_from(self.geometry, &mut cand, fresh) {
            return None;
        }
        let Some(cell) = self.choose(&cand) else {
            return Some(cand);
        };
        let mut digits: Vec<u64> = bits(cand[cell].0).collect();
        if let Some(rng) = self.rng.as_mut() {
            rng.shuffle(&mut digits);
        }
        for bit in digits {
            self.nodes += 1;
            if self.nodes > self.budget {
                self.stopped = Some(FillFailure::Unsatisfiable);
                return None;
            }
            if self.nodes.is_multiple_of(256) && self.stop.reached() {
                self.stopped = Some(FillFailure::Timeout);
                return None;
            }
            let mut next = cand.clone();
            next[cell] = Digits(bit);
            if let Some(done) = self.run_from(next, vec![cell]) {
                return Some(done);
            }
            if self.stopped.is_some() {
                return None;
            }
        }
        None
    }

    /// An open cell with the fewest candidates, ties broken uniformly at random.
    fn choose(&mut self, cand: &[Digits]) -> Option<usize> {
        let mut best = u32::MAX;
        let mut chosen = None;
        let mut ties = 0;
        for (cell, &m) in cand.iter().enumerate() {
            let n = m.len();
            if n < 2 || n > best {
                continue;
            }
            if n < best {
                best = n;
                ties = 0;
            }
            ties += 1;
            let take = match self.rng.as_mut() {
                Some(rng) => rng.below(ties) == 0,
                None => ties == 1,
            };
            if take {
                chosen = Some(cell);
            }
        }
        chosen
    }
}

fn bits(mut m: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m & m.wrapping_neg();
            m ^= b;
            b
        })
    })
}

/// The givens plus every digit naked and hidden singles place, to their fixpoint; `None` on a
/// contradiction; complete exactly when singles alone solve the puzzle (the rating's "easy").
/// Microseconds, where the hint engine's walk takes about half a millisecond. The fixpoint
/// does not depend on the order singles are taken in (placing a
/// single never removes another), so it is the board the rating's walk reaches after its
/// singles, and its digits alone determine that board's candidates.
pub fn singles_closure(givens: &Grid) -> Option<Grid> {
    let geometry = givens.geometry();
    let mut cand = givens.candidates();
    if !crate::exact::singles::propagate(geometry, &mut cand) {
        return None;
    }
    let mut closed = givens.clone();
    for (cell, set) in cand.iter().enumerate() {
        if let (Some(digit), 0) = (set.single_digit(), closed.get(cell)) {
            closed.set(cell, digit);
        }
    }
    Some(closed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Variant;
    use std::time::{Duration, Instant};

    #[test]
    fn fills_valid_grids_of_every_small_size_and_variant() {
        let deadline = Instant::now() + Duration::from_secs(30);
        for size in [4, 9, 16] {
            for variant in Variant::CLASSIC {
                if variant == Variant::Hyper && size > 9 {
                    continue;
                }
                let geometry = Geometry::get(size, variant).unwrap();
                let mut rng = GenRng::new(3, 0);
                let grid = fill(geometry, &mut rng, Stop::at(deadline)).unwrap();
                assert!(grid.is_solved(), "{size} {variant}");
            }
        }
    }
}
