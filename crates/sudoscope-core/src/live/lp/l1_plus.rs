//! `l1-plus`: our improvement on the report's reweighted L1 (not in any paper). The LP still
//! does the work; what changes is what is done with its answer.
//!
//! The process is a depth-first search over *LP nodes*. A node is the original puzzle with
//! some variables fixed (to 1: a cell's digit; to 0: a candidate removed), kept as a candidate
//! set per cell. At every node (the first is the puzzle as given, with no propagation, so the
//! first thing that happens is always an LP solve):
//!
//! 1. **Propagation** (a helper, optional): naked and hidden singles until nothing changes. A
//!    cell without candidate or a digit without place in a house is a *contradiction*.
//! 2. **The plain L1 LP** (Model B, reduced to the node's candidates, interior point). Its
//!    objective is constant on the feasible set, so the interior point returns (close to) the
//!    analytic centre of the *whole* LP polytope, which lies in its relative interior: a
//!    variable at 1 there is 1 at every feasible point, a variable at 0 there is 0 at every
//!    feasible point. Both are valid deductions for the node (every solution of the node is an
//!    LP-feasible point), not guesses. We fix every variable within `threshold` of 1 and
//!    remove every one within `threshold` of 0, then go back to 1 (the LP shrinks). An
//!    infeasible LP is a contradiction.
//! 3. When the plain LP deduces nothing more: the report's reweighting, `rounds − 1` rounds
//!    with `w = 1/(|x| + ε)`, each checked for a solution (the report's grid read-off).
//! 4. Still unsolved: the report's step 3 ("add one value as a clue and solve again"), with the
//!    clue picked from the LP's last point ([`PlusPick`]) instead of drawn at random; the node
//!    is saved first. A contradiction anywhere under that clue takes the search back to the
//!    saved node with the clue's variable fixed to 0 — a valid deduction, since the clue led
//!    to a contradiction — so the same clue is never tried twice.
//!
//! Every `step` does at most one LP solve (plus propagation and any backtracking, which cost
//! microseconds). There is no randomness: the seed is accepted and changes nothing. The search
//! is complete, so a puzzle without a solution ends `Stuck` ("no solution"), one with several
//! ends `Solved` with one of them, and `max_solves` caps the LP solves (then `CapReached`).
//! docs/experiments/lp.md measures it against `l1-weighted` on all of magictour_top1465.

use std::time::Duration;

use super::{
    Backend, Decoded, Formulation, LpSession, LpStatus, SignModel, check_puzzle, fractional_cells,
    is_solution,
};
use crate::grid::{Digits, Grid, Puzzle};
use crate::live::{
    LiveError, LiveSolver, Metric, Progress, Series, SolverView, Status, conflicting_cells,
};

/// The `--solver` name.
pub const NAME: &str = "l1-plus";

/// Which value becomes the next step-3 clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlusPick {
    /// The cell whose largest LP value is the smallest (the most undecided), with its
    /// highest-valued digit.
    Undecided,
    /// The largest LP value below 1 anywhere (the likeliest placement not yet certain).
    Likeliest,
    /// The undecided cell with the fewest candidates left, its highest-valued digit.
    Narrowest,
}

/// The knobs of `l1-plus` (measured in docs/experiments/lp.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlusConfig {
    /// LP solves per node when nothing is deduced: 1 = the plain LP only, more = the report's
    /// reweighting rounds after it.
    pub rounds: usize,
    /// ε of the reweighting.
    pub epsilon: f64,
    /// A reweighting ends early when successive points differ by less than this.
    pub tolerance: f64,
    /// Fix and remove variables from the plain LP's point (step 2 of the module docs).
    pub deduce: bool,
    /// How close to 1 (to 0) a value must be to be fixed (removed).
    pub threshold: f64,
    /// Naked and hidden singles between LPs.
    pub propagate: bool,
    pub pick: PlusPick,
    /// A cap on the LP solves of one run.
    pub max_solves: u64,
}

impl Default for PlusConfig {
    fn default() -> PlusConfig {
        PlusConfig {
            rounds: 1,
            epsilon: 1.0,
            tolerance: 1e-6,
            deduce: true,
            threshold: 1e-5,
            propagate: true,
            pick: PlusPick::Undecided,
            max_solves: 5000,
        }
    }
}

