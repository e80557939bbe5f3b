//! A depth-first search you can watch: the baseline beside the papers' solvers.
//!
//! Each *node* tries one digit in one cell and propagates (naked and hidden singles to a fixed
//! point). The search branches on the cell with the fewest candidates and keeps its own stack
//! of frames — the board before the branch, the cell and the digits still to try — so a slice
//! of [`LiveSolver::step`] can stop after any node and the next slice resumes exactly there.
//!
//! Ends: `Solved` at the first complete grid (a puzzle with several solutions ends with the
//! first one found; the exact solver is the one that counts them), `Stuck` when the stack is
//! exhausted (a proof that the puzzle has no solution, reported by the CLI as `no-solution`),
//! `CapReached` after [`default_cap`] nodes. A puzzle whose givens clash is refused at reset.

use std::time::Duration;

use super::{LiveError, LiveSolver, Metric, Progress, Series, SolverView, Status};
use crate::exact::singles;
use crate::grid::{Digits, Geometry, Grid, Puzzle, Shape};

/// The `--solver` name.
pub const NAME: &str = "backtrack";

/// The default node cap for an N×N puzzle.
pub fn default_cap(size: usize) -> u64 {
    match size {
        0..=9 => 10_000_000,
        _ => 2_000_000,
    }
}

/// Placed digits and the candidates of the empty cells.
#[derive(Clone, Debug, PartialEq)]
struct State {
    values: Vec<u8>,
    candidates: Vec<Digits>,
}

impl State {
    /// Places `digit` in `cell` and removes it from the peers' candidates.
    fn place(&mut self, geometry: &Geometry, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.candidates[cell] = Digits::EMPTY;
        for &peer in geometry.peers(cell) {
            self.candidates[peer].remove(digit);
        }
    }

    /// Naked and hidden singles to a fixed point (placing every digit they force); false on a
    /// contradiction (an empty cell without candidates, a digit without a place in a house, or
    /// two singles that clash).
    fn propagate(&mut self, geometry: &Geometry) -> bool {
        // The shared propagation works on candidate sets where a placed cell holds its digit.
        let mut cand: Vec<Digits> = self
            .values
            .iter()
            .zip(&self.candidates)
            .map(|(&v, &c)| if v != 0 { Digits::single(v) } else { c })
            .collect();
        let consistent = singles::propagate(geometry, &mut cand);
        // Written back even at a contradiction: the panel shows the dead end as propagation
        // left it, with the digits it forced before the clash.
        for (cell, set) in cand.into_iter().enumerate() {
            if self.values[cell] != 0 {
                continue;
            }
            match set.single_digit() {
                Some(digit) => {
                    self.values[cell] = digit;
                    self.candidates[cell] = Digits::EMPTY;
                }
                None => self.candidates[cell] = set,
            }
        }
        consistent
    }

    /// The empty cell with the fewest candidates, if any cell is empty.
    fn branch_cell(&self) -> Option<usize> {
        let mut best: Option<(usize, u32)> = None;
        for (cell, &v) in self.values.iter().enumerate() {
            if v == 0 {
                let count = self.candidates[cell].len();
                if best.is_none_or(|(_, b)| count < b) {
                    best = Some((cell, count));
                    if count <= 2 {
                        break;
                    }
                }
            }
        }
        best.map(|(cell, _)| cell)
    }
}

/// One branch point: the board before it, its cell, the digits not yet tried.
#[derive(Clone, Debug)]
struct Frame {
    before: State,
    cell: usize,
    untried: Digits,
}

/// The watchable depth-first search.
pub struct Backtrack {
    max_nodes: Option<u64>,
    puzzle: Option<Puzzle>,
    geometry: Option<Shape>,
    current: Option<State>,
    /// Cells filled before any branch (givens and what propagation forced from them).
    forced: Vec<bool>,
    stack: Vec<Frame>,
    cap: u64,
    nodes: u64,
    backtracks: u64,
    max_depth: usize,
    status: Status,
    reason: &'static str,
    solved: Option<Grid>,
    history: Vec<Series>,
    elapsed: Duration,
}

impl Default for Backtrack {
    fn default() -> Backtrack {
        Backtrack::new()
    }
}

impl Backtrack {
    pub fn new() -> Backtrack {
        Backtrack::with_cap(None)
    }

