//! `sudoscope play` (and `sudoscope` alone): checks the input before the terminal is touched,
//! so bad input is one line on standard error and exit code 2, then runs the terminal UI.

use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sudoscope::tui::StartGame;
use sudoscope::tui::local_store::LocalStore;
use sudoscope::tui::run::{RunOptions, data_dir, run as run_ui};
use sudoscope_core::generate::{GenerateOptions, Level, reachable_levels};
use sudoscope_core::grid::{PuzzleReader, ReadOptions, Variant, parse_puzzle};

use super::io::{self, Argument, Failure};
use crate::cli::{PlayArgs, PlayLevel};

pub fn run(args: &PlayArgs) -> Result<u8, Failure> {
    let mut store = LocalStore::open(data_dir().as_deref());
    if args.list {
        return list(&store);
    }
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
    // Asking for a particular kind of puzzle starts one instead of resuming the most recent
    // unfinished game (which stays in the store).
    let start = match start {
        Some(s) => Some(s),
        None if args.continue_game.is_some() => Some(continued(&mut store, args)?),
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
    run_ui(
        RunOptions {
            start,
            fresh,
            color,
            ascii: args.ascii,
        },
        store,
    )
    .map_err(|e| Failure::runtime(e.to_string()))?;
    Ok(0)
}

/// `play --list`: the unfinished games, most recent first, numbered for `--continue N`.
fn list(store: &LocalStore) -> Result<u8, Failure> {
    for notice in &store.notices {
        eprintln!("sudoscope: {notice}");
    }
    let games = store
        .unfinished()
        .map_err(|e| Failure::runtime(e.to_string()))?;
    if games.is_empty() {
        println!("no unfinished games");
    }
    for (n, game) in games.iter().enumerate() {
        println!("{}", continue_line(n + 1, game));
    }
    Ok(0)
}

/// One line of `play --list`: `2  9x9 standard easy  34/81  2026-05-01 14:03 UTC`.
fn continue_line(n: usize, game: &sudoscope::store::Unfinished) -> String {
    let s = &game.summary;
    let level = s.level.as_deref().unwrap_or("any level");
    let (year, month, day) = sudoscope::store::civil_date(game.updated_ms);
    let minutes = game.updated_ms.rem_euclid(86_400_000) / 60_000;
    format!(
        "{n}  {size}x{size} {variant} {level}  {filled}/{total}  {year}-{month:02}-{day:02} {:02}:{:02} UTC",
        minutes / 60,
        minutes % 60,
        size = s.size,
        variant = s.variant,
        filled = s.filled,
        total = s.total,
    )
}

/// `play --continue [N]`: unfinished game number N (1, the most recent, by default).
fn continued(store: &mut LocalStore, args: &PlayArgs) -> Result<StartGame, Failure> {
    let nth = args.continue_game.unwrap_or(1);
    let count = store
        .unfinished()
        .map_err(|e| Failure::runtime(e.to_string()))?
        .len();
    let taken = usize::try_from(nth)
        .ok()
        .map(|n| store.take_up(n))
        .transpose()
        .map_err(|e| Failure::runtime(e.to_string()))?
        .flatten();
    match taken {
        Some(json) => Ok(StartGame::Resume(json)),
        None if count == 0 => Err(Failure::usage(
            "--continue: there is no unfinished game to continue",
        )),
        None => Err(Failure::usage(format!(
            "--continue {nth}: there are {count} unfinished games (play --list shows them)"
        ))),
    }
}

/// Puzzle number `index` (from 1; the first without it) of a file.
fn from_file(path: &Path, index: Option<u64>, read: ReadOptions) -> Result<StartGame, Failure> {
    let name = path.display().to_string();
    // Read as bytes, not as text: a file that is not UTF-8 is then reported as every command
    // reports it, with the line and column of the first bad byte.
    let bytes =
        std::fs::read(path).map_err(|e| Failure::usage(format!("{name}: {}", io::plain_io(&e))))?;
    let index = index.unwrap_or(1);
    let Some(record) = usize::try_from(index)
        .ok()
        .and_then(|i| PuzzleReader::new(bytes.as_slice(), read).nth(i - 1))
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

/// Opens the UI on a daily puzzle (`sudoscope daily`): the game knows it is a daily, so its
/// finish is recorded with its day (a past day's counts for no streak).
pub fn run_daily(
    daily: &sudoscope::daily::Daily,
    no_color: bool,
    ascii: bool,
) -> Result<u8, Failure> {
    let puzzle = daily
        .puzzle()
        .map_err(|e| Failure::runtime(e.to_string()))?;
    checked(puzzle, &daily.title())?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Failure::usage(
            "daily needs a terminal to play (standard input and output are not one); `daily --print` writes the puzzle",
        ));
    }
    let color = !no_color && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let store = LocalStore::open(data_dir().as_deref());
    run_ui(
        RunOptions {
            start: Some(StartGame::Daily(daily.clone())),
            fresh: GenerateOptions::default(),
            color,
            ascii,
        },
        store,
    )
    .map_err(|e| Failure::runtime(e.to_string()))?;
    Ok(0)
}
