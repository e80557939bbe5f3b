//! One player of the cluster scenario, from connecting to the end of the typing: who it is,
//! what the fault controller may read and set while it runs, and its typing loop (one move
//! a second, each timed until its echo; after a lost connection, back on the same port and
//! on with the game from where the store has it).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use russh::keys::PrivateKey;

use crate::LoadError;
use crate::client::{Entry, Player, Watcher};
use crate::plan::Plan;
use crate::screen::{self, Standing};

/// What a session does besides typing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Plays today's daily.
    Typist,
    /// Plays today's daily with the solver panel open, a solver animating.
    Solver,
    /// Races in room `room` (by index); the owner opened it.
    Racer { room: usize, owner: bool },
}

/// A change of a racer's count as another racer's screen showed it.
#[derive(Clone, Copy, Debug)]
pub struct Seen {
    /// The seat whose count changed (from 1, as labelled).
    pub seat: usize,
    pub filled: usize,
    pub at: Instant,
    /// The first screen after a connection: it shows the counts, not a change of them.
    pub fresh: bool,
}

/// One session, shared between its task and the fault controller.
pub struct Session {
    pub index: usize,
    pub role: Role,
    pub instance: usize,
    pub key: PrivateKey,
    pub owner: String,
    /// Moves whose echo the player saw.
    pub acked: AtomicU64,
    /// Moves sent (one more than `acked` while a move waits for its echo).
    pub sent: AtomicU64,
    /// Set by the fault controller after a kill: the moves the store holds, where the game
    /// resumes.
    pub resume: Mutex<Option<u64>>,
    /// The connection is gone (the controller waits for this after a kill).
    pub down: AtomicBool,
    /// The racer's seat label (from 1; 0 while unknown), as its screen shows it.
    pub seat: Arc<AtomicUsize>,
    /// Racers: the other racers' count changes this player's screen showed.
    pub seen: Arc<Mutex<Vec<Seen>>>,
    /// The connection, between the setup steps and the typing.
    pub player: Mutex<Option<Arc<Player>>>,
    /// The moves this player types (the daily's, or the room's puzzle's).
    pub plan: Mutex<Option<Plan>>,
}

impl Session {
    pub fn new(index: usize, role: Role, instance: usize) -> Session {
        let key = crate::client::session_key(index);
        let owner = crate::client::owner_of(&key);
        Session {
            index,
            role,
            instance,
            key,
            owner,
            acked: AtomicU64::new(0),
            sent: AtomicU64::new(0),
            resume: Mutex::new(None),
            down: AtomicBool::new(false),
            seat: Arc::new(AtomicUsize::new(0)),
            seen: Arc::new(Mutex::new(Vec::new())),
            player: Mutex::new(None),
            plan: Mutex::new(None),
        }
    }

    pub fn is_racer(&self) -> bool {
        matches!(self.role, Role::Racer { .. })
    }

    /// Whether the store keeps this player's game (racers' boards live in their room).
    pub fn keeps_game(&self) -> bool {
        !self.is_racer()
    }

    pub fn player(&self) -> Option<Arc<Player>> {
        self.player.lock().ok().and_then(|p| p.clone())
    }

    pub fn set_player(&self, player: Option<Arc<Player>>) {
        if let Ok(mut slot) = self.player.lock() {
            *slot = player;
        }
    }

    pub fn plan(&self) -> Option<Plan> {
        self.plan.lock().ok().and_then(|p| p.clone())
    }

    /// Connects to its instance: the game, or (a racer who is not the owner) its room.
    pub async fn connect(&self, port: u16, entry: Entry) -> Result<Arc<Player>, LoadError> {
        let watcher: Option<Watcher> = self.is_racer().then(|| self.watcher());
        let player = Arc::new(Player::open(port, Some(self.key.clone()), entry, watcher).await?);
        self.down.store(false, Ordering::SeqCst);
        self.set_player(Some(player.clone()));
        Ok(player)
    }

    /// Records every change of another racer's count on this racer's screen, and its own
    /// seat (the line marked `▶`).
    fn watcher(&self) -> Watcher {
        let seen = self.seen.clone();
        let own_seat = self.seat.clone();
        let mut last: Vec<Standing> = Vec::new();
        let mut fresh = true;
        Box::new(move |screen, at| {
            let standings = screen::standings(screen);
            if standings.is_empty() {
                return;
            }
            if let Some(own) = standings.iter().find(|s| s.own) {
                own_seat.store(own.seat, Ordering::SeqCst);
            }
            if let Ok(mut seen) = seen.lock() {
                for standing in standings.iter().filter(|s| !s.own) {
                    let before = last.iter().find(|s| s.seat == standing.seat);
                    if before.map(|b| b.filled) != Some(standing.filled) {
                        seen.push(Seen {
                            seat: standing.seat,
                            filled: standing.filled,
                            at,
                            fresh,
                        });
                    }
                }
            }
            fresh = false;
            last = standings;
        })
    }
}
