//! The generator's measurements in one run (README, "Generator"):
//!
//! 1. positional bias: digit frequency per cell over many random 9×9 grids, chi-square;
//! 2. level separation: puzzles per level, our score, WNEF, givens and hardest techniques;
//! 3. speed per 9×9 puzzle and level, beside QQWing at its nearest level (if `qqwing` is on
//!    the PATH), in the same run;
//! 4. 16×16 and 25×25 medians.
//!
//! `cargo run --release -p sudoscope-lab --bin generate_bench` (nice it on a shared machine). Sizes of the
//! samples: `GEN_BENCH_GRIDS` (10000), `GEN_BENCH_PER_LEVEL` (100), `GEN_BENCH_QQWING` (100
//! per level), `GEN_BENCH_16` (20), `GEN_BENCH_25` (5).

use std::collections::BTreeMap;
use std::process::Command;
use std::time::{Duration, Instant};

use sudoscope_core::generate::{GenerateOptions, Level, generate_nth, random_grid};
use sudoscope_core::grid::Variant;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// CPU seconds used so far by this process (own, and waited-for children such as qqwing),
/// from /proc/self/stat (Linux; clock ticks of 1/100 s). Wall time on a loaded machine
/// overstates the work, so the tables give both.
fn cpu_seconds() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses and may contain spaces).
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    // utime, stime, cutime, cstime are fields 14–17, i.e. 11–14 after the name.
    let get = |i: usize| f.get(i).copied().unwrap_or(0.0) / 100.0;
    (get(11) + get(12), get(13) + get(14))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        f64::NAN
    } else {
        v[v.len() / 2]
    }
}

fn main() {
    bias(env("GEN_BENCH_GRIDS", 10_000));
    let per_level = env("GEN_BENCH_PER_LEVEL", 100);
    let ours = levels(per_level);
    qqwing(env("GEN_BENCH_QQWING", 100), &ours);
    large(16, env("GEN_BENCH_16", 20));
    large(25, env("GEN_BENCH_25", 5));
}

