//! `sudoscope solve`: one record per puzzle — the solution line, or why there is none.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use serde::Serialize;
use sudoscope_core::exact;
use sudoscope_core::grid::{ParseError, Puzzle, Record, digits_line_9x9};
use sudoscope_core::live::{self, RunLimits};

use super::count::to_json;
use super::io::{self, Failure, Output};
use super::{for_each_item, for_each_record, invalid_text};
use crate::cli::{OutputFormat, SolveArgs, SolverName};

/// The `solve --format json` record (`docs/guide.md`), with `unique`.
#[derive(Serialize)]
struct SolveRecord<'a> {
    puzzle: &'a str,
    solver: &'static str,
    status: &'static str,
    solution: Option<String>,
    /// Whether the solution is the only one (the exact solver proves it; null otherwise).
    unique: Option<bool>,
    iterations: u64,
    iteration_unit: &'static str,
    elapsed_ms: f64,
    error: Option<String>,
}

/// Totals for `--stats`.
#[derive(Default)]
struct Tally {
    solved: usize,
    multiple: usize,
    no_solution: usize,
    unsolved: usize,
    invalid: usize,
    solving: Duration,
}

impl Tally {
    /// Counts one exact-solver result (solutions found up to 2) and returns its status.
    fn add_exact(&mut self, solutions: usize, elapsed: Duration) -> &'static str {
        self.solving += elapsed;
        if solutions == 0 {
            self.no_solution += 1;
            return "no-solution";
        }
        self.solved += 1;
        if solutions > 1 {
            self.multiple += 1;
        }
        "solved"
    }

    /// One summary line on standard error.
    fn report(&self, wall: Instant) {
        let attempted = self.solved + self.no_solution + self.unsolved;
        let secs = self.solving.as_secs_f64();
        eprintln!(
            "sudoscope: {}: {} solved ({} with several solutions), {} without solution, {} unsolved, {} invalid; solving {:.1} ms ({:.0} puzzles/s), wall {:.1} ms",
            counted(attempted + self.invalid, "puzzle"),
            self.solved,
            self.multiple,
            self.no_solution,
            self.unsolved,
            self.invalid,
            secs * 1e3,
            if secs > 0.0 {
                attempted as f64 / secs
            } else {
                0.0
            },
            wall.elapsed().as_secs_f64() * 1e3,
        );
    }
}

pub fn run(args: &SolveArgs) -> Result<u8, Failure> {
    if args.solver != SolverName::Exact {
        return run_live(args);
    }
    let input = io::open(&args.input)?;
    let mut out = Output::new(&input);
    let json = args.format == OutputFormat::Json;
    // Shared by the three record handlers below; each borrows it only while it runs.
    let tally = RefCell::new(Tally::default());
    let wall = Instant::now();
    let on_puzzle = |_: &Record, puzzle: &Puzzle, out: &mut Output| {
        let start = Instant::now();
        let found = exact::count(puzzle, 2);
        let elapsed = start.elapsed();
        let solution = found
            .first
            .as_ref()
            .map(|grid| grid.to_line(puzzle.alphabet));
        let status = tally.borrow_mut().add_exact(found.solutions, elapsed);
        if json {
            out.line(&to_json(&SolveRecord {
                puzzle: &puzzle.to_line(),
                solver: args.solver.name(),
                status,
                unique: solution.as_ref().map(|_| found.solutions == 1),
                solution,
                iterations: found.nodes,
                iteration_unit: "nodes",
                elapsed_ms: io::millis(elapsed),
                error: None,
            }))
        } else {
            out.line(solution.as_deref().unwrap_or(status))
        }
    };
    let on_error = |record: &Record, error: &ParseError, out: &mut Output| {
        tally.borrow_mut().invalid += 1;
        if json {
            out.line(&to_json(&SolveRecord {
                puzzle: &record.text,
                solver: args.solver.name(),
                status: "invalid",
                solution: None,
                unique: None,
                iterations: 0,
                iteration_unit: "nodes",
                elapsed_ms: 0.0,
                error: Some(error.to_string()),
            }))
        } else {
            out.line(&invalid_text(error))
        }
    };
    // Text output of one-line 9×9 puzzles, the bulk of any large file, skips building a
    // `Puzzle`, a `Grid` and a `String` per line: the 9×9 solver reads the givens and the
    // digits go straight to the output buffer, so the command runs at the solver's speed.
    let on_standard = |givens: &[u8; 81], out: &mut Output| {
        let start = args.stats.then(Instant::now);
        let mut solution = [0u8; 81];
        let (solutions, _) = exact::count_9x9(givens, 2, &mut solution);
        let elapsed = start.map(|s| s.elapsed()).unwrap_or_default();
        let status = tally.borrow_mut().add_exact(solutions, elapsed);
        if solutions == 0 {
            out.line(status)
        } else {
            out.line_bytes(&digits_line_9x9(&solution))
        }
    };
    let code = if json {
        for_each_record(input, &mut out, on_puzzle, on_error)
    } else {
        for_each_item(input, &mut out, on_standard, on_puzzle, on_error)
    };
    if args.stats {
        let tally = tally.borrow();
        let total = tally.solved + tally.no_solution + tally.invalid;
        let secs = tally.solving.as_secs_f64();
        eprintln!(
            "sudoscope: {}: {} solved ({} with several solutions), {} without solution, {} invalid; solving {:.1} ms ({:.0} puzzles/s), wall {:.1} ms",
            counted(total, "puzzle"),
            tally.solved,
            tally.multiple,
            tally.no_solution,
            tally.invalid,
            secs * 1e3,
            if secs > 0.0 {
                (total - tally.invalid) as f64 / secs
            } else {
                0.0
            },
            wall.elapsed().as_secs_f64() * 1e3,
        );
    }
    code
}

