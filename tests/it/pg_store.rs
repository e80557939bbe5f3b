//! Backend parity: store behaviours that only these tests cover, run on SQLite and on
//! PostgreSQL (see `support::backends`): history, a finish leaving the unfinished list,
//! forgetting players, a player's own board row, imports and text kept byte for byte. Also
//! what is PostgreSQL's own: both schemas at the same version with the same columns, and an
//! unreachable server. The behaviours the other store tests cover (boards, names, streaks in
//! `leaderboards`; the unfinished list, records, two writers in `store`) run on both
//! backends there.

use std::sync::atomic::Ordering;

use crate::support::backends::{Under, both, daily, finished, kind, midnight, named, summary};
use crate::support::pg::{TestDb, available};
use sudoscope::serve::saves::Saves;
use sudoscope::store::{
    Answer, Keeper, PgStore, Request, Save, Seat, SqliteStore, Store, StoreError,
};

both!(
    history_is_newest_first_and_filters_by_kind,
    a_finish_moves_its_game_to_the_history,
    forgetting_players_leaves_the_others,
    a_player_out_of_the_top_rows_gets_their_own_row,
    an_import_brings_games_and_finishes,
    text_comes_back_byte_for_byte,
    saves_made_at_once_each_land_on_their_own_game,
    a_sessions_saves_land_in_order_and_a_forgotten_game_comes_back,
);

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

/// Many players saving at the same moment (on PostgreSQL their saves are written together,
/// several in one statement): each save lands on its own game and is told so, two saves of
/// one game at once both land, and a game forgotten meanwhile is added again.
fn saves_made_at_once_each_land_on_their_own_game(under: &Under) {
    const PLAYERS: usize = 24;
    const SAVES: usize = 30;
    let store = &under.store;
    let games: Vec<(i64, i64)> = (0..PLAYERS)
        .map(|p| {
            let player = store.player(&format!("key:g{p}")).expect("player");
            let id = store
                .put_game(player, None, &summary(true), "start")
                .expect("put");
            (player, id)
        })
        .collect();
    std::thread::scope(|scope| {
        for (index, &(player, id)) in games.iter().enumerate() {
            // The first game has two writers at once, as one player on two connections.
            let writers = if index == 0 { 2 } else { 1 };
            for writer in 0..writers {
                scope.spawn(move || {
                    for save in 0..SAVES {
                        let snapshot = format!("p{index} w{writer} s{save}");
                        let kept = store
                            .put_game(player, Some(id), &summary(true), &snapshot)
                            .expect("save");
                        assert_eq!(kept, id, "{snapshot} landed on its own game");
                    }
                });
            }
        }
    });
    for (index, &(player, id)) in games.iter().enumerate() {
        let games = store.unfinished(player, 10).expect("list");
        assert_eq!(games.len(), 1, "player {index} has one game");
        assert_eq!(games[0].id, id);
        let last = format!("w0 s{}", SAVES - 1);
        let other = format!("w1 s{}", SAVES - 1);
        let snapshot = &games[0].snapshot;
        assert!(
            snapshot.ends_with(&last) || (index == 0 && snapshot.ends_with(&other)),
            "player {index}'s last save is kept: {snapshot}"
        );
    }
    let (player, id) = games[1];
    store.drop_game(player, id).expect("drop");
    let added = store
        .put_game(player, Some(id), &summary(true), "again")
        .expect("save");
    assert_ne!(added, id, "a forgotten game is added anew");
    let games = store.unfinished(player, 10).expect("list");
    assert_eq!((games.len(), games[0].snapshot.as_str()), (1, "again"));
}

/// A session's saves, as the server writes them (on PostgreSQL a move's save is awaited
/// without a blocking thread): the game is added by its first save, every later save lands
/// on it, and a game forgotten meanwhile is added again by the next save.
fn a_sessions_saves_land_in_order_and_a_forgotten_game_comes_back(under: &Under) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let store = under.store.clone();
    let player = store.player("key:session").expect("player");
    let games = || store.unfinished(player, 10).expect("list");
    runtime.block_on(async {
        let (saves, resumed) = Saves::open(store.clone(), "key:session".into(), true, 7)
            .await
            .expect("opened");
        assert_eq!(resumed, None, "nothing to resume yet");
        let mut save = Save::single("move 0".into());
        save.summary = summary(true);
        for step in 0..20 {
            save.snapshot = format!("move {step}");
            saves.save(save.clone()).await;
        }
        let first = games();
        assert_eq!(first.len(), 1, "one game, saved 20 times");
        assert_eq!(first[0].snapshot, "move 19");
        store.drop_game(player, first[0].id).expect("drop");
        save.snapshot = "move 20".into();
        saves.save(save.clone()).await;
        let again = games();
        assert_eq!(again.len(), 1, "the forgotten game is added again");
        assert_eq!(again[0].snapshot, "move 20");
        save.snapshot = "move 21".into();
        saves.save(save).await;
        let last = games();
        assert_eq!(
            (last[0].id, last[0].snapshot.as_str()),
            (again[0].id, "move 21")
        );
        assert_eq!(saves.waiting(), 0, "nothing kept back");
    });
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

