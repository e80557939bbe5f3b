//! Runs `hint --all` (`path::all_steps`) over the first puzzles of a file, for profiling:
//! `valgrind --tool=callgrind` counts instructions deterministically where wall time on a
//! shared machine does not. Prints the number of steps found, so runs can be compared.
//!
//! `cargo run --release -p sudoscope-lab --bin hint_all_profile -- <file> [limit]` (limit 300 by default)

use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::{Board, path};

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: hint_all_profile <file> [limit]");
    let limit: usize = args.next().and_then(|v| v.parse().ok()).unwrap_or(300);
    let text = std::fs::read_to_string(&file).expect("readable file");
    let boards: Vec<Board> = text
        .lines()
        .take(limit)
        .filter_map(|line| {
            parse_puzzle(line.split_whitespace().next()?, ReadOptions::default()).ok()
        })
        .map(|p| Board::from_puzzle(&p))
        .collect();
    let order = path::order(&[]);
    let found: usize = boards
        .iter()
        .map(|board| path::all_steps(board, &order).len())
        .sum();
    println!("{} boards, {found} steps", boards.len());
}