    /// A search with its own node cap (`None`: [`default_cap`]).
    pub fn with_cap(max_nodes: Option<u64>) -> Backtrack {
        Backtrack {
            max_nodes,
            puzzle: None,
            geometry: None,
            current: None,
            forced: Vec::new(),
            stack: Vec::new(),
            cap: 0,
            nodes: 0,
            backtracks: 0,
            max_depth: 0,
            status: Status::Stuck,
            reason: "no puzzle",
            solved: None,
            history: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn backtracks(&self) -> u64 {
        self.backtracks
    }

    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    pub fn reason(&self) -> &'static str {
        self.reason
    }

    fn finish(&mut self, status: Status, reason: &'static str) {
        self.status = status;
        self.reason = reason;
        self.record();
    }

    fn record(&mut self) {
        if self.history.len() < 2 {
            return;
        }
        let filled = self
            .current
            .as_ref()
            .map_or(0, |s| s.values.iter().filter(|&&v| v != 0).count());
        let x = self.nodes as f64;
        self.history[0].push(x, self.stack.len() as f64);
        self.history[1].push(x, filled as f64);
    }

    /// After a consistent propagation: solved, or push a branch on the best cell.
    fn settle(&mut self, state: State) {
        let Some(geometry) = self.geometry.clone() else {
            return;
        };
        match state.branch_cell() {
            None => {
                self.solved = Grid::from_cells(&geometry, state.values.clone()).ok();
                self.current = Some(state);
                self.finish(Status::Solved, "solved");
            }
            Some(cell) => {
                let untried = state.candidates[cell];
                self.current = Some(state.clone());
                self.stack.push(Frame {
                    before: state,
                    cell,
                    untried,
                });
                self.max_depth = self.max_depth.max(self.stack.len());
            }
        }
    }

    /// One node: the next digit of the top frame, propagated (or a pop when it has none).
    fn advance(&mut self) {
        let Some(geometry) = self.geometry.clone() else {
            return;
        };
        let Some(frame) = self.stack.last_mut() else {
            self.finish(Status::Stuck, "no solution: the search is exhausted");
            return;
        };
        let Some(digit) = frame.untried.first() else {
            self.stack.pop();
            self.backtracks += 1;
            if self.stack.is_empty() {
                self.finish(Status::Stuck, "no solution: the search is exhausted");
            }
            return;
        };
        frame.untried.remove(digit);
        let cell = frame.cell;
        let mut state = frame.before.clone();
        self.nodes += 1;
        state.place(&geometry, cell, digit);
        if state.propagate(&geometry) {
            self.settle(state);
        } else {
            self.current = Some(state);
        }
        if self.nodes.is_multiple_of(64) {
            self.record();
        }
        if self.status == Status::Running && self.nodes >= self.cap {
            self.finish(Status::CapReached, "node cap reached");
        }
    }
}

impl LiveSolver for Backtrack {
    fn name(&self) -> &'static str {
        NAME
    }

    fn iteration_unit(&self) -> &'static str {
        "nodes"
    }

    /// The seed is ignored: the search is deterministic.
    fn reset(&mut self, puzzle: &Puzzle, seed: u64) -> Result<(), LiveError> {
        let _ = seed;
        super::validate(puzzle)?;
        let geometry = puzzle.geometry();
        self.puzzle = Some(puzzle.clone());
        self.geometry = Some(geometry.shape());
        self.cap = self
            .max_nodes
            .unwrap_or_else(|| default_cap(geometry.size()));
        self.stack.clear();
        self.nodes = 0;
        self.backtracks = 0;
        self.max_depth = 0;
        self.solved = None;
        self.elapsed = Duration::ZERO;
        self.status = Status::Running;
        self.reason = "running";
        self.history = vec![
            Series::new("depth", super::SERIES_POINTS),
            Series::new("filled cells", super::SERIES_POINTS),
        ];
        let values = puzzle.givens.cells().to_vec();
        let mut candidates = puzzle.candidates();
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                candidates[cell] = Digits::EMPTY;
            }
        }
        let mut state = State { values, candidates };
        let consistent = state.propagate(geometry);
        self.forced = state.values.iter().map(|&v| v != 0).collect();
        if !consistent {
            self.current = Some(state);
            self.finish(
                Status::Stuck,
                "no solution: propagation finds a contradiction",
            );
            return Ok(());
        }
        self.settle(state);
        self.record();
        Ok(())
    }

    /// Nodes until `budget` has elapsed (at least one).
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
            iterations: self.nodes,
        }
    }

    fn view(&self) -> SolverView {
        let (digits, confidence, unsettled) = match (&self.puzzle, &self.current) {
            (Some(_), Some(state)) => {
                let mut confidence = Vec::with_capacity(state.values.len());
                let mut unsettled = Vec::new();
                for (cell, &v) in state.values.iter().enumerate() {
                    confidence.push(if v == 0 {
                        unsettled.push(cell);
                        0.0
                    } else if self.forced.get(cell).copied().unwrap_or(false) {
                        1.0
                    } else {
                        // Placed under the current guesses: the deeper, the less sure.
                        1.0 / (1.0 + self.stack.len() as f32).sqrt()
                    });
                }
                (state.values.clone(), confidence, unsettled)
            }
            _ => (Vec::new(), Vec::new(), Vec::new()),
        };
        let conflicts = match &self.puzzle {
            Some(puzzle) if !digits.is_empty() => super::conflicting_cells(puzzle, &digits),
            _ => Vec::new(),
        };
        let metrics = vec![
            Metric::new("nodes", self.nodes as f64),
            Metric::new("depth", self.stack.len() as f64),
            Metric::new("max depth", self.max_depth as f64),
            Metric::new("backtracks", self.backtracks as f64),
            Metric::new(
                "filled cells",
                digits.iter().filter(|&&d| d != 0).count() as f64,
            ),
            super::rate_metric("nodes/s", self.nodes, self.elapsed),
        ];
        SolverView {
            digits,
            confidence,
            conflicts,
            unsettled,
            metrics,
            history: self.history.clone(),
            bands: Vec::new(),
            status: self.status,
            iterations: self.nodes,
            iteration_unit: "nodes",
        }
    }

    fn solution(&self) -> Option<Grid> {
        if self.status == Status::Solved {
            self.solved.clone()
        } else {
            None
        }
    }
}
