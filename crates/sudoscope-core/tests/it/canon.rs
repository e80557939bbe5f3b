//! The canonical (minlex) form: the fast search against the definition tried literally over
//! all 3,359,232 transformations, its invariance under random transformations, the `sudoku`
//! crate's canonical form of solved grids, the public datasets, and the refusals.
//!
//! The brute force takes tens of milliseconds a puzzle in release builds (seconds in debug
//! builds), so the cases compared with it are few; the cheap properties run many cases.

use std::collections::HashSet;
use std::time::Duration;

use proptest::prelude::*;
use sudoscope_core::canon::{
    CanonError, Canonicalizer, Cells, brute_force_minlex, minlex, minlex_puzzle,
};
use sudoscope_core::generate::random_grid;
use sudoscope_core::grid::{ReadOptions, Variant, parse_puzzle};

use sudoscope_testkit::datasets;

/// Cases against the brute force: few in debug builds, where it takes seconds each.
fn brute_cases() -> u32 {
    if cfg!(debug_assertions) { 2 } else { 12 }
}

/// A random complete 9×9 grid from the engine's generator.
fn solved_grid(seed: u64) -> Cells {
    let grid = random_grid(9, Variant::Standard, seed, 0, Duration::from_secs(10))
        .expect("9×9 grids are always found");
    grid.cells().try_into().expect("81 cells")
}

/// A puzzle from a random solved grid: each cell kept when its draw is below `density`
/// (0–100), so anything from an empty grid to a full one comes out.
fn puzzle_strategy() -> impl Strategy<Value = Cells> {
    (any::<u64>(), 0u8..=100, prop::collection::vec(0u8..100, 81)).prop_map(
        |(seed, density, draws)| {
            let grid = solved_grid(seed);
            std::array::from_fn(|cell| if draws[cell] < density { grid[cell] } else { 0 })
        },
    )
}

/// One of the 3,359,232 × 9! transformations, as the choices that make it.
#[derive(Clone, Debug)]
struct Transform {
    transpose: bool,
    bands: [usize; 3],
    rows: [[usize; 3]; 3],
    stacks: [usize; 3],
    cols: [[usize; 3]; 3],
    digits: Vec<u8>,
}

fn perm3() -> impl Strategy<Value = [usize; 3]> {
    Just(vec![0usize, 1, 2])
        .prop_shuffle()
        .prop_map(|v| [v[0], v[1], v[2]])
}

fn transform_strategy() -> impl Strategy<Value = Transform> {
    (
        any::<bool>(),
        perm3(),
        [perm3(), perm3(), perm3()],
        perm3(),
        [perm3(), perm3(), perm3()],
        Just((1..=9).collect::<Vec<u8>>()).prop_shuffle(),
    )
        .prop_map(|(transpose, bands, rows, stacks, cols, digits)| Transform {
            transpose,
            bands,
            rows,
            stacks,
            cols,
            digits,
        })
}

impl Transform {
    /// The transformed puzzle: target row `3b + i` is source row `3 bands[b] + rows[b][i]`,
    /// columns likewise, after the optional transpose; digit `d` becomes `digits[d - 1]`.
    fn apply(&self, cells: &Cells) -> Cells {
        let line = |chutes: &[usize; 3], within: &[[usize; 3]; 3], target: usize| {
            chutes[target / 3] * 3 + within[target / 3][target % 3]
        };
        std::array::from_fn(|cell| {
            let (r, c) = (
                line(&self.bands, &self.rows, cell / 9),
                line(&self.stacks, &self.cols, cell % 9),
            );
            let digit = if self.transpose {
                cells[c * 9 + r]
            } else {
                cells[r * 9 + c]
            };
            if digit == 0 {
                0
            } else {
                self.digits[digit as usize - 1]
            }
        })
    }
}

fn line(cells: &Cells) -> String {
    cells.iter().map(|&d| char::from(b'0' + d)).collect()
}

