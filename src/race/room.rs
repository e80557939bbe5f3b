//! One race room as a state machine: lobby → countdown → racing → done.
//!
//! Everything here is pure: each action carries the time it happens (milliseconds on the
//! clock of whoever keeps the room) and the room answers with its new state, so the rules
//! are tested without sockets or sleeps. Who holds the room, and how its state reaches the
//! players, is the `RoomHub`'s business (`serve::rooms`).
//!
//! The rules, as players meet them:
//! - The player who opens the room owns it; up to [`MAX_RACERS`] racers take seats in the
//!   lobby. Anyone who comes when the seats are taken or the race has begun watches.
//! - The owner starts: a countdown of [`COUNTDOWN_MS`], then the race; every racer has the
//!   room's puzzle.
//! - A racer's progress (their digits, how many cells they filled, the mistakes their checks
//!   found) is kept per seat: other racers are shown the counts, spectators the board.
//! - A racer whose connection drops keeps their seat and board: joining again with the same
//!   identity (SSH key) takes the seat back and continues from the last move. The race does
//!   not wait for ever: a racer gone for [`DROP_GRACE_MS`] counts as not finishing.
//! - The race is done when every racer has finished or is gone; the finish order is by race
//!   time (from the end of the countdown).

use sudoscope_core::generate::Level;
use sudoscope_core::grid::{Puzzle, Variant};
use thiserror::Error;

use super::code::RoomCode;

/// The most racers in one room; more players watch.
pub const MAX_RACERS: usize = 8;
/// The countdown between the owner's start and the race (3, 2, 1).
pub const COUNTDOWN_MS: u64 = 3_000;
/// How long a racer whose connection dropped keeps the race open for their return.
pub const DROP_GRACE_MS: u64 = 120_000;

/// The puzzle a room races on, as chosen in the new-game dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub size: usize,
    pub variant: Variant,
    /// `None`: any level.
    pub level: Option<Level>,
}

impl Settings {
    /// `9x9 standard medium`, as the lobby and the side list say it.
    pub fn describe(&self) -> String {
        let n = self.size;
        let level = self.level.map_or("any level", |l| l.id());
        format!("{n}x{n} {} {level}", self.variant)
    }
}

/// Where the race is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Racers take their seats; the owner starts.
    Lobby,
    /// The race begins at `go_ms`.
    Countdown { go_ms: u64 },
    /// The race began at `started_ms`.
    Racing { started_ms: u64 },
    /// The race is over (`started_ms` is `None` when it never began).
    Done {
        started_ms: Option<u64>,
        ended_ms: u64,
    },
}

/// One racer's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Racer {
    /// Who sits here: the player's identity (their key's fingerprint, or a session's own
    /// name for an anonymous player, who therefore cannot come back).
    pub key: String,
    /// The display name the player chose, if any (validated by `names` when stored; drawn
    /// through `names::for_terminal`).
    pub name: Option<String>,
    /// The connection playing this seat; `None` while the racer is away.
    pub connection: Option<u64>,
    /// When the racer's connection dropped.
    pub dropped_ms: Option<u64>,
    /// The racer's board: one digit per cell, 0 for empty (givens included).
    pub entries: Vec<u8>,
    /// Cells the racer filled (givens not counted).
    pub filled: u32,
    /// Mistakes the racer's checks found, added up over the race.
    pub mistakes: u32,
    /// The race time of their finish.
    pub finished_ms: Option<u64>,
}

/// What a racer's session reports after a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub entries: Vec<u8>,
    pub filled: u32,
    pub mistakes: u32,
    /// The board is solved.
    pub solved: bool,
}

/// Where a joining player ends up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// In this seat (a new one, or theirs again).
    Racer(usize),
    /// Watching.
    Spectator,
}

/// A racer's place in the results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub seat: usize,
    /// 1 for the winner; `None` for a racer who did not finish.
    pub place: Option<usize>,
    pub time_ms: Option<u64>,
}

/// Why an action was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RoomError {
    #[error("only the player who opened the room starts the race")]
    NotOwner,
    #[error("the race has started already")]
    Started,
    #[error("nobody is seated to race")]
    NoRacers,
}

