//! Difficulty rating: the score of a puzzle (the weight of the hardest step on the easiest
//! logical path), its level (easy / medium / hard / evil) and the MCM WNEF. The scale itself —
//! levels, bands, step weights — is the engine's difficulty module; its names are re-exported here.

use crate::grid::Puzzle;

use super::board::Board;
use super::path;
use super::step::Step;
use super::technique::{Family, Technique};
use super::wnef;

use super::difficulty::round1;
pub use super::difficulty::{
    EVIL_FROM, FORCING_FROM, HARD_FROM, Level, MEDIUM_FROM, STUCK_FROM, STUCK_SPAN, base_weight,
    chain_increment, step_weight, technique_level,
};

/// Whether a technique relies on the puzzle having exactly one solution (uniqueness
/// techniques give wrong eliminations on a puzzle with several).
pub fn assumes_uniqueness(technique: Technique) -> bool {
    technique.family() == Family::Uniqueness
}

/// A puzzle's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The level the hardest step puts the puzzle at.
    pub level: Level,
    /// The weight of the hardest step on the easiest logical path, or `STUCK_FROM` and up
    /// when logic cannot finish.
    pub score: f64,
    /// The technique of that hardest step (`None` when nothing was needed or possible).
    pub hardest: Option<Technique>,
    /// The MCM WNEF of the puzzle with the default weights and basis of the WNEF module (after
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
