//! The player's best times, one per kind of puzzle (size, variant and level: a hard 9×9 and a
//! hard 25×25 are not the same race). They come from the history in the store (locally in
//! the data directory, over SSH per player key; an anonymous session's end with it), and the
//! app keeps them up to date as the player finishes games.

use std::time::Duration;

use sudoscope_core::game::Game;

use crate::store::{Kind, variant_name};

/// A game's kind of puzzle, the key of its records (written e.g. `9x9 standard hard`).
pub fn kind(game: &Game) -> Kind {
    Kind {
        size: game.size() as u16,
        variant: variant_name(game.geometry().variant()),
        level: game.level.map(|l| l.id().to_string()),
        daily: None,
    }
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
