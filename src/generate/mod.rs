//! The puzzle generator: a random complete grid, random masking down to a minimal puzzle, then
//! tuned masking towards a level (the MCM 2008 paper "Ease and Toil", digest §4 of
//! `algorithms.md`).
//!
//! Every puzzle returned has exactly one solution (proved by the exact solver), and its level
//! is its rating's level ([`crate::logic::rating`]), so a level is a promise about the
//! techniques a player needs: easy needs only singles, evil needs chains or more.
//!
//! Every call has a deadline: a combination that cannot be reached (a hard 4×4 puzzle, say)
//! ends with [`GenerateError::Timeout`] naming the levels it did reach, never a hang.
//!
//! Determinism: the `index`-th puzzle of a seed comes from its own ChaCha8 stream
//! ([`rng::GenRng`]), so the same seed gives the same puzzles on any machine.

mod fill;
mod mask;
mod rng;
mod symmetry;
mod tune;

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::grid::{Geometry, Grid, Puzzle, SIZES, Variant};
pub use crate::logic::rating::Level;
use crate::logic::rating::{Rating, rate};

pub use fill::FillFailure;
pub use mask::is_unique;
pub use symmetry::{Symmetry, orbits};

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    /// Side length: 4, 9, 16, 25 or 36.
    pub size: usize,
    pub variant: Variant,
    /// The level to reach; `None` = any (random masking only).
    pub level: Option<Level>,
    /// The symmetry of the pattern of givens.
    pub symmetry: Symmetry,
    /// Only puzzles from which no given can be removed without losing uniqueness.
    pub minimal: bool,
    pub seed: u64,
    /// The time budget of one puzzle.
    pub timeout: Duration,
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
        }
    }
}

/// A generated puzzle with its (unique) solution and, when it was rated, its rating.
#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Grid,
    /// The rating (always present when a level was asked for).
    pub rating: Option<Rating>,
}

/// Why no puzzle was generated.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GenerateError {
    #[error("size {0} is not supported (expected 4, 9, 16, 25 or 36)")]
    UnsupportedSize(usize),
    #[error("{0}")]
    Unsupported(String),
    #[error("no complete {size}×{size} {variant} grid exists")]
    Unsatisfiable { size: usize, variant: Variant },
    #[error("{0}")]
    Timeout(String),
}

/// Generates one puzzle (the first of `options.seed`).
pub fn generate(options: &GenerateOptions) -> Result<Generated, GenerateError> {
    generate_nth(options, 0)
}

/// Generates the `index`-th puzzle of `options.seed` (what `generate --seed S --count N`
/// prints as its `index`-th line), independently of the others.
pub fn generate_nth(options: &GenerateOptions, index: u64) -> Result<Generated, GenerateError> {
    let geometry = check(options)?;
    let start = Instant::now();
    let deadline = start + options.timeout;
    let mut rng = rng::GenRng::new(options.seed, index);
    let orbits = symmetry::orbits(options.size, options.symmetry);
    let mut reached: Vec<Level> = Vec::new();
    let mut attempts = 0usize;
    while Instant::now() <= deadline {
        attempts += 1;
        let solution = match fill::fill(geometry, &mut rng, deadline) {
            Ok(grid) => grid,
            Err(FillFailure::Timeout) => break,
            Err(FillFailure::Unsatisfiable) => {
                return Err(GenerateError::Unsatisfiable {
                    size: options.size,
                    variant: options.variant,
                });
            }
        };
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        rng.shuffle(&mut order);
        let masked = mask::random_mask(&solution, &orbits, &order, deadline);
        if !masked.complete {
            break;
        }
        let found = match (options.level, options.minimal) {
            (Some(target), false) => {
                tune::along_sequence(&solution, &orbits, &masked.removed, target, &mut reached)
                    .map(|(givens, rating)| (givens, Some(rating)))
            }
            (level, minimal) => {
                let truly_minimal = !minimal
                    || options.symmetry == Symmetry::None
                    || mask::is_minimal(&masked.givens, deadline) == Some(true);
                if !truly_minimal {
                    continue;
                }
                let rating = rate(&Puzzle::from_grid(masked.givens.clone()));
                if !reached.contains(&rating.level) {
                    reached.push(rating.level);
                }
                match level {
                    Some(target) if rating.level != target => None,
                    _ => Some((masked.givens, Some(rating))),
                }
            }
        };
        if let Some((givens, rating)) = found {
            return Ok(Generated {
                puzzle: Puzzle::from_grid(givens),
                solution,
                rating,
            });
        }
    }
    Err(timeout_error(options, attempts, &reached))
}

/// Refuses what cannot work before any search starts.
fn check(options: &GenerateOptions) -> Result<&'static Geometry, GenerateError> {
    if !SIZES.contains(&options.size) {
        return Err(GenerateError::UnsupportedSize(options.size));
    }
    Geometry::get(options.size, options.variant)
        .map_err(|_| GenerateError::UnsupportedSize(options.size))
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
