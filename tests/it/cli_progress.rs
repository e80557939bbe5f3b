//! The progress bar of long command-line runs (`rate`, `solve --solver`, `generate --count`):
//! drawn on standard error only when it is a terminal, so a pipeline or a redirected log gets
//! exactly the bytes it always got.

use std::time::Duration;

use assert_cmd::Command;

use crate::support::tmux::Tmux;
use crate::support::tools;

const PUZZLES: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....
";

fn sudoscope() -> Command {
    Command::cargo_bin("sudoscope").expect("the binary is built")
}

/// Standard error as text, asserting that no trace of a bar is in it: no carriage return or
/// cursor movement, no percentage, no bar.
fn stderr_without_bar(output: &std::process::Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(
        !stderr.contains('\r') && !stderr.contains('\u{1b}'),
        "no terminal control on a piped standard error: {stderr:?}"
    );
    assert!(
        !stderr.contains('%') && !stderr.contains("[="),
        "no bar on a piped standard error: {stderr:?}"
    );
    stderr
}

fn puzzle_file(extra: &str) -> tempfile::NamedTempFile {
    let file = tempfile::NamedTempFile::new().expect("a temporary file");
    std::fs::write(file.path(), format!("{PUZZLES}{extra}")).expect("written");
    file
}

#[test]
fn rate_on_a_pipe_writes_no_bar_and_keeps_its_error_lines() {
    let file = puzzle_file("123\n");
    let output = sudoscope()
        .args(["rate", "--jobs", "2"])
        .arg(file.path())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2), "one record is invalid");
    let stderr = stderr_without_bar(&output);
    assert_eq!(
        stderr.lines().count(),
        1,
        "exactly the one error line: {stderr:?}"
    );
    assert!(stderr.contains("line 4"), "names the line: {stderr:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 4);
}

#[test]
fn solve_with_a_live_solver_on_a_pipe_writes_no_bar() {
    let file = puzzle_file("");
    let output = sudoscope()
        .args(["solve", "--solver", "backtrack"])
        .arg(file.path())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr_without_bar(&output), "");
}

#[test]
fn generate_a_count_on_a_pipe_writes_no_bar() {
    let output = sudoscope()
        .args(["generate", "--count", "3", "--seed", "7", "--level", "easy"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr_without_bar(&output), "");
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 3);
}

/// On a terminal the bar is drawn while the run lasts — percentage, a bar, the records rated —
/// and cleared when it ends, leaving the screen to the next command.
#[test]
fn rate_on_a_terminal_draws_a_bar_and_clears_it() {
    if !tools::require(&["tmux"]) {
        return;
    }
    // Enough puzzles that rating them one at a time takes seconds.
    let file = puzzle_file(&PUZZLES.repeat(3000));
    let binary = assert_cmd::cargo::cargo_bin("sudoscope");
    let tmux = Tmux::new("progress");
    tmux.start(
        "bar",
        100,
        10,
        &format!(
            "{} rate --jobs 1 {} > /dev/null; echo EXIT $?",
            binary.display(),
            file.path().display()
        ),
    );
    let (drawn, screen) = tmux.wait_for("bar", Duration::from_secs(20), |screen| {
        screen.contains("puzzles rated") && screen.contains("% [")
    });
    assert!(drawn, "a bar with its count while rating: {screen}");
    let (ended, screen) = tmux.wait_for("bar", Duration::from_secs(120), |screen| {
        screen.contains("EXIT 0")
    });
    assert!(ended, "the run ends: {screen}");
    assert!(
        !screen.contains("puzzles rated") && !screen.contains("% ["),
        "the bar is cleared at the end: {screen}"
    );
}
