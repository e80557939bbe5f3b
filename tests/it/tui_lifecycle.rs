//! The app's life in a real terminal (tmux): it ends, saved, when its terminal goes away or
//! a termination signal arrives, and it never keeps a core busy on a dead terminal.
//!
//! Needs tmux; without it the tests say so and pass, except under `CI=true`, where they fail.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::tmux::Tmux;

/// The Wikipedia puzzle; the cursor starts on r1c3, whose solution is 4.
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Generous: the CI machine may be busy.
const WAIT: Duration = Duration::from_secs(30);

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_sudoscope"))
}

fn tmux_available() -> bool {
    Tmux::available()
}

/// The sudoscope process under the pane's shell.
fn app_pid(tmux: &Tmux, name: &str) -> u32 {
    let shell = tmux.pane_pid(name).expect("the pane has a process");
    let deadline = Instant::now() + WAIT;
    loop {
        let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children"))
            .unwrap_or_default();
        if let Some(pid) = children
            .split_whitespace()
            .filter_map(|p| p.parse::<u32>().ok())
            .find(|pid| {
                std::fs::read_to_string(format!("/proc/{pid}/comm"))
                    .is_ok_and(|c| c.trim() == "sudoscope")
            })
        {
            return pid;
        }
        assert!(Instant::now() < deadline, "no sudoscope under the pane");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Whether the process is still running (a zombie waiting for its parent has ended).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let after = stat.rsplit_once(')')?.1.trim_start().chars().next()?;
            Some(after != 'Z' && after != 'X')
        })
        .unwrap_or(false)
}

/// Waits up to `limit` for the process to end; how long it took, or `None`.
fn ended_within(pid: u32, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if !running(pid) {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// CPU time the process used so far, in clock ticks (user + system).
fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

fn start_game(tmux: &Tmux, name: &str, data: &Path) -> u32 {
    let command = format!(
        "SUDOSCOPE_DATA_DIR='{}' '{}' play {EASY}",
        data.display(),
        binary().display()
    );
    tmux.start(name, 80, 24, &command);
    let (ok, screen) = tmux.wait_for(name, WAIT, |s| s.contains("51 to go"));
    assert!(ok, "the game did not start:\n{screen}");
    // A move, so the save on the way out has something to keep.
    tmux.send(name, &["-l", "4"]);
    let (ok, screen) = tmux.wait_for(name, WAIT, |s| s.contains("50 to go"));
    assert!(ok, "the move did not land:\n{screen}");
    app_pid(tmux, name)
}

/// The snapshot of the most recent unfinished game in the store of `data`.
fn saved_entries(data: &Path) -> String {
    use sudoscope::store::{Keeper, SqliteStore};
    let path = data.join(sudoscope::tui::local_store::STORE_FILE);
    let Ok(store) = SqliteStore::open_as_is(&path) else {
        return String::new();
    };
    Keeper::new(std::sync::Arc::new(store), sudoscope::store::LOCAL_OWNER)
        .and_then(|keeper| keeper.unfinished())
        .ok()
        .and_then(|games| games.into_iter().next())
        .map(|game| game.snapshot)
        .unwrap_or_default()
}

/// Defect: killing the tmux session left sudoscope at 50-95% CPU, reading a dead terminal,
/// deaf to SIGTERM. Closing the terminal now saves the game and ends the process at once.
#[test]
fn closing_the_terminal_ends_the_game_within_two_seconds() {
    if !tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let tmux = Tmux::new("life-close");
    for round in 0..3 {
        let name = format!("close{round}");
        let data = dir.path().join(&name);
        let pid = start_game(&tmux, &name, &data);
        tmux.kill_session(&name);
        let took = ended_within(pid, Duration::from_secs(2));
        if took.is_none() {
            let before = cpu_ticks(pid).unwrap_or(0);
            std::thread::sleep(Duration::from_millis(500));
            let spent = cpu_ticks(pid).unwrap_or(0).saturating_sub(before);
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!(
                "round {round}: still running 2 s after its terminal closed ({spent} ticks of CPU in the next 0.5 s)"
            );
        }
        assert!(
            saved_entries(&data).contains("\"entries\""),
            "round {round}: no save on the way out"
        );
    }
}

/// SIGTERM ends a game in a live terminal, and the terminal is given back.
#[test]
fn sigterm_ends_the_game_and_restores_the_terminal() {
    if !tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let tmux = Tmux::new("life-term");
    let pid = start_game(&tmux, "term", dir.path());
    let status = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    assert!(
        ended_within(pid, Duration::from_secs(2)).is_some(),
        "still running 2 s after SIGTERM"
    );
    let (ok, screen) = tmux.wait_for("term", WAIT, |_| !tmux.alternate_screen_on("term"));
    assert!(ok, "the terminal was not restored:\n{screen}");
    assert!(saved_entries(dir.path()).contains("\"entries\""));
}

/// With no terminal at all (no controlling terminal, input from /dev/null) `play` says so
/// in one line and ends; it neither waits for input nor needs a signal to stop.
#[test]
fn without_a_terminal_play_ends_with_one_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut command = Command::new(binary());
    command
        .args(["play", EASY])
        .env("SUDOSCOPE_DATA_DIR", dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // A new session has no controlling terminal, so /dev/tty cannot be opened.
    // SAFETY: setsid is async-signal-safe and touches nothing of the parent.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut command, || {
            libc::setsid();
            Ok(())
        });
    }
    let mut child = command.spawn().expect("sudoscope starts");
    let pid = child.id();
    let deadline = Instant::now() + Duration::from_secs(5);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = Command::new("kill")
                .args(["-TERM", &pid.to_string()])
                .status();
            let status = child.wait().expect("wait");
            panic!("play without a terminal kept running (SIGTERM gave {status})");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().expect("stderr"), &mut stderr)
        .expect("stderr");
    assert!(!status.success(), "exit {status}");
    assert_eq!(stderr.trim().lines().count(), 1, "stderr: {stderr}");
    assert!(stderr.contains("terminal"), "stderr: {stderr}");
}

