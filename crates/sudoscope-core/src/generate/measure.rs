//! Puzzles made to measure: in a band of Sudoku Explainer's ER ([`band`](super::band), and
//! above [`CLIMB_FROM`] the search of [`climb`](super::climb)), or drilling one technique
//! ([`needs`](super::needs)). Same seeds, deadlines and cancelling as the level generator:
//! puzzle `index` of a seed comes from its own random stream.

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::canon::Cells;
use crate::exact;
use crate::grid::{Grid, Puzzle, Variant};
use crate::logic::se::Bounded;
use crate::rng::RandomSource;

use super::avoid::{Avoid, form_of};
use super::band::{self, SeBand};
use super::climb::{Point, climb};
use super::disguise::disguise;
use super::hard;
use super::needs::{Need, NeedCheck};
use super::stop::Stop;
use super::{Attempts, GenerateError, GenerateOptions, Generated, Symmetry, human, mask, symmetry};

/// The lowest ER (tenths) from which a band is searched for by climbing from hard puzzles
/// rather than by generating and rating: random puzzles rate 9.0 or more too rarely.
pub const CLIMB_FROM: u32 = 90;

/// From this ER (tenths) up, without the caller's seeds, the climb starts from the hard
/// puzzles this project ships (`generate::hard`): puzzles generated here start too far below
/// (the climb from them found none at 10.0 in 10 minutes).
pub const SHIPPED_FROM: u32 = 95;

/// How far below the band (tenths) a caller's seed may rate and still be climbed from; a
/// seed farther below (an easy puzzle of a mixed collection) costs one rating and is passed
/// over.
const START_REACH: u32 = 20;

/// The lowest ER the climb's generated starting puzzles have: a band this far below the band
/// asked for, but at least [`CLIMB_START_MIN`] — hard enough to start near it, common enough
/// among random puzzles to be found in milliseconds.
const CLIMB_START_BELOW: u32 = 12;
const CLIMB_START_MIN: u32 = 75;

/// What a puzzle is made to.
#[derive(Clone, Debug, PartialEq)]
pub enum Measure {
    /// SE's ER in the band (standard 9×9 only). `seeds`: puzzles to start the climb from
    /// (each with one solution); empty: start from puzzles generated here, or from
    /// [`SHIPPED_FROM`] up from the hard puzzles this project ships.
    Se {
        /// The band.
        band: SeBand,
        /// Where the search above the generated range starts.
        seeds: Vec<Grid>,
        /// Puzzles the climb must not return, nor anything equivalent to them (`--fresh`).
        avoid: Avoid,
    },
    /// The logical path uses the technique and nothing rated above it.
    Needs(Need),
}

/// Generates the `index`-th puzzle of `options.seed` made to `measure` (`options.level` is
/// not used; with `minimal` only minimal puzzles are kept).
pub fn generate_measured_nth(
    options: &GenerateOptions,
    measure: &Measure,
    index: u64,
) -> Result<Generated, GenerateError> {
    let deadline = Instant::now() + options.timeout;
    measured_until(options, measure, index, Stop::at(deadline))
}

/// [`generate_measured_nth`] for puzzle 0 that also stops, with [`GenerateError::Cancelled`],
/// as soon as `cancel` is set.
pub fn generate_measured_cancellable(
    options: &GenerateOptions,
    measure: &Measure,
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let deadline = Instant::now() + options.timeout;
    measured_until(options, measure, 0, Stop::at_or_cancelled(deadline, cancel))
}

fn measured_until(
    options: &GenerateOptions,
    measure: &Measure,
    index: u64,
    stop: Stop<'_>,
) -> Result<Generated, GenerateError> {
    let mut attempts = Attempts::new(options, index, stop)?;
    let found = match measure {
        Measure::Se { band, seeds, avoid } => {
            if options.size != 9 || options.variant != Variant::Standard {
                return Err(GenerateError::Unsupported(format!(
                    "an SE band is for 9×9 standard puzzles (Sudoku Explainer rates no other shape), not {}×{} {}",
                    options.size,
                    options.size,
                    options.variant.name()
                )));
            }
            if band.min >= CLIMB_FROM || !seeds.is_empty() {
                by_climbing(&mut attempts, options, *band, seeds, avoid)?
            } else {
                by_rating(&mut attempts, options, *band)?
            }
        }
        Measure::Needs(need) => by_technique(&mut attempts, options, need)?,
    };
    if let Some(generated) = found {
        return Ok(generated);
    }
    if stop.cancelled() {
        return Err(GenerateError::Cancelled);
    }
    let what = match measure {
        Measure::Se { band, .. } => format!("with SE ER {band}"),
        Measure::Needs(need) => format!("needing {need}"),
    };
    Err(GenerateError::Timeout(format!(
        "no {}×{} puzzle {what} found within {} ({} attempts)",
        options.size,
        options.size,
        human(options.timeout),
        attempts.count
    )))
}

/// Whether masked givens may be kept under `--minimal`.
fn minimal_enough(options: &GenerateOptions, givens: &Grid, stop: Stop<'_>) -> bool {
    !options.minimal
        || options.symmetry == Symmetry::None
        || mask::is_minimal(givens, stop) == Some(true)
}

/// Generate and rate, with the bounded rating along each removal sequence.
fn by_rating(
    attempts: &mut Attempts<'_>,
    options: &GenerateOptions,
    band: SeBand,
) -> Result<Option<Generated>, GenerateError> {
    let stop = attempts.stop;
    while let Some((solution, masked)) = attempts.next()? {
        let removed: &[usize] = &masked.removed;
        let found = if options.minimal {
            if !minimal_enough(options, &masked.givens, stop) {
                continue;
            }
            // Only the whole sequence's end is minimal: rate it alone.
            band::rate_in(&masked.givens, band, stop).map(|rating| (masked.givens, rating))
        } else {
            band::along_sequence(&solution, &attempts.orbits, removed, band, stop)
        };
        if let Some((givens, rating)) = found {
            return Ok(Some(made(givens, solution, Some(rating))));
        }
    }
    Ok(None)
}

