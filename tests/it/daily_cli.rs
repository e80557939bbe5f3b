//! `sudoscope daily`: the same puzzle for a date on every machine (here: two data
//! directories), and clear errors for bad dates.

use assert_cmd::Command;
use predicates::prelude::*;

fn daily_print(data_dir: &std::path::Path, args: &[&str]) -> String {
    let output = Command::cargo_bin("sudoscope")
        .expect("binary")
        .env("SUDOSCOPE_DATA_DIR", data_dir)
        .env("HOME", data_dir)
        .args(["daily", "--print"])
        .args(args)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("utf-8")
}

#[test]
fn two_machines_get_the_same_daily() {
    let a = tempfile::tempdir().expect("tempdir");
    let b = tempfile::tempdir().expect("tempdir");
    for level in ["easy", "medium", "hard", "evil"] {
        let args = ["--date", "2026-11-28", "--level", level];
        let first = daily_print(a.path(), &args);
        assert_eq!(first, daily_print(b.path(), &args), "{level}");
        assert_eq!(first.trim().len(), 81, "{level}: {first}");
    }
    assert_eq!(
        daily_print(a.path(), &["--date", "2026-11-28", "--level", "hard"]).trim(),
        ".2....36...5..4...6..3....7.61..9..5..72.16..3..6..81.5....2..4...7..9...73....8."
    );
}

#[test]
fn the_default_is_todays_medium() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Runs twice across a possible midnight: compare with the explicit date of either run.
    let default = daily_print(dir.path(), &[]);
    let today = sudoscope::daily::today().to_string();
    let explicit = daily_print(dir.path(), &["--date", &today, "--level", "medium"]);
    assert_eq!(default, explicit);
}

#[test]
fn a_bad_date_is_one_line_and_exit_2() {
    Command::cargo_bin("sudoscope")
        .expect("binary")
        .args(["daily", "--print", "--date", "2026-02-30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--date").and(predicate::str::contains("YYYY-MM-DD")))
        .stderr(predicate::function(|s: &str| s.lines().count() == 1));
}

#[test]
fn played_without_a_terminal_it_points_at_print() {
    Command::cargo_bin("sudoscope")
        .expect("binary")
        .args(["daily", "--date", "2026-11-28"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--print"));
}
