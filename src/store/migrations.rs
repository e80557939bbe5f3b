//! The store's schema, one numbered step at a time. `PRAGMA user_version` says how many steps
//! a database has taken; opening it takes the missing ones in one transaction, so two
//! programs opening a new store at once cannot both build it, and a store written by a newer
//! sudoscope (a higher version than [`LATEST`]) is refused rather than misread.

use rusqlite::{Transaction, params};

use super::legacy;

/// One step: what it does, as SQL and Rust (a step may move rows of an older layout).
type Step = fn(&Transaction) -> rusqlite::Result<()>;

/// The steps in order; step `i` takes a database from version `i` to `i + 1`.
const STEPS: &[Step] = &[players_games_and_history, names_ranks_and_streaks];

/// The version a database has once every step is taken.
pub const LATEST: i64 = STEPS.len() as i64;

/// The version a database says it has.
pub fn version(tx: &Transaction) -> rusqlite::Result<i64> {
    tx.query_row("PRAGMA user_version", [], |row| row.get(0))
}

/// Takes the steps from `from` to [`LATEST`].
pub fn apply(tx: &Transaction, from: i64) -> rusqlite::Result<()> {
    for (index, step) in STEPS.iter().enumerate().skip(from.max(0) as usize) {
        step(tx)?;
        tx.pragma_update(None, "user_version", index as i64 + 1)?;
    }
    Ok(())
}

/// Version 1: players, their unfinished games and their finished games. A database of the
/// SSH server from before the store (a `saves` table, one game per key, best times inside
/// the snapshot) is brought in: each key's game becomes an unfinished game when it is one,
/// its best times become history rows marked imported, and the old table is kept under
/// another name.
fn players_games_and_history(tx: &Transaction) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE players (
             id INTEGER PRIMARY KEY AUTOINCREMENT,
             owner TEXT NOT NULL UNIQUE,
             created_ms INTEGER NOT NULL
         );
         CREATE TABLE games (
             id INTEGER PRIMARY KEY AUTOINCREMENT,
             player INTEGER NOT NULL REFERENCES players(id),
             size INTEGER NOT NULL,
             variant TEXT NOT NULL,
             level TEXT,
             filled INTEGER NOT NULL,
             total INTEGER NOT NULL,
             moved INTEGER NOT NULL,
             started_ms INTEGER NOT NULL,
             updated_ms INTEGER NOT NULL,
             snapshot TEXT NOT NULL
         );
         CREATE INDEX games_by_player ON games(player, updated_ms);
         CREATE TABLE finishes (
             id INTEGER PRIMARY KEY AUTOINCREMENT,
             player INTEGER NOT NULL REFERENCES players(id),
             at_ms INTEGER NOT NULL,
             size INTEGER NOT NULL,
             variant TEXT NOT NULL,
             level TEXT,
             daily TEXT,
             time_ms INTEGER NOT NULL,
             hint_steps INTEGER NOT NULL,
             revealed_cells INTEGER NOT NULL,
             solution_copied INTEGER NOT NULL,
             solution_revealed INTEGER NOT NULL,
             imported INTEGER NOT NULL DEFAULT 0
         );
         CREATE INDEX finishes_by_player ON finishes(player, at_ms);
         CREATE INDEX finishes_by_kind ON finishes(player, size, variant, level, daily, time_ms);",
    )?;
    let has_saves: bool = tx.query_row(
        "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'saves'",
        [],
        |row| row.get(0),
    )?;
    if !has_saves {
        return Ok(());
    }
    let rows: Vec<(String, String, i64)> = {
        let mut statement =
            tx.prepare("SELECT owner, snapshot, updated FROM saves ORDER BY owner")?;
        statement
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?
    };
    for (owner, snapshot, updated) in rows {
        if owner.starts_with(super::ANONYMOUS_PREFIX) {
            continue;
        }
        let at_ms = updated.saturating_mul(1000);
        tx.execute(
            "INSERT INTO players (owner, created_ms) VALUES (?1, ?2)",
            params![owner, at_ms],
        )?;
        let player = tx.last_insert_rowid();
        // A snapshot this version cannot read is kept in the renamed table, not dropped.
        let Ok(old) = legacy::read_snapshot(&snapshot) else {
            continue;
        };
        if let Some((summary, text)) = &old.unfinished {
            super::rows::insert_game(tx, player, summary, text, at_ms)?;
        }
        for finished in &old.finishes {
            super::rows::insert_finish(tx, player, finished, at_ms, true)?;
        }
    }
    tx.execute_batch("ALTER TABLE saves RENAME TO saves_before_store")
}

/// Version 2: what the leaderboards need. Players get a display name (unique by its
/// comparison key, [`crate::names::DisplayName::key`]) and their daily streak, and each week
/// its totals of ranked dailies per player (`week_totals`, keyed by the week's Monday in
/// milliseconds), both kept as finishes come in so each board reads a few rows instead of
/// adding up the history; finishes get whether they are ranked. Streaks are worked out from
/// the finishes already there (no finish was ranked before this version).
fn names_ranks_and_streaks(tx: &Transaction) -> rusqlite::Result<()> {
    tx.execute_batch(
        "ALTER TABLE players ADD COLUMN name TEXT;
         ALTER TABLE players ADD COLUMN name_key TEXT;
         CREATE UNIQUE INDEX players_by_name_key ON players(name_key);
         ALTER TABLE players ADD COLUMN streak_run INTEGER NOT NULL DEFAULT 0;
         ALTER TABLE players ADD COLUMN streak_longest INTEGER NOT NULL DEFAULT 0;
         ALTER TABLE players ADD COLUMN streak_last INTEGER;
         CREATE INDEX players_by_streak ON players(streak_longest);
         ALTER TABLE finishes ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0;
         CREATE INDEX finishes_by_daily ON finishes(daily, level, ranked, time_ms);
         CREATE TABLE week_totals (
             player INTEGER NOT NULL REFERENCES players(id),
             week_ms INTEGER NOT NULL,
             dailies INTEGER NOT NULL,
             time_ms INTEGER NOT NULL,
             hint_steps INTEGER NOT NULL,
             PRIMARY KEY (player, week_ms)
         );
         CREATE INDEX week_totals_by_rank ON week_totals(week_ms, dailies DESC, time_ms);",
    )?;
    let dailies: Vec<(i64, i64, super::Finished)> = {
        let mut statement = tx.prepare(
            "SELECT player, at_ms, size, variant, level, daily, solution_copied,
                    solution_revealed
             FROM finishes WHERE daily IS NOT NULL AND imported = 0 ORDER BY player, at_ms",
        )?;
        statement
            .query_map([], |row| {
                Ok((
                    row.get(0)?,
                    row.get(1)?,
                    super::Finished {
                        kind: super::rows::kind_of(row, 2)?,
                        time_ms: 0,
                        hint_steps: 0,
                        revealed_cells: 0,
                        solution_copied: row.get(6)?,
                        solution_revealed: row.get(7)?,
                    },
                ))
            })?
            .collect::<rusqlite::Result<_>>()?
    };
    let mut states: std::collections::BTreeMap<i64, super::streak::StreakState> =
        std::collections::BTreeMap::new();
    for (player, at_ms, finished) in &dailies {
        if let Some(day) = super::streak::streak_day(finished, *at_ms) {
            states.entry(*player).or_default().add(day);
        }
    }
    for (player, state) in states {
        super::rows::put_streak(tx, player, &state)?;
    }
    Ok(())
}
