//! Rates the puzzles of an SE fixture (`PUZZLE ER EP ED` lines, as
//! docs/experiments/serate_fixture.sh writes them) with `logic::se` and prints every
//! disagreement, then the agreement counts and the time per puzzle (median and total) on stderr.
//! With a puzzle as the second argument, prints our SE path for it step by step instead, in
//! serate's `--after="%r %s"` form, to diff against the fixture's `.steps` file.
//!
//! `cargo run --release -p sudoscope-lab --bin se_compare -- FIXTURE.txt [PUZZLE]`

use std::time::Instant;

use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::lab::se::{self, SeGrid};
use sudoscope_core::logic::Board;

fn tenths(s: &str) -> u32 {
    (s.parse::<f64>().unwrap_or(0.0) * 10.0).round() as u32
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("usage: se_compare FIXTURE.txt [PUZZLE]");
    if let Some(one) = args.next() {
        let puzzle = parse_puzzle(&one, ReadOptions::default()).expect("a puzzle");
        let grid = SeGrid::from_board(&Board::from_puzzle(&puzzle));
        let rating = se::rate_grid(grid, |h| {
            println!(
                "{:.1} {}: {}",
                h.difficulty as f64 / 10.0,
                h.name,
                se::describe_removals(&h.removals)
                    + &h.placement
                        .map(|(c, d)| format!(" place r{}c{}={d}", c / 9 + 1, c % 9 + 1))
                        .unwrap_or_default()
            )
        });
        println!("{rating:?}");
        return;
    }
    let text = std::fs::read_to_string(&file).expect("readable file");
    let (mut total, mut er_ok, mut all_ok) = (0, 0, 0);
    let mut times = Vec::new();
    let start = Instant::now();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 4 {
            continue;
        }
        let puzzle = parse_puzzle(f[0], ReadOptions::default()).expect("a puzzle");
        let want = (tenths(f[1]), tenths(f[2]), tenths(f[3]));
        let t = Instant::now();
        let got = se::rate(&puzzle);
        times.push(t.elapsed().as_secs_f64());
        total += 1;
        match got {
            Ok(r) => {
                if r.er == want.0 {
                    er_ok += 1;
                }
                if (r.er, r.ep, r.ed) == want {
                    all_ok += 1;
                } else {
                    println!("{} want {}/{}/{} got {r}", f[0], f[1], f[2], f[3]);
                }
            }
            Err(e) => println!("{} want {}/{}/{} error {e}", f[0], f[1], f[2], f[3]),
        }
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    eprintln!(
        "{total} puzzles: ER agrees {er_ok} ({:.1}%), ER/EP/ED agree {all_ok} ({:.1}%); median {:.2} ms, max {:.2} ms, total {:.2} s",
        100.0 * er_ok as f64 / total.max(1) as f64,
        100.0 * all_ok as f64 / total.max(1) as f64,
        median * 1e3,
        times.last().copied().unwrap_or(0.0) * 1e3,
        start.elapsed().as_secs_f64()
    );
}
