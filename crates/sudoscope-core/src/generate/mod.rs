//! The puzzle generator: a random complete grid, random masking down to a minimal puzzle, then
//! tuned masking towards a level (after MCM 2008 team #3780, "Ease and Toil: Analyzing Sudoku",
//! whose generator removes givens while a rating stays within the target band).
//!
//! Every puzzle returned has exactly one solution (proved by the exact solver), and its level
//! is its rating's level ([`crate::logic::rating`]), so a level is a promise about the
//! techniques a player needs: easy needs only singles, evil needs chains or more.
//!
//! Every call has a deadline: a combination that cannot be reached (a hard 4×4 puzzle, say)
//! ends with [`GenerateError::Timeout`] naming the levels it did reach, never a hang.
//!
//! Determinism: the `index`-th puzzle of a seed comes from its own ChaCha8 stream
//! (a ChaCha8 stream), so the same seed gives the same puzzles on any machine.

mod avoid;
mod band;
mod climb;
mod disguise;
mod fill;
mod hard;
mod mask;
mod measure;
mod needs;
mod regions;
mod seeds;
mod shaped;
mod stop;
mod symmetry;
mod tune;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::grid::{Geometry, Grid, Puzzle, SIZES, Variant};
pub use crate::logic::rating::Level;
use crate::logic::rating::{Rating, rate};
use crate::logic::se::SeRating;
use crate::rng::{GenRng, RandomSource};

pub use avoid::Avoid;
pub use band::{BandError, SeBand};
pub use fill::FillFailure;
pub use mask::is_unique;
pub use measure::{
    CLIMB_FROM, Measure, SHIPPED_FROM, generate_measured_cancellable, generate_measured_nth,
};
pub use needs::{Need, NeedError, SE_RULES, SeRuleSpec, need_names};
pub use shaped::{
    HARD_MAX_NODES, KillerJudge, Shaped, ShapedOptions, generate_shaped, generate_shaped_with,
};
use stop::Stop;
pub use symmetry::{Symmetry, orbits};

/// Node budget per removed cell of the bounded uniqueness check on 25×25 and 36×36 grids
/// and on X and hyper grids from 16×16 (see [`mask::Check::Bounded`]): exact counts there
/// take seconds per check near the minimal puzzle (16×16 X: over a minute per puzzle).
const BOUNDED_CHECK_NODES: u64 = 200;

/// How many random masking orders one complete grid serves before a new one is filled.
const ORDERS_PER_GRID: usize = 32;

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    /// Side length: 4, 9, 16, 25 or 36.
    pub size: usize,
    /// The variant's extra houses.
    pub variant: Variant,
    /// The level to reach; `None` = any (random masking only).
    pub level: Option<Level>,
    /// The symmetry of the pattern of givens.
    pub symmetry: Symmetry,
    /// Only puzzles from which no given can be removed without losing uniqueness.
    pub minimal: bool,
    /// The seed: the same options and seed give the same puzzles on any machine.
    pub seed: u64,
    /// The time budget of one puzzle.
    pub timeout: Duration,
    /// Return the puzzle's full rating (score, hardest technique, WNEF). The level does not
    /// need it: the restricted logical walks that steer the masking already certify it (see
    /// `tune`), so callers that only want puzzles (`generate --format text`) skip the one
    /// full rating per puzzle, which is about 40% of an evil puzzle's time.
    pub rate: bool,
}

impl Default for GenerateOptions {
    /// A medium 9×9 standard puzzle with rotational symmetry, seed 0, 10 s budget.
    fn default() -> GenerateOptions {
        GenerateOptions {
            size: 9,
            variant: Variant::Standard,
            level: Some(Level::Medium),
            symmetry: Symmetry::Rotational,
            minimal: false,
            seed: 0,
            timeout: Duration::from_secs(10),
            rate: true,
        }
    }
}

/// A generated puzzle with its (unique) solution and, when it was rated, its rating.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle: its givens, in its size's default alphabet.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Grid,
    /// The full rating, present when [`GenerateOptions::rate`] is set (and whenever a level
    /// was asked for with `minimal`, where the level comes from it).
    pub rating: Option<Rating>,
    /// Sudoku Explainer's rating, present for puzzles made to an SE band
    /// ([`Measure::Se`]), where choosing the puzzle worked it out (for a band open at the
    /// top from [`CLIMB_FROM`] up, only when [`GenerateOptions::rate`] is set: membership is
    /// proved without it).
    pub se: Option<SeRating>,
}

