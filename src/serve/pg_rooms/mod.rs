//! Race rooms shared by every instance of a deployment on one PostgreSQL database, so a racer
//! on one instance races a racer on another live.
//!
//! The room's state lives in its row of `rooms` ([`sql`]); each instance keeps a mirror of
//! the rooms its own sessions are in, with the version it last saw, and publishes that mirror
//! to its sessions' feeds exactly like the in-memory hub does. A change is one statement that
//! writes the row only if it is still at the version the change was made from, with
//! `NOTIFY sudoscope_rooms 'CODE VERSION'` (else the row is read and the change made again);
//! every instance LISTENs ([`listen`]) and reads the row again when its mirror is older. No
//! other broker is involved.
//!
//! What a session does has two speeds:
//! - Opening, joining and starting wait for their answer (the seat, the error): they are
//!   rare, and the player is looking at a prompt. They run on the hub's own runtime while the
//!   calling worker hands its other tasks on (`block_in_place`), and give up after
//!   [`ANSWER_WITHIN`] with a message to try again.
//! - Moves and leaving never wait: they go to an ordered queue ([`queue`]) that writes them in
//!   batches, one write per room (from the mirror: one round trip), and keeps them while the database is away (restarting,
//!   say) until it is back. A move only ever replaces the racer's previous one, so a backlog
//!   shrinks to the newest move of each racer.
//!
//! Time passing (a countdown's end, a racer gone for good) is noticed by every instance with a
//! player in the room ([`upkeep`]); the version check makes the second to notice find
//! nothing left to do. A racer whose instance was killed is known to be gone because that instance's
//! liveness lock went with its connections; after [`upkeep::GONE_AFTER`] without it, the
//! racer counts as having left, so the race can end without them, and they get their seat
//! back by joining again from any instance.

mod listen;
mod queue;
pub mod sql;
mod upkeep;

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use deadpool_postgres::Pool;
use sudoscope_core::grid::Puzzle;
use tokio::sync::{mpsc, watch};

use super::rooms::{HubError, Member, RoomFeed, RoomHub};
use crate::race::{Joined, Progress, Room, RoomCode, Settings};
use crate::store::StoreError;
use crate::store::postgres::{client_config, display_url, runtime_and_pool};
use queue::{Action, Queued};
use sql::{Committed, Failure};

/// Connections the hub keeps for its writes and reads (the listener has one more).
const POOL_SIZE: usize = 8;
/// How long opening, joining or starting may wait for the database.
const ANSWER_WITHIN: Duration = Duration::from_secs(4);
/// How many codes are drawn before the hub gives up (see `rooms::CODE_TRIES`).
const CODE_TRIES: usize = 64;

/// The copy of a room that this instance's sessions follow.
struct Mirror {
    version: i64,
    feed: watch::Sender<Arc<Room>>,
}

/// What the hub's tasks share.
struct Shared {
    pool: Pool,
    /// This instance's number: the high half of its connections' numbers.
    instance: u32,
    mirrors: Mutex<HashMap<RoomCode, Mirror>>,
    queue: mpsc::UnboundedSender<Queued>,
}

impl Shared {
    fn mirrors(&self) -> MutexGuard<'_, HashMap<RoomCode, Mirror>> {
        self.mirrors
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Shows a committed state to this instance's sessions in the room, unless they have seen
    /// a newer one; a room that is gone ends their feed.
    fn publish(&self, code: &RoomCode, committed: &Committed) {
        let mut mirrors = self.mirrors();
        if committed.gone {
            if let Some(mirror) = mirrors.remove(code) {
                mirror.feed.send_replace(Arc::new(committed.room.clone()));
            }
            return;
        }
        if let Some(mirror) = mirrors.get_mut(code)
            && committed.version > mirror.version
        {
            mirror.version = committed.version;
            mirror.feed.send_replace(Arc::new(committed.room.clone()));
        }
    }

    /// The feed of a room for one more session, starting from `committed`.
    fn follow(&self, code: &RoomCode, committed: &Committed) -> RoomFeed {
        let mut mirrors = self.mirrors();
        let mirror = mirrors.entry(code.clone()).or_insert_with(|| Mirror {
            version: committed.version,
            feed: watch::channel(Arc::new(committed.room.clone())).0,
        });
        if committed.version > mirror.version {
            mirror.version = committed.version;
            mirror.feed.send_replace(Arc::new(committed.room.clone()));
        }
        mirror.feed.subscribe()
    }

