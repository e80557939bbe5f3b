//! Whole-file throughput of `sudoscope::exact::triad` (the solver behind `sudoscope solve`,
//! `count` and the generator) and of the older `exact::fast9` against the crates.io `sudoku`
//! 0.8 crate (a port of JCZSolve), side by side in one run.
//!
//! Run with `cargo bench --bench exact_throughput`. Environment variables:
//! * `SUDOSCOPE_DATASETS`: folder holding the puzzle files (default
//!   `<crate root>/../shared/datasets`);
//! * `SUDOSCOPE_BENCH_REPS`: whole-file passes per solver and mode (default 5 for files of
//!   10,000 puzzles or more, 15 for smaller ones); the median pass is reported;
//! * `SUDOSCOPE_BENCH_LIMIT`: use only the first N puzzles of each file (quick runs).
//!
//! Two modes are measured: "unique" (count up to 2 solutions: solve and prove uniqueness,
//! what `sudoscope solve` does) and "first" (stop at the first solution). Puzzles are parsed
//! before timing, and both solvers' answers are cross-checked (untimed) before timing.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku::Sudoku;
use sudoscope::exact::{fast9, triad};

type CountFn = fn(&[u8; 81], usize, &mut [u8; 81]) -> usize;

const FILES: [&str; 3] = [
    "royle_17clue_49158.txt",
    "magictour_top1465.txt",
    "forum_hardest_1905_11plus.txt",
];

