//! Hints for a position: the easiest next step, explained, then the whole logical path as a
//! tally of the techniques it takes, with the hardest step explained.
//!
//! `cargo run --release -p sudoscope-core --example hint [PUZZLE]`

use std::collections::BTreeMap;

use sudoscope_core::{Board, ReadOptions};

/// A puzzle that needs a finned X-wing (`sudoscope generate --seed 1 --level hard`, the first
/// puzzle), used when none is given.
const PUZZLE: &str =
    ".....5231...7.......8..15..974.8..6...........1..6.329..12..8.......4...2671.....";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| PUZZLE.to_string());
    let puzzle = sudoscope_core::parse_puzzle(&text, ReadOptions::default())?;
    let board = Board::from_puzzle(&puzzle);
    match sudoscope_core::next_step(&board, &[]) {
        Some(step) => println!("next step: {}", step.explanation),
        None => println!("no logical step applies"),
    }
    let path = sudoscope_core::solve_path(&board, &[]);
    let outcome = if path.solved {
        "solves it"
    } else {
        "gets stuck"
    };
    println!(
        "\nthe logical path {outcome} in {} steps:",
        path.steps.len()
    );
    let mut tally: BTreeMap<_, usize> = BTreeMap::new();
    for step in &path.steps {
        *tally.entry(step.technique).or_default() += 1;
    }
    for (technique, count) in &tally {
        println!("  {count:3} × {}", technique.id());
    }
    if let Some(step) = path.hardest() {
        println!("\nits hardest step: {}", step.explanation);
    }
    Ok(())
}
