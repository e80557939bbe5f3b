//! `sudoscope generate --variant killer|killer-x|jigsaw|jigsaw-x`: the library's
//! `generate_shaped`, one puzzle per line, puzzle `i` of `--seed S` reproducible alone.
//!
//! A text record is the puzzle's one-line form, its Solo game ID, which carries the cages or
//! regions and which every command reads back; JSON records add the shape as arrays.

use std::time::{Duration, Instant};

use serde::Serialize;
use sudoscope_core::generate::{GenerateError, ShapedOptions, generate_shaped};
use sudoscope_core::grid::Variant;

use super::count::to_json;
use super::io::{Failure, Output, millis};
use crate::cli::{GenerateArgs, LevelArg, OutputFormat, SymmetryArg};

#[derive(Serialize)]
struct CageJson<'a> {
    sum: u32,
    cells: &'a [usize],
}

#[derive(Serialize)]
struct ShapedRecord<'a> {
    puzzle: &'a str,
    solution: String,
    size: usize,
    variant: &'static str,
    givens: usize,
    level: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    regions: Option<Vec<usize>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cages: Vec<CageJson<'a>>,
    seed: u64,
    index: u64,
    elapsed_ms: f64,
}

pub fn run(args: &GenerateArgs, variant: Variant, seed: u64) -> Result<u8, Failure> {
    let name = variant.name();
    let refused = [
        (args.minimal, "--minimal"),
        (args.fresh.is_some(), "--fresh"),
        (args.se.is_some(), "--se"),
        (args.needs.is_some(), "--needs"),
        (args.from.is_some(), "--from"),
        (args.symmetry != SymmetryArg::Rotational, "--symmetry"),
        (args.givens && !variant.has_cages(), "--givens"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(set, _)| *set) {
        return Err(Failure::usage(format!(
            "{flag}: not available with --variant {name}"
        )));
    }
    let options = ShapedOptions {
        variant,
        size: args.size,
        level: match args.level {
            LevelArg::Any => None,
            level => level.level(),
        },
        givens: args.givens,
        seed,
        timeout: Duration::from_millis(args.timeout_ms),
    };
    let mut out = Output::unbuffered_records();
    for index in 0..args.count {
        let start = Instant::now();
        let made = generate_shaped(&options, index).map_err(|e| match e {
            GenerateError::Timeout(_) => Failure::runtime(e.to_string()),
            _ => Failure::usage(e.to_string()),
        })?;
        let line = made.puzzle.to_line();
        if args.format == OutputFormat::Json {
            let geometry = made.puzzle.geometry();
            let record = ShapedRecord {
                puzzle: &line,
                solution: made.solution.to_line(made.puzzle.alphabet),
                size: geometry.size(),
                variant: name,
                givens: made.puzzle.givens.filled_count(),
                level: made.level.map(|l| l.id()),
                regions: variant.has_irregular_regions().then(|| {
                    (0..geometry.cell_count())
                        .map(|c| geometry.region_of(c))
                        .collect()
                }),
                cages: geometry
                    .cages()
                    .iter()
                    .map(|c| CageJson {
                        sum: c.sum,
                        cells: &c.cells,
                    })
                    .collect(),
                seed,
                index,
                elapsed_ms: millis(start.elapsed()),
            };
            out.line(&to_json(&record))?;
        } else {
            out.line(&line)?;
        }
    }
    out.flush()?;
    Ok(0)
}
