//! The PostgreSQL backend: one database shared by every `serve` instance, so players, saves,
//! history, names, dailies and leaderboards are the same whichever instance a player reaches.
//!
//! The [`Store`] trait is blocking (its callers are the blocking threads of the server and
//! plain threads of tests), while the driver, tokio-postgres, is async. The store therefore
//! owns a small tokio runtime of its own that runs the connections (a deadpool pool of them);
//! each call is sent to that runtime and the calling thread waits on a plain channel. That
//! works from any thread, including the server's own async workers, where blocking on
//! another runtime from inside would panic.
//!
//! Every write is one transaction. Concurrent instances meet at unique keys (a player's
//! owner name, a display name) and at row locks (a player's streak), never at a lost update.
//! A call that fails because the database is restarting or unreachable is tried again a few
//! times within a fraction of a second, but only when nothing can have been committed (the
//! failure came before the commit was sent); anything longer is the caller's to retry (see
//! [`StoreError::is_transient`]).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime};
use tokio_postgres::error::SqlState;
use tokio_postgres::{NoTls, Row};

use super::boards::{DailyRow, StreakRow, WeekRow};
use super::ranking::{self, Seat, Unranked};
use super::sqlite::Clock;
use super::streak::StreakState;
use super::{
    BoardQuery, Boards, Finished, GameId, GameSummary, HistoryEntry, KEEP_UNFINISHED, Kind,
    NameSet, PlayerId, Record, Result, Store, StoreError, Unfinished, migrations, records_of,
};
use crate::names::DisplayName;

mod move_saves;

pub use move_saves::{MoveSave, MoveSaves};

/// Connections kept open to the database by one store.
const POOL_SIZE: usize = 16;
/// How long opening one connection may take (an unreachable host fails after this).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// How long a call waits for a free connection of the pool.
const WAIT_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest one call (its tries and pauses included) may take before it fails as
/// unreachable: past the pool's wait and a connection's opening.
const CALL_TIMEOUT: Duration = Duration::from_secs(10);
/// Tries of a call that failed before anything was committed, and the first pause between
/// them (doubled each time): short, because a session waits for its save.
const ATTEMPTS: u32 = 3;
const FIRST_PAUSE: Duration = Duration::from_millis(50);
/// The advisory lock that makes one instance at a time build or upgrade the schema.
const MIGRATION_LOCK: i64 = 0x5d0c_05c0;

/// Whether a PostgreSQL error may pass by itself: the connection broke or could not be made,
/// the server is starting or stopping, or a transaction lost a race it may win next time.
pub fn is_transient(error: &tokio_postgres::Error) -> bool {
    let Some(db) = error.as_db_error() else {
        // No answer from the server at all: a closed connection, a refused or timed-out
        // connect, an I/O error.
        return true;
    };
    let code = db.code().code();
    code.starts_with("08")
        || code.starts_with("57P")
        || *db.code() == SqlState::T_R_SERIALIZATION_FAILURE
        || *db.code() == SqlState::T_R_DEADLOCK_DETECTED
}

/// The address as messages show it: the password, if any, left out.
pub fn display_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let Some((userinfo, host)) = rest.rsplit_once('@') else {
        return url.to_string();
    };
    match userinfo.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

/// An error and its causes on one line ("error connecting to server: Connection refused"):
/// the driver's own message leaves out why.
pub fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let said = inner.to_string();
        if !text.contains(&said) {
            text.push_str(": ");
            text.push_str(&said);
        }
        cause = inner.source();
    }
    text
}

/// How sudoscope connects to the database at `url`: a connection that cannot be made fails
/// within seconds, and one that dies quietly (a server gone without closing it) is noticed.
/// The error says in words why the address is not one.
pub fn client_config(url: &str) -> std::result::Result<tokio_postgres::Config, String> {
    let mut config: tokio_postgres::Config = url
        .parse()
        .map_err(|e: tokio_postgres::Error| format!("not a database URL: {e}"))?;
    config.connect_timeout(CONNECT_TIMEOUT);
    config.keepalives(true);
    config.keepalives_idle(Duration::from_secs(30));
    // Every statement is prepared once per connection and looks rows up by key, so the plan
    // made without the values is the plan. Left to choose, PostgreSQL plans a statement that
    // takes arrays (a group of move saves) anew at every execution, because the arrays'
    // lengths change its estimates: a fifth of the database's time under load.
    let options = match config.get_options() {
        Some(given) => format!("{given} -c plan_cache_mode=force_generic_plan"),
        None => "-c plan_cache_mode=force_generic_plan".to_string(),
    };
    config.options(&options);
    if config.get_application_name().is_none() {
        config.application_name("sudoscope");
    }
    Ok(config)
}

