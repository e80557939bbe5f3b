//! `sudoscope rate`: one record per puzzle — level, score, hardest technique, WNEF and whether
//! logic alone solves it; with `--se`, Sudoku Explainer's ER/EP/ED too.
//!
//! Only a puzzle with exactly one solution has a difficulty: a puzzle without solution or with
//! several gets a record whose `error` says so (exit code 0, as `solve` does for
//! `no-solution`); unreadable text and contradictory pencilmarks are invalid input (exit 2).

use std::borrow::Cow;

use serde::Serialize;
use sudoscope_core::exact;
use sudoscope_core::grid::Puzzle;
use sudoscope_core::logic::se::{self, SeRating};
use sudoscope_core::logic::{Board, Step, path, rating};

use super::count::to_json;
use super::io::{self, Failure, Output};
use super::{for_each_record_in_parallel, invalid_text};
use crate::cli::{OutputFormat, RateArgs};

/// The `rate --format json` record (`docs/guide.md`), plus how many steps the logical path took
/// and how many cells it left open.
#[derive(Serialize)]
struct RateRecord<'a> {
    puzzle: &'a str,
    level: Option<rating::Level>,
    score: Option<f64>,
    hardest: Option<Cow<'static, str>>,
    wnef: Option<f64>,
    logic_solves: Option<bool>,
    steps: Option<usize>,
    remaining: Option<usize>,
    /// Only with `--se`: SE's triple, or `null` when SE cannot rate the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<Option<SeJson>>,
    error: Option<String>,
}

/// SE's triple in the `rate --se` (and `generate --se`) JSON record.
#[derive(Serialize)]
pub(crate) struct SeJson {
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
        path: PathSummary,
        /// With `--se`: SE's rating, or why SE cannot rate the puzzle.
        se: Option<Result<SeRating, se::SeError>>,
    },
}

/// What the record says of the logical path: its hardest technique, whether it solves the
/// puzzle, its steps and the cells it leaves open.
///
/// Where our ladder is stuck on a standard 9×9 puzzle, the path `hint --path` shows carries
/// on with Sudoku Explainer's rules, whose forcing chains finish every puzzle with one
/// solution; the record tells the same story: the puzzle is solved by logic, and its hardest
/// step is SE's rule. (The score and level stay the engine's: a step beyond our ladder
/// weighs in the band above all of its techniques.)
struct PathSummary {
    hardest: Option<Cow<'static, str>>,
    logic_solves: bool,
    steps: usize,
    remaining: usize,
}

impl PathSummary {
    fn of(board: &Board, rating: &rating::Rating) -> PathSummary {
        if rating.logic_solves || !se::supports(board.geometry()) {
            return PathSummary {
                hardest: rating.hardest.map(|t| Cow::Borrowed(t.id())),
                logic_solves: rating.logic_solves,
                steps: rating.steps,
                remaining: rating.remaining,
            };
        }
        let walked = path::solve_never_stuck(board, &path::order(&[]), true);
        PathSummary {
            hardest: walked.hardest().map(Step::technique_id),
            logic_solves: walked.solved,
            steps: walked.steps.len(),
            remaining: walked.board.empty_count(),
        }
    }
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
        1 => {
            let rating = rating::rate_board(&board);
            Outcome::Rated {
                line,
                path: PathSummary::of(&board, &rating),
                rating,
                se: with_se.then(|| se::rate_board(&board)),
            }
        }
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
            Outcome::Rated {
                line,
                rating,
                path,
                se,
            } => {
                let wnef = (rating.wnef * 1e4).round() / 1e4;
                let se_error = match &se {
                    Some(Err(e)) => Some(e.to_string()),
                    _ => None,
                };
                if json {
                    out.line(&to_json(&RateRecord {
                        puzzle: &line,
                        level: Some(rating.level),
                        score: Some(rating.score),
                        hardest: path.hardest.clone(),
                        wnef: Some(wnef),
                        logic_solves: Some(path.logic_solves),
                        steps: Some(path.steps),
                        remaining: Some(path.remaining),
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
                        path.hardest.as_deref().unwrap_or("none"),
                        path.logic_solves
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
