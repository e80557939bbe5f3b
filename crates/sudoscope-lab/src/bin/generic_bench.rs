//! Measures the generic exact solver: per-puzzle time to solve and prove uniqueness (count with
//! limit 2) over the 16×16 and 25×25 datasets, and 9×9 against the bit-parallel `fast9` solver
//! for reference. Prints one Markdown table.
//!
//! ```text
//! cargo run --release -p sudoscope-lab --bin generic_bench [-- FILE_FILTER]
//! ```
//!
//! Datasets come from `$SUDOSCOPE_DATASETS`, defaulting to `../shared/datasets` next to the
//! manifest; missing files are skipped with a message.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoscope_core::grid::{Alphabet, Puzzle, PuzzleReader, ReadOptions, Variant};
use sudoscope_core::lab::{fast9, generic};
use sudoscope_testkit::datasets::location;

/// One benchmark row: which file, how to read it, which solver.
struct Case {
    file: &'static str,
    alphabet: Option<Alphabet>,
    solver: SolverKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SolverKind {
    Generic,
    Fast9,
}

fn load(path: &PathBuf, alphabet: Option<Alphabet>) -> Result<Vec<Puzzle>, String> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let options = ReadOptions {
        variant: Variant::Standard,
        alphabet,
    };
    let mut puzzles = Vec::new();
    for record in PuzzleReader::new(BufReader::new(file), options) {
        match record.result {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        }
    }
    Ok(puzzles)
}

/// Times one puzzle (limit 2) and returns (elapsed, solutions found).
fn time_one(
    puzzle: &Puzzle,
    solver: SolverKind,
    scratch: &mut generic::Solver,
) -> (Duration, usize) {
    match solver {
        SolverKind::Generic => {
            let candidates = puzzle.candidates();
            let mut solution = Vec::new();
            let start = Instant::now();
            let n = scratch.count(puzzle.geometry(), &candidates, 2, &mut solution);
            (start.elapsed(), n)
        }
        SolverKind::Fast9 => {
            let mut givens = [0u8; 81];
            let cells = puzzle.givens.cells();
            if cells.len() != 81 {
                return (Duration::ZERO, 0);
            }
            givens.copy_from_slice(cells);
            let mut solution = [0u8; 81];
            let start = Instant::now();
            let n = fast9::count_solutions(&givens, 2, &mut solution);
            (start.elapsed(), n)
        }
    }
}

fn fmt_time(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1_000.0 {
        format!("{us:.1} µs")
    } else if us < 1_000_000.0 {
        format!("{:.2} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

/// `--each FILE [COUNT]`: one line per puzzle (time, solutions, nodes), for tuning.
fn each(dir: &std::path::Path, file: &str, count: usize) {
    let alphabet = file.contains("krazydad_16").then_some(Alphabet::ZeroBased);
    let puzzles = match load(&dir.join(file), alphabet) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("skipping: {e}");
            return;
        }
    };
    let mut scratch = generic::Solver::default();
    let mut total = Duration::ZERO;
    let mut total_nodes = 0;
    for (i, puzzle) in puzzles.iter().take(count).enumerate() {
        let (elapsed, n) = time_one(puzzle, SolverKind::Generic, &mut scratch);
        total += elapsed;
        total_nodes += scratch.nodes();
        println!("{i}\t{}\t{n}\t{}", fmt_time(elapsed), scratch.nodes());
    }
    println!("total\t{}\t\t{total_nodes}", fmt_time(total));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--each") {
        let file = args.get(1).map_or("tarek_206_16x16.txt", String::as_str);
        let count = args
            .get(2)
            .and_then(|c| c.parse().ok())
            .unwrap_or(usize::MAX);
        each(&location(), file, count);
        return;
    }
    let filter = args.first().cloned();
    let dir = location();
    let cases = [
        Case {
            file: "krazydad_16x16_vol1-2_6400.txt",
            alphabet: Some(Alphabet::ZeroBased),
            solver: SolverKind::Generic,
        },
        Case {
            file: "tarek_206_16x16.txt",
            alphabet: Some(Alphabet::Digits),
            solver: SolverKind::Generic,
        },
        Case {
            file: "durr_example_25x25.txt",
            alphabet: Some(Alphabet::Digits),
            solver: SolverKind::Generic,
        },
        Case {
            file: "magictour_top1465.txt",
            alphabet: None,
            solver: SolverKind::Generic,
        },
        Case {
            file: "magictour_top1465.txt",
            alphabet: None,
            solver: SolverKind::Fast9,
        },
    ];
    let mut scratch = generic::Solver::default();
    println!("| file | solver | puzzles | unique | median | mean | p90 | max | total |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for case in &cases {
        if filter.as_deref().is_some_and(|f| !case.file.contains(f)) {
            continue;
        }
        let path = dir.join(case.file);
        if !path.exists() {
            eprintln!("skipping {}: not found", path.display());
            continue;
        }
        let puzzles = match load(&path, case.alphabet) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("skipping: {e}");
                continue;
            }
        };
        let mut times = Vec::with_capacity(puzzles.len());
        let mut unique = 0;
        for puzzle in &puzzles {
            let (elapsed, n) = time_one(puzzle, case.solver, &mut scratch);
            times.push(elapsed);
            unique += usize::from(n == 1);
        }
        if times.is_empty() {
            continue;
        }
        let total: Duration = times.iter().sum();
        times.sort_unstable();
        let pick = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        let name = match case.solver {
            SolverKind::Generic => "generic",
            SolverKind::Fast9 => "fast9",
        };
        println!(
            "| {} | {name} | {} | {unique} | {} | {} | {} | {} | {} |",
            case.file,
            times.len(),
            fmt_time(pick(0.5)),
            fmt_time(total / times.len() as u32),
            fmt_time(pick(0.9)),
            fmt_time(times[times.len() - 1]),
            fmt_time(total),
        );
    }
}
