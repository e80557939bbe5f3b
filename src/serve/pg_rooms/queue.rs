//! The writer of what sessions do in rooms without waiting: moves, leaving, time passing.
//!
//! Actions are written in the order they were queued, room by room: whatever has piled up
//! while the last batch was written is taken at once, grouped by room, and each room's
//! actions go in one transaction (rooms are written side by side). A move replaces the
//! racer's board and counts, so of several queued moves of one racer only the newest is
//! written. When the database is away, the batch is tried again, pausing longer each time up
//! to a few seconds, and nothing queued is dropped: once it is back, the racers' newest moves
//! land and every instance hears of them.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use super::Shared;
use super::sql::{self, Failure};
use crate::race::{Joined, Progress, Room, RoomCode};

/// Something a session (or the hub's upkeep) does to a room.
#[derive(Debug)]
pub enum Action {
    Progress {
        key: String,
        connection: u64,
        progress: Progress,
    },
    Leave {
        key: String,
        place: Joined,
        connection: u64,
    },
    /// Time passed: end a countdown, give up on racers gone too long.
    Tick,
    /// The instance of this racer's connection is gone: the racer is away (`Room::lost`).
    InstanceGone { key: String, connection: u64 },
}

/// An action and its room.
#[derive(Debug)]
pub struct Queued {
    pub code: RoomCode,
    pub action: Action,
}

/// The longest pause between tries while the database is away.
const MOST_PAUSE: Duration = Duration::from_secs(2);

/// Applies one action to a room, at `now_ms`.
fn apply(room: &mut Room, action: &Action, now_ms: u64) {
    match action {
        Action::Progress {
            key,
            connection,
            progress,
        } => {
            room.progress(key, *connection, progress.clone(), now_ms);
        }
        Action::Leave {
            key,
            place: Joined::Racer(_),
            connection,
        } => room.leave(key, *connection, now_ms),
        Action::InstanceGone { key, connection } => room.lost(key, *connection, now_ms),
        Action::Leave {
            place: Joined::Spectator,
            ..
        } => room.unwatch(),
        Action::Tick => {
            room.tick(now_ms);
        }
    }
}

/// The batch grouped by room, in order of each room's first action, with every move that a
/// later move of the same racer's connection replaces left out.
pub fn group(batch: Vec<Queued>) -> Vec<(RoomCode, Vec<Action>)> {
    let mut groups: Vec<(RoomCode, Vec<Action>)> = Vec::new();
    for queued in batch {
        let at = match groups.iter().position(|(code, _)| *code == queued.code) {
            Some(at) => at,
            None => {
                groups.push((queued.code.clone(), Vec::new()));
                groups.len() - 1
            }
        };
        let actions = &mut groups[at].1;
        if let Action::Progress {
            key, connection, ..
        } = &queued.action
        {
            // The racer's last action in the batch is replaced when it is a move of the same
            // connection (a move before they left stays before the leaving).
            let last = actions.iter().rposition(|earlier| match earlier {
                Action::Progress { key: k, .. }
                | Action::Leave { key: k, .. }
                | Action::InstanceGone { key: k, .. } => k == key,
                Action::Tick => false,
            });
            if let Some(at) = last
                && matches!(&actions[at], Action::Progress { connection: c, .. } if c == connection)
            {
                actions.remove(at);
            }
        }
        actions.push(queued.action);
    }
    groups
}

/// Writes one room's actions until they land (or the room is gone).
async fn write_room(shared: &Shared, code: RoomCode, actions: Vec<Action>) {
    let mut pause = Duration::from_millis(100);
    loop {
        let now = crate::store::now_ms().max(0) as u64;
        let known = shared.known(&code);
        let outcome = sql::change(&shared.pool, &code, now, known, |room| {
            for action in &actions {
                apply(room, action, now);
            }
        })
        .await;
        match outcome {
            Ok(((), committed)) => {
                shared.publish(&code, &committed);
                return;
            }
            Err(Failure::Missing) => return,
            Err(failure) if failure.may_pass() => {
                tracing::debug!(room = %code, error = %failure, "race room write waits");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(MOST_PAUSE);
            }
            Err(failure) => {
                tracing::warn!(room = %code, error = %failure, "race room write dropped");
                return;
            }
        }
    }
}

/// The writer task: runs as long as the hub can queue.
pub async fn write(shared: Arc<Shared>, mut queued: mpsc::UnboundedReceiver<Queued>) {
    while let Some(first) = queued.recv().await {
        let mut batch = vec![first];
        while let Ok(more) = queued.try_recv() {
            batch.push(more);
        }
        let mut writes = tokio::task::JoinSet::new();
        for (code, actions) in group(batch) {
            let shared = shared.clone();
            writes.spawn(async move { write_room(&shared, code, actions).await });
        }
        while writes.join_next().await.is_some() {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> RoomCode {
        RoomCode::parse(text).expect("a code")
    }

    fn moved(key: &str, filled: u32) -> Action {
        Action::Progress {
            key: key.into(),
            connection: 1,
            progress: Progress {
                entries: vec![0; 81],
                filled,
                mistakes: 0,
                solved: false,
            },
        }
    }

    fn filled(action: &Action) -> Option<u32> {
        match action {
            Action::Progress { progress, .. } => Some(progress.filled),
            _ => None,
        }
    }

    #[test]
    fn a_racers_newest_move_replaces_the_older_ones_of_a_batch() {
        let (a, b) = (code("AAAAA"), code("BBBBB"));
        let batch = vec![
            Queued {
                code: a.clone(),
                action: moved("alice", 1),
            },
            Queued {
                code: b.clone(),
                action: moved("bob", 1),
            },
            Queued {
                code: a.clone(),
                action: moved("carol", 1),
            },
            Queued {
                code: a.clone(),
                action: moved("alice", 2),
            },
            Queued {
                code: a.clone(),
                action: Action::Tick,
            },
        ];
        let groups = group(batch);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].0, a);
        let fills: Vec<Option<u32>> = groups[0].1.iter().map(filled).collect();
        assert_eq!(
            fills,
            vec![Some(1), Some(2), None],
            "carol, alice's newest, tick"
        );
        assert_eq!(groups[1].1.len(), 1);
    }

    #[test]
    fn a_move_before_leaving_is_kept_before_it() {
        let a = code("AAAAA");
        let batch = vec![
            Queued {
                code: a.clone(),
                action: moved("alice", 1),
            },
            Queued {
                code: a.clone(),
                action: Action::Leave {
                    key: "alice".into(),
                    place: Joined::Racer(0),
                    connection: 1,
                },
            },
            Queued {
                code: a.clone(),
                action: moved("alice", 2),
            },
        ];
        let groups = group(batch);
        let fills: Vec<Option<u32>> = groups[0].1.iter().map(filled).collect();
        assert_eq!(fills, vec![Some(1), None, Some(2)]);
    }
}