/// Runs one of the watchable solvers to the end on every puzzle, within the iteration and time
/// limits (a solver that stops without a valid grid reports `unsolved`).
fn run_live(args: &SolveArgs) -> Result<u8, Failure> {
    let name = args.solver.name();
    let Some(mut solver) = live::by_name(name) else {
        let available: Vec<&str> = std::iter::once("exact")
            .chain(
                SolverName::value_variants()
                    .iter()
                    .map(|s| s.name())
                    .filter(|n| live::by_name(n).is_some()),
            )
            .collect();
        return Err(Failure::usage(format!(
            "solver '{name}' is not yet available in this version (available: {})",
            available.join(", ")
        )));
    };
    let limits = RunLimits {
        max_iterations: args.max_iterations,
        timeout: args.timeout_ms.map(Duration::from_millis),
    };
    let input = io::open_with_progress(&args.input, "solved")?;
    let mut out = Output::new(&input);
    let json = args.format == OutputFormat::Json;
    let mut tally = Tally::default();
    let wall = Instant::now();
    let unit = solver.iteration_unit();
    let code = for_each_record(
        input,
        &mut out,
        |record, puzzle, out| {
            let (status, solution, iterations, elapsed, error) = match solver
                .reset(puzzle, args.seed)
            {
                Err(e) => {
                    io::report_bad_record("solve", &format!("line {}: {name}: {e}", record.line));
                    ("unsolved", None, 0, Duration::ZERO, Some(e.to_string()))
                }
                Ok(()) => {
                    let outcome = live::run_to_end(solver.as_mut(), limits);
                    let solution = outcome
                        .solution
                        .filter(|grid| grid.is_solved() && puzzle.givens.is_extended_by(grid))
                        .map(|grid| grid.to_line(puzzle.alphabet));
                    let status = match (&solution, outcome.status) {
                        (Some(_), _) => "solved",
                        (None, live::Status::Stuck) if name == "backtrack" => "no-solution",
                        _ => "unsolved",
                    };
                    (status, solution, outcome.iterations, outcome.elapsed, None)
                }
            };
            tally.solving += elapsed;
            match status {
                "solved" => tally.solved += 1,
                "no-solution" => tally.no_solution += 1,
                _ => tally.unsolved += 1,
            }
            if json {
                out.line(&to_json(&SolveRecord {
                    puzzle: &puzzle.to_line(),
                    solver: name,
                    status,
                    unique: None,
                    solution: solution.clone(),
                    iterations,
                    iteration_unit: unit,
                    elapsed_ms: io::millis(elapsed),
                    error,
                }))
            } else {
                out.line(solution.as_deref().unwrap_or(status))
            }
        },
        |record, error, out| {
            tally.invalid += 1;
            if json {
                out.line(&to_json(&SolveRecord {
                    puzzle: &record.text,
                    solver: name,
                    status: "invalid",
                    solution: None,
                    unique: None,
                    iterations: 0,
                    iteration_unit: unit,
                    elapsed_ms: 0.0,
                    error: Some(error.to_string()),
                }))
            } else {
                out.line(&invalid_text(error))
            }
        },
    );
    if args.stats {
        tally.report(wall);
    }
    code
}

/// `1 puzzle`, `2 puzzles`: a count with its noun in the right number.
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