/// Chi-square of the digit counts of every cell against the uniform 1/9.
fn bias(grids: usize) {
    let mut counts = vec![[0u64; 9]; 81];
    let start = Instant::now();
    for i in 0..grids {
        let grid = random_grid(
            9,
            Variant::Standard,
            2024,
            i as u64,
            Duration::from_secs(10),
        )
        .expect("9×9 grids always fill");
        for (cell, &d) in grid.cells().iter().enumerate() {
            counts[cell][d as usize - 1] += 1;
        }
    }
    let elapsed = start.elapsed();
    let expected = grids as f64 / 9.0;
    let per_cell: Vec<f64> = counts
        .iter()
        .map(|c| {
            c.iter()
                .map(|&o| (o as f64 - expected).powi(2) / expected)
                .sum()
        })
        .collect();
    let total: f64 = per_cell.iter().sum();
    let df = 81.0 * 8.0;
    // Wilson–Hilferty: (X/df)^(1/3) is about normal with mean 1 - 2/(9 df), var 2/(9 df).
    let z = ((total / df).cbrt() - (1.0 - 2.0 / (9.0 * df))) / (2.0 / (9.0 * df)).sqrt();
    let worst = per_cell.iter().cloned().fold(0.0, f64::max);
    // Per cell (8 df) the 99.9% point is 26.12: count the cells above it.
    let above = per_cell.iter().filter(|&&x| x > 26.12).count();
    let (lo, hi) = counts
        .iter()
        .flatten()
        .fold((u64::MAX, 0), |(lo, hi), &c| (lo.min(c), hi.max(c)));
    println!("## Positional bias: {grids} random 9×9 grids (seed 2024), {elapsed:.1?}");
    println!();
    println!(
        "| expected per cell and digit | min | max | chi-square (648 df) | z | worst cell (8 df) | cells above the 99.9% point (26.1) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    println!("| {expected:.1} | {lo} | {hi} | {total:.1} | {z:+.2} | {worst:.1} | {above} of 81 |");
    println!();
}

/// Times per puzzle at one level: puzzles only (what `generate --format text` does, and what
/// `qqwing --one-line` prints) and with the full rating (`--format json`).
struct LevelRow {
    times_ms: Vec<f64>,
    cpu_ms_mean: f64,
    rated_mean_ms: f64,
    rated_cpu_ms_mean: f64,
}

fn levels(per_level: usize) -> BTreeMap<Level, LevelRow> {
    println!(
        "## Level separation: {per_level} 9×9 puzzles per level (seed 1, rotational symmetry)"
    );
    println!();
    println!(
        "| level | score min | median | max | WNEF min | median | max | givens mean | median ms | mean ms | hardest techniques (count) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    let mut out = BTreeMap::new();
    for level in Level::ALL {
        let options = GenerateOptions {
            level: Some(level),
            seed: 1,
            timeout: Duration::from_secs(60),
            ..GenerateOptions::default()
        };
        let (mut scores, mut wnefs, mut times) = (Vec::new(), Vec::new(), Vec::new());
        let mut givens = 0usize;
        let mut hardest: BTreeMap<String, usize> = BTreeMap::new();
        let cpu_start = cpu_seconds().0;
        for i in 0..per_level {
            let start = Instant::now();
            let generated = generate_nth(&options, i as u64).expect("generated");
            times.push(start.elapsed().as_secs_f64() * 1e3);
            let rating = generated.rating.expect("rated");
            assert_eq!(rating.level, level);
            scores.push(rating.score);
            wnefs.push(rating.wnef);
            givens += generated.puzzle.givens.filled_count();
            let name = match (rating.logic_solves, rating.hardest) {
                (false, _) => "stuck (beyond the engine)".to_string(),
                (true, Some(t)) => t.id().to_string(),
                (true, None) => "none".to_string(),
            };
            *hardest.entry(name).or_default() += 1;
        }
        let rated_cpu_ms_mean = (cpu_seconds().0 - cpu_start) * 1e3 / per_level as f64;
        let mean_ms = times.iter().sum::<f64>() / times.len() as f64;
        // The same puzzles again without the full rating (the level checks certify the level;
        // the generator's tests show the puzzles are identical).
        let unrated = GenerateOptions {
            rate: false,
            ..options.clone()
        };
        let mut unrated_times = Vec::with_capacity(per_level);
        let cpu_start = cpu_seconds().0;
        for i in 0..per_level {
            let start = Instant::now();
            let generated = generate_nth(&unrated, i as u64).expect("generated");
            unrated_times.push(start.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box(generated);
        }
        let cpu_ms_mean = (cpu_seconds().0 - cpu_start) * 1e3 / per_level as f64;
        let mut top: Vec<(String, usize)> = hardest.into_iter().collect();
        top.sort_by_key(|t| std::cmp::Reverse(t.1));
        let top: Vec<String> = top
            .iter()
            .take(4)
            .map(|(t, n)| format!("{t} {n}"))
            .collect();
        let (smin, smax) = (
            scores.iter().cloned().fold(f64::MAX, f64::min),
            scores.iter().cloned().fold(0.0, f64::max),
        );
        let (wmin, wmax) = (
            wnefs.iter().cloned().fold(f64::MAX, f64::min),
            wnefs.iter().cloned().fold(0.0, f64::max),
        );
        println!(
            "| {level} | {smin:.1} | {:.1} | {smax:.1} | {wmin:.3} | {:.3} | {wmax:.3} | {:.1} | {:.2} | {mean_ms:.2} | {} |",
            median(&mut scores),
            median(&mut wnefs),
            givens as f64 / per_level as f64,
            median(&mut times),
            top.join(", ")
        );
        out.insert(
            level,
            LevelRow {
                rated_mean_ms: mean_ms,
                rated_cpu_ms_mean,
                times_ms: unrated_times,
                cpu_ms_mean,
            },
        );
    }
    println!();
    out
}

/// QQWing's time per puzzle (one process generating `n` puzzles, wall time / n).
fn qqwing(n: usize, ours: &BTreeMap<Level, LevelRow>) {
    let pairs = [
        (Level::Easy, "simple"),
        (Level::Medium, "easy"),
        (Level::Hard, "intermediate"),
        (Level::Evil, "expert"),
    ];
    println!("## Speed per 9×9 puzzle against QQWing (same run)");
    println!();
    println!(
        "| our level | our median ms | our mean ms | our CPU ms/puzzle | with rating: mean ms, CPU ms | QQWing level | QQWing puzzles | QQWing mean ms | QQWing CPU ms/puzzle | ratio of means (wall) | ratio (CPU) | ratio with rating (CPU) |"
    );
    println!("|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|");
    for (level, theirs) in pairs {
        let mut times = ours[&level].times_ms.clone();
        let our_mean = times.iter().sum::<f64>() / times.len() as f64;
        let our_median = median(&mut times);
        let count = n;
        let child_cpu = cpu_seconds().1;
        let start = Instant::now();
        let status = Command::new("qqwing")
            .args([
                "--generate",
                &count.to_string(),
                "--difficulty",
                theirs,
                "--one-line",
            ])
            .output();
        let elapsed = start.elapsed().as_secs_f64() * 1e3;
        match status {
            Ok(out) if out.status.success() => {
                let made = String::from_utf8_lossy(&out.stdout).lines().count().max(1);
                let per = elapsed / made as f64;
                let cpu = (cpu_seconds().1 - child_cpu) * 1e3 / made as f64;
                let row = &ours[&level];
                let our_cpu = row.cpu_ms_mean;
                println!(
                    "| {level} | {our_median:.2} | {our_mean:.2} | {our_cpu:.2} | {:.2}, {:.2} | {theirs} | {made} | {per:.2} | {cpu:.2} | {:.1}× | {:.1}× | {:.1}× |",
                    row.rated_mean_ms,
                    row.rated_cpu_ms_mean,
                    per / our_mean,
                    cpu / our_cpu.max(1e-9),
                    cpu / row.rated_cpu_ms_mean.max(1e-9)
                );
            }
            _ => println!(
                "| {level} | {our_median:.2} | {our_mean:.2} | {:.2} | | {theirs} | – | qqwing not found | | | | |",
                ours[&level].cpu_ms_mean
            ),
        }
    }
    println!();
}

fn large(size: usize, n: usize) {
    if n == 0 {
        return;
    }
    let mut rows = Vec::new();
    for (label, level) in [("any", None), ("easy", Some(Level::Easy))] {
        let options = GenerateOptions {
            size,
            level,
            seed: 1,
            timeout: Duration::from_secs(120),
            ..GenerateOptions::default()
        };
        let mut times = Vec::new();
        let mut cpu = Vec::new();
        let mut givens = 0;
        for i in 0..n {
            let cpu_start = cpu_seconds().0;
            let start = Instant::now();
            let generated = generate_nth(&options, i as u64).expect("generated");
            times.push(start.elapsed().as_secs_f64());
            cpu.push(cpu_seconds().0 - cpu_start);
            givens += generated.puzzle.givens.filled_count();
        }
        let max = times.iter().cloned().fold(0.0, f64::max);
        rows.push(format!(
            "| {size}×{size} | {label} | {n} | {:.2} | {max:.2} | {:.2} | {:.0} |",
            median(&mut times),
            median(&mut cpu),
            givens as f64 / n as f64
        ));
    }
    println!("## {size}×{size} (seed 1, rotational symmetry)");
    println!();
    println!(
        "| size | level | puzzles | median s (wall) | max s (wall) | median CPU s | givens mean |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    for row in rows {
        println!("{row}");
    }
    println!();
}
