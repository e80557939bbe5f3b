//! Difficulty rating: a Sudoku-Explainer-like score (the weight of the hardest step on the
//! easiest logical path), a level (easy / medium / hard / evil) and the MCM WNEF.
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
//! chains (6.5+), are rated with the wings (4.0 – 4.6) as HoDoKu does. The table and the
//! calibration behind it are in `docs/rating.md`.
//!
//! Weights are looked up by technique id, not by enum variant, so that techniques added to the
//! engine later need no change here: an id without a weight takes the weight of the nearest
//! easier technique in [`Technique::ALL`] order.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::grid::{HouseKind, Puzzle};

use super::board::Board;
use super::path;
use super::step::Step;
use super::technique::Technique;
use super::wnef;

/// A difficulty level. Ordered: `Easy < Medium < Hard < Evil`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Evil,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Evil];

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

/// A technique's base weight by id (`None` for an id without its own weight).
fn weight_by_id(id: &str) -> Option<f64> {
    Some(match id {
        // easy: singles
        "full-house" => 1.0,
        "hidden-single" => 1.5, // 1.2 in a box, see step_weight
        "naked-single" => 2.3,
        // medium: intersections and pairs
        "pointing" => 2.6,
        "claiming" => 2.8,
        "multi-line" => 2.9,
        "locked-pair" => 3.0,
        "naked-pair" => 3.0,
        "hidden-pair" => 3.4,
        // hard: triples, fish, single-digit patterns, wings, colouring, uniqueness, quads
        "x-wing" => 3.5,
        "locked-triple" => 3.6,
        "naked-triple" => 3.6,
        "finned-x-wing" => 3.7,
        "sashimi-x-wing" => 3.8,
        "swordfish" => 3.8,
        "hidden-triple" => 4.0,
        "finned-swordfish" => 4.0,
        "sashimi-swordfish" => 4.1,
        "skyscraper" => 4.0,
        "two-string-kite" => 4.1,
        "turbot-fish" => 4.2,
        "empty-rectangle" => 4.2,
        "xy-wing" => 4.2,
        "xyz-wing" => 4.4,
        "w-wing" => 4.4,
        "unique-rectangle-1" => 4.5,
        "simple-colors" => 4.6,
        "naked-quad" => 5.0,
        "jellyfish" => 5.2,
        "finned-jellyfish" => 5.3,
        "sashimi-jellyfish" => 5.4,
        "hidden-quad" => 5.4,
        "bug-plus-1" => 5.6,
        // evil: chains (plus a length increment, see chain_increment)
        "x-chain" => 6.6,
        "xy-chain" => 6.8,
        "aic" => 7.0,
        "als-xz" => 7.1,
        "als-xy-wing" => 7.3,
        // after the ALS techniques: most of its eliminations are AICs' too, and it costs two
        // chain searches per candidate
        "discontinuous-nice-loop" => 7.4,
        "continuous-nice-loop" => 7.4,
        // last resort: forcing chains
        "forcing-chain-contradiction" => 8.0,
        "digit-forcing-chain" => 8.1,
        "cell-forcing-chain" => 8.2,
        "house-forcing-chain" => 8.3,
        // beyond our ladder: a step of Sudoku Explainer's (logic::se), given when ours is stuck
        "se-step" => 9.0,
        _ => return None,
    })
}

/// A technique's base weight: its own, or that of the nearest easier technique in
/// [`Technique::ALL`] order that has one (the engine lists techniques easiest first).
pub fn base_weight(technique: Technique) -> f64 {
    if let Some(w) = weight_by_id(technique.id()) {
        return w;
    }
    let position = Technique::ALL
        .iter()
        .position(|&t| t == technique)
        .unwrap_or(Technique::ALL.len());
    Technique::ALL[..position]
        .iter()
        .rev()
        .find_map(|t| weight_by_id(t.id()))
        .unwrap_or(EVIL_FROM)
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
    if super::is_last_resort(step.technique) && base >= FORCING_FROM {
        // Forcing chains are rated by kind: their chains are shortest ones already, and one
        // weight lets the rating apply every conclusion of a search at once.
        return base;
    }
    if base >= EVIL_FROM {
        return round1(base + chain_increment(step.cells.len()));
    }
    base
}

/// Whether a technique relies on the puzzle having exactly one solution (uniqueness
/// techniques give wrong eliminations on a puzzle with several).
pub fn assumes_uniqueness(technique: Technique) -> bool {
    let id = technique.id();
    id.starts_with("unique-")
        || id.starts_with("bug-")
        || id.starts_with("avoidable-")
        || id.starts_with("hidden-rectangle")
}

/// A puzzle's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub level: Level,
    /// The weight of the hardest step on the easiest logical path, or `STUCK_FROM` and up
    /// when logic cannot finish.
    pub score: f64,
    /// The technique of that hardest step (`None` when nothing was needed or possible).
    pub hardest: Option<Technique>,
    /// The MCM WNEF of the puzzle with the default weights and basis of [`wnef`] (after
    /// singles: 1 for a puzzle that singles solve).
    pub wnef: f64,
    /// Whether logic alone solves the puzzle.
    pub logic_solves: bool,
    /// Steps taken (a batch of singles counts one step per placement).
    pub steps: usize,
    /// How often each technique was used, in the order of first use.
    pub uses: Vec<(Technique, usize)>,
    /// Empty cells when logic stopped (0 when solved).
    pub remaining: usize,
}