/// Why no puzzle was generated.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GenerateError {
    #[error("size {0} is not supported (expected 4, 9, 16, 25 or 36)")]
    /// A side length the generator does not make.
    UnsupportedSize(usize),
    #[error("{0}")]
    /// A combination of options it cannot serve (said in words).
    Unsupported(String),
    #[error("no complete {size}×{size} {variant} grid exists")]
    /// No complete grid of this size and variant exists.
    Unsatisfiable {
        /// N, the side length.
        size: usize,
        /// The variant asked for.
        variant: Variant,
    },
    #[error("{0}")]
    /// The time budget ran out (said in words, with what was reached).
    Timeout(String),
    /// The caller cancelled (see [`generate_cancellable`]).
    #[error("generation cancelled")]
    Cancelled,
}

/// The levels the generator reaches for a size and variant within the game's time budget,
/// as measured (README, "Which levels each size reaches"): every 4×4 puzzle falls to singles,
/// so 4×4 is easy only and asking it for more searches until the deadline; 25×25 hyper found
/// no hard puzzle in 60 s (10 attempts, each a few seconds); 9×9, 16×16 and the other 25×25
/// variants reach all four levels within seconds. The game's new-game dialog offers only
/// these.
pub fn reachable_levels(size: usize, variant: Variant) -> &'static [Level] {
    match (size, variant) {
        (4, _) => &[Level::Easy],
        (25, Variant::Hyper) => &[Level::Easy, Level::Medium],
        _ => &Level::ALL,
    }
}

/// Generates one puzzle (the first of `options.seed`).
pub fn generate(options: &GenerateOptions) -> Result<Generated, GenerateError> {
    generate_nth(options, 0)
}

/// Generates the `index`-th puzzle of `options.seed` (what `generate --seed S --count N`
/// prints as its `index`-th line), independently of the others.
pub fn generate_nth(options: &GenerateOptions, index: u64) -> Result<Generated, GenerateError> {
    let deadline = Instant::now() + options.timeout;
    generate_until(options, index, Stop::at(deadline))
}

/// [`generate`] that also gives up, with [`GenerateError::Cancelled`], as soon as `cancel`
/// is set: the game's generation worker polls it, so Esc stops the work, not just the wait.
pub fn generate_cancellable(
    options: &GenerateOptions,
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    if !options.variant.is_classic() {
        return shaped_for_game(options, cancel);
    }
    let deadline = Instant::now() + options.timeout;
    generate_until(options, 0, Stop::at_or_cancelled(deadline, cancel))
}

/// A killer or jigsaw for the game's one call ([`generate_cancellable`]), made by
/// [`generate_shaped`] within the options' time budget; a cancellation drops the answer.
fn shaped_for_game(
    options: &GenerateOptions,
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let cancelled = || cancel.load(std::sync::atomic::Ordering::Relaxed);
    if cancelled() {
        return Err(GenerateError::Cancelled);
    }
    let shaped = generate_shaped(
        &ShapedOptions {
            variant: options.variant,
            size: options.size,
            level: options.level,
            givens: false,
            seed: options.seed,
            timeout: options.timeout,
        },
        0,
    )?;
    if cancelled() {
        return Err(GenerateError::Cancelled);
    }
    Ok(Generated {
        puzzle: shaped.puzzle,
        solution: shaped.solution,
        rating: shaped.rating,
        se: None,
    })
}

