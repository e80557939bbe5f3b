//! The accept loop, admission of connections, and graceful shutdown.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use russh::keys::PublicKey;
use russh::server::Config;
use tokio::net::TcpListener;
use tokio::sync::watch;

use super::app::AppFactory;
use super::handler::{Connection, Shared};
use super::limits::Admission;
use super::pace::Pace;
use super::pg_rooms::PgRooms;
use super::rooms::{LocalRooms, SharedRooms};
use super::session::SessionLimits;
use super::{ServeError, ServeOptions, hostkey};
use crate::store::{ANONYMOUS_PREFIX, PgStore, SharedStore, SqliteStore, Store, StoreError};
use crate::tui::panel::StepPool;

/// How long the handshake and authentication may take before the connection is dropped.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);
/// How long shutdown waits for sessions to say goodbye and save.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// A running server: its address, counters and a way to stop it.
pub struct ServerHandle {
    pub local_addr: std::net::SocketAddr,
    shutdown: watch::Sender<bool>,
    connections: Arc<AtomicUsize>,
    admission: Admission,
    task: tokio::task::JoinHandle<()>,
}

impl ServerHandle {
    /// Sessions currently playing.
    pub fn active_sessions(&self) -> usize {
        self.admission.active()
    }

    /// TCP connections currently open (in handshake or playing).
    pub fn open_connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    /// Asks every session to say goodbye and save, stops accepting, and waits (up to a grace
    /// period) for the sessions to end and the connections to close.
    pub async fn shutdown(self) {
        let _ = self.shutdown.send(true);
        let _ = self.task.await;
        let deadline = tokio::time::Instant::now() + SHUTDOWN_GRACE;
        while (self.connections.load(Ordering::SeqCst) > 0 || self.admission.active() > 0)
            && tokio::time::Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// Starts serving; returns once the socket listens.
pub async fn serve(
    options: &ServeOptions,
    factory: AppFactory,
) -> Result<ServerHandle, ServeError> {
    // The store first: a server that cannot reach its database stops before making a key.
    let (store, store_lock) = open_store(options).await?;
    let key = hostkey::load_or_create(&options.host_key)?;
    let authorized = match &options.authorized_keys {
        Some(path) => Some(read_authorized_keys(path)?),
        None => None,
    };
    let config = Arc::new(Config {
        keys: vec![key],
        inactivity_timeout: Some(options.idle_timeout + Duration::from_secs(60)),
        auth_rejection_time: Duration::from_millis(500),
        auth_rejection_time_initial: Some(Duration::from_millis(0)),
        max_auth_attempts: 6,
        nodelay: true,
        ..Default::default()
    });
    let listener =
        TcpListener::bind(options.listen)
            .await
            .map_err(|source| ServeError::Listen {
                address: options.listen,
                source,
            })?;
    let local_addr = listener.local_addr().map_err(|source| ServeError::Listen {
        address: options.listen,
        source,
    })?;
    // This process's number: its tag in anonymous players' names, the high half of its
    // connections' numbers, and its name among the instances sharing race rooms.
    let instance = rand::random::<u32>().max(1);
    let rooms: SharedRooms = match &options.postgres {
        Some(url) => Arc::new(PgRooms::connect(url, instance)?),
        None => Arc::new(LocalRooms::start()),
    };
    let (shutdown, shutdown_rx) = watch::channel(false);
    let admission = Admission::new(options.max_sessions, options.max_sessions_per_address);
    let shared = Arc::new(Shared {
        admission: admission.clone(),
        store,
        factory,
        limits: SessionLimits {
            idle_timeout: options.idle_timeout,
            max_session: options.max_session,
        },
        authorized,
        shutdown: shutdown_rx.clone(),
        next_id: AtomicU64::new((u64::from(instance) << 32) | 1),
        rooms,
        // Race boards run no solvers but a spectator's panel: one thread serves them all.
        race_pool: Arc::new(StepPool::new(1)),
        pace: Pace::measured(),
        instance: format!("{instance:08x}"),
        store_lock,
    });
    let connections = Arc::new(AtomicUsize::new(0));
    let task = tokio::spawn(accept_loop(
        listener,
        config,
        shared,
        connections.clone(),
        options.max_connections,
        shutdown_rx,
    ));
    tracing::info!(address = %local_addr, "serving sudoscope over SSH");
    Ok(ServerHandle {
        local_addr,
        shutdown,
        connections,
        admission,
        task,
    })
}

/// Opens the store: the shared PostgreSQL database when one is named, else the SQLite file,
/// which this server locks for as long as it runs (a second server on the same file is
/// refused; the local terminal of a player does not take the lock, so it still works).
async fn open_store(
    options: &ServeOptions,
) -> Result<(SharedStore, Option<std::fs::File>), ServeError> {
    if let Some(url) = options.postgres.clone() {
        // Connecting blocks; the store's own threads run the connections.
        let shown = crate::store::postgres::display_url(&url);
        let store = tokio::task::spawn_blocking(move || PgStore::connect(&url))
            .await
            .map_err(|e| StoreError::Unreachable {
                url: shown,
                reason: e.to_string(),
            })??;
        // Anonymous players of the other instances may be playing (each instance's carry its
        // own tag and go with their sessions): only those older than any session can be are
        // forgotten, left by an instance that was killed.
        let oldest = store.now_ms() - options.max_session.as_millis() as i64 - 60_000;
        let store: SharedStore = Arc::new(store);
        let forgetting = store.clone();
        tokio::task::spawn_blocking(move || {
            forgetting.forget_players_starting(ANONYMOUS_PREFIX, oldest)
        })
        .await
        .map_err(|e| StoreError::Pool {
            url: String::new(),
            reason: e.to_string(),
        })??;
        return Ok((store, None));
    }
    if let Some(parent) = options
        .database
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
    {
        std::fs::create_dir_all(parent).map_err(|source| ServeError::DataDir {
            path: parent.display().to_string(),
            source,
        })?;
    }
    let lock = lock_store(&options.database)?;
    let opened = SqliteStore::open(&options.database)?;
    if let Some(notice) = &opened.notice {
        tracing::warn!(%notice, "the store was moved aside");
        eprintln!("sudoscope serve: {notice}");
    }
    // Anonymous games end with their sessions; any left by a server that stopped go now.
    opened
        .store
        .forget_players_starting(ANONYMOUS_PREFIX, i64::MAX)?;
    Ok((Arc::new(opened.store), Some(lock)))
}

/// Takes the server's lock on a SQLite store: `FILE.serve-lock` beside it, held while the
/// process lives (the system lets go of it when the process dies, even by `kill -9`).
fn lock_store(database: &std::path::Path) -> Result<std::fs::File, ServeError> {
    let mut name = database.as_os_str().to_owned();
    name.push(".serve-lock");
    let path = std::path::PathBuf::from(name);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|source| ServeError::DataDir {
            path: path.display().to_string(),
            source,
        })?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(ServeError::StoreInUse {
            path: database.display().to_string(),
            lock: path.display().to_string(),
        }),
        Err(std::fs::TryLockError::Error(source)) => Err(ServeError::DataDir {
            path: path.display().to_string(),
            source,
        }),
    }
}

