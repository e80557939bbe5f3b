//! A runner's link to the store for one player: the local terminal has one, every SSH
//! session has one. The app numbers the games it plays (0 is the one it started with) and
//! asks for each to be saved; the keeper knows which stored game each number is, so a game
//! started in the app is added beside the others instead of overwriting one, and a finish
//! moves its game from the unfinished list to the history in one transaction.

use super::{
    Finished, GameId, GameSummary, KEEP_UNFINISHED, PlayerId, Record, Result, SharedStore,
    Unfinished,
};

/// What the app asks to keep of its current game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Save {
    /// The app's number for this game (it counts the games it starts; 0 is the first).
    pub game: u64,
    /// The stored game this one was continued from, when the player picked it from the
    /// continue list.
    pub stored: Option<GameId>,
    pub summary: GameSummary,
    pub snapshot: String,
    /// The game is solved: it leaves the unfinished list.
    pub completed: bool,
    /// The finish to record, once per game, when it was just solved.
    pub finish: Option<Finished>,
}

impl Save {
    /// A save of the app's only game, with no summary (apps that keep one game).
    pub fn single(snapshot: String) -> Save {
        Save {
            game: 0,
            stored: None,
            summary: GameSummary::default(),
            snapshot,
            completed: false,
            finish: None,
        }
    }
}

/// What the app can ask the store (the answer comes back as a message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// The unfinished games other than the one being played, for the continue list.
    Unfinished,
    /// Best and median times, for the finish banner.
    Records,
}

/// The store's answer to a [`Request`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Unfinished(Vec<Unfinished>),
    Records(Vec<Record>),
}

/// The stored game behind the app's current game.
#[derive(Clone, Copy, Debug)]
struct Current {
    game: u64,
    id: Option<GameId>,
}

/// One player's games in a store, as one runner plays them.
pub struct Keeper {
    store: SharedStore,
    player: PlayerId,
    current: Option<Current>,
}

impl Keeper {
    /// The keeper of `owner`'s games (the player is created on first use).
    pub fn new(store: SharedStore, owner: &str) -> Result<Keeper> {
        let player = store.player(owner)?;
        Ok(Keeper {
            store,
            player,
            current: None,
        })
    }

    pub fn store(&self) -> &SharedStore {
        &self.store
    }

    pub fn player(&self) -> PlayerId {
        self.player
    }

    /// The player's unfinished games, most recent first.
    pub fn unfinished(&self) -> Result<Vec<Unfinished>> {
        self.store.unfinished(self.player, KEEP_UNFINISHED)
    }

    /// The app starts with this stored game: its saves go to that game.
    pub fn take_up(&mut self, id: GameId) {
        self.current = Some(Current {
            game: 0,
            id: Some(id),
        });
    }

    /// Keeps what the app asked to keep.
    pub fn save(&mut self, save: &Save) -> Result<()> {
        let id = match self.current {
            Some(current) if current.game == save.game => current.id,
            _ => save.stored,
        };
        let id = if let Some(finish) = &save.finish {
            self.store.finish_game(self.player, id, finish)?;
            None
        } else if save.completed {
            if let Some(id) = id {
                self.store.drop_game(self.player, id)?;
            }
            None
        } else {
            Some(
                self.store
                    .put_game(self.player, id, &save.summary, &save.snapshot)?,
            )
        };
        self.current = Some(Current {
            game: save.game,
            id,
        });
        Ok(())
    }

    /// Answers the app's question.
    pub fn answer(&self, request: Request) -> Result<Answer> {
        Ok(match request {
            Request::Unfinished => {
                let playing = self.current.and_then(|c| c.id);
                let mut games = self.unfinished()?;
                games.retain(|g| Some(g.id) != playing);
                Answer::Unfinished(games)
            }
            Request::Records => Answer::Records(self.store.records(self.player)?),
        })
    }
}
