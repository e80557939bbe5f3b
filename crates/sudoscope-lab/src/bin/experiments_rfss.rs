//! Regenerates the tables of `docs/experiments/rfss.md`: RFSS-Evolve against Horn's published
//! figures (MENDEL 2014 Table 1, GECCO 2017 25×25 run), plus our ablations and speed.
//!
//! ```text
//! cargo run --release -p sudoscope-lab --bin experiments_rfss               # every section
//! cargo run --release -p sudoscope-lab --bin experiments_rfss -- horn nyt   # some sections
//! ```
//!
//! Sections: `horn` (the paper's two printed puzzles), `nyt`, `krazydad`, `magictour`,
//! `variants` (X and hyper), `16` (16×16), `25` (the 25×25 runs and Figure 3), `ablation`
//! (extinction floor, check interval, selection power), `speed`; on request only: `probe`
//! (25×25 trajectories), `serg` (multi-solution trajectories) and `long` (durr 25×25 for 2^24 generations, about 6 minutes). Sampling is seeded; RFSS
//! itself is deterministic, so the tables are reproducible up to the timing columns. Times
//! are CPU time of the solving thread (from /proc/thread-self/schedstat, wall time where that
//! is unavailable), because the machine the tables were made on was shared.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sudoscope_core::exact::{self, Solution};
use sudoscope_core::grid::{Puzzle, ReadOptions, Variant, parse_puzzle};
use sudoscope_core::lab::rfss::{Rfss, RfssOptions};
use sudoscope_core::live::{LiveSolver, Status};
use sudoscope_testkit::datasets::present;

const SAMPLE_SEED: u64 = 2017;

/// Horn's Table 1 (USA Today "200 Sudoku", 198 puzzles): level, solved, total, mean, sd.
const HORN_TABLE_1: [(&str, usize, usize, f64, f64); 4] = [
    ("easy", 68, 68, 272.7, 193.3),
    ("medium", 68, 68, 652.0, 534.5),
    ("hard", 50, 62, 2039.2, 1778.6),
    ("all", 186, 198, 988.0, 1213.5),
];

/// The two puzzles printed in seed 000 (clues re-aligned with the printed solutions) and the
/// generations Horn's Table 2 gives for them.
const HORN_PUZZLES: [(&str, &str, &str); 2] = [
    (
        "EASY No. 67",
        "..6..4579.9.1..4..3.4.......2.59..4..4.....3..8..63.1.......8.7..2..5.9.1392..6..",
        "272",
    ),
    (
        "HARD No. 6",
        "....685....349....2..5..4..3..7.96.88...3...54.68.2..7..5..6..4....751....298....",
        "not solved",
    ),
];

/// A puzzle and the label in its line's second field ("" if none).
struct Item {
    puzzle: Puzzle,
    label: String,
}

/// A dataset's puzzles with the label in field 2 (field 3 for the sudoq files, whose second
/// field is the solution).
fn load(name: &str, variant: Variant) -> Vec<Item> {
    let label_field = if name.starts_with("sudoq_") { 2 } else { 1 };
    let Some(dir) = present() else {
        eprintln!("skipping {name}: ../shared/datasets not found");
        return Vec::new();
    };
    let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
        eprintln!("skipping {name}: unreadable");
        return Vec::new();
    };
    let options = ReadOptions {
        variant,
        ..ReadOptions::default()
    };
    let mut items = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let Some(&first) = fields.first() else {
            continue;
        };
        match parse_puzzle(first, options) {
            Ok(puzzle) => items.push(Item {
                puzzle,
                label: fields.get(label_field).copied().unwrap_or("").to_string(),
            }),
            Err(e) => eprintln!("{name}:{}: {e}", i + 1),
        }
    }
    items
}

