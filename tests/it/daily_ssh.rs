//! Today's daily over SSH, end to end: the real server, real OpenSSH clients in tmux. Two
//! players with keys play today's medium daily from the start screen (one keystroke, `d`),
//! typing its solution (worked out here by the engine), one after taking a hint; each picks a
//! name at their first ranked finish, and the leaderboard lists both in the order of their
//! times, with their hints. A third player, without a key, finishes too and is told why they
//! are not ranked. Skips with a message when ssh, ssh-keygen or tmux is missing.

use std::time::Duration;

use crate::support::server::{Server, WAIT};
use crate::support::sshclient::{client_key, tools_present};
use crate::support::tmux::Tmux;
use sudoscope_core::generate::Level;

/// What to type to solve the puzzle: each empty cell's digit then Tab (to the next empty
/// cell), in reading order from the first empty cell, where the game puts the cursor.
fn solution_keys(line: &str) -> String {
    let puzzle =
        sudoscope_core::grid::parse_puzzle(line, sudoscope_core::grid::ReadOptions::default())
            .expect("the daily parses");
    let count = sudoscope_core::exact::count(&puzzle, 2);
    assert_eq!(count.solutions, 1, "the daily has one solution");
    let solution = count.first.expect("a solution");
    let mut keys = String::new();
    for (cell, given) in line.bytes().enumerate() {
        if given == b'.' {
            keys.push(char::from(b'0' + solution.cells()[cell]));
            keys.push('\t');
        }
    }
    keys
}

/// The rows of the daily's leaderboard: the lines under its "Today's daily" heading, each
/// with its hints.
fn ranked_names(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip_while(|l| !l.contains("Today's daily"))
        .skip(1)
        .take_while(|l| l.contains(" hint"))
        .map(str::to_string)
        .collect()
}

/// Starts today's daily from the start screen (once it says `welcome`) and waits for its
/// title.
fn start_daily(tmux: &Tmux, name: &str, welcome: &str, title: &str) {
    tmux.wait_for_text(name, welcome, WAIT);
    tmux.send(name, &["d"]);
    let (ok, screen) = tmux.wait_for(name, WAIT, |s| s.contains(title));
    assert!(ok, "{name}: no daily:\n{screen}");
}

#[test]
fn two_players_race_todays_daily_and_an_anonymous_one_is_told_why_not_ranked() {
    if !tools_present() {
        return;
    }
    let today = sudoscope::daily::today();
    let daily = sudoscope::daily::daily(today, Level::Medium).expect("today's daily");
    let title = format!("Daily {today} · medium");
    let keys = solution_keys(&daily.line);
    let dir = tempfile::tempdir().expect("temp dir");
    let known_hosts = dir.path().join("known_hosts");
    let server = Server::start(&dir.path().join("data"));
    let tmux = Tmux::new("daily");

    // Alice takes a hint, then types the solution at once.
    let alice = client_key(dir.path(), "alice");
    tmux.start("alice", 120, 40, &server.ssh(&alice, &known_hosts));
    start_daily(&tmux, "alice", "d plays today's daily", &title);
    tmux.send("alice", &["i"]);
    tmux.wait_for_text("alice", "Hint 1/3", WAIT);
    tmux.send("alice", &["Escape"]);
    std::thread::sleep(Duration::from_millis(300));
    tmux.text("alice", &keys);
    let screen = tmux.wait_for_text("alice", "Pick the name", WAIT);
    assert!(screen.contains("Your finish is ranked"), "{screen}");
    tmux.text("alice", "alice");
    tmux.send("alice", &["Enter"]);
    let (ok, screen) = tmux.wait_for("alice", WAIT, |s| {
        ranked_names(s).iter().any(|l| l.contains("alice"))
    });
    assert!(ok, "alice is not on the leaderboard:\n{screen}");

    // Bob takes no hint but is slower: he waits before typing.
    let bob = client_key(dir.path(), "bob");
    tmux.start("bob", 120, 40, &server.ssh(&bob, &known_hosts));
    start_daily(&tmux, "bob", "d plays today's daily", &title);
    std::thread::sleep(Duration::from_secs(4));
    tmux.text("bob", &keys);
    tmux.wait_for_text("bob", "Pick the name", WAIT);
    // A name that differs from alice's only in case is taken.
    tmux.text("bob", "ALICE");
    tmux.send("bob", &["Enter"]);
    tmux.wait_for_text("bob", "is taken", WAIT);
    tmux.send("bob", &["C-u"]);
    tmux.text("bob", "Bob");
    tmux.send("bob", &["Enter"]);
    let (ok, screen) = tmux.wait_for("bob", WAIT, |s| ranked_names(s).len() >= 2);
    assert!(ok, "bob's leaderboard lacks a row:\n{screen}");
    let rows = ranked_names(&screen);
    assert!(
        rows[0].contains(" 1 alice") && rows[0].contains("1 hint"),
        "{screen}"
    );
    assert!(
        rows[1].contains(" 2 Bob") && rows[1].contains("0 hints"),
        "{screen}"
    );
    assert!(screen.contains("your finish is ranked #2"), "{screen}");

    // Alice's own leaderboard screen (w) shows both as well.
    tmux.send("alice", &["Escape"]);
    std::thread::sleep(Duration::from_millis(200));
    tmux.send("alice", &["w"]);
    let (ok, screen) = tmux.wait_for("alice", WAIT, |s| ranked_names(s).len() >= 2);
    assert!(ok, "alice's leaderboard:\n{screen}");
    assert!(ranked_names(&screen)[1].contains("Bob"), "{screen}");

    // Carol has no key: she plays and finishes, but is not ranked, and is told why.
    tmux.start("carol", 120, 40, &server.ssh_anonymous());
    start_daily(&tmux, "carol", "only for this connection", &title);
    tmux.text("carol", &keys);
    let screen = tmux.wait_for_text("carol", "without an SSH key", WAIT);
    assert!(screen.contains("not ranked"), "{screen}");
    let rows = ranked_names(&screen);
    assert_eq!(rows.len(), 2, "only the two ranked players:\n{screen}");
    for name in ["alice", "bob", "carol"] {
        tmux.send(name, &["q"]);
    }
}
