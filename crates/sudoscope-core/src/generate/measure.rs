//! Puzzles made to measure: in a band of Sudoku Explainer's ER ([`band`](super::band), and
//! above [`CLIMB_FROM`] the search of [`climb`](super::climb)), or drilling one technique
//! ([`needs`](super::needs)). Same seeds, deadlines and cancelling as the level generator:
//! puzzle `index` of a seed comes from its own random stream.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::exact;
use crate::grid::{Grid, Puzzle, Variant};
use crate::rng::RandomSource;

use super::band::{self, SeBand};
use super::climb::{Point, climb};
use super::needs::{Need, NeedCheck};
use super::stop::Stop;
use super::{Attempts, GenerateError, GenerateOptions, Generated, Symmetry, human, mask, symmetry};

/// The lowest ER (tenths) from which a band is searched for by climbing from hard puzzles
/// rather than by generating and rating: random puzzles rate 9.0 or more too rarely.
pub const CLIMB_FROM: u32 = 90;

/// The lowest ER the climb's generated starting puzzles have: a band this far below the band
/// asked for, but at least [`CLIMB_START_MIN`] — hard enough to start near it, common enough
/// among random puzzles to be found in milliseconds.
const CLIMB_START_BELOW: u32 = 12;
const CLIMB_START_MIN: u32 = 75;

/// What a puzzle is made to.
#[derive(Clone, Debug, PartialEq)]
pub enum Measure {
    /// SE's ER in the band (standard 9×9 only). `seeds`: puzzles to start the climb from
    /// (each with one solution); empty: start from puzzles generated here.
    Se {
        /// The band.
        band: SeBand,
        /// Where the search above the generated range starts.
        seeds: Vec<Grid>,
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
        Measure::Se { band, seeds } => {
            if options.size != 9 || options.variant != Variant::Standard {
                return Err(GenerateError::Unsupported(format!(
                    "an SE band is for 9×9 standard puzzles (Sudoku Explainer rates no other shape), not {}×{} {}",
                    options.size,
                    options.size,
                    options.variant.name()
                )));
            }
            if band.min >= CLIMB_FROM || !seeds.is_empty() {
                by_climbing(&mut attempts, options, *band, seeds)?
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

/// Climb from hard puzzles: the caller's seeds, or puzzles generated in a band below.
fn by_climbing(
    attempts: &mut Attempts<'_>,
    options: &GenerateOptions,
    band: SeBand,
    seeds: &[Grid],
) -> Result<Option<Generated>, GenerateError> {
    let stop = attempts.stop;
    // A caller's seeds need not be symmetric: moves then act on single cells.
    let orbits = if seeds.is_empty() {
        attempts.orbits.clone()
    } else {
        symmetry::orbits(9, Symmetry::None)
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
                    if minimal_enough(options, &givens, stop) {
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
            Point::rate(seed.clone(), solution, band, stop)
        };
        let Some(start) = start else {
            break;
        };
        if let Some((givens, solution, rating)) =
            climb(start, band, &orbits, &mut attempts.rng, stop)
            && minimal_enough(options, &givens, stop)
        {
            return Ok(Some(made(givens, solution, Some(rating))));
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