/// SplitMix64: a tiny seeded generator for reproducible samples.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A seeded sample of `k` items (all of them if there are fewer), in file order.
fn sample(items: Vec<Item>, k: usize, seed: u64) -> Vec<Item> {
    if items.len() <= k {
        return items;
    }
    let mut rng = SplitMix(seed);
    let mut idx: Vec<usize> = (0..items.len()).collect();
    for i in 0..k {
        let j = i + (rng.next() % (idx.len() - i) as u64) as usize;
        idx.swap(i, j);
    }
    let mut chosen = idx[..k].to_vec();
    chosen.sort_unstable();
    let mut keep = vec![false; items.len()];
    chosen.iter().for_each(|&i| keep[i] = true);
    items
        .into_iter()
        .zip(keep)
        .filter_map(|(item, k)| k.then_some(item))
        .collect()
}

fn cpu_now() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

#[derive(Clone, Debug)]
struct RunResult {
    status: Status,
    generations: u64,
    /// CPU time of the run (wall time if CPU time is unavailable).
    time: Duration,
    species: usize,
}

fn run_one(puzzle: &Puzzle, options: RfssOptions) -> RunResult {
    let mut solver = Rfss::with_options(options);
    if solver.reset(puzzle, 0).is_err() {
        return RunResult {
            status: Status::Stuck,
            generations: 0,
            time: Duration::ZERO,
            species: 0,
        };
    }
    let (wall, cpu) = (Instant::now(), cpu_now());
    while solver.status() == Status::Running {
        solver.run_generations(1 << 20);
    }
    let time = match (cpu, cpu_now()) {
        (Some(a), Some(b)) if b >= a => b - a,
        _ => wall.elapsed(),
    };
    if solver.status() == Status::Solved {
        let ok = solver
            .solution()
            .is_some_and(|g| g.is_solved() && puzzle.givens.is_extended_by(&g));
        assert!(ok, "a solved run must return a valid solution");
    }
    RunResult {
        status: solver.status(),
        generations: solver.generation(),
        time,
        species: solver.initial_species(),
    }
}

/// Runs every puzzle on two threads, results in input order.
fn run_all(puzzles: &[&Puzzle], options: RfssOptions) -> Vec<RunResult> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; puzzles.len()]);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = puzzles.get(i) else { break };
                    let r = run_one(p, options);
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(r);
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

