//! `sudoscope check`: is the puzzle valid, how many solutions (none, unique, multiple), and
//! how many givens.

use serde::Serialize;
use sudoscope_core::exact;

use super::count::to_json;
use super::io::{self, Failure, Output};
use super::{for_each_record, invalid_text};
use crate::cli::{CheckArgs, OutputFormat};

#[derive(Serialize)]
struct CheckRecord<'a> {
    puzzle: &'a str,
    valid: bool,
    /// `none`, `unique` or `multiple`; null for an invalid puzzle.
    solutions: Option<&'static str>,
    unique: bool,
    givens: Option<usize>,
    size: Option<usize>,
    variant: Option<&'static str>,
    error: Option<String>,
}

pub fn run(args: &CheckArgs) -> Result<u8, Failure> {
    let input = io::open(&args.input)?;
    let mut out = Output::new(&input);
    let json = args.format == OutputFormat::Json;
    for_each_record(
        input,
        &mut out,
        |_, puzzle, out| {
            let verdict = match exact::solve(puzzle) {
                exact::Solution::None => "none",
                exact::Solution::Unique(_) => "unique",
                exact::Solution::Multiple(_) => "multiple",
            };
            let givens = puzzle.givens.filled_count();
            let geometry = puzzle.geometry();
            if json {
                out.line(&to_json(&CheckRecord {
                    puzzle: &puzzle.to_line(),
                    valid: true,
                    solutions: Some(verdict),
                    unique: verdict == "unique",
                    givens: Some(givens),
                    size: Some(geometry.size()),
                    variant: Some(geometry.variant().name()),
                    error: None,
                }))
            } else {
                let solutions = match verdict {
                    "none" => "no-solution",
                    other => other,
                };
                out.line(&format!("valid {solutions} {givens} givens"))
            }
        },
        |record, error, out| {
            if json {
                out.line(&to_json(&CheckRecord {
                    puzzle: &record.text,
                    valid: false,
                    solutions: None,
                    unique: false,
                    givens: None,
                    size: None,
                    variant: None,
                    error: Some(error.to_string()),
                }))
            } else {
                out.line(&invalid_text(error))
            }
        },
    )
}
