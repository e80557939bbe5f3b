//! `sudoscope generate`: puzzles with exactly one solution at a level, one per line, each
//! written as soon as it is made (10,000 puzzles stream in constant memory).
//!
//! Puzzle `i` of `--seed S` is the library's `generate_nth(options, i)`, so any line of a run
//! can be reproduced alone. Options the generator refuses (an unsupported size or variant)
//! exit 2 with one line; a puzzle not found within `--timeout-ms` ends the run with exit 1 and
//! a line saying which levels were reached instead.
//!
//! `--se A..B` and `--needs TECHNIQUE` make puzzles to measure instead of to a level (the
//! library's `generate_measured_nth`); their JSON records carry SE's triple (`se`) or the
//! technique drilled (`needs`).

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use std::collections::HashSet;

use serde::Serialize;
use sudoscope_core::canon::{Canonicalizer, Cells};
use sudoscope_core::generate::{
    Avoid, GenerateError, GenerateOptions, Generated, Level, Measure, Need, SHIPPED_FROM, SeBand,
    generate_measured_nth, generate_nth,
};
use sudoscope_core::grid::{Geometry, Grid, PuzzleReader, ReadOptions, Variant};
use sudoscope_core::logic::rating;

use super::count::to_json;
use super::fresh;
use super::generate_shaped as shaped;
use super::io::{Failure, Output, millis, plain_io};
use super::progress::Progress;
use super::rate::SeJson;
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
    /// With `--se`: SE's triple, as `rate --se` gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<SeJson>,
    /// With `--needs`: the technique the puzzle drills.
    #[serde(skip_serializing_if = "Option::is_none")]
    needs: Option<String>,
    seed: u64,
    index: u64,
    elapsed_ms: f64,
}

pub fn run(args: &GenerateArgs) -> Result<u8, Failure> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let variant: Variant = args.variant.into();
    if !variant.is_classic() {
        return shaped::run(args, variant, seed);
    }
    if args.givens {
        return Err(Failure::usage(
            "--givens: only for killer puzzles".to_string(),
        ));
    }
    let mut options = GenerateOptions {
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
    let measure = measure(args, known.as_ref())?;
    if measure.is_some() {
        options.level = None;
    }
    if let Some(Measure::Se { seeds, band, .. }) = &measure
        && (!seeds.is_empty() || band.min >= SHIPPED_FROM)
    {
        // The search from known puzzles (the caller's, or from SHIPPED_FROM up the datasets'
        // or the shipped ones) moves single cells.
        options.symmetry = sudoscope_core::generate::Symmetry::None;
    }
    let make = |options: &GenerateOptions, index: u64| match &measure {
        Some(measure) => generate_measured_nth(options, measure, index),
        None => generate_nth(options, index),
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
        let mut generated = match known.as_mut() {
            Some(known) => known.first_fresh(&options, |options| make(options, index)),
            None => make(&options, index),
        }
        .map_err(|e| failure(&e))?;
        let line = generated.puzzle.to_line();
        if args.format == OutputFormat::Json {
            // Puzzles made to measure come without the engine's rating; the record has it.
            if generated.rating.is_none() {
                generated.rating = Some(rating::rate(&generated.puzzle));
            }
            let needs = match &measure {
                Some(Measure::Needs(need)) => Some(need.to_string()),
                _ => None,
            };
            out.line(&to_json(&record(
                &options,
                &generated,
                &line,
                needs,
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

/// What `--se` or `--needs` asks for, checked before any search starts.
///
/// The climb to a band from [`SHIPPED_FROM`] up starts from known hard puzzles: those of
/// `--from FILE`, else the shared datasets' when they are present, else (in the library) the
/// hard puzzles the project ships. The climb never returns a puzzle equivalent to one it may
/// start from, nor, with `--fresh`, to a known one.
fn measure(args: &GenerateArgs, known: Option<&fresh::Known>) -> Result<Option<Measure>, Failure> {
    if let Some(band) = &args.se {
        let band: SeBand = band
            .parse()
            .map_err(|e| Failure::usage(format!("--se: {e}")))?;
        let mut avoid: HashSet<Cells> = known.map(|k| k.forms().clone()).unwrap_or_default();
        let seeds = match &args.from {
            Some(path) => {
                let seeds = read_seeds(path)?;
                let mut search = Canonicalizer::new();
                avoid.extend(seeds.iter().filter_map(|seed| {
                    let cells: &Cells = seed.cells().try_into().ok()?;
                    search.minlex(cells).ok()
                }));
                seeds
            }
            None if band.min >= SHIPPED_FROM => {
                let loaded;
                let forms = match known.and_then(fresh::Known::dataset_forms) {
                    Some(forms) => Some(forms),
                    None => {
                        loaded = fresh::dataset_forms()?;
                        loaded.as_ref()
                    }
                };
                match forms {
                    Some(forms) => {
                        avoid.extend(forms.iter().copied());
                        seeds_of_forms(forms)
                    }
                    None => Vec::new(),
                }
            }
            None => Vec::new(),
        };
        return Ok(Some(Measure::Se {
            band,
            seeds,
            avoid: Avoid::new(avoid),
        }));
    }
    if let Some(name) = &args.needs {
        let variant: Variant = args.variant.into();
        let geometry = Geometry::get(args.size, variant)
            .map_err(|e| Failure::usage(format!("--size {}: {e}", args.size)))?;
        let need =
            Need::parse(name, geometry).map_err(|e| Failure::usage(format!("--needs: {e}")))?;
        return Ok(Some(Measure::Needs(need)));
    }
    Ok(None)
}

/// Canonical forms as puzzles to start from (a form is itself a puzzle, equivalent to the one
/// it was made from); sorted, so a run's seed picks the same starts on any machine.
fn seeds_of_forms(forms: &HashSet<Cells>) -> Vec<Grid> {
    let Ok(geometry) = Geometry::get(9, Variant::Standard) else {
        return Vec::new();
    };
    let mut sorted: Vec<&Cells> = forms.iter().collect();
    sorted.sort_unstable();
    sorted
        .into_iter()
        .filter_map(|form| Grid::from_cells(geometry, form.to_vec()).ok())
        .collect()
}

/// The puzzles of `--from FILE`: 9×9 standard, each with exactly one solution.
fn read_seeds(path: &std::path::Path) -> Result<Vec<Grid>, Failure> {
    let name = path.display();
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::usage(format!("--from {name}: cannot read: {}", plain_io(&e))))?;
    let reader = PuzzleReader::new(std::io::BufReader::new(file), ReadOptions::default());
    let mut seeds = Vec::new();
    for record in reader {
        let puzzle = record
            .result
            .map_err(|e| Failure::usage(format!("--from {name}: {e}")))?;
        let line = record.line;
        let geometry = puzzle.geometry();
        if geometry.size() != 9 || geometry.variant() != Variant::Standard {
            return Err(Failure::usage(format!(
                "--from {name}: line {line}: not a 9×9 standard puzzle"
            )));
        }
        if !sudoscope_core::generate::is_unique(&puzzle.givens) {
            return Err(Failure::usage(format!(
                "--from {name}: line {line}: the puzzle has no solution or several"
            )));
        }
        seeds.push(puzzle.givens);
    }
    if seeds.is_empty() {
        return Err(Failure::usage(format!(
            "--from {name}: no puzzle in the file"
        )));
    }
    Ok(seeds)
}

fn record<'a>(
    options: &GenerateOptions,
    generated: &Generated,
    line: &'a str,
    needs: Option<String>,
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
        se: generated.se.map(SeJson::from),
        needs,
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
