//! Canonical-form (minlex) throughput over the benchmark files, with the brute force and the
//! `sudoku` crate measured in the same run.
//!
//! `cargo run --release --example canon_bench`. For each file (`magictour_top1465.txt`, the
//! 17-clue file): the whole file canonicalized on one thread, each pass timed in thread CPU
//! time, the median of `SUDOSCOPE_BENCH_REPS` passes (default 5); then the first
//! `CANON_BENCH_BRUTE` puzzles (default 10) through the brute force over all 3,359,232
//! transformations, checked equal to the search's forms and timed. Last, the solutions of the
//! magictour puzzles (solved grids, where the `sudoku` crate's `canonicalized` uses the same
//! definition) through both, checked equal and timed. The datasets folder is
//! `$SUDOSCOPE_DATASETS`, else `../shared/datasets` beside the repository.

use std::path::PathBuf;
use std::time::Duration;

use sudoscope_core::canon::{Canonicalizer, Cells, brute_force_minlex};
use sudoscope_core::exact;

const FILES: [&str; 2] = ["magictour_top1465.txt", "royle_17clue_49158.txt"];

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The first field of every 81-character line.
fn read_puzzles(path: &PathBuf) -> Vec<Cells> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: cannot read: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|field| field.len() == 81)
        .map(|field| {
            let bytes = field.as_bytes();
            std::array::from_fn(|i| match bytes[i] {
                b'1'..=b'9' => bytes[i] - b'0',
                _ => 0,
            })
        })
        .collect()
}

/// Thread CPU time of one pass of `work` over `puzzles`, the median of `reps`.
fn median_pass(reps: usize, mut pass: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..reps.max(1))
        .map(|_| {
            let start = sudoscope_testkit::bench::thread_cpu();
            pass();
            sudoscope_testkit::bench::thread_cpu().saturating_sub(start)
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn micros_each(total: Duration, count: usize) -> f64 {
    total.as_secs_f64() * 1e6 / count.max(1) as f64
}

fn main() {
    let dir = sudoscope_testkit::datasets::present()
        .expect("no datasets: set SUDOSCOPE_DATASETS or put them in ../shared/datasets");
    let reps = env_number("SUDOSCOPE_BENCH_REPS", 5);
    let brute_count = env_number("CANON_BENCH_BRUTE", 10);
    let mut search = Canonicalizer::new();

    println!(
        "| file | puzzles | minlex µs/puzzle | puzzles/s | brute force µs/puzzle (first {brute_count}) | brute / minlex |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    let mut solved_grids = Vec::new();
    for name in FILES {
        let puzzles = read_puzzles(&dir.join(name));
        let forms: Vec<Cells> = puzzles
            .iter()
            .map(|p| search.minlex(p).expect("dataset puzzles are valid"))
            .collect();
        let mut sink = 0u64;
        let fast = median_pass(reps, || {
            for puzzle in &puzzles {
                let form = search.minlex(puzzle).expect("valid");
                sink = sink.wrapping_add(u64::from(form[80]));
            }
        });
        std::hint::black_box(sink);
        let sample = &puzzles[..brute_count.min(puzzles.len())];
        let start = sudoscope_testkit::bench::thread_cpu();
        for (puzzle, form) in sample.iter().zip(&forms) {
            let brute = brute_force_minlex(puzzle).expect("valid");
            assert_eq!(
                &brute, form,
                "{name}: the search and the brute force differ"
            );
        }
        let brute = sudoscope_testkit::bench::thread_cpu().saturating_sub(start);
        let fast_each = micros_each(fast, puzzles.len());
        let brute_each = micros_each(brute, sample.len());
        println!(
            "| {name} | {} | {fast_each:.2} | {:.0} | {brute_each:.0} | {:.0}× |",
            puzzles.len(),
            1e6 / fast_each,
            brute_each / fast_each
        );
        if name == FILES[0] {
            solved_grids = puzzles
                .iter()
                .filter_map(|p| {
                    let mut solution = [0u8; 81];
                    let (count, _) = exact::count_9x9(p, 1, &mut solution);
                    (count == 1).then_some(solution)
                })
                .collect();
        }
    }

    let grids: Vec<sudoku::Sudoku> = solved_grids
        .iter()
        .map(|g| sudoku::Sudoku::from_bytes(*g).expect("a solved grid"))
        .collect();
    for (grid, ours) in solved_grids.iter().zip(&grids) {
        let theirs = ours.canonicalized().expect("solved").0.to_bytes();
        assert_eq!(
            search.minlex(grid).expect("valid"),
            theirs,
            "solved grids differ"
        );
    }
    let mut sink = 0u64;
    let ours = median_pass(reps, || {
        for grid in &solved_grids {
            sink = sink.wrapping_add(u64::from(search.minlex(grid).expect("valid")[80]));
        }
    });
    let theirs = median_pass(reps, || {
        for grid in &grids {
            sink = sink.wrapping_add(u64::from(
                grid.canonicalized().expect("solved").0.to_bytes()[80],
            ));
        }
    });
    std::hint::black_box(sink);
    let (ours, theirs) = (
        micros_each(ours, solved_grids.len()),
        micros_each(theirs, grids.len()),
    );
    println!();
    println!(
        "| solved grids (magictour's solutions) | grids | minlex µs/grid | `sudoku` 0.8 `canonicalized` µs/grid | sudoku / minlex |"
    );
    println!("|---|---:|---:|---:|---:|");
    println!(
        "| {} | {} | {ours:.2} | {theirs:.2} | {:.2}× |",
        FILES[0],
        solved_grids.len(),
        theirs / ours
    );
}
