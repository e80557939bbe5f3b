//! Load test for `sudoscope serve`: many concurrent scripted SSH sessions, measuring what a
//! player feels. Two scenarios:
//!
//! ```sh
//! cargo build --release
//! cargo run --release --example ssh_load -- --scenario daily --sessions 300
//! cargo run --release --example ssh_load -- --scenario panel --sessions 30 --toggles 10
//! ```
//!
//! Both start the release binary's `serve` on a free loopback port with a temporary data
//! directory, connect russh clients with a 100×32 pty whose screens are parsed by `vt100`, and
//! time a keystroke from sending it to the moment the client's screen shows its effect.
//!
//! - `daily`: every session logs in with its own key (a returning, rankable player), presses
//!   `d` for today's daily and types its solution, one digit about every second, so that all
//!   of them finish within the same minute. After the run the server is stopped and the
//!   finishes in its store are counted: every session's finish must be there, ranked.
//! - `panel`: one session first counts the bytes per second of an animating solver panel;
//!   then every session opens the panel, starts a solver (`--solver`, default rfss) and
//!   toggles the help `--toggles` times at random intervals.
//!
//! Prints p50/p90/p99/max latency and the server's memory per session (VmRSS).

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client::{self, Handle};
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client::KeyboardInteractiveAuthResponse};
use sudoscope_core::Level;
use tokio::sync::Notify;

const COLS: u16 = 100;
const ROWS: u16 = 32;
/// Whether the help is on the screen: its title is "Keys — any key closes" when it fits and
/// "Keys 1-30 of 60 · …" when it pages.
fn help_shown(screen: &str) -> bool {
    screen.contains(" Keys — ") || screen.contains(" Keys 1-")
}

/// What the load does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scenario {
    Daily,
    Panel,
}

struct Options {
    scenario: Scenario,
    sessions: usize,
    toggles: usize,
    solver: String,
    binary: PathBuf,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        scenario: Scenario::Daily,
        sessions: 30,
        toggles: 20,
        solver: "rfss".into(),
        binary: default_binary(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--scenario" => {
                options.scenario = match value()?.as_str() {
                    "daily" => Scenario::Daily,
                    "panel" => Scenario::Panel,
                    other => return Err(format!("unknown scenario {other} (daily or panel)")),
                }
            }
            "--sessions" => options.sessions = value()?.parse().map_err(|e| format!("{e}"))?,
            "--toggles" => options.toggles = value()?.parse().map_err(|e| format!("{e}"))?,
            "--solver" => options.solver = value()?,
            "--binary" => options.binary = PathBuf::from(value()?),
            other => return Err(format!("unknown option {other}")),
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

struct Server {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Server {
    fn start(binary: &PathBuf, sessions: usize) -> Result<Server, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let limit = (sessions + 10).to_string();
        let child = Command::new(binary)
            .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
            .args([
                "--max-sessions",
                &limit,
                "--max-sessions-per-address",
                &limit,
            ])
            .arg("--data-dir")
            .arg(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return Err("the server did not start listening".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(Server {
            child,
            port,
            _dir: dir,
        })
    }

    /// Resident memory in KiB.
    fn rss_kib(&self) -> u64 {
        std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .ok()
            .and_then(|status| {
                status
                    .lines()
                    .find(|l| l.starts_with("VmRSS:"))
                    .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
            })
            .unwrap_or(0)
    }
}

impl Server {
    /// Stops the server as a service manager would (SIGTERM) and waits for it, so that every
    /// save it owes is written before the store is read.
    fn stop(&mut self) -> Result<(), String> {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .map_err(|e| format!("kill: {e}"))?;
        if !sent.success() {
            return Err("kill -TERM failed".into());
        }
        self.child.wait().map_err(|e| format!("wait: {e}"))?;
        Ok(())
    }

