//! Group commit of move saves: every save of a game already in the store (a move, a note, a
//! pause) that arrives while the previous statement is at the database is written with the
//! others in one `UPDATE … FROM unnest(…)`, one statement and one commit for all of them.
//!
//! A statement per move would put a thousand players' moves in a queue of a thousand commits a
//! second (each a write-ahead-log flush and a round trip), and a database slowed for a moment
//! (a checkpoint, a busy core) would let that queue grow. With one statement at a time per
//! store, the saves that come while it runs form the next group: groups grow as the database
//! slows, instead of the queue. Every save still waits for its own commit before its session
//! shows the move, and nothing waits for a group to fill: under light load a group is one
//! save, written at once.
//!
//! Each caller gets its own answer: whether its game's row was there to update (a game
//! forgotten meanwhile is added again by the caller, in its own transaction) or why the write
//! failed. A failed statement wrote nothing of its group, and writing the same values again is
//! harmless, so a transient failure is tried again like any other call of the store.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use deadpool_postgres::Pool;
use tokio::sync::{mpsc, oneshot};

use super::{ATTEMPTS, Attempt, FIRST_PAUSE, count, flag, stopped};
use crate::store::{GameId, GameSummary, PlayerId, Result, StoreError};

/// The most saves written by one statement (a bound on its size, about 100 KB of snapshots
/// for 9×9 games; more wait for the next).
const MOST_PER_STATEMENT: usize = 256;

/// One move's save: the new state of a game already in the store.
pub struct MoveSave {
    pub id: GameId,
    pub player: PlayerId,
    pub summary: GameSummary,
    pub snapshot: String,
    pub now_ms: i64,
}

/// A save waiting for its group, and who waits for its answer: whether the game's row was
/// updated (`false`: it is no longer in the store).
struct Queued {
    save: MoveSave,
    answer: Answer,
}

/// A blocked thread or an async task.
enum Answer {
    Thread(std::sync::mpsc::SyncSender<Result<bool>>),
    Task(oneshot::Sender<Result<bool>>),
}

impl Answer {
    fn send(self, answer: Result<bool>) {
        // A caller that stopped waiting has nothing to be told.
        let _ = match self {
            Answer::Thread(sender) => sender.send(answer).map_err(drop),
            Answer::Task(sender) => sender.send(answer).map_err(drop),
        };
    }
}

/// Takes move saves from any thread or task and hands them to the writer task; clones share
/// the writer.
#[derive(Clone)]
pub struct MoveSaves {
    queue: mpsc::UnboundedSender<Queued>,
    url: String,
}

impl MoveSaves {
    /// Starts the writer on `runtime`, writing through `pool`; `url` names the database in
    /// errors.
    pub fn start(runtime: &tokio::runtime::Runtime, pool: Pool, url: String) -> MoveSaves {
        let (queue, saves) = mpsc::unbounded_channel();
        runtime.spawn(write_groups(saves, pool, url.clone()));
        MoveSaves { queue, url }
    }

    /// Writes `save` with the others of its group and blocks the thread until its commit:
    /// whether the game's row was there to update.
    pub fn write(&self, save: MoveSave) -> Result<bool> {
        let (answer, answered) = std::sync::mpsc::sync_channel(1);
        self.queue(save, Answer::Thread(answer))?;
        // No answer at all: the writer stopped with the store's runtime.
        answered.recv().unwrap_or_else(|_| Err(self.stopped()))
    }

    /// [`MoveSaves::write`] for async code: the task waits, no thread does.
    pub async fn write_async(&self, save: MoveSave) -> Result<bool> {
        let (answer, answered) = oneshot::channel();
        self.queue(save, Answer::Task(answer))?;
        answered.await.unwrap_or_else(|_| Err(self.stopped()))
    }

    fn queue(&self, save: MoveSave, answer: Answer) -> Result<()> {
        self.queue
            .send(Queued { save, answer })
            .map_err(|_| self.stopped())
    }

