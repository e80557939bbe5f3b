//! Backend parity: the same behaviours of the store, run on SQLite and on PostgreSQL (a fresh
//! database per test at 127.0.0.1:5432; those tests skip with a message when no server
//! answers, and fail under `CI=true`). Games kept and dropped, history and records, names,
//! ranked finishes and their boards, streaks across UTC midnight, forgetting players, two
//! writers (two servers, for PostgreSQL) at once, and both schemas at the same version with
//! the same columns.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::pg::{TestDb, available};
use sudoscope::names::DisplayName;
use sudoscope::store::streak::day_of_date;
use sudoscope::store::{
    Answer, Finished, GameSummary, Keeper, Kind, NameSet, PgStore, Request, Save, Seat,
    SharedStore, SqliteStore, StoreError, Unranked,
};

const DAY: i64 = 86_400_000;

/// A store under test, its clock, and a way to open a second store on the same data (a
/// second program or server).
struct Under {
    store: SharedStore,
    now: Arc<AtomicI64>,
    reopen: Box<dyn Fn() -> SharedStore>,
}

fn clocked(now: &Arc<AtomicI64>) -> sudoscope::store::sqlite::Clock {
    let clock = now.clone();
    Arc::new(move || clock.load(Ordering::SeqCst))
}

fn on_sqlite(case: fn(&Under)) {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("s.sqlite3");
    let now = Arc::new(AtomicI64::new(1_700_000_000_000));
    let open = {
        let now = now.clone();
        move || -> SharedStore {
            Arc::new(
                SqliteStore::open_as_is(&path)
                    .expect("store")
                    .with_clock(clocked(&now)),
            )
        }
    };
    let under = Under {
        store: open(),
        now,
        reopen: Box::new(open),
    };
    case(&under);
}

fn on_postgres(case: fn(&Under), test: &str) {
    if !available(test) {
        return;
    }
    let db = TestDb::create();
    let now = Arc::new(AtomicI64::new(1_700_000_000_000));
    let open = {
        let now = now.clone();
        let url = db.url.clone();
        move || -> SharedStore {
            Arc::new(
                PgStore::connect(&url)
                    .expect("store")
                    .with_clock(clocked(&now)),
            )
        }
    };
    let under = Under {
        store: open(),
        now,
        reopen: Box::new(open),
    };
    case(&under);
    drop(under);
    drop(db);
}

/// One behaviour, as a test on each backend.
macro_rules! both {
    ($($case:ident),* $(,)?) => {$(
        mod $case {
            #[test]
            fn sqlite() {
                super::on_sqlite(super::$case);
            }
            #[test]
            fn postgres() {
                super::on_postgres(super::$case, concat!(stringify!($case), "::postgres"));
            }
        }
    )*};
}

both!(
    the_list_keeps_the_ten_newest_games_with_moves,
    records_give_best_and_median_of_the_finishes_that_count,
    history_is_newest_first_and_filters_by_kind,
    a_finish_moves_its_game_to_the_history,
    forgetting_players_leaves_the_others,
    ranked_finishes_are_ordered_by_time_with_hints_and_the_others_say_why,
    names_are_unique_whatever_their_case_or_width,
    a_player_out_of_the_top_rows_gets_their_own_row,
    streaks_cross_utc_midnight_and_break_after_a_missed_day,
    two_writers_at_once_lose_no_finish,
    an_import_brings_games_and_finishes,
    text_comes_back_byte_for_byte,
);

fn kind(level: Option<&str>, daily: Option<&str>) -> Kind {
    Kind {
        size: 9,
        variant: "standard".into(),
        level: level.map(String::from),
        daily: daily.map(String::from),
    }
}

fn finished(level: &str, ms: u64) -> Finished {
    Finished {
        kind: kind(Some(level), None),
        time_ms: ms,
        hint_steps: 0,
        revealed_cells: 0,
        solution_copied: false,
        solution_revealed: false,
    }
}

fn daily(date: &str, level: &str, time_ms: u64, hints: u32) -> Finished {
    Finished {
        kind: kind(Some(level), Some(date)),
        time_ms,
        hint_steps: hints,
        ..finished(level, time_ms)
    }
}

