//! What the X pass of the cycle and forcing-chain search found for each digit, kept from one
//! step of a rating to the next.
//!
//! The X pass follows house links alone: "cell is digit" turns the digit off in the cell's
//! houses, and "cell is not digit" turns on the digit's other place in a house with two. Every
//! link stays within one digit, so what the pass finds from the assumptions of one digit — its
//! cycles, its forcing chains, their lengths and what they remove — depends on that digit's
//! places alone, not on the rest of the grid. (A forcing chain that ends in "cell is digit"
//! places the digit, which removes the cell's other candidates; those are read from the grid
//! when the step is used.)
//!
//! From one step of a rating to the next the grid loses a candidate or a few, and a placement
//! or two follow; most digits keep every place, and their X pass would find just what it found
//! before. So each digit's first step (in SE's order) is remembered with the places it was
//! found at, and only the digits that lost a place are searched again.

use super::super::grid::{SeGrid, bit, digits};
use super::ChainHint;

/// One digit's first X-pass step, and the places of the digit it was found at.
#[derive(Clone)]
struct Remembered {
    places: u128,
    /// The first step in SE's order (difficulty, size, then the order found), with the cell
    /// of its assumption; none when the pass finds nothing for the digit.
    first: Option<(u8, ChainHint)>,
}

/// Each digit's first X-pass step at the digit's places, for the steps of one rating.
#[derive(Default)]
pub struct XPassMemo {
    by_digit: [Option<Remembered>; 10],
}

impl XPassMemo {
    /// The digit's first step (with its assumption's cell) when the digit's places are those it
    /// was found at; `None` when the digit must be searched again.
    pub fn get(&self, digit: u8, places: u128) -> Option<Option<(u8, ChainHint)>> {
        let remembered = self.by_digit[digit as usize].as_ref()?;
        (remembered.places == places).then(|| remembered.first.clone())
    }

    pub fn insert(&mut self, digit: u8, places: u128, first: Option<(u8, ChainHint)>) {
        self.by_digit[digit as usize] = Some(Remembered { places, first });
    }
}

/// A remembered step as it stands at `grid`: a forcing chain that places its digit removes the
/// cell's other candidates as they are now (the others — cycles, and chains that remove the
/// digit — touch the digit's places only, which are as they were).
pub fn at_grid(mut hint: ChainHint, grid: &SeGrid) -> ChainHint {
    if let Some((cell, digit)) = hint.placement {
        hint.removals = digits(grid.cands[cell as usize] & !bit(digit))
            .map(|other| (cell, other))
            .collect();
    }
    hint
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::se::chaining::Kind;
    use crate::logic::se::test_grids::{PUZZLES, start};

    /// A remembered chain that places its digit removes the cell's other candidates as they
    /// are at the grid it is used at; one that removes the digit removes it as it did.
    #[test]
    fn a_remembered_placement_removes_the_cells_candidates_as_they_are_now() {
        let mut grid = start(PUZZLES[2]);
        let cell = (0..81u8)
            .find(|&c| grid.cands[c as usize].count_ones() >= 3)
            .expect("a cell with three candidates");
        let held: Vec<u8> = digits(grid.cands[cell as usize]).collect();
        let chain = |removals: Vec<(u8, u8)>, placement| ChainHint {
            kind: Kind::ForcingChain { x: true, y: false },
            difficulty: 66,
            complexity: 6,
            sort_key: 2,
            removals,
            placement,
            targets: Vec::new(),
            source: None,
        };
        let placing = chain(
            held[1..].iter().map(|&d| (cell, d)).collect(),
            Some((cell, held[0])),
        );
        let removing = chain(vec![(cell, held[0])], None);
        grid.remove(cell, held[1]);
        let now: Vec<(u8, u8)> = held[2..].iter().map(|&d| (cell, d)).collect();
        assert_eq!(at_grid(placing, &grid).removals, now);
        assert_eq!(at_grid(removing, &grid).removals, vec![(cell, held[0])]);
    }
}
