//! The generator: every puzzle has exactly one solution, proved by a counter that is
//! not the one the generator used; a level is a promise about the techniques needed; the same
//! seed gives the same puzzles (the `generate` command is checked in the application's
//! `generate_cli` tests).
//!
//! Independent counters: 9×9 standard puzzles are counted by the `sudoku` crate (JCZSolve);
//! 4×4, the 9×9 X and hyper variants and 16×16 by `count_plain` below (plain backtracking over
//! the geometry's houses, written for this test); 25×25, which the generator checks with its
//! own bounded search (`generate::mask`), by the exact generic solver.

use std::time::{Duration, Instant};

use sudoscope_core::exact;
use sudoscope_core::generate::{GenerateOptions, Generated, Level, Symmetry, generate_nth, orbits};
use sudoscope_core::grid::{Geometry, Grid, Variant};
use sudoscope_core::logic::rating::{self, technique_level};

fn options(size: usize, variant: Variant, level: Option<Level>, seed: u64) -> GenerateOptions {
    GenerateOptions {
        size,
        variant,
        level,
        symmetry: Symmetry::Rotational,
        minimal: false,
        seed,
        timeout: Duration::from_secs(60),
        rate: true,
    }
}

/// Counts solutions up to `limit` by plain backtracking with no inference: at each node it
/// branches on the cell with the fewest possible digits or on the digit with the fewest
/// places in a house, whichever is smaller (the exact-cover choice rule). Slow but simple
/// enough to trust.
fn count_plain(givens: &Grid, limit: usize) -> usize {
    fn go(g: &Geometry, cells: &mut Vec<u8>, limit: usize, found: &mut usize) {
        let n = g.size();
        let possible = |cells: &[u8], cell: usize| -> Vec<u8> {
            let mut used = vec![false; n + 1];
            for &p in g.peers(cell) {
                used[cells[p] as usize] = true;
            }
            (1..=n as u8).filter(|&d| !used[d as usize]).collect()
        };
        // The smallest choice: (cell, digit) pairs to try.
        let mut best: Option<Vec<(usize, u8)>> = None;
        let mut options_of = vec![Vec::new(); cells.len()];
        for cell in 0..cells.len() {
            if cells[cell] != 0 {
                continue;
            }
            options_of[cell] = possible(cells, cell);
            if best
                .as_ref()
                .is_none_or(|b| options_of[cell].len() < b.len())
            {
                best = Some(options_of[cell].iter().map(|&d| (cell, d)).collect());
            }
        }
        let Some(mut choice) = best else {
            *found += 1;
            return;
        };
        for house in g.houses() {
            for d in 1..=n as u8 {
                if house.cells.iter().any(|&c| cells[c] == d) {
                    continue;
                }
                let places: Vec<(usize, u8)> = house
                    .cells
                    .iter()
                    .filter(|&&c| cells[c] == 0 && options_of[c].contains(&d))
                    .map(|&c| (c, d))
                    .collect();
                if places.len() < choice.len() {
                    choice = places;
                }
            }
        }
        for (cell, d) in choice {
            cells[cell] = d;
            go(g, cells, limit, found);
            cells[cell] = 0;
            if *found >= limit {
                break;
            }
        }
    }
    let mut cells = givens.cells().to_vec();
    let mut found = 0;
    go(givens.geometry(), &mut cells, limit, &mut found);
    found
}

/// Exactly one solution, by a counter the generator did not use, and it is the solution
/// returned; the givens agree with it.
fn assert_unique(generated: &Generated) {
    let givens = &generated.puzzle.givens;
    assert!(givens.is_extended_by(&generated.solution));
    assert!(generated.solution.is_solved());
    let g = givens.geometry();
    let solutions = match (g.size(), g.variant()) {
        (9, Variant::Standard) => {
            let line = generated.puzzle.to_line();
            sudoku::Sudoku::from_str_line(&line)
                .expect("the sudoku crate reads the line")
                .solutions_count_up_to(2)
        }
        (25 | 36, _) => exact::count_generic(g, &givens.candidates(), 2).solutions,
        _ => count_plain(givens, 2),
    };
    assert_eq!(solutions, 1, "{}", generated.puzzle.to_line());
}

/// What each level promises about the hardest technique needed.
fn assert_level_promise(generated: &Generated, level: Level) {
    let rating = generated.rating.as_ref().expect("a level implies a rating");
    let again = rating::rate(&generated.puzzle);
    assert_eq!(again.level, level, "{}", generated.puzzle.to_line());
    assert_eq!(again.score, rating.score);
    let hardest = again.uses.iter().map(|&(t, _)| technique_level(t)).max();
    match level {
        Level::Easy => {
            assert!(again.logic_solves);
            assert!(hardest.is_none_or(|l| l == Level::Easy), "singles only");
        }
        Level::Medium | Level::Hard => {
            assert!(again.logic_solves);
            assert_eq!(hardest, Some(level), "{:?}", again.uses);
        }
        Level::Evil => {
            // Chains, or more than the engine knows (logic gets stuck).
            assert!(again.score >= rating::EVIL_FROM);
            assert!(!again.logic_solves || hardest == Some(Level::Evil));
        }
    }
}