/// A small runtime of `threads` threads named `name` to run connections on, and a pool of up
/// to `size` connections made with `config`: a call waits at most `wait` for a free one.
/// Both the store and the race rooms own one, so neither can hold up the other.
pub fn runtime_and_pool(
    config: tokio_postgres::Config,
    name: &str,
    threads: usize,
    size: usize,
    wait: Duration,
) -> std::result::Result<(tokio::runtime::Runtime, Pool), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .thread_name(name)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start its connection threads: {e}"))?;
    let manager = Manager::from_config(
        config,
        NoTls,
        ManagerConfig {
            recycling_method: RecyclingMethod::Fast,
        },
    );
    let pool = Pool::builder(manager)
        .max_size(size)
        .runtime(Runtime::Tokio1)
        .wait_timeout(Some(wait))
        .create_timeout(Some(CONNECT_TIMEOUT + Duration::from_secs(1)))
        .build()
        .map_err(|e| e.to_string())?;
    Ok((runtime, pool))
}

/// How one try of a call failed.
enum Failure {
    /// No connection could be had.
    Pool(PoolError),
    /// A statement failed before the commit was sent: nothing was written.
    Before(tokio_postgres::Error),
    /// The commit itself failed: the write may or may not have landed.
    Commit(tokio_postgres::Error),
}

impl From<tokio_postgres::Error> for Failure {
    fn from(error: tokio_postgres::Error) -> Failure {
        Failure::Before(error)
    }
}

impl From<PoolError> for Failure {
    fn from(error: PoolError) -> Failure {
        Failure::Pool(error)
    }
}

impl Failure {
    fn worth_another_try(&self) -> bool {
        match self {
            Failure::Pool(PoolError::Backend(e)) | Failure::Before(e) => is_transient(e),
            Failure::Pool(PoolError::Timeout(_)) => true,
            Failure::Pool(_) | Failure::Commit(_) => false,
        }
    }

    fn into_store(self, url: &str) -> StoreError {
        let url = url.to_string();
        match self {
            Failure::Pool(PoolError::Backend(source))
            | Failure::Before(source)
            | Failure::Commit(source) => StoreError::Postgres { url, source },
            Failure::Pool(other) => StoreError::Pool {
                url,
                reason: other.to_string(),
            },
        }
    }
}

type Attempt<T> = std::result::Result<T, Failure>;

/// Commits, marking a failure as one after which the outcome is unknown.
async fn commit(tx: deadpool_postgres::Transaction<'_>) -> Attempt<()> {
    tx.commit().await.map_err(Failure::Commit)
}

/// A store in a PostgreSQL database.
pub struct PgStore {
    /// Runs the connections; `None` only while dropping.
    runtime: Option<tokio::runtime::Runtime>,
    pool: Pool,
    /// Writes the saves of games already stored, several players' in one statement.
    move_saves: MoveSaves,
    /// The database's address without its password, for messages.
    url: String,
    clock: Clock,
}