fn parse_line(line: &str) -> Option<[u8; 81]> {
    let field = line.split_whitespace().next()?;
    if field.len() != 81 {
        return None;
    }
    let mut grid = [0u8; 81];
    for (slot, ch) in grid.iter_mut().zip(field.bytes()) {
        *slot = match ch {
            b'1'..=b'9' => ch - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Some(grid)
}

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok()?.trim().parse().ok()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn pass_ours(count_solutions: CountFn, puzzles: &[[u8; 81]], limit: usize) -> (Duration, usize) {
    let mut solution = [0u8; 81];
    let start = Instant::now();
    let mut total = 0usize;
    for p in puzzles {
        total += count_solutions(black_box(p), black_box(limit), &mut solution);
    }
    black_box(&solution);
    (start.elapsed(), black_box(total))
}

fn pass_theirs(sudokus: &[Sudoku], limit: usize) -> (Duration, usize) {
    let start = Instant::now();
    let mut total = 0usize;
    if limit == 1 {
        for s in sudokus {
            total += usize::from(black_box(*s).some_solution().is_some());
        }
    } else {
        for s in sudokus {
            total += black_box(*s).solutions_count_up_to(limit);
        }
    }
    (start.elapsed(), black_box(total))
}

struct Row {
    file: String,
    n: usize,
    mode: &'static str,
    ours: Duration,
    fast9: Duration,
    theirs: Duration,
}

fn main() {
    let dir = std::env::var_os("SUDOSCOPE_DATASETS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/datasets"))
        });
    let limit_n = env_usize("SUDOSCOPE_BENCH_LIMIT");
    let reps_env = env_usize("SUDOSCOPE_BENCH_REPS");
    let mut rows = Vec::new();

    for name in FILES {
        let path = dir.join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("skipping {name}: not found at {}", path.display());
            continue;
        };
        let mut puzzles: Vec<[u8; 81]> = text.lines().filter_map(parse_line).collect();
        if let Some(n) = limit_n {
            puzzles.truncate(n);
        }
        if puzzles.is_empty() {
            println!("skipping {name}: no puzzles");
            continue;
        }
        let sudokus: Vec<Sudoku> = puzzles
            .iter()
            .filter_map(|p| Sudoku::from_bytes(*p).ok())
            .collect();
        assert_eq!(
            sudokus.len(),
            puzzles.len(),
            "{name}: sudoku crate rejected a puzzle"
        );

        // Untimed cross-check: both solvers agree on every count, our solution is valid.
        let mut solution = [0u8; 81];
        let count_solutions = triad::count_solutions;
        for (i, (p, s)) in puzzles.iter().zip(&sudokus).enumerate() {
            let ours = count_solutions(p, 2, &mut solution);
            assert_eq!(
                fast9::count_solutions(p, 2, &mut [0u8; 81]),
                ours,
                "{name} line {}: fast9 count mismatch",
                i + 1
            );
            let theirs = s.solutions_count_up_to(2);
            assert_eq!(ours, theirs, "{name} line {}: count mismatch", i + 1);
            let first = count_solutions(p, 1, &mut solution);
            assert_eq!(
                first,
                theirs.min(1),
                "{name} line {}: first mismatch",
                i + 1
            );
            if first == 1 {
                assert!(
                    is_valid_solution(p, &solution),
                    "{name} line {}: bad solution",
                    i + 1
                );
            }
        }

        let reps = reps_env
            .unwrap_or(if puzzles.len() >= 10_000 { 5 } else { 15 })
            .max(1);
        for (mode, limit) in [("unique (limit 2)", 2), ("first (limit 1)", 1)] {
            let mut ours = Vec::with_capacity(reps);
            let mut old = Vec::with_capacity(reps);
            let mut theirs = Vec::with_capacity(reps);
            let (_, expected_ours) = pass_ours(triad::count_solutions, &puzzles, limit); // warm-up
            let (_, expected_old) = pass_ours(fast9::count_solutions, &puzzles, limit);
            let (_, expected_theirs) = pass_theirs(&sudokus, limit);
            assert_eq!(expected_ours, expected_theirs);
            assert_eq!(expected_old, expected_theirs);
            for rep in 0..reps {
                // Rotate who goes first so none always runs on a warmer machine.
                for turn in 0..3 {
                    match (rep + turn) % 3 {
                        0 => ours.push(pass_ours(triad::count_solutions, &puzzles, limit).0),
                        1 => old.push(pass_ours(fast9::count_solutions, &puzzles, limit).0),
                        _ => theirs.push(pass_theirs(&sudokus, limit).0),
                    }
                }
            }
            let row = Row {
                file: name.to_string(),
                n: puzzles.len(),
                mode,
                ours: median(ours),
                fast9: median(old),
                theirs: median(theirs),
            };
            eprintln!(
                "{name} {mode}: triad {:.3} µs/puzzle, fast9 {:.3} µs/puzzle, sudoku 0.8 {:.3} µs/puzzle",
                us_per(row.ours, row.n),
                us_per(row.fast9, row.n),
                us_per(row.theirs, row.n)
            );
            rows.push(row);
        }
    }

    println!();
    println!(
        "| file | puzzles | mode | triad puzzles/s | µs/puzzle | fast9 µs/puzzle | sudoku 0.8 puzzles/s | µs/puzzle | throughput ratio triad / sudoku | fast9 / sudoku |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    for r in &rows {
        println!(
            "| {} | {} | {} | {:.0} | {:.2} | {:.2} | {:.0} | {:.2} | {:.2} | {:.2} |",
            r.file,
            r.n,
            r.mode,
            per_sec(r.ours, r.n),
            us_per(r.ours, r.n),
            us_per(r.fast9, r.n),
            per_sec(r.theirs, r.n),
            us_per(r.theirs, r.n),
            r.theirs.as_secs_f64() / r.ours.as_secs_f64().max(1e-12),
            r.theirs.as_secs_f64() / r.fast9.as_secs_f64().max(1e-12),
        );
    }
}

fn per_sec(d: Duration, n: usize) -> f64 {
    n as f64 / d.as_secs_f64().max(1e-12)
}

fn us_per(d: Duration, n: usize) -> f64 {
    d.as_secs_f64() * 1e6 / n as f64
}

/// Independent check: `sol` is a complete valid grid that agrees with the givens.
fn is_valid_solution(givens: &[u8; 81], sol: &[u8; 81]) -> bool {
    for i in 0..81 {
        if !(1..=9).contains(&sol[i]) || (givens[i] != 0 && givens[i] != sol[i]) {
            return false;
        }
    }
    for unit in 0..9 {
        let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
        for k in 0..9 {
            r |= 1 << sol[unit * 9 + k];
            c |= 1 << sol[k * 9 + unit];
            b |= 1 << sol[(unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3];
        }
        if r != 0x3FE || c != 0x3FE || b != 0x3FE {
            return false;
        }
    }
    true
}
