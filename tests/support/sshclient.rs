//! Test helpers: a real OpenSSH client in tmux, and a client key.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Whether the tools the SSH end-to-end tests need are installed.
pub fn tools_present() -> bool {
    super::tools::require(&["ssh", "ssh-keygen", "tmux"])
}

/// Makes an Ed25519 client key in `dir`; returns its private key path.
pub fn client_key(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&path)
        .status()
        .expect("ssh-keygen runs");
    assert!(status.success(), "ssh-keygen failed");
    path
}

/// The ssh options every test client uses: no host key prompts, no agent, no config files.
pub fn ssh_base_args(port: u16) -> Vec<String> {
    [
        "-F",
        "/dev/null",
        "-p",
        &port.to_string(),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "IdentityAgent=none",
        "-o",
        "ConnectTimeout=10",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// A tmux server of our own (its own socket), so tests never touch the user's tmux.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    pub fn new(tag: &str) -> Tmux {
        Tmux {
            socket: format!("sudoscope-test-{tag}-{}", std::process::id()),
        }
    }

    fn command(&self) -> Command {
        let mut command = Command::new("tmux");
        command.args(["-L", &self.socket]);
        command
    }

    /// Starts `shell_command` in a new detached window of the given size.
    pub fn start(&self, name: &str, cols: u16, rows: u16, shell_command: &str) {
        let status = self
            .command()
            .args([
                "new-session",
                "-d",
                "-s",
                name,
                "-x",
                &cols.to_string(),
                "-y",
                &rows.to_string(),
            ])
            .arg(format!("{shell_command}; sleep 30"))
            .status()
            .expect("tmux runs");
        assert!(status.success(), "tmux new-session failed");
    }

    /// Sends keys (tmux key names or literal text with `literal`).
    pub fn send(&self, name: &str, keys: &[&str]) {
        let status = self
            .command()
            .args(["send-keys", "-t", name])
            .args(keys)
            .status()
            .expect("tmux runs");
        assert!(status.success(), "tmux send-keys failed");
    }

    pub fn resize(&self, name: &str, cols: u16, rows: u16) {
        let _ = self
            .command()
            .args([
                "resize-window",
                "-t",
                name,
                "-x",
                &cols.to_string(),
                "-y",
                &rows.to_string(),
            ])
            .status();
    }

    /// The visible text of the window.
    pub fn capture(&self, name: &str) -> String {
        let output = self
            .command()
            .args(["capture-pane", "-p", "-t", name])
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Waits until the screen satisfies `check`; returns the last capture either way.
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

    /// Whether tmux's alternate-screen flag is set for the pane.
    pub fn alternate_screen_on(&self, name: &str) -> bool {
        let output = self
            .command()
            .args(["display-message", "-p", "-t", name, "#{alternate_on}"])
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&output.stdout).trim() == "1"
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.command().arg("kill-server").status();
    }
}

impl Tmux {
    /// The process id of the program running in the window's pane (its shell).
    pub fn pane_pid(&self, name: &str) -> Option<u32> {
        let output = self
            .command()
            .args(["display-message", "-p", "-t", name, "#{pane_pid}"])
            .output()
            .ok()?;
        String::from_utf8_lossy(&output.stdout).trim().parse().ok()
    }

    /// Kills the window's session: its terminal closes under whatever runs in it (what
    /// closing a terminal window does).
    pub fn kill_session(&self, name: &str) {
        let _ = self.command().args(["kill-session", "-t", name]).status();
    }
}
