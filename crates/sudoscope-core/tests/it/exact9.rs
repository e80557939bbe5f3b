//! Integration tests of the 9×9 exact solvers: `sudoscope_core::lab::triad` (the build
//! the machine runs — AVX2 where the CPU has it — and explicitly the SSE and the portable
//! builds), `exact::fast9`, and `exact::count_9x9` which combines them. Every test runs each
//! solver in [`solvers`].
//!
//! Dataset tests read `../shared/datasets` (or `$SUDOSCOPE_DATASETS`) and skip with a
//! message when it is absent. Debug builds sample the big files to keep run times short.

use proptest::prelude::*;
use sudoscope_core::exact;
use sudoscope_core::lab::triad::Build;
use sudoscope_core::lab::{fast9, triad};

type CountFn = fn(&[u8; 81], usize, &mut [u8; 81]) -> usize;
type CandidatesFn = fn(&[u16; 81], usize, &mut [u8; 81]) -> usize;

/// A solver under test: its name and its two entry points (givens, pencil marks), and the
/// triad build it needs, if it names one.
struct Solver {
    name: &'static str,
    count: CountFn,
    candidates: CandidatesFn,
    build: Option<Build>,
}

/// Names one build of `triad` as a pair of plain functions (the dispatching entry points run
/// the fastest build the CPU has), for [`SOLVERS`].
macro_rules! named_build {
    ($count:ident, $candidates:ident, $build:expr) => {
        fn $count(givens: &[u8; 81], limit: usize, solution: &mut [u8; 81]) -> usize {
            let counted = triad::count_givens_on($build, givens, limit, solution);
            counted
                .expect("solvers() lists this only where the build is available")
                .0
        }

        fn $candidates(marks: &[u16; 81], limit: usize, solution: &mut [u8; 81]) -> usize {
            let counted = triad::count_candidates_on($build, marks, limit, solution);
            counted
                .expect("solvers() lists this only where the build is available")
                .0
        }
    };
}

named_build!(triad_sse, triad_sse_candidates, Build::Sse);
named_build!(triad_avx2, triad_avx2_candidates, Build::Avx2);
named_build!(triad_avx512, triad_avx512_candidates, Build::Avx512);

/// The solvers of [`SOLVERS`] this machine can run (a triad build the CPU lacks is left out,
/// with a message).
fn solvers() -> Vec<&'static Solver> {
    SOLVERS
        .iter()
        .filter(|s| match s.build {
            Some(build) if !build.available() => {
                eprintln!(
                    "skipping {}: this machine cannot run the {build:?} build",
                    s.name
                );
                false
            }
            _ => true,
        })
        .collect()
}

/// `exact::count_9x9` (fast9 within a guess budget, then triad) as a `CountFn`.
fn count_9x9(givens: &[u8; 81], limit: usize, solution: &mut [u8; 81]) -> usize {
    exact::count_9x9(givens, limit, solution).0
}

const SOLVERS: [Solver; 7] = [
    Solver {
        name: "count_9x9",
        count: count_9x9,
        candidates: triad::count_solutions_from_candidates,
        build: None,
    },
    Solver {
        name: "triad",
        count: triad::count_solutions,
        candidates: triad::count_solutions_from_candidates,
        build: None,
    },
    Solver {
        name: "triad-avx512",
        count: triad_avx512,
        candidates: triad_avx512_candidates,
        build: Some(Build::Avx512),
    },
    Solver {
        name: "triad-avx2",
        count: triad_avx2,
        candidates: triad_avx2_candidates,
        build: Some(Build::Avx2),
    },
    Solver {
        name: "triad-sse",
        count: triad_sse,
        candidates: triad_sse_candidates,
        build: Some(Build::Sse),
    },
    Solver {
        name: "triad-portable",
        count: triad::count_solutions_portable,
        candidates: triad::count_candidates_portable,
        build: Some(Build::Portable),
    },
    Solver {
        name: "fast9",
        count: fast9::count_solutions,
        candidates: fast9::count_solutions_from_candidates,
        build: None,
    },
];

fn grid(s: &str) -> [u8; 81] {
    let mut g = [0u8; 81];
    assert_eq!(s.len(), 81, "test grid must have 81 characters");
    for (slot, ch) in g.iter_mut().zip(s.bytes()) {
        *slot = match ch {
            b'1'..=b'9' => ch - b'0',
            _ => 0,
        };
    }
    g
}

