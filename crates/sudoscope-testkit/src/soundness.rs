//! The soundness walker: walks a puzzle's logical solution step by step and checks every
//! placement and elimination against the puzzle's known solution — the one walk behind every
//! soundness sweep over the datasets.
//!
//! A step is sound when it places only the solution's digits and removes none of them. Which
//! path is walked is the [`Route`]: every step the engine lists at each board, the rating's
//! path, or the never-stuck path with Sudoku Explainer's steps.

use std::collections::BTreeMap;

use sudoscope_core::grid::Geometry;
use sudoscope_core::logic::{self, Board, Step, Technique, path};

/// Which path a walk follows and which of its steps it checks.
#[derive(Clone, Copy, Debug)]
pub enum Route<'a> {
    /// At every board, every step `all_steps` lists whose technique is in `checked` (all of
    /// them when empty) is checked, and the first step listed is applied.
    EveryStep {
        /// The techniques whose steps are checked; empty for all.
        checked: &'a [Technique],
    },
    /// The rating's path (`path::walk` in this order, singles in batches): every applied step
    /// is checked.
    Rating(&'a [Technique]),
    /// The never-stuck path (`path::solve_never_stuck`, unique mode): every step is checked.
    NeverStuck,
}

/// What walking one puzzle found.
#[derive(Debug, Default)]
pub struct Walk {
    /// Boards at which steps were listed ([`Route::EveryStep`] only).
    pub boards: usize,
    /// Steps applied.
    pub steps: usize,
    /// Steps checked against the solution.
    pub steps_checked: usize,
    /// Steps checked, per technique.
    pub by_technique: BTreeMap<Technique, usize>,
    /// Whether the path reached the solution.
    pub solved: bool,
    /// Every disagreement with the solution (a walk along every step stops at the first board
    /// with one).
    pub violations: Vec<String>,
}

impl Walk {
    fn check(&mut self, step: &Step, solution: &[u8], geometry: &Geometry) {
        self.steps_checked += 1;
        *self.by_technique.entry(step.technique).or_default() += 1;
        if let Some(why) = violation(step, solution, geometry) {
            self.violations.push(why);
        }
    }
}

/// Why `step` disagrees with the solution (one digit per cell, in cell order), or `None`
/// when it is sound.
pub fn violation(step: &Step, solution: &[u8], geometry: &Geometry) -> Option<String> {
    for e in &step.eliminations {
        if solution[e.cell] == e.digit {
            return Some(format!(
                "{} removes the true {} from {}: {}",
                step.technique,
                e.digit,
                geometry.cell_name(e.cell),
                step.explanation
            ));
        }
    }
    for p in &step.placements {
        if solution[p.cell] != p.digit {
            return Some(format!(
                "{} places {} in {} (true: {}): {}",
                step.technique,
                p.digit,
                geometry.cell_name(p.cell),
                solution[p.cell],
                step.explanation
            ));
        }
    }
    None
}

/// Walks `board` along `route`, checking steps against `solution` (the board's one solution,
/// one digit per cell).
pub fn walk(board: &Board, solution: &[u8], route: Route<'_>) -> Walk {
    let geometry = board.geometry();
    let mut walk = Walk::default();
    match route {
        Route::EveryStep { checked } => {
            let mut board = board.clone();
            // Each step changes the board, so the walk ends; the cap only guards against a bug.
            for _ in 0..geometry.cell_count() * geometry.size() + 1 {
                if board.is_solved() {
                    walk.solved = true;
                    break;
                }
                let steps = logic::all_steps(&board, &[]);
                walk.boards += 1;
                for step in &steps {
                    if checked.is_empty() || checked.contains(&step.technique) {
                        walk.check(step, solution, geometry);
                    }
                }
                let Some(first) = steps.first() else { break };
                if !walk.violations.is_empty() {
                    break;
                }
                let before = board.clone();
                board.apply(first);
                walk.steps += 1;
                if board == before {
                    walk.violations
                        .push(format!("step changed nothing: {first:?}"));
                    break;
                }
            }
        }
        Route::Rating(order) => {
            let mut board = board.clone();
            let rated = path::walk(&mut board, order, true, |step, _| {
                walk.check(step, solution, geometry);
            });
            walk.solved = rated.solved;
            walk.steps = rated.steps;
        }
        Route::NeverStuck => {
            let walked = path::solve_never_stuck(board, &[], true);
            for step in &walked.steps {
                walk.check(step, solution, geometry);
            }
            walk.solved = walked.solved;
            walk.steps = walked.steps.len();
        }
    }
    walk
}
