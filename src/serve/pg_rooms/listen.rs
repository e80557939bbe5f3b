//! Hearing the other instances: one connection LISTENs on the rooms' channel and holds this
//! instance's liveness lock.
//!
//! A notification names a room and its new version; when this instance follows the room and
//! its mirror is older, the row is read and the mirror published. Notifications that arrive
//! together are read together, once per room. When the connection is lost (the database
//! restarting), notifications sent meanwhile are lost with it, so after connecting again every
//! mirrored room is read once before listening on.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio_postgres::{AsyncMessage, NoTls};

use super::Shared;
use super::sql::{self, CHANNEL, Committed, LIVENESS_LOCK};
use crate::race::RoomCode;

/// The pause before connecting again after the listening connection was lost.
const RECONNECT_PAUSE: Duration = Duration::from_millis(500);

/// Listens for as long as the hub lives (its runtime stops this task), connecting again
/// whenever the connection is lost.
pub async fn listen(shared: Arc<Shared>, config: tokio_postgres::Config) {
    let mut reported = false;
    loop {
        match listen_once(&shared, &config).await {
            Ok(()) => reported = false,
            Err(error) => {
                if !reported {
                    tracing::warn!(
                        error = %crate::store::postgres::with_causes(&error),
                        "race rooms: not hearing other instances; trying again"
                    );
                }
                reported = true;
            }
        }
        tokio::time::sleep(RECONNECT_PAUSE).await;
    }
}

/// One listening connection, until it is lost.
async fn listen_once(
    shared: &Arc<Shared>,
    config: &tokio_postgres::Config,
) -> Result<(), tokio_postgres::Error> {
    let (client, mut connection) = config.connect(NoTls).await?;
    let (heard, mut notes) = mpsc::unbounded_channel();
    // The connection is driven here, and its notifications passed on, until it closes.
    let driver = tokio::spawn(async move {
        while let Some(message) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
            match message {
                Ok(AsyncMessage::Notification(note)) => {
                    if heard.send(note.payload().to_string()).is_err() {
                        return;
                    }
                }
                Ok(_) => {}
                Err(error) => {
                    tracing::debug!(%error, "race rooms: the listening connection ended");
                    return;
                }
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    client
        .execute(
            "SELECT pg_advisory_lock($1, $2)",
            &[&LIVENESS_LOCK, &(shared.instance as i32)],
        )
        .await?;
    tracing::info!(instance = shared.instance, "race rooms: listening");
    let everything: Vec<RoomCode> = shared
        .mirrored()
        .into_iter()
        .map(|(code, _)| code)
        .collect();
    refresh(shared, &everything).await;
    while let Some(first) = notes.recv().await {
        let mut newest: HashMap<RoomCode, i64> = HashMap::new();
        let mut read_one = |payload: &str| {
            let Some((code, version)) = payload.split_once(' ') else {
                return;
            };
            let Ok(code) = RoomCode::parse(code) else {
                return;
            };
            // A room that is gone reads as gone: a version above any.
            let version = version.parse::<i64>().unwrap_or(i64::MAX);
            let entry = newest.entry(code).or_insert(version);
            *entry = (*entry).max(version);
        };
        read_one(&first);
        while let Ok(more) = notes.try_recv() {
            read_one(&more);
        }
        let behind: Vec<RoomCode> = newest
            .into_iter()
            .filter(|(code, version)| shared.version_of(code).is_some_and(|seen| seen < *version))
            .map(|(code, _)| code)
            .collect();
        refresh(shared, &behind).await;
    }
    driver.abort();
    drop(client);
    Ok(())
}

/// Reads these rooms and publishes what is newer than the mirrors (side by side).
pub async fn refresh(shared: &Arc<Shared>, codes: &[RoomCode]) {
    let mut reads = tokio::task::JoinSet::new();
    for code in codes {
        let (shared, code) = (shared.clone(), code.clone());
        reads.spawn(async move {
            match sql::read(&shared.pool, &code).await {
                Ok(Some((version, room))) => shared.publish(
                    &code,
                    &Committed {
                        version,
                        room,
                        gone: false,
                    },
                ),
                Ok(None) => {
                    // Forgotten by another instance: the sessions still following it see the
                    // last state they had, and their feed ends.
                    let last = shared.mirrors().get(&code).map(|m| m.feed.borrow().clone());
                    if let Some(room) = last {
                        shared.publish(
                            &code,
                            &Committed {
                                version: i64::MAX,
                                room: (*room).clone(),
                                gone: true,
                            },
                        );
                    }
                }
                Err(failure) => {
                    tracing::debug!(room = %code, error = %failure, "race room not read");
                }
            }
        });
    }
    while reads.join_next().await.is_some() {}
}
