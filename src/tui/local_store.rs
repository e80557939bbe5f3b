//! Local play's store: one SQLite file in the data directory holding the player's unfinished
//! games and history. Opening it brings in the autosave file of earlier versions once, and
//! anything the player should know (a damaged store moved aside, an old save that could not
//! be read, no data directory at all) comes back as notices for the status line.

use std::path::Path;
use std::sync::Arc;

use crate::store::{
    Answer, Boards, BoardsView, Keeper, LOCAL_OWNER, Request, Save, SqliteStore, StatsReport,
    StoreError, Unfinished, Unranked, legacy, stats,
};

/// The store's file name inside the data directory.
pub const STORE_FILE: &str = "sudoscope.sqlite3";

/// The local player's games, if they can be kept, and what to tell them.
pub struct LocalStore {
    keeper: Option<Keeper>,
    pub notices: Vec<String>,
    /// A failed write was reported already (once is enough on the status line).
    failed: bool,
}

impl LocalStore {
    /// Opens the store in `data_dir` (nothing is kept without one).
    pub fn open(data_dir: Option<&Path>) -> LocalStore {
        let mut notices = Vec::new();
        let keeper = match data_dir {
            Some(dir) => match open_keeper(dir, &mut notices) {
                Ok(keeper) => Some(keeper),
                Err(e) => {
                    notices.push(format!("games are not kept: {e}"));
                    None
                }
            },
            None => {
                notices.push(
                    "games are not kept: no data directory (set SUDOSCOPE_DATA_DIR)".to_string(),
                );
                None
            }
        };
        LocalStore {
            keeper,
            notices,
            failed: false,
        }
    }

    /// A store that keeps nothing (tests, or when the caller has none).
    pub fn none() -> LocalStore {
        LocalStore {
            keeper: None,
            notices: Vec::new(),
            failed: false,
        }
    }

    /// The unfinished games, most recent first (none without a store).
    pub fn unfinished(&self) -> Result<Vec<Unfinished>, StoreError> {
        match &self.keeper {
            Some(keeper) => keeper.unfinished(),
            None => Ok(Vec::new()),
        }
    }

    /// Takes up unfinished game number `nth` (1 = the most recent): its snapshot, whose saves
    /// from now on go to that game; `None` when there is no such game.
    pub fn take_up(&mut self, nth: usize) -> Result<Option<String>, StoreError> {
        let games = self.unfinished()?;
        let Some(game) = nth.checked_sub(1).and_then(|i| games.into_iter().nth(i)) else {
            return Ok(None);
        };
        if let Some(keeper) = &mut self.keeper {
            keeper.take_up(game.id);
        }
        Ok(Some(game.snapshot))
    }

    /// Keeps what the app asked to keep; the first failure is returned for the status line.
    pub fn save(&mut self, save: &Save) -> Option<String> {
        let keeper = self.keeper.as_mut()?;
        match keeper.save(save) {
            Ok(()) => None,
            Err(e) if !self.failed => {
                self.failed = true;
                Some(format!("saving failed: {e}"))
            }
            Err(_) => None,
        }
    }

    /// The store's answer to the app's question (an empty one without a store).
    pub fn answer(&mut self, request: Request) -> Answer {
        let answered = match &self.keeper {
            Some(keeper) => keeper.answer(request.clone()),
            None => Ok(empty(&request)),
        };
        answered.unwrap_or_else(|_| empty(&request))
    }

    /// The player's statistics (`sudoscope stats`); `None` without a store.
    pub fn stats(&self) -> Result<Option<StatsReport>, StoreError> {
        let Some(keeper) = &self.keeper else {
            return Ok(None);
        };
        match keeper.answer(Request::Stats(None))? {
            Answer::Stats(report) => Ok(Some(*report)),
            _ => Ok(None),
        }
    }
}

/// The answer when nothing is kept (or the store failed): nothing known.
fn empty(request: &Request) -> Answer {
    match request {
        Request::Unfinished => Answer::Unfinished(Vec::new()),
        Request::Records => Answer::Records(Vec::new()),
        Request::Stats(kind) => Answer::Stats(Box::new(stats::report(
            &[],
            crate::store::now_ms(),
            kind.as_ref(),
        ))),
        Request::Boards { day, level } => Answer::Boards(Box::new(BoardsView {
            boards: Boards {
                day: day.clone(),
                level: level.clone(),
                ..Boards::default()
            },
            seat: Some(Unranked::Local),
            name: None,
            last_finish: None,
        })),
        Request::Name(_) => Answer::Name(Err(Unranked::Local.to_string())),
        Request::DisplayName => Answer::DisplayName(None),
        Request::RaceFinish(_) => Answer::Recorded(Err(Unranked::Local)),
    }
}

fn open_keeper(dir: &Path, notices: &mut Vec<String>) -> Result<Keeper, StoreError> {
    let opened = SqliteStore::open(&dir.join(STORE_FILE))?;
    notices.extend(opened.notice);
    let keeper = Keeper::new(Arc::new(opened.store), LOCAL_OWNER)?;
    notices.extend(legacy::import_old_save(
        keeper.store().as_ref(),
        keeper.player(),
        dir,
    )?);
    Ok(keeper)
}