    /// The rooms this instance's sessions are in, as last seen.
    fn mirrored(&self) -> Vec<(RoomCode, Arc<Room>)> {
        let mut mirrors = self.mirrors();
        // A room none of this instance's sessions follow any more is not mirrored.
        mirrors.retain(|_, mirror| mirror.feed.receiver_count() > 0);
        mirrors
            .iter()
            .map(|(code, mirror)| (code.clone(), mirror.feed.borrow().clone()))
            .collect()
    }

    /// The version and state of a mirrored room as last seen, to change it from.
    fn known(&self, code: &RoomCode) -> Option<(i64, Room)> {
        self.mirrors()
            .get(code)
            .map(|mirror| (mirror.version, (**mirror.feed.borrow()).clone()))
    }

    fn version_of(&self, code: &RoomCode) -> Option<i64> {
        self.mirrors().get(code).map(|mirror| mirror.version)
    }
}

/// The rooms of a deployment, in its PostgreSQL database.
pub struct PgRooms {
    shared: Arc<Shared>,
    /// Runs the hub's connections and tasks; `None` only while dropping.
    runtime: Option<tokio::runtime::Runtime>,
}

impl Drop for PgRooms {
    fn drop(&mut self) {
        // As the store's: a runtime dropped inside async code must not wait for its threads.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl PgRooms {
    /// The rooms in the database at `url` (its schema is the store's, made when the store
    /// connected), for the instance numbered `instance`. Starts listening for other
    /// instances' changes and looking after the rooms' clocks.
    pub fn connect(url: &str, instance: u32) -> Result<PgRooms, StoreError> {
        let unreachable = |reason: String| StoreError::Unreachable {
            url: display_url(url),
            reason,
        };
        let mut config = client_config(url).map_err(&unreachable)?;
        config.application_name("sudoscope rooms");
        let (runtime, pool) = runtime_and_pool(
            config.clone(),
            "sudoscope-rooms",
            1,
            POOL_SIZE,
            ANSWER_WITHIN,
        )
        .map_err(&unreachable)?;
        let (queue, queued) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            pool,
            instance,
            mirrors: Mutex::new(HashMap::new()),
            queue,
        });
        runtime.spawn(queue::write(shared.clone(), queued));
        runtime.spawn(listen::listen(shared.clone(), config));
        runtime.spawn(upkeep::look_after(Arc::downgrade(&shared)));
        Ok(PgRooms {
            shared,
            runtime: Some(runtime),
        })
    }

    /// Runs `op` on the hub's runtime until it works, fails for good, or [`ANSWER_WITHIN`]
    /// passes, and waits for it without holding up the caller's other tasks.
    fn answer<T, F, Fut>(&self, code: Option<&RoomCode>, op: F) -> Result<T, HubError>
    where
        T: Send + 'static,
        F: Fn(Pool) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, Failure>> + Send,
    {
        let Some(runtime) = &self.runtime else {
            return Err(HubError::Unavailable);
        };
        let pool = self.shared.pool.clone();
        let (sender, receiver) = std::sync::mpsc::sync_channel(1);
        runtime.spawn(async move {
            let deadline = Instant::now() + ANSWER_WITHIN;
            let mut pause = Duration::from_millis(50);
            let outcome = loop {
                match op(pool.clone()).await {
                    Err(failure) if failure.may_pass() && Instant::now() + pause < deadline => {
                        tokio::time::sleep(pause).await;
                        pause = (pause * 2).min(Duration::from_millis(800));
                    }
                    other => break other,
                }
            };
            let _ = sender.send(outcome);
        });
        let wait = || receiver.recv_timeout(ANSWER_WITHIN + Duration::from_secs(1));
        let outcome = match tokio::runtime::Handle::try_current() {
            Ok(handle) if handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
                tokio::task::block_in_place(wait)
            }
            _ => wait(),
        };
        match outcome {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(Failure::Missing)) => match code {
                Some(code) => Err(HubError::NoSuchRoom(code.clone())),
                None => Err(HubError::Unavailable),
            },
            Ok(Err(failure)) => {
                tracing::warn!(error = %failure, "race rooms: the database did not answer");
                Err(HubError::Unavailable)
            }
            Err(_) => Err(HubError::Unavailable),
        }
    }

    /// After a session starts following a room, reads it once more: a change committed by
    /// another instance between this one's transaction and its mirror being there is not
    /// missed.
    fn catch_up(&self, code: &RoomCode) {
        let Some(runtime) = &self.runtime else {
            return;
        };
        let shared = self.shared.clone();
        let code = code.clone();
        runtime.spawn(async move { listen::refresh(&shared, &[code]).await });
    }

    fn enqueue(&self, code: &RoomCode, action: Action) {
        // The writer lives as long as the hub; a send fails only while the hub is dropped.
        let _ = self.shared.queue.send(Queued {
            code: code.clone(),
            action,
        });
    }
}

