//! Puzzles made to measure (`generate --se A..B`, `generate --needs TECHNIQUE`): every puzzle
//! has exactly one solution (the exact solver counts to 2), its ER as `rate --se` gives it is
//! in the band asked for, its logical path uses the technique asked for and nothing rated
//! above it; the same seed gives the same puzzles; bad options fail with one line.

use std::time::Duration;

use assert_cmd::Command;
use serde_json::Value;

use crate::support::tools::json_records;
use sudoscope_core::exact;
use sudoscope_core::generate::{
    GenerateOptions, Measure, Need, SeBand, Symmetry, generate_measured_nth,
};
use sudoscope_core::grid::{Geometry, Puzzle, ReadOptions, Variant, parse_puzzle};
use sudoscope_core::logic::rating::{self, base_weight};
use sudoscope_core::logic::se;
use sudoscope_core::logic::{Board, Technique, path};

fn sudoscope() -> Command {
    Command::cargo_bin("sudoscope").expect("the binary is built")
}

fn parse(line: &str) -> Puzzle {
    parse_puzzle(line, ReadOptions::default()).expect("a puzzle")
}

fn unique(puzzle: &Puzzle) -> bool {
    exact::count(puzzle, 2).solutions == 1
}

/// `sudoscope rate --se --format json` over the lines: each record's ER.
fn rated_er(lines: &[String]) -> Vec<f64> {
    let out = sudoscope()
        .args(["rate", "--se", "--format", "json", "-"])
        .write_stdin(lines.join("\n") + "\n")
        .output()
        .expect("rate runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("json");
            v["se"]["er"].as_f64().expect("an ER")
        })
        .collect()
}

/// `generate ARGS --format json`: the records.
fn generate_json(args: &[&str]) -> Vec<Value> {
    let out = sudoscope()
        .arg("generate")
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("generate runs");
    json_records(out, &format!("generate {args:?}"))
}

/// The band's puzzles through the CLI, re-checked by `rate --se` and the exact solver.
fn check_band(band: &str, min: f64, max: f64, count: &str, seed: &str) {
    let records = generate_json(&["--se", band, "--count", count, "--seed", seed]);
    assert_eq!(records.len().to_string(), count);
    let lines: Vec<String> = records
        .iter()
        .map(|r| r["puzzle"].as_str().expect("a puzzle").to_string())
        .collect();
    let rated = rated_er(&lines);
    for ((record, line), er) in records.iter().zip(&lines).zip(rated) {
        assert!(unique(&parse(line)), "{line} is not unique");
        let claimed = record["se"]["er"].as_f64().expect("se.er in the record");
        assert_eq!(
            claimed, er,
            "{line}: the record says {claimed}, rate --se {er}"
        );
        assert!((min..=max).contains(&er), "{line}: ER {er} outside {band}");
    }
}

#[test]
fn bands_across_the_scale_hold_puzzles_whose_rate_se_is_in_them() {
    check_band("2.0..3.0", 2.0, 3.0, "3", "11");
    check_band("4.0..5.0", 4.0, 5.0, "2", "12");
    check_band("6.0..7.0", 6.0, 7.0, "2", "13");
    check_band("7.0..8.0", 7.0, 8.0, "3", "14");
    check_band("..3.0", 0.0, 3.0, "2", "15");
}

#[test]
fn a_band_from_eight_to_nine_is_reached() {
    check_band("8.0..9.0", 8.0, 9.0, "2", "21");
}

