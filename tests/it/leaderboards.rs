//! Leaderboards, names and streaks in the store: which finishes are ranked and in what order,
//! names unique whatever their case or width, streaks across UTC day boundaries (an injected
//! clock), each on SQLite and on PostgreSQL; and, on SQLite only, the migration that brings a version-1 store up, and hostile names: refused when
//! typed, and drawn harmless when a row holding escape sequences is put in the database by
//! other means.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::backends::{DAY, Under, both, daily, midnight, named};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use sudoscope::names::DisplayName;
use sudoscope::store::{
    Answer, Finished, Keeper, Request, Seat, SharedStore, SqliteStore, Unranked,
};
use sudoscope::tui::app::{App, AppConfig, Msg, StartGame};
use sudoscope::tui::panel::StepPool;

/// A SQLite store whose clock the test sets, for what only SQLite has (files written by hand,
/// an older schema).
fn store_at(path: &std::path::Path) -> (SharedStore, Arc<AtomicI64>) {
    let now = Arc::new(AtomicI64::new(0));
    let clock = now.clone();
    let store = SqliteStore::open_as_is(path)
        .expect("store")
        .with_clock(Arc::new(move || clock.load(Ordering::SeqCst)));
    (Arc::new(store), now)
}

both!(
    ranked_finishes_are_ordered_by_time_with_hints_and_the_others_say_why,
    names_are_unique_whatever_their_case_or_width_and_can_be_changed,
    streaks_cross_utc_midnight_and_break_after_a_missed_day,
);

fn ranked_finishes_are_ordered_by_time_with_hints_and_the_others_say_why(under: &Under) {
    let store = &under.store;
    let day = "2026-11-28";
    under.now.store(midnight(day) + 3_600_000, Ordering::SeqCst);
    let alice = named(store, "key:alice", "alice");
    let bob = named(store, "key:bob", "Bob_42");
    let carol = named(store, "key:carol", "carol");
    let keyed = |player, f: &Finished| {
        store
            .record_finish(player, None, f, Seat::Keyed)
            .expect("recorded")
    };
    assert_eq!(keyed(bob, &daily(day, "hard", 200_000, 2)), Ok(()));
    assert_eq!(keyed(alice, &daily(day, "hard", 150_000, 0)), Ok(()));
    // A second finish of the same daily is not ranked, however fast.
    assert_eq!(
        keyed(alice, &daily(day, "hard", 1_000, 0)),
        Err(Unranked::Repeat)
    );
    let mut revealed = daily(day, "hard", 2_000, 0);
    revealed.revealed_cells = 3;
    assert_eq!(keyed(carol, &revealed), Err(Unranked::Helped));
    // Yesterday's daily played today: not ranked.
    assert_eq!(
        keyed(carol, &daily("2026-11-27", "hard", 3_000, 0)),
        Err(Unranked::PastDay)
    );
    let anon = store.player("anon:1").expect("anon");
    assert_eq!(
        store
            .record_finish(anon, None, &daily(day, "hard", 500, 0), Seat::Anonymous)
            .expect("recorded"),
        Err(Unranked::Anonymous)
    );

    let keeper = Keeper::new(store.clone(), "key:bob")
        .expect("keeper")
        .with_seat(Seat::Keyed);
    let view = keeper.boards(day.into(), "hard".into()).expect("boards");
    let rows: Vec<(u32, &str, u64, u32, bool)> = view
        .boards
        .daily
        .iter()
        .map(|r| (r.rank, r.name.as_str(), r.time_ms, r.hint_steps, r.me))
        .collect();
    assert_eq!(
        rows,
        vec![
            (1, "alice", 150_000, 0, false),
            (2, "Bob_42", 200_000, 2, true)
        ]
    );
    assert_eq!(view.seat, None);
    assert_eq!(view.name.as_deref(), Some("Bob_42"));
    let week: Vec<(&str, u32, u64, u32)> = view
        .boards
        .week
        .iter()
        .map(|r| (r.name.as_str(), r.dailies, r.time_ms, r.hint_steps))
        .collect();
    assert_eq!(
        week,
        vec![("alice", 1, 150_000, 0), ("Bob_42", 1, 200_000, 2)]
    );
    let streaks: Vec<(&str, u32, u32)> = view
        .boards
        .streaks
        .iter()
        .map(|r| (r.name.as_str(), r.longest, r.current))
        .collect();
    // Carol's revealed cells keep her finish off the board, not out of her streak.
    assert_eq!(
        streaks,
        vec![("alice", 1, 1), ("Bob_42", 1, 1), ("carol", 1, 1)]
    );
    // Another level's board is empty.
    let easy = keeper.boards(day.into(), "easy".into()).expect("boards");
    assert!(easy.boards.daily.is_empty());
    // An anonymous keeper is told why it is not ranked, and cannot take a name.
    let anonymous = Keeper::new(store.clone(), "anon:1")
        .expect("keeper")
        .with_seat(Seat::Anonymous);
    let view = anonymous.boards(day.into(), "hard".into()).expect("boards");
    assert_eq!(view.seat, Some(Unranked::Anonymous));
    assert!(
        view.seat
            .map(|s| s.to_string())
            .unwrap_or_default()
            .contains("SSH key")
    );
    assert!(anonymous.set_name("someone").expect("answer").is_err());
}

