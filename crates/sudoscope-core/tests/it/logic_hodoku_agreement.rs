//! Agreement with HoDoKu, step by step: at every board of `tests/data/hodoku_find_all.jsonl`
//! (boards on HoDoKu's own solution paths of 50 puzzles sudoscope generated, 25 hard and 25
//! evil, where singles were exhausted) and of `tests/data/hodoku_find_all_singles_pending.jsonl`
//! (boards of 25 more puzzles where singles are still pending; both files and how to
//! regenerate them are described in `docs/experiments/hodoku_find_all.py`), every technique
//! both engines have must find exactly the placements and eliminations HoDoKu's `find_all`
//! finds there — no more, no fewer.
//!
//! Techniques are compared per family where the two engines split one pattern differently:
//! the singles together (a cell can be a naked and a hidden single at once), a naked pair or
//! triple together with its locked form, and simple colours' trap and wrap.
//! `cargo test --release -p sudoscope-core --test it logic_hodoku_agreement:: -- --nocapture` prints the table;
//! `SUDOSCOPE_AGREEMENT_DATA=<file.jsonl>` checks another file made the same way instead.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use sudoscope_core::exact::{self, Solution};
use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::{self, Board, Technique};

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/hodoku_find_all.jsonl"
);

/// The same, at boards where HoDoKu's next step is a single (made by the same script with
/// `--singles-pending`).
const PENDING: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/hodoku_find_all_singles_pending.jsonl"
);

/// HoDoKu's solution types and our techniques, family by family.
const FAMILIES: &[(&[&str], &[&str])] = &[
    (
        &["FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE"],
        &["full-house", "naked-single", "hidden-single"],
    ),
    (&["LOCKED_CANDIDATES_1"], &["pointing"]),
    (&["LOCKED_CANDIDATES_2"], &["claiming"]),
    (
        &["LOCKED_PAIR", "NAKED_PAIR"],
        &["locked-pair", "naked-pair"],
    ),
    (
        &["LOCKED_TRIPLE", "NAKED_TRIPLE"],
        &["locked-triple", "naked-triple"],
    ),
    (&["NAKED_QUADRUPLE"], &["naked-quad"]),
    (&["HIDDEN_PAIR"], &["hidden-pair"]),
    (&["HIDDEN_TRIPLE"], &["hidden-triple"]),
    (&["HIDDEN_QUADRUPLE"], &["hidden-quad"]),
    (&["X_WING"], &["x-wing"]),
    (&["SWORDFISH"], &["swordfish"]),
    (&["JELLYFISH"], &["jellyfish"]),
    (&["FINNED_X_WING"], &["finned-x-wing"]),
    (&["FINNED_SWORDFISH"], &["finned-swordfish"]),
    (&["FINNED_JELLYFISH"], &["finned-jellyfish"]),
    (&["SASHIMI_X_WING"], &["sashimi-x-wing"]),
    (&["SASHIMI_SWORDFISH"], &["sashimi-swordfish"]),
    (&["SASHIMI_JELLYFISH"], &["sashimi-jellyfish"]),
    (
        &["SKYSCRAPER", "TWO_STRING_KITE", "TURBOT_FISH"],
        &["skyscraper", "two-string-kite", "turbot-fish"],
    ),
    (&["EMPTY_RECTANGLE"], &["empty-rectangle"]),
    (&["XY_WING"], &["xy-wing"]),
    (&["XYZ_WING"], &["xyz-wing"]),
    (&["W_WING"], &["w-wing"]),
    (
        &["SIMPLE_COLORS_TRAP", "SIMPLE_COLORS_WRAP"],
        &["simple-colors"],
    ),
    (&["UNIQUENESS_1"], &["unique-rectangle-1"]),
    (&["BUG_PLUS_1"], &["bug-plus-1"]),
    (
        &[
            "X_CHAIN",
            "XY_CHAIN",
            "AIC",
            "DISCONTINUOUS_NICE_LOOP",
            "CONTINUOUS_NICE_LOOP",
        ],
        &[
            "x-chain",
            "xy-chain",
            "aic",
            "discontinuous-nice-loop",
            "continuous-nice-loop",
        ],
    ),
    (&["ALS_XZ"], &["als-xz"]),
    (&["ALS_XY_WING"], &["als-xy-wing"]),
];

/// Families whose deductions differ from HoDoKu's on some boards, and why (checked by hand on
/// the first boards where it happens). Their counts are printed and every deduction of ours
/// that HoDoKu does not make is still checked against the solution; every other family must
/// agree exactly.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