fn to_string(g: &[u8; 81]) -> String {
    g.iter().map(|&d| char::from(b'0' + d)).collect()
}

use sudoscope_testkit::valid9::is_valid_solution;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn known_puzzle_is_solved() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let mut sol = [0u8; 81];
        assert_eq!(count_solutions(&grid(PUZZLE), 2, &mut sol), 1);
        assert_eq!(to_string(&sol), SOLUTION);
        assert_eq!(count_solutions(&grid(PUZZLE), 1, &mut sol), 1);
        assert_eq!(to_string(&sol), SOLUTION);
    }
}

#[test]
fn clashing_givens_give_zero() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let mut sol = [0u8; 81];
        // Same digit twice in a row, a column, a box.
        let mut row = [0u8; 81];
        row[0] = 5;
        row[8] = 5;
        assert_eq!(count_solutions(&row, 10, &mut sol), 0);
        let mut col = [0u8; 81];
        col[4] = 3;
        col[76] = 3;
        assert_eq!(count_solutions(&col, 10, &mut sol), 0);
        let mut bx = [0u8; 81];
        bx[30] = 9;
        bx[50] = 9;
        assert_eq!(count_solutions(&bx, 10, &mut sol), 0);
        // A clash hidden in a valid-looking puzzle.
        let mut bad = grid(PUZZLE);
        bad[2] = 3; // row 0 already has a 3 in column 1
        assert_eq!(count_solutions(&bad, 2, &mut sol), 0);
    }
}

#[test]
fn empty_grid_reaches_limit() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let mut sol = [0u8; 81];
        assert_eq!(count_solutions(&[0; 81], 2, &mut sol), 2);
        assert!(is_valid_solution(&[0; 81], &sol));
        assert_eq!(count_solutions(&[0; 81], 1, &mut sol), 1);
        assert_eq!(count_solutions(&[0; 81], 1000, &mut sol), 1000);
    }
}

#[test]
fn solved_grid_has_one_solution() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let mut sol = [0u8; 81];
        let g = grid(SOLUTION);
        assert_eq!(count_solutions(&g, 2, &mut sol), 1);
        assert_eq!(sol, g);
    }
}

#[test]
fn invalid_digit_gives_zero() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let mut sol = [0u8; 81];
        let mut g = grid(PUZZLE);
        g[2] = 10;
        assert_eq!(count_solutions(&g, 2, &mut sol), 0);
        g[2] = 255;
        assert_eq!(count_solutions(&g, 2, &mut sol), 0);
    }
}

#[test]
fn zero_limit_gives_zero() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let mut sol = [0u8; 81];
        assert_eq!(count_solutions(&grid(PUZZLE), 0, &mut sol), 0);
    }
}

#[test]
fn candidates_variant_matches_givens() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let g = grid(PUZZLE);
        let cands: [u16; 81] = std::array::from_fn(|i| match g[i] {
            0 => 0x1FF,
            d => 1 << (d - 1),
        });
        let mut sol = [0u8; 81];
        assert_eq!(count_solutions_from_candidates(&cands, 2, &mut sol), 1);
        assert_eq!(to_string(&sol), SOLUTION);
        // Removing the true digit from one empty cell leaves no solution.
        let mut wrong = cands;
        wrong[2] &= !(1 << 3); // the solution has 4 in cell 2
        assert_eq!(count_solutions_from_candidates(&wrong, 2, &mut sol), 0);
        // Two cells forced to the same digit in one row: no solution, no panic.
        let mut clash = [0x1FFu16; 81];
        clash[0] = 1;
        clash[1] = 1;
        assert_eq!(count_solutions_from_candidates(&clash, 2, &mut sol), 0);
        // A cell with no candidates.
        let mut empty = [0x1FFu16; 81];
        empty[40] = 0;
        assert_eq!(count_solutions_from_candidates(&empty, 2, &mut sol), 0);
        // The empty grid as pencil marks.
        assert_eq!(
            count_solutions_from_candidates(&[0x1FF; 81], 5, &mut sol),
            5
        );
        assert!(is_valid_solution(&[0; 81], &sol));
    }
}

use sudoscope_testkit::datasets;

/// Lines of a dataset file (sampled every `step`-th line), or None (with a message).
fn dataset_lines(name: &str, step_in_debug: usize) -> Option<Vec<String>> {
    let dir = datasets()?;
    let path = dir.join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} not found", path.display());
        return None;
    };
    let step = if cfg!(debug_assertions) {
        step_in_debug.max(1)
    } else {
        1
    };
    Some(text.lines().step_by(step).map(str::to_owned).collect())
}

