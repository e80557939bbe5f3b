//! The generic exact solver against the shared datasets (16×16, 25×25, X and hyper variants,
//! and 9×9 cross-checked with the `fast9` solver), plus small hand-made cases and a property
//! test. Dataset tests skip (with a message) when `../shared/datasets` is absent, so a fresh
//! clone still passes. In debug builds the big files are sampled (every 20th puzzle); run
//! `cargo test --release` for every puzzle.

use std::path::PathBuf;
use std::time::Instant;

use proptest::prelude::*;
use sudoscope_core::grid::{
    Alphabet, Digits, Geometry, Grid, Puzzle, PuzzleReader, ReadOptions, Variant, parse_puzzle,
};
use sudoscope_core::lab::{fast9, generic, triad};

use sudoscope_testkit::datasets;

/// Every `STEP`-th puzzle of a big file in debug builds, every puzzle in release builds.
const STEP: usize = if cfg!(debug_assertions) { 20 } else { 1 };

/// Sampling of the sets whose puzzles take up to seconds each in release builds (tarek's 206,
/// blue's 16×16s): every 50th in debug builds.
const HEAVY_STEP: usize = if cfg!(debug_assertions) { 50 } else { 1 };

/// A dataset line: the puzzle and the line's other fields.
struct Entry {
    puzzle: Puzzle,
    fields: Vec<String>,
}

fn dataset(name: &str) -> Option<PathBuf> {
    let path = datasets()?.join(name);
    if !path.is_file() {
        eprintln!("skipping: {} not found", path.display());
        return None;
    }
    Some(path)
}

/// Reads every `step`-th line of a dataset (one puzzle per line) with the crate's reader.
fn load(
    name: &str,
    variant: Variant,
    alphabet: Option<Alphabet>,
    step: usize,
) -> Option<Vec<Entry>> {
    let path = dataset(name)?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let options = ReadOptions { variant, alphabet };
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let records: Vec<_> = PuzzleReader::new(text.as_bytes(), options).collect();
    assert_eq!(records.len(), lines.len(), "{name}: one record per line");
    let entries = records
        .into_iter()
        .zip(&lines)
        .enumerate()
        .filter(|(i, _)| i % step == 0)
        .map(|(i, (record, line))| {
            let puzzle = record
                .result
                .unwrap_or_else(|e| panic!("{name} line {}: {e}", i + 1));
            let fields = line.split_whitespace().skip(1).map(str::to_owned).collect();
            Entry { puzzle, fields }
        })
        .collect();
    Some(entries)
}

/// Counts with the generic solver; returns the count and the first solution as a grid.
fn count(puzzle: &Puzzle, limit: usize) -> (usize, Option<Grid>) {
    let mut solution = Vec::new();
    let n = generic::count_solutions(
        puzzle.geometry(),
        &puzzle.candidates(),
        limit,
        &mut solution,
    );
    let grid = (n > 0).then(|| {
        Grid::from_cells(puzzle.geometry(), solution).expect("solution digits are in range")
    });
    (n, grid)
}

/// Asserts that every puzzle has exactly one solution, valid and extending the givens, equal
/// to the file's solution (field `solution_field`, 1-based after the puzzle) when there is one.
fn check_unique(
    name: &str,
    variant: Variant,
    alphabet: Option<Alphabet>,
    step: usize,
    solution_field: Option<usize>,
) {
    let Some(entries) = load(name, variant, alphabet, step) else {
        return;
    };
    let start = Instant::now();
    let mut slowest = 0.0f64;
    for (i, entry) in entries.iter().enumerate() {
        let t = Instant::now();
        let (n, grid) = count(&entry.puzzle, 2);
        slowest = slowest.max(t.elapsed().as_secs_f64());
        assert_eq!(n, 1, "{name} #{i}: expected a unique solution");
        let grid = grid.expect("a solution");
        assert!(grid.is_solved(), "{name} #{i}: solution is not valid");
        assert!(
            entry.puzzle.givens.is_extended_by(&grid),
            "{name} #{i}: solution drops a given"
        );
        if let Some(field) = solution_field {
            let text = &entry.fields[field - 2];
            let options = ReadOptions {
                variant,
                alphabet: Some(entry.puzzle.alphabet),
            };
            let expected = parse_puzzle(text, options)
                .unwrap_or_else(|e| panic!("{name} #{i}: solution field: {e}"));
            assert_eq!(
                grid, expected.givens,
                "{name} #{i}: differs from the file's solution"
            );
        }
    }
    eprintln!(
        "{name}: {} puzzles unique in {:.2?} (slowest {:.3} s)",
        entries.len(),
        start.elapsed(),
        slowest
    );
}