fn names_are_unique_whatever_their_case_or_width_and_can_be_changed(under: &Under) {
    let keeper = |owner: &str| {
        Keeper::new(under.store.clone(), owner)
            .expect("keeper")
            .with_seat(Seat::Keyed)
    };
    let (alice, other) = (keeper("key:a"), keeper("key:b"));
    assert_eq!(alice.set_name("Alice").expect("answer"), Ok("Alice".into()));
    for taken in ["alice", "ALICE", "Ａｌｉｃｅ"] {
        let refused = other.set_name(taken).expect("answer");
        assert!(refused.is_err_and(|e| e.contains("taken")), "{taken}");
    }
    // The owner may change the case of their own name, or take another.
    assert_eq!(alice.set_name("ALICE").expect("answer"), Ok("ALICE".into()));
    assert_eq!(
        alice.set_name("alice2").expect("answer"),
        Ok("alice2".into())
    );
    assert_eq!(other.set_name("alice").expect("answer"), Ok("alice".into()));
    assert_eq!(
        under.store.name(other.player()).expect("name").as_deref(),
        Some("alice")
    );
    let nobody = under.store.player("key:c").expect("player");
    assert_eq!(under.store.name(nobody).expect("name"), None);
}

/// Names with escape sequences, clipboard writes and bidi overrides.
const HOSTILE: [&str; 5] = [
    "ab\u{1b}c",
    "x\u{1b}[2Jy",
    "a\u{1b}]52;c;ZXZpbA==\u{7}b",
    "abc\u{202E}fed",
    "ab\u{2066}cd",
];

#[test]
fn hostile_names_are_refused_when_typed() {
    let (store, _) = store_at(&tempfile::tempdir().expect("dir").path().join("s.sqlite3"));
    let keeper = Keeper::new(store.clone(), "key:x")
        .expect("keeper")
        .with_seat(Seat::Keyed);
    for hostile in HOSTILE {
        let answer = keeper
            .answer(Request::Name(hostile.into()))
            .expect("answer");
        assert!(
            matches!(answer, Answer::Name(Err(_))),
            "{hostile:?} was taken"
        );
    }
    assert_eq!(store.name(keeper.player()).expect("name"), None);
}

