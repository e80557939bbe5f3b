//! Regenerates the tables of `docs/experiments/ga.md`: Mantere & Koljonen's GA and cultural
//! algorithm (`ga`, `cultural`) on the graded sets, against the paper's figures.
//!
//! ```text
//! cargo run --release -p sudoscope-lab --bin experiments_ga                 # every section
//! cargo run --release -p sudoscope-lab --bin experiments_ga -- nyt speed    # some sections
//! cargo run --release -p sudoscope-lab --bin experiments_ga -- --quick      # small samples
//! ```
//!
//! Sections: `nyt` (all 57 NYT graded puzzles, 3 seeded runs each), `krazydad` (a seeded
//! sample per level), `ablation` (the paper's operator choices and our readings), `start`
//! (given-respecting vs random start on easy puzzles), `speed`
//! (trials per CPU second on 9×9, 16×16, 25×25), `large` (16×16 and 25×25 within a cap);
//! on request only: `tune` (the sweep that chose the restart period and the CA threshold) and
//! `epochs` (hidden givens only from near solutions of several epochs; shorter restarts).
//! `--restart N`, `--ca-near N`, `--ca-epochs N` override the defaults of both algorithms
//! (restart) or of the CA in the `nyt` and `krazydad` comparisons; `--per-level N` sets the
//! krazydad sample size.
//! Times are the solving thread's CPU time.

use std::time::Duration;

use sudoscope_core::grid::{Puzzle, ReadOptions, parse_puzzle};
use sudoscope_core::lab::ga::{Ga, GaOptions};
use sudoscope_core::live::{LiveSolver, Status};

use sudoscope_testkit::bench::{SplitMix, quantile, thread_cpu};
use sudoscope_testkit::datasets::present as datasets;

/// "Unlimited" trials: far above the paper's worst run (10,394,690).
const HIGH_CAP: u64 = 50_000_000;

const SAMPLE_SEED: u64 = 2008;

/// A puzzle with its level label.
#[derive(Clone)]
struct Item {
    puzzle: Puzzle,
    level: String,
}

fn load(name: &str) -> Vec<Item> {
    let Some(dir) = datasets() else {
        println!("skipping {name}: ../shared/datasets not found");
        return Vec::new();
    };
    let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
        println!("skipping {name}: unreadable");
        return Vec::new();
    };
    text.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let puzzle = parse_puzzle(fields.next()?, ReadOptions::default()).ok()?;
            Some(Item {
                puzzle,
                level: fields.next().unwrap_or("").to_string(),
            })
        })
        .collect()
}

/// One run's outcome.
#[derive(Clone, Copy)]
struct Outcome {
    solved: bool,
    trials: u64,
    cpu: Duration,
    restarts: u64,
}

fn run(puzzle: &Puzzle, options: GaOptions, seed: u64) -> Outcome {
    let mut ga = Ga::with_options(options);
    if ga.reset(puzzle, seed).is_err() {
        return Outcome {
            solved: false,
            trials: 0,
            cpu: Duration::ZERO,
            restarts: 0,
        };
    }
    let start = thread_cpu();
    let status = ga.run_trials(u64::MAX);
    Outcome {
        solved: status == Status::Solved,
        trials: ga.trials(),
        cpu: thread_cpu() - start,
        restarts: ga.restarts(),
    }
}

/// Solve rate, median and mean trials (of solved runs), mean CPU ms.
struct Summary {
    runs: usize,
    solved: usize,
    median: f64,
    mean: f64,
    max: f64,
    cpu_ms: f64,
    restarts: f64,
}

fn summarise(outcomes: &[Outcome]) -> Summary {
    let mut trials: Vec<f64> = outcomes
        .iter()
        .filter(|o| o.solved)
        .map(|o| o.trials as f64)
        .collect();
    trials.sort_by(f64::total_cmp);
    let n = outcomes.len().max(1) as f64;
    Summary {
        runs: outcomes.len(),
        solved: trials.len(),
        median: quantile(&trials, 0.5),
        mean: trials.iter().sum::<f64>() / trials.len().max(1) as f64 + 0.0,
        max: trials.last().copied().unwrap_or(0.0),
        cpu_ms: outcomes.iter().map(|o| o.cpu.as_secs_f64()).sum::<f64>() * 1e3 / n,
        restarts: outcomes.iter().map(|o| o.restarts as f64).sum::<f64>() / n,
    }
}

