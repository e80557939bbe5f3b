//! Killer and jigsaw hints: Simon Tatham's Solo puzzles (fixtures in `tests/data/solo/`, one
//! game ID a line, made with `sgt-solo --generate 20 3x3kdX`) walked step by step, every step
//! checked against the true solution, and each cage or region technique found where it
//! applies.

use std::path::PathBuf;

use sudoscope_core::grid::Puzzle;
use sudoscope_core::logic::{self, Board, Technique, path, rating};
use sudoscope_testkit::solo;
use sudoscope_testkit::soundness::violation;

/// The new techniques of killer and jigsaw.
const NEW: &[Technique] = &[
    Technique::CageCombination,
    Technique::CageLockedDigit,
    Technique::InniesOuties,
    Technique::KillerPair,
    Technique::KillerTriple,
    Technique::LawOfLeftovers,
];

fn fixture(name: &str) -> Vec<(String, Puzzle)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/solo")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("Solo fixture reads");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let p = solo::read(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}"));
            (
                l.to_string(),
                p.puzzle().unwrap_or_else(|e| panic!("{name}: {e}")),
            )
        })
        .collect()
}

fn solution(puzzle: &Puzzle) -> Vec<u8> {
    let s = solo::solutions(puzzle, 2);
    assert_eq!(s.len(), 1, "a Solo puzzle has one solution");
    s.into_iter().next().unwrap_or_default()
}

#[test]
fn solo_ids_read_into_shapes_with_one_solution() {
    for (id, puzzle) in fixture("killer_b.txt").into_iter().take(3) {
        let g = puzzle.geometry();
        assert!(!g.cages().is_empty(), "{id}");
        let s = solution(&puzzle);
        let grid = sudoscope_core::grid::Grid::from_cells(g, s).expect("solution grid");
        assert!(grid.is_solved(), "{id}");
    }
    for (id, puzzle) in fixture("jigsaw_u.txt").into_iter().take(3) {
        assert!(puzzle.geometry().box_size().is_none(), "{id}");
        solution(&puzzle);
    }
}

/// Walks the hint path of every puzzle of the fixtures, checking every step (and every step of
/// the new techniques found at each board) against the solution; prints the table of levels.
/// A release run checks the first 8 puzzles of each file (about 40% of the steps, to keep the
/// suite's time) and `SUDOSCOPE_FULL_SWEEP=1` all of them; a debug run the first 3.
#[test]
fn solo_paths_are_sound_and_complete() {
    for file in [
        "killer_b.txt",
        "killer_i.txt",
        "killer_a.txt",
        "killer_e.txt",
        "killer_u.txt",
        "killer_x_i.txt",
        "jigsaw_u.txt",
    ] {
        let puzzles = fixture(file);
        let take = if cfg!(debug_assertions) {
            3
        } else if std::env::var_os("SUDOSCOPE_FULL_SWEEP").is_some() {
            puzzles.len()
        } else {
            8
        };
        let (mut solved, mut steps, mut checked) = (0, 0, 0);
        let mut score = 0.0;
        for (id, puzzle) in puzzles.iter().take(take) {
            let truth = solution(puzzle);
            let board = Board::from_puzzle(puzzle);
            let p = path::solve(&board, &[]);
            let mut work = board.clone();
            for step in &p.steps {
                if let Some(why) = violation(step, &truth, board.geometry()) {
                    panic!("{file} {id}: {why}");
                }
                // Every step of the new techniques at this board is sound too.
                for t in NEW {
                    for other in logic::find_all(&work, *t) {
                        checked += 1;
                        if let Some(why) = violation(&other, &truth, board.geometry()) {
                            panic!("{file} {id}: {why}");
                        }
                    }
                }
                path::apply(&mut work, step);
            }
            steps += p.steps.len();
            solved += usize::from(p.solved);
            score += rating::rate(puzzle).score;
        }
        eprintln!(
            "{file}: {solved}/{take} solved, {:.1} steps, mean score {:.2}, {checked} steps of the new techniques checked",
            steps as f64 / take as f64,
            score / take as f64
        );
        // Every killer is solved without guessing; some of Solo's hardest jigsaws still
        // outlast the chains (the jigsaw fallback is not yet as strong as the 9×9 one).
        if file.starts_with("killer") {
            assert_eq!(solved, take, "{file}: a killer's hint path got stuck");
        }
    }
}

/// The first board, along the hint paths of the fixture's puzzles (up to `take` of them),
/// where `technique` finds a step; every step it finds there is checked against the truth.
fn first_use(file: &str, take: usize, technique: Technique) -> Option<(String, usize)> {
    for (id, puzzle) in fixture(file).into_iter().take(take) {
        let truth = solution(&puzzle);
        let board = Board::from_puzzle(&puzzle);
        let p = path::solve(&board, &[]);
        let mut work = board.clone();
        for step in &p.steps {
            let found = logic::find_all(&work, technique);
            if !found.is_empty() {
                for s in &found {
                    assert_eq!(s.technique, technique);
                    assert!(!s.explanation.is_empty(), "{technique}: no text");
                    if let Some(why) = violation(s, &truth, board.geometry()) {
                        panic!("{file} {id}: {why}");
                    }
                }
                return Some((found[0].explanation.clone(), found.len()));
            }
            path::apply(&mut work, step);
        }
    }
    None
}

macro_rules! applies {
    ($name:ident, $technique:expr, $file:expr, $take:expr, $words:expr) => {
        #[test]
        fn $name() {
            let (text, _) = first_use($file, $take, $technique)
                .unwrap_or_else(|| panic!("{} found nowhere in {}", $technique, $file));
            assert!(text.contains($words), "{text}");
        }
    };
}

