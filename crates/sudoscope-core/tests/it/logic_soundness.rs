//! Soundness of the hint engine: no step may remove a true candidate or place a wrong digit.
//!
//! * `datasets_are_solved_soundly`: every uniquely solvable 9×9 puzzle of the datasets (and
//!   the SudoQ X and hyper sets under their variants) is solved exactly, then walked step by
//!   step by the test kit's soundness walker: at every board every step of `all_steps` is
//!   checked against the solution and the first one is applied, until the board is solved or
//!   no technique applies. The full sweep
//!   runs in `--release`; a debug build takes a sample of each file.
//! * One test per technique family on a small board (HoDoKu regression states and hand-made
//!   boards): every step found must agree with every completion of the board's candidates
//!   (checked with the exact solver), and at least one step must be found.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufReader;
use std::sync::atomic::{AtomicUsize, Ordering};

use sudoscope_core::exact::{self, Solution};
use sudoscope_core::grid::{Digits, Geometry, Puzzle, PuzzleReader, ReadOptions, Variant};
use sudoscope_core::logic::{self, Board, Step, Technique};

use sudoscope_testkit::datasets;
use sudoscope_testkit::reglib::board as reglib_board;
use sudoscope_testkit::soundness::{Route, walk};

/// The 9×9 files whose puzzles all have one solution (SOURCES.md), with their variant.
const FILES: &[(&str, Variant)] = &[
    ("norvig_top95.txt", Variant::Standard),
    ("norvig_hardest.txt", Variant::Standard),
    ("magictour_top1465.txt", Variant::Standard),
    ("royle_17clue_49158.txt", Variant::Standard),
    ("forum_hardest_1905_11plus.txt", Variant::Standard),
    ("forum_hardest_1106.txt", Variant::Standard),
    (
        "sudoku_exchange_diabolical_se_first320.txt",
        Variant::Standard,
    ),
    ("krazydad_9x9_vol1-2_11200.txt", Variant::Standard),
    ("nyt_graded_57.txt", Variant::Standard),
    ("kaggle1m_first20000.txt", Variant::Standard),
    ("kaggle3m_stratified_7034.txt", Variant::Standard),
    ("kaggle3m_curated_5000.txt", Variant::Standard),
    ("hodoku_exemplars_669.txt", Variant::Standard),
    ("hodoku_q2_taxonomy_8152.txt", Variant::Standard),
    ("sudoq_standard9x9_labeled.txt", Variant::Standard),
    ("sudoq_xsudoku_80.txt", Variant::X),
    ("sudoq_hypersudoku_80.txt", Variant::Hyper),
];

/// One worker's puzzles, solved-by-logic count, steps checked, violations, steps per
/// technique.
type WorkerTally = (usize, usize, usize, Vec<String>, BTreeMap<Technique, usize>);

/// Rows (0-based) and the columns each keeps the fish digit in.
type FishRows = &'static [(usize, &'static [usize])];