/// How one game ended when its terminal was closed under it.
struct Ending {
    /// What the shell reported: the exit code, or 128 + the signal that ended it.
    status: Option<i32>,
    stderr: String,
    save: String,
}

/// Plays a move in a window of its own (with the solver panel running RFSS when `panel`),
/// then kills the tmux session under the game. The game runs under bash with a handler for
/// SIGHUP (a handler, not an ignore, so the game keeps the default action), which outlives
/// the terminal and writes down the game's exit status.
fn close_under_the_game(tmux: &Tmux, name: &str, dir: &Path, panel: bool) -> Ending {
    let data = dir.join(name);
    let rc = dir.join(format!("{name}.rc"));
    let err = dir.join(format!("{name}.err"));
    let game = format!(
        "trap true HUP; SUDOSCOPE_DATA_DIR={} {} play {EASY} 2>{}; echo $? >{}",
        crate::support::tmux::quote(&data.display().to_string()),
        crate::support::tmux::quote(&binary().display().to_string()),
        crate::support::tmux::quote(&err.display().to_string()),
        crate::support::tmux::quote(&rc.display().to_string()),
    );
    let command = format!("exec bash -c {}", crate::support::tmux::quote(&game));
    tmux.start(name, 120, 40, &command);
    let (ok, screen) = tmux.wait_for(name, WAIT, |s| s.contains("51 to go"));
    assert!(ok, "{name}: the game did not start:\n{screen}");
    tmux.send(name, &["-l", "4"]);
    let (ok, screen) = tmux.wait_for(name, WAIT, |s| s.contains("50 to go"));
    assert!(ok, "{name}: the move did not land:\n{screen}");
    if panel {
        tmux.send(name, &["-l", "s"]);
        let (ok, screen) = tmux.wait_for(name, WAIT, |s| s.contains("backtrack"));
        assert!(ok, "{name}: no solver panel:\n{screen}");
        tmux.send(name, &["-l", "]"]);
        let (ok, screen) = tmux.wait_for(name, WAIT, |s| s.contains("rfss"));
        assert!(ok, "{name}: no RFSS:\n{screen}");
        tmux.send(name, &["Space"]);
        let (ok, screen) = tmux.wait_for(name, WAIT, |s| s.contains("generations"));
        assert!(ok, "{name}: RFSS did not start:\n{screen}");
    }
    let closed = Instant::now();
    tmux.kill_session(name);
    let status = loop {
        if let Some(status) = std::fs::read_to_string(&rc)
            .ok()
            .filter(|s| s.ends_with('\n'))
        {
            break status.trim().parse().ok();
        }
        if closed.elapsed() > WAIT {
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    eprintln!(
        "{name}: exit status {status:?} {:?} after the terminal closed",
        closed.elapsed()
    );
    Ending {
        status,
        stderr: std::fs::read_to_string(&err).unwrap_or_default(),
        save: saved_entries(&data),
    }
}

/// Defect: with the terminal gone, putting it back failed ("Failed to show the cursor",
/// EIO), printing that failure panicked, and the process died by SIGABRT (status 134) after
/// saving. Restoring a terminal that is gone is not an error: the game now ends with status
/// 0 and nothing on standard error, ten times in a row, with the solver panel running and
/// without.
#[test]
fn closing_the_terminal_is_a_clean_exit_with_or_without_the_panel() {
    if !tmux_available() || !crate::support::tools::require(&["bash"]) {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let tmux = Tmux::new("life-clean");
    for round in 0..10 {
        for panel in [false, true] {
            let name = format!("clean{round}{}", if panel { "p" } else { "" });
            let ending = close_under_the_game(&tmux, &name, dir.path(), panel);
            assert_eq!(
                ending.status,
                Some(0),
                "{name}: exit status (134 is SIGABRT, 129 SIGHUP); stderr: {}",
                ending.stderr
            );
            assert_eq!(ending.stderr, "", "{name}: something on standard error");
            assert!(
                ending.save.contains("\"entries\""),
                "{name}: no save on the way out"
            );
        }
    }
}
