//! The `generate` command: the same seed gives the same puzzles, each line standing alone (the
//! command's third puzzle is the engine's third for that seed), JSON records carry the
//! solution and the rating, and bad options fail with one line. The generator itself is
//! checked by the engine's `generate` tests.

use std::time::Duration;

use assert_cmd::Command;
use sudoscope_core::generate::{GenerateOptions, Level, Symmetry, generate_nth};
use sudoscope_core::grid::Variant;

fn sudoscope() -> Command {
    Command::cargo_bin("sudoscope").expect("the binary is built")
}

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

#[test]
fn same_seed_same_puzzles_and_each_line_stands_alone() {
    let run = |seed: &str| {
        let out = sudoscope()
            .args([
                "generate", "--count", "4", "--level", "hard", "--seed", seed,
            ])
            .output()
            .expect("runs");
        assert!(out.status.success());
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let a = run("42");
    assert_eq!(a.lines().count(), 4);
    assert_eq!(a, run("42"));
    assert_ne!(a, run("43"));
    let third =
        generate_nth(&options(9, Variant::Standard, Some(Level::Hard), 42), 2).expect("generated");
    assert_eq!(a.lines().nth(2), Some(third.puzzle.to_line().as_str()));
}

#[test]
fn json_records_carry_solution_and_rating() {
    let out = sudoscope()
        .args(["generate", "--size", "16", "--level", "easy", "--seed", "7"])
        .args(["--format", "json", "--symmetry", "mirror"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let record: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON line");
    for field in [
        "puzzle",
        "solution",
        "level",
        "score",
        "hardest",
        "wnef",
        "logic_solves",
        "givens",
        "seed",
        "index",
    ] {
        assert!(record.get(field).is_some(), "{field} in {record}");
    }
    assert_eq!(record["level"], "easy");
    assert_eq!(record["symmetry"], "mirror");
    assert_eq!(record["puzzle"].as_str().map(str::len), Some(256));
    assert_eq!(record["solution"].as_str().map(str::len), Some(256));
}

fn assert_one_line_failure(args: &[&str], code: i32) -> String {
    let out = sudoscope()
        .arg("generate")
        .args(args)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(code), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("sudoscope: "), "{stderr}");
    stderr
}

#[test]
fn bad_options_fail_with_one_line() {
    assert_one_line_failure(&["--size", "10"], 2);
    assert_one_line_failure(&["--level", "hardest"], 2);
    assert_one_line_failure(&["--count", "0"], 2);
    assert_one_line_failure(&["--symmetry", "spiral"], 2);
    assert_one_line_failure(&["--timeout-ms", "0"], 2);
    assert_one_line_failure(&["--seed", "-1"], 2);
    let refused = assert_one_line_failure(&["--size", "36", "--variant", "hyper"], 2);
    assert!(refused.contains("hyper"), "{refused}");
    // A level a 4×4 grid cannot reach ends at the deadline with what was reached instead.
    let timeout = assert_one_line_failure(
        &["--size", "4", "--level", "hard", "--timeout-ms", "300"],
        1,
    );
    assert!(timeout.contains("levels reached: easy"), "{timeout}");
}
