//! A player's statistics, worked out from their history: best and median time per kind of
//! puzzle, games per week, the daily streaks, and the last times of one kind (the stats
//! screen's chart). The same report is drawn by the stats screen and printed by `sudoscope
//! stats`, so the two cannot disagree.
//!
//! Daily puzzles of one level are one kind here (`9x9 standard hard daily`): each day's is a
//! puzzle of its own, but a player races the dailies of a level against each other.

use serde::Serialize;

use super::streak::{Streaks, day_of_ms, streak_day, streaks};
use super::{HistoryEntry, Kind, civil_date, median, week_start};

/// How many weeks of games per week the report gives (this week included).
pub const WEEKS: usize = 8;
/// How many of the latest times of a kind the chart shows.
pub const RECENT: usize = 30;

/// The best and median of one kind, from the finishes that count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KindRecord {
    /// e.g. `9x9 standard hard` or `9x9 standard hard daily`.
    pub kind: String,
    /// Finishes of this kind (those with a filled-in solution included).
    pub games: u32,
    /// Finishes that count for records.
    pub counted: u32,
    pub best_ms: Option<u64>,
    pub median_ms: Option<u64>,
}

/// Games finished in one week.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WeekCount {
    /// Its Monday, `YYYY-MM-DD` (UTC).
    pub week: String,
    pub games: u32,
}

/// The latest times of one kind, oldest first (the chart's order).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Recent {
    pub kind: String,
    pub times_ms: Vec<u64>,
}

/// Everything the stats screen and `sudoscope stats` show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatsReport {
    /// Finished games (brought over from an older save's best times included).
    pub games: u32,
    pub streak: Streaks,
    /// Daily puzzles solved on their day, ever.
    pub dailies_on_their_day: u32,
    /// By kind, the most played first.
    pub records: Vec<KindRecord>,
    /// The last [`WEEKS`] weeks, oldest first (imported finishes have no real date and are
    /// left out).
    pub weeks: Vec<WeekCount>,
    /// The latest times of the kind asked for, when one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recent: Option<Recent>,
}

/// The name of a kind for statistics: dailies of a level together.
pub fn kind_name(kind: &Kind) -> String {
    match kind.daily {
        Some(_) => format!(
            "{} daily",
            Kind {
                daily: None,
                ..kind.clone()
            }
        ),
        None => kind.to_string(),
    }
}

/// The report of `history` (any order) as of `now_ms`, with the chart of `chart`'s kind.
pub fn report(history: &[HistoryEntry], now_ms: i64, chart: Option<&Kind>) -> StatsReport {
    let mut by_kind: std::collections::BTreeMap<String, (u32, Vec<u64>)> = Default::default();
    for entry in history {
        let (games, times) = by_kind.entry(kind_name(&entry.finished.kind)).or_default();
        *games += 1;
        if entry.finished.counts() {
            times.push(entry.finished.time_ms);
        }
    }
    let mut records: Vec<KindRecord> = by_kind
        .into_iter()
        .map(|(kind, (games, mut times))| {
            times.sort_unstable();
            KindRecord {
                kind,
                games,
                counted: times.len() as u32,
                best_ms: times.first().copied(),
                median_ms: median(&times),
            }
        })
        .collect();
    records.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.kind.cmp(&b.kind)));

    let this_week = week_start(now_ms);
    let week_ms = 7 * 86_400_000;
    let weeks = (0..WEEKS as i64)
        .rev()
        .map(|back| {
            let from = this_week - back * week_ms;
            let games = history
                .iter()
                .filter(|e| !e.imported && e.at_ms >= from && e.at_ms < from + week_ms)
                .count() as u32;
            let (y, m, d) = civil_date(from);
            WeekCount {
                week: format!("{y:04}-{m:02}-{d:02}"),
                games,
            }
        })
        .collect();

    let days: Vec<i64> = history
        .iter()
        .filter(|e| !e.imported)
        .filter_map(|e| streak_day(&e.finished, e.at_ms))
        .collect();
    let mut distinct = days.clone();
    distinct.sort_unstable();
    distinct.dedup();

    let recent = chart.map(|kind| {
        let name = kind_name(kind);
        let mut latest: Vec<&HistoryEntry> = history
            .iter()
            .filter(|e| e.finished.counts() && kind_name(&e.finished.kind) == name)
            .collect();
        latest.sort_by_key(|e| e.at_ms);
        let skip = latest.len().saturating_sub(RECENT);
        Recent {
            kind: name,
            times_ms: latest[skip..].iter().map(|e| e.finished.time_ms).collect(),
        }
    });

    StatsReport {
        games: history.len() as u32,
        streak: streaks(days, day_of_ms(now_ms)),
        dailies_on_their_day: distinct.len() as u32,
        records,
        weeks,
        recent,
    }
}