fn header() {
    println!(
        "| algorithm | set | level | runs | solved | median trials | mean trials | max trials | mean restarts | mean CPU ms/run |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|---:|");
}

fn row(algorithm: &str, set: &str, level: &str, s: &Summary) {
    println!(
        "| {algorithm} | {set} | {level} | {} | {} ({:.0}%) | {:.0} | {:.0} | {:.0} | {:.1} | {:.1} |",
        s.runs,
        s.solved,
        100.0 * s.solved as f64 / s.runs.max(1) as f64,
        s.median,
        s.mean,
        s.max,
        s.restarts,
        s.cpu_ms
    );
}

/// GA and CA on the same puzzles and seeds, per level, with the CA/GA ratio of summed means.
/// Overrides of the GA/CA defaults for the `nyt` and `krazydad` comparisons, from
/// `--restart N` (both algorithms), `--ca-near N` and `--ca-epochs N` (the CA's hidden-given
/// conditions).
#[derive(Clone, Copy, Default)]
struct Overrides {
    restart: Option<u64>,
    ca_near: Option<u64>,
    ca_epochs: Option<u64>,
    /// `--per-level N`: the krazydad sample size per level.
    per_level: Option<usize>,
}

static OVERRIDES: std::sync::OnceLock<Overrides> = std::sync::OnceLock::new();

fn overridden(mut options: GaOptions) -> GaOptions {
    let o = OVERRIDES.get().copied().unwrap_or_default();
    if let Some(r) = o.restart {
        options.restart_after = Some(r);
    }
    if options.cultural {
        if let Some(n) = o.ca_near {
            options.min_near_solutions = n;
        }
        if let Some(e) = o.ca_epochs {
            options.min_epochs = e;
        }
    }
    options
}

fn compare(set: &str, items: &[Item], levels: &[&str], runs: u64) {
    header();
    let (mut sum_ga, mut sum_ca) = (0.0, 0.0);
    let mut all = (Vec::new(), Vec::new());
    let mut ratios = Vec::new();
    for &level in levels {
        let chosen: Vec<&Item> = items.iter().filter(|i| i.level == level).collect();
        if chosen.is_empty() {
            continue;
        }
        let mut ga_runs = Vec::new();
        let mut ca_runs = Vec::new();
        for item in &chosen {
            let mut per_puzzle = (0.0, 0.0);
            for seed in 0..runs {
                let g = run(
                    &item.puzzle,
                    overridden(GaOptions {
                        max_trials: Some(HIGH_CAP),
                        ..GaOptions::default()
                    }),
                    seed,
                );
                let c = run(
                    &item.puzzle,
                    overridden(GaOptions {
                        max_trials: Some(HIGH_CAP),
                        ..GaOptions::cultural()
                    }),
                    seed,
                );
                per_puzzle.0 += g.trials as f64 / runs as f64;
                per_puzzle.1 += c.trials as f64 / runs as f64;
                ga_runs.push(g);
                ca_runs.push(c);
            }
            // The paper's comparison: the sum over puzzles of the average trials.
            sum_ga += per_puzzle.0;
            sum_ca += per_puzzle.1;
        }
        let (g, c) = (summarise(&ga_runs), summarise(&ca_runs));
        row("GA", set, level, &g);
        row("CA", set, level, &c);
        if g.mean > 0.0 {
            ratios.push((level, c.mean / g.mean));
        }
        all.0.extend(ga_runs);
        all.1.extend(ca_runs);
    }
    row("GA", set, "all", &summarise(&all.0));
    row("CA", set, "all", &summarise(&all.1));
    println!();
    for (level, r) in ratios {
        println!("- {level}: CA mean / GA mean = {r:.3}");
    }
    if sum_ga > 0.0 {
        println!(
            "- sum over puzzles of the mean trials: GA {sum_ga:.0}, CA {sum_ca:.0}: CA needs {:+.2}% trials (paper: −8.67%)",
            100.0 * (sum_ca / sum_ga - 1.0)
        );
    }
    println!();
}

