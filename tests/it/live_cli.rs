//! The `solve` command with the live solvers: the GA, the cultural algorithm and the two
//! baselines print their documented JSON records (a bad record ends the run with exit code 2),
//! and the LP solvers report LP solves as their iterations. The solvers themselves are checked
//! by the engine's `live_ga` and `live_lp` tests.

use assert_cmd::Command;

/// The solvers of the GA family and the two baselines.
const GA_NAMES: [&str; 4] = ["ga", "cultural", "backtrack", "logic"];

/// The first puzzle of the Kaggle 1M set (singles solve it).
const EASY: &str =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
const EASY_SOLUTION: &str =
    "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
/// magictour_top1465.txt, line 1.
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
#[test]
fn cli_prints_interface_records() {
    for name in GA_NAMES {
        let output = Command::cargo_bin("sudoscope")
            .expect("binary")
            .args(["solve", "--solver", name, "--format", "json", "--seed", "4"])
            .write_stdin(format!("{EASY}\n11{}\n", &EASY[2..]))
            .output()
            .expect("runs");
        // A bad record makes the exit code 2 (as for the exact solver); the good one is solved.
        assert_eq!(output.status.code(), Some(2), "{name}");
        let text = String::from_utf8(output.stdout).expect("utf-8");
        let records: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
            .collect();
        assert_eq!(records.len(), 2, "{name}");
        let first = &records[0];
        assert_eq!(first["solver"], name);
        assert_eq!(first["status"], "solved");
        assert_eq!(first["solution"], EASY_SOLUTION);
        assert!(first["iterations"].as_u64().is_some());
        let unit = first["iteration_unit"].as_str().expect("unit");
        let expected = match name {
            "ga" | "cultural" => "trials",
            "backtrack" => "nodes",
            _ => "steps",
        };
        assert_eq!(unit, expected);
        assert!(first["elapsed_ms"].as_f64().is_some());
        assert!(first["error"].is_null());
        assert_eq!(records[1]["status"], "invalid");
        assert!(records[1]["error"].is_string());
    }
}

#[test]
fn solve_command_reports_lp_solves() {
    let mut cmd = match Command::cargo_bin("sudoscope") {
        Ok(c) => c,
        Err(e) => panic!("binary: {e}"),
    };
    let out = cmd
        .args(["solve", "--solver", "l1", "--format", "json", EASY])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\"iteration_unit\":\"lp-solves\""), "{text}");
    assert!(text.contains(EASY_SOLUTION), "{text}");
}

#[test]
fn solve_command_knows_l1_plus() {
    let mut cmd = match Command::cargo_bin("sudoscope") {
        Ok(c) => c,
        Err(e) => panic!("binary: {e}"),
    };
    let out = cmd
        .args(["solve", "--solver", "l1-plus", "--format", "json", HARD])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\"status\":\"solved\""), "{text}");
    assert!(text.contains("\"solver\":\"l1-plus\""), "{text}");
}
