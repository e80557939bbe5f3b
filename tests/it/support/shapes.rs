//! Hand-made killer and jigsaw boards for the terminal UI's tests, its render benchmark and
//! the `shaped_play` example, built through `Geometry::shaped` from plain maps: a cage or
//! region map is nine lines of one label per cell.

use sudoscope_core::grid::{Cage, Geometry, Grid, Puzzle, ShapeSpec};

/// The solution of the classic `EASY` puzzle, which the killer's cages add up over.
pub const KILLER_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// Givens that alone make the killer unique (the classic easy puzzle's).
pub const KILLER_GIVENS: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// The cages: one label per cell; several cages cross a box line (`b`, `d`, `i`, `z`, ...).
pub const KILLER_CAGES: &str = "\
aabbcddee\
fagccchhe\
fggiijjhk\
llmmijnnk\
olpmqqnrr\
ospptquur\
vsswtxxyy\
vzzwAAxyy\
CCzDDAEEE";

/// A jigsaw's regions (0..9 per cell) and its puzzle (unique, easy: singles solve it).
pub const JIGSAW_REGIONS: &str =
    "000011225001111225003411125033442225333444525633444555636777888666777788666778888";
pub const JIGSAW_GIVENS: &str =
    "15.9....42.9.7..4.73..18.95417...5..38..6....9.2....3....7...2....69......1.3.9.7";
pub const JIGSAW_SOLUTION: &str =
    "158926374269573841736218495417382569385469712942157638893745126574691283621834957";

fn digits(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect()
}

/// The cages of a label map, each summed over `solution`.
pub fn cages_of(map: &str, solution: &[u8]) -> Vec<Cage> {
    let mut cages: Vec<Cage> = Vec::new();
    let mut seen = Vec::new();
    for label in map.chars() {
        if seen.contains(&label) {
            continue;
        }
        seen.push(label);
        let cells: Vec<usize> = map
            .chars()
            .enumerate()
            .filter(|&(_, l)| l == label)
            .map(|(i, _)| i)
            .collect();
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(Cage { cells, sum });
    }
    cages
}

/// The 9×9 killer: its cages, with the classic givens when `givens`, else none; and its
/// solution.
pub fn killer9(givens: bool, diagonals: bool) -> (Puzzle, Grid) {
    let solution = digits(KILLER_SOLUTION);
    let shape = Geometry::shaped(ShapeSpec {
        size: 9,
        regions: None,
        diagonals,
        windows: false,
        cages: cages_of(KILLER_CAGES, &solution),
    })
    .expect("the fixture's cages make a valid killer");
    let cells = if givens {
        digits(KILLER_GIVENS)
    } else {
        vec![0; 81]
    };
    let puzzle = Puzzle::from_grid(Grid::from_cells(&shape, cells).expect("81 cells"));
    let solution = Grid::from_cells(&shape, solution).expect("81 cells");
    (puzzle, solution)
}

/// The 9×9 jigsaw puzzle and its solution.
pub fn jigsaw9() -> (Puzzle, Grid) {
    let regions = JIGSAW_REGIONS
        .bytes()
        .map(|b| usize::from(b - b'0'))
        .collect();
    let shape = Geometry::shaped(ShapeSpec {
        size: 9,
        regions: Some(regions),
        diagonals: false,
        windows: false,
        cages: Vec::new(),
    })
    .expect("the fixture's regions make a valid jigsaw");
    let puzzle =
        Puzzle::from_grid(Grid::from_cells(&shape, digits(JIGSAW_GIVENS)).expect("81 cells"));
    let solution = Grid::from_cells(&shape, digits(JIGSAW_SOLUTION)).expect("81 cells");
    (puzzle, solution)
}
