//! The player's best times. One per kind of puzzle (size, variant and level: a hard 9×9 and a
//! hard 25×25 are not the same race), kept in every autosave snapshot so they follow the
//! player from game to game: in the local save file, and over SSH in the saved game of the
//! player's key (an anonymous session's records end with it).

use std::time::Duration;

use sudoscope_core::game::Game;

/// The records' key for a game's kind of puzzle, e.g. `9x9 standard hard` (`any level` for a
/// puzzle whose level is not known).
pub fn kind(game: &Game) -> String {
    let n = game.size();
    let level = game.level.map_or("any level", |l| l.id());
    format!("{n}x{n} {} {level}", game.geometry().variant())
}

/// How a finished game compares with the best time before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    pub time: Duration,
    /// The best time before this game, for the same kind of puzzle.
    pub previous: Option<Duration>,
    /// This game set the best time.
    pub new_best: bool,
    /// The game counts for records: the player solved it (no solution was filled in).
    pub counts: bool,
}

impl Finish {
    /// The best time now, this game's included.
    pub fn best(&self) -> Option<Duration> {
        if self.new_best {
            Some(self.time)
        } else {
            self.previous
        }
    }
}
