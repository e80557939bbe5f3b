//! Rates every puzzle of a file and prints one line per puzzle: score, level, hardest
//! technique, logic_solves, steps and the technique uses, so that two versions of the engine
//! can be compared line by line (`diff`). The total time goes to stderr.
//!
//! `cargo run --release -p sudoscope-lab --bin rate_dump -- <file> [limit]`

use std::time::Instant;

use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::Board;
use sudoscope_core::logic::rating;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: rate_dump <file> [limit]");
    let limit: usize = args
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    let text = std::fs::read_to_string(&file).expect("readable file");
    let start = Instant::now();
    for (i, line) in text.lines().take(limit).enumerate() {
        let Some(field) = line.split_whitespace().next() else {
            continue;
        };
        let Ok(puzzle) = parse_puzzle(field, ReadOptions::default()) else {
            continue;
        };
        let r = rating::rate_board(&Board::from_puzzle(&puzzle));
        let uses: Vec<String> = r.uses.iter().map(|(t, n)| format!("{t}:{n}")).collect();
        println!(
            "{i} {:.1} {} {} {} wnef={:.3} steps={} rem={} {}",
            r.score,
            r.level,
            r.hardest.map_or("-".to_string(), |t| t.to_string()),
            r.logic_solves,
            r.wnef,
            r.steps,
            r.remaining,
            uses.join(",")
        );
    }
    eprintln!("total {:.2} s", start.elapsed().as_secs_f64());
}
