//! The release binary in a real terminal (tmux): a best time set with `play PUZZLE` is still
//! there after `play --level easy` and another `play PUZZLE`, the unfinished games of each
//! stay (`play --list` lists them, `play --continue N` resumes one), and the next finish of
//! the kind is compared with the record.
//!
//! Needs tmux; without it the test says so and passes, except under `CI=true`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::support::tmux::Tmux;

/// One cell short of solved; the cursor starts on it (r1c1, whose digit is 4).
const NEARLY: &str =
    ".83921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// The Wikipedia puzzle; the cursor starts on r1c3, whose solution is 4.
const OTHER: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const WAIT: Duration = Duration::from_secs(30);

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_sudoscope"))
}

/// Runs `sudoscope ARGS` in a fresh window, waits for `ready`, types `keys`, waits for
/// `then`, quits with `q` and waits for the process to end; returns the screen before `q`.
fn play(
    tmux: &Tmux,
    name: &str,
    data: &Path,
    args: &str,
    ready: &str,
    keys: &str,
    then: &str,
) -> String {
    let command = format!(
        "SUDOSCOPE_DATA_DIR='{}' '{}' {args}; echo \"exited $?\"",
        data.display(),
        binary().display()
    );
    tmux.start(name, 80, 24, &command);
    tmux.wait_for_text(name, ready, WAIT);
    if !keys.is_empty() {
        tmux.text(name, keys);
    }
    let screen = tmux.wait_for_text(name, then, WAIT);
    tmux.send(name, &["q"]);
    let end = tmux.wait_for_text(name, "exited", WAIT);
    assert!(end.contains("exited 0"), "{end}");
    tmux.kill_session(name);
    screen
}

fn list(data: &Path) -> String {
    let out = std::process::Command::new(binary())
        .args(["play", "--list"])
        .env("SUDOSCOPE_DATA_DIR", data)
        .output()
        .expect("sudoscope runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn best_times_and_unfinished_games_survive_play_with_a_puzzle_or_a_level() {
    if !crate::support::tools::require(&["tmux"]) {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path();
    let tmux = Tmux::new("store-play");
    // An unfinished game with one move.
    play(
        &tmux,
        "a",
        data,
        &format!("play {OTHER}"),
        "51 to go",
        "4",
        "50 to go",
    );
    // A finish: the first of its kind.
    let solved = play(
        &tmux,
        "b",
        data,
        &format!("play {NEARLY}"),
        "1 to go",
        "4",
        "Solved in",
    );
    assert!(solved.contains("first finish"), "{solved}");
    // `play --level easy` used to overwrite the one save, best times and all.
    play(&tmux, "c", data, "play --level easy", "to go", "", "to go");
    let listed = list(data);
    assert!(
        listed
            .lines()
            .any(|l| l.contains("9x9 standard") && l.contains("31/81")),
        "the game with a move is listed:\n{listed}"
    );
    // The same kind again: the banner compares with the record instead of calling it the
    // first finish.
    let again = play(
        &tmux,
        "d",
        data,
        &format!("play {NEARLY}"),
        "1 to go",
        "4",
        "Solved in",
    );
    assert!(
        !again.contains("first finish"),
        "the record was lost:\n{again}"
    );
    assert!(
        again.contains("best") || again.contains("new best"),
        "{again}"
    );
    // `play --continue N` takes the listed game up again.
    let listed = list(data);
    let number = listed
        .lines()
        .find(|l| l.contains("31/81"))
        .and_then(|l| l.split_whitespace().next())
        .expect("the game with a move")
        .to_string();
    play(
        &tmux,
        "e",
        data,
        &format!("play --continue {number}"),
        "50 to go",
        "",
        "50 to go",
    );
}

#[test]
fn continue_without_games_or_out_of_range_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (args, expected) in [
        (vec!["play", "--continue"], "no unfinished game"),
        (vec!["play", "--continue", "0"], "0"),
    ] {
        let out = std::process::Command::new(binary())
            .args(&args)
            .env("SUDOSCOPE_DATA_DIR", dir.path())
            .output()
            .expect("sudoscope runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    assert_eq!(list(dir.path()).trim(), "no unfinished games");
}
