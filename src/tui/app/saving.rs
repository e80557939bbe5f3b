//! What the app asks its runner to keep, and what it gets back from the store: the snapshot
//! of each game (numbered, so a new game is kept beside the old ones instead of over them),
//! the finish of a solved game (once), the records for the finish banner, and the continue
//! list of the open dialog. The app does no I/O; the runner's [`Keeper`] does it.
//!
//! [`Keeper`]: crate::store::Keeper

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{App, AppError, DailyTag, Effect, Overlay, Tone};
use crate::store::{Answer, Finished, Save, Unfinished, summary_of};
use sudoscope_core::game::{Game, Snapshot};

/// What the player was given besides hint steps (the history tells them apart); saved with
/// the game so a resumed game keeps them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assists {
    /// Cells whose digit was revealed one by one (each also counts in the game's hints).
    #[serde(default)]
    pub revealed_cells: u32,
    /// A solver's solution was copied into the board.
    #[serde(default)]
    pub solution_copied: bool,
    /// The whole solution was revealed.
    #[serde(default)]
    pub solution_revealed: bool,
}

impl Assists {
    fn is_none(&self) -> bool {
        *self == Assists::default()
    }
}

/// The app's snapshot: the game's own, with the app's additions beside its fields.
#[derive(Serialize, Deserialize)]
struct AppSnapshot {
    #[serde(flatten)]
    game: Snapshot,
    #[serde(default, skip_serializing_if = "Assists::is_none")]
    assists: Assists,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    daily: Option<DailyTag>,
}

/// A game read back from a snapshot, with what the app keeps beside it.
pub(super) struct Resumed {
    pub game: Game,
    pub cursor: Option<usize>,
    pub assists: Assists,
    /// The daily puzzle the game is, if it is one.
    pub daily: Option<DailyTag>,
    /// Best times inside a save of an older version (records live in the store now).
    pub best_ms: BTreeMap<String, u64>,
}

/// Reads a snapshot written by [`App::snapshot`] (or by an older version).
pub(super) fn resume(json: &str) -> Result<Resumed, AppError> {
    let snapshot: AppSnapshot =
        serde_json::from_str(json).map_err(|e| AppError::Snapshot(e.to_string()))?;
    let game = Game::from_snapshot(&snapshot.game)?;
    let cursor = snapshot.game.cursor.filter(|&c| c < game.entries().len());
    Ok(Resumed {
        game,
        cursor,
        assists: snapshot.assists,
        daily: snapshot.daily.map(DailyTag::resumed),
        best_ms: snapshot.game.best_ms,
    })
}

impl App {
    pub fn snapshot(&self) -> String {
        let mut game = self.game.snapshot();
        game.cursor = Some(self.cursor);
        let snapshot = AppSnapshot {
            game,
            assists: self.assists,
            daily: self.daily.clone(),
        };
        serde_json::to_string(&snapshot).unwrap_or_default()
    }

    /// What to keep of the current game now (`None` while there is no game yet).
    pub fn save_request(&self) -> Option<Save> {
        (!self.placeholder).then(|| self.game_save())
    }

    /// What to keep of the game on screen.
    fn game_save(&self) -> Save {
        let snapshot = self.snapshot();
        let summary = serde_json::from_str::<Snapshot>(&snapshot)
            .map(|s| summary_of(&s))
            .unwrap_or_default();
        Save {
            game: self.games_started,
            stored: self.stored,
            summary,
            snapshot,
            completed: self.game.completed().is_some(),
            finish: None,
        }
    }

    /// Saves the game after a change (there is always a game by then: the placeholder
    /// takes no moves).
    pub(super) fn save(&self) -> Effect {
        Effect::Save(self.game_save())
    }

    /// Saves the game, if there is one, and quits.
    pub(super) fn save_and_quit(&self) -> Vec<Effect> {
        let mut effects: Vec<Effect> = self.save_request().map(Effect::Save).into_iter().collect();
        effects.push(Effect::Quit);
        effects
    }

    /// The save that records this game's finish (the first time it is solved).
    pub(super) fn finish_save(&mut self, time: std::time::Duration) -> Effect {
        let mut save = self.game_save();
        if !self.finish_recorded {
            self.finish_recorded = true;
            let assists = self.assists;
            save.finish = Some(Finished {
                kind: self.finish_kind(),
                time_ms: time.as_millis() as u64,
                hint_steps: self.game.hints_used.saturating_sub(assists.revealed_cells),
                revealed_cells: assists.revealed_cells,
                solution_copied: assists.solution_copied,
                solution_revealed: assists.solution_revealed,
            });
        }
        Effect::Save(save)
    }

    /// Takes the store's answer to an [`Effect::Ask`].
    pub(super) fn stored_answer(&mut self, answer: Answer) -> Vec<Effect> {
        match answer {
            Answer::Records(records) => {
                self.keep_best_times(
                    records
                        .into_iter()
                        .map(|r| (r.kind.to_string(), r.best_ms))
                        .collect(),
                );
            }
            Answer::Unfinished(games) => {
                self.continue_games = games;
                self.continue_pick = 0;
            }
            Answer::Stats(report) => self.stats_arrived(report),
            Answer::Boards(view) => self.boards_arrived(view),
            Answer::Name(answer) => return self.name_arrived(answer),
            Answer::Unavailable => self.store_unavailable(),
            // Asked by a race session, not by the game.
            Answer::DisplayName(_) | Answer::Recorded(_) => {}
        }
        Vec::new()
    }

    /// The unfinished games the open dialog offers (other than the one on screen).
    pub fn continue_games(&self) -> &[Unfinished] {
        &self.continue_games
    }

    /// Which of them Enter resumes.
    pub fn continue_pick(&self) -> usize {
        self.continue_pick
    }

    /// Up and Down in the open dialog's continue list.
    pub(super) fn move_continue_pick(&mut self, delta: i32) {
        let n = self.continue_games.len() as i32;
        if n > 0 {
            self.continue_pick = (self.continue_pick as i32 + delta).clamp(0, n - 1) as usize;
        }
    }

    /// Resumes the picked game of the continue list; the game on screen is saved and stays
    /// in the list.
    pub(super) fn continue_picked(&mut self) -> Vec<Effect> {
        if self.continue_pick >= self.continue_games.len() {
            return Vec::new();
        }
        let picked = self.continue_games.remove(self.continue_pick);
        self.continue_pick = 0;
        match resume(&picked.snapshot) {
            Ok(resumed) => {
                self.overlay = Overlay::None;
                self.start_game(resumed.game);
                if let Some(cursor) = resumed.cursor {
                    self.cursor = cursor;
                }
                self.assists = resumed.assists;
                self.daily = resumed.daily;
                self.stored = Some(picked.id);
                self.keep_best_times(resumed.best_ms);
                self.say("welcome back: the game is restored", Tone::Info);
                let mut effects = self.rate_game();
                effects.push(self.save());
                effects
            }
            Err(e) => {
                if let Overlay::Open { error, .. } = &mut self.overlay {
                    *error = Some(format!("that game cannot be resumed: {e}"));
                }
                Vec::new()
            }
        }
    }
}
