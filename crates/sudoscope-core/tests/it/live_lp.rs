//! The LP solvers (`rfss-lp`, `rfss-ip`, `l1`, `l1-weighted`, `l1-plus`): they solve, they end on bad
//! input, their views keep their promises, a seed fixes a run, and the resource form used for
//! RFSS-LP has the same solutions as Horn's M_RFS system.

use std::time::Duration;

use sudoscope_core::grid::{Geometry, Grid, Puzzle, ReadOptions, Variant, parse_puzzle};
use sudoscope_core::lab::lp::{
    Backend, Formulation, L1Config, L1Plus, L1Solver, LpStatus, PlusConfig, RfssIp, RfssIpConfig,
    SignModel, is_solution, solve_lp,
};
use sudoscope_core::live::{self, LiveSolver, RunLimits, Status};

const NAMES: [&str; 5] = ["rfss-lp", "rfss-ip", "l1", "l1-weighted", "l1-plus"];

/// kaggle1m_first20000.txt, line 1.
const EASY: &str =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
const EASY_SOLUTION: &str =
    "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
/// magictour_top1465.txt, line 1.
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn puzzle(text: &str) -> Puzzle {
    match parse_puzzle(text, ReadOptions::default()) {
        Ok(p) => p,
        Err(e) => panic!("test puzzle does not parse: {e}"),
    }
}

fn solver(name: &str) -> Box<dyn LiveSolver> {
    match live::by_name(name) {
        Some(s) => s,
        None => panic!("{name} is registered"),
    }
}

fn limits(max: u64) -> RunLimits {
    RunLimits {
        max_iterations: Some(max),
        timeout: Some(Duration::from_secs(120)),
    }
}

use sudoscope_testkit::datasets;

#[test]
fn every_lp_solver_solves_an_easy_puzzle() {
    let p = puzzle(EASY);
    for name in NAMES {
        let mut s = solver(name);
        assert_eq!(s.name(), name);
        assert_eq!(s.iteration_unit(), "lp-solves");
        s.reset(&p, 1).unwrap();
        let out = live::run_to_end(s.as_mut(), limits(500));
        assert_eq!(out.status, Status::Solved, "{name}");
        let grid = out.solution.unwrap();
        assert_eq!(grid.to_line(p.alphabet), EASY_SOLUTION, "{name}");
        assert!(out.iterations >= 1, "{name} counts its LP solves");
    }
}

#[test]
fn rfss_ip_solves_the_first_magictour_puzzle() {
    let p = puzzle(HARD);
    let mut s = RfssIp::new(RfssIpConfig::default());
    s.reset(&p, 0).unwrap();
    let out = live::run_to_end(&mut s, limits(1_000_000));
    assert_eq!(out.status, Status::Solved);
    let grid = out.solution.unwrap();
    assert!(grid.is_solved() && p.givens.is_extended_by(&grid));
    eprintln!("rfss-ip: {} nodes, {:?}", s.nodes(), out.elapsed);
}

#[test]
fn l1_weighted_solves_the_first_magictour_puzzle() {
    let p = puzzle(HARD);
    let mut s = solver("l1-weighted");
    s.reset(&p, 7).unwrap();
    let out = live::run_to_end(s.as_mut(), limits(1_000));
    assert_eq!(out.status, Status::Solved);
}

#[test]
fn impossible_puzzles_end_without_a_solution() {
    // Two 5s in row 1; a puzzle whose r1c9 has no candidate (1-8 in its row, 9 in its
    // column); one where every cell keeps a candidate but digit 7 has no place in row 1 (r1c7-9
    // share box 3 with the 7 at r2c7).
    let clash = format!("55{}", ".".repeat(79));
    let no_candidate = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let hidden = format!("123456...{}7..{}", ".".repeat(6), ".".repeat(63));
    for text in [clash.as_str(), no_candidate.as_str(), hidden.as_str()] {
        let Ok(p) = parse_puzzle(text, ReadOptions::default()) else {
            continue; // the parser may refuse a clash itself; nothing to solve then
        };
        for name in NAMES {
            let mut s = solver(name);
            if s.reset(&p, 3).is_err() {
                continue;
            }
            let out = live::run_to_end(s.as_mut(), limits(2_000));
            assert_ne!(out.status, Status::Solved, "{name} on {text}");
            assert!(out.solution.is_none());
            assert!(out.iterations < 2_000, "{name} ended by itself on {text}");
        }
    }
}

