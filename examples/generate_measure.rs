//! Puzzles made to measure: time per puzzle of `generate --se A..B` and `generate --needs T`,
//! against the generate-then-rate baseline measured in the same run.
//!
//! `cargo run --release --example generate_measure` (one thread). For each SE band and each
//! technique: puzzles 0..N of seed 1 with the library's `generate_measured_nth` (what the CLI
//! runs), each timed in thread CPU time; then the baseline — our generator's random puzzles
//! (`generate --level` none: random masking to a minimal puzzle) rated in full with `rate --se`
//! (for a technique: with the engine's full rating, or SE's for SE's rules) until one fits,
//! no bound and no search — for as many puzzles, or until its time budget for the row is
//! spent (the row then says how many it found). Each puzzle found is checked: unique by the
//! exact solver, and for a band its ER re-rated by `se::rate`.
//!
//! The top of the scale, fresh (`--se 10.0.. --fresh`, the rows named `10.0..`): puzzles 0..5
//! (`GEN_MEASURE_HARD_N`) of seed 1, twice — climbing from the shared datasets' puzzles and
//! avoiding every one of them (what the CLI does when they are present; their reading is not
//! timed, it is said once), and from the shipped hard puzzles alone (a user without the
//! datasets). Each puzzle is also checked to be equivalent to none it avoids.
//!
//! Environment: `GEN_MEASURE_N` puzzles per row (default 20), `GEN_MEASURE_BUDGET_S` CPU
//! seconds per row for each side (default 40; a side that runs out says how many it found),
//! `GEN_MEASURE_ROWS` a comma-separated subset of the rows' names (default all),
//! `GEN_MEASURE_TIMEOUT_S` the per-puzzle timeout of ours (default 20; 120 for `10.0..`).

use sudoscope_testkit::bench::{one_line_9x9, quantile, thread_cpu};
use sudoscope_testkit::datasets;

use std::collections::HashSet;

use std::time::Duration;

use sudoscope_core::canon::{Cells, minlex, minlex_puzzle};
use sudoscope_core::exact;
use sudoscope_core::generate::{
    Avoid, GenerateOptions, Measure, Need, SeBand, Symmetry, generate_measured_nth, generate_nth,
};
use sudoscope_core::grid::{Geometry, Grid, Puzzle, Variant};
use sudoscope_core::logic::Board;
use sudoscope_core::logic::rating::{self, base_weight};
use sudoscope_core::logic::se::{self, Bounded};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const BANDS: [&str; 8] = [
    "2.0..3.0", "3.0..4.0", "4.0..5.0", "5.0..6.0", "6.0..7.0", "7.0..8.0", "8.0..9.0", "9.0..9.5",
];

const TECHNIQUES: [&str; 22] = [
    "x-wing",
    "swordfish",
    "jellyfish",
    "xy-wing",
    "xyz-wing",
    "w-wing",
    "skyscraper",
    "two-string-kite",
    "unique-rectangle-1",
    "unique-rectangle-type-2",
    "unique-rectangle-type-3",
    "unique-rectangle-type-4",
    "bug-plus-1",
    "x-chain",
    "xy-chain",
    "als-xz",
    "discontinuous-nice-loop",
    "continuous-nice-loop",
    "turbot-fish",
    "forcing-chain-contradiction",
    "cell-forcing-chain",
    "house-forcing-chain",
];

/// One measured row: the median CPU milliseconds per puzzle, and how many were found.
struct Timing {
    median_ms: Option<f64>,
    found: usize,
    wanted: usize,
}

impl Timing {
    fn of(mut times: Vec<f64>, wanted: usize) -> Timing {
        times.sort_by(f64::total_cmp);
        Timing {
            median_ms: (times.len() == wanted && wanted > 0).then(|| quantile(&times, 0.5)),
            found: times.len(),
            wanted,
        }
    }

    fn cell(&self) -> String {
        match self.median_ms {
            Some(ms) => format_ms(ms),
            None => format!("{} of {} found", self.found, self.wanted),
        }
    }
}

fn format_ms(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else {
        format!("{ms:.1} ms")
    }
}