/// A saved node: the candidates before the step-3 clue (cell, digit) was added.
struct Frame {
    cands: Vec<Digits>,
    cell: usize,
    digit: u8,
}

/// The `l1-plus` live solver.
pub struct L1Plus {
    config: PlusConfig,
    puzzle: Option<Puzzle>,
    cands: Vec<Digits>,
    trail: Vec<Frame>,
    form: Option<Formulation>,
    session: Option<LpSession>,
    round: usize,
    x_prev: Option<Vec<f64>>,
    decoded: Decoded,
    fractional: Vec<usize>,
    iterations: u64,
    status: Status,
    objective: f64,
    last_ms: f64,
    /// Variables and rows of the last LP solved.
    last_size: (usize, usize),
    /// Variables fixed or removed by the plain LP, over the run.
    pub lp_deductions: u64,
    /// Step-3 clues added, and clues excluded after a contradiction.
    pub clues_added: u64,
    pub clues_excluded: u64,
    /// LP solves that failed numerically (treated as contradictions).
    pub lp_failures: u64,
    history: Series,
    solution: Option<Grid>,
    /// Why the solver stopped without a solution.
    pub stop_reason: Option<String>,
}

impl Default for L1Plus {
    fn default() -> L1Plus {
        L1Plus::new(PlusConfig::default())
    }
}

impl L1Plus {
    pub fn new(config: PlusConfig) -> L1Plus {
        L1Plus {
            config,
            puzzle: None,
            cands: Vec::new(),
            trail: Vec::new(),
            form: None,
            session: None,
            round: 0,
            x_prev: None,
            decoded: Decoded {
                digits: Vec::new(),
                confidence: Vec::new(),
            },
            fractional: Vec::new(),
            iterations: 0,
            status: Status::Stuck,
            objective: f64::NAN,
            last_ms: 0.0,
            last_size: (0, 0),
            lp_deductions: 0,
            clues_added: 0,
            clues_excluded: 0,
            lp_failures: 0,
            history: Series::new("fractional cells", 256),
            solution: None,
            stop_reason: Some("no puzzle".into()),
        }
    }

    pub fn config(&self) -> &PlusConfig {
        &self.config
    }

    /// How many step-3 clues the current node rests on.
    pub fn depth(&self) -> usize {
        self.trail.len()
    }

    fn progress(&self) -> Progress {
        Progress {
            status: self.status,
            iterations: self.iterations,
        }
    }

    fn finish(&mut self, status: Status, reason: &str) {
        self.status = status;
        self.stop_reason = Some(reason.to_string());
        self.form = None;
        self.session = None;
    }

    /// Undoes the last step-3 clue and excludes it. `false` when there is none left (then the
    /// solver has finished: the puzzle has no solution).
    fn backtrack(&mut self) -> bool {
        match self.trail.pop() {
            Some(frame) => {
                self.cands = frame.cands;
                self.cands[frame.cell].remove(frame.digit);
                self.clues_excluded += 1;
                true
            }
            None => {
                let reason = if self.lp_failures > 0 {
                    "no solution found (some LP solves failed numerically)"
                } else {
                    "no solution: every branch ends in a contradiction"
                };
                self.finish(Status::Stuck, reason);
                false
            }
        }
    }

    /// Propagates the current candidates, backtracking over contradictions, and starts a new
    /// node (no formulation yet, round 0).
    fn settle(&mut self) {
        let Some(geometry) = self.puzzle.as_ref().map(|p| p.givens.shape().clone()) else {
            return self.finish(Status::Stuck, "no puzzle");
        };
        loop {
            let ok = if self.config.propagate {
                crate::exact::singles::propagate(&geometry, &mut self.cands)
            } else {
                !self.cands.iter().any(|c| c.is_empty())
            };
            if ok {
                break;
            }
            if !self.backtrack() {
                return;
            }
        }
        self.form = None;
        self.session = None;
        self.round = 0;
        self.x_prev = None;
    }

