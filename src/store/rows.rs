//! The rows every writer adds, in one place: the backend and the migrations that bring older
//! saves in write games and finishes the same way.

use rusqlite::{Transaction, params};

use super::streak::StreakState;
use super::{Finished, GameId, GameSummary, Kind, PlayerId};

/// Adds an unfinished game row (also used by migrations).
pub fn insert_game(
    tx: &Transaction,
    player: PlayerId,
    summary: &GameSummary,
    snapshot: &str,
    now: i64,
) -> rusqlite::Result<GameId> {
    tx.execute(
        "INSERT INTO games (player, size, variant, level, filled, total, moved, started_ms,
                            updated_ms, snapshot)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9)",
        params![
            player,
            summary.size,
            summary.variant,
            summary.level,
            summary.filled,
            summary.total,
            summary.moved,
            now,
            snapshot
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

/// Adds a history row, not ranked. Migrations use it too, so it writes only the columns of
/// the first version's table (a later column takes its default).
pub fn insert_finish(
    tx: &Transaction,
    player: PlayerId,
    finished: &Finished,
    at_ms: i64,
    imported: bool,
) -> rusqlite::Result<()> {
    let kind = &finished.kind;
    tx.execute(
        "INSERT INTO finishes (player, at_ms, size, variant, level, daily, time_ms, hint_steps,
                               revealed_cells, solution_copied, solution_revealed, imported)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            player,
            at_ms,
            kind.size,
            kind.variant,
            kind.level,
            kind.daily,
            finished.time_ms.min(i64::MAX as u64) as i64,
            finished.hint_steps,
            finished.revealed_cells,
            finished.solution_copied,
            finished.solution_revealed,
            imported
        ],
    )?;
    Ok(())
}

/// Adds a history row of a finish just made, ranked on the leaderboards or not.
pub fn insert_ranked_finish(
    tx: &Transaction,
    player: PlayerId,
    finished: &Finished,
    at_ms: i64,
    ranked: bool,
) -> rusqlite::Result<()> {
    insert_finish(tx, player, finished, at_ms, false)?;
    if ranked {
        tx.execute(
            "UPDATE finishes SET ranked = 1 WHERE id = ?1",
            params![tx.last_insert_rowid()],
        )?;
    }
    Ok(())
}

pub fn kind_of(row: &rusqlite::Row, first: usize) -> rusqlite::Result<Kind> {
    Ok(Kind {
        size: row.get(first)?,
        variant: row.get(first + 1)?,
        level: row.get(first + 2)?,
        daily: row.get(first + 3)?,
    })
}

/// A player's daily streak as stored.
pub fn streak(tx: &Transaction, player: PlayerId) -> rusqlite::Result<StreakState> {
    tx.query_row(
        "SELECT streak_run, streak_longest, streak_last FROM players WHERE id = ?1",
        params![player],
        |row| {
            Ok(StreakState {
                run: row.get(0)?,
                longest: row.get(1)?,
                last: row.get(2)?,
            })
        },
    )
}

/// Stores a player's daily streak.
pub fn put_streak(tx: &Transaction, player: PlayerId, state: &StreakState) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE players SET streak_run = ?2, streak_longest = ?3, streak_last = ?4 WHERE id = ?1",
        params![player, state.run, state.longest, state.last],
    )?;
    Ok(())
}

/// Adds a ranked finish to its player's totals of the week starting at `week_ms`.
pub fn add_to_week(
    tx: &Transaction,
    player: PlayerId,
    week_ms: i64,
    finished: &Finished,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO week_totals (player, week_ms, dailies, time_ms, hint_steps)
         VALUES (?1, ?2, 1, ?3, ?4)
         ON CONFLICT (player, week_ms) DO UPDATE SET dailies = dailies + 1,
             time_ms = time_ms + excluded.time_ms, hint_steps = hint_steps + excluded.hint_steps",
        params![
            player,
            week_ms,
            finished.time_ms.min(i64::MAX as u64) as i64,
            finished.hint_steps
        ],
    )?;
    Ok(())
}
