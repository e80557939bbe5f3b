//! A race over SSH, end to end: the real server, real OpenSSH clients in tmux. Alice opens a
//! room from the new-game dialog (a 4×4, so that typing its solution is quick), Bob joins by
//! its code (`ssh -t host join CODE`) and Carol, without a key, watches (`watch CODE`). Alice
//! starts, the countdown runs, both race; Bob's client is killed mid-race and he comes back
//! to his seat and his digits; both finish, and the results list them in finishing order.
//! Carol's board follows the racer she watches and refuses digits. Skips with a message when
//! ssh, ssh-keygen or tmux is missing.

use std::time::Duration;

use crate::support::race::{log_field, solution_digits, type_digits, with_command};
use crate::support::server::{Server, WAIT};
use crate::support::sshclient::{client_key, tools_present};
use crate::support::tmux::Tmux;

#[test]
fn two_racers_race_one_drops_and_comes_back_and_a_spectator_watches() {
    if !tools_present() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let known_hosts = dir.path().join("known_hosts");
    let mut server = Server::start(&dir.path().join("data"));
    let tmux = Tmux::new("race");
    let alice = client_key(dir.path(), "alice");
    let bob = client_key(dir.path(), "bob");

    // Alice opens a 4×4 room from the new-game dialog: size is the second field.
    tmux.start("alice", 80, 24, &server.ssh(&alice, &known_hosts));
    tmux.wait_for_text("alice", "welcome", WAIT);
    tmux.send("alice", &["g"]);
    tmux.wait_for_text("alice", "r Race", WAIT);
    tmux.send("alice", &["Down", "Left", "r"]);
    let opened = server.wait_log("race room opened", WAIT);
    let code = log_field(&opened, "room");
    let digits = solution_digits(&log_field(&opened, "puzzle"));
    assert_eq!(code.len(), 5, "{opened}");
    let screen = tmux.wait_for_text("alice", &format!("join {code}"), WAIT);
    assert!(screen.contains("4x4"), "{screen}");
    assert!(screen.contains("Enter starts the race"), "{screen}");

    // Bob joins by the code, in lower case; Carol (no key) watches.
    let join = with_command(
        &server.ssh(&bob, &known_hosts),
        &format!("join {}", code.to_lowercase()),
    );
    tmux.start("bob", 120, 40, &join);
    let screen = tmux.wait_for_text("bob", "Racers 2/8", WAIT);
    assert!(screen.contains("Waiting for the owner"), "{screen}");
    tmux.wait_for_text("alice", "Racers 2/8", WAIT);
    tmux.start(
        "carol",
        120,
        40,
        &with_command(&server.ssh_anonymous(), &format!("watch {code}")),
    );
    tmux.wait_for_text("alice", "Spectators: 1", WAIT);

    // Only the owner starts; then the countdown, then the race.
    tmux.send("bob", &["Enter"]);
    tmux.wait_for_text("bob", "only the player who opened the room", WAIT);
    tmux.send("alice", &["Enter"]);
    tmux.wait_for_text("bob", "The race starts in", WAIT);
    let racing = |s: &str| s.contains("filled");
    for name in ["alice", "bob", "carol"] {
        let (ok, screen) = tmux.wait_for(name, WAIT, racing);
        assert!(ok, "{name} does not race:\n{screen}");
    }

    // Bob fills two cells; Alice sees his count, not his digits.
    type_digits(&tmux, "bob", &digits[..2]);
    let (ok, screen) = tmux.wait_for("alice", WAIT, |s| {
        s.contains(" 2/") && s.contains("racer 2")
    });
    assert!(ok, "alice does not see bob's progress:\n{screen}");
    // Carol watches Alice first; Tab takes her to Bob's board. Digits are refused.
    tmux.send("carol", &["Tab"]);
    tmux.send("carol", &["1"]);
    tmux.wait_for_text("carol", "spectators watch", WAIT);

    // Bob's client dies; the others see him away; he joins again and keeps his cells.
    tmux.kill_session("bob");
    tmux.wait_for_text("alice", "(away)", WAIT);
    // Defect: a session entered by `join` or `watch` ended without its log line.
    let line = server.wait_log("disconnected", WAIT);
    assert!(line.contains("reason=ClientGone"), "{line}");
    tmux.start("bob", 120, 40, &join);
    let (ok, screen) = tmux.wait_for("bob", WAIT, |s| s.contains(" 2/") && s.contains("▶"));
    assert!(ok, "bob is not back in his seat:\n{screen}");
    let (ok, screen) = tmux.wait_for("alice", WAIT, |s| !s.contains("(away)"));
    assert!(ok, "alice still sees bob away:\n{screen}");

    // Bob finishes first, then Alice.
    type_digits(&tmux, "bob", &digits[2..]);
    tmux.wait_for_text("alice", "#1 in", WAIT);
    type_digits(&tmux, "alice", &digits);
    for name in ["alice", "bob", "carol"] {
        let screen = tmux.wait_for_text(name, "Results", WAIT);
        let first = screen.find(" 1. racer 2").unwrap_or(usize::MAX);
        let second = screen.find(" 2. racer 1").unwrap_or(0);
        assert!(first < second, "{name}: wrong order:\n{screen}");
    }

    // Alice leaves the room and is back at the game she left, paused while she raced; her
    // stats hold the race.
    tmux.send("alice", &["q"]);
    tmux.wait_for_text("alice", "? help", WAIT);
    tmux.send("alice", &["p"]);
    std::thread::sleep(Duration::from_millis(300));
    tmux.send("alice", &["t"]);
    tmux.wait_for_text("alice", "4x4", WAIT);
    for name in ["alice", "bob", "carol"] {
        tmux.send(name, &["q"]);
    }
    std::thread::sleep(Duration::from_millis(300));
    assert!(server.terminate().success());
}
