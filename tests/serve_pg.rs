//! Several `sudoscope serve` instances on one PostgreSQL database, end to end with OpenSSH
//! clients in tmux: a player's game made on one instance continues on the other; `kill -9`
//! of an instance loses no move echoed to its player, who resumes on the other instance; a
//! PostgreSQL restart mid-game drops no session and loses nothing (the saves made while it
//! was away are written when it is back); a database that cannot be reached at start is one
//! line and a failing exit; a second server on one SQLite file is refused; two racers on two
//! instances race each other through a database restart and a `kill -9`.
//!
//! Each test has a database of its own. The restart tests restart the machine's PostgreSQL
//! server, only when `SUDOSCOPE_TEST_RESTART_POSTGRES=1` asks for it (CI sets it); that is
//! felt by every test using the server, so it lives in this binary only, and the tests of
//! this binary that use the server take one lock: none of them runs during a restart.
//! `cargo test` runs test binaries one after another, so the PostgreSQL tests of other
//! binaries (`pg_store`) never run during it either; run by hand beside them, they may fail.

// The shared test support; this binary uses only part of it.
#[path = "it/support/mod.rs"]
#[allow(dead_code)]
mod support;

use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use support::pg::{TestDb, available};
use support::race::{log_field, solution_digits, type_digits, with_command};
use support::server::{Server, WAIT};
use support::sshclient::{client_key, fingerprint, tools_present};
use support::tmux::Tmux;

/// Held by every test of this binary that uses the PostgreSQL server.
static SERVER_IN_USE: Mutex<()> = Mutex::new(());

fn serialised() -> std::sync::MutexGuard<'static, ()> {
    SERVER_IN_USE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The "N to go" count in the header.
fn to_go(screen: &str) -> Option<usize> {
    let words: Vec<&str> = screen.split_whitespace().collect();
    words
        .windows(3)
        .find(|w| w[1] == "to" && w[2] == "go")
        .and_then(|w| w[0].parse().ok())
}

/// An instance on the database at `url`, with its own data directory and the shared host key.
fn instance(dir: &Path, name: &str, url: &str) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoscope"));
    command
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.join(name))
        .arg("--host-key")
        .arg(dir.join("shared_host_key"))
        .args(["--store", url]);
    Server::spawn(command)
}

/// Cells still to fill of each keyed player's newest game, as the database holds it.
fn stored_to_go(url: &str) -> Vec<usize> {
    support::pg::query(
        url,
        "SELECT total - filled FROM games g JOIN players p ON p.id = g.player
         WHERE p.owner LIKE 'key:%' ORDER BY g.updated_ms DESC",
    )
    .iter()
    .filter_map(|n| n.parse().ok())
    .collect()
}

/// Makes moves along a snake through the grid from wherever the cursor is (so no cell is
/// typed into twice), waiting for each to be echoed; returns the last count seen.
fn play(tmux: &Tmux, name: &str, moves: usize, step: &mut usize) -> usize {
    let mut last = to_go(&tmux.capture(name)).unwrap_or(0);
    for _ in 0..moves {
        let row = *step / 8;
        let key = if step.is_multiple_of(8) && *step > 0 {
            "Down"
        } else if row.is_multiple_of(2) {
            "Right"
        } else {
            "Left"
        };
        *step += 1;
        tmux.send(name, &[key]);
        let digit = ((*step % 9) + 1).to_string();
        tmux.send(name, &["-l", &digit]);
        std::thread::sleep(Duration::from_millis(60));
        if let Some(n) = to_go(&tmux.capture(name)) {
            last = n;
        }
    }
    // Settle: the count stops changing.
    let (_, screen) = tmux.wait_for(name, Duration::from_millis(500), |_| false);
    to_go(&screen).unwrap_or(last)
}