fn summary(moved: bool) -> GameSummary {
    GameSummary {
        size: 9,
        variant: "standard".into(),
        level: Some("easy".into()),
        filled: 30,
        total: 81,
        moved,
    }
}

fn midnight(date: &str) -> i64 {
    day_of_date(date).expect("a date") * DAY
}

fn named(store: &SharedStore, owner: &str, name: &str) -> i64 {
    let player = store.player(owner).expect("player");
    let name = DisplayName::parse(name).expect("a good name");
    assert_eq!(store.set_name(player, &name).expect("set"), NameSet::Set);
    player
}

fn the_list_keeps_the_ten_newest_games_with_moves(under: &Under) {
    let store = &under.store;
    let player = store.player("key:a").expect("player");
    assert_eq!(
        store.player("key:a").expect("again"),
        player,
        "one row per owner"
    );
    let mut ids = Vec::new();
    for i in 0..12 {
        under.now.fetch_add(1, Ordering::SeqCst);
        ids.push(
            store
                .put_game(player, None, &summary(true), &format!("moved {i}"))
                .expect("put"),
        );
    }
    under.now.fetch_add(1, Ordering::SeqCst);
    let untouched = store
        .put_game(player, None, &summary(false), "untouched")
        .expect("put");
    let games = store.unfinished(player, 100).expect("list");
    assert_eq!(games.len(), 10);
    assert_eq!(games[0].id, untouched);
    assert_eq!(games[0].summary, summary(false));
    assert_eq!(games[1].snapshot, "moved 11");
    under.now.fetch_add(1, Ordering::SeqCst);
    store
        .put_game(player, None, &summary(true), "newer")
        .expect("put");
    let games = store.unfinished(player, 100).expect("list");
    assert!(games.iter().all(|g| g.snapshot != "untouched"));
    assert_eq!(games[0].snapshot, "newer");
    assert_eq!(store.unfinished(player, 3).expect("list").len(), 3);
    let kept = games[3].id;
    assert_eq!(
        store
            .put_game(player, Some(kept), &summary(true), "x")
            .expect("put"),
        kept
    );
    assert_ne!(
        store
            .put_game(player, Some(ids[0]), &summary(true), "y")
            .expect("put"),
        ids[0],
        "a game that is gone is added again"
    );
    // Another player's game id is not theirs to overwrite.
    let other = store.player("key:b").expect("player");
    let theirs = store
        .put_game(other, Some(kept), &summary(true), "theirs")
        .expect("put");
    assert_ne!(theirs, kept);
    store.drop_game(player, kept).expect("drop");
    assert!(
        store
            .unfinished(player, 100)
            .expect("list")
            .iter()
            .all(|g| g.id != kept)
    );
}

fn records_give_best_and_median_of_the_finishes_that_count(under: &Under) {
    let store = &under.store;
    let player = store.player("key:r").expect("player");
    for ms in [5_000, 1_000, 3_000, 4_000] {
        store
            .finish_game(player, None, &finished("easy", ms))
            .expect("finish");
    }
    store
        .finish_game(player, None, &finished("hard", 9_000))
        .expect("finish");
    let mut copied = finished("easy", 10);
    copied.solution_copied = true;
    store.finish_game(player, None, &copied).expect("finish");
    let mut plain = finished("easy", 7_000);
    plain.kind.level = None;
    store.finish_game(player, None, &plain).expect("finish");
    let records = store.records(player).expect("records");
    let seen: Vec<(Option<&str>, u32, u64, u64)> = records
        .iter()
        .map(|r| (r.kind.level.as_deref(), r.games, r.best_ms, r.median_ms))
        .collect();
    assert_eq!(
        seen,
        vec![
            (None, 1, 7_000, 7_000),
            (Some("easy"), 4, 1_000, 3_000),
            (Some("hard"), 1, 9_000, 9_000)
        ]
    );
}

