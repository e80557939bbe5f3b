//! Load test for `sudoscope serve`: many concurrent scripted SSH sessions, measuring what a
//! player feels. Three scenarios:
//!
//! ```sh
//! cargo build --release
//! cargo run --release --example ssh_load -- --scenario daily --sessions 300
//! cargo run --release --example ssh_load -- --scenario panel --sessions 30 --toggles 10
//! cargo run --release --example ssh_load -- --scenario cluster --sessions 1000 --seconds 60
//! cargo run --release --example ssh_load -- --scenario cluster --faults
//! ```
//!
//! Every scenario starts the release binary's `serve` on free loopback ports with temporary
//! data directories, connects russh clients with a 100×32 pty whose screens are parsed by
//! `vt100`, and times a keystroke from sending it to the moment the client's screen shows its
//! effect.
//!
//! - `daily`: every session logs in with its own key (a returning, rankable player), presses
//!   `d` for today's daily and types its solution, one digit about every second, so that all
//!   of them finish within the same minute. After the run the server is stopped and the
//!   finishes in its store are counted: every session's finish must be there, ranked.
//! - `panel`: one session first counts the bytes per second of an animating solver panel;
//!   then every session opens the panel, starts a solver (`--solver`, default rfss) and
//!   toggles the help `--toggles` times at random intervals.
//! - `cluster` (see [`cluster`]): two instances on one fresh PostgreSQL database (created at
//!   127.0.0.1:5432 and dropped at the end), `--sessions` (default 1,000) keyed sessions
//!   split between them, each making one move a second for `--seconds` (default 60); a tenth
//!   of them race in rooms of 4 (`--racers`; `--race-spread cross`, the default, puts two
//!   racers of each room on each instance, `local` all four on one), a twentieth run a live
//!   solver (`--solvers`). Then the same load on one instance with SQLite, in the same run
//!   (`--backends postgres|sqlite|both`, default both). Without PostgreSQL the first part is
//!   skipped with a message (under `CI=true` it fails). `--faults` adds `--kills` (20)
//!   `kill -9`s of an instance and `--pg-restarts` (3) PostgreSQL restarts, spread evenly over
//!   the PostgreSQL run (only it; `--seconds` defaults to 240 then, about 10 s between
//!   faults), and checks every echoed move against the store after each kill and at the end.
//!
//! Prints p50/p90/p99/max latency and the server's memory per session (VmRSS).

mod client;
mod cluster;
mod pg;
mod plan;
mod screen;
mod server;
mod single;
mod stats;

use std::path::PathBuf;

use cluster::{Backends, ClusterOptions, Spread};

/// Why a scenario could not run or did not pass.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    Usage(String),
    #[error("{what}: {source}")]
    Io {
        what: String,
        #[source]
        source: std::io::Error,
    },
    #[error("ssh {what}: {source}")]
    Ssh {
        what: &'static str,
        #[source]
        source: russh::Error,
    },
    #[error("{0}")]
    Refused(String),
    /// The server closed the session.
    #[error("the connection was closed")]
    Closed,
    /// The screen did not show what was waited for.
    #[error("{0}")]
    Screen(String),
    #[error("store: {0}")]
    Store(#[from] sudoscope::store::StoreError),
    #[error("{0}")]
    Failed(String),
}

/// A temporary directory for a server's files.
pub fn tempdir() -> Result<tempfile::TempDir, LoadError> {
    tempfile::tempdir().map_err(|source| LoadError::Io {
        what: "a temporary directory".into(),
        source,
    })
}

/// What the load does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scenario {
    Daily,
    Panel,
    Cluster,
}

pub struct Options {
    scenario: Scenario,
    sessions: Option<usize>,
    toggles: usize,
    solver: String,
    binary: PathBuf,
    seconds: Option<u64>,
    racers: Option<usize>,
    solvers: Option<usize>,
    spread: Spread,
    backends: Backends,
    faults: bool,
    kills: u32,
    pg_restarts: u32,
}