impl Drop for PgStore {
    fn drop(&mut self) {
        // Dropping a runtime waits for its threads, which is refused inside async code (the
        // server drops its store there); letting them go in the background is always allowed.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host:port/dbname`), builds or
    /// upgrades its schema, and keeps a pool of connections. An unreachable database is a
    /// [`StoreError::Unreachable`] saying why in one line.
    pub fn connect(url: &str) -> Result<PgStore> {
        let shown = display_url(url);
        let unreachable = |reason: String| StoreError::Unreachable {
            url: shown.clone(),
            reason,
        };
        let config = client_config(url).map_err(&unreachable)?;
        let (runtime, pool) =
            runtime_and_pool(config, "sudoscope-postgres", 2, POOL_SIZE, WAIT_TIMEOUT)
                .map_err(&unreachable)?;
        let move_saves = MoveSaves::start(&runtime, pool.clone(), shown.clone());
        let store = PgStore {
            runtime: Some(runtime),
            pool,
            move_saves,
            url: shown.clone(),
            clock: Arc::new(super::now_ms),
        };
        match store.migrate() {
            Ok(()) => Ok(store),
            Err(StoreError::Postgres { source, .. }) if source.as_db_error().is_none() => {
                Err(unreachable(with_causes(&source)))
            }
            Err(StoreError::Pool { reason, .. }) => Err(unreachable(reason)),
            Err(other) => Err(other),
        }
    }

    /// Uses `clock` for every time the store writes (tests of dates and weeks).
    pub fn with_clock(mut self, clock: Clock) -> PgStore {
        self.clock = clock;
        self
    }

    /// The schema version the database is at.
    pub fn version(&self) -> Result<i64> {
        self.run(|pool| async move {
            let client = pool.get().await?;
            let row = client
                .query_one("SELECT version FROM schema_version", &[])
                .await?;
            Ok(row.try_get(0)?)
        })
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }

    /// Builds or upgrades the schema in one transaction, one instance at a time.
    fn migrate(&self) -> Result<()> {
        let url = self.url.clone();
        let found = self.run(|pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
                .await?;
            // Quietly: the server's notice that the table is there already is no news.
            tx.batch_execute(
                "SET LOCAL client_min_messages = warning;
                 CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)",
            )
            .await?;
            let found: i64 = match tx
                .query_opt("SELECT version FROM schema_version", &[])
                .await?
            {
                Some(row) => row.try_get(0)?,
                None => {
                    tx.execute("INSERT INTO schema_version (version) VALUES (0)", &[])
                        .await?;
                    0
                }
            };
            if found > migrations::LATEST {
                return Ok(found);
            }
            for (index, step) in migrations::POSTGRES_STEPS
                .iter()
                .enumerate()
                .skip(found.max(0) as usize)
            {
                tx.batch_execute(step).await?;
                tx.execute(
                    "UPDATE schema_version SET version = $1",
                    &[&(index as i64 + 1)],
                )
                .await?;
            }
            commit(tx).await?;
            Ok(found)
        })?;
        if found > migrations::LATEST {
            return Err(StoreError::Newer {
                path: url,
                found,
                known: migrations::LATEST,
            });
        }
        Ok(())
    }

    /// Runs `op` on the store's runtime and waits for it: tried again (a few times, briefly)
    /// when it failed before anything could be committed and the failure may pass.
    fn run<T, F, Fut>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: Fn(Pool) -> Fut + Send + 'static,
        Fut: Future<Output = Attempt<T>> + Send + 'static,
    {
        let pool = self.pool.clone();
        let url = self.url.clone();
        let work = async move {
            let mut pause = FIRST_PAUSE;
            let mut tries = 1;
            loop {
                match op(pool.clone()).await {
                    Ok(value) => return Ok(value),
                    Err(failure) if tries < ATTEMPTS && failure.worth_another_try() => {
                        tokio::time::sleep(pause).await;
                        pause *= 2;
                        tries += 1;
                    }
                    Err(failure) => return Err(failure.into_store(&url)),
                }
            }
        };
        let (sender, receiver) = std::sync::mpsc::sync_channel(1);
        let Some(runtime) = &self.runtime else {
            return Err(self.stopped());
        };
        let shown = self.url.clone();
        runtime.spawn(async move {
            // A database that stopped answering (a network gone quiet, not a closed
            // connection) would hold the caller, and whatever it locked, for ever.
            let answer = tokio::time::timeout(CALL_TIMEOUT, work)
                .await
                .unwrap_or_else(|_| {
                    Err(StoreError::Unreachable {
                        url: shown,
                        reason: format!("no answer within {} s", CALL_TIMEOUT.as_secs()),
                    })
                });
            let _ = sender.send(answer);
        });
        receiver.recv().map_err(|_| self.stopped())?
    }

    fn stopped(&self) -> StoreError {
        stopped(&self.url)
    }
}

/// A call that cannot be answered: the store's runtime (and its connections) has stopped.
fn stopped(url: &str) -> StoreError {
    StoreError::Pool {
        url: url.to_string(),
        reason: "the store's connection threads stopped".into(),
    }
}

fn flag(value: bool) -> i64 {
    i64::from(value)
}

fn count(value: u32) -> i64 {
    i64::from(value)
}

fn millis(value: u64) -> i64 {
    value.min(i64::MAX as u64) as i64
}

/// A non-negative number read back as a `u32` (a damaged row never panics: it reads as 0 or
/// the largest count).
fn small(row: &Row, index: usize) -> std::result::Result<u32, tokio_postgres::Error> {
    Ok(row.try_get::<_, i64>(index)?.clamp(0, u32::MAX as i64) as u32)
}

fn truth(row: &Row, index: usize) -> std::result::Result<bool, tokio_postgres::Error> {
    Ok(row.try_get::<_, i64>(index)? != 0)
}