    /// The server's store: `saves.sqlite3` in its data directory.
    fn store_path(&self) -> PathBuf {
        self._dir.path().join("saves.sqlite3")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// One scripted player: the screen as its terminal would show it, and the bytes received.
struct Player {
    _handle: Handle<Client>,
    channel_writer: russh::ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<vt100::Parser>>,
    changed: Arc<Notify>,
    bytes: Arc<Mutex<u64>>,
}

impl Player {
    /// Connects anonymously (`key` `None`) or as the player of a key.
    async fn connect(port: u16, key: Option<PrivateKey>) -> Result<Player, String> {
        let config = Arc::new(client::Config {
            inactivity_timeout: Some(Duration::from_secs(120)),
            ..Default::default()
        });
        let mut handle = client::connect(config, ("127.0.0.1", port), Client)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        match key {
            Some(key) => {
                let key = PrivateKeyWithHashAlg::new(Arc::new(key), None);
                let result = handle
                    .authenticate_publickey("player", key)
                    .await
                    .map_err(|e| format!("auth: {e}"))?;
                if !result.success() {
                    return Err("public key login refused".into());
                }
            }
            None => match handle
                .authenticate_keyboard_interactive_start("player", None)
                .await
                .map_err(|e| format!("auth: {e}"))?
            {
                KeyboardInteractiveAuthResponse::Success => {}
                _ => return Err("keyboard-interactive login refused".into()),
            },
        }
        let channel = handle
            .channel_open_session()
            .await
            .map_err(|e| format!("session: {e}"))?;
        channel
            .request_pty(false, "xterm-256color", COLS.into(), ROWS.into(), 0, 0, &[])
            .await
            .map_err(|e| format!("pty: {e}"))?;
        channel
            .request_shell(false)
            .await
            .map_err(|e| format!("shell: {e}"))?;
        let (mut reader, channel_writer) = channel.split();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZeroU16::MIN.saturating_add(ROWS - 1),
            std::num::NonZeroU16::MIN.saturating_add(COLS - 1),
            0,
        )));
        let changed = Arc::new(Notify::new());
        let bytes = Arc::new(Mutex::new(0u64));
        {
            let (screen, changed, bytes) = (screen.clone(), changed.clone(), bytes.clone());
            tokio::spawn(async move {
                while let Some(message) = reader.wait().await {
                    if let ChannelMsg::Data { data } = message {
                        if let Ok(mut count) = bytes.lock() {
                            *count += data.len() as u64;
                        }
                        if let Ok(mut parser) = screen.lock() {
                            parser.process(&data);
                        }
                        changed.notify_waiters();
                    }
                }
                changed.notify_waiters();
            });
        }
        Ok(Player {
            _handle: handle,
            channel_writer,
            screen,
            changed,
            bytes,
        })
    }

    async fn send(&self, keys: &str) -> Result<(), String> {
        self.channel_writer
            .data(keys.as_bytes())
            .await
            .map_err(|e| format!("send: {e}"))
    }

    fn contents(&self) -> String {
        self.screen
            .lock()
            .map(|parser| parser.screen().contents())
            .unwrap_or_default()
    }

    /// Waits until the screen satisfies `check`; returns how long it took.
    async fn wait_for(
        &self,
        timeout: Duration,
        check: impl Fn(&str) -> bool,
    ) -> Result<Duration, String> {
        let start = Instant::now();
        loop {
            let notified = self.changed.notified();
            if check(&self.contents()) {
                return Ok(start.elapsed());
            }
            let left = timeout
                .checked_sub(start.elapsed())
                .ok_or_else(|| format!("timed out; screen:\n{}", self.contents()))?;
            let _ = tokio::time::timeout(left.min(Duration::from_millis(20)), notified).await;
        }
    }

    /// Opens the side panel, selects `solver` and starts it.
    async fn start_solver(&self, solver: &str) -> Result<(), String> {
        self.send("s").await?;
        self.wait_for(Duration::from_secs(10), |s| s.contains("Solver"))
            .await?;
        let wanted = format!("◂ {solver} ▸");
        for _ in 0..12 {
            if self.contents().contains(&wanted) {
                break;
            }
            self.send("]").await?;
            let _ = self
                .wait_for(Duration::from_millis(500), |s| s.contains(&wanted))
                .await;
        }
        if !self.contents().contains(&wanted) {
            return Err(format!("the panel has no solver {solver}"));
        }
        self.send(" ").await
    }