fn history_is_newest_first_and_filters_by_kind(under: &Under) {
    let store = &under.store;
    let player = store.player("key:h").expect("player");
    let mut helped = finished("easy", 2_000);
    helped.hint_steps = 3;
    helped.revealed_cells = 2;
    helped.solution_revealed = true;
    for (i, f) in [
        finished("easy", 1_000),
        daily("2023-11-14", "easy", 1_500, 1),
        helped.clone(),
    ]
    .iter()
    .enumerate()
    {
        under.now.store(1_000 + i as i64, Ordering::SeqCst);
        store.finish_game(player, None, f).expect("finish");
    }
    let all = store.history(player, None, 10).expect("history");
    assert_eq!(all.len(), 3);
    assert_eq!(all[0].finished, helped);
    assert_eq!(all[0].at_ms, 1_002);
    assert!(!all[0].imported);
    let easy = store
        .history(player, Some(&kind(Some("easy"), None)), 10)
        .expect("history");
    assert_eq!(easy.len(), 2, "the daily is another kind");
    let dailies = store
        .history(player, Some(&kind(Some("easy"), Some("2023-11-14"))), 10)
        .expect("history");
    assert_eq!(dailies.len(), 1);
    assert_eq!(dailies[0].finished.hint_steps, 1);
    assert_eq!(store.history(player, None, 1).expect("history").len(), 1);
    let none = store
        .history(player, Some(&kind(None, None)), 10)
        .expect("history");
    assert!(none.is_empty());
}

fn a_finish_moves_its_game_to_the_history(under: &Under) {
    let keeper_store = under.store.clone();
    let mut keeper = Keeper::new(keeper_store, "key:k")
        .expect("keeper")
        .with_seat(Seat::Keyed);
    let mut save = Save::single("first".into());
    save.summary = summary(true);
    keeper.save(&save).expect("save");
    save.snapshot = "second".into();
    keeper.save(&save).expect("save");
    let games = keeper.unfinished().expect("list");
    assert_eq!(games.len(), 1, "one game, saved twice");
    assert_eq!(games[0].snapshot, "second");
    save.completed = true;
    save.finish = Some(finished("easy", 4_000));
    keeper.save(&save).expect("save");
    assert!(keeper.unfinished().expect("list").is_empty());
    match keeper.answer(Request::Records).expect("records") {
        Answer::Records(records) => assert_eq!(records[0].best_ms, 4_000),
        other => panic!("{other:?}"),
    }
    // A second program (or server) on the same data sees it.
    let other = (under.reopen)();
    let player = other.player("key:k").expect("player");
    assert_eq!(player, keeper.player());
    assert_eq!(other.history(player, None, 10).expect("history").len(), 1);
}

fn forgetting_players_leaves_the_others(under: &Under) {
    let store = &under.store;
    let keep = named(store, "key:keep", "keeper");
    for owner in ["anon:1", "anon:2", "key:gone"] {
        let player = store.player(owner).expect("player");
        store
            .put_game(player, None, &summary(true), "game")
            .expect("put");
        let _standing = store
            .record_finish(
                player,
                None,
                &daily("2023-11-14", "easy", 1, 0),
                Seat::Keyed,
            )
            .expect("finish");
    }
    store
        .put_game(keep, None, &summary(true), "kept")
        .expect("put");
    // Only those created before the given time go.
    let now = under.now.load(Ordering::SeqCst);
    under.now.store(now + 10, Ordering::SeqCst);
    let young = store.player("anon:young").expect("player");
    store
        .put_game(young, None, &summary(true), "young")
        .expect("put");
    assert_eq!(
        store
            .forget_players_starting("anon:", now + 5)
            .expect("forget"),
        2
    );
    assert_eq!(store.unfinished(young, 10).expect("list").len(), 1);
    store.forget_player("key:gone").expect("forget");
    assert_eq!(store.unfinished(keep, 10).expect("list").len(), 1);
    // Forgotten owners come back as new players with nothing.
    let back = store.player("anon:1").expect("player");
    assert!(store.unfinished(back, 10).expect("list").is_empty());
    assert!(store.history(back, None, 10).expect("history").is_empty());
}

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
    assert_eq!(
        keyed(alice, &daily(day, "hard", 1_000, 0)),
        Err(Unranked::Repeat)
    );
    let mut revealed = daily(day, "hard", 2_000, 0);
    revealed.revealed_cells = 3;
    assert_eq!(keyed(carol, &revealed), Err(Unranked::Helped));
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
    let easy = keeper.boards(day.into(), "easy".into()).expect("boards");
    assert!(easy.boards.daily.is_empty());
}

