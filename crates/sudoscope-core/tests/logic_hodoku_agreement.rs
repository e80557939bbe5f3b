//! Agreement with HoDoKu, step by step: at every board of `tests/data/hodoku_find_all.jsonl`
//! (boards on HoDoKu's own solution paths of 50 puzzles sudoscope generated, 25 hard and 25
//! evil; the file and how to regenerate it are described in
//! `docs/experiments/hodoku_find_all.py`), every technique both engines have must find exactly
//! the placements and eliminations HoDoKu's `find_all` finds there — no more, no fewer.
//!
//! Techniques are compared per family where the two engines split one pattern differently:
//! the singles together (a cell can be a naked and a hidden single at once), a naked pair or
//! triple together with its locked form, and simple colours' trap and wrap.
//! `cargo test --release --test logic_hodoku_agreement -- --nocapture` prints the table;
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
    first_missed: Option<String>,
    first_extra: Option<String>,
}

#[test]
fn every_shared_technique_finds_what_hodoku_finds() {
    // Another file made the same way (say from other puzzles) can be checked in its place.
    let other = std::env::var("SUDOSCOPE_AGREEMENT_DATA").ok();
    let text = std::fs::read_to_string(other.as_deref().unwrap_or(DATA))
        .expect("tests/data/hodoku_find_all.jsonl is in the repository");
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert!(
        other.is_some() || records.len() >= 100,
        "{} boards",
        records.len()
    );
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
        "| technique (family) | same deductions | neither finds any | HoDoKu finds one we miss | we find more (all true) |"
    );
    println!("|---|---:|---:|---:|---:|");
    for (id, row) in &table {
        println!(
            "| {id} | {} | {} | {} | {} boards, {} deductions |",
            row.same, row.none, row.missed, row.extra, row.extra_deductions
        );
    }
    for (id, row) in &table {
        for example in [&row.first_missed, &row.first_extra].into_iter().flatten() {
            println!("{id}: {example}");
        }
    }
    assert!(wrong.is_empty(), "false deductions:\n{}", wrong.join("\n"));
    let known = |id: &str| KNOWN_DIFFERENCES.iter().any(|(k, _)| *k == id);
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
        "{} differences from HoDoKu outside KNOWN_DIFFERENCES:\n{}",
        differences.len(),
        differences.join("\n")
    );
    // The known differences stay what they are said to be: a family said to differ that now
    // agrees everywhere should leave the list.
    for (id, _) in KNOWN_DIFFERENCES {
        let row = table.get(id).expect("a family of the table");
        assert!(
            row.missed + row.extra > 0,
            "{id} now agrees with HoDoKu on every board: take it out of KNOWN_DIFFERENCES"
        );
    }
}