#[test]
fn datasets_are_solved_soundly() {
    let Some(dir) = datasets() else {
        return;
    };
    // The default run walks a sample of each file: the first puzzles and then every
    // stride-th (release: every 400th, about 700 puzzles, a few minutes on 2 cores, so CI
    // stays fast). SOUNDNESS_STRIDE=1 runs the full sweep (hours); SOUNDNESS_THREADS caps the
    // worker threads.
    let env = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse::<usize>().ok())
    };
    let (head, stride) = match env("SOUNDNESS_STRIDE") {
        Some(stride) => (0, stride.max(1)),
        None if cfg!(debug_assertions) => (4, 5000),
        None => (4, 400),
    };
    let threads = env("SOUNDNESS_THREADS").unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let mut total = (0usize, 0usize, 0usize, 0usize);
    let mut all_violations = Vec::new();
    let mut steps_by_technique: BTreeMap<Technique, usize> = BTreeMap::new();
    let started = std::time::Instant::now();
    println!(
        "{:<44} {:>8} {:>8} {:>10} {:>10}",
        "file", "puzzles", "solved", "steps", "violations"
    );
    for &(name, variant) in FILES {
        let path = dir.join(name);
        let Ok(file) = File::open(&path) else {
            println!("{name:<44} missing");
            continue;
        };
        let options = ReadOptions {
            variant,
            alphabet: None,
        };
        let puzzles: Vec<Puzzle> = PuzzleReader::new(BufReader::new(file), options)
            .enumerate()
            .filter(|(i, _)| *i < head || i % stride == 0)
            .filter_map(|(_, r)| r.result.ok())
            .collect();
        let next = AtomicUsize::new(0);
        let results: Vec<WorkerTally> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let (mut n, mut solved, mut checked) = (0, 0, 0);
                        let mut violations = Vec::new();
                        let mut by_technique = BTreeMap::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(puzzle) = puzzles.get(i) else { break };
                            let Solution::Unique(solution) = exact::solve(puzzle) else {
                                violations
                                    .push(format!("{}: not uniquely solvable", puzzle.to_line()));
                                continue;
                            };
                            let w = walk(
                                &Board::from_puzzle(puzzle),
                                solution.cells(),
                                Route::EveryStep { checked: &[] },
                            );
                            n += 1;
                            solved += w.solved as usize;
                            checked += w.steps_checked;
                            let line = puzzle.to_line();
                            violations.extend(w.violations.iter().map(|v| format!("{line}: {v}")));
                            for (t, c) in w.by_technique {
                                *by_technique.entry(t).or_insert(0usize) += c;
                            }
                        }
                        (n, solved, checked, violations, by_technique)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let (mut n, mut solved, mut checked, mut bad) = (0, 0, 0, 0);
        for (a, b, c, v, t) in results {
            for (t, c) in t {
                *steps_by_technique.entry(t).or_insert(0usize) += c;
            }
            n += a;
            solved += b;
            checked += c;
            bad += v.len();
            all_violations.extend(v);
        }
        println!("{name:<44} {n:>8} {solved:>8} {checked:>10} {bad:>10}");
        total.0 += n;
        total.1 += solved;
        total.2 += checked;
        total.3 += bad;
    }
    println!(
        "{:<44} {:>8} {:>8} {:>10} {:>10}",
        "total", total.0, total.1, total.2, total.3
    );
    println!("elapsed {:.1} s", started.elapsed().as_secs_f64());
    for (t, c) in &steps_by_technique {
        println!("  {:<22} {c:>10} steps checked", t.id());
    }
    for v in all_violations.iter().take(20) {
        println!("VIOLATION {v}");
    }
    assert!(
        all_violations.is_empty(),
        "{} violations",
        all_violations.len()
    );
}

// ---------------------------------------------------------------------------------------
// One family at a time, on small boards, against every completion of the candidates.

/// Whether some completion of the board's candidates has `digit` in `cell` (`want`) or has
/// something else there (`!want`).
fn completion_exists(board: &Board, cell: usize, digit: u8, want: bool) -> bool {
    let geometry = board.geometry();
    let mut candidates: Vec<Digits> = (0..geometry.cell_count())
        .map(|c| match board.value(c) {
            0 => board.candidates(c),
            v => Digits::single(v),
        })
        .collect();
    if want {
        candidates[cell] = Digits::single(digit);
    } else {
        candidates[cell].remove(digit);
    }
    exact::count_generic(geometry, &candidates, 1).solutions > 0
}

/// Every step of `technique` at `board` is sound against every completion; returns them.
fn assert_sound(board: &Board, technique: Technique) -> Vec<Step> {
    assert!(
        exact::count_generic(
            board.geometry(),
            &(0..board.geometry().cell_count())
                .map(|c| match board.value(c) {
                    0 => board.candidates(c),
                    v => Digits::single(v),
                })
                .collect::<Vec<_>>(),
            1
        )
        .solutions
            > 0,
        "the test board has no completion"
    );
    let steps = logic::find_all(board, technique);
    assert!(!steps.is_empty(), "no {technique} found");
    for step in &steps {
        assert_eq!(step.technique, technique);
        assert!(!step.explanation.is_empty());
        for e in &step.eliminations {
            assert!(
                !completion_exists(board, e.cell, e.digit, true),
                "{technique} removes {} from cell {} although a completion has it: {}",
                e.digit,
                e.cell,
                step.explanation
            );
        }
        for p in &step.placements {
            assert!(
                !completion_exists(board, p.cell, p.digit, false),
                "{technique} places {} in cell {} although a completion differs",
                p.digit,
                p.cell
            );
        }
    }
    steps
}

