//! The `cluster` scenario: several `sudoscope serve` instances on one PostgreSQL database
//! under the load of the goals (1,000 sessions, each typing one move a second, 100 of them in
//! races of 4, 50 with a live solver), and the same load on one instance with SQLite for
//! comparison, in the same run; with `--faults`, `kill -9`s of the instances and PostgreSQL
//! restarts during the load, and every echoed move looked for in the store.
//!
//! The steps of one backend's run: start the instances (and, for PostgreSQL, a database of
//! the run's own); connect every session and open the rooms (its memory per idle session is
//! measured then); start the dailies, the solvers and the races; type for `--seconds`; stop
//! the servers as a service manager would and compare the store with what the players saw.

mod faults;
mod race;
mod report;
mod session;
mod typing;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sudoscope::store::SharedStore;
use tokio::sync::{Semaphore, watch};

use crate::LoadError;
use crate::client::Entry;
use crate::plan::{self, Plan};
use crate::server::{Server, Spec, free_port, postgres_cpu_ms, process_cpu_ms};
use crate::{pg, screen};
pub use race::Spread;
use report::Report;
use session::{Role, Session};

/// How long setup steps wait for a screen.
const WAIT: Duration = Duration::from_secs(120);
/// Connections made at once while the sessions come in.
const CONNECTING: usize = 16;

/// Which stores the run measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backends {
    Both,
    Postgres,
    Sqlite,
}

pub struct ClusterOptions {
    pub sessions: usize,
    pub seconds: u64,
    /// Sessions in races (rounded down to rooms of 4); `None`: a tenth of the sessions.
    pub racers: Option<usize>,
    /// Sessions with a live solver; `None`: a twentieth of the sessions.
    pub solvers: Option<usize>,
    pub spread: Spread,
    pub backends: Backends,
    pub faults: bool,
    pub kills: u32,
    pub pg_restarts: u32,
    pub solver: String,
    pub binary: PathBuf,
}

impl ClusterOptions {
    fn racers(&self) -> usize {
        let wanted = self.racers.unwrap_or(if self.sessions >= 8 {
            (self.sessions / 10).max(4)
        } else {
            0
        });
        (wanted.min(self.sessions) / RACERS) * RACERS
    }

    fn solvers(&self) -> usize {
        let wanted = self.solvers.unwrap_or((self.sessions / 20).max(1));
        wanted.min(self.sessions - self.racers())
    }
}

/// Racers in a room.
const RACERS: usize = 4;

/// What the sessions of a run share with its fault controller.
pub struct Shared {
    pub ports: Vec<u16>,
    /// Kills of each instance so far (a session that connected before the latest one lost
    /// its connection to it).
    kills: Vec<AtomicU64>,
    /// The kills each instance is back from.
    up: Vec<watch::Sender<u64>>,
    rooms: Vec<String>,
    pub solver: String,
    pub typing_from: Instant,
    pub typing_until: Instant,
}

impl Shared {
    pub fn kills(&self, instance: usize) -> u64 {
        self.kills[instance].load(Ordering::SeqCst)
    }

    /// Counts a kill of `instance` about to happen; returns its number.
    pub fn killing(&self, instance: usize) -> u64 {
        self.kills[instance].fetch_add(1, Ordering::SeqCst) + 1
    }

    /// The instance listens again after kill number `kills`.
    pub fn back_up(&self, instance: usize, kills: u64) {
        self.up[instance].send_replace(kills);
    }

    /// Waits until the instance is back from kill number `kills`.
    pub async fn wait_up(&self, instance: usize, kills: u64) {
        let mut up = self.up[instance].subscribe();
        let _ = up.wait_for(|&back| back >= kills).await;
    }

    pub fn room_code(&self, room: usize) -> &str {
        self.rooms.get(room).map_or("", String::as_str)
    }
}