/// Families where HoDoKu itself deduces something false at boards with singles pending, so
/// that there we are right not to follow it. BUG+1 argues "were this cell not x, every
/// unsolved cell would be bivalue, a grave with two solutions"; HoDoKu lets cells whose
/// candidates have collapsed to one (pending naked singles) pass that count, where the
/// argument no longer holds — at all 9 such boards of the fixture its BUG+1 removes the
/// solution's digit from the three-candidate cell. We require every unsolved cell bivalue but
/// one, as the argument needs. Any other family with a false HoDoKu deduction fails the test.
const HODOKU_UNSOUND_AT_PENDING: &[&str] = &["bug-plus-1"];

/// A placement (`true`) or an elimination (`false`) of a digit in a cell.
type Deduction = (bool, usize, u8);

/// The board HoDoKu saw: its digits, then every candidate it had already ruled out removed.
fn board_of(record: &Value) -> Board {
    let values = record["values"].as_str().expect("values");
    let puzzle = parse_puzzle(values, ReadOptions::default()).expect("the board's digits parse");
    let mut board = Board::from_puzzle(&puzzle);
    let cands = record["cands"].as_str().expect("cands");
    for (cell, kept) in cands.split(',').enumerate() {
        if board.value(cell) != 0 {
            continue;
        }
        for d in 1..=9u8 {
            if !kept.contains(char::from(b'0' + d)) {
                board.eliminate(cell, d);
            }
        }
    }
    board
}

fn hodoku_found(record: &Value, types: &[&str]) -> BTreeSet<Deduction> {
    let mut out = BTreeSet::new();
    for t in types {
        let found = &record["hodoku"][t];
        for (key, placing) in [("place", true), ("elim", false)] {
            for pair in found[key].as_array().into_iter().flatten() {
                let cell = pair[0].as_u64().expect("cell") as usize;
                let digit = pair[1].as_u64().expect("digit") as u8;
                out.insert((placing, cell, digit));
            }
        }
    }
    out
}

fn ours_found(board: &Board, ids: &[&str]) -> BTreeSet<Deduction> {
    let mut out = BTreeSet::new();
    for id in ids {
        let technique = Technique::from_id(id).expect("a technique id");
        for step in logic::find_all(board, technique) {
            out.extend(step.placements.iter().map(|p| (true, p.cell, p.digit)));
            out.extend(step.eliminations.iter().map(|e| (false, e.cell, e.digit)));
        }
    }
    out
}

fn name(d: &Deduction) -> String {
    let (placing, cell, digit) = *d;
    let op = if placing { "=" } else { "<>" };
    format!("r{}c{}{op}{digit}", cell / 9 + 1, cell % 9 + 1)
}

/// Whether a deduction is true in the puzzle's one solution.
fn holds(d: &Deduction, solution: &[u8]) -> bool {
    let (placing, cell, digit) = *d;
    (solution[cell] == digit) == placing
}

/// What one family did over all boards.
#[derive(Default)]
struct Row {
    /// Boards where both found the same, non-empty set.
    same: usize,
    /// Boards where neither found anything.
    none: usize,
    /// Boards where HoDoKu found a deduction we did not.
    missed: usize,
    /// Boards where we found a (true) deduction HoDoKu did not.
    extra: usize,
    /// Extra deductions, counted one by one.
    extra_deductions: usize,
    /// Boards where HoDoKu's own deductions include a false one (not compared further).
    hodoku_false: usize,
    first_missed: Option<String>,
    first_extra: Option<String>,
}

#[test]
fn every_shared_technique_finds_what_hodoku_finds() {
    // Another file made the same way (say from other puzzles) can be checked in its place.
    let other = std::env::var("SUDOSCOPE_AGREEMENT_DATA").ok();
    agrees_with_hodoku_on(
        other.as_deref().unwrap_or(DATA),
        if other.is_some() { 1 } else { 100 },
        KNOWN_DIFFERENCES,
        &[],
    );
}

/// The same at boards with singles still pending (HoDoKu's path just before a single), where
/// subsets may be made of cells those singles will fill.
#[test]
fn every_shared_technique_finds_what_hodoku_finds_with_singles_pending() {
    agrees_with_hodoku_on(PENDING, 100, KNOWN_DIFFERENCES, HODOKU_UNSOUND_AT_PENDING);
}

/// A board with singles pending where the subsets must still be found, checked by hand: in
/// box 4, r5c1 can only be 7 and r6c3 only 6 (naked singles still pending), a naked pair on
/// {6, 7} that takes 6 from r5c3 and 7 from r6c1; and 2 and 4 fit only in r6c1 and r5c3 (hidden
/// singles still pending), a hidden pair that takes the same two candidates.
#[test]
fn subsets_of_pending_singles_are_listed() {
    let puzzle = parse_puzzle(
        "8621593..9357481624712368..1.3..7....9...2........4...3496.17..628475..15179.34.6",
        ReadOptions::default(),
    )
    .expect("the board parses");
    let board = Board::from_puzzle(&puzzle);
    let (r5c3, r6c1) = (4 * 9 + 2, 5 * 9);
    let expected: BTreeSet<Deduction> = [(false, r5c3, 6), (false, r6c1, 7)].into();
    let naked = ours_found(&board, &["naked-pair", "locked-pair"]);
    assert!(naked.is_superset(&expected), "{naked:?}");
    let hidden = ours_found(&board, &["hidden-pair"]);
    assert!(hidden.is_superset(&expected), "{hidden:?}");
    // The multi-line "boxes 4 and 5 confine 2 to rows 5 and 6" leans on r5c6, which already
    // holds a 2: it is box 4's pointing, not a multi-line, and is not listed as one.
    let multi = logic::find_all(&board, Technique::MultiLine);
    assert!(
        multi
            .iter()
            .all(|s| s.digits != [2] || !s.explanation.contains("box 4 and box 5")),
        "{multi:?}"
    );
}