fn cells_of(text: &str) -> Cells {
    let bytes = text.as_bytes();
    std::array::from_fn(|i| match bytes[i] {
        b'1'..=b'9' => bytes[i] - b'0',
        _ => 0,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(brute_cases()))]

    #[test]
    fn search_matches_brute_force_on_random_puzzles(puzzle in puzzle_strategy()) {
        let fast = minlex(&puzzle).unwrap();
        let brute = brute_force_minlex(&puzzle).unwrap();
        prop_assert_eq!(line(&fast), line(&brute), "puzzle {}", line(&puzzle));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn canon_is_invariant_under_transformations(
        puzzle in puzzle_strategy(),
        transform in transform_strategy(),
    ) {
        let moved = transform.apply(&puzzle);
        prop_assert_eq!(line(&minlex(&moved).unwrap()), line(&minlex(&puzzle).unwrap()));
    }

    #[test]
    fn canon_is_an_equivalent_puzzle_in_its_own_canon_form(puzzle in puzzle_strategy()) {
        let canon = minlex(&puzzle).unwrap();
        // Same givens per digit class sizes, same count, and a fixed point.
        prop_assert_eq!(
            canon.iter().filter(|&&d| d != 0).count(),
            puzzle.iter().filter(|&&d| d != 0).count()
        );
        prop_assert_eq!(line(&minlex(&canon).unwrap()), line(&canon));
        prop_assert!(canon <= puzzle_relabelled(&puzzle));
    }
}

/// The puzzle itself with first-appearance labels: one of the candidates, so never smaller
/// than the minimum.
fn puzzle_relabelled(cells: &Cells) -> Cells {
    let mut labels = [0u8; 10];
    let mut next = 1;
    cells.map(|d| {
        if d == 0 {
            return 0;
        }
        if labels[d as usize] == 0 {
            labels[d as usize] = next;
            next += 1;
        }
        labels[d as usize]
    })
}

/// Puzzles whose minlex form is known from the definition alone.
#[test]
fn small_cases_by_hand() {
    let empty = [0u8; 81];
    assert_eq!(minlex(&empty).unwrap(), empty);
    // A single given: eight empty rows come first, and it ends the last one as 1.
    let mut one = [0u8; 81];
    one[40] = 7;
    let mut expected = [0u8; 81];
    expected[80] = 1;
    assert_eq!(minlex(&one).unwrap(), expected);
    // Two givens in one row: the last row ends 1 2.
    let mut two = [0u8; 81];
    two[0] = 3;
    two[1] = 9;
    let mut expected = [0u8; 81];
    expected[79] = 1;
    expected[80] = 2;
    assert_eq!(minlex(&two).unwrap(), expected);
    // Two givens in different bands and stacks: the first two bands hold one, in the last
    // cell of the band; the last band the other, as late as a different stack allows.
    let mut apart = [0u8; 81];
    apart[0] = 3;
    apart[40] = 9;
    let mut expected = [0u8; 81];
    expected[5 * 9 + 8] = 1;
    expected[8 * 9 + 5] = 2;
    assert_eq!(minlex(&apart).unwrap(), expected);
}

/// The `sudoku` crate canonicalizes solved grids by the same definition (the smallest of all
/// transformations with relabelling); for a puzzle it instead applies its solution's
/// canonical transformation, which is not the puzzle's minlex form, so only solved grids are
/// compared.
#[test]
fn solved_grids_match_the_sudoku_crate() {
    let cases = if cfg!(debug_assertions) { 3 } else { 40 };
    for seed in 0..cases {
        let grid = solved_grid(seed);
        let ours = minlex(&grid).unwrap();
        let sudoku = sudoku::Sudoku::from_bytes(grid).expect("a solved grid");
        let (theirs, _automorphisms) = sudoku.canonicalized().expect("solved grids canonicalize");
        assert_eq!(
            line(&ours),
            line(&theirs.to_bytes()),
            "grid {}",
            line(&grid)
        );
    }
}

/// The most symmetric grid there is (648 automorphisms) keeps many tied states to the end;
/// and a full grid is the search's widest first row.
#[test]
fn most_symmetric_grid_matches_brute_force() {
    let grid = cells_of(
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
    );
    assert_eq!(minlex(&grid).unwrap(), brute_force_minlex(&grid).unwrap());
    let sudoku = sudoku::Sudoku::from_bytes(grid).unwrap();
    assert_eq!(
        minlex(&grid).unwrap(),
        sudoku.canonicalized().unwrap().0.to_bytes()
    );
}

/// Reads the first field of every line of a dataset file.
fn dataset(name: &str) -> Option<Vec<Cells>> {
    let text = std::fs::read_to_string(datasets()?.join(name)).expect("dataset readable");
    Some(
        text.lines()
            .filter_map(|l| l.split_whitespace().next())
            .filter(|field| field.len() == 81)
            .map(cells_of)
            .collect(),
    )
}

/// A sample of the benchmark files against the brute force, spread over each file.
#[test]
fn dataset_samples_match_brute_force() {
    let per_file = if cfg!(debug_assertions) { 1 } else { 6 };
    for name in ["magictour_top1465.txt", "royle_17clue_49158.txt"] {
        let Some(puzzles) = dataset(name) else { return };
        let stride = puzzles.len() / per_file;
        for puzzle in puzzles.iter().step_by(stride).take(per_file) {
            assert_eq!(
                line(&minlex(puzzle).unwrap()),
                line(&brute_force_minlex(puzzle).unwrap()),
                "{name}: {}",
                line(puzzle)
            );
        }
    }
}

/// Royle's 17-clue puzzles are pairwise inequivalent by construction of the collection, so
/// their canonical forms must all differ; and every form must be a fixed point.
#[test]
fn royle_17_clue_puzzles_have_distinct_canonical_forms() {
    let Some(puzzles) = dataset("royle_17clue_49158.txt") else {
        return;
    };
    let puzzles = if cfg!(debug_assertions) {
        &puzzles[..500]
    } else {
        &puzzles[..]
    };
    let mut search = Canonicalizer::new();
    let mut forms = HashSet::new();
    for puzzle in puzzles {
        let canon = search.minlex(puzzle).unwrap();
        assert_eq!(search.minlex(&canon).unwrap(), canon, "{}", line(puzzle));
        forms.insert(canon);
    }
    assert_eq!(forms.len(), puzzles.len());
}

/// A puzzle and its transformed copies, mixed into a dataset-sized list, collapse to one
/// form each.
#[test]
fn equivalent_copies_collapse() {
    let Some(puzzles) = dataset("magictour_top1465.txt") else {
        return;
    };
    let transform = Transform {
        transpose: true,
        bands: [2, 0, 1],
        rows: [[1, 0, 2], [2, 1, 0], [0, 2, 1]],
        stacks: [1, 2, 0],
        cols: [[2, 0, 1], [0, 1, 2], [1, 2, 0]],
        digits: vec![4, 9, 1, 7, 2, 8, 3, 6, 5],
    };
    for puzzle in puzzles.iter().take(200) {
        assert_eq!(
            minlex(&transform.apply(puzzle)).unwrap(),
            minlex(puzzle).unwrap()
        );
    }
}

#[test]
fn refuses_what_is_not_a_sudoku_puzzle() {
    let mut clash = [0u8; 81];
    clash[0] = 5;
    clash[8] = 5;
    assert_eq!(
        minlex(&clash),
        Err(CanonError::Clash {
            digit: 5,
            first: 0,
            second: 8
        })
    );
    assert!(
        minlex(&clash)
            .unwrap_err()
            .to_string()
            .contains("r1c1 and r1c9")
    );
    let mut column = [0u8; 81];
    column[4] = 2;
    column[76] = 2;
    assert!(matches!(minlex(&column), Err(CanonError::Clash { .. })));
    let mut bad = [0u8; 81];
    bad[10] = 12;
    assert_eq!(
        minlex(&bad),
        Err(CanonError::BadDigit {
            cell: 10,
            value: 12
        })
    );
    assert!(brute_force_minlex(&bad).is_err());

    let sixteen = parse_puzzle(&".".repeat(256), ReadOptions::default()).unwrap();
    assert!(matches!(
        minlex_puzzle(&sixteen),
        Err(CanonError::NotStandard9x9 { size: 16, .. })
    ));
    let x = parse_puzzle(
        &".".repeat(81),
        ReadOptions {
            variant: Variant::X,
            alphabet: None,
        },
    )
    .unwrap();
    assert!(matches!(
        minlex_puzzle(&x),
        Err(CanonError::NotStandard9x9 {
            size: 9,
            variant: "x"
        })
    ));
    let pencilmarks = parse_puzzle(&"123456789".repeat(81), ReadOptions::default()).unwrap();
    assert_eq!(minlex_puzzle(&pencilmarks), Err(CanonError::Pencilmarks));
}
