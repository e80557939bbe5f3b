//! The last-resort techniques: almost locked sets (ALS-XZ, ALS-XY-wing) and forcing chains.
//!
//! * `last_resort_sweep`: a sample of `magictour_top1465.txt` (every 10th puzzle;
//!   `LOGIC_LAST_RESORT_EVERY=1` for all of them) is rated, and every step the rating applies is
//!   checked against the exact solution (the test kit's soundness walker on the rating's path). The forcing chains and ALS techniques must be used, no
//!   step may be wrong, and logic alone must solve most of the sample.
//! * `all_steps_lists_last_resort_only_when_needed`: `all_steps` keeps the expensive techniques
//!   out while a cheaper one applies, and runs them when named or when nothing else applies.
//! * `forcing_chain_explanations_show_the_chains`: on the boards where only the last resorts
//!   apply, every forcing step of every kind agrees with the solution, names its assumption and
//!   shows its chains with the `⇒` notation.
//!
//! ALS correctness against HoDoKu is in `logic_reglib` (codes 0901 and 0902).

use std::collections::BTreeMap;

use sudoscope_core::exact::{self, Solution};
use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::{self, Board, Technique, path};

use sudoscope_testkit::datasets;
use sudoscope_testkit::soundness::{self, Route};

fn magictour(every: usize) -> Option<Vec<(Board, Vec<u8>)>> {
    let dir = datasets()?;
    let text = std::fs::read_to_string(dir.join("magictour_top1465.txt")).ok()?;
    Some(
        text.lines()
            .step_by(every)
            .filter_map(|line| {
                let puzzle =
                    parse_puzzle(line.split_whitespace().next()?, ReadOptions::default()).ok()?;
                let Solution::Unique(solution) = exact::solve(&puzzle) else {
                    return None;
                };
                Some((Board::from_puzzle(&puzzle), solution.cells().to_vec()))
            })
            .collect(),
    )
}

const LAST_RESORT: [Technique; 6] = [
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::ForcingChainContradiction,
    Technique::DigitForcingChain,
    Technique::CellForcingChain,
    Technique::HouseForcingChain,
];

#[test]
fn last_resort_sweep() {
    let every = std::env::var("LOGIC_LAST_RESORT_EVERY")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(10)
        .max(1);
    let Some(puzzles) = magictour(every) else {
        return;
    };
    let order = path::order(&[]);
    let mut used: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut wrong = Vec::new();
    let mut solved = 0;
    for (board, solution) in &puzzles {
        let walk = soundness::walk(board, solution, Route::Rating(&order));
        for (technique, n) in walk.by_technique {
            *used.entry(technique.id()).or_default() += n;
        }
        wrong.extend(walk.violations);
        solved += walk.solved as usize;
    }
    println!(
        "magictour sample: {} puzzles, logic solves {solved} ({:.1}%)",
        puzzles.len(),
        100.0 * solved as f64 / puzzles.len().max(1) as f64
    );
    for t in LAST_RESORT {
        println!(
            "  {}: {} steps",
            t.id(),
            used.get(t.id()).copied().unwrap_or(0)
        );
    }
    for w in wrong.iter().take(5) {
        println!("WRONG {w}");
    }
    assert!(wrong.is_empty(), "{} wrong steps", wrong.len());
    assert!(used.get("als-xz").copied().unwrap_or(0) > 0);
    assert!(
        used.get("forcing-chain-contradiction")
            .copied()
            .unwrap_or(0)
            > 0
    );
    assert!(
        2 * solved > puzzles.len(),
        "logic alone solves only {solved} of {}",
        puzzles.len()
    );
}

#[test]
fn all_steps_lists_last_resort_only_when_needed() {
    let Some(puzzles) = magictour(50) else {
        return;
    };
    let mut stuck_boards = 0;
    for (board, _) in &puzzles {
        // At the start something cheap applies: no last-resort step is listed...
        let steps = logic::all_steps(board, &[]);
        assert!(!steps.is_empty());
        assert!(steps.iter().all(|s| !logic::is_last_resort(s.technique)));
        // ...unless asked for by name.
        let named = logic::all_steps(board, &[Technique::ForcingChainContradiction]);
        assert!(
            named
                .iter()
                .all(|s| s.technique == Technique::ForcingChainContradiction)
        );
        // Where only the last resorts apply, they are listed.
        let standard: Vec<Technique> = logic::available()
            .filter(|&t| !logic::is_last_resort(t))
            .collect();
        let mut work = board.clone();
        path::walk(&mut work, &path::order(&standard), true, |_, _| {});
        if work.is_solved() {
            continue;
        }
        let steps = logic::all_steps(&work, &[]);
        assert!(steps.iter().all(|s| logic::is_last_resort(s.technique)));
        stuck_boards += !steps.is_empty() as usize;
    }
    assert!(stuck_boards > 0, "no board needed a last-resort technique");
}

#[test]
fn forcing_chain_explanations_show_the_chains() {
    let every = std::env::var("LOGIC_LAST_RESORT_EVERY")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .map_or(25, |e| e.max(1));
    let Some(puzzles) = magictour(every) else {
        return;
    };
    let standard: Vec<Technique> = logic::available()
        .filter(|&t| !logic::is_last_resort(t))
        .collect();
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    for (board, solution) in &puzzles {
        let mut work = board.clone();
        path::walk(&mut work, &path::order(&standard), true, |_, _| {});
        for t in &LAST_RESORT[2..] {
            for step in logic::find_all(&work, *t) {
                *seen.entry(t.id()).or_default() += 1;
                // The rating only ever applies contradictions (they weigh least); the other
                // kinds are checked against the solution here.
                assert!(
                    step.eliminations
                        .iter()
                        .all(|e| solution[e.cell] != e.digit)
                        && step.placements.iter().all(|p| solution[p.cell] == p.digit),
                    "wrong step: {}",
                    step.explanation
                );
                assert_eq!(step.placements.len() + step.eliminations.len(), 1);
                assert!(
                    step.explanation.starts_with(t.title()),
                    "{}",
                    step.explanation
                );
                assert!(step.explanation.contains('⇒'), "{}", step.explanation);
                assert!(!step.cells.is_empty());
            }
        }
    }
    println!("forcing steps checked: {seen:?}");
    for t in &LAST_RESORT[2..] {
        assert!(
            seen.get(t.id()).copied().unwrap_or(0) > 0,
            "no {} step",
            t.id()
        );
    }
}
