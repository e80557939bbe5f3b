//! Boards written the way HoDoKu's regression library (reglib) writes them: 81 digits (`.`
//! for an empty cell) and candidate lists as blank-separated `<digit><row><col>` triples.

use sudoscope_core::grid::{Geometry, Grid};
use sudoscope_core::logic::Board;

/// The `<digit><row><col>` triples of a reglib field as (digit, 9×9 cell index) pairs.
///
/// # Panics
/// On an entry that is not three characters: the fields are the tests' own fixtures.
pub fn triples(field: &str) -> Vec<(u8, usize)> {
    field
        .split_whitespace()
        .map(|t| {
            let b = t.as_bytes();
            assert_eq!(b.len(), 3, "bad candidate entry {t:?}");
            let (d, r, c) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
            (d, r * 9 + c)
        })
        .collect()
}

/// The board of a reglib line: the grid's digits (givens and placed cells alike), every
/// candidate no placed peer rules out, minus the `deleted` candidates (triples).
///
/// # Panics
/// When `grid81` is not 81 digits or dots.
pub fn board(grid81: &str, deleted: &str) -> Board {
    let geometry = Geometry::standard9();
    let values: Vec<u8> = grid81
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    let grid = Grid::from_cells(geometry, values.clone()).expect("81 digits");
    let mut board = Board::from_parts(geometry, values, grid.candidates());
    for (digit, cell) in triples(deleted) {
        board.eliminate(cell, digit);
    }
    board
}
