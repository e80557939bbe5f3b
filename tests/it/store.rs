//! The store: saves of earlier versions brought in without loss (the local `game.json` as
//! the previous release wrote it, and the SSH server's one-game-per-key table), a damaged or
//! newer store moved aside with a message (SQLite only); and, on SQLite and on PostgreSQL,
//! two writers at once losing no finish, the unfinished list keeping the games with moves,
//! and records from the finishes that count.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::support::backends::{Under, both, finished, kind, summary};
use rusqlite::Connection;
use sudoscope::store::{Answer, Keeper, LOCAL_OWNER, Request, Save, SqliteStore, Store};
use sudoscope::tui::local_store::{LocalStore, STORE_FILE};

/// What the previous release wrote to `game.json` after a finished easy game (its best time,
/// under the kind it had then) and a medium game started with `g` and one move made.
const OLD_SAVE: &str = include_str!("../data/store/game-before-store.json");

both!(
    two_writers_at_once_lose_no_finish,
    the_list_keeps_the_ten_newest_games_with_moves,
    records_give_best_and_median_of_the_finishes_that_count,
);

fn local(dir: &Path) -> (LocalStore, Keeper) {
    let store = LocalStore::open(Some(dir));
    let opened = SqliteStore::open_as_is(&dir.join(STORE_FILE)).expect("the store opens");
    let keeper = Keeper::new(Arc::new(opened), LOCAL_OWNER).expect("the player");
    (store, keeper)
}

#[test]
fn the_old_local_save_comes_in_whole_and_is_kept_renamed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.json"), OLD_SAVE).unwrap();
    let (store, keeper) = local(dir.path());
    assert!(store.notices.is_empty(), "{:?}", store.notices);
    // The unfinished game, as it was.
    let games = keeper.unfinished().unwrap();
    assert_eq!(games.len(), 1, "{games:?}");
    let old: serde_json::Value = serde_json::from_str(OLD_SAVE).unwrap();
    let game: serde_json::Value = serde_json::from_str(&games[0].snapshot).unwrap();
    for field in [
        "givens",
        "entries",
        "notes",
        "solution",
        "elapsed_ms",
        "level",
    ] {
        assert_eq!(game[field], old[field], "{field}");
    }
    assert_eq!(games[0].summary.filled, 34);
    assert_eq!(games[0].summary.level.as_deref(), Some("medium"));
    assert!(games[0].summary.moved);
    // The best time, now a record from the history.
    let Answer::Records(records) = keeper.answer(Request::Records).unwrap() else {
        panic!("records");
    };
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0].kind, kind(None, None));
    assert_eq!(records[0].best_ms, 1984);
    let history = keeper.store().history(keeper.player(), None, 10).unwrap();
    assert!(history[0].imported);
    // The old file is kept under another name, and a second start brings nothing twice.
    assert!(!dir.path().join("game.json").exists());
    let kept = std::fs::read_to_string(dir.path().join("game.json.imported")).unwrap();
    assert_eq!(kept, OLD_SAVE);
    drop(store);
    let (again, keeper) = local(dir.path());
    assert!(again.notices.is_empty());
    assert_eq!(keeper.unfinished().unwrap().len(), 1);
    assert_eq!(
        keeper
            .store()
            .history(keeper.player(), None, 10)
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn an_unreadable_old_save_is_kept_aside_and_said() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.json"), "{\"version\": 1, \"size\":").unwrap();
    let store = LocalStore::open(Some(dir.path()));
    let notice = store.notices.join("; ");
    assert!(notice.contains("not readable"), "{notice}");
    assert!(notice.contains("game.json.unreadable"), "{notice}");
    assert!(dir.path().join("game.json.unreadable").exists());
}

#[test]
fn the_servers_old_saves_table_comes_in() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saves.sqlite3");
    {
        let old = Connection::open(&path).unwrap();
        old.execute_batch(
            "CREATE TABLE saves (owner TEXT PRIMARY KEY, snapshot TEXT NOT NULL,
                                 updated INTEGER NOT NULL);",
        )
        .unwrap();
        for owner in ["key:SHA256:abc", "anon:3"] {
            old.execute(
                "INSERT INTO saves VALUES (?1, ?2, 1700000000)",
                rusqlite::params![owner, OLD_SAVE],
            )
            .unwrap();
        }
    }
    let opened = SqliteStore::open(&path).unwrap();
    assert!(opened.notice.is_none());
    let store: Arc<dyn Store> = Arc::new(opened.store);
    let keeper = Keeper::new(store.clone(), "key:SHA256:abc").unwrap();
    let games = keeper.unfinished().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].updated_ms, 1_700_000_000_000);
    let records = store.records(keeper.player()).unwrap();
    assert_eq!(records[0].best_ms, 1984);
    // Anonymous games were never meant to outlive their session.
    let anonymous = Keeper::new(store.clone(), "anon:3").unwrap();
    assert!(anonymous.unfinished().unwrap().is_empty());
    // The old table is kept, renamed.
    drop(keeper);
    drop(anonymous);
    drop(store);
    let check = Connection::open(&path).unwrap();
    let kept: i64 = check
        .query_row("SELECT COUNT(*) FROM saves_before_store", [], |r| r.get(0))
        .unwrap();
    assert_eq!(kept, 2);
}