fn kind_of(row: &Row, first: usize) -> std::result::Result<Kind, tokio_postgres::Error> {
    Ok(Kind {
        size: row.try_get::<_, i64>(first)?.clamp(0, u16::MAX as i64) as u16,
        variant: row.try_get(first + 1)?,
        level: row.try_get(first + 2)?,
        daily: row.try_get(first + 3)?,
    })
}

/// How long after a finish an identical one is taken for the same finish tried again.
const RETRY_WINDOW_MS: i64 = 10 * 60_000;

/// Whether this finish is already in the history: a row of the player's, minutes old, alike
/// in every figure down to the millisecond of its time. That happens when the commit of an
/// earlier try landed but its answer was lost with the connection (the database restarting),
/// and the caller tried again; the finish is then not recorded twice, and its standing is
/// said as it was when it landed.
async fn landed_before(
    tx: &deadpool_postgres::Transaction<'_>,
    player: PlayerId,
    finished: &Finished,
    seat: Seat,
    now: i64,
) -> std::result::Result<Option<std::result::Result<(), Unranked>>, tokio_postgres::Error> {
    let kind = &finished.kind;
    let Some(row) = tx
        .query_opt(
            "SELECT id, at_ms FROM finishes
             WHERE player = $1 AND imported = 0 AND at_ms >= $2 AND time_ms = $3
               AND size = $4 AND variant = $5 AND level IS NOT DISTINCT FROM $6
               AND daily IS NOT DISTINCT FROM $7 AND hint_steps = $8 AND revealed_cells = $9
               AND solution_copied = $10 AND solution_revealed = $11
             LIMIT 1",
            &[
                &player,
                &(now - RETRY_WINDOW_MS),
                &millis(finished.time_ms),
                &i64::from(kind.size),
                &kind.variant,
                &kind.level,
                &kind.daily,
                &count(finished.hint_steps),
                &count(finished.revealed_cells),
                &flag(finished.solution_copied),
                &flag(finished.solution_revealed),
            ],
        )
        .await?
    else {
        return Ok(None);
    };
    let (landed, at_ms): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
    let earlier = daily_finished_before(tx, player, finished, seat, landed).await?;
    Ok(Some(ranking::judge(seat, finished, at_ms, earlier)))
}

/// Whether a keyed player has a finish of this daily at this level among their history rows
/// before row `before` (all of them: `i64::MAX`): a second finish of a daily is not ranked.
async fn daily_finished_before(
    tx: &deadpool_postgres::Transaction<'_>,
    player: PlayerId,
    finished: &Finished,
    seat: Seat,
    before: i64,
) -> std::result::Result<bool, tokio_postgres::Error> {
    let kind = &finished.kind;
    Ok(match (&kind.daily, seat) {
        (Some(day), Seat::Keyed) => tx
            .query_opt(
                "SELECT 1 FROM finishes WHERE player = $1 AND daily = $2
                     AND level IS NOT DISTINCT FROM $3 AND id < $4 LIMIT 1",
                &[&player, day, &kind.level, &before],
            )
            .await?
            .is_some(),
        _ => false,
    })
}

/// Adds a history row (the same columns as the SQLite backend writes).
async fn insert_finish(
    tx: &deadpool_postgres::Transaction<'_>,
    player: PlayerId,
    finished: &Finished,
    at_ms: i64,
    imported: bool,
    ranked: bool,
) -> std::result::Result<(), tokio_postgres::Error> {
    let kind = &finished.kind;
    let statement = tx
        .prepare_cached(
            "INSERT INTO finishes (player, at_ms, size, variant, level, daily, time_ms,
                 hint_steps, revealed_cells, solution_copied, solution_revealed, imported, ranked)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .await?;
    tx.execute(
        &statement,
        &[
            &player,
            &at_ms,
            &i64::from(kind.size),
            &kind.variant,
            &kind.level,
            &kind.daily,
            &millis(finished.time_ms),
            &count(finished.hint_steps),
            &count(finished.revealed_cells),
            &flag(finished.solution_copied),
            &flag(finished.solution_revealed),
            &flag(imported),
            &flag(ranked),
        ],
    )
    .await?;
    Ok(())
}