#[test]
fn views_keep_their_promises() {
    let p = puzzle(HARD);
    let givens = p.givens.cells().to_vec();
    for name in NAMES {
        let mut s = solver(name);
        s.reset(&p, 11).unwrap();
        for _ in 0..6 {
            let view = s.view();
            assert_eq!(view.digits.len(), 81, "{name}");
            assert_eq!(view.confidence.len(), 81, "{name}");
            assert_eq!(view.iteration_unit, "lp-solves");
            for (cell, &given) in givens.iter().enumerate() {
                if given != 0 {
                    assert_eq!(view.digits[cell], given, "{name} keeps the givens");
                }
                assert!((0.0..=1.0).contains(&view.confidence[cell]), "{name}");
                assert!(view.digits[cell] as usize <= 9);
            }
            for &c in &view.unsettled {
                assert_eq!(givens[c], 0, "{name}: a given is never unsettled");
            }
            let conflicts = live::conflicting_cells(&p, &view.digits);
            assert_eq!(view.conflicts, conflicts, "{name}");
            if view.status == Status::Solved {
                assert!(view.conflicts.is_empty() && view.unsettled.is_empty());
                assert!(s.solution().is_some());
                break;
            }
            let before = view.iterations;
            let progress = s.step(Duration::from_millis(20));
            assert!(progress.iterations >= before, "{name}");
            assert!(
                progress.status.is_finished()
                    || progress.iterations <= before + 1
                    || name == "rfss-ip",
                "{name}: one LP solve per step"
            );
        }
    }
}

#[test]
fn a_seed_fixes_the_run() {
    let p = puzzle(HARD);
    let run = |seed: u64| {
        let config = L1Config {
            rounds: 2,
            ..L1Config::weighted()
        };
        let mut s = L1Solver::new("l1-weighted", config);
        s.reset(&p, seed).unwrap();
        let mut trace = Vec::new();
        for _ in 0..40 {
            let progress = s.step(Duration::from_millis(20));
            trace.push((progress.iterations, s.view().digits, s.restart_step()));
            if progress.status.is_finished() {
                break;
            }
        }
        trace
    };
    assert_eq!(run(5), run(5));
}

/// Horn's M_RFS (dense, |S|×|S|) from a formulation: `|res(x) ∩ res(y)| / |res(x)|`.
fn dense_m_rfs(form: &Formulation) -> Vec<Vec<f64>> {
    let n = form.var_count();
    (0..n)
        .map(|x| {
            let rx = form.column(x);
            (0..n)
                .map(|y| {
                    let ry = form.column(y);
                    let shared = rx.iter().filter(|r| ry.contains(r)).count();
                    shared as f64 / rx.len() as f64
                })
                .collect()
        })
        .collect()
}

