//! `sudoscope play` refuses bad input with one line and exit code 2 before touching the
//! terminal (the UI itself is tested through `App` in tui_update.rs and tui_screens.rs).

use assert_cmd::Command;
use predicates::prelude::*;

fn sudoscope() -> Command {
    Command::cargo_bin("sudoscope").expect("the binary is built")
}

fn one_line() -> impl Predicate<str> {
    predicate::function(|s: &str| s.trim_end().lines().count() == 1)
}

#[test]
fn bad_puzzles_and_files_are_one_line_and_exit_2() {
    sudoscope()
        .args(["play", "123"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("sudoscope: puzzle: ").and(one_line()));
    sudoscope()
        .args(["play", "--file", "/nonexistent/puzzles.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/puzzles.txt").and(one_line()));
    let clash = format!("11{}", ".".repeat(79));
    sudoscope()
        .args(["play", &clash])
        .assert()
        .code(2)
        .stderr(one_line());
    sudoscope()
        .args(["play", "--size", "7"])
        .assert()
        .code(2)
        .stderr(one_line());
}

#[test]
fn without_a_terminal_play_says_so() {
    for args in [vec![], vec!["play"]] {
        sudoscope()
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("play needs a terminal"));
    }
}
