//! L1 sparse optimisation (Babu et al.; the Math 110B report): plain L1, reweighted L1
//! (Candès, Wakin & Boyd) and the report's warm restarts, one LP solve per `step`.
//!
//! The decision process, as a sequence of *phases*, each a run of up to `rounds` reweighted
//! LP solves on one clue set:
//!
//! 0. the original puzzle;
//! 1. step 1: blank every repeated value of the last grid, restore the original clues, take
//!    the survivors as clues;
//! 2. step 2: step 1 once more;
//! 3. step 3, `step3_repeats` times: the original clues plus one value of step 2's grid at a
//!    cell that is not a clue, picked by a seeded RNG, then step 1 on the result.
//!
//! Inside a phase, round i minimises `Σ w·|x|` with `w = 1/(|x_{i−1}| + ε)` (round 1 has
//! x₀ = 0, i.e. plain L1) and the phase ends after `rounds` solves or when
//! `‖x_i − x_{i−1}‖₂ < tolerance`. After every solve the grid is read off (argmax per cell);
//! a valid grid agreeing with the givens ends the run at once (the report checks only after
//! the loop; checking after every round spends fewer solves and can only gain, since a later
//! round may move away from a solution but never towards a "more solved" one).
//!
//! Choices the report leaves open, named here:
//! - An LP that is infeasible (the survivors of step 1 can leave a cell without candidate)
//!   ends its phase with the previous grid: step 1 failing skips to step 3 (step 2 would
//!   re-blank the same grid), step 3 failing moves to the next repeat. Only the original
//!   puzzle being infeasible makes the solver `Stuck`.
//! - Step 3 never draws the same (cell, value) twice: the LPs are deterministic, so a repeated
//!   draw would repeat a failed attempt. The report draws with replacement.
//! - [`Step3Pick::Unconflicted`] (draw only among values that clash with no peer in step 2's
//!   grid) is our variant, measured in docs/experiments/lp.md; the report draws among all
//!   non-clue values ([`Step3Pick::Uniform`]).

use std::time::Duration;

use crate::rng::{FastRng, RandomSource};

use super::{
    Backend, Decoded, Formulation, LpSession, LpStatus, SignModel, blank_repeats, check_puzzle,
    fractional_cells, is_solution,
};
use crate::grid::{Grid, Puzzle};
use crate::live::{
    LiveError, LiveSolver, Metric, Progress, Series, SolverView, Status, conflicting_cells,
};

/// The report's two LP models.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum L1Model {
    /// Model A: x free in sign, `x = x̂ − x̌`, minimise `1ᵀ(x̂ + x̌)`.
    FreeSign,
    /// Model B: `x ≥ 0`, minimise `1ᵀx` (constant on the feasible set; see the module docs of
    /// [`super`]).
    NonNegative,
}

impl L1Model {
    fn sign(self) -> SignModel {
        match self {
            L1Model::FreeSign => SignModel::Free,
            L1Model::NonNegative => SignModel::NonNegative,
        }
    }
}

/// How step 3 draws its extra clue from step 2's grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step3Pick {
    /// Any non-clue cell, uniformly (the report).
    Uniform,
    /// Only non-clue cells whose value clashes with no peer (ours).
    Unconflicted,
    /// As `Unconflicted`, drawn with probability proportional to the LP's value for it, so
    /// near-certain values are tried first (ours; measured worse, see `Undecided`).
    Confident,
    /// Only non-clue cells the original puzzle's first LP point left fractional (ours). Where
    /// the interior-point centre of the original polytope is integral, every feasible point
    /// has that value, so adding it as a clue gives the same polytope and the same answer: a
    /// wasted repeat. The uniform draw spends most repeats that way; this one never does.
    Undecided,
}

/// Everything that distinguishes the L1 variants (and RFSS-LP, which is the same LP).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct L1Config {
    pub model: L1Model,
    pub backend: Backend,
    /// Drop the clues' variables and rows (module docs of [`super`]); `false` builds the
    /// report's full N³-variable LP.
    pub reduced: bool,
    /// Reweighting rounds L per phase: 1 is plain L1, the report uses 10.
    pub rounds: usize,
    /// ε of the weights `1/(|x| + ε)`; the report found 30 best of {0.01, 1, 30}.
    pub epsilon: f64,
    /// A phase ends early when successive points differ by less than this (Euclidean).
    pub tolerance: f64,
    /// Warm restart steps 1 and 2.
    pub restarts: bool,
    /// How many times step 3 is tried (the report: 20 was best).
    pub step3_repeats: usize,
    pub step3_pick: Step3Pick,
}

