//! Measures uniqueness proofs (count to 2) on killer and jigsaw puzzles from Simon Tatham's
//! Solo, one row per fixture file (each file is one Solo kind and level), with classic 9×9
//! puzzles of Solo's through the same entry point for the order of speed. Prints a Markdown
//! table: median, p90 and max per puzzle (each puzzle timed `REPEATS` times, its median kept),
//! and the median search nodes.
//!
//! ```text
//! cargo run --release -p sudoscope-lab --bin shapes_bench [-- DIR]
//! ```
//!
//! DIR defaults to the engine's `tests/data/solo`; the IDs are read with the test kit's Solo
//! reader.

use std::path::PathBuf;

use sudoscope_testkit::bench::thread_cpu;

use sudoscope_core::exact;
use sudoscope_testkit::bench::quantile;
use sudoscope_testkit::solo;

/// Timings per puzzle; the median of these is the puzzle's time.
const REPEATS: usize = 15;

const FILES: [(&str, &str); 10] = [
    ("3x3kdt.txt", "killer, trivial"),
    ("3x3kdb.txt", "killer, basic"),
    ("3x3kdi.txt", "killer, intermediate"),
    ("3x3kda.txt", "killer, advanced"),
    ("3x3kde.txt", "killer, extreme"),
    ("3x3kdu.txt", "killer, unreasonable"),
    ("3x3xkdu.txt", "killer-X, unreasonable"),
    ("9jdu.txt", "jigsaw, unreasonable"),
    ("9jxdu.txt", "jigsaw-X, unreasonable"),
    ("3x3du.txt", "classic 9×9, unreasonable"),
];

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sudoscope-core/tests/data/solo")
        });
    println!("| Solo puzzles | n | median | p90 | max | median nodes |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (file, label) in FILES {
        let path = dir.join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipping: {} not found", path.display());
            continue;
        };
        let mut times = Vec::new();
        let mut nodes = Vec::new();
        for id in text.lines().filter(|l| !l.trim().is_empty()) {
            let puzzle = match solo::read(id).and_then(|r| r.puzzle()) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("{file}: {e}");
                    std::process::exit(2);
                }
            };
            let mut runs = Vec::with_capacity(REPEATS);
            for _ in 0..REPEATS {
                let start = thread_cpu();
                let count = exact::count(&puzzle, 2);
                runs.push((thread_cpu() - start).as_secs_f64());
                if count.solutions != 1 {
                    eprintln!("{file}: {} solutions for {id}", count.solutions);
                    std::process::exit(1);
                }
                nodes.push(count.nodes as f64);
            }
            runs.sort_by(f64::total_cmp);
            times.push(quantile(&runs, 0.5));
        }
        times.sort_by(f64::total_cmp);
        nodes.sort_by(f64::total_cmp);
        let ms = |s: f64| format!("{:.3} ms", s * 1e3);
        println!(
            "| {label} | {} | {} | {} | {} | {:.0} |",
            times.len(),
            ms(quantile(&times, 0.5)),
            ms(quantile(&times, 0.9)),
            ms(times.last().copied().unwrap_or(0.0)),
            quantile(&nodes, 0.5),
        );
    }
}