async fn accept_loop(
    listener: TcpListener,
    config: Arc<Config>,
    shared: Arc<Shared>,
    connections: Arc<AtomicUsize>,
    max_connections: usize,
    mut shutdown: watch::Receiver<bool>,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = shutdown.changed() => return,
        };
        let (socket, peer) = match accepted {
            Ok(pair) => pair,
            Err(e) => {
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        if connections.load(Ordering::SeqCst) >= max_connections {
            tracing::info!(peer = %peer, "refused: too many open connections");
            drop(socket);
            continue;
        }
        let guard = ConnectionGuard::new(connections.clone());
        let handler = Connection::new(shared.clone(), Some(peer));
        let config = config.clone();
        let mut shutdown = shutdown.clone();
        tokio::spawn(async move {
            let _guard = guard;
            let running = match tokio::time::timeout(
                HANDSHAKE_TIMEOUT,
                russh::server::run_stream(config, socket, handler),
            )
            .await
            {
                Ok(Ok(running)) => running,
                Ok(Err(e)) => {
                    tracing::debug!(peer = %peer, error = %e, "handshake failed");
                    return;
                }
                Err(_) => {
                    tracing::info!(peer = %peer, "refused: handshake too slow");
                    return;
                }
            };
            let handle = running.handle();
            let mut running = std::pin::pin!(running);
            let ended = tokio::select! {
                result = &mut running => Some(result),
                _ = async { let _ = shutdown.wait_for(|stopping| *stopping).await; } => {
                    // Each session says its goodbye, saves and closes its channel, and the
                    // client hangs up; a client that stays connected is let go after a grace
                    // period.
                    tokio::time::timeout(SHUTDOWN_GRACE - Duration::from_secs(1), &mut running)
                        .await
                        .ok()
                }
            };
            match ended {
                Some(Ok(())) => {}
                Some(Err(e)) => {
                    tracing::debug!(peer = %peer, error = %e, "connection ended with an error");
                }
                None => {
                    let _ = handle
                        .disconnect(
                            russh::Disconnect::ByApplication,
                            "server shutting down".into(),
                            String::new(),
                        )
                        .await;
                }
            }
        });
    }
}

/// Counts a TCP connection for as long as its task lives.
struct ConnectionGuard(Arc<AtomicUsize>);

impl ConnectionGuard {
    fn new(counter: Arc<AtomicUsize>) -> ConnectionGuard {
        counter.fetch_add(1, Ordering::SeqCst);
        ConnectionGuard(counter)
    }
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

fn read_authorized_keys(path: &std::path::Path) -> Result<Vec<PublicKey>, ServeError> {
    let entries = russh::keys::ssh_key::AuthorizedKeys::read_file(path).map_err(|e| {
        ServeError::AuthorizedKeys {
            path: path.display().to_string(),
            reason: e.to_string(),
        }
    })?;
    Ok(entries
        .into_iter()
        .map(|entry| entry.public_key().clone())
        .collect())
}
