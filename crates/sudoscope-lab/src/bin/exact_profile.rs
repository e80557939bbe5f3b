//! Runs one exact 9×9 solver (`count_9x9`, what the product calls, or `triad` or `fast9` alone)
//! over a puzzle file, for profiling and quick A/B timing of two
//! builds: `valgrind --tool=callgrind` counts its instructions deterministically, and alternating
//! runs of two builds compare their times where a single run on a shared machine cannot. Prints
//! the solutions and search nodes found (so runs can be checked against each other) and the
//! wall time per puzzle.
//!
//! `cargo run --release -p sudoscope-lab --bin exact_profile -- <count_9x9|triad|fast9> <file> [limit]
//! [passes]` (limit 2 = prove uniqueness, 1 = stop at the first solution; 1 pass by default)

use std::time::Instant;

use sudoscope_core::exact;
use sudoscope_core::lab::{fast9, triad};
use sudoscope_testkit::bench::one_line_9x9;

/// A solver's entry point: (solutions up to the limit, search nodes).
type Solver = fn(&[u8; 81], usize, &mut [u8; 81]) -> (usize, u64);

fn main() {
    const USAGE: &str = "usage: exact_profile <count_9x9|triad|fast9> <file> [limit] [passes]";
    let mut args = std::env::args().skip(1);
    let solver: Solver = match args.next().as_deref() {
        Some("count_9x9") => exact::count_9x9,
        Some("triad") => triad::count_solutions_with_nodes,
        Some("fast9") => fast9::count_solutions_with_nodes,
        _ => panic!("{USAGE}"),
    };
    let file = args.next().expect(USAGE);
    let limit: usize = args.next().and_then(|v| v.parse().ok()).unwrap_or(2);
    let passes: usize = args.next().and_then(|v| v.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(&file).expect("readable puzzle file");
    let puzzles: Vec<[u8; 81]> = text.lines().filter_map(one_line_9x9).collect();
    let (mut solutions, mut nodes) = (0usize, 0u64);
    let started = Instant::now();
    for _ in 0..passes {
        for puzzle in &puzzles {
            let mut solution = [0u8; 81];
            let (found, tried) = solver(puzzle, limit, &mut solution);
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