fn parse_fields(line: &str) -> (Vec<&str>, [u8; 81]) {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let g = grid(fields[0]);
    (fields, g)
}

#[test]
fn tdoku_test_puzzles_exact_counts() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let Some(lines) = dataset_lines("tdoku_test_puzzles.txt", 1) else {
            return;
        };
        assert!(!lines.is_empty());
        for (i, line) in lines.iter().enumerate() {
            let (fields, g) = parse_fields(line);
            let expected: usize = fields[1].parse().expect("count field");
            let mut sol = [0u8; 81];
            let n = count_solutions(&g, 1000, &mut sol);
            assert_eq!(
                n,
                expected.min(1000),
                "{} line {}: {}",
                s.name,
                i + 1,
                fields[0]
            );
            if n >= 1 {
                assert!(is_valid_solution(&g, &sol), "line {}", i + 1);
            }
            if expected == 1 {
                assert_eq!(to_string(&sol), fields[2], "line {}", i + 1);
            }
            // Limits below the count stop exactly at the limit.
            for limit in 1..=3 {
                assert_eq!(count_solutions(&g, limit, &mut sol), expected.min(limit));
            }
        }
    }
}

#[test]
fn serg_benchmark_all_have_several_solutions() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let Some(lines) = dataset_lines("serg_benchmark_10000.txt", 10) else {
            return;
        };
        for (i, line) in lines.iter().enumerate() {
            let (fields, g) = parse_fields(line);
            let mut sol = [0u8; 81];
            assert_eq!(
                count_solutions(&g, 2, &mut sol),
                2,
                "{} {}",
                s.name,
                fields[0]
            );
            assert!(is_valid_solution(&g, &sol), "line {i}");
        }
    }
}

fn check_unique_file(name: &str, step_in_debug: usize) {
    let Some(lines) = dataset_lines(name, step_in_debug) else {
        return;
    };
    assert!(!lines.is_empty());
    for s in solvers() {
        for line in &lines {
            let (fields, g) = parse_fields(line);
            let mut sol = [0u8; 81];
            assert_eq!((s.count)(&g, 2, &mut sol), 1, "{} {}", s.name, fields[0]);
            assert!(is_valid_solution(&g, &sol), "{} {}", s.name, fields[0]);
            let mut first = [0u8; 81];
            assert_eq!((s.count)(&g, 1, &mut first), 1, "{} {}", s.name, fields[0]);
            assert_eq!(first, sol, "{} {}", s.name, fields[0]);
        }
    }
}

#[test]
fn norvig_top95_unique() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        check_unique_file("norvig_top95.txt", 1);
    }
}

#[test]
fn magictour_top1465_unique() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        check_unique_file("magictour_top1465.txt", 5);
    }
}

