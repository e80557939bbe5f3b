//! `sudoscope count`: the number of solutions, capped at `--limit`.

use std::time::Instant;

use serde::Serialize;
use sudoscope_core::exact;
use sudoscope_core::grid::{ParseError, Puzzle, Record};

use super::io::{self, Failure, Output};
use super::{for_each_item, for_each_record, invalid_text};
use crate::cli::{CountArgs, OutputFormat};

#[derive(Serialize)]
struct CountRecord<'a> {
    puzzle: &'a str,
    /// Solutions found, at most `limit`.
    solutions: Option<usize>,
    limit: u64,
    /// Whether counting stopped at the limit (there may be more).
    capped: bool,
    elapsed_ms: f64,
    error: Option<String>,
}

pub fn run(args: &CountArgs) -> Result<u8, Failure> {
    let input = io::open(&args.input)?;
    let mut out = Output::new(&input);
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
    let json = args.format == OutputFormat::Json;
    let on_puzzle = |_: &Record, puzzle: &Puzzle, out: &mut Output| {
        let start = Instant::now();
        let found = exact::count(puzzle, limit);
        let elapsed = start.elapsed();
        let capped = found.solutions >= limit;
        if json {
            let record = CountRecord {
                puzzle: &puzzle.to_line(),
                solutions: Some(found.solutions),
                limit: args.limit,
                capped,
                elapsed_ms: io::millis(elapsed),
                error: None,
            };
            out.line(&to_json(&record))
        } else {
            out.line(&count_text(found.solutions, limit))
        }
    };
    let on_error = |record: &Record, error: &ParseError, out: &mut Output| {
        if json {
            out.line(&to_json(&CountRecord {
                puzzle: &record.text,
                solutions: None,
                limit: args.limit,
                capped: false,
                elapsed_ms: 0.0,
                error: Some(error.to_string()),
            }))
        } else {
            out.line(&invalid_text(error))
        }
    };
    // Text output of one-line 9×9 puzzles skips building a `Puzzle` per line, as `solve` does:
    // `count_9x9` on the givens is what `exact::count` would run on that puzzle (the CLI keeps
    // the limit at 1 or more).
    let on_standard = |givens: &[u8; 81], out: &mut Output| {
        let mut solution = [0u8; 81];
        let (solutions, _) = exact::count_9x9(givens, limit, &mut solution);
        out.line(&count_text(solutions, limit))
    };
    if json {
        for_each_record(input, &mut out, on_puzzle, on_error)
    } else {
        for_each_item(input, &mut out, on_standard, on_puzzle, on_error)
    }
}

/// The text record: the count, with `+` when counting stopped at the limit.
fn count_text(solutions: usize, limit: usize) -> String {
    if solutions >= limit {
        format!("{solutions}+")
    } else {
        solutions.to_string()
    }
}

pub fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