impl Options {
    /// The sessions of the one-server scenarios.
    fn sessions(&self) -> usize {
        self.sessions.unwrap_or(30)
    }
}

fn number<T: std::str::FromStr>(text: String) -> Result<T, LoadError>
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e| LoadError::Usage(format!("{text}: {e}")))
}

fn options() -> Result<Options, LoadError> {
    let mut options = Options {
        scenario: Scenario::Daily,
        sessions: None,
        toggles: 20,
        solver: "rfss".into(),
        binary: default_binary(),
        seconds: None,
        racers: None,
        solvers: None,
        spread: Spread::Cross,
        backends: Backends::Both,
        faults: false,
        kills: 20,
        pg_restarts: 3,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| LoadError::Usage(format!("{arg} needs a value")))
        };
        match arg.as_str() {
            "--scenario" => {
                options.scenario = match value()?.as_str() {
                    "daily" => Scenario::Daily,
                    "panel" => Scenario::Panel,
                    "cluster" => Scenario::Cluster,
                    other => {
                        return Err(LoadError::Usage(format!(
                            "unknown scenario {other} (daily, panel or cluster)"
                        )));
                    }
                }
            }
            "--sessions" => options.sessions = Some(number(value()?)?),
            "--toggles" => options.toggles = number(value()?)?,
            "--solver" => options.solver = value()?,
            "--binary" => options.binary = PathBuf::from(value()?),
            "--seconds" => options.seconds = Some(number(value()?)?),
            "--racers" => options.racers = Some(number(value()?)?),
            "--solvers" => options.solvers = Some(number(value()?)?),
            "--race-spread" => {
                options.spread = match value()?.as_str() {
                    "local" => Spread::Local,
                    "cross" => Spread::Cross,
                    other => {
                        return Err(LoadError::Usage(format!(
                            "unknown race spread {other} (local or cross)"
                        )));
                    }
                }
            }
            "--backends" => {
                options.backends = match value()?.as_str() {
                    "both" => Backends::Both,
                    "postgres" => Backends::Postgres,
                    "sqlite" => Backends::Sqlite,
                    other => {
                        return Err(LoadError::Usage(format!(
                            "unknown backends {other} (both, postgres or sqlite)"
                        )));
                    }
                }
            }
            "--faults" => options.faults = true,
            "--kills" => options.kills = number(value()?)?,
            "--pg-restarts" => options.pg_restarts = number(value()?)?,
            other => return Err(LoadError::Usage(format!("unknown option {other}"))),
        }
    }
    Ok(options)
}

/// `target/release/sudoscope`, beside this example's own directory.
fn default_binary() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent()?.parent().map(|dir| dir.join("sudoscope")))
        .unwrap_or_else(|| PathBuf::from("target/release/sudoscope"))
}

fn cluster_options(options: &Options) -> ClusterOptions {
    ClusterOptions {
        sessions: options.sessions.unwrap_or(1000),
        seconds: options
            .seconds
            .unwrap_or(if options.faults { 240 } else { 60 }),
        racers: options.racers,
        solvers: options.solvers,
        spread: options.spread,
        backends: options.backends,
        faults: options.faults,
        kills: options.kills,
        pg_restarts: options.pg_restarts,
        solver: options.solver.clone(),
        binary: options.binary.clone(),
    }
}

fn main() {
    let options = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("ssh_load: {e}");
            std::process::exit(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("ssh_load: {e}");
            std::process::exit(1);
        }
    };
    let ran = match options.scenario {
        Scenario::Daily => runtime.block_on(single::run_daily(options)),
        Scenario::Panel => runtime.block_on(single::run_panel(options)),
        Scenario::Cluster => runtime.block_on(cluster::run(cluster_options(&options))),
    };
    if let Err(e) = ran {
        eprintln!("ssh_load: {e}");
        std::process::exit(1);
    }
}