#[test]
fn the_search_above_nine_climbs_from_the_callers_puzzles() {
    // Starting puzzles made here (no dataset puzzle is copied): SE 8.3 and up.
    let seeds = generate_json(&["--se", "8.3..9.0", "--count", "3", "--seed", "31"]);
    let dir = std::env::temp_dir().join(format!("sudoscope-measure-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let file = dir.join("seeds.txt");
    let text: Vec<&str> = seeds
        .iter()
        .map(|r| r["puzzle"].as_str().expect("puzzle"))
        .collect();
    std::fs::write(&file, text.join("\n") + "\n").expect("written");
    let from = file.to_str().expect("a path");
    let records = generate_json(&[
        "--se",
        "9.0..",
        "--from",
        from,
        "--seed",
        "32",
        "--timeout-ms",
        "300000",
    ]);
    let line = records[0]["puzzle"].as_str().expect("a puzzle").to_string();
    assert!(unique(&parse(&line)));
    let er = rated_er(std::slice::from_ref(&line))[0];
    assert!(er >= 9.0, "{line}: ER {er}");
    assert_eq!(records[0]["se"]["er"].as_f64(), Some(er));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let run = || {
        sudoscope()
            .args([
                "generate", "--se", "5.0..7.0", "--count", "2", "--seed", "7",
            ])
            .output()
            .expect("runs")
            .stdout
    };
    let first = run();
    assert_eq!(first, run());
    assert_eq!(String::from_utf8_lossy(&first).lines().count(), 2);
}

/// Whether the engine's path uses `technique` and nothing rated above it.
fn drills(puzzle: &Puzzle, technique: Technique) -> bool {
    let rating = rating::rate(puzzle);
    rating.logic_solves
        && rating.uses.iter().any(|(t, _)| *t == technique)
        && rating
            .uses
            .iter()
            .all(|(t, _)| base_weight(*t) <= base_weight(technique))
}

#[test]
fn needs_makes_drills_for_techniques_of_our_ladder() {
    for (name, technique) in [
        ("x-wing", Technique::XWing),
        ("XY-Wing", Technique::XyWing),
        ("2-String Kite", Technique::TwoStringKite),
        ("w-wing", Technique::WWing),
        ("x-chain", Technique::XChain),
    ] {
        let records = generate_json(&["--needs", name, "--count", "2", "--seed", "3"]);
        for record in records {
            assert_eq!(record["needs"].as_str(), Some(technique.id()));
            let puzzle = parse(record["puzzle"].as_str().expect("a puzzle"));
            assert!(unique(&puzzle));
            assert!(drills(&puzzle, technique), "{name}: {}", puzzle.to_line());
            // The path a player is shown is the drill: its hardest step is the technique's.
            let shown = path::solve(&Board::from_puzzle(&puzzle), &[]);
            assert!(shown.solved);
            assert!(shown.steps.iter().any(|s| s.technique == technique));
        }
    }
}

#[test]
fn needs_makes_jellyfish_drills() {
    let records = generate_json(&[
        "--needs",
        "jellyfish",
        "--count",
        "2",
        "--seed",
        "2",
        "--timeout-ms",
        "120000",
    ]);
    for record in records {
        let puzzle = parse(record["puzzle"].as_str().expect("a puzzle"));
        assert!(unique(&puzzle));
        assert!(
            drills(&puzzle, Technique::Jellyfish),
            "{}",
            puzzle.to_line()
        );
    }
}

/// Whether the walk with the techniques rated at most `technique`'s, less `left_out` (the
/// lower rated ones the guide says the drill leaves out), solves the puzzle and uses it.
fn drills_without(puzzle: &Puzzle, technique: Technique, left_out: &[Technique]) -> bool {
    let allowed: Vec<Technique> = path::order(&[])
        .into_iter()
        .filter(|t| base_weight(*t) <= base_weight(technique) && !left_out.contains(t))
        .collect();
    let mut board = Board::from_puzzle(puzzle);
    let mut used = false;
    let walk = path::walk(&mut board, &allowed, true, |step, _| {
        used |= step.technique == technique;
    });
    walk.solved && used
}

#[test]
fn needs_drills_what_lower_rated_techniques_would_see_first() {
    use Technique::*;
    for (technique, left_out) in [
        (TurbotFish, &[FinnedXWing, SashimiXWing, EmptyRectangle][..]),
        (ContinuousNiceLoop, &[Aic, DiscontinuousNiceLoop][..]),
        (
            CellForcingChain,
            &[ForcingChainContradiction, DigitForcingChain][..],
        ),
    ] {
        let records = generate_json(&["--needs", technique.id(), "--seed", "6"]);
        let puzzle = parse(records[0]["puzzle"].as_str().expect("a puzzle"));
        assert!(unique(&puzzle));
        assert!(
            drills_without(&puzzle, technique, left_out),
            "{}: {}",
            technique.id(),
            puzzle.to_line()
        );
    }
}

#[test]
fn needs_works_on_other_shapes() {
    for (size, variant) in [(9, "x"), (9, "hyper"), (16, "standard")] {
        let records = generate_json(&[
            "--needs",
            "naked-pair",
            "--size",
            &size.to_string(),
            "--variant",
            variant,
            "--seed",
            "4",
            "--timeout-ms",
            "120000",
        ]);
        let line = records[0]["puzzle"].as_str().expect("a puzzle");
        let variant = match variant {
            "x" => Variant::X,
            "hyper" => Variant::Hyper,
            _ => Variant::Standard,
        };
        let options = ReadOptions {
            variant,
            ..ReadOptions::default()
        };
        let puzzle = parse_puzzle(line, options).expect("a puzzle");
        assert_eq!(puzzle.geometry().size(), size);
        assert!(unique(&puzzle));
        assert!(drills(&puzzle, Technique::NakedPair), "{line}");
    }
}

#[test]
fn needs_drills_sudoku_explainer_rules_our_ladder_lacks() {
    let geometry = Geometry::get(9, Variant::Standard).expect("9×9");
    let need = Need::parse("unique-rectangle-type-2", geometry).expect("an SE rule");
    let Need::Se(rule) = &need else {
        panic!("an SE rule");
    };
    let options = GenerateOptions {
        level: None,
        symmetry: Symmetry::None,
        seed: 9,
        timeout: Duration::from_secs(120),
        ..GenerateOptions::default()
    };
    let made = generate_measured_nth(&options, &Measure::Needs(need.clone()), 0).expect("made");
    assert!(unique(&made.puzzle));
    let mut hardest_use = 0;
    let rated = se::rate_board_below_with(
        &Board::from_puzzle(&made.puzzle),
        u32::MAX,
        |id, d| {
            if rule.step_ids.contains(&id) {
                hardest_use = hardest_use.max(d);
            }
        },
        || false,
    )
    .expect("rated");
    let se::Bounded::Rated(rating) = rated else {
        panic!("no ceiling");
    };
    assert!(hardest_use > 0, "{}", made.puzzle.to_line());
    assert_eq!(rating.er, hardest_use, "{}", made.puzzle.to_line());
}

#[test]
fn the_library_band_matches_the_full_rating() {
    let band: SeBand = "3.0..6.5".parse().expect("a band");
    let options = GenerateOptions {
        level: None,
        seed: 77,
        timeout: Duration::from_secs(60),
        ..GenerateOptions::default()
    };
    let measure = Measure::Se {
        band,
        seeds: Vec::new(),
        avoid: Default::default(),
    };
    for index in 0..4 {
        let made = generate_measured_nth(&options, &measure, index).expect("made");
        let full = se::rate(&made.puzzle).expect("rated");
        assert_eq!(made.se, Some(full));
        assert!(band.contains(full.er));
    }
}

/// Runs `generate ARGS` expecting exit 2 and one line on standard error.
fn refused(args: &[&str]) -> String {
    let out = sudoscope()
        .arg("generate")
        .args(args)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"));
    err
}

#[test]
fn bad_options_fail_with_one_line() {
    let err = refused(&["--needs", "xwing"]);
    assert!(err.contains("x-wing"), "{err}");
    let err = refused(&["--needs", "swordfsh"]);
    assert!(err.contains("swordfish"), "{err}");
    let err = refused(&["--se", "8..7"]);
    assert!(err.contains("empty"), "{err}");
    let err = refused(&["--se", "hard"]);
    assert!(err.contains("7.0..8.0"), "{err}");
    let err = refused(&["--se", "7..8", "--size", "16"]);
    assert!(err.contains("9×9"), "{err}");
    let err = refused(&["--needs", "aligned-pair-exclusion", "--size", "16"]);
    assert!(err.contains("9x9"), "{err}");
    refused(&["--se", "7..8", "--needs", "x-wing"]);
}
