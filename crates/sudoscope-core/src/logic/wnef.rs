//! The weighted normalised ease function (WNEF) of MCM 2008 team #3780, "Ease and Toil:
//! Analyzing Sudoku" (the paper's §3.3), exactly as the paper defines it:
//!
//! * the choice function of an empty cell is its number of candidates, `c(X) = |X?|`;
//! * the choice histogram counts the empty cells by that number: `c_n = |{X ∈ E : |X?| = n}|`;
//! * the weighted ease function is `wef = Σ_n w(n) · c_n`;
//! * the normalised form divides by its largest possible value, every empty cell decided by
//!   elimination alone: `wnef = wef / (w(1) · |E|)`.
//!
//! With a decreasing weight, `wnef = 1` means every empty cell has one candidate and lower
//! values mean more open choices: lower is harder. The paper tried exponential, squared and
//! linear weights and chose the exponential one; its exact weights are past the pages we have,
//! so the families below are parametrised by the grid size and the default was calibrated on
//! the graded datasets (see `docs/rating.md` and `crates/sudoscope-lab/src/bin/calibrate.rs`).

use super::board::Board;

/// A weight function `w(n)` over the number of candidates `n = 1..=N`, always decreasing so
/// that a cell with fewer choices counts as easier.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WeightFamily {
    /// `w(n) = base^-(n-1)`: each extra candidate divides a cell's ease by `base`.
    Exponential { base: f64 },
    /// `w(n) = (N + 1 - n)²`.
    Squared,
    /// `w(n) = N + 1 - n`.
    Linear,
}

impl WeightFamily {
    /// The weight of a cell with `n` candidates in an `size`×`size` grid. A cell with no
    /// candidate (a contradiction) weighs nothing: it is not easy, and the paper's histogram
    /// starts at n = 1.
    pub fn weight(self, n: usize, size: usize) -> f64 {
        if n == 0 {
            return 0.0;
        }
        match self {
            WeightFamily::Exponential { base } => base.powi(-((n - 1) as i32)),
            WeightFamily::Squared => {
                let w = (size + 1).saturating_sub(n) as f64;
                w * w
            }
            WeightFamily::Linear => (size + 1).saturating_sub(n) as f64,
        }
    }

    /// A short name for tables: `exp2`, `sq`, `lin`.
    pub fn name(self) -> String {
        match self {
            WeightFamily::Exponential { base } => format!("exp{base}"),
            WeightFamily::Squared => "sq".into(),
            WeightFamily::Linear => "lin".into(),
        }
    }
}

/// The default weights: exponential, as the paper chose, with base 2. After singles every
/// family we tried (exponential with base 1.5, 2 and 3, squared, linear) orders the graded
/// sets within 0.003 of the others (`docs/rating.md`); base 2 is among the best and halving a
/// cell's ease per extra candidate is easy to state.
pub const DEFAULT_WEIGHTS: WeightFamily = WeightFamily::Exponential { base: 2.0 };

/// Which candidates the WNEF is computed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// The puzzle's own candidates (every digit no given rules out, or the pencilmarks given).
    Initial,
    /// The candidates left once every single (full house, hidden and naked single) has been
    /// placed; a puzzle that singles solve has WNEF 1.
    AfterSingles,
}

/// The default basis: the candidates left after singles. On the four graded sets it ordered
/// the labels far better than the initial candidates (mean Spearman ρ −0.87 against −0.60,
/// `docs/rating.md`): the initial candidates mostly measure how many givens there are, while
/// after singles the histogram measures the choices a solver really faces once the easy
/// placements are done. The price is that every singles-only puzzle scores exactly 1.
pub const DEFAULT_BASIS: Basis = Basis::AfterSingles;

/// The choice histogram and both ease functions of one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Wnef {
    /// `histogram[n]` = empty cells with `n` candidates, for `n = 0..=N` (`n = 0` only on a
    /// contradictory board).
    pub histogram: Vec<usize>,
    /// `|E|`, the number of empty cells.
    pub empty: usize,
    pub wef: f64,
    /// `wef / (w(1) · |E|)`; 1 for a board without empty cells (nothing is left to choose).
    pub wnef: f64,
}

/// The choice histogram of a board: empty cells counted by their number of candidates.
pub fn histogram(board: &Board) -> Vec<usize> {
    let size = board.size();
    let mut histogram = vec![0usize; size + 1];
    for (cell, candidates) in board.all_candidates().iter().enumerate() {
        if board.value(cell) == 0 {
            let n = (candidates.len() as usize).min(size);
            histogram[n] += 1;
        }
    }
    histogram
}

/// The WNEF of a board's current candidates with the given weights.
pub fn compute(board: &Board, weights: WeightFamily) -> Wnef {
    let size = board.size();
    let histogram = histogram(board);
    let empty: usize = histogram.iter().sum();
    let wef: f64 = histogram
        .iter()
        .enumerate()
        .map(|(n, &count)| weights.weight(n, size) * count as f64)
        .sum();
    let top = weights.weight(1, size) * empty as f64;
    let wnef = if empty == 0 || top <= 0.0 {
        1.0
    } else {
        wef / top
    };
    Wnef {
        histogram,
        empty,
        wef,
        wnef,
    }
}

/// The WNEF of a board with the default weights on the default basis.
pub fn wnef(board: &Board) -> f64 {
    with(board, DEFAULT_WEIGHTS, DEFAULT_BASIS)
}

/// The WNEF of a board with chosen weights and basis.
pub fn with(board: &Board, weights: WeightFamily, basis: Basis) -> f64 {
    match basis {
        Basis::Initial => compute(board, weights).wnef,
        Basis::AfterSingles => {
            let mut board = board.clone();
            super::path::place_singles(&mut board);
            compute(&board, weights).wnef
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{ReadOptions, parse_puzzle};

    fn board(text: &str) -> Board {
        let puzzle = parse_puzzle(text, ReadOptions::default()).expect("test puzzle parses");
        Board::from_puzzle(&puzzle)
    }

    #[test]
    fn one_empty_cell_is_fully_easy() {
        let b = board(
            ".17369825632158947958724316825437169791586432346912758289643571573291684164875293",
        );
        let w = compute(&b, DEFAULT_WEIGHTS);
        assert_eq!(w.empty, 1);
        assert_eq!(w.histogram[1], 1);
        assert!((w.wnef - 1.0).abs() < 1e-12);
    }

    #[test]
    fn matches_the_formula_by_hand() {
        let b = board(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        for family in [
            WeightFamily::Exponential { base: 2.0 },
            WeightFamily::Squared,
            WeightFamily::Linear,
        ] {
            let w = compute(&b, family);
            let wef: f64 = (1..=9)
                .map(|n| family.weight(n, 9) * w.histogram[n] as f64)
                .sum();
            assert!((w.wef - wef).abs() < 1e-9);
            assert!((w.wnef - wef / (family.weight(1, 9) * w.empty as f64)).abs() < 1e-12);
            assert!(w.wnef > 0.0 && w.wnef < 1.0);
        }
    }

    #[test]
    fn weights_decrease() {
        for family in [
            WeightFamily::Exponential { base: 2.0 },
            WeightFamily::Squared,
            WeightFamily::Linear,
        ] {
            for n in 1..9 {
                assert!(family.weight(n, 9) > family.weight(n + 1, 9));
            }
        }
    }
}