/// The ratio cell: how many times faster ours is; a lower bound (`≥`) when the baseline did
/// not finish its puzzles within its budget.
fn ratio(ours: &Timing, base: &Timing, base_spent_ms: f64) -> String {
    match (ours.median_ms, base.median_ms) {
        (Some(o), Some(b)) => format!("{:.1}×", b / o),
        (Some(o), None) if base.found == 0 => format!("≥ {:.0}×", base_spent_ms / o),
        (Some(o), None) => {
            // Fewer found than wanted: the mean time per found puzzle, a lower bound on the
            // cost per puzzle.
            format!("≥ {:.1}×", base_spent_ms / base.found as f64 / o)
        }
        _ => "–".into(),
    }
}

fn options(seed: u64, timeout: Duration) -> GenerateOptions {
    GenerateOptions {
        level: None,
        rate: false,
        seed,
        timeout,
        symmetry: Symmetry::Rotational,
        ..GenerateOptions::default()
    }
}

/// Whether the baseline's puzzle fits: full ratings, no ceiling.
fn fits(puzzle: &Puzzle, measure: &Measure) -> bool {
    let board = Board::from_puzzle(puzzle);
    match measure {
        Measure::Se { band, .. } => se::rate(puzzle).is_ok_and(|r| band.contains(r.er)),
        Measure::Needs(Need::Ours(t)) => {
            let r = rating::rate_board(&board);
            r.logic_solves
                && r.uses.iter().any(|(u, _)| u == t)
                && r.uses
                    .iter()
                    .all(|(u, _)| base_weight(*u) <= base_weight(*t))
        }
        Measure::Needs(Need::Se(rule)) => {
            let mut hardest_use = 0;
            let rated = se::rate_board_below_with(
                &board,
                u32::MAX,
                |id, d| {
                    if rule.step_ids.contains(&id) {
                        hardest_use = hardest_use.max(d);
                    }
                },
                || false,
            );
            matches!(rated, Ok(Bounded::Rated(r)) if hardest_use > 0 && r.er == hardest_use)
        }
    }
}

/// Checks a puzzle ours made: one solution (exact solver), an ER in its band (`rate --se`),
/// and equivalent to none it was to avoid.
fn check(puzzle: &Puzzle, measure: &Measure, avoid: &HashSet<Cells>) {
    assert_eq!(exact::count(puzzle, 2).solutions, 1, "{}", puzzle.to_line());
    if let Measure::Se { band, .. } = measure {
        let er = se::rate(puzzle).expect("rated").er;
        assert!(band.contains(er), "{} rates {er}", puzzle.to_line());
        let form = minlex_puzzle(puzzle).expect("a form");
        assert!(!avoid.contains(&form), "{} is not fresh", puzzle.to_line());
    }
}

/// The canonical forms of the datasets' 9×9 puzzles (empty without the datasets).
fn dataset_forms() -> HashSet<Cells> {
    let Some(dir) = datasets::present() else {
        return HashSet::new();
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the datasets folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut forms = HashSet::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a dataset file");
        forms.extend(
            text.lines()
                .filter_map(one_line_9x9)
                .filter_map(|cells| minlex(&cells).ok()),
        );
    }
    forms
}

/// The `10.0..` rows: the measure with the datasets' puzzles as seeds and avoided (as the CLI
/// builds it), or with neither (the shipped starts).
fn hard_row(forms: &HashSet<Cells>) -> Measure {
    let geometry = Geometry::get(9, Variant::Standard).expect("9×9");
    let mut sorted: Vec<&Cells> = forms.iter().collect();
    sorted.sort_unstable();
    Measure::Se {
        band: "10.0..".parse().expect("a band"),
        seeds: sorted
            .into_iter()
            .filter_map(|f| Grid::from_cells(geometry, f.to_vec()).ok())
            .collect(),
        avoid: Avoid::new(forms.clone()),
    }
}

