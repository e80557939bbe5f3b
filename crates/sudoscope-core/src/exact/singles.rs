//! Naked and hidden singles to their fixpoint: the propagation every search in the engine runs
//! between guesses (the generator's grid filler, the watchable backtracking solver, L1-plus's
//! branch-and-propagate) — written once, here.
//!
//! A board is one candidate set per cell; a solved cell is a set of one digit. The fixpoint does
//! not depend on the order singles are taken in (placing a single never removes another), so
//! callers may pass any queue that covers the singles not yet propagated.

use crate::grid::{Digits, Geometry};

/// The cells holding exactly one candidate: the starting queue of [`propagate_from`].
pub fn single_cells(cand: &[Digits]) -> Vec<usize> {
    (0..cand.len()).filter(|&c| cand[c].len() == 1).collect()
}

/// Naked and hidden singles to a fixpoint, from every single cell; false on a contradiction (a
/// cell left without candidates, a digit without a place in a house, two singles that clash).
pub fn propagate(geometry: &Geometry, cand: &mut [Digits]) -> bool {
    let queue = single_cells(cand);
    propagate_from(geometry, cand, queue)
}

/// [`propagate`] where only the cells of `queue` may hold singles whose digit is still among
/// their peers' candidates. A search node whose parent was at the fixpoint passes just the cell
/// it set, which saves re-checking every solved cell's peers at every node.
pub fn propagate_from(geometry: &Geometry, cand: &mut [Digits], mut queue: Vec<usize>) -> bool {
    let all = Digits::all(geometry.size());
    let mut done = vec![false; cand.len()];
    loop {
        while let Some(cell) = queue.pop() {
            if done[cell] {
                continue;
            }
            done[cell] = true;
            let bit = cand[cell];
            for &p in geometry.peers(cell) {
                if !(cand[p] & bit).is_empty() {
                    cand[p] = cand[p] - bit;
                    match cand[p].len() {
                        0 => return false,
                        1 => queue.push(p),
                        _ => {}
                    }
                }
            }
        }
        let mut changed = false;
        for house in geometry.houses() {
            let (mut once, mut twice) = (Digits::EMPTY, Digits::EMPTY);
            for &c in &house.cells {
                twice |= once & cand[c];
                once |= cand[c];
            }
            if once != all {
                return false;
            }
            let hidden = once - twice;
            if hidden.is_empty() {
                continue;
            }
            for &c in &house.cells {
                let h = cand[c] & hidden;
                if !h.is_empty() && cand[c].len() > 1 {
                    if h.len() > 1 {
                        return false;
                    }
                    cand[c] = h;
                    queue.push(c);
                    changed = true;
                }
            }
        }
        if !changed && queue.is_empty() {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{ReadOptions, Shape, parse_puzzle};

    fn candidates(text: &str) -> (Shape, Vec<Digits>) {
        let puzzle = parse_puzzle(text, ReadOptions::default()).expect("a puzzle");
        (puzzle.givens.shape().clone(), puzzle.candidates())
    }

    #[test]
    fn singles_solve_an_easy_puzzle_and_contradictions_are_found() {
        let (geometry, mut cand) = candidates(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert!(propagate(&geometry, &mut cand));
        assert!(cand.iter().all(|c| c.len() == 1), "singles alone solve it");
        // Two 5s in row 1: a contradiction.
        let (geometry, mut cand) = candidates(&".".repeat(81));
        cand[0] = Digits::single(5);
        cand[1] = Digits::single(5);
        assert!(!propagate(&geometry, &mut cand));
        // A digit with no place left in row 1: a contradiction too.
        let (geometry, mut cand) = candidates(&".".repeat(81));
        for set in &mut cand[..9] {
            set.remove(7);
        }
        assert!(!propagate(&geometry, &mut cand));
    }
}
