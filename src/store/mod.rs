//! Where a player's games live: unfinished games (several, newest first), the history of
//! finished games, and the records derived from it (best and median time per kind of puzzle).
//!
//! One small interface, [`Store`], over two backends: SQLite ([`sqlite`], one file in the
//! data directory locally, one file per server over SSH) and PostgreSQL ([`postgres`], one
//! database shared by several servers). Every write is one transaction, so a
//! finish is either recorded whole or not at all, and two programs of the same player at once
//! lose nothing. The schema is versioned ([`migrations`]); a damaged or newer store is moved
//! aside with a message, never silently replaced.
//!
//! The runners (the local terminal and each SSH session) talk to the store through a
//! [`Keeper`], which knows which stored game the app on screen is playing and who is playing
//! ([`Seat`]: what decides whether a finish is ranked on the leaderboards, see [`ranking`]).

pub mod boards;
mod dates;
mod files;
mod keeper;
mod kind;
pub mod legacy;
pub mod location;
mod migrations;
pub mod postgres;
pub mod ranking;
mod rows;
mod snapshots;
pub mod sqlite;
pub mod stats;
pub mod streak;

use std::sync::Arc;

use thiserror::Error;

pub use boards::{BoardQuery, Boards, NameSet};
pub use dates::{civil_date, week_start};
pub use keeper::{Answer, BoardsView, Keeper, Request, Save};
pub use kind::Kind;
pub use postgres::{MoveSave, MoveSaves, PgStore};
pub use ranking::{Seat, Unranked};
pub use snapshots::{summary_of, variant_name};
pub use sqlite::{Opened, SqliteStore};
pub use stats::StatsReport;

/// A player's row in the store.
pub type PlayerId = i64;
/// An unfinished game's row in the store.
pub type GameId = i64;

/// How many unfinished games a player keeps; older ones make room for newer ones.
pub const KEEP_UNFINISHED: usize = 10;

/// The owner name of the player at the local terminal.
pub const LOCAL_OWNER: &str = "local";

/// Owner names starting with this are anonymous SSH sessions: forgotten when they end.
pub const ANONYMOUS_PREFIX: &str = "anon:";

/// What goes wrong in the store.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{path}: {source}")]
    Database {
        path: String,
        #[source]
        source: rusqlite::Error,
    },
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{path} was written by a newer sudoscope (store version {found}, this one knows {known})"
    )]
    Newer {
        path: String,
        found: i64,
        known: i64,
    },
    #[error("{path} is damaged: {reason}")]
    Damaged { path: String, reason: String },
    #[error("{0}")]
    Legacy(String),
    #[error("{url}: {}", postgres::with_causes(source))]
    Postgres {
        /// The database's address, without its password.
        url: String,
        #[source]
        source: tokio_postgres::Error,
    },
    #[error("cannot reach the PostgreSQL store {url}: {reason}")]
    Unreachable { url: String, reason: String },
    /// The PostgreSQL connection pool gave no connection (timed out, or closed).
    #[error("{url}: {reason}")]
    Pool { url: String, reason: String },
    /// A write made in one statement with other players' writes failed: each of them is
    /// told the same failure.
    #[error(transparent)]
    Shared(Arc<StoreError>),
}

impl StoreError {
    /// Whether trying again later may succeed: the database was unreachable, restarting or
    /// busy, rather than refusing what was asked. A write that failed this way is worth
    /// keeping and retrying; any other failure would fail again.
    pub fn is_transient(&self) -> bool {
        match self {
            StoreError::Postgres { source, .. } => postgres::is_transient(source),
            StoreError::Unreachable { .. } | StoreError::Pool { .. } => true,
            StoreError::Shared(failure) => failure.is_transient(),
            StoreError::Database { source, .. } => matches!(
                source.sqlite_error_code(),
                Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
            ),
            _ => false,
        }
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// What the store keeps beside an unfinished game's snapshot, for the continue list and for
/// choosing which games to keep. The app fills it in; the store does not read snapshots.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSummary {
    pub size: u16,
    pub variant: String,
    pub level: Option<String>,
    /// Cells holding a digit (givens included), and all cells.
    pub filled: u32,
    pub total: u32,
    /// The player has done something in it (an entry, a note, time on the clock with a
    /// move): a game without moves is not kept once another game starts.
    pub moved: bool,
}

/// An unfinished game as the continue list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfinished {
    pub id: GameId,
    pub summary: GameSummary,
    /// When it was last saved, in milliseconds since the Unix epoch.
    pub updated_ms: i64,
    /// The app's snapshot, to resume it.
    pub snapshot: String,
}

/// A finished game, as the app reports it and the history keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    pub kind: Kind,
    pub time_ms: u64,
    /// Hint steps asked for (stage one of a hint counts once).
    pub hint_steps: u32,
    /// Single cells whose solution digit was put in for the player.
    pub revealed_cells: u32,
    /// A solver's solution was copied into the board.
    pub solution_copied: bool,
    /// The whole solution was revealed.
    pub solution_revealed: bool,
}

impl Finished {
    /// Whether this finish counts for records: the player solved it themselves (hints are
    /// allowed; a filled-in solution is not).
    pub fn counts(&self) -> bool {
        !self.solution_copied && !self.solution_revealed
    }
}

/// One row of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// When it was finished, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    pub finished: Finished,
    /// Brought over from an older save's best times (its date is the import's).
    pub imported: bool,
}

