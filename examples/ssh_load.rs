//! Load test for `sudoscope serve`: many concurrent scripted SSH sessions, each running a
//! solver in its side panel, measuring what a player feels.
//!
//! ```sh
//! cargo build --release && cargo run --release --example ssh_load -- --sessions 30
//! ```
//!
//! It starts the release binary's `serve` on a free loopback port with a temporary data
//! directory, then:
//! 1. one session starts RFSS on its 9×9 and counts the bytes the server sends per second
//!    while the panel animates (ratatui sends only changed cells);
//! 2. `--sessions` sessions connect (keyboard-interactive, a 100×32 pty), each opens the panel
//!    and starts a solver (`--solver`, default rfss), then toggles the help overlay with `?`
//!    `--toggles` times at random intervals; the latency of a keystroke is the time from
//!    sending it to the moment the client's screen (parsed by `vt100`) shows its effect;
//! 3. the server's resident memory (VmRSS) is read before and with every session running.
//!
//! Prints p50/p90/p99/max latency, the per-session memory, and the bytes per second.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client::{self, Handle};
use russh::{ChannelMsg, client::KeyboardInteractiveAuthResponse};
use tokio::sync::Notify;

const COLS: u16 = 100;
const ROWS: u16 = 32;
/// Text the help overlay shows in its title.
const HELP_MARKER: &str = "Keys —";

struct Options {
    sessions: usize,
    toggles: usize,
    solver: String,
    binary: PathBuf,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        sessions: 30,
        toggles: 20,
        solver: "rfss".into(),
        binary: default_binary(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
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
    fn start(binary: &PathBuf) -> Result<Server, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let child = Command::new(binary)
            .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
            .args(["--max-sessions", "200", "--max-sessions-per-address", "200"])
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
    async fn connect(port: u16) -> Result<Player, String> {
        let config = Arc::new(client::Config {
            inactivity_timeout: Some(Duration::from_secs(120)),
            ..Default::default()
        });
        let mut handle = client::connect(config, ("127.0.0.1", port), Client)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        match handle
            .authenticate_keyboard_interactive_start("player", None)
            .await
            .map_err(|e| format!("auth: {e}"))?
        {
            KeyboardInteractiveAuthResponse::Success => {}
            _ => return Err("keyboard-interactive login refused".into()),
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
                .wait_for(Duration::from_secs(10), |s| {
                    s.contains(HELP_MARKER) == opening
                })
                .await?;
            latencies.push(sent.elapsed());
        }
    }
    Ok(latencies)
}

async fn run(options: Options) -> Result<(), String> {
    let server = Server::start(&options.binary)?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let idle_rss = server.rss_kib();

    // 1. Bytes per second of one session animating a solver.
    let watcher = Player::connect(server.port).await?;
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
        let player = Player::connect(server.port).await?;
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
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{} sessions running {}, {} keystrokes: echo latency p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        options.sessions,
        options.solver,
        latencies.len(),
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.9)),
        ms(percentile(&latencies, 0.99)),
        ms(percentile(&latencies, 1.0)),
    );
    println!(
        "server memory: {:.1} MB idle, {:.1} MB with {} sessions = {:.2} MB per session",
        idle_rss as f64 / 1024.0,
        busy_rss as f64 / 1024.0,
        options.sessions,
        (busy_rss.saturating_sub(idle_rss)) as f64 / 1024.0 / options.sessions.max(1) as f64
    );
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
    if let Err(e) = runtime.block_on(run(options)) {
        eprintln!("ssh_load: {e}");
        std::process::exit(1);
    }
}