/// Climb from hard puzzles: the caller's seeds, the shipped hard puzzles ([`hard`]) from
/// [`SHIPPED_FROM`] up, or puzzles generated in a band below.
fn by_climbing(
    attempts: &mut Attempts<'_>,
    options: &GenerateOptions,
    band: SeBand,
    seeds: &[Grid],
    avoid: &Avoid,
) -> Result<Option<Generated>, GenerateError> {
    let stop = attempts.stop;
    let seeds: &[Grid] = if seeds.is_empty() && band.min >= SHIPPED_FROM {
        hard::seeds()
    } else {
        seeds
    };
    // Seeds need not be symmetric: moves then act on single cells.
    let orbits = if seeds.is_empty() {
        attempts.orbits.clone()
    } else {
        symmetry::orbits(9, Symmetry::None)
    };
    // The starts used so far: a search from known puzzles must not hand one of them back.
    let started: RefCell<HashSet<Cells>> = RefCell::new(HashSet::new());
    let fresh = |givens: &Grid| {
        form_of(givens).is_some_and(|form| {
            !avoid.contains_form(&form)
                && !hard::is_shipped(&form)
                && !started.borrow().contains(&form)
        })
    };
    let start_band = SeBand {
        min: band
            .min
            .saturating_sub(CLIMB_START_BELOW)
            .max(CLIMB_START_MIN)
            .min(band.min),
        max: band.max,
    };
    while !stop.reached() {
        let start = if seeds.is_empty() {
            let Some((solution, masked)) = attempts.next()? else {
                break;
            };
            match band::along_sequence(
                &solution,
                &attempts.orbits,
                &masked.removed,
                start_band,
                stop,
            ) {
                Some((givens, rating)) if band.contains(rating.er) => {
                    if fresh(&givens) && minimal_enough(options, &givens, stop) {
                        return Ok(Some(made(givens, solution, Some(rating))));
                    }
                    continue;
                }
                Some((givens, _)) => Point::rate(givens, solution, band, stop),
                None => continue,
            }
        } else {
            attempts.count += 1;
            let seed = &seeds[attempts.rng.below(seeds.len())];
            let Some(solution) = solution_of(seed) else {
                continue;
            };
            if let Some(form) = form_of(seed) {
                started.borrow_mut().insert(form);
            }
            // Climb from a random equivalent: SE's rating of equivalent puzzles can differ
            // (its chain search follows the cell order), so the puzzle rated during
            // the climb must be the one returned.
            let (seed, solution) = disguise(seed.clone(), solution, &mut attempts.rng);
            match Point::rate(seed, solution, band, stop) {
                // Too far below to climb from (an easy puzzle of a mixed collection).
                Some(point) if point.rating.is_some() && point.distance > START_REACH => continue,
                point => point,
            }
        };
        let Some(start) = start else {
            break;
        };
        if let Some((givens, solution, rating)) =
            climb(start, band, &orbits, &fresh, &mut attempts.rng, stop)
            && minimal_enough(options, &givens, stop)
        {
            // A band open at the top was proved without the full rating; the caller who wants
            // it (JSON records) gets it worked out once, here.
            let rating = match rating {
                Some(rating) => Some(rating),
                None if options.rate => match band::rate_below(&givens, u32::MAX, stop) {
                    Some(Bounded::Rated(rating)) => Some(rating),
                    _ => None,
                },
                None => None,
            };
            return Ok(Some(made(givens, solution, rating)));
        }
    }
    Ok(None)
}

/// The one solution of standard 9×9 givens, if they have exactly one.
fn solution_of(givens: &Grid) -> Option<Grid> {
    let mut cells = [0u8; 81];
    if givens.cells().len() != 81 {
        return None;
    }
    cells.copy_from_slice(givens.cells());
    let mut solved = [0u8; 81];
    if exact::count_9x9(&cells, 2, &mut solved).0 != 1 {
        return None;
    }
    Grid::from_cells(givens.geometry(), solved.to_vec()).ok()
}

/// Generate along removal sequences until one drills the technique.
fn by_technique(
    attempts: &mut Attempts<'_>,
    options: &GenerateOptions,
    need: &Need,
) -> Result<Option<Generated>, GenerateError> {
    if let Need::Se(rule) = need
        && (options.size != 9 || options.variant != Variant::Standard)
    {
        return Err(GenerateError::Unsupported(format!(
            "{} is a Sudoku Explainer rule: SE's path exists for 9×9 standard puzzles only",
            rule.id
        )));
    }
    let stop = attempts.stop;
    let check = NeedCheck::new(need);
    if need.wants_digit_first() {
        attempts.digit_first();
    }
    while let Some((solution, masked)) = attempts.next()? {
        if options.minimal && !minimal_enough(options, &masked.givens, stop) {
            continue;
        }
        let found = check.along_sequence(
            &solution,
            &attempts.orbits,
            &masked.removed,
            options.minimal,
            stop,
        );
        if let Some(givens) = found {
            return Ok(Some(made(givens, solution, None)));
        }
    }
    Ok(None)
}

fn made(givens: Grid, solution: Grid, se: Option<crate::logic::se::SeRating>) -> Generated {
    Generated {
        puzzle: Puzzle::from_grid(givens),
        solution,
        rating: None,
        se,
    }
}
