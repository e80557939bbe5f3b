//! SE's nested forcing chains explained for a player, level by level: a summary line per
//! level, then every chain's numbered proof — the step's own and each smaller chain it leans
//! on, none missing.

use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::lab::se::{self, SeGrid, SeHint};
use sudoscope_core::logic::Board;

/// The ER 10.3 puzzle of the forum-hardest fixture (tests/data/se/se121/
/// forum_hardest_1106_sample.txt): its hardest step, a region forcing chain of SE's "+ Multiple
/// Forcing Chains" level, comes after a few singles.
const FIXTURE_PUZZLE: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/// The first nested chain step of the puzzle's SE path, explained.
fn first_nested_step(line: &str) -> SeHint {
    let puzzle = parse_puzzle(line, ReadOptions::default()).expect("a puzzle");
    let mut grid = SeGrid::from_board(&Board::from_puzzle(&puzzle));
    let memo = se::SeMemo::default();
    loop {
        let hint = se::next_hint(&memo, &grid, false, true).expect("SE is never stuck");
        if hint.name.contains("(+ ") {
            return se::next_hint(&memo, &grid, true, true).expect("the same step, explained");
        }
        for &(c, d) in &hint.removals {
            grid.remove(c, d);
        }
        if let Some((c, d)) = hint.placement {
            grid.place(c, d);
        }
        assert!(!grid.is_solved(), "{line}: no nested chain on the path");
    }
}

/// Checks that `lines` (one chain's proof, or a branch of it) count 1, 2, 3, … and returns
/// how many numbered lines there were.
fn numbered_from_one(lines: &[&str], chain: &str) -> usize {
    let mut expected = 1;
    for line in lines {
        if line.starts_with("branch ") {
            expected = 1;
            continue;
        }
        let Some((number, _)) = line.split_once(". ") else {
            continue;
        };
        let Ok(n) = number.parse::<usize>() else {
            continue;
        };
        assert_eq!(n, expected, "{chain}: line {line:?} out of order");
        expected += 1;
    }
    expected - 1
}

#[test]
fn a_nested_chain_is_summarised_level_by_level() {
    let hint = first_nested_step(FIXTURE_PUZZLE);
    let lines: Vec<&str> = hint.explanation.iter().map(String::as_str).collect();
    let text = lines.join("\n");
    eprintln!("{}:\n{text}", hint.name);
    let levels: usize = lines[0]
        .strip_prefix("In short, ")
        .and_then(|r| r.strip_suffix(" levels of chains:"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}: no summary first:\n{text}", hint.name));
    assert!(levels >= 2, "a nested step has an inner level:\n{text}");
    // One summary line per level, in order, before the detail.
    let detail = lines
        .iter()
        .position(|l| *l == "In detail:")
        .expect("a detail section");
    for (level, line) in (1..=levels).zip(&lines[1..]) {
        assert!(
            line.starts_with(&format!("level {level}")),
            "summary line {level} is {line:?}"
        );
    }
    assert_eq!(detail, levels + 1, "exactly one summary line per level");
    // Every chain the summary names (the step, A, B, …, A.1, …) has its own numbered proof.
    let headings: Vec<usize> = (detail + 1..lines.len())
        .filter(|&i| lines[i].starts_with("the step (") || lines[i].starts_with("chain "))
        .collect();
    assert!(lines[headings[0]].starts_with("the step ("));
    let labels: Vec<String> = headings[1..]
        .iter()
        .map(|&i| {
            lines[i]["chain ".len()..]
                .split(' ')
                .next()
                .unwrap_or("")
                .to_string()
        })
        .collect();
    assert!(
        !labels.is_empty(),
        "no smaller chain in the detail:\n{text}"
    );
    for label in &labels {
        let level = label.split('.').count() + 1;
        assert!(
            lines[1..=levels]
                .iter()
                .any(|l| l.starts_with(&format!("level {level}, "))
                    && l.contains(&format!(" {label}: "))),
            "chain {label} missing from the level {level} summary:\n{text}"
        );
        assert!(
            text.contains(&format!("{label} below")),
            "no link of an outer chain leans on chain {label}:\n{text}"
        );
    }
    for (k, &start) in headings.iter().enumerate() {
        let end = headings.get(k + 1).copied().unwrap_or(lines.len());
        let body = &lines[start + 1..end];
        assert!(
            !body.iter().any(|l| l.contains("could not be rebuilt")),
            "{}: proof missing:\n{text}",
            lines[start]
        );
        let steps = numbered_from_one(body, lines[start]);
        assert!(steps >= 2, "{}: {steps} numbered steps", lines[start]);
        assert!(body[0].starts_with("1. if ") || body[0].starts_with("branch 1 of "));
    }
    // The step's own proof says what it concludes.
    let shown = se::describe_removals(&hint.removals);
    assert!(text.contains(&shown), "{shown} not in:\n{text}");
}

/// One memo kept across a puzzle's steps (as a rating, a never-stuck walk and the live solver
/// keep it) finds the same step at every grid as a fresh one, and its nested chains are in it
/// once a nested step has been searched.
#[test]
fn a_memo_kept_across_steps_changes_no_step() {
    let puzzle = parse_puzzle(FIXTURE_PUZZLE, ReadOptions::default()).expect("a puzzle");
    let mut grid = SeGrid::from_board(&Board::from_puzzle(&puzzle));
    let kept = se::SeMemo::default();
    let mut nested_seen = false;
    while !grid.is_solved() && !nested_seen {
        let hint = se::next_hint(&kept, &grid, false, true).expect("SE is never stuck");
        let fresh = se::next_hint(&se::SeMemo::default(), &grid, false, true).expect("a step");
        assert_eq!(
            (&hint.name, hint.difficulty, &hint.removals, hint.placement),
            (
                &fresh.name,
                fresh.difficulty,
                &fresh.removals,
                fresh.placement
            )
        );
        nested_seen = hint.name.contains("(+ ");
        for &(c, d) in &hint.removals {
            grid.remove(c, d);
        }
        if let Some((c, d)) = hint.placement {
            grid.place(c, d);
        }
    }
    assert!(nested_seen, "the walk reached a nested step");
    assert!(!kept.is_empty(), "the nested searches' chains were kept");
}