/// `m:ss`, or `h:mm:ss` from an hour on: how times are written in the stats.
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The report as text, for `sudoscope stats`.
pub fn text(report: &StatsReport) -> String {
    let mut out = format!(
        "games: {}\ndaily streak: {} current, {} longest ({} dailies solved on their day)\n",
        report.games, report.streak.current, report.streak.longest, report.dailies_on_their_day
    );
    if !report.records.is_empty() {
        out.push_str("\nkind                                   games   best  median\n");
        for r in &report.records {
            let time = |t: Option<u64>| t.map_or_else(|| "-".to_string(), clock);
            out.push_str(&format!(
                "{:<38} {:>5} {:>6} {:>7}\n",
                r.kind,
                r.games,
                time(r.best_ms),
                time(r.median_ms)
            ));
        }
    }
    out.push_str("\ngames per week\n");
    for w in &report.weeks {
        out.push_str(&format!("{}  {:>3}\n", w.week, w.games));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Finished;

    const DAY: i64 = 86_400_000;

    fn entry(level: &str, daily: Option<&str>, at_ms: i64, time_ms: u64) -> HistoryEntry {
        HistoryEntry {
            at_ms,
            finished: Finished {
                kind: Kind {
                    size: 9,
                    variant: "standard".into(),
                    level: Some(level.into()),
                    daily: daily.map(str::to_string),
                },
                time_ms,
                hint_steps: 0,
                revealed_cells: 0,
                solution_copied: false,
                solution_revealed: false,
            },
            imported: false,
        }
    }

    #[test]
    fn dailies_of_a_level_are_one_kind_and_records_take_only_counted_games() {
        let day = crate::store::streak::day_of_date("2026-11-28").unwrap_or_default();
        let mut revealed = entry("hard", None, day * DAY, 1_000);
        revealed.finished.solution_revealed = true;
        let history = vec![
            entry("hard", Some("2026-11-27"), (day - 1) * DAY + 10, 300_000),
            entry("hard", Some("2026-11-28"), day * DAY + 10, 200_000),
            entry("hard", None, day * DAY + 20, 400_000),
            revealed,
        ];
        let hard = Kind {
            size: 9,
            variant: "standard".into(),
            level: Some("hard".into()),
            daily: Some("2026-11-28".into()),
        };
        let report = report(&history, day * DAY + 30, Some(&hard));
        assert_eq!(report.games, 4);
        assert_eq!(report.streak.current, 2);
        assert_eq!(report.records[0].kind, "9x9 standard hard");
        assert_eq!(report.records[0].games, 2);
        assert_eq!(report.records[0].counted, 1);
        assert_eq!(report.records[0].best_ms, Some(400_000));
        let daily = &report.records[1];
        assert_eq!(daily.kind, "9x9 standard hard daily");
        assert_eq!(
            (daily.best_ms, daily.median_ms),
            (Some(200_000), Some(200_000))
        );
        let recent = report.recent.expect("a chart");
        assert_eq!(recent.times_ms, vec![300_000, 200_000], "oldest first");
        assert_eq!(report.weeks.len(), WEEKS);
        assert_eq!(report.weeks.iter().map(|w| w.games).sum::<u32>(), 4);
    }

    #[test]
    fn the_chart_keeps_the_latest_thirty() {
        let history: Vec<HistoryEntry> = (0..40)
            .map(|i| entry("easy", None, i * 1000, i as u64))
            .collect();
        let easy = history[0].finished.kind.clone();
        let recent = report(&history, 50_000, Some(&easy)).recent.expect("chart");
        assert_eq!(recent.times_ms, (10..40).collect::<Vec<u64>>());
    }

    #[test]
    fn clocks_read_like_the_game_clock() {
        assert_eq!(clock(65_000), "1:05");
        assert_eq!(clock(3_725_000), "1:02:05");
    }
}
