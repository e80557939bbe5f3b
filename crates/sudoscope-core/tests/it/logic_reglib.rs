//! HoDoKu's regression library (reglib 1.4) against our technique finders.
//!
//! Every line of `hodoku_reglib-1.4_1112.txt` is `grid81 :<code>:<candidates>:<givens>:
//! <deleted>:<eliminations>:<placements>:<extra>`. The board is the grid's digits (givens and
//! placed cells alike), every candidate no placed peer rules out, minus the deleted
//! candidates (`<digit><row><col>` triples, blank-separated, as are eliminations and
//! placements). The case's technique is looked up in [`TABLE`]; its finder runs in "all"
//! mode, and the case's check function decides.
//!
//! HoDoKu's own check (`RegressionTester.checkResults`) takes every step of the case's type
//! whose candidates equal the case's and requires all of them to produce exactly the listed
//! eliminations/placements (a library case is only valid when no other instance leads to a
//! different result); a code ending in `-x` requires that no such step exists. We pass a case
//! when at least one such step matches exactly (`-x`: when none exists), and also count how
//! many cases meet HoDoKu's stricter "every such step matches" (the `strict` column).
//!
//! To add a technique: implement its finder (so `sudoscope_core::lab::logic::finder` returns it) and
//! make sure its code is in [`TABLE`] with the right check function. Codes whose technique is
//! not implemented are listed as skipped.

use std::collections::BTreeMap;
use std::path::Path;

use sudoscope_core::lab::logic::{self, Board, Elimination, Placement, Step, Technique};
use sudoscope_testkit::reglib::{self, triples};

/// One regression case.
pub struct Case {
    pub line: usize,
    /// The base code, e.g. `0110` (the variant cut off).
    pub code: String,
    /// The variant after the dash: `1`, `2`, ..., or `x` for a fail case.
    pub variant: Option<String>,
    /// The `<candidates>` field as digits (sorted, unique).
    pub candidates: Vec<u8>,
    pub board: Board,
    pub eliminations: Vec<Elimination>,
    pub placements: Vec<Placement>,
    pub raw: String,
}

impl Case {
    pub fn is_fail_case(&self) -> bool {
        self.variant.as_deref() == Some("x")
    }
}

/// Decides which of a technique's steps a case is about; the rest of the check (exact
/// eliminations and placements, or nothing for a fail case) is common.
pub type Relevant = fn(&Case, &Step) -> bool;

/// Steps whose pattern digits (`Step::digits`) are the case's candidates — HoDoKu's rule for
/// singles, intersections, subsets, fish, single-digit patterns, wings and uniqueness. An
/// empty candidate field (BUG+1) matches every step.
pub fn by_pattern_digits(case: &Case, step: &Step) -> bool {
    if case.candidates.is_empty() {
        return true;
    }
    let mut digits = step.digits.clone();
    digits.sort_unstable();
    digits.dedup();
    digits == case.candidates
}

/// Steps whose eliminated (or placed) digits are the case's candidates — HoDoKu's rule for
/// chains, nice loops and AICs, whose candidate field names what is eliminated.
pub fn by_eliminated_digits(case: &Case, step: &Step) -> bool {
    if case.candidates.is_empty() {
        return true;
    }
    let mut digits: Vec<u8> = step
        .eliminations
        .iter()
        .map(|e| e.digit)
        .chain(step.placements.iter().map(|p| p.digit))
        .collect();
    digits.sort_unstable();
    digits.dedup();
    digits == case.candidates
}

