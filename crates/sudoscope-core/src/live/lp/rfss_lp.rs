//! RFSS-LP and RFSS-IP: Horn's "MRE → MWLP" linear decision process on M_RFS.
//!
//! Both solve `M_RFS y = 1, y ≥ 0` over the species set S in its resource form (every resource
//! covered exactly once; the equivalence is proved in the docs of [`super`]) and read the cover
//! off y: in every empty cell the species with the largest y.
//!
//! - `rfss-lp` relaxes y to reals. Its objective `1ᵀy` ("minimum weight") is constant on the
//!   feasible set, so a single solve returns whatever point the LP code stops at. We reweight
//!   as in L1 (`w = 1/(y + ε)`, up to [`rfss_lp_config`]'s rounds) from the interior-point
//!   centre; no warm restarts, which belong to the L1 report, not to Horn.
//! - `rfss-ip` keeps y binary: microlp's branch and bound, resumed one time slice per step.
//!   Any integral feasible y is an exact cover, i.e. the solution, so the search stops at its
//!   first incumbent (its bound equals the constant objective).

use std::time::{Duration, Instant};

use microlp::{
    ComparisonOp, Error as MlpError, OptimizationDirection, Problem, ResumeOptions, SolveOptions,
    SolveOutcome, Variable,
};

use super::l1::{L1Config, L1Model, L1Solver, Step3Pick};
use super::{
    Backend, Decoded, Formulation, LpStatus, SignModel, check_puzzle, fractional_cells,
    is_solution, solve_lp,
};
use crate::grid::{Grid, Puzzle};
use crate::live::{
    LiveError, LiveSolver, Metric, Progress, Series, SolverView, Status, conflicting_cells,
};

/// RFSS-LP's decision process: the resource-form LP (Model B on the reduced formulation),
/// interior point, then up to 10 reweighting rounds with ε = 30. Measured
/// (docs/experiments/lp.md): on 100 magictour puzzles one solve reads a cover off 25% (29%
/// with a simplex vertex), reweighting 39%; on 189 puzzles RFSS-Evolve left unsolved, 20% →
/// 42%. RFSS-IP solves all of them.
pub fn rfss_lp_config() -> L1Config {
    L1Config {
        model: L1Model::NonNegative,
        backend: Backend::InteriorPoint,
        reduced: true,
        rounds: 10,
        epsilon: 30.0,
        tolerance: 1e-10,
        restarts: false,
        step3_repeats: 0,
        step3_pick: Step3Pick::Uniform,
    }
}

/// `--solver rfss-lp`.
pub fn rfss_lp() -> L1Solver {
    L1Solver::new("rfss-lp", rfss_lp_config())
}

/// Limits of the branch and bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RfssIpConfig {
    /// Give up (`CapReached`) after this many branch-and-bound nodes.
    pub max_nodes: u64,
    /// Solve the root relaxation with the interior point first (shown in the panel; when it is
    /// already integral no branching is needed).
    pub root_interior_point: bool,
}

impl Default for RfssIpConfig {
    fn default() -> RfssIpConfig {
        RfssIpConfig {
            max_nodes: 200_000,
            root_interior_point: true,
        }
    }
}

/// `--solver rfss-ip`: binary y by branch and bound.
pub struct RfssIp {
    config: RfssIpConfig,
    puzzle: Option<Puzzle>,
    form: Option<Formulation>,
    vars: Vec<Variable>,
    /// The interrupted search, resumed by the next step.
    search: Option<SolveOutcome>,
    root_done: bool,
    nodes: u64,
    iterations: u64,
    status: Status,
    decoded: Decoded,
    fractional: Vec<usize>,
    last_ms: f64,
    search_ms: f64,
    history: Series,
    solution: Option<Grid>,
    pub stop_reason: Option<String>,
}

impl RfssIp {
    pub fn new(config: RfssIpConfig) -> RfssIp {
        RfssIp {
            config,
            puzzle: None,
            form: None,
            vars: Vec::new(),
            search: None,
            root_done: false,
            nodes: 0,
            iterations: 0,
            status: Status::Stuck,
            decoded: Decoded {
                digits: Vec::new(),
                confidence: Vec::new(),
            },
            fractional: Vec::new(),
            last_ms: 0.0,
            search_ms: 0.0,
            history: Series::new("conflicts", 256),
            solution: None,
            stop_reason: Some("no puzzle".into()),
        }
    }

    /// Branch-and-bound nodes solved so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn progress(&self) -> Progress {
        Progress {
            status: self.status,
            iterations: self.iterations,
        }
    }

    fn finish(&mut self, status: Status, reason: String) {
        self.status = status;
        self.stop_reason = Some(reason);
        self.search = None;
    }

    /// Reads a point (root relaxation or integral solution) into the view; solved if valid.
    fn take_point(&mut self, x: &[f64]) {
        let (Some(form), Some(puzzle)) = (&self.form, &self.puzzle) else {
            return;
        };
        self.decoded = form.decode(x);
        self.fractional = fractional_cells(&self.decoded, puzzle.givens.cells());
        let conflicts = conflicting_cells(puzzle, &self.decoded.digits).len();
        self.history.push(self.iterations as f64, conflicts as f64);
        if is_solution(puzzle, &self.decoded.digits) {
            self.solution = Grid::from_cells(puzzle.geometry(), self.decoded.digits.clone()).ok();
            self.status = Status::Solved;
            self.search = None;
        }
    }

    fn start_search(&mut self, budget: Duration) -> Result<SolveOutcome, MlpError> {
        let mut problem = Problem::new(OptimizationDirection::Minimize);
        let Some(form) = &self.form else {
            return Err(MlpError::InternalError("no formulation".into()));
        };
        // Cost 1 per species: Horn's minimum weight, constant on the feasible set.
        self.vars = (0..form.var_count())
            .map(|_| problem.add_binary_var(1.0))
            .collect();
        for row in form.row_lists() {
            let terms: Vec<(Variable, f64)> = row.iter().map(|&j| (self.vars[j], 1.0)).collect();
            problem.add_constraint(terms.as_slice(), ComparisonOp::Eq, 1.0);
        }
        let mut options = SolveOptions::default();
        options.time_limit = Some(budget);
        problem.solve_with(options)
    }
}

