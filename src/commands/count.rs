//! `sudoscope count`: the number of solutions, capped at `--limit`.

use std::time::Instant;

use serde::Serialize;
use sudoscope::exact;

use super::io::{self, Failure, Output};
use super::{for_each_record, invalid_text};
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
    for_each_record(
        input,
        &mut out,
        |_, puzzle, out| {
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
            } else if capped {
                out.line(&format!("{}+", found.solutions))
            } else {
                out.line(&found.solutions.to_string())
            }
        },
        |record, error, out| {
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
        },
    )
}

pub fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