fn generate_until(
    options: &GenerateOptions,
    index: u64,
    stop: Stop<'_>,
) -> Result<Generated, GenerateError> {
    let mut attempts = Attempts::new(options, index, stop)?;
    let mut reached: Vec<Level> = Vec::new();
    let level_check = tune::LevelCheck::new();
    let mut unpinned: Vec<(Grid, Level)> = Vec::new();
    while let Some((solution, masked)) = attempts.next()? {
        let found = match (options.level, options.minimal) {
            (Some(target), false) => tune::along_sequence(
                &level_check,
                &solution,
                &attempts.orbits,
                &masked.removed,
                target,
                options.rate,
                &mut reached,
                &mut unpinned,
                attempts.count,
            ),
            (level, minimal) => {
                let truly_minimal = !minimal
                    || options.symmetry == Symmetry::None
                    || mask::is_minimal(&masked.givens, stop) == Some(true);
                if !truly_minimal {
                    continue;
                }
                if level.is_none() && !options.rate {
                    Some((masked.givens, None))
                } else {
                    let rating = rate(&Puzzle::from_grid(masked.givens.clone()));
                    if !reached.contains(&rating.level) {
                        reached.push(rating.level);
                    }
                    match level {
                        Some(target) if rating.level != target => None,
                        _ => Some((masked.givens, Some(rating))),
                    }
                }
            }
        };
        if let Some((givens, rating)) = found {
            return Ok(Generated {
                puzzle: Puzzle::from_grid(givens),
                solution,
                rating,
                se: None,
            });
        }
    }
    if stop.cancelled() {
        return Err(GenerateError::Cancelled);
    }
    tune::pin_levels(&level_check, &unpinned, &mut reached);
    Err(timeout_error(options, attempts.count, &reached))
}

/// The generator's first phase, one attempt at a time: a random complete grid (kept for
/// [`ORDERS_PER_GRID`] attempts) masked in a random order of orbits down to a puzzle that is
/// minimal with respect to them. Every way of choosing a puzzle (by level, by SE band, by
/// technique) starts from these.
pub(crate) struct Attempts<'s> {
    options: GenerateOptions,
    geometry: &'static crate::grid::Geometry,
    pub(crate) rng: GenRng,
    pub(crate) orbits: Vec<Vec<usize>>,
    /// Attempts made so far.
    pub(crate) count: usize,
    current: Option<Grid>,
    pub(crate) stop: Stop<'s>,
    /// Mask the cells of one random digit first (see [`Attempts::digit_first`]).
    digit_first: bool,
}

impl<'s> Attempts<'s> {
    /// The attempts for puzzle `index` of the options' seed, refusing options that cannot work.
    pub(crate) fn new(
        options: &GenerateOptions,
        index: u64,
        stop: Stop<'s>,
    ) -> Result<Attempts<'s>, GenerateError> {
        let geometry = check(options)?;
        Ok(Attempts {
            options: options.clone(),
            geometry,
            rng: GenRng::new(options.seed, index),
            orbits: symmetry::orbits(options.size, options.symmetry),
            count: 0,
            current: None,
            stop,
            digit_first: false,
        })
    }

    /// Makes every masking try the orbits holding one random digit (of the solution) before
    /// the others, in random order within each group. Those cells are all removable at the
    /// start, so the puzzles keep that digit at most once or twice: what a jellyfish needs —
    /// with seven or fewer lines open for a digit, every jellyfish has a complementary fish
    /// of three lines or fewer (rated lower), so only a digit placed at most once is drilled.
    pub(crate) fn digit_first(&mut self) {
        self.digit_first = true;
    }

    /// The next complete grid and its masking, `None` once the stop is reached.
    pub(crate) fn next(&mut self) -> Result<Option<(Grid, mask::Masked)>, GenerateError> {
        let options = &self.options;
        if self.stop.reached() {
            return Ok(None);
        }
        self.count += 1;
        // A grid serves several masking orders before a new one is filled: on 9×9 one fill
        // costs more than one masking, and the orders alone give very different puzzles.
        if (self.count - 1).is_multiple_of(ORDERS_PER_GRID) {
            self.current = None;
        }
        let filled = if let Some(grid) = &self.current {
            Ok(grid.clone())
        } else if seeds::has_seed(self.geometry) {
            seeds::random_image(self.geometry, &mut self.rng)
                .ok_or_else(|| unsupported_hyper(options))
        } else {
            fill::fill(self.geometry, &mut self.rng, self.stop).map_err(|failure| match failure {
                FillFailure::Timeout => None,
                FillFailure::Unsatisfiable => Some(GenerateError::Unsatisfiable {
                    size: options.size,
                    variant: options.variant,
                }),
            })
        };
        let solution = match filled {
            Ok(grid) => grid,
            Err(None) => return Ok(None),
            Err(Some(error)) => return Err(error),
        };
        self.current = Some(solution.clone());
        let mut order: Vec<usize> = (0..self.orbits.len()).collect();
        self.rng.shuffle(&mut order);
        if self.digit_first {
            let digit = 1 + self.rng.below(solution.size()) as u8;
            let holds = |o: &usize| self.orbits[*o].iter().any(|&c| solution.get(c) == digit);
            let (mut first, rest): (Vec<usize>, Vec<usize>) = order.iter().partition(|o| holds(o));
            first.extend(rest);
            order = first;
        }
        let bounded =
            options.size >= 25 || (options.size >= 16 && options.variant != Variant::Standard);
        let check = if bounded && !options.minimal {
            mask::Check::Bounded(BOUNDED_CHECK_NODES)
        } else {
            mask::Check::Exact
        };
        let masked = mask::random_mask(&solution, &self.orbits, &order, check, self.stop);
        if !masked.complete {
            return Ok(None);
        }
        Ok(Some((solution, masked)))
    }
}