impl L1Config {
    /// `--solver l1`: one LP solve, read the grid, done.
    pub fn plain() -> L1Config {
        L1Config {
            model: L1Model::NonNegative,
            backend: Backend::InteriorPoint,
            reduced: true,
            rounds: 1,
            epsilon: 30.0,
            tolerance: 1e-10,
            restarts: false,
            step3_repeats: 0,
            step3_pick: Step3Pick::Uniform,
        }
    }

    /// `--solver l1-weighted`: L = 10 rounds with ε = 30, steps 1–2 and step 3 repeated 20
    /// times (the report's best configuration), step 3 drawing among the cells the first LP
    /// left undecided ([`Step3Pick::Undecided`]: on a magictour sample the same success rate
    /// as the report's uniform draw with a third fewer LP solves; docs/experiments/lp.md).
    pub fn weighted() -> L1Config {
        L1Config {
            rounds: 10,
            restarts: true,
            step3_repeats: 20,
            step3_pick: Step3Pick::Undecided,
            ..L1Config::plain()
        }
    }
}

/// Where in the decision process a solver is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Original,
    Step1,
    Step2,
    /// Repeat k (from 0) of step 3: the original clues plus one drawn value.
    Step3(usize),
    /// The step 1 that follows repeat k of step 3.
    Step3Fix(usize),
}

impl Phase {
    /// The restart step shown in the panel (0 = the original puzzle).
    fn step_number(self) -> f64 {
        match self {
            Phase::Original => 0.0,
            Phase::Step1 => 1.0,
            Phase::Step2 => 2.0,
            Phase::Step3(_) | Phase::Step3Fix(_) => 3.0,
        }
    }

    fn repeat(self) -> f64 {
        match self {
            Phase::Step3(k) | Phase::Step3Fix(k) => (k + 1) as f64,
            _ => 0.0,
        }
    }
}

/// The reweighted-LP decision process as a live solver (`l1`, `l1-weighted`, `rfss-lp`).
pub struct L1Solver {
    name: &'static str,
    config: L1Config,
    puzzle: Option<Puzzle>,
    original: Vec<u8>,
    rng: FastRng,
    phase: Phase,
    /// The clues of the current phase.
    clues: Vec<u8>,
    form: Option<Formulation>,
    session: Option<LpSession>,
    /// Solves done in the current phase.
    round: usize,
    x_prev: Option<Vec<f64>>,
    decoded: Decoded,
    step2: Decoded,
    /// Cells the first solve of the original puzzle left fractional.
    undecided: Vec<usize>,
    tried: Vec<(usize, u8)>,
    iterations: u64,
    status: Status,
    objective: f64,
    last_ms: f64,
    fractional: Vec<usize>,
    history: Series,
    solution: Option<Grid>,
    /// Why the solver stopped without a solution, for the panel and tests.
    pub stop_reason: Option<String>,
}

impl L1Solver {
    pub fn new(name: &'static str, config: L1Config) -> L1Solver {
        L1Solver {
            name,
            config,
            puzzle: None,
            original: Vec::new(),
            rng: FastRng::new(0),
            phase: Phase::Original,
            clues: Vec::new(),
            form: None,
            session: None,
            round: 0,
            x_prev: None,
            decoded: Decoded {
                digits: Vec::new(),
                confidence: Vec::new(),
            },
            step2: Decoded {
                digits: Vec::new(),
                confidence: Vec::new(),
            },
            undecided: Vec::new(),
            tried: Vec::new(),
            iterations: 0,
            status: Status::Stuck,
            objective: f64::NAN,
            last_ms: 0.0,
            fractional: Vec::new(),
            history: Series::new("conflicts", 256),
            solution: None,
            stop_reason: Some("no puzzle".into()),
        }
    }

    pub fn config(&self) -> &L1Config {
        &self.config
    }

    /// The restart step (0 = original puzzle, 1, 2, 3) the solver is in.
    pub fn restart_step(&self) -> u32 {
        self.phase.step_number() as u32
    }

    fn progress(&self) -> Progress {
        Progress {
            status: self.status,
            iterations: self.iterations,
        }
    }

    fn enter(&mut self, phase: Phase, clues: Vec<u8>) {
        self.phase = phase;
        self.clues = clues;
        self.form = None;
        self.session = None;
        self.round = 0;
        self.x_prev = None;
    }

    fn finish(&mut self, status: Status, reason: &str) {
        self.status = status;
        self.stop_reason = Some(reason.to_string());
        self.form = None;
    }

