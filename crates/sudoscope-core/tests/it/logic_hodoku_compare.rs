//! Agreement with HoDoKu (ignored: needs the output of `docs/experiments/hodoku_compare.py`,
//! which runs hodoku-py, at the path in `HODOKU_OUT`).
//!
//! For each puzzle HoDoKu solved: its level against ours (EASY/MEDIUM/HARD → easy/medium/hard,
//! UNFAIR/EXTREME → evil), and the first step of its solution path that is not a single against
//! the first such step of our path (both reach the same grid once the singles are placed).

use std::collections::BTreeMap;
use sudoscope_core::grid::{ReadOptions, parse_puzzle};
use sudoscope_core::logic::{Board, path, rating};
fn map(h: &str) -> String {
    match h {
        "LOCKED_CANDIDATES_1" => "pointing".into(),
        "LOCKED_CANDIDATES_2" => "claiming".into(),
        "UNIQUENESS_1" => "unique-rectangle-1".into(),
        "SIMPLE_COLORS_TRAP" | "SIMPLE_COLORS_WRAP" => "simple-colors".into(),
        _ => h
            .to_lowercase()
            .replace('_', "-")
            .replace("quadruple", "quad"),
    }
}
#[test]
#[ignore]
fn agreement_with_hodoku() {
    let Some(text) = std::env::var_os("HODOKU_OUT").and_then(|p| std::fs::read_to_string(p).ok())
    else {
        eprintln!("skipping: set HODOKU_OUT to the output of docs/experiments/hodoku_compare.py");
        return;
    };
    let (mut n, mut same_first, mut same_level, mut n_first) = (0, 0, 0, 0);
    let mut confusion: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut diffs: BTreeMap<(String, String), usize> = BTreeMap::new();
    for line in text.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if v.get("timeout").is_some() {
            continue;
        }
        let Some(Ok(p)) = v["puzzle"]
            .as_str()
            .map(|t| parse_puzzle(t, ReadOptions::default()))
        else {
            continue;
        };
        let b = Board::from_puzzle(&p);
        let r = rating::rate_board(&b);
        n += 1;
        let hl = v["level"].as_str().unwrap_or("");
        let hl4 = match hl {
            "EASY" => "easy",
            "MEDIUM" => "medium",
            "HARD" => "hard",
            _ => "evil",
        };
        if hl4 == r.level.id() {
            same_level += 1;
        }
        *confusion
            .entry((hl.to_string(), r.level.id().to_string()))
            .or_default() += 1;
        let ours = path::solve(&b, &[])
            .steps
            .iter()
            .map(|s| s.technique.id())
            .find(|t| !matches!(*t, "full-house" | "naked-single" | "hidden-single"))
            .map(|s| s.to_string());
        let theirs = v["first"].as_str().map(map);
        if ours.is_some() || theirs.is_some() {
            n_first += 1;
            if ours == theirs {
                same_first += 1;
            } else {
                *diffs
                    .entry((theirs.unwrap_or("-".into()), ours.unwrap_or("-".into())))
                    .or_default() += 1;
            }
        }
    }
    println!(
        "puzzles {n}; level agreement {same_level}/{n}; first non-single technique agreement {same_first}/{n_first}"
    );
    println!("confusion (hodoku level, ours): {confusion:?}");
    println!("first-technique differences (hodoku, ours): {diffs:?}");
}
