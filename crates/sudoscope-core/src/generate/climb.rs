//! The search for puzzles above what random puzzles reach (SE 9 and up): start from a hard
//! puzzle and mutate it — take an orbit of givens away, add one back elsewhere with digits
//! that fit, or both — keeping only puzzles with one solution, and climb on the rating.
//!
//! A random minimal puzzle rates 9.0 or more about once in a few hundred, and each such
//! rating costs the most; the field's hardest puzzles come from searching around known hard
//! ones instead. Here a move is kept when the new puzzle is no farther from the band than the
//! current one (ties are kept too, so the search drifts across plateaus of equal ER); a
//! puzzle above the band counts by how far above its bounded rating proves it is. After
//! [`PATIENCE`] rated neighbours without getting closer the search gives up on that start, and
//! the caller takes another.
//!
//! Moves act on whole orbits of the chosen symmetry, so the puzzles keep it. A neighbour the
//! caller must not return (see [`Avoid`](super::avoid::Avoid)) is passed over before it is
//! rated.
//!
//! For a band open at the top (`10.0..`) the ratings' ceiling is just below the band's floor:
//! a puzzle whose walk needs a step above it is in the band, proved without searching which
//! hard step it needs — the nested chains of SE's top ratings, the costliest search of all, are
//! never run during the climb.

use crate::exact;
use crate::grid::Grid;
use crate::logic::se::{Bounded, SeRating};
use crate::rng::{GenRng, RandomSource};

use super::band::{SeBand, rate_below};
use super::stop::Stop;

/// Rated neighbours without getting closer to the band before the search leaves a start.
const PATIENCE: usize = 40;

/// Random moves tried for one neighbour with one solution before giving up on the step.
const TRIES: usize = 200;

/// A puzzle on the climb: its givens, its solution and where its rating puts it.
#[derive(Clone)]
pub(crate) struct Point {
    pub givens: Grid,
    pub solution: Grid,
    /// The rating, when at most the ratings' ceiling (else only `distance` is known).
    pub rating: Option<SeRating>,
    /// Tenths from the band (a lower bound above it).
    pub distance: u32,
}

/// A puzzle found in the band: givens, solution, and the rating when it was worked out (a
/// band open at the top proves membership without it).
pub(crate) type Found = (Grid, Grid, Option<SeRating>);

/// The ceiling of the climb's ratings: the band's top, or for a band open at the top the
/// tenth below its floor (a rating above that is in the band).
pub(crate) fn ceiling(band: SeBand) -> u32 {
    if band.max == u32::MAX && band.min > 0 {
        band.min - 1
    } else {
        band.max
    }
}

impl Point {
    /// The point of a standard 9×9 puzzle with one solution, rated with the climb's ceiling.
    pub fn rate(givens: Grid, solution: Grid, band: SeBand, stop: Stop<'_>) -> Option<Point> {
        let (rating, distance) = match rate_below(&givens, ceiling(band), stop)? {
            Bounded::Rated(rating) => (Some(rating), band.distance(rating.er)),
            Bounded::Above(least) => (None, band.distance(least)),
        };
        Some(Point {
            givens,
            solution,
            rating,
            distance,
        })
    }

    /// The puzzle, its solution and its rating when it is in the band.
    pub fn in_band(&self) -> Option<Found> {
        (self.distance == 0).then(|| (self.givens.clone(), self.solution.clone(), self.rating))
    }
}

/// Climbs from `start` towards the band; the first puzzle found in it that `fresh` accepts,
/// with its solution and rating, or `None` once the start is given up or the stop is reached.
pub(crate) fn climb(
    start: Point,
    band: SeBand,
    orbits: &[Vec<usize>],
    fresh: &dyn Fn(&Grid) -> bool,
    rng: &mut GenRng,
    stop: Stop<'_>,
) -> Option<Found> {
    if let Some(found) = start.in_band().filter(|f| fresh(&f.0)) {
        return Some(found);
    }
    let mut current = start;
    let mut since_better = 0;
    while since_better < PATIENCE && !stop.reached() {
        let (givens, solution) = (0..TRIES).find_map(|_| {
            neighbour(&current.givens, &current.solution, orbits, rng)
                .filter(|(givens, _)| fresh(givens))
        })?;
        since_better += 1;
        let next = Point::rate(givens, solution, band, stop)?;
        if let Some(found) = next.in_band() {
            return Some(found);
        }
        if next.distance < current.distance {
            since_better = 0;
        }
        if next.distance <= current.distance {
            current = next;
        }
    }
    None
}

/// A random neighbour of a puzzle with one solution, with one solution too, and that solution.
/// Moves, each on whole orbits: remove a given orbit (harder, when it stays unique); or add
/// an empty orbit and remove another — the added cells take the solution's digits most of the
/// time (the puzzle keeps its solution, and only the removal can break uniqueness), else
/// digits their cells still allow (a move to another solution grid).
fn neighbour(
    givens: &Grid,
    solution: &Grid,
    orbits: &[Vec<usize>],
    rng: &mut GenRng,
) -> Option<(Grid, Grid)> {
    let given: Vec<&Vec<usize>> = orbits.iter().filter(|o| givens.get(o[0]) != 0).collect();
    let empty: Vec<&Vec<usize>> = orbits.iter().filter(|o| givens.get(o[0]) == 0).collect();
    if given.is_empty() {
        return None;
    }
    let mut next = givens.clone();
    let roll = rng.below(10);
    if roll >= 2 && !empty.is_empty() {
        let keep_solution = roll >= 4;
        for &cell in empty[rng.below(empty.len())] {
            let digit = if keep_solution {
                solution.get(cell)
            } else {
                let allowed = allowed_digits(&next, cell);
                if allowed.is_empty() {
                    return None;
                }
                allowed[rng.below(allowed.len())]
            };
            next.set(cell, digit);
        }
    }
    for &cell in given[rng.below(given.len())] {
        next.set(cell, 0);
    }
    if next.cells() == givens.cells() {
        return None;
    }
    let mut cells = [0u8; 81];
    cells.copy_from_slice(next.cells());
    let mut solved = [0u8; 81];
    if exact::count_9x9(&cells, 2, &mut solved).0 != 1 {
        return None;
    }
    let solution = Grid::from_cells(givens.geometry(), solved.to_vec()).ok()?;
    Some((next, solution))
}

/// The digits no peer of `cell` holds.
fn allowed_digits(grid: &Grid, cell: usize) -> Vec<u8> {
    let mut seen = 0u16;
    for &peer in grid.geometry().peers(cell) {
        seen |= 1 << grid.get(peer);
    }
    (1..=9u8).filter(|d| seen >> d & 1 == 0).collect()
}