/// HoDoKu code → our technique id and how a case picks its steps. Siamese fish (`03111`
/// etc.) and HoDoKu techniques we do not name are absent, hence skipped.
pub const TABLE: &[(&str, &str, Relevant)] = &[
    ("0000", "full-house", by_pattern_digits),
    ("0002", "hidden-single", by_pattern_digits),
    ("0003", "naked-single", by_pattern_digits),
    ("0100", "pointing", by_pattern_digits),
    ("0101", "claiming", by_pattern_digits),
    ("0110", "locked-pair", by_pattern_digits),
    ("0111", "locked-triple", by_pattern_digits),
    ("0200", "naked-pair", by_pattern_digits),
    ("0201", "naked-triple", by_pattern_digits),
    ("0202", "naked-quad", by_pattern_digits),
    ("0210", "hidden-pair", by_pattern_digits),
    ("0211", "hidden-triple", by_pattern_digits),
    ("0212", "hidden-quad", by_pattern_digits),
    ("0300", "x-wing", by_pattern_digits),
    ("0301", "swordfish", by_pattern_digits),
    ("0302", "jellyfish", by_pattern_digits),
    ("0310", "finned-x-wing", by_pattern_digits),
    ("0311", "finned-swordfish", by_pattern_digits),
    ("0312", "finned-jellyfish", by_pattern_digits),
    ("0320", "sashimi-x-wing", by_pattern_digits),
    ("0321", "sashimi-swordfish", by_pattern_digits),
    ("0322", "sashimi-jellyfish", by_pattern_digits),
    ("0400", "skyscraper", by_pattern_digits),
    ("0401", "two-string-kite", by_pattern_digits),
    ("0402", "empty-rectangle", by_pattern_digits),
    ("0403", "turbot-fish", by_pattern_digits),
    ("0500", "simple-colors", by_pattern_digits),
    ("0501", "simple-colors", by_pattern_digits),
    ("0600", "unique-rectangle-1", by_pattern_digits),
    ("0610", "bug-plus-1", by_pattern_digits),
    ("0701", "x-chain", by_eliminated_digits),
    ("0702", "xy-chain", by_eliminated_digits),
    ("0706", "continuous-nice-loop", by_eliminated_digits),
    ("0707", "discontinuous-nice-loop", by_eliminated_digits),
    ("0708", "aic", by_eliminated_digits),
    ("0800", "xy-wing", by_pattern_digits),
    ("0801", "xyz-wing", by_pattern_digits),
    ("0803", "w-wing", by_pattern_digits),
    ("0901", "als-xz", by_eliminated_digits),
    ("0902", "als-xy-wing", by_eliminated_digits),
];

/// The library's cases, in file order.
pub fn read_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).expect("reglib file readable");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| parse_case(i + 1, l))
        .collect()
}

fn parse_case(line: usize, text: &str) -> Case {
    let (grid81, lib) = text.split_once(' ').expect("grid then reglib line");
    let fields: Vec<&str> = lib.split(':').collect();
    assert!(fields.len() >= 7, "line {line}: too few fields");
    let (code, variant) = match fields[1].split_once('-') {
        Some((c, v)) => (c.to_string(), Some(v.to_string())),
        None => (fields[1].to_string(), None),
    };
    let mut candidates: Vec<u8> = fields[2].bytes().map(|b| b - b'0').collect();
    candidates.sort_unstable();
    candidates.dedup();
    let board = reglib::board(grid81, fields[4]);
    let mut eliminations: Vec<Elimination> = triples(fields[5])
        .into_iter()
        .map(|(digit, cell)| Elimination { cell, digit })
        .collect();
    eliminations.sort_unstable();
    eliminations.dedup();
    let mut placements: Vec<Placement> = triples(fields[6])
        .into_iter()
        .map(|(digit, cell)| Placement { cell, digit })
        .collect();
    placements.sort_unstable();
    placements.dedup();
    Case {
        line,
        code,
        variant,
        candidates,
        board,
        eliminations,
        placements,
        raw: lib.to_string(),
    }
}

/// What happened to one case.
pub enum Outcome {
    Skipped,
    Passed { strict: bool },
    Failed(String),
}

