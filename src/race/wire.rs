//! A room as text: how a room's state is kept in the shared database, where the instances of
//! one deployment read and write it (see `serve::pg_rooms`).
//!
//! The text is JSON of a few plain records that mirror [`Room`], kept apart from the room's
//! own types so the rules can change shape without changing what is stored, and so a row
//! written by anyone else (an older instance, a hand edit) is checked as it is read: the code
//! is parsed again, the board has the puzzle's size, the digits fit it. A name was validated
//! when its player stored it and is escaped whenever it is drawn, like every name.

use serde::{Deserialize, Serialize};
use sudoscope_core::generate::Level;
use sudoscope_core::grid::{Geometry, Grid, Puzzle, Variant};
use thiserror::Error;

use super::code::RoomCode;
use super::room::{Phase, Racer, Room, Settings};

/// Why a stored room could not be read.
#[derive(Debug, Error)]
pub enum WireError {
    #[error("a stored room is not readable: {0}")]
    Json(#[from] serde_json::Error),
    #[error("a stored room has a bad code: {0}")]
    Code(#[from] super::code::CodeError),
    #[error("a stored room has an unknown level {0:?}")]
    Level(String),
    #[error("a stored room's puzzle is not a {size}x{size} {variant} board")]
    Board { size: usize, variant: Variant },
    #[error("a stored room's racer board has {found} cells, not {expected}")]
    RacerBoard { found: usize, expected: usize },
}

#[derive(Serialize, Deserialize)]
struct StoredRoom {
    code: String,
    size: usize,
    variant: Variant,
    level: Option<String>,
    givens: Vec<u8>,
    owner: String,
    phase: StoredPhase,
    racers: Vec<StoredRacer>,
    spectators: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "kebab-case")]
enum StoredPhase {
    Lobby,
    Countdown {
        go_ms: u64,
    },
    Racing {
        started_ms: u64,
    },
    Done {
        started_ms: Option<u64>,
        ended_ms: u64,
    },
}

#[derive(Serialize, Deserialize)]
struct StoredRacer {
    key: String,
    name: Option<String>,
    connection: Option<u64>,
    dropped_ms: Option<u64>,
    entries: Vec<u8>,
    filled: u32,
    mistakes: u32,
    finished_ms: Option<u64>,
}

/// The room as the text the database keeps.
pub fn to_text(room: &Room) -> String {
    let phase = match room.phase {
        Phase::Lobby => StoredPhase::Lobby,
        Phase::Countdown { go_ms } => StoredPhase::Countdown { go_ms },
        Phase::Racing { started_ms } => StoredPhase::Racing { started_ms },
        Phase::Done {
            started_ms,
            ended_ms,
        } => StoredPhase::Done {
            started_ms,
            ended_ms,
        },
    };
    let stored = StoredRoom {
        code: room.code.to_string(),
        size: room.settings.size,
        variant: room.settings.variant,
        level: room.settings.level.map(|l| l.id().to_string()),
        givens: room.puzzle.givens.cells().to_vec(),
        owner: room.owner.clone(),
        phase,
        racers: room
            .racers
            .iter()
            .map(|r| StoredRacer {
                key: r.key.clone(),
                name: r.name.clone(),
                connection: r.connection,
                dropped_ms: r.dropped_ms,
                entries: r.entries.clone(),
                filled: r.filled,
                mistakes: r.mistakes,
                finished_ms: r.finished_ms,
            })
            .collect(),
        spectators: room.spectators,
    };
    // Plain records of strings and numbers always serialize.
    serde_json::to_string(&stored).unwrap_or_default()
}

/// Reads a room back, checking what a row from elsewhere could get wrong.
pub fn from_text(text: &str) -> Result<Room, WireError> {
    let stored: StoredRoom = serde_json::from_str(text)?;
    let code = RoomCode::parse(&stored.code)?;
    let level = match stored.level {
        None => None,
        Some(id) => Some(
            Level::ALL
                .into_iter()
                .find(|l| l.id() == id)
                .ok_or(WireError::Level(id))?,
        ),
    };
    let bad_board = || WireError::Board {
        size: stored.size,
        variant: stored.variant,
    };
    let geometry = Geometry::get(stored.size, stored.variant).map_err(|_| bad_board())?;
    let givens = Grid::from_cells(geometry, stored.givens).map_err(|_| bad_board())?;
    let cells = geometry.cell_count();
    let top = stored.size as u8;
    let mut racers = Vec::with_capacity(stored.racers.len());
    for r in stored.racers {
        if r.entries.len() != cells {
            return Err(WireError::RacerBoard {
                found: r.entries.len(),
                expected: cells,
            });
        }
        if r.entries.iter().any(|&d| d > top) {
            return Err(bad_board());
        }
        racers.push(Racer {
            key: r.key,
            name: r.name,
            connection: r.connection,
            dropped_ms: r.dropped_ms,
            entries: r.entries,
            filled: r.filled,
            mistakes: r.mistakes,
            finished_ms: r.finished_ms,
        });
    }
    let settings = Settings {
        size: stored.size,
        variant: stored.variant,
        level,
    };
    let mut room = Room::new(code, settings, Puzzle::from_grid(givens), &stored.owner);
    room.phase = match stored.phase {
        StoredPhase::Lobby => Phase::Lobby,
        StoredPhase::Countdown { go_ms } => Phase::Countdown { go_ms },
        StoredPhase::Racing { started_ms } => Phase::Racing { started_ms },
        StoredPhase::Done {
            started_ms,
            ended_ms,
        } => Phase::Done {
            started_ms,
            ended_ms,
        },
    };
    room.racers = racers;
    room.spectators = stored.spectators;
    Ok(room)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::{Joined, Progress};
    use sudoscope_core::grid::{ReadOptions, parse_puzzle};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn racing_room() -> Room {
        let puzzle = parse_puzzle(PUZZLE, ReadOptions::default()).expect("a puzzle");
        let settings = Settings {
            size: 9,
            variant: Variant::Standard,
            level: Some(Level::Hard),
        };
        let code = RoomCode::parse("ABCDE").expect("a code");
        let mut room = Room::new(code, settings, puzzle, "alice");
        assert_eq!(
            room.join("alice", Some("Alice".into()), 1),
            Joined::Racer(0)
        );
        assert_eq!(room.join("bob", None, 2), Joined::Racer(1));
        room.watch();
        room.start("alice", 1_000).expect("started");
        room.tick(4_000);
        let mut entries = room.puzzle.givens.cells().to_vec();
        entries[2] = 4;
        room.progress(
            "bob",
            2,
            Progress {
                entries,
                filled: 1,
                mistakes: 2,
                solved: false,
            },
            5_000,
        );
        room.leave("alice", 1, 6_000);
        room
    }

    #[test]
    fn a_room_reads_back_as_it_was_written() {
        let room = racing_room();
        let back = from_text(&to_text(&room)).expect("readable");
        assert_eq!(back.puzzle, room.puzzle);
        assert_eq!(back, room);
        let mut done = room.clone();
        done.phase = Phase::Done {
            started_ms: None,
            ended_ms: 9,
        };
        assert_eq!(from_text(&to_text(&done)).expect("readable"), done);
    }

    #[test]
    fn a_damaged_row_is_an_error_not_a_room() {
        let text = to_text(&racing_room());
        let bad_code = text.replace("\"ABCDE\"", "\"AB\\u001bDE\"");
        assert!(matches!(from_text(&bad_code), Err(WireError::Code(_))));
        let bad_level = text.replace("\"hard\"", "\"brutal\"");
        assert!(matches!(from_text(&bad_level), Err(WireError::Level(_))));
        let bad_size = text.replace("\"size\":9", "\"size\":7");
        assert!(matches!(from_text(&bad_size), Err(WireError::Board { .. })));
        assert!(matches!(from_text("{"), Err(WireError::Json(_))));
    }
}