#[test]
fn resource_form_and_m_rfs_have_the_same_solutions_on_4x4() {
    let g = Geometry::get(4, Variant::Standard).unwrap();
    for text in [
        "1...............",
        "12..............",
        "1..2..3..4......",
        "....2..1........",
    ] {
        let p = parse_puzzle(text, ReadOptions::default()).unwrap();
        let form = Formulation::reduced(g, p.givens.cells()).unwrap();
        let m = dense_m_rfs(&form);
        let n = form.var_count();
        // Resource form ⇒ M y = 1: the interior-point centre of the resource form.
        let out = solve_lp(
            &form,
            &vec![1.0; n],
            SignModel::NonNegative,
            Backend::InteriorPoint,
        );
        let LpStatus::Optimal(y) = out.status else {
            panic!("resource form solvable on {text}");
        };
        for row in &m {
            let v: f64 = row.iter().zip(&y).map(|(a, b)| a * b).sum();
            assert!((v - 1.0).abs() < 1e-6, "M y = 1 on {text}: {v}");
        }
        // M y = 1, y ≥ 0 ⇒ resource form: solve Horn's dense system with the simplex under a
        // few objectives (different vertices) and check every resource is covered once.
        for objective in 0..4 {
            let mut problem = microlp::Problem::new(microlp::OptimizationDirection::Minimize);
            let vars: Vec<_> = (0..n)
                .map(|j| {
                    let c = ((j * 7 + objective * 3) % 5) as f64;
                    problem.add_var(c, (0.0, f64::INFINITY))
                })
                .collect();
            for row in &m {
                let terms: Vec<_> = row
                    .iter()
                    .enumerate()
                    .filter(|&(_, &a)| a != 0.0)
                    .map(|(j, &a)| (vars[j], a))
                    .collect();
                problem.add_constraint(terms.as_slice(), microlp::ComparisonOp::Eq, 1.0);
            }
            let solution = problem.solve().unwrap().into_solution().unwrap();
            let y: Vec<f64> = vars.iter().map(|&v| solution.var_value(v)).collect();
            let mut coverage = vec![0.0; form.rows];
            for (j, &yj) in y.iter().enumerate() {
                for &r in form.column(j) {
                    coverage[r as usize] += yj;
                }
            }
            for (r, c) in coverage.iter().enumerate() {
                assert!(
                    (c - 1.0).abs() < 1e-6,
                    "resource {r} covered {c} times on {text}"
                );
            }
        }
    }
}

#[test]
fn reduced_and_full_formulations_agree() {
    let p = puzzle(EASY);
    let reduced = Formulation::reduced(p.geometry(), p.givens.cells()).unwrap();
    let full = Formulation::full(p.geometry(), p.givens.cells());
    assert_eq!(full.var_count(), 729);
    assert_eq!(full.rows, 324 + p.givens.filled_count());
    assert!(reduced.var_count() < 200 && reduced.rows < 200);
    for form in [&reduced, &full] {
        let n = form.var_count();
        for backend in [Backend::InteriorPoint, Backend::Simplex] {
            let out = solve_lp(form, &vec![1.0; n], SignModel::NonNegative, backend);
            let LpStatus::Optimal(x) = out.status else {
                panic!("feasible");
            };
            assert!(is_solution(&p, &form.decode(&x).digits), "{backend:?}");
        }
    }
    // Clashing clues: the reduced build refuses, the full LP is infeasible.
    let mut clues = p.givens.cells().to_vec();
    clues[1] = clues[2];
    assert!(Formulation::reduced(p.geometry(), &clues).is_err());
    let full = Formulation::full(p.geometry(), &clues);
    let out = solve_lp(
        &full,
        &vec![1.0; 729],
        SignModel::NonNegative,
        Backend::InteriorPoint,
    );
    assert!(!matches!(out.status, LpStatus::Optimal(_)));
    let _ = Grid::empty(p.geometry());
}

#[test]
fn lp_solvers_on_a_dataset_sample() {
    let Some(dir) = datasets() else {
        return;
    };
    let Ok(text) = std::fs::read_to_string(dir.join("kaggle1m_first20000.txt")) else {
        eprintln!("skipping: kaggle1m_first20000.txt not found");
        return;
    };
    for line in text.lines().take(3) {
        let p = puzzle(line.split_whitespace().next().unwrap_or(""));
        let mut s = solver("l1-weighted");
        s.reset(&p, 0).unwrap();
        let out = live::run_to_end(s.as_mut(), limits(200));
        assert_eq!(out.status, Status::Solved, "{line}");
    }
}

/// Runs l1-plus to the end on `p`.
fn run_plus(p: &Puzzle, cap: u64) -> (live::RunOutcome, L1Plus) {
    let mut s = L1Plus::new(PlusConfig {
        max_solves: cap,
        ..PlusConfig::default()
    });
    s.reset(p, 0).unwrap();
    let out = live::run_to_end(&mut s, limits(cap + 10));
    (out, s)
}

