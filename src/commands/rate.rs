//! `sudoscope rate`: one record per puzzle — level, score, hardest technique, WNEF and whether
//! logic alone solves it; with `--se`, Sudoku Explainer's ER/EP/ED too.
//!
//! Only a puzzle with exactly one solution has a difficulty: a puzzle without solution or with
//! several gets a record whose `error` says so (exit code 0, as `solve` does for
//! `no-solution`); unreadable text and contradictory pencilmarks are invalid input (exit 2).

use serde::Serialize;
use sudoscope_core::exact;
use sudoscope_core::grid::Puzzle;
use sudoscope_core::logic::se::{self, SeRating};
use sudoscope_core::logic::{Board, rating};

use super::count::to_json;
use super::io::{self, Failure, Output};
use super::{for_each_record_in_parallel, invalid_text};
use crate::cli::{OutputFormat, RateArgs};

/// The `rate --format json` record of interfaces.md, plus how many steps the logical path took
/// and how many cells it left open.
#[derive(Serialize)]
struct RateRecord<'a> {
    puzzle: &'a str,
    level: Option<rating::Level>,
    score: Option<f64>,
    hardest: Option<&'static str>,
    wnef: Option<f64>,
    logic_solves: Option<bool>,
    steps: Option<usize>,
    remaining: Option<usize>,
    /// Only with `--se`: SE's triple, or `null` when SE cannot rate the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<Option<SeJson>>,
    error: Option<String>,
}

/// SE's triple in the `rate --se` JSON record.
#[derive(Serialize)]
struct SeJson {
    er: f64,
    ep: f64,
    ed: f64,
}

impl From<SeRating> for SeJson {
    fn from(r: SeRating) -> SeJson {
        SeJson {
            er: r.er(),
            ep: r.ep(),
            ed: r.ed(),
        }
    }
}

impl RateRecord<'_> {
    fn failed(puzzle: &str, error: String, with_se: bool) -> RateRecord<'_> {
        RateRecord {
            puzzle,
            level: None,
            score: None,
            hardest: None,
            wnef: None,
            logic_solves: None,
            steps: None,
            remaining: None,
            se: with_se.then_some(None),
            error: Some(error),
        }
    }
}

/// The rating of one puzzle, computed on a worker thread and written in input order.
enum Outcome {
    /// Contradictory digits or pencilmarks: invalid input, reported on standard error.
    Contradiction { line: String, reason: String },
    /// No solution or several: a record whose error says so.
    NotUnique {
        line: String,
        status: &'static str,
        error: &'static str,
    },
    Rated {
        line: String,
        rating: rating::Rating,
        /// With `--se`: SE's rating, or why SE cannot rate the puzzle.
        se: Option<Result<SeRating, se::SeError>>,
    },
}

fn rate(puzzle: &Puzzle, with_se: bool) -> Outcome {
    let line = puzzle.to_line();
    let board = Board::from_puzzle(puzzle);
    if let Some(contradiction) = board.contradiction() {
        let reason = if puzzle.pencilmarks.is_some() {
            format!("contradictory pencilmarks: {contradiction}")
        } else {
            format!("contradiction: {contradiction}")
        };
        return Outcome::Contradiction { line, reason };
    }
    match exact::count(puzzle, 2).solutions {
        0 => Outcome::NotUnique {
            line,
            status: "no-solution",
            error: "no solution: only a solvable puzzle has a rating",
        },
        1 => Outcome::Rated {
            line,
            rating: rating::rate_board(&board),
            se: with_se.then(|| se::rate_board(&board)),
        },
        _ => Outcome::NotUnique {
            line,
            status: "multiple-solutions",
            error: "multiple solutions: only a puzzle with one solution has a rating",
        },
    }
}

pub fn run(args: &RateArgs) -> Result<u8, Failure> {
    let input = io::open_with_progress(&args.input, "rated")?;
    let name = input.name.clone();
    let mut out = Output::new(&input);
    let json = args.format == OutputFormat::Json;
    let mut contradictory = false;
    let code = for_each_record_in_parallel(
        input,
        &mut out,
        args.jobs(),
        |puzzle| rate(puzzle, args.se),
        |record, rated, out| match rated {
            Outcome::Contradiction { line, reason } => {
                contradictory = true;
                io::report_bad_record(&name, &format!("line {}: {reason}", record.line));
                if json {
                    out.line(&to_json(&RateRecord::failed(&line, reason, args.se)))
                } else {
                    out.line(&format!("invalid: {reason}"))
                }
            }
            Outcome::NotUnique {
                line,
                status,
                error,
            } => {
                if json {
                    out.line(&to_json(&RateRecord::failed(&line, error.into(), args.se)))
                } else {
                    out.line(status)
                }
            }
            Outcome::Rated { line, rating, se } => {
                let wnef = (rating.wnef * 1e4).round() / 1e4;
                let hardest = rating.hardest.map(|t| t.id());
                let se_error = match &se {
                    Some(Err(e)) => Some(e.to_string()),
                    _ => None,
                };
                if json {
                    out.line(&to_json(&RateRecord {
                        puzzle: &line,
                        level: Some(rating.level),
                        score: Some(rating.score),
                        hardest,
                        wnef: Some(wnef),
                        logic_solves: Some(rating.logic_solves),
                        steps: Some(rating.steps),
                        remaining: Some(rating.remaining),
                        se: se.as_ref().map(|r| r.as_ref().ok().map(|&r| r.into())),
                        error: se_error,
                    }))
                } else {
                    let se_text = match &se {
                        None => String::new(),
                        Some(Ok(r)) => format!(" se={r}"),
                        Some(Err(e)) => format!(" se=none ({e})"),
                    };
                    out.line(&format!(
                        "{} score={:.1} hardest={} wnef={wnef:.4} logic_solves={}{se_text}",
                        rating.level,
                        rating.score,
                        hardest.unwrap_or("none"),
                        rating.logic_solves
                    ))
                }
            }
        },
        |record, error, out| {
            if json {
                out.line(&to_json(&RateRecord::failed(
                    &record.text,
                    error.to_string(),
                    args.se,
                )))
            } else {
                out.line(&invalid_text(error))
            }
        },
    )?;
    Ok(if contradictory { code.max(2) } else { code })
}
