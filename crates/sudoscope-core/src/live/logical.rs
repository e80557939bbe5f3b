//! The logic engine as a live solver: one technique step per iteration, easiest first (the
//! same order as hints and rating, [`crate::logic::path`]), so the panel shows a human-style
//! solve unfold. The baseline that needs no search at all.
//!
//! Where our ladder finds nothing on a standard 9×9 grid, Sudoku Explainer's chains
//! ([`crate::logic::se`]) take one step, so a 9×9 puzzle with a solution never stops short.
//!
//! Ends: `Solved` when the board is complete and valid; `Stuck` when no technique applies
//! (beyond 9×9: the puzzle needs search, or has several solutions) or the board reaches a contradiction
//! (a puzzle without solution — or one with several, where a uniqueness technique's
//! assumption fails); `CapReached` after [`MAX_STEPS`] steps, which a real solve never nears
//! (every step removes a candidate, so there are at most N³).
//!
//! Budget: one step is one technique search, which cannot be cut short. On 16×16 and larger
//! the chain techniques, ALS and forcing chains can take tens of milliseconds per search, so
//! there the engine uses every technique except those and coloring ([`techniques_for`]); see
//! the step-budget table in docs/experiments.md.

use std::time::Duration;

use super::{LiveError, LiveSolver, Metric, Progress, Series, SolverView, Status};
use crate::grid::{Grid, Puzzle};
use crate::logic::se::SeMemo;
use crate::logic::{Board, Technique, path};

/// The `--solver` name.
pub const NAME: &str = "logic";

/// The step cap (a safety net: a solve takes at most N³ steps).
pub const MAX_STEPS: u64 = 100_000;

/// The techniques used on an N×N puzzle, easiest first: all of them up to 9×9; from 16×16 on,
/// all but the chains, coloring and the last-resort searches (ALS, forcing chains), whose
/// single searches overrun a frame's budget there.
pub fn techniques_for(size: usize) -> Vec<Technique> {
    let all = path::order(&[]);
    if size <= 9 {
        return all;
    }
    all.into_iter()
        .filter(|&t| {
            !matches!(
                t,
                Technique::XChain | Technique::XyChain | Technique::Aic | Technique::SimpleColors
            ) && !crate::logic::is_last_resort(t)
        })
        .collect()
}

/// The step-by-step logical solver.
pub struct Logical {
    puzzle: Option<Puzzle>,
    board: Option<Board>,
    order: Vec<Technique>,
    steps: u64,
    placed_by_logic: usize,
    /// How often each technique was used, in order of first use.
    used: Vec<(Technique, u32)>,
    last: Option<Technique>,
    status: Status,
    reason: &'static str,
    history: Vec<Series>,
    elapsed: Duration,
    /// Whether the puzzle has exactly one solution (SE's uniqueness techniques need it).
    unique: bool,
    /// What SE's nested chain searches found, kept across this puzzle's steps.
    se_memo: SeMemo,
}

impl Default for Logical {
    fn default() -> Logical {
        Logical::new()
    }
}

impl Logical {
    pub fn new() -> Logical {
        Logical {
            puzzle: None,
            board: None,
            order: Vec::new(),
            steps: 0,
            placed_by_logic: 0,
            used: Vec::new(),
            last: None,
            status: Status::Stuck,
            reason: "no puzzle",
            history: Vec::new(),
            elapsed: Duration::ZERO,
            unique: false,
            se_memo: SeMemo::default(),
        }
    }

