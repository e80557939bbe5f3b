//! Step budget: steps every live solver (all of `live::NAMES`) with a 2 ms budget on 9×9,
//! 16×16 and 25×25 puzzles and reports the median, p99 and maximum time of one `step` call.
//! The UI's panel runs one slice per frame, so a solver that overruns its budget stutters the
//! panel; the contract is ~5 ms at most, except a single LP solve (the LP solvers' steps are
//! one LP solve each and are reported in their own table).
//!
//! ```text
//! cargo run --release -p sudoscope-lab --bin step_budget            # every size
//! cargo run --release -p sudoscope-lab --bin step_budget -- --quick # fewer steps per run
//! ```
//!
//! Times are the stepping thread's CPU time per call (`CLOCK_THREAD_CPUTIME_ID`, nanosecond
//! resolution), because on a shared machine the wall clock mostly measures preemption by other
//! processes; the wall-clock median and maximum are printed beside them.

use std::time::{Duration, Instant};

use sudoscope_core::grid::{Puzzle, ReadOptions, parse_puzzle};
use sudoscope_core::live::{self, Status};

use sudoscope_testkit::bench::{quantile, thread_cpu};
use sudoscope_testkit::datasets::present as datasets;

/// The budget given to every step.
const BUDGET: Duration = Duration::from_millis(2);

/// Solvers whose step is a single LP solve.
const LP_SOLVERS: [&str; 5] = ["rfss-lp", "rfss-ip", "l1", "l1-weighted", "l1-plus"];

/// The first puzzle of a dataset file.
fn first_puzzle(name: &str) -> Option<Puzzle> {
    let text = std::fs::read_to_string(datasets()?.join(name)).ok()?;
    let field = text.lines().next()?.split_whitespace().next()?.to_string();
    parse_puzzle(&field, ReadOptions::default()).ok()
}

/// One solver on one puzzle: its step times in ms, and how it ended.
struct Run {
    times: Vec<f64>,
    wall: Vec<f64>,
    status: String,
}

fn measure(name: &str, puzzle: &Puzzle, max_steps: usize, wall: Duration) -> Option<Run> {
    let mut solver = live::by_name(name)?;
    if let Err(e) = solver.reset(puzzle, 1) {
        return Some(Run {
            times: Vec::new(),
            wall: Vec::new(),
            status: format!("refused: {e}"),
        });
    }
    let start = Instant::now();
    let mut times = Vec::new();
    let mut walls = Vec::new();
    let mut status = Status::Running;
    while status == Status::Running && times.len() < max_steps && start.elapsed() < wall {
        let (t, cpu) = (Instant::now(), thread_cpu());
        status = solver.step(BUDGET).status;
        // The panel draws a view after each slice: building it is part of the frame.
        let _ = solver.view();
        times.push((thread_cpu() - cpu).as_secs_f64() * 1e3);
        walls.push(t.elapsed().as_secs_f64() * 1e3);
    }
    Some(Run {
        times,
        wall: walls,
        status: status.name().to_string(),
    })
}

const HEADER: &str = "| puzzle | solver | steps | median ms (CPU) | p99 ms (CPU) | max ms (CPU) | steps > 5 ms (CPU) | wall median / max ms | status at end |\n|---|---|---:|---:|---:|---:|---:|---:|---|";

/// Runs the section; `quick` takes fewer steps per run.
pub fn run(quick: bool) {
    let (max_steps, wall) = if quick {
        (60, Duration::from_secs(2))
    } else {
        (400, Duration::from_secs(8))
    };
    println!(
        "\n## Step budget (2 ms per step; cargo run --release -p sudoscope-lab --bin step_budget)\n"
    );
    if datasets().is_none() {
        println!("skipping: ../shared/datasets not found");
        return;
    }
    let puzzles = [
        ("9×9 NYT hard", "nyt_graded_57.txt", 2),
        ("9×9 magictour", "magictour_top1465.txt", 0),
        ("16×16 durr", "durr_example_16x16.txt", 0),
        ("25×25 durr", "durr_example_25x25.txt", 0),
    ];
    let mut rows = Vec::new();
    let mut lp_rows = Vec::new();
    for (label, file, index) in puzzles {
        let puzzle = if index == 0 {
            first_puzzle(file)
        } else {
            std::fs::read_to_string(datasets().map(|d| d.join(file)).unwrap_or_default())
                .ok()
                .and_then(|t| {
                    let field = t.lines().nth(index)?.split_whitespace().next()?.to_string();
                    parse_puzzle(&field, ReadOptions::default()).ok()
                })
        };
        let Some(puzzle) = puzzle else {
            println!("skipping {label}: {file} unreadable");
            continue;
        };
        for name in live::NAMES {
            let lp = LP_SOLVERS.contains(name);
            // One LP solve on 25×25 can take many seconds: a few steps are enough there.
            let steps = if lp { max_steps.min(8) } else { max_steps };
            let Some(run) = measure(name, &puzzle, steps, wall) else {
                continue;
            };
            let mut sorted = run.times.clone();
            sorted.sort_by(f64::total_cmp);
            let over = sorted.iter().filter(|&&t| t > 5.0).count();
            let mut wall = run.wall.clone();
            wall.sort_by(f64::total_cmp);
            let row = format!(
                "| {label} | {name} | {} | {:.2} | {:.2} | {:.2} | {over} | {:.2} / {:.2} | {} |",
                sorted.len(),
                quantile(&sorted, 0.5),
                quantile(&sorted, 0.99),
                sorted.last().copied().unwrap_or(0.0),
                quantile(&wall, 0.5),
                wall.last().copied().unwrap_or(0.0),
                run.status,
            );
            if lp {
                lp_rows.push(row);
            } else {
                rows.push(row);
            }
        }
    }
    println!("{HEADER}");
    for row in rows {
        println!("{row}");
    }
    println!(
        "\nLP solvers (one LP solve per step; the budget does not apply to a single solve):\n"
    );
    println!("{HEADER}");
    for row in lp_rows {
        println!("{row}");
    }
}

#[allow(dead_code)]
fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    run(quick);
}
