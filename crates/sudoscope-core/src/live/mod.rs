//! The solvers you can watch: each does its work in bounded slices (`step`) and describes its
//! current state (`view`) for the UI's side panel and for `sudoscope solve --solver NAME`.
//!
//! One object serves both: the command line loops `step` until the solver finishes, the UI
//! runs one slice per frame (or on a worker thread) and draws `view`.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::grid::{Grid, Puzzle};

// The solvers are reached from outside only through the registry and, for harnesses, the `lab`
// module: what only harnesses use (options, counters) is dead without it, and its docs are
// the module's own, not API documentation.
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
#[allow(missing_docs)]
pub(crate) mod backtrack;
pub(crate) mod belief;
pub(crate) mod cultural;
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
#[allow(missing_docs)]
pub(crate) mod ga;
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
#[allow(missing_docs)]
pub(crate) mod logical;
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
#[allow(missing_docs)]
pub(crate) mod lp;
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
#[allow(missing_docs)]
pub(crate) mod rfss;

/// Where a solver stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// More steps may help.
    Running,
    /// Its grid is complete, valid and agrees with the givens.
    Solved,
    /// It can make no further progress (a logic solver out of techniques, an LP whose answer
    /// cannot be read as a grid, a search that proved there is no solution).
    Stuck,
    /// It reached its iteration cap or time limit without a solution.
    CapReached,
}

impl Status {
    /// The status in words, as the panel and the CLI show it.
    pub fn name(self) -> &'static str {
        match self {
            Status::Running => "running",
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::CapReached => "cap reached",
        }
    }

    /// Whether the solver has stopped (solved, stuck or capped).
    pub fn is_finished(self) -> bool {
        self != Status::Running
    }
}

/// Why a solver cannot start on a puzzle.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LiveError {
    #[error("{solver} does not handle {size}×{size} puzzles")]
    /// A side length the solver does not handle.
    UnsupportedSize {
        /// The solver's name.
        solver: &'static str,
        /// N, the side length.
        size: usize,
    },
    #[error("{solver} does not handle the {variant} variant")]
    /// A variant the solver does not handle.
    UnsupportedVariant {
        /// The solver's name.
        solver: &'static str,
        /// The variant's name.
        variant: &'static str,
    },
    #[error("{solver} needs a puzzle of givens, not a pencilmark grid")]
    /// A pencilmark grid given to a solver that starts from givens.
    NeedsGivens {
        /// The solver's name.
        solver: &'static str,
    },
    /// The puzzle itself is broken (a digit twice in a house, a cell without candidates).
    #[error(transparent)]
    Invalid(#[from] crate::grid::ParseErrorKind),
}

/// Refuses a puzzle no solver can work on, keeping the reason as the error's source.
pub(crate) fn validate(puzzle: &Puzzle) -> Result<(), LiveError> {
    Ok(puzzle.validate()?)
}

/// What one call of [`LiveSolver::step`] did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Where the solver stands after the call.
    pub status: Status,
    /// Iterations done so far in total (in the solver's own unit).
    pub iterations: u64,
}

/// A named number shown in the panel (`best fitness`, `species alive`, `LP round`...).
#[derive(Clone, Debug, PartialEq)]
pub struct Metric {
    /// What the number is, in words.
    pub name: &'static str,
    /// Its value.
    pub value: f64,
}

impl Metric {
    /// A metric named `name`.
    pub fn new(name: &'static str, value: f64) -> Metric {
        Metric { name, value }
    }
}

/// Points a solver keeps per chart series. A chart beside the puzzle is at most about 64
/// terminal columns of two braille dots each, so more points would not show; and every view
/// of a running solver copies its series (a server sends dozens of live solvers' views to
/// players each frame), so fewer are cheaper to show.
pub(crate) const SERIES_POINTS: usize = 128;

