//! The SSH protocol side of one connection: who may log in, which requests are honoured.
//!
//! Only the game is served. A session channel with a pty and a shell request starts a game;
//! an exec request of `join CODE` or `watch CODE` (what `ssh -t host join CODE` sends) goes
//! straight to a race room; any other exec, subsystems (sftp), port forwarding, agent and X11
//! forwarding are refused; a second
//! session channel on the same connection is refused; a shell without a pty gets a one-line
//! explanation. Anonymous players log in with keyboard-interactive auth and no prompts; a
//! player who offers a public key is known by its fingerprint, which keys the saved game.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use russh::keys::{HashAlg, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, Response, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet, Pty};
use tokio::sync::{mpsc, watch};

use super::app::AppFactory;
use super::limits::{Admission, Refusal};
use super::pace::Pace;
use super::race::RaceEntry;
use super::rooms::SharedRooms;
use super::session::{self, SessionContext, SessionInput, SessionLimits};
use crate::race::RoomCode;
use crate::store::{ANONYMOUS_PREFIX, SharedStore};
use crate::tui::panel::StepPool;

/// What every connection shares.
pub struct Shared {
    pub admission: Admission,
    pub store: SharedStore,
    pub factory: AppFactory,
    pub limits: SessionLimits,
    /// Only these keys may log in, when set.
    pub authorized: Option<Vec<PublicKey>>,
    pub shutdown: watch::Receiver<bool>,
    pub next_id: AtomicU64,
    /// The race rooms.
    pub rooms: SharedRooms,
    /// Where race spectators' solver panels step.
    pub race_pool: Arc<StepPool>,
    /// How often animations are drawn.
    pub pace: Arc<Pace>,
    /// This process's tag, in its anonymous players' owner names.
    pub instance: String,
    /// The lock on a SQLite store, held (never read) while the server runs.
    pub store_lock: Option<std::fs::File>,
}

/// The handler of one connection.
pub struct Connection {
    shared: Arc<Shared>,
    id: u64,
    peer: Option<SocketAddr>,
    /// `key:SHA256:...` once a public key proved itself.
    fingerprint: Option<String>,
    channel: Option<ChannelId>,
    pty: Option<(u16, u16)>,
    input: Option<mpsc::Sender<SessionInput>>,
}

impl Connection {
    pub fn new(shared: Arc<Shared>, peer: Option<SocketAddr>) -> Connection {
        let id = shared.next_id.fetch_add(1, Ordering::Relaxed);
        Connection {
            shared,
            id,
            peer,
            fingerprint: None,
            channel: None,
            pty: None,
            input: None,
        }
    }

    fn peer(&self) -> String {
        self.peer
            .map(|p| p.to_string())
            .unwrap_or_else(|| "?".to_string())
    }

    fn refuse(&self, what: &str) {
        tracing::info!(connection = self.id, peer = %self.peer(), request = what, "refused");
    }

    /// Sends a line to the client's terminal and closes the channel.
    fn explain_and_close(&self, channel: ChannelId, session: &mut Session, text: &str) {
        let _ = session.data(channel, format!("{text}\r\n").into_bytes());
        let _ = session.exit_status_request(channel, 1);
        let _ = session.eof(channel);
        let _ = session.close(channel);
    }

