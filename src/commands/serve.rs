//! `sudoscope serve`: resolves the options, starts the server on a tokio runtime, logs, and
//! shuts down gracefully on SIGINT / SIGTERM (every session gets a goodbye and its save).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use sudoscope::serve::{self, ServeOptions};
use sudoscope::store::location::Location;
use sudoscope::tui::panel::StepPool;

use super::io::Failure;
use crate::cli::ServeArgs;

pub fn run(args: &ServeArgs) -> Result<u8, Failure> {
    let data_dir = match args.data_dir.clone().or_else(default_data_dir) {
        Some(dir) => dir,
        None => {
            return Err(Failure::usage(
                "no data directory: pass --data-dir or set SUDOSCOPE_DATA_DIR",
            ));
        }
    };
    let mut options = ServeOptions::with_data_dir(&data_dir);
    options.listen = args.listen;
    if let Some(path) = &args.host_key {
        options.host_key = path.clone();
    }
    match args.store.as_deref().map(sudoscope::store::location::parse) {
        Some(Ok(Location::Postgres(url))) => options.postgres = Some(url),
        Some(Ok(Location::Sqlite(path))) => options.database = path,
        Some(Err(said)) => return Err(Failure::usage(said)),
        None => {}
    }
    options.authorized_keys = args.authorized_keys.clone();
    options.max_sessions = args.max_sessions as usize;
    options.max_sessions_per_address = args.max_sessions_per_address as usize;
    options.idle_timeout = Duration::from_secs(args.idle_timeout);
    options.max_session = Duration::from_secs(args.max_session);
    options.max_connections = options.max_sessions.saturating_mul(2).max(16);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let solver_threads = args
        .solver_threads
        .map_or(cores.saturating_sub(1).max(1), |n| n as usize);
    init_logging();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.clamp(2, 8))
        .enable_all()
        .build()
        .map_err(|e| Failure::runtime(format!("cannot start the async runtime: {e}")))?;
    let result = runtime.block_on(async {
        // Listening for the stop signals starts before the server says it is up: a SIGTERM
        // sent as soon as "serving on" appears is a graceful stop, not the default death.
        let stop = stop_signal();
        let pool = Arc::new(StepPool::new(solver_threads));
        let server = serve::serve(&options, serve::game::factory(pool))
            .await
            .map_err(|e| Failure::runtime(e.to_string()))?;
        eprintln!(
            "sudoscope: serving on {} — connect with: ssh -p {} {}",
            server.local_addr,
            server.local_addr.port(),
            if server.local_addr.ip().is_unspecified() {
                "localhost".to_string()
            } else {
                server.local_addr.ip().to_string()
            }
        );
        let signal = stop.await;
        tracing::info!(signal, "shutting down: saying goodbye to every session");
        server.shutdown().await;
        tracing::info!("stopped");
        Ok(0)
    });
    // What still runs on the blocking pool (a puzzle's rating, a solution path) belongs to
    // sessions that have ended and saved: the process does not wait for it.
    runtime.shutdown_background();
    result
}

/// `$SUDOSCOPE_DATA_DIR/server`, else the platform's data directory + `sudoscope/server`.
fn default_data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SUDOSCOPE_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join("server"));
    }
    dirs::data_dir().map(|d| d.join("sudoscope").join("server"))
}

/// Structured logs on standard error; `RUST_LOG` (e.g. `debug`) sets the level, default info.
fn init_logging() {
    let level = std::env::var("RUST_LOG")
        .ok()
        .and_then(|l| l.parse::<tracing::Level>().ok())
        .unwrap_or(tracing::Level::INFO);
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(level)
        .with_target(false)
        // Colours only for a person reading a terminal, never into a redirected log file.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}

/// SIGTERM or SIGINT: their handlers are in place when this returns (inside the runtime), and
/// the future it gives resolves with the signal's name.
fn stop_signal() -> impl std::future::Future<Output = &'static str> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let signals = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        );
        async move {
            match signals {
                (Ok(mut term), Ok(mut int)) => tokio::select! {
                    _ = term.recv() => "SIGTERM",
                    _ = int.recv() => "SIGINT",
                },
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                    "interrupt"
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
            "interrupt"
        }
    }
}
