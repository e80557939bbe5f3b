//! Solves a puzzle and proves its solution unique, then counts the solutions of a puzzle with
//! too few givens.
//!
//! `cargo run --release -p sudoscope-core --example solve [PUZZLE]`

use sudoscope_core::{ReadOptions, Solution};

/// "Easter Monster", a well-known hard puzzle, used when none is given.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| EASTER_MONSTER.to_string());
    let puzzle = sudoscope_core::parse_puzzle(&text, ReadOptions::default())?;
    println!("puzzle:   {}", puzzle.givens.to_line(puzzle.alphabet));
    match sudoscope_core::solve(&puzzle) {
        Solution::Unique(grid) => println!("solution: {} (unique)", grid.to_line(puzzle.alphabet)),
        Solution::Multiple(grid) => println!(
            "one of several solutions: {}",
            grid.to_line(puzzle.alphabet)
        ),
        Solution::None => println!("no solution"),
    }
    // Take away the first row's givens: the puzzle opens up, and counting shows how far.
    let n = puzzle.geometry().size();
    let mut cells = puzzle.givens.cells().to_vec();
    cells[..n].fill(0);
    let looser = sudoscope_core::Puzzle::from_grid(sudoscope_core::Grid::from_cells(
        puzzle.geometry(),
        cells,
    )?);
    let counted = sudoscope_core::count(&looser, 1000);
    println!(
        "without its first row: {} solutions (counting stops at 1000), {} search nodes",
        counted.solutions, counted.nodes
    );
    Ok(())
}
