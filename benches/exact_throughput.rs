//! Whole-file throughput of `sudoscope_core::exact::count_9x9` (what `sudoscope solve`, `count` and
//! the generator's uniqueness checks call: `fast9` within a small guess budget, then `triad`),
//! and of `triad` and `fast9` alone, against the crates.io `sudoku` 0.8 crate (a port of
//! JCZSolve), side by side in one run.
//!
//! Run with `cargo bench --bench exact_throughput`. Environment variables:
//! * `SUDOSCOPE_DATASETS`: folder holding the puzzle files (default
//!   `<crate root>/../shared/datasets`);
//! * `SUDOSCOPE_BENCH_REPS`: whole-file passes per solver and mode (default 5 for files of
//!   10,000 puzzles or more, 15 for smaller ones); the median pass is reported;
//! * `SUDOSCOPE_BENCH_LIMIT`: use only the first N puzzles of each file (quick runs).
//!
//! Each pass is timed in CPU time of the benchmarking thread (`CLOCK_THREAD_CPUTIME_ID`,
//! nanoseconds; wall time where the system lacks it): on a machine shared with other builds,
//! wall time mostly measures who else ran, CPU time what the pass cost. (An earlier version
//! read `/proc/thread-self/schedstat`, which for a running thread only advances at scheduler
//! ticks, 4 ms here: a 16 ms pass over magictour's 1,465 puzzles came out as 12, 16 or 20 ms.)
//!
//! Two modes are measured: "unique" (count up to 2 solutions: solve and prove uniqueness,
//! what `sudoscope solve` does) and "first" (stop at the first solution). Puzzles are parsed
//! before timing, and both solvers' answers are cross-checked (untimed) before timing.
//!
//! In unique mode the whole command is timed too: `sudoscope solve FILE > /dev/null` as a
//! child process (this build's binary), its user + system CPU time from `getrusage`, start-up,
//! reading, parsing, solving and writing included — what a user of the command waits for.

use std::hint::black_box;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku::Sudoku;
use sudoscope_core::exact;
use sudoscope_core::lab::{fast9, triad};

type CountFn = fn(&[u8; 81], usize, &mut [u8; 81]) -> usize;

const FILES: [&str; 3] = [
    "royle_17clue_49158.txt",
    "magictour_top1465.txt",
    "forum_hardest_1905_11plus.txt",
];

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok()?.trim().parse().ok()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn count_9x9(givens: &[u8; 81], limit: usize, solution: &mut [u8; 81]) -> usize {
    exact::count_9x9(givens, limit, solution).0
}

/// Our solvers, timed in this order of columns.
const OURS: [(&str, CountFn); 3] = [
    ("count_9x9", count_9x9),
    ("triad", triad::count_solutions),
    ("fast9", fast9::count_solutions),
];

/// The measuring helpers: `thread_cpu` is the one thread-CPU clock of the project.
use sudoscope_testkit::bench as shared;

/// A started timer: thread CPU time (`CLOCK_THREAD_CPUTIME_ID`, nanoseconds) where the
/// system gives it, else wall time.
struct Timer {
    cpu: Duration,
    wall: Instant,
}

impl Timer {
    fn start() -> Timer {
        Timer {
            cpu: shared::thread_cpu(),
            wall: Instant::now(),
        }
    }

    fn elapsed(&self) -> Duration {
        let now = shared::thread_cpu();
        if now.is_zero() {
            self.wall.elapsed()
        } else {
            now.saturating_sub(self.cpu)
        }
    }
}

fn pass_ours(count_solutions: CountFn, puzzles: &[[u8; 81]], limit: usize) -> (Duration, usize) {
    let mut solution = [0u8; 81];
    let start = Timer::start();
    let mut total = 0usize;
    for p in puzzles {
        total += count_solutions(black_box(p), black_box(limit), &mut solution);
    }
    black_box(&solution);
    (start.elapsed(), black_box(total))
}

fn pass_theirs(sudokus: &[Sudoku], limit: usize) -> (Duration, usize) {
    let start = Timer::start();
    let mut total = 0usize;
    if limit == 1 {
        for s in sudokus {
            total += usize::from(black_box(*s).some_solution().is_some());
        }
    } else {
        for s in sudokus {
            total += black_box(*s).solutions_count_up_to(limit);
        }
    }
    (start.elapsed(), black_box(total))
}