/// The records of one kind of puzzle, from the finishes that count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub kind: Kind,
    /// Finishes that count.
    pub games: u32,
    pub best_ms: u64,
    /// The median time (the lower middle one of an even count).
    pub median_ms: u64,
}

/// The store's interface: everything the runners, `stats` and the server need, nothing about
/// how it is kept. Calls block (SQLite on this thread, a database server over the network),
/// so async code calls them from blocking threads.
pub trait Store: Send + Sync {
    /// The player with this owner name, created on first use.
    fn player(&self, owner: &str) -> Result<PlayerId>;
    /// Forgets a player and everything of theirs (an anonymous session that ended).
    fn forget_player(&self, owner: &str) -> Result<()>;
    /// Forgets every player whose owner name starts with `prefix` and who was created before
    /// `created_before_ms` (anonymous sessions left over from a server that stopped: on a
    /// database shared with running servers, only those older than any session can be).
    fn forget_players_starting(&self, prefix: &str, created_before_ms: i64) -> Result<usize>;
    /// Writes an unfinished game: replaces game `id` when the player still has it, else adds
    /// a new one. Adding drops the player's other games without moves and the oldest beyond
    /// [`KEEP_UNFINISHED`]. Returns the game's id.
    fn put_game(
        &self,
        player: PlayerId,
        id: Option<GameId>,
        summary: &GameSummary,
        snapshot: &str,
    ) -> Result<GameId>;
    /// Records a finish and drops the unfinished game `id` (if any), in one transaction; the
    /// finish is ranked on the leaderboards when [`ranking::judge`] says so for `seat`, and a
    /// daily solved on its day extends the player's streak. Says whether it was ranked.
    fn record_finish(
        &self,
        player: PlayerId,
        id: Option<GameId>,
        finished: &Finished,
        seat: Seat,
    ) -> Result<std::result::Result<(), Unranked>>;
    /// Records a finish of the local player (never ranked).
    fn finish_game(&self, player: PlayerId, id: Option<GameId>, finished: &Finished) -> Result<()> {
        self.record_finish(player, id, finished, Seat::Local)
            .map(|_| ())
    }
    /// Drops an unfinished game.
    fn drop_game(&self, player: PlayerId, id: GameId) -> Result<()>;
    /// How async code writes the save of a game already stored without holding a thread,
    /// where the backend has a way (PostgreSQL, see [`MoveSaves`]); `None`: through
    /// [`Store::put_game`] on a blocking thread.
    fn move_saves(&self) -> Option<MoveSaves> {
        None
    }
    /// The player's unfinished games, most recently saved first, at most `limit`.
    fn unfinished(&self, player: PlayerId, limit: usize) -> Result<Vec<Unfinished>>;
    /// The player's finished games, newest first, at most `limit`, of one kind or all.
    fn history(
        &self,
        player: PlayerId,
        kind: Option<&Kind>,
        limit: usize,
    ) -> Result<Vec<HistoryEntry>>;
    /// Best and median times per kind of puzzle, from the finishes that count.
    fn records(&self, player: PlayerId) -> Result<Vec<Record>>;
    /// The player's display name, if they chose one.
    fn name(&self, player: PlayerId) -> Result<Option<String>>;
    /// Gives the player a display name (replacing theirs), unless another player has it.
    fn set_name(&self, player: PlayerId, name: &crate::names::DisplayName) -> Result<NameSet>;
    /// The leaderboards.
    fn leaderboards(&self, query: &BoardQuery) -> Result<Boards>;
    /// The time the store writes, in milliseconds since the epoch (tests inject a clock).
    fn now_ms(&self) -> i64 {
        now_ms()
    }
    /// Brings games and best times of an older save in, in one transaction.
    fn import(
        &self,
        player: PlayerId,
        games: &[(GameSummary, String)],
        finishes: &[Finished],
    ) -> Result<()>;
}

/// A store shared by the threads and sessions that use it.
pub type SharedStore = Arc<dyn Store>;

/// The records of finishes read in order of kind, then time (fastest first): one per kind,
/// with its number of games, best and median time. Both backends read their rows so.
pub(crate) fn records_of(rows: Vec<(Kind, u64)>) -> Vec<Record> {
    let mut records = Vec::new();
    let mut times: Vec<u64> = Vec::new();
    let mut current: Option<Kind> = None;
    let mut close = |kind: Option<Kind>, times: &mut Vec<u64>| {
        if let (Some(kind), Some(best), Some(median)) =
            (kind, times.first().copied(), median(times))
        {
            records.push(Record {
                kind,
                games: times.len() as u32,
                best_ms: best,
                median_ms: median,
            });
        }
        times.clear();
    };
    for (kind, time) in rows {
        if current.as_ref() != Some(&kind) {
            close(current.replace(kind), &mut times);
        }
        times.push(time);
    }
    close(current, &mut times);
    records
}

/// The median of sorted times (the lower middle one of an even count); `None` when empty.
pub fn median(sorted: &[u64]) -> Option<u64> {
    if sorted.is_empty() {
        None
    } else {
        Some(sorted[(sorted.len() - 1) / 2])
    }
}

/// The current time in milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_takes_the_lower_middle() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[5]), Some(5));
        assert_eq!(median(&[1, 2, 9]), Some(2));
        assert_eq!(median(&[1, 2, 8, 9]), Some(2));
    }
}