impl RoomHub for PgRooms {
    fn open(
        &self,
        settings: Settings,
        puzzle: Puzzle,
        owner: &Member,
    ) -> Result<(RoomCode, Joined, RoomFeed), HubError> {
        let now = self.now_ms();
        let owner = owner.clone();
        let (code, joined, committed) = self
            .answer(None, move |pool| {
                let (settings, puzzle, owner) = (settings, puzzle.clone(), owner.clone());
                async move {
                    for _ in 0..CODE_TRIES {
                        let code = RoomCode::random(rand::random::<u32>);
                        let mut room =
                            Room::new(code.clone(), settings, puzzle.clone(), &owner.key);
                        let joined = room.join(&owner.key, owner.name.clone(), owner.connection);
                        if sql::insert(&pool, &room, now).await? {
                            let committed = Committed {
                                version: 1,
                                room,
                                gone: false,
                            };
                            return Ok(Some((code, joined, committed)));
                        }
                    }
                    Ok(None)
                }
            })?
            .ok_or(HubError::NoFreeCode)?;
        let feed = self.shared.follow(&code, &committed);
        Ok((code, joined, feed))
    }

    fn join(
        &self,
        code: &RoomCode,
        member: &Member,
        watch_only: bool,
    ) -> Result<(Joined, RoomFeed), HubError> {
        let (wanted, member) = (code.clone(), member.clone());
        let (joined, committed) = self.answer(Some(code), move |pool| {
            let (code, member) = (wanted.clone(), member.clone());
            async move {
                let now = crate::store::now_ms().max(0) as u64;
                sql::change(&pool, &code, now, None, |room| {
                    if watch_only {
                        room.watch()
                    } else {
                        room.join(&member.key, member.name.clone(), member.connection)
                    }
                })
                .await
            }
        })?;
        let feed = self.shared.follow(code, &committed);
        self.catch_up(code);
        Ok((joined, feed))
    }

    fn start(&self, code: &RoomCode, key: &str) -> Result<(), HubError> {
        let (wanted, key) = (code.clone(), key.to_string());
        let (started, committed) = self.answer(Some(code), move |pool| {
            let (code, key) = (wanted.clone(), key.clone());
            async move {
                let now = crate::store::now_ms().max(0) as u64;
                sql::change(&pool, &code, now, None, |room| room.start(&key, now)).await
            }
        })?;
        self.shared.publish(code, &committed);
        started.map_err(HubError::from)
    }

    fn progress(&self, code: &RoomCode, key: &str, connection: u64, progress: Progress) {
        self.enqueue(
            code,
            Action::Progress {
                key: key.to_string(),
                connection,
                progress,
            },
        );
    }

    fn leave(&self, code: &RoomCode, key: &str, place: Joined, connection: u64) {
        self.enqueue(
            code,
            Action::Leave {
                key: key.to_string(),
                place,
                connection,
            },
        );
    }

    fn now_ms(&self) -> u64 {
        crate::store::now_ms().max(0) as u64
    }
}

/// The instance a connection belongs to: connection numbers carry their instance's number
/// in their high half (see `server`), so a racer's seat says where they play.
pub fn instance_of(connection: u64) -> u32 {
    (connection >> 32) as u32
}
