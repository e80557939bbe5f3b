//! The headless commands. Each streams records: one input puzzle in, one output record out,
//! written as soon as it is produced.

mod check;
mod convert;
mod count;
mod generate;
mod hint;
pub mod io;
pub mod play;
mod rate;
mod serve;
mod solve;

use sudoscope::grid::{ParseError, Puzzle, Record};

use crate::cli::{Cli, Command};
use io::{Failure, Input, Output};

/// Runs the command line and returns the process exit code.
pub fn run(cli: Cli) -> Result<u8, Failure> {
    match cli.command {
        None => play::run(&crate::cli::PlayArgs::default_args()),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Count(args)) => count::run(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Convert(args)) => convert::run(&args),
        Some(Command::Hint(args)) => hint::run(&args),
        Some(Command::Rate(args)) => rate::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
    }
}

/// Standard error stays readable when a whole file is garbage: the first errors are reported
/// one line each, the rest are only counted in their records.
const MAX_REPORTED_ERRORS: usize = 20;

/// Feeds every record of `input` to `on_puzzle` (valid puzzles) or `on_error` (text that is
/// not a puzzle, reported on standard error too), then decides the exit code: 0 when every
/// record was a puzzle, 2 when any was not or the input held none.
pub fn for_each_record(
    mut input: Input,
    out: &mut Output,
    mut on_puzzle: impl FnMut(&Record, &Puzzle, &mut Output) -> Result<(), Failure>,
    mut on_error: impl FnMut(&Record, &ParseError, &mut Output) -> Result<(), Failure>,
) -> Result<u8, Failure> {
    let mut any = false;
    let mut bad = 0usize;
    for record in input.records.by_ref() {
        any = true;
        match &record.result {
            Ok(puzzle) => on_puzzle(&record, puzzle, out)?,
            Err(error) => {
                bad += 1;
                if bad <= MAX_REPORTED_ERRORS {
                    io::report_bad_record(&input.name, error);
                } else if bad == MAX_REPORTED_ERRORS + 1 {
                    eprintln!(
                        "sudoscope: {}: more invalid records follow; each still gets its `invalid:` record, but no more are reported here",
                        input.name
                    );
                }
                on_error(&record, error, out)?;
            }
        }
    }
    out.flush()?;
    if !any {
        return Err(Failure::usage(format!(
            "{}: no puzzle found in the input",
            input.name
        )));
    }
    Ok(if bad > 0 { 2 } else { 0 })
}

/// The JSON `error` field and text `invalid: REASON` line share this wording.
pub fn invalid_text(error: &ParseError) -> String {
    format!("invalid: {error}")
}
