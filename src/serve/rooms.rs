//! Where race rooms live while a server runs, behind one seam: [`RoomHub`].
//!
//! A session never holds a room. It sends the hub what its player did (join, start, a move,
//! leaving) and follows the room through a [`RoomFeed`], a `watch` channel that always holds
//! the room's newest state: a session that falls behind skips to the latest state instead of
//! queueing old ones, and the room's rules ([`crate::race::Room`]) run in one place.
//!
//! [`LocalRooms`] keeps the rooms of one `serve` process in memory. Rooms that span several
//! instances live in the shared database instead (`pg_rooms::PgRooms`): each instance keeps
//! a mirror of the rooms its players are in, and PostgreSQL LISTEN/NOTIFY tells the others of
//! each change. The trait is shaped for that: actions do not wait for the other players, and
//! all the state a session sees comes through its feed. The room clock is the wall clock
//! (milliseconds since the Unix epoch), which the instances of one deployment share.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use sudoscope_core::grid::Puzzle;
use thiserror::Error;
use tokio::sync::watch;

use crate::race::{Joined, Progress, Room, RoomCode, RoomError, Settings};

/// A room's newest state, for the sessions in it.
pub type RoomFeed = watch::Receiver<Arc<Room>>;

/// The rooms a server's sessions share.
pub type SharedRooms = Arc<dyn RoomHub>;

/// How often rooms are looked at to end countdowns and give up on racers gone too long.
const TICK: Duration = Duration::from_millis(200);

/// How many codes are tried before the hub says it is full (codes are random; with 20 million
/// of them a clash is rare, repeated clashes mean the server holds far too many rooms).
const CODE_TRIES: usize = 64;

/// Who joins: the player's identity (it keeps their seat), the name others see, and the
/// connection (a later connection of the same player takes the seat over).
#[derive(Clone, Debug)]
pub struct Member {
    pub key: String,
    pub name: Option<String>,
    pub connection: u64,
}

/// Why the hub could not do what was asked, in words for the player.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum HubError {
    #[error("there is no room {0} (a room closes when everyone has left it)")]
    NoSuchRoom(RoomCode),
    #[error(transparent)]
    Room(#[from] RoomError),
    #[error("no room code is free right now; please try again later")]
    NoFreeCode,
    #[error("the race rooms cannot be reached just now; please try again in a moment")]
    Unavailable,
}

/// The rooms: every call is short and never waits for another player.
pub trait RoomHub: Send + Sync {
    /// Opens a room racing on `puzzle` and seats its owner; returns its code.
    fn open(
        &self,
        settings: Settings,
        puzzle: Puzzle,
        owner: &Member,
    ) -> Result<(RoomCode, Joined, RoomFeed), HubError>;
    /// Joins a room: a seat when there is one for this player (or theirs, again), else
    /// watching; `watch_only` always watches.
    fn join(
        &self,
        code: &RoomCode,
        member: &Member,
        watch_only: bool,
    ) -> Result<(Joined, RoomFeed), HubError>;
    /// The owner starts the countdown.
    fn start(&self, code: &RoomCode, key: &str) -> Result<(), HubError>;
    /// A racer's move (racers are named by identity: seats move up when someone leaves the
    /// lobby).
    fn progress(&self, code: &RoomCode, key: &str, connection: u64, progress: Progress);
    /// A player left (their connection closed, or they left the room): a racer, or a
    /// spectator when `place` says so.
    fn leave(&self, code: &RoomCode, key: &str, place: Joined, connection: u64);
    /// The room clock now, in milliseconds.
    fn now_ms(&self) -> u64;
}

/// A room and the channel its state goes out on.
struct Held {
    room: Room,
    feed: watch::Sender<Arc<Room>>,
}

impl Held {
    fn publish(&self) {
        self.feed.send_replace(Arc::new(self.room.clone()));
    }
}

type Clock = Arc<dyn Fn() -> u64 + Send + Sync>;

struct Inner {
    rooms: Mutex<HashMap<RoomCode, Held>>,
    clock: Clock,
}

/// The rooms of one `serve` process, in memory.
#[derive(Clone)]
pub struct LocalRooms {
    inner: Arc<Inner>,
}

impl LocalRooms {
    /// Rooms on the wall clock, with a task that ends countdowns and gives up on racers who
    /// stayed away (it stops when the rooms are dropped). Needs a tokio runtime.
    pub fn start() -> LocalRooms {
        let rooms = LocalRooms::with_clock(Arc::new(|| crate::store::now_ms().max(0) as u64));
        let weak = Arc::downgrade(&rooms.inner);
        tokio::spawn(tick_while_alive(weak));
        rooms
    }

    /// Rooms on a given clock, without the ticking task (tests call [`LocalRooms::tick`]).
    pub fn with_clock(clock: Clock) -> LocalRooms {
        LocalRooms {
            inner: Arc::new(Inner {
                rooms: Mutex::new(HashMap::new()),
                clock,
            }),
        }
    }

    /// Moves every room's clock on; forgets the rooms nobody is in.
    pub fn tick(&self) {
        let now = self.now_ms();
        let mut rooms = self.lock();
        for held in rooms.values_mut() {
            if held.room.tick(now) {
                held.publish();
            }
        }
        rooms.retain(|_, held| !held.room.abandoned());
    }

    /// How many rooms are open.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<RoomCode, Held>> {
        // A panic inside a room's rules leaves the map itself intact.
        self.inner
            .rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs `change` on the room and publishes it; forgets the room once nobody is in it.
    fn with_room<T>(
        &self,
        code: &RoomCode,
        change: impl FnOnce(&mut Room, u64) -> T,
    ) -> Result<T, HubError> {
        let now = self.now_ms();
        let mut rooms = self.lock();
        let held = rooms
            .get_mut(code)
            .ok_or_else(|| HubError::NoSuchRoom(code.clone()))?;
        let answer = change(&mut held.room, now);
        held.publish();
        if held.room.abandoned() {
            rooms.remove(code);
        }
        Ok(answer)
    }
}