fn main() {
    let n = env_number("GEN_MEASURE_N", 20) as usize;
    let n_default = n;
    let budget_ms = env_number("GEN_MEASURE_BUDGET_S", 40) as f64 * 1000.0;
    let timeout = Duration::from_secs(env_number("GEN_MEASURE_TIMEOUT_S", 20));
    let only: Option<Vec<String>> = std::env::var("GEN_MEASURE_ROWS")
        .ok()
        .map(|v| v.split(',').map(str::to_string).collect());
    let wanted = |name: &str| only.as_ref().is_none_or(|o| o.iter().any(|x| x == name));
    let geometry = Geometry::get(9, Variant::Standard).expect("9×9");
    let mut rows: Vec<(String, Measure)> = Vec::new();
    for band in BANDS {
        let parsed: SeBand = band.parse().expect("a band");
        rows.push((
            format!("--se {band}"),
            Measure::Se {
                band: parsed,
                seeds: Vec::new(),
                avoid: Default::default(),
            },
        ));
    }
    for technique in TECHNIQUES {
        let need = Need::parse(technique, geometry).expect("a technique");
        rows.push((format!("--needs {technique}"), Measure::Needs(need)));
    }
    let hard_n = env_number("GEN_MEASURE_HARD_N", 5) as usize;
    let hard_timeout = Duration::from_secs(env_number("GEN_MEASURE_TIMEOUT_S", 120));
    let no_forms = HashSet::new();
    let forms = if wanted("10.0..") {
        let start = std::time::Instant::now();
        let forms = dataset_forms();
        eprintln!(
            "datasets: {} canonical forms read in {:.1} s (wall, not timed below)",
            forms.len(),
            start.elapsed().as_secs_f64()
        );
        forms
    } else {
        HashSet::new()
    };
    let mut hard_rows = Vec::new();
    if !forms.is_empty() {
        hard_rows.push((
            "--se 10.0.. --fresh (from the datasets)".to_string(),
            hard_row(&forms),
            &forms,
        ));
    }
    hard_rows.push((
        "--se 10.0.. --fresh (no datasets: shipped starts)".to_string(),
        hard_row(&no_forms),
        &no_forms,
    ));
    println!(
        "| target | ours: median per puzzle (of {n}) | baseline: generate + full rating, median | baseline / ours |"
    );
    println!("|---|---:|---:|---:|");
    let rows = rows
        .into_iter()
        .map(|(name, measure)| (name, measure, &no_forms, n, timeout))
        .chain(
            hard_rows
                .into_iter()
                .map(|(name, measure, avoid)| (name, measure, avoid, hard_n, hard_timeout)),
        );
    for (name, measure, avoid, n, timeout) in rows {
        let short = name.split_whitespace().nth(1).unwrap_or("");
        if !wanted(short) {
            continue;
        }
        let mut ours = Vec::new();
        let mut ours_spent = Duration::ZERO;
        for index in 0..n as u64 {
            if ours_spent.as_secs_f64() * 1e3 > budget_ms {
                break;
            }
            let start = thread_cpu();
            let made = generate_measured_nth(&options(1, timeout), &measure, index);
            let spent = thread_cpu() - start;
            ours_spent += spent;
            if let Ok(made) = made {
                ours.push(spent.as_secs_f64() * 1e3);
                check(&made.puzzle, &measure, avoid);
            }
        }
        let ours = Timing::of(ours, n);
        let name = if n == n_default {
            name
        } else {
            format!("{name}, median of {n}")
        };
        // The baseline: random puzzles, full ratings, until `n` fit or the budget is spent.
        let mut base = Vec::new();
        let mut spent_total = 0.0;
        let mut since = 0.0;
        let mut index = 0u64;
        while base.len() < n && spent_total < budget_ms {
            let start = thread_cpu();
            let made = generate_nth(&options(2, Duration::from_secs(10)), index);
            index += 1;
            let ok = made.is_ok_and(|m| fits(&m.puzzle, &measure));
            let spent = (thread_cpu() - start).as_secs_f64() * 1e3;
            spent_total += spent;
            since += spent;
            if ok {
                base.push(since);
                since = 0.0;
            }
        }
        let base = Timing::of(base, n);
        println!(
            "| `{name}` | {} | {} | {} |",
            ours.cell(),
            base.cell(),
            ratio(&ours, &base, spent_total)
        );
    }
}
