//! Saves from before the store: the local `game.json` autosave (one game, the best times
//! inside it) and the SSH server's one-game-per-key table. Both carry a game snapshot whose
//! `best_ms` map holds the player's best time per kind; bringing them in keeps the game (when
//! it is unfinished) and turns each best time into a history row marked imported.

use std::path::{Path, PathBuf};

use sudoscope_core::game::Snapshot;

use super::snapshots::summary_of;
use super::{Finished, GameSummary, Kind, PlayerId, Store, StoreError};

/// The local autosave file of earlier versions, in the data directory.
pub const OLD_SAVE_FILE: &str = "game.json";

/// What an old save brings: its game if unfinished (summary and snapshot), its best times.
#[derive(Debug, Default)]
pub struct OldSave {
    pub unfinished: Option<(GameSummary, String)>,
    pub finishes: Vec<Finished>,
}

/// Reads an old save's snapshot; the game's snapshot is kept without its best times (they
/// live in the history from now on).
pub fn read_snapshot(json: &str) -> Result<OldSave, String> {
    let mut snapshot: Snapshot = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let best = std::mem::take(&mut snapshot.best_ms);
    let finishes = best
        .into_iter()
        .filter_map(|(key, ms)| {
            Some(Finished {
                kind: Kind::parse(&key)?,
                time_ms: ms,
                hint_steps: 0,
                revealed_cells: 0,
                solution_copied: false,
                solution_revealed: false,
            })
        })
        .collect();
    let unfinished = if snapshot.completed_ms.is_none() {
        let text = serde_json::to_string(&snapshot).map_err(|e| e.to_string())?;
        Some((summary_of(&snapshot), text))
    } else {
        None
    };
    Ok(OldSave {
        unfinished,
        finishes,
    })
}

/// Brings the old local autosave in, once: its game and best times go into the store in one
/// transaction, then the file is renamed to `game.json.imported` (kept, not deleted). A file
/// that cannot be read is renamed to `game.json.unreadable` and reported. Returns what to
/// tell the player, if anything.
pub fn import_old_save(
    store: &dyn Store,
    player: PlayerId,
    data_dir: &Path,
) -> Result<Option<String>, StoreError> {
    let path = data_dir.join(OLD_SAVE_FILE);
    let json = match std::fs::read_to_string(&path) {
        Ok(json) => json,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(StoreError::Io {
                path: path.display().to_string(),
                source,
            });
        }
    };
    match read_snapshot(&json) {
        Ok(old) => {
            let games: Vec<_> = old.unfinished.into_iter().collect();
            store.import(player, &games, &old.finishes)?;
            rename(&path, "imported")?;
            Ok(None)
        }
        Err(reason) => {
            let kept = rename(&path, "unreadable")?;
            Ok(Some(format!(
                "the old save {} is not readable ({reason}); kept as {}",
                path.display(),
                kept.display()
            )))
        }
    }
}

/// Renames `path` to `path.SUFFIX` (`path.SUFFIX-N` when that exists) and returns the name.
fn rename(path: &Path, suffix: &str) -> Result<PathBuf, StoreError> {
    let kept = super::files::free_name(path, suffix);
    std::fs::rename(path, &kept).map_err(|source| StoreError::Io {
        path: path.display().to_string(),
        source,
    })?;
    Ok(kept)
}