async fn tick_while_alive(rooms: Weak<Inner>) {
    let mut interval = tokio::time::interval(TICK);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        interval.tick().await;
        let Some(inner) = rooms.upgrade() else {
            return;
        };
        LocalRooms { inner }.tick();
    }
}

impl RoomHub for LocalRooms {
    fn open(
        &self,
        settings: Settings,
        puzzle: Puzzle,
        owner: &Member,
    ) -> Result<(RoomCode, Joined, RoomFeed), HubError> {
        let mut rooms = self.lock();
        let code = (0..CODE_TRIES)
            .map(|_| RoomCode::random(rand::random::<u32>))
            .find(|code| !rooms.contains_key(code))
            .ok_or(HubError::NoFreeCode)?;
        let mut room = Room::new(code.clone(), settings, puzzle, &owner.key);
        let joined = room.join(&owner.key, owner.name.clone(), owner.connection);
        let (feed, receiver) = watch::channel(Arc::new(room.clone()));
        rooms.insert(code.clone(), Held { room, feed });
        Ok((code, joined, receiver))
    }

    fn join(
        &self,
        code: &RoomCode,
        member: &Member,
        watch_only: bool,
    ) -> Result<(Joined, RoomFeed), HubError> {
        let mut rooms = self.lock();
        let held = rooms
            .get_mut(code)
            .ok_or_else(|| HubError::NoSuchRoom(code.clone()))?;
        let joined = if watch_only {
            held.room.watch()
        } else {
            held.room
                .join(&member.key, member.name.clone(), member.connection)
        };
        held.publish();
        Ok((joined, held.feed.subscribe()))
    }

    fn start(&self, code: &RoomCode, key: &str) -> Result<(), HubError> {
        self.with_room(code, |room, now| room.start(key, now))?
            .map_err(HubError::from)
    }

    fn progress(&self, code: &RoomCode, key: &str, connection: u64, progress: Progress) {
        let _ = self.with_room(code, |room, now| {
            room.progress(key, connection, progress, now)
        });
    }

    fn leave(&self, code: &RoomCode, key: &str, place: Joined, connection: u64) {
        let _ = self.with_room(code, |room, now| match place {
            Joined::Racer(_) => room.leave(key, connection, now),
            Joined::Spectator => room.unwatch(),
        });
    }

    fn now_ms(&self) -> u64 {
        (self.inner.clock)()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::{COUNTDOWN_MS, Phase};
    use std::sync::atomic::{AtomicU64, Ordering};
    use sudoscope_core::generate::Level;
    use sudoscope_core::grid::{ReadOptions, Variant, parse_puzzle};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn member(key: &str, connection: u64) -> Member {
        Member {
            key: key.into(),
            name: None,
            connection,
        }
    }

    fn hub() -> (LocalRooms, Arc<AtomicU64>) {
        let now = Arc::new(AtomicU64::new(1_000));
        let clock = now.clone();
        let hub = LocalRooms::with_clock(Arc::new(move || clock.load(Ordering::SeqCst)));
        (hub, now)
    }

    fn settings() -> Settings {
        Settings {
            size: 9,
            variant: Variant::Standard,
            level: Some(Level::Easy),
        }
    }

    #[test]
    fn every_session_in_a_room_sees_each_change() {
        let (hub, now) = hub();
        let puzzle = parse_puzzle(PUZZLE, ReadOptions::default()).expect("a puzzle");
        let (code, joined, mut alice) = hub
            .open(settings(), puzzle, &member("alice", 1))
            .expect("opened");
        assert_eq!(joined, Joined::Racer(0));
        let (joined, mut bob) = hub.join(&code, &member("bob", 2), false).expect("joined");
        assert_eq!(joined, Joined::Racer(1));
        let (watching, _carol) = hub.join(&code, &member("carol", 3), true).expect("in");
        assert_eq!(watching, Joined::Spectator);
        assert!(alice.has_changed().unwrap_or(false));
        assert_eq!(alice.borrow_and_update().racers.len(), 2);
        assert_eq!(
            hub.start(&code, "bob"),
            Err(HubError::Room(RoomError::NotOwner))
        );
        hub.start(&code, "alice").expect("started");
        now.fetch_add(COUNTDOWN_MS, Ordering::SeqCst);
        hub.tick();
        assert!(matches!(
            bob.borrow_and_update().phase,
            Phase::Racing { .. }
        ));
        let progress = Progress {
            entries: vec![0; 81],
            filled: 4,
            mistakes: 1,
            solved: false,
        };
        hub.progress(&code, "bob", 2, progress);
        assert_eq!(alice.borrow_and_update().racers[1].filled, 4);
        assert!(
            matches!(
                hub.join(
                    &RoomCode::parse("ZZZZZ").expect("a code"),
                    &member("x", 9),
                    false
                ),
                Err(HubError::NoSuchRoom(_))
            ),
            "an unknown code"
        );
    }

    #[test]
    fn a_room_nobody_is_in_is_forgotten() {
        let (hub, _) = hub();
        let puzzle = parse_puzzle(PUZZLE, ReadOptions::default()).expect("a puzzle");
        let (code, joined, feed) = hub
            .open(settings(), puzzle, &member("alice", 1))
            .expect("opened");
        assert_eq!(hub.len(), 1);
        hub.leave(&code, "alice", joined, 1);
        assert!(hub.is_empty());
        // The feed ends, so its sessions stop waiting on it.
        assert!(feed.has_changed().is_err());
    }
}
