//! `sudoscope hint`: the next logical step (easiest first), every step at this grid
//! (`--all`), or the whole logical solution path (`--path`), as text or JSON.
//!
//! A hint only makes sense on a grid that can still be solved, so every puzzle is checked
//! first: contradictory candidates, a grid with nothing left to fill, and a puzzle without
//! solution are refused with a one-line message (exit code 2). A puzzle with several solutions
//! gets hints, but never from a technique that assumes there is only one.

use serde::Serialize;
use sudoscope_core::exact;
use sudoscope_core::grid::{Alphabet, Geometry, Puzzle};
use sudoscope_core::logic::{self, Board, Step, Technique, path, rating};

use super::count::to_json;
use super::for_each_record;
use super::io::{self, Failure, Output};
use crate::cli::{HintArgs, OutputFormat};

pub fn run(args: &HintArgs) -> Result<u8, Failure> {
    let techniques = parse_techniques(&args.technique)?;
    let input = io::open(&args.input)?;
    let name = input.name.clone();
    let mut out = Output::new(&input);
    let json = args.format == OutputFormat::Json;
    let mut refused = false;
    let mut records = 0usize;
    let code = for_each_record(
        input,
        &mut out,
        |record, puzzle, out| {
            if !json && records > 0 {
                out.line("")?;
            }
            records += 1;
            let board = Board::from_puzzle(puzzle);
            let unique = match usable(puzzle, &board) {
                Ok(unique) => unique,
                Err(reason) => {
                    refused = true;
                    io::report_bad_record(&name, &format!("line {}: {reason}", record.line));
                    return if json { out.line("[]") } else { Ok(()) };
                }
            };
            let order: Vec<Technique> = path::order(&techniques)
                .into_iter()
                .filter(|&t| unique || !rating::assumes_uniqueness(t))
                .collect();
            let geometry = board.geometry();
            // Our ladder first; where it is stuck, Sudoku Explainer's chains (only with the
            // full ladder: a chosen technique list means "only these").
            let fallback = techniques.is_empty();
            if args.path {
                let walked = if fallback {
                    path::solve_never_stuck(&board, &order, unique)
                } else {
                    path::solve(&board, &order)
                };
                if json {
                    out.line(&steps_json(geometry, &walked.steps))
                } else {
                    out.text(&path_text(&walked, puzzle.alphabet))
                }
            } else {
                let mut steps = if args.all {
                    path::all_steps(&board, &order)
                } else {
                    path::next_step(&board, &order).into_iter().collect()
                };
                if steps.is_empty()
                    && fallback
                    && let Some(hint) =
                        logic::se::next_step(&board, unique, &logic::se::SeMemo::default())
                {
                    steps.push(hint.to_step());
                }
                if json {
                    out.line(&steps_json(geometry, &steps))
                } else if steps.is_empty() {
                    out.line(&no_step_text(unique, &techniques))
                } else {
                    for step in &steps {
                        out.line(&step_text(step))?;
                    }
                    Ok(())
                }
            }
        },
        |_, _, out| {
            // The reason is already on standard error; JSON keeps one line per record.
            if json { out.line("[]") } else { Ok(()) }
        },
    )?;
    Ok(if refused { code.max(2) } else { code })
}

/// The `--technique` ids, checked against the techniques the engine has.
fn parse_techniques(ids: &[String]) -> Result<Vec<Technique>, Failure> {
    let valid = || {
        logic::available()
            .map(|t| t.id())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut techniques = Vec::new();
    for id in ids.iter().flat_map(|s| s.split(',')).map(str::trim) {
        match Technique::from_id(id) {
            Some(t) if logic::available().any(|a| a == t) => techniques.push(t),
            Some(_) => {
                return Err(Failure::usage(format!(
                    "technique '{id}' is not yet available (valid: {})",
                    valid()
                )));
            }
            None => {
                return Err(Failure::usage(format!(
                    "unknown technique '{id}' (valid: {})",
                    valid()
                )));
            }
        }
    }
    Ok(techniques)
}

/// Why there is no step. A puzzle with several solutions has no step that holds for all of
/// them once the techniques run out (an empty grid has none at all): that is the reason to
/// give, not that the techniques know too little.
fn no_step_text(unique: bool, techniques: &[Technique]) -> String {
    if !unique {
        return "no step: this puzzle has several solutions, and logic cannot choose between them here"
            .into();
    }
    format!(
        "no step: {} find nothing at this grid",
        if techniques.is_empty() {
            "the techniques sudoscope knows"
        } else {
            "the chosen techniques"
        }
    )
}

/// Whether a hint can be given: `Ok(unique)` when the grid is consistent, unfinished and has
/// a solution (`unique` says whether only one), or the one-line reason why not.
fn usable(puzzle: &Puzzle, board: &Board) -> Result<bool, String> {
    if let Some(contradiction) = board.contradiction() {
        return Err(if puzzle.pencilmarks.is_some() {
            format!("contradictory pencilmarks: {contradiction}")
        } else {
            format!("contradiction: {contradiction}")
        });
    }
    if board.is_solved() {
        return Err("already solved: nothing to hint".into());
    }
    match exact::count(puzzle, 2).solutions {
        0 => Err("no solution: hints need a solvable puzzle".into()),
        1 => Ok(true),
        _ => Ok(false),
    }
}

/// A hint as a player reads it: `naked-pair: In row 3, ...`.
fn step_text(step: &Step) -> String {
    format!("{}: {}", step.technique_id(), step.explanation)
}

/// The JSON array of steps (`docs/guide.md`), on one line.
fn steps_json(geometry: &Geometry, steps: &[Step]) -> String {
    #[derive(Serialize)]
    #[serde(transparent)]
    struct Steps<'a>(Vec<logic::StepJson<'a>>);
    to_json(&Steps(steps.iter().map(|s| s.to_json(geometry)).collect()))
}

/// The numbered solution path (like QQWing's `--instructions`, with every technique named and
/// explained) and a closing line saying how it ended.
fn path_text(walked: &path::Path, alphabet: Alphabet) -> String {
    let mut text = String::new();
    let width = walked.steps.len().to_string().len();
    for (i, step) in walked.steps.iter().enumerate() {
        // A chain's explanation runs over several lines: they stay under their step's text.
        let body = step_text(step).replace('\n', &format!("\n{:width$}  ", ""));
        text.push_str(&format!("{:>width$}. {body}\n", i + 1));
    }
    let hardest = walked
        .hardest()
        .map(|step| {
            format!(
                "{} ({})",
                step.technique_id(),
                rating::technique_level(step.technique)
            )
        })
        .unwrap_or_else(|| "none".into());
    if walked.solved {
        text.push_str(&format!(
            "solved in {} steps; hardest technique: {hardest}\n",
            walked.steps.len()
        ));
    } else {
        text.push_str(&format!(
            "stuck after {} steps with {} cells left: the techniques cannot go further; hardest technique so far: {hardest}\n",
            walked.steps.len(),
            walked.board.empty_count(),
        ));
        text.push_str(&format!(
            "grid when stuck: {}\n",
            walked.board.grid().to_line(alphabet)
        ));
    }
    text
}
