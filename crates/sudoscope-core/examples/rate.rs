//! Rates puzzles: the engine's level and score with its hardest technique, and Sudoku
//! Explainer's ER/EP/ED.
//!
//! `cargo run --release -p sudoscope-core --example rate [PUZZLE...]`

use sudoscope_core::ReadOptions;

/// An easy puzzle, an evil one (`sudoscope generate --seed 1 --level evil`, the first puzzle)
/// and "Easter Monster", one of the hardest known; used when none is given.
const PUZZLES: [&str; 3] = [
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "7.6.9.2.11......86.2.6.......4.8..6....5.9....1..6.3.......6.7.58......22.7.3.9.4",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let given: Vec<String> = std::env::args().skip(1).collect();
    let texts: Vec<&str> = if given.is_empty() {
        PUZZLES.to_vec()
    } else {
        given.iter().map(String::as_str).collect()
    };
    for text in texts {
        let puzzle = sudoscope_core::parse_puzzle(text, ReadOptions::default())?;
        let rating = sudoscope_core::rate(&puzzle);
        let hardest = rating.hardest.map_or("none", |t| t.id());
        let se = match sudoscope_core::rate_se(&puzzle) {
            Ok(se) => se.to_string(),
            Err(e) => format!("none ({e})"),
        };
        println!(
            "{text}\n  level {:?}, score {:.1}, hardest {hardest}; SE {se}",
            rating.level, rating.score
        );
    }
    Ok(())
}