async fn insert_game(
    tx: &deadpool_postgres::Transaction<'_>,
    player: PlayerId,
    summary: &GameSummary,
    snapshot: &str,
    now: i64,
) -> std::result::Result<GameId, tokio_postgres::Error> {
    let statement = tx
        .prepare_cached(
            "INSERT INTO games (player, size, variant, level, filled, total, moved, started_ms,
                                updated_ms, snapshot)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) RETURNING id",
        )
        .await?;
    let row = tx
        .query_one(
            &statement,
            &[
                &player,
                &i64::from(summary.size),
                &summary.variant,
                &summary.level,
                &count(summary.filled),
                &count(summary.total),
                &flag(summary.moved),
                &now,
                &snapshot,
            ],
        )
        .await?;
    row.try_get(0)
}

/// Forgets the players `which` selects (a condition on `players` with `$1`).
async fn forget_where(pool: Pool, which: &'static str, value: String) -> Attempt<u64> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let ids = format!("(SELECT id FROM players WHERE {which})");
    for table in ["games", "finishes", "week_totals"] {
        tx.execute(
            &format!("DELETE FROM {table} WHERE player IN {ids}"),
            &[&value],
        )
        .await?;
    }
    let gone = tx
        .execute(&format!("DELETE FROM players WHERE {which}"), &[&value])
        .await?;
    commit(tx).await?;
    Ok(gone)
}

impl Store for PgStore {
    fn move_saves(&self) -> Option<MoveSaves> {
        Some(self.move_saves.clone())
    }

    fn player(&self, owner: &str) -> Result<PlayerId> {
        let now = self.now();
        let owner = owner.to_string();
        self.run(move |pool| {
            let owner = owner.clone();
            async move {
                let client = pool.get().await?;
                // Two instances may create the same player at once: one inserts, the other
                // finds the row.
                let inserted = client
                    .query_opt(
                        "INSERT INTO players (owner, created_ms) VALUES ($1, $2)
                         ON CONFLICT (owner) DO NOTHING RETURNING id",
                        &[&owner, &now],
                    )
                    .await?;
                let row = match inserted {
                    Some(row) => row,
                    None => {
                        client
                            .query_one("SELECT id FROM players WHERE owner = $1", &[&owner])
                            .await?
                    }
                };
                Ok(row.try_get(0)?)
            }
        })
    }

    fn forget_player(&self, owner: &str) -> Result<()> {
        let owner = owner.to_string();
        self.run(move |pool| forget_where(pool, "owner = $1", owner.clone()))
            .map(|_| ())
    }