/// A bounded series for a chart: the most recent points, oldest first, each `(iteration,
/// value)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// What the series shows, in words.
    pub name: &'static str,
    /// The points, oldest first, each `(iteration, value)`.
    pub points: VecDeque<(f64, f64)>,
    capacity: usize,
}

impl Series {
    /// An empty series that keeps about `capacity` points.
    pub fn new(name: &'static str, capacity: usize) -> Series {
        Series {
            name,
            points: VecDeque::with_capacity(capacity),
            capacity: capacity.max(2),
        }
    }

    /// Adds a point; past the capacity, every other old point is dropped so the series keeps
    /// its whole time span at a coarser resolution.
    pub fn push(&mut self, x: f64, y: f64) {
        if self.points.len() >= self.capacity {
            let kept: VecDeque<(f64, f64)> = self.points.iter().copied().step_by(2).collect();
            self.points = kept;
        }
        self.points.push_back((x, y));
    }
}

/// What the UI draws for a solver.
#[derive(Clone, Debug, PartialEq)]
pub struct SolverView {
    /// The solver's tentative digit per cell (0 = none).
    pub digits: Vec<u8>,
    /// Confidence in each tentative digit, 0.0 to 1.0.
    pub confidence: Vec<f32>,
    /// Cells whose tentative digit clashes with a peer's.
    pub conflicts: Vec<usize>,
    /// Cells that differ among the solver's current near-solutions (undecided).
    pub unsettled: Vec<usize>,
    /// Named numbers to show (fitness, conflicts, …).
    pub metrics: Vec<Metric>,
    /// Chart series (fitness, conflicts...), bounded.
    pub history: Vec<Series>,
    /// For RFSS: proportions of a sample of species over generations (the paper's Figure 3),
    /// one series per sampled species, on a log10 scale.
    pub bands: Vec<Series>,
    /// Where the solver stands.
    pub status: Status,
    /// Iterations done so far.
    pub iterations: u64,
    /// What one iteration is (`generations`, `steps`, …).
    pub iteration_unit: &'static str,
}

impl SolverView {
    /// The view of a solver with no puzzle loaded yet.
    pub fn empty(status: Status, iterations: u64, iteration_unit: &'static str) -> SolverView {
        SolverView {
            digits: Vec::new(),
            confidence: Vec::new(),
            conflicts: Vec::new(),
            unsettled: Vec::new(),
            metrics: Vec::new(),
            history: Vec::new(),
            bands: Vec::new(),
            status,
            iterations,
            iteration_unit,
        }
    }
}

/// Calls `advance` (one iteration; it returns whether the solver is still running) until
/// `budget` has elapsed, at least once. The clock is read after the first iteration, then
/// every `interval` iterations, with `interval` chosen from the measured time per iteration
/// so that there are about `checks` looks per budget, and at most `max_interval` iterations
/// between looks: the overrun is at most `max_interval` iterations plus budget/`checks`.
/// Solvers whose iterations all cost about the same (a generation) pass a large
/// `max_interval`; those whose iterations vary a thousandfold (a search node, a technique
/// step) pass 1. Returns the time spent.
pub fn run_slice(
    budget: Duration,
    checks: u32,
    max_interval: u64,
    mut advance: impl FnMut() -> bool,
) -> Duration {
    let start = Instant::now();
    let target = (budget / checks.max(1)).max(Duration::from_micros(5));
    let (mut interval, mut since, mut done) = (1u64, 0u64, 0u64);
    while advance() {
        since += 1;
        if since >= interval {
            let elapsed = start.elapsed();
            if elapsed >= budget {
                break;
            }
            done += since;
            since = 0;
            let per = elapsed.as_nanos() / u128::from(done);
            interval =
                (target.as_nanos() / per.max(1)).clamp(1, u128::from(max_interval.max(1))) as u64;
        }
    }
    start.elapsed()
}