    /// The phase ended with `grid` as its answer: move on.
    fn phase_done(&mut self, grid: Vec<u8>) {
        let geometry = match &self.puzzle {
            Some(p) => p.geometry(),
            None => return self.finish(Status::Stuck, "no puzzle"),
        };
        match self.phase {
            Phase::Original if self.config.restarts => {
                let clues = blank_repeats(geometry, &grid, &self.original);
                self.enter(Phase::Step1, clues);
            }
            Phase::Original | Phase::Step2 => {
                self.step2 = self.decoded.clone();
                self.step2.digits = grid;
                self.start_step3(0);
            }
            Phase::Step1 => {
                let clues = blank_repeats(geometry, &grid, &self.original);
                self.enter(Phase::Step2, clues);
            }
            Phase::Step3(k) => {
                let clues = blank_repeats(geometry, &grid, &self.original);
                self.enter(Phase::Step3Fix(k), clues);
            }
            Phase::Step3Fix(k) => self.start_step3(k + 1),
        }
    }

    /// The phase could not produce a grid (infeasible or failed LP).
    fn phase_failed(&mut self, why: &str) {
        match self.phase {
            Phase::Original => self.finish(Status::Stuck, why),
            // Step 2 would re-blank the same grid: go straight to step 3.
            Phase::Step1 | Phase::Step2 => {
                self.step2 = self.decoded.clone();
                self.start_step3(0);
            }
            Phase::Step3(k) | Phase::Step3Fix(k) => self.start_step3(k + 1),
        }
    }

    fn start_step3(&mut self, k: usize) {
        if k >= self.config.step3_repeats {
            let reason = if self.config.step3_repeats > 0 || self.config.restarts {
                "warm restarts exhausted"
            } else {
                "the LP's grid is not a solution"
            };
            return self.finish(Status::CapReached, reason);
        }
        let geometry = match &self.puzzle {
            Some(p) => p.geometry(),
            None => return self.finish(Status::Stuck, "no puzzle"),
        };
        let source = &self.step2.digits;
        let clashing: Vec<usize> = match self.config.step3_pick {
            Step3Pick::Uniform | Step3Pick::Undecided => Vec::new(),
            Step3Pick::Unconflicted | Step3Pick::Confident => {
                Grid::from_cells(geometry, source.clone())
                    .map(|g| g.conflicting_cells())
                    .unwrap_or_default()
            }
        };
        let undecided = self.config.step3_pick == Step3Pick::Undecided;
        let pool: Vec<(usize, u8)> = (0..self.original.len())
            .filter(|&cell| self.original[cell] == 0)
            .filter(|cell| !undecided || self.undecided.contains(cell))
            .filter_map(|cell| source.get(cell).map(|&d| (cell, d)))
            .filter(|&(cell, d)| {
                d != 0 && !clashing.contains(&cell) && !self.tried.contains(&(cell, d))
            })
            .collect();
        if pool.is_empty() {
            return self.finish(Status::CapReached, "no value left to try in step 3");
        }
        let index = match self.config.step3_pick {
            Step3Pick::Confident => {
                let weight = |&(cell, _): &(usize, u8)| {
                    f64::from(self.step2.confidence.get(cell).copied().unwrap_or(0.0)).max(1e-3)
                };
                let total: f64 = pool.iter().map(weight).sum();
                let mut target = self.rng.unit() * total.max(1e-9);
                pool.iter()
                    .position(|p| {
                        target -= weight(p);
                        target < 0.0
                    })
                    .unwrap_or(pool.len() - 1)
            }
            _ => self.rng.below(pool.len()),
        };
        let (cell, digit) = pool[index];
        self.tried.push((cell, digit));
        let mut clues = self.original.clone();
        clues[cell] = digit;
        self.enter(Phase::Step3(k), clues);
    }

    /// Builds the current phase's formulation, skipping phases whose clues are infeasible
    /// before any LP (no solve is spent on them). Returns whether there is one to solve.
    fn ensure_formulation(&mut self) -> bool {
        // Each skip moves the phase strictly forward, so this ends.
        while self.status == Status::Running && self.form.is_none() {
            let Some(puzzle) = &self.puzzle else {
                self.finish(Status::Stuck, "no puzzle");
                return false;
            };
            let geometry = puzzle.geometry();
            let built = if self.config.reduced {
                Formulation::reduced(geometry, &self.clues)
            } else {
                Ok(Formulation::full(geometry, &self.clues))
            };
            match built {
                Ok(form) => {
                    self.form = Some(form);
                    self.session = Some(LpSession::new(
                        self.config.model.sign(),
                        self.config.backend,
                    ));
                }
                Err(why) => self.phase_failed(&format!("infeasible: {}", why.0)),
            }
        }
        self.form.is_some() && self.status == Status::Running
    }
}

