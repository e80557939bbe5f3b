//! A random puzzle equivalent to a 9×9 one: the same transformations the canonical form
//! undoes (relabelling the digits, permuting the rows within bands, the bands, the columns
//! within stacks, the stacks, transposing).
//!
//! The climb from known puzzles starts from their canonical forms (a dataset is read as its
//! set of forms), and a puzzle a few moves from a minlex form still looks like one — empty
//! top rows, small digits first. So the climb starts from a random member of the start's
//! class instead. (Equivalent puzzles have as many solutions, but SE's rating of them can
//! differ: its chain search follows the cell order. The climb rates the puzzles
//! it returns as they are.)

use crate::grid::Grid;
use crate::rng::{GenRng, RandomSource};

/// A random order of 0..9 that keeps each group of three (band or stack) together.
fn line_order(rng: &mut GenRng) -> [usize; 9] {
    let mut groups = [0usize, 1, 2];
    rng.shuffle(&mut groups);
    let mut out = [0usize; 9];
    for (i, &g) in groups.iter().enumerate() {
        let mut within = [0usize, 1, 2];
        rng.shuffle(&mut within);
        for (j, &w) in within.iter().enumerate() {
            out[i * 3 + j] = g * 3 + w;
        }
    }
    out
}

/// The images of a standard 9×9 puzzle and its solution under one random transformation;
/// anything else is returned unchanged.
pub(crate) fn disguise(givens: Grid, solution: Grid, rng: &mut GenRng) -> (Grid, Grid) {
    if givens.cells().len() != 81 || solution.cells().len() != 81 {
        return (givens, solution);
    }
    let rows = line_order(rng);
    let cols = line_order(rng);
    let transpose = rng.below(2) == 1;
    let mut relabel = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut relabel);
    let image = |grid: &Grid| -> Option<Grid> {
        let mut cells = vec![0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = if transpose {
                    (cols[c], rows[r])
                } else {
                    (rows[r], cols[c])
                };
                let digit = grid.get(sr * 9 + sc);
                cells[r * 9 + c] = if digit == 0 {
                    0
                } else {
                    relabel[digit as usize - 1]
                };
            }
        }
        Grid::from_cells(grid.geometry(), cells).ok()
    };
    match (image(&givens), image(&solution)) {
        (Some(g), Some(s)) => (g, s),
        _ => (givens, solution),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::minlex;
    use crate::grid::{Geometry, Variant};

    #[test]
    fn the_image_is_equivalent_and_keeps_its_solution() {
        let geometry = Geometry::get(9, Variant::Standard).expect("9×9");
        let text =
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
        let cells: Vec<u8> = text
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        let givens = Grid::from_cells(geometry, cells).expect("a grid");
        let mut solved = [0u8; 81];
        let mut puzzle = [0u8; 81];
        puzzle.copy_from_slice(givens.cells());
        assert_eq!(crate::exact::count_9x9(&puzzle, 2, &mut solved).0, 1);
        let solution = Grid::from_cells(geometry, solved.to_vec()).expect("a grid");
        let mut rng = GenRng::new(5, 0);
        let (g, s) = disguise(givens.clone(), solution, &mut rng);
        assert_ne!(g, givens);
        let form = |grid: &Grid| minlex(grid.cells().try_into().expect("81")).expect("a form");
        assert_eq!(form(&g), form(&givens));
        assert!(s.is_solved());
        assert!((0..81).all(|c| g.get(c) == 0 || g.get(c) == s.get(c)));
    }
}
