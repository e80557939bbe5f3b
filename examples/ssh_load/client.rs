//! One scripted SSH player: a russh client with a pty, whose screen is kept by `vt100` as a
//! terminal would show it, so that a keystroke's latency is the time until the screen shows
//! its effect.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::ChannelMsg;
use russh::client::{self, Handle, KeyboardInteractiveAuthResponse};
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{HashAlg, PrivateKey, PrivateKeyWithHashAlg};
use tokio::sync::Notify;

use crate::LoadError;

pub const COLS: u16 = 100;
pub const ROWS: u16 = 32;

/// Session `i`'s key: the same on every run, different for every session.
pub fn session_key(i: usize) -> PrivateKey {
    let mut seed = [0x5du8; 32];
    seed[..8].copy_from_slice(&(i as u64).to_le_bytes());
    PrivateKey::from(Ed25519Keypair::from_seed(&seed))
}

/// The owner name the server stores a key's games under (`key:SHA256:…`, as its handler
/// names a player who proved a key).
pub fn owner_of(key: &PrivateKey) -> String {
    format!("key:{}", key.public_key().fingerprint(HashAlg::Sha256))
}

/// What the session asks for once its pty is set: the game, or a command (`join CODE`).
#[derive(Clone, Debug)]
pub enum Entry {
    Shell,
    Command(String),
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

/// Runs on every screen update of a session, with the screen and the time it arrived (the
/// race scenario reads the other racers' counts there, as they arrive).
pub type Watcher = Box<dyn FnMut(&vt100::Screen, Instant) + Send>;

/// One scripted player: the screen as its terminal would show it, and the bytes received.
pub struct Player {
    _handle: Handle<Client>,
    channel_writer: russh::ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<vt100::Parser>>,
    changed: Arc<Notify>,
    bytes: Arc<Mutex<u64>>,
    /// Data messages received: the server sends each frame as one.
    messages: Arc<AtomicU64>,
    closed: Arc<AtomicBool>,
}

fn ssh(what: &'static str) -> impl FnOnce(russh::Error) -> LoadError {
    move |source| LoadError::Ssh { what, source }
}

impl Player {
    /// Connects anonymously (`key` `None`) or as the player of a key.
    pub async fn connect(port: u16, key: Option<PrivateKey>) -> Result<Player, LoadError> {
        Player::open(port, key, Entry::Shell, None).await
    }

