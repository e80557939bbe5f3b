//! Hints that are never stuck: on puzzles where our own ladder stops, the path with Sudoku
//! Explainer's steps (`path::solve_never_stuck`) reaches the solution, and no step — ours or
//! SE's — removes a true digit or places a wrong one (soundness of the SE techniques).

use std::path::Path;

use sudoscope_core::exact::{self, Solution};
use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::{Board, Technique, path};

/// Walks the never-stuck path and checks every step against the solution.
fn solves_soundly(line: &str) -> usize {
    let puzzle = parse_puzzle(line, ReadOptions::default()).expect("a puzzle");
    let Solution::Unique(solution) = exact::solve(&puzzle) else {
        panic!("{line}: not a puzzle with one solution");
    };
    let board = Board::from_puzzle(&puzzle);
    let walked = path::solve_never_stuck(&board, &[], true);
    assert!(
        walked.solved,
        "{line}: stuck after {} steps",
        walked.steps.len()
    );
    let mut se_steps = 0;
    for step in &walked.steps {
        for p in &step.placements {
            assert_eq!(
                solution.get(p.cell),
                p.digit,
                "{line}: wrong placement in {step:?}"
            );
        }
        for e in &step.eliminations {
            assert_ne!(
                solution.get(e.cell),
                e.digit,
                "{line}: true digit removed by {step:?}"
            );
        }
        if step.technique == Technique::SeStep {
            se_steps += 1;
        }
    }
    se_steps
}

#[test]
fn forum_hardest_sample_is_solved_with_se_steps() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/se/se121/forum_hardest_1106_sample.txt");
    let text = std::fs::read_to_string(fixture).expect("fixture present");
    let mut se_steps = 0;
    // The ER 9.7 puzzle of the sample (the others take minutes on two cores).
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains(" 9.7 "))
    {
        let puzzle = line.split_whitespace().next().expect("a puzzle");
        se_steps += solves_soundly(puzzle);
    }
    // Our own ladder is stuck on these: SE's chains must have carried the path.
    assert!(se_steps > 0);
}
