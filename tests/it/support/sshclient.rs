//! Test helpers: the OpenSSH client's options and a client key (the client runs in the
//! shared tmux harness, `support::tmux`).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

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

/// The SHA-256 fingerprint of the key at `key` (`SHA256:…`), as the server logs a player.
pub fn fingerprint(key: &Path) -> String {
    let output = Command::new("ssh-keygen")
        .args(["-l", "-E", "sha256", "-f"])
        .arg(key)
        .output()
        .expect("ssh-keygen runs");
    String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
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