applies!(
    cage_combination_applies,
    Technique::CageCombination,
    "killer_b.txt",
    1,
    "Cage combination"
);
applies!(
    cage_locked_digit_applies,
    Technique::CageLockedDigit,
    "killer_i.txt",
    5,
    "holds"
);
applies!(
    innies_outies_apply,
    Technique::InniesOuties,
    "killer_i.txt",
    5,
    "Rule of 45"
);
applies!(
    killer_pair_applies,
    Technique::KillerPair,
    "killer_a.txt",
    10,
    "Killer pair"
);
applies!(
    killer_triple_applies,
    Technique::KillerTriple,
    "killer_e.txt",
    20,
    "Killer triple"
);
applies!(
    law_of_leftovers_applies,
    Technique::LawOfLeftovers,
    "jigsaw_u.txt",
    10,
    "Law of leftovers"
);

/// The start of a killer: a cage whose sum one digit set makes loses every other digit, with
/// the set named in the text.
#[test]
fn a_two_cell_cage_of_three_holds_one_and_two() {
    // Two cells summing to 3 in the top-left corner, the rest single-cell cages of a valid
    // grid (rows shifted by 3, bands by 1).
    let value = |cell: usize| ((3 * (cell / 9) + cell / 27 + cell % 9) % 9 + 1) as u32;
    let mut cages = vec![sudoscope_core::grid::Cage {
        cells: vec![1, 2],
        sum: value(1) + value(2),
    }];
    for cell in (0..81).filter(|c| ![1, 2].contains(c)) {
        cages.push(sudoscope_core::grid::Cage {
            cells: vec![cell],
            sum: value(cell),
        });
    }
    let shape = sudoscope_core::grid::Geometry::shaped(sudoscope_core::grid::ShapeSpec {
        size: 9,
        cages,
        ..Default::default()
    })
    .expect("shape");
    let grid = sudoscope_core::grid::Grid::empty(&shape);
    let board = Board::from_grid(&grid);
    let steps = logic::find_all(&board, Technique::CageCombination);
    // The 5-cage of r1c2, r1c3 (2 + 3): {1,4} or {2,3}; every single-cell cage is its digit.
    let pair = steps
        .iter()
        .find(|s| s.cages.len() == 1 && s.cells == vec![1, 2])
        .expect("a step for the two-cell cage");
    assert!(
        pair.explanation.contains("{2,3} or {1,4}"),
        "{}",
        pair.explanation
    );
    assert!(pair.eliminations.iter().all(|e| [1, 2].contains(&e.cell)));
    assert!(
        !pair
            .eliminations
            .iter()
            .any(|e| [1, 2, 3, 4].contains(&e.digit))
    );
    assert_eq!(pair.eliminations.len(), 2 * 5);
}

/// The rating table of the Solo levels (`cargo test --release -p sudoscope-core --test it
/// logic_killer::solo_levels_table -- --ignored --nocapture`): per fixture, the mean score,
/// the levels, the mean steps and how many puzzles used each new technique.
#[test]
#[ignore]
fn solo_levels_table() {
    for file in [
        "killer_b.txt",
        "killer_i.txt",
        "killer_a.txt",
        "killer_e.txt",
        "killer_u.txt",
        "jigsaw_u.txt",
    ] {
        let puzzles = fixture(file);
        let mut levels = [0usize; 4];
        let (mut score, mut steps) = (0.0, 0usize);
        let mut used: std::collections::BTreeMap<Technique, usize> = Default::default();
        let start = std::time::Instant::now();
        for (_, puzzle) in &puzzles {
            let r = rating::rate(puzzle);
            score += r.score;
            steps += r.steps;
            levels[rating::Level::ALL
                .iter()
                .position(|l| *l == r.level)
                .unwrap_or(0)] += 1;
            for (t, _) in &r.uses {
                *used.entry(*t).or_default() += 1;
            }
        }
        let k = puzzles.len() as f64;
        eprintln!(
            "{file}: score {:.2}, levels e/m/h/v {:?}, steps {:.1}, {:.0} ms/puzzle, used: {}",
            score / k,
            levels,
            steps as f64 / k,
            start.elapsed().as_secs_f64() * 1000.0 / k,
            used.iter()
                .filter(|(t, _)| !matches!(
                    t,
                    Technique::NakedSingle | Technique::HiddenSingle | Technique::FullHouse
                ))
                .map(|(t, n)| format!("{t} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
}

/// Never stuck: with the cage techniques left out, the forcing chains alone still move on a
/// zero-given killer — only through the cages' links — and every step they take is sound and
/// names the cage a link came from.
#[test]
fn forcing_chains_propagate_through_cages() {
    let (id, puzzle) = fixture("killer_b.txt")
        .into_iter()
        .next()
        .expect("a killer");
    let truth = solution(&puzzle);
    let mut board = Board::from_puzzle(&puzzle);
    let order = path::order(&[
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::ForcingChainContradiction,
        Technique::DigitForcingChain,
    ]);
    let mut named = 0;
    for _ in 0..5 {
        let Some(step) = path::next_step(&board, &order) else {
            break;
        };
        if let Some(why) = violation(&step, &truth, board.geometry()) {
            panic!("{id}: {why}");
        }
        named += usize::from(step.explanation.contains("-cage"));
        assert!(path::apply(&mut board, &step));
    }
    assert!(named > 0, "no forcing step went through a cage");
}