/// One room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    pub code: RoomCode,
    pub settings: Settings,
    /// The puzzle every racer gets.
    pub puzzle: Puzzle,
    /// Cells to fill (the puzzle's empty cells).
    pub to_fill: u32,
    /// The identity of the player who starts the race (passed on if they leave the lobby).
    pub owner: String,
    pub phase: Phase,
    pub racers: Vec<Racer>,
    /// Spectators connected now.
    pub spectators: u32,
}

impl Room {
    /// A room in its lobby, with nobody in it yet (the owner joins like anyone else).
    pub fn new(code: RoomCode, settings: Settings, puzzle: Puzzle, owner: &str) -> Room {
        let to_fill = puzzle.givens.cells().iter().filter(|&&d| d == 0).count() as u32;
        Room {
            code,
            settings,
            puzzle,
            to_fill,
            owner: owner.to_string(),
            phase: Phase::Lobby,
            racers: Vec::new(),
            spectators: 0,
        }
    }

    /// A player joins on `connection`: a seat while the lobby has one, the player's own seat
    /// again while the race is on, else watching.
    pub fn join(&mut self, key: &str, name: Option<String>, connection: u64) -> Joined {
        if let Some(seat) = self.seat_of(key)
            && !matches!(self.phase, Phase::Done { .. })
        {
            let racer = &mut self.racers[seat];
            racer.connection = Some(connection);
            racer.dropped_ms = None;
            if name.is_some() {
                racer.name = name;
            }
            return Joined::Racer(seat);
        }
        if self.phase == Phase::Lobby && self.racers.len() < MAX_RACERS {
            let givens = self.puzzle.givens.cells().to_vec();
            self.racers.push(Racer {
                key: key.to_string(),
                name,
                connection: Some(connection),
                dropped_ms: None,
                entries: givens,
                filled: 0,
                mistakes: 0,
                finished_ms: None,
            });
            return Joined::Racer(self.racers.len() - 1);
        }
        self.spectators += 1;
        Joined::Spectator
    }

    /// A player comes to watch (even when a seat is free).
    pub fn watch(&mut self) -> Joined {
        self.spectators += 1;
        Joined::Spectator
    }

    /// A spectator went away.
    pub fn unwatch(&mut self) {
        self.spectators = self.spectators.saturating_sub(1);
    }

    /// The seat of the player with this identity.
    pub fn seat_of(&self, key: &str) -> Option<usize> {
        self.racers.iter().position(|r| r.key == key)
    }

    /// The owner starts the countdown.
    pub fn start(&mut self, key: &str, now_ms: u64) -> Result<(), RoomError> {
        if key != self.owner {
            return Err(RoomError::NotOwner);
        }
        if self.phase != Phase::Lobby {
            return Err(RoomError::Started);
        }
        if !self.racers.iter().any(|r| r.connection.is_some()) {
            return Err(RoomError::NoRacers);
        }
        self.phase = Phase::Countdown {
            go_ms: now_ms + COUNTDOWN_MS,
        };
        Ok(())
    }

    /// A racer's move, from the connection that holds their seat (a connection that lost the
    /// seat to a newer one is not heard). Says whether anything changed. Racers are named by
    /// identity, not seat number: seats move up when someone leaves the lobby.
    pub fn progress(&mut self, key: &str, connection: u64, progress: Progress, now: u64) -> bool {
        let Phase::Racing { started_ms } = self.phase else {
            return false;
        };
        let Some(racer) = self.racers.iter_mut().find(|r| r.key == key) else {
            return false;
        };
        if racer.connection != Some(connection) || racer.finished_ms.is_some() {
            return false;
        }
        // A connection thought lost (see [`Room::lost`]) is heard again: it is there.
        racer.dropped_ms = None;
        racer.entries = progress.entries;
        racer.filled = progress.filled.min(self.to_fill);
        racer.mistakes = progress.mistakes;
        if progress.solved {
            racer.finished_ms = Some(now.saturating_sub(started_ms));
        }
        self.settle(now);
        true
    }

