//! `sudoscope serve`: the game over SSH, for anyone with an ssh client.
//!
//! Layout: [`server`] accepts connections and admits or refuses them, [`handler`] answers the
//! SSH protocol for one connection (authentication, channel requests), [`session`] runs one
//! player's game (events in, frames out, saves) on a [`screen`] that sends only what changed
//! of its frames, [`input`] turns channel bytes into terminal
//! events, [`hostkey`] persists the server's key, [`limits`] counts sessions, and [`pace`]
//! sets how often animations are drawn by how busy the server is. Players' games live in the
//! [`crate::store`] (per key; anonymous sessions' only while they last).
//! The game itself is behind the [`app::SessionApp`] seam. Race rooms ([`rooms`], the
//! [`rooms::RoomHub`] seam; [`pg_rooms`] when instances share a PostgreSQL database) put
//! several sessions on one puzzle; [`race`] is a player's session in one.

pub mod app;
pub mod game;
pub mod handler;
pub mod hostkey;
pub mod input;
pub mod limits;
pub mod pace;
pub mod pg_rooms;
pub mod race;
pub mod race_view;
pub mod rooms;
pub mod saves;
pub mod screen;
pub mod server;
pub mod session;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

pub use server::{ServerHandle, serve};

/// Everything that can stop the server from starting.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("host key {path}: {reason}")]
    HostKey { path: String, reason: String },
    #[error("store: {0}")]
    Store(#[from] crate::store::StoreError),
    #[error("authorized keys {path}: {reason}")]
    AuthorizedKeys { path: String, reason: String },
    #[error("cannot listen on {address}: {source}")]
    Listen {
        address: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{path} is in use by another sudoscope serve (lock {lock}); one SQLite store serves one \
         server, several share a PostgreSQL one: --store postgres://…"
    )]
    StoreInUse { path: String, lock: String },
    #[error("data directory {path}: {source}")]
    DataDir {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// The server's settings; every limit has a safe default.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub listen: SocketAddr,
    /// The host key file (created on first start).
    pub host_key: PathBuf,
    /// The SQLite file of the players' games and history (unless `postgres` is set).
    pub database: PathBuf,
    /// A PostgreSQL database (`postgres://user@host/dbname`) shared with other instances,
    /// used instead of the SQLite file.
    pub postgres: Option<String>,
    /// Only these keys may log in (OpenSSH `authorized_keys` format); anonymous play when
    /// `None`.
    pub authorized_keys: Option<PathBuf>,
    pub max_sessions: usize,
    pub max_sessions_per_address: usize,
    /// A session with no input for this long is closed (its game is saved).
    pub idle_timeout: Duration,
    /// No session lasts longer than this.
    pub max_session: Duration,
    /// Connections (in handshake or playing) beyond which new TCP connections are dropped
    /// at once, before any SSH work.
    pub max_connections: usize,
}

impl ServeOptions {
    /// Defaults with files in `data_dir`.
    pub fn with_data_dir(data_dir: &std::path::Path) -> ServeOptions {
        ServeOptions {
            listen: SocketAddr::from(([0, 0, 0, 0], 2222)),
            host_key: data_dir.join("ssh_host_ed25519_key"),
            database: data_dir.join("saves.sqlite3"),
            postgres: None,
            authorized_keys: None,
            max_sessions: 64,
            max_sessions_per_address: 8,
            idle_timeout: Duration::from_secs(30 * 60),
            max_session: Duration::from_secs(4 * 60 * 60),
            max_connections: 256,
        }
    }
}