    fn bytes(&self) -> u64 {
        self.bytes.lock().map(|b| *b).unwrap_or(0)
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

async fn script(player: Arc<Player>, toggles: usize, seed: u64) -> Result<Vec<Duration>, String> {
    let mut latencies = Vec::with_capacity(toggles * 2);
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
    for _ in 0..toggles {
        for opening in [true, false] {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            tokio::time::sleep(Duration::from_millis(100 + (state >> 33) % 200)).await;
            let sent = Instant::now();
            player.send("?").await?;
            player
                .wait_for(Duration::from_secs(10), |s| help_shown(s) == opening)
                .await?;
            latencies.push(sent.elapsed());
        }
    }
    Ok(latencies)
}

async fn run_panel(options: Options) -> Result<(), String> {
    let server = Server::start(&options.binary, options.sessions)?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let idle_rss = server.rss_kib();

    // 1. Bytes per second of one session animating a solver.
    let watcher = Player::connect(server.port, None).await?;
    watcher
        .wait_for(Duration::from_secs(20), |s| !s.trim().is_empty())
        .await?;
    let before = watcher.bytes();
    watcher.start_solver(&options.solver).await?;
    let window = Duration::from_secs(10);
    tokio::time::sleep(window).await;
    let animated = watcher.bytes() - before;
    println!(
        "one session animating {} on 9×9: {} bytes in {:.0} s = {:.1} KB/s",
        options.solver,
        animated,
        window.as_secs_f64(),
        animated as f64 / window.as_secs_f64() / 1000.0
    );
    drop(watcher);

    // 2. Many sessions, every one running a solver, each toggling the help overlay.
    let mut players = Vec::new();
    for _ in 0..options.sessions {
        let player = Player::connect(server.port, None).await?;
        player
            .wait_for(Duration::from_secs(30), |s| !s.trim().is_empty())
            .await?;
        player.start_solver(&options.solver).await?;
        players.push(Arc::new(player));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let busy_rss = server.rss_kib();
    let tasks: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(i, p)| tokio::spawn(script(p.clone(), options.toggles, i as u64 + 1)))
        .collect();
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.map_err(|e| e.to_string())??);
    }
    latencies.sort();
    println!(
        "{} sessions running {}, {}",
        options.sessions,
        options.solver,
        latency_line(&latencies)
    );
    println!("{}", memory_line(idle_rss, busy_rss, options.sessions));
    Ok(())
}

/// `N keystrokes: echo latency p50 …, p90 …, p99 …, max …` of sorted latencies.
fn latency_line(sorted: &[Duration]) -> String {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    format!(
        "{} keystrokes: echo latency p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        sorted.len(),
        ms(percentile(sorted, 0.5)),
        ms(percentile(sorted, 0.9)),
        ms(percentile(sorted, 0.99)),
        ms(percentile(sorted, 1.0)),
    )
}

fn memory_line(idle_kib: u64, busy_kib: u64, sessions: usize) -> String {
    format!(
        "server memory: {:.1} MB idle, {:.1} MB with {} sessions = {:.2} MB per session",
        idle_kib as f64 / 1024.0,
        busy_kib as f64 / 1024.0,
        sessions,
        (busy_kib.saturating_sub(idle_kib)) as f64 / 1024.0 / sessions.max(1) as f64
    )
}

/// The daily level the sessions play: `d` plays medium when no level was chosen.
const DAILY_LEVEL: Level = Level::Medium;

/// Session `i`'s key: the same on every run, different for every session.
fn session_key(i: usize) -> PrivateKey {
    let mut seed = [0x5du8; 32];
    seed[..8].copy_from_slice(&(i as u64).to_le_bytes());
    PrivateKey::from(Ed25519Keypair::from_seed(&seed))
}

/// The digits to type into today's daily, in reading order of its empty cells (the order in
/// which Tab visits them, starting from the cursor's first cell).
fn daily_digits() -> Result<(String, Vec<u8>), String> {
    let today = sudoscope::daily::today();
    let daily = sudoscope::daily::daily(today, DAILY_LEVEL).map_err(|e| e.to_string())?;
    let puzzle = daily.puzzle().map_err(|e| e.to_string())?;
    let solution = match sudoscope_core::solve(&puzzle) {
        sudoscope_core::Solution::Unique(grid) => grid,
        _ => {
            return Err(format!(
                "today's daily {} has no unique solution",
                daily.line
            ));
        }
    };
    let digits = (0..puzzle.givens.cells().len())
        .filter(|&cell| puzzle.givens.get(cell) == 0)
        .map(|cell| solution.get(cell))
        .collect();
    Ok((today.to_string(), digits))
}

/// One player through today's daily: `d`, then each digit (timed until the screen shows it)
/// and Tab to the next empty cell, about one digit a second after a random start.
async fn type_daily(
    player: Arc<Player>,
    digits: Arc<Vec<u8>>,
    seed: u64,
) -> Result<Vec<Duration>, String> {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    tokio::time::sleep(Duration::from_millis(next() % 1000)).await;
    let mut latencies = Vec::with_capacity(digits.len() + 1);
    let before = player.contents();
    let sent = Instant::now();
    player.send("d").await?;
    player
        .wait_for(Duration::from_secs(30), |s| {
            s != before && s.contains("Daily ")
        })
        .await?;
    latencies.push(sent.elapsed());
    for &digit in digits.iter() {
        tokio::time::sleep(Duration::from_millis(700 + next() % 500)).await;
        let before = player.contents();
        let sent = Instant::now();
        player.send(&char::from(b'0' + digit).to_string()).await?;
        player
            .wait_for(Duration::from_secs(30), |s| s != before)
            .await?;
        latencies.push(sent.elapsed());
        player.send("\t").await?;
    }
    player
        // The title says so (the banner may be under the name prompt of a first ranked finish).
        .wait_for(Duration::from_secs(30), |s| s.contains("SOLVED"))
        .await?;
    Ok(latencies)
}

/// How many finishes of `day`'s daily the store holds, and how many of them are ranked.
fn count_finishes(store: &std::path::Path, day: &str) -> Result<(i64, i64), String> {
    let db =
        rusqlite::Connection::open_with_flags(store, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(|e| format!("{}: {e}", store.display()))?;
    db.query_row(
        "SELECT COUNT(*), COALESCE(SUM(ranked), 0) FROM finishes WHERE daily = ?1",
        [day],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
    .map_err(|e| format!("{}: {e}", store.display()))
}

async fn run_daily(options: Options) -> Result<(), String> {
    let (day, digits) = daily_digits()?;
    let digits = Arc::new(digits);
    let mut server = Server::start(&options.binary, options.sessions)?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let idle_rss = server.rss_kib();
    let mut players = Vec::with_capacity(options.sessions);
    for i in 0..options.sessions {
        let player = Player::connect(server.port, Some(session_key(i))).await?;
        player
            .wait_for(Duration::from_secs(30), |s| !s.trim().is_empty())
            .await?;
        players.push(Arc::new(player));
    }
    let connected_rss = server.rss_kib();
    println!(
        "{} keyed sessions connected; each types {} digits of the {day} {} daily",
        players.len(),
        digits.len(),
        DAILY_LEVEL.id()
    );
    let started = Instant::now();
    let tasks: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(i, p)| tokio::spawn(type_daily(p.clone(), digits.clone(), i as u64 + 1)))
        .collect();
    let mut latencies = Vec::new();
    let mut failed = 0;
    for task in tasks {
        match task.await.map_err(|e| e.to_string())? {
            Ok(times) => latencies.extend(times),
            Err(e) => {
                failed += 1;
                eprintln!("ssh_load: a session failed: {e}");
            }
        }
    }
    let took = started.elapsed();
    latencies.sort();
    println!(
        "{} sessions finished in {:.1} s, {}",
        options.sessions - failed,
        took.as_secs_f64(),
        latency_line(&latencies)
    );
    println!("{}", memory_line(idle_rss, connected_rss, options.sessions));
    drop(players);
    server.stop()?;
    let (recorded, ranked) = count_finishes(&server.store_path(), &day)?;
    println!(
        "finishes in the store after the run: {recorded} of {} ({ranked} ranked)",
        options.sessions
    );
    if failed > 0 || recorded != options.sessions as i64 || ranked != recorded {
        return Err("some finishes were lost or not ranked".into());
    }
    Ok(())
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
        Scenario::Daily => runtime.block_on(run_daily(options)),
        Scenario::Panel => runtime.block_on(run_panel(options)),
    };
    if let Err(e) = ran {
        eprintln!("ssh_load: {e}");
        std::process::exit(1);
    }
}