#[test]
fn two_instances_share_a_player_and_kill_9_loses_no_echoed_move() {
    if !tools_present() || !available("two_instances_share_a_player_and_kill_9") {
        return;
    }
    let _server = serialised();
    let db = TestDb::create();
    let dir = tempfile::tempdir().expect("temp dir");
    let key = client_key(dir.path(), "player");
    let known_hosts = dir.path().join("known_hosts");
    let a = instance(dir.path(), "a", &db.url);
    let b = instance(dir.path(), "b", &db.url);
    let tmux = Tmux::new("serve-pg");

    tmux.start("on-a", 100, 32, &a.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("on-a", WAIT, |s| to_go(s).is_some());
    assert!(ok, "no game on instance a:\n{screen}");
    let fresh = to_go(&screen).unwrap_or(0);
    let mut step = 0;
    let shown = play(&tmux, "on-a", 12, &mut step);
    assert!(shown < fresh, "no move landed:\n{}", tmux.capture("on-a"));

    // kill -9 right after the last echo: what the player saw is in the database.
    drop(a);
    assert_eq!(
        stored_to_go(&db.url).first().copied(),
        Some(shown),
        "the last echoed move is stored"
    );
    // The player reconnects to the other instance (same host key: known_hosts is strict).
    tmux.start("on-b", 100, 32, &b.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("on-b", WAIT, |s| to_go(s) == Some(shown));
    assert!(
        ok,
        "the game did not resume at its last move ({shown} to go):\n{screen}"
    );
    // And plays on there (a few moves may land on givens).
    let mut later = shown;
    for _ in 0..4 {
        later = play(&tmux, "on-b", 4, &mut step);
        if later < shown {
            break;
        }
    }
    assert!(later < shown, "{}", tmux.capture("on-b"));
    tmux.send("on-b", &["q"]);
    let (ok, _) = tmux.wait_for("on-b", WAIT, |_| !tmux.alternate_screen_on("on-b"));
    assert!(ok, "the terminal was not restored");
    assert_eq!(stored_to_go(&db.url).first().copied(), Some(later));
}

/// The machine's PostgreSQL server is restarted while a player plays: the session goes on,
/// the moves made while the database was away are written when it is back, and the player
/// resumes at the very last one on another instance.
#[test]
fn a_postgres_restart_mid_game_drops_no_session_and_loses_no_move() {
    let Some(cluster) = restartable("a_postgres_restart_mid_game") else {
        return;
    };
    let _server = serialised();
    let db = TestDb::create();
    let dir = tempfile::tempdir().expect("temp dir");
    let key = client_key(dir.path(), "player");
    let known_hosts = dir.path().join("known_hosts");
    let mut a = instance(dir.path(), "a", &db.url);
    let tmux = Tmux::new("serve-pg-restart");
    tmux.start("game", 100, 32, &a.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("game", WAIT, |s| to_go(s).is_some());
    assert!(ok, "no game:\n{screen}");
    let mut step = 0;
    play(&tmux, "game", 3, &mut step);

    // Restart the server with moves made while it is down (stopped, moves, started: the
    // outage is sure to meet the moves however fast the machine restarts).
    let ctl = |action: &str| pg_ctl(&cluster, action);
    assert!(ctl("stop"), "pg_ctlcluster stop failed");
    // Whatever happens now, the server is started again.
    let restarter = StartAgain(cluster.clone());
    let during = play(&tmux, "game", 4, &mut step);
    assert!(ctl("start"), "pg_ctlcluster start failed");
    std::mem::forget(restarter);
    eprintln!("{during} to go after the moves made while the database was down");
    let shown = play(&tmux, "game", 3, &mut step);
    assert!(
        tmux.alternate_screen_on("game"),
        "the session dropped:\n{}",
        tmux.capture("game")
    );
    a.wait_log("kept until the store is back", WAIT);
    a.wait_log("saves kept meanwhile are written", WAIT);
    assert_eq!(stored_to_go(&db.url).first().copied(), Some(shown));
    // And a kill -9 now loses nothing either.
    drop(a);
    let b = instance(dir.path(), "b", &db.url);
    tmux.start("again", 100, 32, &b.ssh(&key, &known_hosts));
    let (ok, screen) = tmux.wait_for("again", WAIT, |s| to_go(s) == Some(shown));
    assert!(
        ok,
        "the game did not resume at its last move ({shown}):\n{screen}"
    );
    tmux.send("again", &["q"]);
}

/// Starts the cluster when dropped (a test that failed while the server was stopped).
struct StartAgain(String);

impl Drop for StartAgain {
    fn drop(&mut self) {
        pg_ctl(&self.0, "start");
    }
}

/// The variable that lets a test run stop and start the machine's PostgreSQL cluster: a
/// contributor's database is never restarted unless they ask for it (CI does, in `.ci/run`).
const RESTART_OPT_IN: &str = "SUDOSCOPE_TEST_RESTART_POSTGRES";

/// The cluster a test may stop and start, when the tools, the server and the cluster are all
/// there and [`RESTART_OPT_IN`] is `1`; else says why the test skips (and fails under CI,
/// where they must be).
fn restartable(test: &str) -> Option<String> {
    let ci = std::env::var("CI").as_deref() == Ok("true");
    if std::env::var(RESTART_OPT_IN).as_deref() != Ok("1") {
        assert!(!ci, "{test}: {RESTART_OPT_IN}=1 is needed under CI=true");
        eprintln!(
            "{test}: skipped, it restarts the machine's PostgreSQL: set {RESTART_OPT_IN}=1 to run it"
        );
        return None;
    }
    if !tools_present() || !available(test) {
        return None;
    }
    let found = cluster();
    if found.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "pg_ctlcluster and one cluster in /etc/postgresql are needed under CI=true"
        );
        eprintln!("{test}: skipped, no local cluster to restart");
    }
    found
}

/// `pg_ctlcluster` on the machine's cluster: `stop`, `start`; says whether it worked.
fn pg_ctl(cluster: &str, action: &str) -> bool {
    Command::new("pg_ctlcluster")
        .args(["--skip-systemctl-redirect", cluster, "main", action])
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// The one cluster version under /etc/postgresql (the machine's own server).
fn cluster() -> Option<String> {
    let versions: Vec<String> = std::fs::read_dir("/etc/postgresql")
        .ok()?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .collect();
    let which = Command::new("which").arg("pg_ctlcluster").output().ok()?;
    (versions.len() == 1 && which.status.success()).then(|| versions[0].clone())
}

#[test]
fn an_unreachable_database_at_start_is_one_line_and_a_failure() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .args(["--store", "postgres://root@127.0.0.1:1/test"])
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].contains("cannot reach the PostgreSQL store postgres://root@127.0.0.1:1/test"),
        "{stderr}"
    );
    assert!(lines[0].contains("refused"), "the cause is said: {stderr}");
    assert!(
        !dir.path().join("ssh_host_ed25519_key").exists(),
        "no host key is made for a server that does not start"
    );
}