    fn forget_players_starting(&self, prefix: &str, created_before_ms: i64) -> Result<usize> {
        let prefix = prefix.to_string();
        self.run(move |pool| {
            let prefix = prefix.clone();
            async move {
                let mut client = pool.get().await?;
                let tx = client.transaction().await?;
                let which = "substr(owner, 1, length($1)) = $1 AND created_ms < $2";
                let owners = format!("(SELECT id FROM players WHERE {which})");
                for table in ["games", "finishes", "week_totals"] {
                    tx.execute(
                        &format!("DELETE FROM {table} WHERE player IN {owners}"),
                        &[&prefix, &created_before_ms],
                    )
                    .await?;
                }
                let gone = tx
                    .execute(
                        &format!("DELETE FROM players WHERE {which}"),
                        &[&prefix, &created_before_ms],
                    )
                    .await?;
                commit(tx).await?;
                Ok(gone as usize)
            }
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
        // A move's save: written with the other saves waiting at that moment, in one
        // statement that commits by itself (see `move_saves`). It is the path of every move.
        if let Some(id) = id {
            let updated = self.move_saves.write(MoveSave {
                id,
                player,
                summary: summary.clone(),
                snapshot: snapshot.to_string(),
                now_ms: now,
            })?;
            if updated {
                return Ok(id);
            }
        }
        let summary = summary.clone();
        let snapshot = snapshot.to_string();
        self.run(move |pool| {
            let summary = summary.clone();
            let snapshot = snapshot.clone();
            async move {
                let mut client = pool.get().await?;
                // A new game (or one forgotten meanwhile): added, and the player's other
                // games kept to their limit, in one transaction.
                let tx = client.transaction().await?;
                let id = insert_game(&tx, player, &summary, &snapshot, now).await?;
                tx.execute(
                    "DELETE FROM games WHERE player = $1 AND id != $2 AND moved = 0",
                    &[&player, &id],
                )
                .await?;
                tx.execute(
                    "DELETE FROM games WHERE player = $1 AND id NOT IN (
                         SELECT id FROM games WHERE player = $1
                         ORDER BY updated_ms DESC, id DESC LIMIT $2)",
                    &[&player, &(KEEP_UNFINISHED as i64)],
                )
                .await?;
                commit(tx).await?;
                Ok(id)
            }
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
        let finished = finished.clone();
        self.run(move |pool| {
            let finished = finished.clone();
            async move {
                let mut client = pool.get().await?;
                let tx = client.transaction().await?;
                // The player's row is locked first: two finishes of one player (from two
                // instances) take turns, so the streak and the "first finish of the daily"
                // are decided on what the other wrote.
                let row = tx
                    .query_one(
                        "SELECT streak_run, streak_longest, streak_last FROM players
                         WHERE id = $1 FOR UPDATE",
                        &[&player],
                    )
                    .await?;
                let mut state = StreakState {
                    run: small(&row, 0)?,
                    longest: small(&row, 1)?,
                    last: row.try_get(2)?,
                };
                if let Some(standing) = landed_before(&tx, player, &finished, seat, now).await? {
                    if let Some(id) = id {
                        tx.execute(
                            "DELETE FROM games WHERE id = $1 AND player = $2",
                            &[&id, &player],
                        )
                        .await?;
                    }
                    commit(tx).await?;
                    return Ok(standing);
                }
                let earlier = daily_finished_before(&tx, player, &finished, seat, i64::MAX).await?;
                let standing = ranking::judge(seat, &finished, now, earlier);
                insert_finish(&tx, player, &finished, now, false, standing.is_ok()).await?;
                if standing.is_ok() {
                    tx.execute(
                        "INSERT INTO week_totals (player, week_ms, dailies, time_ms, hint_steps)
                         VALUES ($1, $2, 1, $3, $4)
                         ON CONFLICT (player, week_ms) DO UPDATE SET
                             dailies = week_totals.dailies + 1,
                             time_ms = week_totals.time_ms + excluded.time_ms,
                             hint_steps = week_totals.hint_steps + excluded.hint_steps",
                        &[
                            &player,
                            &super::week_start(now),
                            &millis(finished.time_ms),
                            &count(finished.hint_steps),
                        ],
                    )
                    .await?;
                }
                if let Some(day) = super::streak::streak_day(&finished, now) {
                    state.add(day);
                    tx.execute(
                        "UPDATE players SET streak_run = $2, streak_longest = $3, streak_last = $4
                         WHERE id = $1",
                        &[
                            &player,
                            &count(state.run),
                            &count(state.longest),
                            &state.last,
                        ],
                    )
                    .await?;
                }
                if let Some(id) = id {
                    tx.execute(
                        "DELETE FROM games WHERE id = $1 AND player = $2",
                        &[&id, &player],
                    )
                    .await?;
                }
                commit(tx).await?;
                Ok(standing)
            }
        })
    }

    fn drop_game(&self, player: PlayerId, id: GameId) -> Result<()> {
        self.run(move |pool| async move {
            let client = pool.get().await?;
            client
                .execute(
                    "DELETE FROM games WHERE id = $1 AND player = $2",
                    &[&id, &player],
                )
                .await?;
            Ok(())
        })
    }

    fn unfinished(&self, player: PlayerId, limit: usize) -> Result<Vec<Unfinished>> {
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let statement = client
                .prepare_cached(
                    "SELECT id, size, variant, level, filled, total, moved, updated_ms, snapshot
                     FROM games WHERE player = $1 ORDER BY updated_ms DESC, id DESC LIMIT $2",
                )
                .await?;
            let rows = client
                .query(&statement, &[&player, &(limit as i64)])
                .await?;
            let mut games = Vec::with_capacity(rows.len());
            for row in rows {
                games.push(Unfinished {
                    id: row.try_get(0)?,
                    summary: GameSummary {
                        size: row.try_get::<_, i64>(1)?.clamp(0, u16::MAX as i64) as u16,
                        variant: row.try_get(2)?,
                        level: row.try_get(3)?,
                        filled: small(&row, 4)?,
                        total: small(&row, 5)?,
                        moved: truth(&row, 6)?,
                    },
                    updated_ms: row.try_get(7)?,
                    snapshot: row.try_get(8)?,
                });
            }
            Ok(games)
        })
    }

    fn history(
        &self,
        player: PlayerId,
        kind: Option<&Kind>,
        limit: usize,
    ) -> Result<Vec<HistoryEntry>> {
        let kind = kind.cloned();
        self.run(move |pool| {
            let kind = kind.clone();
            async move {
                let client = pool.get().await?;
                const COLUMNS: &str = "SELECT at_ms, size, variant, level, daily, time_ms,
                     hint_steps, revealed_cells, solution_copied, solution_revealed, imported
                     FROM finishes WHERE player = $1";
                let rows = match &kind {
                    None => {
                        client
                            .query(
                                &format!("{COLUMNS} ORDER BY at_ms DESC, id DESC LIMIT $2"),
                                &[&player, &(limit as i64)],
                            )
                            .await?
                    }
                    Some(k) => {
                        client
                            .query(
                                &format!(
                                    "{COLUMNS} AND size = $2 AND variant = $3
                                     AND level IS NOT DISTINCT FROM $4
                                     AND daily IS NOT DISTINCT FROM $5
                                     ORDER BY at_ms DESC, id DESC LIMIT $6"
                                ),
                                &[
                                    &player,
                                    &i64::from(k.size),
                                    &k.variant,
                                    &k.level,
                                    &k.daily,
                                    &(limit as i64),
                                ],
                            )
                            .await?
                    }
                };
                let mut entries = Vec::with_capacity(rows.len());
                for row in rows {
                    entries.push(HistoryEntry {
                        at_ms: row.try_get(0)?,
                        finished: Finished {
                            kind: kind_of(&row, 1)?,
                            time_ms: row.try_get::<_, i64>(5)?.max(0) as u64,
                            hint_steps: small(&row, 6)?,
                            revealed_cells: small(&row, 7)?,
                            solution_copied: truth(&row, 8)?,
                            solution_revealed: truth(&row, 9)?,
                        },
                        imported: truth(&row, 10)?,
                    });
                }
                Ok(entries)
            }
        })
    }

    fn records(&self, player: PlayerId) -> Result<Vec<Record>> {
        let rows = self.run(move |pool| async move {
            let client = pool.get().await?;
            let rows = client
                .query(
                    "SELECT size, variant, level, daily, time_ms FROM finishes
                     WHERE player = $1 AND solution_copied = 0 AND solution_revealed = 0
                     ORDER BY size, variant COLLATE \"C\", level COLLATE \"C\" NULLS FIRST,
                              daily COLLATE \"C\" NULLS FIRST, time_ms",
                    &[&player],
                )
                .await?;
            let mut out = Vec::with_capacity(rows.len());
            for row in rows {
                out.push((kind_of(&row, 0)?, row.try_get::<_, i64>(4)?.max(0) as u64));
            }
            Ok(out)
        })?;
        Ok(records_of(rows))
    }

    fn name(&self, player: PlayerId) -> Result<Option<String>> {
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let row = client
                .query_opt("SELECT name FROM players WHERE id = $1", &[&player])
                .await?;
            Ok(match row {
                Some(row) => row.try_get(0)?,
                None => None,
            })
        })
    }

    fn set_name(&self, player: PlayerId, name: &DisplayName) -> Result<NameSet> {
        let shown = name.as_str().to_string();
        let key = name.key().to_string();
        self.run(move |pool| {
            let shown = shown.clone();
            let key = key.clone();
            async move {
                let client = pool.get().await?;
                // The unique index decides between two instances naming two players alike at
                // once.
                let taken = client
                    .execute(
                        "UPDATE players SET name = $2, name_key = $3 WHERE id = $1",
                        &[&player, &shown, &key],
                    )
                    .await;
                match taken {
                    Ok(_) => Ok(NameSet::Set),
                    Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => Ok(NameSet::Taken),
                    Err(e) => Err(e.into()),
                }
            }
        })
    }

    fn leaderboards(&self, query: &BoardQuery) -> Result<Boards> {
        let query = query.clone();
        self.run(move |pool| {
            let query = query.clone();
            async move {
                let client = pool.get().await?;
                Ok(read_boards(&client, &query).await?)
            }
        })
    }

    fn now_ms(&self) -> i64 {
        self.now()
    }

    fn import(
        &self,
        player: PlayerId,
        games: &[(GameSummary, String)],
        finishes: &[Finished],
    ) -> Result<()> {
        let now = self.now();
        let games = games.to_vec();
        let finishes = finishes.to_vec();
        self.run(move |pool| {
            let games = games.clone();
            let finishes = finishes.clone();
            async move {
                let mut client = pool.get().await?;
                let tx = client.transaction().await?;
                for (summary, snapshot) in &games {
                    insert_game(&tx, player, summary, snapshot, now).await?;
                }
                for finished in &finishes {
                    insert_finish(&tx, player, finished, now, true, false).await?;
                }
                commit(tx).await?;
                Ok(())
            }
        })
    }
}

