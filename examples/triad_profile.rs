//! Runs the triad solver alone over a puzzle file, for profiling and quick A/B timing of two
//! builds: `valgrind --tool=callgrind` counts its instructions deterministically, and alternating
//! runs of two builds compare their times where a single run on a shared machine cannot. Prints
//! the solutions and search nodes found (so runs can be checked against each other) and the
//! wall time per puzzle.
//!
//! `cargo run --release --example triad_profile -- <file> [limit] [passes]` (limit 2 = prove
//! uniqueness, 1 = stop at the first solution; 1 pass by default)

use std::time::Instant;

use sudoscope::exact::triad;

fn parse_line(line: &str) -> Option<[u8; 81]> {
    let field = line.split_whitespace().next()?;
    if field.len() != 81 {
        return None;
    }
    let mut grid = [0u8; 81];
    for (slot, ch) in grid.iter_mut().zip(field.bytes()) {
        *slot = match ch {
            b'1'..=b'9' => ch - b'0',
            _ => 0,
        };
    }
    Some(grid)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .expect("usage: triad_profile <file> [limit] [passes]");
    let limit: usize = args.next().and_then(|v| v.parse().ok()).unwrap_or(2);
    let passes: usize = args.next().and_then(|v| v.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(&file).expect("readable puzzle file");
    let puzzles: Vec<[u8; 81]> = text.lines().filter_map(parse_line).collect();
    let (mut solutions, mut nodes) = (0usize, 0u64);
    let started = Instant::now();
    for _ in 0..passes {
        for puzzle in &puzzles {
            let mut solution = [0u8; 81];
            let (found, tried) = triad::count_solutions_with_nodes(puzzle, limit, &mut solution);
            solutions += found;
            nodes += tried;
        }
    }
    let runs = (puzzles.len() * passes).max(1) as f64;
    println!(
        "{} puzzles x{passes}: {solutions} solutions, {:.2} nodes/puzzle, {:.3} us/puzzle",
        puzzles.len(),
        nodes as f64 / runs,
        started.elapsed().as_secs_f64() * 1e6 / runs
    );
}