#[test]
fn krazydad_16x16() {
    check_unique(
        "krazydad_16x16_vol1-2_6400.txt",
        Variant::Standard,
        Some(Alphabet::ZeroBased),
        STEP,
        None,
    );
}

#[test]
fn sudoq_16x16() {
    check_unique(
        "sudoq_16x16_80.txt",
        Variant::Standard,
        Some(Alphabet::Digits),
        1,
        Some(2),
    );
}

#[test]
fn tarek_first20_16x16() {
    check_unique(
        "tarek_first20_16x16.txt",
        Variant::Standard,
        Some(Alphabet::Digits),
        1,
        None,
    );
}

#[test]
fn forum_misc_16x16() {
    // Mixed alphabets (`0-F` and `1-9A-G`): let the reader detect each.
    check_unique(
        "forum_misc_16x16.txt",
        Variant::Standard,
        None,
        HEAVY_STEP,
        None,
    );
}

#[test]
fn durr_example_16x16() {
    check_unique(
        "durr_example_16x16.txt",
        Variant::Standard,
        Some(Alphabet::Letters),
        1,
        None,
    );
}

/// Tarek's 206 tough 16×16 puzzles: all unique (SOURCES had only settled the first four).
/// Heavy in debug builds, so sampled there like the other big sets.
#[test]
fn tarek_206_16x16() {
    check_unique(
        "tarek_206_16x16.txt",
        Variant::Standard,
        Some(Alphabet::Digits),
        HEAVY_STEP,
        None,
    );
}

#[test]
fn sudoq_x_and_hyper() {
    check_unique("sudoq_xsudoku_80.txt", Variant::X, None, 1, Some(2));
    check_unique("sudoq_hypersudoku_80.txt", Variant::Hyper, None, 1, Some(2));
    // Without the diagonal rule every X-sudoku has several solutions.
    let Some(entries) = load("sudoq_xsudoku_80.txt", Variant::Standard, None, 1) else {
        return;
    };
    for (i, entry) in entries.iter().enumerate() {
        let geometry = entry.puzzle.geometry();
        let mut solution = Vec::new();
        let n = generic::count_solutions(geometry, &entry.puzzle.candidates(), 2, &mut solution);
        assert_eq!(n, 2, "x-sudoku #{i} as a standard puzzle");
    }
}

/// The only 25×25 puzzle of the datasets: SOURCES left its count open. It has exactly one
/// solution.
#[test]
fn durr_example_25x25() {
    check_unique(
        "durr_example_25x25.txt",
        Variant::Standard,
        Some(Alphabet::Digits),
        1,
        None,
    );
}

/// The generic solver, `triad` (every build this machine runs) and `fast9` agree on 9×9
/// counts.
fn cross_check(
    name: &str,
    step: usize,
    limit: usize,
    expect: impl Fn(usize, &Entry) -> Option<usize>,
) {
    let Some(entries) = load(name, Variant::Standard, None, step) else {
        return;
    };
    for (i, entry) in entries.iter().enumerate() {
        let (n, grid) = count(&entry.puzzle, limit);
        let mut givens = [0u8; 81];
        givens.copy_from_slice(entry.puzzle.givens.cells());
        let mut fast = [0u8; 81];
        let m = fast9::count_solutions(&givens, limit, &mut fast);
        assert_eq!(n, m, "{name} #{i}: generic {n} vs fast9 {m}");
        let t = triad::count_solutions(&givens, limit, &mut fast);
        assert_eq!(n, t, "{name} #{i}: generic {n} vs triad {t}");
        for build in triad::Build::ALL {
            if let Some((t, _)) = triad::count_givens_on(build, &givens, limit, &mut fast) {
                assert_eq!(n, t, "{name} #{i}: generic {n} vs {build:?} triad {t}");
            }
        }
        if let Some(expected) = expect(i, entry) {
            assert_eq!(n, expected, "{name} #{i}");
        }
        if let Some(grid) = grid {
            assert!(
                grid.is_solved() && entry.puzzle.givens.is_extended_by(&grid),
                "{name} #{i}"
            );
        }
    }
}