/// Rates a puzzle (its pencilmarks, when it has them, are the starting candidates).
pub fn rate(puzzle: &Puzzle) -> Rating {
    rate_board(&Board::from_puzzle(puzzle))
}

/// Rates a board with every technique the engine has.
pub fn rate_board(board: &Board) -> Rating {
    rate_with(board, &path::order(&[]))
}

/// Rates a board using only the techniques in `order` (easiest first, as [`path::order`]
/// gives them).
pub fn rate_with(board: &Board, order: &[Technique]) -> Rating {
    let start_empty = board.empty_count();
    let mut work = board.clone();
    let mut score: f64 = 0.0;
    let mut hardest = None;
    let mut uses: Vec<(Technique, usize)> = Vec::new();
    let mut steps = 0usize;
    let mut on_step = |step: &Step, weight: f64| {
        steps += 1;
        match uses.iter_mut().find(|(t, _)| *t == step.technique) {
            Some((_, n)) => *n += 1,
            None => uses.push((step.technique, 1)),
        }
        if weight > score {
            score = weight;
            hardest = Some(step.technique);
        }
    };
    // Singles first, on their own: the board they leave is the WNEF's basis (see
    // `wnef::DEFAULT_BASIS`), and the full walk would start with exactly these steps anyway.
    let singles: Vec<Technique> = order
        .iter()
        .copied()
        .filter(|&t| technique_level(t) == Level::Easy)
        .collect();
    path::walk(&mut work, &singles, true, &mut on_step);
    let wnef = match wnef::DEFAULT_BASIS {
        wnef::Basis::AfterSingles => wnef::compute(&work, wnef::DEFAULT_WEIGHTS).wnef,
        wnef::Basis::Initial => wnef::compute(board, wnef::DEFAULT_WEIGHTS).wnef,
    };
    let walk = path::walk(&mut work, order, true, &mut on_step);
    let remaining = work.empty_count();
    if !walk.solved {
        let open = if start_empty == 0 {
            0.0
        } else {
            remaining as f64 / start_empty as f64
        };
        score = round1(STUCK_FROM + STUCK_SPAN * open);
    }
    Rating {
        level: Level::from_score(score),
        score,
        hardest,
        wnef,
        logic_solves: walk.solved,
        steps,
        uses,
        remaining,
    }
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_a_weight_in_its_levels_band_and_the_order_holds() {
        for t in Technique::ALL {
            let w = base_weight(t);
            assert!(w > 0.0 && w < STUCK_FROM, "{t}: {w}");
        }
        assert_eq!(technique_level(Technique::FullHouse), Level::Easy);
        assert_eq!(technique_level(Technique::NakedSingle), Level::Easy);
        assert_eq!(technique_level(Technique::HiddenSingle), Level::Easy);
        assert_eq!(technique_level(Technique::Pointing), Level::Medium);
        assert_eq!(technique_level(Technique::MultiLine), Level::Medium);
        assert_eq!(technique_level(Technique::NakedPair), Level::Medium);
        assert_eq!(technique_level(Technique::HiddenPair), Level::Medium);
        assert_eq!(technique_level(Technique::NakedTriple), Level::Hard);
        assert_eq!(technique_level(Technique::XWing), Level::Hard);
        assert_eq!(technique_level(Technique::XyWing), Level::Hard);
        assert_eq!(technique_level(Technique::BugPlus1), Level::Hard);
        assert_eq!(technique_level(Technique::XChain), Level::Evil);
        assert_eq!(technique_level(Technique::Aic), Level::Evil);
        assert_eq!(technique_level(Technique::AlsXz), Level::Evil);
        assert_eq!(technique_level(Technique::CellForcingChain), Level::Evil);
        // The forcing chains come after every chain, ALS and nice-loop technique.
        assert!(base_weight(Technique::AlsXz) > base_weight(Technique::Aic));
        for t in Technique::ALL {
            if !crate::logic::is_last_resort(t)
                || t == Technique::AlsXz
                || t == Technique::AlsXyWing
                || t == Technique::DiscontinuousNiceLoop
                || t == Technique::ContinuousNiceLoop
            {
                assert!(base_weight(t) < FORCING_FROM, "{t}");
            } else {
                assert!(base_weight(t) >= FORCING_FROM, "{t}");
            }
        }
    }

    #[test]
    fn chain_increment_is_logarithmic() {
        assert_eq!(chain_increment(4), 0.0);
        assert!((chain_increment(5) - 0.1).abs() < 1e-9);
        assert!((chain_increment(13) - 0.4).abs() < 1e-9);
    }

    #[test]
    fn levels_parse_and_print() {
        for level in Level::ALL {
            assert_eq!(level.id().parse::<Level>(), Ok(level));
        }
        assert!("hardest".parse::<Level>().is_err());
        assert_eq!(Level::from_score(2.3), Level::Easy);
        assert_eq!(Level::from_score(2.6), Level::Medium);
        assert_eq!(Level::from_score(3.6), Level::Hard);
        assert_eq!(Level::from_score(6.6), Level::Evil);
        assert_eq!(Level::from_score(11.0), Level::Evil);
    }
}
