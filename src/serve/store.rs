//! Saved games of SSH sessions, in SQLite.
//!
//! One row per owner: `key:SHA256:...` for a session authenticated by a public key (its game
//! comes back on reconnect), `anon:N` for an anonymous session (kept only while it lasts).
//! Every save is one transaction, so a crash or a kill leaves either the old or the new game,
//! never half of one. The connection sits behind a mutex and is used from blocking threads
//! (`spawn_blocking`), never from the async reactor.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, params};

use super::ServeError;

/// A handle to the saves database; cheap to clone.
#[derive(Clone)]
pub struct Store {
    connection: Arc<Mutex<Connection>>,
}

impl Store {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<Store, ServeError> {
        let connection = Connection::open(path).map_err(|source| ServeError::Store {
            path: path.display().to_string(),
            source,
        })?;
        Store::init(connection, path)
    }

    /// A private database in memory (tests).
    pub fn in_memory() -> Result<Store, ServeError> {
        let connection = Connection::open_in_memory().map_err(|source| ServeError::Store {
            path: ":memory:".to_string(),
            source,
        })?;
        Store::init(connection, Path::new(":memory:"))
    }

    fn init(connection: Connection, path: &Path) -> Result<Store, ServeError> {
        let setup = "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             PRAGMA busy_timeout = 5000;
             CREATE TABLE IF NOT EXISTS saves (
                 owner TEXT PRIMARY KEY,
                 snapshot TEXT NOT NULL,
                 updated INTEGER NOT NULL
             );
             DELETE FROM saves WHERE owner LIKE 'anon:%';";
        connection
            .execute_batch(setup)
            .map_err(|source| ServeError::Store {
                path: path.display().to_string(),
                source,
            })?;
        Ok(Store {
            connection: Arc::new(Mutex::new(connection)),
        })
    }

    /// The saved snapshot of an owner, if any.
    pub fn load(&self, owner: &str) -> Result<Option<String>, rusqlite::Error> {
        let connection = self.lock();
        connection
            .query_row(
                "SELECT snapshot FROM saves WHERE owner = ?1",
                params![owner],
                |row| row.get(0),
            )
            .optional()
    }

    /// Replaces an owner's snapshot, in one transaction.
    pub fn save(&self, owner: &str, snapshot: &str) -> Result<(), rusqlite::Error> {
        let mut connection = self.lock();
        let transaction = connection.transaction()?;
        transaction.execute(
            "INSERT INTO saves (owner, snapshot, updated) VALUES (?1, ?2, ?3)
             ON CONFLICT(owner) DO UPDATE SET snapshot = excluded.snapshot,
                                              updated = excluded.updated",
            params![owner, snapshot, unix_now()],
        )?;
        transaction.commit()
    }

    /// Forgets an owner's game (anonymous sessions, when they end).
    pub fn remove(&self, owner: &str) -> Result<(), rusqlite::Error> {
        self.lock()
            .execute("DELETE FROM saves WHERE owner = ?1", params![owner])
            .map(|_| ())
    }

    /// How many games are stored.
    pub fn count(&self) -> Result<i64, rusqlite::Error> {
        self.lock()
            .query_row("SELECT COUNT(*) FROM saves", [], |row| row.get(0))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite inconsistent (transactions roll
        // back), so a poisoned lock is still safe to use.
        self.connection
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_load_replace_remove() -> Result<(), Box<dyn std::error::Error>> {
        let store = Store::in_memory()?;
        assert_eq!(store.load("key:a")?, None);
        store.save("key:a", "{\"v\":1}")?;
        store.save("key:a", "{\"v\":2}")?;
        assert_eq!(store.load("key:a")?.as_deref(), Some("{\"v\":2}"));
        assert_eq!(store.count()?, 1);
        store.remove("key:a")?;
        assert_eq!(store.load("key:a")?, None);
        Ok(())
    }

    #[test]
    fn survives_reopen_and_drops_anonymous_games() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("saves.sqlite3");
        {
            let store = Store::open(&path)?;
            store.save("key:SHA256:abc", "game")?;
            store.save("anon:7", "other")?;
        }
        let store = Store::open(&path)?;
        assert_eq!(store.load("key:SHA256:abc")?.as_deref(), Some("game"));
        assert_eq!(store.load("anon:7")?, None);
        Ok(())
    }
}