#[test]
fn intersections_are_sound() {
    // HoDoKu reglib 0100 (pointing) and 0101 (claiming) states.
    let board = reglib_board(
        "..5.7..13.36...7527...5..98....6.5...6.135.7..57.2.....2.54...75.....84.674.8...5",
        "",
    );
    assert_sound(&board, Technique::Pointing);
    let board = reglib_board(
        "..71235..3516497..629578341..64.2.35.32...4..5943..2.....9.61.4.65214..3......6..",
        "818 819 758 768 791 792 798 799",
    );
    assert_sound(&board, Technique::Claiming);
    // Multi-line: an empty 9×9 board where boxes 1 and 2 hold 7 only in rows 1 and 2.
    let geometry = Geometry::standard9();
    let mut candidates = vec![Digits::all(9); 81];
    for c in 0..6 {
        candidates[geometry.cell(2, c)].remove(7);
    }
    let board = Board::from_parts(geometry, vec![0; 81], candidates);
    assert_sound(&board, Technique::MultiLine);
}

#[test]
fn subsets_are_sound() {
    let board = reglib_board(
        "6.......8..2....7.94.........15.98..79....5.2.....4..916...5.2......2..5..3961...",
        "",
    );
    assert_sound(&board, Technique::LockedPair);
    let board = reglib_board(
        "7.9...34.3.274.5894859..72..31..8497.47.9.86..984.721.823.79.54176254938954....72",
        "",
    );
    assert_sound(&board, Technique::NakedPair);
    // A hidden pair and a naked triple on hand-made boards.
    let geometry = Geometry::standard9();
    let mut candidates = vec![Digits::all(9); 81];
    for r in 0..9 {
        if r != 1 && r != 6 {
            candidates[geometry.cell(r, 3)].remove(3);
            candidates[geometry.cell(r, 3)].remove(6);
        }
    }
    let board = Board::from_parts(geometry, vec![0; 81], candidates);
    assert_sound(&board, Technique::HiddenPair);
    let mut candidates = vec![Digits::all(9); 81];
    candidates[geometry.cell(4, 0)] = [1, 2].into_iter().collect();
    candidates[geometry.cell(4, 3)] = [2, 3].into_iter().collect();
    candidates[geometry.cell(4, 8)] = [1, 3].into_iter().collect();
    let board = Board::from_parts(geometry, vec![0; 81], candidates);
    assert_sound(&board, Technique::NakedTriple);
}

#[test]
fn fish_are_sound() {
    let geometry = Geometry::standard9();
    // Digit 4 kept, in each listed row (0-based), only in the listed columns.
    let cases: [(Technique, FishRows); 6] = [
        (Technique::XWing, &[(1, &[2, 7]), (6, &[2, 7])]),
        (
            Technique::Swordfish,
            &[(0, &[1, 3]), (4, &[3, 5]), (8, &[1, 5])],
        ),
        (
            Technique::Jellyfish,
            &[(0, &[0, 3]), (2, &[3, 5]), (4, &[5, 8]), (6, &[0, 8])],
        ),
        // Fin r7c9 in box 9.
        (Technique::FinnedXWing, &[(1, &[2, 7]), (6, &[2, 7, 8])]),
        // Row 9 keeps one covered place (c2) and the fin r9c3 in box 7.
        (
            Technique::SashimiSwordfish,
            &[(0, &[1, 3]), (4, &[3, 5]), (8, &[1, 2])],
        ),
        // Fins r8c5, r8c6 in box 8.
        (
            Technique::FinnedSwordfish,
            &[(0, &[1, 3, 7]), (3, &[1, 7]), (7, &[3, 4, 5, 7])],
        ),
    ];
    for (technique, rows) in cases {
        let mut candidates = vec![Digits::all(9); 81];
        for &(r, cols) in rows {
            for c in 0..9 {
                if !cols.contains(&c) {
                    candidates[geometry.cell(r, c)].remove(4);
                }
            }
        }
        let board = Board::from_parts(geometry, vec![0; 81], candidates);
        assert_sound(&board, technique);
    }
}

