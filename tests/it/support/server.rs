//! Test helper: a running `sudoscope serve` (the real binary) and the OpenSSH command lines
//! that connect to it, with a key or anonymously.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use super::sshclient::ssh_base_args;

/// How long the end-to-end tests wait for anything.
pub const WAIT: Duration = Duration::from_secs(30);

/// A running `sudoscope serve` and its log lines.
pub struct Server {
    pub port: u16,
    child: Child,
    log: mpsc::Receiver<String>,
    pub seen: Vec<String>,
}

impl Server {
    pub fn start(data_dir: &Path) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_sudoscope"));
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(data_dir);
        Server::spawn(command)
    }

    /// Starts `command` (a `sudoscope serve`) and waits until it listens.
    pub fn spawn(mut command: Command) -> Server {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sudoscope serve starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (sender, log) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut server = Server {
            child,
            port: 0,
            log,
            seen: Vec::new(),
        };
        let line = server.wait_log("connect with", WAIT);
        server.port = line
            .split("serving on ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|address| address.rsplit(':').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        server
    }

    /// Whether a log line so far contains `needle` (without waiting for more).
    pub fn logged(&mut self, needle: &str) -> bool {
        while let Ok(line) = self.log.try_recv() {
            self.seen.push(line);
        }
        self.seen.iter().any(|l| l.contains(needle))
    }

    /// Waits for a log line containing `needle`.
    pub fn wait_log(&mut self, needle: &str, timeout: Duration) -> String {
        if let Some(line) = self.seen.iter().find(|l| l.contains(needle)) {
            return line.clone();
        }
        let deadline = std::time::Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.log.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(needle) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no log line with {needle:?}; log so far:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }

    pub fn ssh(&self, key: &Path, known_hosts: &Path) -> String {
        let mut args = ssh_base_args(self.port);
        // Pin the host key on first contact, and insist on it afterwards.
        for arg in args.iter_mut() {
            if arg == "StrictHostKeyChecking=no" {
                *arg = "StrictHostKeyChecking=accept-new".into();
            }
            if arg == "UserKnownHostsFile=/dev/null" {
                *arg = format!("UserKnownHostsFile={}", known_hosts.display());
            }
        }
        args.extend([
            "-i".into(),
            key.display().to_string(),
            "-o".into(),
            "IdentitiesOnly=yes".into(),
            "-tt".into(),
            "player@127.0.0.1".into(),
        ]);
        format!("ssh {}", args.join(" "))
    }

    /// An anonymous player's command: no key offered.
    pub fn ssh_anonymous(&self) -> String {
        let mut args = ssh_base_args(self.port);
        args.extend([
            "-o".into(),
            "PubkeyAuthentication=no".into(),
            "-tt".into(),
            "player@127.0.0.1".into(),
        ]);
        format!("ssh {}", args.join(" "))
    }

    /// SIGTERM, then wait for a clean exit.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let pid = self.child.id() as i32;
        // SAFETY: kill(2) on our own child's pid with a valid signal number.
        unsafe {
            libc::kill(pid, libc::SIGTERM);
        }
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                while let Ok(line) = self.log.try_recv() {
                    self.seen.push(line);
                }
                return status;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the server did not stop on SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