impl LiveSolver for L1Solver {
    fn name(&self) -> &'static str {
        self.name
    }

    fn iteration_unit(&self) -> &'static str {
        "lp-solves"
    }

    fn reset(&mut self, puzzle: &Puzzle, seed: u64) -> Result<(), LiveError> {
        check_puzzle(self.name, puzzle)?;
        let cells = puzzle.geometry().cell_count();
        self.original = puzzle.givens.cells().to_vec();
        self.puzzle = Some(puzzle.clone());
        self.rng = FastRng::new(seed);
        self.decoded = Decoded {
            digits: self.original.clone(),
            confidence: self
                .original
                .iter()
                .map(|&d| if d != 0 { 1.0 } else { 0.0 })
                .collect(),
        };
        self.step2 = self.decoded.clone();
        self.tried.clear();
        self.undecided.clear();
        self.iterations = 0;
        self.status = Status::Running;
        self.stop_reason = None;
        self.objective = f64::NAN;
        self.last_ms = 0.0;
        self.fractional = (0..cells).filter(|&c| self.original[c] == 0).collect();
        self.history = Series::new("conflicts", 256);
        self.solution = None;
        self.enter(Phase::Original, self.original.clone());
        Ok(())
    }

    fn step(&mut self, _budget: Duration) -> Progress {
        if self.status != Status::Running || !self.ensure_formulation() {
            return self.progress();
        }
        let Some(form) = &self.form else {
            return self.progress();
        };
        let cost: Vec<f64> = match &self.x_prev {
            Some(prev) => prev
                .iter()
                .map(|&x| 1.0 / (x.abs() + self.config.epsilon))
                .collect(),
            None => vec![1.0; form.var_count()],
        };
        let outcome = match &mut self.session {
            Some(session) => session.solve(form, &cost),
            None => {
                LpSession::new(self.config.model.sign(), self.config.backend).solve(form, &cost)
            }
        };
        self.iterations += 1;
        self.last_ms = outcome.elapsed.as_secs_f64() * 1e3;
        self.objective = outcome.objective;
        let x = match outcome.status {
            LpStatus::Optimal(x) => x,
            LpStatus::Infeasible => {
                self.phase_failed("the LP is infeasible");
                return self.progress();
            }
            LpStatus::Failed(why) => {
                self.phase_failed(&why);
                return self.progress();
            }
        };
        self.decoded = form.decode(&x);
        self.fractional = fractional_cells(&self.decoded, &self.original);
        if self.phase == Phase::Original && self.round == 0 {
            self.undecided = self.fractional.clone();
        }
        let Some(puzzle) = &self.puzzle else {
            return self.progress();
        };
        let conflicts = conflicting_cells(puzzle, &self.decoded.digits).len();
        self.history.push(self.iterations as f64, conflicts as f64);
        if is_solution(puzzle, &self.decoded.digits) {
            self.solution = Grid::from_cells(puzzle.geometry(), self.decoded.digits.clone()).ok();
            self.status = Status::Solved;
            self.form = None;
            return self.progress();
        }
        self.round += 1;
        let converged = self.x_prev.as_ref().is_some_and(|prev| {
            let d2: f64 = prev.iter().zip(&x).map(|(a, b)| (a - b) * (a - b)).sum();
            d2.sqrt() < self.config.tolerance
        });
        if self.round >= self.config.rounds || converged {
            let grid = self.decoded.digits.clone();
            self.phase_done(grid);
        } else {
            self.x_prev = Some(x);
        }
        self.progress()
    }

    fn view(&self) -> SolverView {
        let (digits, confidence) = match &self.puzzle {
            Some(_) => (self.decoded.digits.clone(), self.decoded.confidence.clone()),
            None => (Vec::new(), Vec::new()),
        };
        let conflicts = match &self.puzzle {
            Some(p) => conflicting_cells(p, &digits),
            None => Vec::new(),
        };
        let (vars, rows) = self
            .form
            .as_ref()
            .map_or((0.0, 0.0), |f| (f.var_count() as f64, f.rows as f64));
        SolverView {
            digits,
            confidence,
            conflicts,
            unsettled: if self.status == Status::Solved {
                Vec::new()
            } else {
                self.fractional.clone()
            },
            metrics: vec![
                Metric::new("LP round", self.round as f64),
                Metric::new("restart step", self.phase.step_number()),
                Metric::new("step 3 repeat", self.phase.repeat()),
                Metric::new("objective", self.objective),
                Metric::new("fractional cells", self.fractional.len() as f64),
                Metric::new("last solve ms", self.last_ms),
                Metric::new("LP variables", vars),
                Metric::new("LP rows", rows),
            ],
            history: vec![self.history.clone()],
            bands: Vec::new(),
            status: self.status,
            iterations: self.iterations,
            iteration_unit: "lp-solves",
        }
    }

    fn solution(&self) -> Option<Grid> {
        self.solution.clone()
    }
}