fn agrees_with_hodoku_on(
    path: &str,
    min_boards: usize,
    known_differences: &[(&str, &str)],
    hodoku_unsound: &[&str],
) {
    let text = std::fs::read_to_string(path).expect("the HoDoKu fixture is in the repository");
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert!(records.len() >= min_boards, "{} boards", records.len());
    let mut table: BTreeMap<&str, Row> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let board = board_of(record);
        let values = record["values"].as_str().unwrap_or("");
        let puzzle = parse_puzzle(values, ReadOptions::default()).expect("digits parse");
        let Solution::Unique(solution) = exact::solve(&puzzle) else {
            panic!("board {i}: its digits have one solution");
        };
        let solution = solution.cells();
        for (types, ids) in FAMILIES {
            let theirs = hodoku_found(record, types);
            let ours = ours_found(&board, ids);
            let row = table.entry(ids[ids.len() - 1]).or_default();
            if let Some(d) = theirs.iter().find(|d| !holds(d, solution)) {
                row.hodoku_false += 1;
                if !hodoku_unsound.contains(&ids[ids.len() - 1]) {
                    wrong.push(format!(
                        "HoDoKu's {}: board {i} ({values}): {}",
                        ids[0],
                        name(d)
                    ));
                }
                continue;
            }
            let missed: Vec<String> = theirs.difference(&ours).map(name).collect();
            let extra: Vec<&Deduction> = ours.difference(&theirs).collect();
            for d in &extra {
                if !holds(d, solution) {
                    wrong.push(format!("{}: board {i} ({values}): {}", ids[0], name(d)));
                }
            }
            if !missed.is_empty() {
                row.missed += 1;
                row.first_missed.get_or_insert_with(|| {
                    format!("board {i} ({values}): only HoDoKu: {}", missed.join(" "))
                });
            }
            if !extra.is_empty() {
                row.extra += 1;
                row.extra_deductions += extra.len();
                row.first_extra.get_or_insert_with(|| {
                    let names: Vec<String> = extra.iter().map(|d| name(d)).collect();
                    format!("board {i} ({values}): only sudoscope: {}", names.join(" "))
                });
            }
            if missed.is_empty() && extra.is_empty() {
                if theirs.is_empty() {
                    row.none += 1;
                } else {
                    row.same += 1;
                }
            }
        }
    }
    println!(
        "| technique (family) | same deductions | neither finds any | HoDoKu finds one we miss | we find more (all true) | HoDoKu deduces something false |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for (id, row) in &table {
        println!(
            "| {id} | {} | {} | {} | {} boards, {} deductions | {} |",
            row.same, row.none, row.missed, row.extra, row.extra_deductions, row.hodoku_false
        );
    }
    for (id, row) in &table {
        for example in [&row.first_missed, &row.first_extra].into_iter().flatten() {
            println!("{id}: {example}");
        }
    }
    assert!(wrong.is_empty(), "false deductions:\n{}", wrong.join("\n"));
    let known = |id: &str| known_differences.iter().any(|(k, _)| *k == id);
    let differences: Vec<String> = table
        .iter()
        .filter(|(id, _)| !known(id))
        .flat_map(|(id, row)| {
            [&row.first_missed, &row.first_extra]
                .into_iter()
                .flatten()
                .map(move |d| format!("{id}: {d}"))
        })
        .collect();
    assert!(
        differences.is_empty(),
        "{} differences from HoDoKu outside the known differences:\n{}",
        differences.len(),
        differences.join("\n")
    );
    // The known differences stay what they are said to be: a family said to differ that now
    // agrees everywhere should leave the list.
    for (id, _) in known_differences {
        let row = table.get(id).expect("a family of the table");
        assert!(
            row.missed + row.extra > 0,
            "{id} now agrees with HoDoKu on every board: take it out of the known differences"
        );
    }
    // And HoDoKu's errors stay where they are said to be.
    for id in hodoku_unsound {
        let row = table.get(id).expect("a family of the table");
        assert!(
            row.hodoku_false > 0,
            "HoDoKu's {id} is now sound on every board: take it out of the list"
        );
    }
}
