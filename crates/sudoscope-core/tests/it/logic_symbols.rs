//! Every explanation speaks in the puzzle's own symbols: a digit is written as the puzzle's
//! alphabet writes it (`A` for 10 in `1-9A-G`, `C` for 3 in `A-I`), never as a number.
//!
//! The sharpest check writes a board in letters: then no number may be left in a text once its
//! cell names (`r12c3`) and house names (`row 4`, `columns 2 and 5`) are taken out, so a
//! digit printed as a number anywhere is caught. It runs on every technique at the boards of
//! `tests/data/hodoku_find_all.jsonl` (9×9 in `A-I`) and along the solution paths of 16×16
//! puzzles of the datasets (in `A-P`, and in `1-9A-G`, where every placement's symbol must be
//! the one its text names).

use sudoscope_testkit::symbols::stray_numbers;

use serde_json::Value;
use sudoscope_core::game::{Game, GameError};
use sudoscope_core::grid::{Alphabet, Geometry, Grid, Puzzle, ReadOptions, Variant, parse_puzzle};
use sudoscope_core::logic::{self, Board, Step, path};

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/hodoku_find_all.jsonl"
);

/// Whether a text says a cell takes `symbol` (`r1c2 = A`, or `r1c2 is A` in a chain's
/// conclusion).
fn names_placement(text: &str, symbol: char) -> bool {
    text.contains(&format!("= {symbol}")) || text.contains(&format!(" is {symbol} "))
}

/// Checks one step's text at a board written in letters.
fn speaks_letters(step: &Step) {
    let stray = stray_numbers(&step.explanation);
    assert!(
        stray.is_empty(),
        "{:?} writes a digit as a number ({stray:?}): {}",
        step.technique,
        step.explanation
    );
    for p in &step.placements {
        let symbol = char::from(b'A' + p.digit - 1);
        assert!(
            names_placement(&step.explanation, symbol),
            "{:?} places {symbol} without saying so: {}",
            step.technique,
            step.explanation
        );
    }
}

#[test]
fn the_stray_number_finder_finds_numbers_and_only_them() {
    assert!(stray_numbers("In row 12, A fits only in r12c10, so r12c10 = A").is_empty());
    assert!(stray_numbers("in rows 1, 4 and 7, C can only go in columns 2 and 5").is_empty());
    assert_eq!(stray_numbers("In box 1, 10 fits only in r1c4"), ["10"]);
    assert_eq!(
        stray_numbers("r1c2=5 ⇒ r3c4≠5; remove 3 from r1c1"),
        ["5", "5", "3"]
    );
}

#[test]
fn every_technique_speaks_letters_on_9x9() {
    let text = std::fs::read_to_string(DATA).expect("the HoDoKu fixture is in the repository");
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let record: Value = serde_json::from_str(line).expect("a JSON record");
        let values = record["values"].as_str().expect("values");
        let puzzle = parse_puzzle(values, ReadOptions::default()).expect("digits parse");
        let mut board = Board::from_puzzle(&puzzle).with_alphabet(Alphabet::Letters);
        let cands = record["cands"].as_str().expect("cands");
        for (cell, kept) in cands.split(',').enumerate() {
            for d in 1..=9u8 {
                if board.value(cell) == 0 && !kept.contains(char::from(b'0' + d)) {
                    board.eliminate(cell, d);
                }
            }
        }
        for technique in logic::available() {
            if technique.spec().last_resort && i % 15 != 0 {
                continue;
            }
            for step in logic::find_all(&board, technique) {
                speaks_letters(&step);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} steps checked");
}

/// 16×16 puzzles of the datasets, as many as `count`.
fn puzzles16(count: usize) -> Option<Vec<String>> {
    let dir = sudoscope_testkit::datasets()?;
    let text = std::fs::read_to_string(dir.join("tarek_first20_16x16.txt"))
        .expect("tarek_first20_16x16.txt in the datasets");
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .take(count)
            .map(str::to_string)
            .collect(),
    )
}

#[test]
fn solution_paths_on_16x16_speak_the_puzzles_symbols() {
    let Some(lines) = puzzles16(6) else {
        return;
    };
    let mut checked = 0;
    for line in &lines {
        let puzzle = parse_puzzle(line, ReadOptions::default()).expect("a 16×16 puzzle");
        let board = Board::from_puzzle(&puzzle);
        // In letters: no number but cell and house names.
        let lettered = path::solve(&board.clone().with_alphabet(Alphabet::Letters), &[]);
        for step in &lettered.steps {
            speaks_letters(step);
            checked += 1;
        }
        // In `1-9A-G`: no two-digit number where a digit belongs, and each placement names
        // its symbol.
        let digits = path::solve(&board.with_alphabet(Alphabet::Digits), &[]);
        assert_eq!(digits.steps.len(), lettered.steps.len(), "{line}");
        for step in &digits.steps {
            let stray = stray_numbers(&step.explanation);
            assert!(
                stray.iter().all(|n| n.len() == 1),
                "{:?}: {stray:?} in {}",
                step.technique,
                step.explanation
            );
            for p in &step.placements {
                let symbol = Alphabet::Digits.symbol(p.digit);
                assert!(
                    names_placement(&step.explanation, symbol),
                    "{}",
                    step.explanation
                );
            }
        }
        // Every step at the first board, not only the path's.
        for step in logic::all_steps(&Board::from_puzzle(&puzzle), &[]) {
            let stray = stray_numbers(&step.explanation);
            assert!(stray.iter().all(|n| n.len() == 1), "{}", step.explanation);
        }
    }
    assert!(checked > 500, "only {checked} steps checked");
}

#[test]
fn a_clash_is_named_in_the_puzzles_symbols() {
    // Row 1 of a 16×16 holds 10 (`A` in `1-9A-G`) twice.
    let geometry = Geometry::get(16, Variant::Standard).expect("16×16");
    let mut cells = vec![0u8; 256];
    cells[0] = 10;
    cells[5] = 10;
    let grid = Grid::from_cells(geometry, cells).expect("digits in range");
    let puzzle = Puzzle::from_grid(grid);
    let Err(GameError::Clash(message)) = Game::new(puzzle, None, None) else {
        panic!("a clash is refused");
    };
    assert!(message.starts_with("A appears twice in row 1"), "{message}");
}