    /// The connection of a seat closed. In the lobby the seat is given up (and the room's
    /// ownership passes on); in the race it is kept for the racer's return.
    pub fn leave(&mut self, key: &str, connection: u64, now_ms: u64) {
        let Some(seat) = self.seat_of(key) else {
            return;
        };
        let racer = &mut self.racers[seat];
        if racer.connection != Some(connection) {
            return;
        }
        match self.phase {
            Phase::Lobby | Phase::Countdown { .. } => {
                let gone = self.racers.remove(seat);
                if gone.key == self.owner
                    && let Some(next) = self.racers.first()
                {
                    self.owner = next.key.clone();
                }
                if self.racers.is_empty() && matches!(self.phase, Phase::Countdown { .. }) {
                    self.phase = Phase::Lobby;
                }
            }
            Phase::Racing { .. } => {
                racer.connection = None;
                racer.dropped_ms = Some(now_ms);
                self.settle(now_ms);
            }
            Phase::Done { .. } => racer.connection = None,
        }
    }

    /// The connection of a seat is thought lost without having closed here: the server it was
    /// on is gone (killed, cut off from the others). The racer counts as away, so the race can
    /// end without them, but the seat stays with that connection: if it was there after all,
    /// its next move is heard and the racer is back; if not, the racer joins again from
    /// elsewhere and takes the seat, as after any drop. In the lobby, or once the race is
    /// over, it is the same as leaving.
    pub fn lost(&mut self, key: &str, connection: u64, now_ms: u64) {
        let Some(seat) = self.seat_of(key) else {
            return;
        };
        let racer = &mut self.racers[seat];
        if racer.connection != Some(connection) {
            return;
        }
        match self.phase {
            Phase::Racing { .. } => {
                if racer.dropped_ms.is_none() {
                    racer.dropped_ms = Some(now_ms);
                }
                self.settle(now_ms);
            }
            _ => self.leave(key, connection, now_ms),
        }
    }

    /// Time passed: the countdown ends, a racer gone too long is given up on. Says whether
    /// anything changed.
    pub fn tick(&mut self, now_ms: u64) -> bool {
        match self.phase {
            Phase::Countdown { go_ms } if now_ms >= go_ms => {
                self.phase = Phase::Racing { started_ms: go_ms };
                true
            }
            Phase::Racing { .. } => self.settle(now_ms),
            _ => false,
        }
    }

    /// Ends the race once every racer has finished or is gone for good.
    fn settle(&mut self, now_ms: u64) -> bool {
        let Phase::Racing { started_ms } = self.phase else {
            return false;
        };
        let over = self.racers.iter().all(|r| {
            r.finished_ms.is_some()
                || r.dropped_ms
                    .is_some_and(|at| now_ms.saturating_sub(at) >= DROP_GRACE_MS)
        });
        if over {
            self.phase = Phase::Done {
                started_ms: Some(started_ms),
                ended_ms: now_ms,
            };
        }
        over
    }

    /// Whether anybody is connected to the room (a racer or a spectator).
    pub fn occupied(&self) -> bool {
        self.spectators > 0 || self.racers.iter().any(|r| r.connection.is_some())
    }

    /// Whether the room can be forgotten: nobody is in it and no race waits for a racer's
    /// return.
    pub fn abandoned(&self) -> bool {
        !self.occupied() && !matches!(self.phase, Phase::Racing { .. })
    }

    /// The race time at `now_ms` (zero before the start, the end's once done).
    pub fn race_time(&self, now_ms: u64) -> u64 {
        match self.phase {
            Phase::Lobby | Phase::Countdown { .. } => 0,
            Phase::Racing { started_ms } => now_ms.saturating_sub(started_ms),
            Phase::Done {
                started_ms,
                ended_ms,
            } => started_ms.map_or(0, |s| ended_ms.saturating_sub(s)),
        }
    }

    /// The racers in finishing order: finishers by time, then the others by cells filled.
    pub fn standings(&self) -> Vec<Standing> {
        let mut seats: Vec<usize> = (0..self.racers.len()).collect();
        seats.sort_by_key(|&s| {
            let r = &self.racers[s];
            (
                r.finished_ms.is_none(),
                r.finished_ms.unwrap_or(0),
                std::cmp::Reverse(r.filled),
                s,
            )
        });
        let mut place = 0;
        seats
            .into_iter()
            .map(|seat| {
                let time_ms = self.racers[seat].finished_ms;
                if time_ms.is_some() {
                    place += 1;
                }
                Standing {
                    seat,
                    place: time_ms.map(|_| place),
                    time_ms,
                }
            })
            .collect()
    }