#[test]
fn nine_by_nine_every_level_unique_and_as_promised() {
    for level in Level::ALL {
        let opts = options(9, Variant::Standard, Some(level), 11);
        for i in 0..6 {
            let generated = generate_nth(&opts, i).expect("generated");
            assert_unique(&generated);
            assert_level_promise(&generated, level);
        }
    }
}

/// Without the full rating (what `generate --format text` does) the generator must return
/// exactly the same puzzles: the restricted walks alone certify the level. The rated run
/// checks each level against the full rating.
#[test]
fn skipping_the_rating_changes_no_puzzle() {
    for level in Level::ALL {
        let rated = options(9, Variant::Standard, Some(level), 29);
        let unrated = GenerateOptions {
            rate: false,
            ..rated.clone()
        };
        for i in 0..12 {
            let with = generate_nth(&rated, i).expect("generated");
            let without = generate_nth(&unrated, i).expect("generated");
            assert_eq!(with.rating.as_ref().map(|r| r.level), Some(level));
            assert!(without.rating.is_none());
            assert_eq!(
                with.puzzle.to_line(),
                without.puzzle.to_line(),
                "{level:?} #{i}"
            );
            assert_eq!(with.solution, without.solution);
        }
    }
}

#[test]
fn minimal_puzzles_lose_uniqueness_with_any_given_removed() {
    for (symmetry, level) in [
        (Symmetry::None, None),
        (Symmetry::Rotational, Some(Level::Easy)),
        (Symmetry::None, Some(Level::Hard)),
    ] {
        let mut opts = options(9, Variant::Standard, level, 5);
        opts.symmetry = symmetry;
        opts.minimal = true;
        for i in 0..3 {
            let generated = generate_nth(&opts, i).expect("generated");
            assert_unique(&generated);
            let givens = &generated.puzzle.givens;
            for cell in 0..81 {
                if givens.get(cell) == 0 {
                    continue;
                }
                let mut fewer = givens.clone();
                fewer.set(cell, 0);
                let line = fewer.to_line(generated.puzzle.alphabet);
                let n = sudoku::Sudoku::from_str_line(&line)
                    .expect("readable")
                    .solutions_count_up_to(2);
                assert_eq!(
                    n,
                    2,
                    "removing r{}c{} keeps it unique",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
            }
        }
    }
}

#[test]
fn every_symmetry_gives_a_symmetric_pattern() {
    for symmetry in Symmetry::ALL {
        let mut opts = options(9, Variant::Standard, None, 3);
        opts.symmetry = symmetry;
        let generated = generate_nth(&opts, 0).expect("generated");
        assert_unique(&generated);
        let givens = &generated.puzzle.givens;
        for orbit in orbits(9, symmetry) {
            let filled = orbit.iter().filter(|&&c| givens.get(c) != 0).count();
            assert!(
                filled == 0 || filled == orbit.len(),
                "{symmetry}: {orbit:?}"
            );
        }
    }
}

#[test]
fn small_sizes_and_variants_are_unique() {
    let cases = [
        (4, Variant::Standard, Some(Level::Easy)),
        (4, Variant::X, None),
        (4, Variant::Hyper, None),
        (9, Variant::X, Some(Level::Medium)),
        (9, Variant::X, None),
        (9, Variant::Hyper, Some(Level::Hard)),
        (9, Variant::Hyper, None),
        (16, Variant::Standard, Some(Level::Easy)),
        (16, Variant::Standard, None),
        (16, Variant::X, Some(Level::Easy)),
        (16, Variant::Hyper, Some(Level::Medium)),
    ];
    for (size, variant, level) in cases {
        let generated = generate_nth(&options(size, variant, level, 1), 0).expect("generated");
        assert_eq!(generated.puzzle.geometry().variant(), variant);
        assert_unique(&generated);
        if let Some(level) = level {
            assert_level_promise(&generated, level);
        }
    }
}

#[test]
fn twenty_five_by_twenty_five_is_unique_within_its_budget() {
    let start = Instant::now();
    let generated = generate_nth(&options(25, Variant::Standard, None, 1), 0).expect("generated");
    assert_unique(&generated);
    eprintln!("25×25 in {:?}", start.elapsed());
}
