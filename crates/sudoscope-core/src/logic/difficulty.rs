//! The difficulty scale: levels, their score bands, and the weight of a step.
//!
//! The score follows Sudoku Explainer's idea and most of its numbers (full house 1.0, hidden
//! single 1.2 in a box and 1.5 in a line, naked single 2.3, pointing 2.6, claiming 2.8, naked
//! pair 3.0, hidden pair 3.4, ...), with one rule of our own: the weights of one level lie in
//! one score band, so the level is a function of the score and a promise about the techniques
//! a puzzle needs:
//!
//! | level  | score       | needs                                                        |
//! |--------|-------------|--------------------------------------------------------------|
//! | easy   | < 2.5       | singles only                                                 |
//! | medium | 2.5 – < 3.5 | intersections (pointing, claiming, multi-line) or pairs      |
//! | hard   | 3.5 – < 6.0 | triples, quads, fish, single-digit patterns, wings, colouring, uniqueness |
//! | evil   | ≥ 6.0       | chains, ALS, forcing chains, or logic cannot finish (10 and up) |
//!
//! To keep the bands apart some techniques sit higher than in Sudoku Explainer: the X-wing
//! (SE 3.2) is 3.5, and the single-digit patterns and simple colouring, which SE finds as
//! chains (6.5+), are rated with the wings (4.0 – 4.6) as HoDoKu does. Each technique's base
//! weight is in the technique table ([`Technique::spec`]); the calibration behind the numbers
//! is in the repository's `docs/rating.md`.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::grid::HouseKind;

use super::board::Board;
use super::step::Step;
use super::technique::Technique;

/// A difficulty level. Ordered: `Easy < Medium < Hard < Evil`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Singles only.
    Easy,
    /// Needs intersections or pairs.
    Medium,
    /// Needs triples, quads, fish, wings, colouring or uniqueness.
    Hard,
    /// Needs chains, or more than the hint engine knows.
    Evil,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Evil];

    /// The level's id, as the CLI and JSON write it.
    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Evil => "evil",
        }
    }

    /// The level of a score: the bands of the table in the module documentation.
    pub fn from_score(score: f64) -> Level {
        if score < MEDIUM_FROM {
            Level::Easy
        } else if score < HARD_FROM {
            Level::Medium
        } else if score < EVIL_FROM {
            Level::Hard
        } else {
            Level::Evil
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.id() == s)
            .ok_or_else(|| format!("unknown level '{s}' (expected easy, medium, hard or evil)"))
    }
}

/// The lowest score of a medium puzzle: above the naked single (2.3), below pointing (2.6).
pub const MEDIUM_FROM: f64 = 2.5;
/// The lowest score of a hard puzzle: above the hidden pair (3.4).
pub const HARD_FROM: f64 = 3.5;
/// The lowest score of an evil puzzle: above every non-chain technique (BUG+1 is 5.6).
pub const EVIL_FROM: f64 = 6.0;
/// The weights of the forcing chains start here (above every chain and ALS technique).
pub const FORCING_FROM: f64 = 8.0;
/// Puzzles that logic cannot finish score from here up: above every technique with any chain
/// length, so "logic is stuck" always rates hardest.
pub const STUCK_FROM: f64 = 10.0;
/// How much the share of cells logic left open adds to a stuck puzzle's score: a puzzle where
/// logic placed nothing scores `STUCK_FROM + STUCK_SPAN`.
pub const STUCK_SPAN: f64 = 2.0;

/// A technique's base weight: the one in the technique table ([`Technique::spec`]).
pub fn base_weight(technique: Technique) -> f64 {
    technique.weight()
}

/// The level a technique alone makes a puzzle.
pub fn technique_level(technique: Technique) -> Level {
    Level::from_score(base_weight(technique))
}

/// Sudoku Explainer's length increment for chains: +0.1 each time the chain grows past 4, 6,
/// 8, 12, 16, 24, 32, 48, 64, 96, 128 nodes, so long chains rate above short ones but only
/// logarithmically.
pub fn chain_increment(nodes: usize) -> f64 {
    const STEPS: [usize; 11] = [4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128];
    STEPS.iter().filter(|&&s| nodes > s).count() as f64 * 0.1
}

/// The weight of one step: the technique's base weight, less for a hidden single in a box
/// (the easiest place to see one), more for a long chain.
pub fn step_weight(step: &Step, board: &Board) -> f64 {
    let base = base_weight(step.technique);
    if step.technique == Technique::HiddenSingle {
        let in_box = step
            .houses
            .first()
            .and_then(|&h| board.geometry().houses().get(h))
            .is_some_and(|house| house.kind == HouseKind::Box);
        return if in_box { 1.2 } else { base };
    }
    if matches!(
        step.technique,
        Technique::InniesOuties | Technique::LawOfLeftovers
    ) {
        // A union of houses is harder to see than one house: +0.2 per line (rule of 45) or
        // per line and region pair (law of leftovers) beyond the first.
        let per = if step.technique == Technique::LawOfLeftovers {
            2
        } else {
            1
        };
        let extra = (step.houses.len() / per).saturating_sub(1);
        return round1(base + 0.2 * extra as f64);
    }
    if step.technique.spec().last_resort && base >= FORCING_FROM {
        // Forcing chains are rated by kind: their chains are shortest ones already, and one
        // weight lets the rating apply every conclusion of a search at once.
        return base;
    }
    if base >= EVIL_FROM {
        return round1(base + chain_increment(step.cells.len()));
    }
    base
}

pub(crate) fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}
