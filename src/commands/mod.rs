//! The headless commands. Each streams records: one input puzzle in, one output record out,
//! written as soon as it is produced.

mod canon;
mod check;
mod convert;
mod count;
mod daily;
mod fresh;
mod generate;
mod generate_shaped;
mod hint;
pub mod io;
pub mod play;
mod progress;
mod rate;
mod serve;
mod solve;
mod stats;

use sudoscope_core::grid::Item;
use sudoscope_core::grid::{ParseError, Puzzle, Record};

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
        Some(Command::Daily(args)) => daily::run(&args),
        Some(Command::Canon(args)) => canon::run(&args),
        Some(Command::Stats(args)) => stats::run(&args),
    }
}

/// Standard error stays readable when a whole file is garbage: the first errors are reported
/// one line each, the rest are only counted in their records.
pub(crate) const MAX_REPORTED_ERRORS: usize = 20;

/// Feeds every record of `input` to `on_puzzle` (valid puzzles) or `on_error` (text that is
/// not a puzzle, reported on standard error too), then decides the exit code: 0 when every
/// record was a puzzle, 2 when any was not or the input held none.
pub fn for_each_record(
    mut input: Input,
    out: &mut Output,
    mut on_puzzle: impl FnMut(&Record, &Puzzle, &mut Output) -> Result<(), Failure>,
    mut on_error: impl FnMut(&Record, &ParseError, &mut Output) -> Result<(), Failure>,
) -> Result<u8, Failure> {
    let mut tally = Tally::default();
    for record in input.records.by_ref() {
        tally.any = true;
        match &record.result {
            Ok(puzzle) => on_puzzle(&record, puzzle, out)?,
            Err(error) => {
                tally.report(&input.name, error);
                on_error(&record, error, out)?;
            }
        }
        input.progress.record_done();
    }
    tally.finish(&input.name, out)
}

/// [`for_each_record`] with a fast lane: one-line standard 9×9 puzzles go to `on_standard` as
/// bare givens (see [`sudoscope_core::grid::PuzzleReader::next_item`]), every other record to
/// `on_puzzle` or `on_error` as in `for_each_record`, with the same exit code.
pub fn for_each_item(
    mut input: Input,
    out: &mut Output,
    mut on_standard: impl FnMut(&[u8; 81], &mut Output) -> Result<(), Failure>,
    mut on_puzzle: impl FnMut(&Record, &Puzzle, &mut Output) -> Result<(), Failure>,
    mut on_error: impl FnMut(&Record, &ParseError, &mut Output) -> Result<(), Failure>,
) -> Result<u8, Failure> {
    let mut tally = Tally::default();
    while let Some(item) = input.records.next_item() {
        tally.any = true;
        match item {
            Item::Standard { givens, .. } => on_standard(&givens, out)?,
            Item::Record(record) => match &record.result {
                Ok(puzzle) => on_puzzle(&record, puzzle, out)?,
                Err(error) => {
                    tally.report(&input.name, error);
                    on_error(&record, error, out)?;
                }
            },
        }
    }
    tally.finish(&input.name, out)
}

/// Puzzles handed to the worker threads at once by [`for_each_record_in_parallel`]: enough
/// that the threads rarely wait for each other at the end of a batch, few enough that records
/// keep streaming out of a long file.
const BATCH_PER_THREAD: usize = 64;

/// [`for_each_record`] for expensive per-puzzle work (rating): `work` runs on `jobs` threads,
/// and `emit` writes each result on this thread in input order, so the output and the
/// messages on standard error are the same as with one thread. Interactive input (standard
/// input fed a line at a time) and `jobs <= 1` take one record at a time, answering each as
/// soon as it is read.
pub fn for_each_record_in_parallel<T: Send>(
    mut input: Input,
    out: &mut Output,
    jobs: usize,
    work: impl Fn(&Puzzle) -> T + Sync,
    mut emit: impl FnMut(&Record, T, &mut Output) -> Result<(), Failure>,
    mut on_error: impl FnMut(&Record, &ParseError, &mut Output) -> Result<(), Failure>,
) -> Result<u8, Failure> {
    if jobs <= 1 || input.interactive {
        return for_each_record(
            input,
            out,
            |record, puzzle, out| emit(record, work(puzzle), out),
            on_error,
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| Failure::runtime(format!("cannot start {jobs} worker threads: {e}")))?;
    let mut tally = Tally::default();
    let mut batch: Vec<Record> = Vec::with_capacity(BATCH_PER_THREAD * jobs);
    loop {
        batch.clear();
        batch.extend(input.records.by_ref().take(BATCH_PER_THREAD * jobs));
        if batch.is_empty() {
            break;
        }
        tally.any = true;
        let results: Vec<Result<T, &ParseError>> = pool.install(|| {
            use rayon::prelude::*;
            batch
                .par_iter()
                .map(|record| record.result.as_ref().map(&work))
                .collect()
        });
        for (record, result) in batch.iter().zip(results) {
            match result {
                Ok(done) => emit(record, done, out)?,
                Err(error) => {
                    tally.report(&input.name, error);
                    on_error(record, error, out)?;
                }
            }
            input.progress.record_done();
        }
    }
    tally.finish(&input.name, out)
}

/// What the record loops count to decide the exit code.
#[derive(Default)]
struct Tally {
    any: bool,
    bad: usize,
}

impl Tally {
    /// Counts a record that is not a puzzle and reports the first ones on standard error.
    fn report(&mut self, name: &str, error: &ParseError) {
        self.bad += 1;
        if self.bad <= MAX_REPORTED_ERRORS {
            io::report_bad_record(name, error);
        } else if self.bad == MAX_REPORTED_ERRORS + 1 {
            progress::eprint_line(&format!(
                "sudoscope: {name}: more invalid records follow; each still gets its `invalid:` record, but no more are reported here"
            ));
        }
    }

    fn finish(&self, name: &str, out: &mut Output) -> Result<u8, Failure> {
        out.flush()?;
        if !self.any {
            return Err(Failure::usage(format!(
                "{name}: no puzzle found in the input"
            )));
        }
        Ok(if self.bad > 0 { 2 } else { 0 })
    }
}

/// The JSON `error` field and text `invalid: REASON` line share this wording.
pub fn invalid_text(error: &ParseError) -> String {
    format!("invalid: {error}")
}
