//! The store: saves of earlier versions brought in without loss (the local `game.json` as
//! the previous release wrote it, and the SSH server's one-game-per-key table), a damaged or
//! newer store moved aside with a message, two writers at once losing no finish, and the
//! unfinished list keeping the games with moves.

use std::path::Path;
use std::sync::Arc;

use rusqlite::Connection;
use sudoscope::store::{
    Answer, Finished, GameSummary, Keeper, Kind, LOCAL_OWNER, Request, SqliteStore, Store,
};
use sudoscope::tui::local_store::{LocalStore, STORE_FILE};

/// What the previous release wrote to `game.json` after a finished easy game (its best time,
/// under the kind it had then) and a medium game started with `g` and one move made.
const OLD_SAVE: &str = include_str!("../data/store/game-before-store.json");

fn kind(level: Option<&str>) -> Kind {
    Kind {
        size: 9,
        variant: "standard".into(),
        level: level.map(String::from),
        daily: None,
    }
}

fn finished(level: &str, ms: u64) -> Finished {
    Finished {
        kind: kind(Some(level)),
        time_ms: ms,
        hint_steps: 0,
        revealed_cells: 0,
        solution_copied: false,
        solution_revealed: false,
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
    assert_eq!(records[0].kind, kind(None));
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

/// Two terminals of the same player, each with its own connection, finishing games at the
/// same time: every finish is in the history.
#[test]
fn two_writers_at_once_lose_no_finish() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(STORE_FILE);
    const EACH: u64 = 150;
    let writers: Vec<_> = (0..2u64)
        .map(|w| {
            let path = path.clone();
            std::thread::spawn(move || {
                let store = Arc::new(SqliteStore::open(&path).unwrap().store);
                let mut keeper = Keeper::new(store, LOCAL_OWNER).unwrap();
                for i in 0..EACH {
                    let mut save = sudoscope::store::Save::single(format!("game {w} {i}"));
                    save.game = i;
                    save.summary = summary(true);
                    keeper.save(&save).unwrap();
                    save.completed = true;
                    save.finish = Some(finished("easy", 1000 * (w * EACH + i + 1)));
                    keeper.save(&save).unwrap();
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().expect("a writer failed");
    }
    let store = SqliteStore::open_as_is(&path).unwrap();
    let player = store.player(LOCAL_OWNER).unwrap();
    let history = store.history(player, None, 1000).unwrap();
    assert_eq!(history.len() as u64, 2 * EACH);
    let records = store.records(player).unwrap();
    assert_eq!(records[0].games as u64, 2 * EACH);
    assert_eq!(records[0].best_ms, 1000);
    assert!(
        store.unfinished(player, 100).unwrap().is_empty(),
        "finished games leave the list"
    );
}

#[test]
fn the_list_keeps_the_ten_newest_games_with_moves() {
    let store = SqliteStore::in_memory().unwrap();
    let player = store.player(LOCAL_OWNER).unwrap();
    let mut ids = Vec::new();
    for i in 0..12 {
        ids.push(
            store
                .put_game(player, None, &summary(true), &format!("moved {i}"))
                .unwrap(),
        );
    }
    // A game without moves stays only while it is the newest.
    let untouched = store
        .put_game(player, None, &summary(false), "untouched")
        .unwrap();
    let games = store.unfinished(player, 100).unwrap();
    assert_eq!(games.len(), 10);
    assert_eq!(games[0].id, untouched);
    assert_eq!(games[1].snapshot, "moved 11");
    store
        .put_game(player, None, &summary(true), "newer")
        .unwrap();
    let games = store.unfinished(player, 100).unwrap();
    assert!(games.iter().all(|g| g.snapshot != "untouched"));
    assert_eq!(games[0].snapshot, "newer");
    // Updating a kept game keeps its id; a game that is gone is added again.
    let kept = games[3].id;
    assert_eq!(
        store
            .put_game(player, Some(kept), &summary(true), "x")
            .unwrap(),
        kept
    );
    let gone = ids[0];
    assert_ne!(
        store
            .put_game(player, Some(gone), &summary(true), "y")
            .unwrap(),
        gone
    );
}

#[test]
fn records_give_best_and_median_of_the_finishes_that_count() {
    let store = SqliteStore::in_memory().unwrap();
    let player = store.player(LOCAL_OWNER).unwrap();
    for ms in [9000, 3000, 5000, 7000] {
        store
            .finish_game(player, None, &finished("hard", ms))
            .unwrap();
    }
    let mut revealed = finished("hard", 100);
    revealed.solution_revealed = true;
    store.finish_game(player, None, &revealed).unwrap();
    store
        .finish_game(player, None, &finished("easy", 2000))
        .unwrap();
    let records = store.records(player).unwrap();
    let hard = records
        .iter()
        .find(|r| r.kind == kind(Some("hard")))
        .unwrap();
    assert_eq!((hard.games, hard.best_ms, hard.median_ms), (4, 3000, 5000));
    let easy = records
        .iter()
        .find(|r| r.kind == kind(Some("easy")))
        .unwrap();
    assert_eq!((easy.games, easy.best_ms), (1, 2000));
    // The history keeps the revealed one too, and filters by kind.
    assert_eq!(
        store
            .history(player, Some(&kind(Some("hard"))), 10)
            .unwrap()
            .len(),
        5
    );
}
