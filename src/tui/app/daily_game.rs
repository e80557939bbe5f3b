//! Daily puzzles in the app: the game knows it is one (its day and level, kept with its
//! snapshot), its title says so ("Daily 2026-11-28 · hard · SE 5.4"), its finish is recorded
//! with its day, and a finish brings up the leaderboards (over SSH) or the name prompt (a
//! player's first ranked finish).
//!
//! The app does no I/O, but it needs today's date to pick today's puzzle: the clock is
//! [`Today`], the real UTC date unless a test sets another ([`App::set_today`]).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::*;
use crate::daily::{self, Daily};

/// Today's UTC date, as the app asks for it.
pub type Today = Arc<dyn Fn() -> time::Date + Send + Sync>;

/// The real clock.
pub fn real_today() -> Today {
    Arc::new(daily::today)
}

/// What marks a game as a daily: its day and level. Kept in the snapshot, so a resumed daily
/// is still one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyTag {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `easy` … `evil`.
    pub level: String,
    /// The title, made from the bank (not kept: it is made again on resume).
    #[serde(skip)]
    pub title: String,
}

impl DailyTag {
    pub fn of(daily: &Daily) -> DailyTag {
        DailyTag {
            date: daily.date.to_string(),
            level: daily.level.id().to_string(),
            title: daily.title(),
        }
    }

    /// A tag read back from a snapshot, with its title made again (the date and level alone
    /// when the bank does not know them).
    pub fn resumed(mut self) -> DailyTag {
        let found = daily::parse_date(&self.date)
            .ok()
            .zip(self.level.parse::<Level>().ok())
            .and_then(|(date, level)| daily::daily(date, level).ok());
        self.title = match found {
            Some(daily) => daily.title(),
            None => format!("Daily {} · {}", self.date, self.level),
        };
        self
    }
}

/// The level `d` plays: the one last chosen for a new game when dailies come in it, else
/// medium.
pub fn daily_level(chosen: Option<Level>) -> Level {
    chosen
        .filter(|level| daily::LEVELS.contains(level))
        .unwrap_or(Level::Medium)
}

impl App {
    /// Uses `today` as the date of "today's puzzle" (tests of other days).
    pub fn set_today(&mut self, today: Today) {
        self.today = today;
    }

    /// The daily this game is, if it is one.
    pub fn daily(&self) -> Option<&DailyTag> {
        self.daily.as_ref()
    }

    /// Whether this game is today's daily (UTC): `None` when it is no daily at all. Only
    /// today's daily counts for a streak and a leaderboard.
    pub fn daily_is_today(&self) -> Option<bool> {
        let tag = self.daily.as_ref()?;
        Some(tag.date == (self.today)().to_string())
    }

    /// The game made from a daily puzzle.
    pub(super) fn daily_game(daily: &Daily) -> Result<Game, AppError> {
        let puzzle = daily
            .puzzle()
            .map_err(|e| AppError::Snapshot(e.to_string()))?;
        Ok(Game::new(puzzle, None, Some(daily.level))?)
    }

    /// `d`: today's puzzle at the chosen level, asking first when an unfinished game would
    /// be left.
    pub(super) fn ask_daily(&mut self, level: Level) -> Vec<Effect> {
        if self.has_unfinished_work() {
            self.overlay = Overlay::Confirm(Confirm::Daily(level));
            Vec::new()
        } else {
            self.play_today(level)
        }
    }

    /// Starts today's puzzle at `level` (a generation under way is stopped).
    pub(super) fn play_today(&mut self, level: Level) -> Vec<Effect> {
        let today = (self.today)();
        let found = daily::daily(today, level).map_err(|e| e.to_string());
        let started = found.and_then(|daily| {
            App::daily_game(&daily)
                .map(|game| (daily, game))
                .map_err(|e| e.to_string())
        });
        match started {
            Ok((daily, game)) => {
                self.cancel_generation();
                self.start_game(game);
                self.daily = Some(DailyTag::of(&daily));
                self.say(
                    format!("{}: the same puzzle for everyone today", daily.title()),
                    Tone::Info,
                );
                let mut effects = self.rate_game();
                effects.push(self.save());
                effects
            }
            Err(e) => {
                self.say(format!("no daily puzzle: {e}"), Tone::Bad);
                Vec::new()
            }
        }
    }

    /// After a daily's first finish: the leaderboards (and the name prompt) follow once the
    /// store has the finish.
    pub(super) fn daily_finished(&mut self) -> Vec<Effect> {
        let Some(tag) = &self.daily else {
            return Vec::new();
        };
        self.boards_after_finish = true;
        vec![Effect::Ask(Request::Boards {
            day: tag.date.clone(),
            level: tag.level.clone(),
        })]
    }

    /// The daily the leaderboards show: the one being played, else today's at the chosen
    /// level.
    pub(super) fn boards_daily(&self) -> (String, String) {
        match &self.daily {
            Some(tag) => (tag.date.clone(), tag.level.clone()),
            None => (
                (self.today)().to_string(),
                daily_level(self.options.level).id().to_string(),
            ),
        }
    }
}
