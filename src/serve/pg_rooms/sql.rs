//! The room rows in PostgreSQL: each statement the hub runs, one transaction each.
//!
//! A change runs the room's rules on a version of the room and writes the result only if the
//! row is still at that version, telling every instance listening (`pg_notify`) in the same
//! statement, so a notification is only ever sent for a change that was committed. When two
//! instances change one room at once, the second finds the version moved on, reads the row
//! and runs the rules again: neither can lose the other's change.

use std::collections::HashSet;

use deadpool_postgres::{Pool, PoolError};

use crate::race::wire::{self, WireError};
use crate::race::{Room, RoomCode};
use crate::store::postgres::is_transient;

/// The channel rooms' changes are announced on; the payload is `CODE VERSION`, or
/// `CODE gone` when the room was forgotten.
pub const CHANNEL: &str = "sudoscope_rooms";

/// The first key of the advisory lock each instance holds on its listening connection for as
/// long as it lives: the second key is the instance's number. PostgreSQL frees it when the
/// connection closes, which a killed process's does at once, so the lock says whether an
/// instance is still there.
pub const LIVENESS_LOCK: i32 = 0x5d0c_0500;

/// Why a statement did not do its work.
#[derive(Debug)]
pub enum Failure {
    /// No room has that code.
    Missing,
    Pool(PoolError),
    Db(tokio_postgres::Error),
    /// The row is there but cannot be read as a room.
    Wire(WireError),
}

impl From<tokio_postgres::Error> for Failure {
    fn from(error: tokio_postgres::Error) -> Failure {
        Failure::Db(error)
    }
}

impl From<PoolError> for Failure {
    fn from(error: PoolError) -> Failure {
        Failure::Pool(error)
    }
}

impl Failure {
    /// Whether trying again later may work (the database restarting, a connection lost).
    pub fn may_pass(&self) -> bool {
        match self {
            Failure::Db(e) | Failure::Pool(PoolError::Backend(e)) => is_transient(e),
            Failure::Pool(PoolError::Timeout(_)) => true,
            Failure::Pool(_) | Failure::Missing | Failure::Wire(_) => false,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Missing => f.write_str("no such room"),
            Failure::Pool(e) => write!(f, "{e}"),
            Failure::Db(e) => f.write_str(&crate::store::postgres::with_causes(e)),
            Failure::Wire(e) => write!(f, "{e}"),
        }
    }
}

/// A room as committed: its version and state, or that it was forgotten.
#[derive(Clone, Debug)]
pub struct Committed {
    pub version: i64,
    pub room: Room,
    /// Nobody is in the room any more: its row was deleted.
    pub gone: bool,
}

fn millis(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// Writes a new room; `false` when its code is taken (the caller draws another).
pub async fn insert(pool: &Pool, room: &Room, now_ms: u64) -> Result<bool, Failure> {
    let client = pool.get().await?;
    let written = client
        .execute(
            "INSERT INTO rooms (code, version, state, updated_ms) VALUES ($1, 1, $2, $3)
             ON CONFLICT (code) DO NOTHING",
            &[&room.code.as_str(), &wire::to_text(room), &millis(now_ms)],
        )
        .await?;
    Ok(written == 1)
}

/// Runs `apply` on the room and commits what changed, starting from `known` (the version and
/// state this instance last saw) when given, else from the row. The write is one statement
/// that changes the row only if it is still at the version the change was made from, and
/// notifies in the same statement (so only when it wrote); when another instance wrote first,
/// the row is read again and `apply` runs again on it. A change costs one round trip to the
/// database when this instance's copy is current, and no row is held locked between them.
/// Returns `apply`'s answer and the room as it now stands (changed or not).
pub async fn change<T>(
    pool: &Pool,
    code: &RoomCode,
    now_ms: u64,
    mut known: Option<(i64, Room)>,
    mut apply: impl FnMut(&mut Room) -> T,
) -> Result<(T, Committed), Failure> {
    let client = pool.get().await?;
    loop {
        let (version, room) = match known.take() {
            Some(known) => known,
            None => read_with(&client, code).await?.ok_or(Failure::Missing)?,
        };
        let mut next = room.clone();
        let answer = apply(&mut next);
        if next == room {
            return Ok((
                answer,
                Committed {
                    version,
                    room: next,
                    gone: false,
                },
            ));
        }
        let gone = next.abandoned();
        let payload = if gone {
            format!("{code} gone")
        } else {
            format!("{code} {}", version + 1)
        };
        let written = if gone {
            client
                .query(
                    "WITH gone AS (
                         DELETE FROM rooms WHERE code = $1 AND version = $2 RETURNING code)
                     SELECT pg_notify($3, $4) FROM gone",
                    &[&code.as_str(), &version, &CHANNEL, &payload],
                )
                .await?
        } else {
            client
                .query(
                    "WITH changed AS (
                         UPDATE rooms SET state = $3, version = $2 + 1, updated_ms = $4
                         WHERE code = $1 AND version = $2 RETURNING code)
                     SELECT pg_notify($5, $6) FROM changed",
                    &[
                        &code.as_str(),
                        &version,
                        &wire::to_text(&next),
                        &millis(now_ms),
                        &CHANNEL,
                        &payload,
                    ],
                )
                .await?
        };
        if written.len() == 1 {
            return Ok((
                answer,
                Committed {
                    version: version + 1,
                    room: next,
                    gone,
                },
            ));
        }
        // Another instance changed the room first: read it and decide again.
    }
}

/// The room as stored now; `None` when there is no such room.
pub async fn read(pool: &Pool, code: &RoomCode) -> Result<Option<(i64, Room)>, Failure> {
    let client = pool.get().await?;
    read_with(&client, code).await
}

async fn read_with(
    client: &deadpool_postgres::Client,
    code: &RoomCode,
) -> Result<Option<(i64, Room)>, Failure> {
    let Some(row) = client
        .query_opt(
            "SELECT state, version FROM rooms WHERE code = $1",
            &[&code.as_str()],
        )
        .await?
    else {
        return Ok(None);
    };
    let text: String = row.try_get(0)?;
    let version: i64 = row.try_get(1)?;
    let room = wire::from_text(&text).map_err(Failure::Wire)?;
    Ok(Some((version, room)))
}

/// Which instances hold their liveness lock now.
pub async fn live_instances(pool: &Pool) -> Result<HashSet<u32>, Failure> {
    let client = pool.get().await?;
    let rows = client
        .query(
            "SELECT objid::bigint FROM pg_locks
             WHERE locktype = 'advisory' AND classid::bigint = $1 AND objsubid = 2
               AND granted
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            &[&i64::from(LIVENESS_LOCK as u32)],
        )
        .await?;
    let mut live = HashSet::new();
    for row in rows {
        let id: i64 = row.try_get(0)?;
        if let Ok(id) = u32::try_from(id) {
            live.insert(id);
        }
    }
    Ok(live)
}

/// Forgets rooms nobody changed since `before_ms` (left by instances that were killed with
/// their players in them); says how many.
pub async fn sweep(pool: &Pool, before_ms: u64) -> Result<u64, Failure> {
    let client = pool.get().await?;
    Ok(client
        .execute(
            "DELETE FROM rooms WHERE updated_ms < $1",
            &[&millis(before_ms)],
        )
        .await?)
}
