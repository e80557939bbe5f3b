//! The SQLite backend: one file, WAL journal (readers never wait for the writer), a busy
//! timeout (a second program of the same player waits its turn instead of failing), and every
//! write in an immediate transaction (it takes the write lock when it begins, so two writers
//! cannot both read, then both fail to upgrade).

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{
    Connection, ErrorCode, OptionalExtension, Transaction, TransactionBehavior, params,
};

use super::files::move_aside;
use super::ranking::{self, Seat, Unranked};
use super::rows::{
    add_to_week, insert_finish, insert_game, insert_ranked_finish, kind_of, put_streak, streak,
};
use super::{
    BoardQuery, Boards, Finished, GameId, GameSummary, HistoryEntry, KEEP_UNFINISHED, Kind,
    NameSet, PlayerId, Record, Result, Store, StoreError, Unfinished, boards, migrations,
    records_of,
};
use crate::names::DisplayName;

/// How long a write waits for another program's transaction before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The time source (milliseconds since the Unix epoch); tests inject their own.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// A store in one SQLite file (or in memory).
pub struct SqliteStore {
    connection: Mutex<Connection>,
    /// The file, for messages.
    path: String,
    clock: Clock,
}

/// A store that was opened, and what the player should be told about it (a damaged or newer
/// file moved aside).
pub struct Opened {
    pub store: SqliteStore,
    pub notice: Option<String>,
}

impl SqliteStore {
    /// Opens (or creates) the store at `path`. A file that is not a readable store of this
    /// version or older is renamed (`.damaged` / `.newer`, with a number when taken) and a
    /// new store is started in its place; the notice says so in one line.
    pub fn open(path: &Path) -> Result<Opened> {
        match SqliteStore::open_as_is(path) {
            Ok(store) => Ok(Opened {
                store,
                notice: None,
            }),
            Err(error @ (StoreError::Damaged { .. } | StoreError::Newer { .. })) => {
                let suffix = match error {
                    StoreError::Newer { .. } => "newer",
                    _ => "damaged",
                };
                let kept = move_aside(path, suffix)?;
                let store = SqliteStore::open_as_is(path)?;
                Ok(Opened {
                    store,
                    notice: Some(format!(
                        "{error}; it is kept as {} and a new store is started",
                        kept.display()
                    )),
                })
            }
            Err(other) => Err(other),
        }
    }