    /// What a seat is called on screen: the racer's name, else a neutral label. Drawn
    /// through `names::for_terminal` (a name comes from a player).
    pub fn label(&self, seat: usize) -> String {
        match self.racers.get(seat).and_then(|r| r.name.clone()) {
            Some(name) => name,
            None => format!("racer {}", seat + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoscope_core::grid::{ReadOptions, parse_puzzle};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn room() -> Room {
        let puzzle = parse_puzzle(PUZZLE, ReadOptions::default()).expect("a puzzle");
        let settings = Settings {
            size: 9,
            variant: Variant::Standard,
            level: Some(Level::Easy),
        };
        let code = RoomCode::parse("ABCDE").expect("a code");
        Room::new(code, settings, puzzle, "alice")
    }

    fn moved(filled: u32, solved: bool) -> Progress {
        Progress {
            entries: vec![1; 81],
            filled,
            mistakes: 0,
            solved,
        }
    }

    /// Opens, seats alice (owner) and bob, counts down and starts the race at 10 s.
    fn racing() -> Room {
        let mut room = room();
        assert_eq!(
            room.join("alice", Some("Alice".into()), 1),
            Joined::Racer(0)
        );
        assert_eq!(room.join("bob", None, 2), Joined::Racer(1));
        room.start("alice", 7_000).expect("started");
        assert!(room.tick(10_000));
        room
    }

    #[test]
    fn a_room_goes_from_lobby_through_countdown_to_racing() {
        let mut room = room();
        assert_eq!(room.to_fill, 51);
        assert_eq!(room.join("alice", None, 1), Joined::Racer(0));
        assert_eq!(room.start("bob", 0), Err(RoomError::NotOwner));
        room.start("alice", 1_000).expect("started");
        assert_eq!(room.phase, Phase::Countdown { go_ms: 4_000 });
        assert_eq!(room.start("alice", 1_500), Err(RoomError::Started));
        assert!(!room.tick(3_999));
        assert!(room.tick(4_000));
        assert_eq!(room.phase, Phase::Racing { started_ms: 4_000 });
        assert_eq!(room.race_time(5_500), 1_500);
    }

    #[test]
    fn an_empty_lobby_cannot_start() {
        let mut room = room();
        assert_eq!(room.start("alice", 0), Err(RoomError::NoRacers));
    }

    #[test]
    fn seats_run_out_at_eight_and_latecomers_watch() {
        let mut room = room();
        for i in 0..MAX_RACERS {
            assert_eq!(
                room.join(&format!("p{i}"), None, i as u64),
                Joined::Racer(i)
            );
        }
        assert_eq!(room.join("late", None, 99), Joined::Spectator);
        assert_eq!(room.spectators, 1);
        room.unwatch();
        assert_eq!(room.spectators, 0);
        let mut started = racing();
        assert_eq!(started.join("carol", None, 3), Joined::Spectator);
    }

    #[test]
    fn the_owner_leaving_the_lobby_passes_the_room_on() {
        let mut room = room();
        room.join("alice", None, 1);
        room.join("bob", None, 2);
        room.leave("alice", 1, 0);
        assert_eq!(room.owner, "bob");
        assert_eq!(room.racers.len(), 1);
        assert_eq!(room.label(0), "racer 1");
        room.leave("bob", 2, 0);
        assert!(room.abandoned());
    }

    #[test]
    fn progress_counts_only_while_racing_and_finishes_in_order() {
        let mut room = room();
        room.join("alice", None, 1);
        room.join("bob", None, 2);
        assert!(
            !room.progress("alice", 1, moved(3, false), 0),
            "in the lobby"
        );
        room.start("alice", 0).expect("started");
        room.tick(3_000);
        assert!(room.progress("bob", 2, moved(51, true), 63_000));
        assert_eq!(room.racers[1].finished_ms, Some(60_000));
        assert!(
            !room.progress("bob", 2, moved(10, false), 64_000),
            "finished"
        );
        assert!(matches!(room.phase, Phase::Racing { .. }));
        assert!(room.progress("alice", 1, moved(51, true), 93_000));
        assert_eq!(
            room.phase,
            Phase::Done {
                started_ms: Some(3_000),
                ended_ms: 93_000
            }
        );
        let order = room.standings();
        assert_eq!(
            order,
            vec![
                Standing {
                    seat: 1,
                    place: Some(1),
                    time_ms: Some(60_000)
                },
                Standing {
                    seat: 0,
                    place: Some(2),
                    time_ms: Some(90_000)
                },
            ]
        );
    }

    #[test]
    fn a_dropped_racer_takes_their_seat_back_and_continues() {
        let mut room = racing();
        assert!(room.progress("bob", 2, moved(20, false), 11_000));
        room.leave("bob", 2, 12_000);
        assert_eq!(room.racers[1].connection, None);
        assert!(matches!(room.phase, Phase::Racing { .. }));
        // A stale connection's moves and leaves are not heard.
        assert!(!room.progress("bob", 2, moved(30, false), 12_500));
        assert_eq!(room.join("bob", None, 7), Joined::Racer(1));
        assert_eq!(room.racers[1].filled, 20);
        assert_eq!(room.racers[1].entries, vec![1; 81]);
        room.leave("bob", 2, 13_000);
        assert_eq!(room.racers[1].connection, Some(7));
        assert!(room.progress("bob", 7, moved(51, true), 20_000));
        assert_eq!(room.racers[1].finished_ms, Some(10_000));
    }

    #[test]
    fn a_racer_thought_lost_is_back_with_their_next_move() {
        let mut room = racing();
        assert!(room.progress("bob", 2, moved(20, false), 11_000));
        room.lost("bob", 2, 12_000);
        assert_eq!(room.racers[1].connection, Some(2), "the seat stays theirs");
        assert_eq!(room.racers[1].dropped_ms, Some(12_000));
        // Alice finishes; bob, away, holds the race open for his grace period only.
        assert!(room.progress("alice", 1, moved(51, true), 20_000));
        assert!(matches!(room.phase, Phase::Racing { .. }));
        assert!(room.progress("bob", 2, moved(21, false), 30_000));
        assert_eq!(room.racers[1].dropped_ms, None, "heard again: back");
        room.lost("bob", 2, 40_000);
        assert!(!room.tick(40_000 + DROP_GRACE_MS - 1));
        assert!(
            room.tick(40_000 + DROP_GRACE_MS),
            "the race ends without him"
        );
        // Lost once the race is over: gone, so the room can be forgotten.
        room.lost("bob", 2, 200_000);
        room.leave("alice", 1, 200_000);
        assert!(room.abandoned());
    }

    #[test]
    fn a_newer_connection_takes_the_seat_from_an_older_one() {
        let mut room = racing();
        assert_eq!(room.join("bob", None, 9), Joined::Racer(1));
        assert!(!room.progress("bob", 2, moved(5, false), 11_000));
        assert!(room.progress("bob", 9, moved(5, false), 11_000));
    }

    #[test]
    fn the_race_ends_when_the_others_are_gone_too_long() {
        let mut room = racing();
        room.leave("bob", 2, 11_000);
        assert!(room.progress("alice", 1, moved(51, true), 20_000));
        assert!(matches!(room.phase, Phase::Racing { .. }), "bob may return");
        assert!(!room.tick(11_000 + DROP_GRACE_MS - 1));
        assert!(room.tick(11_000 + DROP_GRACE_MS));
        assert!(matches!(room.phase, Phase::Done { .. }));
        assert_eq!(room.standings()[1].place, None);
        // Nobody can take a seat back once it is over: bob watches the results.
        assert_eq!(room.join("bob", None, 3), Joined::Spectator);
    }

    #[test]
    fn a_racer_leaving_during_the_countdown_gives_up_the_seat() {
        let mut room = room();
        room.join("alice", None, 1);
        room.start("alice", 0).expect("started");
        room.leave("alice", 1, 100);
        assert_eq!(room.phase, Phase::Lobby);
        assert!(room.abandoned());
    }

    #[test]
    fn mistakes_and_fills_are_kept_and_filled_is_bounded() {
        let mut room = racing();
        let progress = Progress {
            entries: vec![0; 81],
            filled: 500,
            mistakes: 3,
            solved: false,
        };
        assert!(room.progress("alice", 1, progress, 11_000));
        assert_eq!(room.racers[0].filled, 51);
        assert_eq!(room.racers[0].mistakes, 3);
        assert_eq!(room.label(0), "Alice");
        assert_eq!(room.label(1), "racer 2");
    }
}