fn names_are_unique_whatever_their_case_or_width(under: &Under) {
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

fn a_player_out_of_the_top_rows_gets_their_own_row(under: &Under) {
    let store = &under.store;
    let day = "2026-11-28";
    under.now.store(midnight(day) + 1_000, Ordering::SeqCst);
    let mut last = 0;
    for i in 0..12u64 {
        let player = named(store, &format!("key:{i}"), &format!("player{i}"));
        let standing = store
            .record_finish(player, None, &daily(day, "easy", 1_000 + i, 0), Seat::Keyed)
            .expect("finish");
        assert_eq!(standing, Ok(()));
        last = player;
    }
    let keeper = Keeper::new(store.clone(), "key:11")
        .expect("keeper")
        .with_seat(Seat::Keyed);
    assert_eq!(keeper.player(), last);
    let view = keeper.boards(day.into(), "easy".into()).expect("boards");
    assert_eq!(view.boards.daily.len(), 10);
    let mine = view.boards.my_daily.expect("my row");
    assert_eq!(
        (mine.rank, mine.name.as_str(), mine.time_ms),
        (12, "player11", 1_011)
    );
}

fn streaks_cross_utc_midnight_and_break_after_a_missed_day(under: &Under) {
    let store = &under.store;
    let keeper = Keeper::new(store.clone(), "key:s")
        .expect("keeper")
        .with_seat(Seat::Keyed);
    let player = keeper.player();
    store
        .set_name(player, &DisplayName::parse("streaker").expect("name"))
        .expect("named");
    let finish_at = |date: &str, ms_into_day: i64| {
        under
            .now
            .store(midnight(date) + ms_into_day, Ordering::SeqCst);
        let standing = store
            .record_finish(player, None, &daily(date, "medium", 90_000, 0), Seat::Keyed)
            .expect("recorded");
        assert_eq!(standing, Ok(()), "{date}");
    };
    let stats = || match keeper.answer(Request::Stats(None)).expect("stats") {
        Answer::Stats(report) => report.streak,
        other => panic!("{other:?}"),
    };
    finish_at("2026-12-01", DAY - 1);
    finish_at("2026-12-02", 0);
    assert_eq!((stats().current, stats().longest), (2, 2));
    under.now.store(midnight("2026-12-04"), Ordering::SeqCst);
    let late = store
        .record_finish(
            player,
            None,
            &daily("2026-12-03", "medium", 1, 0),
            Seat::Keyed,
        )
        .expect("recorded");
    assert_eq!(late, Err(Unranked::PastDay));
    finish_at("2026-12-04", 5);
    finish_at("2026-12-05", 5);
    finish_at("2026-12-06", DAY - 1);
    assert_eq!((stats().current, stats().longest), (3, 3));
    under
        .now
        .store(midnight("2026-12-08") + 10, Ordering::SeqCst);
    let view = keeper
        .boards("2026-12-08".into(), "medium".into())
        .expect("boards");
    let row = &view.boards.streaks[0];
    assert_eq!(
        (row.name.as_str(), row.longest, row.current),
        ("streaker", 3, 0)
    );
}

/// Two programs (for PostgreSQL: two servers, each with its own pool) of one player finish
/// games at the same time: every finish is in the history.
fn two_writers_at_once_lose_no_finish(under: &Under) {
    const EACH: u64 = 60;
    let stores = [(under.reopen)(), (under.reopen)()];
    std::thread::scope(|scope| {
        for (w, store) in stores.iter().enumerate() {
            scope.spawn(move || {
                let mut keeper = Keeper::new(store.clone(), "key:both").expect("keeper");
                for i in 0..EACH {
                    let mut save = Save::single(format!("game {w} {i}"));
                    save.game = i;
                    save.summary = summary(true);
                    keeper.save(&save).expect("save");
                    save.completed = true;
                    save.finish = Some(finished("easy", 1000 * (w as u64 * EACH + i + 1)));
                    keeper.save(&save).expect("finish");
                }
            });
        }
    });
    let player = under.store.player("key:both").expect("player");
    let history = under.store.history(player, None, 1000).expect("history");
    assert_eq!(history.len() as u64, 2 * EACH);
    let records = under.store.records(player).expect("records");
    assert_eq!(records[0].games as u64, 2 * EACH);
    assert_eq!(records[0].best_ms, 1000);
    assert!(
        under
            .store
            .unfinished(player, 100)
            .expect("list")
            .is_empty()
    );
}

fn an_import_brings_games_and_finishes(under: &Under) {
    let store = &under.store;
    let player = store.player("local").expect("player");
    store
        .import(
            player,
            &[(summary(true), "old game".into())],
            &[finished("easy", 61_000), finished("hard", 300_000)],
        )
        .expect("import");
    let games = store.unfinished(player, 10).expect("list");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].snapshot, "old game");
    let history = store.history(player, None, 10).expect("history");
    assert_eq!(history.len(), 2);
    assert!(history.iter().all(|h| h.imported));
}