#[test]
fn tdoku_counts_9x9() {
    // Field 2 is the exact count (up to 847): count everything.
    cross_check("tdoku_test_puzzles.txt", 1, 10_000, |_, entry| {
        entry.fields.first().and_then(|f| f.parse().ok())
    });
}

#[test]
fn serg_benchmark_9x9() {
    cross_check("serg_benchmark_10000.txt", STEP, 2, |_, _| Some(2));
}

#[test]
fn royle_17_sample_9x9() {
    cross_check("royle_17clue_49158.txt", 10 * STEP, 2, |_, _| Some(1));
}

#[test]
fn magictour_9x9() {
    cross_check("magictour_top1465.txt", STEP, 2, |_, _| Some(1));
}

fn geometry(size: usize, variant: Variant) -> &'static Geometry {
    Geometry::get(size, variant).expect("supported size")
}

#[test]
fn empty_grids_have_many_solutions() {
    for size in [4, 9, 16, 25, 36] {
        for variant in Variant::CLASSIC {
            if variant == Variant::Hyper && size >= 16 {
                // Filling an empty hyper grid of 16×16 or more did not finish within a minute
                // (not known to be satisfiable; reported, not asserted).
                continue;
            }
            let g = geometry(size, variant);
            let candidates = vec![Digits::all(size); g.cell_count()];
            let mut solution = Vec::new();
            let start = Instant::now();
            let n = generic::count_solutions(g, &candidates, 2, &mut solution);
            eprintln!("empty {size}×{size} {variant}: {:.2?}", start.elapsed());
            let grid = Grid::from_cells(g, solution).expect("in range");
            assert_eq!(n, 2, "{size}×{size} {variant}");
            assert!(grid.is_solved(), "{size}×{size} {variant}");
        }
    }
    // The 4×4 has exactly 288 solutions.
    let g = geometry(4, Variant::Standard);
    let mut solution = Vec::new();
    let all = vec![Digits::all(4); 16];
    assert_eq!(generic::count_solutions(g, &all, 1000, &mut solution), 288);
}

#[test]
fn contradictions_give_zero() {
    let g = geometry(9, Variant::Standard);
    let mut solution = vec![7; 3];
    // A cell with no candidates.
    let mut candidates = vec![Digits::all(9); 81];
    candidates[40] = Digits::EMPTY;
    assert_eq!(
        generic::count_solutions(g, &candidates, 2, &mut solution),
        0
    );
    assert!(solution.is_empty(), "the solution buffer is cleared");
    // Two single-candidate peers with the same digit.
    let mut candidates = vec![Digits::all(9); 81];
    candidates[0] = Digits::single(5);
    candidates[8] = Digits::single(5);
    assert_eq!(
        generic::count_solutions(g, &candidates, 2, &mut solution),
        0
    );
    // A digit with no place in a row.
    let mut candidates = vec![Digits::all(9); 81];
    for set in &mut candidates[..9] {
        set.remove(3);
    }
    assert_eq!(
        generic::count_solutions(g, &candidates, 2, &mut solution),
        0
    );
    // Wrong length, and a limit of 0.
    assert_eq!(
        generic::count_solutions(g, &candidates[..80], 2, &mut solution),
        0
    );
    let all = vec![Digits::all(9); 81];
    assert_eq!(generic::count_solutions(g, &all, 0, &mut solution), 0);
    // Bits beyond the size are ignored rather than trusted.
    let wide = vec![Digits(u64::MAX); 16];
    let g4 = geometry(4, Variant::Standard);
    assert_eq!(generic::count_solutions(g4, &wide, 2, &mut solution), 2);
}

/// A solved 16×16 grid (the sudoq set's first solution).
const SOLVED16: &str = "C9412BDF87G5AE63B325847EADC61FG987GAC613E9BFD4256DFEAG5932417CB8G5C9B3817AED62F4423879E6G1FB5ACDAF6BD245C389G17E1ED7FCAG5462389B287631CD9GAE4B5F5CAD4EG7FB389612EB9G6F2A451C83D7341F95B8D627CGEAF6831D92BC5AE74GDAE2G73C1F94B5867GBC58F46ED329A19154EA6B287GFD3C";

fn solved16() -> Grid {
    let options = ReadOptions {
        variant: Variant::Standard,
        alphabet: Some(Alphabet::Digits),
    };
    parse_puzzle(SOLVED16, options).expect("valid grid").givens
}