/// Per-technique and whole-engine timing of `all_steps` on the boards met while walking a
/// sample of puzzles (`cargo test --release -p sudoscope-core --test it logic_soundness::timing --
/// --ignored --nocapture`).
#[test]
#[ignore]
fn timing() {
    let Some(dir) = datasets() else {
        return;
    };
    let mut boards = Vec::new();
    for name in [
        "magictour_top1465.txt",
        "krazydad_9x9_vol1-2_11200.txt",
        "royle_17clue_49158.txt",
    ] {
        let file = File::open(dir.join(name)).unwrap();
        for record in PuzzleReader::new(BufReader::new(file), ReadOptions::default())
            .step_by(97)
            .take(40)
        {
            let puzzle = record.result.unwrap();
            let mut board = Board::from_puzzle(&puzzle);
            while let Some(step) = logic::next_step(&board, &[]) {
                boards.push(board.clone());
                board.apply(&step);
            }
        }
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        (v[v.len() / 2], v[v.len() * 99 / 100])
    };
    let time = |f: &dyn Fn(&Board)| {
        let times: Vec<f64> = boards
            .iter()
            .map(|b| {
                let t = std::time::Instant::now();
                f(b);
                t.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        median(times)
    };
    println!("{} boards", boards.len());
    for technique in logic::available() {
        let (m, p99) = time(&|b| {
            logic::find_all(b, technique);
        });
        println!(
            "{:<22} median {m:>9.1} µs   p99 {p99:>9.1} µs",
            technique.id()
        );
    }
    let (m, p99) = time(&|b| {
        logic::all_steps(b, &[]);
    });
    println!("{:<22} median {m:>9.1} µs   p99 {p99:>9.1} µs", "all_steps");
}

/// Sudoku Explainer's steps (`logic::se`) are sound too: on the committed SE fixtures (rated by
/// `serate`, so no dataset is needed), the whole SE path of every puzzle is walked and each
/// step — uniqueness tests, BUG, aligned exclusions and the chains up to dynamic forcing chains —
/// is checked against the puzzle's one solution (`se_never_stuck.rs` checks the nested levels).
#[test]
fn se_steps_are_sound() {
    use sudoscope_core::lab::se::{self, SeGrid};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/se/se121");
    let mut by_name: BTreeMap<String, usize> = BTreeMap::new();
    let mut violations = Vec::new();
    let mut puzzles = 0;
    for name in [
        "sudoku_exchange_320.txt",
        "generated_9x9_evil.txt",
        "generated_9x9_hard.txt",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect("fixture present");
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let Some(given) = line.split_whitespace().next() else {
                continue;
            };
            let puzzle = sudoscope_core::grid::parse_puzzle(given, ReadOptions::default())
                .expect("a fixture puzzle");
            let Solution::Unique(solution) = exact::solve(&puzzle) else {
                panic!("{given}: a fixture puzzle without one solution");
            };
            puzzles += 1;
            let grid = SeGrid::from_board(&Board::from_puzzle(&puzzle));
            let rated = se::rate_grid(grid, |h| {
                let family = h.name.split(" type").next().unwrap_or(&h.name).to_string();
                *by_name.entry(family).or_default() += 1;
                for &(c, d) in &h.removals {
                    if solution.get(c as usize) == d && h.placement != Some((c, d)) {
                        violations.push(format!("{given}: {} removes the true {d}", h.name));
                    }
                }
                if let Some((c, d)) = h.placement
                    && solution.get(c as usize) != d
                {
                    violations.push(format!("{given}: {} places a wrong {d}", h.name));
                }
            });
            assert!(rated.is_ok(), "{given}: SE walk stuck");
        }
    }
    eprintln!("{puzzles} puzzles; SE steps checked by technique: {by_name:?}");
    assert!(violations.is_empty(), "{violations:#?}");
    // The families beyond our own ladder were all exercised.
    for family in [
        "Unique Rectangle",
        "BUG",
        "Aligned Pair Exclusion",
        "Forcing Chain",
        "Nishio",
        "Dynamic",
    ] {
        assert!(
            by_name.keys().any(|k| k.starts_with(family)),
            "no {family} step met: {by_name:?}"
        );
    }
}