fn mean_sd(xs: &[f64]) -> (f64, f64) {
    if xs.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = if xs.len() > 1 {
        xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (mean, var.sqrt())
}

fn median(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

const ROW_HEADER: &str = "| set | level | puzzles | solved | mean gens (sd) | median | max | stuck | capped | mean species | mean ms/puzzle |\n|---|---|---|---|---|---|---|---|---|---|---|";

/// One table row for a group of results.
fn row(set: &str, level: &str, results: &[RunResult]) -> String {
    let solved: Vec<f64> = results
        .iter()
        .filter(|r| r.status == Status::Solved)
        .map(|r| r.generations as f64)
        .collect();
    let (mean, sd) = mean_sd(&solved);
    let count = |s: Status| results.iter().filter(|r| r.status == s).count();
    let n = results.len().max(1) as f64;
    format!(
        "| {set} | {level} | {} | {} ({:.0}%) | {:.1} ({:.1}) | {:.0} | {:.0} | {} | {} | {:.0} | {:.2} |",
        results.len(),
        solved.len(),
        100.0 * solved.len() as f64 / n,
        mean,
        sd,
        median(&solved),
        solved.iter().copied().fold(f64::NAN, f64::max),
        count(Status::Stuck),
        count(Status::CapReached),
        results.iter().map(|r| r.species as f64).sum::<f64>() / n,
        results
            .iter()
            .map(|r| r.time.as_secs_f64() * 1e3)
            .sum::<f64>()
            / n,
    )
}

/// Runs a labelled set and prints one row per level (in `levels` order) and an "all" row.
fn graded(set: &str, items: &[Item], levels: &[&str], options: RfssOptions) {
    let puzzles: Vec<&Puzzle> = items.iter().map(|i| &i.puzzle).collect();
    let results = run_all(&puzzles, options);
    for level in levels {
        let group: Vec<RunResult> = items
            .iter()
            .zip(&results)
            .filter(|(i, _)| i.label == *level)
            .map(|(_, r)| r.clone())
            .collect();
        println!("{}", row(set, level, &group));
    }
    println!("{}", row(set, "all", &results));
}

fn section_horn() {
    println!("\n### The paper's printed puzzles (seed 000)\n");
    println!("| puzzle | Horn (Table 2) | ours | status | species |\n|---|---|---|---|---|");
    for (name, text, paper) in HORN_PUZZLES {
        let Ok(p) = parse_puzzle(text, ReadOptions::default()) else {
            continue;
        };
        let r = run_one(&p, RfssOptions::default());
        println!(
            "| {name} | {paper} | {} | {} | {} |",
            r.generations,
            r.status.name(),
            r.species
        );
    }
}

fn section_nyt() {
    println!("\n### Horn's Table 1 beside NYT graded puzzles (all 57; cap 10,000)\n");
    println!(
        "| Horn (USA Today) | level | puzzles | solved | mean gens (sd) |\n|---|---|---|---|---|"
    );
    for (level, solved, total, mean, sd) in HORN_TABLE_1 {
        println!(
            "| Horn 2014 | {level} | {total} | {solved} ({:.0}%) | {mean} ({sd}) |",
            100.0 * solved as f64 / total as f64
        );
    }
    println!();
    println!("{ROW_HEADER}");
    let items = load("nyt_graded_57.txt", Variant::Standard);
    graded(
        "NYT",
        &items,
        &["Easy", "Medium", "Hard"],
        RfssOptions::default(),
    );
}

fn section_krazydad() {
    println!("\n### krazydad 9×9 (seeded sample of 100 per level; cap 10,000)\n");
    println!("{ROW_HEADER}");
    let levels = ["EZ", "NO", "IM", "CH", "TF", "ST", "IN"];
    let all = load("krazydad_9x9_vol1-2_11200.txt", Variant::Standard);
    let mut items = Vec::new();
    for (i, level) in levels.iter().enumerate() {
        let group: Vec<Item> = all
            .iter()
            .filter(|it| it.label == *level)
            .map(|it| Item {
                puzzle: it.puzzle.clone(),
                label: it.label.clone(),
            })
            .collect();
        items.extend(sample(group, 100, SAMPLE_SEED + i as u64));
    }
    graded("krazydad", &items, &levels, RfssOptions::default());
}

fn section_magictour() {
    println!("\n### magictour top1465 (seeded sample of 100; cap 10,000)\n");
    println!("{ROW_HEADER}");
    let items = sample(
        load("magictour_top1465.txt", Variant::Standard),
        100,
        SAMPLE_SEED,
    );
    graded("magictour", &items, &[], RfssOptions::default());
}

fn section_variants() {
    println!("\n### Variants: sudoq X-sudoku and hypersudoku (all 80 each; cap 10,000)\n");
    println!("{ROW_HEADER}");
    for (file, variant, set) in [
        ("sudoq_xsudoku_80.txt", Variant::X, "sudoq X"),
        ("sudoq_hypersudoku_80.txt", Variant::Hyper, "sudoq hyper"),
    ] {
        let items = load(file, variant);
        let levels: Vec<String> = {
            let mut seen: Vec<String> = Vec::new();
            for it in &items {
                if !seen.contains(&it.label) {
                    seen.push(it.label.clone());
                }
            }
            seen
        };
        let refs: Vec<&str> = levels.iter().map(String::as_str).collect();
        graded(set, &items, &refs, RfssOptions::default());
    }
}

fn section_16() {
    println!("\n### 16×16: sudoq_16x16_80 (seeded sample of 40; cap 200,000)\n");
    println!("{ROW_HEADER}");
    let items = sample(
        load("sudoq_16x16_80.txt", Variant::Standard),
        40,
        SAMPLE_SEED,
    );
    let mut levels: Vec<String> = Vec::new();
    for it in &items {
        if !levels.contains(&it.label) {
            levels.push(it.label.clone());
        }
    }
    let refs: Vec<&str> = levels.iter().map(String::as_str).collect();
    graded("sudoq 16×16", &items, &refs, RfssOptions::default());
    let options = RfssOptions {
        adaptive_step: Some(0.05),
        ..RfssOptions::default()
    };
    let puzzles: Vec<&Puzzle> = items.iter().map(|i| &i.puzzle).collect();
    let results = run_all(&puzzles, options);
    println!(
        "{}",
        row(
            "sudoq 16×16, accelerated (adaptive k, δ = 0.05)",
            "all",
            &results
        )
    );
}

/// Runs the 25×25 with some options; prints a row and returns the solver for its bands.
fn run_25(puzzle: &Puzzle, options: RfssOptions, label: &str) -> Rfss {
    let mut solver = Rfss::with_options(options);
    if let Err(e) = solver.reset(puzzle, 0) {
        println!("| {label} | reset failed: {e} |");
        return solver;
    }
    let (wall, cpu) = (Instant::now(), cpu_now());
    while solver.status() == Status::Running {
        solver.run_generations(1 << 16);
    }
    let wall = wall.elapsed();
    let cpu = match (cpu, cpu_now()) {
        (Some(a), Some(b)) if b >= a => b - a,
        _ => wall,
    };
    println!(
        "| {label} | {} | {} | {} | {} | {} | {:.2} | {:.2} |",
        solver.status().name(),
        solver.generation(),
        solver.updates(),
        solver.initial_species(),
        solver.living_species(),
        wall.as_secs_f64(),
        cpu.as_secs_f64(),
    );
    solver
}

/// The Figure 3 picture in text: log10 proportion (rows) against generation (columns) of
/// the sampled species.
fn ascii_bands(solver: &Rfss) -> String {
    let view = solver.view();
    let (w, h) = (72usize, 18usize);
    let xmax = view
        .bands
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .fold(1.0, f64::max);
    let ymin = view
        .bands
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(0.0, f64::min)
        .max(-32.0);
    let ymax = 0.0;
    let mut canvas = vec![vec![' '; w]; h];
    for series in &view.bands {
        for &(x, y) in &series.points {
            let col = ((x / xmax) * (w - 1) as f64).round() as usize;
            let y = y.max(ymin);
            let row = (((ymax - y) / (ymax - ymin)) * (h - 1) as f64).round() as usize;
            if let Some(c) = canvas.get_mut(row).and_then(|r| r.get_mut(col)) {
                *c = if *c == ' ' { '.' } else { '*' };
            }
        }
    }
    let mut out = String::new();
    for (i, line) in canvas.iter().enumerate() {
        let y = ymax - (ymax - ymin) * i as f64 / (h - 1) as f64;
        out.push_str(&format!("{y:>6.1} |{}\n", line.iter().collect::<String>()));
    }
    out.push_str(&format!(
        "       +{}\n        0{:>width$}\n",
        "-".repeat(w),
        format!("{xmax:.0} generations"),
        width = w - 1
    ));
    out
}

/// Durr's 25×25 with `extra` more givens taken from its unique solution (seeded cells): a
/// stand-in for Horn's 301-clue puzzle, which is not available. A superset of a unique
/// puzzle's givens keeps the solution unique.
fn with_more_givens(puzzle: &Puzzle, extra: usize, seed: u64) -> Option<Puzzle> {
    let Solution::Unique(solution) = exact::solve(puzzle) else {
        return None;
    };
    let empty: Vec<usize> = (0..puzzle.geometry().cell_count())
        .filter(|&c| puzzle.givens.get(c) == 0)
        .collect();
    let mut rng = SplitMix(seed);
    let mut order = empty.clone();
    for i in 0..order.len() {
        let j = i + (rng.next() % (order.len() - i) as u64) as usize;
        order.swap(i, j);
    }
    let mut givens = puzzle.givens.clone();
    for &cell in order.iter().take(extra) {
        givens.set(cell, solution.get(cell));
    }
    Some(Puzzle {
        givens,
        pencilmarks: None,
        alphabet: puzzle.alphabet,
    })
}

fn section_25() {
    let items = load("durr_example_25x25.txt", Variant::Standard);
    let Some(item) = items.first() else { return };
    let mut puzzles = vec![("durr (253 givens)".to_string(), item.puzzle.clone())];
    if let Some(p) = with_more_givens(&item.puzzle, 48, SAMPLE_SEED) {
        puzzles.push(("durr + 48 givens (301, as Horn's)".to_string(), p));
    }
    let mut figure = None;
    for (name, puzzle) in &puzzles {
        let givens = puzzle.givens.filled_count();
        println!(
            "\n### 25×25: {name}: {givens} givens, {} empty cells\n",
            puzzle.geometry().cell_count() - givens
        );
        println!(
            "| run | status | generations | updates | species | alive at end | wall s | cpu s |\n|---|---|---|---|---|---|---|---|"
        );
        let faithful = run_25(puzzle, RfssOptions::default(), "faithful (k = 1), cap 10^6");
        run_25(
            puzzle,
            RfssOptions {
                adaptive_step: Some(0.05),
                max_generations: Some(10_000_000),
                ..RfssOptions::default()
            },
            "accelerated, adaptive k (δ = 0.05), cap 10^7",
        );
        if figure.is_none() || faithful.status() == Status::Solved {
            figure = Some((name.clone(), puzzle.clone(), faithful));
        }
    }
    let Some((name, puzzle, _)) = figure else {
        return;
    };
    // Figure 3: Horn plotted 750,000 generations; we run as long without the solution check,
    // so the bands can separate past the generation the argmax grid is already solved.
    let mut solver = Rfss::with_options(RfssOptions {
        check_every: 0,
        max_generations: Some(750_000),
        stuck_tolerance: 0.0,
        ..RfssOptions::default()
    });
    if solver.reset(&puzzle, 0).is_err() {
        return;
    }
    while solver.status() == Status::Running {
        solver.run_generations(1 << 16);
    }
    println!(
        "\nFigure 3 analogue ({name}, faithful, solution check off, {} generations, 48 sampled \
         species, log10 proportion; '*' marks overlapping points):\n",
        solver.generation()
    );
    println!("```text\n{}```", ascii_bands(&solver));
    let p = solver.proportions();
    let mut sorted: Vec<f64> = p.iter().copied().filter(|&x| x > 0.0).collect();
    sorted.sort_by(|a, b| b.total_cmp(a));
    let givens = puzzle.givens.filled_count();
    let empty = puzzle.geometry().cell_count() - givens;
    if sorted.len() > empty {
        let threshold = sorted[empty - 1];
        let view = solver.view();
        let solution = exact::solve(&puzzle);
        let upper_is_solution = match &solution {
            Solution::Unique(grid) => view.digits == grid.cells(),
            _ => false,
        };
        println!(
            "\nAfter {} generations {} species are alive; the upper {empty} hold {:.6} of the \
             population (smallest {threshold:.3e}), the largest of the rest {:.3e}: a gap of \
             {:.1} decades. The upper band is the solution: {upper_is_solution}.",
            solver.generation(),
            solver.living_species(),
            sorted[..empty].iter().sum::<f64>(),
            sorted[empty],
            (threshold / sorted[empty]).log10()
        );
    }
}

/// A run's trajectory: where it stands after 2^i updates.
fn trajectory(puzzle: &Puzzle, options: RfssOptions, updates: u64) {
    let mut solver = Rfss::with_options(options);
    if solver.reset(puzzle, 0).is_err() {
        return;
    }
    println!(
        "| updates | generations | k | alive | decided | conflicting cells | max growth | status |\n|---|---|---|---|---|---|---|---|"
    );
    let mut next = 1u64;
    let metric = |s: &Rfss, name: &str| {
        s.view()
            .metrics
            .iter()
            .find(|m| m.name == name)
            .map_or(f64::NAN, |m| m.value)
    };
    while solver.status() == Status::Running && solver.updates() < updates {
        while solver.status() == Status::Running && solver.updates() < next {
            solver.run_generations(1);
        }
        println!(
            "| {} | {} | {} | {} | {} | {} | {:.2e} | {} |",
            solver.updates(),
            solver.generation(),
            metric(&solver, "k"),
            solver.living_species(),
            metric(&solver, "decided cells"),
            metric(&solver, "conflicting cells"),
            metric(&solver, "max growth |f/F-1|"),
            solver.status().name()
        );
        next *= 2;
    }
}

fn section_probe() {
    let items = load("durr_example_25x25.txt", Variant::Standard);
    let Some(item) = items.first() else { return };
    let Some(extended) = with_more_givens(&item.puzzle, 48, SAMPLE_SEED) else {
        return;
    };
    for (name, puzzle) in [("durr", &item.puzzle), ("durr + 48", &extended)] {
        for delta in [None, Some(0.05)] {
            println!("\n### Trajectory, {name}, adaptive {delta:?}\n");
            trajectory(
                puzzle,
                RfssOptions {
                    adaptive_step: delta,
                    max_generations: Some(2_000_000),
                    ..RfssOptions::default()
                },
                1 << 21,
            );
        }
    }
}

fn section_ablation() {
    println!("\n### Ablations on NYT 57 + krazydad (20 per level, seeded)\n");
    let mut items = load("nyt_graded_57.txt", Variant::Standard);
    let levels = ["EZ", "NO", "IM", "CH", "TF", "ST", "IN"];
    let all = load("krazydad_9x9_vol1-2_11200.txt", Variant::Standard);
    for (i, level) in levels.iter().enumerate() {
        let group: Vec<Item> = all
            .iter()
            .filter(|it| it.label == *level)
            .map(|it| Item {
                puzzle: it.puzzle.clone(),
                label: it.label.clone(),
            })
            .collect();
        items.extend(sample(group, 20, SAMPLE_SEED + 100 + i as u64));
    }
    let puzzles: Vec<&Puzzle> = items.iter().map(|i| &i.puzzle).collect();
    println!("{ROW_HEADER}");
    let base = run_all(&puzzles, RfssOptions::default());
    println!(
        "{}",
        row("default (floor 1e-30, check 1, k 1)", "all", &base)
    );
    let variants: Vec<(String, RfssOptions)> = vec![
        (
            "floor = f64 min (no extinction until underflow)".into(),
            RfssOptions {
                extinction_floor: f64::MIN_POSITIVE,
                ..RfssOptions::default()
            },
        ),
        (
            "floor 1e-12".into(),
            RfssOptions {
                extinction_floor: 1e-12,
                ..RfssOptions::default()
            },
        ),
        (
            "floor 1e-6".into(),
            RfssOptions {
                extinction_floor: 1e-6,
                ..RfssOptions::default()
            },
        ),
        (
            "check every 4".into(),
            RfssOptions {
                check_every: 4,
                ..RfssOptions::default()
            },
        ),
        (
            "fixed k = 2".into(),
            RfssOptions {
                selection_power: 2,
                ..RfssOptions::default()
            },
        ),
        (
            "fixed k = 4".into(),
            RfssOptions {
                selection_power: 4,
                ..RfssOptions::default()
            },
        ),
        (
            "adaptive k, δ = 0.05".into(),
            RfssOptions {
                adaptive_step: Some(0.05),
                ..RfssOptions::default()
            },
        ),
        (
            "adaptive k, δ = 0.01".into(),
            RfssOptions {
                adaptive_step: Some(0.01),
                ..RfssOptions::default()
            },
        ),
        (
            "stall rule on".into(),
            RfssOptions {
                stall_rule: true,
                ..RfssOptions::default()
            },
        ),
        (
            "stall rule on, cap 100,000".into(),
            RfssOptions {
                stall_rule: true,
                max_generations: Some(100_000),
                ..RfssOptions::default()
            },
        ),
        (
            "cap 100,000".into(),
            RfssOptions {
                max_generations: Some(100_000),
                ..RfssOptions::default()
            },
        ),
    ];
    for (name, options) in variants {
        let results = run_all(&puzzles, options);
        let same = results
            .iter()
            .zip(&base)
            .filter(|(a, b)| a.status == b.status && a.generations == b.generations)
            .count();
        println!(
            "{}",
            row(
                &format!("{name} [{same}/{} identical]", base.len()),
                "all",
                &results
            )
        );
    }
}

fn section_speed() {
    println!("\n### Speed of one generation (CPU µs, single thread)\n");
    println!(
        "| puzzle | species | check every | generations | µs/generation |\n|---|---|---|---|---|"
    );
    let mut cases: Vec<(String, Puzzle)> = Vec::new();
    if let Ok(p) = parse_puzzle(HORN_PUZZLES[1].1, ReadOptions::default()) {
        cases.push(("9×9 Horn hard 6".into(), p));
    }
    if let Some(it) = load("magictour_top1465.txt", Variant::Standard)
        .into_iter()
        .next()
    {
        cases.push(("9×9 magictour #1".into(), it.puzzle));
    }
    if let Some(it) = load("sudoq_16x16_80.txt", Variant::Standard)
        .into_iter()
        .last()
    {
        cases.push(("16×16 sudoq #80".into(), it.puzzle));
    }
    if let Some(it) = load("durr_example_25x25.txt", Variant::Standard)
        .into_iter()
        .next()
    {
        cases.push(("25×25 durr".into(), it.puzzle));
    }
    for (name, puzzle) in &cases {
        for check in [1u32, 4, 1_000_000] {
            let mut solver = Rfss::with_options(RfssOptions {
                check_every: check,
                max_generations: Some(u64::MAX),
                stuck_tolerance: 0.0,
                ..RfssOptions::default()
            });
            if solver.reset(puzzle, 0).is_err() {
                continue;
            }
            let gens = 2_000_000 / solver.initial_species().max(1) as u64;
            let cpu = cpu_now();
            let wall = Instant::now();
            solver.run_generations(gens);
            let time = match (cpu, cpu_now()) {
                (Some(a), Some(b)) if b >= a => b - a,
                _ => wall.elapsed(),
            };
            println!(
                "| {name} | {} | {} | {} | {:.2} |",
                solver.initial_species(),
                if check > 1000 {
                    "never".to_string()
                } else {
                    check.to_string()
                },
                solver.generation(),
                time.as_secs_f64() * 1e6 / solver.generation().max(1) as f64
            );
        }
    }
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run_sections(&args);
}

/// Runs the sections named in `args` (the default set when none is named).
pub fn run_sections(args: &[String]) {
    let want = |s: &str| args.is_empty() || args.iter().any(|a| a == s);
    println!("# RFSS experiments (cargo run --release -p sudoscope-lab --bin experiments_rfss)");
    if want("horn") {
        section_horn();
    }
    if want("nyt") {
        section_nyt();
    }
    if want("krazydad") {
        section_krazydad();
    }
    if want("magictour") {
        section_magictour();
    }
    if want("variants") {
        section_variants();
    }
    if want("16") {
        section_16();
    }
    if want("25") {
        section_25();
    }
    if args.iter().any(|a| a == "probe") {
        section_probe();
    }
    if args.iter().any(|a| a == "serg") {
        for item in load("serg_benchmark_10000.txt", Variant::Standard)
            .iter()
            .take(3)
        {
            println!("\n### Multi-solution puzzle {}\n", item.puzzle.to_line());
            trajectory(
                &item.puzzle,
                RfssOptions {
                    max_generations: Some(1 << 20),
                    ..RfssOptions::default()
                },
                1 << 20,
            );
        }
    }
    if args.iter().any(|a| a == "long") {
        let items = load("durr_example_25x25.txt", Variant::Standard);
        if let Some(item) = items.first() {
            println!("\n### Long faithful run, durr 25×25 (2^24 generations)\n");
            trajectory(
                &item.puzzle,
                RfssOptions {
                    max_generations: Some(1 << 24),
                    ..RfssOptions::default()
                },
                1 << 24,
            );
        }
    }
    if want("ablation") {
        section_ablation();
    }
    if want("speed") {
        section_speed();
    }
}