    /// Builds the node's formulation (backtracking over nodes that are infeasible before any
    /// LP). Returns whether there is an LP to solve.
    fn ensure_formulation(&mut self) -> bool {
        // Every pass either builds a formulation, finishes, or backtracks (which removes a
        // candidate for good), so this ends.
        while self.status == Status::Running && self.form.is_none() {
            let Some(puzzle) = &self.puzzle else {
                self.finish(Status::Stuck, "no puzzle");
                return false;
            };
            let geometry = puzzle.geometry();
            let clues: Vec<u8> = self
                .cands
                .iter()
                .map(|c| c.single_digit().unwrap_or(0))
                .collect();
            if clues.iter().all(|&d| d != 0) {
                if is_solution(puzzle, &clues) {
                    self.solution = Grid::from_cells(geometry, clues.clone()).ok();
                    self.decoded = Decoded {
                        confidence: vec![1.0; clues.len()],
                        digits: clues,
                    };
                    self.fractional.clear();
                    self.finish(Status::Solved, "solved");
                    return false;
                }
                if self.backtrack() {
                    self.settle();
                }
                continue;
            }
            match Formulation::restricted(geometry, &clues, Some(&self.cands)) {
                Ok(form) => {
                    self.form = Some(form);
                    self.session = Some(LpSession::new(
                        SignModel::NonNegative,
                        Backend::InteriorPoint,
                    ));
                }
                Err(_) => {
                    if self.backtrack() {
                        self.settle();
                    }
                }
            }
        }
        self.form.is_some() && self.status == Status::Running
    }

    /// Fixes and removes the variables the plain LP decided; whether anything changed.
    fn deduce(&mut self, form: &Formulation, x: &[f64]) -> bool {
        let t = self.config.threshold;
        let mut changed = false;
        for (j, &(cell, digit)) in form.vars.iter().enumerate() {
            let cell = cell as usize;
            if x[j] > 1.0 - t && self.cands[cell].len() > 1 {
                self.cands[cell] = Digits::single(digit);
                self.lp_deductions += 1;
                changed = true;
            } else if x[j] < t && self.cands[cell].contains(digit) && self.cands[cell].len() > 1 {
                self.cands[cell].remove(digit);
                self.lp_deductions += 1;
                changed = true;
            }
        }
        changed
    }

    /// The step-3 clue read off the LP point `x`.
    fn pick(&self, form: &Formulation, x: &[f64]) -> Option<(usize, u8)> {
        let cells = self.cands.len();
        // Per open cell: its best digit, that digit's value, and its candidate count.
        let mut best: Vec<Option<(u8, f64)>> = vec![None; cells];
        for (j, &(cell, digit)) in form.vars.iter().enumerate() {
            let cell = cell as usize;
            if self.cands[cell].len() > 1 && best[cell].is_none_or(|(_, v)| x[j] > v) {
                best[cell] = Some((digit, x[j]));
            }
        }
        let open = best
            .iter()
            .enumerate()
            .filter_map(|(cell, b)| b.map(|(d, v)| (cell, d, v)));
        let chosen = match self.config.pick {
            PlusPick::Undecided => open.min_by(|a, b| a.2.total_cmp(&b.2)),
            PlusPick::Likeliest => open.max_by(|a, b| a.2.total_cmp(&b.2).then(b.0.cmp(&a.0))),
            PlusPick::Narrowest => open.min_by(|a, b| {
                self.cands[a.0]
                    .len()
                    .cmp(&self.cands[b.0].len())
                    .then(b.2.total_cmp(&a.2))
            }),
        };
        chosen.map(|(cell, digit, _)| (cell, digit))
    }
}