/// The `index`-th random complete grid of a seed for this size and variant (the first step of
/// [`generate_nth`], exposed for measurements such as the positional-bias test).
pub fn random_grid(
    size: usize,
    variant: Variant,
    seed: u64,
    index: u64,
    timeout: Duration,
) -> Result<Grid, GenerateError> {
    let options = GenerateOptions {
        size,
        variant,
        seed,
        timeout,
        ..GenerateOptions::default()
    };
    let geometry = check(&options)?;
    let mut rng = GenRng::new(seed, index);
    if seeds::has_seed(geometry) {
        return seeds::random_image(geometry, &mut rng).ok_or_else(|| {
            unsupported_hyper(&options).unwrap_or(GenerateError::UnsupportedSize(size))
        });
    }
    fill::fill(geometry, &mut rng, Stop::at(Instant::now() + timeout)).map_err(|failure| {
        match failure {
            FillFailure::Timeout => timeout_error(&options, 1, &[]),
            FillFailure::Unsatisfiable => GenerateError::Unsatisfiable { size, variant },
        }
    })
}

/// Refuses what cannot work before any search starts.
fn check(options: &GenerateOptions) -> Result<&'static Geometry, GenerateError> {
    if !SIZES.contains(&options.size) {
        return Err(GenerateError::UnsupportedSize(options.size));
    }
    let geometry = Geometry::get(options.size, options.variant)
        .map_err(|_| GenerateError::UnsupportedSize(options.size))?;
    if !seeds::supported(geometry) {
        return Err(
            unsupported_hyper(options).unwrap_or(GenerateError::UnsupportedSize(options.size))
        );
    }
    Ok(geometry)
}

/// Hyper grids above 9×9 come from stored seeds (see `seeds`); sizes without one are refused.
fn unsupported_hyper(options: &GenerateOptions) -> Option<GenerateError> {
    let n = options.size;
    Some(GenerateError::Unsupported(format!(
        "hyper {n}×{n} is not supported: random search does not fill an empty hyper grid this large, and no stored grid exists for it (hyper works for 4×4 to 25×25)"
    )))
}

fn timeout_error(options: &GenerateOptions, attempts: usize, reached: &[Level]) -> GenerateError {
    let n = options.size;
    let what = match options.level {
        Some(level) => format!("{level} "),
        None => String::new(),
    };
    let minimal = if options.minimal { "minimal " } else { "" };
    let variant = match options.variant {
        Variant::Standard => String::new(),
        v => format!("{v} "),
    };
    let mut levels: Vec<Level> = reached.to_vec();
    levels.sort();
    let levels: Vec<&str> = levels.iter().map(|l| l.id()).collect();
    let reached = if levels.is_empty() {
        String::new()
    } else {
        format!("; levels reached: {}", levels.join(", "))
    };
    GenerateError::Timeout(format!(
        "no {minimal}{what}{n}×{n} {variant}puzzle with {} symmetry found within {} ({attempts} attempts{reached})",
        options.symmetry,
        human(options.timeout),
    ))
}

fn human(d: Duration) -> String {
    if d.as_millis() < 1000 {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}