impl LiveSolver for RfssIp {
    fn name(&self) -> &'static str {
        "rfss-ip"
    }

    fn iteration_unit(&self) -> &'static str {
        "lp-solves"
    }

    fn reset(&mut self, puzzle: &Puzzle, _seed: u64) -> Result<(), LiveError> {
        check_puzzle("rfss-ip", puzzle)?;
        let givens = puzzle.givens.cells();
        self.puzzle = Some(puzzle.clone());
        self.form = None;
        self.vars.clear();
        self.search = None;
        self.root_done = !self.config.root_interior_point;
        self.nodes = 0;
        self.iterations = 0;
        self.status = Status::Running;
        self.stop_reason = None;
        self.decoded = Decoded {
            digits: givens.to_vec(),
            confidence: givens
                .iter()
                .map(|&d| if d != 0 { 1.0 } else { 0.0 })
                .collect(),
        };
        self.fractional = (0..givens.len()).filter(|&c| givens[c] == 0).collect();
        self.last_ms = 0.0;
        self.search_ms = 0.0;
        self.history = Series::new("conflicts", 256);
        self.solution = None;
        match Formulation::reduced(puzzle.geometry(), givens) {
            Ok(form) => self.form = Some(form),
            Err(why) => self.finish(Status::Stuck, format!("infeasible: {}", why.0)),
        }
        Ok(())
    }

    fn step(&mut self, budget: Duration) -> Progress {
        if self.status != Status::Running {
            return self.progress();
        }
        let Some(form) = &self.form else {
            self.finish(Status::Stuck, "no formulation".into());
            return self.progress();
        };
        if !self.root_done {
            self.root_done = true;
            let cost = vec![1.0; form.var_count()];
            let outcome = solve_lp(form, &cost, SignModel::NonNegative, Backend::InteriorPoint);
            self.iterations += 1;
            self.last_ms = outcome.elapsed.as_secs_f64() * 1e3;
            match outcome.status {
                LpStatus::Optimal(x) => self.take_point(&x),
                LpStatus::Infeasible => {
                    self.finish(Status::Stuck, "the LP relaxation is infeasible".into())
                }
                // The branch and bound decides; the centre was only for show.
                LpStatus::Failed(_) => {}
            }
            return self.progress();
        }
        let start = Instant::now();
        let budget = budget.max(Duration::from_millis(1));
        let result = match self.search.take() {
            None => self.start_search(budget),
            Some(search) => {
                let mut options = ResumeOptions::default();
                options.time_limit = Some(budget);
                search.resume_with(options)
            }
        };
        self.last_ms = start.elapsed().as_secs_f64() * 1e3;
        self.search_ms += self.last_ms;
        match result {
            Ok(outcome) => {
                self.nodes = outcome.stats().nodes_solved;
                // The root relaxation and every node are one LP solve each.
                self.iterations = 1 + self.nodes + u64::from(self.config.root_interior_point);
                match outcome {
                    SolveOutcome::Solution(solution) => {
                        let x: Vec<f64> = self
                            .vars
                            .iter()
                            .map(|&v| solution.var_value(v).round())
                            .collect();
                        self.take_point(&x);
                        if self.status != Status::Solved {
                            self.finish(
                                Status::Stuck,
                                "the integral point is not a valid grid".into(),
                            );
                        }
                    }
                    interrupted @ SolveOutcome::Interrupted(_) => {
                        if self.nodes >= self.config.max_nodes {
                            self.finish(Status::CapReached, "node limit reached".into());
                        } else {
                            self.search = Some(interrupted);
                        }
                    }
                }
            }
            Err(MlpError::Infeasible) => {
                self.finish(Status::Stuck, "no exact cover exists".into());
            }
            Err(e) => self.finish(Status::Stuck, format!("microlp: {e}")),
        }
        self.progress()
    }

    fn view(&self) -> SolverView {
        let digits = self.decoded.digits.clone();
        let conflicts = match &self.puzzle {
            Some(p) => conflicting_cells(p, &digits),
            None => Vec::new(),
        };
        SolverView {
            digits,
            confidence: self.decoded.confidence.clone(),
            conflicts,
            unsettled: if self.status == Status::Solved {
                Vec::new()
            } else {
                self.fractional.clone()
            },
            metrics: vec![
                Metric::new("B&B nodes", self.nodes as f64),
                Metric::new("fractional cells", self.fractional.len() as f64),
                Metric::new("last solve ms", self.last_ms),
                Metric::new("search ms", self.search_ms),
                Metric::new(
                    "species",
                    self.form.as_ref().map_or(0.0, |f| f.var_count() as f64),
                ),
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
