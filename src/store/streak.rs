//! The daily streak: how many days in a row a player solved that day's daily puzzle.
//!
//! A finish counts for the day of its daily puzzle only when it was finished on that very day
//! (UTC) and solved by the player (hints are fine; a filled-in or copied solution is not). So
//! a past day's daily can be played at any time, but it cannot mend a broken streak, and a
//! streak is the same however the player's own clock or time zone is set.
//!
//! Days are numbered from 1970-01-01 (day 0), UTC.

use serde::Serialize;

use super::Finished;

/// Milliseconds in a day.
const DAY_MS: i64 = 86_400_000;

/// The UTC day number of a time in milliseconds since the epoch.
pub fn day_of_ms(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// The day number of a `YYYY-MM-DD` date (`None` when it is not one).
pub fn day_of_date(text: &str) -> Option<i64> {
    let date = crate::daily::parse_date(text).ok()?;
    Some(i64::from(date.to_julian_day()) - i64::from(EPOCH_JULIAN_DAY))
}

/// The Julian day number of 1970-01-01.
const EPOCH_JULIAN_DAY: i32 = 2_440_588;

/// The day a finish counts for in the streak: its daily puzzle's day, when it was solved by
/// the player on that day (UTC); `None` for any other finish.
pub fn streak_day(finished: &Finished, at_ms: i64) -> Option<i64> {
    let day = day_of_date(finished.kind.daily.as_deref()?)?;
    (finished.counts() && day_of_ms(at_ms) == day).then_some(day)
}

/// A player's current and longest streak of days.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Streaks {
    /// Days in a row up to today, or up to yesterday while today's daily is still to solve.
    pub current: u32,
    pub longest: u32,
}

/// A streak kept as days come in (the store keeps one per player for the leaderboard).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreakState {
    /// The length of the run ending on `last`.
    pub run: u32,
    pub longest: u32,
    /// The last day of the run.
    pub last: Option<i64>,
}

impl StreakState {
    /// Counts a solved day. Days come in order; a day already counted changes nothing, and an
    /// earlier one (which cannot happen with days counted on their own day) is ignored.
    pub fn add(&mut self, day: i64) {
        match self.last {
            Some(last) if day <= last => {}
            Some(last) if day == last + 1 => self.run += 1,
            _ => self.run = 1,
        }
        if self.last.is_none_or(|last| day > last) {
            self.last = Some(day);
        }
        self.longest = self.longest.max(self.run);
    }

    /// The streaks as of `today`: the run is current while its last day is today or
    /// yesterday.
    pub fn as_of(&self, today: i64) -> Streaks {
        let current = match self.last {
            Some(last) if last >= today - 1 => self.run,
            _ => 0,
        };
        Streaks {
            current,
            longest: self.longest,
        }
    }
}

/// The streaks made by these solved days (in any order, repeats allowed), as of `today`.
pub fn streaks(days: impl IntoIterator<Item = i64>, today: i64) -> Streaks {
    let mut days: Vec<i64> = days.into_iter().collect();
    days.sort_unstable();
    let mut state = StreakState::default();
    for day in days {
        state.add(day);
    }
    state.as_of(today)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Kind;

    fn daily(date: &str) -> Finished {
        Finished {
            kind: Kind {
                size: 9,
                variant: "standard".into(),
                level: Some("hard".into()),
                daily: Some(date.into()),
            },
            time_ms: 60_000,
            hint_steps: 0,
            revealed_cells: 0,
            solution_copied: false,
            solution_revealed: false,
        }
    }

    #[test]
    fn dates_and_times_give_the_same_day_numbers() {
        assert_eq!(day_of_date("1970-01-01"), Some(0));
        // 2026-11-28 00:00 UTC
        assert_eq!(
            day_of_date("2026-11-28"),
            Some(day_of_ms(1_795_824_000_000))
        );
        assert_eq!(day_of_ms(-1), -1);
        assert_eq!(day_of_date("not a date"), None);
    }

    #[test]
    fn a_finish_counts_only_on_its_own_day_and_unaided() {
        let day = day_of_date("2026-11-28").unwrap_or_default();
        let midnight = day * DAY_MS;
        let finish = daily("2026-11-28");
        assert_eq!(streak_day(&finish, midnight), Some(day));
        assert_eq!(streak_day(&finish, midnight + DAY_MS - 1), Some(day));
        assert_eq!(streak_day(&finish, midnight + DAY_MS), None, "the next day");
        assert_eq!(streak_day(&finish, midnight - 1), None, "the day before");
        let revealed = Finished {
            solution_revealed: true,
            ..daily("2026-11-28")
        };
        assert_eq!(streak_day(&revealed, midnight), None);
        let plain = Finished {
            kind: Kind {
                daily: None,
                ..finish.kind.clone()
            },
            ..finish
        };
        assert_eq!(streak_day(&plain, midnight), None);
    }

    #[test]
    fn runs_are_counted_and_end_after_a_missed_day() {
        assert_eq!(streaks([], 10), Streaks::default());
        assert_eq!(
            streaks([1, 2, 3, 5, 6], 6),
            Streaks {
                current: 2,
                longest: 3
            }
        );
        // Yesterday's run is still current until today is over.
        assert_eq!(streaks([5, 6], 7).current, 2);
        assert_eq!(streaks([5, 6], 8).current, 0);
        assert_eq!(streaks([6, 5, 6, 6], 6).longest, 2, "order and repeats");
    }
}
