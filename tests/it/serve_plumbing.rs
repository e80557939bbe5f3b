//! The SSH server's plumbing, driven by a real OpenSSH client in tmux, with a small echo app
//! in place of the game (the game itself is tested through `sudoscope serve` in
//! `serve_ssh.rs`). Skips with a message when ssh, ssh-keygen or tmux is missing.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use crate::support::sshclient::{client_key, ssh_base_args, tools_present};
use crate::support::tmux::Tmux;
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
use ratatui::widgets::Paragraph;
use sudoscope::serve::app::{Answer, AppFactory, AppStart, SessionApp, SessionEffect, Work};
use sudoscope::serve::{ServeOptions, serve};
use sudoscope::store::Save;

/// Shows the keys typed so far (the last 64, so that a flood costs the app nothing) and the
/// terminal size; saves the keys; `q` quits.
struct EchoApp {
    typed: String,
    size: (u16, u16),
}

impl EchoApp {
    fn push(&mut self, c: char) -> Vec<SessionEffect> {
        self.typed.push(c);
        if self.typed.chars().count() > 64 {
            self.typed.remove(0);
        }
        vec![SessionEffect::Save(Box::new(Save::single(
            self.typed.clone(),
        )))]
    }
}

impl SessionApp for EchoApp {
    fn event(&mut self, event: Event) -> Vec<SessionEffect> {
        match event {
            Event::Key(KeyEvent {
                code: KeyCode::Char('q'),
                ..
            }) => vec![SessionEffect::Quit],
            Event::Key(KeyEvent {
                code: KeyCode::Char(c),
                ..
            }) => self.push(c),
            Event::Key(KeyEvent {
                code: KeyCode::Up, ..
            }) => self.push('^'),
            Event::Resize(cols, rows) => {
                self.size = (cols, rows);
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn tick(&mut self) -> Vec<SessionEffect> {
        Vec::new()
    }

    fn render(&mut self, frame: &mut Frame) {
        let text = format!(
            "typed:[{}] size:{}x{}",
            self.typed, self.size.0, self.size.1
        );
        frame.render_widget(Paragraph::new(text), frame.area());
    }

    fn needs_frames(&self) -> bool {
        false
    }
}

fn echo_factory() -> AppFactory {
    Arc::new(|start: AppStart| {
        Ok(Box::new(EchoApp {
            typed: start.saved.unwrap_or_default(),
            size: (0, 0),
        }) as Box<dyn SessionApp>)
    })
}

struct Fixture {
    runtime: tokio::runtime::Runtime,
    server: Option<sudoscope::serve::ServerHandle>,
    port: u16,
    dir: tempfile::TempDir,
}

impl Fixture {
    fn start(configure: impl FnOnce(&mut ServeOptions)) -> Fixture {
        Fixture::start_with(echo_factory(), configure)
    }

    fn start_with(factory: AppFactory, configure: impl FnOnce(&mut ServeOptions)) -> Fixture {
        let dir = tempfile::tempdir().expect("temp dir");
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let mut options = ServeOptions::with_data_dir(dir.path());
        options.listen = "127.0.0.1:0".parse().expect("address");
        configure(&mut options);
        let server = runtime
            .block_on(serve(&options, factory))
            .expect("server starts");
        let port = server.local_addr.port();
        Fixture {
            runtime,
            server: Some(server),
            port,
            dir,
        }
    }

    fn ssh(&self, key: Option<&std::path::Path>, extra: &[&str]) -> String {
        let mut args = ssh_base_args(self.port);
        match key {
            Some(key) => {
                args.extend(["-i".into(), key.display().to_string()]);
                args.extend(["-o".into(), "IdentitiesOnly=yes".into()]);
            }
            None => args.extend(["-o".into(), "PubkeyAuthentication=no".into()]),
        }
        args.extend(extra.iter().map(|s| s.to_string()));
        args.push("player@127.0.0.1".into());
        format!("ssh {}", args.join(" "))
    }

    fn active(&self) -> usize {
        self.server.as_ref().map_or(0, |s| s.active_sessions())
    }

    fn connections(&self) -> usize {
        self.server.as_ref().map_or(0, |s| s.open_connections())
    }

    fn wait_until(&self, what: &str, check: impl Fn(&Fixture) -> bool) {
        let start = std::time::Instant::now();
        while !check(self) {
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "timed out waiting until {what} (sessions {}, connections {})",
                self.active(),
                self.connections()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        if let Some(server) = self.server.take() {
            self.runtime.block_on(server.shutdown());
        }
    }
}

macro_rules! require_tools {
    () => {
        if !tools_present() {
            return;
        }
    };
}

#[test]
fn play_resize_quit_and_resume_with_the_same_key() {
    require_tools!();
    let fixture = Fixture::start(|_| {});
    let key = client_key(fixture.dir.path(), "player_key");
    let tmux = Tmux::new("plumbing");
    tmux.start("a", 90, 30, &fixture.ssh(Some(&key), &["-tt"]));
    let (ok, screen) = tmux.wait_for("a", Duration::from_secs(15), |s| s.contains("typed:[]"));
    assert!(ok, "no first frame:\n{screen}");
    assert!(
        tmux.alternate_screen_on("a"),
        "the game runs in the alternate screen"
    );
    tmux.send("a", &["-l", "abc"]);
    tmux.send("a", &["Up"]);
    let (ok, screen) = tmux.wait_for("a", Duration::from_secs(10), |s| s.contains("typed:[abc^]"));
    assert!(ok, "keys did not echo:\n{screen}");
    tmux.resize("a", 70, 20);
    let (ok, screen) = tmux.wait_for("a", Duration::from_secs(10), |s| s.contains("size:70x20"));
    assert!(ok, "resize not seen:\n{screen}");
    tmux.send("a", &["q"]);
    fixture.wait_until("the session ends", |f| f.active() == 0);
    let (ok, screen) = tmux.wait_for("a", Duration::from_secs(10), |_| {
        !tmux.alternate_screen_on("a")
    });
    assert!(ok, "the terminal was not restored:\n{screen}");

    // Same key: the game comes back.
    tmux.start("b", 90, 30, &fixture.ssh(Some(&key), &["-tt"]));
    let (ok, screen) = tmux.wait_for("b", Duration::from_secs(15), |s| s.contains("typed:[abc^]"));
    assert!(ok, "the saved game did not come back:\n{screen}");
    tmux.send("b", &["q"]);
    fixture.wait_until("the session ends", |f| f.active() == 0);

    // Another key (and an anonymous player) start fresh.
    let other = client_key(fixture.dir.path(), "other_key");
    tmux.start("c", 90, 30, &fixture.ssh(Some(&other), &["-tt"]));
    let (ok, screen) = tmux.wait_for("c", Duration::from_secs(15), |s| s.contains("typed:[]"));
    assert!(ok, "another key saw someone else's game:\n{screen}");
    tmux.start("d", 90, 30, &fixture.ssh(None, &["-tt"]));
    let (ok, screen) = tmux.wait_for("d", Duration::from_secs(15), |s| s.contains("typed:[]"));
    assert!(ok, "anonymous login failed:\n{screen}");
    tmux.send("c", &["q"]);
    tmux.send("d", &["q"]);
    fixture.wait_until("every session ends", |f| {
        f.active() == 0 && f.connections() == 0
    });
}

#[test]
fn only_the_game_is_served() {
    require_tools!();
    let fixture = Fixture::start(|_| {});
    let base = ssh_base_args(fixture.port);
    let run = |extra: &[&str]| {
        Command::new("ssh")
            .args(&base)
            .args(["-o", "PubkeyAuthentication=no", "-o", "BatchMode=no"])
            .args(extra)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("ssh runs")
    };
    // exec
    let output = run(&["player@127.0.0.1", "cat /etc/passwd"]);
    assert!(!output.status.success(), "exec was not refused");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("root:"));
    // no pty
    let output = run(&["-T", "player@127.0.0.1"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("needs a terminal"),
        "no-pty message missing: {text:?}"
    );
    // sftp subsystem
    let output = run(&["-s", "player@127.0.0.1", "sftp"]);
    assert!(!output.status.success(), "sftp was not refused");
    // remote port forwarding must fail when required
    let output = run(&[
        "-o",
        "ExitOnForwardFailure=yes",
        "-R",
        "0:127.0.0.1:9",
        "-N",
        "player@127.0.0.1",
    ]);
    assert!(
        !output.status.success(),
        "remote forwarding was not refused"
    );
    fixture.wait_until("every connection closes", |f| {
        f.active() == 0 && f.connections() == 0
    });
}

#[test]
fn garbage_and_half_handshakes_do_not_hurt_other_players() {
    require_tools!();
    let fixture = Fixture::start(|_| {});
    let tmux = Tmux::new("abuse");
    tmux.start("player", 80, 24, &fixture.ssh(None, &["-tt"]));
    let (ok, screen) = tmux.wait_for("player", Duration::from_secs(15), |s| {
        s.contains("typed:[]")
    });
    assert!(ok, "{screen}");
    for round in 0..20 {
        if let Ok(mut stream) = TcpStream::connect(("127.0.0.1", fixture.port)) {
            let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
            match round % 3 {
                0 => {
                    let _ = stream.write_all(b"\x00\xff garbage \r\n not ssh at all\r\n");
                }
                1 => {
                    // A valid banner, then hang up mid-handshake.
                    let _ = stream.write_all(b"SSH-2.0-OpenSSH_9.9\r\n");
                    let mut buffer = [0u8; 256];
                    let _ = stream.read(&mut buffer);
                }
                _ => {} // connect and leave at once
            }
        }
    }
    tmux.send("player", &["-l", "xy"]);
    let (ok, screen) = tmux.wait_for("player", Duration::from_secs(10), |s| {
        s.contains("typed:[xy]")
    });
    assert!(ok, "the honest player stopped being served:\n{screen}");
    tmux.send("player", &["q"]);
    fixture.wait_until("every connection closes", |f| {
        f.active() == 0 && f.connections() == 0
    });
}

#[test]
fn a_full_server_says_so_politely() {
    require_tools!();
    let fixture = Fixture::start(|options| options.max_sessions = 1);
    let tmux = Tmux::new("full");
    tmux.start("first", 80, 24, &fixture.ssh(None, &["-tt"]));
    let (ok, screen) = tmux.wait_for("first", Duration::from_secs(15), |s| s.contains("typed:[]"));
    assert!(ok, "{screen}");
    tmux.start("second", 80, 24, &fixture.ssh(None, &["-tt"]));
    let (ok, screen) = tmux.wait_for("second", Duration::from_secs(15), |s| s.contains("full"));
    assert!(ok, "no 'server full' message:\n{screen}");
    tmux.send("first", &["q"]);
    fixture.wait_until("every connection closes", |f| {
        f.active() == 0 && f.connections() == 0
    });
}

#[test]
fn authorized_keys_restrict_who_plays() {
    require_tools!();
    let dir = tempfile::tempdir().expect("temp dir");
    let allowed = client_key(dir.path(), "allowed");
    let stranger = client_key(dir.path(), "stranger");
    let authorized = dir.path().join("authorized_keys");
    std::fs::copy(allowed.with_extension("pub"), &authorized).expect("copy key");
    let fixture = Fixture::start(|options| options.authorized_keys = Some(authorized.clone()));
    let tmux = Tmux::new("authorized");
    tmux.start("ok", 80, 24, &fixture.ssh(Some(&allowed), &["-tt"]));
    let (ok, screen) = tmux.wait_for("ok", Duration::from_secs(15), |s| s.contains("typed:[]"));
    assert!(ok, "the allowed key was refused:\n{screen}");
    let output = Command::new("ssh")
        .args(ssh_base_args(fixture.port))
        .args(["-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-i"])
        .arg(&stranger)
        .args(["-tt", "player@127.0.0.1"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("ssh runs");
    assert!(!output.status.success(), "a stranger got in");
    tmux.send("ok", &["q"]);
    fixture.wait_until("every connection closes", |f| {
        f.active() == 0 && f.connections() == 0
    });
}

/// A russh client that trusts any host key (the server is ours, on loopback).
struct TrustingClient;

impl russh::client::Handler for TrustingClient {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

#[test]
fn many_channels_and_input_floods_are_contained() {
    require_tools!();
    let fixture = Fixture::start(|_| {});
    let tmux = Tmux::new("flood");
    tmux.start("player", 80, 24, &fixture.ssh(None, &["-tt"]));
    let (ok, screen) = tmux.wait_for("player", Duration::from_secs(15), |s| {
        s.contains("typed:[]")
    });
    assert!(ok, "{screen}");
    let port = fixture.port;
    // The flooder's socket is opened here so that the test can hang it up itself: a client
    // that never reads can deadlock its own writes, and then even its polite disconnect never
    // leaves (seen about once in six runs on a loaded machine).
    let socket = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    let hang_up = socket.try_clone().expect("a second handle on the socket");
    let refused = fixture.runtime.block_on(async move {
        let config = Arc::new(russh::client::Config::default());
        socket.set_nonblocking(true).expect("non-blocking socket");
        let socket = tokio::net::TcpStream::from_std(socket).expect("a tokio socket");
        let mut handle = russh::client::connect_stream(config, socket, TrustingClient)
            .await
            .expect("handshake");
        let auth = handle
            .authenticate_keyboard_interactive_start("flooder", None)
            .await
            .expect("auth answers");
        assert!(matches!(
            auth,
            russh::client::KeyboardInteractiveAuthResponse::Success
        ));
        let session = handle.channel_open_session().await.expect("first channel");
        let mut refused = 0;
        for _ in 0..20 {
            let opened =
                tokio::time::timeout(Duration::from_secs(10), handle.channel_open_session());
            if matches!(opened.await, Ok(Err(_))) {
                refused += 1;
            }
        }
        session
            .request_pty(false, "xterm", 80, 24, 0, 0, &[])
            .await
            .expect("pty");
        session.request_shell(false).await.expect("shell");
        // Up to 4 MiB of keys and escape fragments, as fast as the channel takes them, from a
        // client that never reads what the server sends back: once the server's output to it
        // is stuck, its input window closes and `data` stops returning — the flooder only
        // stalls itself.
        let mut chunk = Vec::with_capacity(65_536);
        while chunk.len() < 65_536 {
            chunk.extend_from_slice(b"k\x1b[A\x1b[<0;3;3M\x1b[");
        }
        for _ in 0..64 {
            let sent = tokio::time::timeout(Duration::from_secs(2), session.data(&chunk[..]));
            if !matches!(sent.await, Ok(Ok(()))) {
                break;
            }
        }
        let bye = handle.disconnect(russh::Disconnect::ByApplication, "", "");
        let _ = tokio::time::timeout(Duration::from_secs(5), bye).await;
        refused
    });
    let _ = hang_up.shutdown(std::net::Shutdown::Both);
    assert_eq!(refused, 20, "extra session channels must be refused");
    tmux.send("player", &["-l", "ok"]);
    let (ok, screen) = tmux.wait_for("player", Duration::from_secs(10), |s| {
        s.contains("typed:[ok]")
    });
    assert!(
        ok,
        "the other player stopped being served during the flood:\n{screen}"
    );
    tmux.send("player", &["q"]);
    fixture.wait_until("every connection closes", |f| {
        f.active() == 0 && f.connections() == 0
    });
}

/// How long one heavy request of [`HeavyApp`] blocks its thread.
const HEAVY: Duration = Duration::from_millis(2000);

/// The echo app, plus `w`: a request that blocks its thread for [`HEAVY`] (what a 25×25
/// generation or solution path does), done as `SessionEffect::Work`; each answer adds `!`.
struct HeavyApp {
    echo: EchoApp,
    /// Jobs of this session running now, and the most ever at once (shared with the test).
    running: Arc<std::sync::atomic::AtomicUsize>,
    peak: Arc<std::sync::atomic::AtomicUsize>,
}

impl SessionApp for HeavyApp {
    fn event(&mut self, event: Event) -> Vec<SessionEffect> {
        use std::sync::atomic::Ordering;
        if let Event::Key(KeyEvent {
            code: KeyCode::Char('w'),
            ..
        }) = event
        {
            let (running, peak) = (self.running.clone(), self.peak.clone());
            return vec![SessionEffect::Work(Work::new(move || {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                peak.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(HEAVY);
                running.fetch_sub(1, Ordering::SeqCst);
                Box::new('!') as Answer
            }))];
        }
        self.echo.event(event)
    }

    fn tick(&mut self) -> Vec<SessionEffect> {
        Vec::new()
    }

    fn work_done(&mut self, answer: Answer) -> Vec<SessionEffect> {
        match answer.downcast::<char>() {
            Ok(c) => self.echo.push(*c),
            Err(_) => Vec::new(),
        }
    }

    fn render(&mut self, frame: &mut Frame) {
        self.echo.render(frame);
    }

    fn needs_frames(&self) -> bool {
        false
    }
}

/// Slow work never runs on the async workers. Two players ask for heavy work
/// (with 2 workers, work done inline would hold both); a third player's keys still echo at
/// once. One player's jobs run one at a time (the per-session cap).
#[test]
fn heavy_work_of_one_player_does_not_delay_another_players_keys() {
    require_tools!();
    let peaks: Arc<std::sync::Mutex<Vec<Arc<std::sync::atomic::AtomicUsize>>>> = Arc::default();
    let factory: AppFactory = {
        let peaks = peaks.clone();
        Arc::new(move |_start: AppStart| {
            let peak = Arc::new(std::sync::atomic::AtomicUsize::new(0));
            peaks.lock().expect("peaks").push(peak.clone());
            Ok(Box::new(HeavyApp {
                echo: EchoApp {
                    typed: String::new(),
                    size: (0, 0),
                },
                running: Arc::default(),
                peak,
            }) as Box<dyn SessionApp>)
        })
    };
    let fixture = Fixture::start_with(factory, |_| {});
    let tmux = Tmux::new("heavy");
    for name in ["a", "b", "c"] {
        tmux.start(name, 80, 24, &fixture.ssh(None, &["-tt"]));
        let (ok, screen) = tmux.wait_for(name, Duration::from_secs(20), |s| s.contains("typed:["));
        assert!(ok, "{name} did not connect:\n{screen}");
    }
    tmux.send("a", &["w", "w"]);
    tmux.send("b", &["w"]);
    std::thread::sleep(Duration::from_millis(200));
    let start = std::time::Instant::now();
    tmux.send("c", &["x"]);
    let (ok, screen) = tmux.wait_for("c", HEAVY * 3, |s| s.contains("typed:[x]"));
    let echo = start.elapsed();
    assert!(ok, "no echo:\n{screen}");
    assert!(
        echo < HEAVY / 2,
        "the echo took {echo:?} while others' heavy work ran ({HEAVY:?} each)"
    );
    let (ok, screen) = tmux.wait_for("a", HEAVY * 4, |s| s.contains("typed:[!!]"));
    assert!(ok, "a's two jobs did not both answer:\n{screen}");
    let peaks: Vec<usize> = peaks
        .lock()
        .expect("peaks")
        .iter()
        .map(|p| p.load(std::sync::atomic::Ordering::SeqCst))
        .collect();
    assert!(peaks.iter().all(|&p| p <= 1), "per-session peaks {peaks:?}");
}
