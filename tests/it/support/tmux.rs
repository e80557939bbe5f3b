//! The one tmux harness of the end-to-end tests: a tmux server of the test's own (its own
//! socket, so a test never touches the developer's tmux, and parallel tests never touch each
//! other's), windows of a chosen size running a shell command, keys typed into them and their
//! screens read back with `capture-pane`.
//!
//! [`Tmux`] drives any number of named windows (the SSH tests run several clients at once);
//! [`Window`] is one window of a server of its own, for tests that play one game.
#![allow(dead_code)]

use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Servers started by this test process (part of each socket's name).
static SERVERS: AtomicUsize = AtomicUsize::new(0);

/// Single-quotes `s` for sh.
pub fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// A tmux server of our own, killed (with every window in it) on drop.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// Whether tmux is installed: a test that needs it skips on a developer machine without
    /// it, and fails under `CI=true` (see `tools`).
    pub fn available() -> bool {
        super::tools::require(&["tmux"])
    }

    pub fn new(tag: &str) -> Tmux {
        Tmux {
            socket: format!(
                "sudoscope-test-{tag}-{}-{}",
                std::process::id(),
                SERVERS.fetch_add(1, Ordering::SeqCst)
            ),
        }
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    fn run_ok(&self, args: &[&str]) {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Starts `shell_command` (run by sh) in a new detached window `name` of `cols`×`rows`.
    /// The window stays 30 s after the command ends, so its last screen can still be read.
    pub fn start(&self, name: &str, cols: u16, rows: u16, shell_command: &str) {
        let command = format!("{shell_command}; sleep 30");
        self.run_ok(&[
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            &cols.to_string(),
            "-y",
            &rows.to_string(),
            &command,
        ]);
    }

    /// Presses keys by tmux name (`Enter`, `Escape`, `Space`, `C-c`, `Up`…), or types
    /// literal text after `-l`.
    pub fn send(&self, name: &str, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", name];
        args.extend_from_slice(keys);
        self.run_ok(&args);
    }

    /// Types `text` literally.
    pub fn text(&self, name: &str, text: &str) {
        self.send(name, &["-l", text]);
    }

    pub fn resize(&self, name: &str, cols: u16, rows: u16) {
        let _ = self.run(&[
            "resize-window",
            "-t",
            name,
            "-x",
            &cols.to_string(),
            "-y",
            &rows.to_string(),
        ]);
    }

    /// The visible text of the window.
    pub fn capture(&self, name: &str) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", name]).stdout).into_owned()
    }

    /// Waits until the screen satisfies `check`; whether it did, and the last capture.
    pub fn wait_for(
        &self,
        name: &str,
        timeout: Duration,
        check: impl Fn(&str) -> bool,
    ) -> (bool, String) {
        let start = Instant::now();
        loop {
            let screen = self.capture(name);
            if check(&screen) {
                return (true, screen);
            }
            if start.elapsed() > timeout {
                return (false, screen);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the screen shows `needle`; the screen, or a failure naming what was
    /// missing and what the screen showed.
    pub fn wait_for_text(&self, name: &str, needle: &str, timeout: Duration) -> String {
        let (found, screen) = self.wait_for(name, timeout, |s| s.contains(needle));
        assert!(
            found,
            "waited {timeout:?} for {needle:?}; the screen shows:\n{screen}"
        );
        screen
    }

    /// A pane variable (`alternate_on`, `cursor_flag`, `mouse_any_flag`, `pane_pid`…).
    pub fn pane(&self, name: &str, variable: &str) -> String {
        let format = format!("#{{{variable}}}");
        String::from_utf8_lossy(
            &self
                .run(&["display-message", "-p", "-t", name, &format])
                .stdout,
        )
        .trim()
        .to_string()
    }

    /// Whether the pane is on the alternate screen.
    pub fn alternate_screen_on(&self, name: &str) -> bool {
        self.pane(name, "alternate_on") == "1"
    }

    /// The process id of the program running in the window's pane (its shell).
    pub fn pane_pid(&self, name: &str) -> Option<u32> {
        self.pane(name, "pane_pid").parse().ok()
    }

    /// Kills the window's session: its terminal closes under whatever runs in it (what
    /// closing a terminal window does).
    pub fn kill_session(&self, name: &str) {
        let _ = self.run(&["kill-session", "-t", name]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// One window on a server of its own: the shape of a test that plays one game.
pub struct Window {
    tmux: Tmux,
}

impl Window {
    /// The window's name on its server.
    const NAME: &'static str = "play";

    /// Starts `shell_command` in a `cols`×`rows` window (see [`Tmux::start`]).
    pub fn start(cols: u16, rows: u16, shell_command: &str) -> Window {
        let tmux = Tmux::new("window");
        tmux.start(Window::NAME, cols, rows, shell_command);
        Window { tmux }
    }

    pub fn keys(&self, keys: &[&str]) {
        self.tmux.send(Window::NAME, keys);
    }

    pub fn text(&self, text: &str) {
        self.tmux.text(Window::NAME, text);
    }

    pub fn screen(&self) -> String {
        self.tmux.capture(Window::NAME)
    }

    pub fn pane(&self, variable: &str) -> String {
        self.tmux.pane(Window::NAME, variable)
    }

    /// See [`Tmux::wait_for_text`].
    pub fn wait_for(&self, needle: &str, timeout: Duration) -> String {
        self.tmux.wait_for_text(Window::NAME, needle, timeout)
    }
}