#[test]
fn a_second_server_on_one_sqlite_file_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = Server::start(dir.path());
    // The same file, named with --store from another data directory.
    let other = dir.path().join("other");
    let output = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(&other)
        .arg("--store")
        .arg(format!(
            "sqlite:{}",
            dir.path().join("saves.sqlite3").display()
        ))
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("in use by another sudoscope serve"),
        "{stderr}"
    );
    assert_eq!(
        stderr.lines().filter(|l| !l.trim().is_empty()).count(),
        1,
        "{stderr}"
    );
    // Once the first has stopped (even killed), the file is free again.
    drop(first);
    let again = Server::start(dir.path());
    drop(again);
}

/// The HAProxy configuration of docs/deployment.md, with the test's ports.
fn haproxy_config(front: u16, backends: &[u16]) -> String {
    let mut config = format!(
        "defaults
    mode tcp
    timeout connect 5s
    timeout client 2h
    timeout server 2h
    retries 3
    option redispatch

frontend ssh
    bind 127.0.0.1:{front}
    default_backend sudoscope

backend sudoscope
    balance leastconn
    default-server inter 1s fall 2 rise 1
"
    );
    for (i, port) in backends.iter().enumerate() {
        config.push_str(&format!("    server s{i} 127.0.0.1:{port} check\n"));
    }
    config
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// HAProxy in the foreground, stopped on drop.
struct Haproxy(std::process::Child);

impl Drop for Haproxy {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Two players behind HAProxy land on the instances (least connections: usually one on
/// each); player one's instance is killed with `kill -9`, the ssh of every player on it ends,
/// and connecting again through HAProxy reaches the other instance with the game at its last
/// move. A player on the other instance plays on.
#[test]
fn behind_haproxy_a_killed_instances_player_resumes_on_the_other() {
    if !tools_present()
        || !support::tools::require(&["haproxy"])
        || !available("behind_haproxy_a_killed_instances_player_resumes_on_the_other")
    {
        return;
    }
    let _server = serialised();
    let db = TestDb::create();
    let dir = tempfile::tempdir().expect("temp dir");
    let known_hosts = dir.path().join("known_hosts");
    let mut a = instance(dir.path(), "a", &db.url);
    let b = instance(dir.path(), "b", &db.url);
    let front = free_port();
    let config = dir.path().join("haproxy.cfg");
    std::fs::write(&config, haproxy_config(front, &[a.port, b.port])).expect("config");
    let _haproxy = Haproxy(
        Command::new("haproxy")
            .arg("-db")
            .arg("-f")
            .arg(&config)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("haproxy starts"),
    );
    let started = std::time::Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", front)).is_err() {
        assert!(started.elapsed() < WAIT, "haproxy does not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The clients' commands name HAProxy's port; the instance a player reaches is HAProxy's
    // choice.
    let players = ["one", "two"];
    let keys: Vec<_> = players
        .iter()
        .map(|name| client_key(dir.path(), name))
        .collect();
    let commands: Vec<String> = keys
        .iter()
        .map(|key| {
            a.ssh(key, &known_hosts)
                .replace(&format!("-p {}", a.port), &format!("-p {front}"))
        })
        .collect();
    let tmux = Tmux::new("serve-pg-haproxy");
    let mut shown = Vec::new();
    for (i, name) in players.iter().enumerate() {
        tmux.start(name, 100, 32, &commands[i]);
        let (ok, screen) = tmux.wait_for(name, WAIT, |s| to_go(s).is_some());
        assert!(ok, "{name}: no game through haproxy:\n{screen}");
        let mut step = i * 3;
        shown.push(play(&tmux, name, 5, &mut step));
    }
    // Where HAProxy put each player, from the instances' logs; player one's instance is
    // killed (least connections usually puts the two apart, but not always).
    let on_a: Vec<bool> = keys.iter().map(|key| a.logged(&fingerprint(key))).collect();
    let killed_a = on_a[0];
    let (killed, survivor) = if killed_a { (a, b) } else { (b, a) };
    drop(killed);
    // The players on the killed instance lose the connection; the other plays on.
    let lost: Vec<usize> = (0..players.len())
        .filter(|&i| on_a[i] == killed_a)
        .collect();
    let (ok, _) = tmux.wait_for(players[0], WAIT, |_| {
        (0..players.len()).all(|i| tmux.alternate_screen_on(players[i]) != lost.contains(&i))
    });
    assert!(
        ok,
        "not exactly the players of the killed instance lost the connection"
    );
    for kept in (0..players.len()).filter(|i| !lost.contains(i)) {
        let mut step = 20;
        let mut later = shown[kept];
        for _ in 0..4 {
            later = play(&tmux, players[kept], 4, &mut step);
            if later < shown[kept] {
                break;
            }
        }
        assert!(later < shown[kept], "{}", tmux.capture(players[kept]));
    }
    for &i in &lost {
        let again = format!("again-{}", players[i]);
        tmux.start(&again, 100, 32, &commands[i]);
        let (ok, screen) = tmux.wait_for(&again, WAIT, |s| to_go(s) == Some(shown[i]));
        assert!(
            ok,
            "{}: no resume at the last move ({} to go) through haproxy:\n{screen}",
            players[i], shown[i]
        );
    }
    drop(survivor);
}

/// A race between OpenSSH clients on two instances: Alice opens a 4×4 room on instance a,
/// Bob joins it on instance b, and each sees the other's progress live. PostgreSQL is
/// stopped mid-race while both make a move and started again: no session drops, and the
/// moves reach the other racer once it is back. Then Bob's instance is killed with `kill -9`;
/// he joins again on instance a, has his seat and his cells back, and wins; the results are
/// in both racers' history.
#[test]
fn a_race_across_two_instances_survives_a_restart_and_a_kill_9() {
    let Some(cluster) = restartable("a_race_across_two_instances") else {
        return;
    };
    let _server = serialised();
    let db = TestDb::create();
    let dir = tempfile::tempdir().expect("temp dir");
    let known_hosts = dir.path().join("known_hosts");
    let alice = client_key(dir.path(), "alice");
    let bob = client_key(dir.path(), "bob");
    let mut a = instance(dir.path(), "a", &db.url);
    let b = instance(dir.path(), "b", &db.url);
    let tmux = Tmux::new("serve-pg-race");

    tmux.start("alice", 80, 24, &a.ssh(&alice, &known_hosts));
    tmux.wait_for_text("alice", "welcome", WAIT);
    tmux.send("alice", &["g"]);
    tmux.wait_for_text("alice", "r Race", WAIT);
    tmux.send("alice", &["Down", "Left", "r"]);
    let opened = a.wait_log("race room opened", WAIT);
    let code = log_field(&opened, "room");
    let digits = solution_digits(&log_field(&opened, "puzzle"));
    tmux.wait_for_text("alice", &format!("join {code}"), WAIT);

    // Bob, on the other instance, joins by the code; each sees the other seated.
    let join_on =
        |server: &Server| with_command(&server.ssh(&bob, &known_hosts), &format!("join {code}"));
    tmux.start("bob", 120, 40, &join_on(&b));
    tmux.wait_for_text("bob", "Racers 2/8", WAIT);
    tmux.wait_for_text("alice", "Racers 2/8", WAIT);
    tmux.send("alice", &["Enter"]);
    for name in ["alice", "bob"] {
        let (ok, screen) = tmux.wait_for(name, WAIT, |s| s.contains("filled"));
        assert!(ok, "{name} does not race:\n{screen}");
    }
    type_digits(&tmux, "bob", &digits[..2]);
    let (ok, screen) = tmux.wait_for("alice", WAIT, |s| {
        s.contains(" 2/") && s.contains("racer 2")
    });
    assert!(
        ok,
        "alice does not see bob's progress across instances:\n{screen}"
    );

    // The database stops; both move meanwhile; it starts again.
    let ctl = |action: &str| pg_ctl(&cluster, action);
    assert!(ctl("stop"), "pg_ctlcluster stop failed");
    let restarter = StartAgain(cluster.clone());
    type_digits(&tmux, "bob", &digits[2..3]);
    type_digits(&tmux, "alice", &digits[..1]);
    std::thread::sleep(Duration::from_millis(500));
    assert!(ctl("start"), "pg_ctlcluster start failed");
    std::mem::forget(restarter);
    let (ok, screen) = tmux.wait_for("alice", WAIT, |s| s.contains(" 3/"));
    assert!(
        ok,
        "bob's move made while the database was away never came:\n{screen}"
    );
    let (ok, screen) = tmux.wait_for("bob", WAIT, |s| s.contains(" 1/"));
    assert!(
        ok,
        "alice's move made while the database was away never came:\n{screen}"
    );
    for name in ["alice", "bob"] {
        assert!(tmux.alternate_screen_on(name), "{name}'s session dropped");
    }

    // Bob's instance is killed; he joins again on Alice's and is back at his cells.
    drop(b);
    tmux.kill_session("bob");
    tmux.start("bob", 120, 40, &join_on(&a));
    let (ok, screen) = tmux.wait_for("bob", WAIT, |s| s.contains(" 3/") && s.contains("▶"));
    assert!(ok, "bob is not back in his seat:\n{screen}");
    type_digits(&tmux, "bob", &digits[3..]);
    tmux.wait_for_text("alice", "#1 in", WAIT);
    type_digits(&tmux, "alice", &digits[1..]);
    for name in ["alice", "bob"] {
        let screen = tmux.wait_for_text(name, "Results", WAIT);
        let first = screen.find(" 1. racer 2").unwrap_or(usize::MAX);
        let second = screen.find(" 2. racer 1").unwrap_or(0);
        assert!(first < second, "{name}: wrong order:\n{screen}");
    }
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let finishes = support::pg::query(&db.url, "SELECT count(*) FROM finishes");
        if finishes.first().map(String::as_str) == Some("2") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the race is not in both racers' history: {finishes:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    for name in ["alice", "bob"] {
        tmux.send(name, &["q"]);
    }
}