    /// Starts the game (or, for `join`/`watch`, a race room) on the session channel, when
    /// the client asked for a terminal and the server has room for one more session.
    fn start_session(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
        requested: Requested,
    ) -> Result<(), russh::Error> {
        if self.input.is_some() {
            session.channel_failure(channel)?;
            return Ok(());
        }
        let Some((cols, rows)) = self.pty else {
            self.refuse("shell without a pty");
            // Accept the request so that the client shows the explanation before the close.
            session.channel_success(channel)?;
            self.explain_and_close(
                channel,
                session,
                "sudoscope needs a terminal: connect with `ssh -t` (a pty was not requested).",
            );
            return Ok(());
        };
        let address = self
            .peer
            .map(|p| p.ip())
            .unwrap_or(std::net::IpAddr::from([0, 0, 0, 0]));
        let slot = match self.shared.admission.admit(address) {
            Ok(slot) => slot,
            Err(refusal) => {
                let text = match refusal {
                    Refusal::ServerFull => {
                        "sudoscope is full right now — every seat is taken. Please try again in a few minutes."
                    }
                    Refusal::TooManyFromAddress => {
                        "sudoscope: too many sessions from your address — close one and try again."
                    }
                };
                self.refuse(match refusal {
                    Refusal::ServerFull => "session (server full)",
                    Refusal::TooManyFromAddress => "session (too many from address)",
                });
                session.channel_success(channel)?;
                self.explain_and_close(channel, session, text);
                return Ok(());
            }
        };
        session.channel_success(channel)?;
        let (sender, receiver) = mpsc::channel(64);
        self.input = Some(sender);
        let owner = self
            .fingerprint
            .clone()
            .unwrap_or_else(|| format!("{ANONYMOUS_PREFIX}{}:{}", self.shared.instance, self.id));
        let context = SessionContext {
            id: self.id,
            owner,
            resumable: self.fingerprint.is_some(),
            handle: session.handle(),
            channel,
            size: (cols, rows),
            input: receiver,
            shutdown: self.shared.shutdown.clone(),
            store: self.shared.store.clone(),
            factory: self.shared.factory.clone(),
            limits: self.shared.limits,
            slot,
            admission: self.shared.admission.clone(),
            rooms: self.shared.rooms.clone(),
            race_pool: self.shared.race_pool.clone(),
            pace: self.shared.pace.clone(),
            race: requested.race,
            ascii: requested.ascii,
        };
        tokio::spawn(session::run(context));
        Ok(())
    }

    async fn forward(&self, input: SessionInput) {
        if let Some(sender) = &self.input {
            // Awaiting a full queue holds back reading from this client: a flood of input
            // slows only the flooder.
            let _ = sender.send(input).await;
        }
    }
}

fn interactive_methods() -> MethodSet {
    MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..])
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        // Rejecting "none" makes clients offer their keys first (so returning players are
        // recognised), then fall back to keyboard-interactive (anonymous play).
        Ok(Auth::Reject {
            proceed_with_methods: Some(interactive_methods()),
            partial_success: false,
        })
    }

    async fn auth_password(&mut self, _user: &str, _password: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::Reject {
            proceed_with_methods: Some(interactive_methods()),
            partial_success: false,
        })
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(match &self.shared.authorized {
            Some(keys)
                if !keys
                    .iter()
                    .any(|k| k.key_data() == offer.public_key.key_data()) =>
            {
                Auth::reject()
            }
            _ => Auth::Accept,
        })
    }

    async fn auth_publickey(
        &mut self,
        _user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if let Some(keys) = &self.shared.authorized
            && !keys
                .iter()
                .any(|k| k.key_data() == key.public_key.key_data())
        {
            return Ok(Auth::reject());
        }
        self.fingerprint = Some(format!(
            "key:{}",
            key.public_key.fingerprint(HashAlg::Sha256)
        ));
        Ok(Auth::Accept)
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        _user: &str,
        _submethods: &str,
        _response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        if self.shared.authorized.is_some() {
            return Ok(Auth::reject());
        }
        Ok(Auth::Accept)
    }

    async fn auth_succeeded(&mut self, _session: &mut Session) -> Result<(), Self::Error> {
        tracing::info!(
            connection = self.id,
            peer = %self.peer(),
            identity = self.fingerprint.as_deref().unwrap_or("anonymous"),
            "connected"
        );
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            self.refuse("second session channel");
            return Ok(()); // dropping `reply` rejects the channel
        }
        self.channel = Some(channel.id());
        reply.accept().await;
        Ok(())
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _originator_address: &str,
        _originator_port: u32,
        _reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("x11 channel");
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host_to_connect: &str,
        _port_to_connect: u32,
        _originator_address: &str,
        _originator_port: u32,
        _reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("port forwarding (direct-tcpip)");
        Ok(())
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("remote port forwarding");
        Ok(false)
    }

    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("agent forwarding");
        Ok(false)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("x11 forwarding");
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match ssh_command(data) {
            Some(Ok(requested)) => self.start_session(channel, session, requested),
            Some(Err(reason)) => {
                self.refuse("exec (bad room code)");
                session.channel_success(channel)?;
                self.explain_and_close(channel, session, &format!("sudoscope: {reason}"));
                Ok(())
            }
            None => {
                self.refuse("exec");
                session.channel_failure(channel)?;
                self.explain_and_close(
                    channel,
                    session,
                    "sudoscope serves the game (ssh -t host -p port), in plain ASCII (ssh -t host -p port ascii), and race rooms (ssh -t host -p port join CODE, or watch CODE).",
                );
                Ok(())
            }
        }
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(&format!("subsystem {name}"));
        session.channel_failure(channel)?;
        self.explain_and_close(channel, session, "sudoscope serves only the game.");
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _variable_name: &str,
        _variable_value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.pty = Some((clamp_dimension(col_width), clamp_dimension(row_height)));
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.start_session(channel, session, Requested::default())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let size = (clamp_dimension(col_width), clamp_dimension(row_height));
        self.pty = Some(size);
        self.forward(SessionInput::Resize(size.0, size.1)).await;
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.forward(SessionInput::Bytes(data.to_vec())).await;
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.forward(SessionInput::Closed).await;
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.forward(SessionInput::Closed).await;
        Ok(())
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        // Dropping the sender ends the session task if it is still running (the client
        // vanished without closing its channel).
        self.input = None;
    }
}