    /// Connects, asks for `entry`, and calls `watcher` on every screen update.
    pub async fn open(
        port: u16,
        key: Option<PrivateKey>,
        entry: Entry,
        watcher: Option<Watcher>,
    ) -> Result<Player, LoadError> {
        let config = Arc::new(client::Config {
            inactivity_timeout: Some(Duration::from_secs(600)),
            ..Default::default()
        });
        let mut handle = client::connect(config, ("127.0.0.1", port), Client)
            .await
            .map_err(ssh("connect"))?;
        match key {
            Some(key) => {
                let key = PrivateKeyWithHashAlg::new(Arc::new(key), None);
                let result = handle
                    .authenticate_publickey("player", key)
                    .await
                    .map_err(ssh("auth"))?;
                if !result.success() {
                    return Err(LoadError::Refused("public key login refused".into()));
                }
            }
            None => match handle
                .authenticate_keyboard_interactive_start("player", None)
                .await
                .map_err(ssh("auth"))?
            {
                KeyboardInteractiveAuthResponse::Success => {}
                _ => {
                    return Err(LoadError::Refused(
                        "keyboard-interactive login refused".into(),
                    ));
                }
            },
        }
        let channel = handle
            .channel_open_session()
            .await
            .map_err(ssh("session"))?;
        channel
            .request_pty(false, "xterm-256color", COLS.into(), ROWS.into(), 0, 0, &[])
            .await
            .map_err(ssh("pty"))?;
        match &entry {
            Entry::Shell => channel.request_shell(false).await.map_err(ssh("shell"))?,
            Entry::Command(command) => channel
                .exec(false, command.as_bytes())
                .await
                .map_err(ssh("exec"))?,
        }
        let (mut reader, channel_writer) = channel.split();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZeroU16::MIN.saturating_add(ROWS - 1),
            std::num::NonZeroU16::MIN.saturating_add(COLS - 1),
            0,
        )));
        let changed = Arc::new(Notify::new());
        let bytes = Arc::new(Mutex::new(0u64));
        let messages = Arc::new(AtomicU64::new(0));
        let closed = Arc::new(AtomicBool::new(false));
        {
            let (screen, changed, bytes, messages, closed) = (
                screen.clone(),
                changed.clone(),
                bytes.clone(),
                messages.clone(),
                closed.clone(),
            );
            let mut watcher = watcher;
            tokio::spawn(async move {
                while let Some(message) = reader.wait().await {
                    match message {
                        ChannelMsg::Data { data } => {
                            let arrived = Instant::now();
                            messages.fetch_add(1, Ordering::Relaxed);
                            if let Ok(mut count) = bytes.lock() {
                                *count += data.len() as u64;
                            }
                            if let Ok(mut parser) = screen.lock() {
                                parser.process(&data);
                                if let Some(watch) = watcher.as_mut() {
                                    watch(parser.screen(), arrived);
                                }
                            }
                            changed.notify_waiters();
                        }
                        ChannelMsg::Eof | ChannelMsg::Close => break,
                        _ => {}
                    }
                }
                closed.store(true, Ordering::SeqCst);
                changed.notify_waiters();
            });
        }
        Ok(Player {
            _handle: handle,
            channel_writer,
            screen,
            changed,
            bytes,
            messages,
            closed,
        })
    }

    pub async fn send(&self, keys: &str) -> Result<(), LoadError> {
        self.channel_writer
            .data(keys.as_bytes())
            .await
            .map_err(ssh("send"))
    }

    pub fn contents(&self) -> String {
        self.screen
            .lock()
            .map(|parser| parser.screen().contents())
            .unwrap_or_default()
    }

    /// The screen's top row (the header, with the game's "N to go"): much cheaper than the
    /// whole screen, which matters with a thousand sessions in one process.
    pub fn header(&self) -> String {
        self.screen
            .lock()
            .ok()
            .and_then(|parser| parser.screen().rows(0, COLS).next())
            .unwrap_or_default()
    }

    /// Waits until the header satisfies `check`; returns how long it took.
    pub async fn wait_for_header(
        &self,
        timeout: Duration,
        check: impl Fn(&str) -> bool,
    ) -> Result<Duration, LoadError> {
        self.wait_until(timeout, Self::header, check).await
    }

    /// Waits until what `read` takes of the screen satisfies `check`. A closed channel ends
    /// the wait at once.
    async fn wait_until(
        &self,
        timeout: Duration,
        read: impl Fn(&Self) -> String,
        check: impl Fn(&str) -> bool,
    ) -> Result<Duration, LoadError> {
        let start = Instant::now();
        loop {
            let notified = self.changed.notified();
            if check(&read(self)) {
                return Ok(start.elapsed());
            }
            if self.closed() {
                return Err(LoadError::Closed);
            }
            let left = timeout.checked_sub(start.elapsed()).ok_or_else(|| {
                LoadError::Screen(format!("timed out; screen:\n{}", self.contents()))
            })?;
            let _ = tokio::time::timeout(left.min(Duration::from_millis(50)), notified).await;
        }
    }

    /// Whether the server closed the channel (or the connection died).
    pub fn closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    /// Waits until the screen satisfies `check`; returns how long it took. A closed channel
    /// ends the wait at once.
    pub async fn wait_for(
        &self,
        timeout: Duration,
        check: impl Fn(&str) -> bool,
    ) -> Result<Duration, LoadError> {
        self.wait_until(timeout, Self::contents, check).await
    }

    /// Opens the side panel, selects `solver` and starts it. Each `]` is sent once the
    /// previous one showed (a loaded server may take a while), so the choice never overshoots.
    pub async fn start_solver(&self, solver: &str) -> Result<(), LoadError> {
        const WAIT: Duration = Duration::from_secs(10);
        self.send("s").await?;
        self.wait_for(WAIT, |s| selected_solver(s).is_some())
            .await?;
        for _ in 0..16 {
            let shown = selected_solver(&self.contents());
            if shown.as_deref() == Some(solver) {
                return self.send(" ").await;
            }
            self.send("]").await?;
            self.wait_for(WAIT, |s| selected_solver(s) != shown).await?;
        }
        Err(LoadError::Screen(format!(
            "the panel has no solver {solver}"
        )))
    }

    /// Frames received (data messages).
    pub fn frames(&self) -> u64 {
        self.messages.load(Ordering::Relaxed)
    }

    pub fn bytes(&self) -> u64 {
        self.bytes.lock().map(|b| *b).unwrap_or(0)
    }
}

/// The solver the panel has selected (`◂ NAME ▸`).
fn selected_solver(screen: &str) -> Option<String> {
    let rest = screen.split("◂ ").nth(1)?;
    let name = rest.split(" ▸").next()?;
    (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| name.to_string())
}
