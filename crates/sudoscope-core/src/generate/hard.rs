//! Hard puzzles (SE ER 10.0–10.9) this project's own search made, shipped as starting points
//! for the climb to the top of SE's scale when the caller gives none (no `--from`, no
//! datasets).
//!
//! A puzzle at ER 10 or more is a few moves from others like it, but a long way from any
//! puzzle the generator makes: random minimal puzzles essentially never rate 9.4 or more, and
//! the climb from generated puzzles found none at 10 in 10 minutes. From a puzzle at 10 or
//! more, a neighbour at 10 or more takes about a second to find.
//!
//! How they were made: `generate --se 10.0.. --fresh` three times, each run climbing from the
//! puzzles of the one before (`--from`), the first from the shared datasets' puzzles
//! (`SUDOSCOPE_DATASETS=../shared/datasets`, seeds 1001, 1002, 1003, 40 puzzles each); the
//! third run's puzzles are these, with the ER `rate --se` gives each after it. So each is
//! several moves from any dataset puzzle and, checked by canonical form, equivalent to none of
//! them nor to each other: the tool's own output, no dataset puzzle copied. Every climb from
//! them moves away from them: a shipped puzzle, or one equivalent to it, is never returned.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::canon::Cells;
use crate::grid::{Geometry, Grid, Variant};

use super::avoid::form_of;

/// One puzzle a line (81 characters, `.` for empty); anything after the puzzle is a note.
const HARD_SEEDS: &str = include_str!("../../data/hard_seeds.txt");

/// The shipped puzzles.
pub(crate) fn seeds() -> &'static [Grid] {
    static SEEDS: OnceLock<Vec<Grid>> = OnceLock::new();
    SEEDS.get_or_init(|| parse(HARD_SEEDS))
}

/// Whether a canonical form is one of the shipped puzzles'.
pub(crate) fn is_shipped(form: &Cells) -> bool {
    static FORMS: OnceLock<HashSet<Cells>> = OnceLock::new();
    FORMS
        .get_or_init(|| seeds().iter().filter_map(form_of).collect())
        .contains(form)
}

/// The puzzles of the shipped text (lines that are not a 9×9 puzzle are passed over; the
/// test below holds that there are none).
fn parse(text: &str) -> Vec<Grid> {
    let Ok(geometry) = Geometry::get(9, Variant::Standard) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|line| {
            let puzzle = line.split_whitespace().next()?;
            let cells = puzzle
                .chars()
                .map(|c| match c {
                    '.' | '0' => Some(0),
                    _ => c.to_digit(10).map(|d| d as u8),
                })
                .collect::<Option<Vec<u8>>>()?;
            Grid::from_cells(geometry, cells).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::is_unique;

    #[test]
    fn every_shipped_line_is_a_puzzle_with_one_solution() {
        let lines = HARD_SEEDS.lines().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(seeds().len(), lines);
        for seed in seeds() {
            assert!(is_unique(seed));
            assert!(is_shipped(&form_of(seed).expect("a form")));
        }
    }
}
