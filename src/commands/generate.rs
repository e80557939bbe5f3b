//! `sudoscope generate`: puzzles with exactly one solution at a level, one per line, each
//! written as soon as it is made (10,000 puzzles stream in constant memory).
//!
//! Puzzle `i` of `--seed S` is the library's `generate_nth(options, i)`, so any line of a run
//! can be reproduced alone. Options the generator refuses (an unsupported size or variant)
//! exit 2 with one line; a puzzle not found within `--timeout-ms` ends the run with exit 1 and
//! a line saying which levels were reached instead.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::Serialize;
use sudoscope_core::generate::{GenerateError, GenerateOptions, Generated, Level, generate_nth};

use super::count::to_json;
use super::fresh;
use super::io::{Failure, Output, millis};
use super::progress::Progress;
use crate::cli::{GenerateArgs, OutputFormat};

/// The `generate --format json` record: the puzzle, its solution and its rating.
#[derive(Serialize)]
struct GenerateRecord<'a> {
    puzzle: &'a str,
    solution: String,
    size: usize,
    variant: &'static str,
    symmetry: &'static str,
    givens: usize,
    level: Option<Level>,
    score: Option<f64>,
    hardest: Option<&'static str>,
    wnef: Option<f64>,
    logic_solves: Option<bool>,
    seed: u64,
    index: u64,
    elapsed_ms: f64,
}

pub fn run(args: &GenerateArgs) -> Result<u8, Failure> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let options = GenerateOptions {
        size: args.size,
        variant: args.variant.into(),
        level: args.level.level(),
        symmetry: args.symmetry.into(),
        minimal: args.minimal,
        seed,
        timeout: Duration::from_millis(args.timeout_ms),
        // Text output is the puzzle alone; JSON adds the rating.
        rate: args.format == OutputFormat::Json,
    };
    let mut known = match &args.fresh {
        Some(file) => {
            fresh::check_options(&options)?;
            Some(fresh::Known::load(file.as_deref())?)
        }
        None => None,
    };
    let mut out = Output::unbuffered_records();
    // One puzzle is quick; a count is where a run can take minutes.
    let mut progress = if args.count > 1 {
        Progress::over_records(args.count, "generated")
    } else {
        Progress::none()
    };
    for index in 0..args.count {
        let start = Instant::now();
        let generated = match known.as_mut() {
            Some(known) => known.first_fresh(&options, |options| generate_nth(options, index)),
            None => generate_nth(&options, index),
        }
        .map_err(|e| failure(&e))?;
        let line = generated.puzzle.to_line();
        if args.format == OutputFormat::Json {
            out.line(&to_json(&record(
                &options,
                &generated,
                &line,
                index,
                start.elapsed(),
            )))?;
        } else {
            out.line(&line)?;
        }
        progress.record_done();
    }
    drop(progress);
    out.flush()?;
    Ok(0)
}

fn record<'a>(
    options: &GenerateOptions,
    generated: &Generated,
    line: &'a str,
    index: u64,
    elapsed: Duration,
) -> GenerateRecord<'a> {
    let rating = generated.rating.as_ref();
    GenerateRecord {
        puzzle: line,
        solution: generated.solution.to_line(generated.puzzle.alphabet),
        size: options.size,
        variant: options.variant.name(),
        symmetry: options.symmetry.name(),
        givens: generated.puzzle.givens.filled_count(),
        level: rating.map(|r| r.level),
        score: rating.map(|r| r.score),
        hardest: rating.and_then(|r| r.hardest.map(|t| t.id())),
        wnef: rating.map(|r| (r.wnef * 1e4).round() / 1e4),
        logic_solves: rating.map(|r| r.logic_solves),
        seed: options.seed,
        index,
        elapsed_ms: millis(elapsed),
    }
}

fn failure(error: &GenerateError) -> Failure {
    match error {
        GenerateError::Timeout(_) => Failure::runtime(error.to_string()),
        _ => Failure::usage(error.to_string()),
    }
}

/// A seed from the clock, for runs without `--seed` (JSON records show it).
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}