#[test]
fn full_grid_has_one_solution() {
    let grid = solved16();
    assert!(grid.is_solved());
    let mut solution = Vec::new();
    let n = generic::count_solutions(grid.geometry(), &grid.candidates(), 2, &mut solution);
    assert_eq!(n, 1);
    assert_eq!(solution, grid.cells());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 48 } else { 256 }))]

    /// Any subset of a solution's cells as givens: every solution found (up to 3) is valid and
    /// keeps the givens; the full solution is among them when the count is below the limit.
    #[test]
    fn random_givens_of_a_solution(keep in proptest::collection::vec(any::<bool>(), 256), density in 0usize..4) {
        let full = solved16();
        let g = full.geometry();
        let mut puzzle = Grid::empty(g);
        for (cell, &k) in keep.iter().enumerate() {
            // Densities from about 1/2 to 1/5 of the cells kept.
            if k && (density == 0 || cell % (density + 1) != 0) {
                puzzle.set(cell, full.get(cell));
            }
        }
        let mut solution = Vec::new();
        let n = generic::count_solutions(g, &puzzle.candidates(), 3, &mut solution);
        prop_assert!(n >= 1, "a subset of a solution is solvable");
        let grid = Grid::from_cells(g, solution).expect("in range");
        prop_assert!(grid.is_solved());
        prop_assert!(puzzle.is_extended_by(&grid));
        // Fixing the found solution's digit in one more empty cell keeps it solvable.
        if let Some(cell) = (0..g.cell_count()).find(|&c| puzzle.get(c) == 0) {
            let mut candidates = puzzle.candidates();
            candidates[cell] = Digits::single(grid.get(cell));
            let mut again = Vec::new();
            prop_assert!(generic::count_solutions(g, &candidates, 1, &mut again) == 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 64 } else { 512 }))]

    /// Random partial 9×9 grids (random digits in random cells, so clashes, no solution, one
    /// and many solutions all occur): `triad` (every build this machine runs), `fast9` and the
    /// generic solver count alike up to a limit, and a first solution any of them reports is
    /// a valid grid keeping the givens.
    #[test]
    fn nine_by_nine_solvers_and_generic_agree_on_random_partial_grids(
        cells in proptest::collection::vec(prop_oneof![6 => Just(0u8), 1 => 1u8..=9], 81),
        limit in 1usize..5,
    ) {
        let g = geometry(9, Variant::Standard);
        let mut givens = [0u8; 81];
        givens.copy_from_slice(&cells);
        let mut fast = [0u8; 81];
        let fast_count = fast9::count_solutions(&givens, limit, &mut fast);
        let grid = Grid::from_cells(g, cells.clone()).expect("digits in range");
        let mut generic_solution = Vec::new();
        let generic_count = if grid.first_conflict().is_some() {
            0
        } else {
            generic::count_solutions(g, &grid.candidates(), limit, &mut generic_solution)
        };
        prop_assert_eq!(fast_count, generic_count, "{:?}", grid);
        if fast_count > 0 {
            let solved = Grid::from_cells(g, fast.to_vec()).expect("digits in range");
            prop_assert!(solved.is_solved() && grid.is_extended_by(&solved));
        }
        for build in triad::Build::ALL {
            let mut first = [0u8; 81];
            let Some((n, _)) = triad::count_givens_on(build, &givens, limit, &mut first) else {
                continue;
            };
            prop_assert_eq!(n, generic_count, "{:?}: {:?}", build, grid);
            if n > 0 {
                let solved = Grid::from_cells(g, first.to_vec()).expect("digits in range");
                prop_assert!(solved.is_solved() && grid.is_extended_by(&solved), "{:?}", build);
            }
        }
        // The pencil-mark entry points agree with the givens ones.
        let marks: [u16; 81] = std::array::from_fn(|i| match givens[i] {
            0 => 0x1FF,
            d => 1 << (d - 1),
        });
        let mut first = [0u8; 81];
        prop_assert_eq!(triad::count_solutions_from_candidates(&marks, limit, &mut first), generic_count);
        for build in triad::Build::ALL {
            if let Some((n, _)) = triad::count_candidates_on(build, &marks, limit, &mut first) {
                prop_assert_eq!(n, generic_count, "{:?} from pencil marks", build);
            }
        }
    }
}
