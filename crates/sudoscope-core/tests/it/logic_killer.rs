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
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/solo").join(name);
    let text = std::fs::read_to_string(&path).expect("Solo fixture reads");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let p = solo::parse(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}"));
            (l.to_string(), p.puzzle().unwrap_or_else(|e| panic!("{name}: {e}")))
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
        let take = if cfg!(debug_assertions) { 3 } else { puzzles.len() };
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
    }
}