    pub fn reason(&self) -> &'static str {
        self.reason
    }

    /// The technique of the last step applied.
    pub fn last_technique(&self) -> Option<Technique> {
        self.last
    }

    fn finish(&mut self, status: Status, reason: &'static str) {
        self.status = status;
        self.reason = reason;
        self.record();
    }

    fn record(&mut self) {
        let Some(board) = &self.board else {
            return;
        };
        if self.history.len() < 2 {
            return;
        }
        let candidates: u32 = board.all_candidates().iter().map(|c| c.len()).sum();
        let x = self.steps as f64;
        self.history[0].push(x, (board.values().len() - board.empty_count()) as f64);
        self.history[1].push(x, f64::from(candidates));
    }

    /// Judges the board after a change.
    fn judge(&mut self) {
        let Some(board) = &self.board else {
            return;
        };
        if board.contradiction().is_some() {
            self.finish(
                Status::Stuck,
                "contradiction: no solution (or a failed uniqueness assumption)",
            );
        } else if board.is_solved() {
            self.finish(Status::Solved, "solved");
        }
    }

    /// One technique step.
    fn advance(&mut self) {
        let Some(board) = &mut self.board else {
            return;
        };
        // Our ladder, then Sudoku Explainer's chains where it is stuck (standard 9×9).
        let Some(step) = path::next_step_or_se(board, &self.order, self.unique, &self.se_memo)
        else {
            self.finish(Status::Stuck, "no technique applies");
            return;
        };
        let before = board.empty_count();
        path::apply(board, &step);
        self.placed_by_logic += before - board.empty_count();
        self.steps += 1;
        self.last = Some(step.technique);
        match self.used.iter_mut().find(|(t, _)| *t == step.technique) {
            Some((_, count)) => *count += 1,
            None => self.used.push((step.technique, 1)),
        }
        self.record();
        self.judge();
        if self.status == Status::Running && self.steps >= MAX_STEPS {
            self.finish(Status::CapReached, "step cap reached");
        }
    }
}

impl LiveSolver for Logical {
    fn name(&self) -> &'static str {
        NAME
    }

    fn iteration_unit(&self) -> &'static str {
        "steps"
    }

    /// The seed is ignored: logic is deterministic.
    fn reset(&mut self, puzzle: &Puzzle, seed: u64) -> Result<(), LiveError> {
        let _ = seed;
        super::validate(puzzle)?;
        self.puzzle = Some(puzzle.clone());
        self.board = Some(Board::from_puzzle(puzzle));
        self.order = techniques_for(puzzle.geometry().size());
        // SE's uniqueness techniques only when the puzzle has one solution (9×9: cheap).
        self.unique =
            puzzle.geometry().size() == 9 && crate::exact::count(puzzle, 2).solutions == 1;
        self.se_memo = SeMemo::default();
        self.steps = 0;
        self.placed_by_logic = 0;
        self.used.clear();
        self.last = None;
        self.elapsed = Duration::ZERO;
        self.status = Status::Running;
        self.reason = "running";
        self.history = vec![
            Series::new("filled cells", super::SERIES_POINTS),
            Series::new("candidates left", super::SERIES_POINTS),
        ];
        self.record();
        self.judge();
        Ok(())
    }

    /// Technique steps until `budget` has elapsed; at least one per call.
    fn step(&mut self, budget: Duration) -> Progress {
        let spent = super::run_slice(budget, 16, 1, || {
            if self.status == Status::Running {
                self.advance();
            }
            self.status == Status::Running
        });
        self.elapsed += spent;
        Progress {
            status: self.status,
            iterations: self.steps,
        }
    }

    fn view(&self) -> SolverView {
        let (Some(puzzle), Some(board)) = (&self.puzzle, &self.board) else {
            return SolverView::empty(self.status, self.steps, "steps");
        };
        let digits = board.values().to_vec();
        let mut confidence = Vec::with_capacity(digits.len());
        let mut unsettled = Vec::new();
        for (cell, &v) in digits.iter().enumerate() {
            if v != 0 {
                confidence.push(1.0);
            } else {
                // An empty cell: how far its candidates have been narrowed.
                let left = board.candidates(cell).len().max(1);
                confidence.push(1.0 / left as f32);
                unsettled.push(cell);
            }
        }
        let conflicts = super::conflicting_cells(puzzle, &digits);
        let candidates: u32 = board.all_candidates().iter().map(|c| c.len()).sum();
        let mut metrics = vec![
            Metric::new("steps", self.steps as f64),
            Metric::new("placed by logic", self.placed_by_logic as f64),
            Metric::new("empty cells", board.empty_count() as f64),
            Metric::new("candidates left", f64::from(candidates)),
        ];
        // One line per technique used so far: its id and how often.
        metrics.extend(
            self.used
                .iter()
                .map(|&(t, count)| Metric::new(t.id(), f64::from(count))),
        );
        SolverView {
            digits,
            confidence,
            conflicts,
            unsettled,
            metrics,
            history: self.history.clone(),
            bands: Vec::new(),
            status: self.status,
            iterations: self.steps,
            iteration_unit: "steps",
        }
    }

    fn solution(&self) -> Option<Grid> {
        match (&self.board, self.status) {
            (Some(board), Status::Solved) => Some(board.grid()),
            _ => None,
        }
    }
}