    fn stopped(&self) -> StoreError {
        stopped(&self.url)
    }
}

/// Writes the queued saves, a group at a time, until every sender is gone.
async fn write_groups(mut saves: mpsc::UnboundedReceiver<Queued>, pool: Pool, url: String) {
    let mut group = Vec::with_capacity(MOST_PER_STATEMENT);
    while saves.recv_many(&mut group, MOST_PER_STATEMENT).await > 0 {
        let outcome = write_with_tries(&pool, &group)
            .await
            .map_err(|failure| Arc::new(failure.into_store(&url)));
        for queued in group.drain(..) {
            let answer = match &outcome {
                Ok(updated) => Ok(updated.contains(&queued.save.id)),
                Err(failure) => Err(StoreError::Shared(failure.clone())),
            };
            queued.answer.send(answer);
        }
    }
}

/// Writes one group, tried again briefly when the failure may pass. The ids of the rows
/// updated.
async fn write_with_tries(pool: &Pool, group: &[Queued]) -> Attempt<HashSet<GameId>> {
    let mut pause = FIRST_PAUSE;
    let mut tries = 1;
    loop {
        match write_group(pool, group).await {
            Ok(updated) => return Ok(updated),
            Err(failure) if tries < ATTEMPTS && failure.worth_another_try() => {
                tokio::time::sleep(pause).await;
                pause *= 2;
                tries += 1;
            }
            Err(failure) => return Err(failure),
        }
    }
}

/// Writes one group in one statement. When a game is saved twice in a group (one player on
/// two connections), the later save is the one written.
async fn write_group(pool: &Pool, group: &[Queued]) -> Attempt<HashSet<GameId>> {
    let mut latest: HashMap<GameId, &MoveSave> = HashMap::with_capacity(group.len());
    for queued in group {
        latest.insert(queued.save.id, &queued.save);
    }
    let mut rows: Vec<&MoveSave> = latest.into_values().collect();
    // One order for every group: two instances writing the same rows lock them alike.
    rows.sort_by_key(|save| save.id);
    let ids: Vec<i64> = rows.iter().map(|s| s.id).collect();
    let players: Vec<i64> = rows.iter().map(|s| s.player).collect();
    let sizes: Vec<i64> = rows.iter().map(|s| i64::from(s.summary.size)).collect();
    let variants: Vec<&str> = rows.iter().map(|s| s.summary.variant.as_str()).collect();
    let levels: Vec<Option<&str>> = rows.iter().map(|s| s.summary.level.as_deref()).collect();
    let filled: Vec<i64> = rows.iter().map(|s| count(s.summary.filled)).collect();
    let totals: Vec<i64> = rows.iter().map(|s| count(s.summary.total)).collect();
    let moved: Vec<i64> = rows.iter().map(|s| flag(s.summary.moved)).collect();
    let times: Vec<i64> = rows.iter().map(|s| s.now_ms).collect();
    let snapshots: Vec<&str> = rows.iter().map(|s| s.snapshot.as_str()).collect();

    let client = pool.get().await?;
    let statement = client
        .prepare_cached(
            "UPDATE games AS g SET size = v.size, variant = v.variant, level = v.level,
                 filled = v.filled, total = v.total, moved = v.moved,
                 updated_ms = v.updated_ms, snapshot = v.snapshot
             FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[],
                          $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[], $10::text[])
                 AS v(id, player, size, variant, level, filled, total, moved, updated_ms,
                      snapshot)
             WHERE g.id = v.id AND g.player = v.player
             RETURNING g.id",
        )
        .await?;
    let updated = client
        .query(
            &statement,
            &[
                &ids, &players, &sizes, &variants, &levels, &filled, &totals, &moved, &times,
                &snapshots,
            ],
        )
        .await?;
    updated
        .iter()
        .map(|row| row.try_get::<_, i64>(0).map_err(Into::into))
        .collect()
}
