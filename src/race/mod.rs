//! Race rooms: several players solve the same puzzle at once and see each other's progress.
//!
//! This module is the rooms' logic only, without I/O, clocks or channels: a [`Room`] is a
//! state machine (lobby → countdown → racing → done) that takes actions stamped with the
//! time they happen and says what changed; [`RoomCode`] is how players name a room. The
//! server side (`serve::rooms`) keeps rooms behind the `RoomHub` seam, which carries the
//! actions to a room and the room's new state back to every session in it.

pub mod code;
pub mod room;
pub mod wire;

pub use code::{CodeError, RoomCode};
pub use room::{
    COUNTDOWN_MS, DROP_GRACE_MS, Joined, MAX_RACERS, Phase, Progress, Racer, Room, RoomError,
    Settings, Standing,
};

/// What a player asks of the rooms from the game (the new-game dialog): the session that runs
/// the game carries it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RaceRequest {
    /// Open a room for a puzzle made with these settings.
    Open(Settings),
    /// Join the room with this code (as a racer while there is a seat, else to watch).
    Join(RoomCode),
}