#[test]
fn kaggle_solutions_match() {
    for s in solvers() {
        let (count_solutions, count_solutions_from_candidates) = (s.count, s.candidates);
        let _ = (count_solutions, count_solutions_from_candidates, s.name);
        let Some(lines) = dataset_lines("kaggle1m_first20000.txt", 10) else {
            return;
        };
        for line in lines.iter().take(20_000) {
            let (fields, g) = parse_fields(line);
            let mut sol = [0u8; 81];
            assert_eq!(count_solutions(&g, 2, &mut sol), 1, "{}", fields[0]);
            assert_eq!(to_string(&sol), fields[1], "{}", fields[0]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 200 } else { 1000 }))]

    /// Any subset of a valid grid's cells, kept as givens, has at least one solution; the
    /// solution found is a valid grid agreeing with the givens; counts respect the limit.
    #[test]
    fn random_subsets_of_a_solution(
        keep in proptest::collection::vec(any::<bool>(), 81),
        relabel in Just([1u8, 2, 3, 4, 5, 6, 7, 8, 9]).prop_shuffle(),
        limit in 1usize..4,
    ) {
        let full = grid(SOLUTION);
        let mut givens = [0u8; 81];
        for i in 0..81 {
            if keep[i] {
                givens[i] = relabel[usize::from(full[i] - 1)];
            }
        }
        for s in solvers() {
            let mut sol = [0u8; 81];
            let n = (s.count)(&givens, limit, &mut sol);
            prop_assert!(n >= 1 && n <= limit, "{}", s.name);
            prop_assert!(is_valid_solution(&givens, &sol), "{}", s.name);
            // The candidate-mask entry point agrees.
            let cands: [u16; 81] = std::array::from_fn(|i| match givens[i] {
                0 => 0x1FF,
                d => 1 << (d - 1),
            });
            let mut sol2 = [0u8; 81];
            prop_assert_eq!((s.candidates)(&cands, limit, &mut sol2), n, "{}", s.name);
            prop_assert!(is_valid_solution(&givens, &sol2), "{}", s.name);
        }
    }

    /// Arbitrary byte grids never panic, any reported solution is valid, and the solvers
    /// agree on the count.
    #[test]
    fn arbitrary_input_never_panics(
        cells in proptest::collection::vec(prop_oneof![8 => Just(0u8), 3 => 1u8..=9, 1 => any::<u8>()], 81),
    ) {
        let mut givens = [0u8; 81];
        givens.copy_from_slice(&cells);
        let mut counts = Vec::new();
        for s in solvers() {
            let mut sol = [0u8; 81];
            let n = (s.count)(&givens, 2, &mut sol);
            prop_assert!(n <= 2, "{}", s.name);
            if n >= 1 {
                prop_assert!(is_valid_solution(&givens, &sol), "{}", s.name);
            }
            counts.push(n);
        }
        prop_assert!(counts.windows(2).all(|w| w[0] == w[1]), "counts {:?}", counts);
    }
}

/// `fast9::differs_in` (the generator's uniqueness check after a removal) answers exactly
/// "more than one solution" for a unique puzzle with one given taken away.
#[test]
fn differs_in_matches_counting_after_a_removal() {
    let Some(lines) = dataset_lines("magictour_top1465.txt", 20) else {
        return;
    };
    let mut checked = (0, 0);
    for line in lines.iter().take(40) {
        let (_, minimal) = parse_fields(line);
        let mut solution = [0u8; 81];
        assert_eq!(triad::count_solutions(&minimal, 2, &mut solution), 1);
        // Five more givens from the solution, so that some removals keep it unique.
        let mut puzzle = minimal;
        for cell in (0..81).filter(|&c| minimal[c] == 0).step_by(7).take(5) {
            puzzle[cell] = solution[cell];
        }
        for cell in (0..81).filter(|&c| puzzle[c] != 0) {
            let mut fewer = puzzle;
            fewer[cell] = 0;
            let several = triad::count_solutions(&fewer, 2, &mut [0u8; 81]) == 2;
            assert_eq!(
                fast9::differs_in(&fewer, &solution, &[cell]),
                several,
                "fast9, cell {cell} of {line}"
            );
            if several {
                checked.1 += 1;
            } else {
                checked.0 += 1;
            }
        }
    }
    // Both answers occur.
    assert!(checked.0 > 0 && checked.1 > 0, "{checked:?}");
}

/// `count_9x9` really hands hard puzzles over: `fast9` gives up on a hard puzzle (its first
/// propagation leaves too many cells open, or its guess budget runs out) and then `triad`
/// answers, and it finishes an easy one.
#[test]
fn fast9_gives_up_on_hard_puzzles_only() {
    let mut sol = [0u8; 81];
    let easy = grid(PUZZLE);
    let open = exact::FAST9_MAX_OPEN_CELLS;
    let budget = exact::FAST9_GUESS_BUDGET;
    assert_eq!(
        fast9::count_if_easy(&easy, 2, open, budget, &mut sol),
        Ok((1, 0))
    );
    // The first puzzle of forum_hardest_1905_11plus (rated 11+ by Sudoku Explainer).
    let hard =
        grid("98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6");
    assert_eq!(
        fast9::count_if_easy(&hard, 2, open, budget, &mut sol),
        Err(0)
    );
    // With every cell allowed open, the guess budget stops it instead.
    match fast9::count_if_easy(&hard, 2, 81, budget, &mut sol) {
        Err(spent) => assert!(spent > budget, "{spent}"),
        Ok(found) => panic!("a {budget}-guess budget finished the hard puzzle: {found:?}"),
    }
    let (n, nodes) = exact::count_9x9(&hard, 2, &mut sol);
    assert_eq!(n, 1);
    assert!(nodes > 0);
    assert!(is_valid_solution(&hard, &sol));
}
