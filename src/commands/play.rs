//! `sudoscope play` (and `sudoscope` alone): checks the input before the terminal is touched,
//! so bad input is one line on standard error and exit code 2, then runs the terminal UI.

use std::io::IsTerminal;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sudoscope::grid::{ReadOptions, Variant, parse_puzzle, read_all};
use sudoscope::tui::StartGame;
use sudoscope::tui::gen_seam::{GenerateOptions, Level, reachable_levels};
use sudoscope::tui::run::{RunOptions, run as run_ui};

use super::io::Failure;
use crate::cli::{PlayArgs, PlayLevel};

pub fn run(args: &PlayArgs) -> Result<u8, Failure> {
    let variant = args.variant.map(Variant::from).unwrap_or_default();
    let read = ReadOptions {
        variant,
        alphabet: None,
    };
    let start = if let Some(text) = &args.puzzle {
        let puzzle =
            parse_puzzle(text, read).map_err(|e| Failure::usage(format!("puzzle: {e}")))?;
        Some(checked(puzzle, "puzzle")?)
    } else if let Some(file) = &args.file {
        let name = file.display().to_string();
        let text =
            std::fs::read_to_string(file).map_err(|e| Failure::usage(format!("{name}: {e}")))?;
        let index = args.index.unwrap_or(1);
        let records = read_all(&text, read);
        let Some(record) = records.into_iter().nth(index as usize - 1) else {
            return Err(Failure::usage(format!(
                "{name}: has no puzzle number {index}"
            )));
        };
        let puzzle = record
            .result
            .map_err(|e| Failure::usage(format!("{name}: {e}")))?;
        Some(checked(puzzle, &name)?)
    } else {
        None
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

fn checked(puzzle: sudoscope::grid::Puzzle, name: &str) -> Result<StartGame, Failure> {
    puzzle
        .validate()
        .map_err(|e| Failure::usage(format!("{name}: {e}")))?;
    Ok(StartGame::Puzzle(puzzle))
}
