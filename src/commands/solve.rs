//! `sudoscope solve`: one record per puzzle — the solution line, or why there is none.

use std::time::{Duration, Instant};

use serde::Serialize;
use sudoscope::exact;

use super::count::to_json;
use super::io::{self, Failure, Output};
use super::{for_each_record, invalid_text};
use crate::cli::{OutputFormat, SolveArgs, SolverName};

/// The `solve --format json` record of interfaces.md (plus `unique`).
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
    invalid: usize,
    solving: Duration,
}

pub fn run(args: &SolveArgs) -> Result<u8, Failure> {
    if args.solver != SolverName::Exact {
        return Err(Failure::usage(format!(
            "solver '{}' is not yet available in this version (available: exact)",
            args.solver.name()
        )));
    }
    let input = io::open(&args.input)?;
    let mut out = Output::new(&input);
    let json = args.format == OutputFormat::Json;
    let mut tally = Tally::default();
    let wall = Instant::now();
    let code = for_each_record(
        input,
        &mut out,
        |_, puzzle, out| {
            let start = Instant::now();
            let found = exact::count(puzzle, 2);
            let elapsed = start.elapsed();
            tally.solving += elapsed;
            let solution = found
                .first
                .as_ref()
                .map(|grid| grid.to_line(puzzle.alphabet));
            let status = if solution.is_some() {
                tally.solved += 1;
                if found.solutions > 1 {
                    tally.multiple += 1;
                }
                "solved"
            } else {
                tally.no_solution += 1;
                "no-solution"
            };
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
        },
        |record, error, out| {
            tally.invalid += 1;
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
        },
    );
    if args.stats {
        let total = tally.solved + tally.no_solution + tally.invalid;
        let secs = tally.solving.as_secs_f64();
        eprintln!(
            "sudoscope: {total} puzzles: {} solved ({} with several solutions), {} without solution, {} invalid; solving {:.1} ms ({:.0} puzzles/s), wall {:.1} ms",
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