/// A rate metric (`trials/s`, `nodes/s`...): `count` over `elapsed`, 0 before any time.
pub fn rate_metric(name: &'static str, count: u64, elapsed: Duration) -> Metric {
    let secs = elapsed.as_secs_f64();
    Metric {
        name,
        value: if secs > 0.0 { count as f64 / secs } else { 0.0 },
    }
}

/// A solver that works in slices.
pub trait LiveSolver: Send {
    /// The `--solver` name.
    fn name(&self) -> &'static str;

    /// What an iteration is: `generations`, `trials`, `lp-solves`, `nodes` or `steps`.
    fn iteration_unit(&self) -> &'static str;

    /// Starts over on a puzzle with a seed (same seed, same run).
    fn reset(&mut self, puzzle: &Puzzle, seed: u64) -> Result<(), LiveError>;

    /// Does a bounded slice of work: returns within about `budget` (a single LP solve may take
    /// longer; its time is reported in the metrics).
    fn step(&mut self, budget: Duration) -> Progress;

    /// The current state for drawing.
    fn view(&self) -> SolverView;

    /// The solution, once `Solved`.
    fn solution(&self) -> Option<Grid>;
}

/// Limits for running a solver to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunLimits {
    /// Stop after this many iterations (no limit when `None`).
    pub max_iterations: Option<u64>,
    /// Stop after this long (no limit when `None`).
    pub timeout: Option<Duration>,
}

/// The result of running a solver to the end.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOutcome {
    /// Where the solver stopped.
    pub status: Status,
    /// The solution, when it was solved.
    pub solution: Option<Grid>,
    /// Iterations done.
    pub iterations: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Steps a solver until it finishes or hits a limit (the command line's loop).
pub fn run_to_end(solver: &mut dyn LiveSolver, limits: RunLimits) -> RunOutcome {
    let start = Instant::now();
    let slice = Duration::from_millis(20);
    let mut progress = Progress {
        status: Status::Running,
        iterations: 0,
    };
    while progress.status == Status::Running {
        let budget = match limits.timeout {
            Some(timeout) => match timeout.checked_sub(start.elapsed()) {
                Some(left) if !left.is_zero() => left.min(slice),
                _ => break,
            },
            None => slice,
        };
        progress = solver.step(budget);
        if limits
            .max_iterations
            .is_some_and(|cap| progress.iterations >= cap)
        {
            break;
        }
    }
    let status = match progress.status {
        Status::Running => Status::CapReached,
        other => other,
    };
    RunOutcome {
        status,
        solution: if status == Status::Solved {
            solver.solution()
        } else {
            None
        },
        iterations: progress.iterations,
        elapsed: start.elapsed(),
    }
}

/// Every `--solver` name [`by_name`] knows, in the order the UI's solver panel offers them.
pub const NAMES: &[&str] = &[
    "logic",
    "backtrack",
    "rfss",
    "rfss-lp",
    "rfss-ip",
    "l1",
    "l1-weighted",
    "ga",
    "cultural",
    "l1-plus",
];

/// The solvers available by `--solver` name (the exact solver is not a live solver; it is
/// `crate::exact`).
pub fn by_name(name: &str) -> Option<Box<dyn LiveSolver>> {
    match name {
        rfss::NAME => Some(Box::new(rfss::Rfss::new())),
        "rfss-lp" | "rfss-ip" | "l1" | "l1-weighted" | "l1-plus" => lp::by_name(name),
        ga::NAME => Some(Box::new(ga::Ga::new())),
        cultural::NAME => Some(Box::new(cultural::new())),
        backtrack::NAME => Some(Box::new(backtrack::Backtrack::new())),
        logical::NAME => Some(Box::new(logical::Logical::new())),
        _ => None,
    }
}

/// Cells of `digits` whose digit repeats in one of their houses (0s ignored).
pub fn conflicting_cells(puzzle: &Puzzle, digits: &[u8]) -> Vec<usize> {
    Grid::from_cells(puzzle.geometry(), digits.to_vec())
        .map(|grid| grid.conflicting_cells())
        .unwrap_or_default()
}