impl LiveSolver for L1Plus {
    fn name(&self) -> &'static str {
        NAME
    }

    fn iteration_unit(&self) -> &'static str {
        "lp-solves"
    }

    fn reset(&mut self, puzzle: &Puzzle, _seed: u64) -> Result<(), LiveError> {
        check_puzzle(NAME, puzzle)?;
        let n = puzzle.geometry().size();
        let givens = puzzle.givens.cells().to_vec();
        self.cands = givens
            .iter()
            .map(|&d| {
                if d != 0 {
                    Digits::single(d)
                } else {
                    Digits::all(n)
                }
            })
            .collect();
        self.puzzle = Some(puzzle.clone());
        self.trail.clear();
        self.decoded = Decoded {
            confidence: givens
                .iter()
                .map(|&d| if d != 0 { 1.0 } else { 0.0 })
                .collect(),
            digits: givens.clone(),
        };
        self.fractional = (0..givens.len()).filter(|&c| givens[c] == 0).collect();
        self.iterations = 0;
        self.status = Status::Running;
        self.objective = f64::NAN;
        self.last_ms = 0.0;
        self.last_size = (0, 0);
        self.lp_deductions = 0;
        self.clues_added = 0;
        self.clues_excluded = 0;
        self.lp_failures = 0;
        self.history = Series::new("fractional cells", 256);
        self.solution = None;
        self.stop_reason = None;
        // The first LP sees the puzzle as given: propagation only helps after it.
        self.form = None;
        self.session = None;
        self.round = 0;
        self.x_prev = None;
        Ok(())
    }

    fn step(&mut self, _budget: Duration) -> Progress {
        if self.status != Status::Running || !self.ensure_formulation() {
            return self.progress();
        }
        if self.iterations >= self.config.max_solves {
            self.finish(Status::CapReached, "LP solve cap reached");
            return self.progress();
        }
        let (Some(form), Some(session)) = (self.form.take(), self.session.as_mut()) else {
            return self.progress();
        };
        let cost: Vec<f64> = match &self.x_prev {
            Some(prev) => prev
                .iter()
                .map(|&x| 1.0 / (x.abs() + self.config.epsilon))
                .collect(),
            None => vec![1.0; form.var_count()],
        };
        let outcome = session.solve(&form, &cost);
        self.iterations += 1;
        self.last_ms = outcome.elapsed.as_secs_f64() * 1e3;
        self.last_size = (form.var_count(), form.rows);
        self.objective = outcome.objective;
        let x = match outcome.status {
            LpStatus::Optimal(x) => x,
            other => {
                if matches!(other, LpStatus::Failed(_)) {
                    self.lp_failures += 1;
                }
                if self.backtrack() {
                    self.settle();
                }
                return self.progress();
            }
        };
        self.decoded = form.decode(&x);
        self.fractional = fractional_cells(&self.decoded, &form.clues);
        self.history
            .push(self.iterations as f64, self.fractional.len() as f64);
        let Some(puzzle) = &self.puzzle else {
            return self.progress();
        };
        if is_solution(puzzle, &self.decoded.digits) {
            self.solution = Grid::from_cells(puzzle.geometry(), self.decoded.digits.clone()).ok();
            self.finish(Status::Solved, "solved");
            return self.progress();
        }
        if self.round == 0 && self.config.deduce && self.deduce(&form, &x) {
            self.settle();
            return self.progress();
        }
        self.round += 1;
        let converged = self.x_prev.as_ref().is_some_and(|prev| {
            let d2: f64 = prev.iter().zip(&x).map(|(a, b)| (a - b) * (a - b)).sum();
            d2.sqrt() < self.config.tolerance
        });
        if self.round < self.config.rounds && !converged {
            self.x_prev = Some(x);
            self.form = Some(form);
            return self.progress();
        }
        match self.pick(&form, &x) {
            Some((cell, digit)) => {
                self.trail.push(Frame {
                    cands: self.cands.clone(),
                    cell,
                    digit,
                });
                self.cands[cell] = Digits::single(digit);
                self.clues_added += 1;
                self.settle();
            }
            None => self.finish(Status::Stuck, "the LP left nothing to pick"),
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
        // The last LP solved (the next node's is built at the start of the next step).
        let (vars, rows) = (self.last_size.0 as f64, self.last_size.1 as f64);
        let fixed = self.cands.iter().filter(|c| c.len() == 1).count();
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
                Metric::new("step-3 clues held", self.trail.len() as f64),
                Metric::new("clues excluded", self.clues_excluded as f64),
                Metric::new("LP deductions", self.lp_deductions as f64),
                Metric::new("cells fixed", fixed as f64),
                Metric::new("fractional cells", self.fractional.len() as f64),
                Metric::new("objective", self.objective),
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