/// Runs one case through its technique.
pub fn check_case(case: &Case) -> Outcome {
    let Some(&(_, id, relevant)) = TABLE.iter().find(|(code, _, _)| *code == case.code) else {
        return Outcome::Skipped;
    };
    let Some(technique) = Technique::from_id(id) else {
        return Outcome::Skipped;
    };
    if logic::finder(technique).is_none() {
        return Outcome::Skipped;
    }
    // HoDoKu runs its ALS cases numbered `-2` with "allow ALS overlap" on.
    let overlapping = matches!(technique, Technique::AlsXz | Technique::AlsXyWing)
        && case.variant.as_deref() == Some("2");
    let steps = if overlapping {
        logic::als::find_all_with(&case.board, technique, logic::als::Overlap::Allowed)
    } else {
        logic::find_all(&case.board, technique)
    };
    let relevant: Vec<&Step> = steps.iter().filter(|s| relevant(case, s)).collect();
    if case.is_fail_case() {
        return match relevant.first() {
            None => Outcome::Passed { strict: true },
            Some(step) => Outcome::Failed(format!("step found for a fail case: {step:?}")),
        };
    }
    let matching = relevant
        .iter()
        .filter(|s| s.eliminations == case.eliminations && s.placements == case.placements)
        .count();
    if matching > 0 {
        Outcome::Passed {
            strict: matching == relevant.len(),
        }
    } else if relevant.is_empty() {
        Outcome::Failed(format!(
            "no step found ({} steps of other digits)",
            steps.len()
        ))
    } else {
        let got: Vec<String> = relevant
            .iter()
            .map(|s| format!("{:?} / {:?}", s.eliminations, s.placements))
            .collect();
        Outcome::Failed(format!(
            "expected {:?} / {:?}, found {}",
            case.eliminations,
            case.placements,
            got.join(" | ")
        ))
    }
}

/// Per code (with variant): technique id, passed, strict, total, failure notes.
#[derive(Default)]
pub struct Tally {
    pub technique: String,
    pub passed: usize,
    pub strict: usize,
    pub total: usize,
    pub skipped: bool,
    pub failures: Vec<String>,
}

pub fn run_library(path: &Path) -> BTreeMap<String, Tally> {
    let filter = std::env::var("REGLIB_CODE").ok();
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for case in read_cases(path) {
        let key = match &case.variant {
            Some(v) => format!("{}-{v}", case.code),
            None => case.code.clone(),
        };
        if filter
            .as_ref()
            .is_some_and(|f| !key.starts_with(f.as_str()))
        {
            continue;
        }
        let tally = tallies.entry(key).or_default();
        tally.technique = TABLE
            .iter()
            .find(|(code, _, _)| *code == case.code)
            .map(|(_, id, _)| id.to_string())
            .unwrap_or_else(|| "(not in table)".into());
        tally.total += 1;
        match check_case(&case) {
            Outcome::Skipped => tally.skipped = true,
            Outcome::Passed { strict } => {
                tally.passed += 1;
                tally.strict += strict as usize;
            }
            Outcome::Failed(why) => {
                tally
                    .failures
                    .push(format!("line {}: {} — {why}", case.line, case.raw));
            }
        }
    }
    tallies
}

use sudoscope_testkit::datasets;

#[test]
fn hodoku_regression_library() {
    let Some(dir) = datasets() else {
        return;
    };
    let tallies = run_library(&dir.join("hodoku_reglib-1.4_1112.txt"));
    let mut skipped = Vec::new();
    let mut failed = 0;
    println!(
        "{:<8} {:<22} {:>7} {:>7}",
        "code", "technique", "passed", "strict"
    );
    for (code, t) in &tallies {
        if t.skipped {
            skipped.push(format!("{code} ({}, {})", t.technique, t.total));
            continue;
        }
        println!(
            "{code:<8} {:<22} {:>3}/{:<3} {:>3}/{:<3}",
            t.technique, t.passed, t.total, t.strict, t.total
        );
        for f in t.failures.iter().take(5) {
            println!("    FAIL {f}");
        }
        failed += t.failures.len();
    }
    println!("skipped: {}", skipped.join(", "));
    assert_eq!(failed, 0, "{failed} regression cases failed");
}