/// What a player asked for with the command after the host: `ascii` first draws with plain
/// ASCII (for a terminal or font without box drawing, like `play --ascii`); `join CODE` or
/// `watch CODE` goes to a race room.
#[derive(Debug, Default)]
pub struct Requested {
    pub ascii: bool,
    pub race: Option<RaceEntry>,
}

/// Reads an exec request: `[ascii] [join CODE | watch CODE]` (a room code that is not one is
/// said in words); anything else is not ours (`None`).
fn ssh_command(data: &[u8]) -> Option<Result<Requested, String>> {
    let text = std::str::from_utf8(data).ok()?;
    let mut words = text.split_whitespace().peekable();
    let ascii = words
        .next_if(|w| matches!(*w, "ascii" | "--ascii"))
        .is_some();
    let Some(verb) = words.next() else {
        return ascii.then_some(Ok(Requested { ascii, race: None }));
    };
    let code = words.next();
    if words.next().is_some() || !matches!(verb, "join" | "watch") {
        return None;
    }
    let Some(code) = code else {
        return Some(Err(format!("{verb} needs a room code: {verb} CODE")));
    };
    Some(match RoomCode::parse(code) {
        Ok(code) if verb == "join" => Ok(Requested {
            ascii,
            race: Some(RaceEntry::Join(code)),
        }),
        Ok(code) => Ok(Requested {
            ascii,
            race: Some(RaceEntry::Watch(code)),
        }),
        Err(e) => Err(e.to_string()),
    })
}

/// Terminal sizes from the client, kept to what a terminal can be.
fn clamp_dimension(value: u32) -> u16 {
    value.clamp(1, 1000) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_and_watch_commands_take_a_valid_code() {
        let race = |data: &[u8]| ssh_command(data).map(|r| r.map(|r| r.race));
        assert!(matches!(
            race(b"join abc23"),
            Some(Ok(Some(RaceEntry::Join(_))))
        ));
        assert!(matches!(
            race(b" watch ABC23 "),
            Some(Ok(Some(RaceEntry::Watch(_))))
        ));
        assert!(matches!(race(b"join"), Some(Err(_))));
        // A code with a control character is refused in words that do not echo it.
        let Some(Err(reason)) = race(b"join AB\x1bCD") else {
            panic!("refused");
        };
        assert!(!reason.contains('\x1b'), "{reason}");
        assert!(race(b"ls -la").is_none());
        assert!(race(b"join ABCDE extra").is_none());
        assert!(race(&[0xff, 0xfe]).is_none());
        assert!(race(b"").is_none());
    }

    #[test]
    fn ascii_comes_first_alone_or_before_a_room() {
        let asked = |data: &[u8]| match ssh_command(data) {
            Some(Ok(requested)) => Some((requested.ascii, requested.race.is_some())),
            _ => None,
        };
        assert_eq!(asked(b"ascii"), Some((true, false)));
        assert_eq!(asked(b"--ascii join ABC23"), Some((true, true)));
        assert_eq!(asked(b"join ABC23"), Some((false, true)));
        assert_eq!(asked(b"join ABC23 ascii"), None, "ascii comes first");
        assert_eq!(asked(b"ascii ascii"), None);
    }
}