/// What a row holds comes back byte for byte (drawing escapes it, see the leaderboards
/// tests): the database neither refuses nor alters control characters.
fn text_comes_back_byte_for_byte(under: &Under) {
    let store = &under.store;
    let player = store.player("key:x").expect("player");
    let snapshot = "{\"text\":\"a\u{1b}[2Jb\u{202E}c\"}";
    let id = store
        .put_game(player, None, &summary(true), snapshot)
        .expect("put");
    let games = store.unfinished(player, 10).expect("list");
    assert_eq!((games[0].id, games[0].snapshot.as_str()), (id, snapshot));
}

/// Both schemas are at the same version, with the same tables and columns; opening again
/// changes nothing, and a database from a newer version is refused.
#[test]
fn both_schemas_reach_the_same_version_with_the_same_columns() {
    if !available("both_schemas_reach_the_same_version_with_the_same_columns") {
        return;
    }
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("s.sqlite3");
    drop(SqliteStore::open_as_is(&path).expect("sqlite"));
    let sqlite = rusqlite::Connection::open(&path).expect("open");
    let sqlite_version: i64 = sqlite
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .expect("version");
    let mut sqlite_columns: Vec<String> = sqlite
        .prepare(
            "SELECT m.name || '.' || p.name FROM sqlite_master m, pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'",
        )
        .expect("prepare")
        .query_map([], |row| row.get(0))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    sqlite_columns.sort();

    let db = TestDb::create();
    let store = PgStore::connect(&db.url).expect("postgres");
    assert_eq!(store.version().expect("version"), sqlite_version);
    drop(store);
    let again = PgStore::connect(&db.url).expect("opened again");
    assert_eq!(again.version().expect("version"), sqlite_version);
    drop(again);
    let mut pg_columns = crate::support::pg::query(
        &db.url,
        "SELECT table_name || '.' || column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name != 'schema_version'",
    );
    pg_columns.sort();
    assert_eq!(pg_columns, sqlite_columns);

    crate::support::pg::query(&db.url, "UPDATE schema_version SET version = 99");
    match PgStore::connect(&db.url) {
        Err(StoreError::Newer { found: 99, .. }) => {}
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a newer schema was used"),
    }
}

/// An unreachable server is one line naming it, quickly.
#[test]
fn an_unreachable_database_is_one_clear_error() {
    let started = std::time::Instant::now();
    let error = match PgStore::connect("postgres://root:secret@127.0.0.1:1/nothing") {
        Err(e) => e.to_string(),
        Ok(_) => panic!("nothing listens on port 1"),
    };
    assert!(
        error.starts_with("cannot reach the PostgreSQL store"),
        "{error}"
    );
    assert!(error.contains("127.0.0.1:1/nothing"), "{error}");
    assert!(
        !error.contains("secret"),
        "the password is not shown: {error}"
    );
    assert!(!error.contains('\n'), "{error}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    let bad = PgStore::connect("postgres://[nonsense")
        .err()
        .map(|e| e.to_string());
    assert!(bad.is_some_and(|e| e.contains("not a database URL")));
}