fn section_nyt(quick: bool) {
    println!("\n### GA and CA on the NYT graded puzzles (unlimited = {HIGH_CAP} trial cap)\n");
    let all = load("nyt_graded_57.txt");
    let runs = if quick { 1 } else { 3 };
    let per_level = if quick { 4 } else { usize::MAX };
    let items: Vec<Item> = ["Easy", "Medium", "Hard"]
        .iter()
        .flat_map(|&level| all.iter().filter(move |i| i.level == level).take(per_level))
        .cloned()
        .collect();
    println!(
        "{} puzzles, {runs} seeded run(s) each (seeds 0..{runs}).\n",
        items.len()
    );
    compare("NYT", &items, &["Easy", "Medium", "Hard"], runs);
}

fn section_krazydad(quick: bool) {
    let per_level = OVERRIDES
        .get()
        .and_then(|o| o.per_level)
        .unwrap_or(if quick { 3 } else { 10 });
    println!(
        "\n### GA and CA on krazydad 9×9 (seeded sample of {per_level} per level, 1 run each)\n"
    );
    let items = load("krazydad_9x9_vol1-2_11200.txt");
    let levels = ["EZ", "NO", "IN", "IM", "TF", "ST", "CH"];
    let mut rng = SplitMix(SAMPLE_SEED);
    let mut chosen = Vec::new();
    for level in levels {
        let of_level: Vec<&Item> = items.iter().filter(|i| i.level == level).collect();
        for i in rng.sample(of_level.len(), per_level) {
            chosen.push(Item {
                puzzle: of_level[i].puzzle.clone(),
                level: level.to_string(),
            });
        }
    }
    compare("krazydad", &chosen, &levels, 1);
}

fn section_ablation(quick: bool) {
    let cap = 2_000_000;
    println!("\n### Operator choices (NYT Hard, 1 run each, cap {cap} trials)\n");
    let items: Vec<Item> = load("nyt_graded_57.txt")
        .into_iter()
        .filter(|i| i.level == "Hard")
        .take(if quick { 5 } else { 19 })
        .collect();
    let base = GaOptions {
        max_trials: Some(cap),
        ..GaOptions::default()
    };
    let variants: [(&str, GaOptions); 8] = [
        ("ours (paper's parameters, our readings)", base),
        (
            "identical limit < 3",
            GaOptions {
                identical_limit: 3,
                ..base
            },
        ),
        (
            "identical limit < 5",
            GaOptions {
                identical_limit: 5,
                ..base
            },
        ),
        (
            "no aging",
            GaOptions {
                aging: false,
                ..base
            },
        ),
        (
            "one attempt per swap",
            GaOptions {
                swap_attempts: 1,
                ..base
            },
        ),
        (
            "random start (not given-respecting)",
            GaOptions {
                legal_start: false,
                ..base
            },
        ),
        (
            "no given abort",
            GaOptions {
                given_abort: false,
                ..base
            },
        ),
        (
            "never restart",
            GaOptions {
                restart_after: None,
                ..base
            },
        ),
    ];
    header();
    for (name, options) in variants {
        let outcomes: Vec<Outcome> = items
            .iter()
            .map(|item| run(&item.puzzle, options, 0))
            .collect();
        row(name, "NYT", "Hard", &summarise(&outcomes));
    }
    println!();
}

/// The start matters most on easy puzzles, where the givens forbid most swaps.
fn section_start(quick: bool) {
    let cap = 1_000_000;
    println!("\n### Given-respecting vs random start (NYT Easy, 1 run each, cap {cap} trials)\n");
    let easy: Vec<Item> = load("nyt_graded_57.txt")
        .into_iter()
        .filter(|i| i.level == "Easy")
        .take(if quick { 5 } else { 19 })
        .collect();
    header();
    for (name, options) in [
        ("ours (given-respecting start)", GaOptions::default()),
        (
            "random start",
            GaOptions {
                legal_start: false,
                ..GaOptions::default()
            },
        ),
    ] {
        let options = GaOptions {
            max_trials: Some(cap),
            ..options
        };
        let outcomes: Vec<Outcome> = easy
            .iter()
            .map(|item| run(&item.puzzle, options, 0))
            .collect();
        row(name, "NYT", "Easy", &summarise(&outcomes));
    }
    println!();
}

