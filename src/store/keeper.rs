//! A runner's link to the store for one player: the local terminal has one, every SSH
//! session has one. The app numbers the games it plays (0 is the one it started with) and
//! asks for each to be saved; the keeper knows which stored game each number is, so a game
//! started in the app is added beside the others instead of overwriting one, and a finish
//! moves its game from the unfinished list to the history in one transaction. It also knows
//! who plays ([`Seat`]), which decides whether a finish is ranked.

use super::boards::{BoardQuery, Boards, NameSet};
use super::ranking::{Seat, Unranked};
use super::stats::{self, StatsReport};
use super::streak::day_of_ms;
use super::{
    Finished, GameId, GameSummary, KEEP_UNFINISHED, Kind, MoveSave, PlayerId, Record, Result,
    SharedStore, Unfinished, week_start,
};
use crate::names::DisplayName;

/// Rows per leaderboard.
pub const BOARD_ROWS: usize = 10;

/// Every finish, for the statistics (a player with more has played for decades).
const HISTORY_FOR_STATS: usize = 1_000_000;

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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// The unfinished games other than the one being played, for the continue list.
    Unfinished,
    /// Best and median times, for the finish banner.
    Records,
    /// The statistics, with the chart of this kind's latest times.
    Stats(Option<Kind>),
    /// The leaderboards of this daily (`YYYY-MM-DD`) and level.
    Boards { day: String, level: String },
    /// Take this display name.
    Name(String),
    /// The player's display name, if they chose one.
    DisplayName,
    /// Record a race finish in the history (no unfinished game is kept for a race: the
    /// room keeps the racer's board). Races are not daily puzzles, so it is never ranked.
    RaceFinish(Finished),
}

/// The store's answer to a [`Request`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Unfinished(Vec<Unfinished>),
    Records(Vec<Record>),
    Stats(Box<StatsReport>),
    Boards(Box<BoardsView>),
    /// The name now kept, or why it was refused.
    Name(std::result::Result<String, String>),
    DisplayName(Option<String>),
    /// A race finish is recorded; whether it was ranked (never: it is not a daily).
    Recorded(std::result::Result<(), Unranked>),
    /// The store failed to answer, or took too long (a database away): the question may be
    /// asked again later.
    Unavailable,
}

/// The leaderboards as one player sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardsView {
    pub boards: Boards,
    /// Why this player is never ranked (local play, no SSH key); `None` when they can be.
    pub seat: Option<Unranked>,
    /// The player's display name.
    pub name: Option<String>,
    /// Whether the player's last finish in this session was ranked, and why not.
    pub last_finish: Option<std::result::Result<(), Unranked>>,
}

impl BoardsView {
    /// The player finished a ranked game and has no name yet: the moment to ask for one.
    pub fn wants_name(&self) -> bool {
        self.name.is_none() && self.last_finish == Some(Ok(()))
    }
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
    seat: Seat,
    /// Whether the last finish recorded was ranked.
    last_finish: Option<std::result::Result<(), Unranked>>,
}

impl Keeper {
    /// The keeper of `owner`'s games (the player is created on first use).
    pub fn new(store: SharedStore, owner: &str) -> Result<Keeper> {
        let player = store.player(owner)?;
        Ok(Keeper {
            store,
            player,
            current: None,
            seat: Seat::Local,
            last_finish: None,
        })
    }

    /// Says who plays (local play unless told otherwise).
    pub fn with_seat(mut self, seat: Seat) -> Keeper {
        self.seat = seat;
        self
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

    /// The stored game `save` goes to, if it is stored already.
    fn stored_id(&self, save: &Save) -> Option<GameId> {
        match self.current {
            Some(current) if current.game == save.game => current.id,
            _ => save.stored,
        }
    }

    /// `save` as a move's save of its stored game, when it is one (no finish, not solved,
    /// the game stored already): what [`Store::move_saves`](super::Store::move_saves)
    /// writes. Once written, [`Keeper::saved`] says so.
    pub fn move_save(&self, save: &Save) -> Option<MoveSave> {
        if save.finish.is_some() || save.completed {
            return None;
        }
        Some(MoveSave {
            id: self.stored_id(save)?,
            player: self.player,
            summary: save.summary.clone(),
            snapshot: save.snapshot.clone(),
            now_ms: self.store.now_ms(),
        })
    }

    /// The app's game `game` was saved as stored game `id`.
    pub fn saved(&mut self, game: u64, id: GameId) {
        self.current = Some(Current { game, id: Some(id) });
    }

    /// Keeps what the app asked to keep.
    pub fn save(&mut self, save: &Save) -> Result<()> {
        let id = self.stored_id(save);
        let id = if let Some(finish) = &save.finish {
            let standing = self
                .store
                .record_finish(self.player, id, finish, self.seat)?;
            self.last_finish = Some(standing);
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
            Request::Stats(kind) => {
                let history = self.store.history(self.player, None, HISTORY_FOR_STATS)?;
                let now = self.store.now_ms();
                Answer::Stats(Box::new(stats::report(&history, now, kind.as_ref())))
            }
            Request::Boards { day, level } => Answer::Boards(Box::new(self.boards(day, level)?)),
            Request::Name(typed) => Answer::Name(self.set_name(&typed)?),
            Request::Unfinished => {
                let playing = self.current.and_then(|c| c.id);
                let mut games = self.unfinished()?;
                games.retain(|g| Some(g.id) != playing);
                Answer::Unfinished(games)
            }
            Request::Records => Answer::Records(self.store.records(self.player)?),
            Request::DisplayName => Answer::DisplayName(self.store.name(self.player)?),
            Request::RaceFinish(finished) => Answer::Recorded(self.store.record_finish(
                self.player,
                None,
                &finished,
                self.seat,
            )?),
        })
    }

    /// The leaderboards of a daily, as this player sees them.
    pub fn boards(&self, day: String, level: String) -> Result<BoardsView> {
        let now = self.store.now_ms();
        let boards = self.store.leaderboards(&BoardQuery {
            day,
            level,
            today: day_of_ms(now),
            week_from_ms: week_start(now),
            limit: BOARD_ROWS,
            me: Some(self.player),
        })?;
        let seat = match self.seat {
            Seat::Local => Some(Unranked::Local),
            Seat::Anonymous => Some(Unranked::Anonymous),
            Seat::Keyed => None,
        };
        Ok(BoardsView {
            boards,
            seat,
            name: self.store.name(self.player)?,
            last_finish: self.last_finish,
        })
    }

    /// Takes a display name the player typed: `Err` says in words why it cannot be theirs.
    pub fn set_name(&self, typed: &str) -> Result<std::result::Result<String, String>> {
        if self.seat != Seat::Keyed {
            let why = match self.seat {
                Seat::Anonymous => Unranked::Anonymous,
                _ => Unranked::Local,
            };
            return Ok(Err(why.to_string()));
        }
        let name = match DisplayName::parse(typed) {
            Ok(name) => name,
            Err(e) => return Ok(Err(e.to_string())),
        };
        Ok(match self.store.set_name(self.player, &name)? {
            NameSet::Set => Ok(name.as_str().to_string()),
            NameSet::Taken => Err(format!(
                "{} is taken (names differing only in case or width are one name)",
                name.as_str()
            )),
        })
    }
}
