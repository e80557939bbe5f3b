//! `sudoscope serve` end to end: the real binary, a real OpenSSH client in tmux. Plays moves,
//! asks a hint, runs a solver in the panel, resizes, quits, resumes with the same key, and
//! survives a restart (same host key, saved game back). Skips with a message when ssh,
//! ssh-keygen or tmux is missing (`.ci/run` installs them).

mod support;

use std::time::Duration;

use support::server::{Server, WAIT};
use support::sshclient::{client_key, tools_present};
use support::tmux::Tmux;

/// The "N to go" count in the header.
fn to_go(screen: &str) -> Option<usize> {
    let words: Vec<&str> = screen.split_whitespace().collect();
    words
        .windows(3)
        .find(|w| w[1] == "to" && w[2] == "go")
        .and_then(|w| w[0].parse().ok())
}

#[test]
fn play_hint_solver_resize_resume_and_restart_over_ssh() {
    if !tools_present() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let key = client_key(dir.path(), "player");
    let known_hosts = dir.path().join("known_hosts");
    let data = dir.path().join("data");
    let mut server = Server::start(&data);
    let tmux = Tmux::new("serve");

    tmux.start("game", 120, 40, &server.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("game", WAIT, |s| to_go(s).is_some());
    assert!(ok, "no game over SSH:\n{screen}");
    let before = to_go(&screen).unwrap_or(0);

    // Fill the first empty cell from the hint engine: apply the first hint that places.
    tmux.send("game", &["i"]);
    let (ok, screen) = tmux.wait_for("game", WAIT, |s| s.contains("Hint 1/3"));
    assert!(ok, "no hint card:\n{screen}");
    tmux.send("game", &["a"]);
    let (ok, screen) = tmux.wait_for("game", WAIT, |s| {
        to_go(s).is_some_and(|n| n < before) || s.contains("candidates")
    });
    assert!(ok, "applying the hint changed nothing:\n{screen}");
    let after_hint = to_go(&screen).unwrap_or(before);

    // The solver panel: open it, pick the logic solver (the first) and start it.
    tmux.send("game", &["s"]);
    let (ok, screen) = tmux.wait_for("game", WAIT, |s| s.contains("Solver"));
    assert!(ok, "no solver panel:\n{screen}");
    for _ in 0..9 {
        if tmux.capture("game").contains("◂ logic ▸") {
            break;
        }
        tmux.send("game", &["["]);
        std::thread::sleep(Duration::from_millis(100));
    }
    let (ok, screen) = tmux.wait_for("game", WAIT, |s| s.contains("◂ logic ▸"));
    assert!(ok, "cannot select the logic solver:\n{screen}");
    tmux.send("game", &["Space"]);
    let (ok, screen) = tmux.wait_for("game", WAIT, |s| s.contains("solved"));
    assert!(ok, "the panel's solver did not finish:\n{screen}");

    // Resize: the game redraws at the new size.
    tmux.resize("game", 90, 30);
    let (ok, screen) = tmux.wait_for("game", WAIT, |s| {
        to_go(s).is_some() && s.lines().all(|l| l.chars().count() <= 90)
    });
    assert!(ok, "no redraw after resize:\n{screen}");

    tmux.send("game", &["q"]);
    let line = server.wait_log("disconnected", WAIT);
    // Defect: `serve 2> log` wrote ANSI colour codes into the log file.
    assert!(
        !line.contains('\u{1b}') && server.seen.iter().all(|l| !l.contains('\u{1b}')),
        "colour codes in a redirected log: {line:?}"
    );
    let (ok, screen) = tmux.wait_for("game", WAIT, |_| !tmux.alternate_screen_on("game"));
    assert!(ok, "the client's terminal was not restored:\n{screen}");

    // Reconnect with the same key: the game comes back.
    tmux.start("again", 120, 40, &server.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("again", WAIT, |s| to_go(s) == Some(after_hint));
    assert!(
        ok,
        "the game did not come back ({after_hint} to go expected):\n{screen}"
    );

    // SIGTERM: the player sees a goodbye, the server exits cleanly.
    let status = server.terminate();
    assert!(status.success(), "serve exited with {status}");
    let screen = tmux.capture("again");
    assert!(
        screen.contains("shutting down") || !tmux.alternate_screen_on("again"),
        "no goodbye:\n{screen}"
    );

    // Restart: same host key (known_hosts is strict now) and the saved game.
    let server = Server::start(&data);
    tmux.start("restart", 120, 40, &server.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("restart", WAIT, |s| to_go(s) == Some(after_hint));
    assert!(
        ok,
        "after a restart the host key or the game changed:\n{screen}"
    );
    tmux.send("restart", &["q"]);
}

/// One cell short of solved; the cursor starts on it (r1c1, whose digit is 4).
const NEARLY: &str =
    ".83921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// Over SSH a player's records and unfinished games live in the store per key: a finish is
/// remembered in the next session, and a game left for another one comes back.
#[test]
fn records_and_unfinished_games_survive_sessions_over_ssh() {
    if !tools_present() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let key = client_key(dir.path(), "player");
    let known_hosts = dir.path().join("known_hosts");
    let mut server = Server::start(&dir.path().join("data"));
    let tmux = Tmux::new("serve-store");
    // Opens the nearly solved puzzle (leaving the game on screen) and solves it.
    let solve_nearly = |name: &str| -> String {
        tmux.send(name, &["o"]);
        std::thread::sleep(Duration::from_millis(200));
        if tmux.capture(name).contains("Leave this unfinished game") {
            tmux.send(name, &["y"]);
        }
        tmux.text(name, NEARLY);
        tmux.send(name, &["Enter"]);
        tmux.wait_for_text(name, "1 to go", WAIT);
        tmux.text(name, "4");
        tmux.wait_for_text(name, "Solved in", WAIT)
    };

    tmux.start("first", 100, 40, &server.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("first", WAIT, |s| to_go(s).is_some());
    assert!(ok, "no game over SSH:\n{screen}");
    let fresh = to_go(&screen).unwrap_or(0);
    tmux.send("first", &["r"]);
    let (ok, screen) = tmux.wait_for("first", WAIT, |s| to_go(s) == Some(fresh - 1));
    assert!(ok, "the reveal did not land:\n{screen}");
    let solved = solve_nearly("first");
    assert!(solved.contains("first finish"), "{solved}");
    tmux.send("first", &["q"]);
    server.wait_log("disconnected", WAIT);

    // The next session: the game left for the puzzle is back, and the record is known.
    tmux.start("second", 100, 40, &server.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("second", WAIT, |s| to_go(s) == Some(fresh - 1));
    assert!(ok, "the game left behind did not come back:\n{screen}");
    let again = solve_nearly("second");
    assert!(
        !again.contains("first finish"),
        "the record was lost:\n{again}"
    );
    tmux.send("second", &["q"]);

    // And the game left a second time is still there.
    tmux.start("third", 100, 40, &server.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("third", WAIT, |s| to_go(s) == Some(fresh - 1));
    assert!(ok, "the game left behind did not come back:\n{screen}");
    tmux.send("third", &["q"]);
}