/// A finish whose commit landed but whose answer was lost (the connection broke as the
/// database restarted) is tried again by the server; it is in the history once, with the
/// standing it had. A finish alike in everything but its time is another finish.
#[test]
fn a_finish_tried_again_after_its_commit_landed_is_recorded_once() {
    if !available("a_finish_tried_again_after_its_commit_landed_is_recorded_once") {
        return;
    }
    let db = TestDb::create();
    let store = PgStore::connect(&db.url).expect("postgres");
    let player = store.player("key:retry").expect("player");
    let (year, month, day) = sudoscope::store::civil_date(store.now_ms());
    let mut daily = finished("medium", 61_234);
    daily.kind.daily = Some(format!("{year:04}-{month:02}-{day:02}"));
    let first = store
        .record_finish(player, None, &daily, Seat::Keyed)
        .expect("recorded");
    assert_eq!(first, Ok(()), "ranked");
    let again = store
        .record_finish(player, None, &daily, Seat::Keyed)
        .expect("tried again");
    assert_eq!(again, first, "the same standing");
    assert_eq!(store.history(player, None, 10).expect("history").len(), 1);
    let mut another = daily.clone();
    another.time_ms += 1;
    assert!(
        store
            .record_finish(player, None, &another, Seat::Keyed)
            .expect("another")
            .is_err(),
        "a second finish of the day is a repeat"
    );
    assert_eq!(store.history(player, None, 10).expect("history").len(), 2);
}

/// sudoscope's connections plan each statement once: a statement taking an array (as a group
/// of move saves does) would otherwise be planned anew at every execution.
#[test]
fn a_statement_taking_arrays_is_planned_once() {
    if !available("a_statement_taking_arrays_is_planned_once") {
        return;
    }
    let db = TestDb::create();
    let config = sudoscope::store::postgres::client_config(&db.url).expect("config");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let (generic, custom): (i64, i64) = runtime.block_on(async {
        let (client, connection) = config
            .connect(tokio_postgres::NoTls)
            .await
            .expect("connects");
        tokio::spawn(connection);
        let statement = client
            .prepare("SELECT count(*) FROM unnest($1::bigint[]) AS v(id) WHERE v.id > 0")
            .await
            .expect("prepare");
        for length in 1..=8_i64 {
            let ids: Vec<i64> = (0..length).collect();
            client.query_one(&statement, &[&ids]).await.expect("runs");
        }
        let row = client
            .query_one(
                "SELECT generic_plans, custom_plans FROM pg_prepared_statements
                 WHERE statement LIKE '%unnest%' AND statement NOT LIKE '%pg_prepared%'",
                &[],
            )
            .await
            .expect("plans");
        (row.get(0), row.get(1))
    });
    assert_eq!((generic, custom), (8, 0), "planned once, then reused");
}

/// A TCP relay to the test server that can stop passing bytes (a database gone quiet: not
/// a closed connection, which the driver notices at once) and start again.
struct Gate {
    port: u16,
    open: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Gate {
    fn start() -> Gate {
        use std::io::{Read, Write};
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("address").port();
        let open = Arc::new(AtomicBool::new(true));
        let gate = open.clone();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = std::net::TcpStream::connect(crate::support::pg::SERVER) else {
                    continue;
                };
                for (mut from, mut to) in [
                    (
                        client.try_clone().expect("clone"),
                        server.try_clone().expect("clone"),
                    ),
                    (server, client),
                ] {
                    let gate = gate.clone();
                    std::thread::spawn(move || {
                        let mut buffer = [0u8; 16 * 1024];
                        while let Ok(n) = from.read(&mut buffer) {
                            if n == 0 {
                                break;
                            }
                            while !gate.load(Ordering::SeqCst) {
                                std::thread::sleep(std::time::Duration::from_millis(20));
                            }
                            if to.write_all(&buffer[..n]).is_err() {
                                break;
                            }
                        }
                        let _ = to.shutdown(std::net::Shutdown::Both);
                    });
                }
            }
        });
        Gate { port, open }
    }

    fn set(&self, open: bool) {
        self.open.store(open, Ordering::SeqCst);
    }
}

/// With the database gone quiet, a screen's question to the store is answered within a
/// bounded wait, as "unavailable", and once the database answers again the next question is
/// answered as usual.
#[test]
fn a_store_gone_quiet_is_said_within_a_bounded_wait_and_the_next_try_works() {
    if !available("a_store_gone_quiet_is_said_within_a_bounded_wait_and_the_next_try_works") {
        return;
    }
    let db = TestDb::create();
    let gate = Gate::start();
    let url = format!("postgres://root@127.0.0.1:{}/{}", gate.port, db.name);
    let store: sudoscope::store::SharedStore =
        std::sync::Arc::new(PgStore::connect(&url).expect("postgres"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (saves, _) = Saves::open(store.clone(), "key:quiet".into(), true, 9)
            .await
            .expect("opened");
        let bound = std::time::Duration::from_secs(30);
        let ask = |request: Request| {
            let saves = saves.clone();
            async move {
                let started = std::time::Instant::now();
                let answer = tokio::time::timeout(bound, saves.answer(request))
                    .await
                    .expect("answered within the bound");
                (answer, started.elapsed())
            }
        };
        let (answer, _) = ask(Request::Stats(None)).await;
        assert!(matches!(answer, Answer::Stats(_)), "{answer:?}");
        gate.set(false);
        let (answer, took) = ask(Request::Stats(None)).await;
        assert!(matches!(answer, Answer::Unavailable), "{answer:?}");
        assert!(took < std::time::Duration::from_secs(10), "took {took:?}");
        let (answer, _) = ask(Request::Boards {
            day: "2026-11-28".into(),
            level: "medium".into(),
        })
        .await;
        assert!(matches!(answer, Answer::Unavailable), "{answer:?}");
        gate.set(true);
        let (answer, took) = ask(Request::Boards {
            day: "2026-11-28".into(),
            level: "medium".into(),
        })
        .await;
        assert!(matches!(answer, Answer::Boards(_)), "{answer:?}");
        assert!(took < std::time::Duration::from_secs(10), "took {took:?}");
    });
}
