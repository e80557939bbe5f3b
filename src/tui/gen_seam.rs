//! The generator seam (`seams.md`): the UI codes against `generate(&GenerateOptions)`.
//!
//! TEMPORARY STAND-IN until the generator (`sudoscope::generate`) lands on main: the types
//! mirror the seam exactly, and the body is a plain "random grid, then remove givens while the
//! solution stays unique" generator that ignores the level. When main has the generator, this
//! file becomes `pub use crate::generate::*;`.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use thiserror::Error;

use crate::exact;
use crate::grid::{Geometry, Grid, Puzzle, Variant};
pub use crate::logic::rating::Level;
use crate::logic::rating::Rating;

/// The symmetry of the pattern of givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    None,
    Rotational,
    Diagonal,
    AntiDiagonal,
    Mirror,
    Flip,
    Dihedral,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    pub size: usize,
    pub variant: Variant,
    pub level: Option<Level>,
    pub symmetry: Symmetry,
    pub minimal: bool,
    pub seed: u64,
    pub timeout: Duration,
}

impl Default for GenerateOptions {
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

/// A generated puzzle with its unique solution.
#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Grid,
    pub rating: Option<Rating>,
}

/// Why no puzzle was generated.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GenerateError {
    #[error("size {0} is not supported (expected 4, 9, 16, 25 or 36)")]
    UnsupportedSize(usize),
    #[error("{0}")]
    Timeout(String),
}

/// Generates one puzzle.
pub fn generate(options: &GenerateOptions) -> Result<Generated, GenerateError> {
    let geometry = Geometry::get(options.size, options.variant)
        .map_err(|_| GenerateError::UnsupportedSize(options.size))?;
    let deadline = Instant::now() + options.timeout;
    let mut rng = StdRng::seed_from_u64(options.seed);
    let n = geometry.size();
    let cells = geometry.cell_count();
    let solution = loop {
        if Instant::now() > deadline {
            return Err(GenerateError::Timeout("no complete grid in time".into()));
        }
        // A few random consistent seeds, completed by the exact solver, then relabelled.
        let mut seed = Grid::empty(geometry);
        for _ in 0..n {
            let cell = rng.random_range(0..cells);
            let digit = rng.random_range(1..=n as u8);
            if seed.get(cell) == 0 && geometry.peers(cell).iter().all(|&p| seed.get(p) != digit) {
                seed.set(cell, digit);
            }
        }
        let found = exact::count(&Puzzle::from_grid(seed), 1);
        if let Some(grid) = found.first {
            let mut relabel: Vec<u8> = (1..=n as u8).collect();
            shuffle(&mut relabel, &mut rng);
            let cells: Vec<u8> = grid
                .cells()
                .iter()
                .map(|&d| relabel[d as usize - 1])
                .collect();
            if let Ok(grid) = Grid::from_cells(geometry, cells) {
                break grid;
            }
        }
    };
    let mut givens = solution.clone();
    let mut order: Vec<usize> = (0..cells).collect();
    shuffle(&mut order, &mut rng);
    for cell in order {
        if Instant::now() > deadline {
            break;
        }
        let mates = partners(cell, n, options.symmetry);
        let mut trial = givens.clone();
        for &c in &mates {
            trial.set(c, 0);
        }
        if exact::count(&Puzzle::from_grid(trial.clone()), 2).solutions == 1 {
            givens = trial;
        }
    }
    Ok(Generated {
        puzzle: Puzzle::from_grid(givens),
        solution,
        rating: None,
    })
}

fn partners(cell: usize, n: usize, symmetry: Symmetry) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let mut out = vec![cell];
    if symmetry != Symmetry::None {
        out.push((n - 1 - r) * n + (n - 1 - c));
    }
    out
}

fn shuffle<T>(items: &mut [T], rng: &mut StdRng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}
