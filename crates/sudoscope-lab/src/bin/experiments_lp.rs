//! The LP solvers against the papers: L1 variants (Math 110B report) on easy, medium and hard
//! sets, the backend and formulation comparisons behind the defaults, and RFSS-LP/IP on
//! magictour and on the puzzles RFSS-Evolve leaves unsolved. Prints Markdown tables
//! (docs/experiments/lp.md).
//!
//! ```text
//! cargo run --release -p sudoscope-lab --bin experiments_lp [-- SECTION... [--hard N] [--easy N]
//!     [--medium N] [--seed S]]
//! ```
//!
//! Sections: `formulation`, `backend`, `tuning`, `l1`, `hard-full`, `plus` (l1-plus ablations
//! on the `--hard` sample), `plus-full` (l1-weighted and l1-plus on all 1465), `rfss` (default: all). `--hard N`
//! samples N magictour puzzles (0 = all 1465) for the variant tables. Samples are drawn with a
//! seeded RNG, so reruns pick the same puzzles. Times: wall clock per puzzle and the thread's
//! CPU time (from /proc/thread-self/schedstat), which is what to compare on a loaded machine.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sudoscope_core::grid::{Puzzle, ReadOptions, read_all};
use sudoscope_core::lab::lp::{
    Backend, Formulation, L1Config, L1Model, L1Plus, L1Solver, PlusConfig, PlusPick, RfssIp,
    RfssIpConfig, SignModel, Step3Pick, rfss_lp_config, solve_lp,
};
use sudoscope_core::live::{self, LiveSolver, RunLimits, Status};
use sudoscope_testkit::datasets::location;

/// Puzzles of a dataset file whose extra fields pass `keep`.
fn load(file: &str, keep: impl Fn(&str) -> bool) -> Vec<Puzzle> {
    let path = location().join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping {}: not found", path.display());
        return Vec::new();
    };
    let kept: String = text
        .lines()
        .filter(|line| keep(line))
        .map(|line| line.split_whitespace().next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    read_all(&kept, ReadOptions::default())
        .into_iter()
        .filter_map(|r| r.result.ok())
        .collect()
}

fn sample(mut puzzles: Vec<Puzzle>, n: usize, seed: u64) -> Vec<Puzzle> {
    if n == 0 || n >= puzzles.len() {
        return puzzles;
    }
    puzzles.shuffle(&mut StdRng::seed_from_u64(seed));
    puzzles.truncate(n);
    puzzles
}

/// CPU time of this thread so far.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

#[derive(Clone, Copy)]
struct Run {
    solved: bool,
    wall: Duration,
    cpu: Duration,
    iterations: u64,
}

