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
        .stderr(predicate::str::starts_with("sudoscope: 123: ").and(one_line()));
    sudoscope()
        .args(["play", &format!("12{}", ".".repeat(40))])
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
    // Every kind is a kind `play` starts (the CLI took only the classic three once).
    for args in [
        vec![],
        vec!["play"],
        vec!["play", "--variant", "killer"],
        vec!["play", "--variant", "jigsaw-x"],
    ] {
        sudoscope()
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("play needs a terminal"));
    }
}

/// Defect: `sudoscope play FILE` read the file's path as a puzzle ("line 1: 43 cells"). The
/// argument is now read as every command reads it: an existing file is a file of puzzles
/// (`--index` picks one), a missing one or a directory is named in one line.
#[test]
fn a_file_given_as_the_puzzle_is_read_as_a_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("two.txt");
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    std::fs::write(&file, format!("{easy}\n{easy}\n")).expect("written");
    let file = file.to_str().expect("UTF-8 path");
    // Read and checked: what stops it then is only the missing terminal.
    for args in [vec!["play", file], vec!["play", file, "--index", "2"]] {
        sudoscope()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("play needs a terminal").and(one_line()));
    }
    sudoscope()
        .args(["play", file, "--index", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has no puzzle number 3").and(one_line()));
    let missing = dir.path().join("missing.txt");
    sudoscope()
        .args(["play", missing.to_str().expect("UTF-8 path")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no such file").and(one_line()));
    sudoscope()
        .args(["play", dir.path().to_str().expect("UTF-8 path")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is a directory").and(one_line()));
    sudoscope()
        .args(["play", easy, "--index", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--index").and(one_line()));
}

/// Friction: `play garbage.bin` said "stream did not contain valid UTF-8", naming neither the
/// file nor where in it; other commands name the line and column. Now `play` does too.
#[test]
fn a_file_that_is_not_text_is_named_with_the_place_of_the_bad_byte() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("garbage.bin");
    std::fs::write(&file, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR").expect("written");
    let name = file.to_str().expect("UTF-8 path");
    sudoscope().args(["play", name]).assert().code(2).stderr(
        predicate::str::contains(name)
            .and(predicate::str::contains(
                "line 1, column 1: byte 0x89 is not UTF-8 text",
            ))
            .and(one_line()),
    );
}

/// Friction: `--index 0` said "0 is not in 1..18446744073709551615".
#[test]
fn index_zero_is_told_that_counting_starts_at_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("one.txt");
    std::fs::write(
        &file,
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    )
    .expect("written");
    sudoscope()
        .args(["play", file.to_str().expect("UTF-8 path"), "--index", "0"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("--index")
                .and(predicate::str::contains("must be 1 or more"))
                .and(predicate::str::contains("18446744073709551615").not())
                .and(one_line()),
        );
}

/// `--continue N` names the numbers `--list` can print, not the range of a 64-bit integer.
#[test]
fn continue_out_of_range_names_the_numbers_there_are() {
    for bad in ["0", "11"] {
        let output = sudoscope()
            .args(["play", "--continue", bad])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("1..=10"), "{bad}: {stderr}");
        assert!(!stderr.contains("18446744073709551615"), "{stderr}");
    }
}