/// A row written by other means (an older release, a hand edit) holds escape sequences: the
/// leaderboard screen still sends none of them to the player's terminal.
#[test]
fn a_hostile_name_in_the_database_is_drawn_harmless() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("s.sqlite3");
    let (store, now) = store_at(&path);
    let day = "2026-11-28";
    now.store(midnight(day) + 1000, Ordering::SeqCst);
    let mut players = Vec::new();
    for (i, _) in HOSTILE.iter().enumerate() {
        let player = named(&store, &format!("key:{i}"), &format!("player{i}"));
        let standing = store
            .record_finish(
                player,
                None,
                &daily(day, "easy", 1000 + i as u64, 0),
                Seat::Keyed,
            )
            .expect("recorded");
        assert_eq!(standing, Ok(()));
        players.push(player);
    }
    let raw = rusqlite::Connection::open(&path).expect("a second connection");
    for (player, hostile) in players.iter().zip(HOSTILE) {
        raw.execute(
            "UPDATE players SET name = ?2 WHERE id = ?1",
            rusqlite::params![player, hostile],
        )
        .expect("written by hand");
    }
    let keeper = Keeper::new(store.clone(), "key:viewer")
        .expect("keeper")
        .with_seat(Seat::Keyed);
    let answer = keeper
        .answer(Request::Boards {
            day: day.into(),
            level: "easy".into(),
        })
        .expect("boards");
    let Answer::Boards(view) = &answer else {
        panic!("not boards: {answer:?}");
    };
    assert_eq!(
        view.boards.daily.len(),
        HOSTILE.len(),
        "every row is listed"
    );

    let puzzle = sudoscope::daily::daily(
        sudoscope::daily::parse_date(day).expect("date"),
        sudoscope_core::generate::Level::Easy,
    )
    .expect("daily");
    let mut app = App::new(AppConfig {
        start: StartGame::Daily(puzzle),
        color: true,
        ascii: false,
        pool: Arc::new(StepPool::new(1)),
    })
    .expect("app");
    let _ = app.update(Msg::Event(ratatui::crossterm::event::Event::Key(
        ratatui::crossterm::event::KeyEvent::from(ratatui::crossterm::event::KeyCode::Char('w')),
    )));
    let _ = app.update(Msg::Stored(answer.clone()));
    let mut bytes = Vec::new();
    {
        let mut terminal = Terminal::with_options(
            CrosstermBackend::new(&mut bytes),
            ratatui::TerminalOptions {
                viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, 80, 24)),
            },
        )
        .expect("terminal");
        terminal
            .draw(|f| {
                let _ = sudoscope::tui::view::render(&app, f);
            })
            .expect("drawn");
    }
    let out = String::from_utf8_lossy(&bytes);
    for bad in [
        "\u{1b}]",
        "\u{7}",
        "\u{1b}[2J",
        "\u{202E}",
        "\u{2066}",
        "\u{9b}",
    ] {
        assert!(!out.contains(bad), "{bad:?} reached the terminal");
    }
    // What ratatui itself sends is only CSI sequences (cursor moves, colours): every ESC is
    // one of them, none is a name's.
    assert!(
        out.match_indices('\u{1b}')
            .all(|(i, _)| out[i + 1..].starts_with('[')),
        "a bare escape reached the terminal"
    );
    let mut screen = vt100::Parser::default(); // 80×24
    screen.process(&bytes);
    let text = screen.screen().contents();
    assert!(text.contains("Leaderboards"), "{text}");
    // The names' harmful characters went out as U+FFFD, which this screen model shows as
    // nothing: the rest of each name is there, and the screen was not cleared under it.
    assert!(
        out.contains("x\u{FFFD}[2Jy"),
        "the CSI name is not shown inert"
    );
    assert!(
        out.contains("abc\u{FFFD}fed"),
        "the override is not shown inert"
    );
    assert!(text.contains("x[2Jy") && text.contains("abcfed"), "{text}");
    assert!(
        text.contains("Daily 2026-11-28"),
        "the screen was cleared:\n{text}"
    );
}

fn streaks_cross_utc_midnight_and_break_after_a_missed_day(under: &Under) {
    let (store, now) = (&under.store, &under.now);
    let keeper = Keeper::new(store.clone(), "key:s")
        .expect("keeper")
        .with_seat(Seat::Keyed);
    let player = keeper.player();
    let name = DisplayName::parse("streaker").expect("name");
    store.set_name(player, &name).expect("named");
    // Each finish is on its own day, so each is ranked.
    let finish_at = |date: &str, ms_into_day: i64| {
        now.store(midnight(date) + ms_into_day, Ordering::SeqCst);
        let standing = store
            .record_finish(player, None, &daily(date, "medium", 90_000, 0), Seat::Keyed)
            .expect("recorded");
        assert_eq!(standing, Ok(()), "{date}");
    };
    let stats = || match keeper.answer(Request::Stats(None)).expect("stats") {
        Answer::Stats(report) => report.streak,
        other => panic!("{other:?}"),
    };
    // 23:59:59.999 on the 1st, then one millisecond later on the 2nd: two days in a row.
    finish_at("2026-12-01", DAY - 1);
    finish_at("2026-12-02", 0);
    assert_eq!((stats().current, stats().longest), (2, 2));
    // The 3rd's daily finished a millisecond after its day: played, not counted.
    now.store(midnight("2026-12-04"), Ordering::SeqCst);
    let late = store
        .record_finish(
            player,
            None,
            &daily("2026-12-03", "medium", 1, 0),
            Seat::Keyed,
        )
        .expect("recorded");
    assert_eq!(late, Err(Unranked::PastDay));
    assert_eq!(stats().current, 0, "the 3rd was missed");
    finish_at("2026-12-04", 5);
    finish_at("2026-12-05", 5);
    assert_eq!((stats().current, stats().longest), (2, 2));
    finish_at("2026-12-06", DAY - 1);
    assert_eq!((stats().current, stats().longest), (3, 3));
    // A day later the streak is still current (today's is still to solve); two days later
    // it is over, and the streak board keeps only the longest.
    now.store(midnight("2026-12-07") + 10, Ordering::SeqCst);
    assert_eq!(stats().current, 3);
    now.store(midnight("2026-12-08") + 10, Ordering::SeqCst);
    assert_eq!(stats().current, 0);
    let view = keeper
        .boards("2026-12-08".into(), "medium".into())
        .expect("boards");
    let row = &view.boards.streaks[0];
    assert_eq!(
        (row.name.as_str(), row.longest, row.current),
        ("streaker", 3, 0)
    );
}