    /// Opens the store at `path` without moving anything: a damaged or newer file is an
    /// error.
    pub fn open_as_is(path: &Path) -> Result<SqliteStore> {
        let name = path.display().to_string();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
                path: dir.display().to_string(),
                source,
            })?;
        }
        let connection = Connection::open(path).map_err(|e| classify(&name, e))?;
        SqliteStore::init(connection, name)
    }

    /// A private store in memory (tests, anonymous play without a data directory).
    pub fn in_memory() -> Result<SqliteStore> {
        let connection = Connection::open_in_memory().map_err(|e| classify(":memory:", e))?;
        SqliteStore::init(connection, ":memory:".to_string())
    }

    /// Uses `clock` for every time the store writes (tests of dates and weeks).
    pub fn with_clock(mut self, clock: Clock) -> SqliteStore {
        self.clock = clock;
        self
    }

    fn init(mut connection: Connection, path: String) -> Result<SqliteStore> {
        let fail = |e| classify(&path, e);
        connection.busy_timeout(BUSY_TIMEOUT).map_err(fail)?;
        let check: String = connection
            .query_row("PRAGMA quick_check(1)", [], |row| row.get(0))
            .map_err(fail)?;
        if check != "ok" {
            return Err(StoreError::Damaged {
                path: path.clone(),
                reason: check,
            });
        }
        connection
            .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get::<_, String>(0))
            .map_err(fail)?;
        connection
            .pragma_update(None, "synchronous", "NORMAL")
            .map_err(fail)?;
        let tx = connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(fail)?;
        let found = migrations::version(&tx).map_err(fail)?;
        if found > migrations::LATEST {
            return Err(StoreError::Newer {
                path: path.clone(),
                found,
                known: migrations::LATEST,
            });
        }
        migrations::apply(&tx, found).map_err(fail)?;
        tx.commit().map_err(fail)?;
        Ok(SqliteStore {
            connection: Mutex::new(connection),
            path,
            clock: Arc::new(super::now_ms),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite inconsistent (transactions roll
        // back), so a poisoned lock is still safe to use.
        self.connection
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn fail(&self, source: rusqlite::Error) -> StoreError {
        classify(&self.path, source)
    }

    /// Runs `work` in one immediate transaction.
    fn write<T>(&self, work: impl FnOnce(&Transaction) -> rusqlite::Result<T>) -> Result<T> {
        let mut connection = self.lock();
        let tx = connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| self.fail(e))?;
        let value = work(&tx).map_err(|e| self.fail(e))?;
        tx.commit().map_err(|e| self.fail(e))?;
        Ok(value)
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }
}

/// Tells a damaged file from other failures.
fn classify(path: &str, source: rusqlite::Error) -> StoreError {
    match source.sqlite_error_code() {
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => StoreError::Damaged {
            path: path.to_string(),
            reason: source.to_string(),
        },
        _ => StoreError::Database {
            path: path.to_string(),
            source,
        },
    }
}

impl Store for SqliteStore {
    fn player(&self, owner: &str) -> Result<PlayerId> {
        let now = self.now();
        self.write(|tx| {
            let found = tx
                .query_row(
                    "SELECT id FROM players WHERE owner = ?1",
                    params![owner],
                    |row| row.get(0),
                )
                .optional()?;
            match found {
                Some(id) => Ok(id),
                None => {
                    tx.execute(
                        "INSERT INTO players (owner, created_ms) VALUES (?1, ?2)",
                        params![owner, now],
                    )?;
                    Ok(tx.last_insert_rowid())
                }
            }
        })
    }

    fn forget_player(&self, owner: &str) -> Result<()> {
        self.write(|tx| {
            let player = "(SELECT id FROM players WHERE owner = ?1)";
            tx.execute(
                &format!("DELETE FROM games WHERE player = {player}"),
                params![owner],
            )?;
            tx.execute(
                &format!("DELETE FROM finishes WHERE player = {player}"),
                params![owner],
            )?;
            tx.execute(
                &format!("DELETE FROM week_totals WHERE player = {player}"),
                params![owner],
            )?;
            tx.execute("DELETE FROM players WHERE owner = ?1", params![owner])?;
            Ok(())
        })
    }

    fn forget_players_starting(&self, prefix: &str, created_before_ms: i64) -> Result<usize> {
        self.write(|tx| {
            let which = "substr(owner, 1, length(?1)) = ?1 AND created_ms < ?2";
            let owners = format!("(SELECT id FROM players WHERE {which})");
            for table in ["games", "finishes", "week_totals"] {
                tx.execute(
                    &format!("DELETE FROM {table} WHERE player IN {owners}"),
                    params![prefix, created_before_ms],
                )?;
            }
            tx.execute(
                &format!("DELETE FROM players WHERE {which}"),
                params![prefix, created_before_ms],
            )
        })
    }

    fn put_game(
        &self,
        player: PlayerId,
        id: Option<GameId>,
        summary: &GameSummary,
        snapshot: &str,
    ) -> Result<GameId> {
        let now = self.now();
        self.write(|tx| {
            if let Some(id) = id {
                let updated = tx.execute(
                    "UPDATE games SET size = ?3, variant = ?4, level = ?5, filled = ?6,
                                      total = ?7, moved = ?8, updated_ms = ?9, snapshot = ?10
                     WHERE id = ?1 AND player = ?2",
                    params![
                        id,
                        player,
                        summary.size,
                        summary.variant,
                        summary.level,
                        summary.filled,
                        summary.total,
                        summary.moved,
                        now,
                        snapshot
                    ],
                )?;
                if updated == 1 {
                    return Ok(id);
                }
            }
            let id = insert_game(tx, player, summary, snapshot, now)?;
            tx.execute(
                "DELETE FROM games WHERE player = ?1 AND id != ?2 AND moved = 0",
                params![player, id],
            )?;
            tx.execute(
                "DELETE FROM games WHERE player = ?1 AND id NOT IN (
                     SELECT id FROM games WHERE player = ?1
                     ORDER BY updated_ms DESC, id DESC LIMIT ?2)",
                params![player, KEEP_UNFINISHED as i64],
            )?;
            Ok(id)
        })
    }

    fn record_finish(
        &self,
        player: PlayerId,
        id: Option<GameId>,
        finished: &Finished,
        seat: Seat,
    ) -> Result<std::result::Result<(), Unranked>> {
        let now = self.now();
        self.write(|tx| {
            let kind = &finished.kind;
            let earlier = match (&kind.daily, seat) {
                (Some(day), Seat::Keyed) => tx
                    .prepare_cached(
                        "SELECT 1 FROM finishes WHERE player = ?1 AND daily = ?2 AND level IS ?3
                         LIMIT 1",
                    )?
                    .exists(params![player, day, kind.level])?,
                _ => false,
            };
            let standing = ranking::judge(seat, finished, now, earlier);
            insert_ranked_finish(tx, player, finished, now, standing.is_ok())?;
            if standing.is_ok() {
                add_to_week(tx, player, super::week_start(now), finished)?;
            }
            if let Some(day) = super::streak::streak_day(finished, now) {
                let mut state = streak(tx, player)?;
                state.add(day);
                put_streak(tx, player, &state)?;
            }
            if let Some(id) = id {
                tx.execute(
                    "DELETE FROM games WHERE id = ?1 AND player = ?2",
                    params![id, player],
                )?;
            }
            Ok(standing)
        })
    }

    fn name(&self, player: PlayerId) -> Result<Option<String>> {
        let connection = self.lock();
        connection
            .query_row(
                "SELECT name FROM players WHERE id = ?1",
                params![player],
                |row| row.get(0),
            )
            .optional()
            .map(Option::flatten)
            .map_err(|e| self.fail(e))
    }

    fn set_name(&self, player: PlayerId, name: &DisplayName) -> Result<NameSet> {
        self.write(|tx| {
            let holder: Option<PlayerId> = tx
                .query_row(
                    "SELECT id FROM players WHERE name_key = ?1",
                    params![name.key()],
                    |row| row.get(0),
                )
                .optional()?;
            if holder.is_some_and(|holder| holder != player) {
                return Ok(NameSet::Taken);
            }
            tx.execute(
                "UPDATE players SET name = ?2, name_key = ?3 WHERE id = ?1",
                params![player, name.as_str(), name.key()],
            )?;
            Ok(NameSet::Set)
        })
    }

    fn leaderboards(&self, query: &BoardQuery) -> Result<Boards> {
        let connection = self.lock();
        boards::read(&connection, query).map_err(|e| self.fail(e))
    }

    fn now_ms(&self) -> i64 {
        self.now()
    }

    fn drop_game(&self, player: PlayerId, id: GameId) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "DELETE FROM games WHERE id = ?1 AND player = ?2",
                params![id, player],
            )?;
            Ok(())
        })
    }

    fn unfinished(&self, player: PlayerId, limit: usize) -> Result<Vec<Unfinished>> {
        let connection = self.lock();
        let read = || -> rusqlite::Result<Vec<Unfinished>> {
            let mut statement = connection.prepare_cached(
                "SELECT id, size, variant, level, filled, total, moved, updated_ms, snapshot
                 FROM games WHERE player = ?1 ORDER BY updated_ms DESC, id DESC LIMIT ?2",
            )?;
            statement
                .query_map(params![player, limit as i64], |row| {
                    Ok(Unfinished {
                        id: row.get(0)?,
                        summary: GameSummary {
                            size: row.get(1)?,
                            variant: row.get(2)?,
                            level: row.get(3)?,
                            filled: row.get(4)?,
                            total: row.get(5)?,
                            moved: row.get(6)?,
                        },
                        updated_ms: row.get(7)?,
                        snapshot: row.get(8)?,
                    })
                })?
                .collect()
        };
        read().map_err(|e| self.fail(e))
    }

    fn history(
        &self,
        player: PlayerId,
        kind: Option<&Kind>,
        limit: usize,
    ) -> Result<Vec<HistoryEntry>> {
        let connection = self.lock();
        let read = || -> rusqlite::Result<Vec<HistoryEntry>> {
            let mut statement = connection.prepare_cached(
                "SELECT at_ms, size, variant, level, daily, time_ms, hint_steps, revealed_cells,
                        solution_copied, solution_revealed, imported
                 FROM finishes
                 WHERE player = ?1 AND (?2 = 0 OR (size = ?3 AND variant = ?4 AND level IS ?5
                                                   AND daily IS ?6))
                 ORDER BY at_ms DESC, id DESC LIMIT ?7",
            )?;
            let (size, variant, level, daily) = match kind {
                Some(k) => (k.size, k.variant.as_str(), k.level.clone(), k.daily.clone()),
                None => (0, "", None, None),
            };
            statement
                .query_map(
                    params![
                        player,
                        kind.is_some(),
                        size,
                        variant,
                        level,
                        daily,
                        limit as i64
                    ],
                    |row| {
                        Ok(HistoryEntry {
                            at_ms: row.get(0)?,
                            finished: Finished {
                                kind: kind_of(row, 1)?,
                                time_ms: row.get::<_, i64>(5)?.max(0) as u64,
                                hint_steps: row.get(6)?,
                                revealed_cells: row.get(7)?,
                                solution_copied: row.get(8)?,
                                solution_revealed: row.get(9)?,
                            },
                            imported: row.get(10)?,
                        })
                    },
                )?
                .collect()
        };
        read().map_err(|e| self.fail(e))
    }

    fn records(&self, player: PlayerId) -> Result<Vec<Record>> {
        let connection = self.lock();
        let read = || -> rusqlite::Result<Vec<(Kind, u64)>> {
            let mut statement = connection.prepare_cached(
                "SELECT size, variant, level, daily, time_ms FROM finishes
                 WHERE player = ?1 AND solution_copied = 0 AND solution_revealed = 0
                 ORDER BY size, variant, level, daily, time_ms",
            )?;
            statement
                .query_map(params![player], |row| {
                    Ok((kind_of(row, 0)?, row.get::<_, i64>(4)?.max(0) as u64))
                })?
                .collect()
        };
        let rows = read().map_err(|e| self.fail(e))?;
        Ok(records_of(rows))
    }

    fn import(
        &self,
        player: PlayerId,
        games: &[(GameSummary, String)],
        finishes: &[Finished],
    ) -> Result<()> {
        let now = self.now();
        self.write(|tx| {
            for (summary, snapshot) in games {
                insert_game(tx, player, summary, snapshot, now)?;
            }
            for finished in finishes {
                insert_finish(tx, player, finished, now, true)?;
            }
            Ok(())
        })
    }
}