/// Runs the scenario for each backend asked for and prints the comparison.
pub async fn run(options: ClusterOptions) -> Result<(), LoadError> {
    let under_ci = std::env::var("CI").as_deref() == Ok("true");
    let mut reports = Vec::new();
    let wants_pg = options.backends != Backends::Sqlite || options.faults;
    if wants_pg {
        if pg::reachable() {
            reports.push(run_backend(&options, true).await?);
        } else if under_ci {
            return Err(LoadError::Failed(format!(
                "PostgreSQL is needed at {} under CI=true",
                pg::SERVER
            )));
        } else {
            eprintln!(
                "ssh_load: no PostgreSQL at {}: the two-instance run is skipped",
                pg::SERVER
            );
        }
    }
    if options.backends != Backends::Postgres && !options.faults {
        reports.push(run_backend(&options, false).await?);
    }
    report::print(&options, &reports);
    let failures: Vec<String> = reports.iter().flat_map(Report::failures).collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(LoadError::Failed(failures.join("; ")))
    }
}

/// Sums the servers' resident memory, in KiB.
fn rss_kib(servers: &[Mutex<Server>]) -> u64 {
    servers
        .iter()
        .filter_map(|s| s.lock().ok().map(|s| s.rss_kib()))
        .sum()
}

fn cpu_ms(servers: &[Mutex<Server>]) -> u64 {
    servers
        .iter()
        .filter_map(|s| s.lock().ok().map(|s| s.cpu_ms()))
        .sum()
}

/// The roles and instances of the sessions: racers first (room by room), then the solvers,
/// then the typists, each of those on the instance with fewer sessions so far.
fn sessions(options: &ClusterOptions, instances: usize) -> (Vec<Arc<Session>>, Vec<Vec<usize>>) {
    let spread = if instances > 1 {
        options.spread
    } else {
        Spread::Local
    };
    let mut sessions = Vec::with_capacity(options.sessions);
    let mut rooms = Vec::new();
    let mut load = vec![0usize; instances];
    for room in 0..options.racers() / RACERS {
        let mut members = Vec::new();
        for j in 0..RACERS {
            let instance = spread.instance(room, j, instances);
            load[instance] += 1;
            members.push(sessions.len());
            let role = Role::Racer {
                room,
                owner: j == 0,
            };
            sessions.push(Arc::new(Session::new(sessions.len(), role, instance)));
        }
        rooms.push(members);
    }
    let solvers = options.solvers();
    while sessions.len() < options.sessions {
        let role = if sessions.len() < options.racers() + solvers {
            Role::Solver
        } else {
            Role::Typist
        };
        let instance = (0..instances).min_by_key(|&i| load[i]).unwrap_or(0);
        load[instance] += 1;
        sessions.push(Arc::new(Session::new(sessions.len(), role, instance)));
    }
    (sessions, rooms)
}

/// Runs `step` for every session, `at_once` at a time, and fails with the first error.
async fn each<F, Fut>(sessions: &[Arc<Session>], at_once: usize, step: F) -> Result<(), LoadError>
where
    F: Fn(Arc<Session>) -> Fut,
    Fut: std::future::Future<Output = Result<(), LoadError>> + Send + 'static,
{
    let permits = Arc::new(Semaphore::new(at_once));
    let mut tasks = Vec::with_capacity(sessions.len());
    for session in sessions {
        let permits = permits.clone();
        let work = step(session.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire_owned().await;
            work.await
        }));
    }
    for task in tasks {
        task.await.map_err(|e| LoadError::Failed(e.to_string()))??;
    }
    Ok(())
}

/// One backend's run: PostgreSQL with two instances, or SQLite with one.
async fn run_backend(options: &ClusterOptions, postgres: bool) -> Result<Report, LoadError> {
    let instances = if postgres { 2 } else { 1 };
    let label = if postgres {
        "PostgreSQL, 2 instances"
    } else {
        "SQLite, 1 instance"
    };
    eprintln!("ssh_load: {label}: starting");
    let dir = crate::tempdir()?;
    let db = if postgres {
        Some(pg::RunDb::create().await?)
    } else {
        None
    };
    let result = run_with(options, instances, label, dir.path(), db.as_ref()).await;
    if let Some(db) = &db {
        db.drop_now().await?;
    }
    result
}