/// The three boards, as [`super::boards::read`] reads them from SQLite.
async fn read_boards(
    client: &deadpool_postgres::Client,
    query: &BoardQuery,
) -> std::result::Result<Boards, tokio_postgres::Error> {
    let me = query.me.unwrap_or(-1);
    let limit = query.limit as i64;
    let rows = client
        .query(
            "SELECT p.name, f.time_ms, f.hint_steps, f.player FROM finishes f
             JOIN players p ON p.id = f.player
             WHERE f.daily = $1 AND f.level = $2 AND f.ranked = 1 AND p.name IS NOT NULL
             ORDER BY f.time_ms, f.at_ms, f.id LIMIT $3",
            &[&query.day, &query.level, &limit],
        )
        .await?;
    let mut daily = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        daily.push(DailyRow {
            rank: i as u32 + 1,
            name: row.try_get(0)?,
            time_ms: row.try_get::<_, i64>(1)?.max(0) as u64,
            hint_steps: small(row, 2)?,
            me: row.try_get::<_, i64>(3)? == me,
        });
    }
    let my_daily = if daily.iter().any(|r| r.me) || query.me.is_none() {
        None
    } else {
        my_daily_row(client, query, me).await?
    };
    let rows = client
        .query(
            "SELECT p.name, w.dailies, w.time_ms, w.hint_steps, w.player
             FROM week_totals w JOIN players p ON p.id = w.player
             WHERE w.week_ms = $1 AND p.name IS NOT NULL
             ORDER BY w.dailies DESC, w.time_ms, w.player LIMIT $2",
            &[&query.week_from_ms, &limit],
        )
        .await?;
    let mut week = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        week.push(WeekRow {
            rank: i as u32 + 1,
            name: row.try_get(0)?,
            dailies: small(row, 1)?,
            time_ms: row.try_get::<_, i64>(2)?.max(0) as u64,
            hint_steps: small(row, 3)?,
            me: row.try_get::<_, i64>(4)? == me,
        });
    }
    let rows = client
        .query(
            "SELECT name, streak_run, streak_longest, streak_last, id FROM players
             WHERE name IS NOT NULL AND streak_longest > 0
             ORDER BY streak_longest DESC, streak_last DESC NULLS LAST, id LIMIT $1",
            &[&limit],
        )
        .await?;
    let mut streaks = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let state = StreakState {
            run: small(row, 1)?,
            longest: small(row, 2)?,
            last: row.try_get(3)?,
        };
        let streak = state.as_of(query.today);
        streaks.push(StreakRow {
            rank: i as u32 + 1,
            name: row.try_get(0)?,
            longest: streak.longest,
            current: streak.current,
            me: row.try_get::<_, i64>(4)? == me,
        });
    }
    Ok(Boards {
        day: query.day.clone(),
        level: query.level.clone(),
        daily,
        my_daily,
        week,
        streaks,
    })
}