/// CPU time (user + system) of this process's waited-for children so far.
fn children_cpu() -> Duration {
    // SAFETY: `rusage` is plain data for which all-zero bytes are a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes one rusage through a valid pointer to a local.
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// One run of `sudoscope solve FILE > /dev/null`: the child's CPU time.
fn pass_command(file: &Path) -> Duration {
    let before = children_cpu();
    let status = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
        .arg("solve")
        .arg(file)
        .stdout(Stdio::null())
        .status()
        .expect("the sudoscope binary runs");
    assert!(
        status.success(),
        "sudoscope solve {}: {status}",
        file.display()
    );
    children_cpu().saturating_sub(before)
}

struct Row {
    file: String,
    n: usize,
    mode: &'static str,
    ours: [Duration; 3],
    theirs: Duration,
    /// The whole `sudoscope solve FILE` command (unique mode only).
    command: Option<Duration>,
}

fn main() {
    let dir = sudoscope_testkit::datasets::location();
    let limit_n = env_usize("SUDOSCOPE_BENCH_LIMIT");
    let reps_env = env_usize("SUDOSCOPE_BENCH_REPS");
    let mut rows = Vec::new();

    for name in FILES {
        let path = dir.join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("skipping {name}: not found at {}", path.display());
            continue;
        };
        let mut puzzles: Vec<[u8; 81]> = text.lines().filter_map(shared::one_line_9x9).collect();
        if let Some(n) = limit_n {
            puzzles.truncate(n);
        }
        if puzzles.is_empty() {
            println!("skipping {name}: no puzzles");
            continue;
        }
        let sudokus: Vec<Sudoku> = puzzles
            .iter()
            .filter_map(|p| Sudoku::from_bytes(*p).ok())
            .collect();
        assert_eq!(
            sudokus.len(),
            puzzles.len(),
            "{name}: sudoku crate rejected a puzzle"
        );

        // Untimed cross-check: both solvers agree on every count, our solution is valid.
        let mut solution = [0u8; 81];
        for (i, (p, s)) in puzzles.iter().zip(&sudokus).enumerate() {
            let theirs = s.solutions_count_up_to(2);
            for (solver, count_solutions) in OURS {
                let ours = count_solutions(p, 2, &mut solution);
                assert_eq!(
                    ours,
                    theirs,
                    "{name} line {}: {solver} count mismatch",
                    i + 1
                );
                let first = count_solutions(p, 1, &mut solution);
                assert_eq!(
                    first,
                    theirs.min(1),
                    "{name} line {}: {solver} first mismatch",
                    i + 1
                );
                if first == 1 {
                    assert!(
                        is_valid_solution(p, &solution),
                        "{name} line {}: {solver} bad solution",
                        i + 1
                    );
                }
            }
        }

        // The command reads the same puzzles: the whole file, or its first N lines.
        let command_file = match limit_n {
            None => path.clone(),
            Some(n) => {
                let lines: Vec<&str> = text
                    .lines()
                    .filter(|l| shared::one_line_9x9(l).is_some())
                    .take(n)
                    .collect();
                let cut = std::env::temp_dir()
                    .join(format!("sudoscope-bench-{}-{name}", std::process::id()));
                std::fs::write(&cut, lines.join("\n") + "\n").expect("a temporary file");
                cut
            }
        };

        let reps = reps_env
            .unwrap_or(if puzzles.len() >= 10_000 { 5 } else { 15 })
            .max(1);
        for (mode, limit) in [("unique (limit 2)", 2), ("first (limit 1)", 1)] {
            let with_command = limit == 2;
            let mut ours: [Vec<Duration>; 3] = Default::default();
            let mut theirs = Vec::with_capacity(reps);
            let mut command = Vec::with_capacity(reps);
            let (_, expected_theirs) = pass_theirs(&sudokus, limit); // warm-up
            for (_, count_solutions) in OURS {
                let (_, expected) = pass_ours(count_solutions, &puzzles, limit);
                assert_eq!(expected, expected_theirs);
            }
            if with_command {
                pass_command(&command_file); // warm-up: the binary and the file in the cache
            }
            let turns = if with_command { 5 } else { 4 };
            for rep in 0..reps {
                // Rotate who goes first so none always runs on a warmer machine.
                for turn in 0..turns {
                    match (rep + turn) % turns {
                        3 => theirs.push(pass_theirs(&sudokus, limit).0),
                        4 => command.push(pass_command(&command_file)),
                        k => ours[k].push(pass_ours(OURS[k].1, &puzzles, limit).0),
                    }
                }
            }
            let row = Row {
                file: name.to_string(),
                n: puzzles.len(),
                mode,
                ours: ours.map(median),
                theirs: median(theirs),
                command: with_command.then(|| median(command)),
            };
            eprintln!(
                "{name} {mode}: count_9x9 {:.3}, triad {:.3}, fast9 {:.3}, sudoku 0.8 {:.3} µs/puzzle",
                us_per(row.ours[0], row.n),
                us_per(row.ours[1], row.n),
                us_per(row.ours[2], row.n),
                us_per(row.theirs, row.n)
            );
            rows.push(row);
        }
        if command_file != path {
            let _ = std::fs::remove_file(&command_file);
        }
    }

    println!();
    println!(
        "| file | puzzles | mode | count_9x9 µs/puzzle | triad µs | fast9 µs | sudoku 0.8 µs | count_9x9 / sudoku (throughput) | triad / sudoku | fast9 / sudoku |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    let ratio =
        |theirs: Duration, ours: Duration| theirs.as_secs_f64() / ours.as_secs_f64().max(1e-12);
    for r in &rows {
        println!(
            "| {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2}× | {:.2}× | {:.2}× |",
            r.file,
            r.n,
            r.mode,
            us_per(r.ours[0], r.n),
            us_per(r.ours[1], r.n),
            us_per(r.ours[2], r.n),
            us_per(r.theirs, r.n),
            ratio(r.theirs, r.ours[0]),
            ratio(r.theirs, r.ours[1]),
            ratio(r.theirs, r.ours[2]),
        );
    }

    println!();
    println!(
        "| file | puzzles | `sudoscope solve FILE` µs/puzzle (process CPU) | count_9x9 µs (unique) | command / count_9x9 | sudoku 0.8 µs (unique) | command vs sudoku (throughput) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for r in &rows {
        let Some(command) = r.command else { continue };
        println!(
            "| {} | {} | {:.2} | {:.2} | {:.3}× | {:.2} | {:.2}× |",
            r.file,
            r.n,
            us_per(command, r.n),
            us_per(r.ours[0], r.n),
            command.as_secs_f64() / r.ours[0].as_secs_f64().max(1e-12),
            us_per(r.theirs, r.n),
            ratio(r.theirs, command),
        );
    }
}

fn us_per(d: Duration, n: usize) -> f64 {
    d.as_secs_f64() * 1e6 / n as f64
}

use sudoscope_testkit::valid9::is_valid_solution;