async fn run_with(
    options: &ClusterOptions,
    instances: usize,
    label: &str,
    dir: &std::path::Path,
    db: Option<&pg::RunDb>,
) -> Result<Report, LoadError> {
    let mut servers = Vec::new();
    for i in 0..instances {
        let spec = Spec {
            binary: options.binary.clone(),
            port: free_port()?,
            data_dir: dir.join(format!("instance{i}")),
            host_key: Some(dir.join("shared_host_key")),
            store: db.map(|db| db.url.clone()),
            max_sessions: options.sessions,
            log: dir.join(format!("instance{i}.log")),
        };
        servers.push(Mutex::new(tokio::task::block_in_place(|| {
            Server::start(spec)
        })?));
    }
    let servers = Arc::new(servers);
    let ports: Vec<u16> = servers
        .iter()
        .filter_map(|s| s.lock().ok().map(|s| s.port()))
        .collect();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle_before = rss_kib(&servers);

    let daily = plan::daily()?;
    let daily_plan = Plan::new(&daily.givens, &daily.solution);
    let (sessions, rooms) = sessions(options, instances);
    let mut report = Report::new(label, options, &sessions, instances);

    // 1. Every session but the joining racers connects to the game.
    eprintln!("ssh_load: {label}: connecting {} sessions", sessions.len());
    let connect_from = Instant::now();
    let joining = |s: &Session| matches!(s.role, Role::Racer { owner: false, .. });
    let first: Vec<Arc<Session>> = sessions.iter().filter(|s| !joining(s)).cloned().collect();
    {
        let ports = ports.clone();
        each(&first, CONNECTING, move |session| {
            let port = ports[session.instance];
            async move {
                let player = session.connect(port, Entry::Shell).await?;
                player
                    .wait_for(WAIT, |s| screen::to_go(s).is_some())
                    .await?;
                Ok(())
            }
        })
        .await?;
    }
    // 2. The owners open their rooms; the other racers join them.
    let mut codes = Vec::new();
    for members in &rooms {
        let owner = &sessions[members[0]];
        let player = owner
            .player()
            .ok_or_else(|| LoadError::Failed("an owner is not connected".into()))?;
        let servers = servers.clone();
        let instance = owner.instance;
        let (code, room_plan) = race::open(&player, move || {
            servers[instance]
                .lock()
                .map(|s| s.log())
                .unwrap_or_default()
        })
        .await?;
        for &m in members {
            if let Ok(mut slot) = sessions[m].plan.lock() {
                *slot = Some(room_plan.clone());
            }
        }
        codes.push(code);
    }
    let joiners: Vec<Arc<Session>> = sessions.iter().filter(|s| joining(s)).cloned().collect();
    {
        let ports = ports.clone();
        let codes = Arc::new(codes.clone());
        each(&joiners, CONNECTING, move |session| {
            let port = ports[session.instance];
            let codes = codes.clone();
            async move {
                let Role::Racer { room, .. } = session.role else {
                    return Ok(());
                };
                race::join(&session, port, &codes[room]).await.map(|_| ())
            }
        })
        .await?;
    }
    report.connect_took = connect_from.elapsed();
    // 3. Everyone idle: the memory per idle session.
    tokio::time::sleep(Duration::from_secs(2)).await;
    report.idle_before_kib = idle_before;
    report.idle_with_kib = rss_kib(&servers);

    // 4. The dailies, the solvers and the races start.
    eprintln!("ssh_load: {label}: starting the dailies, solvers and races");
    let players: Vec<Arc<Session>> = sessions.iter().filter(|s| !s.is_racer()).cloned().collect();
    {
        let solver = options.solver.clone();
        let daily_plan = daily_plan.clone();
        each(&players, CONNECTING * 4, move |session| {
            let solver = solver.clone();
            let plan = daily_plan.clone();
            async move {
                let player = session
                    .player()
                    .ok_or_else(|| LoadError::Failed("a player is not connected".into()))?;
                player.send("d").await?;
                let fresh = plan.to_go_after(0);
                player
                    .wait_for(WAIT, |s| {
                        s.contains("Daily") && screen::to_go(s) == Some(fresh)
                    })
                    .await?;
                if session.role == Role::Solver {
                    player.start_solver(&solver).await?;
                }
                if let Ok(mut slot) = session.plan.lock() {
                    *slot = Some(plan);
                }
                Ok(())
            }
        })
        .await?;
    }
    for members in &rooms {
        if let Some(owner) = sessions[members[0]].player() {
            race::start(&owner, members.len()).await?;
        }
    }
    let racers: Vec<Arc<Session>> = sessions.iter().filter(|s| s.is_racer()).cloned().collect();
    each(&racers, racers.len().max(1), |session| async move {
        if let Some(player) = session.player() {
            player.wait_for(WAIT, race::racing).await?;
        }
        Ok(())
    })
    .await?;

    // 5. The typing, and the faults.
    let typing_from = Instant::now() + Duration::from_secs(1);
    let shared = Arc::new(Shared {
        ports: ports.clone(),
        kills: (0..instances).map(|_| AtomicU64::new(0)).collect(),
        up: (0..instances).map(|_| watch::channel(0).0).collect(),
        rooms: codes,
        solver: options.solver.clone(),
        typing_from,
        typing_until: typing_from + Duration::from_secs(options.seconds),
    });
    let store: Option<SharedStore> = match db {
        Some(db) if options.faults => {
            let url = db.url.clone();
            let store =
                tokio::task::spawn_blocking(move || sudoscope::store::PgStore::connect(&url))
                    .await
                    .map_err(|e| LoadError::Failed(e.to_string()))??;
            Some(Arc::new(store))
        }
        _ => None,
    };
    eprintln!(
        "ssh_load: {label}: typing for {} s{}",
        options.seconds,
        if store.is_some() { ", with faults" } else { "" }
    );
    let cpu_from = (
        cpu_ms(&servers),
        process_cpu_ms(std::process::id()),
        postgres_cpu_ms(),
    );
    let mut tasks = Vec::with_capacity(sessions.len());
    for (i, session) in sessions.iter().enumerate() {
        let phase = Duration::from_millis((i as u64 * 7919) % 1000);
        tasks.push(tokio::spawn(typing::type_moves(
            session.clone(),
            shared.clone(),
            phase,
        )));
    }
    let givens = Arc::new(daily.givens.clone());
    let controller = store.clone().map(|store| {
        let schedule = faults::schedule(options.kills, options.pg_restarts);
        tokio::spawn(faults::run(
            schedule,
            shared.clone(),
            servers.clone(),
            sessions.clone(),
            store,
            givens.clone(),
            pg::cluster(),
        ))
    });
    let mut outcomes = Vec::with_capacity(tasks.len());
    for task in tasks {
        outcomes.push(task.await.map_err(|e| LoadError::Failed(e.to_string()))?);
    }
    if let Some(controller) = controller {
        report.faults = Some(
            controller
                .await
                .map_err(|e| LoadError::Failed(e.to_string()))??,
        );
    }
    report.typed_for = typing_from.elapsed();
    report.server_cpu_ms = cpu_ms(&servers).saturating_sub(cpu_from.0);
    report.tool_cpu_ms = process_cpu_ms(std::process::id()).saturating_sub(cpu_from.1);
    if db.is_some() && !options.faults {
        // Not across PostgreSQL restarts: the processes that ended take their time with them.
        report.postgres_cpu_ms = Some(postgres_cpu_ms().saturating_sub(cpu_from.2));
    }

    // 6. The servers stop (every save written) and the store is compared with the echoes.
    eprintln!("ssh_load: {label}: stopping the servers and reading the store");
    {
        let servers = servers.clone();
        tokio::task::spawn_blocking(move || -> Result<(), LoadError> {
            for server in servers.iter() {
                if let Ok(mut server) = server.lock() {
                    server.stop()?;
                }
            }
            Ok(())
        })
        .await
        .map_err(|e| LoadError::Failed(e.to_string()))??;
    }
    for session in &sessions {
        session.set_player(None);
    }
    let store: SharedStore = match (store, db) {
        (Some(store), _) => store,
        (None, Some(db)) => {
            let url = db.url.clone();
            Arc::new(
                tokio::task::spawn_blocking(move || sudoscope::store::PgStore::connect(&url))
                    .await
                    .map_err(|e| LoadError::Failed(e.to_string()))??,
            )
        }
        (None, None) => {
            let path = servers[0]
                .lock()
                .map(|s| s.sqlite_path())
                .map_err(|_| LoadError::Failed("a server lock was poisoned".into()))?;
            Arc::new(sudoscope::store::SqliteStore::open_as_is(&path)?)
        }
    };
    report.at_end = faults::check(store, sessions.clone(), givens, false).await?;
    report.progress = race::progress(&rooms, &sessions, &outcomes);
    report.take(outcomes);
    Ok(report)
}