/// The looking player's ranked finish of the daily and its rank among the named players.
async fn my_daily_row(
    client: &deadpool_postgres::Client,
    query: &BoardQuery,
    me: PlayerId,
) -> std::result::Result<Option<DailyRow>, tokio_postgres::Error> {
    let mine = client
        .query_opt(
            "SELECT p.name, f.time_ms, f.hint_steps, f.at_ms, f.id FROM finishes f
             JOIN players p ON p.id = f.player
             WHERE f.player = $1 AND f.daily = $2 AND f.level = $3 AND f.ranked = 1
                   AND p.name IS NOT NULL
             ORDER BY f.time_ms, f.at_ms, f.id LIMIT 1",
            &[&me, &query.day, &query.level],
        )
        .await?;
    let Some(row) = mine else {
        return Ok(None);
    };
    let (name, time, hints, at, id): (String, i64, u32, i64, i64) = (
        row.try_get(0)?,
        row.try_get(1)?,
        small(&row, 2)?,
        row.try_get(3)?,
        row.try_get(4)?,
    );
    let ahead: i64 = client
        .query_one(
            "SELECT COUNT(*) FROM finishes f JOIN players p ON p.id = f.player
             WHERE f.daily = $1 AND f.level = $2 AND f.ranked = 1 AND p.name IS NOT NULL
                   AND (f.time_ms, f.at_ms, f.id) < ($3, $4, $5)",
            &[&query.day, &query.level, &time, &at, &id],
        )
        .await?
        .try_get(0)?;
    Ok(Some(DailyRow {
        rank: ahead.clamp(0, u32::MAX as i64 - 1) as u32 + 1,
        name,
        time_ms: time.max(0) as u64,
        hint_steps: hints,
        me: true,
    }))
}