#[test]
fn l1_plus_answers_are_valid_solutions() {
    let mut puzzles = vec![HARD.to_string()];
    if let Some(dir) = datasets()
        && let Ok(text) = std::fs::read_to_string(dir.join("magictour_top1465.txt"))
    {
        // Every 97th puzzle: 16 spread over the file.
        puzzles.extend(
            text.lines()
                .step_by(97)
                .map(|l| l.split_whitespace().next().unwrap_or("").to_string()),
        );
    }
    for text in &puzzles {
        let p = puzzle(text);
        let (out, s) = run_plus(&p, 5_000);
        assert_eq!(out.status, Status::Solved, "{text}: {:?}", s.stop_reason);
        let grid = out.solution.unwrap();
        assert!(is_solution(&p, grid.cells()), "{text}");
        assert!(grid.is_solved() && p.givens.is_extended_by(&grid), "{text}");
    }
}

#[test]
fn l1_plus_reports_a_puzzle_without_solution() {
    // The first magictour puzzle with one wrong value added where no single sees the clash:
    // only the search can tell, and it must say so instead of looping.
    let p = puzzle(HARD);
    let (out, _) = run_plus(&p, 5_000);
    let solution = out.solution.unwrap().cells().to_vec();
    let givens = p.givens.cells().to_vec();
    let candidates = p.givens.candidates();
    let (cell, digit) = (0..81)
        .filter(|&c| givens[c] == 0)
        .flat_map(|c| candidates[c].iter().map(move |d| (c, d)))
        .find(|&(c, d)| d != solution[c])
        .unwrap();
    let mut wrong = givens.clone();
    wrong[cell] = digit;
    let line: String = wrong
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect();
    let bad = puzzle(&line);
    let (out, s) = run_plus(&bad, 5_000);
    assert_eq!(out.status, Status::Stuck, "{line}: {:?}", s.stop_reason);
    assert!(out.solution.is_none());
    assert!(out.iterations < 5_000, "ended by itself");
    assert!(
        s.stop_reason
            .as_deref()
            .unwrap_or("")
            .contains("no solution"),
        "{:?}",
        s.stop_reason
    );
}

#[test]
fn l1_plus_ends_on_puzzles_with_many_solutions() {
    // The empty grid and the easy puzzle stripped to its first 12 givens: any valid grid
    // keeping the givens is a right answer; the solver must not wander.
    let mut sparse: Vec<u8> = puzzle(EASY).givens.cells().to_vec();
    let mut kept = 0;
    for d in sparse.iter_mut() {
        if *d != 0 {
            kept += 1;
            if kept > 12 {
                *d = 0;
            }
        }
    }
    let sparse: String = sparse
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect();
    for text in [".".repeat(81), sparse] {
        let p = puzzle(&text);
        let (out, s) = run_plus(&p, 2_000);
        assert_eq!(out.status, Status::Solved, "{text}: {:?}", s.stop_reason);
        let grid = out.solution.unwrap();
        assert!(grid.is_solved() && p.givens.is_extended_by(&grid), "{text}");
        assert!(out.iterations < 2_000);
    }
}

#[test]
fn l1_plus_is_deterministic_and_does_one_lp_per_step() {
    let p = puzzle(HARD);
    let run = |seed: u64| {
        let mut s = L1Plus::new(PlusConfig::default());
        s.reset(&p, seed).unwrap();
        let mut trace = Vec::new();
        for _ in 0..200 {
            let before = s.view().iterations;
            let progress = s.step(Duration::from_millis(1));
            assert!(progress.iterations <= before + 1, "one LP solve per step");
            trace.push((progress.iterations, s.view().digits, s.depth()));
            if progress.status.is_finished() {
                break;
            }
        }
        trace
    };
    assert_eq!(run(5), run(5));
}
