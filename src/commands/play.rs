//! `sudoscope play` (and `sudoscope` alone): checks the input before the terminal is touched,
//! so bad input is one line on standard error and exit code 2, then runs the terminal UI.

use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sudoscope::tui::StartGame;
use sudoscope::tui::run::{RunOptions, run as run_ui};
use sudoscope_core::generate::{GenerateOptions, Level, reachable_levels};
use sudoscope_core::grid::{ReadOptions, Variant, parse_puzzle, read_all};

use super::io::{self, Argument, Failure};
use crate::cli::{PlayArgs, PlayLevel};

pub fn run(args: &PlayArgs) -> Result<u8, Failure> {
    let variant = args.variant.map(Variant::from).unwrap_or_default();
    let read = ReadOptions {
        variant,
        alphabet: None,
    };
    // The puzzle argument is read as every command reads one: an existing file is a file of
    // puzzles (the first, or `--index`), other text a puzzle written out.
    let start = match (
        args.puzzle.as_deref().map(io::argument).transpose()?,
        &args.file,
    ) {
        (Some(Argument::File(path)), _) => Some(from_file(path, args.index, read)?),
        (None, Some(path)) => Some(from_file(path, args.index, read)?),
        (Some(Argument::Puzzle(text)), _) => {
            if args.index.is_some() {
                return Err(Failure::usage(
                    "--index picks a puzzle of a file; give a file, not a puzzle",
                ));
            }
            let puzzle =
                parse_puzzle(text, read).map_err(|e| Failure::usage(format!("puzzle: {e}")))?;
            Some(checked(puzzle, "puzzle")?)
        }
        (None, None) => {
            if args.index.is_some() {
                return Err(Failure::usage("--index needs a file of puzzles"));
            }
            None
        }
    };
    let mut fresh = GenerateOptions {
        seed: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
        ..GenerateOptions::default()
    };
    if let Some(level) = args.level {
        fresh.level = match level {
            PlayLevel::Easy => Some(Level::Easy),
            PlayLevel::Medium => Some(Level::Medium),
            PlayLevel::Hard => Some(Level::Hard),
            PlayLevel::Evil => Some(Level::Evil),
            PlayLevel::Any => None,
        };
    }
    if let Some(size) = args.size {
        fresh.size = size;
        fresh.timeout = Duration::from_secs(if size >= 16 { 60 } else { 10 });
    }
    fresh.variant = variant;
    if let Some(level) = fresh.level {
        let reachable = reachable_levels(fresh.size, variant);
        if !reachable.contains(&level) {
            if args.level.is_some() {
                let ids: Vec<&str> = reachable.iter().map(|l| l.id()).collect();
                return Err(Failure::usage(format!(
                    "--level {level}: {n}×{n} puzzles reach only {}, or any",
                    ids.join(", "),
                    n = fresh.size
                )));
            }
            // The default level is out of reach for this size: take the hardest within it.
            fresh.level = reachable.last().copied();
        }
    }
    // Asking for a particular kind of puzzle starts one instead of resuming the autosave.
    let start = match start {
        Some(s) => Some(s),
        None if args.level.is_some() || args.size.is_some() || args.variant.is_some() => {
            Some(StartGame::Generate(fresh.clone()))
        }
        None => None,
    };
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Failure::usage(
            "play needs a terminal (standard input and output are not one); the other commands work in pipes",
        ));
    }
    let color = !args.no_color && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    run_ui(RunOptions {
        start,
        fresh,
        color,
        ascii: args.ascii,
    })
    .map_err(|e| Failure::runtime(e.to_string()))?;
    Ok(0)
}

/// Puzzle number `index` (from 1; the first without it) of a file.
fn from_file(path: &Path, index: Option<u64>, read: ReadOptions) -> Result<StartGame, Failure> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("{name}: {}", io::plain_io(&e))))?;
    let index = index.unwrap_or(1);
    let records = read_all(&text, read);
    let Some(record) = usize::try_from(index)
        .ok()
        .and_then(|i| records.into_iter().nth(i - 1))
    else {
        return Err(Failure::usage(format!(
            "{name}: has no puzzle number {index}"
        )));
    };
    let puzzle = record
        .result
        .map_err(|e| Failure::usage(format!("{name}: {e}")))?;
    checked(puzzle, &name)
}

fn checked(puzzle: sudoscope_core::grid::Puzzle, name: &str) -> Result<StartGame, Failure> {
    puzzle
        .validate()
        .map_err(|e| Failure::usage(format!("{name}: {e}")))?;
    Ok(StartGame::Puzzle(puzzle))
}