fn run(solver: &mut dyn LiveSolver, puzzle: &Puzzle, seed: u64, limits: RunLimits) -> Run {
    let cpu0 = cpu_time();
    let start = Instant::now();
    let outcome = match solver.reset(puzzle, seed) {
        Ok(()) => live::run_to_end(solver, limits),
        Err(_) => {
            return Run {
                solved: false,
                wall: Duration::ZERO,
                cpu: Duration::ZERO,
                iterations: 0,
            };
        }
    };
    let wall = start.elapsed();
    let cpu = match (cpu0, cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall,
    };
    Run {
        solved: outcome.status == Status::Solved,
        wall,
        cpu,
        iterations: outcome.iterations,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

struct Summary {
    solved: usize,
    total: usize,
    median_wall_ms: f64,
    median_cpu_ms: f64,
    mean_cpu_ms: f64,
    median_solves: f64,
    mean_solves: f64,
}

fn summarise(runs: &[Run]) -> Summary {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    Summary {
        solved: runs.iter().filter(|r| r.solved).count(),
        total: runs.len(),
        median_wall_ms: median(runs.iter().map(|r| ms(r.wall)).collect()),
        median_cpu_ms: median(runs.iter().map(|r| ms(r.cpu)).collect()),
        mean_cpu_ms: runs.iter().map(|r| ms(r.cpu)).sum::<f64>() / runs.len().max(1) as f64,
        median_solves: median(runs.iter().map(|r| r.iterations as f64).collect()),
        mean_solves: runs.iter().map(|r| r.iterations as f64).sum::<f64>()
            / runs.len().max(1) as f64,
    }
}

fn rate(s: &Summary) -> String {
    format!(
        "{:.1}% ({}/{})",
        100.0 * s.solved as f64 / s.total.max(1) as f64,
        s.solved,
        s.total
    )
}

fn run_config(name: &'static str, config: L1Config, puzzles: &[Puzzle], seed: u64) -> Vec<Run> {
    let mut solver = L1Solver::new(name, config);
    puzzles
        .iter()
        .map(|p| {
            run(
                &mut solver,
                p,
                seed,
                RunLimits {
                    max_iterations: None,
                    timeout: None,
                },
            )
        })
        .collect()
}

fn print_header() {
    println!(
        "| variant | set | solved | median ms (CPU) | mean ms (CPU) | median ms (wall) | LP solves median / mean |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
}

fn print_row(variant: &str, set: &str, s: &Summary) {
    println!(
        "| {variant} | {set} | {} | {:.1} | {:.1} | {:.1} | {:.0} / {:.1} |",
        rate(s),
        s.median_cpu_ms,
        s.mean_cpu_ms,
        s.median_wall_ms,
        s.median_solves,
        s.mean_solves
    );
}

struct Args {
    sections: Vec<String>,
    hard: usize,
    easy: usize,
    medium: usize,
    seed: u64,
}

fn parse_args(raw: &[String]) -> Args {
    let mut args = Args {
        sections: Vec::new(),
        hard: 300,
        easy: 300,
        medium: 300,
        seed: 2026,
    };
    let mut it = raw.iter().cloned();
    while let Some(a) = it.next() {
        let num = |it: &mut dyn Iterator<Item = String>| {
            it.next().and_then(|v| v.parse::<u64>().ok()).unwrap_or(0)
        };
        match a.as_str() {
            "--hard" => args.hard = num(&mut it) as usize,
            "--easy" => args.easy = num(&mut it) as usize,
            "--medium" => args.medium = num(&mut it) as usize,
            "--seed" => args.seed = num(&mut it),
            other => args.sections.push(other.to_string()),
        }
    }
    args
}

fn weighted(epsilon: f64) -> L1Config {
    L1Config {
        rounds: 10,
        epsilon,
        restarts: false,
        step3_repeats: 0,
        ..L1Config::plain()
    }
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run_sections(&args);
}

/// Runs the sections named in `raw` (all when none is named) with its sample-size options.
pub fn run_sections(raw: &[String]) {
    let args = parse_args(raw);
    let want = |s: &str| args.sections.is_empty() || args.sections.iter().any(|x| x == s);
    let magictour = load("magictour_top1465.txt", |_| true);
    let hard = sample(magictour.clone(), args.hard, args.seed);
    let easy = sample(
        load("kaggle1m_first20000.txt", |_| true),
        args.easy,
        args.seed,
    );
    let medium = sample(
        load("krazydad_9x9_vol1-2_11200.txt", |l| {
            matches!(l.split_whitespace().nth(1), Some("IM" | "CH"))
        }),
        args.medium,
        args.seed,
    );
    let medium_kaggle = sample(
        load("kaggle3m_curated_5000.txt", |l| l.ends_with(" Medium")),
        args.medium,
        args.seed,
    );
    println!(
        "samples (seed {}): hard = magictour {} of {}, easy = kaggle1m {}, medium = krazydad IM+CH {}, kaggle3m Medium {}\n",
        args.seed,
        hard.len(),
        magictour.len(),
        easy.len(),
        medium.len(),
        medium_kaggle.len()
    );

    if want("formulation") {
        formulation_table(&hard);
    }
    if want("backend") {
        backend_table(&hard, args.seed);
    }
    if want("tuning") {
        tuning_table(&hard, args.seed);
    }
    if want("l1") {
        l1_table(
            &[
                ("easy", &easy),
                ("medium", &medium),
                ("medium-k3m", &medium_kaggle),
                ("hard", &hard),
            ],
            args.seed,
        );
    }
    if want("hard-full") {
        println!("### l1-weighted (default) on all of magictour_top1465\n");
        print_header();
        let runs = run_config("l1-weighted", L1Config::weighted(), &magictour, args.seed);
        print_row("l1-weighted", "magictour all", &summarise(&runs));
        println!();
    }
    if want("plus") {
        plus_table(&hard, "magictour sample", args.seed);
    }
    if want("plus-full") {
        plus_full_table(&magictour, args.seed);
    }
    if want("rfss") {
        rfss_table(&hard, args.seed);
    }
}

fn run_plus(config: PlusConfig, puzzles: &[Puzzle], seed: u64) -> Vec<Run> {
    run_plus_counted(config, puzzles, seed).0
}

/// Runs l1-plus and also returns, per run, (LP deductions, step-3 clues added, clues
/// excluded after a contradiction).
fn run_plus_counted(
    config: PlusConfig,
    puzzles: &[Puzzle],
    seed: u64,
) -> (Vec<Run>, Vec<(u64, u64, u64)>) {
    let mut solver = L1Plus::new(config);
    let limits = RunLimits {
        max_iterations: None,
        timeout: None,
    };
    puzzles
        .iter()
        .map(|p| {
            let r = run(&mut solver, p, seed, limits);
            let counts = (
                solver.lp_deductions,
                solver.clues_added,
                solver.clues_excluded,
            );
            (r, counts)
        })
        .unzip()
}

/// The `l1-plus` variants (what each ingredient buys) on a magictour sample.
fn plus_table(hard: &[Puzzle], set: &str, seed: u64) {
    println!("### l1-plus: ablations ({set})\n");
    print_header();
    let d = PlusConfig::default;
    let variants: Vec<(&str, PlusConfig)> = vec![
        (
            "l1-plus (default: deductions + singles + undecided clue, 1 LP per node)",
            d(),
        ),
        (
            "… without propagation (LP deductions only)",
            PlusConfig {
                propagate: false,
                ..d()
            },
        ),
        (
            "… without LP deductions (singles only)",
            PlusConfig {
                deduce: false,
                ..d()
            },
        ),
        (
            "… likeliest clue",
            PlusConfig {
                pick: PlusPick::Likeliest,
                ..d()
            },
        ),
        (
            "… narrowest cell's likeliest digit",
            PlusConfig {
                pick: PlusPick::Narrowest,
                ..d()
            },
        ),
        (
            "… 3 LP rounds per node (2 reweighted, ε=1)",
            PlusConfig { rounds: 3, ..d() },
        ),
        (
            "… 10 LP rounds per node (ε=30, the report's)",
            PlusConfig {
                rounds: 10,
                epsilon: 30.0,
                ..d()
            },
        ),
    ];
    for (name, config) in variants {
        let runs = run_plus(config, hard, seed);
        print_row(name, set, &summarise(&runs));
    }
    println!();
}

/// `l1-weighted` (the report's process) beside `l1-plus`, on every magictour puzzle.
fn plus_full_table(magictour: &[Puzzle], seed: u64) {
    println!("### l1-weighted and l1-plus on all of magictour_top1465\n");
    print_header();
    let runs = run_config("l1-weighted", L1Config::weighted(), magictour, seed);
    print_row(
        "l1-weighted (the report's process)",
        "magictour all",
        &summarise(&runs),
    );
    let (runs, counts) = run_plus_counted(PlusConfig::default(), magictour, seed);
    print_row("l1-plus", "magictour all", &summarise(&runs));
    println!();
    let count = counts.len().max(1) as f64;
    let column = |f: fn(&(u64, u64, u64)) -> u64| {
        let values: Vec<f64> = counts.iter().map(|c| f(c) as f64).collect();
        (median(values.clone()), values.iter().sum::<f64>() / count)
    };
    let deduced = column(|c| c.0);
    let added = column(|c| c.1);
    let excluded = column(|c| c.2);
    let solved_by_first = runs
        .iter()
        .filter(|r| r.solved && r.iterations <= 1)
        .count();
    println!("| l1-plus, per puzzle | median | mean |");
    println!("|---|---:|---:|");
    println!(
        "| variables fixed or removed by the plain LP | {:.0} | {:.1} |",
        deduced.0, deduced.1
    );
    println!("| step-3 clues added | {:.0} | {:.1} |", added.0, added.1);
    println!(
        "| step-3 clues excluded after a contradiction | {:.0} | {:.1} |",
        excluded.0, excluded.1
    );
    println!(
        "\nSolved with a single LP solve (its deductions plus singles finish the grid): {solved_by_first} of {}.\n",
        runs.len()
    );
}

/// Size and time of one LP solve, reduced versus the report's full formulation.
fn formulation_table(puzzles: &[Puzzle]) {
    println!("### One LP solve: reduced versus full formulation (magictour sample)\n");
    println!(
        "| formulation | backend | model | median rows × vars | median ms (CPU) | grid solved |"
    );
    println!("|---|---|---|---:|---:|---:|");
    for (reduced, backend, model) in [
        (false, Backend::InteriorPoint, SignModel::NonNegative),
        (true, Backend::InteriorPoint, SignModel::NonNegative),
        (false, Backend::InteriorPoint, SignModel::Free),
        (true, Backend::InteriorPoint, SignModel::Free),
        (false, Backend::Simplex, SignModel::NonNegative),
        (true, Backend::Simplex, SignModel::NonNegative),
        (false, Backend::Simplex, SignModel::Free),
        (true, Backend::Simplex, SignModel::Free),
    ] {
        let mut rows = Vec::new();
        let mut vars = Vec::new();
        let mut times = Vec::new();
        let mut solved = 0;
        let take = puzzles.len().min(100);
        for p in &puzzles[..take] {
            let clues = p.givens.cells();
            let form = if reduced {
                match Formulation::reduced(p.geometry(), clues) {
                    Ok(f) => f,
                    Err(_) => continue,
                }
            } else {
                Formulation::full(p.geometry(), clues)
            };
            rows.push(form.rows as f64);
            vars.push(form.var_count() as f64);
            let cost = vec![1.0; form.var_count()];
            let cpu0 = cpu_time();
            let out = solve_lp(&form, &cost, model, backend);
            let cpu = match (cpu0, cpu_time()) {
                (Some(a), Some(b)) => b.saturating_sub(a),
                _ => out.elapsed,
            };
            times.push(cpu.as_secs_f64() * 1e3);
            if let sudoscope_core::lab::lp::LpStatus::Optimal(x) = out.status {
                let d = form.decode(&x);
                if sudoscope_core::lab::lp::is_solution(p, &d.digits) {
                    solved += 1;
                }
            }
        }
        println!(
            "| {} | {} | {} | {:.0} × {:.0} | {:.2} | {}/{} |",
            if reduced { "reduced" } else { "full" },
            backend.name(),
            match model {
                SignModel::Free => "A (free)",
                SignModel::NonNegative => "B (x ≥ 0)",
            },
            median(rows),
            median(vars),
            median(times),
            solved,
            take
        );
    }
    println!();
}

/// Interior point versus simplex, Model A versus B, on the hard sample.
fn backend_table(hard: &[Puzzle], seed: u64) {
    println!("### Backend and model (magictour sample)\n");
    print_header();
    for (label, config) in [
        ("plain, interior point, B", L1Config::plain()),
        (
            "plain, interior point, A",
            L1Config {
                model: L1Model::FreeSign,
                ..L1Config::plain()
            },
        ),
        (
            "plain, simplex, B",
            L1Config {
                backend: Backend::Simplex,
                ..L1Config::plain()
            },
        ),
        (
            "plain, simplex, A",
            L1Config {
                backend: Backend::Simplex,
                model: L1Model::FreeSign,
                ..L1Config::plain()
            },
        ),
        ("weighted ε=30, interior point, B", weighted(30.0)),
        (
            "weighted ε=30, interior point, A",
            L1Config {
                model: L1Model::FreeSign,
                ..weighted(30.0)
            },
        ),
        (
            "weighted ε=30, simplex, B",
            L1Config {
                backend: Backend::Simplex,
                ..weighted(30.0)
            },
        ),
        (
            "weighted ε=30, simplex, A",
            L1Config {
                backend: Backend::Simplex,
                model: L1Model::FreeSign,
                ..weighted(30.0)
            },
        ),
        (
            "l1-weighted (all steps), interior point, B",
            L1Config::weighted(),
        ),
        (
            "l1-weighted (all steps), interior point, A",
            L1Config {
                model: L1Model::FreeSign,
                ..L1Config::weighted()
            },
        ),
        (
            "l1-weighted (all steps), simplex, B",
            L1Config {
                backend: Backend::Simplex,
                ..L1Config::weighted()
            },
        ),
    ] {
        let runs = run_config("l1", config, hard, seed);
        print_row(label, "hard", &summarise(&runs));
    }
    println!();
}

/// Tolerance, ε and step-3 pick for the full decision process (magictour sample).
fn tuning_table(hard: &[Puzzle], seed: u64) {
    println!("### Tuning l1-weighted (magictour sample)\n");
    print_header();
    let w = L1Config::weighted;
    for (label, config) in [
        ("l1-weighted (default)", w()),
        (
            "tolerance 1e-6 instead of 1e-10",
            L1Config {
                tolerance: 1e-6,
                ..w()
            },
        ),
        (
            "ε=1",
            L1Config {
                epsilon: 1.0,
                ..w()
            },
        ),
        (
            "undecided pick",
            L1Config {
                step3_pick: Step3Pick::Undecided,
                ..w()
            },
        ),
        (
            "undecided pick, tolerance 1e-6",
            L1Config {
                step3_pick: Step3Pick::Undecided,
                tolerance: 1e-6,
                ..w()
            },
        ),
        (
            "undecided pick, ε=1",
            L1Config {
                step3_pick: Step3Pick::Undecided,
                epsilon: 1.0,
                ..w()
            },
        ),
        (
            "undecided pick, 40 repeats",
            L1Config {
                step3_pick: Step3Pick::Undecided,
                step3_repeats: 40,
                ..w()
            },
        ),
        (
            "unconflicted pick",
            L1Config {
                step3_pick: Step3Pick::Unconflicted,
                ..w()
            },
        ),
        (
            "confident pick",
            L1Config {
                step3_pick: Step3Pick::Confident,
                ..w()
            },
        ),
        (
            "ε=1, confident pick",
            L1Config {
                epsilon: 1.0,
                step3_pick: Step3Pick::Confident,
                ..w()
            },
        ),
        (
            "confident pick, 40 repeats",
            L1Config {
                step3_pick: Step3Pick::Confident,
                step3_repeats: 40,
                ..w()
            },
        ),
    ] {
        // `LP_ROWS=text` runs only the rows whose label contains it.
        if std::env::var("LP_ROWS").is_ok_and(|f| !label.contains(f.as_str())) {
            continue;
        }
        let runs = run_config("l1", config, hard, seed);
        print_row(label, "hard", &summarise(&runs));
    }
    println!();
}

/// The report's variants on every difficulty.
fn l1_table(sets: &[(&str, &Vec<Puzzle>)], seed: u64) {
    println!("### L1 variants versus the Math 110B table\n");
    print_header();
    let steps12 = L1Config {
        restarts: true,
        ..weighted(30.0)
    };
    let variants: Vec<(&str, L1Config)> = vec![
        ("plain L1", L1Config::plain()),
        ("weighted ε=0.01", weighted(0.01)),
        ("weighted ε=1", weighted(1.0)),
        ("weighted ε=30", weighted(30.0)),
        ("ε=30 + steps 1–2", steps12),
        (
            "ε=30 + steps 1–3 (step 3 once)",
            L1Config {
                step3_repeats: 1,
                ..steps12
            },
        ),
        (
            "ε=1 + steps 1–3, step 3 ×20",
            L1Config {
                epsilon: 1.0,
                ..L1Config::weighted()
            },
        ),
        (
            "ε=30 + steps 1–3, step 3 ×20, undecided pick (l1-weighted)",
            L1Config::weighted(),
        ),
        (
            "… with the report's uniform step-3 pick",
            L1Config {
                step3_pick: Step3Pick::Uniform,
                ..L1Config::weighted()
            },
        ),
    ];
    for (set, puzzles) in sets {
        if puzzles.is_empty() {
            continue;
        }
        for (label, config) in &variants {
            let runs = run_config("l1", *config, puzzles, seed);
            print_row(label, set, &summarise(&runs));
        }
    }
    println!();
}

/// RFSS-LP/IP on magictour and on what RFSS-Evolve leaves unsolved.
fn rfss_table(hard: &[Puzzle], seed: u64) {
    println!("### RFSS-Evolve, RFSS-LP and RFSS-IP\n");
    let krazydad_hard = sample(
        load("krazydad_9x9_vol1-2_11200.txt", |l| {
            matches!(l.split_whitespace().nth(1), Some("TF" | "ST" | "IN"))
        }),
        hard.len().max(1),
        seed,
    );
    let mut evolve_failures: Vec<Puzzle> = Vec::new();
    if let Some(mut evolve) = live::by_name("rfss") {
        println!(
            "| solver | set | solved | median ms (CPU) | mean ms (CPU) | median ms (wall) | iterations median / mean |"
        );
        println!("|---|---|---:|---:|---:|---:|---:|");
        for (set, puzzles) in [
            ("magictour sample", hard),
            ("krazydad TF/ST/IN sample", &krazydad_hard[..]),
        ] {
            let limits = RunLimits {
                max_iterations: Some(10_000),
                timeout: None,
            };
            let runs: Vec<Run> = puzzles
                .iter()
                .map(|p| run(evolve.as_mut(), p, seed, limits))
                .collect();
            for (p, r) in puzzles.iter().zip(&runs) {
                if !r.solved {
                    evolve_failures.push(p.clone());
                }
            }
            let s = summarise(&runs);
            println!(
                "| rfss (10,000 generations) | {set} | {} | {:.1} | {:.1} | {:.1} | {:.0} / {:.1} |",
                rate(&s),
                s.median_cpu_ms,
                s.mean_cpu_ms,
                s.median_wall_ms,
                s.median_solves,
                s.mean_solves
            );
        }
        println!();
    } else {
        println!(
            "(rfss is not available in this build: RFSS-LP/IP run on magictour and hard krazydad only)\n"
        );
    }
    print_header();
    let plain = L1Config {
        rounds: 1,
        ..rfss_lp_config()
    };
    let simplex = L1Config {
        backend: Backend::Simplex,
        rounds: 1,
        ..rfss_lp_config()
    };
    let mut sets: Vec<(&str, &[Puzzle])> = vec![
        ("magictour sample", hard),
        ("krazydad TF/ST/IN sample", &krazydad_hard),
    ];
    if !evolve_failures.is_empty() {
        sets.push(("RFSS-Evolve failures", &evolve_failures));
    }
    for (set, puzzles) in &sets {
        for (label, config) in [
            ("rfss-lp, one solve, simplex (a vertex)", simplex),
            ("rfss-lp, one solve, interior point (centre)", plain),
            ("rfss-lp (reweighted, default)", rfss_lp_config()),
        ] {
            let runs = run_config("rfss-lp", config, puzzles, seed);
            print_row(label, set, &summarise(&runs));
        }
        let mut ip = RfssIp::new(RfssIpConfig::default());
        let runs: Vec<Run> = puzzles
            .iter()
            .map(|p| {
                run(
                    &mut ip,
                    p,
                    seed,
                    RunLimits {
                        max_iterations: None,
                        timeout: None,
                    },
                )
            })
            .collect();
        print_row(
            "rfss-ip (branch and bound; LP solves = nodes + 2)",
            set,
            &summarise(&runs),
        );
    }
    println!();
}
