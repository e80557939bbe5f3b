//! The leaderboards over SSH: today's daily at one level (rank, name, time, hints), this
//! week's totals, and the longest streaks; what a query asks for and what it gets, and the
//! SQL that answers it (shared by every SQL backend's reading of the same schema).
//!
//! Only players with a display name are listed; names are returned as stored, and whoever
//! draws them passes them through [`crate::names::for_terminal`].

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::PlayerId;
use super::streak::StreakState;

/// What the leaderboard screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardQuery {
    /// The daily's day, `YYYY-MM-DD`, and level (`easy` … `evil`).
    pub day: String,
    pub level: String,
    /// Today's day number (for whose streak is still going).
    pub today: i64,
    /// This week's Monday, 00:00 UTC, in milliseconds since the epoch.
    pub week_from_ms: i64,
    /// Rows per board.
    pub limit: usize,
    /// The player looking, marked in the rows and given their own row when out of the top.
    pub me: Option<PlayerId>,
}

/// One ranked finish of the daily.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DailyRow {
    pub rank: u32,
    pub name: String,
    pub time_ms: u64,
    pub hint_steps: u32,
    pub me: bool,
}

/// One player's ranked dailies this week.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WeekRow {
    pub rank: u32,
    pub name: String,
    pub dailies: u32,
    pub time_ms: u64,
    pub hint_steps: u32,
    pub me: bool,
}

/// One player's streaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StreakRow {
    pub rank: u32,
    pub name: String,
    pub longest: u32,
    pub current: u32,
    pub me: bool,
}

/// The three boards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Boards {
    pub day: String,
    pub level: String,
    pub daily: Vec<DailyRow>,
    /// The looking player's own row of the daily when it is not among the top rows.
    pub my_daily: Option<DailyRow>,
    pub week: Vec<WeekRow>,
    pub streaks: Vec<StreakRow>,
}

/// Whether a name was taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameSet {
    Set,
    /// Another player has this name (or one that differs only in case or width).
    Taken,
}

/// Reads the three boards.
pub fn read(connection: &Connection, query: &BoardQuery) -> rusqlite::Result<Boards> {
    let me = query.me.unwrap_or(-1);
    let limit = query.limit as i64;
    let mut statement = connection.prepare_cached(
        "SELECT p.name, f.time_ms, f.hint_steps, f.player, f.at_ms FROM finishes f
         JOIN players p ON p.id = f.player
         WHERE f.daily = ?1 AND f.level = ?2 AND f.ranked = 1 AND p.name IS NOT NULL
         ORDER BY f.time_ms, f.at_ms, f.id LIMIT ?3",
    )?;
    let daily: Vec<DailyRow> = statement
        .query_map(params![query.day, query.level, limit], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, u32>(2)?,
                row.get::<_, PlayerId>(3)?,
            ))
        })?
        .enumerate()
        .map(|(i, row)| {
            row.map(|(name, time, hints, player)| DailyRow {
                rank: i as u32 + 1,
                name,
                time_ms: time.max(0) as u64,
                hint_steps: hints,
                me: player == me,
            })
        })
        .collect::<rusqlite::Result<_>>()?;
    let my_daily = if daily.iter().any(|r| r.me) || query.me.is_none() {
        None
    } else {
        my_daily_row(connection, query, me)?
    };
    let mut statement = connection.prepare_cached(
        "SELECT p.name, w.dailies, w.time_ms, w.hint_steps, w.player
         FROM week_totals w JOIN players p ON p.id = w.player
         WHERE w.week_ms = ?1 AND p.name IS NOT NULL
         ORDER BY w.dailies DESC, w.time_ms, w.player LIMIT ?2",
    )?;
    let week = statement
        .query_map(params![query.week_from_ms, limit], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, u32>(1)?,
                row.get::<_, i64>(2)?,
                row.get::<_, u32>(3)?,
                row.get::<_, PlayerId>(4)?,
            ))
        })?
        .enumerate()
        .map(|(i, row)| {
            row.map(|(name, dailies, time, hints, player)| WeekRow {
                rank: i as u32 + 1,
                name,
                dailies,
                time_ms: time.max(0) as u64,
                hint_steps: hints,
                me: player == me,
            })
        })
        .collect::<rusqlite::Result<_>>()?;
    let mut statement = connection.prepare_cached(
        "SELECT name, streak_run, streak_longest, streak_last, id FROM players
         WHERE name IS NOT NULL AND streak_longest > 0
         ORDER BY streak_longest DESC, streak_last DESC, id LIMIT ?1",
    )?;
    let streaks = statement
        .query_map(params![limit], |row| {
            let state = StreakState {
                run: row.get(1)?,
                longest: row.get(2)?,
                last: row.get(3)?,
            };
            let streaks = state.as_of(query.today);
            Ok((
                row.get::<_, String>(0)?,
                streaks,
                row.get::<_, PlayerId>(4)?,
            ))
        })?
        .enumerate()
        .map(|(i, row)| {
            row.map(|(name, streaks, player)| StreakRow {
                rank: i as u32 + 1,
                name,
                longest: streaks.longest,
                current: streaks.current,
                me: player == me,
            })
        })
        .collect::<rusqlite::Result<_>>()?;
    Ok(Boards {
        day: query.day.clone(),
        level: query.level.clone(),
        daily,
        my_daily,
        week,
        streaks,
    })
}

/// The looking player's ranked finish of the daily and its rank among the named players.
fn my_daily_row(
    connection: &Connection,
    query: &BoardQuery,
    me: PlayerId,
) -> rusqlite::Result<Option<DailyRow>> {
    let mine = connection
        .prepare_cached(
            "SELECT p.name, f.time_ms, f.hint_steps, f.at_ms, f.id FROM finishes f
             JOIN players p ON p.id = f.player
             WHERE f.player = ?1 AND f.daily = ?2 AND f.level = ?3 AND f.ranked = 1
                   AND p.name IS NOT NULL",
        )?
        .query_row(params![me, query.day, query.level], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, u32>(2)?,
                row.get::<_, i64>(3)?,
                row.get::<_, i64>(4)?,
            ))
        })
        .optional()?;
    let Some((name, time, hints, at, id)) = mine else {
        return Ok(None);
    };
    let ahead: u32 = connection
        .prepare_cached(
            "SELECT COUNT(*) FROM finishes f JOIN players p ON p.id = f.player
             WHERE f.daily = ?1 AND f.level = ?2 AND f.ranked = 1 AND p.name IS NOT NULL
                   AND (f.time_ms, f.at_ms, f.id) < (?3, ?4, ?5)",
        )?
        .query_row(params![query.day, query.level, time, at, id], |row| {
            row.get(0)
        })?;
    Ok(Some(DailyRow {
        rank: ahead + 1,
        name,
        time_ms: time.max(0) as u64,
        hint_steps: hints,
        me: true,
    }))
}
