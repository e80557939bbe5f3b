//! Speed of the hint engine and the rating, printed as a Markdown table.
//!
//! Run with `cargo bench --bench logic`. For each file:
//! * `hint --all`: every step of every technique at the puzzle's initial board
//!   (`path::all_steps`, what `sudoscope hint --all` computes), timed per call;
//! * `hint`: the next step (`path::next_step`), timed per call;
//! * `rate`: the whole rating of every puzzle (logical path with batched singles, WNEF), timed
//!   per puzzle and in total, with the share of puzzles logic solves;
//! * `rate on N threads`: the same ratings spread over every core (rayon), as
//!   `sudoscope rate FILE` does, timed in total.
//!
//! Targets (9×9, `magictour_top1465.txt`): `hint --all` median under 1 ms, rating the whole file
//! under 5 s. Environment: `SUDOSCOPE_DATASETS` (default `<crate root>/../shared/datasets`);
//! `SUDOSCOPE_BENCH_LIMIT=N` uses only the first N puzzles of each file. A missing file is
//! skipped with a message.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::rating::{self, Level};
use sudoscope_core::logic::{Board, path};

const FILES: [&str; 2] = ["magictour_top1465.txt", "sudoq_16x16_80.txt"];

fn datasets() -> PathBuf {
    sudoscope_testkit::datasets::location()
}

fn limit() -> usize {
    std::env::var("SUDOSCOPE_BENCH_LIMIT")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(usize::MAX)
}

fn load(file: &str) -> Option<Vec<Board>> {
    let path = datasets().join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping {file}: not found at {}", path.display());
        return None;
    };
    Some(
        text.lines()
            .take(limit())
            .filter_map(|line| {
                let field = line.split_whitespace().next()?;
                parse_puzzle(field, ReadOptions::default()).ok()
            })
            .map(|p| Board::from_puzzle(&p))
            .collect(),
    )
}

/// Processor time of this process (user + system) from `/proc/self/stat`, in seconds, when
/// the system has it: on a shared machine it shows the work done apart from the time spent
/// waiting for a processor, which wall-clock totals include.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    // Fields 14 and 15 of proc(5) (utime, stime) are the 12th and 13th after the name; the
    // clock tick is 100 Hz on Linux.
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn cpu_since(start: Option<f64>) -> String {
    match (start, cpu_seconds()) {
        (Some(a), Some(b)) => format!("{:.2}", b - a),
        _ => "–".into(),
    }
}

/// Median, p90 and max of per-call times, in milliseconds.
fn spread(mut times: Vec<Duration>) -> (f64, f64, f64) {
    times.sort();
    let at = |p: f64| {
        let i = ((times.len().saturating_sub(1)) as f64 * p).round() as usize;
        times.get(i).map_or(0.0, |d| d.as_secs_f64() * 1e3)
    };
    (at(0.5), at(0.9), at(1.0))
}

fn main() {
    println!("| file | n | measure | median ms | p90 ms | max ms | total s | cpu s | notes |");
    println!("|---|---:|---|---:|---:|---:|---:|---:|---|");
    for file in FILES {
        let Some(boards) = load(file) else {
            continue;
        };
        let n = boards.len();
        let order = path::order(&[]);

        let mut times = Vec::with_capacity(n);
        let mut found = 0usize;
        let all = Instant::now();
        let cpu = cpu_seconds();
        for board in &boards {
            let start = Instant::now();
            let steps = path::all_steps(black_box(board), &order);
            times.push(start.elapsed());
            found += steps.len();
        }
        let total = all.elapsed().as_secs_f64();
        let cpu = cpu_since(cpu);
        let (median, p90, max) = spread(times);
        println!(
            "| {file} | {n} | hint --all | {median:.3} | {p90:.3} | {max:.3} | {total:.2} | {cpu} | {:.1} steps per puzzle |",
            found as f64 / n.max(1) as f64
        );

        let mut times = Vec::with_capacity(n);
        let all = Instant::now();
        let cpu = cpu_seconds();
        for board in &boards {
            let start = Instant::now();
            black_box(path::next_step(black_box(board), &order));
            times.push(start.elapsed());
        }
        let total = all.elapsed().as_secs_f64();
        let cpu = cpu_since(cpu);
        let (median, p90, max) = spread(times);
        println!(
            "| {file} | {n} | hint (next step) | {median:.3} | {p90:.3} | {max:.3} | {total:.2} | {cpu} | |"
        );

        let mut times = Vec::with_capacity(n);
        let mut solved = 0usize;
        let mut levels = [0usize; 4];
        let all = Instant::now();
        let cpu = cpu_seconds();
        for board in &boards {
            let start = Instant::now();
            let r = rating::rate_board(black_box(board));
            times.push(start.elapsed());
            solved += usize::from(r.logic_solves);
            levels[Level::ALL.iter().position(|&l| l == r.level).unwrap_or(3)] += 1;
        }
        let total = all.elapsed().as_secs_f64();
        let cpu = cpu_since(cpu);
        let (median, p90, max) = spread(times);
        println!(
            "| {file} | {n} | rate | {median:.3} | {p90:.3} | {max:.3} | {total:.2} | {cpu} | logic solves {solved}/{n} ({:.1}%); easy/medium/hard/evil {} |",
            100.0 * solved as f64 / n.max(1) as f64,
            levels
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("/")
        );

        // The same ratings on every core, as `sudoscope rate FILE` does (one thread per core,
        // records in input order): the wall-clock total a user waits for.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let all = Instant::now();
        let cpu = cpu_seconds();
        let parallel_solved = {
            use rayon::prelude::*;
            boards
                .par_iter()
                .map(|board| usize::from(rating::rate_board(black_box(board)).logic_solves))
                .sum::<usize>()
        };
        let total = all.elapsed().as_secs_f64();
        let cpu = cpu_since(cpu);
        assert_eq!(parallel_solved, solved, "the same ratings on every core");
        println!(
            "| {file} | {n} | rate on {threads} threads | – | – | – | {total:.2} | {cpu} | wall-clock total with one thread per core |"
        );
    }
}