#[test]
fn a_damaged_store_is_moved_aside_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(STORE_FILE);
    let garbage = b"this is not a database, but it was the player's file".repeat(100);
    std::fs::write(&path, &garbage).unwrap();
    let store = LocalStore::open(Some(dir.path()));
    assert_eq!(store.notices.len(), 1, "{:?}", store.notices);
    let notice = &store.notices[0];
    assert!(!notice.contains('\n'), "one line: {notice}");
    assert!(notice.contains("damaged"), "{notice}");
    let kept = dir.path().join(format!("{STORE_FILE}.damaged"));
    assert!(notice.contains(&kept.display().to_string()), "{notice}");
    assert_eq!(std::fs::read(&kept).unwrap(), garbage, "kept as it was");
    // A new store works in its place.
    assert!(store.unfinished().unwrap().is_empty());
    // A second damaged file does not replace the first one kept.
    drop(store);
    std::fs::write(&path, b"garbage again".repeat(100)).unwrap();
    let again = LocalStore::open(Some(dir.path()));
    assert!(
        again.notices[0].contains(".damaged-2"),
        "{:?}",
        again.notices
    );
    assert_eq!(std::fs::read(&kept).unwrap(), garbage);
}

#[test]
fn a_store_from_a_newer_version_is_moved_aside_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(STORE_FILE);
    {
        let (_store, keeper) = local(dir.path());
        keeper
            .store()
            .finish_game(keeper.player(), None, &finished("easy", 5000))
            .unwrap();
        let newer = Connection::open(&path).unwrap();
        newer.pragma_update(None, "user_version", 99).unwrap();
    }
    let store = LocalStore::open(Some(dir.path()));
    let notice = store.notices.join("; ");
    assert!(notice.contains("newer sudoscope"), "{notice}");
    assert!(notice.contains("version 99"), "{notice}");
    let kept = dir.path().join(format!("{STORE_FILE}.newer"));
    assert!(kept.exists(), "{notice}");
    let version: i64 = Connection::open(&kept)
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 99, "kept untouched");
}

/// Two programs of one player (two terminals, or for PostgreSQL two servers, each with its
/// own connection or pool) finish games at the same time: every finish is in the history.
fn two_writers_at_once_lose_no_finish(under: &Under) {
    const EACH: u64 = 150;
    let stores = [(under.reopen)(), (under.reopen)()];
    std::thread::scope(|scope| {
        let writers: Vec<_> = stores
            .iter()
            .enumerate()
            .map(|(w, store)| {
                scope.spawn(move || {
                    let mut keeper = Keeper::new(store.clone(), LOCAL_OWNER).expect("keeper");
                    for i in 0..EACH {
                        let mut save = Save::single(format!("game {w} {i}"));
                        save.game = i;
                        save.summary = summary(true);
                        keeper.save(&save).expect("save");
                        save.completed = true;
                        save.finish = Some(finished("easy", 1000 * (w as u64 * EACH + i + 1)));
                        keeper.save(&save).expect("finish");
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().expect("a writer failed");
        }
    });
    let store = (under.reopen)();
    let player = store.player(LOCAL_OWNER).expect("player");
    let history = store.history(player, None, 1000).expect("history");
    assert_eq!(history.len() as u64, 2 * EACH);
    let records = store.records(player).expect("records");
    assert_eq!(records[0].games as u64, 2 * EACH);
    assert_eq!(records[0].best_ms, 1000);
    assert!(
        store.unfinished(player, 100).expect("list").is_empty(),
        "finished games leave the list"
    );
}

fn the_list_keeps_the_ten_newest_games_with_moves(under: &Under) {
    let store = &under.store;
    let player = store.player(LOCAL_OWNER).expect("player");
    assert_eq!(
        store.player(LOCAL_OWNER).expect("again"),
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
    // A game without moves stays only while it is the newest.
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
    // Updating a kept game keeps its id; a game that is gone is added again.
    let kept = games[3].id;
    assert_eq!(
        store
            .put_game(player, Some(kept), &summary(true), "x")
            .expect("put"),
        kept
    );
    let gone = ids[0];
    assert_ne!(
        store
            .put_game(player, Some(gone), &summary(true), "y")
            .expect("put"),
        gone,
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
    // A revealed solution does not count; each level has its own record.
    let player = store.player(LOCAL_OWNER).expect("player");
    for ms in [9000, 3000, 5000, 7000] {
        store
            .finish_game(player, None, &finished("hard", ms))
            .expect("finish");
    }
    let mut revealed = finished("hard", 100);
    revealed.solution_revealed = true;
    store.finish_game(player, None, &revealed).expect("finish");
    store
        .finish_game(player, None, &finished("easy", 2000))
        .expect("finish");
    let records = store.records(player).expect("records");
    let hard = records
        .iter()
        .find(|r| r.kind == kind(Some("hard"), None))
        .expect("hard");
    assert_eq!((hard.games, hard.best_ms, hard.median_ms), (4, 3000, 5000));
    let easy = records
        .iter()
        .find(|r| r.kind == kind(Some("easy"), None))
        .expect("easy");
    assert_eq!((easy.games, easy.best_ms), (1, 2000));
    // The history keeps the revealed one too, and filters by kind.
    assert_eq!(
        store
            .history(player, Some(&kind(Some("hard"), None)), 10)
            .expect("history")
            .len(),
        5
    );

    // Another player: a copied solution does not count either, a game without a level is a
    // kind of its own, and the records come in order of kind.
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