fn section_speed(quick: bool) {
    println!("\n### Trials per CPU second\n");
    println!("| puzzle | algorithm | trials | CPU s | trials/s | children changed by mutation |");
    println!("|---|---|---:|---:|---:|---:|");
    let budget: u64 = if quick { 500_000 } else { 3_000_000 };
    let cases = [
        ("9×9 magictour #1", "magictour_top1465.txt", budget),
        ("16×16 durr", "durr_example_16x16.txt", budget / 3),
        ("25×25 durr", "durr_example_25x25.txt", budget / 10),
    ];
    for (label, file, trials) in cases {
        let Some(item) = load(file).into_iter().next() else {
            continue;
        };
        for (name, options) in [("GA", GaOptions::default()), ("CA", GaOptions::cultural())] {
            let mut ga = Ga::with_options(GaOptions {
                max_trials: Some(trials),
                ..options
            });
            if ga.reset(&item.puzzle, 1).is_err() {
                continue;
            }
            let start = thread_cpu();
            ga.run_trials(u64::MAX);
            let cpu = (thread_cpu() - start).as_secs_f64();
            println!(
                "| {label} | {name} | {} | {cpu:.2} | {:.0} | {:.1}% |",
                ga.trials(),
                ga.trials() as f64 / cpu.max(1e-9),
                100.0 * ga.mutated_share()
            );
        }
    }
    println!();
}

fn section_large(quick: bool) {
    let cap: u64 = if quick { 300_000 } else { 2_000_000 };
    println!("\n### 16×16 and 25×25 within a cap of {cap} trials (1 run each)\n");
    println!("| puzzle | algorithm | status | trials | best P_x+P_g | CPU s |");
    println!("|---|---|---|---:|---:|---:|");
    let mut cases: Vec<(String, Puzzle)> = Vec::new();
    for (file, take) in [
        ("krazydad_16x16_vol1-2_6400.txt", if quick { 1 } else { 3 }),
        ("durr_example_16x16.txt", 1),
        ("durr_example_25x25.txt", 1),
    ] {
        for (i, item) in load(file).into_iter().take(take).enumerate() {
            cases.push((format!("{file} #{}", i + 1), item.puzzle));
        }
    }
    for (label, puzzle) in cases {
        for (name, options) in [("GA", GaOptions::default()), ("CA", GaOptions::cultural())] {
            let mut ga = Ga::with_options(GaOptions {
                max_trials: Some(cap),
                ..options
            });
            if ga.reset(&puzzle, 1).is_err() {
                continue;
            }
            let start = thread_cpu();
            let status = ga.run_trials(u64::MAX);
            println!(
                "| {label} | {name} | {} | {} | {} | {:.1} |",
                status.name(),
                ga.trials(),
                ga.best_fitness(),
                (thread_cpu() - start).as_secs_f64()
            );
        }
    }
    println!();
}

/// The sweep that chose the restart period and the near-solution threshold (on request only:
/// `experiments_ga -- tune`, about 10 CPU minutes).
fn section_tune() {
    println!(
        "\n### Restart period and hidden-given threshold (NYT Medium + Hard, 2 seeds, cap 10 M)\n"
    );
    let items: Vec<Item> = load("nyt_graded_57.txt")
        .into_iter()
        .filter(|i| i.level != "Easy")
        .collect();
    let cap = Some(10_000_000);
    let mut configs: Vec<(String, GaOptions)> = Vec::new();
    for restart in [20_000u64, 5_000] {
        configs.push((
            format!("GA, restart {restart}"),
            GaOptions {
                restart_after: Some(restart),
                max_trials: cap,
                ..GaOptions::default()
            },
        ));
        for near in [2u64, 10, 40] {
            for untaint in [false, true] {
                configs.push((
                    format!(
                        "CA, restart {restart}, after {near} near solutions{}",
                        if untaint { ", untainted" } else { "" }
                    ),
                    GaOptions {
                        restart_after: Some(restart),
                        min_near_solutions: near,
                        untaint_conflicts: untaint,
                        max_trials: cap,
                        ..GaOptions::cultural()
                    },
                ));
            }
        }
    }
    header();
    for (name, options) in configs {
        let outcomes: Vec<Outcome> = items
            .iter()
            .flat_map(|item| (0..2).map(move |seed| (item, seed)))
            .map(|(item, seed)| run(&item.puzzle, options, seed))
            .collect();
        row(&name, "NYT", "Medium+Hard", &summarise(&outcomes));
    }
    println!();
}