/// A store of version 1 (from before leaderboards) opens at the latest version with its
/// games and finishes, and the streak its dailies made is worked out.
#[test]
fn a_version_one_store_is_brought_up_with_its_streaks() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("s.sqlite3");
    let raw = rusqlite::Connection::open(&path).expect("db");
    raw.execute_batch(
        "CREATE TABLE players (id INTEGER PRIMARY KEY AUTOINCREMENT, owner TEXT NOT NULL UNIQUE,
                               created_ms INTEGER NOT NULL);
         CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, player INTEGER NOT NULL,
             size INTEGER NOT NULL, variant TEXT NOT NULL, level TEXT, filled INTEGER NOT NULL,
             total INTEGER NOT NULL, moved INTEGER NOT NULL, started_ms INTEGER NOT NULL,
             updated_ms INTEGER NOT NULL, snapshot TEXT NOT NULL);
         CREATE TABLE finishes (id INTEGER PRIMARY KEY AUTOINCREMENT, player INTEGER NOT NULL,
             at_ms INTEGER NOT NULL, size INTEGER NOT NULL, variant TEXT NOT NULL, level TEXT,
             daily TEXT, time_ms INTEGER NOT NULL, hint_steps INTEGER NOT NULL,
             revealed_cells INTEGER NOT NULL, solution_copied INTEGER NOT NULL,
             solution_revealed INTEGER NOT NULL, imported INTEGER NOT NULL DEFAULT 0);
         INSERT INTO players (owner, created_ms) VALUES ('local', 0);
         PRAGMA user_version = 1;",
    )
    .expect("a version 1 store");
    for (date, offset) in [("2026-12-01", 10), ("2026-12-02", 20), ("2026-12-04", 30)] {
        raw.execute(
            "INSERT INTO finishes (player, at_ms, size, variant, level, daily, time_ms,
                 hint_steps, revealed_cells, solution_copied, solution_revealed)
             VALUES (1, ?1, 9, 'standard', 'easy', ?2, 60000, 0, 0, 0, 0)",
            rusqlite::params![midnight(date) + offset, date],
        )
        .expect("a finish");
    }
    drop(raw);
    let (store, now) = store_at(&path);
    now.store(midnight("2026-12-04") + 100, Ordering::SeqCst);
    let keeper = Keeper::new(store.clone(), "local").expect("keeper");
    let Answer::Stats(report) = keeper.answer(Request::Stats(None)).expect("stats") else {
        panic!("no stats");
    };
    assert_eq!(report.games, 3);
    assert_eq!((report.streak.current, report.streak.longest), (1, 2));
    let raw = rusqlite::Connection::open(&path).expect("db");
    let stored: (u32, u32) = raw
        .query_row(
            "SELECT streak_run, streak_longest FROM players WHERE owner = 'local'",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .expect("streak columns");
    assert_eq!(stored, (1, 2));
}

/// A ranked finish of one level says nothing on another level's board: "your finish is
/// ranked" above "no ranked finish yet" contradicts itself.
#[test]
fn a_finish_is_spoken_of_only_on_its_own_board() {
    let dir = tempfile::tempdir().expect("dir");
    let (store, now) = store_at(&dir.path().join("s.sqlite3"));
    let day = "2026-11-28";
    now.store(midnight(day) + 1000, Ordering::SeqCst);
    let bob = named(&store, "key:bob", "bob");
    let standing = store
        .record_finish(bob, None, &daily(day, "hard", 90_000, 0), Seat::Keyed)
        .expect("recorded");
    assert_eq!(standing, Ok(()));
    let keeper = Keeper::new(store.clone(), "key:bob")
        .expect("keeper")
        .with_seat(Seat::Keyed);
    let app = App::new(AppConfig {
        start: StartGame::Puzzle(
            sudoscope_core::grid::parse_puzzle(
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
                Default::default(),
            )
            .expect("a puzzle"),
        ),
        color: false,
        ascii: false,
        pool: Arc::new(StepPool::new(1)),
    })
    .expect("app");
    let text = |level: &str| {
        let mut view = keeper.boards(day.into(), level.into()).expect("boards");
        view.last_finish = Some(Ok(()));
        sudoscope::tui::view::history::board_lines(&app, &view, false)
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let hard = text("hard");
    assert!(hard.contains("your finish is ranked #1"), "{hard}");
    let easy = text("easy");
    assert!(easy.contains("no ranked finish yet"), "{easy}");
    assert!(!easy.contains("your finish is ranked"), "{easy}");
}