/// Hidden givens only when near solutions from several epochs agree (NYT Medium + Hard, the
/// tune section's puzzles, seeds and cap).
fn section_epochs() {
    println!(
        "\n### CA: hidden givens only from near solutions of several epochs (NYT Medium + Hard, 2 seeds, cap 10 M)\n"
    );
    let items: Vec<Item> = load("nyt_graded_57.txt")
        .into_iter()
        .filter(|i| i.level != "Easy")
        .collect();
    let cap = Some(10_000_000);
    let ca = |near: u64, epochs: u64| GaOptions {
        min_near_solutions: near,
        min_epochs: epochs,
        max_trials: cap,
        ..GaOptions::cultural()
    };
    let mut configs: Vec<(String, GaOptions)> = vec![
        (
            "GA (default)".to_string(),
            GaOptions {
                max_trials: cap,
                ..GaOptions::default()
            },
        ),
        (
            "CA (default: after 40 near solutions)".to_string(),
            ca(40, 1),
        ),
        (
            "CA, after 2 near solutions from ≥ 2 epochs".to_string(),
            ca(2, 2),
        ),
        (
            "CA, after 40 near solutions from ≥ 2 epochs".to_string(),
            ca(40, 2),
        ),
        (
            "CA, after 2 near solutions from ≥ 3 epochs".to_string(),
            ca(2, 3),
        ),
    ];
    // The same three configurations at shorter restart periods (GA and CA alike).
    for restart in [2_000u64, 1_000] {
        let period = if restart == 2_000 { "2,000" } else { "1,000" };
        let restarted = |options: GaOptions| GaOptions {
            restart_after: Some(restart),
            ..options
        };
        configs.push((
            format!("GA, restart {period}"),
            restarted(GaOptions {
                max_trials: cap,
                ..GaOptions::default()
            }),
        ));
        configs.push((
            format!("CA, restart {period}, after 40"),
            restarted(ca(40, 1)),
        ));
        configs.push((
            format!("CA, restart {period}, after 2 from ≥ 2 epochs"),
            restarted(ca(2, 2)),
        ));
    }
    header();
    for (name, options) in configs {
        let outcomes: Vec<Outcome> = items
            .iter()
            .flat_map(|item| (0..2).map(move |seed| (item, seed)))
            .map(|(item, seed)| run(&item.puzzle, options, seed))
            .collect();
        row(&name, "NYT", "Medium+Hard", &summarise(&outcomes));
    }
    println!();
}

/// Runs the sections named in `args` (all when none is named); `--quick` samples.
pub fn run_sections(args: &[String]) {
    let quick = args.iter().any(|a| a == "--quick");
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let overrides = Overrides {
        restart: value("--restart"),
        ca_near: value("--ca-near"),
        ca_epochs: value("--ca-epochs"),
        per_level: value("--per-level").map(|v| v as usize),
    };
    let _ = OVERRIDES.set(overrides);
    let named: Vec<&String> = args
        .iter()
        .filter(|a| !a.starts_with("--") && a.parse::<u64>().is_err())
        .collect();
    if overrides.restart.is_some() || overrides.ca_near.is_some() || overrides.ca_epochs.is_some() {
        println!(
            "Overrides for the nyt and krazydad comparisons: restart {:?}, CA near solutions {:?}, CA epochs {:?}\n",
            overrides.restart, overrides.ca_near, overrides.ca_epochs
        );
    }
    let want = |s: &str| named.is_empty() || named.iter().any(|a| *a == s);
    println!(
        "\n## GA and cultural algorithm (cargo run --release -p sudoscope-lab --bin experiments_ga)\n"
    );
    if want("speed") {
        section_speed(quick);
    }
    if want("nyt") {
        section_nyt(quick);
    }
    if want("krazydad") {
        section_krazydad(quick);
    }
    if want("ablation") {
        section_ablation(quick);
    }
    if want("start") {
        section_start(quick);
    }
    if want("large") {
        section_large(quick);
    }
    if named.iter().any(|a| *a == "tune") {
        section_tune();
    }
    if named.iter().any(|a| *a == "epochs") {
        section_epochs();
    }
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run_sections(&args);
}
